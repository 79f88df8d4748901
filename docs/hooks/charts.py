"""mkdocs hook: the charts and rankings of the "Comparing variants" page, drawn from real runs.

Registered in ``mkdocs.yml`` under ``hooks:``. When the site is built it runs
``belote compare`` on the command line's own defaults (read from its argument
parser, so the chart and the table printed next to it always agree), draws
the result with [`belote.experiments.plot`][belote.experiments.plot] and adds the SVG to the site as
``assets/compare.svg``; ``docs/comparing.md`` shows it as an image. The file
exists only in the built site. Without matplotlib (``pip install -e '.[docs]'``
installs it) the build fails with the library's ``MissingExtra`` error.

It also runs ``belote compare --knobs VARIANT`` for each variant of
``KNOB_VARIANTS`` on ``KNOB_DEALS`` decks (a small run, to keep the build
fast): a ``<!-- knob-ranking: VARIANT -->`` line of a page becomes the text
the command prints, and ``assets/knobs-VARIANT.svg`` its ranked bar chart,
both from the same run; ``<!-- dispute-ranking: VARIANT -->`` and
``assets/disputes-VARIANT.svg`` do the same with ``--disputes`` for each
variant of ``DISPUTE_VARIANTS``.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

CHART = "assets/compare.svg"
KNOB_VARIANTS = ("piedicavallo", "italian751")
"""The variants whose single-knob rankings the page shows."""
KNOB_DEALS = 200
"""Decks of the rankings drawn at build time (the command's default is larger)."""
_KNOB_LINE = re.compile(r"^<!--\s*(knob|dispute)-ranking:\s*([\w.-]+)\s*-->[ \t]*$", re.M)
DISPUTE_VARIANTS = ("contree",)
"""The variants whose disputed rules the page "Which contrée disputes matter" ranks
(``belote compare --knobs VARIANT --disputes``)."""


@cache
def compare_chart() -> bytes:
    """The SVG chart of ``belote compare`` on its defaults."""
    from belote.cli.main import build_parser
    from belote.experiments.compare import compare
    from belote.experiments.plot import comparison_image

    args = build_parser().parse_args(["compare"])
    comparison = compare(
        [*args.variants] or None,
        args.deals,
        args.seed,
        args.players,
        args.bots,
        matches=getattr(args, "matches", None),
    )
    return comparison_image(comparison, "svg")


def knob_argv(variant: str, disputes: bool = False) -> list[str]:
    """The command line of a ranking shown on the page."""
    return ["compare", "--knobs", variant, *(["--disputes"] if disputes else []),
            "--deals", str(KNOB_DEALS)]


@cache
def knob_ranking(variant: str, disputes: bool = False) -> Any:
    """``belote compare --knobs VARIANT [--disputes] --deals KNOB_DEALS``, as the command runs it."""
    from belote.cli.main import build_parser
    from belote.experiments.whatif import knob_effects

    args = build_parser().parse_args(knob_argv(variant, disputes))
    return knob_effects(args.knobs, args.deals, args.seed, args.players, args.bots,
                        matches=args.matches, disputes=args.disputes)


def on_files(files: Files, config: Any) -> Files:
    """Add the charts to the site's files, so pages can link them like any image."""
    from belote.experiments.plot import knobs_image

    files.append(File.generated(config, CHART, content=compare_chart()))
    for variant in KNOB_VARIANTS:
        files.append(File.generated(config, f"assets/knobs-{variant}.svg",
                                    content=knobs_image(knob_ranking(variant), "svg")))
    for variant in DISPUTE_VARIANTS:
        files.append(File.generated(config, f"assets/disputes-{variant}.svg",
                                    content=knobs_image(knob_ranking(variant, True), "svg")))
    return files


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace each ``<!-- knob-ranking: VARIANT -->`` line by what the command prints."""

    def replace(match: re.Match[str]) -> str:
        disputes, variant = match.group(1) == "dispute", match.group(2)
        listed = DISPUTE_VARIANTS if disputes else KNOB_VARIANTS
        if variant not in listed:
            raise PluginError(f"charts: {match.group(0)}: add {variant} to the hook's variants")
        text = knob_ranking(variant, disputes).to_text().rstrip()
        command = "belote " + " ".join(knob_argv(variant, disputes))
        return f'<div class="terminal" markdown>\n\n```text\n$ {command}\n{text}\n```\n\n</div>'

    return _KNOB_LINE.sub(replace, markdown)
