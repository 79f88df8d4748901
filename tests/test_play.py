"""``belote play``: a person against bots, driven here by scripted input (CONTRACT.md)."""

from __future__ import annotations

import contextlib
import io
import random
import re
import subprocess
import sys
from collections.abc import Callable

import pytest

from belote.actions import Verb
from belote.agents import act
from belote.agents.bots import HeuristicBot
from belote.cards import CARDS
from belote.cli.play import HumanPlayer, MatchAbandoned, play_match
from belote.deal import Deal, Phase


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
    """The end of standard input abandons the match, says so, and exits with status 3 (no ``error:`` line)."""
    done = _belote("play", "french", "--players", "3", "--seed", "1", stdin="")
    assert done.returncode == 3
    assert "standard input ended" in done.stderr
    assert "Match abandoned" in done.stdout
    assert "error:" not in done.stderr


def test_play_accepts_card_and_action_notation() -> None:
    """Rules §1, docs/rules.md#cards notation: ``take`` and a card such as ``JH`` are understood."""
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


def _deal_where(variant: str, wanted: Callable[[Deal], bool], seeds: int = 200) -> Deal:
    """A deal played by bots up to a point where seat 0 is to act and ``wanted`` holds."""
    for seed in range(seeds):
        rng = random.Random(seed)
        deck = list(range(32))
        rng.shuffle(deck)
        deal = Deal(variant, deck, dealer=3)
        bots = [HeuristicBot() for _ in range(4)]
        for bot in bots:
            bot.start_deal(rng)
        while not deal.is_over:
            if deal.to_act == 0 and wanted(deal):
                return deal
            seat = deal.to_act
            assert seat is not None
            act(deal, bots[seat])
    raise AssertionError("no such deal")  # pragma: no cover


def test_calling_out_comes_last_and_asks_for_confirmation() -> None:
    """000 "chiamarsi fuori" (rules §8.1, docs/rules.md#calling-out): calling out is the last choice, shows the
    team's points against the target, and is not done without a yes."""
    deal = _deal_where("piedicavallo", lambda d: any(a.verb is Verb.STOP
                                                     for a in d.legal_actions()))
    out = io.StringIO()
    options = [line for line in _screen(deal) if re.match(r"\s+\d+\. ", line)]
    assert "call out" in options[-1]
    assert "of 1000" in options[-1]
    assert not any("call out" in line for line in options[:-1])
    number = len(options)
    before = len(deal.history)
    human = HumanPlayer(io.StringIO(f"{number}\nno\n1\n"), out)
    human.act(deal, 0)
    text = out.getvalue()
    assert "Call out now? (yes/no)" in text and "loses the match" in text
    assert deal.called_out is None
    assert deal.history[before].verb is not Verb.STOP


def _screen(deal: Deal) -> list[str]:
    """The lines the person sees before choosing, on a copy of ``deal``."""
    copy = deal.copy()
    human = HumanPlayer(io.StringIO("quit\n"), io.StringIO())
    with contextlib.suppress(MatchAbandoned):
        human.act(copy, 0)
    assert isinstance(human.out, io.StringIO)
    return human.out.getvalue().splitlines()


def test_a_forced_card_is_played_and_said() -> None:
    """When one card only may be played (rules §5, docs/rules.md#play-obligations), no menu "1 to 1": it is played."""
    deal = _deal_where("classic", lambda d: d.trump is not None and len(
        {a.cards[0] for a in d.legal_actions() if a.verb is Verb.PLAY}) == 1
        and all(a.verb is Verb.PLAY for a in d.legal_actions()))
    out = io.StringIO()
    before = deal.tricks_played * 4 + len(deal.trick)
    HumanPlayer(io.StringIO(""), out).act(deal, 0)  # no answer needed
    assert "Only one choice: play " in out.getvalue()
    assert "1 to 1" not in out.getvalue()
    assert deal.tricks_played * 4 + len(deal.trick) == before + 1


