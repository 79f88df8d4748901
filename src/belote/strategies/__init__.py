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
from typing import TYPE_CHECKING

import attrs

try:
    from hypothesis import strategies as st
except ModuleNotFoundError as exc:  # the extra is not installed: say which one
    from belote.rules.checks import missing_extra

    raise ModuleNotFoundError(missing_extra("belote.strategies", "testing", exc), name=exc.name) from exc

from belote.cards import CARDS, SEQUENCE_ORDER, Card, CardSet, Rank, Suit
from belote.errors import InvalidArgument, InvalidArgumentType, shown
from belote.rules import Rules, available_variants, get_rules
from belote.strategies.rigging import THEMES

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


@attrs.frozen(kw_only=True, repr=False)
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

    def __repr__(self) -> str:
        """The start's fields as a failing example shows them: the variant by name, the deck as text.

        >>> DealStart(rules=get_rules("classic"), players=4, dealer=3, deck=CARDS[:3])
        DealStart(variant='classic', players=4, dealer=3, deck='7S 8S 9S', theme='', taker=None)
        """
        deck = " ".join(str(card) for card in self.deck)
        return (
            f"DealStart(variant={self.rules.name!r}, players={self.players}, dealer={self.dealer}, "
            f"deck={deck!r}, theme={self.theme!r}, taker={self.taker!r})"
        )

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


@st.composite
def _interesting(draw: st.DrawFn, rules: Rules) -> DealStart:
    from belote.strategies.rigging import rig, themes_for

    players = draw(st.sampled_from(rules.player_counts))
    dealer = draw(st.integers(0, players - 1))
    wanted = draw(st.integers(0, players - 1))
    theme = draw(st.sampled_from(themes_for(rules)))
    mode = draw(st.sampled_from([int(strain) for strain in rules.auction.strains])) if rules.has_auction else 0
    deck, taker = rig(draw, rules, players, dealer, wanted, theme, mode)
    return DealStart(rules=rules, players=players, dealer=dealer, deck=deck, theme=theme, taker=taker)


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
    """A deal played to its end by legal actions, following a plan drawn with stated weights.

    Starts from a variant, a player count, a dealer and a *plan*
    ([`belote.strategies.plans`][belote.strategies.plans]): a shuffled or rigged
    deck, who takes (and in which round), the contract's value, strain and
    coinche level in an auction, whether belote and declarations are announced,
    and the style of the card play. Every action applied is one of
    [`Deal.legal_actions`][belote.deal.Deal.legal_actions]. The weights are in
    docs/testing.md#what-the-strategies-draw. A turned-card deal may end in a
    redeal (everyone passed) or, where the variant allows it, with a player
    stopping it. ``deal.to_record()`` is its deal record; a failing example shows
    it (a hypothesis note) besides the deal's short repr.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=20, deadline=None)
    ... @given(played_deals("classic"))
    ... def test_every_deal_ends(deal):
    ...     assert deal.is_over
    >>> test_every_deal_ends()
    """
    rules_strategy = variants() if variant is None else st.just(get_rules(variant))
    return rules_strategy.flatmap(_planned)


@st.composite
def _planned_deal(draw: st.DrawFn, rules: Rules) -> Deal:
    from belote.deal import Deal
    from belote.strategies.plans import draw_plan, play_boundary, play_plan, rigged_deck

    players = draw(st.sampled_from(rules.player_counts))
    dealer = draw(st.integers(0, players - 1))
    plan = draw_plan(draw, rules, players)
    deck = rigged_deck(draw, rules, players, dealer, plan)
    if plan.boundary:
        deal = play_boundary(draw, lambda: Deal(rules, list(deck), dealer=dealer, players=players,
                                                pending=plan.pending), plan)
    else:
        deal = Deal(rules, list(deck), dealer=dealer, players=players, pending=plan.pending)
        play_plan(draw, deal, plan)
    _note_json("played_deals drew the deal", deal.to_record())
    return deal


def _planned(rules: Rules) -> st.SearchStrategy[Deal]:
    return _planned_deal(rules)


def _note_json(what: str, value: object) -> None:
    import contextlib
    import json

    from hypothesis import note
    from hypothesis.errors import InvalidArgument as OutsideATest

    with contextlib.suppress(OutsideATest):  # drawn outside a test (``.example()``): nobody to tell
        note(f"{what}: {json.dumps(value, ensure_ascii=False)}")


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
    return _records(variant)


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
    return _tallies(variant)


class DealRecord(dict[str, object]):
    """A deal record (a ``dict``) whose repr is its JSON, as a failing example prints it."""

    def __repr__(self) -> str:
        import json

        return json.dumps(self, ensure_ascii=False)


@st.composite
def _records(draw: st.DrawFn, variant: str | Rules | None) -> dict[str, object]:
    return DealRecord(draw(played_deals(variant)).to_record())


@st.composite
def _tallies(draw: st.DrawFn, variant: str | Rules | None) -> Tally:
    from belote.records import tally_to_json

    deal = draw(played_deals(variant).filter(lambda deal: deal.tally() is not None))
    tally = deal.tally()
    assert tally is not None  # filtered above
    _note_json("tallies drew the tally", tally_to_json(tally, deal.rules))
    return tally
