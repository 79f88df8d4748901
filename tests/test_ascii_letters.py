"""The notation's letters are ASCII, compared without Unicode case mapping (docs/formats.md; issue 50 item 6).

``str.upper`` reads the long s ``ſ`` as ``S`` and the dotless ``ı`` as ``I``,
and ``str.lower`` the Kelvin sign ``K`` as ``k``: none of them is a letter
of the notation, in any case.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from clirun import one_error, run

from belote.actions import Action, Strain
from belote.cards import Card, Suit
from belote.errors import InvalidTally, NotationError
from belote.records.results import score_document


def _tally(contract: object) -> dict[str, object]:
    return {"variant": "contree", "taker": 0, "contract": contract, "card_points": [120, 32],
            "tricks": [6, 2], "last_trick": 0}


@pytest.mark.parametrize("contract", ["110 ſ", "110ſ", {"value": 110, "strain": "ſ"}, "capot ſ"])
def test_a_tally_contract_in_a_long_s_is_no_spade_contract(contract: object) -> None:
    """docs/formats.md#tally: "110 ſ" is refused, not read as 110 spades."""
    with pytest.raises(InvalidTally) as caught:
        score_document(_tally(contract))
    assert caught.value.field in ("contract", "contract.strain")


def test_belote_score_refuses_a_long_s_with_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cli.md: the refusal is one ``error:`` line and exit status 2."""
    path = tmp_path / "tally.json"
    path.write_text(json.dumps(_tally("110 ſ")), encoding="utf-8")
    line = one_error(*run(["score", str(path)], capsys)[::2])
    assert line.startswith("error: contract: not a ") and "'ſ'" in line  # the long s named


@pytest.mark.parametrize("contract", ["110 s", "110 S", "110 ♠", "CAPOT s"])
def test_a_spade_contract_is_read_in_any_ascii_case_or_symbol(contract: str) -> None:
    """docs/formats.md#tally: the ASCII letters keep their case freedom."""
    doc = score_document(_tally(contract))
    assert doc["contract"]["strain"] == "S"  # type: ignore[index, call-overload]


@pytest.mark.parametrize(("parse", "text"), [(Suit.parse, "ſ"), (Card.parse, "Aſ"),
                                            (Card.parse, "10ſ"), (Strain.parse, "ſ")])
def test_a_long_s_is_no_suit_card_or_strain(parse: Callable[[str], object], text: str) -> None:
    """docs/formats.md#cards: suits, cards and strains are read from their ASCII letters or symbols only."""
    with pytest.raises(NotationError):
        parse(text)


@pytest.mark.parametrize("text", ["0 ta\u212ae", "0 \u212aeep", "1 bid 110 ſ", "1 play Aſ",
                                  "1 take ſ"])
def test_no_look_alike_letter_makes_an_action(text: str) -> None:
    """docs/formats.md#actions: verbs, strains and cards of an action are ASCII in any case."""
    with pytest.raises(NotationError):
        Action.parse(text)


def test_ascii_letters_still_read_in_any_case() -> None:
    """docs/formats.md#cards: lower case is the same letter."""
    assert Suit.parse("s") is Suit.SPADES
    assert Card.parse("as") == Card.parse("AS") == Card.parse("a♠")
    assert str(Action.parse("1 BID 110 s")) == "1 bid 110 S"
    assert str(Action.parse("0 TAKE")) == "0 take"