def test_a_refused_card_says_why_in_plain_words() -> None:
    """Rules §5, docs/rules.md#play-obligations: following the led suit is required; the refusal says so."""

    def can_break_suit(d: Deal) -> bool:
        if d.trump is None or not d.trick:
            return False
        led = d.trick[0].suit
        hand = list(d.hand(0))
        plays = {a.cards[0] for a in d.legal_actions() if a.verb is Verb.PLAY}
        return len(plays) > 1 and any(c.suit != led for c in hand) and all(
            c.suit == led for c in plays)

    deal = _deal_where("classic", can_break_suit)
    led = deal.trick[0].suit
    wrong = next(c for c in deal.hand(0) if c.suit != led)
    out = io.StringIO()
    with contextlib.suppress(MatchAbandoned):
        HumanPlayer(io.StringIO(f"{wrong}\nquit\n"), out).act(deal, 0)
    words = ("spades", "hearts", "diamonds", "clubs")[led]
    assert f"You cannot play {wrong}: you must follow {words}" in out.getvalue()


def test_help_odd_digits_and_huge_numbers_ask_again() -> None:
    """``help`` explains; ``²`` and 5,000 digits are refused and asked again, not a crash."""
    deal = Deal("classic", list(range(32)), dealer=3)
    out = io.StringIO()
    HumanPlayer(io.StringIO("help\n²\n" + "7" * 5000 + "\npass\n"), out).act(deal, 0)
    text = out.getvalue()
    assert "How to answer" in text
    assert "'²' is not understood" in text
    assert "There is no choice 777777777777..." in text
    assert deal.history[-1].verb is Verb.PASS


def test_the_screen_never_shows_internal_notation() -> None:
    """The person is "you", never "seat 0", and no record notation is shown."""
    out = io.StringIO()
    with contextlib.suppress(MatchAbandoned):
        play_match("classic", seed=4, stdin=io.StringIO("1\n" * 40), out=out)
    text = out.getvalue()
    assert "seat 0" not in text and "<seat>" not in text
    assert "You pass." in text or "You take" in text


def test_the_swap_decision_is_a_menu_of_swap_or_keep_before_the_lead() -> None:
    """docs/rules.md#seven-swap: the holder decides before the first lead; the screen says who
    leads and offers exactly swap or keep."""
    for seed in range(200):
        deal = Deal.random("french", seed=seed, dealer=0, players=2)
        bot = HeuristicBot()
        while deal.swap_seat() is None and not deal.is_over and deal.tricks_played == 0 \
                and not deal.trick:
            seat = deal.to_act
            assert seat is not None
            if seat == 0 and deal.phase is not Phase.PLAY:
                deal.apply(deal.legal_actions()[-1])  # seat 0 passes
            else:
                act(deal, bot)
        if deal.swap_seat() == 0 and deal.trick_leader != 0:
            break
    else:
        raise AssertionError("no deal where seat 0 decides on the swap")
    screen = _screen(deal)
    options = [line for line in screen if re.match(r"\s+\d+\. ", line)]
    assert len(options) == 2 and "swap" in options[0] and "keep" in options[1]
    assert any(line.endswith(f"seat {deal.trick_leader} leads") for line in screen)


def test_the_second_card_of_the_pair_says_rebelote() -> None:
    """docs/rules.md#belote-rebelote: the first card announces belote, the second rebelote."""
    from belote.actions import Action
    from belote.records.narration import describe_choice

    hands = ["QD KD 7S 8S 9S", "10S JS QS KS AS", "7H 8H 9H 10H JH", "QH KH AH 7C 8C"]
    deal = Deal.from_hands("classic", hands, dealer=3, turned="JD")
    deal.apply("0 take")  # diamonds: seat 0 holds the queen and king
    queen, king = CARDS[8 * 2 + 5], CARDS[8 * 2 + 6]
    assert describe_choice(Action.play(0, queen, True), deal).endswith("announce belote")
    deal.apply(Action.play(0, queen, True))
    assert describe_choice(Action.play(0, king, True), deal).endswith("announce rebelote")


