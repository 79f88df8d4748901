"""Saving, resuming and undoing deals and matches (CONTRACT.md "Deal record", issue 9)."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote.actions import Action, Verb
from belote.cli.main import main
from belote.deal import Deal, Observation, Phase
from belote.errors import BeloteError, IllegalAction, InvalidArgument, InvalidRecord, NotationError
from belote.game import Game, RandomAgent
from belote.records.replay import deal_from_record, match_from_record, replay_document
from belote.rules import available_variants, get_rules
from belote.strategies import DealStart, deals, variants

VARIANTS = [rules.name for rules in available_variants()]


def start_deal(start: DealStart) -> Deal:
    return Deal(start.rules, start.deck, start.dealer, start.players)


def through_json(record: dict[str, object]) -> object:
    return json.loads(json.dumps(record))


@st.composite
def deals_in_progress(draw: st.DrawFn) -> tuple[Deal, list[Action]]:
    """A deal after a random prefix of a legal action sequence (every variant)."""
    deal = start_deal(draw(deals(draw(variants()))))
    steps = draw(st.integers(min_value=0, max_value=45))
    applied = []
    for _ in range(steps):
        if deal.is_over:
            break
        action = draw(st.sampled_from(deal.legal_actions()))
        deal.apply(action)
        applied.append(action)
    return deal, applied


# --- save and resume ---------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(deals_in_progress())
def test_any_prefix_round_trips_through_its_record(case: tuple[Deal, list[Action]]) -> None:
    """Issue 9: `Deal.from_record(deal.to_record()) == deal` at any point, via JSON."""
    deal, applied = case
    record = deal.to_record()
    assert record["finished"] is deal.is_over
    assert record["actions"] == [str(action) for action in applied]
    again = Deal.from_record(through_json(record))
    assert again == deal
    assert again.to_record() == record
    assert again.legal_actions() == deal.legal_actions()


@settings(max_examples=150, deadline=None)
@given(deals_in_progress())
def test_apply_then_undo_restores_the_deal(case: tuple[Deal, list[Action]]) -> None:
    """Issue 9: undo takes back the last action and restores the exact previous state."""
    deal, applied = case
    if deal.is_over:
        return
    before = deal.copy()
    for action in deal.legal_actions():
        deal.apply(action)
        assert deal.undo() == action
        assert deal == before
        assert deal.legal_actions() == before.legal_actions()
        assert deal.history == applied


@settings(max_examples=40, deadline=None)
@given(deals_in_progress())
def test_undo_walks_back_to_the_start(case: tuple[Deal, list[Action]]) -> None:
    """Issue 9: undoing every action gives back the freshly dealt deal."""
    deal, applied = case
    fresh = Deal(deal.rules, deal.deck, deal.dealer, deal.players)
    for action in reversed(applied):
        assert deal.undo() == action
    assert deal == fresh
    with pytest.raises(IllegalAction, match="nothing to undo"):
        deal.undo()
    assert deal == fresh


def test_a_played_deal_undoes_its_last_card() -> None:
    """Issue 9: undo works on a finished deal too; its result is no longer available."""
    deal = Deal.random("classic", seed=5, dealer=3)
    rng = random.Random(5)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    last = deal.history[-1]
    deal.undo()
    assert not deal.is_over and deal.to_act == last.seat
    with pytest.raises(IllegalAction, match="not over"):
        _ = deal.result
    deal.apply(last)
    assert deal.is_over


def test_the_match_context_is_saved_with_the_deal() -> None:
    """Issue 9: totals, target and pending points come back with a resumed deal."""
    deal = Deal.random("piedicavallo", seed=2, totals=(640, 910), target=1500, pending=90)
    deal.apply(deal.legal_actions()[0])
    record = deal.to_record()
    assert (record["totals"], record["target"], record["pending"]) == ([640, 910], 1500, 90)
    again = Deal.from_record(through_json(record))
    assert again == deal
    assert (again.totals, again.target, again.pending) == ((640, 910), 1500, 90)


def test_a_fresh_deal_record_keeps_the_contract_shape() -> None:
    """CONTRACT.md "Deal record": default context adds no field; `finished` is always said."""
    record = Deal("classic", list(range(32)), dealer=3).to_record()
    assert set(record) == {"variant", "players", "dealer", "deck", "actions", "finished"}
    assert record["finished"] is False


def test_deal_from_record_still_refuses_an_unfinished_record() -> None:
    """CONTRACT.md: an unfinished record is refused unless asked for the deal in progress."""
    deal = Deal("classic", list(range(32)), dealer=3)
    deal.apply_all(["0 pass", "1 take", "0 play 7S"])
    with pytest.raises(InvalidRecord, match="seat 1 is to play"):
        deal_from_record(deal.to_record())
    assert deal_from_record(deal.to_record(), partial=True) == deal


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"finished": True}, "finished: true"),
        ({"finished": "no"}, "finished: expected true or false"),
        ({"totals": [1, "x"]}, "totals[1]"),
        ({"totals": 3}, "totals: expected a list"),
        ({"target": 0}, "target: a whole number from 1 to 10000"),
        ({"pending": None}, "pending: expected a whole number"),
    ],
)
def test_bad_context_fields_are_refused(change: dict[str, object], field: str) -> None:
    """CONTRACT.md: a bad field is refused with its name."""
    deal = Deal("classic", list(range(32)), dealer=3)
    deal.apply("0 pass")
    with pytest.raises(InvalidRecord, match=field.replace("[", r"\[").replace("]", r"\]")):
        Deal.from_record({**deal.to_record(), **change})


def test_a_finished_record_that_says_unfinished_is_refused() -> None:
    """CONTRACT.md: `finished` must agree with the actions."""
    deal = Deal("classic", list(range(32)), dealer=3)
    deal.apply_all(["0 pass", "1 pass", "2 pass", "3 pass"] * 2)
    with pytest.raises(InvalidRecord, match="finished: false"):
        Deal.from_record({**deal.to_record(), "finished": False})


def test_a_wrong_totals_field_in_a_match_is_refused() -> None:
    """CONTRACT.md: a deal's saved context must agree with the match it is in."""
    game = Game("classic", [RandomAgent(i) for i in range(4)], seed=1, target=500)
    game.play_deal()
    game.play_deal()
    record = game.to_record()
    deals = record["deals"]
    assert isinstance(deals, list)
    deals[1] = {**deals[1], "totals": [999, 0]}
    with pytest.raises(InvalidRecord, match=r"deals\[1\]\.totals"):
        match_from_record(record)


