"""Issue 40, part 3: docs/corpus.md says what a checker needs, and the shipped corpus keeps to it."""

from __future__ import annotations

import re
from pathlib import Path

from belote.actions import Strain
from belote.deal import Deal
from belote.experiments.corpus import lines_of, shipped_corpus
from belote.rules import get_rules

CORPUS_DOC = Path(__file__).parent.parent / "docs" / "corpus.md"


def test_every_error_field_of_the_shipped_tallies_is_listed_in_the_docs() -> None:
    """docs/corpus.md lists every ``error.field`` of tallies.jsonl, ``announcements[0].cards`` included."""
    text = CORPUS_DOC.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `error` | instead of `result`, for an impossible tally"))
    listed = set(re.findall(r"`([a-z_]+(?:\[0\]\.cards)?)`", row.split("`field` is one of", 1)[1]))
    found = {str(line["error"]["field"])  # type: ignore[index]
             for line in lines_of(shipped_corpus(), "tallies.jsonl") if "error" in line}
    assert found <= listed, found - listed
    assert "announcements[0].cards" in found


def test_solve_card_points_leave_out_the_last_trick() -> None:
    """docs/corpus.md, solve.jsonl: card points without the last trick's 10 (152 a four-player deal;
    in bulgarian 120 in no-trumps and 248 in all-trumps, docs/bulgarian.md#trump-modes)."""
    for line in lines_of(shipped_corpus(), "solve.jsonl"):
        spec = str(line["id"]).rsplit("/", 2)[0]
        points = line["card_points"]
        assert isinstance(points, list)
        if get_rules(spec).partnerships:
            strain = Deal.from_position(str(line["position"])).strain
            total = {Strain.NO_TRUMP: 120, Strain.ALL_TRUMP: 248}.get(strain, 152)  # type: ignore[call-overload]
            assert sum(points) == total, line["id"]
        else:
            assert sum(points) <= 152, line["id"]


def test_the_corpus_archive_holds_every_file_and_their_sums() -> None:
    """docs/corpus.md "Getting it": the versioned archive: the files, the manifest and SHA256SUMS, the same bytes each time."""
    import hashlib
    import io
    import zipfile

    from belote.experiments.corpus import CORPUS_FILES, archive_name, corpus_archive

    files = shipped_corpus()
    data = corpus_archive(files)
    assert data == corpus_archive(files)
    folder = archive_name(files).removesuffix(".zip")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        assert names == [f"{folder}/{name}" for name in (*CORPUS_FILES, "manifest.json", "SHA256SUMS")]
        for name in (*CORPUS_FILES, "manifest.json"):
            assert archive.read(f"{folder}/{name}").decode() == files[name]
        sums = archive.read(f"{folder}/SHA256SUMS").decode().splitlines()
    assert sums == [f"{hashlib.sha256(files[name].encode()).hexdigest()}  {name}"
                    for name in (*CORPUS_FILES, "manifest.json")]


def test_the_docs_hook_links_the_archive_from_the_corpus_page() -> None:
    """docs/hooks/corpus_archive.py: the site carries the archive, and docs/corpus.md links it."""
    import importlib.util

    import pytest

    if importlib.util.find_spec("mkdocs") is None:
        pytest.skip("the hook is a mkdocs hook (pip install -e '.[docs]')")
    path = Path(__file__).parent.parent / "docs" / "hooks" / "corpus_archive.py"
    spec = importlib.util.spec_from_file_location("corpus_archive_hook", path)
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    name, _data = hook.archive()

    class File:
        src_uri = "corpus.md"

    class Page:
        file = File()

    page = hook.on_page_markdown(CORPUS_DOC.read_text(encoding="utf-8"), page=Page())
    assert f"[{name}](assets/{name})" in page and "<!-- corpus-archive -->" not in page
    assert "docs/hooks/corpus_archive.py" in (Path(__file__).parent.parent / "mkdocs.yml").read_text()
