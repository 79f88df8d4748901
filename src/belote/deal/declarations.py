"""Declarations (docs/rules.md#announcement-kinds): combinations declared before one's first card, resolved after the first trick.

Functions on a [`DealState`][belote.deal.state.DealState]: what a seat may
declare ([`declare_ids`][belote.deal.declarations.declare_ids]), why a
declaration is refused or is a false announcement, making one, and
resolving the contest once the first trick is complete.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from belote.actions import DECLARE_IDS, ID_DECLARE
from belote.cards import NO_TRUMPS, Card, CardSet
from belote.deal.codes import H_DECLARE, PLAY
from belote.deal.state import DealState, has_played, side_of
from belote.errors import InvalidCombination
from belote.rules.checks import instance, sequence, whole
from belote.scoring.announcements import (
    Declaration,
    Kind,
    classify,
    combinations_of,
    no_announcements_message,
)
from belote.scoring.contest import resolve_trusted, whole_run_fault
from belote.scoring.hands import could_declare

if TYPE_CHECKING:
    from belote.scoring.announcements import Combination

__all__ = [
    "apply_declare",
    "combinations",
    "declarable",
    "declare_check",
    "declare_ids",
    "declare_mask",
    "declare_reason",
    "declare_timing",
    "false_declaration",
    "resolve",
]

# Enum members read once (on Python 3.11 reading one through its class runs Python code).
_KIND_RUN: Final = Kind.RUN


def combinations(s: DealState, seat: int) -> tuple[Combination, ...]:
    """What ``seat``'s hand can declare (find_combinations, cached per hand and variant).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_mask`][belote.deal.Deal.legal_action_mask].
    """
    hand = s.hands[seat]
    if not could_declare(hand):
        return ()  # most hands: nothing to look up
    cache = s.layout.combinations
    combos = cache.get(hand)
    if combos is None:
        if len(cache) >= 4096:  # hands seldom repeat: keep the cache small
            cache.clear()
        combos = cache[hand] = combinations_of(hand, s.rules)
    return combos

def clash(s: DealState, seat: int, combo: Combination) -> Declaration | None:
    """The declaration of ``seat`` that forbids adding ``combo``, else ``None``.

    A combination is declared once, and its cards serve in no other
    combination of the same kind (nor in any other one unless
    ``card_in_carre_and_run``).
    """
    mask = combo.cards.mask
    for earlier in s.declarations:
        if earlier.seat != seat:
            continue
        other = earlier.combination.cards.mask
        if other == mask or (
            other & mask
            and (earlier.combination.kind == combo.kind or not s.rules.card_in_carre_and_run)
        ):
            return earlier
    return None

def conflict(s: DealState, seat: int, combo: Combination) -> str | None:
    """Why ``seat`` cannot add ``combo`` to what it has declared (see [`clash`][belote.deal.declarations.clash]), else ``None``."""
    earlier = clash(s, seat, combo)
    if earlier is None:
        return None
    other = earlier.combination.cards
    if other.mask == combo.cards.mask:
        return f"{combo.cards} is already declared"
    shared = CardSet.from_mask(other.mask & combo.cards.mask)
    return f"{shared} already serves in the declared {other}"

def declarable(s: DealState, seat: int) -> tuple[Combination, ...]:
    """The combinations ``seat`` may declare from its hand, each run whole (rules §6.1, docs/rules.md#announcement-kinds).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_mask`][belote.deal.Deal.legal_action_mask].

    Those of [`find_combinations`][belote.scoring.announcements.find_combinations],
    and with ``rules.eight_run_splits`` (001) the cent and the tierce an
    8-card run splits into, either way round.
    """
    combos = combinations(s, seat)
    if not s.rules.eight_run_splits:
        return combos
    full = s.hands[seat]
    full &= full >> 4
    full &= full >> 2
    full &= full >> 1  # bit 8k: all eight cards of suit k held
    if not full & 0x01010101:
        return combos  # no suit held whole: no 8-card run
    extra: list[Combination] = []
    for combo in combos:
        if combo.kind is _KIND_RUN and combo.length == 8:
            run = combo.cards.mask
            low = run & -run
            for length in (3, 5):
                part = ((1 << length) - 1) * low
                extra.append(classify(CardSet.from_mask(part), s.rules))
                extra.append(classify(CardSet.from_mask(run ^ part), s.rules))
    return (*combos, *extra) if extra else combos

def split_fault(s: DealState, seat: int, combo: Combination) -> str | None:
    """Why ``combo`` with what ``seat`` has declared splits a run, else ``None``.

    The tallies' check, [`whole_run_fault`][belote.scoring.contest.whole_run_fault]:
    the engine and [`score_tally`][belote.scoring.pipeline.score_tally] refuse the same splits.
    """
    if combo.kind is not _KIND_RUN:
        return None
    suit = 0xFF << (combo.cards.mask.bit_length() - 1 & ~7)  # the run's suit
    own = [d for d in s.declarations if d.seat == seat]
    if not any(d.combination.kind is _KIND_RUN and d.combination.cards.mask & suit for d in own):
        return None  # no run of that suit declared yet: nothing to split
    fault = whole_run_fault([*own, Declaration(seat, combo)], s.rules)
    return None if fault is None else fault[1]

def declare_ids(s: DealState, seat: int) -> list[int]:
    """The declare action ids open to ``seat`` now, in the order of its combinations.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_ids`][belote.deal.Deal.legal_action_ids].

    ``declare`` (everything) as a first declaration, then each combination
    it may declare ([`find_combinations`][belote.scoring.announcements.find_combinations],
    and the two parts of an 8-card run where the variant splits it) that
    does not clash with one already declared. A run is declared whole
    (rules §6.1, docs/rules.md#announcement-kinds): a tierce taken out of a held quarte is not offered.
    """
    if (
        not s.layout.announces
        or s.phase != PLAY
        or s.played
        or has_played(s, seat)
    ):
        return []
    combos = declarable(s, seat)
    if not combos:
        return []
    ids = [] if s.declared[seat] else [ID_DECLARE]
    if not s.declared[seat]:  # nothing declared yet: nothing to clash with
        ids.extend([DECLARE_IDS[combo.cards.mask] for combo in combos])
        return ids
    for combo in combos:
        if clash(s, seat, combo) is None and split_fault(s, seat, combo) is None:
            ids.append(DECLARE_IDS[combo.cards.mask])
    return ids

def declare_mask(s: DealState, seat: int) -> int:
    """The mask of the declare action ids open to ``seat`` now (bit ``i``: id ``i``): those of [`declare_ids`][belote.deal.declarations.declare_ids].

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_mask`][belote.deal.Deal.legal_action_mask].

    A seat that has declared nothing yet is answered from a cache keyed by
    its hand, as the first trick of a simulated deal asks it for every seat.
    Nothing is declared in a no-trumps contract unless the variant says so
    (``rules.declarations_in_no_trumps``).
    """
    if s.trump == NO_TRUMPS and not s.rules.declarations_in_no_trumps:
        return 0
    if s.declared[seat] or not s.layout.announces or s.phase != PLAY or s.played:
        mask = 0
        for action_id in declare_ids(s, seat):
            mask |= 1 << action_id
        return mask
    if (seat - s.leader) % s.n < len(s.trick):
        return 0  # it has played its card
    hand = s.hands[seat]
    if not could_declare(hand):
        return 0  # most hands: nothing to look up
    cache = s.layout.first_declarations
    mask = cache.get(hand, -1)
    if mask < 0:
        if len(cache) >= 4096:  # hands seldom repeat: keep the cache small
            cache.clear()
        # What declare_ids answers for a seat with nothing declared, as bits.
        mask = 0
        for combo in declarable(s, seat):
            mask |= 1 << ID_DECLARE | 1 << DECLARE_IDS[combo.cards.mask]
        cache[hand] = mask
    return mask

def declare_timing(s: DealState, seat: int) -> str | None:
    """Why ``seat`` may not declare anything now, else ``None``.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_mask`][belote.deal.Deal.legal_action_mask].
    """
    rules = s.rules
    if not rules.has_announcements:
        return no_announcements_message(rules)
    if s.phase != PLAY:
        return "declarations are made in the play phase, before one's first card"
    if s.trump == NO_TRUMPS and not rules.declarations_in_no_trumps:
        return "nothing is declared in a no-trumps contract"
    if s.swap_holder >= 0:
        return f"seat {s.swap_holder} has first to swap or keep the 7 of trump"
    if seat != s.to_act:
        return f"it is seat {s.to_act}'s turn, not seat {seat}'s"
    if has_played(s, seat):
        return f"seat {seat} has already played a card: declarations come before it"
    return None

def declare_reason(s: object, seat: object, cards: object) -> str | None:
    """Why ``seat`` may not declare ``cards`` now (``()``: everything held), else ``None``.

    Raises:
        InvalidArgumentType: ``s`` is not a ``DealState``, ``seat`` not a whole number,
            ``cards`` not a list or tuple of cards.
    """
    s = instance(s, DealState, "s")
    seat = whole(seat, "seat", 0)
    cards = [instance(card, Card, f"cards[{index}]")
             for index, card in enumerate(sequence(cards, "cards"))]
    return declare_timing(s, seat) or declare_check(s, seat, cards)[0]

def false_declaration(s: DealState, seat: int, cards: Sequence[Card]) -> bool:
    """Whether declaring ``cards`` now is a false announcement (rules §9, docs/rules.md#penalties).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply`][belote.deal.Deal.apply].

    The timing is right (the seat's turn, before its first card) but the
    hand does not hold what is declared: cards it does not hold, cards
    that are no combination or not one it holds whole, or "everything"
    holding nothing. Declaring one combination twice is not one: it is
    refused in every mode.
    """
    if not s.layout.announces or declare_timing(s, seat) is not None:
        return False
    return declare_check(s, seat, cards)[1]

def declare_check(s: DealState, seat: int, cards: Sequence[Card]) -> tuple[str | None, bool]:
    """``(reason, false)``: why ``cards`` may not be declared (the timing aside), else ``None``.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply`][belote.deal.Deal.apply].

    ``false`` says whether the refusal is a false announcement (see
    [`false_declaration`][belote.deal.declarations.false_declaration]).
    """
    rules = s.rules
    hand = s.hands[seat]
    if not cards:
        if s.declared[seat]:
            return (
                f"seat {seat} has already declared; 'declare' alone declares "
                "everything and only as a first declaration"
            ), False
        if not combinations(s, seat):
            return f"seat {seat} holds no combination to declare", True
        return None, False
    mask = 0
    for card in cards:
        mask |= card.bit
    missing = mask & ~hand
    if missing:
        return f"seat {seat} does not hold {CardSet.from_mask(missing)}", True
    try:
        combo = classify(cards, rules)
    except InvalidCombination as exc:
        return str(exc), True
    reason = conflict(s, seat, combo)
    if reason is not None:
        return reason, False
    if combo not in declarable(s, seat):
        held = ", ".join(c.label for c in combinations(s, seat))
        return (
            f"{combo.cards} is not a combination seat {seat} declares: a run is "
            f"declared whole (its combinations: {held})"
        ), True
    fault = split_fault(s, seat, combo)
    return fault, fault is not None

def apply_declare(s: DealState, seat: int, mask: int, cards: tuple[int, ...]) -> None:
    """``seat`` declares the combination of ``mask``, or everything held when 0.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply_id`][belote.deal.Deal.apply_id].

    ``cards`` is what the history keeps: the card indices as written.
    """
    if mask:
        for combo in declarable(s, seat):  # a legal combination is one of these
            if combo.cards.mask == mask:
                break
        else:  # pragma: no cover - the callers pass legal declarations only
            combo = classify(CardSet.from_mask(mask), s.rules)
        s.declarations.append(_declaration(s, seat, combo))
    else:
        s.declarations.extend([_declaration(s, seat, c) for c in combinations(s, seat)])
    s.declared[seat] = True
    s.history.append((seat, H_DECLARE, cards))
    s.lmask = -1

def _declaration(s: DealState, seat: int, combo: Combination) -> Declaration:
    """``seat``'s declaration of ``combo``: a frozen value, shared through the layout's cache."""
    cache = s.layout.declarations
    key = combo.cards.mask * 8 + seat
    found = cache.get(key)
    if found is None:
        if len(cache) >= 4096:  # a bound; a table declares a few hundred
            cache.clear()
        found = cache[key] = Declaration(seat, combo)
    return found


def resolve(s: DealState) -> None:
    """Resolve the declarations contest after the first trick (docs/rules.md#announcement-kinds).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply_id`][belote.deal.Deal.apply_id].
    """
    declarations = s.declarations
    if not declarations:
        s.resolved = ()
        return
    s.resolved = resolve_trusted(
        declarations, s.rules, s.trump, s.n, (s.dealer + 1) % s.n
    )
    if s.rules.eight_run_wins_match:
        # The first in speaking order to show an 8-card run wins the match (004);
        # the scoring reads the same from the tally.
        first = (s.dealer + 1) % s.n
        shown = sorted(
            (d.seat - first) % s.n
            for d in declarations
            if d.combination.kind is _KIND_RUN and d.combination.length == 8
        )
        if shown:
            s.eight_run_side = side_of(s, (shown[0] + first) % s.n)
