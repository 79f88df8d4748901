"""mkdocs hook: the conformance corpus as a versioned zip archive, built with the site.

Registered in ``mkdocs.yml`` under ``hooks:``. The site gets
``assets/belote-corpus-1-rREVISION-seedSEED.zip``
([`corpus_archive`][belote.experiments.corpus.corpus_archive] of the corpus the
package ships: every file, ``manifest.json`` and ``SHA256SUMS``), and a
``<!-- corpus-archive -->`` line of a page becomes a link to it with its
size and sha256, so an author of an engine in another language downloads
the corpus without installing the library (docs/corpus.md).
"""

from __future__ import annotations

import hashlib
from functools import cache
from typing import Any

from mkdocs.structure.files import File, Files

_MARK = "<!-- corpus-archive -->"


@cache
def archive() -> tuple[str, bytes]:
    """The archive's file name and bytes."""
    from belote.experiments.corpus import archive_name, corpus_archive, shipped_corpus

    files = shipped_corpus()
    return archive_name(files), corpus_archive(files)


def on_files(files: Files, config: Any) -> Files:
    """Add the archive to the site's files, under ``assets/``."""
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
    """Replace the ``<!-- corpus-archive -->`` line by the link to the archive."""
    if _MARK not in markdown:
        return markdown
    return markdown.replace(_MARK, link(page.file.src_uri))
