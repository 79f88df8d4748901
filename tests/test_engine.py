"""The engine protocol belote-engine/1: the observation in JSON, engines run as agents, their failures."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import random
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote.agents import HeuristicBot, RandomBot, close_agents, play_deal
from belote.agents.engine import PROTOCOL, EngineAgent, parse_engine_spec, serve
from belote.agents.registry import make_bot, parse_bot_spec
from belote.cli import main
from belote.deal import Deal
from belote.errors import BotError, InvalidArgument
from belote.experiments.duel import duel
from belote.experiments.engines import check_engine, seat_legal_actions
from belote.game import Game
from belote.records.observation import observation_from_json, observation_json

ROOT = Path(__file__).resolve().parent.parent
MISBEHAVE = ROOT / "tests" / "data" / "engines" / "misbehave.py"
PY_BOT = ROOT / "examples" / "engines" / "simple_bot.py"
JS_BOT = ROOT / "examples" / "engines" / "simple_bot.js"
PY = shlex.quote(sys.executable)
SERVE = f"{PY} -m belote engine serve"
TABLES = [("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("french", 2), ("french", 3)]
EXAMPLE_TABLES = [*TABLES, ("contree", 4), ("bulgarian", 4)]


def misbehave(mode: str, after: int = 0, pidfile: Path | None = None) -> str:
    """The command line of the misbehaving test engine."""
    return f"{PY} {shlex.quote(str(MISBEHAVE))} {mode} {after}" + (
        f" {shlex.quote(str(pidfile))}" if pidfile else "")


def children() -> dict[int, str]:
    """This process's child processes: pid -> state letter (``Z``: a zombie)."""
    found: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == os.getpid():
            found[int(entry)] = fields[0]
    return found


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")


# --- the observation in JSON ---------------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), table=st.sampled_from(TABLES))
def test_observation_json_reads_back_to_the_same_observation(seed: int, table: tuple[str, int]) -> None:
    variant, players = table
    deal = Deal.random(variant, seed=seed, players=players)
    rng = random.Random(seed)
    while True:
        for seat in range(deal.players):
            observation = deal.observation(seat)
            doc = observation_json(observation)
            text = json.dumps(doc)  # plain JSON, nothing else
            assert observation_from_json(json.loads(text)) == observation
        if deal.is_over:
            break
        legal = deal.legal_actions()
        deal.apply(legal[int(rng.random() * len(legal))])


def test_observation_json_holds_no_other_seats_cards() -> None:
    deal = Deal.random("classic", seed=11, dealer=0)
    for seat in range(4):
        doc = observation_json(deal.observation(seat))
        text = json.dumps(doc)
        for other in range(4):
            if other != seat:
                for card in deal.hand(other):
                    assert f'"{card}"' not in text, (seat, other, card)
        assert set(doc["hand"]) == {str(card) for card in deal.hand(seat)}  # type: ignore[arg-type]


def test_observation_from_json_names_the_field_at_fault() -> None:
    doc = observation_json(Deal.random("classic", seed=2, dealer=0).observation(1))
    for key, value, field in (("hand", ["XX"], "hand"), ("seat", "one", "seat"),
                              ("phase", "dancing", "phase"), ("tricks", 3, "tricks")):
        with pytest.raises(InvalidArgument, match=field):
            observation_from_json({**doc, key: value})
    missing = dict(doc)
    del missing["history"]
    with pytest.raises(InvalidArgument, match="history: missing"):
        observation_from_json(missing)


# --- specs ---------------------------------------------------------------------------------------


def test_engine_specs() -> None:
    assert parse_bot_spec("engine:./bot --fast") == ("engine", {"command": "./bot --fast"})
    assert parse_engine_spec("./bot?timeout=0.25&fallback=pimc:samples=2,time_budget=0.1&x=y") == {
        "command": "./bot", "timeout": 0.25, "fallback": "pimc:samples=2,time_budget=0.1", "x": "y"}
    for bad in ("", "?timeout=1", "./bot?timeout", "./bot?timeout=1&timeout=2", "./bot?command=x"):
        with pytest.raises(InvalidArgument):
            parse_engine_spec(bad)
    with pytest.raises(InvalidArgument, match="timeout"):
        make_bot("engine:./bot?timeout=0")
    with pytest.raises(InvalidArgument, match="unknown bot"):
        make_bot("engine:./bot?fallback=nobody")


