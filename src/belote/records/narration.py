"""The table in words: how `belote play` and `belote serve` name seats and sides and tell what happens.

The screen's vocabulary, shared by the terminal game ([`belote.cli.play`][belote.cli.play])
and the web table: ``you`` / ``your partner (seat 2)`` / ``seat 1``
([`who`][belote.records.narration.who]), the sides, a hand one suit a group with the
trump first, what another seat did ([`action_text`][belote.records.narration.action_text]),
the report of each trick and of the combinations that score
([`report`][belote.records.narration.report]) and the summary of a finished deal; and
the human seat's side of it: its choices in menu order
([`menu`][belote.records.narration.menu]), each choice in words, a refusal in the
player's words and the warning before calling out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final, TextIO

from belote.actions import Action, Verb
from belote.cards import SUIT_WORDS, Card, CardSet, Suit
from belote.deal import Deal
from belote.deal.observation import contract_text
from belote.errors import InvalidArgument, InvalidArgumentType, shown
from belote.rules import CallingOut, Rules
from belote.rules.checks import instance, sequence, whole, whole_or_none
from belote.rules.checks import seat as check_seat
from belote.scoring import DealResult
from belote.scoring.announcements import find_combinations
from belote.scoring.match import Match

__all__ = [
    "WIDTH",
    "action_text",
    "cards_text",
    "contract_words",
    "deal_summary",
    "describe_choice",
    "explain_refusal",
    "fit",
    "hand_text",
    "menu",
    "name_seats",
    "partner_seat",
    "report",
    "side_names",
    "stop_warning",
    "tricks_text",
    "who",
]


def who(deal: Deal, seat: int, me: int | None = 0) -> str:
    """How the screen names a seat: ``you``, ``your partner (seat 2)``, ``seat 1``.

    ``me`` is the seat of the person looking (``None``: nobody, every seat by number).

    >>> deal = Deal.random("classic", seed=1)
    >>> who(deal, 0), who(deal, 2), who(deal, 2, me=1), who(deal, 3, me=1)
    ('you', 'your partner (seat 2)', 'seat 2', 'your partner (seat 3)')

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``, ``seat`` or ``me`` not a whole
            number.
    """
    instance(deal, Deal, "deal")
    whole(seat, "seat")
    whole_or_none(me, "me")

    if seat == me:
        return "you"
    if (me is not None and deal.rules.partnerships and deal.players == 4
            and seat == (me + 2) % 4):
        return f"your partner (seat {seat})"
    return f"seat {seat}"


def partner_seat(deal: Deal, seat: int) -> int | None:
    """The partner of ``seat``: the seat across at a four-seat table of partners, else ``None``.

    >>> partner_seat(Deal.random("classic", seed=1), 3), partner_seat(Deal.random("french", seed=1), 0)
    (1, None)

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``, ``seat`` not a whole number.
    """
    instance(deal, Deal, "deal")
    whole(seat, "seat")

    return (seat + 2) % 4 if deal.rules.partnerships and deal.players == 4 else None


def _does(deal: Deal, seat: int, you: str, other: str, me: int | None = 0) -> str:
    """``You pass`` / ``seat 1 passes``."""
    return f"You {you}" if seat == me else f"{who(deal, seat, me).capitalize()} {other}"


def side_names(rules: Rules, players: int, me: int | None = 0,
               names: Sequence[str] | None = None) -> list[str]:
    """The sides as the screen names them for the player at ``me``: ``your team``/``the other team``, or seats.

    ``me``: the seat looking (``None``: nobody, every side by its seats);
    ``names``: the players' names by seat (an empty name: the seat's number),
    added to a team's name.

    >>> from belote.rules import get_rules
    >>> side_names(get_rules("classic"), 4, 1), side_names(get_rules("classic"), 4, None)
    (['the other team', 'your team'], ['seat 0 + seat 2', 'seat 1 + seat 3'])
    >>> side_names(get_rules("classic"), 4, 0, ["Ann", "Bob", "Cy", "Di"])
    ['your team (Ann + Cy)', 'the other team (Bob + Di)']

    Raises:
        InvalidArgumentType: ``rules`` is not a ``Rules``, ``players`` or ``me`` not a
            whole number, ``names`` not a list or tuple of texts.
        InvalidArgument: a table size the rules do not allow.
    """
    instance(rules, Rules, "rules")
    rules.check_players(players)
    whole_or_none(me, "me")
    if names is not None:
        for index, name in enumerate(sequence(names, "names")):
            instance(name, str, f"names[{index}]")

    def seat_name(seat: int) -> str:
        return names[seat] if names is not None and seat < len(names) and names[seat] else f"seat {seat}"

    if rules.partnerships and players == 4:
        teams = [f"{seat_name(side)} + {seat_name(side + 2)}" for side in (0, 1)]
        if me is None:
            return teams
        named = names is not None and any(names)
        return [("your team" if side == me % 2 else "the other team")
                + (f" ({teams[side]})" if named else "") for side in (0, 1)]
    return ["you" if seat == me else seat_name(seat) for seat in range(players)]


WIDTH: Final = 100
"""The longest line the table shows; longer lists go one item a line."""


def fit(head: str, parts: Sequence[str]) -> str:
    """``head`` and ``parts`` on one line, or one part a line (indented) when that line passes ``WIDTH``.

    >>> fit("Scores:", ["you 10", "seat 1 20"])
    'Scores: you 10, seat 1 20'
    >>> print(fit("Scores:", ["you " + "1" * 50, "seat 1 " + "2" * 50]))
    Scores:
      you 11111111111111111111111111111111111111111111111111
      seat 1 22222222222222222222222222222222222222222222222222

    Raises:
        InvalidArgumentType: ``head`` or a part is not text, ``parts`` not a list or tuple.
    """
    instance(head, str, "head")
    for index, part in enumerate(sequence(parts, "parts")):
        instance(part, str, f"parts[{index}]")

    line = f"{head} {', '.join(parts)}"
    if len(line) <= WIDTH:
        return line
    return "\n".join([head, *(f"  {part}" for part in parts)])


def tricks_text(count: int) -> str:
    """``1 trick``, ``3 tricks``."""
    return "1 trick" if count == 1 else f"{count} tricks"


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as the table shows them, ``-`` for none.

    Raises:
        InvalidArgumentType: ``cards`` is not a list or tuple of ``Card`` values.
    """
    for index, card in enumerate(sequence(cards, "cards")):
        instance(card, Card, f"cards[{index}]")

    return " ".join(str(card) for card in cards) or "-"


