"""mkdocs hook: the conformance corpus as a versioned zip archive, built with the site.

Registered in ``mkdocs.yml`` under ``hooks:``. The site gets
``assets/belote-corpus-1-rREVISION-seedSEED.zip``
([`corpus_archive`][belote.experiments.corpus.corpus_archive] of the corpus the
package ships: every file, ``manifest.json`` and ``SHA256SUMS``), and a
``<!-- corpus-archive -->`` line of a page becomes a link to it with its
size and sha256, so an author of an engine in another language downloads
the corpus without installing the library (docs/corpus.md).

It also writes the corpus's figures where a page gives them, counted from
the corpus the package ships, never written by hand (docs/engines.md):
``<!-- corpus-count: legal -->`` and ``<!-- corpus-count: solve -->`` become
the number of positions of ``legal.jsonl`` and ``solve.jsonl``, and
``<!-- corpus-count: decided -->`` the positions ``belote check-engine``
asks an engine of every variant to decide (those with a seat to act).
"""

from __future__ import annotations

import hashlib
import re
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # mkdocs is imported where the site is built; the figures need none
    from mkdocs.structure.files import Files

_MARK = "<!-- corpus-archive -->"
_COUNT = re.compile(r"<!--\s*corpus-count:\s*(legal|solve|decided)\s*-->")


@cache
def archive() -> tuple[str, bytes]:
    """The archive's file name and bytes."""
    from belote.experiments.corpus import archive_name, corpus_archive, shipped_corpus

    files = shipped_corpus()
    return archive_name(files), corpus_archive(files)


@cache
def counts() -> dict[str, int]:
    """The corpus's figures, by the name a ``<!-- corpus-count: NAME -->`` line uses."""
    from belote.deal import Deal
    from belote.experiments.corpus import lines_of, shipped_corpus

    files = shipped_corpus()
    legal, solve = lines_of(files, "legal.jsonl"), lines_of(files, "solve.jsonl")
    decided = sum(1 for line in (*legal, *solve)
                  if Deal.from_record(line["record"]).to_act is not None)
    return {"legal": len(legal), "solve": len(solve), "decided": decided}


def on_files(files: Files, config: Any) -> Files:
    """Add the archive to the site's files, under ``assets/``."""
    from mkdocs.structure.files import File

    name, data = archive()
    files.append(File.generated(config, f"assets/{name}", content=data))
    return files


def link(src_uri: str) -> str:
    """The Markdown that links the archive from the page whose source is ``src_uri`` (``corpus.md``).

    A Markdown link is relative to the page's source file; mkdocs turns it
    into the built page's URL.
    """
    name, data = archive()
    up = "../" * src_uri.count("/")
    digest = hashlib.sha256(data).hexdigest()
    return (f"**Download: [{name}]({up}assets/{name})** ({len(data):,} bytes; "
            f"sha256 `{digest}`)")


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    """Replace the ``<!-- corpus-archive -->`` line by the link to the archive, and the figures by their counts."""
    if "corpus-count:" in markdown:
        markdown = _COUNT.sub(lambda found: str(counts()[found[1]]), markdown)
    if _MARK not in markdown:
        return markdown
    return markdown.replace(_MARK, link(page.file.src_uri))