# --- both ends of the protocol -------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_a_served_bot_plays_as_it_does_in_process(variant: str, players: int) -> None:
    """``belote engine serve heuristic`` at one seat: the same deal as the heuristic in-process."""
    for seed in (1, 2):
        alone = Deal.random(variant, seed=seed, players=players, dealer=0)
        play_deal(alone, [HeuristicBot() for _ in range(players)])
        with EngineAgent(f"{SERVE} heuristic") as engine:
            deal = Deal.random(variant, seed=seed, players=players, dealer=0)
            play_deal(deal, [engine] + [HeuristicBot() for _ in range(players - 1)])
            assert engine.info is not None and engine.info.name == "heuristic"
        assert deal.history == alone.history


def test_serve_answers_every_message() -> None:
    deal = Deal.random("classic", seed=4, dealer=0)
    seat = deal.to_act
    assert seat is not None
    lines = [
        {"type": "hello", "protocol": PROTOCOL},
        {"type": "decide", "id": 7, "seat": seat, "legal": [str(a) for a in deal.legal_actions()],
         "observation": observation_json(deal.observation(seat))},
        {"type": "decide", "id": 8, "seat": seat, "legal": [], "observation": {}},
        {"type": "setoption", "name": "x", "value": 1},
        {"type": "quit"},
        {"type": "hello", "protocol": PROTOCOL},  # after quit: never read
    ]
    out = io.StringIO()
    stdin = io.StringIO("\n".join(json.dumps(m) for m in lines) + "\nnot json\n")
    assert serve(RandomBot(1), "random", stdin, out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["type"] for a in answers] == ["ready", "action", "error", "error"]
    assert answers[0]["protocol"] == PROTOCOL and "classic" in answers[0]["variants"]
    assert answers[1]["id"] == 7 and answers[1]["action"] in [str(a) for a in deal.legal_actions()]


def _duel_json(bot: str, variant: str, players: int, deals: int = 30) -> dict[str, object]:
    doc = duel(variant, bot, "random", deals=deals, seed=5, players=players).to_json()
    doc.pop("bot_a")
    return doc


@pytest.mark.parametrize(("variant", "players"), EXAMPLE_TABLES)
def test_the_python_example_duels_random(variant: str, players: int) -> None:
    doc = _duel_json(f"engine:{PY} {shlex.quote(str(PY_BOT))}", variant, players)
    assert "fallbacks" not in doc


@pytest.mark.parametrize(("variant", "players"), EXAMPLE_TABLES)
def test_the_javascript_example_plays_as_the_python_one(variant: str, players: int) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed here: the JavaScript example engine cannot run")
    js = _duel_json(f"engine:{shlex.quote(node)} {shlex.quote(str(JS_BOT))}", variant, players)
    py = _duel_json(f"engine:{PY} {shlex.quote(str(PY_BOT))}", variant, players)
    assert js == py


def test_an_engine_is_offered_and_answers_the_contract_decisions() -> None:
    """docs/engines.md#contract-decisions: in an auction an engine is asked every bid, coinche,
    surcoinche and pass of its seat, in the notation of records, and its answers are played."""
    verbs: set[str] = set()
    for seed in range(4):
        engines = [EngineAgent(f"{SERVE} random") for _ in range(4)]
        try:
            deal = Deal.random("contree", seed=seed, dealer=seed)
            seen: list[tuple[list[str], dict[str, object]]] = []
            original = engines[1].choose

            def spy(observation, legal, original=original, seen=seen):  # type: ignore[no-untyped-def]
                seen.append(([str(a) for a in legal], observation_json(observation)))
                return original(observation, legal)

            engines[1].choose = spy  # type: ignore[method-assign]
            play_deal(deal, engines)
        finally:
            close_agents(engines)
        verbs |= {action.verb.value for action in deal.history}
        for legal, doc in seen:
            if doc["phase"] == "auction":
                assert "1 pass" in legal and all(text.split()[1] in ("bid", "coinche", "surcoinche", "pass")
                                                  for text in legal)
                assert [str(a) for a in deal.history[: len(doc["bids"])]] == doc["bids"]  # type: ignore[arg-type]
    assert {"bid", "coinche", "pass", "play"} <= verbs