def test_the_hand_is_listed_trump_first() -> None:
    """The screen lists the hand as the table view does: the trump suit first."""
    from belote.cards import CardSet
    from belote.records.narration import hand_text

    hand = CardSet.parse("7S 10S 7H KH AH 9D QD 7C 8C")
    assert hand_text(hand, 1).startswith("♥")
    assert hand_text(hand, None).startswith("♠")


def test_a_refused_call_says_why() -> None:
    """Typing `stop` or `call` when it is not allowed says the rule that forbids it."""
    from belote.cli.play import _interpret

    deal = Deal.random("classic", seed=3, dealer=3)
    action, why = _interpret("call", deal.legal_actions(), deal, 0)
    assert action is None and "classic has no calling out" in why


def test_quit_asks_first_then_saves_a_match_record_that_resume_continues(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``quit`` asks to confirm ("no" goes on); "yes" offers to save the match, which
    ``belote play --resume FILE`` continues from the same point of the same deal."""
    import argparse
    import json

    from belote.cli.main import main
    from belote.cli.play import play_command
    from belote.records.replay import match_from_record

    saved = tmp_path / "match.json"
    out = io.StringIO()
    answers = "1\n" * 12 + "quit\nno\n" + "1\n" * 3 + f"quit\nyes\n{saved}\n"
    with contextlib.suppress(MatchAbandoned):
        play_match("piedicavallo", seed=7, stdin=io.StringIO(answers), out=out)
    text = out.getvalue()
    assert text.count("Leave the match? (yes/no)") == 2
    assert f"Resume with: belote play --resume {saved}" in text
    doc = json.loads(saved.read_text(encoding="utf-8"))
    # a match record (docs/formats.md#deal-record) and the table's seats and names (docs/tables.md#save-and-resume)
    assert set(doc) == {"variant", "target", "deals", "seats", "names"}
    assert doc["seats"] == ["human", "heuristic", "heuristic", "heuristic"]
    match, deals = match_from_record(doc, partial=True)
    assert deals and not match.is_over
    last = deals[-1]
    # An existing file is never overwritten: the person is asked for another name.
    again = io.StringIO()
    taken = HumanPlayer(io.StringIO(f"{saved}\n\n"), again).offer_save(doc)
    assert taken is None and "exists already" in again.getvalue()
    # Resuming replays the saved deals and goes on with the one in progress.
    resumed = io.StringIO()
    ns = argparse.Namespace(variant=None, players=None, seed=1, resume=str(saved),
                            stdin=io.StringIO("1\n" * 3000))
    assert play_command(ns, resumed) == 0  # what `belote play --resume FILE` runs
    shown = resumed.getvalue()
    done = sum(deal.is_over for deal in deals)
    assert f"Resumed after {done} deals." in shown
    assert f"=== Deal {done + 1}:" in shown and "Match over" in shown
    assert len(last.history) > 0
    # A resumed file under another variant, or no variant and no file: one error line.
    assert main(["play", "classic", "--resume", str(saved)], out=io.StringIO()) == 2
    assert main(["play"], out=io.StringIO()) == 2


@pytest.mark.parametrize(("variant", "players"), [
    ("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("french", 2), ("french", 3),
])
def test_no_line_of_the_table_passes_100_characters(variant: str, players: int) -> None:
    """What the table shows fits 100 columns: long lists go one item a line."""
    out = io.StringIO()
    play_match(variant, players, seed=3, stdin=io.StringIO("1\n" * 3000), out=out)
    text = out.getvalue()
    for prompt in ("(a number, a card such as JH, or help): ", "(yes/no) "):
        text = text.replace(prompt, prompt.rstrip() + "\n")  # the answer goes on its own line
    long = [line for line in text.splitlines() if len(line) > 100]
    assert not long, long[:3]
