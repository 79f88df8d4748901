"""Invariants of finding, classifying and resolving announcements (rules §6, docs/rules.md#announcements)."""

from __future__ import annotations

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from belote.cards import Card, CardSet, Rank, Suit
from belote.rules import Contest, Rules
from belote.scoring.announcements import Combination, Declaration, Kind, classify, find_combinations
from belote.scoring.contest import resolve_contest
from belote.strategies import decks, hands, suits
from belote.variants import FRENCH, ITALIAN751, PIEDICAVALLO

VARIANTS = [
    PIEDICAVALLO,
    ITALIAN751,
    FRENCH,
    attrs.evolve(PIEDICAVALLO, name="piedi-no-share", card_in_carre_and_run=False),
    attrs.evolve(PIEDICAVALLO, name="piedi-drop-ties", equal_plain_runs_void_all=False),
    attrs.evolve(PIEDICAVALLO, name="piedi-run-first", carre_beats_run_at_equal_points=False),
    attrs.evolve(ITALIAN751, name="751-drop-ties", equal_plain_runs_void_all=False),
    attrs.evolve(FRENCH, name="french-no-share", card_in_carre_and_run=False),
]
TEAM_VARIANTS = [r for r in VARIANTS if r.contest is not Contest.INDIVIDUAL]
EXAMPLES = settings(max_examples=60, deadline=None)


@st.composite
def clustered_decks(draw: st.DrawFn) -> tuple[Card, ...]:
    """A deck whose random stretches are sorted by suit or by rank.

    Shuffled hands rarely hold a carré or two equal runs; sorting stretches
    of the deck makes runs, carrés and ties between players common.
    """
    deck = list(draw(decks()))
    start = 0
    while start < len(deck):
        length = draw(st.integers(min_value=1, max_value=12))
        how = draw(st.sampled_from(["keep", "suit", "rank"]))
        stretch = deck[start : start + length]
        if how == "suit":
            stretch.sort(key=lambda card: card.index)
        elif how == "rank":
            stretch.sort(key=lambda card: (card.rank, card.suit))
        deck[start : start + length] = stretch
        start += length
    return tuple(deck)


def deal_hands(deck: tuple[Card, ...], players: int) -> list[CardSet]:
    size = 8 if players == 4 else 9
    return [CardSet(deck[seat * size : (seat + 1) * size]) for seat in range(players)]


@st.composite
def tables(draw: st.DrawFn, rules: Rules) -> tuple[list[Declaration], int, int]:
    """Declarations of a dealt table (each player declares some of what he holds),
    with the number of players and the first speaker."""
    players = 4 if rules.contest is not Contest.INDIVIDUAL else draw(st.sampled_from([2, 3]))
    deck = draw(st.one_of(decks(), clustered_decks()))
    declared = []
    for seat, hand in enumerate(deal_hands(deck, players)):
        for combination in find_combinations(hand, rules):
            if draw(st.integers(min_value=0, max_value=5)):  # mostly declared
                declared.append(Declaration(seat, combination))
    first_speaker = draw(st.integers(min_value=0, max_value=players - 1))
    return declared, players, first_speaker


# --- find and classify ------------------------------------------------------------------------


@EXAMPLES
@given(rules=st.sampled_from(VARIANTS), deck=st.one_of(decks(), clustered_decks()))
def test_every_found_combination_classifies_back_to_itself(
    rules: Rules, deck: tuple[Card, ...]
) -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: what a hand can declare is what the table accepts when shown."""
    hand = CardSet(deck[:9])
    for combination in find_combinations(hand, rules):
        assert combination.cards <= hand
        assert classify(combination.cards, rules) == combination
        assert classify(list(combination.cards), rules) == combination


@EXAMPLES
@given(rules=st.sampled_from(VARIANTS), deck=st.one_of(decks(), clustered_decks()))
def test_no_card_serves_in_two_runs(rules: Rules, deck: tuple[Card, ...]) -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: a card serves in one run at most, and in a carré and a run only when
    ``card_in_carre_and_run`` allows it."""
    found = find_combinations(CardSet(deck[:9]), rules)
    runs = [c.cards for c in found if c.kind is Kind.RUN]
    carres = [c.cards for c in found if c.kind is Kind.CARRE]
    run_cards = [card for cards in runs for card in cards]
    assert len(run_cards) == len(set(run_cards))
    if not rules.card_in_carre_and_run:
        every = run_cards + [card for cards in carres for card in cards]
        assert len(every) == len(set(every))


@EXAMPLES
@given(hand=hands(9))
def test_runs_found_are_maximal_when_sharing_is_allowed(hand: CardSet) -> None:
    """000 Nota (a longer run is one cento, not several runs); rules §6.1, docs/rules.md#announcement-kinds: every run found
    is a whole streak of the hand, and every streak of three or more is found."""
    found = {c.cards for c in find_combinations(hand, PIEDICAVALLO) if c.kind is Kind.RUN}
    for cards in found:
        top, low = max(cards, key=lambda c: c.rank), min(cards, key=lambda c: c.rank)
        above = top.rank + 1
        below = low.rank - 1
        assert above > 7 or Card(Rank(above), top.suit) not in hand
        assert below < 0 or Card(Rank(below), low.suit) not in hand
    for card in hand:
        # A card with two neighbours above or below or one each side is in a run.
        near = [Card(Rank(r), card.suit) for r in range(card.rank - 2, card.rank + 3) if 0 <= r < 8]
        flags = [c in hand for c in near]
        in_streak = any(all(flags[i : i + 3]) for i in range(len(flags) - 2))
        assert in_streak == any(card in cards for cards in found)


