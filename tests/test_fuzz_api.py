"""Every public callable of the scoring side answers bad arguments with a typed error (issue 9).

Each callable is called with valid arguments, then with one argument (or one
field of a tally or result) replaced by a wrong-typed or out-of-range value.
The only exceptions accepted are the library's own (`BeloteError`
subclasses, which also subclass the matching built-in: `ValueError`,
`IndexError`, `TypeError`, `KeyError`).
"""

from __future__ import annotations

import ast
import contextlib
import enum
import importlib
import inspect
import pkgutil
import signal
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import records, scoring, tricks
from belote.actions import action_from_id, interned_actions
from belote.cards import Card, CardSet, Suit
from belote.deal import Deal
from belote.errors import (
    BeloteError,
    InvalidArgument,
    InvalidArgumentType,
    InvalidSeat,
    UnknownVariant,
    shown,
)
from belote.rules import get_rules, rules_from_spec
from belote.rules.penalties import Penalty
from belote.scoring import Tally, announcements, contest, score_tally
from belote.scoring.announcements import Declaration, classify
from belote.scoring.match import Match, score_match
from belote.solver import makes_contract, solve

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


# --- the doors of the cards, the deal, the solver and the rules (issue 41, items 13, 14, 16) ---
#
# The same odd values at the doors the issue found bare built-in errors behind. numpy integers
# are refused like any other non-int (InvalidArgumentType), everywhere but the PettingZoo env's
# `step`, which takes an integral action id of any integer type.


def _in_play() -> Deal:
    deal = Deal.random("classic", seed=3)
    deal.bid(True)
    for _ in range(24):
        deal.play_card(deal.legal_play_cards()[0])
    return deal


def _french_at_swap() -> Deal:
    for seed in range(200):
        deal = Deal.random("french", seed=seed)
        with contextlib.suppress(BeloteError):
            deal.apply(f"{deal.to_act} take")
            if deal.swap_seat() is not None:
                return deal
    raise AssertionError("no french deal reaches the swap")  # pragma: no cover


IN_PLAY = _in_play()
RECORD = Deal.random("classic", seed=1).to_record()
CLASSIC = get_rules("classic")
DECK = list(range(32))

DOORS: dict[str, tuple[Callable[..., object], tuple[object, ...]]] = {
    "Suit.parse": (Suit.parse, ("H",)),
    "Card.parse": (Card.parse, ("JH",)),
    "Card.from_index": (Card.from_index, (3,)),
    "CardSet.parse": (CardSet.parse, ("JH 7S",)),
    "CardSet.__or__": (lambda other: CardSet.parse("JH") | other, (CardSet.parse("7S"),)),
    "CardSet.__and__": (lambda other: CardSet.parse("JH") & other, (CardSet.parse("7S"),)),
    "CardSet.__sub__": (lambda other: CardSet.parse("JH") - other, (CardSet.parse("7S"),)),
    "CardSet.__le__": (lambda other: CardSet.parse("JH") <= other, (CardSet.parse("7S"),)),
    "rules_from_spec": (rules_from_spec, ("classic(capot_value=250)",)),
    "get_rules": (get_rules, ("classic",)),
    "Deal.random": (lambda r, s, d, p: Deal.random(r, seed=s, dealer=d, players=p),
                    ("french", 1, 0, 3)),
    "Deal.shuffled": (Deal.shuffled, (CLASSIC, DECK, 0, 4)),
    "Deal.from_record": (lambda rec, rules: Deal.from_record(rec, rules=rules),
                         (RECORD, "classic")),
    "Deal.side": (IN_PLAY.side, (1,)),
    "Deal.seat_view": (IN_PLAY.seat_view, (1,)),
    "Deal.points_so_far": (IN_PLAY.points_so_far, (1,)),
    "Deal.claim_holds": (IN_PLAY.claim_holds, (1,)),
    "Deal.play": (lambda card, belote: IN_PLAY.copy().play(card, belote=belote),
                  (Card.from_index(IN_PLAY.legal_play_cards()[0]), False)),
    "Deal.swap": (lambda seat: _french_at_swap().swap(seat), (None,)),
    "solve": (lambda deal, target: solve(deal, target), (IN_PLAY, None)),
    "makes_contract": (makes_contract, (IN_PLAY,)),
    "interned_actions": (interned_actions, (1,)),
    "action_from_id": (action_from_id, (3, 1)),
}


