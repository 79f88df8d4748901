"""Positions (docs/positions.md): one line of text for a deal, written and read back."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote.actions import Action
from belote.cards import CardSet
from belote.deal import Deal
from belote.errors import InvalidArgument, InvalidPosition
from belote.rules import available_variants, get_rules
from belote.solver.solution import solve
from belote.strategies import DealStart, deals, interesting_deals

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TABLES = [
    (get_rules(v).name, n) for v in available_variants() for n in get_rules(v).player_counts
]

def _played(start: DealStart, seed: int) -> tuple[Deal, list[Action]]:
    deal = Deal(start.rules, list(start.deck), start.dealer, start.players)
    rng = random.Random(seed)
    actions = []
    while not deal.is_over:
        action = rng.choice(deal.legal_actions())
        deal.apply(action)
        actions.append(action)
    return deal, actions


def _prefix(start: DealStart, actions: list[Action], k: int) -> Deal:
    deal = Deal(start.rules, list(start.deck), start.dealer, start.players)
    deal.apply_all(actions[:k])
    return deal


@pytest.mark.parametrize(("variant", "players"), TABLES)
@PROPERTY
@given(data=st.data())
def test_position_round_trips_at_every_point_of_a_deal(
    variant: str, players: int, data: st.DataObject
) -> None:
    """Every reachable position reads back as the same deal: same text, same state, same future."""
    start = data.draw(deals(variant).filter(lambda s: s.players == players))
    full, actions = _played(start, data.draw(st.integers(0, 2**32)))
    k = data.draw(st.integers(0, len(actions)))
    deal = _prefix(start, actions, k)
    text = deal.position()
    again = Deal.from_position(text)
    assert again.position() == text
    assert again.phase == deal.phase and again.to_act == deal.to_act
    assert [again.hand(seat) for seat in range(players)] == [deal.hand(seat) for seat in range(players)]
    assert again.tricks == deal.tricks and again.trick == deal.trick
    assert again.declarations == deal.declarations
    assert again.legal_actions() == deal.legal_actions()
    assert [again.points_so_far(side) for side in range(deal.sides)] == [
        deal.points_so_far(side) for side in range(deal.sides)
    ]
    again.apply_all(actions[k:])
    assert again.result == full.result


@PROPERTY
@given(interesting_deals(), st.integers(0, 2**32), st.data())
def test_position_round_trips_with_rigged_hands(
    start: DealStart, seed: int, data: st.DataObject
) -> None:
    """Rigged hands (runs, carrés, belote in a run, the 7 of trump elsewhere) round-trip too.

    The rigged taker takes first when it may, so that the declarations, belote
    and the seven swap the hands were rigged for come up.
    """
    deal = Deal(start.rules, list(start.deck), start.dealer, start.players)
    rng = random.Random(seed)
    actions = []
    while not deal.is_over:
        legal = deal.legal_actions()
        takes = [a for a in legal if a.verb.value == "take" and a.seat == start.taker and a.suit is None]
        action = takes[0] if takes else rng.choice(legal)
        deal.apply(action)
        actions.append(action)
    k = data.draw(st.integers(0, len(actions)))
    prefix = _prefix(start, actions, k)
    text = prefix.position()
    again = Deal.from_position(text)
    assert again.position() == text
    assert again.declarations == prefix.declarations and again.swapped == prefix.swapped
    again.apply_all(actions[k:])
    assert again.result == deal.result


@PROPERTY
@given(deals(), st.integers(0, 2**32), st.data())
def test_broken_position_raises_invalid_position(
    start: DealStart, seed: int, data: st.DataObject
) -> None:
    """A position with a word changed, dropped or repeated is read, or refused with InvalidPosition only."""
    _, actions = _played(start, seed)
    deal = _prefix(start, actions, data.draw(st.integers(0, len(actions))))
    words = deal.position().split(" ")
    at = data.draw(st.integers(0, len(words) - 1))
    change = data.draw(st.sampled_from(["drop", "repeat", "card", "swap"]))
    if change == "drop":
        del words[at]
    elif change == "repeat":
        words.insert(at, words[at])
    elif change == "card":
        words[at] = data.draw(st.sampled_from(["7S", "JH", "10D", "AC", "XX", "/", "|", "-", "9"]))
    else:
        other = data.draw(st.integers(0, len(words) - 1))
        words[at], words[other] = words[other], words[at]
    try:
        again = Deal.from_position(" ".join(words))
    except InvalidPosition as exc:
        assert str(exc).startswith(f"position: {exc.part}: ")
    else:
        assert Deal.from_position(again.position()).position() == again.position()


@PROPERTY
@given(deals(), st.integers(0, 2**32), st.data())
def test_position_reads_cards_in_any_case(start: DealStart, seed: int, data: st.DataObject) -> None:
    """Cards and words are case-insensitive: a position in lower case is the same position."""
    _, actions = _played(start, seed)
    deal = _prefix(start, actions, data.draw(st.integers(0, len(actions))))
    text = deal.position()
    header, _, rest = text.partition(" | ")
    assert Deal.from_position(header + " | " + rest.lower()).position() == text


def test_position_keeps_the_match_context() -> None:
    """Totals, target and pending travel with the position."""
    deal = Deal("piedicavallo", list(range(32)), dealer=1, totals=(420, 610), target=1000, pending=16)
    text = deal.position()
    assert text.endswith("| totals 420 610 | pending 16")
    again = Deal.from_position(text)
    assert (again.totals, again.pending) == ((420, 610), 16)


def test_position_of_a_variant_spec_keeps_its_knobs() -> None:
    """The variant part is a spec: the knobs changed are in the position."""
    deal = Deal("classic(capot_value=250)", list(range(32)), dealer=0)
    assert deal.position().startswith("belote/1 classic(capot_value=250) | ")
    assert Deal.from_position(deal.position()).rules.capot_value == 250


def test_position_without_stock_deals_the_rest_in_card_order() -> None:
    """The stock is optional: left out, the cards nobody holds come in card order."""
    deal = Deal.from_position(
        "belote/1 classic | dealer 0 | hands 7S 8S 9S 10S JS / QS KS AS 7H 8H / 9H 10H JH QH KH"
        " / AH 7D 8D 9D 10D | turned JD"
    )
    assert deal.phase.value == "bidding-1" and deal.to_act == 1
    assert str(deal.hand(3)) == "AH 7D 8D 9D 10D"
    deal.take()
    assert str(deal.hand(1)) == "QS KS AS 7H 8H JD QD KD"


def test_lenient_deal_with_an_offence_has_no_position() -> None:
    """A position follows the rules: a deal holding an offence has none."""
    deal = Deal("french", list(range(32)), dealer=2, players=3, lenient=True)
    deal.apply_all(["0 take", "2 keep", "0 play 9S", "1 play KD"])
    with pytest.raises(InvalidArgument, match="offences"):
        deal.position()


BASE = (
    "belote/1 classic | dealer 3 | hands 7S 8S 9S 10S JS QS KS / 8H 9H 10H JH QH KH AH"
    " / 7D 8D 9D 10D QD KD AD 7C / 8C 9C 10C JC QC KC AC JD | turned JD | bids pass pass pass take"
    " | play AS 7H"
)
"""Classic: seat 3 took the jack of diamonds, seat 0 led the ace of spades and seat 1
(void in spades, no trump) threw the 7 of hearts; seat 2 is to play."""


def _then(text: str, *cards: str) -> str:
    """``text`` with ``cards`` played next (taken out of the hands that hold them)."""
    for card in cards:
        text = text.replace(f" {card} ", " ", 1)
    return text + " " + " ".join(cards)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (BASE.replace("QS KS", "QS KS 7C"), "position: hands: seat 0 holds 8 cards, 7 expected"),
        (BASE.replace("8H 9H", "9H"), "position: hands: seat 1 holds 6 cards, 7 expected"),
        (BASE.replace("belote/1", "belote/2"), "position: header: version 2 is not known"),
        ("classic | dealer 0", "position: header: a position starts with 'belote/1 VARIANT'"),
        (BASE.replace("classic", "clasic"), "position: variant: unknown variant 'clasic'"),
        (BASE.replace("classic", "classic(capot=1)"), "position: variant: "),
        (BASE + " | colour red", "position: 'colour': not a part of a position"),
        (BASE.replace("dealer 3", "dealer 4"), "position: dealer: a seat from 0 to 3, not 4"),
        (BASE.replace("| dealer 3 ", ""), "position: dealer: missing"),
        (BASE.replace("turned JD", "turned J"), "position: turned: not a card"),
        (BASE.replace("turned JD", "turned 7D"), "position: turned: the taker (seat 3) must hold"),
        (BASE + " | totals 10", "position: totals: totals must give 2 scores, not 1"),
        (BASE + " | target x", "position: target: not a whole number"),
        (_then(BASE, "8D", "JD") + " / zz", "position: play: 'zz' is neither a card nor a move"),
        (BASE.replace("AS 7H", "AS / 7H"), "position: play: '/' after 1 cards of a trick"),
        (BASE.replace("AS 7H", "AS AS"), "position: play: AS is played twice"),
        (BASE.replace("pass pass pass take", "pass pass pass pass"), "position: play: cards are played"),
        (BASE.replace("KS /", "/ KS"), "position: hands: seat 0 holds 6"),
        (BASE.replace("bids pass", "bids hold"), "position: bids: 'hold' is neither"),
        (_then(BASE, "8D", "8C"), "position: play: trick 1: seat 3 8C: "),
        (BASE.replace("AS 7H", "AS belote 7H"), "position: play: trick 1: seat 0 AS belote: "),
        (BASE + " | stock 7C", "position: stock: "),
        ("belote/1 french | players 5 | dealer 0 | hands - | turned 7S", "position: players: "),
        (BASE.replace("bids pass", "bids AS pass"), "position: bids: 'AS' is no bid"),
        (BASE.replace("play AS", "play pass AS"), "position: play: 'pass' is a bid"),
    ],
)
def test_bad_position_names_the_part_at_fault(text: str, message: str) -> None:
    """A bad position raises InvalidPosition whose message starts with the part at fault."""
    with pytest.raises(InvalidPosition) as caught:
        Deal.from_position(text)
    assert str(caught.value).startswith(message), str(caught.value)
    assert caught.value.part in str(caught.value)


def test_position_replays_an_overtrump_obligation() -> None:
    """The cards go through the deal's checks: seat 3 must overtrump the 8 of trump (rules §5)."""
    with pytest.raises(InvalidPosition, match="trick 1: seat 3 8C"):
        Deal.from_position(_then(BASE, "8D", "8C"))
    assert Deal.from_position(_then(BASE, "8D", "JD")).tricks_played == 1


