"""Announcements: values, classifying shown cards, finding them, the contest (rules §6, docs/rules.md#announcements).

Each test names the rule it checks and cites its source text in ``docs/sources.md``.
Seats 0 and 2 play against seats 1 and 3 in the four-player variants.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from belote.cards import Card, CardSet, Rank, Suit
from belote.errors import InvalidArgument, InvalidCombination
from belote.rules import Rules
from belote.scoring.announcements import Combination, Declaration, Kind, classify, find_combinations
from belote.scoring.contest import resolve_contest
from belote.variants import CLASSIC, FRENCH, ITALIAN751, PIEDICAVALLO

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
WITH_ANNOUNCEMENTS = [PIEDICAVALLO, FRENCH, ITALIAN751]


def run(text: str) -> Combination:
    """A run or carré from its cards, built without a variant's say."""
    cards = CardSet.parse(text)
    same_rank = len({card.rank for card in cards}) == 1
    return Combination(Kind.CARRE if same_rank else Kind.RUN, cards)


def table(*seats: tuple[int, str]) -> list[Declaration]:
    return [Declaration(seat, run(text)) for seat, text in seats]


def scoring(
    rules: Rules,
    trump: Suit,
    *seats: tuple[int, str],
    players: int = 4,
    first_speaker: int = 0,
) -> set[tuple[int, str]]:
    """What scores, as (seat, cards) pairs in the same notation as the input."""
    result = resolve_contest(
        table(*seats), rules, trump, players=players, first_speaker=first_speaker
    )
    return {(d.seat, str(CardSet.parse(str(d.combination.cards)))) for d in result}


def norm(*seats: tuple[int, str]) -> set[tuple[int, str]]:
    return {(seat, str(CardSet.parse(text))) for seat, text in seats}


# --- §6.1 values ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules", WITH_ANNOUNCEMENTS, ids=lambda r: r.name)
@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("7S 8S 9S", 20),
        ("QD KD AD", 20),
        ("7H 8H 9H 10H", 50),
        ("10C JC QC KC AC", 100),
        ("7C 8C 9C 10C JC QC", 100),
        ("8S 9S 10S JS QS KS AS", 100),
    ],
)
def test_run_values_tierce_cinquante_cent_and_longer_runs_count_one_cent(
    rules: Rules, cards: str, points: int
) -> None:
    """000 §Tipo e valore degli annunci and its Nota; 001 §Punteggio; 004 §Dichiarazioni."""
    assert classify(CardSet.parse(cards), rules).points(rules) == points


@pytest.mark.parametrize(
    ("rules", "points"),
    [(FRENCH, 120), (PIEDICAVALLO, 100), (ITALIAN751, 100)],
    ids=lambda x: x.name if isinstance(x, Rules) else str(x),
)
def test_eight_card_run_is_cent_plus_tierce_in_french_one_cent_elsewhere(
    rules: Rules, points: int
) -> None:
    """001 §Combinazioni (eight in a row: a quinta and a terza); 000 Nota (still one cento)."""
    eight = classify(CardSet.parse("7D 8D 9D 10D JD QD KD AD"), rules)
    assert eight.length == 8
    assert eight.points(rules) == points


@pytest.mark.parametrize(
    ("rules", "rank", "points"),
    [
        (PIEDICAVALLO, "J", 200),
        (PIEDICAVALLO, "9", 150),
        (PIEDICAVALLO, "A", 100),
        (PIEDICAVALLO, "10", 100),
        (PIEDICAVALLO, "K", 100),
        (PIEDICAVALLO, "Q", 100),
        (FRENCH, "J", 200),
        (FRENCH, "9", 150),
        (FRENCH, "A", 100),
        (FRENCH, "10", 100),
        (FRENCH, "K", 100),
        (FRENCH, "Q", 100),
        # 004 lists a carré "of 10" at 150 and every other carré at 100: read
        # literally, tens score 150 and nines fall under the plain 100 (rules §6.1, docs/rules.md#announcement-kinds).
        (ITALIAN751, "J", 200),
        (ITALIAN751, "10", 150),
        (ITALIAN751, "9", 100),
        (ITALIAN751, "A", 100),
        (ITALIAN751, "K", 100),
        (ITALIAN751, "Q", 100),
    ],
    ids=lambda x: x.name if isinstance(x, Rules) else str(x),
)
def test_carre_values_per_variant(rules: Rules, rank: str, points: int) -> None:
    """000 §Tipo e valore degli annunci; 001 §Punteggio; 003 §Les carrés; 004 §Dichiarazioni."""
    carre = classify(" ".join(rank + suit for suit in "SHDC"), rules)
    assert carre.kind is Kind.CARRE
    assert carre.points(rules) == points


