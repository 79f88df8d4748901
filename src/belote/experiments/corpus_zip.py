"""The conformance corpus as one zip archive, for an engine written without the library.

The docs site carries it (docs/hooks/corpus_archive.py, docs/corpus.md):
the corpus's files, ``manifest.json`` and ``SHA256SUMS`` in one folder named
by the format, revision and seed.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from collections.abc import Mapping
from typing import Any

from belote.errors import InvalidArgument, InvalidArgumentType
from belote.rules.checks import shown

__all__ = ["archive_name", "corpus_archive", "corpus_files", "manifest_of"]


def corpus_files(files: object, name: str = "files") -> Mapping[str, str]:
    """``files`` if it is a corpus's files: a mapping of file names to their text.

    Raises:
        InvalidArgumentType: not a mapping of text to text.
    """
    if not isinstance(files, Mapping) or not all(
            isinstance(key, str) and isinstance(text, str) for key, text in files.items()):
        raise InvalidArgumentType(f"{name}: expected a mapping of file names to text, got {shown(files)}")
    return files


def manifest_of(files: object) -> dict[str, Any]:
    """The manifest of a corpus's ``files``: ``manifest.json`` read as a JSON object.

    Raises:
        InvalidArgumentType: ``files`` is not a mapping of text to text.
        InvalidArgument: no ``manifest.json`` among them, or not a JSON object with a seed.
    """
    text = corpus_files(files).get("manifest.json")
    if text is None:
        raise InvalidArgument("files: no manifest.json (not a corpus)")
    try:
        manifest = json.loads(text)
    except ValueError as exc:
        raise InvalidArgument(f"files: manifest.json is not JSON ({exc})") from None
    if not isinstance(manifest, dict) or "seed" not in manifest:
        raise InvalidArgument("files: manifest.json is not a corpus's manifest")
    return manifest


def archive_name(files: Mapping[str, str]) -> str:
    """The versioned file name of a corpus's archive: format, revision and seed, from its manifest.

    >>> from belote.experiments.corpus import shipped_corpus
    >>> archive_name(shipped_corpus())
    'belote-corpus-1-r7-seed34.zip'

    Raises:
        InvalidArgumentType: ``files`` is not a mapping of text to text.
        InvalidArgument: ``files`` has no manifest (not a corpus).
    """
    manifest = manifest_of(files)
    version = str(manifest["format"]).rsplit("/", 1)[-1]
    return f"belote-corpus-{version}-r{manifest.get('revision', 1)}-seed{manifest['seed']}.zip"


def corpus_archive(files: Mapping[str, str]) -> bytes:
    """A corpus as one zip archive: its files, ``manifest.json`` and ``SHA256SUMS``, in one folder.

    For an engine written in another language, downloaded without the
    library (docs/corpus.md#getting-it). ``SHA256SUMS`` lists every file's
    sha256 as ``sha256sum --check`` reads it. The same files give the same
    bytes with the same zlib (fixed dates and modes, files in the
    manifest's order).

    >>> from belote.experiments.corpus import shipped_corpus
    >>> archive = corpus_archive(shipped_corpus())
    >>> import io, zipfile
    >>> sorted(zipfile.ZipFile(io.BytesIO(archive)).namelist())[:3]
    ['belote-corpus-1-r7-seed34/SHA256SUMS', 'belote-corpus-1-r7-seed34/deals.jsonl', 'belote-corpus-1-r7-seed34/illegal.jsonl']

    Raises:
        InvalidArgumentType: ``files`` is not a mapping of text to text.
        InvalidArgument: ``files`` has no manifest, or lacks a file it lists.
    """
    folder = archive_name(files).removesuffix(".zip")
    files = corpus_files(files)
    names = [*manifest_of(files).get("files", ()), "manifest.json"]
    if lost := [name for name in names if name not in files]:
        raise InvalidArgument(f"files: the manifest lists {', '.join(lost)}, which are missing")
    sums = "".join(f"{hashlib.sha256(files[name].encode()).hexdigest()}  {name}\n" for name in names)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, text in [*((name, files[name]) for name in names), ("SHA256SUMS", sums)]:
            info = zipfile.ZipInfo(f"{folder}/{name}", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3  # unix, whatever machine writes it
            archive.writestr(info, text.encode("utf-8"), compresslevel=9)
    return out.getvalue()
