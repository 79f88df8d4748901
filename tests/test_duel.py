"""Duplicate duels (issue 13 part 3): each deck once per side, the luck of the cards cancels."""

from __future__ import annotations

import io
import json
import random
import sys
import types
from concurrent.futures import ThreadPoolExecutor

import pytest

from belote.agents import registry
from belote.agents.bots import RandomBot
from belote.agents.guard import GuardedAgent
from belote.agents.registry import make_bot, parse_bot_spec, register_bot
from belote.cli.main import main
from belote.deal import Deal
from belote.errors import InvalidArgument
from belote.experiments.duel import duel


@pytest.mark.parametrize(("variant", "players", "bot"), [
    ("classic", 4, "heuristic"), ("italian751", 4, "random"), ("french", 2, "heuristic"),
    ("french", 3, "random"),
])
def test_a_bot_against_itself_is_even(variant: str, players: int, bot: str) -> None:
    """Duplicate play: the same bot on every side of the same decks has no edge, so the
    interval of the mean difference contains 0 and wins split evenly between the sides."""
    result = duel(variant, bot, bot, deals=40, seed=7, players=players)
    assert result.ci95 is not None
    assert result.ci95[0] <= 0 <= result.ci95[1]
    assert result.plays_per_deal == (2 if players in (2, 4) else 3)
    assert result.won_a + result.won_b + result.equal == result.plays


def test_the_heuristic_bot_beats_the_random_bot() -> None:
    """Issue 13: heuristic beats random, with a confidence interval that excludes 0."""
    result = duel("classic", "heuristic", "random", deals=150, seed=1)
    assert result.mean_difference > 0
    assert result.ci95 is not None and result.ci95[0] > 0
    assert result.won_a > result.won_b
    swapped = duel("classic", "random", "heuristic", deals=150, seed=1)
    assert swapped.mean_difference == -result.mean_difference


def test_a_duel_is_the_same_on_any_executor_and_chunking() -> None:
    """Same seed, same result: decks depend only on (seed, i), sums are whole numbers."""
    expected = duel("piedicavallo", "heuristic", "random", deals=30, seed=3, matches=2)
    with ThreadPoolExecutor(2) as executor:
        for chunk in (1, 7):
            assert duel("piedicavallo", "heuristic", "random", deals=30, seed=3, matches=2,
                        executor=executor, chunk=chunk) == expected
    assert expected.matches is not None and expected.matches.matches == 4


def _run(argv: list[str]) -> str:
    out = io.StringIO()
    assert main(argv, out=out) == 0
    return out.getvalue()


def test_the_json_has_the_deals_the_mean_and_the_interval() -> None:
    """Issue 13: ``--json`` gives at least deals, mean_difference and ci95 [lo, hi]."""
    doc = json.loads(_run(["duel", "classic", "heuristic", "random", "--deals", "20",
                           "--seed", "2", "--json", "--matches", "3"]))
    assert doc["deals"] == 20
    assert isinstance(doc["mean_difference"], float)
    low, high = doc["ci95"]
    assert low <= doc["mean_difference"] <= high
    assert doc["matches"]["matches"] == 6
    assert doc["matches"]["wins_a"] + doc["matches"]["wins_b"] + doc["matches"]["unfinished"] == 6
    text = _run(["duel", "classic", "heuristic", "random", "--deals", "20", "--seed", "2"])
    assert "mean score difference per deal" in text


