"""The variant registry and ``belote variants`` / ``belote rules`` (CONTRACT.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass

import attrs
import pytest

import belote.rules.registry as rules_module
from belote.cards import Rank
from belote.cli.main import main
from belote.errors import UnknownVariant
from belote.records.describe import applies, describe_rules, rules_to_json
from belote.rules import Rules, available_variants, get_rules, register_variant
from belote.variants import BUILTIN


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("751", "italian751"),
        ("piedi", "piedicavallo"),
        ("french3", "french"),
        ("classic", "classic"),
    ],
)
def test_lookup_by_alias(alias: str, name: str) -> None:
    """CONTRACT.md: variants are found by name; STYLE.md lookup by name and alias."""
    assert get_rules(alias).name == name


def test_lookup_is_case_insensitive() -> None:
    """STYLE.md (python-chess ``find_variant``): names are not case-sensitive."""
    assert get_rules("PiedICAVALLO") is get_rules("piedicavallo")
    assert get_rules(" Italian751 ").name == "italian751"


def test_unknown_variant_is_an_error_listing_the_known_ones() -> None:
    """CONTRACT.md: an unknown variant is bad input."""
    with pytest.raises(UnknownVariant, match="classic"):
        get_rules("scopa")


def test_the_five_builtin_variants_come_first() -> None:
    """docs/rules.md: five variants ship with the library, names fixed (RULES, the table of variants)."""
    names = [rules.name for rules in available_variants()]
    assert names[:5] == ["classic", "piedicavallo", "french", "italian751", "contree"]


@dataclass
class FakeEntryPoint:
    name: str
    value: object

    def load(self) -> object:
        if isinstance(self.value, Exception):
            raise self.value
        return self.value


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules_module, "_REGISTRY", {})
    monkeypatch.setattr(rules_module, "_ALIASES", {})
    monkeypatch.setattr(rules_module, "_LOADED", False)


PLUGIN = attrs.evolve(
    BUILTIN[0],
    name="belote-500",
    description="Classic belote to 500, a plug-in",
    aliases=("b500",),
    target=500,
)


@pytest.mark.usefixtures("fresh_registry")
def test_entry_point_variant_shows_up_in_belote_variants(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """CONTRACT.md: a third-party package adds a variant by declaring one entry point."""
    entries = [
        FakeEntryPoint("belote-500", PLUGIN),
        FakeEntryPoint("broken", ImportError("no such module")),
        FakeEntryPoint("not-rules", 42),
    ]

    def fake_entry_points(*, group: str) -> list[FakeEntryPoint]:
        assert group == "belote.variants"
        return entries

    monkeypatch.setattr(rules_module, "entry_points", fake_entry_points)
    monkeypatch.setattr(rules_module, "_PROBLEMS", [])
    assert main(["variants"]) == 0
    captured = capsys.readouterr()
    out = captured.out
    # issue 20 §4: the broken and the wrong entry points are reported, not skipped silently
    assert "warning: entry point 'broken'" in captured.err and "ImportError" in captured.err
    assert "entry point 'not-rules'" in captured.err
    lines = out.splitlines()
    assert len(lines) == len(BUILTIN) + 1
    assert lines[-1].startswith("belote-500")
    assert "Classic belote to 500" in lines[-1]
    assert get_rules("B500").target == 500
    assert main(["variants", "--json"]) == 0
    names = [v["name"] for v in json.loads(capsys.readouterr().out)]
    assert names == ["classic", "piedicavallo", "french", "italian751", "contree", "bulgarian",
                     "belote-500"]


@pytest.mark.usefixtures("fresh_registry")
def test_builtin_names_and_aliases_are_protected(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 20 §4: a plug-in cannot take a built-in name; inherited aliases are not taken."""
    from belote.errors import InvalidArgument

    monkeypatch.setattr(rules_module, "entry_points", lambda *, group: [])
    monkeypatch.setattr(rules_module, "_PROBLEMS", [])
    with pytest.raises(InvalidArgument, match="built-in variant classic"):
        register_variant(attrs.evolve(BUILTIN[0], target=500))
    copycat = attrs.evolve(BUILTIN[0], name="copycat")  # inherits 'belote' and 'french4'
    with pytest.warns(UserWarning, match="already names classic"):
        register_variant(copycat)
    assert get_rules("belote").name == "classic" and get_rules("copycat") is copycat
    assert any("copycat" in problem for problem in rules_module.plugin_problems())


