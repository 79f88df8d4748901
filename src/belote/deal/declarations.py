"""Declarations (RULES.md §6.1): combinations declared before one's first card, resolved after the first trick."""

from __future__ import annotations

from collections.abc import Sequence

from belote.actions import Action
from belote.announcements import Declaration, no_announcements_message
from belote.cards import Card, CardSet, Suit
from belote.deal.state import _H_DECLARE, _PLAY
from belote.deal.swap import SevenSwap
from belote.errors import IllegalAction, InvalidCombination


class Declarations(SevenSwap):
    """Declaring combinations and resolving the contest (internal)."""

    __slots__ = ()

    def _declare_reason(
        self, seat: int, cards: Sequence[Card]
    ) -> tuple[str | None, tuple[Declaration, ...]]:
        from belote.announcements import classify, find_combinations

        rules = self.rules
        if not rules.has_announcements:
            return no_announcements_message(rules), ()
        if self._phase != _PLAY:
            return "declarations are made in the play phase, before one's first card", ()
        if seat != self._to_act:
            return f"it is seat {self._to_act}'s turn, not seat {seat}'s", ()
        if self._has_played(seat):
            return f"seat {seat} has already played a card: declarations come before it", ()
        hand = self._hands[seat]
        if not cards:
            if self._declared[seat]:
                return (
                    f"seat {seat} has already declared; 'declare' alone declares "
                    "everything and only as a first declaration"
                ), ()
            combos = find_combinations(CardSet.from_mask(hand), rules)
            if not combos:
                return f"seat {seat} holds no combination to declare", ()
            return None, tuple(Declaration(seat, combo) for combo in combos)
        mask = 0
        for card in cards:
            mask |= card.bit
        missing = mask & ~hand
        if missing:
            return f"seat {seat} does not hold {CardSet.from_mask(missing)}", ()
        try:
            combo = classify(CardSet.from_mask(mask), rules)
        except InvalidCombination as exc:
            return str(exc), ()
        for earlier in self._declarations:
            if earlier.seat != seat:
                continue
            other = earlier.combination
            if other.cards.mask == mask:
                return f"{CardSet.from_mask(mask)} is already declared", ()
            if other.cards.mask & mask and (
                other.kind == combo.kind or not rules.card_in_carre_and_run
            ):
                shared = CardSet.from_mask(other.cards.mask & mask)
                return f"{shared} already serves in the declared {other.cards}", ()
        return None, (Declaration(seat, combo),)

    def _declare_options(self, seat: int) -> list[Action]:
        if not self.rules.has_announcements or self._tricks_done or self._has_played(seat):
            return []
        from belote.announcements import find_combinations

        combos = find_combinations(CardSet.from_mask(self._hands[seat]), self.rules)
        if not combos:
            return []
        options = []
        if not self._declared[seat]:
            options.append(Action.declare(seat))
        for combo in combos:
            cards = tuple(combo.cards)
            if self._declare_reason(seat, cards)[0] is None:
                options.append(Action.declare(seat, cards))
        return options

    def _declare(self, seat: int, cards: Sequence[Card]) -> None:
        reason, new = self._declare_reason(seat, cards)
        if reason is not None:  # pragma: no cover - checked by the caller
            raise IllegalAction(reason)
        self._declarations.extend(new)
        self._declared[seat] = True
        self._history.append((seat, _H_DECLARE, tuple(card.index for card in cards)))

    def _resolve(self) -> None:
        declarations = self._declarations
        if not declarations:
            self._resolved = ()
            return
        from belote.announcements import Kind, resolve_contest

        self._resolved = tuple(
            resolve_contest(
                declarations,
                self.rules,
                Suit(self._trump),
                players=self._n,
                first_speaker=(self._dealer + 1) % self._n,
            )
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
