"""A misbehaving bot is reported as its own error (issue 32, "Bots that misbehave").

CONTRACT.md: "A bot's own error (an exception, an exit, a crash, a time-out,
an illegal action) is reported with exit 2, naming the bot and the seat; it
is never an internal error of belote." ``--debug`` shows the bot's own
traceback; a slow decision warns, and ``--bot-time-limit`` stops it.
"""

from __future__ import annotations

import pickle
import textwrap
import time
from pathlib import Path

import pytest
from clirun import one_error, run

from belote.agents import HeuristicBot, RandomBot, play_deal
from belote.agents.guard import BotLimits, GuardedAgent
from belote.agents.registry import make_bot
from belote.deal import Deal
from belote.errors import BotError

BOTS = textwrap.dedent('''
    import time

    class Boom:
        def __init__(self):
            raise RuntimeError("the constructor broke")

    class ChooseBoom:
        def choose(self, observation, legal):
            return helper(legal)

    def helper(legal):
        raise ValueError("choose broke")

    class Exit0:
        def choose(self, observation, legal):
            raise SystemExit(0)

    class Sleepy:
        def __init__(self, seconds=0.3):
            self.seconds = seconds

        def choose(self, observation, legal):
            time.sleep(self.seconds)
            return legal[0]

    class FastBoom:
        def choose(self, observation, legal):
            return legal[0]

        def choose_id(self, view):
            raise KeyError("fast path broke")
''')


@pytest.fixture
def bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module of misbehaving bots, importable as ``badbots``."""
    (tmp_path / "badbots.py").write_text(BOTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    return "badbots"


@pytest.mark.parametrize(
    ("bot", "what"),
    [
        ("sys:exit", "it exited"),
        ("badbots:Boom", "RuntimeError: the constructor broke"),
        ("badbots:ChooseBoom", "ValueError: choose broke"),
        ("badbots:Exit0", "it exited (SystemExit: 0)"),
        ("badbots:FastBoom", "KeyError"),
    ],
)
@pytest.mark.usefixtures("bots")
def test_a_failing_bot_is_exit_2_naming_the_bot_and_the_seat(
    bot: str, what: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 32: `belote duel classic sys:exit random` was exit 0 with nothing printed; a bot
    raising in its constructor or in `choose` was `internal error ... please report it`."""
    for argv in (["duel", "classic", bot, "random", "--deals", "3"],
                 ["duel", "classic", "random", bot, "--deals", "3"],
                 ["simulate", "classic", "--bots", bot, "--deals", "3"]):
        line = one_error(*run(argv, capsys)[::2])
        assert f"bot {bot!r} at seat " in line, line
        assert what in line


@pytest.mark.usefixtures("bots")
def test_simulate_records_with_a_failing_bot_is_not_a_silent_success(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 32: with `simulate --records` the file was empty and the exit status 0."""
    path = tmp_path / "records.jsonl"
    argv = ["simulate", "classic", "--bots", "sys:exit", "--deals", "3", "--records", str(path)]
    line = one_error(*run(argv, capsys)[::2])
    assert "sys:exit" in line


def test_an_entry_point_bot_that_fails_is_named(
    bots: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The entry-point door (group belote.bots)."""
    import importlib.metadata

    class Entry:
        name = "boomer"
        value = "badbots:ChooseBoom"

        def load(self) -> object:
            import badbots  # type: ignore[import-not-found]

            return badbots.ChooseBoom

    real = importlib.metadata.entry_points

    def entry_points(**kwargs: object) -> object:
        if kwargs.get("group") == "belote.bots":
            return [Entry()]
        return real(**kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    line = one_error(*run(["duel", "classic", "boomer", "random", "--deals", "2"], capsys)[::2])
    assert "bot 'boomer' at seat" in line and "ValueError: choose broke" in line


@pytest.mark.usefixtures("bots")
def test_debug_shows_the_bots_own_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["duel", "classic", "badbots:ChooseBoom", "random", "--deals", "2",
                        "--debug"], capsys)
    assert code == 2
    assert "Traceback" in err and "badbots.py" in err and "in helper" in err
    assert err.strip().splitlines()[-1].startswith("error: bot 'badbots:ChooseBoom' at seat")


@pytest.mark.usefixtures("bots")
def test_a_slow_decision_warns_once_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32: a bot that slept got no message."""
    code, out, err = run(["duel", "classic", "badbots:Sleepy:seconds=0.2", "random", "--deals", "1",
                          "--slow-bot", "0.1"], capsys)
    assert code == 0, err
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert warnings and all("badbots:Sleepy:seconds=0.2" in w and "at seat" in w for w in warnings)
    seats = [w.split(" at seat ")[1].split()[0] for w in warnings]
    assert len(seats) == len(set(seats)) <= 4  # once per seat the bot was made for
    assert "mean score difference" in out


@pytest.mark.usefixtures("bots")
def test_the_time_limit_stops_a_slow_bot(capsys: pytest.CaptureFixture[str]) -> None:
    start = time.perf_counter()
    for argv in (["duel", "classic", "badbots:Sleepy:seconds=30", "random", "--deals", "1",
                  "--bot-time-limit", "0.2"],
                 ["simulate", "classic", "--bots", "badbots:Sleepy:seconds=30", "--deals", "1",
                  "--bot-time-limit", "0.2"]):
        line = one_error(*run(argv, capsys)[::2])
        assert "took more than 0.2 s" in line and "at seat" in line
    assert time.perf_counter() - start < 10  # stopped, not waited for


@pytest.mark.parametrize("option", ["--slow-bot", "--bot-time-limit"])
@pytest.mark.parametrize("value", ["0", "-1", "nan", "abc", "1e999"])
def test_time_options_must_be_positive_seconds(
    option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    one_error(*run(["duel", "classic", "random", "random", "--deals", "1", option, value],
                   capsys)[::2])


def test_a_guarded_agent_keeps_the_agents_fast_path_and_plays_alike() -> None:
    """Wrapping changes no decision: the same deal, the same result."""
    guarded = GuardedAgent(HeuristicBot(), "heuristic")
    assert callable(getattr(guarded, "choose_id", None)) and guarded.skip_forced
    assert getattr(GuardedAgent(_Plain(), "plain"), "choose_id", None) is None
    for seed in range(5):
        plain = play_deal(Deal.random("piedicavallo", seed=seed), [HeuristicBot()] * 4)
        wrapped = play_deal(Deal.random("piedicavallo", seed=seed),
                            [GuardedAgent(HeuristicBot(), "heuristic", s) for s in range(4)])
        assert plain == wrapped


class _Plain:
    def choose(self, observation: object, legal: list[object]) -> object:
        return legal[0]


def test_built_in_bots_are_not_wrapped_unless_limits_are_given() -> None:
    assert type(make_bot("random")) is RandomBot
    assert isinstance(make_bot("heuristic", limits=BotLimits(stop_after=5)), GuardedAgent)


def test_a_bot_error_travels_to_the_parent_process_whole() -> None:
    """Worker processes send a bot's error back pickled: bot, seat and traceback stay."""
    error = BotError("bot 'x' at seat 3 failed", "x", 3, "Traceback ...")
    back = pickle.loads(pickle.dumps(error))
    assert (str(back), back.bot, back.seat, back.detail) == (str(error), "x", 3, "Traceback ...")
