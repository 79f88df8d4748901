"""Lenient replay: offences accepted, recorded and sanctioned per variant (rules §9, docs/rules.md#penalties).

The hand-built deals start from the deck in index order (``CARDS``): with
dealer 3 and seat 0 taking the turned JD, ``piedicavallo`` and ``italian751``
give seat 0 ``7S 8S 9S JH QH JD QD KD``, seat 1 ``10S JS QS KH AH AD 7C 8C``,
seat 2 ``KS AS 7H 7D 8D 9C 10C JC`` and seat 3 ``8H 9H 10H 9D 10D QC KC AC``;
``french`` with 3 players and dealer 2, seat 0 taking diamonds, gives seat 0
``7S 8S 9S 8H 9H 10H 10D JD QD``, seat 1 ``10S JS QS JH QH KH KD AD 7C`` and
seat 2 ``KS AS 7H AH 7D 8D 8C 9C 10C``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from belote.actions import Action
from belote.cards import CARDS, Card, Rank, Suit
from belote.cli.main import main
from belote.deal import Deal
from belote.errors import IllegalAction, InvalidRecord
from belote.records.replay import deal_from_record, replay_document
from belote.rules import Rules, get_rules
from belote.rules.penalties import Offence, SanctionKind, sanction_for
from belote.scoring import DealResult, Line, score_tally
from belote.strategies import DealStart, deal_records, deals

DECK = [str(card) for card in CARDS]


def table(variant: str, *actions: str, lenient: bool = True) -> Deal:
    """A deal from the deck in index order (see the module docstring) after ``actions``."""
    if variant == "french":
        deal = Deal(variant, DECK, dealer=2, players=3, lenient=lenient)
    else:
        deal = Deal(variant, DECK, dealer=3, lenient=lenient)
    deal.apply_all(actions)
    return deal


def finish(deal: Deal) -> Deal:
    """Play the deal out: each seat plays its highest legal card (no declaration, no call)."""
    while not deal.is_over:
        deal.apply(deal.legal_actions()[-1])
    return deal


def clean(deal: Deal) -> DealResult:
    """The deal's result without its penalties (what it scores before the sanctions)."""
    tally = deal.tally()
    assert tally is not None
    return score_tally(attrs.evolve(tally, penalties=()), deal.rules, pending=deal.pending)


def record_of(deal: Deal) -> dict[str, Any]:
    """The deal's record as a table would write it: without the ``lenient`` flag."""
    record = deal.to_record()
    record.pop("lenient", None)
    return record


# --- piedicavallo: the offending team loses the match (000 §Regolamento di gara) -------------


def test_piedicavallo_not_following_suit_loses_the_match() -> None:
    """000 §Regolamento di gara: not answering the suit led costs the match ("partita persa")."""
    deal = finish(table("piedicavallo", "0 take", "0 play 7S", "1 play AD"))
    (offence,) = deal.offences
    assert (offence.index, offence.seat, offence.offence) == (2, 1, Offence.RENEGE)
    assert offence.reason == "AD does not follow suit: must follow spades, the led suit"
    result = deal.result
    assert result.match_winner == 0
    assert result.match_end_reason == "penalty: renege by seat 1"
    assert result.scores == clean(deal).scores  # the deal itself scores as played


def test_piedicavallo_not_trumping_loses_the_match() -> None:
    """000 §Regolamento di gara: not trumping when obliged costs the match; the card counts."""
    deal = table("piedicavallo", "0 take", "0 play 7S", "1 play 10S", "2 play AS", "3 play 8H")
    assert deal.tricks_played == 1 and deal.trick_winners == (2,)  # 8H does not win
    (offence,) = finish(deal).offences
    assert (offence.seat, offence.offence) == (3, Offence.RENEGE)
    assert "must trump" in offence.reason
    assert deal.result.match_winner == 0


def test_piedicavallo_false_announcement_loses_the_match() -> None:
    """000 §Regolamento di gara: a false announcement costs the match; it does not score."""
    deal = finish(table("piedicavallo", "0 take", "0 declare 10D JD QD"))
    (offence,) = deal.offences
    assert (offence.index, offence.seat, offence.offence) == (1, 0, Offence.FALSE_ANNOUNCEMENT)
    assert offence.reason == "seat 0 does not hold 10D"
    assert deal.declarations == ()
    assert deal.result.match_winner == 1
    assert deal.result.match_end_reason == "penalty: false-announcement by seat 0"


