"""mkdocs hook: tables generated from the code, so the docs cannot drift from it.

Registered in ``mkdocs.yml`` under ``hooks:``. At build time it imports
``belote`` and replaces these placeholders in any page:

``<!-- rules-table: NAME -->``
    every knob of the variant NAME: its value, what it means (the docstring
    under the field in ``src/belote/rules.py``) and the source it comes from
    (the trailing comment on that field in the variant's module).
``<!-- readings: NAME -->``
    the knobs of NAME whose value is a **[reading]** of the sources, as marked
    in ``rules.py`` or in the variant's module.
``<!-- knob-comparison -->``
    every knob of the built-in variants side by side, differing ones first.
``<!-- cli-reference -->``
    every subcommand of ``belote`` with its arguments, from ``belote.cli``.
``<!-- compare-results -->``
    what ``belote compare`` prints on its defaults (run once per build).
``<!-- play-sample -->``
    the start of a ``belote play`` session, driven by scripted answers
    (always the first choice), as the person would see it.
``<!-- vocabulary -->``
    the Italian / French / English vocabulary, with the library name of each
    term (checked to exist).

It also turns a fence info string such as ```` ```json tally ```` into a
titled code block, so the pages keep a tag that ``tests/test_docs_examples.py``
can find. Any unknown name or unreadable source fails the build.
"""

from __future__ import annotations

import ast
import enum
import importlib
import inspect
import io
import itertools
import re
import tokenize
from collections.abc import Iterator, Mapping
from functools import cache
from importlib.metadata import entry_points
from types import ModuleType
from typing import Any

import attrs
from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

import belote.rules.model as rules_module
from belote.cards import PLAIN_ORDER, Rank
from belote.rules import AuctionRules, ContractRules, PlayRules, Rules, get_rules
from belote.rules.gamepoints import GamePointsRules
from belote.rules.registry import ENTRY_POINT_GROUP
from belote.variants import BUILTIN

READING = "[reading"
"""Marks a reading in a docstring (``**[reading]**``) or a comment (``[reading: ...]``)."""

# --- reading the source ---------------------------------------------------------------