@pytest.mark.parametrize(
    ("cards", "label"),
    [
        ("AH KH QH", "tierce AH"),
        ("7C 8C 9C", "tierce 9C"),
        ("JS QS KS 10S", "cinquante KS"),
        ("10D JD QD KD AD", "cent AD"),
        ("7S 8S 9S 10S JS QS", "cent QS"),
        ("JS JH JD JC", "carré J"),
        ("10S 10H 10D 10C", "carré 10"),
    ],
)
def test_labels_name_the_kind_and_the_top_card_in_sequence_order(cards: str, label: str) -> None:
    """Rules §1, docs/rules.md#cards sequence order A K Q J 10 9 8 7; 003 announces "un cent, un cinquante,
    une tierce" and "carré de 10"; 000 Nota names a longer run after its top card."""
    combination = classify(cards, PIEDICAVALLO)
    assert combination.label == label
    assert str(combination) == label


# --- classify -------------------------------------------------------------------------------


def test_classify_reads_cards_in_any_order() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: a run is cards in a row of one suit, whatever order they are shown in."""
    shown = [Card.parse(c) for c in ("QH", "AH", "KH")]
    combination = classify(shown, PIEDICAVALLO)
    assert combination.kind is Kind.RUN
    assert combination.suit is Suit.HEARTS
    assert combination.rank is Rank.ACE
    assert combination.length == 3


@pytest.mark.parametrize("length", [6, 7])
def test_six_and_seven_card_runs_classify_as_runs_of_that_length(length: int) -> None:
    """000 Nota: six or seven in a row are still announced as one cento."""
    ranks = ["7", "8", "9", "10", "J", "Q", "K", "A"][:length]
    combination = classify(" ".join(r + "C" for r in ranks), PIEDICAVALLO)
    assert combination.kind is Kind.RUN
    assert combination.length == length
    assert combination.kind_name == "cent"


@pytest.mark.parametrize("rank", ["7", "8"])
@pytest.mark.parametrize("rules", WITH_ANNOUNCEMENTS, ids=lambda r: r.name)
def test_carre_of_sevens_or_eights_is_not_allowed(rules: Rules, rank: str) -> None:
    """000 §Tipo e valore ("non annunciabile"); 004 (not those of 7 or 8); 001 and 003 list none."""
    with pytest.raises(InvalidCombination, match="not allowed"):
        classify(" ".join(rank + suit for suit in "SHDC"), rules)


def test_classify_rejects_a_card_shown_twice() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: a combination is made of distinct cards."""
    shown = [Card.parse(c) for c in ("AH", "KH", "KH", "QH")]
    with pytest.raises(InvalidCombination, match="twice"):
        classify(shown, PIEDICAVALLO)


@pytest.mark.parametrize(
    "cards",
    [
        "7H 8H 10H",  # a gap
        "7H 8S 9H",  # two suits
        "9S 9H 9D",  # three of a rank is not a carré
        "QH KH AH 7S",  # a run plus a stray card
        "9S 10S JS QS KS AS 7D 8D 9D",  # nine cards
    ],
)
def test_classify_rejects_cards_that_are_no_combination(cards: str) -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: runs are in a row in one suit, carrés are all four of a rank."""
    with pytest.raises(InvalidCombination, match="not a combination"):
        classify(cards, PIEDICAVALLO)


@pytest.mark.parametrize("cards", ["KH QH", "AS", ""])
def test_classify_needs_at_least_three_cards(cards: str) -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: the smallest combination is a tierce; K-Q of trump is belote, not a run."""
    with pytest.raises(InvalidCombination, match="at least 3"):
        classify(cards, PIEDICAVALLO)


def test_classic_has_no_announcements_but_belote() -> None:
    """002 lists belote-rebelote as the only bonus (rules §6.1, docs/rules.md#announcement-kinds, ``classic`` column)."""
    with pytest.raises(InvalidCombination, match="classic has no announcements but belote"):
        classify("AH KH QH", CLASSIC)
    assert find_combinations(CardSet.parse("JS JH JD JC AH KH QH 7D"), CLASSIC) == ()