def hand_text(hand: CardSet, trump: int | None) -> str:
    """The hand one suit a group, the trump first (as ``str(deal)`` lists it).

    Raises:
        InvalidArgumentType: ``hand`` is not a ``CardSet``, ``trump`` not a suit number.
        InvalidArgument: ``trump`` out of 0..3.
    """
    instance(hand, CardSet, "hand")
    whole_or_none(trump, "trump", 0, 3)

    groups = []
    order = [trump, *(s for s in range(4) if s != trump)] if trump is not None else range(4)
    for suit in order:
        cards = hand.of_suit(suit).sorted(trump)
        if cards:
            groups.append(f"{Suit(suit).symbol} {cards_text(cards)}")
    return "   ".join(groups) or "-"


def action_text(action: Action, deal: Deal, rebelote: bool = False, me: int | None = 0) -> str:
    """An action applied to ``deal`` as the table reports it, seen from seat ``me`` (``seat 1 passes.``).

    Declarations give ``""``: [`report`][belote.cli.play.report] writes them with their combinations.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
    """
    instance(action, Action, "action")
    instance(deal, Deal, "deal")
    instance(rebelote, bool, "rebelote")
    whole_or_none(me, "me")

    seat, verb = action.seat, action.verb
    if verb is Verb.PASS:
        return _does(deal, seat, "pass", "passes", me=me) + "."
    if verb is Verb.TAKE:
        suit = _turned_suit(deal) if action.suit is None else action.suit
        return _does(deal, seat, "take", "takes", me=me) + f" {SUIT_WORDS[suit]} {suit.symbol} as trump."
    if verb is Verb.SWAP:
        return _does(deal, seat, "swap", "swaps", me=me) + f" the 7 of trump for {deal.turned}."
    if verb is Verb.KEEP:
        return _does(deal, seat, "keep", "keeps", me=me) + " the 7 of trump."
    if verb is Verb.BID:
        return _does(deal, seat, "bid", "bids", me=me) + f" {contract_words(action)}."
    if verb is Verb.COINCHE:
        times = deal.rules.auction.coinche_multiplier
        return _does(deal, seat, "coinche", "coinches", me=me) + f" the contract (x{times})."
    if verb is Verb.SURCOINCHE:
        times = deal.rules.auction.surcoinche_multiplier
        return _does(deal, seat, "surcoinche", "surcoinches", me=me) + f" (x{times})."
    if verb is Verb.DOUBLE:  # a strain auction (bulgarian)
        times = deal.rules.auction.coinche_multiplier
        return _does(deal, seat, "double", "doubles", me=me) + f" the contract (x{times})."
    if verb is Verb.REDOUBLE:
        times = deal.rules.auction.surcoinche_multiplier
        return _does(deal, seat, "redouble", "redoubles", me=me) + f" (x{times})."
    if verb is Verb.REREDOUBLE:  # the third level (auction.reredouble)
        times = deal.rules.auction.reredouble_multiplier
        return _does(deal, seat, "re-redouble", "re-redoubles", me=me) + f" (x{times})."
    if verb is Verb.PLAY:
        text = _does(deal, seat, "play", "plays", me=me) + f" {action.cards[0]}"
        if action.belote:
            return text + (", announcing rebelote." if rebelote else ", announcing belote.")
        return text + "."
    if verb is Verb.STOP:
        word = ("call out", "calls out") if deal.rules.calling_out is CallingOut.LEADER_MASTER \
            else ("stop the deal", "stops the deal")
        return _does(deal, seat, *word, me=me) + "."
    return ""  # declarations are reported with their combinations


