"""The play of the cards (rules §5, docs/rules.md#play-obligations): the obligations, tricks, belote-rebelote.

The int layer lives here: [`legal_play_mask`][belote.deal.Deal.legal_play_mask]
and [`play_card`][belote.deal.Deal.play_card] act on card indices and masks.
"""

from __future__ import annotations

from random import Random

from belote.cards import CARDS, Suit
from belote.deal.declarations import Declarations
from belote.deal.state import (
    _BYTE_CARDS,
    _H_PLAY,
    _KING,
    _OVER,
    _PLAY,
    _POINTS,
    _QUEEN,
    _SUIT_NAMES,
    EndReason,
)
from belote.errors import IllegalAction, InvalidArgument
from belote.tricks import follower_mask, winner_index


class Play(Declarations):
    """Playing cards and completing tricks (internal)."""

    __slots__ = ()

    def legal_play_mask(self) -> int:
        """The mask of cards the seat to act may play now (0 outside the play phase)."""
        legal = self._legal
        if legal >= 0:
            return legal
        # A trick is under way (an empty trick's mask, the hand, is set when the
        # trick starts): the obligations on the trick's best card so far.
        trick = self._trick
        legal = follower_mask(
            self._hands[self._to_act],
            trick[0] >> 3,
            self._best,
            self._partners and self._best_pos == len(trick) - 2,
            self._trump,
            self.rules.play,
        )
        self._legal = legal
        return legal

    def can_announce_belote(self, card: int) -> bool:
        """Whether the seat to act may announce belote with this card index."""
        # _belote_pair holds the K and Q of trump once a seat holds both; the seat
        # to act is never the holder outside the play phase (-1 once over).
        return self._to_act == self._belote_holder and card in self._belote_pair

    def legal_play_cards(self) -> list[int]:
        """The indices of the cards the seat to act may play now, in index order (fast path)."""
        mask = self._legal
        if mask < 0:
            mask = self.legal_play_mask()
        return [
            *_BYTE_CARDS[mask & 0xFF],
            *_BYTE_CARDS[256 + (mask >> 8 & 0xFF)],
            *_BYTE_CARDS[512 + (mask >> 16 & 0xFF)],
            *_BYTE_CARDS[768 + (mask >> 24)],
        ]

    def trick_cards(self) -> list[int]:
        """The card indices of the current trick, in play order (fast layer)."""
        return self._trick[:]

    def played_mask(self) -> int:
        """The mask of every card played so far, the current trick's included (fast layer)."""
        return self._gone

    def play_card(self, card: int, belote: bool = False) -> None:
        """The seat to act plays the card with this index (fast path; every check kept).

        Raises:
            InvalidArgument: ``card`` is not an int from 0 to 31, or ``belote`` not a bool.
            IllegalAction: not the play phase, a card not held, a card the
                obligations forbid, or belote announced where it cannot be.
        """
        legal = self._legal
        if legal < 0:
            legal = self.legal_play_mask()
        seat = self._to_act
        if (
            legal  # 0 outside the play phase
            and type(card) is int
            and 0 <= card < 32
            and legal >> card & 1
            and (belote is False or (
                belote is True and seat == self._belote_holder and card in self._belote_pair
            ))
        ):
            self._play(card, belote)
            return
        if type(card) is not int or not 0 <= card < 32:
            raise InvalidArgument(f"not a card index: {card!r} (expected an int from 0 to 31)")
        if type(belote) is not bool:
            raise InvalidArgument(f"belote must be True or False, not {belote!r}")
        raise IllegalAction(self._play_reason(seat, card, belote) or "illegal play")

    def _play(self, card: int, belote: bool) -> None:
        """The seat to act plays ``card`` (a legal card: the callers check)."""
        seat = self._to_act
        self._lmask = -1
        self._hands[seat] ^= 1 << card
        self._gone |= 1 << card
        if belote:
            self._belote_calls[seat] += 1
            self._history.append((seat, _H_PLAY, card + 32))
        else:
            self._history.append((seat, _H_PLAY, card))
        trick = self._trick
        trick.append(card)
        count = len(trick)
        if count == 1:
            self._best = card
            self._best_pos = 0
        elif self._beaters[self._best] >> card & 1:
            self._best = card
            self._best_pos = count - 1
        n = self._n
        if count < n:
            self._to_act = (seat + 1) % n
            self._legal = -1
            return
        # The trick is complete.
        winner = (self._leader + self._best_pos) % n
        table = _POINTS[self._trump]
        points = 0
        for c in trick:
            points += table[c]
        self._points[winner] += points
        self._tricks_won[winner] += 1
        if points:
            self._counting[winner] = True
        self._trick_winners.append(winner)
        self._played += trick
        self._trick = []
        self._leader = self._to_act = winner
        done = self._tricks_done = self._tricks_done + 1
        if done == 1:
            self._resolve()
        if done == self._hand_size:
            self._phase = _OVER
            self._end = EndReason.PLAYED
            self._to_act = -1
            self._legal = 0
        else:
            self._legal = self._hands[winner]  # the leader may play any card

    def play_out_random(self, rng: Random) -> None:
        """Play the rest of the deal, each card drawn uniformly among the legal cards.

        The seat to act draws ``int(rng.random() * count)`` over its legal
        cards in index order (what [`legal_play_cards`][belote.deal.Deal.legal_play_cards] lists), and a card
        that may carry belote-rebelote is announced on a further coin toss
        ``rng.random() < 0.5``. Nobody declares or calls out. A thin loop over
        [`legal_play_mask`][belote.deal.Deal.legal_play_mask] and
        [`play_card`][belote.deal.Deal.play_card]'s own step.

        Raises:
            IllegalAction: the deal is not in the play phase (bidding, or over).
        """
        if self._phase != _PLAY:
            raise IllegalAction("not the play phase")
        rand = rng.random
        legal_play_mask, play = self.legal_play_mask, self._play
        while self._phase == _PLAY:
            legal = self._legal
            if legal < 0:
                legal = legal_play_mask()
            # The k-th legal card in index order (as legal_play_cards lists them):
            # drop the k lowest set bits, then take the lowest one left.
            k = int(rand() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            card = (legal & -legal).bit_length() - 1
            # Only the K or Q of trump of the pair's holder can carry belote.
            play(
                card,
                self._to_act == self._belote_holder and card in self._belote_pair and rand() < 0.5,
            )

    def _play_reason(self, seat: int, card: int, belote: bool) -> str | None:
        phase = self._phase
        if phase != _PLAY:
            if phase == _OVER:
                return "the deal is over"
            return f"the bidding is not over: seat {self._to_act} is to bid"
        if seat != self._to_act:
            return f"it is seat {self._to_act}'s turn to play, not seat {seat}'s"
        if not 0 <= card < 32:
            return f"not a card index: {card}"
        bit = 1 << card
        name = CARDS[card]
        hand = self._hands[seat]
        if not hand & bit:
            for other, code, arg in self._history:
                if code == _H_PLAY and arg in (card, card + 32):  # +32: with belote
                    by = "him" if other == seat else f"seat {other}"
                    return f"{name} was already played by {by}"
            return f"seat {seat} does not hold {name}"
        if not self.legal_play_mask() & bit:
            return self._obligation(hand, card)
        if belote:
            trump = self._trump
            if card >> 3 != trump or card & 7 not in (_KING, _QUEEN):
                return (
                    f"belote is announced with the king or queen of trump "
                    f"{Suit(trump).letter}, not with {name}"
                )
            if seat != self._belote_holder:
                return f"seat {seat} does not hold both the king and queen of trump"
        return None

    def _obligation(self, hand: int, card: int) -> str:
        """Name the play obligation that forbids ``card`` (rules §5, docs/rules.md#play-obligations)."""
        trick, trump, play = self._trick, self._trump, self.rules.play
        led = trick[0] >> 3
        led_name = _SUIT_NAMES[led]
        trump_name = _SUIT_NAMES[trump]
        follow = hand & (0xFF << (8 * led))
        name = CARDS[card]
        if follow and card >> 3 != led:
            return f"{name} does not follow suit: must follow {led_name}, the led suit"
        if led == trump:
            best = trick[winner_index(trick, trump)]
            return (
                f"{name} is too low: trump was led and a trump higher than "
                f"{CARDS[best]} must be played when held"
            )
        trumps = hand & (0xFF << (8 * trump))
        pos = winner_index(trick, trump)
        best = trick[pos]
        if best >> 3 == trump and card >> 3 == trump and play.must_overtrump:
            return f"{name} is too low: must overtrump {CARDS[best]} with a higher trump"
        if trumps and card >> 3 != trump:
            if best >> 3 == trump:
                return (
                    f"void in {led_name}: must overtrump {CARDS[best]} "
                    f"(or undertrump) with a {trump_name[:-1]}"
                )
            return f"void in {led_name}: must trump with a {trump_name[:-1]}"
        return f"{name} is not allowed by the play obligations"  # pragma: no cover