def test_combination_constructor_refuses_a_broken_run() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: a run is cards in a row of one suit."""
    with pytest.raises(InvalidCombination):
        Combination(Kind.RUN, CardSet.parse("7H 9H 10H"))
    with pytest.raises(InvalidCombination):
        Combination(Kind.CARRE, CardSet.parse("7H 8H 9H"))


# --- find_combinations ------------------------------------------------------------------------


def labels(hand: str, rules: Rules) -> set[str]:
    return {c.label for c in find_combinations(CardSet.parse(hand), rules)}


def test_a_long_streak_is_one_run_not_several() -> None:
    """000 Nota (six in a row are announced as one cento); rules §6.1, docs/rules.md#announcement-kinds never in two runs."""
    assert labels("7H 8H 9H 10H JH QH AS 7D", PIEDICAVALLO) == {"cent QH"}


def test_two_streaks_in_one_suit_are_two_runs() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: runs are consecutive cards; a gap starts a new run."""
    assert labels("7H 8H 9H JH QH KH AS 7D", PIEDICAVALLO) == {"tierce 9H", "tierce KH"}


def test_short_streaks_and_forbidden_carres_are_not_found() -> None:
    """000 §Tipo e valore: carrés of 8 and 7 cannot be announced; runs start at 3 cards."""
    assert labels("8S 8H 8D 8C 7S 7H AD KD", PIEDICAVALLO) == set()


def test_card_may_serve_in_a_carre_and_a_run() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds [reading] ``card_in_carre_and_run`` (001 scores eight in a row as cent plus
    tierce, so one hand's cards may feed two scores)."""
    hand = "JS JD JC 10H JH QH KH AH"
    assert labels(hand, PIEDICAVALLO) == {"carré J", "cent AH"}


def test_without_sharing_the_hand_keeps_its_most_valuable_declaration() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds knob ``card_in_carre_and_run`` off: no card in both a carré and a run."""
    rules = attrs.evolve(PIEDICAVALLO, card_in_carre_and_run=False)
    found = find_combinations(CardSet.parse("JS JD JC 10H JH QH KH AH"), rules)
    used = [card for combination in found for card in combination.cards]
    assert len(used) == len(set(used))
    # The carré of jacks (200) beats the cent (100); the hearts above the jack still
    # make a tierce.
    assert {c.label for c in found} == {"carré J", "tierce AH"}
    assert sum(c.points(rules) for c in found) == 200 + 20


def test_nine_card_french_hand_with_eight_in_a_row() -> None:
    """001 §Combinazioni: eight in a row score a quinta plus a terza (120)."""
    found = find_combinations(CardSet.parse("7S 8S 9S 10S JS QS KS AS 7H"), FRENCH)
    assert [c.points(FRENCH) for c in found] == [120]


def test_find_combinations_order_is_fixed() -> None:
    """Rules §6, docs/rules.md#announcements: a deterministic declaration order (carrés, then runs by suit)."""
    hand = CardSet.parse("QS QH QD QC 7D 8D 9D JC KC AC")
    first = find_combinations(hand, FRENCH)
    again = find_combinations(CardSet.parse(" ".join(reversed(str(hand).split()))), FRENCH)
    assert first == again
    assert first[0].kind is Kind.CARRE


# --- piedicavallo: 000 "ALCUNI ESEMPI ESPLICATIVI" --------------------------------------------

# (first announcement, second announcement, trump, which one scores: 0, 1 or None)
TIERCE_EXAMPLES = [
    ("7C 8C 9C", "7S 8S 9S", H, None),  # example 1: equal plain tierces cancel
    ("7C 8C 9C", "7S 8S 9S", C, 0),  # example 2: the trump one wins
    ("7D 8D 9D", "8H 9H 10H", S, 1),  # example 3: higher top card wins
    ("AS KS QS", "AH KH QH", D, None),  # example 4: equal plain at the ace cancel
    ("AC KC QC", "AD KD QD", C, 0),  # example 5: trump wins at the ace
    ("10S JS QS", "JH QH KH", D, 1),  # example 6: K above Q
    ("AH KH QH", "AS KS QS", H, 0),  # example 7: trump A-K-Q ("bellottata")
    ("KH QH JH", "KS QS JS", H, 0),  # example 8: trump K-Q-J ("bellottata")
]
CINQUANTE_EXAMPLES = [
    ("7S 8S 9S 10S", "7D 8D 9D 10D", H, None),  # example 1: equal plain cancel
    ("7C 8C 9C 10C", "7H 8H 9H 10H", C, 0),  # example 2: trump wins
    ("7D 8D 9D 10D", "8S 9S 10S JS", H, 1),  # example 3: higher top wins
    ("AC KC QC JC", "AS KS QS JS", S, 1),  # example 4: trump wins at the ace
    ("AH KH QH JH", "KD QD JD 10D", C, 0),  # example 5: A above K
]
RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]