def report(deal: Deal, out: TextIO, log: list[int], me: int | None = 0) -> None:
    """Write the actions applied to ``deal`` since the last report, and finished tricks.

    ``log`` holds four counters (actions, tricks, declarations, whether the
    scoring combinations were told), ``[0, 0, 0, 0]`` at the start of a deal;
    the lines speak to seat ``me``.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: a negative counter.
    """
    instance(deal, Deal, "deal")
    if not callable(getattr(out, "write", None)):
        raise InvalidArgumentType(f"out: expected a text stream, got {shown(out)}")
    if not isinstance(log, list) or len(log) != 4:
        raise InvalidArgumentType(f"log: expected a list of four counters, got {shown(log)}")
    for index, count in enumerate(log):
        whole(count, f"log[{index}]", 0)
    whole_or_none(me, "me")

    rules = deal.rules
    history = deal.history
    for index in range(log[0], len(history)):
        action = history[index]
        rebelote = action.belote and any(
            a.belote and a.seat == action.seat for a in history[:index]
        )
        text = action_text(action, deal, rebelote, me)
        if text:
            out.write(text + "\n")
    log[0] = len(history)
    declarations = deal.declarations
    for declaration in declarations[log[2]:]:
        combo = declaration.combination
        out.write(_does(deal, declaration.seat, "declare", "declares", me)
                  + f" {combo.label} ({combo.points(rules)} points): {cards_text(list(combo.cards))}.\n")
    log[2] = len(declarations)
    winners = deal.trick_winners
    tricks = deal.tricks
    mode = deal.strain  # the trump suit, no-trumps or all-trumps: each card's points by it
    for k in range(log[1], len(winners)):
        points = sum(card.points(None if mode is None else int(mode)) for card in tricks[k][1])
        if k == deal.tricks_per_deal - 1:
            points += rules.last_trick_bonus
        winner = who(deal, winners[k], me)
        out.write(f"-- Trick {k + 1} won by {winner}: {points} points.\n")
    log[1] = len(winners)
    if log[3] == 0 and deal.scoring_declarations is not None:
        log[3] = 1
        if deal.declarations:
            told = [
                f"{d.combination.label} ({who(deal, d.seat, me)})" for d in deal.scoring_declarations
            ] or ["none"]
            out.write(fit("-- Combinations that score:", told) + ".\n")


