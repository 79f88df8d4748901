"""Declarations (rules §6.1, docs/rules.md#announcement-kinds): combinations declared before one's first card, resolved after the first trick."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from belote.actions import DECLARE_IDS, ID_DECLARE
from belote.announcements import (
    Declaration,
    Kind,
    _combinations_of,
    _resolve_trusted,
    no_announcements_message,
)
from belote.cards import Card, CardSet
from belote.deal.state import _H_DECLARE, _PLAY
from belote.deal.swap import SevenSwap
from belote.errors import InvalidCombination

if TYPE_CHECKING:
    from belote.announcements import Combination


class Declarations(SevenSwap):
    """Declaring combinations and resolving the contest (internal)."""

    __slots__ = ()

    def _combinations(self, seat: int) -> tuple[Combination, ...]:
        """What ``seat``'s hand can declare (find_combinations, cached per hand and variant)."""
        hand = self._hands[seat]
        cache = self._layout.combinations
        combos = cache.get(hand)
        if combos is None:
            if len(cache) >= 4096:  # hands seldom repeat: keep the cache small
                cache.clear()
            combos = cache[hand] = _combinations_of(hand, self.rules)
        return combos

    def _clash(self, seat: int, combo: Combination) -> Declaration | None:
        """The declaration of ``seat`` that forbids adding ``combo``, else ``None``.

        A combination is declared once, and its cards serve in no other
        combination of the same kind (nor in any other one unless
        ``card_in_carre_and_run``).
        """
        mask = combo.cards.mask
        for earlier in self._declarations:
            if earlier.seat != seat:
                continue
            other = earlier.combination.cards.mask
            if other == mask or (
                other & mask
                and (earlier.combination.kind == combo.kind or not self.rules.card_in_carre_and_run)
            ):
                return earlier
        return None

    def _conflict(self, seat: int, combo: Combination) -> str | None:
        """Why ``seat`` cannot add ``combo`` to what it has declared (see `_clash`), else ``None``."""
        earlier = self._clash(seat, combo)
        if earlier is None:
            return None
        other = earlier.combination.cards
        if other.mask == combo.cards.mask:
            return f"{combo.cards} is already declared"
        shared = CardSet.from_mask(other.mask & combo.cards.mask)
        return f"{shared} already serves in the declared {other}"

    def _declarable(self, seat: int) -> tuple[Combination, ...]:
        """The combinations ``seat`` may declare from its hand, each run whole (rules §6.1, docs/rules.md#announcement-kinds).

        Those of [`find_combinations`][belote.announcements.find_combinations],
        and with ``rules.eight_run_splits`` (001) the cent and the tierce an
        8-card run splits into, either way round.
        """
        combos = self._combinations(seat)
        if not self.rules.eight_run_splits:
            return combos
        full = self._hands[seat]
        full &= full >> 4
        full &= full >> 2
        full &= full >> 1  # bit 8k: all eight cards of suit k held
        if not full & 0x01010101:
            return combos  # no suit held whole: no 8-card run
        from belote.announcements import Kind, classify

        extra: list[Combination] = []
        for combo in combos:
            if combo.kind is Kind.RUN and combo.length == 8:
                run = combo.cards.mask
                low = run & -run
                for length in (3, 5):
                    part = ((1 << length) - 1) * low
                    extra.append(classify(CardSet.from_mask(part), self.rules))
                    extra.append(classify(CardSet.from_mask(run ^ part), self.rules))
        return (*combos, *extra) if extra else combos

    def _split_fault(self, seat: int, combo: Combination) -> str | None:
        """Why ``combo`` with what ``seat`` has declared splits a run, else ``None``.

        The tallies' check, [`whole_run_fault`][belote.announcements.whole_run_fault]:
        the engine and [`score_tally`][belote.scoring.score_tally] refuse the same splits.
        """
        from belote.announcements import Kind, whole_run_fault

        if combo.kind is not Kind.RUN:
            return None
        suit = 0xFF << (combo.cards.mask.bit_length() - 1 & ~7)  # the run's suit
        own = [d for d in self._declarations if d.seat == seat]
        if not any(d.combination.kind is Kind.RUN and d.combination.cards.mask & suit for d in own):
            return None  # no run of that suit declared yet: nothing to split
        fault = whole_run_fault([*own, Declaration(seat, combo)], self.rules)
        return None if fault is None else fault[1]

    def _declare_ids(self, seat: int) -> list[int]:
        """The declare action ids open to ``seat`` now, in the order of its combinations.

        ``declare`` (everything) as a first declaration, then each combination
        it may declare ([`find_combinations`][belote.announcements.find_combinations],
        and the two parts of an 8-card run where the variant splits it) that
        does not clash with one already declared. A run is declared whole
        (rules §6.1, docs/rules.md#announcement-kinds): a tierce taken out of a held quarte is not offered.
        """
        if (
            not self._layout.announces
            or self._phase != _PLAY
            or self._played
            or self._has_played(seat)
        ):
            return []
        combos = self._declarable(seat)
        if not combos:
            return []
        ids = [] if self._declared[seat] else [ID_DECLARE]
        if not self._declared[seat]:  # nothing declared yet: nothing to clash with
            ids.extend([DECLARE_IDS[combo.cards.mask] for combo in combos])
            return ids
        for combo in combos:
            if self._clash(seat, combo) is None and self._split_fault(seat, combo) is None:
                ids.append(DECLARE_IDS[combo.cards.mask])
        return ids

    def _declare_timing(self, seat: int) -> str | None:
        """Why ``seat`` may not declare anything now, else ``None``."""
        rules = self.rules
        if not rules.has_announcements:
            return no_announcements_message(rules)
        if self._phase != _PLAY:
            return "declarations are made in the play phase, before one's first card"
        if seat != self._to_act:
            return f"it is seat {self._to_act}'s turn, not seat {seat}'s"
        if self._has_played(seat):
            return f"seat {seat} has already played a card: declarations come before it"
        return None

    def _declare_reason(self, seat: int, cards: Sequence[Card]) -> str | None:
        """Why ``seat`` may not declare ``cards`` now (``()``: everything held), else ``None``."""
        return self._declare_timing(seat) or self._declare_check(seat, cards)[0]

    def _false_declaration(self, seat: int, cards: Sequence[Card]) -> bool:
        """Whether declaring ``cards`` now is a false announcement (rules §9, docs/rules.md#penalties).

        The timing is right (the seat's turn, before its first card) but the
        hand does not hold what is declared: cards it does not hold, cards
        that are no combination or not one it holds whole, or "everything"
        holding nothing. Declaring one combination twice is not one: it is
        refused in every mode.
        """
        if not self._layout.announces or self._declare_timing(seat) is not None:
            return False
        return self._declare_check(seat, cards)[1]

    def _declare_check(self, seat: int, cards: Sequence[Card]) -> tuple[str | None, bool]:
        """``(reason, false)``: why ``cards`` may not be declared (the timing aside), else ``None``.

        ``false`` says whether the refusal is a false announcement (see
        `_false_declaration`).
        """
        from belote.announcements import classify

        rules = self.rules
        hand = self._hands[seat]
        if not cards:
            if self._declared[seat]:
                return (
                    f"seat {seat} has already declared; 'declare' alone declares "
                    "everything and only as a first declaration"
                ), False
            if not self._combinations(seat):
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
        reason = self._conflict(seat, combo)
        if reason is not None:
            return reason, False
        if combo not in self._declarable(seat):
            held = ", ".join(c.label for c in self._combinations(seat))
            return (
                f"{combo.cards} is not a combination seat {seat} declares: a run is "
                f"declared whole (its combinations: {held})"
            ), True
        fault = self._split_fault(seat, combo)
        return fault, fault is not None

    def _declare(self, seat: int, mask: int, cards: tuple[int, ...]) -> None:
        """``seat`` declares the combination of ``mask``, or everything held when 0.

        ``cards`` is what the history keeps: the card indices as written.
        """
        if mask:
            for combo in self._declarable(seat):  # a legal combination is one of these
                if combo.cards.mask == mask:
                    break
            else:  # pragma: no cover - the callers pass legal declarations only
                from belote.announcements import classify

                combo = classify(CardSet.from_mask(mask), self.rules)
            self._declarations.append(Declaration(seat, combo))
        else:
            self._declarations.extend(Declaration(seat, c) for c in self._combinations(seat))
        self._declared[seat] = True
        self._history.append((seat, _H_DECLARE, cards))
        self._lmask = -1

    def _resolve(self) -> None:
        declarations = self._declarations
        if not declarations:
            self._resolved = ()
            return
        self._resolved = _resolve_trusted(
            declarations, self.rules, self._trump, self._n, (self._dealer + 1) % self._n
        )
        if self.rules.eight_run_wins_match:
            # The first in speaking order to show an 8-card run wins the match (004);
            # the scoring reads the same from the tally.
            first = (self._dealer + 1) % self._n
            shown = sorted(
                (d.seat - first) % self._n
                for d in declarations
                if d.combination.kind is Kind.RUN and d.combination.length == 8
            )
            if shown:
                self._eight_run_side = self.side((shown[0] + first) % self._n)