@pytest.mark.parametrize("name", sorted(DOORS))
def test_a_door_takes_its_valid_arguments(name: str) -> None:
    function, args = DOORS[name]
    function(*args)


@pytest.mark.parametrize("name", sorted(DOORS))
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_a_door_answers_an_odd_argument_with_a_typed_error(name: str, data: st.DataObject) -> None:
    """Issue 41 item 14: `CardSet.parse(None)`, `CardSet.parse("JH") | 5`, `Card.from_index(1.0)`,
    `Suit.parse(None)`, `solve(None)`, `makes_contract(x)`, `rules_from_spec(None)`,
    `Deal.from_record(rec, rules="classic")`, `Deal.shuffled(rules, list(range(32)), 0, 0)`: bare
    built-in errors."""
    function, args = DOORS[name]
    position = data.draw(st.integers(0, len(args) - 1), label="position")
    value = data.draw(bad_values(True), label="value")
    call(function, (*args[:position], value, *args[position + 1:]))


@pytest.mark.parametrize(("name", "position", "value"), [
    ("Deal.side", 0, 1.0), ("Deal.side", 0, True), ("Deal.seat_view", 0, None),
    ("Deal.points_so_far", 0, None), ("Deal.claim_holds", 0, "0"), ("Deal.play", 1, "no"),
    ("Deal.swap", 0, 1.5), ("Deal.random", 3, 3.0), ("Deal.random", 1, 1.5),
    ("Card.from_index", 0, 1.0), ("Suit.parse", 0, None), ("CardSet.parse", 0, None),
    ("CardSet.__or__", 0, 5), ("solve", 0, None), ("makes_contract", 0, 1),
    ("rules_from_spec", 0, None), ("Deal.shuffled", 3, 0), ("interned_actions", 0, 20000),
])
def test_the_issues_wrong_calls_raise_the_projects_error(name: str, position: int,
                                                         value: object) -> None:
    """Issue 41 items 13 and 14, call by call: the same typed error on both cores (the compiled
    run of CI runs this file too)."""
    function, args = DOORS[name]
    with pytest.raises(BeloteError):
        function(*args[:position], value, *args[position + 1:])


def test_numpy_integers_are_refused_like_any_other_non_int() -> None:
    """Issue 41 item 14: `Deal.random("classic", seed=np.int64(1))` was a bare error."""
    np = pytest.importorskip("numpy")
    for call_with_numpy in (lambda: Deal.random("classic", seed=np.int64(1)),
                            lambda: Deal.random("french", players=np.int64(3)),
                            lambda: IN_PLAY.seat_view(np.int64(1)),
                            lambda: Card.from_index(np.int64(3))):
        with pytest.raises(BeloteError):  # InvalidArgumentType; NotationError for a card index
            call_with_numpy()


def test_rules_are_checked_when_built_not_at_the_end_of_a_deal() -> None:
    """Issue 41 item 16: `attrs.evolve(rules, name=None)` was accepted."""
    for bad in ({"name": None}, {"name": ""}, {"name": 3}, {"description": None},
                {"run_values": (1000, 1000, 10**6)}):
        with pytest.raises(InvalidArgument):
            attrs.evolve(get_rules("piedicavallo"), **bad)


@pytest.mark.parametrize(("field", "value"), [("pending", 10**20), ("target", 10**18),
                                              ("target", 10_001), ("totals", [10**20, 0])])
def test_a_records_match_context_is_in_the_ranges_of_the_knobs(field: str, value: object) -> None:
    """Issue 41 item 17: a record's `pending: 10**20` or `target: 10**18` was replayed."""
    with pytest.raises(BeloteError, match=field):
        Deal.from_record({**RECORD, field: value})
    if field == "target":
        with pytest.raises(BeloteError, match="target"):
            records.match_from_record({"variant": "classic", field: value, "deals": []})
        with pytest.raises(InvalidArgument, match="target"):
            Match("classic", value)  # type: ignore[arg-type]


