"""Hypothesis strategies for Belote values (the optional extra ``belote[testing]``).

Each function returns a `hypothesis.strategies.SearchStrategy` and
can be composed like the strategies of `hypothesis.strategies`. They
let a program that deals or scores Belote test itself against this library
(``pip install 'belote[testing]'``), and they drive the library's own
property tests.

This is the only module of the package that imports ``hypothesis``;
``import belote`` never does.

>>> from hypothesis import given
>>> @given(decks())
... def test_a_deck_holds_152_card_points(deck):
...     assert sum(card.points(deck[0].suit) for card in deck) == 152
>>> test_a_deck_holds_152_card_points()
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Final

import attrs

try:
    from hypothesis import strategies as st
except ModuleNotFoundError as exc:  # the extra is not installed: say which one
    from belote.rules.checks import missing_extra

    raise ModuleNotFoundError(missing_extra("belote.strategies", "testing", exc), name=exc.name) from exc

from belote.cards import CARDS, SEQUENCE_ORDER, Card, CardSet, Rank, Suit
from belote.errors import InvalidArgument, InvalidArgumentType, shown
from belote.rules import Rules, available_variants, get_rules

if TYPE_CHECKING:
    from belote.deal import Deal
    from belote.scoring import Tally
    from belote.scoring.announcements import Combination

__all__ = [
    "THEMES",
    "DealStart",
    "card_sets",
    "cards",
    "combinations",
    "deal_records",
    "deals",
    "decks",
    "hands",
    "interesting_deals",
    "played_deals",
    "suits",
    "tallies",
    "variants",
]


@attrs.frozen(kw_only=True)
class DealStart:
    """Everything a deal starts from: the variant, the table and the deck.

    The fields are those of a deal record (see the Formats page): dealing
    ``deck`` from ``dealer`` by the library's procedure gives every hand.

    Attributes:
        rules: the variant.
        players: the number of players, one the variant allows.
        dealer: the dealer's seat, ``0 <= dealer < players``.
        deck: the 32 cards, top first.
    """

    rules: Rules
    players: int
    dealer: int
    deck: tuple[Card, ...]
    theme: str = ""
    """What [`interesting_deals`][belote.strategies.interesting_deals] rigged
    (``"eight-run"``, ...); empty for a shuffled deck."""
    taker: int | None = None
    """The seat the rigged hands assume takes in the first round, else ``None``."""

    def to_record(self, actions: Sequence[str] = ()) -> dict[str, object]:
        """The deal record (JSON-ready) of this start with ``actions``.

        >>> start = DealStart(rules=get_rules("classic"), players=4, dealer=3, deck=CARDS)
        >>> record = start.to_record(["0 pass"])
        >>> record["variant"], record["dealer"], record["deck"][:3], record["actions"]
        ('classic', 3, ['7S', '8S', '9S'], ['0 pass'])
        """
        return {
            "variant": self.rules.name,
            "players": self.players,
            "dealer": self.dealer,
            "deck": [str(card) for card in self.deck],
            "actions": list(actions),
        }


def suits() -> st.SearchStrategy[Suit]:
    """One of the four suits.

    >>> from hypothesis import given
    >>> @given(suits())
    ... def test_suit_letters_round_trip(suit):
    ...     assert Suit.parse(str(suit)) is suit
    >>> test_suit_letters_round_trip()
    """
    return st.sampled_from(Suit)


def cards() -> st.SearchStrategy[Card]:
    """One of the 32 cards (shrinks towards the seven of spades).

    >>> from hypothesis import given
    >>> @given(cards())
    ... def test_card_notation_round_trips(card):
    ...     assert Card.parse(str(card)) is card
    >>> test_card_notation_round_trips()
    """
    return st.sampled_from(CARDS)


def card_sets(min_size: int = 0, max_size: int = 32) -> st.SearchStrategy[CardSet]:
    """A set of distinct cards with between ``min_size`` and ``max_size`` cards.

    Raises:
        InvalidArgument: the sizes are outside 0..32 or ``min_size > max_size`` (a
            ``ValueError`` too).
        InvalidArgumentType: a size is not a whole number.

    >>> from hypothesis import given
    >>> @given(card_sets(max_size=5))
    ... def test_card_set_notation_round_trips(cards):
    ...     assert CardSet.parse(str(cards)) == cards and len(cards) <= 5
    >>> test_card_set_notation_round_trips()
    """
    for size, name in ((min_size, "min_size"), (max_size, "max_size")):
        if isinstance(size, bool) or not isinstance(size, int):
            raise InvalidArgumentType(f"{name}: expected a whole number, got {shown(size)}")
    if not 0 <= min_size <= max_size <= 32:
        raise InvalidArgument(
            f"card_sets needs 0 <= min_size <= max_size <= 32, got {min_size} and {max_size}"
        )
    return st.lists(cards(), min_size=min_size, max_size=max_size, unique=True).map(CardSet)


def hands(size: int = 8) -> st.SearchStrategy[CardSet]:
    """A hand of exactly ``size`` distinct cards (8 in four-player variants, 9 in ``french``).

    >>> from hypothesis import given
    >>> @given(hands(), suits())
    ... def test_a_hand_holds_at_most_the_whole_trump_suit(hand, trump):
    ...     assert 0 <= hand.points(trump) <= 62 + 3 * 30
    >>> test_a_hand_holds_at_most_the_whole_trump_suit()
    """
    return card_sets(min_size=size, max_size=size)


def decks() -> st.SearchStrategy[tuple[Card, ...]]:
    """The 32 cards in some order, top first.

    >>> from hypothesis import given
    >>> @given(decks())
    ... def test_a_deck_holds_every_card_once(deck):
    ...     assert len(deck) == 32 and CardSet(deck) == CardSet.full_deck()
    >>> test_a_deck_holds_every_card_once()
    """
    return st.permutations(CARDS).map(tuple)


def variants() -> st.SearchStrategy[Rules]:
    """One of the registered variants: the five built-in ones (``contree`` among them) and any plug-in.

    >>> from hypothesis import given
    >>> @given(variants())
    ... def test_a_variant_is_found_by_its_name(rules):
    ...     assert get_rules(rules.name) is rules
    >>> test_a_variant_is_found_by_its_name()
    """
    return st.sampled_from(available_variants())


def deals(variant: str | Rules | None = None) -> st.SearchStrategy[DealStart]:
    """The start of a deal: a variant, a player count it allows, a dealer and a deck.

    Args:
        variant: the variant's name, alias or [`Rules`][belote.rules.model.Rules];
            ``None`` draws one from [`variants`][belote.strategies.variants].

    Raises:
        UnknownVariant: no variant answers to ``variant``.

    >>> from hypothesis import given
    >>> @given(deals("french"))
    ... def test_french_is_for_two_or_three(start):
    ...     assert start.players in (2, 3) and 0 <= start.dealer < start.players
    >>> test_french_is_for_two_or_three()
    """
    rules_strategy = variants() if variant is None else st.just(get_rules(variant))
    return rules_strategy.flatmap(_deals_for)


def _deals_for(rules: Rules) -> st.SearchStrategy[DealStart]:
    return st.sampled_from(rules.player_counts).flatmap(
        lambda players: st.builds(
            DealStart,
            rules=st.just(rules),
            players=st.just(players),
            dealer=st.integers(min_value=0, max_value=players - 1),
            deck=decks(),
        )
    )


# --- rigged decks -----------------------------------------------------------------------

THEMES: Final = (
    "eight-run",
    "two-eight-runs",
    "long-run",
    "carres",
    "belote-in-run",
    "jack-turned",
    "seven-of-trump",
    "equal-runs",
)
"""The hands [`interesting_deals`][belote.strategies.interesting_deals] can rig."""


@cache
def _seat_positions(
    rules: Rules, players: int, dealer: int, taker: int
) -> tuple[tuple[tuple[int, ...], ...], int, int]:
    """Where the deck's positions end up when ``taker`` takes in the first round.

    Deals a deck whose position ``p`` holds card ``p`` through the library's
    own [`Deal`][belote.deal.Deal], so the map follows the dealing procedure
    whatever it is. Returns each seat's final positions, the turned card's
    position, and the seat that actually took (``taker`` unless a rule such as
    ``jack_obligatory`` made another seat take). An auction (``contree``,
    RULES §11) deals every card before the bidding and turns none: the
    turned card's position is then -1 and ``taker`` is the seat meant to
    hold the contract.
    """
    from belote.actions import Verb
    from belote.deal import Deal

    deal = Deal(rules, list(CARDS), dealer=dealer, players=players)
    if rules.has_auction:
        hands = tuple(tuple(card.index for card in deal.hand(seat)) for seat in range(players))
        return hands, -1, taker
    while deal.taker is None and not deal.is_over:
        seat = deal.to_act
        legal = deal.legal_actions()
        takes = [a for a in legal if a.verb is Verb.TAKE and a.suit is None]
        passes = [a for a in legal if a.verb is Verb.PASS]
        deal.apply(takes[0] if (seat == taker and takes) or not passes else passes[0])
    hands = tuple(tuple(card.index for card in deal.hand(seat)) for seat in range(players))
    actual = deal.taker
    assert actual is not None  # someone takes in the first round
    assert deal.turned is not None  # a take needs a turned card
    return hands, deal.turned.index, actual


def _suit_cards(suit: Suit) -> list[Card]:
    return [Card(rank, suit) for rank in Rank]


def _run_cards(suit: Suit, length: int, start: int) -> list[Card]:
    return [Card(SEQUENCE_ORDER[i], suit) for i in range(start, start + length)]


@st.composite
def _interesting(draw: st.DrawFn, rules: Rules) -> DealStart:
    players = draw(st.sampled_from(rules.player_counts))
    dealer = draw(st.integers(0, players - 1))
    wanted = draw(st.integers(0, players - 1))
    hands, turned_at, taker = _seat_positions(rules, players, dealer, wanted)
    size = len(hands[0])
    theme = draw(st.sampled_from(THEMES))
    seats = draw(st.permutations(range(players)))
    first = taker if draw(st.booleans()) else seats[0]
    second = next(s for s in seats if s != first)
    suit_order = draw(st.permutations(list(Suit)))
    want: dict[int, list[Card]] = {}
    turned: Card | None = None
    if theme in ("eight-run", "two-eight-runs"):
        want[first] = _suit_cards(suit_order[0])
        if theme == "two-eight-runs":
            want[second] = _suit_cards(suit_order[1])
        # the turned card of the first run's suit: the run's holder takes it (004's case)
        if first == taker and rules.taker_takes_turned:
            turned = draw(st.sampled_from(want[first]))
    elif theme == "long-run":
        length = draw(st.integers(6, 7))
        want[first] = _run_cards(suit_order[0], length, draw(st.integers(0, 8 - length)))
    elif theme == "carres":
        ranks = draw(st.permutations(list(Rank)))
        want[first] = [Card(ranks[0], suit) for suit in Suit]
        want[second] = [Card(ranks[1], suit) for suit in Suit]
        if draw(st.booleans()) and size >= 8:
            want[first] += [Card(ranks[2], suit) for suit in Suit]
    elif theme == "belote-in-run":
        trump = suit_order[0]
        start = draw(st.integers(0, 2))  # A K Q, K Q J or Q J 10 at least
        length = draw(st.integers(3 + (start == 2), 5))
        want[first] = _run_cards(trump, length, start)
        if not any(card.rank in (Rank.KING, Rank.QUEEN) for card in want[first]):
            want[first] += [Card(Rank.KING, trump), Card(Rank.QUEEN, trump)]
        turned = draw(st.sampled_from([c for c in _suit_cards(trump) if c not in want[first]]))
    elif theme == "jack-turned":
        turned = Card(Rank.JACK, suit_order[0])
    elif theme == "seven-of-trump":
        trump = suit_order[0]
        want[second] = [Card(Rank.SEVEN, trump)]
        turned = Card(draw(st.sampled_from([Rank.JACK, Rank.NINE, Rank.ACE])), trump)
    else:  # equal-runs: the same tierce in two plain suits, held by two sides
        start = draw(st.integers(0, 5))
        want[first] = _run_cards(suit_order[1], 3, start)
        want[second] = _run_cards(suit_order[2], 3, start)
        turned = Card(Rank.SEVEN if start != 5 else Rank.ACE, suit_order[0])
    deck: list[Card | None] = [None] * 32
    used: set[Card] = set()
    if turned is not None and turned_at >= 0:
        deck[turned_at] = turned
        used.add(turned)
    for seat, cards in want.items():
        free = [p for p in hands[seat] if deck[p] is None]
        todo = [card for card in cards if card not in used][: len(free)]
        places = draw(st.permutations(free))
        for position, card in zip(places, todo, strict=False):
            deck[position] = card
            used.add(card)
    rest = draw(st.permutations([card for card in CARDS if card not in used]))
    empty = [p for p in range(32) if deck[p] is None]
    for position, card in zip(empty, rest, strict=True):
        deck[position] = card
    full = tuple(card for card in deck if card is not None)
    assert len(full) == 32
    return DealStart(
        rules=rules, players=players, dealer=dealer, deck=full, theme=theme, taker=taker
    )


def interesting_deals(variant: str | Rules | None = None) -> st.SearchStrategy[DealStart]:
    """Deal starts with rigged hands: the rare cases a shuffled deck seldom deals.

    The deck is arranged (by the library's own dealing procedure) so that,
    when [`DealStart.taker`][belote.strategies.DealStart.taker] takes in the
    first round, the hands hold one of the [`THEMES`][belote.strategies.THEMES]:
    a whole suit (an 8-card run, once taken with its turned card as in 004's
    match-winning case), two of them in two hands, a 6- or 7-card run, carrés
    in two hands, belote inside a run of the turned suit, a jack turned, the
    7 of the turned suit in another hand (the ``french`` swap), equal plain
    tierces in two hands. If another seat takes, the hands differ by the
    completion only. Everything else is shuffled.

    Args:
        variant: the variant's name, alias or [`Rules`][belote.rules.model.Rules];
            ``None`` draws one from [`variants`][belote.strategies.variants].

    >>> from hypothesis import given, settings
    >>> from belote.deal import Deal
    >>> @settings(max_examples=20, deadline=None)
    ... @given(interesting_deals("italian751"))
    ... def test_rigged_decks_are_decks(start):
    ...     assert sorted(start.deck) == sorted(CARDS) and start.theme
    >>> test_rigged_decks_are_decks()
    """
    rules_strategy = variants() if variant is None else st.just(get_rules(variant))
    return rules_strategy.flatmap(_interesting)


def combinations(variant: str | Rules | None = None) -> st.SearchStrategy[Combination]:
    """A combination a player can show under the variant.

    Either a run of 3 to 8 cards in one suit, or a carré of a rank the
    variant allows.

    Args:
        variant: a variant with announcements (``classic`` has none), by name
            or value; ``None`` draws one of the variants that have them.

    Raises:
        ValueError: the variant has no announcements.

    >>> from hypothesis import given
    >>> @given(combinations("piedicavallo"))
    ... def test_shown_cards_read_back(combination):
    ...     from belote.scoring.announcements import classify
    ...     assert classify(combination.cards, get_rules("piedicavallo")) == combination
    >>> test_shown_cards_read_back()
    """
    if variant is None:
        with_announcements = [r for r in available_variants() if r.has_announcements]
        return st.sampled_from(with_announcements).flatmap(_combinations_for)
    rules = get_rules(variant)
    if not rules.has_announcements:
        from belote.scoring.announcements import no_announcements_message

        raise ValueError(no_announcements_message(rules))
    return _combinations_for(rules)


def _combinations_for(rules: Rules) -> st.SearchStrategy[Combination]:
    from belote.scoring.announcements import classify

    order = SEQUENCE_ORDER  # A K Q J 10 9 8 7

    def run(suit: Suit, length: int, start: int) -> CardSet:
        return CardSet(Card(order[i], suit) for i in range(start, start + length))

    runs = st.tuples(suits(), st.integers(min_value=3, max_value=8)).flatmap(
        lambda suit_length: st.integers(0, 8 - suit_length[1]).map(
            lambda start: run(suit_length[0], suit_length[1], start)
        )
    )
    ranks = sorted(rules.carre_values, key=int)
    shown = runs
    if ranks:
        carres = st.sampled_from(ranks).map(
            lambda rank: CardSet(Card(Rank(rank), suit) for suit in Suit)
        )
        shown = st.one_of(runs, carres)
    return shown.map(lambda cards: classify(cards, rules))


def played_deals(variant: str | Rules | None = None) -> st.SearchStrategy[Deal]:
    """A deal played to its end by random legal actions.

    Starts from [`deals`][belote.strategies.deals] and, while the deal is not over, applies one
    of [`Deal.legal_actions`][belote.deal.Deal.legal_actions]. The deal
    may end in a redeal (everyone passed) or, where the variant allows it,
    with a player stopping it. In a strain auction (``bulgarian``) a seat passes
    on a coin toss, so that every mode and multiplier is played.
    ``deal.to_record()`` is its deal record.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=20, deadline=None)
    ... @given(played_deals("classic"))
    ... def test_every_deal_ends(deal):
    ...     assert deal.is_over
    >>> test_every_deal_ends()
    """
    return deals(variant).flatmap(_play_out)


def _play_out(start: DealStart) -> st.SearchStrategy[Deal]:
    from belote.actions import Verb
    from belote.deal import Deal, Phase

    strain_auction = start.rules.strain_auction

    @st.composite
    def play(draw: st.DrawFn) -> Deal:
        deal = Deal(start.rules, list(start.deck), dealer=start.dealer, players=start.players)
        while not deal.is_over:
            legal = deal.legal_actions()
            # A strain auction's random bids climb to all-trumps: a pass on a coin toss
            # lets every mode and multiplier come (docs/bulgarian.md#the-auction).
            passes = [action for action in legal if action.verb is Verb.PASS]
            if strain_auction and passes and deal.phase is Phase.AUCTION and draw(st.booleans()):
                deal.apply(passes[0])
            else:
                deal.apply(draw(st.sampled_from(legal)))
        return deal

    return play()


def deal_records(variant: str | Rules | None = None) -> st.SearchStrategy[dict[str, object]]:
    """Complete deal records: a legal action sequence from a deck, as JSON values.

    Each is what ``belote replay`` reads (docs/formats.md#deal-record), so a
    user can feed them to his own replayer or scorer and compare results
    with [`belote.records.replay.replay_document`][belote.records.replay.replay_document].

    >>> from hypothesis import given, settings
    >>> from belote.records.replay import replay_document
    >>> @settings(max_examples=10, deadline=None)
    ... @given(deal_records("italian751"))
    ... def test_records_replay(record):
    ...     assert replay_document(record)["variant"] == "italian751"
    >>> test_records_replay()
    """
    return played_deals(variant).map(lambda deal: deal.to_record())


def tallies(variant: str | Rules | None = None) -> st.SearchStrategy[Tally]:
    """The tally of a deal played by random legal actions (never a redeal).

    Every tally is one that a real deal produced, so it is consistent: the
    card points, tricks, last trick, declarations and belote all agree.
    Score one with [`belote.scoring.score_tally`][belote.scoring.pipeline.score_tally].

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=20, deadline=None)
    ... @given(tallies("classic"))
    ... def test_four_player_card_points_sum_to_152(tally):
    ...     assert sum(tally.card_points) == 152
    >>> test_four_player_card_points_sum_to_152()
    """
    return played_deals(variant).filter(lambda deal: deal.tally() is not None).map(_tally_of)


def _tally_of(deal: Deal) -> Tally:
    tally = deal.tally()
    assert tally is not None  # filtered above
    return tally
