"""Simulation and comparison: records that replay, the same decks, the same output (CONTRACT.md)."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest

from belote.agents.bots import make_bots, play_deal
from belote.cli.main import main
from belote.deal import Deal
from belote.experiments.compare import compare, default_variants
from belote.experiments.simulate import bots_for, deal_seed, play_dealing, simulate
from belote.records.replay import replay_document
from belote.rules import get_rules
from belote.scoring import score_tally


@pytest.mark.parametrize(("variant", "players"), [("classic", 4), ("piedicavallo", 4),
                                                  ("italian751", 4), ("french", 2), ("french", 3)])
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_simulate_records_replay_to_identical_results(variant: str, players: int,
                                                      bots: str) -> None:
    """CONTRACT.md: ``simulate --records`` writes deal records that ``belote replay``
    accepts unchanged and scores identically; redeals are written but not counted."""
    records = io.StringIO()
    stats = simulate(variant, 12, seed=3, players=players, bots=bots, records=records)
    lines = records.getvalue().splitlines()
    assert len(lines) == stats.deals + stats.redeals
    outcomes: dict[str, int] = {}
    sums = [0] * len(stats.score_sums)
    for line in lines:
        record = json.loads(line)
        result = replay_document(record)
        if result["outcome"] == "redeal":
            continue
        outcomes[str(result["outcome"])] = outcomes.get(str(result["outcome"]), 0) + 1
        scores = result["scores"]
        assert isinstance(scores, list)
        if len(stats.score_sums) == 2 and players == 4:
            attack = result["attack"]
            assert isinstance(attack, int)
            sums[0] += scores[attack]
            sums[1] += scores[1 - attack]
        else:
            for side, points in enumerate(scores):
                sums[side] += points
    assert outcomes == dict(stats.outcomes)
    assert tuple(sums) == stats.score_sums


def test_each_deal_depends_only_on_the_seed_and_its_number() -> None:
    """Deal i uses a deck and dealer derived from (seed, i) only: a longer run starts the same."""
    short = simulate("classic", 10, seed=9, bots="random", keep_winners=True)
    long = simulate("classic", 25, seed=9, bots="random", keep_winners=True)
    assert long.winners[:10] == short.winners
    assert simulate("classic", 10, seed=10, bots="random", keep_winners=True).winners != short.winners


@pytest.mark.parametrize(("variant", "players"), [("classic", 4), ("piedicavallo", 4),
                                                  ("french", 3)])
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_a_reseeded_generator_plays_each_deal_as_a_fresh_one(variant: str, players: int,
                                                             bots: str) -> None:
    """A chunk reuses one generator, reseeded per deal: every deal (its redeals too) and
    every draw of the bots are those of a generator built from the deal's seed."""
    rules = get_rules(variant)
    reused = random.Random(5)
    for index in range(30):
        fresh_records: list[str] = []
        reused_records: list[str] = []
        deal, result, fresh_redeals = play_dealing(
            rules, players, 4, index, bots_for(bots, players), fresh_records
        )
        again, again_result, reused_redeals = play_dealing(
            rules, players, 4, index, bots_for(bots, players), reused_records,
            play_deal, reused,
        )
        assert reused_records == fresh_records
        assert (again, again_result, reused_redeals) == (deal, result, fresh_redeals)


def test_compare_scores_one_deck_under_each_variant_by_its_own_rules() -> None:
    """Rules §7, docs/rules.md#scoring: the same deck and dealer under two variants, each scored by its own
    rules, exactly as a Deal played by the same bots and score_tally give."""
    seed = 1  # the first deck is taken; made in classic, failed in piedicavallo
    comparison = compare(["classic", "piedicavallo"], deals=1, seed=seed, matches=0)
    for stats in comparison.variants:
        rules = get_rules(stats.variant)
        rng = random.Random(deal_seed(seed, 0))
        deck = list(range(32))
        rng.shuffle(deck)
        dealer = rng.randrange(4)
        deal = Deal(rules, deck, dealer)
        result = play_deal(deal, make_bots("heuristic", 4))
        assert result.outcome.value != "redeal", "pick a seed whose first deck is taken"
        tally = deal.tally()
        assert tally is not None
        assert score_tally(tally, rules).scores == result.scores
        attack = deal.side(deal.taker or 0)
        assert stats.score_sums == (result.scores[attack], result.scores[1 - attack])
        assert dict(stats.outcomes) == {result.outcome.value: 1}
    classic, piedicavallo = comparison.variants
    assert classic.outcomes != piedicavallo.outcomes
    assert comparison.different_deal_winner == {"classic vs piedicavallo": 1.0}