# --- the contest ------------------------------------------------------------------------------


@EXAMPLES
@given(rules=st.sampled_from(VARIANTS), data=st.data(), trump=suits())
def test_contest_result_does_not_depend_on_declaration_order(
    rules: Rules, data: st.DataObject, trump: Suit
) -> None:
    """Rules §6.2, docs/rules.md#announcement-contest: the contest compares combinations, not the order they were written in
    (the speaking order is given by ``first_speaker``)."""
    declared, players, first = data.draw(tables(rules))
    shuffled = data.draw(st.permutations(declared))
    expected = resolve_contest(declared, rules, trump, players=players, first_speaker=first)
    again = resolve_contest(shuffled, rules, trump, players=players, first_speaker=first)
    assert again == expected
    assert set(expected) <= set(declared)


@EXAMPLES
@given(
    rules=st.sampled_from([r for r in VARIANTS if r.contest is Contest.TEAM_BEST_TAKES_ALL]),
    data=st.data(),
    trump=suits(),
)
def test_team_best_takes_all_scores_one_team_or_none(
    rules: Rules, data: st.DataObject, trump: Suit
) -> None:
    """000 §annunci rule 6: one team's announcements score, the other team's none; and that
    team holds an announcement worth at least as much as any the other team declared."""
    declared, _, _ = data.draw(tables(rules))
    result = resolve_contest(declared, rules, trump)
    teams = {d.seat % 2 for d in result}
    assert len(teams) <= 1
    if teams:
        team = teams.pop()
        best_own = max(d.points(rules) for d in result)
        others = [d.points(rules) for d in declared if d.seat % 2 != team]
        assert best_own >= max(others, default=0)
        if rules.equal_plain_runs_void_all:
            # Rule 6: every announcement of the winning team scores.
            assert set(result) == {d for d in declared if d.seat % 2 == team}


@EXAMPLES
@given(data=st.data(), trump=suits())
def test_individual_contest_scores_one_player_or_none(data: st.DataObject, trump: Suit) -> None:
    """003 §Annonces and rules §6.2, docs/rules.md#announcement-contest ``french``: one player alone scores, all of his
    combinations; a carré declared anywhere means the scorer holds a carré (001)."""
    declared, players, first = data.draw(tables(FRENCH))
    result = resolve_contest(declared, FRENCH, trump, players=players, first_speaker=first)
    seats = {d.seat for d in result}
    assert len(seats) == (1 if declared else 0)
    if seats:
        seat = seats.pop()
        assert set(result) == {d for d in declared if d.seat == seat}
        if any(d.combination.kind is Kind.CARRE for d in declared):
            assert any(d.combination.kind is Kind.CARRE for d in result)


@EXAMPLES
@given(
    rules=st.sampled_from([r for r in VARIANTS if r.contest is Contest.PER_CLASS]),
    data=st.data(),
    trump=suits(),
)
def test_per_class_every_carre_scores_and_each_class_goes_to_one_team(
    rules: Rules, data: st.DataObject, trump: Suit
) -> None:
    """004 §Dichiarazioni: carrés are independent; equal kinds of run exclude each other."""
    declared, _, _ = data.draw(tables(rules))
    result = resolve_contest(declared, rules, trump)
    carres = {d for d in declared if d.combination.kind is Kind.CARRE}
    assert carres <= set(result)
    for length_class in (3, 4, 5):
        teams = {
            d.seat % 2
            for d in result
            if d.combination.kind is Kind.RUN and min(d.combination.length, 5) == length_class
        }
        assert len(teams) <= 1


@EXAMPLES
@given(first=st.sampled_from(["AS KS QS", "JH QH KH", "7D 8D 9D"]), trump=suits())
def test_piedicavallo_team_scores_the_same_from_either_seat(first: str, trump: Suit) -> None:
    """Rules §2, docs/rules.md#dealing: teams are {0, 2} and {1, 3}; the partner's seat does not matter."""
    other = "10C JC QC"
    for seats in ((0, 1), (2, 1), (0, 3), (2, 3)):
        declared = [
            Declaration(seats[0], Combination(Kind.RUN, CardSet.parse(first))),
            Declaration(seats[1], Combination(Kind.RUN, CardSet.parse(other))),
        ]
        result = resolve_contest(declared, PIEDICAVALLO, trump)
        base = resolve_contest(
            [Declaration(0, declared[0].combination), Declaration(1, declared[1].combination)],
            PIEDICAVALLO,
            trump,
        )
        assert [d.combination for d in result] == [d.combination for d in base]
