"""One parser reads every word the library prints for an action (issue 51 item 4; docs/formats.md#action-notation).

For every legal action met in random deals of every variant, each text the
library prints for it — the record notation, the same without the seat, the
narration's sentence seen from every seat (``You bid 100 hearts ♥.``), the
menu's choice, the web API's choice text and the position's word — parses
back to that very action with [`Action.parse`][belote.actions.Action.parse].
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote.actions import Action, Strain, Verb
from belote.cards import Card, Suit
from belote.deal import Deal
from belote.deal.moves import Move
from belote.errors import InvalidArgumentType, NotationError
from belote.records.narration import action_text, describe_choice
from belote.variants import BUILTIN
from belote.web.events import choice_json
from belote.web.table import Table

VARIANTS = [rules.name for rules in BUILTIN]


def _texts(action: Action, deal: Deal) -> list[tuple[str, int | None]]:
    """Every text the library prints for ``action`` (legal in ``deal``), with the seat to read it with."""
    seat = action.seat
    notation = str(action)
    texts: list[tuple[str, int | None]] = [(notation, None), (notation.split(" ", 1)[1], seat)]
    rebelote = action.belote and any(a.belote and a.seat == seat for a in deal.history)
    for me in (None, *range(deal.players)):
        said = action_text(action, deal, rebelote, me)
        if said:  # declarations are reported with their combinations
            texts.append((said, seat))
    texts.append((describe_choice(action, deal), seat))
    texts.append((str(Move(action.verb.value, action.suit, action.cards, action.belote, action.value,
                           action.strain)), seat))
    return texts


def _walk(variant: str, seed: int) -> list[tuple[Action, str, int | None]]:
    """Every (legal action, text, seat) met along one random deal."""
    rng = random.Random(seed)
    deal = Deal.random(variant, seed=seed)
    found = []
    while not deal.is_over:
        legal = deal.legal_actions()
        for action in legal:
            found += [(action, text, seat) for text, seat in _texts(action, deal)]
        deal.apply(rng.choice(legal))
    return found


@pytest.mark.parametrize("variant", VARIANTS)
@given(seed=st.integers(0, 10_000))
@settings(max_examples=4, deadline=None)
def test_every_printed_text_parses_back_to_its_action(variant: str, seed: int) -> None:
    """docs/formats.md#action-notation: every form the library prints reads back (issue 51 item 4)."""
    deal = Deal.random(variant, seed=seed)
    rng = random.Random(seed)
    while not deal.is_over:
        legal = deal.legal_actions()
        for action in legal:
            assert Action.parse(str(action)) == action  # the notation, without context
            for text, seat in _texts(action, deal):
                read = Action.parse(text, seat=seat, among=legal, turned=deal.turned)
                assert read == action, (text, str(read), str(action))
        deal.apply(rng.choice(legal))


def test_the_web_api_choice_text_parses_back() -> None:
    """docs/web.md: the API's choice ``text`` names its action (issue 51 item 4: one parser)."""
    for variant in ("contree", "bulgarian", "classic"):
        table = Table(variant, seed=3, seats=["human", "heuristic", "heuristic", "heuristic"])
        for _ in range(40):
            view = table.view(0)
            choices = view["choices"]
            assert isinstance(choices, list)
            if not choices:
                break
            deal = table.deal
            legal = deal.legal_actions()
            for number, choice in enumerate(choices):
                assert isinstance(choice, dict)
                read = Action.parse(str(choice["text"]), seat=0, among=legal, turned=deal.turned)
                assert choice_json(number, read, deal)["verb"] == choice["verb"], choice["text"]
            table.choose(len(choices) - 1, 0)
            if table.match.is_over:
                break


@pytest.mark.parametrize(
    ("text", "seat", "expected"),
    [
        ("bid 100 hearts", 0, "0 bid 100 H"),  # issue 49 E: the game's own words
        ("You bid 100 hearts ♥.", 0, "0 bid 100 H"),
        ("90H", 2, "2 bid 90 H"),  # docs/positions.md: a bid as positions write it
        ("bid 90 cœur", 1, "1 bid 90 H"),  # the web table's French
        ("bid 80 Trèfle", 1, "1 bid 80 C"),
        ("bid 90 cuori", 1, "1 bid 90 H"),  # the web table's Italian
        ("bid capot picche", 1, "1 bid capot S"),
        ("bid 110 carreau", 1, "1 bid 110 D"),
        ("bid sans atout", 3, "3 bid NT"),
        ("bid SB", 3, "3 bid NT"),
        ("bid TB", 3, "3 bid AT"),
        ("bid AT", 3, "3 bid AT"),
        ("take hearts", 1, "1 take H"),
        ("play 10h", 1, "1 play 10H"),
        ("Jouer KH et dire belote", 2, "2 play KH belote"),
        ("seat 3 passes.", None, "3 pass"),
        ("Your partner (seat 2) coinches the contract (x2).", None, "2 coinche"),
        ("2 redouble", None, "2 redouble"),
    ],
)
def test_words_people_type(text: str, seat: int | None, expected: str) -> None:
    """Issue 51 item 4: suit words in en/fr/it, ``90H``, strain calls, the seat given apart."""
    assert str(Action.parse(text, seat=seat)) == expected


