"""``quit`` in ``belote play`` never loses the match to a bad file name (docs/cli.md#play; issue 50 item 4)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from clirun import run

from belote.cli.play import HumanPlayer
from belote.records.replay import match_from_record


def test_a_save_name_with_a_nul_is_asked_again_and_the_match_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 50 item 4: ``quit``, ``yes``, ``a<NUL>b``: the name is refused, the next one saves the match."""
    saved = tmp_path / "saved.json"
    code, out, err = run(["play", "contree", "--seed", "1"], capsys,
                         stdin=f"quit\nyes\na\x00b\n{saved}\n", monkeypatch=monkeypatch)
    assert "internal error" not in err and "Traceback" not in err
    assert code == 0, err
    assert "'a\\x00b' cannot be a file name" in out
    assert f"Resume with: belote play --resume {saved}" in out
    match, deals = match_from_record(json.loads(saved.read_text(encoding="utf-8")), partial=True)
    assert match.rules.name == "contree" and deals and not deals[-1].is_over


@pytest.mark.parametrize("name", ["a\x00b", "~no-such-user-of-belote/match.json", "\ud800.json"])
def test_a_name_no_file_can_have_is_refused_and_asked_again(
    tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/cli.md#play: a NUL, an unknown ``~user``, an unencodable name: asked again, never an error."""
    monkeypatch.chdir(tmp_path)  # whatever a name writes stays here
    good = tmp_path / "match.json"
    out = io.StringIO()
    path = HumanPlayer(io.StringIO(f"{name}\n{good}\n"), out).offer_save({"variant": "contree"})
    assert path == good and json.loads(good.read_text(encoding="utf-8")) == {"variant": "contree"}
    assert "cannot be a file name" in out.getvalue() or "Cannot write" in out.getvalue()