# --- the PettingZoo environment (issue 41, item 15) ----------------------------------------------


@pytest.mark.parametrize("wrapped", [False, True])
def test_the_environment_takes_only_integral_actions(wrapped: bool) -> None:
    """Issue 41 item 15: `step(1.7)`, `step(np.float32(100.5))`, `step("100")` were truncated to
    an action; `step(nan)` raised ValueError and `step(None)` AssertionError."""
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    from belote.adapters.env import env, raw_env

    game = env() if wrapped else raw_env()
    for action in (1.7, np.float32(100.5), "100", float("nan"), None, True, np.bool_(True)):
        game.reset(seed=1)
        before = game.observe(game.agent_selection)["observation"].copy()
        with pytest.raises(InvalidArgumentType, match="action"):
            game.step(action)
        assert (game.observe(game.agent_selection)["observation"] == before).all()
    game.reset(seed=np.int64(1))  # numpy integers: a seed and an action as RL code passes them
    legal = int(game.observe(game.agent_selection)["action_mask"].nonzero()[0][0])
    game.step(np.int64(legal))
    if wrapped:
        game.reset(seed=1)
        with pytest.raises(InvalidArgument, match="action id"):
            game.step(10**9)


def test_the_environment_checks_its_target_and_seed() -> None:
    """Issue 41 item 15: `raw_env(match=True, target=10**400)` raised OverflowError,
    `reset(seed=np.int64(1))` TypeError."""
    pytest.importorskip("pettingzoo")
    from belote.adapters.env import raw_env

    for target in (10**400, 0, 10_001, 1.5):
        with pytest.raises(InvalidArgument, match="target"):
            raw_env(match=True, target=target)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentType, match="seed"):
        raw_env().reset(seed=1.5)  # type: ignore[arg-type]


# --- every public name of every __all__ (issue 41, items 13 and 14) ------------------------------
#
# Each public callable of every module's `__all__` is called with an odd value for every argument
# it requires: success or a `BeloteError`, never a bare built-in error. The CLI and the web server
# have their own tests (test_fuzz_cli.py, the server's), and start processes and servers. On both
# cores: CI's compiled job runs this file too.

SWEPT_OUT = ("belote.cli", "belote.web", "belote.__main__")


def _names(file: str) -> frozenset[str]:
    """The names a list of tests/ holds, one a line (``#`` lines are comments)."""
    return frozenset(
        line for line in (Path(__file__).parent / file).read_text().splitlines()
        if line and not line.startswith("#"))


# The fast paths that take what the library built and check nothing (or not every argument), by
# design: hot, fronted by a checked door their docstring names ("Trusted: ..."), listed in
# tests/fuzz_trusted_names.txt.
TRUSTED = _names("fuzz_trusted_names.txt")
TRUSTED_MARKS = ("Trusted: takes what the library built", "the checked door is [`")


def _odd_values() -> list[object]:
    values: list[object] = [None, 1.0, 1.5, float("nan"), True, False, "", "x", "\x00", 10**100,
                            -(10**100), [], {}, (None,), [object()], object()]
    with contextlib.suppress(ImportError):
        import numpy as np

        values.append(np.int64(1))  # refused like any other non-int (see above)
    return values


def _modules() -> list[ModuleType]:
    import belote

    found = [belote]
    for info in pkgutil.walk_packages(belote.__path__, "belote."):
        if info.name.startswith(SWEPT_OUT):
            continue
        try:
            found.append(importlib.import_module(info.name))
        except ImportError:  # an optional extra that is not installed (openspiel)
            continue
    return found


def _public_callables(packages_only: bool) -> dict[str, Callable[..., object]]:
    """``module.name`` of every public callable a module's ``__all__`` names, but types that are not doors."""
    out: dict[str, Callable[..., object]] = {}
    for module in _modules():
        is_package = hasattr(module, "__path__") or module.__name__.count(".") <= 1
        if packages_only and not is_package:
            continue
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if not callable(value) or isinstance(value, types.GenericAlias):
                continue  # a constant, or a type alias such as JSONObject
            if inspect.isclass(value) and (
                issubclass(value, (BaseException, enum.Enum))  # an enum's call is a value lookup
                or getattr(value, "_is_protocol", False)):  # Agent, Sanctioning: not instantiated
                continue
            out[f"{module.__name__}.{name}"] = value
    return out


