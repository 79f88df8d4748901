"""Every numeric knob has a range, checked at every door (issue 32, "Knobs at extreme values").

A value outside a knob's range is refused with an ``InvalidArgument`` naming
the knob and the range, whether it comes through a spec, ``Rules(...)``,
``attrs.evolve`` or a plug-in; the commands exit 2 with one ``error:`` line.
Inside the ranges, the solver, PIMC and the statistics are correct.
"""

from __future__ import annotations

import json
import math
import random
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from clirun import one_error, run
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from belote.deal import Deal
from belote.errors import InvalidArgument
from belote.experiments.stats import paired_interval
from belote.rules import Rules, get_rules, knob_value, with_knob
from belote.rules import registry as rules_module
from belote.rules.knobs import DIGITS_LIMIT, ITEM_RANGES, RANGES, range_text
from belote.rules.model import check_ranges
from belote.solver import solve
from belote.variants import BUILTIN

ROOT = Path(__file__).resolve().parent.parent
NINES_5000 = "9" * 5000
NINES_400 = "9" * 400
PLAY = (
    " | players 4 | dealer 0 | hands JH 7D / 10H 9C / 7S JC / AS 7C | turned JD | bids take"
    " | play QH AH QD 8H / QC 10C KC AC / 8S 9S KS 8D / AD KD 8C 9D / 10D JD 10S JS / KH 9H QS 7H"
)
"""The docs' first puzzle (docs/positions.md) after its header: ``belote/1 SPEC`` + PLAY."""
FRENCH3 = (
    " | players 3 | dealer 0 | hands KS AS / 10D AD / 10S AH | turned KS | stock 8C 10C 9D 7H"
    " | bids take | play swap 8D declare KD declare[JS QS KS AS] QD / JC 7C 9C / QH 9S 10H"
    " / QC JD KC / KH QS belote 8H / AC JH 9H / JS 7D 8S"
)


# --- the ranges and the one validator ------------------------------------------------


def _variant_for(knob: str) -> str:
    """A built-in variant where ``knob`` plays a part."""
    if knob in ("capot_split_value",):
        return "french"
    if knob.startswith(("auction.", "contract.")):
        return "contree"
    return "piedicavallo"  # announcements, rounding, reverse capot: every other knob applies


def _outside(knob: str) -> list[object]:
    where = RANGES[knob]
    return [where.low - 1, where.high + 1, -(10**40), 10**40]