def deal_summary(result: DealResult, match: Match, rules: Rules, me: int | None = 0,
                 names: Sequence[str] | None = None) -> str:
    """The lines that close a deal: its outcome, its score lines, the deal's and the match's scores.

    ``me`` and ``names`` name the sides as [`side_names`][belote.records.narration.side_names] does.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
    """
    instance(result, DealResult, "result")
    instance(match, Match, "match")
    instance(rules, Rules, "rules")

    seats = names
    names = side_names(rules, match.players, me, seats)
    tens = rules.strain_auction  # scored in game points, what is left over hangs (bulgarian)
    contract = f", contract {result.contract}" if tens and result.contract is not None else ""
    lines = ["", f"Deal over: {result.outcome.value}{contract}"
             + (f", capot by {names[result.capot]}" if result.capot is not None else "")
             + (" (scores in game points)" if tens else "")]
    partner = None if me is None or not (rules.partnerships and match.players == 4) else (me + 2) % 4
    lines += [f"  {name_seats(line.item, me, partner=partner, names=seats)}: {line.points} to {names[line.to]}"  # 90 ♣, not 90 C
              for line in result.lines]
    lines.append("  this deal: " + ", ".join(
        f"{name} {points}" for name, points in zip(names, result.scores, strict=True)))
    lines.append("  match:     " + ", ".join(
        f"{name} {points}" for name, points in zip(names, match.totals, strict=True))
        + f"   (target {match.target})")
    if match.pending:
        lines.append(f"  {'hanging' if tens else 'pending (litige)'}: {match.pending}")
    return "\n".join(lines) + "\n"


# --- the human seat's menu and what it is told ------------------------------------------


_REPHRASE: Final = (
    # The engine's sentences that read better turned round; ``{me}`` is the acting seat.
    (r"does not follow suit: must follow (\w+)", r"you must follow \1, the suit led"),
    (r"trump was led and a trump higher than (\w+) must be played when held",
     r"trump was led: you must play a trump higher than \1"),
    (r"must overtrump (\w+) with a higher trump", r"you must play a trump higher than \1"),
    (r"void in (\w+): must overtrump (\w+) \(or undertrump\) with an? (\w+)",
     r"you have no \1: you must play a \3, higher than \2 if you can"),
    (r"void in (\w+): must trump with an? (\w+)", r"you have no \1: you must play a \2"),
    (r"^seat {me} has first to swap or keep the 7 of trump",
     r"you must first swap or keep your 7 of trump"),
    (r"^seat (\d+) has first to swap or keep the 7 of trump",
     r"seat \1 must first swap or keep the 7 of trump"),
    (r"(\w+) was already played by him", r"you have already played \1"),
)

# After "you", the engine's third person: "seat 2 has" -> "you have".
_YOU_VERBS: Final = {"has": "have", "is": "are", "does": "do", "holds": "hold", "was": "were",
                     "declares": "declare", "wins": "win", "leads": "lead", "plays": "play"}
_SEAT_MENTION: Final = re.compile(r"\b(not )?seat (\d+)('s)?( \w+)?")
_CONTRACT_LETTER: Final = re.compile(r"\b([1-9][0-9]{1,2}|capot) ([SHDC])\b")


def explain_refusal(reason: str, seat: int = 0, *, partner: int | None = None,
                    names: Sequence[str] | None = None) -> str:
    """The engine's reason for refusing an action of ``seat``, in the words of the player at ``seat``.

    Every seat the reason names is named for that player: ``you`` (``your``),
    ``your partner`` (``partner``: that seat), a player's name (``names``, by
    seat), else ``seat 2``.

    >>> explain_refusal("7S does not follow suit: must follow hearts, the led suit")
    'you must follow hearts, the suit led'
    >>> explain_refusal("seat 0 does not hold AS")
    'you do not hold AS'
    >>> explain_refusal("it is seat 0's turn to bid, not seat 2's", seat=2, partner=0)
    "it is your partner's turn to bid, not yours"
    >>> explain_refusal("it is seat 1's turn to bid, not seat 2's", seat=2, names=["Ann", "Bob", "Cy", "Di"])
    "it is Bob's turn to bid, not yours"

    Raises:
        InvalidArgumentType: ``reason`` is not text, ``seat`` or ``partner`` not a whole
            number, ``names`` not a list or tuple of texts.
    """
    instance(reason, str, "reason")
    whole(seat, "seat")  # partner and names: name_seats checks them
    for pattern, replacement in _REPHRASE:
        match = re.search(pattern.replace("{me}", str(seat)), reason)
        if match:
            reason = match.expand(replacement)
            break
    return name_seats(reason, seat, partner=partner, names=names)


