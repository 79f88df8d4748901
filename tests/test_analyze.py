"""``belote analyze``: every card of a deal valued against the best card its seat had."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest

from belote.actions import Verb
from belote.analyze import analyze
from belote.cli import main
from belote.deal import Deal
from belote.par import par_deal
from belote.rules import get_rules
from belote.simulate import bots_for, play_dealing
from belote.solver import makes_contract, solve


def _run(argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    out = io.StringIO()
    code = main(argv, out=out)
    return code, out.getvalue(), capsys.readouterr().err


def _bots_deal(variant: str, index: int) -> Deal:
    rules = get_rules(variant)
    deal, _, _ = play_dealing(rules, 4, 7, index, bots_for("heuristic", 4), None)
    return deal


# piedicavallo deck 2: a seat declares after the first lead, so the first trick's
# declarations must count from the first card on for the values to agree.
@pytest.mark.parametrize(("variant", "index"), [("classic", 0), ("piedicavallo", 2)])
def test_a_deal_played_along_the_principal_line_loses_nothing(variant: str, index: int) -> None:
    """Perfect play from the first lead: no card loses value, no card is marked."""
    played, result, solution = par_deal(_bots_deal(variant, index))
    analysis = analyze(played)
    assert len(analysis.cards) == 32
    assert all(card.loss == 0 and card.mark == "" for card in analysis.cards)
    assert all(card.value == solution.value for card in analysis.cards)
    assert analysis.scores == result.scores


def _blunder() -> tuple[Deal, int]:
    """A deal where, with five tricks left, a card sinks a contract the attack made, then
    everyone plays perfectly: the result is known independently by the contract query."""
    for seed in range(200):
        deal = Deal.random("classic", seed=seed)
        deal.take()
        rng = random.Random(seed)
        while deal.tricks_played < 3:
            cards = deal.legal_play_cards()
            deal.play_card(cards[rng.randrange(len(cards))])
        if not makes_contract(deal):
            continue
        for card in deal.legal_play_cards():
            after = deal.copy()
            after.play_card(card)
            if not makes_contract(after):
                index = len([a for a in deal.history if a.verb is Verb.PLAY])
                for rest in solve(after).line:
                    after.play_card(rest.index, belote=after.can_announce_belote(rest.index))
                return after, index
    raise AssertionError("no blunder found")  # pragma: no cover


def test_a_blunder_is_flagged() -> None:
    """The card that turns a made contract into a failure (or litige) is marked ``??``."""
    deal, index = _blunder()
    analysis = analyze(deal, start=index)
    blunder = analysis.cards[0]
    assert blunder.index == index
    assert blunder.loss > 0 and blunder.changed_result and blunder.mark == "??"
    assert blunder.result_before.startswith("made")
    assert not blunder.result_after.startswith("made")
    assert blunder.card not in blunder.best_cards
    assert all(card.loss == 0 for card in analysis.cards[1:])


def test_analyze_command_json_and_text(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """--json gives one entry per card with the documented fields; the text marks ``??``."""
    deal, index = _blunder()
    record = json.dumps(deal.to_record())
    code, out, err = _run(["analyze", "--json", "-"], record, monkeypatch, capsys)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["variant"] == "classic" and len(doc["cards"]) == 32
    keys = {"index", "trick", "seat", "card", "value", "best_card", "best_cards", "best_value",
            "loss", "side", "result_before", "result_after", "changed_result", "mark"}
    assert all(set(card) == keys for card in doc["cards"])
    assert [card["index"] for card in doc["cards"]] == list(range(32))
    assert doc["cards"][index]["changed_result"] is True
    code, text, _ = _run(["analyze", "-"], record, monkeypatch, capsys)
    assert code == 0 and "??" in text and "Trick 8" in text


@pytest.mark.parametrize("stdin", ["not json", '{"variant": "classic"}',
                                   '{"variant": "classic", "players": 4, "dealer": 0, '
                                   '"deck": [], "actions": []}'])
def test_analyze_bad_input_is_one_error_line(stdin: str, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """CONTRACT.md "Command line": exit status 2 and one ``error:`` line."""
    code, out, err = _run(["analyze", "-"], stdin, monkeypatch, capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1


def test_analyze_shows_its_progress_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`belote analyze FILE` is not a blank screen: a bar counts the records on a terminal."""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    lines = []
    for seed in (1, 2):
        deal = Deal.random("classic", seed=seed)
        deal.play_out_random(random.Random(seed))
        lines.append(json.dumps(deal.to_record()))
    path = tmp_path / "deals.jsonl"
    path.write_text("\n".join(lines) + "\n")
    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    assert main(["analyze", str(path)], io.StringIO()) == 0
    assert "analyze [" in screen.getvalue() and "(2/2)" in screen.getvalue()