def extend_to_cent(first: str, second: str) -> tuple[str, str]:
    """Both runs of a cinquante example one card longer, at the same end.

    Upwards when neither run reaches the ace, else downwards: either way the
    two runs keep the relation they had (same top, higher top, suits).
    """
    runs = (CardSet.parse(first), CardSet.parse(second))
    upwards = all(max(card.rank for card in cards) < Rank.ACE for cards in runs)
    longer = []
    for text, cards in zip((first, second), runs, strict=True):
        ranks = [card.rank for card in cards]
        extra = max(ranks) + 1 if upwards else min(ranks) - 1
        longer.append(f"{text} {RANKS[extra]}{next(iter(cards)).suit.letter}")
    return longer[0], longer[1]


CENT_EXAMPLES = [(*extend_to_cent(a, b), t, w) for a, b, t, w in CINQUANTE_EXAMPLES]


@pytest.mark.parametrize("opponent", [1, 3])
@pytest.mark.parametrize(
    ("first", "second", "trump", "winner", "points"),
    [(*example, 20) for example in TIERCE_EXAMPLES]
    + [(*example, 50) for example in CINQUANTE_EXAMPLES]
    + [(*example, 100) for example in CENT_EXAMPLES],
)
def test_piedicavallo_worked_tie_examples(
    first: str, second: str, trump: Suit, winner: int | None, points: int, opponent: int
) -> None:
    """000 §Alcuni esempi esplicativi: the tierce and cinquante pairs, and the NOTA that
    carries the same rule to the cento."""
    seats = (0, opponent)
    result = resolve_contest(table((0, first), (opponent, second)), PIEDICAVALLO, trump)
    if winner is None:
        assert result == ()  # "annullamento": nobody scores
    else:
        texts = (first, second)
        assert [(d.seat, d.combination.cards) for d in result] == [
            (seats[winner], CardSet.parse(texts[winner]))
        ]
        assert sum(d.points(PIEDICAVALLO) for d in result) == points


def test_piedicavallo_equal_plain_tierces_cancel_every_announcement() -> None:
    """000 §Alcuni esempi esplicativi, example 1, with rule 4 "annullamento"; rules §6.2 point 6, docs/rules.md#announcement-contest
    [reading]: the whole contest is void, lower announcements included."""
    result = scoring(
        PIEDICAVALLO, H, (0, "7C 8C 9C"), (1, "7S 8S 9S"), (2, "7D 8D 9D"), (3, "QD KD AD")
    )
    # The A-K-Q of diamonds is higher, so the contest is decided there: team 1.
    assert result == norm((1, "7S 8S 9S"), (3, "QD KD AD"))
    voided = scoring(PIEDICAVALLO, H, (0, "AC KC QC"), (1, "AS KS QS"), (2, "7D 8D 9D"))
    assert voided == set()


def test_piedicavallo_without_void_all_only_the_tied_pair_drops_out() -> None:
    """Rules §6.2, docs/rules.md#announcement-contest knob ``equal_plain_runs_void_all`` off: the tied best runs score for
    nobody and the next best announcement decides."""
    rules = attrs.evolve(PIEDICAVALLO, equal_plain_runs_void_all=False)
    result = scoring(rules, H, (0, "AC KC QC"), (1, "AS KS QS"), (2, "7D 8D 9D"), (3, "7C 8C 9C"))
    # Below the dropped pair, 9D (seat 2) and 9C (seat 3) tie again; then nobody is left.
    assert result == set()
    result = scoring(rules, H, (0, "AC KC QC"), (1, "AS KS QS"), (2, "8D 9D 10D"), (3, "7C 8C 9C"))
    assert result == norm((2, "8D 9D 10D"))