def _docstrings_after_assignments(body: list[ast.stmt]) -> dict[str, str]:
    """Map each name assigned in a class body to the string literal just below it."""
    docs: dict[str, str] = {}
    for stmt, following in itertools.pairwise(body):
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            name = stmt.target.id
        elif (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
        ):
            name = stmt.targets[0].id
        else:
            continue
        if (
            isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            docs[name] = inspect.cleandoc(following.value.value)
    return docs


@cache
def class_docs() -> dict[str, dict[str, str]]:
    """For every class of the rules' modules: its field (or enum member) docstrings."""
    import belote.rules.auction as auction_module
    import belote.rules.gamepoints as gamepoints_module
    import belote.rules.play as play_module
    import belote.rules.policies as policies_module

    found: dict[str, dict[str, str]] = {}
    for module in (rules_module, policies_module, auction_module, play_module, gamepoints_module):
        tree = ast.parse(inspect.getsource(module))
        found.update(
            (node.name, _docstrings_after_assignments(node.body))
            for node in tree.body
            if isinstance(node, ast.ClassDef)
        )
    return found


def _comments_by_line(source: str) -> dict[int, str]:
    comments: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            text = token.string.lstrip("#").strip()
            if text and not text.startswith(("fmt:", "noqa", "type:")):
                comments[token.start[0]] = text
    return comments


@attrs.frozen
class VariantSource:
    """Where a variant's ``Rules`` value is written, and what each keyword cites."""

    module: str
    base: str | None
    """The variant it evolves from (``attrs.evolve(BASE, ...)``), else ``None``."""
    citations: Mapping[str, str]
    """Knob (``play.must_overtrump`` for nested ones) -> trailing comment."""
    given: frozenset[str]
    """The knobs written out in the module."""


def _variant_module(rules: Rules) -> ModuleType:
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        module_name = entry.value.partition(":")[0]
        if entry.name == rules.name:
            return importlib.import_module(module_name)
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        try:
            if entry.load() is rules:
                return importlib.import_module(entry.value.partition(":")[0])
        except Exception:  # a broken plug-in is not ours to document
            continue
    raise PluginError(f"variant_tables: no entry point in {ENTRY_POINT_GROUP} for {rules.name!r}")


def _walk_keywords(
    call: ast.Call, comments: Mapping[int, str], prefix: str = ""
) -> Iterator[tuple[str, str | None]]:
    for keyword in call.keywords:
        if keyword.arg is None:
            continue
        name = prefix + keyword.arg
        value = keyword.value
        if isinstance(value, ast.Call) and _call_name(value) in _GROUPS:
            if not value.keywords:  # ``game_points=GamePointsRules()``: its comment cites every field
                comment = comments.get(keyword.lineno)
                for field in attrs.fields(_GROUPS[_call_name(value)]):
                    yield f"{name}.{field.name}", comment
                continue
            yield from _walk_keywords(value, comments, prefix=f"{name}.")
            continue
        comment = comments.get(keyword.lineno)
        if comment is None and value.end_lineno is not None:
            comment = comments.get(value.end_lineno)
        yield name, comment


_GROUPS = {
    "PlayRules": PlayRules,
    "AuctionRules": AuctionRules,
    "ContractRules": ContractRules,
    "GamePointsRules": GamePointsRules,
}
"""The classes whose knobs are written ``GROUP.KNOB`` (``play.``, ``auction.``,
``contract.``, ``game_points.``)."""


def _group_applies(group: str, rules: Rules) -> bool:
    """Whether a group of knobs plays a part in ``rules``: the auction's only in an
    auction, a contract's value only in contrée's auction of values, the game
    points only in a strain auction (Bulgarian belot)."""
    if group == "PlayRules":
        return True
    if group == "GamePointsRules":
        return rules.strain_auction
    if group == "ContractRules":
        return rules.has_auction and not rules.strain_auction
    return rules.has_auction


def _call_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


@cache
def variant_source(name: str) -> VariantSource:
    """Read the module that defines the variant ``name``."""
    rules = get_rules(name)
    module = _variant_module(rules)
    source = inspect.getsource(module)
    comments = _comments_by_line(source)
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and _call_name(node) in ("Rules", "evolve")):
            continue
        keywords = {kw.arg: kw.value for kw in node.keywords if kw.arg}
        name_node = keywords.get("name")
        if not (isinstance(name_node, ast.Constant) and name_node.value == rules.name):
            continue
        base = None
        if _call_name(node) == "evolve" and node.args:
            base_value = getattr(module, ast.unparse(node.args[0]), None)
            base = base_value.name if isinstance(base_value, Rules) else ast.unparse(node.args[0])
        pairs = list(_walk_keywords(node, comments))
        return VariantSource(
            module=module.__name__,
            base=base,
            citations={k: v for k, v in pairs if v},
            given=frozenset(k for k, _ in pairs),
        )
    raise PluginError(f"variant_tables: no Rules(name={rules.name!r}, ...) in {module.__name__}")


# --- formatting -----------------------------------------------------------------------

_ROLE = re.compile(r":(?:attr|class|func|data|mod|meth):`~?([^`]+)`")


def clean(text: str) -> str:
    """Docstring text as one markdown table cell."""
    text = _ROLE.sub(lambda m: f"`{m.group(1).removeprefix('belote.rules.')}`", text)
    text = text.replace("``", "`")
    text = " ".join(text.split())
    return text.replace("|", "\\|")


