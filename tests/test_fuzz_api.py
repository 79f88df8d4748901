"""Every public callable of the scoring side answers bad arguments with a typed error (issue 9).

Each callable is called with valid arguments, then with one argument (or one
field of a tally or result) replaced by a wrong-typed or out-of-range value.
The only exceptions accepted are the library's own (`BeloteError`
subclasses, which also subclass the matching built-in: `ValueError`,
`IndexError`, `TypeError`, `KeyError`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import records, scoring, tricks
from belote.cards import Card, CardSet, Suit
from belote.errors import (
    BeloteError,
    InvalidArgument,
    InvalidArgumentType,
    InvalidSeat,
    UnknownVariant,
)
from belote.rules import get_rules
from belote.rules.penalties import Penalty
from belote.scoring import Tally, announcements, contest, score_tally
from belote.scoring.announcements import Declaration, classify
from belote.scoring.match import Match, score_match

TALLY = Tally(taker=1, trump=Suit.SPADES, tricks=(2, 6), card_points=(40, 112), last_trick=1,
              belote=1)
RUN = classify("AS KS QS", "piedicavallo")
RESULT = score_tally(TALLY, "classic")
MATCH_RESULT = score_match([TALLY], "classic")
JSON_TALLY = records.tally_to_json(TALLY, "classic")


def _match() -> Match:
    return Match("classic")


# name -> (callable, valid positional arguments, whether ints may be out of range)
CALLS: dict[str, tuple[Callable[..., object], tuple[object, ...], bool]] = {
    "scoring.check_tally": (scoring.check_tally, (TALLY, "classic"), True),
    "scoring.score_tally": (scoring.score_tally, (TALLY, "classic", 0), True),
    "scoring.redeal_result": (scoring.redeal_result, ("classic", 0, 4), True),
    "scoring.side_count": (scoring.side_count, ("french", 3), True),
    "scoring.side_of": (scoring.side_of, (3, "classic"), True),
    "scoring.tricks_per_deal": (scoring.tricks_per_deal, ("french",), True),
    "scoring.linear_in_card_points": (scoring.linear_in_card_points, ("french",), True),
    "scoring.card_points_possible": (
        scoring.card_points_possible, (Suit.HEARTS, (8, 24), (40, 112)), True),
    "match.Match": (Match, ("classic", 1000, 4), True),
    "match.Match.reached": (lambda *a: _match().reached(*a), (0, 10), True),
    "match.Match.can_add": (lambda *a: _match().can_add(*a), (RESULT,), True),
    "match.Match.add": (lambda *a: _match().add(*a), (RESULT,), True),
    "match.Match.score": (lambda *a: _match().score(*a), (TALLY,), True),
    "match.score_match": (score_match, ([TALLY], "classic", 1000), True),
    "records.tally_from_json": (records.tally_from_json, (JSON_TALLY, "classic"), True),
    "records.tally_to_json": (records.tally_to_json, (TALLY, "classic"), True),
    "records.result_to_json": (records.result_to_json, (RESULT,), True),
    "records.match_result_to_json": (records.match_result_to_json, (MATCH_RESULT,), True),
    "records.score_document": (records.score_document, (JSON_TALLY,), True),
    "announcements.classify": (classify, ("AS KS QS", "piedicavallo"), True),
    "announcements.find_combinations": (
        announcements.find_combinations, (CardSet.parse("AS KS QS JS 7H"), "italian751"), True),
    "announcements.no_announcements_message": (
        announcements.no_announcements_message, ("classic",), True),
    "contest.resolve_contest": (
        lambda d, r, t, p, f: contest.resolve_contest(d, r, t, players=p, first_speaker=f),
        ([Declaration(0, RUN)], "piedicavallo", Suit.HEARTS, 4, 1), True),
    "announcements.team_of": (announcements.team_of, (3,), True),
    "announcements.Combination.points": (RUN.points, ("piedicavallo",), True),
    "announcements.Declaration.points": (Declaration(0, RUN).points, ("piedicavallo",), True),
    "tricks.trick_winner": (tricks.trick_winner, ([Card.parse("7H"), Card.parse("AS")], 1), True),
    "tricks.legal_plays": (
        tricks.legal_plays,
        (CardSet.parse("7H 8H AS"), [Card.parse("KH")], 0, "classic", True), True),
    # The int layer (the engine's fast path) checks types, not ranges: a huge
    # shift would be the caller's to pay for, as with any int operation.
    # ``tricks.follower_mask``, the innermost call of the engine's play loop,
    # checks nothing and is left out; ``legal_mask`` is its checked door.
    "tricks.winner_index": (tricks.winner_index, ([8, 9, 30], 1), False),
    "tricks.legal_mask": (
        tricks.legal_mask, (0xFF00, [8], 0, get_rules("classic").play, True), False),
}

ODD_TEXT = ["", " ", "classic\x00", "\x1b[2J", "x" * 10_000, "\udcff", "٣", "²", "7H 7H", "AS"]


def bad_values(out_of_range: bool) -> st.SearchStrategy[object]:
    """Values of the wrong type, and (where allowed) numbers out of every range."""
    wrong_types: list[st.SearchStrategy[object]] = [
        st.none(), st.booleans(), st.floats(allow_nan=True), st.sampled_from(ODD_TEXT),
        st.text(max_size=20), st.binary(max_size=5), st.just(object()),
        st.lists(st.integers(-5, 40), max_size=5), st.dictionaries(st.text(max_size=3),
                                                                   st.integers(), max_size=2),
        st.just(Suit.HEARTS), st.just(Card.parse("JH")), st.just(RUN), st.just(TALLY),
        st.just(RESULT), st.just(get_rules("french")), st.just([object()]),
    ]
    if out_of_range:
        wrong_types.append(
            st.one_of(st.integers(-(10**30), 10**30), st.sampled_from([-1, 4, 5, 33, 10**100, 10**5000, -(10**5000)]))
        )
    return st.one_of(wrong_types)


def call(function: Callable[..., object], args: tuple[object, ...]) -> None:
    with contextlib.suppress(BeloteError):
        function(*args)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_valid_arguments_are_accepted(name: str) -> None:
    """The baseline: each call as written above succeeds."""
    function, args, _ = CALLS[name]
    function(*args)


@pytest.mark.parametrize("name", sorted(CALLS))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_bad_argument_raises_only_a_typed_error(name: str, data: st.DataObject) -> None:
    """Issue 9: a bad argument is refused with a ``BeloteError``, never a bare built-in error."""
    function, args, out_of_range = CALLS[name]
    position = data.draw(st.integers(0, len(args) - 1), label="position")
    value = data.draw(bad_values(out_of_range), label="value")
    call(function, (*args[:position], value, *args[position + 1:]))


TALLY_FIELDS = [field.name for field in attrs.fields(Tally)]


@pytest.mark.parametrize("name", ["scoring.check_tally", "scoring.score_tally",
                                  "records.tally_to_json", "match.Match.score"])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_bad_tally_field_raises_only_a_typed_error(name: str, data: st.DataObject) -> None:
    """A ``Tally`` with a wrong-typed or out-of-range field is refused, not crashed on.

    A wrong type is refused when the tally is built, a value out of range by
    the call; either way with a typed error.
    """
    function, args, _ = CALLS[name]
    field = data.draw(st.sampled_from(TALLY_FIELDS), label="field")
    value: Any = data.draw(
        st.one_of(bad_values(True), st.lists(bad_values(True), max_size=3).map(tuple)),
        label="value",
    )
    call(lambda: function(attrs.evolve(TALLY, **{field: value}), *args[1:]), ())


def _has_its_annotated_type(tally: Tally) -> bool:
    def whole(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    return (
        all(whole(getattr(tally, f)) for f in ("taker", "players"))
        and all(getattr(tally, f) is None or whole(getattr(tally, f))
                for f in ("last_trick", "belote", "dealer", "stopped_by"))
        and isinstance(tally.trump, Suit)
        and all(type(getattr(tally, f)) is tuple and all(whole(v) for v in getattr(tally, f))
                for f in ("tricks", "card_points"))
        and type(tally.announcements) is tuple
        and all(isinstance(d, Declaration) for d in tally.announcements)
        and type(tally.penalties) is tuple
        and all(isinstance(p, Penalty) for p in tally.penalties)
    )


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_a_tally_that_exists_has_its_annotated_types(data: st.DataObject) -> None:
    """Building a ``Tally`` refuses a wrong-typed field with a typed error, or converts a list.

    The scoring relies on it: a tally that was built has the types its
    fields declare (a list given for a tuple field is stored as a tuple).
    """
    field = data.draw(st.sampled_from(TALLY_FIELDS), label="field")
    value: Any = data.draw(
        st.one_of(bad_values(True), st.lists(bad_values(True), max_size=3),
                  st.lists(st.integers(0, 8), max_size=3),
                  st.lists(st.just(Declaration(0, RUN)), max_size=2)),
        label="value",
    )
    try:
        tally = attrs.evolve(TALLY, **{field: value})
    except InvalidArgumentType as exc:
        assert str(exc).startswith(f"Tally.{field}")
        return
    assert _has_its_annotated_type(tally)


def test_a_tally_built_from_lists_is_the_tally_built_from_tuples() -> None:
    """Lists are accepted for the per-side fields and stored as tuples."""
    from_lists = Tally(taker=1, trump=Suit.SPADES, tricks=[2, 6],  # type: ignore[arg-type]
                       card_points=[40, 112], last_trick=1, belote=1)  # type: ignore[arg-type]
    assert from_lists == TALLY
    assert score_tally(from_lists, "classic") == RESULT


def test_a_variant_name_is_accepted_where_rules_are() -> None:
    """Issue 9: ``score_tally(t, "classic")`` failed with AttributeError."""
    assert score_tally(TALLY, "classic") == score_tally(TALLY, get_rules("classic"))
    assert score_tally(TALLY, "Belote") == RESULT  # an alias


def test_the_typed_errors_are_the_built_ins_too() -> None:
    """Issue 9: a seat out of range is an IndexError, a wrong type a TypeError, and so on."""
    with pytest.raises(IndexError) as seat:
        scoring.side_of(7, "classic")
    assert isinstance(seat.value, InvalidSeat) and "expected 0..3" in str(seat.value)
    with pytest.raises(TypeError) as kind:
        score_tally(TALLY, 3)  # type: ignore[arg-type]
    assert isinstance(kind.value, InvalidArgumentType) and "variant name" in str(kind.value)
    with pytest.raises(KeyError) as name:
        score_tally(TALLY, "klassik")
    assert isinstance(name.value, UnknownVariant)
    assert str(name.value).startswith("unknown variant 'klassik'")
    with pytest.raises(ValueError) as value:
        scoring.side_count("classic", 3)
    assert isinstance(value.value, InvalidArgument)