def test_piedicavallo_highest_announcement_counts() -> None:
    """000 §annunci rule 2: only the highest announcement decides, whatever the trump."""
    result = scoring(PIEDICAVALLO, H, (0, "AH KH QH"), (1, "7S 8S 9S 10S"))
    assert result == norm((1, "7S 8S 9S 10S"))


def test_piedicavallo_higher_top_card_wins_among_equal_runs() -> None:
    """000 §annunci rule 3: the run whose top card is higher (ace, then king, ...) wins."""
    assert scoring(PIEDICAVALLO, C, (0, "KS QS JS"), (1, "AD KD QD")) == norm((1, "AD KD QD"))
    assert scoring(PIEDICAVALLO, C, (0, "JS QS KS 10S"), (1, "8D 9D 10D JD")) == norm(
        (0, "JS QS KS 10S")
    )


def test_piedicavallo_trump_run_beats_equal_plain_run() -> None:
    """000 §annunci rule 5: between equal runs the one in trump wins."""
    assert scoring(PIEDICAVALLO, D, (1, "AH KH QH"), (2, "AD KD QD")) == norm((2, "AD KD QD"))


def test_piedicavallo_partner_lower_announcement_also_scores() -> None:
    """000 §annunci rule 6: the best announcement cancels the opponents' and validates the
    partner's, even a lower one."""
    result = scoring(
        PIEDICAVALLO,
        H,
        (0, "7S 8S 9S 10S"),
        (1, "AD KD QD"),
        (2, "7C 8C 9C"),
        (3, "JH QH KH"),
    )
    assert result == norm((0, "7S 8S 9S 10S"), (2, "7C 8C 9C"))


def test_piedicavallo_partners_equal_announcements_both_score() -> None:
    """000 §annunci rule 7: the partner's equal announcement is validated too; a tie between
    partners cancels nothing."""
    result = scoring(PIEDICAVALLO, C, (1, "AS KS QS"), (3, "AH KH QH"), (0, "KD QD JD"))
    assert result == norm((1, "AS KS QS"), (3, "AH KH QH"))


def test_piedicavallo_player_scores_all_his_own_announcements() -> None:
    """000 §annunci rules 6 and 7: every announcement of the winning side adds up (rule 1)."""
    result = resolve_contest(
        table((0, "9S 9H 9D 9C"), (0, "QH KH AH"), (1, "JS QS KS AS")), PIEDICAVALLO, D
    )
    assert {d.seat for d in result} == {0}
    assert sum(d.points(PIEDICAVALLO) for d in result) == 150 + 20


# From high to low; each level with alternatives, so that two levels can be
# shown by two players without sharing a card whenever the deck allows it.
LADDER = [
    ("JS JH JD JC",),  # carré of jacks 200
    ("9S 9H 9D 9C",),  # carré of nines 150
    ("AS AH AD AC",),  # carré of aces 100 (carrés first at equal points)
    ("10S 10H 10D 10C",),
    ("KS KH KD KC",),
    ("QS QH QD QC",),
    ("10D JD QD KD AD", "7C 8C 9C 10C JC", "9H 10H JH QH KH"),  # cent 100
    ("7C 8C 9C 10C", "JH QH KH AH", "8S 9S 10S JS"),  # cinquante 50
    ("AD KD QD", "7S 8S 9S", "10H JH QH"),  # tierce 20
]


def disjoint_pair(high: tuple[str, ...], low: tuple[str, ...]) -> tuple[str, str] | None:
    for a in high:
        for b in low:
            if not CardSet.parse(a) & CardSet.parse(b):
                return a, b
    return None


@pytest.mark.parametrize(
    ("high_level", "low_level"),
    # pairs no deal can hold (a carré of tens or jacks leaves no cent) are left out
    [
        (i, j)
        for i in range(len(LADDER))
        for j in range(i + 1, len(LADDER))
        if disjoint_pair(LADDER[i], LADDER[j]) is not None
    ],
)
def test_piedicavallo_ranking_of_announcements(high_level: int, low_level: int) -> None:
    """Rules §6.2, docs/rules.md#announcement-contest piedicavallo 1-3: carré J 200 > carré 9 150 > the 100 group > 50 > 20;
    carrés of equal points by rank A > 10 > K > Q (000 rule 3); in the 100 group a carré beats
    a cent [reading]."""
    pair = disjoint_pair(LADDER[high_level], LADDER[low_level])
    assert pair is not None
    high, low = pair
    for high_seat, low_seat in ((0, 1), (1, 0), (3, 2)):
        result = scoring(PIEDICAVALLO, D, (high_seat, high), (low_seat, low))
        assert result == norm((high_seat, high))