def test_calling_out_without_the_points_loses_the_match_in_both_modes() -> None:
    """000 "di mano e padrone", rules §8.1, docs/rules.md#calling-out; rules §9, docs/rules.md#penalties: calling out without the points is
    legal to do and loses the match; the rules already sanction it, so it is no offence
    of the lenient mode and both modes give the same result."""
    actions = ("0 take", "0 play 7S", "1 play 10S", "2 play AS", "3 play 9D", "3 stop")
    results = []
    for lenient in (False, True):
        deal = finish(table("piedicavallo", *actions, lenient=lenient))
        assert deal.offences == ()
        results.append(deal.result)
    assert results[0] == results[1]
    assert results[0].match_winner == 0
    assert results[0].match_end_reason == "seat 3 called out without the points"


def test_piedicavallo_has_no_sanction_for_a_card_out_of_turn() -> None:
    """Rules §9, docs/rules.md#penalties: only 001 prices a card played out of turn; piedicavallo refuses it."""
    deal = table("piedicavallo", "0 take")
    before = deal.copy()
    with pytest.raises(IllegalAction, match="no penalty for out-of-turn"):
        deal.apply("1 play AD")
    assert deal == before


# --- french: 10 to each other player, or 10 deducted (001 "Valore delle penalità") -----------


def test_french_renege_gives_ten_to_each_other_player_in_a_deal() -> None:
    """001 "Valore delle penalità": not following suit gives the other players 10 each."""
    deal = table("french", "0 take", "2 keep", "0 play 9S")
    assert deal.apply("1 play KD").offence == deal.offences[0]
    (offence,) = finish(deal).offences
    assert offence.sanction.points == (10, 0, 10)
    result, before = deal.result, clean(deal)
    assert [a - b for a, b in zip(result.scores, before.scores, strict=True)] == [10, 0, 10]
    assert Line(0, "penalty: renege by seat 1", 10) in result.lines
    assert Line(2, "penalty: renege by seat 1", 10) in result.lines


def test_french_card_out_of_turn_costs_the_offender_ten() -> None:
    """001 "Valore delle penalità": playing out of turn, 10 deducted from the offender.

    **[reading]** the card goes back to the hand and the play goes on as if
    it had not been played.
    """
    deal = table("french", "0 take", "2 keep")
    record = deal.apply("1 play 10S")
    assert record.offence is not None and record.offence.offence is Offence.OUT_OF_TURN
    assert record.index == 2 and record.trick is None
    assert str(deal.hand(1)).startswith("10S") and deal.to_act == 0 and deal.trick == ()
    (offence,) = finish(deal).offences
    assert (offence.index, offence.seat, offence.offence) == (2, 1, Offence.OUT_OF_TURN)
    assert offence.reason == "it is seat 0's turn to declare or play, not seat 1's"
    result, before = deal.result, clean(deal)
    assert [a - b for a, b in zip(result.scores, before.scores, strict=True)] == [0, -10, 0]


def test_french_false_announcement_costs_the_offender_ten() -> None:
    """001 "Valore delle penalità": a combination declared and not shown, 10 deducted."""
    deal = finish(table("french", "0 take", "2 keep", "0 declare 7C 8C 9C"))
    (offence,) = deal.offences
    assert offence.offence is Offence.FALSE_ANNOUNCEMENT and offence.seat == 0
    result, before = deal.result, clean(deal)
    assert [a - b for a, b in zip(result.scores, before.scores, strict=True)] == [-10, 0, 0]
    assert result.match_winner is None


# --- italian751: a refuted false run gives 20 to the opponents (004) --------------------------


def test_italian751_refuted_false_run_gives_twenty_to_the_opponents_in_a_deal() -> None:
    """004 (mossa Leccese): a run declared and not held, refuted, earns the opponents 20."""
    deal = finish(table("italian751", "0 take", "0 declare 10D JD QD"))
    (offence,) = deal.offences
    assert offence.sanction.kind is SanctionKind.POINTS_TO_OTHERS
    result, before = deal.result, clean(deal)
    assert result.scores == (before.scores[0], before.scores[1] + 20)


def test_italian751_has_no_sanction_for_a_renege_so_lenient_mode_refuses_it() -> None:
    """Rules §9, docs/rules.md#penalties: 004 prices no renege; the lenient mode refuses it and says why."""
    deal = table("italian751", "0 take", "0 play 7S")
    before = deal.copy()
    with pytest.raises(IllegalAction) as error:
        deal.apply("1 play AD")
    assert str(error.value) == (
        "AD does not follow suit: must follow spades, the led suit "
        "(italian751 has no penalty for renege, so lenient mode refuses it too)"
    )
    assert deal == before