def test_a_seat_knows_its_legal_bids_from_its_observation_in_an_auction() -> None:
    """What ``belote engine serve`` answers to the ``legal`` query in an auction: the deal's own bids."""
    for seed in range(20):
        deal, rng = Deal.random("contree", seed=seed, dealer=seed % 4), random.Random(seed)
        while deal.phase.value == "auction":
            seat = deal.to_act
            assert seat is not None
            assert sorted(map(str, seat_legal_actions(deal.observation(seat)))) == sorted(
                map(str, deal.legal_actions()))
            legal = deal.legal_actions()
            deal.apply(legal[rng.randrange(len(legal))])


def test_an_engine_duels_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    bot = f"engine:{PY} {shlex.quote(str(PY_BOT))}"
    assert main(["duel", "classic", bot, "heuristic", "--deals", "5", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["bot_a"] == bot and doc["deals"] == 5


# --- failures ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "after", "words"), [
    ("crash", 3, r"exited with status 3 at decision 4; its standard error ends: "
                 r"'misbehave: crashing on purpose'"),
    ("garbage", 2, r"answered something that is not JSON at decision 3: 'take it!'"),
    ("array", 0, r"answered .* at decision 1, not a JSON object"),
    ("illegal", 5, r"answered the illegal action '\d (stop|swap)' at decision 6 \(legal: "),
    ("wrongid", 0, r"answered with id 1001 at decision 1, expected the decision's id 1"),
    # Issue 41 (small): an id written as text was a confusing message.
    ("textid", 2, r"answered with id '3', not a whole number \(JSON 1, not \"1\"\) at decision 3, "
                  r"expected the decision's id 3"),
    ("error", 1, r"reported an error at decision 2: 'out of ideas'"),
    ("protocol", 0, r"speaks 'belote-engine/0', not belote-engine/1"),
    ("exit", 0, r"exited with status 4 in the handshake"),
    ("refuse", 0, r"does not play classic \(it plays: none\)"),
])
def test_a_failing_engine_is_reported_with_its_seat(mode: str, after: int, words: str) -> None:
    engine = EngineAgent(misbehave(mode, after))
    deal = Deal.random("classic", seed=3, dealer=0)
    with pytest.raises(BotError, match=r"^seat \d: bot engine:\S+ \S+misbehave.py "
                                       + mode + rf" {after} " + words):
        play_deal(deal, [engine, RandomBot(1), engine, RandomBot(2)])
    assert engine.pid is None  # stopped and reaped at once


def test_a_hanging_engine_times_out() -> None:
    engine = EngineAgent(misbehave("hang", 2), timeout=0.3)
    deal = Deal.random("classic", seed=3, dealer=0)
    start = time.monotonic()
    with pytest.raises(BotError, match=r"gave no answer within 0.3 s at decision 3"):
        play_deal(deal, [engine, RandomBot(1), RandomBot(2), RandomBot(3)])
    assert time.monotonic() - start < 5
    engine = EngineAgent(misbehave("silent"), startup=0.3)
    with pytest.raises(BotError, match=r"gave no answer within 0.3 s in the handshake"):
        play_deal(Deal.random("classic", seed=3, dealer=0),
                  [engine, RandomBot(1), RandomBot(2), RandomBot(3)])


def test_an_engine_that_cannot_start() -> None:
    engine = EngineAgent("/nonexistent/engine --flag")
    with pytest.raises(BotError, match=r"^seat 1: bot engine:/nonexistent/engine --flag could not "
                                       r"be started \(.*No such file"):
        play_deal(Deal.random("classic", seed=3, dealer=0), [RandomBot(0), engine, RandomBot(2),
                                                              RandomBot(3)])


