"""The table for people (docs/tables.md): text commands per seat, what each seat is told, save and resume."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote.actions import Verb
from belote.cards import Card
from belote.errors import IllegalAction
from belote.records.replay import match_from_record
from belote.tables import BadName, CommandRefused, NotYourSeat, Table, check_name

CARD = re.compile(r"(?<![0-9A-Z])(10|[789JQKA])([SHDC])(?![A-Za-z0-9])")


def _public(table: Table) -> set[str]:
    """Every card any seat may know of now: played, on the table, turned, shown in a declaration."""
    deal = table.deal
    cards = {str(card) for _, trick in deal.tricks for card in trick} | {str(c) for c in deal.trick}
    for extra in (deal.turned, deal.table_card, deal.bottom):
        if extra is not None:
            cards.add(str(extra))
    for declaration in deal.declarations:
        cards |= {str(card) for card in declaration.combination.cards}
    return cards


def _words(table: Table, seat: int, pick: int, say_words: bool) -> str:
    """A legal command of ``seat`` as a person types it: the choice's number, or the library's words for it."""
    choices = table.choices(seat)
    action = choices[pick % len(choices)]
    listed = [choice for choice in choices if choice.verb is not Verb.BID]
    if not say_words and action in listed:
        return str(listed.index(action) + 1)
    return str(action).split(" ", 1)[1]  # the notation without its seat: "bid 90 H", "play JH belote"


@pytest.mark.parametrize("variant", ["classic", "contree", "bulgarian", "french"])
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), picks=st.integers(0, 2**32))
def test_a_table_driven_by_legal_text_from_every_seat_finishes_and_its_record_replays(variant: str, seed: int,
                                                                                     picks: int) -> None:
    """docs/tables.md#a-chat-table: people at every seat, random legal commands (numbers or words)
    finish the match; the saved record replays (docs/formats.md#deal-record) to the same scores;
    and no seat is ever told a card it may not know (its own hand, or what is public)."""
    probe = Table(variant, seed=0)
    n = probe.players
    pick = random.Random(picks)
    table = Table(variant, ["human"] * n, seed=seed, target=300 if variant != "bulgarian" else 31)
    dealt: dict[int, set[str]] = {}
    number = 0
    for _ in range(3000):
        if table.is_over:
            break
        if table.to_act is None:
            table.command(pick.choice(table.humans), "next")
        else:
            seat = table.to_act
            table.command(seat, _words(table, seat, pick.randrange(99), pick.random() < 0.5))
        public = _public(table)
        if len(table.deals) != number:  # a new deal: new hands
            number, dealt = len(table.deals), {seat: set() for seat in table.humans}
        for seat in table.humans:
            dealt[seat] |= {str(card) for card in table.deal.hand(seat)}
            for text in table.read(seat):
                for rank, suit in CARD.findall(text):
                    assert f"{rank}{suit}" in dealt[seat] | public, (seat, text)
    assert table.is_over
    match, deals = match_from_record(table.to_record())
    assert match.totals == table.match.totals and match.winner == table.match.winner
    assert len(deals) == len(table.deals)


def test_a_command_from_the_wrong_seat_is_refused_and_changes_nothing() -> None:
    """docs/tables.md#commands: a seat that is not to act is refused (``NotYourSeat``, told in its
    words, the seat to act by its name) and the table is left as it was."""
    table = Table("classic", ["human", "heuristic", "human", "heuristic"], names=["Ann", "", "Cy"], seed=1)
    to_act = table.to_act
    assert to_act is not None
    other = 2 if to_act == 0 else 0
    before = (table.to_record(), table.version, [str(a) for a in table.deal.history])
    with pytest.raises(NotYourSeat) as caught:
        table.command(other, "pass")
    assert caught.value.said == f"It is {table.names[to_act]}'s turn, not yours."
    with pytest.raises(NotYourSeat):
        table.act(other, table.choices(to_act)[0])
    assert (table.to_record(), table.version, [str(a) for a in table.deal.history]) == before


def test_words_the_table_prints_are_read_back_and_bad_words_are_refused_in_plain_words() -> None:
    """docs/tables.md#commands: ``take``, a choice number, a card; a card not held is refused with
    the reason (``explain_refusal``), nothing changed."""
    table = Table("classic", ["human", "heuristic", "heuristic", "heuristic"], seed=5)
    seat = 0
    while table.to_act != seat or table.deal.trump is None:
        if table.to_act is None:
            table.command(seat, "next")
            continue
        table.command(seat, "take" if any(a.verb is Verb.TAKE for a in table.choices(seat)) else "1")
    hand = table.deal.hand(seat)
    missing = next(card for card in map(Card.parse, ["AS", "AH", "AD", "AC", "7S", "7H"]) if card not in hand)
    version = table.version
    with pytest.raises(CommandRefused, match=f"You cannot play {missing}: you do not hold {missing}"):
        table.command(seat, f"play {missing}")
    assert table.version == version
    choices = table.choices(seat)
    assert table.command(seat, str(choices[0].cards[0])) == choices[0]


def test_names_round_trip_through_save_and_resume_and_show_on_the_score_sheet() -> None:
    """docs/tables.md#save-and-resume: the record keeps ``seats`` and ``names`` (two added fields of
    a match record); a table resumed from it has them, and the sheet names the sides by them."""
    table = Table("contree", ["human", "random", "human", "random"], names=["Ann", "", "Cy"], seed=3)
    while table.to_act is not None:
        table.command(table.to_act, "1" if table.deal.strain is not None else "pass")
    record = table.to_record()
    assert record["names"] == ["Ann", "", "Cy", ""]
    resumed = Table(record=record)
    assert resumed.names == table.names and resumed.seats == table.seats
    assert resumed.match.totals == table.match.totals
    assert resumed.score_sheet().splitlines()[0].split() == ["deal", "Ann", "+", "Cy", "seat", "1", "+", "seat", "3"]
    assert "Ann" in " ".join(table.read(0) + table.read(2)) or any(table.names)


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "Ann\nBob", "\x00", 7])
def test_bad_names_are_refused(name: object) -> None:
    """docs/tables.md#names: a name is 1 to 24 printable characters."""
    with pytest.raises(BadName):
        check_name(name)
    if name != "":  # at a table, an empty name is no name: the seat's number
        with pytest.raises(BadName):
            Table("classic", names=[name])  # type: ignore[list-item]


