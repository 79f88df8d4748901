"""``belote rules VARIANT``: the knobs that apply, each with its meaning (issue 12)."""

from __future__ import annotations

import json

import attrs
import pytest

from belote.cli.main import main
from belote.records import score_document
from belote.records.describe import applies, describe_rules, meaning
from belote.rules import PlayRules, Rules, get_rules


def _knobs(text: str) -> set[str]:
    """The knob names listed in ``describe_rules`` output (indented lines)."""
    return {line.split()[0] for line in text.splitlines() if line.startswith("  ") and
            not line.startswith("   ")}


def test_every_rules_field_has_a_meaning() -> None:
    """Every knob shown by ``belote rules`` says what it means in one line."""
    names = [field.name for field in attrs.fields(Rules)]
    names += [f"play.{field.name}" for field in attrs.fields(PlayRules)]
    missing = [name for name in names if not meaning(name)]
    assert missing == []
    for name in names:
        text = meaning(name)
        assert text is not None and "\n" not in text


def test_classic_has_no_announcement_knobs() -> None:
    """Rules §6, docs/rules.md#announcements: classic (002) has belote only, so run and carré knobs do not apply."""
    shown = _knobs(describe_rules(get_rules("classic")))
    for name in ("run_values", "carre_values", "card_in_carre_and_run",
                 "eight_run_extra_tierce", "capot_split_value"):
        assert name not in shown
    assert {"belote_value", "target", "capot_value", "contest"} <= shown


def test_classic_shows_reverse_capot_value_because_it_scores_a_defence_capot() -> None:
    """002 capot "252 points to 0" for either team: classic scores a defence's capot at reverse_capot_value.

    The knob is read whenever the defence of a contract wins every trick,
    whatever the capot rule, so ``belote rules classic`` lists it (issue 40).
    """
    assert "reverse_capot_value" in _knobs(describe_rules(get_rules("classic")))
    tally = {"taker": 0, "trump": "H", "tricks": [0, 8], "card_points": [0, 152],
             "last_trick": 1, "announcements": [], "belote": None}
    for spec, points in (("classic", 252), ("classic(reverse_capot_value=300)", 300)):
        result = score_document({"variant": spec, **tally})
        assert result["outcome"] == "failed" and result["scores"] == [0, points]


def test_french_has_no_contract_or_reverse_capot_knobs() -> None:
    """Rules §7, docs/rules.md#scoring: french (001, 003) has no contract and no reverse capot."""
    shown = _knobs(describe_rules(get_rules("french")))
    for name in ("reverse_capot_value", "failed_defence_points", "pending_rule",
                 "play.partner_master_exempts"):
        assert name not in shown
    assert {"run_values", "capot_split_value", "card_in_carre_and_run"} <= shown


def test_applies_is_decided_from_the_rules_not_the_name() -> None:
    """A renamed classic with announcements gets the announcement knobs back."""
    classic = get_rules("classic")
    renamed = attrs.evolve(classic, name="classic")
    with_runs = attrs.evolve(renamed, contest=get_rules("italian751").contest)
    assert not applies(renamed, "run_values")
    assert applies(with_runs, "run_values")
    assert applies(attrs.evolve(classic, capot_rule=get_rules("piedicavallo").capot_rule),
                   "reverse_capot_value")


def test_text_shows_meanings_and_json_keeps_everything(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--json`` lists every field, applicable or not; the text shows the meaning."""
    assert main(["rules", "classic"]) == 0
    text = capsys.readouterr().out
    assert meaning("target") in text
    assert main(["rules", "classic", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {field.name for field in attrs.fields(Rules)}
    assert "run_values" in doc and "reverse_capot_value" in doc


def test_piquet_is_not_an_alias() -> None:
    """Piquet is a different game: it does not name the french variant."""
    assert main(["rules", "piquet"]) == 2