def test_an_option_the_engine_does_not_declare() -> None:
    with pytest.raises(BotError, match=r"has no option 'depth' \(it has: level\)"):
        play_deal(Deal.random("classic", seed=3, dealer=0),
                  [make_bot(f"engine:{misbehave('well')}?depth=3"), RandomBot(1), RandomBot(2),
                   RandomBot(3)])
    play_deal(Deal.random("classic", seed=3, dealer=0),  # a declared one is set
              [make_bot(f"engine:{misbehave('well')}?level=3"), RandomBot(1), RandomBot(2),
               RandomBot(3)])


@pytest.mark.parametrize("mode", ["crash", "illegal", "hang"])
def test_the_duel_exits_2_with_one_error_line(mode: str, capfd: pytest.CaptureFixture[str]) -> None:
    bot = f"engine:{misbehave(mode, 10)}?timeout=0.3"
    assert main(["duel", "classic", "random", bot, "--deals", "3"]) == 2
    err = capfd.readouterr().err
    assert len(err.splitlines()) == 1, err
    assert err.startswith("error: seat ") and "misbehave.py" in err


def test_a_fallback_takes_the_failed_decisions_and_is_counted(capsys: pytest.CaptureFixture[str]) -> None:
    bot = f"engine:{misbehave('illegal', 4)}?fallback=heuristic"
    result = duel("classic", bot, "random", deals=3, seed=2)
    assert result.fallbacks[0] > 0 and result.fallbacks[1] == 0
    assert result.to_json()["fallbacks"] == {"a": result.fallbacks[0], "b": 0}
    assert f"A {result.fallbacks[0]}, B 0" in result.to_text()
    engine = make_bot(f"engine:{misbehave('illegal', 4)}?fallback=heuristic")
    assert isinstance(engine, EngineAgent)
    deal = Deal.random("classic", seed=3, dealer=0)
    play_deal(deal, [engine, RandomBot(1), RandomBot(2), RandomBot(3)])
    assert engine.fallbacks > 0 and engine.last_error is not None
    assert "illegal action" in engine.last_error


# --- no zombie, ever ------------------------------------------------------------------------------


@needs_proc
def test_engines_killed_mid_duel_leave_no_process(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids"
    bot = f"engine:{misbehave('well', 0, pidfile)}"

    def kill_soon() -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            pids = pidfile.read_text().split() if pidfile.exists() else []
            if len(pids) >= 2:
                time.sleep(0.2)  # let them play a little
                for pid in pids:
                    with_signal(int(pid), signal.SIGKILL)
                return
            time.sleep(0.02)

    killer = threading.Thread(target=kill_soon)
    killer.start()
    with pytest.raises(BotError, match=r"was killed by signal SIGKILL"):
        duel("classic", bot, "heuristic", deals=2000, seed=1)
    killer.join()
    pids = [int(pid) for pid in pidfile.read_text().split()]
    assert pids
    assert not [pid for pid, state in children().items() if state == "Z"]
    assert not [pid for pid in pids if alive(pid)]


def with_signal(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, sig)


@needs_proc
@pytest.mark.parametrize("mode", ["hang", "crash", "ignorequit", "well"])
def test_no_engine_outlives_its_agent(mode: str, tmp_path: Path) -> None:
    pidfile = tmp_path / "pids"
    engine = EngineAgent(misbehave(mode, 3, pidfile), timeout=0.3)
    deal = Deal.random("classic", seed=3, dealer=0)
    try:
        play_deal(deal, [engine, RandomBot(1), RandomBot(2), RandomBot(3)])
    except BotError:
        assert mode in ("hang", "crash")
    engine.close()
    pids = [int(pid) for pid in pidfile.read_text().split()]
    assert pids and not [pid for pid in pids if alive(pid)]
    assert not [pid for pid, state in children().items() if state == "Z"]


@needs_proc
def test_an_engine_is_stopped_when_its_program_exits(tmp_path: Path) -> None:
    """A program that forgets to close its engines leaves none behind when it exits."""
    pidfile = tmp_path / "pids"
    script = (
        "from belote.agents import RandomBot, play_deal\n"
        "from belote.deal import Deal\n"
        "from belote.agents.engine import EngineAgent\n"
        f"engine = EngineAgent({misbehave('ignorequit', 0, pidfile)!r})\n"
        "deal = Deal.random('classic', seed=3, dealer=0)\n"
        "play_deal(deal, [engine, RandomBot(1), RandomBot(2), RandomBot(3)])\n"
        "assert engine.pid is not None\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60)
    pids = [int(pid) for pid in pidfile.read_text().split()]
    assert pids and not [pid for pid in pids if alive(pid)]


# --- belote check-engine ---------------------------------------------------------------------------


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), table=st.sampled_from(TABLES), steps=st.integers(0, 40))
def test_a_seat_knows_its_legal_actions_from_its_observation(
        seed: int, table: tuple[str, int], steps: int) -> None:
    """What ``belote engine serve`` answers to the ``legal`` query: the deal's own legal actions."""
    variant, players = table
    deal = Deal.random(variant, seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(steps):
        if deal.is_over:
            break
        legal = deal.legal_actions()
        deal.apply(legal[int(rng.random() * len(legal))])
    if deal.is_over:
        return
    seat = deal.to_act
    assert seat is not None
    assert sorted(map(str, seat_legal_actions(deal.observation(seat)))) == sorted(
        map(str, deal.legal_actions()))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 45))