def name_seats(text: str, me: int | None = 0, *, partner: int | None = None,
               names: Sequence[str] | None = None) -> str:
    """A text of the engine's (``seat 2 cannot ...``, ``90 C by seat 1``) in the words of the player at ``me``.

    ``seat <me>`` becomes ``you`` (``your``; ``seat 0 has`` reads ``you have``),
    ``seat <partner>`` becomes ``your partner (seat 2)`` (``your partner's``), a
    seat with a name in ``names`` its name; a contract's suit letter its symbol
    (``90 C`` reads ``90 ♣``, as the rest of the table writes it).

    >>> name_seats("90 C by seat 2, coinched by seat 1", 0, partner=2)
    '90 ♣ by your partner (seat 2), coinched by seat 1'
    >>> name_seats("seat 1 cannot double its own side's bid", 1)
    "you cannot double your own side's bid"

    Raises:
        InvalidArgumentType: ``text`` is not text, ``me`` or ``partner`` not a whole
            number, ``names`` not a list or tuple of texts.
    """
    instance(text, str, "text")
    whole_or_none(me, "me")
    whole_or_none(partner, "partner")
    if names is not None:
        for index, name in enumerate(sequence(names, "names")):
            instance(name, str, f"names[{index}]")

    def named(found: re.Match[str]) -> str:
        negated, number, owned, after = found[1] or "", int(found[2]), found[3], found[4] or ""
        if number == me:
            if negated:
                return ("not yours" if owned else "not you") + after
            if owned:
                return "your" + after
            verb = after.strip()
            return "you" + (" " + _YOU_VERBS.get(verb, verb) if verb else "")
        if names is not None and number < len(names) and names[number]:
            who_ = names[number]
        elif number == partner:
            who_ = "your partner" if owned else f"your partner (seat {number})"
        else:
            who_ = f"seat {number}"
        return f"{negated}{who_}{owned or ''}{after}"

    said = _CONTRACT_LETTER.sub(lambda m: f"{m[1]} {Suit.parse(m[2]).symbol}", text)
    said = _SEAT_MENTION.sub(named, said)
    if re.match(r"you\b", said):  # the acting player is the subject: their side is theirs
        said = said.replace(" its own ", " your own ")
    return said


def stop_warning(deal: Deal, seat: int) -> str:
    """What ``seat`` is told before calling out: its points against the target, and the risk.

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``, ``seat`` not a seat number.
        InvalidSeat: no such seat.
    """
    instance(deal, Deal, "deal")

    side = deal.side(seat)
    so_far = deal.points_so_far(side)
    total = deal.totals[side] + so_far
    goal = deal.target
    enough = deal.rules.reached_target(total, goal)
    team = "your team has" if deal.sides == 2 and deal.players == 4 else "you have"
    verdict = ("that reaches the target" if enough else
               "that is short of the target: calling out now loses the match")
    return (f"Careful: {team} {deal.totals[side]} in the match + {so_far} in this deal "
            f"= {total} of {goal}; {verdict}.")


def menu(deal: Deal, seat: int) -> list[Action]:
    """The person's choices in menu order: bids, swap, declarations, cards, calling out last.

    A card that can announce belote appears once, announcing it.

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``, ``seat`` not a seat number.
        InvalidSeat: no such seat.
    """
    instance(deal, Deal, "deal")
    check_seat(seat, deal.players)

    actions = [a for a in deal.legal_actions() if a.seat == seat]
    plays: dict[Card, Action] = {}
    others: list[Action] = []
    stops: list[Action] = []
    for action in actions:
        if action.verb is Verb.PLAY:
            card = action.cards[0]
            if card not in plays or action.belote:
                plays[card] = action
        elif action.verb is Verb.STOP:
            stops.append(action)
        else:
            others.append(action)
    trump = deal.trump
    strength = None if trump is None else int(trump)
    order = {Verb.TAKE: 0, Verb.PASS: 1, Verb.COINCHE: 2, Verb.SURCOINCHE: 2, Verb.DOUBLE: 2,
             Verb.REDOUBLE: 2, Verb.REREDOUBLE: 2, Verb.SWAP: 2, Verb.KEEP: 3, Verb.DECLARE: 4, Verb.BID: 5}
    others.sort(key=lambda a: (order.get(a.verb, 9), -1 if a.suit is None else int(a.suit)))
    cards = sorted(plays, key=lambda c: (c.suit, -c.strength(strength)))
    return [*others, *(plays[card] for card in cards), *stops]