def test_contre_is_the_doubling_the_auction_has() -> None:
    """docs/contree.md, docs/bulgarian.md#the-auction: one word doubles in either auction."""
    assert Action.parse("contre", 1, among=[Action.pass_(1), Action.double(1)]) == Action.double(1)
    assert Action.parse("double", 1, among=[Action.pass_(1), Action.coinche(1)]) == Action.coinche(1)
    assert Action.parse("redouble", 1, among=[Action.surcoinche(1)]) == Action.surcoinche(1)
    assert Action.parse("double", 1) == Action.double(1)  # no context: the word's own verb


def test_among_returns_the_legal_object_and_reads_the_turned_suit() -> None:
    """Round 1 takes the turned suit: ``take hearts`` is ``take`` when hearts was turned (docs/rules.md)."""
    legal = [Action.pass_(1), Action.take(1)]
    assert Action.parse("take hearts", 1, among=legal, turned=Card.parse("JH")) is legal[1]
    assert Action.parse("take hearts", 1, among=legal, turned=Suit.SPADES) == Action.take(1, Suit.HEARTS)
    plays = [Action.play(0, "KH", belote=True)]
    assert Action.parse("KH", 0, among=plays) is plays[0]  # the menu offers the card with belote
    assert Action.parse("10H", 0, among=[Action.bid(0, 10, Strain.HEARTS)]).verb is Verb.BID


@pytest.mark.parametrize(
    ("text", "seat", "words"),
    [
        ("0 fold", None, "unknown verb"),
        ("0 pass extra", None, "takes no argument"),
        ("pass", None, "names no seat"),
        ("You pass", None, "says 'you'"),
        ("2 pass", 0, "seat 2's action, not seat 0's"),  # a seat cannot act for another
        ("0 bid 95 H", None, "multiple of 10"),
        ("0 bid 90", None, "a bid names a value"),
        ("0 bid 90 H NT", None, "two strains"),
        ("0 play JH JS", None, "takes a card"),
        ("", None, "not an action"),
    ],
)
def test_refusals_say_why(text: str, seat: int | None, words: str) -> None:
    """docs/formats.md#action-notation: what is no action is refused with its reason."""
    with pytest.raises(NotationError, match=words):
        Action.parse(text, seat=seat)


def test_bad_arguments_are_typed_errors() -> None:
    with pytest.raises(InvalidArgumentType):
        Action.parse("pass", seat="0")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentType):
        Action.parse("pass", 0, among=["0 pass"])  # type: ignore[list-item]
    with pytest.raises(InvalidArgumentType):
        Action.parse("take", 0, turned="H")  # type: ignore[arg-type]


def test_positions_read_the_suit_names_too() -> None:
    """docs/positions.md: the bids part reads the same words as Action.parse (one reader of words)."""
    from belote.deal.moves import parse_moves

    assert [str(m) for m in parse_moves("bid 90 hearts pass 100cœur capot picche", "bids")] == [
        "90H", "pass", "100H", "capotS"]
    assert [str(m) for m in parse_moves("pass take cuori", "bids")] == ["pass", "take H"]


def test_the_api_takes_a_choice_in_words() -> None:
    """docs/web.md: ``choice`` is a number or the words of a choice, read as the terminal reads them."""
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from belote.web.app import Limits, create_app

    c = TestClient(create_app(Limits()), base_url="http://127.0.0.1:8000")
    game = c.post("/api/games", json={"variant": "contree", "seed": 0,
                                      "seats": ["human", "heuristic", "heuristic", "heuristic"]}).json()
    assert any(entry["verb"] == "bid" for entry in game["choices"])
    view = c.post(f"/api/games/{game['id']}/choose", json={"choice": "bid 160 hearts"}).json()
    assert "You bid 160 hearts ♥." in "\n".join(str(line) for line in view["log"])
    refused = c.post(f"/api/games/{game['id']}/choose", json={"choice": "fold"})
    assert refused.status_code == 400 and refused.json()["code"] == "error.notation"


def test_seat_view_has_its_own_docstring() -> None:
    """Issue 51 item 8: ``help(SeatView)`` shows the class's docstring, not mypyc's filler, as the class
    lives in a module mypyc does not compile (pyproject.toml's ``compiled`` list)."""
    import tomllib
    from pathlib import Path

    from belote.deal import SeatView

    assert SeatView.__doc__ is not None and "One seat's view of a deal" in SeatView.__doc__
    compiled = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    listed = compiled["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["compiled"]
    module = SeatView.__module__.replace(".", "/") + ".py"
    assert module not in listed


def test_a_tally_names_its_contract_in_the_same_words() -> None:
    """docs/formats.md#a-contree-tally: ``"contract": "90 hearts"`` reads as ``"90 H"`` (one reader of strains)."""
    from belote.records.results import score_document

    base = {"variant": "contree", "taker": 0, "tricks": [5, 3], "card_points": [100, 52], "last_trick": 0}
    by_letter = score_document({**base, "contract": "90 H"})
    for words in ("90 hearts", "90 cœur", "90 cuori", "90♥"):
        assert score_document({**base, "contract": words}) == by_letter