def test_a_bulgarian_seat_knows_its_legal_actions_from_its_observation(seed: int, steps: int) -> None:
    """docs/bulgarian.md#play: in a strain auction's deal too (strain bids, doubles, the
    play of no-trumps and all-trumps), the ``legal`` answer is the deal's own."""
    deal, rng = Deal.random("bulgarian", seed=seed), random.Random(seed)
    for _ in range(steps):
        if deal.is_over:
            return
        legal = deal.legal_actions()  # passing often: every strain is reached
        deal.apply(legal[-1] if str(legal[-1]).endswith("pass") and rng.random() < 0.5
                   else legal[int(rng.random() * len(legal))])
    if deal.is_over:
        return
    seat = deal.to_act
    assert seat is not None
    assert sorted(map(str, seat_legal_actions(deal.observation(seat)))) == sorted(
        map(str, deal.legal_actions()))


SMALL = (("classic", 4), ("french", 3))


def test_check_engine_finds_no_disagreement_with_a_served_bot() -> None:
    report = check_engine(f"{SERVE} heuristic", deals=2, tables=SMALL)
    assert report.problems == () and report.name == "heuristic"
    assert report.positions > 0 and report.listed == report.positions
    assert set(report.duels) == {"classic/4", "french/3"}


def test_check_engine_reports_wrong_legal_lists_and_illegal_answers() -> None:
    report = check_engine(misbehave("badlegal"), deals=0, tables=SMALL)
    assert report.listed == report.positions > 0
    assert any("leaves out legal actions" in problem for problem in report.problems)
    assert any("lists as legal what is not" in problem for problem in report.problems)
    report = check_engine(misbehave("illegal", 20), deals=1, tables=SMALL)
    assert any("answered the illegal action" in problem for problem in report.problems)
    assert all(problem.split()[0] in ("legal.jsonl", "solve.jsonl", "duel")
               for problem in report.problems)


