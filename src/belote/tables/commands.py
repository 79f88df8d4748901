"""A person's answers at a table: the choices listed, and text read back as one of them.

What a seat is shown when it is to act ([`choice_lines`][belote.tables.commands.choice_lines]:
the choices numbered, an auction's bids in one line) and how its answer is read
([`read_answer`][belote.tables.commands.read_answer]): a number from that list, or
words read by the one parser, [`Action.parse`][belote.actions.Action.parse], so
that every word the library prints reads back (``bid 100 hearts``, ``90H``,
``take``, ``contre``, ``JH``). An answer that is no legal choice is refused in the
player's words ([`explain_refusal`][belote.records.narration.explain_refusal]).
The terminal game and [`belote.tables.Table`][belote.tables.Table] read answers here.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Final

from belote.actions import Action, Strain, Verb
from belote.actions.reading import strain_of_word
from belote.cards import ASCII_LOWER
from belote.deal import Deal, Phase
from belote.errors import NotationError
from belote.records.narration import describe_choice, explain_refusal, menu, partner_seat

__all__ = ["bid_example", "bid_summary", "choice_lines", "forced_pass", "read_answer"]


def forced_pass(deal: Deal, seat: int | None = None) -> Action | None:
    """The pass that is all seat ``seat`` may do now (``None``: the seat to act), else ``None``.

    A table makes such a pass for a person, as the terminal makes any only
    choice, and says so (docs/web.md#a-table-you-can-follow): in
    contrée, say, once the other side has coinched a capot.

    >>> deal = Deal.random("contree", seed=1)
    >>> forced_pass(deal) is None  # the first call of an auction: a bid is possible
    True
    """
    if seat is None:
        seat = deal.to_act
    if seat is None or deal.is_over:
        return None
    choices = menu(deal, seat)
    return choices[0] if len(choices) == 1 and choices[0].verb is Verb.PASS else None


def choice_lines(deal: Deal, seat: int) -> tuple[list[Action], list[str]]:
    """The choices of ``seat`` as the table lists them: numbered from 1, an auction's bids in one line.

    Returns the choices in the order of their numbers (the bids, unnumbered,
    after them) and the lines: ``  1. pass``, ..., ``  or bid: 90 to 160 ...``.

    >>> choices, lines = choice_lines(Deal.random("classic", seed=1, dealer=3), 0)
    >>> lines
    ['   1. take diamonds ♦ as trump (the turned JD)', '   2. pass']
    """
    choices = menu(deal, seat)
    bids = [choice for choice in choices if choice.verb is Verb.BID]
    listed = [choice for choice in choices if choice.verb is not Verb.BID]
    lines = [f"  {number:>2}. {describe_choice(choice, deal)}" for number, choice in enumerate(listed, 1)]
    if bids:
        lines.append(f"  or bid: {bid_summary(bids)}")
    return [*listed, *bids], lines


_BID_TEXT: Final = re.compile(r"(?:bid\s*)?([0-9]{1,3}|capot)\s*(\S+)?", re.IGNORECASE | re.ASCII)


def bid_summary(bids: Sequence[Action]) -> str:
    """The legal bids of an auction in one line: the values, capot and the strains.

    >>> bids = [Action.bid(0, v, s) for v in (90, 100, 110) for s in "SHDC"]
    >>> bid_summary(bids + [Action.bid(0, None, s) for s in "SHDC"])
    "90 to 110 (in tens) or capot, in ♠ S ♥ H ♦ D ♣ C: type e.g. 'bid 90 H'"
    >>> bid_summary([Action.bid(0, None, "S")])
    "capot, in ♠ S: type e.g. 'bid capot S'"
    """
    values = sorted({bid.value for bid in bids if bid.value is not None})
    capot = any(bid.value is None for bid in bids)
    strains = sorted({bid.strain for bid in bids if bid.strain is not None})
    if values == [0] and not capot:  # a strain auction: strains alone, in bid order
        ranked = sorted((bid.strain for bid in bids if bid.strain is not None),
                        key=lambda strain: int(strain) if strain.suit is None else 3 - int(strain))
        return ", ".join(f"bid {strain}" for strain in ranked)  # C D H S NT AT
    parts = []
    if values:
        steps = {b - a for a, b in itertools.pairwise(values)}
        step = f" (in {'tens' if steps == {10} else 'steps of ' + str(min(steps))})" if steps else ""
        parts.append(f"{values[0]}{'' if len(values) == 1 else f' to {values[-1]}{step}'}")
    if capot:
        parts.append("capot")
    named = " ".join(
        f"{strain.suit.symbol} {strain.letter}" if strain.suit is not None else strain.letter
        for strain in strains
    )
    example = f"bid {values[0] if values else 'capot'} {strains[-1 if len(strains) < 2 else 1].letter}"
    return f"{' or '.join(parts)}, in {named}: type e.g. '{example}'"


def bid_example(bids: Sequence[Action]) -> str:
    """A legal bid to show as an example: ``bid 100 H`` (the lowest value, hearts if it may), or ``bid C``."""
    first = bids[0]
    if first.value == 0:  # a strain auction: its lowest strain
        return f"bid {first.strain}"
    values = [bid.value for bid in bids if bid.value is not None]
    if not values:
        return f"bid capot {first.strain}"
    low = min(values)
    strains = [bid.strain for bid in bids if bid.value == low and bid.strain is not None]
    strain = Strain.HEARTS if Strain.HEARTS in strains else strains[0]
    return f"bid {low} {strain}"


def _refused_words(answer: str, exc: NotationError, bids: Sequence[Action], hint: str) -> str:
    """Why typed words are no action, in plain words: a bid without its suit, a suit that is none."""
    found = _BID_TEXT.fullmatch(answer.strip()) if bids else None
    if found is not None and bids[0].value != 0:
        if found[2] is None:
            return f"A bid names a value and a suit: 'bid {found[1].lower()} H', for example."
        if strain_of_word(found[2]) is None:
            return f"'{found[2][:12]}' is not a suit: use S, H, D or C (or hearts, cœur, cuori ...)."
        if found[1].lower() != "capot":
            return f"You cannot bid {found[1]}: you may bid {bid_summary(bids)}."
    words = answer.split()
    if len(words) == 2 and words[0].translate(ASCII_LOWER) == "take" and strain_of_word(words[1]) is None:
        return f"'{words[1][:12]}' is not a suit: use S, H, D or C."
    return f"'{answer[:20]}' is not understood. {hint}"


def read_answer(
    answer: str, choices: Sequence[Action], deal: Deal, seat: int, *, listed: int | None = None,
    names: Sequence[str] | None = None,
) -> tuple[Action | None, str]:
    """The chosen action, or ``None`` and why the answer was refused, in plain words.

    Words are read by [`Action.parse`][belote.actions.Action.parse], the one reader of
    the terminal, the web table and the API: every word the game prints reads back
    (``bid 100 hearts``, ``90H``, ``take``, ``contre``, ``JH``).
    ``listed``: how many of ``choices`` (the first ones) are numbered on the screen (default: all);
    ``names``: the players' names by seat, for the seats a refusal names.

    >>> deal = Deal.random("contree", seed=1, dealer=3)
    >>> choices, _ = choice_lines(deal, 0)
    >>> str(read_answer("bid 90 hearts", choices, deal, 0, listed=1)[0])
    '0 bid 90 H'
    >>> print(read_answer("play JH", choices, deal, 0, listed=1)[1])
    You cannot play a card yet: the bidding is not over. Type a number from 1 to 1, a bid such as 'bid 80 H', or help.
    """
    listed = len(choices) if listed is None else listed
    bids = [choice for choice in choices if choice.verb is Verb.BID]
    hint = (f"Type a number from 1 to {listed}, "
            + (f"a bid such as '{bid_example(bids)}'" if bids else "a card such as JH") + ", or help.")
    if not answer:
        return None, f"Nothing typed. {hint}"
    bidding = deal.phase is Phase.AUCTION
    if answer.isascii() and answer.isdigit() and not (bidding and len(answer) >= 2):  # 90: a bid's value
        number = int(answer) if len(answer) <= 6 else 0
        if 1 <= number <= listed:
            return choices[number - 1], ""
        return None, f"There is no choice {answer[:12]}{'...' if len(answer) > 12 else ''}. {hint}"
    try:
        action = Action.parse(answer, seat, among=choices, turned=deal.turned)
    except NotationError as exc:
        return None, _refused_words(answer, exc, bids, hint)
    if any(action is choice for choice in choices):
        return action, ""
    partner = partner_seat(deal, seat)
    reason = deal.why_illegal(action)
    why = f": {explain_refusal(reason, seat, partner=partner, names=names)}" if reason else ""
    if action.verb is Verb.PLAY:
        card = action.cards[0]
        if deal.strain is None or deal.to_act != seat:
            return None, f"You cannot play a card yet: the bidding is not over. {hint}"
        if reason is None:  # legal, but not offered: another choice comes first
            return None, f"You cannot play {card} now. {hint}"
        return None, f"You cannot play {card}{why}."
    if action.verb is Verb.BID and action.strain is not None:
        if action.value == 0:  # a strain auction's bid
            legal = f" You may {bid_summary(bids)}." if bids else ""
            return None, f"You cannot bid {action.strain} now{why}.{legal}"
        return None, f"You cannot bid that now{why}."
    if why:
        return None, f"You cannot {answer.lower()[:40]} now{why}."
    return None, f"You cannot {answer.lower()[:40]} now. {hint}"