def fmt(value: Any) -> str:
    """A knob's value as markdown."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, enum.Enum):
        return f"`{value.value}`"
    if isinstance(value, Mapping):
        if not value:
            return "—"
        if all(isinstance(key, Rank) for key in value):  # carré values
            items = sorted(value.items(), key=lambda kv: (-kv[1], PLAIN_ORDER.index(Rank(kv[0]))))
            return ", ".join(f"{Rank(rank).text} {points}" for rank, points in items)
        return "; ".join(f"{fmt(key)}: {fmt(item)}" for key, item in value.items())
    if attrs.has(type(value)):  # a sanction
        return " ".join(fmt(getattr(value, f.name)) for f in attrs.fields(type(value))
                        if getattr(value, f.name) not in (0, None))
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value) or "—"
    if isinstance(value, str):
        return value.replace("|", "\\|") or "—"
    return str(value)


def knobs(rules: Rules) -> list[tuple[str, Any, str]]:
    """Every knob of ``rules`` as (name, value, description), play knobs flattened."""
    docs = class_docs()
    rows: list[tuple[str, Any, str]] = []
    for field in attrs.fields(Rules):
        if field.name == "disputes":  # shown beside each knob it names, not as a knob
            continue
        value = getattr(rules, field.name)
        group = type(value).__name__
        if group in _GROUPS:
            if not _group_applies(group, rules):
                continue  # e.g. the auction's knobs play no part in a turned-card variant
            for sub in attrs.fields(type(value)):
                rows.append(
                    (
                        f"{field.name}.{sub.name}",
                        getattr(value, sub.name),
                        docs[group].get(sub.name, ""),
                    )
                )
            continue
        description = docs["Rules"].get(field.name, "")
        if not description:
            raise PluginError(f"variant_tables: Rules.{field.name} has no docstring in rules.py")
        rows.append((field.name, value, description))
    return rows


def _enum_note(value: Any) -> str:
    if not isinstance(value, enum.Enum):
        return ""
    doc = class_docs().get(type(value).__name__, {}).get(value.name, "")
    return f" **`{value.value}`**: {doc}" if doc else ""


def _citation(name: str, source: VariantSource) -> str:
    if name in source.citations:
        return clean(source.citations[name])
    if name in source.given:
        return "—"
    if source.base:
        try:
            inherited = _citation(name, variant_source(source.base))
        except (LookupError, PluginError):
            inherited = ""
        plain = inherited not in ("", "—", "library default")
        return f"as `{source.base}`" + (f": {inherited}" if plain else "")
    return "library default"


def rules_table(name: str) -> str:
    rules = get_rules(name)
    source = variant_source(rules.name)
    # Three columns, the source under the meaning: four overflowed a 1280-pixel
    # screen. A citation quoting the text gives the project's English words after it.
    lines = [
        "| knob | value | what it means, and where it comes from |",
        "|---|---|---|",
    ]
    for knob, value, description in knobs(rules):
        lines.append(
            f"| `{knob}` | {fmt(value)} | {clean(description + _enum_note(value))}"
            f'<br><span class="cite">source: {_citation(knob, source)}</span> |'
        )
    lines.append("")
    lines.append(
        f"*Generated from `{source.module}` and the field docstrings of "
        "`belote.rules.Rules` when the site was built.*"
    )
    return "\n".join(lines)


def readings(name: str) -> str:
    """The knobs of a variant that hold a reading: marked in its module, or marked
    in ``rules.py`` and set explicitly by the module."""
    rules = get_rules(name)
    source = variant_source(rules.name)
    items = []
    for knob, value, description in knobs(rules):
        citation = source.citations.get(knob, "")
        if READING not in citation and not (READING in description and knob in source.given):
            continue
        text = clean(description)
        text = re.sub(r"^\*\*\[reading\]\*\*\s*", "", text)
        item = f"- **`{knob}` = {fmt(value)}**: {text}"
        note = re.sub(r"^\[readings?\]\s*", "", clean(citation))
        if note:
            item += f" *In this variant:* {note}."
        items.append(item)
    if not items:
        return "No knob of this variant is marked as a reading."
    return "\n".join(items)


def disputes(name: str) -> str:
    """The disputed knobs of a variant: its value, who reads it so, the other readings and who."""
    from belote.records.describe import knob_json
    from belote.rules import default_by, knob_value
    from belote.rules import readings as other_readings

    rules = get_rules(name)
    lines = [
        "| knob | here | who reads it so | other readings |",
        "|---|---|---|---|",
    ]
    for knob, _value, description in knobs(rules):
        who = default_by(knob, rules)
        if not who:
            continue
        value = knob_value(rules, knob)
        others = "<br>".join(
            f"{fmt(knob_json(other))}: {clean(by)}" for other, by in other_readings(knob, rules)
        )
        lines.append(
            f"| `{knob}`<br>{clean(first_sentence(description))} | {fmt(knob_json(value))} "
            f"| {clean(who)} | {others} |"
        )
    if len(lines) == 2:
        raise PluginError(f"variant_tables: {name} has no disputed knob")
    return "\n".join(lines)


_SENTENCE_END = re.compile(r"(?<=[a-z)\"])\.\s+(?=[A-Z*`])")


def first_sentence(text: str) -> str:
    return _SENTENCE_END.split(clean(text), maxsplit=1)[0].rstrip(".")


def comparison() -> str:
    names = [rules.name for rules in BUILTIN]
    table = {rules.name: dict((k, v) for k, v, _ in knobs(rules)) for rules in BUILTIN}
    descriptions = {k: d for k, _, d in knobs(BUILTIN[0])}
    skip = {"name", "description", "aliases"}
    differ, same = [], []
    for knob in descriptions:
        if knob in skip:
            continue
        values = [table[n][knob] for n in names]
        (same if all(v == values[0] for v in values) else differ).append((knob, values))

    def render(rows: list[tuple[str, list[Any]]], title: str) -> list[str]:
        out = [f"### {title}", "", "| knob | " + " | ".join(f"`{n}`" for n in names) + " |"]
        out.append("|---" * (len(names) + 1) + "|")
        for knob, values in rows:
            cells = " | ".join(fmt(v) for v in values)
            out.append(
                f"| `{knob}`<br><small>{first_sentence(descriptions[knob])}</small> | {cells} |"
            )
        out.append("")
        return out

    lines = render(differ, f"Knobs where the variants differ ({len(differ)})")
    lines += render(same, f"Knobs the variants share ({len(same)})")
    return "\n".join(lines)


# --- vocabulary -----------------------------------------------------------------------

# (English, French, Italian, where the library models it). A name in backticks
# that starts with Rules., PlayRules. or an enum of rules.py is checked to exist.
# fmt: off
VOCABULARY: tuple[tuple[str, str, str, str], ...] = (
    ("trump", "atout", "atout (atù), briscola, seme", "`trump` in tallies; `Suit`"),
    ("jack of trump (20 points)", "valet d'atout", "il venti, il capo, al màgu", "`Rank.JACK`"),
    ("nine of trump (14 points)", "neuf d'atout", "il quattordici, le cators", "`Rank.NINE`"),
    ("dealer", "donneur", "mazziere", "`dealer` in records"),
    ("turned card", "la retourne", "la carta girata", "`Rules.taker_takes_turned`"),
    ("take (the turned suit or a named one)", "prendre, « je mets »", "andare, mandare, prendere", "action `take` / `take H`"),
    ("pass", "« je passe »", "passo", "action `pass`"),
    ("the jack turned must be taken", "valet obligé", "Jack « obligé »", "`Rules.jack_obligatory`"),
    ("seven-of-trump swap", "le sept d'atout", "scambio del sette di atout", "`Rules.seven_swap`"),
    ("the attack (the taker's side)", "le preneur, l'attaque", "chi ha mandato, la squadra chiamante", "`attack` of a deal result"),
    ("trick", "levée, pli", "mano, presa", "`belote.tricks`"),
    ("follow suit", "fournir, répondre à la couleur", "rispondere al seme", "always required"),
    ("trump when void (ruff)", "couper", "tagliare", "`PlayRules.must_trump_when_void`"),
    ("overtrump", "surcouper, monter", "surtagliare, sormontare", "`PlayRules.must_overtrump`"),
    ("undertrump", "sous-couper", "pisciare (sull'atout)", "`PlayRules.must_undertrump`"),
    ("partner is master", "le partenaire est maître", "il socio è padrone", "`PlayRules.partner_master_exempts`"),
    ("last trick bonus", "dix de der, dernière levée", "ultima mano", "`Rules.last_trick_bonus`"),
    ("announcements, combinations", "annonces, combinaisons, hasards", "annunci, dichiarazioni", "`Rules.contest`"),
    ("three-card run", "tierce", "tièrs, terza, tiers", "`Rules.run_values`"),
    ("four-card run", "cinquante", "cinquanta, sencant, quarta", "`Rules.run_values`"),
    ("five-card run", "cent, quinte", "cento, na centa, quinta", "`Rules.run_values`"),
    ("four of a kind", "carré", "carré, poker", "`Rules.carre_values`"),
    ("king and queen of trump", "belote et rebelote", "belote e rebelote", "`Rules.belote_value`; action `play KH belote`"),
    ("a belote cancelled for being announced late", "—", "salare (la belote salata)", "belote is only scored when announced with the card"),
    ("failed contract", "dedans", "büs, bagno, buco, andata sotto", "outcome `failed`; `Rules.failed_defence_points`"),
    ("tie (points held for the next deal)", "litige", "litigio, litige, punti in palio", "outcome `litige`; `Rules.pending_rule`"),
    ("all the tricks", "capot", "cappotto, na càpütadda", "`Rules.capot_rule`, `Rules.capot_value`"),
    ("the defence takes all the tricks", "—", "cappotto contrario", "`CapotRule.ATTACK_OR_REVERSE`, `Rules.reverse_capot_value`"),
    ("calling out (claiming the match)", "« j'arrête »", "chiamarsi fuori (ciamese fora), « ho finito »", "`Rules.calling_out`; action `stop`"),
    ("on lead after winning the last trick", "—", "di mano e padrone", "`CallingOut.LEADER_MASTER`"),
    ("match, game to a target", "partie", "partita", "`Rules.target`"),
)
# fmt: on

_REFERENCE = re.compile(r"`([A-Z][A-Za-z]+)\.([A-Za-z_]+)`")


def _check_reference(owner: str, member: str) -> None:
    namespaces: dict[str, Any] = {
        "Rules": Rules,
        "PlayRules": PlayRules,
        "AuctionRules": AuctionRules,
        "ContractRules": ContractRules,
        "GamePointsRules": GamePointsRules,
        "Rank": Rank,
        **{
            name: value
            for name, value in vars(rules_module).items()
            if inspect.isclass(value) and issubclass(value, enum.Enum)
        },
    }
    target = namespaces.get(owner)
    if target is None:
        raise PluginError(f"variant_tables: vocabulary names unknown class {owner!r}")
    ok = member in attrs.fields_dict(target) if attrs.has(target) else hasattr(target, member)
    if not ok:
        raise PluginError(
            f"variant_tables: vocabulary names {owner}.{member}, which does not exist"
        )


def vocabulary() -> str:
    lines = ["| English | French | Italian | in the library |", "|---|---|---|---|"]
    for english, french, italian, library in VOCABULARY:
        for match in _REFERENCE.finditer(library):
            _check_reference(match.group(1), match.group(2))
        lines.append(f"| {english} | {french} | {italian} | {library} |")
    return "\n".join(lines)


# --- the command line -----------------------------------------------------------------


def cli_reference() -> str:
    """One section per subcommand of ``belote``, read from its argument parser."""
    import argparse
    import os

    from belote.cli.main import build_parser

    parser = build_parser()
    subparsers = next(
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    )
    old_columns = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "88"
    try:
        sections = []
        for name, sub in subparsers.choices.items():
            usage = " ".join(sub.format_usage().removeprefix("usage: ").split())
            lines = [
                f"### `belote {name}`",
                "",
                sub.description or "",
                "",
                "```text",
                usage,
                "```",
                "",
            ]
            rows = []
            for action in sub._actions:
                if isinstance(action, argparse._HelpAction):
                    continue
                if action.option_strings:
                    flag = ", ".join(action.option_strings)
                    if action.nargs != 0:
                        flag += f" {action.metavar or action.dest.upper()}"
                else:
                    flag = action.metavar or action.dest
                    if action.nargs in ("*", "?"):
                        flag = f"[{flag} ...]" if action.nargs == "*" else f"[{flag}]"
                help_text = (action.help or "").replace("|", "\\|")
                if action.choices and not isinstance(action.choices, dict):
                    help_text += "; one of " + ", ".join(f"`{c}`" for c in action.choices)
                rows.append(f"| `{flag}` | {help_text} |")
            if rows:
                lines += ["| argument | meaning |", "|---|---|", *rows, ""]
            if sub.epilog:
                example = sub.epilog.strip().removeprefix("Example:").strip()
                lines += [f"Example: `{example}`", ""]
            sections.append("\n".join(lines))
        return "\n".join(sections)
    finally:
        if old_columns is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old_columns


# --- doctest examples in docstrings ---------------------------------------------------

_FENCE_LINE = re.compile(r"^\s*(`{3,}|~{3,})")


class _DoctestFences(Preprocessor):
    """Fence ``>>>`` examples written outside a code block (as in docstrings).

    Without it, Markdown reads a doctest's output such as ``['7S', '8S']`` as
    text, and even as a link reference.
    """

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fence: str | None = None
        doctest_indent: str | None = None
        for line in lines:
            stripped = line.lstrip()
            if doctest_indent is not None:
                if not stripped:
                    out += [f"{doctest_indent}```", line]
                    doctest_indent = None
                else:
                    out.append(line)
                continue
            match = _FENCE_LINE.match(line)
            if match:
                marker = match.group(1)
                if fence is None:
                    fence = marker
                elif marker.startswith(fence):
                    fence = None
            elif fence is None and stripped.startswith(">>>"):
                doctest_indent = line[: len(line) - len(stripped)]
                out.append(f"{doctest_indent}```pycon")
            out.append(line)
        if doctest_indent is not None:
            out.append(f"{doctest_indent}```")
        return out


class DoctestFences(Extension):
    """Markdown extension registering `_DoctestFences`."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_DoctestFences(md), "belote_doctest_fences", 40)