@pytest.mark.parametrize(
    ("variant", "actions", "bad"),
    [
        ("piedicavallo", ("0 take",), "0 play AD"),  # a card not held
        ("piedicavallo", ("0 take", "0 play 7S"), "1 play KH belote"),  # a false belote
        ("piedicavallo", (), "1 pass"),  # a bid out of turn
        ("piedicavallo", ("0 take", "0 declare JD QD KD"), "0 declare JD QD KD"),  # twice
        ("classic", ("0 take", "0 play 7S"), "1 play AD"),  # classic has no penalties
    ],
)
def test_what_the_sources_do_not_price_stays_refused(
    variant: str, actions: tuple[str, ...], bad: str
) -> None:
    """Rules §9, docs/rules.md#penalties: only the offences of the table are accepted; the rest keeps the strict error."""
    strict, lenient = table(variant, *actions, lenient=False), table(variant, *actions)
    reason = strict.why_illegal(bad)
    assert reason is not None
    before = lenient.copy()
    with pytest.raises(IllegalAction) as error:
        lenient.apply(bad)
    assert str(error.value).startswith(reason)
    assert lenient == before


# --- the record, the result JSON and the command -------------------------------------------


def test_a_lenient_deal_saves_and_resumes_with_its_offences() -> None:
    """A lenient deal's record says so, and reads back as the same deal (undo too)."""
    deal = table("french", "0 take", "2 keep", "1 play 10S", "0 play 9S", "1 play KD")
    record = deal.to_record()
    assert record["lenient"] is True
    assert Deal.from_record(record) == deal
    copy = deal.copy()
    assert deal.undo() == Action.parse("1 play KD")
    assert len(deal.offences) == 1
    copy.undo()
    assert copy == deal


def test_a_card_out_of_turn_during_the_swap_decision_closes_it_and_replays() -> None:
    """001 "Valore delle penalità" with 003 "Toute carte vue, empêche cette faveur".

    The holder of the 7 of trump (seat 2) is to swap or keep when seat 1
    plays out of turn: the card seen closes the decision (seat 2 kept),
    then it is the offence, out of turn. A swap after it is a second
    offence, out of turn too. The record reads back in order as the same
    deal (docs/formats.md#deal-record).
    """
    deal = table("french", "0 take", "1 play 10S", "2 swap")
    assert [str(a) for a in deal.history] == ["0 take", "2 keep", "1 play 10S", "2 swap"]
    assert [(o.index, o.seat, o.offence) for o in deal.offences] == [
        (2, 1, Offence.OUT_OF_TURN), (3, 2, Offence.OUT_OF_TURN)]
    assert deal.swapped is None
    assert Deal.from_record(deal.to_record()) == deal
    finish(deal)
    replayed = Deal.from_record(deal.to_record())
    assert replayed == deal and replayed.result == deal.result
    assert replay_document(record_of(deal), lenient=True)["offences"] == (
        replay_document(deal.to_record())["offences"])


def test_replay_lenient_result_lists_the_offences() -> None:
    """CONTRACT.md "Deal result" keeps its fields; ``offences`` is added, with the sanction."""
    deal = finish(table("french", "0 take", "2 keep", "0 play 9S", "1 play KD"))
    record = record_of(deal)
    with pytest.raises(InvalidRecord) as error:
        replay_document(record)
    assert (error.value.index, error.value.action) == (3, "1 play KD")
    doc = replay_document(record, lenient=True)
    assert doc["offences"] == [{
        "index": 3, "seat": 1, "action": "1 play KD", "kind": "renege",
        "reason": "KD does not follow suit: must follow spades, the led suit",
        "sanction": {"kind": "points-to-others", "points": [10, 0, 10], "loser": None},
    }]
    strict_fields = replay_document(record_of(finish(table("french", "0 take", "2 keep"))))
    assert set(strict_fields) <= set(doc)
    match = {"variant": "french", "target": 1000, "deals": [record]}
    offences = replay_document(match, lenient=True)["offences"]
    assert isinstance(offences, list) and offences[0]["deal"] == 0