def test_undo_takes_back_the_persons_move_and_the_bots_after_it() -> None:
    """docs/tables.md#undo (docs/web.md's Undo, the same table): the person's last action and the
    bots' after it are taken back; a person who did not act last may not undo."""
    table = Table("classic", ["human", "heuristic", "human", "heuristic"], seed=2)
    first = table.to_act
    assert first is not None
    history = [str(a) for a in table.deal.history]
    table.command(first, "1")
    if table.to_act is not None and table.to_act != first:
        with pytest.raises(IllegalAction, match=r"acted after you|nothing to undo"):
            table.undo(table.to_act)
    table.command(first, "undo")
    assert [str(a) for a in table.deal.history] == history and table.to_act == first


def test_each_seat_is_told_the_others_by_their_names_and_its_partner_as_such() -> None:
    """docs/tables.md#seats-and-names: the library's sentences spoken to each seat, with the
    players' names: ``Your partner (Cy) ...`` for Ann, ``Your partner (Ann) ...`` for Cy."""
    table = Table("classic", ["human", "heuristic", "human", "heuristic"], names=["Ann", "", "Cy"], seed=1)
    seen = {0: [], 2: []}  # type: dict[int, list[str]]
    for _ in range(40):
        if table.to_act is None:
            break
        seat = table.to_act
        table.command(seat, "1")
        for person in (0, 2):
            seen[person] += table.read(person)
    assert any(line.startswith("Your partner (Cy) ") for line in seen[0])
    assert any(line.startswith("Your partner (Ann) ") for line in seen[2])
    assert not any("seat 0" in line or "seat 2" in line for line in seen[0] + seen[2])


def test_a_trick_won_is_told_right_after_its_last_card() -> None:
    """docs/tables.md#what-each-seat-is-told: every action as it happens, each trick won right
    after its fourth card (as the terminal game has always shown it), bots' cards included."""
    table = Table("classic", ["human", "heuristic", "heuristic", "heuristic"], seed=6)
    lines: list[str] = []
    while table.deal.trump is None or not table.deal.is_over:
        if table.to_act is None:
            table.command(0, "next")
            continue
        table.command(0, "1")
        lines += table.read(0)
    plays = 0
    for line in lines:
        if re.match(r"(You play|.* plays) ", line):
            plays += 1
        elif line.startswith("-- Trick"):
            assert plays == 4, lines
            plays = 0
