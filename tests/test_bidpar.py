"""``belote analyze`` marks where the bidding, not the play, lost the points (issue 21)."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest

from belote.actions import Action, Verb
from belote.cli.main import main
from belote.deal import Deal
from belote.errors import InvalidArgument
from belote.solver.bidpar import alternative_value, analyze_bidding
from belote.solver.par import par_deal
from belote.solver.solution import solve

# Classic, dealer 3: seat 0 bids first on the turned 7H. The five best hearts sit in
# one hand; whoever holds them is the one who can take in hearts.
STRONG = "JH 9H AH 10H KH"
WEAK = "7S 8S 7D 8D 7C"
OTHERS = ["AS 10S AD 10D AC", "QH KS KD KC 10C"]


def _taken_by_seat_0(hand_0: str, hand_1: str) -> Deal:
    deal = Deal.from_hands("classic", [hand_0, hand_1, *OTHERS], dealer=3, turned="7H")
    deal.take()  # seat 0 takes hearts
    return deal


def test_taking_without_the_trumps_is_marked() -> None:
    """Seat 0 takes hearts while seat 1 holds the five best: perfect play sinks the contract
    (its par, solved here directly, is a loss for the taker's side), and passing, the bidding
    then ending in a redeal, is worth 0: the take is marked with what it lost."""
    deal = _taken_by_seat_0(WEAK, STRONG)
    par = solve(deal).value  # no declarations in classic: the solver from the first lead
    assert par < 0
    (take,) = analyze_bidding(deal)
    assert (take.seat, take.action, take.value) == (0, "take", par)
    assert take.best_actions == ("pass",) and take.best_value == 0
    assert take.loss == -par and take.mark == "?"
    assert take.better == (("pass", 0),)


def test_taking_with_the_trumps_is_not_marked() -> None:
    """The same cards with the trumps in the taker's hand: the contract is worth more than
    the redeal a pass would bring, so the take loses nothing."""
    deal = _taken_by_seat_0(STRONG, WEAK)
    (take,) = analyze_bidding(deal)
    assert take.value == solve(deal).value > 0
    assert take.loss == 0 and take.mark == "" and take.best_actions == ("take",)


def test_a_pass_is_valued_against_the_take_it_could_have_been() -> None:
    """Seat 0 passes with the trumps and seat 1 takes without them: seat 0's pass is compared
    with its own take (the bidding ending there), played perfectly, for seat 0's side."""
    deal = Deal.from_hands("classic", [STRONG, WEAK, *OTHERS], dealer=3, turned="7H")
    deal.pass_()
    deal.take()  # seat 1 takes hearts without them
    bids = analyze_bidding(deal)
    assert [(b.seat, b.action, b.side) for b in bids] == [(0, "pass", 1), (1, "take", 1)]
    as_bid = solve(deal).value  # for seat 1's side, the taker's
    take_0 = solve(_taken_by_seat_0(STRONG, WEAK)).value  # for seat 0's side
    assert bids[0].value == as_bid and bids[0].better == ()
    # Seat 1's take hands seat 0's side the capot its own take would have made: the pass
    # was as good as the take, and the take of seat 1 lost all of it against a redeal.
    assert bids[0].loss == max(0, take_0 + as_bid) == 0 and bids[0].mark == ""
    assert bids[0].best_actions == ("pass",)
    assert bids[1].loss == 0 - as_bid > 0 and bids[1].best_actions == ("pass",)
    assert alternative_value(Deal.from_hands("classic", [STRONG, WEAK, *OTHERS], dealer=3,
                                             turned="7H"), Action.parse("0 take"), 0) == take_0


def test_the_analysis_shows_the_bidding_in_text_and_json(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """``belote analyze``: a line per decision, the costly ones with what they lost, a
    ``Bidding loss`` line per seat; ``--json`` gives ``bids`` and ``bidding_loss``. The deal
    as bid is worth the first card's best value."""
    played, _, _ = par_deal(_taken_by_seat_0(WEAK, STRONG))
    record = json.dumps(played.to_record())
    monkeypatch.setattr(sys, "stdin", io.StringIO(record))
    out = io.StringIO()
    assert main(["analyze", "--json", "-"], out=out) == 0
    doc = json.loads(out.getvalue())
    (take,) = doc["bids"]
    assert take["action"] == "take" and take["mark"] == "?" and take["loss"] > 0
    assert take["value"] == doc["cards"][0]["best_value"]
    assert doc["bidding_loss"] == {"0": take["loss"], "1": 0, "2": 0, "3": 0}
    assert set(take) == {"index", "seat", "action", "value", "best_value", "best_actions",
                         "loss", "side", "better", "mark"}
    monkeypatch.setattr(sys, "stdin", io.StringIO(record))
    out = io.StringIO()
    assert main(["analyze", "-"], out=out) == 0
    text = out.getvalue()
    assert f"  seat 0  take?   {take['value']:>6}   loses {take['loss']} (best pass: 0)" in text
    assert f"Bidding loss: seat 0 {take['loss']}, seat 1 0, seat 2 0, seat 3 0" in text


def test_three_players_have_no_bidding_analysis() -> None:
    """With three players the solver's value is a seat's margin, not a side's: refused."""
    deal = Deal.random("french", seed=1, players=3)
    deal.play_out_random(random.Random(1))
    with pytest.raises(InvalidArgument, match="two sides"):
        analyze_bidding(deal)


def test_a_redeal_is_worth_nothing_and_its_passes_are_valued() -> None:
    """Everyone passed twice: the deal as bid is worth 0, and each pass is compared with the
    takes its seat could make."""
    deal = Deal.random("french", seed=3, players=2)
    while not deal.is_over:
        deal.pass_()
    bids = analyze_bidding(deal)
    assert len(bids) == 4 and all(b.action == "pass" and b.value == 0 for b in bids)
    assert any(b.loss for b in bids)


def _exact_better(deal: Deal, index: int, value: int, side: int) -> set[tuple[str, int]]:
    """Every other decision at ``index`` worth more to its seat's side, each valued exactly."""
    record = deal.to_record()
    record["actions"] = record["actions"][:index]
    record["finished"] = False
    position = Deal.from_record(record)
    action = deal.history[index]
    wanted = 1 if deal.side(action.seat) == side else -1
    values = {str(other).partition(" ")[2]: alternative_value(position, other, side)
              for other in position.legal_actions()
              if other.verb in (Verb.PASS, Verb.TAKE, Verb.SWAP, Verb.KEEP) and other != action}
    return {(words, v) for words, v in values.items() if wanted * v > wanted * value}


@pytest.mark.parametrize(("variant", "players", "seeds"), [
    ("french", 2, range(12)), ("classic", 4, range(3)), ("piedicavallo", 4, range(2)),
])
def test_the_better_decisions_are_those_worth_more_exactly(variant: str, players: int,
                                                           seeds: range) -> None:
    """Whether another decision is worth more is asked as a null-window question; the answer
    agrees with the exact values, for the taker's side and for the other side, and the loss
    is the best of them over the deal as bid."""
    for seed in seeds:
        deal = Deal.random(variant, seed=seed, players=players)
        deal.play_out_random(random.Random(seed))
        for bid in analyze_bidding(deal):
            assert set(bid.better) == _exact_better(deal, bid.index, bid.value, bid.side)
            wanted = 1 if deal.side(bid.seat) == bid.side else -1
            assert bid.loss == max((wanted * (v - bid.value) for _, v in bid.better), default=0)


def _matches(expected: str, actual: str) -> bool:
    """Whether ``actual`` is ``expected`` line for line, a ``...`` line standing for any lines."""
    import re

    pattern = "".join("(?:[^\n]*\n)*?" if line == "..." else re.escape(line) + "\n"
                      for line in expected.splitlines())
    return re.fullmatch(pattern, actual) is not None


def test_the_solver_page_shows_what_analyze_prints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/solver.md: the ``belote analyze deal.json`` example, bidding section included, is
    what the command prints for the record the page's own commands write."""
    import re

    page = (Path(__file__).resolve().parent.parent / "docs" / "solver.md").read_text(encoding="utf-8")
    block = next(m.group(1) for m in re.finditer(r"```console\n(.*?)```", page, re.S)
                 if "$ belote analyze deal.json" in m.group(1))
    lines = block.splitlines()
    assert lines[0] == ("$ belote simulate piedicavallo --deals 3 --seed 5 --bots random "
                        "--records deals.jsonl")
    assert lines[1] == "$ sed -n 2p deals.jsonl > deal.json" and lines[2] == "$ belote analyze deal.json"
    monkeypatch.chdir(tmp_path)
    assert main(lines[0].split()[2:], out=io.StringIO()) == 0
    Path("deal.json").write_text(Path("deals.jsonl").read_text(encoding="utf-8").splitlines()[1],
                                 encoding="utf-8")
    out = io.StringIO()
    assert main(["analyze", "deal.json"], out=out) == 0
    assert _matches("\n".join(lines[3:]) + "\n", out.getvalue()), out.getvalue()
    assert not _matches("\n".join([*lines[3:5], "  seat 3  pass?       60"]) + "\n...\n",
                        out.getvalue())


def test_no_bidding_values_the_cards_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--no-bidding`` skips the solves of the bids: no bidding section, ``bids`` null."""
    played, _, _ = par_deal(_taken_by_seat_0(WEAK, STRONG))
    record = json.dumps(played.to_record())
    for argv, shown in ((["analyze", "-", "--no-bidding"], False), (["analyze", "-"], True)):
        monkeypatch.setattr(sys, "stdin", io.StringIO(record))
        out = io.StringIO()
        assert main(argv, out=out) == 0
        assert ("Bidding loss" in out.getvalue()) is shown
    monkeypatch.setattr(sys, "stdin", io.StringIO(record))
    out = io.StringIO()
    assert main(["analyze", "-", "--no-bidding", "--json"], out=out) == 0
    doc = json.loads(out.getvalue())
    assert doc["bids"] is None and doc["bidding_loss"] == {} and len(doc["cards"]) == 32


def test_reaches_known_answers_at_the_exact_value_with_declarations_to_come() -> None:
    """``reaches_known`` (a null-window question) agrees with ``solve_known`` at its value and
    one above, counting the first trick's declarations from the first lead."""
    from belote.solver.bidpar import declared_by_all
    from belote.solver.par import reaches_known, solve_known

    found = 0
    for seed in range(40):
        deal = Deal.random("piedicavallo", seed=seed)
        deal.take()
        declarations = declared_by_all(deal)
        if not declarations:
            continue
        value = solve_known(deal, declarations).value
        assert reaches_known(deal, value, declarations)
        assert not reaches_known(deal, value + 1, declarations)
        found += 1
        if found == 2:
            break
    assert found == 2
