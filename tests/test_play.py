"""``belote play``: a person against bots, driven here by scripted input (CONTRACT.md)."""

from __future__ import annotations

import io
import subprocess
import sys

from belote.cards import CARDS
from belote.deal import Deal
from belote.play import HumanPlayer, play_match


def _belote(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "belote", *args],
        input=stdin, capture_output=True, text=True, timeout=120, check=False,
    )


def test_play_through_a_pipe_finishes_a_match_and_refuses_bad_input() -> None:
    """CONTRACT.md ``belote play VARIANT``: scripted answers through a pipe play a whole
    match; a bad answer gets a message and the question again."""
    script = "nonsense\n99\n" + "1\n" * 3000
    done = _belote("play", "classic", "--seed", "3", stdin=script)
    assert done.returncode == 0
    assert "error:" not in done.stderr
    out = done.stdout
    assert "'nonsense' is not understood" in out
    assert "There is no choice 99" in out
    assert "Deal over" in out
    assert "Match over" in out
    assert "Your hand:" in out and "Turned card:" in out


def test_play_ends_cleanly_when_the_input_ends() -> None:
    """The end of standard input abandons the match with status 0 and no ``error:`` line."""
    done = _belote("play", "french", "--players", "3", "--seed", "1", stdin="")
    assert done.returncode == 0
    assert "Match abandoned" in done.stdout
    assert "error:" not in done.stderr


def test_play_accepts_card_and_action_notation() -> None:
    """RULES.md §1 notation: ``take`` and a card such as ``JH`` are understood."""
    deal = Deal("classic", list(range(32)), dealer=3)
    out = io.StringIO()
    human = HumanPlayer(io.StringIO("take H\ntake\n"), out)
    human.act(deal, 0)
    assert deal.taker == 0
    assert "You cannot take h now" in out.getvalue()  # a suit is named only in round 2
    card = CARDS[deal.legal_play_mask().bit_length() - 1]
    human = HumanPlayer(io.StringIO(f"7X\n{card}\n"), out)
    human.act(deal, 0)
    assert deal.trick == (card,)


def test_play_match_from_a_string_stream_reports_each_deal() -> None:
    """play_match reads any text stream: the score is shown after each deal."""
    out = io.StringIO()
    match = play_match("italian751", seed=5, stdin=io.StringIO("1\n" * 3000), out=out,
                       target=300)
    assert match.is_over
    assert out.getvalue().count("\n  this deal:") == len(match.results)
