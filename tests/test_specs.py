"""Variant specs (CONTRACT "Variant specs"): NAME(KNOB=VALUE, ...) wherever a variant is named."""

from __future__ import annotations

import enum
import json
import random
import subprocess
import sys
import types
import typing

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from belote.deal import Deal
from belote.errors import InvalidArgument, UnknownVariant
from belote.records.replay import deal_from_record
from belote.rules import Rules, available_variants, get_rules
from belote.rules.knobs import RANGES
from belote.rules.specs import SETTABLE, rules_from_spec, spec_of, with_knob

VARIANTS = sorted(rules.name for rules in available_variants())


def _values(kind: object, knob: str = "") -> st.SearchStrategy[object]:
    options = typing.get_args(kind) if isinstance(kind, types.UnionType) else (kind,)
    strategies: list[st.SearchStrategy[object]] = []
    for option in options:
        if option is type(None):
            strategies.append(st.none())
        elif option is bool:
            strategies.append(st.booleans())
        elif option is int:
            where = RANGES.get(knob)
            strategies.append(st.integers(0, 2000) if where is None else st.integers(where.low, where.high))
        elif isinstance(option, type) and issubclass(option, enum.Enum):
            strategies.append(st.sampled_from(list(option)))
    return st.one_of(strategies)


@st.composite
def changed(draw: st.DrawFn) -> Rules:
    """A variant with a few settable knobs changed (any value of the knob's type)."""
    rules = get_rules(draw(st.sampled_from(VARIANTS)))
    knobs = draw(st.lists(st.sampled_from(sorted(SETTABLE)), max_size=5, unique=True))
    changes: dict[str, object] = {}
    for knob in knobs:
        changes[knob] = draw(_values(SETTABLE[knob], knob))
    try:
        for knob, value in changes.items():
            rules = with_knob(rules, knob, value)
        return rules
    except InvalidArgument:  # knobs that contradict each other (belote.rules.knobs)
        assume(False)
        raise


@settings(max_examples=200, deadline=None)
@given(changed())
def test_a_spec_round_trips_to_the_same_rules(rules: Rules) -> None:
    """CONTRACT "Variant specs": parse -> canonical text -> the same Rules, for any knob of any variant."""
    spec = spec_of(rules)
    assert rules_from_spec(f"{spec}()" if "(" not in spec else spec) == rules
    assert get_rules(spec) == rules
    assert spec_of(get_rules(spec)) == spec  # one canonical form


def test_the_canonical_form_sorts_the_knobs_and_drops_the_defaults() -> None:
    """Knobs sorted, values equal to the named variant's dropped, case and spaces ignored."""
    spec = "CLASSIC( target=1000 , play.must_overtrump=FALSE, capot_value=250 )"
    assert spec_of(get_rules(spec)) == "classic(capot_value=250,play.must_overtrump=false)"
    assert spec_of(get_rules("piedicavallo()")) == "piedicavallo"
    assert spec_of(get_rules("french(calling_out=none,both_over_target=play-on)")) == (
        "french(both_over_target=play-on,calling_out=none)"
    )


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ("classic(capot_valu=250)", "unknown knob capot_valu"),
        ("classic(capot_value=lots)", "knob capot_value"),
        ("classic(seven_swap=yes)", "knob seven_swap"),
        ("classic(aliases=x)", "knob aliases cannot be set"),
        ("classic(capot_value)", "is not KNOB=VALUE"),
        ("classic(target=1,target=2)", "knob target is given twice"),
    ],
)
def test_a_bad_spec_names_the_knob(spec: str, named: str) -> None:
    """CONTRACT: an unknown knob or a bad value is bad input naming the knob."""
    with pytest.raises(InvalidArgument, match=named):
        get_rules(spec)


def test_an_unknown_variant_in_a_spec_is_an_unknown_variant() -> None:
    with pytest.raises(UnknownVariant):
        get_rules("whist(target=10)")


def test_records_carry_the_spec_and_replay_under_it() -> None:
    """CONTRACT: records carry the canonical spec in `variant` and replay under those rules."""
    deal = Deal.random("piedicavallo(capot_value=300,target=500)", seed=4)
    deal.play_out_random(random.Random(2))
    record = deal.to_record()
    assert record["variant"] == "piedicavallo(capot_value=300,target=500)"
    again = deal_from_record(json.loads(json.dumps(record)))
    assert again.rules == deal.rules and again.result == deal.result
    assert deal.result.variant == record["variant"]


def test_the_command_line_takes_specs_and_refuses_bad_ones() -> None:
    """Every command's VARIANT may be a spec; a bad one exits 2 with one error line naming the knob."""
    done = subprocess.run(
        [sys.executable, "-m", "belote", "rules", "classic(capot_value=250)", "--json"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["capot_value"] == 250
    bad = subprocess.run(
        [sys.executable, "-m", "belote", "simulate", "classic(capot_valu=1)", "--deals", "2"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1 and bad.stderr.startswith("error:")
    assert "capot_valu" in bad.stderr


def test_compare_tells_a_spec_from_its_variant() -> None:
    """issue 20 §1: a variant and the same variant with a knob changed compare side by side."""
    from belote.experiments.compare import compare

    comparison = compare(["classic(capot_value=250)", "classic"], deals=20, seed=3, matches=0)
    assert [stats.variant for stats in comparison.variants] == ["classic(capot_value=250)", "classic"]


def test_the_rules_of_a_spec_mark_the_changed_knobs() -> None:
    """issue 20 §1: `belote rules SPEC` marks the knobs the spec changes."""
    from belote.records.describe import describe_rules

    text = describe_rules(get_rules("classic(capot_value=250,play.must_overtrump=false)"))
    knob_lines = [line.split() for line in text.splitlines() if line.startswith("  ")]
    marked = {words[0] for words in knob_lines if "*" in words}
    assert marked == {"capot_value", "play.must_overtrump"}
    assert "spec: classic(capot_value=250,play.must_overtrump=false)" in text
    assert " *" not in describe_rules(get_rules("classic"))


def test_a_knob_given_its_word_converts_and_a_wrong_value_is_refused() -> None:
    """issue 20 §4: Rules(...), attrs.evolve and a spec give the same value or the same error."""
    from belote.rules import BothOverTarget
    from belote.scoring.match import Match

    french = get_rules("french")
    evolved = attrs.evolve(french, both_over_target="play-on")  # type: ignore[arg-type]
    assert evolved.both_over_target is BothOverTarget.PLAY_ON
    assert evolved == get_rules("french(both_over_target=play-on)")
    assert Match(evolved, players=2).rules.both_over_target is BothOverTarget.PLAY_ON
    for bad, knob in [({"both_over_target": "sideways"}, "both_over_target"),
                      ({"seven_swap": 1}, "seven_swap"), ({"capot_value": "250"}, "capot_value")]:
        with pytest.raises(InvalidArgument, match=f"knob {knob}"):
            attrs.evolve(french, **bad)  # type: ignore[arg-type]
