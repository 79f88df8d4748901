"""Rewrite the old citations of the rules and sources into links to the docs site.

Run it from the repository root (it is a script, not a mkdocs hook)::

    python docs/hooks/cite.py                 # rewrite src/ and docs/ in place
    python docs/hooks/cite.py --check         # list what would change, exit 1 if any
    python docs/hooks/cite.py src/belote/x.py # only these files or folders

The table of citation forms and the page anchor of each is
``docs/citations.json``. Two forms are written:

- in code and any non-Markdown file: ``rules §7.4, docs/rules.md#pending-litige-points``
  (several sections: ``rules §8.1, docs/rules.md#calling-out; rules §8.2, ...``);
  a source text: ``source 000, docs/sources.md#source-000``; the whole page:
  ``docs/rules.md``;
- in the Markdown pages under ``docs/``: a relative link,
  ``[rules §7.4](rules.md#pending-litige-points)`` (``../rules.md`` one folder down).

The ``phrases`` of the table are exact replacements applied first, for the few
sentences the general form would garble. The output never contains a form
the script rewrites, so running it twice changes nothing. It exits 1 when
a citation names a section the table does not know.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "docs" / "citations.json"
DOCS = ROOT / "docs"
DEFAULT_PATHS = ("src", "docs")
SUFFIXES = {".py", ".md", ".txt", ".toml", ".cfg", ".rst", ".json", ".yml", ".yaml"}
# Files that hold the old forms on purpose: the table and this script.
SKIP = {TABLE, Path(__file__).resolve()}

SECTION = r"§\d+(?:\.\d+)?"
RULES_CITATION = re.compile(
    rf"RULES\.md(?P<secs> {SECTION}(?:(?:, | and |-|–|, and ){SECTION})*)?"
    r"(?P<suffix> (?:point|row|rule|step) \d+| table)?"
)
SEEDS_CITATION = re.compile(
    r"(?P<texts>texts in )?seeds/(?P<rest>README\.md|00[0-4](?:_[0-9a-f]+\.txt)?)?"
)


class UnknownCitation(LookupError):
    """A citation whose section is not in the table."""


def load_table(path: Path = TABLE) -> tuple[dict[str, str], dict[str, str]]:
    """The citation table and the exact phrases of ``path``."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    return dict(doc["citations"]), dict(doc.get("phrases", {}))


def _target(table: dict[str, str], key: str) -> str:
    try:
        return table[key]
    except KeyError:
        raise UnknownCitation(f"no anchor for {key!r} in {TABLE.name}") from None


def rewrite(text: str, table: dict[str, str], phrases: dict[str, str], prefix: str | None) -> str:
    """``text`` with every citation rewritten.

    ``prefix`` is ``None`` for code (plain text form) or the relative path from
    a Markdown page to ``docs/`` (``""``, ``"../"``) for the link form.
    """
    for old, new in phrases.items():
        text = text.replace(old, new)

    def rules(match: re.Match[str]) -> str:
        secs_text = match.group("secs")
        suffix = match.group("suffix") or ""
        if not secs_text:
            target = _target(table, "RULES.md")
            return f"[the rules]({prefix}{target})" if prefix is not None else f"docs/{target}"
        secs = re.findall(SECTION, secs_text)
        is_range = "-" in secs_text or "–" in secs_text
        if is_range:
            label = f"rules {secs_text.strip()}{suffix}"
            target = _target(table, f"RULES.md {secs[0]}")
            return (
                f"[{label}]({prefix}{target})" if prefix is not None else f"{label}, docs/{target}"
            )
        parts = []
        for i, sec in enumerate(secs):
            target = _target(table, f"RULES.md {sec}")
            end = suffix if i == len(secs) - 1 else ""
            if prefix is not None:
                label = f"rules {sec}{end}" if i == 0 else f"{sec}{end}"
                parts.append(f"[{label}]({prefix}{target})")
            else:
                parts.append(f"rules {sec}{end}, docs/{target}")
        out = ", ".join(parts) if prefix is not None else "; ".join(parts)
        if prefix is None and match.string[max(0, match.start() - 3) : match.start()] in (
            '"""',
            "'''",
        ):
            out = "R" + out[1:]  # a docstring's first word is capitalised (ruff D403)
        return out

    def seeds(match: re.Match[str]) -> str:
        rest = match.group("rest") or ""
        number = rest[:3] if rest[:1] == "0" else ""
        key = (
            f"seeds/{number}"
            if number
            else ("texts in seeds/" if match.group("texts") else "seeds/")
        )
        target = _target(table, key)
        if number:
            label = f"source {number}"
            return (
                f"[{label}]({prefix}{target})" if prefix is not None else f"{label}, docs/{target}"
            )
        words = "texts in " if match.group("texts") else ""
        if prefix is not None:
            return f"[{words or 'the '}source texts]({prefix}{target})"
        return f"{words}docs/{target}"

    text = RULES_CITATION.sub(rules, text)
    return SEEDS_CITATION.sub(seeds, text)


def _prefix(path: Path) -> str | None:
    """The link prefix of a Markdown page under ``docs/``, else ``None``."""
    if path.suffix != ".md":
        return None
    try:
        rel = path.resolve().relative_to(DOCS.resolve())
    except ValueError:
        return None
    depth = len(rel.parts) - 1
    return "../" * depth


def iter_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Every text file under ``paths`` the script may rewrite."""
    for raw in paths:
        path = Path(raw)
        if not path.is_absolute():
            path = ROOT / path
        candidates = [path] if path.is_file() else sorted(path.rglob("*"))
        for file in candidates:
            if (
                file.is_file()
                and file.suffix in SUFFIXES
                and file.resolve() not in SKIP
                and not any(
                    part.startswith(".") or part == "__pycache__"
                    for part in file.parts[len(ROOT.parts) :]
                )
            ):
                yield file


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=list(DEFAULT_PATHS))
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 if a file would change"
    )
    parser.add_argument(
        "--exclude", action="append", default=[], help="a file to leave alone (repeatable)"
    )
    args = parser.parse_args(argv)
    table, phrases = load_table()
    excluded = {
        (ROOT / e).resolve() if not Path(e).is_absolute() else Path(e).resolve()
        for e in args.exclude
    }
    changed = []
    for file in iter_files(args.paths):
        if file.resolve() in excluded:
            continue
        old = file.read_text(encoding="utf-8")
        try:
            new = rewrite(old, table, phrases, _prefix(file))
        except UnknownCitation as exc:
            print(f"error: {file.relative_to(ROOT)}: {exc}", file=sys.stderr)
            return 1
        if new != old:
            changed.append(file)
            if not args.check:
                file.write_text(new, encoding="utf-8")
    for file in changed:
        print(os.path.relpath(file, ROOT))
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
