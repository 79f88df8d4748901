"""mkdocs hook: the charts of the "Comparing variants" page, drawn from a real run.

Registered in ``mkdocs.yml`` under ``hooks:``. When the site is built it runs
``belote compare`` on the command line's own defaults (read from its argument
parser, so the chart and the table printed next to it always agree), draws
the result with [`belote.plot`][belote.plot] and adds the SVG to the site as
``assets/compare.svg``; ``docs/comparing.md`` shows it as an image. The file
exists only in the built site. Without matplotlib (``pip install -e '.[docs]'``
installs it) the build fails with the library's ``MissingExtra`` error.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from mkdocs.structure.files import File, Files

CHART = "assets/compare.svg"


@cache
def compare_chart() -> bytes:
    """The SVG chart of ``belote compare`` on its defaults."""
    from belote.cli import build_parser
    from belote.plot import comparison_image
    from belote.simulate import compare

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


def on_files(files: Files, config: Any) -> Files:
    """Add the chart to the site's files, so pages can link it like any image."""
    files.append(File.generated(config, CHART, content=compare_chart()))
    return files
