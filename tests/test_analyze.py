"""``belote analyze``: every card of a deal valued against the best card its seat had."""

from __future__ import annotations

import io
import itertools
import json
import random
import sys
from pathlib import Path

import pytest

from belote.actions import Verb
from belote.cli.main import main
from belote.deal import Deal
from belote.experiments.simulate import bots_for, play_dealing
from belote.rules import get_rules
from belote.solver.analyze import analyze
from belote.solver.par import par_deal
from belote.solver.solution import makes_contract, solve


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


def _unannounced_belote_deal(variant: str) -> Deal:
    """A deal whose belote holder plays the king and queen of trump without announcing them,
    from the sixth trick on (so the analysis stays quick)."""
    for seed in range(400):
        deal = Deal.random(variant, seed=seed)
        deal.take()
        if deal.belote_seat is not None or deal.phase.value != "play":
            continue
        holder = next((s for s in range(deal.players)
                       if deal.hand_mask(s) & (1 << (8 * int(deal.trump) + 5)) and
                       deal.hand_mask(s) & (1 << (8 * int(deal.trump) + 6))), None)
        if holder is None:
            continue
        rng = random.Random(seed)
        while not deal.is_over:
            plays = [a for a in deal.legal_actions() if a.verb is Verb.PLAY and not a.belote]
            others = [a for a in deal.legal_actions() if a.verb is not Verb.PLAY and a.verb is not Verb.STOP]
            deal.apply(rng.choice(plays or others))
        pair = {8 * int(deal.trump) + 5, 8 * int(deal.trump) + 6}
        places = [k for k, a in enumerate(a for a in deal.history if a.verb is Verb.PLAY)
                  if a.cards[0].index in pair]
        if min(places) >= 20:
            return deal
    raise AssertionError("no deal found")  # pragma: no cover


@pytest.mark.parametrize("variant", ["classic", "piedicavallo"])
def test_an_unannounced_belote_counts_as_a_loss(variant: str) -> None:
    """RULES.md 6.1 (000, 002, 003, 004): belote must be announced with both of its cards, or
    the 20 are lost (docs/rules.md#belote-rebelote):
    the analysis values the card as played, so the value after each card is the value of
    the next position, and the card that lost belote shows a loss."""
    deal = _unannounced_belote_deal(variant)
    analysis = analyze(deal, start=20)
    cards = analysis.cards
    for here, following in itertools.pairwise(cards):
        assert here.value == following.best_value, (here, following)
    trump = int(deal.trump)
    first = next(c for c in cards if c.card.suit == trump and c.card.index % 8 in (5, 6))
    assert first.loss > 0 and first.mark in ("?", "??")