@pytest.mark.parametrize("argv", [
    ["classic", "bogus", "random"],
    ["classic", "random", "heuristic:depth=3"],
    ["classic", "random:seed", "random"],
    ["nowhere", "random", "random"],
    ["french", "random", "random", "--players", "4"],
])
def test_bad_bots_and_variants_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """CONTRACT.md: bad input exits 2 with one line starting with ``error:``."""
    assert main(["duel", *argv, "--deals", "2"], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1


def test_pimc_is_imported_on_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pimc`` comes from ``belote.agents.pimc`` when that module exists, else a clear error."""
    # Forget a pimc factory an earlier test resolved: the lookup must happen here.
    monkeypatch.setattr(registry, "_FACTORIES",
                        {name: f for name, f in registry._FACTORIES.items() if name != "pimc"})
    monkeypatch.setitem(sys.modules, "belote.agents.pimc", None)
    with pytest.raises(InvalidArgument, match=r"belote\.agents\.pimc"):
        make_bot("pimc")

    class PIMCBot(RandomBot):
        def __init__(self, samples: int = 10) -> None:
            super().__init__(random.Random(samples))
            self.samples = samples

    module = types.ModuleType("belote.agents.pimc")
    module.PIMCBot = PIMCBot  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "belote.agents.pimc", module)
    bot = make_bot("pimc:samples=3")
    assert isinstance(bot, GuardedAgent)  # not belote's own PIMCBot: guarded (issue 32)
    assert isinstance(bot.agent, PIMCBot) and bot.agent.samples == 3
    assert duel("classic", "pimc:samples=3", "random", deals=4, seed=1).deals == 4


def test_bots_register_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    register_bot("lazy", RandomBot)
    lazy = make_bot("lazy")
    assert isinstance(lazy, GuardedAgent) and isinstance(lazy.agent, RandomBot)
    with pytest.raises(InvalidArgument):
        register_bot("lazy", RandomBot)
    assert parse_bot_spec("x:a=1, b=true ,c=hi") == ("x", {"a": 1, "b": True, "c": "hi"})


def test_a_duel_shows_its_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long duel is not a blank screen: a bar on standard error when it is a terminal, else nothing."""
    import io

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    duel("classic", "heuristic", "random", deals=6, seed=2, chunk=2, progress=True)
    shown = screen.getvalue()
    assert "duel classic [" in shown and "(6/6)" in shown
    piped = io.StringIO()
    monkeypatch.setattr(sys, "stderr", piped)
    duel("classic", "heuristic", "random", deals=6, seed=2, chunk=2, progress=True)
    assert piped.getvalue() == ""


# --- par gap (issue 21): each bot's mean loss per deal against the double-dummy par ----------


def _plays(variant: str, bot_a: str, bot_b: str, decks: int, seed: int,
           players: int) -> list[tuple[int, int, Deal]]:
    """Every play of the first decks as the duel plays them: (deck, A's side, the played deal)."""
    from belote.experiments.simulate import play_dealing
    from belote.rules import get_rules

    rules = get_rules(variant)
    out = []
    for index in range(decks):
        for side in range(2):
            bots = [make_bot(bot_a if (s % 2 if players == 4 else s) == side else bot_b)
                    for s in range(players)]
            deal, _, _ = play_dealing(rules, players, seed, index, bots, None)
            out.append((index, side, deal))
    return out


def test_the_par_gap_is_par_minus_actual_deal_by_deal() -> None:
    """Issue 21: a bot's par gap is the mean over its plays of (its side's par margin minus its
    actual margin); the par margin is the solver's value from the first lead of the deal as
    bid, solved here directly with the public solver, and the actual margin the deal's result."""
    from belote.experiments.duel import par_margins
    from belote.solver.par import first_lead, first_trick_declarations, solve_known

    plays = _plays("french", "heuristic", "random", 3, 5, 2)
    gaps_a, gaps_b = [], []
    for _, side, deal in plays:
        start = first_lead(deal)
        declarations = deal.declarations if first_trick_declarations(deal) else None
        solution = solve_known(start, declarations)
        par = [0, 0]
        par[solution.side], par[1 - solution.side] = solution.value, -solution.value
        scores = deal.result.scores
        actual = [scores[0] - scores[1], scores[1] - scores[0]]
        assert par_margins(deal) == (tuple(par), tuple(actual))
        gaps_a.append(par[side] - actual[side])
        gaps_b.append(par[1 - side] - actual[1 - side])
    result = duel("french", "heuristic", "random", deals=4, seed=5, players=2, par=3)
    assert result.par_gap is not None and result.par_gap.deals == 3
    assert result.par_gap.a.value == round(sum(gaps_a) / len(gaps_a), 3)
    assert result.par_gap.b.value == round(sum(gaps_b) / len(gaps_b), 3)
    # Zero-sum: a deal's par and its result move points from one side to the other.
    assert result.par_gap.b.value == -result.par_gap.a.value
    assert result.par_gap.a.low <= result.par_gap.a.value <= result.par_gap.a.high


def test_a_play_that_keeps_the_par_has_no_gap() -> None:
    """The sign: a deal played along the solver's own line has a gap of 0 for both sides, and a
    side that gives points away (the random bot against perfect play) has a positive gap."""
    from belote.experiments.duel import par_margins
    from belote.solver.par import par_deal

    for _, _, deal in _plays("french", "random", "random", 3, 2, 2):
        played, _, _ = par_deal(deal)  # the same bidding, then the solver's cards
        (par0, par1), (actual0, actual1) = par_margins(played)
        assert (par0 - actual0, par1 - actual1) == (0, 0)
        pars, actuals = par_margins(deal)
        assert sum(p - a for p, a in zip(pars, actuals, strict=True)) == 0
    result = duel("french", "random", "random", deals=3, seed=2, players=2, par=3)
    assert result.par_gap is not None
    assert result.par_gap.par_difference.value - result.par_gap.a.value == result.mean_difference


def test_the_par_gap_is_the_same_on_any_executor() -> None:
    """Deterministic whatever runs it: jobs 1 and 2 print the same report, text and JSON."""
    argv = ["duel", "french", "heuristic", "random", "--deals", "5", "--seed", "4", "--par",
            "--par-deals", "4"]
    text = _run(argv)
    assert _run([*argv, "--jobs", "2"]) == text
    assert "par gap per deal, the first 4 decks" in text
    assert "  A heuristic: " in text and "  B random: " in text
    doc = json.loads(_run([*argv, "--json", "--jobs", "2"]))
    assert doc == json.loads(_run([*argv, "--json"]))
    assert doc["par_gap"]["deals"] == 4
    assert doc["par_gap"]["a"]["value"] == -doc["par_gap"]["b"]["value"]
    with ThreadPoolExecutor(2) as executor:
        assert duel("french", "heuristic", "random", deals=5, seed=4, players=2, par=4,
                    executor=executor, chunk=1) == duel(
            "french", "heuristic", "random", deals=5, seed=4, players=2, par=4)


@pytest.mark.parametrize("argv", [
    ["french", "random", "random", "--players", "3", "--par"],
    ["french", "random", "random", "--par", "--par-deals", "0"],
    ["french", "random", "random", "--par", "--par-deals", "two"],
])
def test_bad_par_options_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A par gap needs two sides and a positive count: exit 2 and one ``error:`` line."""
    assert main(["duel", *argv, "--deals", "2"], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1
    with pytest.raises(InvalidArgument):
        duel("classic", "random", "random", deals=2, par=-1)


def test_the_solving_is_a_stage_of_the_progress_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal the bar counts the decks played, then the decks solved."""
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    duel("french", "heuristic", "random", deals=3, seed=2, players=2, par=2, chunk=1,
         progress=True)
    shown = screen.getvalue()
    assert "(3/5)" in shown and "(5/5)" in shown


def test_the_cli_page_shows_what_duel_prints() -> None:
    """docs/cli.md: each ``belote duel`` example, the par gap one included, is what the
    command prints."""
    import re
    import shlex
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    blocks = [m.group(1) for m in re.finditer(r"```console\n(\$ belote duel [^\n]*\n.*?)```", page, re.S)]
    assert any("--par" in block.partition("\n")[0] for block in blocks)
    for block in blocks:
        command, _, shown = block.partition("\n")
        assert _run(shlex.split(command)[2:]) == shown


def test_each_bot_s_card_loss_splits_the_par_gap() -> None:
    """``card_losses``: each bot's own loss, the cards its seats played against the best card
    each seat had (``belote analyze``), is never negative, and A's par gap is A's card loss
    minus B's, play by play (the solver's values chain from the par to the result)."""
    from belote.experiments.duel import par_margins
    from belote.solver.analyze import analyze

    for _, side, deal in _plays("french", "heuristic", "random", 3, 6, 2):
        losses = analyze(deal, bidding=False).total_loss
        (par0, par1), (actual0, actual1) = par_margins(deal)
        gap = (par0 - actual0, par1 - actual1)[side]
        assert gap == losses[side] - losses[1 - side]
    result = duel("french", "heuristic", "random", deals=3, seed=6, players=2, par=3,
                  card_losses=True)
    gap = result.par_gap
    assert gap is not None and gap.card_loss is not None
    loss_a, loss_b = gap.card_loss
    assert loss_a.value >= 0 and loss_b.value >= 0
    assert gap.a.value == pytest.approx(loss_a.value - loss_b.value, abs=0.002)
    assert "card_loss" in result.to_json()["par_gap"]  # type: ignore[operator]
    assert "card loss per deal" in result.to_text()
    with pytest.raises(InvalidArgument, match="par gap"):
        duel("french", "heuristic", "random", deals=3, players=2, card_losses=True)


def test_card_losses_without_par_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "french", "random", "random", "--deals", "2", "--card-losses"],
                out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --card-losses needs --par") and err.count("\n") == 1