def test_piedicavallo_cent_beats_carre_when_the_reading_is_flipped() -> None:
    """Rules §6.2 point 2, docs/rules.md#announcement-contest is a reading: with ``carre_beats_run_at_equal_points`` off, the run
    wins at equal points."""
    rules = attrs.evolve(PIEDICAVALLO, carre_beats_run_at_equal_points=False)
    assert scoring(rules, H, (0, "KS KH KD KC"), (1, "7C 8C 9C 10C JC")) == norm(
        (1, "7C 8C 9C 10C JC")
    )


def test_piedicavallo_six_card_cent_ranks_by_its_top_card() -> None:
    """000 Nota: six in a row are a cento named after the top card; a five-card cent with a
    higher top card beats it."""
    result = scoring(PIEDICAVALLO, H, (0, "7S 8S 9S 10S JS QS"), (1, "9D 10D JD QD KD"))
    assert result == norm((1, "9D 10D JD QD KD"))


def test_piedicavallo_eight_card_run_is_one_cent_in_the_contest() -> None:
    """000 Nota: eight in a row are still one cento, so a trump cent to the ace beats them."""
    result = scoring(PIEDICAVALLO, H, (0, "7S 8S 9S 10S JS QS KS AS"), (1, "10H JH QH KH AH"))
    assert result == norm((1, "10H JH QH KH AH"))


# --- italian751: 004 -----------------------------------------------------------------------------


def test_italian751_run_classes_are_independent() -> None:
    """004 §Dichiarazioni: equal declarations exclude each other, other kinds do not."""
    result = scoring(
        ITALIAN751,
        H,
        (0, "AH KH QH"),  # the best tierce
        (1, "7S 8S 9S 10S"),  # the only cinquante
        (3, "7D 8D 9D"),  # a lower tierce
    )
    assert result == norm((0, "AH KH QH"), (1, "7S 8S 9S 10S"))


def test_italian751_carres_never_cancel_each_other() -> None:
    """004 §Dichiarazioni: carrés are independent of each other and of runs."""
    result = scoring(
        ITALIAN751,
        C,
        (0, "JS JH JD JC"),
        (1, "AS AH AD AC"),
        (2, "KS KH KD KC"),
        (3, "7C 8C 9C"),
    )
    assert result == norm(
        (0, "JS JH JD JC"), (1, "AS AH AD AC"), (2, "KS KH KD KC"), (3, "7C 8C 9C")
    )


def test_italian751_equal_plain_runs_void_their_class_only() -> None:
    """004 §Dichiarazioni: equal runs are mutually exclusive; [reading] an exact plain tie
    between opposing teams leaves that class to nobody, other classes unaffected."""
    result = scoring(ITALIAN751, C, (0, "AS KS QS"), (1, "AH KH QH"), (2, "7D 8D 9D 10D"))
    assert result == norm((2, "7D 8D 9D 10D"))


def test_italian751_best_run_of_a_class_takes_all_the_team_runs_of_it() -> None:
    """004 §Dichiarazioni: the highest run of a class counts (then trump), and its team keeps
    its runs of that class."""
    result = scoring(
        ITALIAN751,
        S,
        (0, "AD KD QD"),
        (2, "7C 8C 9C"),
        (1, "AH KH QH"),
        (3, "KS QS JS"),
    )
    # A-K-Q of diamonds and of hearts tie, both plain, but they are the best: the
    # class is void for both teams.
    assert result == set()
    result = scoring(ITALIAN751, D, (0, "AD KD QD"), (2, "7C 8C 9C"), (1, "AH KH QH"))
    assert result == norm((0, "AD KD QD"), (2, "7C 8C 9C"))


def test_italian751_cent_class_holds_every_run_of_five_or_more() -> None:
    """004 §Dichiarazioni (tiers, cinquanta, cento) and rules §6.1, docs/rules.md#announcement-kinds [reading]: six cards are
    one cent, compared by top card with the other cents."""
    result = scoring(ITALIAN751, H, (0, "7S 8S 9S 10S JS QS"), (1, "9D 10D JD QD KD"))
    assert result == norm((1, "9D 10D JD QD KD"))