def contract_words(action: Action) -> str:
    """A bid's contract for people: ``90 hearts ♥``, ``capot spades ♠ (all eight tricks)``.

    >>> contract_words(Action.parse("1 bid 90 H")), contract_words(Action.parse("1 bid capot S"))
    ('90 hearts ♥', 'capot spades ♠ (all eight tricks)')

    Raises:
        InvalidArgumentType: ``action`` is not an ``Action``.
        InvalidArgument: not a bid.
    """
    instance(action, Action, "action")

    strain = action.strain
    if strain is None:
        raise InvalidArgument(f"action: expected a bid, got {shown(str(action))}")
    suit = strain.suit
    named = strain.letter if suit is None else f"{SUIT_WORDS[suit]} {suit.symbol}"
    if action.value == 0:  # a strain auction's bid: the strain alone (bulgarian)
        return {4: "no-trumps (NT)", 5: "all-trumps (AT)"}.get(int(strain), named)
    if action.value is None:
        return f"capot {named} (all eight tricks)"
    return f"{action.value} {named}"


def describe_choice(action: Action, deal: Deal) -> str:
    """A choice as the menu shows it to the seat that would make it (``take hearts ♥ as trump ...``).

    Raises:
        InvalidArgumentType: ``action`` is not an ``Action`` or ``deal`` not a ``Deal``.
    """
    instance(action, Action, "action")
    instance(deal, Deal, "deal")

    rules = deal.rules
    verb = action.verb
    if verb is Verb.PASS:
        return "pass"
    if verb is Verb.TAKE:
        suit = _turned_suit(deal) if action.suit is None else action.suit
        turned = f" (the turned {deal.turned})" if action.suit is None else ""
        return f"take {SUIT_WORDS[suit]} {suit.symbol} as trump{turned}"
    if verb is Verb.SWAP:
        return f"swap your 7 of trump for the turned {deal.turned}"
    if verb is Verb.KEEP:
        return "keep your 7 of trump"
    if verb is Verb.BID:
        return f"bid {contract_words(action)}"
    level = _LEVELS.get(verb, 0)
    if level:
        standing = contract_text(deal.observation(action.seat).bids) or "the contract"
        standing = name_seats(standing, action.seat, partner=partner_seat(deal, action.seat))
        return f"{verb.value} {standing} (x{rules.auction.multiplier(level)})"
    if verb is Verb.DECLARE:
        if not action.cards:
            combos = find_combinations(CardSet.from_mask(deal.hand_mask(action.seat)), rules)
            shown = ", ".join(f"{c.label} ({c.points(rules)})" for c in combos)
            return f"declare all your combinations: {shown}"
        combo = find_combinations(CardSet(action.cards), rules)
        label = combo[0].label if combo else cards_text(action.cards)
        points = f" ({combo[0].points(rules)})" if combo else ""
        return f"declare only {label}{points}: {cards_text(action.cards)}"
    if verb is Verb.PLAY:
        text = f"play {action.cards[0]}"
        if not action.belote:
            return text
        said = deal.observation(action.seat).belote_calls[action.seat]
        return text + (" and announce rebelote" if said else " and announce belote")
    side = deal.side(action.seat)
    so_far = deal.points_so_far(side)
    word = ("call out: claim the match" if rules.calling_out is CallingOut.LEADER_MASTER
            else "stop the deal (j'arrête): claim the match")
    return (f"{word} (so far {deal.totals[side]} + {so_far} = "
            f"{deal.totals[side] + so_far} of {deal.target})")


_LEVELS: Final = {Verb.COINCHE: 1, Verb.DOUBLE: 1, Verb.SURCOINCHE: 2, Verb.REDOUBLE: 2,
                  Verb.REREDOUBLE: 3}
"""The doubling level each call makes: x2, x4 (or contrée's x3), a strain auction's x8."""


def _turned_suit(deal: Deal) -> Suit:
    """The turned card's suit (a take of the turned suit exists only where a card is turned)."""
    turned = deal.turned
    assert turned is not None
    return turned.suit
