"""Deal and match records: replay, refusal of bad records, the CLI (CONTRACT.md)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from belote.cli.main import main
from belote.deal import Deal
from belote.errors import InvalidRecord
from belote.game import RandomAgent, play_match
from belote.records.replay import deal_from_record, match_from_record, replay_document


def played(variant: str = "classic", seed: int = 3, players: int | None = None) -> Deal:
    deal = Deal.random(variant, seed, dealer=1 if players != 2 else 0, players=players)
    rng = random.Random(seed)
    while not deal.is_over:
        legal = [a for a in deal.legal_actions() if a.verb.value != "stop"]
        deal.apply(legal[rng.randrange(len(legal))])
    return deal


def refused(doc: object) -> InvalidRecord:
    with pytest.raises(InvalidRecord) as info:
        replay_document(doc)
    return info.value


def test_replay_gives_the_deal_result() -> None:
    """CONTRACT.md "Deal record": `belote replay` prints the deal result."""
    deal = played()
    out = replay_document(deal.to_record())
    assert out["scores"] == list(deal.result.scores)
    assert out["outcome"] == deal.result.outcome.value


def test_players_optional_for_four_player_variants_required_for_french() -> None:
    """CONTRACT.md: `players` required for `french`, optional for 4-player variants."""
    record = played().to_record()
    del record["players"]
    replay_document(record)
    french = played("french", players=2).to_record()
    del french["players"]
    assert str(refused(french)).startswith("players: missing field")
    assert str(refused({**french, "players": 4})).startswith("players:")


@pytest.mark.parametrize(
    ("change", "start"),
    [
        ({"variant": "bridge"}, "variant: unknown variant"),
        ({"deck": ["7S"] * 32}, "deck[1]: 7S appears twice"),
        ({"deck": ["7S"]}, "deck: the deck must hold 32 cards"),
        ({"deck": "7S 8S"}, "deck: expected a list"),
        ({"dealer": 7}, "dealer: seat 7"),
        ({"dealer": "0"}, "dealer: expected a whole number"),
        ({"actions": "0 pass"}, "actions: expected a list"),
    ],
)
def test_record_level_errors_name_the_field(change: dict[str, object], start: str) -> None:
    """CONTRACT.md: bad input names the field at fault."""
    error = refused({**played().to_record(), **change})
    assert str(error).startswith(start) and error.index is None


def test_missing_field_named() -> None:
    """CONTRACT.md: a missing field is named."""
    record = played().to_record()
    del record["deck"]
    assert str(refused(record)) == "deck: missing field"


def test_incomplete_record_names_whose_turn_it_is() -> None:
    """CONTRACT.md: a record stopping before the deal ends is refused naming the seat."""
    record = played().to_record()
    actions = record["actions"]
    assert isinstance(actions, list)
    error = refused({**record, "actions": actions[:-1]})
    assert "stops before the deal ends" in str(error) and "is to play" in str(error)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("3 pass", "turn"),
        ("0 fold", "unknown verb"),
        ("0 take H", "round 1"),
        ("0 swap", "no seven-of-trump swap"),
        ("0 stop", "no calling out"),
    ],
)
def test_bad_first_action_refused_with_index_and_text(text: str, reason: str) -> None:
    """CONTRACT.md: `error: action 0 "...": ...` names the action by index and text."""
    deal = Deal("classic", list(range(32)), dealer=3)
    error = refused({**deal.to_record(), "actions": [text]})
    assert error.index == 0 and error.action == text and reason in str(error)


def test_action_after_the_end_refused() -> None:
    """CONTRACT.md: the deal record holds the deal's actions only."""
    record = played().to_record()
    actions = list(record["actions"])  # type: ignore[call-overload]
    error = refused({**record, "actions": [*actions, "0 pass"]})
    assert error.index == len(actions) and "ended" in str(error)


def test_match_record_replays_to_the_match_result() -> None:
    """CONTRACT.md: a match record replays to `{"deals", "totals", "pending", "winner"}`."""
    game = play_match("classic", [RandomAgent(i) for i in range(4)], seed=5, target=400)
    out = replay_document(json.loads(json.dumps(game.to_record())))
    assert out["winner"] == game.winner and out["totals"] == list(game.totals)
    assert len(out["deals"]) == len(game.deals)  # type: ignore[arg-type]


def test_match_record_checks_dealer_rotation_and_the_end() -> None:
    """Rules §2, docs/rules.md#dealing next dealer; §8 no deal after the match is won."""
    game = play_match("classic", [RandomAgent(i) for i in range(4)], seed=5, target=400)
    record = game.to_record()
    deals = record["deals"]
    assert isinstance(deals, list) and len(deals) >= 2
    wrong = [deals[0], {**deals[1], "dealer": (deals[1]["dealer"] + 1) % 4}]
    with pytest.raises(InvalidRecord, match=r"deals\[1\]\.dealer"):
        match_from_record({**record, "deals": wrong})
    with pytest.raises(InvalidRecord, match="already won"):
        match_from_record({**record, "deals": [*deals, deals[-1]]})


def test_action_error_inside_a_match_names_the_deal() -> None:
    """CONTRACT.md error line for a match record."""
    deal = Deal("classic", list(range(32)), dealer=3)
    doc = {"variant": "classic", "deals": [{**deal.to_record(), "actions": ["1 pass"]}]}
    error = refused(doc)
    assert error.index == 0 and str(error).startswith("deal 0: ")


def test_cli_replay_happy_path(tmp_path: Path) -> None:
    """CONTRACT.md "Command line": `belote replay FILE` prints the result, exit 0."""
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(played().to_record()))
    out = io.StringIO()
    assert main(["replay", str(path)], out=out) == 0
    assert json.loads(out.getvalue())["variant"] == "classic"


def test_cli_replay_error_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """CONTRACT.md: `error: action 17 "2 play 9H": ...` and exit status 2."""
    record = played().to_record()
    actions = list(record["actions"])  # type: ignore[call-overload]
    index = len(actions) - 3
    seat = int(actions[index].split()[0])
    actions[index] = f"{(seat + 1) % 4} play 7S"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**record, "actions": actions}))
    assert main(["replay", str(path)], out=io.StringIO()) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f'error: action {index} "{actions[index]}": it is seat {seat}')
    assert "\n" not in err


def test_cli_replay_incomplete_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """CONTRACT.md: an unfinished record exits 2 naming whose turn it is."""
    record = played().to_record()
    path = tmp_path / "short.json"
    path.write_text(json.dumps({**record, "actions": record["actions"][:5]}))  # type: ignore[index]
    assert main(["replay", str(path)], out=io.StringIO()) == 2
    assert "stops before the deal ends: seat" in capsys.readouterr().err


def test_deal_from_record_rebuilds_the_deal() -> None:
    """CONTRACT.md: `Deal.to_record()` / `deal_from_record(doc)` round trip."""
    deal = played("piedicavallo", seed=11)
    assert deal_from_record(deal.to_record()) == deal