def test_played_cards_are_checked_against_the_hands() -> None:
    """A card both played and still held is refused, naming the play part."""
    with pytest.raises(InvalidPosition, match="position: play: AS is played by seat 0 but still held"):
        Deal.from_position(BASE.replace("7S 8S 9S 10S JS QS KS /", "7S 8S 9S 10S JS QS AS /")
                           .replace("AS 7H", "AS 7H"))


def test_hands_accept_a_dash_for_an_empty_hand() -> None:
    """At the end of the deal every hand is written '-'."""
    deal = Deal.random("italian751", seed=8)
    deal.play_out_random(random.Random(8))
    text = deal.position()
    if deal.taker is not None:
        assert "hands - / - / - / -" in text
    assert Deal.from_position(text).result == deal.result


def test_hand_text_matches_card_set_notation() -> None:
    """A hand is written as its CardSet is."""
    deal = Deal.random("classic", seed=4)
    assert f"hands {deal.hand(0)} / " in deal.position()
    assert CardSet.parse(str(deal.hand(0))) == deal.hand(0)


SOLVED = json.loads((Path(__file__).parent / "data" / "positions.json").read_text(encoding="utf-8"))


def test_solved_positions_cover_every_table() -> None:
    """The file of solved positions holds an endgame of every variant and table size."""
    tables = {(Deal.from_position(entry["position"]).rules.name,
               Deal.from_position(entry["position"]).players) for entry in SOLVED}
    assert tables == set(TABLES)


@pytest.mark.parametrize("entry", SOLVED, ids=lambda entry: entry["name"])
def test_solved_position(entry: dict[str, object]) -> None:
    """Each endgame of tests/data/positions.json solves to the value its story explains."""
    text = entry["position"]
    assert isinstance(text, str)
    deal = Deal.from_position(text)
    assert deal.position() == text  # the file holds canonical positions
    solution = solve(deal)
    assert solution.value == entry["value"]
    assert {str(card): value for card, value in solution.card_values.items()} == entry["cards"]
