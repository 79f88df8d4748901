"""One deal as a state machine: dealing, bidding, the seven swap, declarations, play.

A [`Deal`][belote.deal.Deal] starts from a deck order and a dealer and deals by the
procedure of RULES.md §2. Then the seats act in turn: two bidding rounds
(§3), the seven-of-trump swap where the variant has it (§4), the tricks
(§5) with the declarations made before each player's first card and
belote-rebelote announced with the cards (§6.1), and calling out (§8.1,
§8.2). At the end the deal builds a [`Tally`][belote.scoring.Tally] and
scores it with [`score_tally`][belote.scoring.score_tally]: one scoring path.

Every action has a query and a doer, in the spirit of PokerKit:
[`Deal.can`][belote.deal.Deal.can] / [`Deal.why_illegal`][belote.deal.Deal.why_illegal] and [`Deal.apply`][belote.deal.Deal.apply], which
returns a frozen [`ActionRecord`][belote.deal.ActionRecord]. An illegal action raises
[`IllegalAction`][belote.errors.IllegalAction] saying why and leaves the deal exactly
as it was.

>>> from belote.cards import CARDS
>>> deal = Deal("classic", [str(card) for card in CARDS], dealer=3)
>>> deal.phase, deal.to_act, str(deal.turned)
(<Phase.BIDDING_1: 'bidding-1'>, 0, 'JD')
>>> record = deal.apply(Action.parse("0 take"))
>>> deal.phase, str(deal.trump), len(deal.hand(0))
(<Phase.PLAY: 'play'>, 'D', 8)

Inside, hands are card masks and the trick a list of card indices; the
simulation fast path is [`Deal.legal_play_mask`][belote.deal.Deal.legal_play_mask],
[`Deal.play_card`][belote.deal.Deal.play_card] and [`Deal.bid`][belote.deal.Deal.bid], which skip building
[`Action`][belote.actions.Action] values but keep every check.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator, Sequence
from random import Random  # inside Deal, ``random`` names Deal.random
from typing import Final

import attrs

from belote.actions import Action, Verb
from belote.announcements import Declaration, no_announcements_message
from belote.cards import CARDS, PLAIN_STRENGTH, TRUMP_STRENGTH, Card, CardSet, Suit, card_points
from belote.errors import IllegalAction, InvalidArgument, InvalidCombination, NotationError
from belote.rules import CallingOut, Rules, get_rules
from belote.scoring import (
    DealResult,
    Outcome,
    Tally,
    _score_trusted,
    redeal_result,
    score_tally,
)
from belote.tricks import follower_mask, winner_index

__all__ = ["ActionRecord", "Deal", "EndReason", "Observation", "Phase", "parse_deck"]

# Internal phase numbers (the public face is [`Phase`][belote.deal.Phase]).
_BID1: Final = 0
_BID2: Final = 1
_PLAY: Final = 2
_OVER: Final = 3

# History codes: each entry is (seat, code, argument).
_H_PASS: Final = 0
_H_TAKE: Final = 1  # argument: suit named in round 2, or -1
_H_SWAP: Final = 2
_H_DECLARE: Final = 3  # argument: tuple of card indices (empty: everything held)
_H_PLAY: Final = 4  # argument: card index, + 32 when belote is announced
_H_STOP: Final = 5

_SEVEN: Final = 0  # Rank.SEVEN
_QUEEN: Final = 5  # Rank.QUEEN
_KING: Final = 6  # Rank.KING
_JACK: Final = 4  # Rank.JACK

# _POINTS[trump][card]: card points of a card under a trump suit.
_POINTS: Final = tuple(
    tuple(card_points(1 << card, trump) for card in range(32)) for trump in range(4)
)


def _beaten_by(card: int, trump: int) -> int:
    suit = card >> 3
    strength = TRUMP_STRENGTH if suit == trump else PLAIN_STRENGTH
    higher = sum(
        1 << (8 * suit + rank) for rank in range(8) if strength[rank] > strength[card & 7]
    )
    return higher if suit == trump else higher | 0xFF << (8 * trump)


# _BEATERS[trump][card]: the cards that beat ``card`` when it is the best card of a
# trick: the higher cards of its suit, and every trump when it is not a trump. The
# engine follows a trick's best card as the cards come (``Deal._best``), so it never
# rescans the trick (compare [`winner_index`][belote.tricks.winner_index]).
_BEATERS: Final = tuple(tuple(_beaten_by(card, trump) for card in range(32)) for trump in range(4))
_SUIT_MASKS: Final = (0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24)
_SUITS: Final = tuple(Suit)
_SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")


class Phase(enum.Enum):
    """Where a deal stands."""

    BIDDING_1 = "bidding-1"
    """First bidding round: take the turned suit or pass (RULES.md §3)."""
    BIDDING_2 = "bidding-2"
    """Second bidding round: name another suit or pass (RULES.md §3)."""
    PLAY = "play"
    """The cards are played (RULES.md §5); the swap and declarations happen here."""
    OVER = "over"
    """The deal has ended; [`Deal.result`][belote.deal.Deal.result] is available."""


_PHASES: Final = (Phase.BIDDING_1, Phase.BIDDING_2, Phase.PLAY, Phase.OVER)


class EndReason(enum.Enum):
    """Why a deal ended."""

    PLAYED = "played"
    """Every trick was played."""
    REDEAL = "redeal"
    """Everyone passed twice; the next dealer deals again (RULES.md §3)."""
    STOPPED = "stopped"
    """A player said "j'arrête" and the deal stopped at once (RULES.md §8.2)."""


@attrs.frozen(kw_only=True)
class ActionRecord:
    """What one applied action did (PokerKit's "operation" records).

    Attributes:
        action: the action applied.
        index: its 0-based position in the deal's history.
        phase: the deal's phase after the action.
        trick: the cards of the trick this action completed, in play order, else ``None``.
        trick_leader: the seat that led that trick, else ``None``.
        trick_winner: the seat that won that trick, else ``None``.
        belote: this card completed a belote announced with both cards.
        declarations: the declarations that score, when this action ended the
            first trick and so resolved the contest; else ``None``.
        claim_held: for ``stop``: whether the claim reached the target at that moment.
        match_winner: the side that wins the match because of this action
            (an 8-card run shown, a decided "j'arrête"), else ``None``.
    """

    action: Action
    index: int
    phase: Phase
    trick: tuple[Card, ...] | None = None
    trick_leader: int | None = None
    trick_winner: int | None = None
    belote: bool = False
    declarations: tuple[Declaration, ...] | None = None
    claim_held: bool | None = None
    match_winner: int | None = None


@attrs.frozen(kw_only=True)
class Observation:
    """What one seat may know of a deal: its own hand and everything public.

    Never holds another seat's hidden cards: declared combinations of other
    seats appear only once shown (after the first trick).

    Attributes:
        seat: the observing seat.
        players: the number of players.
        dealer: the dealer's seat.
        variant: the variant's name.
        phase: the deal's phase.
        to_act: the seat whose turn it is, or ``None`` when the deal is over.
        hand: the observing seat's cards.
        turned: the card turned up after the first distribution.
        table_card: the card lying face up on the table now (``french``: the
            turned card, or the 7 of trump after a swap), else ``None``.
        bottom: the deck's bottom card when the variant shows it, else ``None``.
        trump: the trump suit once fixed.
        taker: the seat that fixed the trump.
        bids: the bidding actions, in order.
        swapped: the seat that swapped the 7 of trump, else ``None``.
        tricks: the completed tricks as (leader, cards in play order).
        trick_winners: the winner of each completed trick.
        trick: the cards of the current trick, in play order.
        trick_leader: the seat that led the current trick.
        own_declarations: the observing seat's declarations.
        declarations: every declaration, once shown (after the first trick), else ``()``.
        scoring_declarations: the declarations that score, once resolved, else ``None``.
        belote_calls: how many belote announcements each seat has made.
        card_points: card points won so far per side (team or player).
        tricks_won: tricks won so far per side.
        called_out: the seat that called out or stopped, else ``None``.
        totals: the match scores per side before this deal.
        target: the match target.
    """

    seat: int
    players: int
    dealer: int
    variant: str
    phase: Phase
    to_act: int | None
    hand: CardSet
    turned: Card
    table_card: Card | None
    bottom: Card | None
    trump: Suit | None
    taker: int | None
    bids: tuple[Action, ...]
    swapped: int | None
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    trick_winners: tuple[int, ...]
    trick: tuple[Card, ...]
    trick_leader: int | None
    own_declarations: tuple[Declaration, ...]
    declarations: tuple[Declaration, ...]
    scoring_declarations: tuple[Declaration, ...] | None
    belote_calls: tuple[int, ...]
    card_points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    called_out: int | None
    totals: tuple[int, ...]
    target: int


_INT_TYPE: Final = {int}
_ALL_INDICES: Final = frozenset(range(32))


def parse_deck(deck: Sequence[Card | int | str]) -> tuple[int, ...]:
    """Read a deck order (32 distinct cards, top first) as card indices.

    Cards may be given as [`Card`][belote.cards.Card] values, notation text or indices.

    >>> parse_deck(["7S", "8S"] + [str(c) for c in CARDS[2:]])[:3]
    (0, 1, 2)

    Raises:
        InvalidArgument: not 32 cards, a card twice, or something that is not a card.
    """
    if (
        type(deck) in (list, tuple)
        and len(deck) == 32
        and set(map(type, deck)) == _INT_TYPE  # plain ints: no bool, no Card
        and set(deck) == _ALL_INDICES
    ):
        return tuple(deck)  # type: ignore[arg-type]
    if isinstance(deck, str | bytes) or not isinstance(deck, Sequence):
        raise InvalidArgument("the deck must be a list of 32 cards, top first")
    indices: list[int] = []
    for position, item in enumerate(deck):
        if isinstance(item, Card):
            indices.append(item.index)
        elif isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 32:
            indices.append(item)
        elif isinstance(item, str):
            try:
                indices.append(Card.parse(item).index)
            except NotationError as exc:
                raise InvalidArgument(f"deck[{position}]: {exc}") from None
        else:
            raise InvalidArgument(f"deck[{position}]: not a card: {item!r}")
    if len(indices) != 32:
        raise InvalidArgument(f"the deck must hold 32 cards, not {len(indices)}")
    seen = 0
    for position, index in enumerate(indices):
        if seen >> index & 1:
            raise InvalidArgument(f"deck[{position}]: {CARDS[index]} appears twice")
        seen |= 1 << index
    return tuple(indices)


# _BYTE_CARDS[256 * k + byte]: the card indices of the bits of ``byte`` in suit ``k``.
_BYTE_CARDS: Final = tuple(
    tuple(8 * k + r for r in range(8) if byte >> r & 1) for k in range(4) for byte in range(256)
)


def _mask_cards(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# (i, bits): the steps of random.Random.shuffle on 32 items, i from 31 down to 1,
# each drawing below i + 1 with getrandbits(bits).
_SHUFFLE_STEPS: Final = tuple((i, (i + 1).bit_length()) for i in range(31, 0, -1))


def _shuffled_deck(rng: random.Random) -> list[int]:
    """``list(range(32))`` shuffled exactly as ``rng.shuffle`` would shuffle it.

    CPython's ``Random.shuffle`` swaps item i with item ``_randbelow(i + 1)``
    for i from 31 down to 1, and ``_randbelow(n)`` draws ``getrandbits(k)``
    (k = n.bit_length()) until the draw is below n. Doing the same inline
    saves a method call per card and draws the same numbers; an import-time
    check (`_INLINE_SHUFFLE`) falls back to ``rng.shuffle`` otherwise.
    """
    deck = list(range(32))
    getrandbits = rng.getrandbits
    for i, bits in _SHUFFLE_STEPS:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _shuffle(rng: random.Random) -> list[int]:
    """``list(range(32))`` shuffled by ``rng.shuffle``, inline when that is known to match."""
    if type(rng) is random.Random and _INLINE_SHUFFLE:
        return _shuffled_deck(rng)
    deck = list(range(32))
    rng.shuffle(deck)
    return deck


def _inline_shuffle_matches() -> bool:
    for seed in range(8):
        expected = list(range(32))
        random.Random(seed).shuffle(expected)
        if _shuffled_deck(random.Random(seed)) != expected:  # pragma: no cover
            return False
    return True


_INLINE_SHUFFLE: Final = _inline_shuffle_matches()


class _Layout:
    """Where each card of the deck goes, for one variant, table size and dealer.

    Dealing (RULES.md §2) then reads precomputed deck positions instead of
    redoing the packet arithmetic for every deal.

    Attributes:
        rules: the variant (the cache checks it by identity).
        hand_size: cards per hand, hence tricks in a played deal.
        first: per seat, the deck positions of its first-distribution cards.
        turned: the deck position of the turned card.
        completion: per taker, per seat, the deck positions of its completion cards.
        next_card: per taker, the deck position after the completion.
    """

    __slots__ = ("completion", "first", "hand_size", "next_card", "rules", "turned")

    def __init__(self, rules: Rules, n: int, dealer: int) -> None:
        self.rules = rules
        self.hand_size = hand_size = sum(rules.first_packets) + sum(rules.completion_packets)
        used = hand_size * n + (0 if rules.taker_takes_turned else 1)
        if used > (31 if rules.show_bottom_card else 32):
            raise InvalidArgument(f"{rules.name} cannot be dealt to {n} players from 32 cards")
        order = [(dealer + k) % n for k in range(1, n + 1)]
        first: list[list[int]] = [[] for _ in range(n)]
        pos = 0
        for size in rules.first_packets:
            for seat in order:
                first[seat].extend(range(pos, pos + size))
                pos += size
        self.first = tuple(tuple(positions) for positions in first)
        self.turned = pos
        completion = []
        next_card = []
        for taker in range(n):
            hands: list[list[int]] = [[] for _ in range(n)]
            pos = self.turned + 1
            for packet, size in enumerate(rules.completion_packets):
                for seat in order:
                    count = size
                    if rules.taker_takes_turned and packet == 0 and seat == taker:
                        count -= 1  # the taker has the turned card already
                    hands[seat].extend(range(pos, pos + count))
                    pos += count
            completion.append(tuple(tuple(positions) for positions in hands))
            next_card.append(pos)
        self.completion = tuple(completion)
        self.next_card = tuple(next_card)


_LAYOUTS: dict[tuple[int, int, int], _Layout] = {}


def _layout(rules: Rules, n: int, dealer: int) -> _Layout:
    """The cached `_Layout` of a variant, table size and dealer."""
    key = (id(rules), n, dealer)
    layout = _LAYOUTS.get(key)
    if layout is None or layout.rules is not rules:  # an id can be reused once freed
        layout = _Layout(rules, n, dealer)
        if len(_LAYOUTS) >= 256:  # variants built on the fly (attrs.evolve) come and go
            _LAYOUTS.clear()
        _LAYOUTS[key] = layout
    return layout


_NOT_COMPARED: Final = frozenset({"_legal", "_result", "_layout"})


class Deal:
    """One deal of a variant, from the deck order to the result.

    Args:
        rules: the variant (a [`Rules`][belote.rules.Rules] value or its name).
        deck: the deck order, 32 distinct cards, top first (cards, text or indices).
        dealer: the dealer's seat.
        players: the number of players (default: the variant's default).
        totals: the match scores per side before this deal (for calling out).
        target: the match target (default: the variant's).
        pending: litige points waiting from earlier deals, passed to the scoring.

    Raises:
        InvalidArgument: a bad deck, dealer or player count.
    """

    __slots__ = (
        "_beaters",
        "_belote_calls",
        "_belote_holder",
        "_belote_pair",
        "_best",
        "_best_pos",
        "_bid_count",
        "_bottom",
        "_claim_held",
        "_counting",
        "_dealer",
        "_deck",
        "_declarations",
        "_declared",
        "_eight_run_side",
        "_end",
        "_hand_size",
        "_hands",
        "_history",
        "_layout",
        "_leader",
        "_legal",
        "_n",
        "_next_card",
        "_partners",
        "_pending",
        "_phase",
        "_played",
        "_points",
        "_resolved",
        "_result",
        "_stopper",
        "_swapped",
        "_table_card",
        "_taker",
        "_target",
        "_to_act",
        "_totals",
        "_trick",
        "_trick_winners",
        "_tricks_done",
        "_tricks_won",
        "_trump",
        "_turned",
        "rules",
    )

    rules: Rules
    _n: int
    _dealer: int
    _deck: tuple[int, ...]
    _totals: tuple[int, ...]
    _target: int
    _pending: int
    _partners: bool
    _phase: int
    _to_act: int
    _turned: int
    _table_card: int
    _bottom: int
    _next_card: int
    _hand_size: int
    _layout: _Layout
    _hands: list[int]
    _bid_count: int
    _trump: int
    _taker: int
    _leader: int
    _trick: list[int]
    _best: int
    _best_pos: int
    _beaters: tuple[int, ...]
    _tricks_done: int
    _trick_winners: list[int]
    _played: list[int]
    """The cards of the completed tricks, in play order."""
    _points: list[int]
    _tricks_won: list[int]
    _counting: list[bool]
    _belote_holder: int
    _belote_pair: tuple[int, ...]
    _belote_calls: list[int]
    _declarations: list[Declaration]
    _declared: list[bool]
    _resolved: tuple[Declaration, ...] | None
    _eight_run_side: int
    _swapped: int
    _stopper: int
    _claim_held: bool
    _end: EndReason | None
    _history: list[tuple[int, int, object]]
    _legal: int
    """The seat to act's legal card mask: 0 outside the play phase, -1 until computed."""
    _result: DealResult | None

    def __init__(
        self,
        rules: Rules | str,
        deck: Sequence[Card | int | str],
        dealer: int = 0,
        players: int | None = None,
        *,
        totals: Sequence[int] | None = None,
        target: int | None = None,
        pending: int = 0,
    ) -> None:
        self.rules = rules = get_rules(rules)
        n = rules.default_players if players is None else rules.check_players(players)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise InvalidArgument(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
        self._setup(rules, n, dealer, parse_deck(deck), totals, target, pending)

    def _setup(
        self, rules: Rules, n: int, dealer: int, deck: tuple[int, ...],
        totals: Sequence[int] | None, target: int | None, pending: int,
    ) -> None:
        """Deal the first distribution: the body of ``__init__`` once the arguments are checked."""
        self.rules = rules
        self._n = n
        self._dealer = dealer
        self._deck = deck
        self._partners = partners = rules.partnerships and n == 4
        sides = 2 if partners else n
        if totals is None:
            self._totals = (0,) * sides
        else:
            self._totals = tuple(int(t) for t in totals)
            if len(self._totals) != sides:
                raise InvalidArgument(f"totals must give {sides} scores, not {len(self._totals)}")
        self._target = rules.target if target is None else int(target)
        self._pending = int(pending)
        self._layout = layout = _layout(rules, n, dealer)
        self._hand_size = layout.hand_size
        self._phase = _BID1
        self._to_act = self._leader = (dealer + 1) % n
        hands = self._hands = []
        for positions in layout.first:
            hand = 0
            for pos in positions:
                hand |= 1 << deck[pos]
            hands.append(hand)
        self._turned = self._table_card = deck[layout.turned]
        self._next_card = layout.turned + 1
        self._bottom = -1
        self._bid_count = 0
        self._trump = -1
        self._taker = -1
        self._trick = []
        self._best = -1
        self._best_pos = 0
        self._beaters = ()
        self._tricks_done = 0
        self._trick_winners = []
        self._played = []
        self._points = [0] * n
        self._tricks_won = [0] * n
        self._counting = [False] * n
        self._belote_holder = -1
        self._belote_pair = ()
        self._belote_calls = [0] * n
        self._declarations = []
        self._declared = [False] * n
        self._resolved = None
        self._eight_run_side = -1
        self._swapped = -1
        self._stopper = -1
        self._claim_held = False
        self._end = None
        self._history = []
        self._legal = 0
        self._result = None

    @classmethod
    def random(
        cls,
        rules: Rules | str,
        seed: int | random.Random | None = None,
        dealer: int = 0,
        players: int | None = None,
        *,
        totals: Sequence[int] | None = None,
        target: int | None = None,
        pending: int = 0,
    ) -> Deal:
        """A deal from a shuffled deck (``random.Random(seed).shuffle``).

        The other arguments are those of [`Deal`][belote.deal.Deal].

        >>> Deal.random("classic", seed=1).deck == Deal.random("classic", seed=1).deck
        True
        """
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        deck = _shuffle(rng)
        return cls(rules, deck, dealer, players, totals=totals, target=target, pending=pending)

    @classmethod
    def _trusted(cls, rules: Rules, deck: list[int], dealer: int, players: int) -> Deal:
        """A deal from a deck the library shuffled itself (the simulation's path).

        ``deck`` must be a permutation of ``range(32)`` (as `_shuffle`
        returns), ``rules`` a variant value and ``players`` and ``dealer``
        already checked: this skips [`parse_deck`][belote.deal.parse_deck] and the argument checks.
        """
        deal = object.__new__(cls)
        deal._setup(rules, players, dealer, tuple(deck), None, None, 0)
        return deal

    # --- copying and comparing ------------------------------------------------------------

    def copy(self) -> Deal:
        """An independent copy of the deal (lists copied, values shared)."""
        new = object.__new__(Deal)
        new._beaters = self._beaters
        new._belote_calls = self._belote_calls[:]
        new._belote_holder = self._belote_holder
        new._belote_pair = self._belote_pair
        new._best = self._best
        new._best_pos = self._best_pos
        new._bid_count = self._bid_count
        new._bottom = self._bottom
        new._claim_held = self._claim_held
        new._counting = self._counting[:]
        new._dealer = self._dealer
        new._deck = self._deck
        new._declarations = self._declarations[:]
        new._declared = self._declared[:]
        new._eight_run_side = self._eight_run_side
        new._end = self._end
        new._hand_size = self._hand_size
        new._hands = self._hands[:]
        new._history = self._history[:]
        new._layout = self._layout
        new._leader = self._leader
        new._legal = self._legal
        new._n = self._n
        new._next_card = self._next_card
        new._partners = self._partners
        new._pending = self._pending
        new._phase = self._phase
        new._played = self._played[:]
        new._points = self._points[:]
        new._resolved = self._resolved
        new._result = self._result
        new._stopper = self._stopper
        new._swapped = self._swapped
        new._table_card = self._table_card
        new._taker = self._taker
        new._target = self._target
        new._to_act = self._to_act
        new._totals = self._totals
        new._trick = self._trick[:]
        new._trick_winners = self._trick_winners[:]
        new._tricks_done = self._tricks_done
        new._tricks_won = self._tricks_won[:]
        new._trump = self._trump
        new._turned = self._turned
        new.rules = self.rules
        return new

    def _key(self) -> tuple[object, ...]:
        # Caches and values derived from the rest are left out.
        return tuple(getattr(self, name) for name in Deal.__slots__ if name not in _NOT_COMPARED)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deal):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<Deal {self.rules.name} players={self._n} dealer={self._dealer} "
            f"phase={self.phase.value} to_act={self.to_act} actions={len(self._history)}>"
        )

    # --- public state ---------------------------------------------------------------------

    @property
    def players(self) -> int:
        """The number of players."""
        return self._n

    @property
    def sides(self) -> int:
        """The number of scoring sides: 2 teams, or one per player."""
        return 2 if self._partners else self._n

    def side(self, seat: int) -> int:
        """The scoring side of a seat: its team (``seat % 2``) or the seat itself."""
        return seat & 1 if self._partners else seat

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck order the deal started from, top first."""
        return tuple(CARDS[i] for i in self._deck)

    @property
    def totals(self) -> tuple[int, ...]:
        """The match scores per side before this deal."""
        return self._totals

    @property
    def target(self) -> int:
        """The match target."""
        return self._target

    @property
    def pending(self) -> int:
        """Litige points waiting from earlier deals."""
        return self._pending

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return _PHASES[self._phase]

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the deal is over.

        Out of turn, the holder of the 7 of trump may also swap (RULES.md §4).
        """
        return None if self._phase == _OVER else self._to_act

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self._phase == _OVER

    @property
    def end_reason(self) -> EndReason | None:
        """Why the deal ended, or ``None`` while it goes on."""
        return self._end

    @property
    def turned(self) -> Card:
        """The card turned up after the first distribution."""
        return CARDS[self._turned]

    @property
    def table_card(self) -> Card | None:
        """The card face up on the table (``french``), or ``None`` once a taker holds it."""
        return None if self._table_card < 0 else CARDS[self._table_card]

    @property
    def bottom(self) -> Card | None:
        """The deck's bottom card once shown (``show_bottom_card``), else ``None``."""
        return None if self._bottom < 0 else CARDS[self._bottom]

    @property
    def trump(self) -> Suit | None:
        """The trump suit once fixed."""
        return None if self._trump < 0 else Suit(self._trump)

    @property
    def taker(self) -> int | None:
        """The seat that fixed the trump."""
        return None if self._taker < 0 else self._taker

    @property
    def attack(self) -> int | None:
        """The taker's side, or ``None`` before a take."""
        return None if self._taker < 0 else self.side(self._taker)

    def hand(self, seat: int) -> CardSet:
        """The cards a seat holds now."""
        return CardSet.from_mask(self._hands[seat])

    def hand_mask(self, seat: int) -> int:
        """The card mask a seat holds now (fast path)."""
        return self._hands[seat]

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the current trick, in play order."""
        return tuple(CARDS[i] for i in self._trick)

    @property
    def trick_leader(self) -> int:
        """The seat that leads or led the current trick."""
        return self._leader

    @property
    def tricks(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The completed tricks as (leader, cards in play order)."""
        n = self._n
        out = []
        leader = (self._dealer + 1) % n
        for k, winner in enumerate(self._trick_winners):
            out.append((leader, tuple(CARDS[i] for i in self._played[k * n : (k + 1) * n])))
            leader = winner
        return tuple(out)

    @property
    def trick_winners(self) -> tuple[int, ...]:
        """The seat that won each completed trick."""
        return tuple(self._trick_winners)

    @property
    def tricks_played(self) -> int:
        """How many tricks are complete."""
        return self._tricks_done

    @property
    def tricks_per_deal(self) -> int:
        """How many tricks a played deal has (8, or 9 in ``french``)."""
        return self._hand_size

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        """Every declaration made so far, in the order made."""
        return tuple(self._declarations)

    @property
    def scoring_declarations(self) -> tuple[Declaration, ...] | None:
        """The declarations that score once the contest is resolved, else ``None``."""
        return self._resolved

    @property
    def belote_seat(self) -> int | None:
        """The seat that completed belote and rebelote, else ``None``."""
        holder = self._belote_holder
        return holder if holder >= 0 and self._belote_calls[holder] == 2 else None

    @property
    def called_out(self) -> int | None:
        """The seat that called out or stopped, else ``None``."""
        return None if self._stopper < 0 else self._stopper

    def card_points_of(self, side: int) -> int:
        """Card points a side has won in tricks so far (without the last-trick bonus)."""
        if self._partners:
            return self._points[side] + self._points[side + 2]
        return self._points[side]

    def tricks_of(self, side: int) -> int:
        """Tricks a side has won so far."""
        if self._partners:
            return self._tricks_won[side] + self._tricks_won[side + 2]
        return self._tricks_won[side]

    @property
    def history(self) -> list[Action]:
        """The actions applied so far, in order."""
        return [self._action_of(entry) for entry in self._history]

    def _action_of(self, entry: tuple[int, int, object]) -> Action:
        seat, code, arg = entry
        if code == _H_PLAY:
            assert isinstance(arg, int)
            return Action(seat, Verb.PLAY, cards=(CARDS[arg & 31],), belote=arg >= 32)
        if code == _H_TAKE:
            assert isinstance(arg, int)
            return Action(seat, Verb.TAKE, None if arg < 0 else Suit(arg))
        if code == _H_DECLARE:
            assert isinstance(arg, tuple)
            return Action(seat, Verb.DECLARE, cards=tuple(CARDS[i] for i in arg))
        return Action(seat, (Verb.PASS, Verb.TAKE, Verb.SWAP, Verb.DECLARE, Verb.PLAY, Verb.STOP)[code])

    # --- the fast path --------------------------------------------------------------------

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

    def play_card(self, card: int, belote: bool = False) -> None:
        """The seat to act plays the card with this index (fast path; every check kept).

        Raises:
            IllegalAction: not the play phase, a card not held, a card the
                obligations forbid, or belote announced where it cannot be.
        """
        legal = self._legal
        if legal < 0:
            legal = self.legal_play_mask()
        seat = self._to_act
        if not (
            legal  # 0 outside the play phase
            and 0 <= card < 32
            and legal >> card & 1
            and (not belote or (seat == self._belote_holder and card in self._belote_pair))
        ):
            raise IllegalAction(self._play_reason(seat, card, belote) or "illegal play")
        self._hands[seat] ^= 1 << card
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
        ``rng.random() < 0.5``. Nobody declares or calls out. The deal ends
        exactly as the same choices made through [`play_card`][belote.deal.Deal.play_card] would
        leave it (the history included); a random table's fast path.

        Raises:
            IllegalAction: the deal is not in the play phase (bidding, or over).
        """
        if self._phase != _PLAY:
            raise IllegalAction("not the play phase")
        # Everything play_card and legal_play_mask read, held in locals for the
        # whole loop and written back once at the end; the obligations are
        # tricks.follower_mask, as in legal_play_mask.
        rand = rng.random
        n, trump, beaters = self._n, self._trump, self._beaters
        table = _POINTS[trump]
        play, partners = self.rules.play, self._partners
        hands, history, points = self._hands, self._history, self._points
        tricks_won, counting, winners = self._tricks_won, self._counting, self._trick_winners
        holder, pair, calls = self._belote_holder, self._belote_pair, self._belote_calls
        played = self._played
        trick = self._trick
        best, best_pos = self._best, self._best_pos
        leader, seat = self._leader, self._to_act
        hand_size = self._hand_size
        done = self._tricks_done
        after = tuple((k + 1) % n for k in range(n))  # the next seat, without a modulo
        count = len(trick)
        total = 0  # the card points of the trick so far
        for c in trick:
            total += table[c]
        while True:
            hand = hands[seat]
            if not count:
                legal = hand  # the leader may play any card
            else:
                legal = follower_mask(
                    hand, trick[0] >> 3, best, partners and best_pos == count - 2, trump, play
                )
            # The k-th legal card in index order: drop the k lowest set bits,
            # then take the lowest one left (k is small: a hand has 8 cards).
            k = int(rand() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            card = (legal & -legal).bit_length() - 1
            hands[seat] = hand ^ 1 << card
            # Only the K or Q of trump of the pair's holder can carry belote.
            if seat == holder and card in pair and rand() < 0.5:
                calls[seat] += 1
                history.append((seat, _H_PLAY, card + 32))
            else:
                history.append((seat, _H_PLAY, card))
            trick.append(card)
            total += table[card]
            if not count:
                best, best_pos = card, 0
            elif beaters[best] >> card & 1:
                best, best_pos = card, count
            count += 1
            if count < n:
                seat = after[seat]
                continue
            # The trick is complete (as in play_card).
            winner = (leader + best_pos) % n
            points[winner] += total
            tricks_won[winner] += 1
            if total:
                counting[winner] = True
            winners.append(winner)
            played += trick
            trick = []
            count = total = 0
            leader = seat = winner
            done += 1
            if done == 1:
                self._trick = trick
                self._tricks_done = done
                self._leader = self._to_act = winner
                self._resolve()
            if done == hand_size:
                break
        self._trick = trick
        self._best, self._best_pos = best, best_pos
        self._leader = leader
        self._tricks_done = done
        self._phase = _OVER
        self._end = EndReason.PLAYED
        self._to_act = -1
        self._legal = 0

    def legal_bids(self) -> list[tuple[bool, int]]:
        """The legal bids of the seat to act as ``(take, suit)`` pairs (fast path).

        ``(True, -1)`` takes the turned suit, ``(True, s)`` names suit ``s`` in
        round 2, ``(False, -1)`` passes; ``[]`` outside the bidding.
        """
        phase = self._phase
        if phase >= _PLAY:
            return []
        if phase == _BID1:
            if (
                self.rules.jack_obligatory
                and self._bid_count == 0
                and self._turned & 7 == _JACK
            ):
                return [(True, -1)]
            return [(True, -1), (False, -1)]
        turned = self._turned >> 3
        return [(True, s) for s in range(4) if s != turned] + [(False, -1)]

    def bid(self, take: bool, suit: int = -1) -> None:
        """The seat to act bids (fast path): ``take`` or pass; ``suit`` names trump in round 2.

        Raises:
            IllegalAction: not a bidding phase or a bid the round does not allow.
        """
        reason = self._bid_reason(self._to_act, take, suit)
        if reason is not None:
            raise IllegalAction(reason)
        self._bid(self._to_act, take, suit)

    # --- convenience doers ----------------------------------------------------------------

    def pass_(self) -> ActionRecord:
        """The seat to act passes."""
        return self.apply(Action.pass_(self._to_act))

    def take(self, suit: Suit | int | str | None = None) -> ActionRecord:
        """The seat to act takes the turned suit, or names ``suit`` in round 2."""
        if isinstance(suit, str):
            suit = Suit.parse(suit)
        return self.apply(Action.take(self._to_act, suit))

    def play(self, card: Card | str, belote: bool = False) -> ActionRecord:
        """The seat to act plays ``card``, announcing belote when asked."""
        return self.apply(Action.play(self._to_act, card, belote))

    def declare(self, cards: CardSet | Sequence[Card] | str | None = None) -> ActionRecord:
        """The seat to act declares one combination, or everything held when ``cards`` is None."""
        if isinstance(cards, str):
            cards = CardSet.parse(cards)
        return self.apply(Action.declare(self._to_act, () if cards is None else cards))

    def swap(self, seat: int | None = None) -> ActionRecord:
        """The holder of the 7 of trump (or ``seat``) swaps it for the turned card."""
        if seat is None:
            seat = self.swap_seat()
            if seat is None:
                raise IllegalAction("no seat may swap the 7 of trump now")
        return self.apply(Action.swap(seat))

    def stop(self) -> ActionRecord:
        """The seat to act calls out (``piedicavallo``) or says "j'arrête" (``french``)."""
        return self.apply(Action.stop(self._to_act))

    # --- queries --------------------------------------------------------------------------

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is not legal now, or ``None`` when it is."""
        seat, verb = action.seat, action.verb
        if not isinstance(seat, int) or not 0 <= seat < self._n:
            return f"no seat {seat} at a table of {self._n}"
        if self._phase == _OVER:
            return "the deal is over"
        if verb is Verb.SWAP:
            return self._swap_reason(seat)
        if seat != self._to_act:
            doing = "bid" if self._phase < _PLAY else "play"
            return f"it is seat {self._to_act}'s turn to {doing}, not seat {seat}'s"
        if verb is Verb.PASS:
            return self._bid_reason(seat, False, -1)
        if verb is Verb.TAKE:
            return self._bid_reason(seat, True, -1 if action.suit is None else int(action.suit))
        if verb is Verb.PLAY:
            if len(action.cards) != 1:
                return "play one card"
            return self._play_reason(seat, action.cards[0].index, action.belote)
        if verb is Verb.DECLARE:
            return self._declare_reason(seat, action.cards)[0]
        if verb is Verb.STOP:
            return self._stop_reason(seat)
        return f"unknown verb {verb!r}"  # pragma: no cover

    def legal_actions(self) -> list[Action]:
        """Every legal action now: the seat to act's, and an out-of-turn swap when open."""
        phase = self._phase
        if phase == _OVER:
            return []
        seat = self._to_act
        if phase < _PLAY:
            actions = []
            if self._bid_reason(seat, True, -1) is None:
                actions.append(Action.take(seat))
            if phase == _BID2:
                actions.extend(
                    Action.take(seat, Suit(s)) for s in range(4) if s != self._turned >> 3
                )
            if self._bid_reason(seat, False, -1) is None:
                actions.append(Action.pass_(seat))
            return actions
        actions = []
        holder = self._swap_holder()
        if holder >= 0:
            actions.append(Action.swap(holder))
        if self._stop_reason(seat) is None:
            actions.append(Action.stop(seat))
        actions.extend(self._declare_options(seat))
        legal = self.legal_play_mask()
        for card in _mask_cards(legal):
            actions.append(Action(seat, Verb.PLAY, cards=(CARDS[card],)))
            if self.can_announce_belote(card):
                actions.append(Action(seat, Verb.PLAY, cards=(CARDS[card],), belote=True))
        return actions

    def swap_seat(self) -> int | None:
        """The seat that may swap the 7 of trump now, else ``None``."""
        holder = self._swap_holder()
        return None if holder < 0 else holder

    # --- applying -------------------------------------------------------------------------

    def apply(self, action: Action) -> ActionRecord:
        """Apply a legal action and say what it did.

        Raises:
            IllegalAction: the action is not legal now; the deal is unchanged.
        """
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        verb, seat = action.verb, action.seat
        index = len(self._history)
        tricks_before = self._tricks_done
        belote_before = self.belote_seat
        claim: bool | None = None
        if verb is Verb.PASS:
            self._bid(seat, False, -1)
        elif verb is Verb.TAKE:
            self._bid(seat, True, -1 if action.suit is None else int(action.suit))
        elif verb is Verb.PLAY:
            self.play_card(action.cards[0].index, action.belote)
        elif verb is Verb.DECLARE:
            self._declare(seat, action.cards)
        elif verb is Verb.SWAP:
            self._swap(seat)
        else:
            self._stop(seat)
            claim = self._claim_held
        trick: tuple[Card, ...] | None = None
        leader = winner = None
        if self._tricks_done > tricks_before:
            n = self._n
            k = tricks_before
            trick = tuple(CARDS[i] for i in self._played[k * n : (k + 1) * n])
            winner = self._trick_winners[k]
            leader = self._trick_winners[k - 1] if k else (self._dealer + 1) % n
        match_winner = None
        if (tricks_before == 0 and self._tricks_done == 1 and self._eight_run_side >= 0) or (
            self._end is EndReason.STOPPED
        ):
            match_winner = self.result.match_winner
        return ActionRecord(
            action=action,
            index=index,
            phase=self.phase,
            trick=trick,
            trick_leader=leader,
            trick_winner=winner,
            belote=belote_before is None and self.belote_seat is not None,
            declarations=self._resolved if trick is not None and tricks_before == 0 else None,
            claim_held=claim,
            match_winner=match_winner,
        )

    def apply_all(self, actions: Sequence[Action | str]) -> None:
        """Apply actions (or their notation) in order.

        Raises:
            IllegalAction: an action is not legal; earlier ones stay applied.
            NotationError: a text is not an action.
        """
        for action in actions:
            self.apply(Action.parse(action) if isinstance(action, str) else action)

    # --- bidding --------------------------------------------------------------------------

    def _bid_reason(self, seat: int, take: bool, suit: int) -> str | None:
        phase = self._phase
        if phase >= _PLAY:
            return "the bidding is over" if phase == _PLAY else "the deal is over"
        if seat != self._to_act:
            return f"it is seat {self._to_act}'s turn to bid, not seat {seat}'s"
        turned_suit = self._turned >> 3
        first = self._bid_count == 0 and phase == _BID1
        jack_rule = self.rules.jack_obligatory and self._turned & 7 == _JACK and first
        if not take:
            if jack_rule:
                return (
                    f"the turned card {CARDS[self._turned]} is a jack: the first player "
                    "must take it (jack_obligatory)"
                )
            return None
        if phase == _BID1:
            if suit >= 0:
                return (
                    f"round 1 takes the turned suit {Suit(turned_suit).letter}; a suit is "
                    "named only in round 2 (write 'take')"
                )
            return None
        if suit < 0:
            return (
                "round 2 names a suit other than the turned one "
                f"{Suit(turned_suit).letter} (write 'take S', 'take H', ...)"
            )
        if suit == turned_suit:
            return (
                f"round 2 cannot name the turned suit {Suit(turned_suit).letter}; "
                "name another suit or pass"
            )
        return None

    def _bid(self, seat: int, take: bool, suit: int) -> None:
        self._history.append((seat, _H_TAKE if take else _H_PASS, suit if take else None))
        n = self._n
        if not take:
            self._bid_count += 1
            if self._bid_count < n:
                self._to_act = (seat + 1) % n
            elif self._phase == _BID1 and self.rules.second_round:
                self._phase = _BID2
                self._bid_count = 0
                self._to_act = (self._dealer + 1) % n
            else:
                self._phase = _OVER
                self._end = EndReason.REDEAL
                self._to_act = -1
            return
        self._taker = seat
        self._trump = trump = self._turned >> 3 if suit < 0 else suit
        self._beaters = _BEATERS[trump]
        self._complete()
        self._phase = _PLAY
        self._leader = self._to_act = (self._dealer + 1) % n
        self._find_belote_holder()
        self._reset_legal()

    def _complete(self) -> None:
        rules, taker = self.rules, self._taker
        hands, deck = self._hands, self._deck
        for seat, positions in enumerate(self._layout.completion[taker]):
            hand = hands[seat]
            for pos in positions:
                hand |= 1 << deck[pos]
            hands[seat] = hand
        if rules.taker_takes_turned:
            hands[taker] |= 1 << self._turned
            self._table_card = -1
        self._next_card = self._layout.next_card[taker]
        if rules.show_bottom_card:
            self._bottom = deck[31]

    def _find_belote_holder(self) -> None:
        king, queen = self._trump * 8 + _KING, self._trump * 8 + _QUEEN
        pair = 1 << king | 1 << queen
        self._belote_holder = -1
        self._belote_pair = ()
        for seat, hand in enumerate(self._hands):
            if hand & pair == pair:
                self._belote_holder = seat
                self._belote_pair = (king, queen)

    def _reset_legal(self) -> None:
        """Set the legal-card cache after a change outside the play of a card."""
        if self._phase != _PLAY:
            self._legal = 0
        elif self._trick:
            self._legal = -1
        else:
            self._legal = self._hands[self._to_act]

    # --- the seven swap ---------------------------------------------------------------------

    def _swap_holder(self) -> int:
        if (
            not self.rules.seven_swap
            or self._phase != _PLAY
            or self._played
            or self._trick
            or self._swapped >= 0
            or self._table_card < 0
            or self._table_card >> 3 != self._trump
            or self._table_card == self._trump * 8 + _SEVEN
        ):
            return -1
        seven = 1 << (self._trump * 8 + _SEVEN)
        for seat, hand in enumerate(self._hands):
            if hand & seven and not self._declared[seat]:
                return seat
        return -1

    def _swap_reason(self, seat: int) -> str | None:
        rules = self.rules
        if not rules.seven_swap:
            return f"{rules.name} has no seven-of-trump swap"
        if self._phase < _PLAY:
            return "the 7 of trump can be swapped only once the trump is fixed"
        if self._played or self._trick:
            return "the 7 of trump can be swapped only before the first card is played"
        if self._swapped >= 0:
            return f"seat {self._swapped} has already swapped the 7 of trump"
        if self._table_card < 0 or self._table_card >> 3 != self._trump:
            return "the swap is allowed only when trump is the turned suit (taken in round 1)"
        seven = self._trump * 8 + _SEVEN
        if not self._hands[seat] >> seven & 1:
            return f"seat {seat} does not hold the 7 of trump {CARDS[seven]}"
        if self._declared[seat]:
            return f"seat {seat} has already declared: swap before declaring"
        return None

    def _swap(self, seat: int) -> None:
        seven = self._trump * 8 + _SEVEN
        self._hands[seat] ^= (1 << seven) | (1 << self._table_card)
        self._table_card = seven
        self._swapped = seat
        self._history.append((seat, _H_SWAP, None))
        self._find_belote_holder()
        self._reset_legal()

    # --- declarations -----------------------------------------------------------------------

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

    # --- play -----------------------------------------------------------------------------

    def _has_played(self, seat: int) -> bool:
        """Whether ``seat`` has played a card in this deal."""
        return bool(self._played) or (seat - self._leader) % self._n < len(self._trick)

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
        """Name the play obligation that forbids ``card`` (RULES.md §5)."""
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

    # --- calling out ----------------------------------------------------------------------

    def _stop_reason(self, seat: int) -> str | None:
        policy = self.rules.calling_out
        if policy is CallingOut.NONE:
            return f"{self.rules.name} has no calling out"
        if self._phase != _PLAY:
            return "calling out happens during the play of the cards"
        if seat != self._to_act:
            return f"it is seat {self._to_act}'s turn, not seat {seat}'s"
        if policy is CallingOut.LEADER_MASTER:
            if self._trick or not self._tricks_done:
                return (
                    "only the player about to lead after winning the previous trick "
                    "may call out"
                )
            if self._stopper >= 0:
                return f"seat {self._stopper} has already called out"
            return None
        if not self._counting[seat]:
            return (
                f"seat {seat} has not yet won a trick holding a counting card in this deal"
            )
        if self._hand_size - self._tricks_done < 2:
            return "the deal cannot be stopped with only one trick left"
        return None

    def points_so_far(self, side: int) -> int:
        """A side's points so far in this deal (RULES.md §8.1, §8.2).

        Card points of its tricks, its scoring declarations once resolved,
        and a completed belote; no last-trick bonus before the last trick.
        """
        total = self.card_points_of(side)
        if self._resolved:
            for declaration in self._resolved:
                if self.side(declaration.seat) == side:
                    total += declaration.combination.points(self.rules)
        belote = self.belote_seat
        if belote is not None and self.side(belote) == side:
            total += self.rules.belote_value
        return total

    def claim_holds(self, seat: int) -> bool:
        """Whether a claim by ``seat`` now would reach the target."""
        side = self.side(seat)
        return self.rules.reached_target(
            self._totals[side] + self.points_so_far(side), self._target
        )

    def _stop(self, seat: int) -> None:
        self._claim_held = self.claim_holds(seat)
        self._stopper = seat
        self._history.append((seat, _H_STOP, None))
        if self.rules.calling_out is CallingOut.ARRETE:
            self._phase = _OVER
            self._end = EndReason.STOPPED
            self._to_act = -1
        self._reset_legal()

    # --- the end ----------------------------------------------------------------------------

    def tally(self) -> Tally | None:
        """What a scorekeeper would count now (the whole deal once it is over).

        ``None`` before a trump is fixed or after everyone passed. For a deal
        stopped by "j'arrête", ``last_trick`` is ``None``.
        """
        if self._taker < 0:
            return None
        won, points = self._tricks_won, self._points
        last: int | None = None
        if self._tricks_done == self._hand_size:
            last = self._trick_winners[-1]
        tricks: tuple[int, ...]
        card_points: tuple[int, ...]
        if self._partners:  # teams: seats 0 and 2, 1 and 3
            tricks = (won[0] + won[2], won[1] + won[3])
            card_points = (points[0] + points[2], points[1] + points[3])
            if last is not None:
                last &= 1
        else:
            tricks, card_points = tuple(won), tuple(points)
        holder = self._belote_holder
        return Tally(
            taker=self._taker,
            trump=_SUITS[self._trump],
            tricks=tricks,
            card_points=card_points,
            last_trick=last,
            announcements=tuple(self._declarations),
            belote=holder if holder >= 0 and self._belote_calls[holder] == 2 else None,
            dealer=self._dealer,
            players=self._n,
            stopped_by=self._stopper if self._end is EndReason.STOPPED else None,
        )

    @property
    def result(self) -> DealResult:
        """The deal's result, scored by [`score_tally`][belote.scoring.score_tally].

        Raises:
            IllegalAction: the deal is not over.
        """
        if self._result is not None:
            return self._result
        if self._phase != _OVER:
            raise IllegalAction(f"the deal is not over: seat {self._to_act} is to act")
        if self._end is EndReason.REDEAL:
            result = redeal_result(self.rules, self._pending, self._n)
        else:
            tally = self.tally()
            assert tally is not None
            if self._pending >= 0 and self._partners == self.rules.partnerships:
                # A tally the engine built holds every check of check_tally: skip them.
                result = _score_trusted(tally, self.rules, self._pending, self._resolved)
            else:  # a negative pending, or a partnership variant at another table size
                result = score_tally(tally, self.rules, pending=self._pending)
            winner, reason = self._match_end(result)
            if winner is not None and result.match_winner is None:
                result = attrs.evolve(result, match_winner=winner, match_end_reason=reason)
        self._result = result
        return result

    def _match_end(self, result: DealResult) -> tuple[int | None, str | None]:
        if self._stopper < 0:
            return None, None
        side = self.side(self._stopper)
        if self.rules.calling_out is CallingOut.LEADER_MASTER:
            failed = (
                self.rules.has_contract
                and side == self.side(self._taker)
                and result.outcome is Outcome.FAILED
            )
            if self._claim_held and not failed:
                return side, f"seat {self._stopper} called out and made it"
            why = "without the points" if not self._claim_held else "and the attack failed"
            return self._best_other(side, result), f"seat {self._stopper} called out {why}"
        if self._claim_held:
            return side, f"seat {self._stopper} stopped the deal with the points"
        return self._best_other(side, result), f"seat {self._stopper} stopped without the points"

    def _best_other(self, side: int, result: DealResult) -> int:
        """The opponent side that wins when ``side`` loses the match by calling out.

        Two sides: the other one. Three players (**[reading]**, RULES.md is
        silent): the other player with the higher match score after this
        deal; on a tie, the first of them in playing order after the caller.
        """
        sides = self.sides
        others = [(side + k) % sides for k in range(1, sides)]
        return max(others, key=lambda s: (self._totals[s] + result.scores[s], -others.index(s)))

    # --- views ------------------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now: its hand and everything public."""
        if not 0 <= seat < self._n:
            raise InvalidArgument(f"no seat {seat} at a table of {self._n}")
        shown = self._resolved is not None
        bids = tuple(
            self._action_of(entry) for entry in self._history if entry[1] in (_H_PASS, _H_TAKE)
        )
        return Observation(
            seat=seat,
            players=self._n,
            dealer=self._dealer,
            variant=self.rules.name,
            phase=self.phase,
            to_act=self.to_act,
            hand=self.hand(seat),
            turned=self.turned,
            table_card=self.table_card,
            bottom=self.bottom,
            trump=self.trump,
            taker=self.taker,
            bids=bids,
            swapped=None if self._swapped < 0 else self._swapped,
            tricks=self.tricks,
            trick_winners=self.trick_winners,
            trick=self.trick,
            trick_leader=self._leader if self._phase == _PLAY else None,
            own_declarations=tuple(d for d in self._declarations if d.seat == seat),
            declarations=tuple(self._declarations) if shown else (),
            scoring_declarations=self._resolved,
            belote_calls=tuple(self._belote_calls),
            card_points=tuple(self.card_points_of(s) for s in range(self.sides)),
            tricks_won=tuple(self.tricks_of(s) for s in range(self.sides)),
            called_out=self.called_out,
            totals=self._totals,
            target=self._target,
        )

    def to_record(self) -> dict[str, object]:
        """The deal record of CONTRACT.md: variant, players, dealer, deck, actions."""
        return {
            "variant": self.rules.name,
            "players": self._n,
            "dealer": self._dealer,
            "deck": [str(CARDS[i]) for i in self._deck],
            "actions": [str(action) for action in self.history],
        }