def test_compare_defaults_to_the_four_player_variants() -> None:
    """CONTRACT.md: compare with no variant plays the four-player variants; of them, those
    scored in points (docs/cli.md): bulgarian, in game points (RULES §12), only when named."""
    assert default_variants() == ("classic", "piedicavallo", "italian751", "contree")
    comparison = compare(None, deals=3, seed=1, matches=1, keep_winners=True)
    assert [s.variant for s in comparison.variants] == list(default_variants())
    assert all(m.matches == 1 and m.winners[0] in (0, 1) for m in comparison.matches)
    assert set(comparison.different_deal_winner) == {
        "classic vs piedicavallo", "classic vs italian751", "piedicavallo vs italian751",
        "classic vs contree", "piedicavallo vs contree", "italian751 vs contree"}


def _run(argv: list[str]) -> str:
    out = io.StringIO()
    assert main(argv, out=out) == 0
    return out.getvalue()


def test_jobs_one_and_two_give_identical_output(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """CONTRACT.md "Same --seed, same output": --jobs 1 and --jobs 2 print the same bytes
    and write the same records, whatever the chunking."""
    monkeypatch.setattr("belote.experiments.simulate.CHUNK", 7)
    outputs = []
    for jobs in ("1", "2"):
        records = tmp_path / f"records{jobs}.jsonl"
        text = _run(["simulate", "piedicavallo", "--deals", "20", "--seed", "5",
                     "--jobs", jobs, "--records", str(records)])
        as_json = _run(["compare", "--deals", "15", "--seed", "2", "--matches", "2",
                        "--jobs", jobs, "--json"])
        outputs.append((text, records.read_bytes(), as_json))
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0][2])["deals"] == 15


def test_simulate_prints_a_table_or_json() -> None:
    """CONTRACT.md: simulate prints for people by default and JSON with --json."""
    text = _run(["simulate", "french", "--players", "3", "--deals", "5", "--seed", "1",
                 "--bots", "random"])
    assert re.match(r"french: 5 played deals \(and \d+ redeals\), 3 players, random bots, seed 1",
                    text)
    doc = json.loads(_run(["simulate", "classic", "--deals", "5", "--seed", "1", "--json"]))
    assert doc["deals"] == 5
    assert set(doc["mean_scores"]) == {"attack", "defence"}
    assert sum(doc["outcomes"].values()) == 5


@pytest.mark.parametrize("argv", [
    ["simulate", "nosuch", "--deals", "2"],
    ["compare", "classic", "nosuch", "--deals", "2"],
    ["play", "nosuch"],
    ["simulate", "classic", "--players", "3", "--deals", "2"],
    ["compare", "classic", "--players", "3", "--deals", "2"],
])
def test_cli_bad_variant_or_players_exits_2_with_one_error_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """CONTRACT.md: bad input exits with status 2 and one ``error:`` line, no traceback."""
    assert main(argv, out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:")
    assert err.count("\n") == 1


def test_no_progress_when_standard_error_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """Progress goes to standard error only when it is a terminal."""
    _run(["simulate", "classic", "--deals", "3"])
    assert capsys.readouterr().err == ""


def test_an_unregistered_variant_runs_on_worker_processes() -> None:
    """CONTRACT.md: the Python API takes any Executor; a Rules value built with
    ``attrs.evolve`` and never registered pickles to the workers."""
    from concurrent.futures import ProcessPoolExecutor

    import attrs

    from belote.experiments.simulate import simulate
    from belote.rules import get_rules

    custom = attrs.evolve(get_rules("classic"), name="classic-unregistered", capot_value=300)
    local = simulate(custom, 30, seed=5, bots="random")
    with ProcessPoolExecutor(max_workers=2) as pool:
        remote = simulate(custom, 30, seed=5, bots="random", executor=pool)
    assert remote == local


def test_rate_intervals_match_a_direct_wilson_computation() -> None:
    """issue 20 §2: the 95% interval of each rate is the Wilson interval of its count."""
    import math

    from belote.experiments.stats import wilson

    stats = simulate("piedicavallo", deals=120, seed=4, bots="random")
    z = 1.959963984540054
    for name, (low, high) in stats.intervals().items():
        count, n = stats.rate_counts()[name], stats.deals
        p = count / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        assert low == round(max(0.0, centre - half), 4) and high == round(min(1.0, centre + half), 4)
        assert low <= p <= high
    assert stats.to_json()["ci95"] == {k: list(v) for k, v in stats.intervals().items()}
    assert wilson(0, 0) == (0.0, 1.0)


def test_simulate_takes_any_bot_spec() -> None:
    """--bots takes any bot spec (options, module:attribute); a bad one names it."""
    from belote.errors import InvalidArgument

    stats = simulate("classic", deals=10, seed=2, bots="heuristic:take_threshold=40")
    assert stats.bots == "heuristic:take_threshold=40" and stats.deals == 10
    assert simulate("classic", deals=5, seed=2, bots="belote.agents:HeuristicBot").deals == 5
    with pytest.raises(InvalidArgument, match="nosuch"):
        simulate("classic", deals=5, seed=2, bots="nosuch")