def _required(function: Callable[..., object]) -> tuple[int, list[str]]:
    """How many positional arguments the sweep passes ``function``, and its required keywords.

    The positional arguments it requires; where it requires none, its first optional one,
    so that the odd values reach it (``build_corpus(seed=...)``) rather than its defaults.
    """
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # a compiled function without a signature
        return 1, []
    params = signature.parameters.values()
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = sum(1 for p in positional if p.default is p.empty)
    return (required or min(1, len(positional)),
            [p.name for p in params if p.default is p.empty and p.kind is p.KEYWORD_ONLY])


# Names whose valid calls take longer than the sweep's five seconds, and their own limit: the
# corpus builders make the whole default corpus (about 8 s pure) when a value is a valid seed
# (10**100) or directory ("x").
SLOW: dict[str, float] = {
    "belote.experiments.corpus.build_corpus": 60.0,
    "belote.experiments.corpus.write_corpus": 60.0,
}


def _bare_errors(function: Callable[..., object], seconds: float = 5.0) -> list[str]:
    """The odd values ``function`` answers with a bare built-in error (or a hang), as text."""
    positional, keywords = _required(function)
    found = []
    for value in _odd_values():
        try:
            with _deadline(seconds):
                function(*[value] * positional, **dict.fromkeys(keywords, value))
        except BeloteError:
            pass
        except Exception as exc:  # what the test is looking for
            found.append(f"{shown(value)}: {type(exc).__name__}: {exc}")
    return found


class _Hung(Exception):
    pass


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Raise ``_Hung`` after ``seconds`` (interpreted code; compiled code hears it when it returns)."""
    def on_alarm(signum: int, frame: object) -> None:
        raise _Hung(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


PACKAGE_NAMES = sorted(_public_callables(packages_only=True))


@pytest.mark.parametrize("name", PACKAGE_NAMES)
def test_every_public_name_of_the_packages_answers_odd_values_with_a_typed_error(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 41 items 13 and 14: `belote`'s and its packages' `__all__`, every name, on both cores."""
    if name in TRUSTED:
        pytest.skip("a fast path that checks nothing, by design")
    monkeypatch.chdir(tmp_path)  # whatever a call writes stays here
    assert _bare_errors(_public_callables(packages_only=True)[name]) == []


INNER_NAMES = sorted(set(_public_callables(packages_only=False)) - set(PACKAGE_NAMES))


@pytest.mark.parametrize("name", INNER_NAMES)
def test_every_public_name_of_the_inner_modules_answers_odd_values_with_a_typed_error(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 41 items 13 and 14: the inner modules' `__all__`, every name but the trusted."""
    if name in TRUSTED:
        pytest.skip("a fast path that checks nothing, by design")
    monkeypatch.chdir(tmp_path)
    assert _bare_errors(_public_callables(packages_only=False)[name], SLOW.get(name, 5.0)) == []


def test_the_trusted_names_are_public_names_and_say_so() -> None:
    """Each trusted name is a public name, and its docstring says it is trusted and names its
    checked door."""
    found = set(INNER_NAMES) | set(PACKAGE_NAMES)
    modules = {module.__name__ for module in _modules()}
    trusted = {name for name in TRUSTED if name.rsplit(".", 1)[0] in modules}
    assert trusted <= found
    everything = _public_callables(packages_only=False)
    for name in sorted(trusted):
        doc = _docstring(everything[name])
        assert doc is not None and all(mark in " ".join(doc.split()) for mark in TRUSTED_MARKS), name


def _docstring(function: Callable[..., object]) -> str | None:
    """``function``'s docstring; read from the module's source where mypyc compiled it away."""
    doc = inspect.getdoc(function)
    if doc and not doc.startswith("mypyc filler docstring"):  # compiled classes may have none
        return doc
    module = importlib.import_module(function.__module__)
    source = Path(str(module.__file__)).parent / f"{function.__module__.rsplit('.', 1)[1]}.py"
    for node in ast.parse(source.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == function.__name__:
            return ast.get_docstring(node)
    return None