def test_italian751_eight_card_run_is_one_cent() -> None:
    """004 §Dichiarazioni: an eight-card cento (which may win the match: scoring's job)."""
    eight = classify("7H 8H 9H 10H JH QH KH AH", ITALIAN751)
    assert eight.points(ITALIAN751) == 100
    assert eight.kind_name == "cent"


# --- french: 001, 003 ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_french_any_carre_beats_any_run(players: int) -> None:
    """001 §Combinazioni (a run does not count against any carré); 003 (a quinte does not
    count if the opponent holds a carré)."""
    result = scoring(
        FRENCH, S, (0, "QS QH QD QC"), (1, "7D 8D 9D 10D JD"), players=players, first_speaker=1
    )
    assert result == norm((0, "QS QH QD QC"))


def test_french_higher_carre_wins() -> None:
    """001 §Combinazioni and 003 §Les carrés: the stronger carré beats and cancels the other;
    at equal points the rank decides (rules §6.2, docs/rules.md#announcement-contest: A > 10 > K > Q)."""
    assert scoring(FRENCH, H, (0, "AS AH AD AC"), (1, "9S 9H 9D 9C"), players=2) == norm(
        (1, "9S 9H 9D 9C")
    )
    assert scoring(FRENCH, H, (0, "10S 10H 10D 10C"), (1, "AS AH AD AC"), players=2) == norm(
        (1, "AS AH AD AC")
    )
    assert scoring(FRENCH, H, (0, "10S 10H 10D 10C"), (1, "KS KH KD KC"), players=2) == norm(
        (0, "10S 10H 10D 10C")
    )


def test_french_longer_run_beats_shorter() -> None:
    """001 §Combinazioni: the run with more cards wins, whatever its top card or suit."""
    result = scoring(FRENCH, H, (0, "AH KH QH"), (1, "7S 8S 9S 10S"), players=2)
    assert result == norm((1, "7S 8S 9S 10S"))


def test_french_equal_length_higher_top_card_wins() -> None:
    """001 §Combinazioni: at equal length the run starting at the higher card wins."""
    result = scoring(FRENCH, H, (0, "KS QS JS"), (1, "AD KD QD"), players=2)
    assert result == norm((1, "AD KD QD"))


def test_french_trump_breaks_ties_between_equal_runs() -> None:
    """001 §Combinazioni; 003 (a quinte in trump beats the others of the same height)."""
    result = scoring(FRENCH, D, (0, "AS KS QS"), (1, "AD KD QD"), players=2)
    assert result == norm((1, "AD KD QD"))


@pytest.mark.parametrize(
    ("players", "first_speaker", "winner"),
    [(2, 0, 0), (2, 1, 1), (3, 0, 0), (3, 1, 1), (3, 2, 0)],
)
def test_french_first_declarer_wins_equal_plain_runs(
    players: int, first_speaker: int, winner: int
) -> None:
    """001 §Combinazioni: equal runs, neither in trump: the one declared first wins; speaking
    starts after the dealer and goes round the table."""
    texts = {0: "AS KS QS", 1: "AH KH QH"}
    result = scoring(
        FRENCH,
        C,
        (0, texts[0]),
        (1, texts[1]),
        players=players,
        first_speaker=first_speaker,
    )
    assert result == norm((winner, texts[winner]))


def test_french_runs_compare_by_number_of_cards_six_beats_a_cent_but_scores_100() -> None:
    """001 §Combinazioni: runs compare by number of cards first ("vince quella con il
    numero maggiore di carte"), yet a six-card run is worth no more than a quinta
    (rules §6.2, docs/rules.md#announcement-contest)."""
    result = scoring(FRENCH, H, (0, "8S 9S 10S JS QS KS"), (1, "10D JD QD KD AD"), players=2)
    assert result == norm((0, "8S 9S 10S JS QS KS"))
    assert run("8S 9S 10S JS QS KS").points(FRENCH) == 100