# --- the command line ---------------------------------------------------------------------


def write(tmp_path: Path, doc: object) -> str:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(doc))
    return str(path)


def test_cli_replay_partial_prints_the_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """CONTRACT.md: `--partial` prints phase, seat to act and legal actions, and exits 0."""
    deal = Deal("classic", list(range(32)), dealer=3)
    deal.apply_all(["0 pass", "1 take", "0 play 7S"])
    path = write(tmp_path, deal.to_record())
    assert main(["replay", path], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and "seat 1 is to play" in err and err.count("\n") == 1
    out = io.StringIO()
    assert main(["replay", "--partial", path], out=out) == 0
    state = json.loads(out.getvalue())
    assert state["finished"] is False
    assert state["phase"] == "play" and state["to_act"] == 1
    assert state["legal_actions"] == [str(action) for action in deal.legal_actions()]
    assert state["trick"] == ["7S"] and state["trump"] == "D" and state["taker"] == 1


def test_cli_replay_partial_on_a_finished_record_prints_the_result(tmp_path: Path) -> None:
    """CONTRACT.md: a finished record replays to its result, with or without `--partial`."""
    deal = Deal("classic", list(range(32)), dealer=3)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    path = write(tmp_path, deal.to_record())
    plain, partial = io.StringIO(), io.StringIO()
    assert main(["replay", path], out=plain) == 0
    assert main(["replay", "--partial", path], out=partial) == 0
    assert plain.getvalue() == partial.getvalue()


def test_replay_partial_match_shows_the_current_deal() -> None:
    """Issue 9: a match record saved mid-deal replays with the deal in progress."""
    game = Game("classic", [RandomAgent(i) for i in range(4)], seed=2, target=500)
    game.play_deal()
    deal = game.new_deal()
    deal.apply(deal.legal_actions()[0])
    record = through_json(game.to_record())
    with pytest.raises(InvalidRecord, match="stops before the deal ends"):
        replay_document(record)
    out = replay_document(record, partial=True)
    assert len(out["deals"]) == 1  # type: ignore[arg-type]
    assert out["current"]["to_act"] == deal.to_act  # type: ignore[index,call-overload]


# --- a match saved and resumed ------------------------------------------------------------


class FirstLegal:
    """A deterministic agent (the first legal action but stop), so a resumed match compares."""

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return next((a for a in legal if a.verb is not Verb.STOP), legal[0])


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_match_saved_mid_deal_resumes_where_it_stopped(variant: str) -> None:
    """Issue 9: `Game.to_record()` mid-match and `Game.from_record` resume the same match."""
    rules_players = 2 if variant == "french" else 4
    agents = [FirstLegal() for _ in range(rules_players)]
    # the first legal bids of an auction climb to a surcoinched capot, worth about 1000 in one deal
    # (RULES §11.2): a target that one deal cannot reach leaves a deal to resume
    target = 2000 if get_rules(variant).has_auction else 400
    whole = Game(variant, agents, seed=8, target=target, max_deals=30).play()

    game = Game(variant, agents, seed=8, target=target, max_deals=30)
    game.play_deal()
    deal = game.new_deal()
    for _ in range(6):
        if deal.is_over:
            break
        deal.apply(agents[0].choose(deal.observation(0), deal.legal_actions()))
    saved = through_json(game.to_record())
    assert saved["finished"] is False  # type: ignore[index]
    resumed = Game.from_record(saved, agents, seed=8, max_deals=30)
    assert resumed.current is not None and resumed.current == deal
    assert resumed.match.totals == game.match.totals
    result = resumed.play()
    assert result.to_record() == whole.to_record()


def test_a_finished_match_record_says_so() -> None:
    """Issue 9: the match record says whether a side has won."""
    result = Game("classic", [FirstLegal() for _ in range(4)], seed=1, target=300).play()
    record = result.to_record()
    assert record["finished"] is (result.winner is not None)
    with pytest.raises(InvalidRecord, match="finished"):
        match_from_record({**record, "finished": not record["finished"]})


# --- actions as text, typed errors --------------------------------------------------------


def test_apply_can_and_why_illegal_take_the_text_of_an_action() -> None:
    """Issue 9: every method that takes an action accepts an `Action` or its text."""
    deal = Deal("classic", list(range(32)), dealer=3)
    assert deal.can("0 take") and not deal.can("1 take")
    assert deal.why_illegal("1 take") == deal.why_illegal(Action.parse("1 take"))
    assert deal.apply("0 pass").action == Action.pass_(0)
    with pytest.raises(NotationError):
        deal.apply("0 jump")
    with pytest.raises(InvalidArgument, match="Action or its text"):
        deal.can(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [4, -1, 7, "0", None, True])
def test_hand_of_no_seat_is_a_typed_error(seat: object) -> None:
    """Issue 9: a seat out of range raises the library's typed error, not a bare IndexError."""
    deal = Deal("classic", list(range(32)), dealer=3)
    with pytest.raises(InvalidArgument, match="no seat"):
        deal.hand(seat)  # type: ignore[arg-type]


def test_errors_keep_the_deal_unchanged() -> None:
    """Issue 9: a refused action or undo leaves the deal as it was."""
    deal = Deal("classic", list(range(32)), dealer=3)
    before = deal.copy()
    for bad in ("2 take", "0 play AS", "9 pass"):
        with pytest.raises(BeloteError):
            deal.apply(bad)
    assert deal == before
    assert deal.phase is Phase.BIDDING_1 and Verb.TAKE in {a.verb for a in deal.legal_actions()}


def test_the_formats_page_example_of_a_deal_in_progress() -> None:
    """docs/formats.md "A deal in progress": the record and the state it shows agree."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "formats.md").read_text("utf-8")
    section = page.split("### A deal in progress", 1)[1]
    record, state = (json.loads(block.split("```", 1)[0]) for block in section.split("```json\n")[1:3])
    assert replay_document(record, partial=True) == state
    deal = Deal.from_record(record)
    assert deal.to_record() == record


@pytest.mark.parametrize("seat", [4, -1, "1", None, 1.0])
def test_a_view_of_no_seat_is_a_typed_error(seat: object) -> None:
    """Issue 9: `observation(seat)` and `view(seat)` refuse a bad seat with a typed error."""
    deal = Deal("classic", list(range(32)), dealer=3)
    with pytest.raises(InvalidArgument, match="no seat"):
        deal.observation(seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="no seat"):
        deal.view(seat)  # type: ignore[arg-type]


def test_undo_keeps_a_subclass_and_its_attributes() -> None:
    """Issue 9: undo restores the state of a `Deal` subclass, its own attributes included."""

    class Annotated(Deal):
        def __init__(self, note: str) -> None:
            super().__init__("classic", list(range(32)), dealer=3)
            self.note = note

    deal = Annotated("first")
    deal.apply("0 pass")
    deal.undo()
    assert type(deal) is Annotated and deal.note == "first"
    assert deal.to_act == 0 and not deal.history
    assert deal == Deal("classic", list(range(32)), dealer=3)
