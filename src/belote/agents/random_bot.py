"""The random agent: [`RandomBot`][belote.agents.RandomBot]."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from belote.actions import (
    ACTION_IDS,
    ID_KEEP,
    ID_PLAY,
    ID_PLAY_BELOTE,
    ID_STOP,
    ID_SWAP,
    Action,
    Verb,
)
from belote.deal import Observation, Phase, SeatView
from belote.deal.legal import draw_bid
from belote.deal.seatview import kth_id
from belote.errors import InvalidArgumentType, shown

__all__ = ["RandomBot"]

_CARD_BITS: Final = 0xFFFFFFFF
_STOP_BIT: Final = 1 << ID_STOP
_PLAIN_PLAYS: Final = _CARD_BITS << ID_PLAY
_NOT_PLAIN_PLAY: Final = ((1 << ACTION_IDS) - 1) & ~_PLAIN_PLAYS & ~_STOP_BIT
"""Every id bit but the plain ``play`` ids and ``stop``."""


def _kth_card(cards: int, k: int) -> int:
    """The ``k``-th card of the mask ``cards`` in index order."""
    while k:
        cards &= cards - 1
        k -= 1
    return (cards & -cards).bit_length() - 1


class RandomBot:
    """The random agent: picks uniformly among its legal actions, never calls out.

    In the bidding it draws a legal bid uniformly; the holder of the 7 of
    trump swaps on a coin toss; during the first trick of a variant with
    announcements it draws uniformly among every legal action (declarations
    included); otherwise it draws a legal card uniformly and announces belote
    with a K or Q of trump on a further coin toss. It never calls out: a
    random call almost always loses the match and says nothing about the
    rules (``stop`` only when nothing else is legal).

    Both paths of the [`Agent`][belote.agents.Agent] protocol draw the same
    way from [`rng`][belote.agents.RandomBot]: ``choose_id`` on a
    [`SeatView`][belote.deal.SeatView] and ``choose`` on the typed legal
    actions.

    Args:
        seed: a seed or a generator; [`start_deal`][belote.agents.RandomBot.start_deal] replaces it.

    >>> from belote.deal import Deal
    >>> deal = Deal.random("classic", seed=1)
    >>> bot = RandomBot(7)
    >>> deal.apply_id(bot.choose_id(deal.seat_view(deal.to_act)))
    >>> len(deal.history)
    1
    """

    __slots__ = ("rng",)

    def __init__(self, seed: int | random.Random | None = None) -> None:
        if seed is not None and not isinstance(seed, int | random.Random):
            raise InvalidArgumentType(f"seed: expected a whole number, a random.Random or None, got {shown(seed)}")
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def start_deal(self, rng: random.Random) -> None:
        """Draw from ``rng`` during the next deal."""
        self.rng = rng

    def choose_id(self, view: SeatView) -> int:
        """A legal action id, drawn as the class describes (the fast path)."""
        rand = self.rng.random
        legal = view.legal
        if view.phase is not Phase.PLAY:
            return draw_bid(legal, rand)
        if legal >> ID_SWAP & 1:
            return ID_SWAP if rand() < 0.5 else ID_KEEP
        if not legal & _NOT_PLAIN_PLAY:  # plain cards only (and perhaps stop)
            cards = legal >> ID_PLAY & _CARD_BITS
            return ID_PLAY + _kth_card(cards, int(rand() * cards.bit_count()))
        if view.tricks_done == 0 and view.rules.has_announcements:
            return kth_id(legal & ~_STOP_BIT or _STOP_BIT, rand)  # the set bits, lowest first
        cards = legal >> ID_PLAY & _CARD_BITS
        if not cards:
            return ID_STOP  # pragma: no cover - a card is always legal in the play
        card = _kth_card(cards, int(rand() * cards.bit_count()))
        if legal >> (ID_PLAY_BELOTE + card) & 1 and rand() < 0.5:
            return ID_PLAY_BELOTE + card
        return ID_PLAY + card

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Any legal action but ``stop``, uniformly (the typed path)."""
        options = [action for action in legal if action.verb is not Verb.STOP] or list(legal)
        return options[int(self.rng.random() * len(options))]

    def __repr__(self) -> str:
        return "RandomBot()"
