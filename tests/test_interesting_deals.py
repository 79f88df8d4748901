"""Rigged deals played to the end: 8-card runs, carrés, belote in a run, a jack turned.

[`interesting_deals`][belote.strategies.interesting_deals] deals the hands a
shuffled deck seldom gives; these tests drive every variant through
``legal_actions()`` / ``apply()`` from them with random choices (leaning
towards taking, declaring, swapping and announcing belote) and check the
invariants of rules §1, docs/rules.md#cards; rules §7, docs/rules.md#scoring and CONTRACT.md.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote.actions import Action, Verb
from belote.cards import CARDS, Card, CardSet, Suit
from belote.deal import Deal
from belote.records.replay import deal_from_record
from belote.rules import CapotRule, get_rules
from belote.scoring import Outcome
from belote.strategies import THEMES, DealStart, interesting_deals

PROPERTY = settings(max_examples=50, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

FULL_DECK = 152
LAST_TRICK = 10
CARD_ITEMS = ("card points", "last trick", "rounding", "capot")


def _lean(action: Action, deal: Deal, start: DealStart) -> bool:
    """The actions that make the rigged hands count."""
    if action.verb is Verb.TAKE:
        return action.suit is None and action.seat == start.taker
    if action.verb is Verb.DECLARE:
        return not action.cards
    return action.verb is Verb.SWAP or (action.verb is Verb.PLAY and action.belote)


def play_out(start: DealStart, data: st.DataObject) -> Deal:
    deal = Deal(start.rules, list(start.deck), dealer=start.dealer, players=start.players)
    while not deal.is_over:
        legal = deal.legal_actions()
        assert legal, "a legal action always exists until the deal ends"
        leaning = [action for action in legal if _lean(action, deal, start)]
        lean = bool(leaning) and data.draw(st.integers(0, 3)) < 3  # simplest: lean
        pool = leaning if lean else legal
        deal.apply(data.draw(st.sampled_from(pool)))
    return deal


def check_invariants(deal: Deal) -> None:
    rules = deal.rules
    result = deal.result
    # CONTRACT.md: the lines of a side sum to its score.
    for side, score in enumerate(result.scores):
        assert sum(line.points for line in result.lines if line.to == side) == score
    tally = deal.tally()
    if tally is None:
        assert result.outcome is Outcome.REDEAL and result.scores == (0,) * deal.sides
        return
    if tally.last_trick is None:  # stopped ("j'arrête"): no last trick, no capot
        assert result.capot is None
        return
    assert sum(tally.tricks) == deal.tricks_per_deal
    if deal.players * deal.tricks_per_deal == 32:
        assert sum(tally.card_points) == FULL_DECK  # rules §1, docs/rules.md#cards
    else:
        assert sum(tally.card_points) <= FULL_DECK
    cards = sum(line.points for line in result.lines if line.item in CARD_ITEMS)
    if result.outcome is Outcome.MADE:
        if result.capot is None:
            # rules §1, docs/rules.md#cards; rules §7.3, docs/rules.md#rounding: 162 in play, 160 once rounded to tens
            assert cards == (rules.rounded_total if rules.round_to else FULL_DECK + LAST_TRICK)
        else:
            # rules §7.2, docs/rules.md#capot: 252 (250 in piedicavallo) instead of the card points
            assert cards == rules.capot_value
    elif result.outcome is Outcome.PLAYED and rules.capot_rule is CapotRule.PLAYER_ALL_TRICKS:
        # rules §7.2, docs/rules.md#capot; rules §7.5, docs/rules.md#french-scoring: the 10 of the last trick goes, unless a capot or the split
        split = sum(line.points for line in result.lines if line.item == "capot split")
        bonus = rules.capot_value if result.capot is not None else split
        last = 0 if bonus and not rules.capot_keeps_last_trick else LAST_TRICK
        assert cards == sum(tally.card_points) + last + (bonus - split)


def check_replay(deal: Deal) -> None:
    """CONTRACT.md "Deal record": the record replays to the same result."""
    record = json.loads(json.dumps(deal.to_record()))
    again = deal_from_record(record)
    assert again.result.scores == deal.result.scores
    assert again.result.outcome is deal.result.outcome


def _variant_test(name: str) -> None:
    @PROPERTY
    @given(interesting_deals(name), st.data())
    def run(start: DealStart, data: st.DataObject) -> None:
        deal = play_out(start, data)
        check_invariants(deal)
        check_replay(deal)

    run()


@pytest.mark.parametrize("name", ["classic", "piedicavallo", "french"])
def test_interesting_deals_play_out_with_scores_consistent(name: str) -> None:
    """Rules §1, docs/rules.md#cards; rules §7, docs/rules.md#scoring; CONTRACT.md: rigged hands play to the end, the card points add up
    to 152 (162 with the last trick, 160 rounded, 252/250 for a capot), the lines add
    up to the scores, and the record replays to the same result."""
    _variant_test(name)


def test_italian751_interesting_deals_play_out_with_scores_consistent() -> None:
    """004, rules §6.1, docs/rules.md#announcement-kinds; rules §7.2, docs/rules.md#capot; rules §8, docs/rules.md#match: the same, for italian751, whose 8-card run shown at
    the first trick wins the match."""
    _variant_test("italian751")


def test_italian751_eight_card_run_deal_plays_out() -> None:
    """Issue 10's case (rules §6.1, docs/rules.md#announcement-kinds; rules §7.2, docs/rules.md#capot; rules §8, docs/rules.md#match): seat 0 takes the turned 7H holding the
    other seven hearts, seat 1 declares its eight diamonds; the deal must play out."""
    rules = get_rules("italian751")
    hearts = [Card.parse(f"{rank}H") for rank in ("8", "9", "10", "J", "Q", "K", "A")]
    diamonds = [card for card in CARDS if card.suit is Suit.DIAMONDS]
    rest = [card for card in CARDS if card.suit in (Suit.SPADES, Suit.CLUBS)]
    deck: list[Card | None] = [None] * 32
    # dealer 3: seat 0 gets positions 0-2, 12-13, the turned 20 and 21-22 (rules §2, docs/rules.md#dealing)
    seat0 = [0, 1, 2, 12, 13, 21, 22]
    seat1 = [3, 4, 5, 14, 15, 23, 24, 25]
    for position, card in zip(seat0, hearts, strict=True):
        deck[position] = card
    for position, card in zip(seat1, diamonds, strict=True):
        deck[position] = card
    deck[20] = Card.parse("7H")
    for position, card in zip([p for p in range(32) if deck[p] is None], rest, strict=True):
        deck[position] = card
    deal = Deal(rules, [card for card in deck if card is not None], dealer=3)
    deal.apply(Action.parse("0 take"))
    assert deal.hand(0) == CardSet.parse("7H 8H 9H 10H JH QH KH AH")
    assert deal.hand(1) == CardSet(diamonds)
    deal.apply(Action.parse("0 play JH"))
    deal.apply(Action.parse("1 declare"))
    while not deal.is_over:
        deal.apply(deal.legal_actions()[-1])
    result = deal.result
    assert result.match_winner == 1  # the 8-card run shown wins the match (004)


@pytest.mark.parametrize("name", ["french", "contree"])
def test_every_theme_is_dealt(name: str) -> None:
    """The strategy reaches each theme of a variant (issue 51: themes per variant, no turned
    jack nor seven swap in an auction), and every theme belongs to some variant."""
    from belote.rules import available_variants
    from belote.strategies.rigging import themes_for

    seen: set[str] = set()

    # Derandomized: whether 200 draws reach every theme must not depend on the run's seed
    # (a rare theme was once missed in CI by chance).
    @settings(max_examples=200, deadline=None, derandomize=True)
    @given(interesting_deals(name))
    def collect(start: DealStart) -> None:
        seen.add(start.theme)

    collect()
    assert seen == set(themes_for(get_rules(name)))
    assert {theme for rules in available_variants() for theme in themes_for(rules)} == set(THEMES)