@pytest.mark.parametrize("knob", sorted(RANGES))
def test_every_door_refuses_a_value_outside_the_range_naming_knob_and_range(
    knob: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A spec, attrs.evolve, Rules(...) and `belote rules` give the same refusal."""
    where = RANGES[knob]
    base = get_rules(_variant_for(knob))
    for value in _outside(knob):
        with pytest.raises(InvalidArgument, match=rf"knob {knob}: .*{re.escape(where.text)}"):
            with_knob(base, knob, value)
        fields = {f.name: getattr(base, f.name) for f in attrs.fields(Rules)}
        group, dot, name = knob.partition(".")
        if dot:  # a knob of a group (auction.lowest): the group built with it, then the rules
            fields[group] = attrs.evolve(fields[group], **{name: value})
        else:
            fields[knob] = value
        with pytest.raises(InvalidArgument, match=rf"knob {knob}: .*{re.escape(where.text)}"):
            Rules(**fields)
        spec = f"{base.name}({knob}={value})"
        with pytest.raises(InvalidArgument, match=rf"knob {knob}: .*{re.escape(where.text)}"):
            get_rules(spec)
        line = one_error(*run(["rules", spec], capsys)[::2])
        assert f"knob {knob}" in line and where.text in line


@pytest.mark.parametrize("knob", sorted(RANGES))
def test_each_edge_of_a_range_is_taken(knob: str) -> None:
    where = RANGES[knob]
    base = get_rules("classic" if knob == "rounded_total" else _variant_for(knob))  # no rounding
    for value in (where.low, where.high):
        if knob == "round_to" or knob == "last_trick_bonus":
            base = attrs.evolve(base, rounded_total=1000)  # room for any rounding of the deal's points
        if knob.startswith("auction."):  # values in tens, lowest <= highest
            base = with_knob(with_knob(base, "auction.lowest", 10), "auction.highest", 300)
            if knob in ("auction.lowest", "auction.highest", "auction.step"):
                value = where.low if value == where.low else where.high // 10 * 10
                if knob == "auction.step":
                    base = with_knob(base, "auction.highest", 10 + (290 // value) * value)
        assert knob_value(with_knob(base, knob, value), knob) == value


@pytest.mark.parametrize("knob", sorted(ITEM_RANGES))
def test_a_list_or_table_knob_refuses_an_item_outside_its_range(knob: str) -> None:
    base = get_rules("french")
    where = ITEM_RANGES[knob]
    value: object
    bad = where.high + 1
    if knob == "carre_values":
        value = {rank: bad for rank in base.carre_values}
    elif knob == "penalties":
        value = {offence: attrs.evolve(sanction, points=bad)
                 for offence, sanction in base.penalties.items()}
    elif knob == "run_values":
        value = (20, 50, bad)
    else:
        value = (bad,)
    with pytest.raises(InvalidArgument, match=rf"knob {knob}: .*{re.escape(where.text)}"):
        attrs.evolve(base, **{knob: value})


def test_huge_digit_strings_are_the_typed_error_not_pythons_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 32: 5000 nines were `internal error (ValueError: Exceeds the limit (4300 digits)`."""
    spec = f"classic(capot_value={NINES_5000})"
    with pytest.raises(InvalidArgument, match="knob capot_value: a whole number of 5000 digits"):
        get_rules(spec)
    for argv in (
        ["rules", spec],
        ["simulate", spec, "--deals", "2"],
        ["compare", spec, "classic", "--deals", "2"],
        ["duel", spec, "heuristic", "random", "--deals", "1"],
        ["play", spec],
        ["compare", "--knobs", spec, "--deals", "2"],
        ["solve", f"belote/1 {spec}{PLAY}"],
    ):
        code, _, err = run(argv, capsys)
        line = one_error(code, err)
        assert "capot_value" in line and "0..1000" in line, argv


def test_huge_digit_strings_in_a_record_variant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 32: replay, score and analyze through a record's `variant`."""
    deal = Deal.random("classic", seed=1)
    deal.bid(True)
    while not deal.is_over:
        deal.play_card(deal.legal_play_cards()[0])
    doc = deal.to_record()
    doc["variant"] = f"classic(belote_value={NINES_5000})"
    path = tmp_path / "record.json"
    path.write_text(json.dumps(doc))
    for command in ("replay", "analyze"):
        line = one_error(*run([command, str(path)], capsys)[::2])
        assert "belote_value" in line and "0..200" in line
    tally = {"variant": f"classic(last_trick_bonus={NINES_5000})", "taker": 0, "trump": "H",
             "tricks": [3, 5], "card_points": [62, 90], "last_trick": 1}
    path.write_text(json.dumps(tally))
    line = one_error(*run(["score", str(path)], capsys)[::2])
    assert "last_trick_bonus" in line and "0..100" in line


@pytest.mark.parametrize(
    ("argv", "knob"),
    [
        (["simulate", "classic(target=-5)", "--deals", "2"], "target"),
        (["duel", "classic(target=-5)", "heuristic", "random", "--deals", "2"], "target"),
        (["simulate", f"classic(capot_value={'9' * 200})", "--deals", "20"], "capot_value"),
        (["compare", f"classic(belote_value={NINES_400})", "classic", "--deals", "5"], "belote_value"),
        (["duel", f"classic(failed_defence_points={NINES_400})", "heuristic", "random",
          "--deals", "2"], "failed_defence_points"),
        (["compare", f"piedicavallo(rounded_total={NINES_400})", "classic", "--deals", "5"],
         "rounded_total"),
        (["play", "classic(partnerships=false)"], "has_contract"),
        (["simulate", "classic(partnerships=false)", "--deals", "2"], "has_contract"),
        (["duel", "classic(last_trick_bonus=-20)", "heuristic", "random", "--deals", "3",
          "--par", "--par-deals", "2"], "last_trick_bonus"),
        (["simulate", "classic(last_trick_bonus=-20)", "--bots", "pimc:samples=2",
          "--deals", "1"], "last_trick_bonus"),
        (["solve", f"belote/1 classic(last_trick_bonus=-1000){PLAY}"], "last_trick_bonus"),
        (["solve", f"belote/1 classic(last_trick_bonus=1000000000){PLAY}"], "last_trick_bonus"),
    ],
)
def test_issue_reproductions_exit_2_naming_the_knob(
    argv: list[str], knob: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 32: each of these was exit 1 (OverflowError, IndexError, AssertionError), ran without
    end, or was accepted by simulate and duel where compare and play refused it."""
    line = one_error(*run(argv, capsys)[::2])
    assert f"knob {knob}" in line


@dataclass
class _Entry:
    name: str
    value: object

    def load(self) -> object:
        return attrs.evolve(BUILTIN[0], name="bad-plugin", target=0)


def test_a_plugin_outside_the_ranges_is_reported_not_registered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The plug-in door: building the variant fails, and the failure names the knob."""
    monkeypatch.setattr(rules_module, "_REGISTRY", {})
    monkeypatch.setattr(rules_module, "_ALIASES", {})
    monkeypatch.setattr(rules_module, "_LOADED", False)
    monkeypatch.setattr(rules_module, "_PROBLEMS", [])
    monkeypatch.setattr(rules_module, "entry_points", lambda *, group: [_Entry("bad", None)])
    with pytest.warns(UserWarning, match="knob target"):
        problems = rules_module.plugin_problems()
    assert any("knob target" in p and "1..10000" in p for p in problems)
    assert "bad-plugin" not in [r.name for r in rules_module.available_variants()]


def test_the_docs_list_every_range() -> None:
    """docs/variants/index.md#knob-ranges lists each knob with the range the library checks."""
    page = (ROOT / "docs" / "variants" / "index.md").read_text()
    for knob in [*RANGES, *ITEM_RANGES]:
        text = range_text(knob)
        assert text is not None
        assert re.search(rf"\| `{re.escape(knob)}` \| {re.escape(text)} \|", page), knob


def test_belote_rules_shows_each_range(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", "piedicavallo"], capsys)
    assert code == 0
    for knob, where in RANGES.items():
        lines = [line for line in out.splitlines() if line.strip().startswith(knob + " ")]
        if lines:
            assert f"({where.text})" in lines[0], lines[0]


# --- correct inside the ranges -------------------------------------------------------


def _edge(knob: str) -> st.SearchStrategy[object]:
    where = RANGES[knob]
    values: list[object] = [where.low, where.high, where.low + 1, where.high - 1]
    if where.unset:
        values.append(None)
    return st.sampled_from(values) | st.integers(where.low, where.high)


@st.composite
def edge_rules(draw: st.DrawFn, variants: tuple[str, ...]) -> Rules:
    """A built-in variant with a few knobs at (or next to) the edges of their ranges."""
    base = get_rules(draw(st.sampled_from(variants)))
    knobs = draw(st.lists(st.sampled_from(sorted(RANGES)), min_size=1, max_size=4, unique=True))
    changes = {knob: draw(_edge(knob)) for knob in knobs}
    try:
        for knob, value in changes.items():
            base = with_knob(base, knob, value)
        return base
    except InvalidArgument:  # knobs that contradict each other
        assume(False)
        raise


def _brute(deal: Deal, side: int) -> int:
    if deal.is_over:
        scores = deal.result.scores
        return scores[side] - max(s for k, s in enumerate(scores) if k != side)
    values = []
    for card in deal.legal_play_cards():
        child = deal.copy()
        child.play_card(card, belote=child.can_announce_belote(card))
        values.append(_brute(child, side))
    assert deal.to_act is not None
    return max(values) if deal.side(deal.to_act) == side else min(values)


def _endgame(rules: Rules, players: int, seed: int, left: int) -> Deal:
    rng = random.Random(seed)
    while True:
        deal = Deal.random(rules, seed=rng.randrange(2**32), players=players)
        while not deal.is_over:
            actions = [a for a in deal.legal_actions() if a.verb.value != "stop"]
            if deal.tricks_per_deal - deal.tricks_played <= left and deal.legal_play_mask():
                return deal
            deal.apply(actions[rng.randrange(len(actions))])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edge_rules(("classic", "piedicavallo", "italian751", "french")), st.integers(0, 2**32),
       st.integers(1, 3))
def test_solver_is_the_minimax_value_for_knobs_at_their_edges(
    rules: Rules, seed: int, left: int
) -> None:
    """The solver against a brute-force minimax, for any knob values inside the ranges
    (a capot worth 0 or a failure costing nothing make the value non-monotone in the
    points: the solver must still be exact)."""
    deal = _endgame(rules, rules.default_players, seed, left)
    solution = solve(deal)
    side = deal.side(deal.taker) if deal.sides == 2 and deal.taker is not None else deal.to_act
    assert side is not None
    assert solution.value == _brute(deal, side)
    alone = solve(deal, every_card=False)
    assert alone.value == solution.value
    assert solve(deal, solution.value) and not solve(deal, solution.value + 1)


@given(st.lists(st.integers(-(10**400), 10**400), min_size=2, max_size=30))
def test_paired_interval_takes_any_whole_numbers(values: list[int]) -> None:
    """Issue 32: huge sums were `OverflowError: int too large to convert to float`."""
    total, squares, count = sum(values), sum(v * v for v in values), len(values)
    try:
        effect = paired_interval(total, squares, count)
    except OverflowError:  # a mean beyond a float: only for values no knob allows
        assert abs(Fraction(total, count)) > 10**300 or squares > 10**300
        return
    variance = Fraction(count * squares - total * total, count * (count - 1))
    assert variance >= 0
    assert effect.low <= effect.value <= effect.high
    if abs(total) < 10**12 and squares < 10**24:
        assert math.isclose(effect.value, round(total / count, 4), abs_tol=1e-4)


def test_paired_interval_of_large_equal_values_has_no_spread() -> None:
    """Values within a knob's range, summed over many deals: no cancellation error."""
    value, count = 10_000 * 3, 10**6
    effect = paired_interval(value * count, value * value * count, count)
    assert effect.value == effect.low == effect.high == value


_TABLES = {"classic": PLAY, "piedicavallo": PLAY, "italian751": PLAY}


@settings(max_examples=6, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(variant=st.sampled_from(sorted(_TABLES)), knob=st.sampled_from(sorted(RANGES)),
       where=st.sampled_from(["low-1", "low", "high", "high+1", "huge"]))
def test_rules_simulate_solve_duel_par_at_the_edges_and_beyond(
    variant: str, knob: str, where: str, capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 32: rules -> simulate -> solve -> duel --par at a range's edges and beyond:
    exit 0 inside (when the knobs agree), exit 2 with one line naming a knob otherwise."""
    bounds = RANGES[knob]
    value = {"low-1": str(bounds.low - 1), "low": str(bounds.low), "high": str(bounds.high),
             "high+1": str(bounds.high + 1), "huge": "9" * (DIGITS_LIMIT + 5)}[where]
    spec = f"{variant}({knob}={value})"
    try:
        check_ranges(get_rules(spec))
        accepted = True
    except InvalidArgument:
        accepted = False
    assert accepted or where not in ("low", "high") or knob in ("rounded_total", "last_trick_bonus",
                                                                 "round_to")
    commands = [
        ["rules", spec],
        ["simulate", spec, "--deals", "2", "--seed", "3"],
        ["solve", f"belote/1 {spec}{_TABLES[variant]}"],
        ["duel", spec, "heuristic", "random", "--deals", "1", "--par", "--par-deals", "1"],
    ]
    for argv in commands:
        code, out, err = run(argv, capsys)
        if accepted:
            assert code == 0, (argv, err)
            assert out
        else:
            line = one_error(code, err)
            assert "knob " in line, line


def test_pimc_decides_under_knobs_at_their_edges(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32: `simulate --bots pimc:samples=2` stopped on "no card keeps the value"."""
    spec = "classic(last_trick_bonus=0,capot_value=0,failed_defence_points=0,belote_value=200)"
    code, out, err = run(["simulate", spec, "--bots", "pimc:samples=2", "--deals", "2"], capsys)
    assert code == 0, err
    assert "2 played deals" in out
