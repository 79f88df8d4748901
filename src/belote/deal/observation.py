"""What one seat may know of a deal, [`Observation`][belote.deal.Observation], and the table drawn for people.

The observation is the only view of a deal an agent gets
([`belote.agents`][belote.agents]): its own hand and everything public, never
another seat's hidden cards. ``str(observation)``
([`draw_observation`][belote.deal.observation.draw_observation]) and
``deal.view(seat)`` draw it, the other hands face down; ``str(deal)`` draws
the whole table with every hand face up, as a kibitzer or a teacher sees it
([`draw_table`][belote.deal.observation.draw_table]). Both read as a player reads the table:
- the variant, the dealer, the phase and whose turn it is;
- the turned card, the trump and the taker, and the bids so far;
- each hand, one suit a row, the trump first and each suit in trick order
  (trump: J 9 A 10 K Q 8 7; plain: A 10 K Q J 9 8 7);
- the trick on the table, who played what;
- tricks and card points so far per side, declarations, belote and
  rebelote, and the match: totals, target and pending litige points.

>>> from belote.deal import Deal
>>> deal = Deal("classic", list(range(32)), dealer=3)
>>> deal.apply_all(["0 pass", "1 take", "0 play 7S", "1 play 10S"])
>>> print(deal)
classic, 4 players, dealer seat 3
play: seat 2 to play
turned J♦, trump ♦ taken by seat 1
bids: 0 pass, 1 take
<BLANKLINE>
seat 0 (team 0)
  ♦ A K Q
  ♠ 9 8
  ♥ Q J
  ♣ -
seat 1 (team 1), taker
  ♦ J
  ♠ Q J
  ♥ A K
  ♣ 8 7
seat 2 (team 0)
  ♦ 8 7
  ♠ A K
  ♥ 7
  ♣ 10 J 9
seat 3 (team 1), dealer
  ♦ 9 10
  ♠ -
  ♥ 10 9 8
  ♣ A K Q
<BLANKLINE>
trick 1, led by seat 0: 0 7♠, 1 10♠
team 0 (seats 0 and 2): 0 tricks, 0 card points
team 1 (seats 1 and 3): 0 tricks, 0 card points
match: 0 to 0, playing to 1000

Seat 2's own view hides the other hands, showing how many cards each holds:

>>> print(deal.view(2))
classic, 4 players, dealer seat 3, seen by seat 2
play: seat 2 to play
turned J♦, trump ♦ taken by seat 1
bids: 0 pass, 1 take
<BLANKLINE>
seat 0 (team 0): 7 cards
seat 1 (team 1), taker: 7 cards
seat 2 (team 0), you
  ♦ 8 7
  ♠ A K
  ♥ 7
  ♣ 10 J 9
seat 3 (team 1), dealer: 8 cards
<BLANKLINE>
trick 1, led by seat 0: 0 7♠, 1 10♠
team 0 (seats 0 and 2): 0 tricks, 0 card points
team 1 (seats 1 and 3): 0 tricks, 0 card points
match: 0 to 0, playing to 1000
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from belote.actions import Action, Strain, Verb
from belote.cards import CARDS, PLAIN_ORDER, TRUMP_ORDER, Card, CardSet, Suit
from belote.deal.codes import BID_CODES, H_DECLARE, OVER, PLAY, SUITS, Phase, phase_of
from belote.deal.records import action_of, history
from belote.deal.state import DealState, check_seat, completed_tricks, per_side
from belote.errors import InvalidArgument
from belote.rules import Rules
from belote.rules.checks import instance, sequence, whole_or_none
from belote.scoring import DealResult
from belote.scoring.announcements import Declaration
from belote.scoring.contract import Contract

__all__ = [
    "Observation", "contract_text", "draw_observation", "draw_table", "format_card", "format_hand", "observation",
    "reredoubler", "standing_contract", "strain_text",
]


class Observation(NamedTuple):
    """What one seat may know of a deal: its own hand and everything public.

    A named tuple (cheap to build: the engine makes one per call of
    [`observation`][belote.deal.Deal.observation]). Never holds another seat's hidden cards: declared combinations of other
    seats appear only once shown (after the first trick).

    Attributes:
        seat: the observing seat.
        players: the number of players.
        dealer: the dealer's seat.
        variant: the variant's name.
        phase: the deal's phase.
        to_act: the seat whose turn it is, or ``None`` when the deal is over.
        hand: the observing seat's cards.
        turned: the card turned up after the first distribution, ``None`` in an auction.
        table_card: the card lying face up on the table now (``french``: the
            turned card, or the 7 of trump after a swap), else ``None``.
        bottom: the deck's bottom card when the variant shows it, else ``None``.
        trump: the trump suit once fixed; ``None`` in a no-trumps or all-trumps
            contract, whose strain ``contract`` gives (docs/bulgarian.md#trump-modes).
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
        pending: litige points waiting from earlier deals.
        rules: the variant's rules (a [`Rules`][belote.rules.model.Rules] value).
        history: every action the seat has seen, in order: all of them but the
            other seats' declarations before they are shown (after the first
            trick); the swap decision (``swap`` or ``keep``) is public.

    ``str()`` draws the table as the seat sees it
    ([`draw_observation`][belote.deal.observation.draw_observation]).
    """

    seat: int
    players: int
    dealer: int
    variant: str
    phase: Phase
    to_act: int | None
    hand: CardSet
    turned: Card | None
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
    pending: int
    rules: Rules
    history: tuple[Action, ...]

    @property
    def contract(self) -> Contract | None:
        """The auction's standing (then played) contract as a typed value, read from ``bids``.

        ``None`` before the first bid and in a variant without an auction.

        >>> from belote.deal import Deal
        >>> deal = Deal.random("contree", seed=3)
        >>> deal.apply_all(["1 bid 90 H", "2 coinche"])
        >>> str(deal.observation(0).contract), deal.observation(0).contract == deal.contract
        ('90 H coinched', True)
        """
        found = standing_contract(self.bids)
        if found is None:
            return None
        bid, coincher, surcoincher = found
        assert bid.strain is not None  # a bid names its strain
        return Contract(bid.value, bid.strain,
                        2 if surcoincher is not None else 1 if coincher is not None else 0)

    def __str__(self) -> str:
        return draw_observation(self)


_new_observation: Final = tuple.__new__


def observation(s: DealState, seat: int) -> Observation:
    """What ``seat`` may know now: its hand and everything public.

    Built from the state as it stands (the completed tricks, the bids and the
    history are kept as typed values once known), not replayed.

    Raises:
        InvalidArgument: ``seat`` is not a seat of the table.
        InvalidArgumentType: ``s`` is not a ``DealState``, ``seat`` not a whole number.
    """
    instance(s, DealState, "s")
    n = s.n
    if type(seat) is not int or not 0 <= seat < n:
        check_seat(s, seat)  # raises the typed error
    phase = s.phase
    bids = s.bids_view
    if bids is None:
        bids = tuple([action_of(s, e) for e in s.history if e[1] in BID_CODES])
        if phase >= PLAY:  # the bidding is over: the bids never change again
            s.bids_view = bids
    card_points, tricks_won = per_side(s, s.points), per_side(s, s.tricks_won)
    declarations = s.declarations
    resolved = s.resolved
    seen = history(s)
    if declarations and resolved is None and any(d.seat != seat for d in declarations):
        # Other seats' declarations stay hidden until shown after the first trick.
        seen = tuple([
            action
            for action, entry in zip(seen, s.history, strict=True)
            if entry[1] != H_DECLARE or entry[0] == seat
        ])
    trump, table, bottom = s.trump, s.table_card, s.bottom
    return _new_observation(Observation, (
        seat,
        n,
        s.dealer,
        s.rules.name,
        phase_of(phase, s.layout.auction),
        None if phase == OVER else s.to_act,
        CardSet.from_mask(s.hands[seat]),
        CARDS[s.turned] if s.turned >= 0 else None,
        None if table < 0 else CARDS[table],
        None if bottom < 0 else CARDS[bottom],
        None if not 0 <= trump < 4 else SUITS[trump],  # no-trumps, all-trumps: no trump suit
        None if s.taker < 0 else s.taker,
        bids,
        None if s.swapped < 0 else s.swapped,
        completed_tricks(s),
        tuple(s.trick_winners),
        tuple([CARDS[i] for i in s.trick]),
        s.leader if phase == PLAY else None,
        tuple([d for d in declarations if d.seat == seat]) if declarations else (),
        tuple(declarations) if resolved is not None else (),
        resolved,
        s.belote_calls,
        card_points,
        tricks_won,
        None if s.stopper < 0 else s.stopper,
        s.totals,
        s.target,
        s.pending,
        s.rules,
        seen,
    ))


# --- the table drawn for people ---------------------------------------------------------

_PHASE_TEXT = {
    "bidding-1": "bidding, round 1",
    "bidding-2": "bidding, round 2",
    "play": "play",
    "over": "over",
}


def standing_contract(bids: Sequence[Action]) -> tuple[Action, int | None, int | None] | None:
    """The standing contract of an auction, read from its bids (RULES §11.1, docs/contree.md).

    The last ``bid``, the seat that coinched (doubled) it and the seat that
    surcoinched (redoubled) it (``None`` where nobody did); ``None`` before any bid.

    >>> bids = [Action.parse(text) for text in ("1 bid 80 C", "2 bid 100 H", "3 coinche", "0 pass")]
    >>> contract, coincher, surcoincher = standing_contract(bids)
    >>> str(contract), coincher, surcoincher
    ('2 bid 100 H', 3, None)

    Raises:
        InvalidArgumentType: ``bids`` is not a list or tuple of ``Action`` values.
    """
    for index, action in enumerate(sequence(bids, "bids")):
        instance(action, Action, f"bids[{index}]")

    contract: Action | None = None
    coincher = surcoincher = None
    for action in bids:
        if action.verb is Verb.BID:
            contract, coincher, surcoincher = action, None, None
        elif action.verb is Verb.COINCHE or action.verb is Verb.DOUBLE:
            coincher = action.seat
        elif action.verb is Verb.SURCOINCHE or action.verb is Verb.REDOUBLE:
            surcoincher = action.seat
    return None if contract is None else (contract, coincher, surcoincher)


def reredoubler(bids: Sequence[Action]) -> int | None:
    """The seat that re-redoubled the standing bid (``auction.reredouble``), else ``None``.

    The third level of a strain auction (docs/bulgarian.md#the-auction), beside the
    coincher and surcoincher [`standing_contract`][belote.deal.observation.standing_contract]
    gives; a higher bid cancels it like them.

    >>> bids = [Action.parse(text) for text in ("1 bid H", "2 double", "3 redouble", "0 reredouble")]
    >>> reredoubler(bids), reredoubler(bids[:3])
    (0, None)

    Raises:
        InvalidArgumentType: ``bids`` is not a list or tuple of ``Action`` values.
    """
    for index, action in enumerate(sequence(bids, "bids")):
        instance(action, Action, f"bids[{index}]")

    seat = None
    for action in bids:
        if action.verb is Verb.BID:
            seat = None
        elif action.verb is Verb.REREDOUBLE:
            seat = action.seat
    return seat


def strain_text(strain: Strain) -> str:
    """A strain for people: the suit symbol, or ``NT`` / ``AT``.

    >>> strain_text(Strain.HEARTS), strain_text(Strain.NO_TRUMP)
    ('♥', 'NT')

    Raises:
        InvalidArgumentType: ``strain`` is not a ``Strain``.
    """
    instance(strain, Strain, "strain")

    suit = strain.suit
    return strain.letter if suit is None else suit.symbol


def contract_text(bids: Sequence[Action]) -> str | None:
    """The standing contract in words, read from the bids; ``None`` before any bid.

    >>> bids = [Action.parse(text) for text in ("1 bid 80 C", "2 bid capot H", "3 coinche", "0 surcoinche")]
    >>> contract_text(bids)
    'capot ♥ by seat 2, coinched by seat 3, surcoinched by seat 0'

    Raises:
        InvalidArgumentType: ``bids`` is not a list or tuple of ``Action`` values.
    """
    for index, action in enumerate(sequence(bids, "bids")):
        instance(action, Action, f"bids[{index}]")

    found = standing_contract(bids)
    if found is None:
        return None
    bid, coincher, surcoincher = found
    assert bid.strain is not None  # a bid names its strain
    if bid.value == 0:  # a strain auction (bulgarian): the strain alone, doubled and redoubled
        text = f"{strain_text(bid.strain)} by seat {bid.seat}"
        words = ("doubled", "redoubled")
    else:
        text = f"{'capot' if bid.value is None else bid.value} {strain_text(bid.strain)} by seat {bid.seat}"
        words = ("coinched", "surcoinched")
    if coincher is not None:
        text += f", {words[0]} by seat {coincher}"
    if surcoincher is not None:
        text += f", {words[1]} by seat {surcoincher}"
    third = reredoubler(bids)
    if third is not None:
        text += f", re-redoubled by seat {third}"
    return text


def format_card(card: Card) -> str:
    """A card for people: its rank and the suit symbol (``J♦``, ``10♠``).

    >>> format_card(Card.parse("10S"))
    '10♠'

    Raises:
        InvalidArgumentType: ``card`` is not a ``Card``.
    """
    instance(card, Card, "card")

    return card.rank.text + card.suit.symbol


def format_hand(hand: CardSet, trump: Suit | None = None) -> list[str]:
    """A hand for people: one row a suit, the trump first, each suit in trick order.

    Before a trump is fixed the suits come in the order ♠ ♥ ♦ ♣, each in
    plain order. A void suit shows ``-``.

    >>> format_hand(CardSet.parse("7H JH 9H AS 10S 8C"), Suit.HEARTS)
    ['♥ J 9 7', '♠ A 10', '♦ -', '♣ 8']

    Raises:
        InvalidArgumentType: ``hand`` is not a ``CardSet``, ``trump`` not a ``Suit`` or
            ``None``.
    """
    instance(hand, CardSet, "hand")
    if trump is not None:
        instance(trump, Suit, "trump")

    suits = list(Suit)
    if trump is not None:
        suits.remove(trump)
        suits.insert(0, trump)
    rows = []
    for suit in suits:
        order = TRUMP_ORDER if suit == trump else PLAIN_ORDER
        held = [rank.text for rank in order if Card(rank, suit) in hand]
        rows.append(f"{suit.symbol} {' '.join(held) or '-'}")
    return rows


def draw_observation(observation: Observation) -> str:
    """One seat's view: its own hand face up, the others' as a count of cards.

    >>> from belote.deal import Deal
    >>> deal = Deal("classic", list(range(32)), dealer=3)
    >>> print(deal.view(0))
    classic, 4 players, dealer seat 3, seen by seat 0
    bidding, round 1: seat 0 to bid
    turned J♦
    <BLANKLINE>
    seat 0 (team 0), you
      ♠ 9 8 7
      ♥ Q J
      ♦ -
      ♣ -
    seat 1 (team 1): 5 cards
    seat 2 (team 0): 5 cards
    seat 3 (team 1), dealer: 5 cards
    <BLANKLINE>
    team 0 (seats 0 and 2): 0 tricks, 0 card points
    team 1 (seats 1 and 3): 0 tricks, 0 card points
    match: 0 to 0, playing to 1000

    Raises:
        InvalidArgumentType: ``observation`` is not an ``Observation``.
    """
    instance(observation, Observation, "observation")

    seat = observation.seat
    hands: list[CardSet | None] = [None] * observation.players
    hands[seat] = observation.hand
    shown = list(observation.declarations)
    shown.extend(d for d in observation.own_declarations if d not in shown)
    return draw_table(observation, hands, declarations=shown, result=None, viewer=seat)


def _seat_label(seat: int, partners: bool) -> str:
    return f"seat {seat} (team {seat & 1})" if partners else f"seat {seat}"


def draw_table(
    obs: Observation,
    hands: Sequence[CardSet | None],
    *,
    declarations: Sequence[Declaration],
    result: DealResult | None,
    viewer: int | None,
) -> str:
    """The table drawn from ``obs``, with ``hands`` face up (``None``: face down, a count).

    What [`draw_observation`][belote.deal.observation.draw_observation] and
    ``str(deal)`` print; ``viewer`` is the seat looking, or ``None`` for a kibitzer.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: not one hand per seat, or ``viewer`` not a seat.
    """
    instance(obs, Observation, "obs")
    if len(sequence(hands, "hands")) != obs.players:
        raise InvalidArgument(f"hands: expected one per seat ({obs.players}), got {len(hands)}")
    for index, hand in enumerate(hands):
        if hand is not None:
            instance(hand, CardSet, f"hands[{index}]")
    for index, declaration in enumerate(sequence(declarations, "declarations")):
        instance(declaration, Declaration, f"declarations[{index}]")
    if result is not None:
        instance(result, DealResult, "result")
    whole_or_none(viewer, "viewer", 0, obs.players - 1)

    n = obs.players
    sides = len(obs.card_points)
    partners = n == 4 and sides == 2
    lines = []
    seen = "" if viewer is None else f", seen by seat {viewer}"
    lines.append(f"{obs.variant}, {n} players, dealer seat {obs.dealer}{seen}")
    phase = _PHASE_TEXT.get(obs.phase.value, obs.phase.value)
    if obs.to_act is None:
        lines.append(f"{phase}" + ("" if result is None else f": {result.outcome.value}"))
    else:
        doing = "play" if obs.phase.value in ("play", "over") else "bid"
        if any(a.verb.value == "take" for a in obs.bids) and obs.phase.value == "play" \
                and not obs.tricks and not obs.trick and _deciding(obs):
            doing = "swap or keep the 7 of trump"
        lines.append(f"{phase}: seat {obs.to_act} to {doing}")

    if obs.rules.has_auction:  # no card is turned: the auction's standing contract instead
        table = "contract " + (contract_text(obs.bids) or "none yet")
        if obs.trump is not None:
            table += f", trump {obs.trump.symbol} taken by seat {obs.taker}"
    else:
        assert obs.turned is not None  # a turned-card variant always turns one
        table = f"turned {format_card(obs.turned)}"
        if obs.trump is not None:
            table += f", trump {obs.trump.symbol} taken by seat {obs.taker}"
    if obs.table_card is not None and obs.table_card != obs.turned:
        table += f", on the table {format_card(obs.table_card)}"
    if obs.bottom is not None:
        table += f", bottom card {format_card(obs.bottom)}"
    lines.append(table)
    if obs.bids:
        lines.append("bids: " + ", ".join(str(action) for action in obs.bids))
    if obs.swapped is not None:
        lines.append(f"seat {obs.swapped} swapped the 7 of trump for the turned card")

    lines.append("")
    played = _cards_played(obs)
    own_count = (
        len(obs.hand) + played[obs.seat] if viewer is not None else 0
    )  # every seat holds the same number of cards before play
    for seat in range(n):
        label = _seat_label(seat, partners)
        if seat == obs.taker:
            label += ", taker"
        if seat == obs.dealer:
            label += ", dealer"
        hand = hands[seat]
        if hand is None:
            count = own_count - played[seat]
            lines.append(f"{label}: {count} card{'s' if count != 1 else ''}")
            continue
        if seat == viewer:
            label += ", you"
        if not hand:
            lines.append(f"{label}: no cards")
            continue
        lines.append(label)
        lines.extend("  " + row for row in format_hand(hand, obs.trump))
    lines.append("")

    if obs.trick:
        leader = obs.trick_leader if obs.trick_leader is not None else 0
        cards = ", ".join(
            f"{(leader + k) % n} {format_card(card)}" for k, card in enumerate(obs.trick)
        )
        lines.append(f"trick {len(obs.tricks) + 1}, led by seat {leader}: {cards}")
    if obs.tricks:
        last_leader, last_cards = obs.tricks[-1]
        cards = ", ".join(
            f"{(last_leader + k) % n} {format_card(card)}" for k, card in enumerate(last_cards)
        )
        lines.append(
            f"last trick ({len(obs.tricks)}), won by seat {obs.trick_winners[-1]}: {cards}"
        )
    for side in range(sides):
        won = obs.tricks_won[side]
        who = f"team {side} (seats {side} and {side + 2})" if partners else f"seat {side}"
        lines.append(
            f"{who}: {won} trick{'s' if won != 1 else ''}, {obs.card_points[side]} card points"
        )
    if declarations:
        scoring = obs.scoring_declarations
        items = []
        for declaration in declarations:
            combination = declaration.combination
            high_first = sorted(combination.cards, key=lambda card: (-card.rank, card.suit))
            cards = " ".join(format_card(card) for card in high_first)
            mark = ""
            if scoring is not None:
                mark = " (scores)" if declaration in scoring else " (does not score)"
            items.append(f"seat {declaration.seat} {combination.kind_name} {cards}{mark}")
        lines.append("declarations: " + ", ".join(items))
    for seat, calls in enumerate(obs.belote_calls):
        if calls:
            said = "belote and rebelote" if calls == 2 else "belote"
            lines.append(f"seat {seat} said {said}")
    if obs.called_out is not None:
        lines.append(f"seat {obs.called_out} called stop")
    totals = " to ".join(str(total) for total in obs.totals)
    match = f"match: {totals}, playing to {obs.target}"
    if obs.pending:
        match += f", {obs.pending} points pending"
    lines.append(match)
    if result is not None:
        scores = " to ".join(str(score) for score in result.scores)
        lines.append(f"result: {result.outcome.value}, {scores}")
    return "\n".join(lines)


def _deciding(obs: Observation) -> bool:
    """Whether the seat to act is deciding on the seven swap (its decision not yet in the history)."""
    from belote.actions import Verb

    rules = obs.rules
    if not rules.seven_swap or obs.table_card is None or obs.trump is None:
        return False
    if obs.table_card.suit != obs.trump or obs.table_card.rank.value == 0:
        return False
    if any(a.verb in (Verb.SWAP, Verb.KEEP, Verb.DECLARE, Verb.PLAY) for a in obs.history):
        return False
    return obs.to_act is not None and obs.swapped is None


def _cards_played(obs: Observation) -> list[int]:
    """How many cards each seat has played in this deal."""
    n = obs.players
    played = [0] * n
    for _leader, cards in obs.tricks:
        for k in range(len(cards)):
            played[k % n] += 1
    leader = obs.trick_leader if obs.trick_leader is not None else 0
    for k in range(len(obs.trick)):
        played[(leader + k) % n] += 1
    return played