@event_priority(100)  # before mkdocstrings copies the extension list
def on_config(config: Any) -> Any:
    """Add the doctest fencing to the site's (and the docstrings') Markdown."""
    config.markdown_extensions.append(DoctestFences())
    return config


# --- the hook -------------------------------------------------------------------------

_PLACEHOLDER = re.compile(
    r"^<!--\s*(rules-table|readings|disputes|knob-comparison|vocabulary|cli-reference|compare-results|play-sample)(?::\s*([\w.-]+))?\s*-->[ \t]*$",
    re.M,
)
_TAGGED_FENCE = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>`{3,})json[ \t]+(?P<tag>[a-z-]+)[ \t]*$", re.M
)


def _replace(match: re.Match[str]) -> str:
    kind, name = match.group(1), match.group(2)
    if kind in ("rules-table", "readings", "disputes") and not name:
        raise PluginError(f"variant_tables: {match.group(0)} needs a variant name")
    try:
        if kind == "rules-table":
            return rules_table(name)
        if kind == "readings":
            return readings(name)
        if kind == "disputes":
            return disputes(name)
    except LookupError as exc:
        raise PluginError(f"variant_tables: {match.group(0)}: {exc}") from exc
    if kind == "knob-comparison":
        return comparison()
    if kind == "cli-reference":
        return cli_reference()
    if kind == "compare-results":
        return compare_results()
    if kind == "play-sample":
        return play_sample()
    return vocabulary()


@cache
def compare_results() -> str:
    """The output of ``belote compare`` on its defaults, run at build time."""
    import io

    from belote.cli.main import main

    out = io.StringIO()
    if main(["compare"], out) != 0:
        raise PluginError("variant_tables: belote compare failed")
    return _terminal("$ belote compare\n" + out.getvalue().rstrip())


PLAY_COMMAND = ("play", "classic", "--seed", "3")
PLAY_ANSWERS = 3


@cache
def play_sample() -> str:
    """The start of ``belote play``: the person answers the first choice three times.

    The answers are echoed after their prompt, as on a terminal; the sample
    ends at the next question.
    """
    import io
    import sys

    from belote.cli.main import main

    out = io.StringIO()

    class Answers(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            line = super().readline(-1 if size is None else size)
            out.write(line)
            return line

    stdin, stderr = sys.stdin, sys.stderr
    sys.stdin = Answers("1\n" * PLAY_ANSWERS)
    sys.stderr = io.StringIO()  # "standard input ended": expected here
    try:
        status = main(list(PLAY_COMMAND), out)
    finally:
        sys.stdin, sys.stderr = stdin, stderr
    if status not in (0, 3):  # 3: the scripted input ends mid-match, by design
        raise PluginError(f"variant_tables: belote {' '.join(PLAY_COMMAND)} failed")
    text = out.getvalue()
    lines = text.splitlines()
    # Stop at the first question left unanswered (the input ended there).
    answered = 0
    kept: list[str] = []
    for line in lines:
        kept.append(line)
        if line.rstrip().endswith(":") and answered >= PLAY_ANSWERS:
            break
        if re.search(r":\s*1$", line):
            answered += 1
    kept = [line for line in kept[:60] if "abandoned" not in line.lower()]
    return _terminal("$ belote " + " ".join(PLAY_COMMAND) + "\n" + "\n".join(kept))


def _terminal(text: str) -> str:
    """A terminal sample: a text block in a ``terminal`` div (see ``extra.css``)."""
    return f'<div class="terminal" markdown>\n\n```text\n{text}\n```\n\n</div>'



_CODE_CITATION = re.compile(
    r"(?P<label>[Rr]ules §\d+(?:\.\d+)?(?:-§\d+(?:\.\d+)?)?(?: (?:point|row|rule|step) \d+| table)?)"
    r", docs/(?P<target>(?:rules|sources)\.md(?:#[\w-]+)?)"
)
_SOURCE_NUMBER = re.compile(r"(?<!\] )(?<![\w#\[/.`-])(00[0-4])(?![\w\]`])")


def link_citations(text: str, prefix: str, sources: bool = False) -> str:
    """Turn the code's citations (``rules §7.4, docs/rules.md#pending-litige-points``,
    written by ``docs/hooks/cite.py``) into links from a page ``prefix`` deep
    (``"../"``); with ``sources``, link the source numbers 000-004 too."""
    # "[reading] [rules §6.1](...)" would read as a reference link: say it in bold.
    text = text.replace("[reading]", "**reading**")
    text = _CODE_CITATION.sub(lambda m: f"[{m['label']}]({prefix}{m['target']})", text)
    if sources:
        text = _SOURCE_NUMBER.sub(lambda m: f"[{m[1]}]({prefix}sources.md#source-{m[1]})", text)
    return text


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Fill the placeholders and title the tagged JSON examples."""
    prefix = "../" * page.file.src_uri.count("/")

    def replace(match: re.Match[str]) -> str:
        generated = _replace(match)
        if match.group(1) in ("rules-table", "readings"):
            generated = "\n".join(
                link_citations(line, prefix, sources=line.startswith(("|", "-")))
                for line in generated.split("\n")
            )
        return generated

    markdown = _PLACEHOLDER.sub(replace, markdown)
    return _TAGGED_FENCE.sub(
        lambda m: f'{m.group("indent")}{m.group("fence")}json title="{m.group("tag")}"', markdown
    )
