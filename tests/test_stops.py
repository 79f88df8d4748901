"""Clear errors where an internal error was (issue 41, items 7 to 11).

A full disk under ``simulate --records``, engine time bounds out of range, a
closed standard input under ``belote play``, SIGTERM and SIGHUP, and an
engine whose children leave its process group: each ends in one ``error:``
line and leaves no process behind. The signal tests run ``belote`` in a
child process and send the signal to it alone.
"""

from __future__ import annotations

import json
import math
import os
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from clirun import one_error, run

from belote.agents.engine import MAX_SECONDS, EngineAgent
from belote.errors import InvalidArgument

BELOTE = [sys.executable, "-m", "belote"]
POSIX = pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups and signals: POSIX")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie of ours is gone too
        done, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return done == 0


def gone_within(pids: list[int], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while any(alive(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


# --- 7: a full disk --------------------------------------------------------------------------------


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_simulate_records_to_a_full_device_is_one_error(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 41 item 7: `internal error (OSError: [Errno 28] ...)`."""
    code, out, err = run(["simulate", "classic", "--deals", "5", "--records", "/dev/full"], capsys)
    line = one_error(code, err)
    assert "cannot write /dev/full" in line and "No space left" in line and out == ""


@POSIX
def test_simulate_records_keep_whole_lines_when_the_disk_fills_up(tmp_path: Path) -> None:
    """Issue 41 item 7: the file kept a half-written last line that is not JSON. A file size
    limit stands for the full disk."""
    path = tmp_path / "records.jsonl"

    def small_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1_000_000, 1_000_000))

    done = subprocess.run([*BELOTE, "simulate", "classic", "--deals", "3000", "--records",
                           str(path)], capture_output=True, text=True, timeout=120,
                          preexec_fn=small_files, check=False)
    assert f"cannot write {path}" in one_error(done.returncode, done.stderr)
    text = path.read_text(encoding="utf-8")
    assert text and text.endswith("\n")
    assert all(json.loads(line)["variant"] == "classic" for line in text.splitlines())


# --- 8: engine time bounds -------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "value"), [("timeout", math.inf), ("timeout", 1e308),
                                            ("startup", 99999999999), ("timeout", math.nan),
                                            ("startup", MAX_SECONDS + 1)])
def test_engine_time_bounds_are_at_most_a_day(key: str, value: float) -> None:
    """Issue 41 item 8: `OverflowError`, an internal error."""
    with pytest.raises(InvalidArgument, match=f"{key} is a number of seconds above 0 and at most"):
        EngineAgent("true", **{key: value})


@pytest.mark.parametrize("option", ["timeout=inf", "timeout=1e308", "startup=99999999999",
                                    "level=nan"])
def test_engine_specs_out_of_range_are_one_error(option: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["duel", "classic", f"engine:true?{option}", "random", "--deals", "1"],
                       capsys)
    assert option.partition("=")[0] in one_error(code, err)


@pytest.mark.parametrize("value", ["inf", "1e308", "nan", "0", "-1"])
def test_check_engine_timeout_out_of_range_is_one_error(value: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["check-engine", "true", "--timeout", value], capsys)
    assert "--timeout" in one_error(code, err)


# --- 9: standard input closed ----------------------------------------------------------------------


def test_play_with_standard_input_closed_is_one_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 41 item 9: `belote play classic <&-` was `AttributeError`, an internal error."""
    monkeypatch.setattr(sys, "stdin", None)
    code, out, err = run(["play", "classic"], capsys)
    assert "standard input" in one_error(code, err) and out == ""


@POSIX
def test_play_with_file_descriptor_0_closed() -> None:
    done = subprocess.run([*BELOTE, "play", "classic"], capture_output=True, text=True,
                          timeout=60, preexec_fn=lambda: os.close(0), check=False)
    assert "standard input: it is closed" in one_error(done.returncode, done.stderr)


# --- 10: SIGTERM and SIGHUP ------------------------------------------------------------------------


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(word) for word in text.split()]


@POSIX
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc")
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP])
@pytest.mark.parametrize("command", [["simulate", "classic"], ["duel", "classic", "random",
                                                                 "random"]])
def test_a_stop_signal_ends_the_workers_too(command: list[str], stop: int) -> None:
    """Issue 41 item 10: SIGTERM to `simulate`/`compare`/`duel --jobs 2` left both workers alive,
    their parent init."""
    proc = subprocess.Popen([*BELOTE, *command, "--deals", "1000000", "--jobs", "2"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while len(workers := _children(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(workers) >= 2, "the workers did not start"
        time.sleep(0.5)
        proc.send_signal(stop)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 128 + stop
    assert err.strip() == f"error: stopped by {signal.Signals(stop).name}"
    assert gone_within(workers, 5)


HANGING_ENGINE = """
import os, sys, time
with open(sys.argv[1] + "/engine." + str(os.getpid()), "w"):
    pass
time.sleep(600)
"""


@POSIX
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_stop_signal_stops_a_hanging_engine(stop: int, jobs: str, tmp_path: Path) -> None:
    """Issue 41 item 10: SIGTERM and SIGHUP to a table whose engine hangs left the engine running."""
    script = tmp_path / "hang.py"
    script.write_text(HANGING_ENGINE)
    spec = f"engine:{sys.executable} {script} {tmp_path}?timeout=60&startup=60"
    proc = subprocess.Popen([*BELOTE, "duel", "classic", spec, "heuristic", "--deals", "2000",
                             "--jobs", jobs], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    try:
        deadline = time.monotonic() + 30
        while not list(tmp_path.glob("engine.*")) and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.5)
        engines = [int(p.suffix[1:]) for p in tmp_path.glob("engine.*")]
        assert engines, "no engine started"
        proc.send_signal(stop)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 128 + stop, err
    assert gone_within(engines, 5)


# --- 11: an engine's children that leave its process group ----------------------------------------


SETSID_ENGINE = """#!/bin/sh
setsid sh -c 'echo $$ > "{dir}/left.$$"; exec sleep 600' &
(setsid sh -c 'sh -c "echo \\$\\$ > \\"{dir}/orphan.\\$\\$\\"; exec sleep 600" & exit 0' &)
exec {python} -m belote engine serve random
"""


@POSIX
@pytest.mark.skipif(shutil.which("setsid") is None or not sys.platform.startswith("linux"),
                    reason="setsid(1) and a child subreaper: Linux")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_what_an_engine_starts_in_another_session_is_killed_with_it(jobs: str,
                                                                    tmp_path: Path) -> None:
    """Issue 41 item 11: an engine whose child calls `setsid` left its grandchild running."""
    script = tmp_path / "engine.sh"
    script.write_text(SETSID_ENGINE.format(dir=tmp_path, python=sys.executable))
    script.chmod(0o755)
    done = subprocess.run([*BELOTE, "duel", "classic", f"engine:{script}", "random", "--deals",
                           "2", "--jobs", jobs], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    pids = [int(p.suffix[1:]) for p in [*tmp_path.glob("left.*"), *tmp_path.glob("orphan.*")]]
    try:
        assert len(pids) >= 2
        assert gone_within(pids, 5)
    finally:
        for pid in pids:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


TEXT_ID_ENGINE = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        answer = {"type": "ready", "protocol": "belote-engine/1", "name": "text-id"}
    elif message["type"] == "decide":
        answer = {"type": "action", "id": str(message["id"]), "action": message["legal"][0]}
    else:
        break
    print(json.dumps(answer), flush=True)
"""


def test_an_engine_answering_a_text_id_is_told_so(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 41, small: an engine answering `"id": "1"` got a confusing message."""
    script = tmp_path / "text_id.py"
    script.write_text(TEXT_ID_ENGINE)
    code, _, err = run(["duel", "classic", f"engine:{sys.executable} {script}", "random",
                        "--deals", "1"], capsys)
    line = one_error(code, err)
    assert "answered with id '1', not a whole number" in line and "expected the decision's id 1" in line


def test_check_engine_counts_the_positions_decided_apart_from_those_offered(tmp_path: Path) -> None:
    """Issue 41, small: "positions decided" counted the positions offered."""
    from belote.experiments.engines import check_engine

    script = tmp_path / "text_id.py"
    script.write_text(TEXT_ID_ENGINE)
    report = check_engine(f"{sys.executable} {script}", deals=0, tables=[("classic", 4)])
    assert report.positions > 0 and report.decided == 0
    assert f"decided: 0 of {report.positions}" in report.to_text()