@pytest.mark.usefixtures("fresh_registry")
def test_register_variant_adds_a_variant(monkeypatch: pytest.MonkeyPatch) -> None:
    """rules.register_variant: a variant registered in code is found by its aliases."""
    monkeypatch.setattr(rules_module, "entry_points", lambda *, group: [])
    register_variant(PLUGIN)
    assert get_rules("b500") is PLUGIN
    assert PLUGIN in available_variants()


# --- belote rules -------------------------------------------------------------------------


@pytest.mark.parametrize("rules", BUILTIN, ids=lambda r: r.name)
def test_rules_json_has_every_field(rules: Rules) -> None:
    """CONTRACT.md: ``belote rules VARIANT --json`` gives every knob."""
    doc = rules_to_json(rules)
    assert list(doc) == [field.name for field in attrs.fields(Rules)]
    json.dumps(doc)  # plain JSON values only


def test_rules_json_values() -> None:
    """000 §Tipo e valore degli annunci: carré of jacks 200, of nines 150; büs 160."""
    doc = rules_to_json(get_rules("piedicavallo"))
    assert doc["carre_values"] == {"A": 100, "K": 100, "Q": 100, "J": 200, "10": 100, "9": 150}
    assert doc["failed_defence_points"] == 160
    assert doc["pending_rule"] == "next-attack-or-defence"
    assert doc["play"]["partner_master_exempts"] is True
    assert rules_to_json(get_rules("classic"))["carre_values"] == {}


@pytest.mark.parametrize("rules", BUILTIN, ids=lambda r: r.name)
def test_describe_rules_lists_every_knob_and_the_source(rules: Rules) -> None:
    """CONTRACT.md: the variant's configuration, human-readable: every knob that applies
    (issue 12: the others are left to ``--json``)."""
    text = describe_rules(rules)
    for field in attrs.fields(Rules):
        if field.name not in ("name", "description", "aliases", "source") and applies(
            rules, field.name
        ):
            assert field.name in text
    assert f"source: {rules.source}" in text


def test_belote_rules_command(capsys: pytest.CaptureFixture[str]) -> None:
    """CONTRACT.md: ``belote rules VARIANT [--json]``; an unknown variant exits 2."""
    assert main(["rules", "751", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["target_strictly_more"] is True
    assert main(["rules", "piedicavallo"]) == 0
    assert "reverse_capot_value" in capsys.readouterr().out
    assert main(["rules", "scopa"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and len(err.splitlines()) == 1


@pytest.mark.parametrize("name", ["classic", "piedicavallo", "french", "italian751"])
def test_rules_values_pickle_compare_and_hash(name: str) -> None:
    """STYLE.md: a variant is a frozen value; it must survive a trip to a worker process."""
    import pickle

    rules = get_rules(name)
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and hash(again) == hash(rules)
    assert dict(again.carre_values) == dict(rules.carre_values)
    with pytest.raises(TypeError):
        rules.carre_values[Rank.SEVEN] = 10  # type: ignore[index]


@pytest.mark.usefixtures("fresh_registry")
def test_threads_asking_at_once_all_find_the_built_in_variants(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A web server's first requests look variants up at once: none sees the registry half filled."""
    import threading
    import time

    register = rules_module.register_variant

    def slow_register(rules: Rules) -> Rules:
        time.sleep(0.01)  # widens the time the registry is being filled
        return register(rules)

    monkeypatch.setattr(rules_module, "register_variant", slow_register)
    start = threading.Barrier(8)
    found: list[str] = []
    failed: list[Exception] = []

    def ask() -> None:
        start.wait()
        try:
            found.append(get_rules("italian751").name)
        except UnknownVariant as exc:
            failed.append(exc)

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failed == [] and found == ["italian751"] * 8
