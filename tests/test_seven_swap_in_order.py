"""Issue 40, part 1: a deal record is read in order, without lookahead, and the seven swap with it.

003 ("Toute carte vue, empêche cette faveur"): any card seen ends the right
to swap the 7 of trump. A record without the holder's ``keep`` reads as
``keep`` once another seat acts (CONTRACT.md, "Deal record"); a ``swap``
after that is refused where it stands, in strict replay, and is the offence
(out of turn, rules §9) in lenient replay: sanctioned, not carried out.

The deal: ``french`` with two players, dealer 0, hearts turned (JH); seat 1
leads and takes, seat 0 holds the 7 of hearts.
"""

from __future__ import annotations

from typing import Any

import pytest

from belote.actions import Action, Verb
from belote.deal import Deal
from belote.errors import IllegalAction, InvalidRecord
from belote.records.replay import replay_document
from belote.rules.penalties import Offence

LATE = "a card has been played: the 7 of trump can no longer be swapped"


def record(*actions: str) -> dict[str, Any]:
    """The deal of the module docstring, with ``actions``."""
    deal = Deal.from_hands(
        "french", ["7H 8S 9S JC QC AD", "QS KS AS AH 8H 7D"], dealer=0, turned="JH", players=2
    )
    return {**deal.to_record(), "actions": list(actions)}


REPRODUCTIONS = [
    (["1 take", "1 play AH", "0 swap"], 2),
    (["1 take", "1 declare", "1 play AH", "0 swap"], 3),
]


@pytest.mark.parametrize(("actions", "index"), REPRODUCTIONS)
def test_french_swap_after_a_card_is_refused_at_the_swap_in_strict_replay(
    actions: list[str], index: int
) -> None:
    """003 "Toute carte vue, empêche cette faveur": the swap after the first card is refused where it stands.

    Read in order, the first card closes the holder's decision (a keep);
    the card itself is the leader's and legal, and the late ``swap`` is the
    first illegal action, refused with the reason that a card has been played.
    """
    with pytest.raises(InvalidRecord) as error:
        Deal.from_record(record(*actions))
    assert error.value.index == index and error.value.action == actions[index]
    assert LATE in str(error.value)


@pytest.mark.parametrize(("actions", "index"), REPRODUCTIONS)
def test_french_swap_after_a_card_is_the_offence_in_lenient_replay(
    actions: list[str], index: int
) -> None:
    """003 "Toute carte vue" and 001 "Valore delle penalità": the late swap is out of turn, 10 deducted.

    Lenient replay (rules §9) records the swap, not the earlier card, as the
    offence; it is not carried out (seat 0 still holds the 7 of hearts and
    the turned JH stays on the table), and the deal goes on.
    """
    deal = Deal.from_record(record(*actions), lenient=True)
    (offence,) = deal.offences
    assert offence.offence is Offence.OUT_OF_TURN and offence.seat == 0
    assert offence.action == Action.swap(0) and LATE in offence.reason
    assert offence.sanction.points == (-10, 0)
    assert deal.swapped is None and "7H" in str(deal.hand(0))
    assert [str(a) for a in deal.history][:2] == ["1 take", "0 keep"]
    assert not deal.is_over and deal.to_act == 0
    again = Deal.from_record(deal.to_record())
    assert again == deal and again.offences == deal.offences
    document = replay_document({**record(*actions), "lenient": True}, partial=True)
    assert document["phase"] == "play"


def test_french_not_your_turn_names_the_swap_decision() -> None:
    """Rules §4: while the holder of the 7 of trump decides, another seat's card waits for "swap or keep"."""
    deal = Deal.from_record(record("1 take"))
    assert deal.swap_seat() == 0
    with pytest.raises(IllegalAction, match="it is seat 0's turn to swap or keep the 7 of trump, not seat 1's"):
        deal.apply("1 play AH")
    deal.keep()
    with pytest.raises(IllegalAction, match="it is seat 1's turn to declare or play, not seat 0's"):
        deal.apply("0 play 8S")


@pytest.mark.parametrize(
    ("variant", "actions", "words"),
    [
        ("classic", ["0 take"], "play"),
        ("classic", [], "bid"),
        ("piedicavallo", ["0 take"], "declare or play"),
    ],
)
def test_not_your_turn_names_what_the_seat_to_act_decides(
    variant: str, actions: list[str], words: str
) -> None:
    """Every "not your turn" refusal names what the seat to act must decide (bid, swap or keep, declare, play, stop)."""
    deal = Deal(variant, list(range(32)), dealer=3)
    deal.apply_all(actions)
    seat = deal.to_act
    assert seat is not None
    other = (seat + 1) % 4
    wrong = Action.pass_(other) if not actions else Action.play(other, next(iter(deal.hand(other))))
    assert deal.why_illegal(wrong) == f"it is seat {seat}'s turn to {words}, not seat {other}'s"


def test_french_stop_is_named_among_the_decisions() -> None:
    """001 "Ho finito": a seat that may stop is to "play or stop" (rules §8.2)."""
    deal = Deal.from_record(record("1 take", "0 keep"))
    while not deal.is_over:
        if any(action.verb is Verb.STOP for action in deal.legal_actions()):
            seat = deal.to_act
            assert seat is not None
            other = 1 - seat
            refusal = deal.why_illegal(Action.play(other, next(iter(deal.hand(other)))))
            assert refusal is not None and refusal.endswith(f"to play or stop, not seat {other}'s")
            return
        deal.apply(next(a for a in deal.legal_actions() if a.verb is not Verb.STOP))
    pytest.skip("no position offered j'arrête in this deal")


def test_a_lenient_card_shown_during_the_decision_is_the_holder_keeping() -> None:
    """003 "Toute carte vue": in a lenient deal a card shown while the holder decides closes the decision.

    The holder kept (the history says so), and the card is then judged as
    usual: here the leader's, so legal. The record reads back the same.
    """
    deal = Deal.from_record({**record("1 take"), "lenient": True})
    played = deal.apply("1 play AH")
    assert played.offence is None
    assert [str(a) for a in deal.history] == ["1 take", "0 keep", "1 play AH"]
    assert Deal.from_record(deal.to_record()) == deal
    late = deal.apply("0 swap")
    assert late.offence is not None and late.offence.offence is Offence.OUT_OF_TURN
    assert Deal.from_record(deal.to_record()) == deal


def test_old_record_declaration_before_the_swap_still_reads_in_order() -> None:
    """docs/formats.md, records from before the swap decision: the leader's declaration waits for the swap.

    Nothing after an action decides how it is read: the declaration is
    held until the holder's ``swap`` (its own action, before any card),
    then applied.
    """
    deal = Deal.from_record(record("1 take", "1 declare", "0 swap", "1 play AH"))
    assert [str(a) for a in deal.history] == ["1 take", "0 swap", "1 declare", "1 play AH"]
    with pytest.raises(InvalidRecord) as error:
        Deal.from_record(record("1 take", "1 declare", "1 play AH", "0 swap"))
    assert error.value.index == 3