def test_cli_replay_lenient(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``belote replay`` stays strict (exit 2, one error line); ``--lenient`` scores the offence."""
    deal = finish(table("piedicavallo", "0 take", "0 play 7S", "1 play AD"))
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record_of(deal)), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.splitlines()) == 1
    assert main(["replay", "--lenient", str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["match_winner"] == 0 and doc["offences"][0]["kind"] == "renege"
    assert main(["replay", "--lenient", "--trace", str(path)]) == 0
    assert "Offence at action 2, 1 play AD: renege" in capsys.readouterr().out


# --- §6.1 a run is declared whole, in a deal as in a tally -----------------------------------


def eight_hearts(variant: str) -> Deal:
    """Seat 0 holds the eight hearts and has taken (turned 7S in french, AH otherwise)."""
    rules = get_rules(variant)
    players = 3 if variant == "french" else 4
    hand = [Card(Rank(rank), Suit.HEARTS) for rank in range(8)]
    if variant == "french":
        hand.append(Card.parse("7C"))
    turned = Card.parse("7S" if variant == "french" else "AH")
    # Deal the deck 0..31 once to see which positions end in seat 0's hand.
    probe = Deal(rules, list(range(32)), dealer=players - 1, players=players)
    probe.take()
    slots = [card.index for card in probe.hand(0) if card.index != probe.turned.index]
    deck: list[Card | None] = [None] * 32
    deck[probe.turned.index] = turned
    for slot, card in zip(slots, [card for card in hand if card != turned], strict=True):
        deck[slot] = card
    rest = iter(card for card in CARDS if card not in deck)
    deal = Deal(variant, [card or next(rest) for card in deck], dealer=players - 1,
                players=players)
    deal.take()
    assert all(card in deal.hand(0) for card in hand)
    return deal


CENT = "0 declare 10H JH QH KH AH"
TIERCE = "0 declare 7H 8H 9H"


@pytest.mark.parametrize("variant", ["piedicavallo", "italian751"])
def test_run_declared_whole_cent_and_tierce_from_eight_refused_in_a_deal(variant: str) -> None:
    """000 Nota (6, 7 or 8 in a row are one cent), rules §6.1, docs/rules.md#announcement-kinds: in a deal as in a tally,
    eight in a row are one run; a cent or a tierce taken out of it is refused."""
    deal = eight_hearts(variant)
    for part in (CENT, TIERCE):
        assert not deal.can(part) and Action.parse(part) not in deal.legal_actions()
        before = deal.copy()
        with pytest.raises(IllegalAction, match="declared whole"):
            deal.apply(part)
        assert deal == before
    tally_side = four_split(variant)
    with pytest.raises(Exception, match="not a combination"):
        score_tally(tally_side, variant)


def four_split(variant: str) -> Any:
    """A tally where seat 0 declares eight hearts as a cent and a tierce."""
    from belote.scoring import Tally
    from belote.scoring.announcements import Declaration, classify

    rules = get_rules(variant)
    return Tally(
        taker=0, trump=Suit.HEARTS, tricks=(5, 3), card_points=(100, 52), last_trick=0,
        announcements=(
            Declaration(0, classify("10H JH QH KH AH", rules)),
            Declaration(0, classify("7H 8H 9H", rules)),
        ),
    )


def test_french_eight_in_a_row_as_cent_and_tierce_in_a_deal() -> None:
    """001 "una Quinta ... e una Terza", rules §6.1, docs/rules.md#announcement-kinds: french splits eight into cent +
    tierce in a deal too, and the engine's tally scores as the tally check says."""
    deal = eight_hearts("french")
    assert deal.can(CENT) and deal.can(TIERCE)
    deal.apply(CENT)
    assert deal.can(TIERCE)
    assert not deal.can("0 declare 7H 8H 9H 10H JH QH KH AH")  # the cards serve once
    deal.apply(TIERCE)
    finish(deal)
    labels = [d.combination.label for d in deal.declarations]
    assert labels == ["cent AH", "tierce 9H"]
    tally = deal.tally()
    assert tally is not None
    assert score_tally(tally, "french") == deal.result
    assert Line(0, "cent AH", 100) in deal.result.lines  # 001: cent 100, tierce 20
    assert Line(0, "tierce 9H", 20) in deal.result.lines


def test_french_eight_splits_only_into_cent_and_tierce() -> None:
    """001: an 8-card run splits only into a cent and a tierce (rules §6.1, docs/rules.md#announcement-kinds)."""
    deal = eight_hearts("french")
    assert not deal.can("0 declare 7H 8H 9H 10H")  # a quarte out of eight is no part of a split


# --- properties: strict-legal records, and one injected offence ---------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal_records())
def test_strict_legal_records_replay_identically_in_both_modes(record: dict[str, Any]) -> None:
    """Rules §9, docs/rules.md#penalties: lenient mode changes nothing for a record without offences."""
    assert replay_document(record, lenient=True) == replay_document(record)
    strict, lenient = deal_from_record(record), deal_from_record(record, lenient=True)
    assert lenient.offences == () and lenient.history == strict.history
    assert lenient.tally() == strict.tally()


def _renege(deal: Deal, draw: st.DrawFn) -> Action | None:
    if deal.phase.value != "play":
        return None
    seat = deal.to_act
    assert seat is not None
    illegal = deal.hand_mask(seat) & ~deal.legal_play_mask()
    if not illegal:
        return None
    card = draw(st.sampled_from([c for c in range(32) if illegal >> c & 1]))
    return Action.play(seat, CARDS[card])


def _out_of_turn(deal: Deal, draw: st.DrawFn) -> Action | None:
    if deal.phase.value != "play":
        return None
    others = [s for s in range(deal.players) if s != deal.to_act and deal.hand_mask(s)]
    if not others:
        return None
    seat = draw(st.sampled_from(others))
    return Action.play(seat, draw(st.sampled_from(list(deal.hand(seat)))))


def _false_declaration(deal: Deal, draw: st.DrawFn) -> Action | None:
    if deal.phase.value != "play" or deal.tricks_played or not deal.rules.has_announcements:
        return None
    seat = deal.to_act
    assert seat is not None
    suit, low = draw(st.sampled_from(list(Suit))), draw(st.integers(0, 5))
    run = [Card(Rank(rank), suit) for rank in range(low, low + 3)]
    if all(card in deal.hand(seat) for card in run):
        return None
    return Action.declare(seat, run)


INJECT = {
    Offence.RENEGE: _renege,
    Offence.OUT_OF_TURN: _out_of_turn,
    Offence.FALSE_ANNOUNCEMENT: _false_declaration,
}


@st.composite
def injected(draw: st.DrawFn, offence: Offence) -> tuple[dict[str, Any], int, Action, str, Rules]:
    """A record with one injected ``offence``: its index, the action, the strict error."""
    start: DealStart = draw(deals())
    deal = Deal(start.rules, list(start.deck), start.dealer, start.players, lenient=True)
    found: tuple[int, Action, str] | None = None
    while not deal.is_over:
        # Not while the holder of the 7 of trump decides: a record with another seat's
        # action there reads as one written before the decision (docs/formats.md#deal-record).
        if found is None and deal.swap_seat() is None:
            bad = INJECT[offence](deal, draw)
            if bad is not None and draw(st.booleans()):
                strict = Deal.from_record(deal.to_record(), lenient=False)
                before = strict.copy()
                with pytest.raises(IllegalAction) as error:
                    strict.apply(bad)
                assert strict == before  # a refused action leaves the deal unchanged
                if offence not in start.rules.penalties:  # the record stops at the offence
                    record = record_of(deal)
                    record["actions"].append(str(bad))
                    return record, len(deal.history), bad, str(error.value), start.rules
                found = (len(deal.history), bad, str(error.value))
                deal.apply(bad)
                continue
        deal.apply(draw(st.sampled_from(deal.legal_actions())))
    assume(found is not None)
    assert found is not None
    return record_of(deal), *found, start.rules


@pytest.mark.parametrize("offence", list(INJECT))
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_one_injected_offence_is_refused_strict_and_sanctioned_lenient(
    offence: Offence, data: st.DataObject
) -> None:
    """Rules §9, docs/rules.md#penalties: strict mode refuses the record with today's error at the offence's index;
    lenient mode scores it with exactly the variant's sanction (or refuses it, saying so,
    when the variant has none)."""
    record, index, bad, reason, rules = data.draw(injected(offence))
    event(f"{rules.name}: {'sanctioned' if offence in rules.penalties else 'refused'}")
    with pytest.raises(InvalidRecord) as strict:
        deal_from_record(record)
    assert (strict.value.index, strict.value.action, str(strict.value)) == (index, str(bad), reason)
    if offence not in rules.penalties:
        with pytest.raises(InvalidRecord) as lenient_error:
            deal_from_record(record, lenient=True)
        assert lenient_error.value.index == index
        assert str(lenient_error.value).startswith(reason)
        return
    deal = deal_from_record(record, lenient=True)
    (recorded,) = deal.offences
    assert (recorded.index, recorded.offence, recorded.reason) == (index, offence, reason)
    expected = sanction_for(rules, offence, bad.seat, deal.players)
    assert recorded.sanction == expected
    result, before = deal.result, clean(deal)
    if expected.kind is SanctionKind.LOSE_MATCH:
        assert result.scores == before.scores
        assert result.match_winner is not None and result.match_winner != expected.loser
        assert result.match_end_reason == expected.item
    else:
        assert [a - b for a, b in zip(result.scores, before.scores, strict=True)] == list(
            expected.points
        )


def test_lenient_must_be_a_bool() -> None:
    """Bad input: a typed error."""
    from belote.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="lenient"):
        Deal("classic", DECK, lenient="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidRecord, match="lenient: expected true or false"):
        replay_document({**record_of(table("classic")), "lenient": 1})