def test_belote_check_engine(capsys: pytest.CaptureFixture[str]) -> None:
    py_bot = f"{PY} {shlex.quote(str(PY_BOT))}"
    assert main(["check-engine", py_bot, "--deals", "1", "--variant", "french", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["problems"] == [] and set(doc["duels"]) == {"french/2", "french/3"}
    assert main(["check-engine", "--deals", "0", "--", "/nonexistent/engine", "-x"]) == 1
    out = capsys.readouterr().out
    assert "disagreements: 1" in out and "could not be started" in out
    assert main(["check-engine", py_bot, "--variant", "classic(capot_value=99)"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith("error: --variant")


def test_an_engine_plays_a_match_in_game() -> None:
    """``Game`` (and whatever takes an agent: the adapters' wrappers) seats an engine like any agent."""
    engine = make_bot(f"engine:{PY} {shlex.quote(str(PY_BOT))}")
    game = Game("classic", [engine, RandomBot(1), engine, RandomBot(3)], seed=4, target=300)
    while not game.is_over:
        game.play_deal()
    assert game.match.winner is not None
    close_agents([engine])
    assert isinstance(engine, EngineAgent) and engine.pid is None


@pytest.mark.parametrize("example", ["python", "javascript"])
def test_the_docs_exchange_is_what_the_examples_answer(example: str) -> None:
    """docs/engines.md#an-exchange: its complete messages, sent to the example engines, get its answers."""
    text = (ROOT / "docs" / "engines.md").read_text(encoding="utf-8")
    block = text.split("### An exchange", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    pairs = []
    lines = block.splitlines()
    for sent, got in itertools.pairwise(lines):
        if sent.startswith("> {") and got.startswith("< {") and "..." not in sent:
            pairs.append((json.loads(sent[2:]), json.loads(got[2:])))
    assert len(pairs) >= 2
    if example == "javascript":
        node = shutil.which("node")
        if node is None:
            pytest.skip("node is not installed here: the JavaScript example engine cannot run")
        argv = [node, str(JS_BOT)]
    else:
        argv = [sys.executable, str(PY_BOT)]
    feed = "".join(json.dumps(sent) + "\n" for sent, _ in pairs) + '{"type":"quit"}\n'
    done = subprocess.run(argv, input=feed, capture_output=True, text=True, timeout=60, check=True)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    expected = [got for _, got in pairs]
    if example == "python":  # the same bot, under its own name
        expected[0] = {**expected[0], "name": "simple-python"}
    assert answers == expected
    deal = Deal.random("classic", seed=5, dealer=0)  # the deal the page says it is
    assert pairs[1][0]["observation"] == observation_json(deal.observation(1))


def test_belote_engine_serve_refuses_a_bad_bot(capfd: pytest.CaptureFixture[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "belote", "engine", "serve", "nobody"],
                          input="", capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("error: unknown bot 'nobody'")


@needs_proc
def test_what_an_engine_started_is_stopped_with_it(tmp_path: Path) -> None:
    """An engine behind a shell (the shell waits for it): a time-out stops both, not only the shell."""
    sh = shutil.which("sh")
    if sh is None:
        pytest.skip("no sh here")
    pidfile = tmp_path / "pids"
    inner = misbehave("hang", 1, pidfile)
    engine = EngineAgent([sh, "-c", f"{inner}; true"], timeout=0.5)
    with pytest.raises(BotError, match=r"gave no answer within 0\.5 s"):
        play_deal(Deal.random("classic", seed=3, dealer=0),
                  [engine, RandomBot(1), RandomBot(2), RandomBot(3)])
    pids = [int(pid) for pid in pidfile.read_text().split()]
    deadline = time.monotonic() + 5  # the grandchild is reaped by init, not by us
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pids and not [pid for pid in pids if alive(pid)]
    assert not [pid for pid, state in children().items() if state == "Z"]


def test_check_engine_timeout_bounds_the_handshake() -> None:
    """Issue 41 (small): `check-engine --timeout` did not cover the 10 s handshake."""
    report = check_engine(misbehave("silent"), deals=0, timeout=0.5, tables=SMALL)
    assert report.positions == 0
    assert len(report.problems) == 1 and "within 0.5 s in the handshake" in report.problems[0]


@pytest.mark.parametrize("command", [
    ["simulate", "classic", "--deals", "2"],
    ["compare", "classic", "piedicavallo", "--deals", "2", "--matches", "0", "--bot-time-limit", "30",
     "--slow-bot", "20", "--debug"],
])
def test_simulate_and_compare_say_when_a_fallback_took_decisions(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 41 (small): `simulate` and `compare` showed nothing when an engine's fallback took
    decisions; `compare` had no `--slow-bot`, `--bot-time-limit` or `--debug`."""
    bots = ["--bots", f"engine:{misbehave('crash', 2)}?fallback=random"]
    assert main([*command, *bots]) == 0
    text = capsys.readouterr().out
    assert "decisions taken by the fallback bot: " in text and "crashing on purpose" in text
    assert main([*command, *bots, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["fallbacks"]["count"] > 0 and "exited with status 3" in doc["fallbacks"]["reason"]
    assert main([*command, "--bots", "random", "--json"]) == 0
    assert "fallbacks" not in json.loads(capsys.readouterr().out)  # said only when one did