def test_french_best_player_scores_all_his_combinations_others_none() -> None:
    """003 §Annonces (the others announce only what beats the first); rules §6.2, docs/rules.md#announcement-contest: one
    player alone scores, all of his combinations."""
    result = scoring(
        FRENCH,
        H,
        (0, "7C 8C 9C 10C JC"),
        (0, "QH KH AH"),
        (1, "7S 8S 9S 10S"),
        (2, "AD KD QD"),
        players=3,
    )
    assert result == norm((0, "7C 8C 9C 10C JC"), (0, "QH KH AH"))


def test_french_eight_card_run_beats_a_cent() -> None:
    """001 §Combinazioni: eight in a row are a quinta plus a terza, more than any quinta."""
    result = scoring(FRENCH, C, (0, "7S 8S 9S 10S JS QS KS AS"), (1, "10C JC QC KC AC"), players=2)
    assert result == norm((0, "7S 8S 9S 10S JS QS KS AS"))


# --- no announcements, and bad input ------------------------------------------------------------------


def test_classic_contest_accepts_nothing() -> None:
    """002: only belote exists, so there is no contest to resolve."""
    assert resolve_contest([], CLASSIC, H) == ()
    with pytest.raises(InvalidCombination, match="classic has no announcements but belote"):
        resolve_contest(table((0, "AH KH QH")), CLASSIC, H)


@pytest.mark.parametrize("rules", WITH_ANNOUNCEMENTS, ids=lambda r: r.name)
def test_empty_contest_scores_nothing(rules: Rules) -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: a player may declare nothing; nothing then scores."""
    assert resolve_contest([], rules, H, players=rules.default_players) == ()


def test_a_card_declared_by_two_seats_is_refused() -> None:
    """Rules §1, docs/rules.md#cards: each card is in one hand only."""
    with pytest.raises(InvalidCombination, match="seat 0 and seat 1"):
        resolve_contest(table((0, "QS QH QD QC"), (1, "JD QD KD")), PIEDICAVALLO, H)


def test_a_card_in_two_runs_of_one_seat_is_refused() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: a card never serves in two runs."""
    with pytest.raises(InvalidCombination, match="two runs"):
        resolve_contest(table((0, "7S 8S 9S"), (0, "9S 10S JS")), PIEDICAVALLO, H)


def test_a_card_in_a_carre_and_a_run_is_refused_when_the_knob_is_off() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds knob ``card_in_carre_and_run``."""
    declared = table((0, "JS JH JD JC"), (0, "9H 10H JH"))
    assert resolve_contest(declared, PIEDICAVALLO, H)
    rules = attrs.evolve(PIEDICAVALLO, card_in_carre_and_run=False)
    with pytest.raises(InvalidCombination, match="carré and a run"):
        resolve_contest(declared, rules, H)


def test_a_forbidden_carre_cannot_be_declared() -> None:
    """000 §Tipo e valore: carrés of 8 and 7 cannot be announced."""
    with pytest.raises(InvalidCombination, match="not allowed"):
        resolve_contest(table((0, "8S 8H 8D 8C")), PIEDICAVALLO, H)


@pytest.mark.parametrize(
    ("seats", "players", "first_speaker"),
    [((4,), 4, 0), ((-1,), 4, 0), ((0,), 4, 4), ((2,), 2, 0)],
)
def test_seats_outside_the_table_are_refused(
    seats: Sequence[int], players: int, first_speaker: int
) -> None:
    """Rules §2, docs/rules.md#dealing: seats are numbered 0 to players - 1."""
    declared = [Declaration(seat, run("AH KH QH")) for seat in seats]
    with pytest.raises(InvalidArgument):
        resolve_contest(declared, FRENCH, S, players=players, first_speaker=first_speaker)


def test_team_contest_needs_four_players() -> None:
    """Rules §2, docs/rules.md#dealing: teams are seats {0, 2} and {1, 3} at a four-player table."""
    with pytest.raises(InvalidArgument):
        resolve_contest(table((0, "AH KH QH")), PIEDICAVALLO, S, players=3)


def test_top_index_is_the_top_card_of_every_combination() -> None:
    """docs/rules.md#announcement-kinds: a run's top is its head, a carré's its spades card;
    the compiled contest reads it from the mask (``top_index``), as ``Combination.top`` does."""
    from belote.cards import CARDS
    from belote.scoring.combination import COMBINATIONS
    from belote.scoring.hands import top_index

    assert len(COMBINATIONS) == 92
    for mask, combination in COMBINATIONS.items():
        assert CARDS[top_index(mask)] is combination.top, combination.label
