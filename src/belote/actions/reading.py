"""Reading an action from words: the one parser of the terminal game, the web table, records and the API.

[`Action.parse`][belote.actions.Action.parse] reads through
[`read_fields`][belote.actions.reading.read_fields]: the deal
record's notation (``2 play KH belote``, ``1 bid 90 H``) and every form the
library itself prints for an action: the narration's sentences
(``You bid 100 hearts ♥.``, ``Your partner (seat 2) plays KH, announcing
belote.``), the menu's choices (``take hearts ♥ as trump``), the positions'
words (``90H``, ``capotS``, ``declare[QH KH AH]``) and what people type at a
table (``bid 90 hearts``, ``90H``, ``JH``, ``coinche``, ``bid NT``), with the
suits' names in the three languages the web table speaks (English, French,
Italian: ``cœur``, ``cuori``; docs/web.md).

>>> from belote.actions import Action
>>> [str(Action.parse(text, seat=1)) for text in ("bid 90 hearts", "90H", "You play KH, announcing belote.")]
['1 bid 90 H', '1 bid 90 H', '1 play KH belote']
>>> str(Action.parse("Your partner (seat 2) bids capot spades ♠ (all eight tricks)."))
'2 bid capot S'

The verbs are one table ([`CALLS`][belote.actions.reading.CALLS]): a new
call is one row (its verb, what follows it, its doubling level and its words).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Final

from belote.actions.verbs import MAX_BID_VALUE, Strain, Verb
from belote.cards import ASCII_LOWER, Card, Suit
from belote.errors import InvalidArgumentType, NotationError, shown

__all__ = ["CALLS", "STRAIN_WORDS", "Fields", "read_fields", "strain_of_word"]

Fields = tuple[int, Verb, Suit | None, tuple[Card, ...], bool, int | None, Strain | None]
"""An action's fields in [`Action`][belote.actions.Action]'s order: seat, verb, suit, cards, belote, value, strain."""


def _fields(seat: int, verb: Verb, suit: Suit | None = None, *, cards: tuple[Card, ...] = (),
            belote: bool = False, value: int | None = None, strain: Strain | None = None) -> Fields:
    return (seat, verb, suit, cards, belote, value, strain)

CALLS: Final[tuple[tuple[Verb, str, int, tuple[str, ...]], ...]] = (
    # (verb, what follows it, doubling level (0: none), the other words that say it)
    # What follows: "none"; "seven" (the 7 of trump and the turned card, in words);
    # "stop" (call out, stop the deal); "doubling" (the standing contract, in words);
    # "suit" (take: a suit or none); "bid" (a value or capot and a strain, or a strain);
    # "cards" (declare: the combination's cards, or none); "card" (play: a card, belote).
    # The verb's own word (Verb.value) is always read.
    (Verb.PASS, "none", 0, ("passes", "passe", "passer", "passo")),
    (Verb.TAKE, "suit", 0, ("takes", "prends", "prendre", "prendo", "name")),
    (Verb.SWAP, "seven", 0, ("swaps", "échanger", "echanger", "scambia")),
    (Verb.KEEP, "seven", 0, ("keeps", "garder", "tieni")),
    (Verb.DECLARE, "cards", 0, ("declares",)),
    (Verb.PLAY, "card", 0, ("plays", "jouer", "joue", "gioca")),
    (Verb.BID, "bid", 0, ("bids",)),
    (Verb.COINCHE, "doubling", 1, ("coinches", "coincher", "contre", "contrer", "contro")),
    (Verb.SURCOINCHE, "doubling", 2, ("surcoinches", "surcoincher", "surcontre", "surcontrer",
                                      "surcontro")),
    (Verb.DOUBLE, "doubling", 1, ("doubles",)),
    (Verb.REDOUBLE, "doubling", 2, ("redoubles",)),
    (Verb.REREDOUBLE, "doubling", 3, ("re-redoubles", "reredoubles")),
    (Verb.STOP, "stop", 0, ("stops", "call", "calls", "j'arrête", "j'arrete")),
)
"""The calls a text may name: ``(verb, what follows it, doubling level, words)``.

Two calls of one doubling level (``coinche`` and ``double``) read as each other
where only the other is legal (``contre`` doubles in either auction)."""

_SUIT_NAMES: Final = (
    ("s", "♠", "spades", "spade", "pique", "piques", "picche", "picca"),
    ("h", "♥", "hearts", "heart", "cœur", "coeur", "cœurs", "coeurs", "cuori", "cuore"),
    ("d", "♦", "diamonds", "diamond", "carreau", "carreaux", "quadri", "quadro"),
    ("c", "♣", "clubs", "club", "trèfle", "trefle", "trèfles", "trefles", "fiori", "fiore"),
)
STRAIN_WORDS: Final[dict[str, Strain]] = {
    **{word: Strain(number) for number, words in enumerate(_SUIT_NAMES) for word in words},
    "♤": Strain.SPADES, "♡": Strain.HEARTS, "♢": Strain.DIAMONDS, "♧": Strain.CLUBS,
    **dict.fromkeys(("nt", "sa", "sb", "no-trumps", "no-trump", "sans-atout", "senza-briscola"),
                    Strain.NO_TRUMP),
    **dict.fromkeys(("at", "ta", "tb", "all-trumps", "all-trump", "tout-atout", "tutte-briscole",
                     "tutto-briscola"), Strain.ALL_TRUMP),
}
"""The words of a strain, lower case: letters, symbols, names (en, fr, it), ``NT`` ``SA`` ``SB``, ``AT`` ``TA`` ``TB``."""

_PHRASES: Final = re.compile(r"\b(no|sans|senza|all|tout|tutte|tutto)[ -](trumps?|atout|briscole|briscola)\b")
_TOKEN: Final = re.compile(r":|[^\s,:;!?.()\[\]]+")
_PARENTHESES: Final = re.compile(r"\(([^()]*)\)")
_SEAT_IN_PARENTHESES: Final = re.compile(r"seat ([0-9]{1,3})")
_DIGITS: Final = re.compile(r"[0-9]{1,3}")
_BID_WORD: Final = re.compile(r"([0-9]{1,3}|capot)(\S*)")
_UPPER_ACCENTS: Final = str.maketrans("ŒÈÉÊÀÙ", "œèéêàù")

_VERB_OF: Final[dict[str, tuple[Verb, str, int]]] = {}
for _verb, _tail, _level, _spoken in CALLS:
    for _word in (_verb.value, *_spoken):
        _VERB_OF[_word] = (_verb, _tail, _level)
for _verb in Verb:  # a verb missing from CALLS still reads its own word
    _VERB_OF.setdefault(_verb.value, (_verb, "none", 0))
_LEVEL: Final = {verb: level for verb, _, level in _VERB_OF.values() if level}

_FILLERS: Final[dict[str, frozenset[str]]] = {
    "none": frozenset(),
    "seven": frozenset({"your", "the", "7", "of", "trump", "for", "turned", "votre", "d'atout",
                        "contre", "il", "tuo", "di", "briscola", "con"}),
    "stop": frozenset({"out", "the", "deal", "claim", "match", "fuori"}),
    "doubling": frozenset({"the", "contract", "by", "seat", "you", "your", "partner", "capot", "coinched",
                           "surcoinched", "doubled", "redoubled"}),
    "suit": frozenset({"as", "trump", "the", "turned", "atout", "à", "a", "briscola", "come"}),
    "bid": frozenset({"in"}),
    "card": frozenset({"and", "announce", "announcing", "say", "et", "dire", "e", "di'"}),
}


def _words(text: str) -> list[str]:
    """The text's words, lower case (ASCII letters only), parentheses dropped but a seat's."""
    low = text.strip().translate(ASCII_LOWER).translate(_UPPER_ACCENTS).replace("declare[", "declare ")
    low = _PHRASES.sub(lambda m: f"{m[1]}-{m[2]}", low)

    def inside(found: re.Match[str]) -> str:
        seat = _SEAT_IN_PARENTHESES.fullmatch(found[1].strip())
        return f" seat {seat[1]} " if seat else " "

    return _TOKEN.findall(_PARENTHESES.sub(inside, low))


def strain_of_word(word: str) -> Strain | None:
    """The strain a word names (``H``, ``♥``, ``hearts``, ``cœur``, ``cuori``, ``NT``, ``SA``), else ``None``.

    >>> strain_of_word("Cuori"), strain_of_word("sa"), strain_of_word("fold")
    (<Strain.HEARTS: 1>, <Strain.NO_TRUMP: 4>, None)

    Raises:
        InvalidArgumentType: ``word`` is not text.
    """
    if not isinstance(word, str):
        raise InvalidArgumentType(f"word: expected text, got {shown(word)}")
    return STRAIN_WORDS.get(word.strip().translate(ASCII_LOWER).translate(_UPPER_ACCENTS))


def _card(word: str) -> Card | None:
    try:
        return Card.parse(word)
    except NotationError:
        return None


def _bid_value(word: str, text: str) -> int | None:
    """A bid's value (``None``: capot) from its word."""
    if word == "capot":
        return None
    value = int(word)
    if not 10 <= value <= MAX_BID_VALUE or value % 10:
        raise NotationError(f"a bid's value is a multiple of 10 from 10 to {MAX_BID_VALUE}: {shown(text)}")
    return value


def _one_strain(words: list[str], text: str) -> Strain | None:
    found = {STRAIN_WORDS[word] for word in words if word in STRAIN_WORDS}
    if len(found) > 1:
        raise NotationError(f"two strains in {shown(text)}")
    return found.pop() if found else None


def _bid(seat: int, tail: list[str], text: str) -> Fields:
    """``bid`` and what follows: ``90 H``, ``90h``, ``capot spades ♠``, ``NT``."""
    value: int | None = 0  # 0: no value yet (a strain auction's bid)
    valued = False
    strains: list[str] = []
    for word in tail:
        attached = _BID_WORD.fullmatch(word)
        if word in STRAIN_WORDS:
            strains.append(word)
        elif attached is not None and not valued and (not attached[2] or attached[2] in STRAIN_WORDS):
            value, valued = _bid_value(attached[1], text), True
            if attached[2]:
                strains.append(attached[2])
        elif word not in _FILLERS["bid"]:
            raise NotationError(f"not a bid value nor a strain: {shown(word)} in {shown(text)} "
                                "(such as 'bid 90 H', 'bid 90 hearts', 'bid capot S' or 'bid NT')")
    strain = _one_strain(strains, text)
    if strain is None:
        raise NotationError(f"a bid names a value (or capot) and a strain, or a strain alone: {shown(text)} "
                            "(such as 'bid 90 H', 'bid capot S' or 'bid NT')")
    return _fields(seat, Verb.BID, value=value, strain=strain)


def _declare(seat: int, tail: list[str], text: str) -> Fields:
    """``declare``, ``declare QH KH AH``, ``declare all your combinations: ...``, ``declare only tierce: QH KH AH``."""
    if ":" in tail:  # a sentence: the cards follow the colon
        head, cards_words = tail[:tail.index(":")], tail[tail.index(":") + 1:]
        if "all" in head:
            return _fields(seat, Verb.DECLARE)
        cards = [card for card in map(_card, cards_words) if card is not None]
    elif tail in (["all"], ["everything"]):
        return _fields(seat, Verb.DECLARE)
    else:
        cards = [Card.parse(word) for word in tail]
    if len(set(cards)) != len(cards):
        raise NotationError(f"a card appears twice in {shown(text)}")
    return _fields(seat, Verb.DECLARE, cards=tuple(cards))


def _play(seat: int, tail: list[str], text: str) -> Fields:
    """``play JH``, ``play KH belote``, ``plays KH, announcing rebelote``."""
    cards = [card for card in map(_card, tail) if card is not None]
    others = [word for word in tail if _card(word) is None and word not in _FILLERS["card"]]
    if not cards and others:
        Card.parse(others[0])  # says why the word is no card
    belote = bool(others) and all(word in ("belote", "rebelote") for word in others)
    if len(cards) != 1 or (others and not belote) or len(others) > 1:
        raise NotationError(f"'play' takes a card and optionally 'belote': {shown(text)}")
    return _fields(seat, Verb.PLAY, cards=(cards[0],), belote=belote)


def _called(seat: int, verb: Verb, tail_kind: str, tail: list[str], text: str) -> Fields:
    """The action of a verb word and the words that follow it."""
    if tail_kind == "bid":
        return _bid(seat, tail, text)
    if tail_kind == "cards":
        return _declare(seat, tail, text)
    if tail_kind == "card":
        return _play(seat, tail, text)
    if tail_kind == "suit":
        words = [word for word in tail if word not in _FILLERS["suit"] and word != ":"]
        strain = _one_strain(words, text)
        if len(words) > (0 if strain is None else 2) or (strain is not None and strain.suit is None):
            raise NotationError(f"'take' takes at most one suit: {shown(text)}")
        return _fields(seat, verb, None if strain is None else strain.suit)
    fillers = _FILLERS.get(tail_kind, frozenset()) | {":"}
    for word in tail:
        known = word in fillers
        if tail_kind == "seven":
            known = known or _card(word) is not None
        if tail_kind == "doubling":
            known = known or word in STRAIN_WORDS or _BID_WORD.fullmatch(word) is not None
        if not known:
            raise NotationError(f"{verb.value!r} takes no argument: {shown(text)}")
    return _fields(seat, verb)


def _subject(words: list[str]) -> tuple[int | None, bool, list[str]]:
    """Who acts: ``(seat named or None, 'you' said, the words after the subject)``."""
    if words[:1] == ["you"]:
        return None, True, words[1:]
    if words[:3] == ["your", "partner", "seat"] and len(words) > 3 and _DIGITS.fullmatch(words[3]):
        return int(words[3]), False, words[4:]
    if words[:1] == ["seat"] and len(words) > 1 and _DIGITS.fullmatch(words[1]):
        return int(words[1]), False, words[2:]
    if len(words) > 1 and _DIGITS.fullmatch(words[0]):
        value = int(words[0])
        if words[1] in _VERB_OF or not (10 <= value <= MAX_BID_VALUE and value % 10 == 0):
            return value, False, words[1:]
    return None, False, words


def _candidates(seat: int, words: list[str], text: str) -> list[Fields]:
    """The actions the words may mean, the likeliest first."""
    head, tail = words[0], words[1:]
    found = _VERB_OF.get(head)
    if found is not None:
        verb, tail_kind, _ = found
        return [_called(seat, verb, tail_kind, tail, text)]
    card = _card(head)
    out: list[Fields] = []
    if card is not None and all(w in ("belote", "rebelote") or w in _FILLERS["card"] for w in tail):
        out.append(_play(seat, words, text))
    if head in STRAIN_WORDS or _BID_WORD.fullmatch(head):
        try:
            bid = _bid(seat, words, text)
        except NotationError:
            if not out:
                raise
        else:
            out.append(bid)
            strain, value = bid[6], bid[5]
            suit = strain.suit if strain is not None and value == 0 else None
            if suit is not None:  # "hearts" in a second round: take it
                out.append(_fields(seat, Verb.TAKE, suit))
    if not out:
        known = ", ".join(dict.fromkeys(verb.value for verb, _, _ in _VERB_OF.values()))
        raise NotationError(f"unknown verb {shown(head)} in {shown(text)} "
                            f"(known: {known}; or a card such as JH, or a bid such as 90H)")
    return out


@functools.lru_cache(maxsize=4096)
def _said(text: str) -> tuple[int | None, bool, tuple[str, ...]]:
    """The subject and the rest of a text's words (kept: a record repeats the same few texts)."""
    words = _words(text)
    if not words:
        raise NotationError(f"not an action: {shown(text)} (expected '[<seat>] <verb> [<argument> ...]')")
    named, you, rest = _subject(words)
    return named, you, tuple(rest)


@functools.lru_cache(maxsize=4096)
def _read(acting: int, rest: tuple[str, ...], text: str) -> tuple[Fields, ...]:
    return tuple(_candidates(acting, list(rest), text))


def _readings(action: Fields, turned: Suit | None) -> list[Fields]:
    """The action and what it may stand for at a table: the other auction's doubling, the turned suit's take, a belote."""
    seat, verb, suit, cards, belote = action[:5]
    out = [action]
    level = _LEVEL.get(verb)
    if level:
        out += [_fields(seat, other) for other, at in _LEVEL.items() if at == level and other is not verb]
    if verb is Verb.TAKE and suit is not None and suit is turned:
        out.append(_fields(seat, Verb.TAKE))
    if verb is Verb.PLAY and not belote:
        out.append(_fields(seat, Verb.PLAY, cards=cards, belote=True))
    return out


def read_fields(
    text: str,
    seat: int | None = None,
    *,
    among: Sequence[Fields] | None = None,
    turned: Card | Suit | None = None,
) -> tuple[Fields, int | None]:
    """Read an action from the notation or from words the library prints or people type.

    What [`Action.parse`][belote.actions.Action.parse] does, on an action's
    fields ([`Fields`][belote.actions.reading.Fields]): the action read, and the
    index in ``among`` of the legal action it stands for (``None``: none fits).

    Args:
        text: ``2 play JH``, ``play JH``, ``bid 90 hearts``, ``90H``, ``You bid 100 hearts ♥.``,
            ``seat 1 passes``, ``Your partner (seat 2) coinches the contract (x2).`` ...
        seat: the acting seat, for text that names none (``play JH``) or says ``you``;
            a text naming another seat is refused.
        among: the legal actions' fields, to read the words as one of them: ``contre``
            is a ``coinche`` or a ``double``, ``take hearts`` the turned suit's
            ``take``, ``play KH`` the ``play KH belote`` a menu offers, ``10H`` a card
            or a bid. Without ``seat``, the seat of ``among`` when it is one seat's.
        turned: the turned card (or its suit), to read ``take hearts`` as ``take``.

    >>> read_fields("contre", 3, among=[(3, Verb.PASS, None, (), False, None, None),
    ...                                 (3, Verb.DOUBLE, None, (), False, None, None)])[1]
    1

    Raises:
        NotationError: the text is no action, names no seat (give ``seat``), or names
            a seat other than ``seat``.
        InvalidArgumentType: ``seat`` is not a whole number, ``among`` not a sequence,
            ``turned`` no card nor suit.
    """
    if not isinstance(text, str):
        raise NotationError(f"not an action: {shown(text)} (expected text such as '2 play JH')")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or seat < 0):
        raise InvalidArgumentType(f"seat: expected a seat number or None, got {shown(seat)}")
    if among is not None and not isinstance(among, (list, tuple)):
        raise InvalidArgumentType(f"among: expected a list or tuple, got {shown(among)}")
    if turned is not None and not isinstance(turned, (Card, Suit)):
        raise InvalidArgumentType(f"turned: expected a Card, a Suit or None, got {shown(turned)}")
    named, you, rest = _said(text)
    if named is None and not you and len(rest) > 1 and rest[0] not in _VERB_OF and rest[1] in _VERB_OF:
        first = text.split()[0] if text.split() else rest[0]
        raise NotationError(f"not a seat: {shown(first)} in {shown(text)} "
                            "(expected a seat number written in ASCII digits: 0, 1, 2 or 3)")
    if not rest:
        raise NotationError(f"not an action: {shown(text)} (a seat and no verb)")
    if named is not None and seat is not None and named != seat:
        raise NotationError(f"{shown(text)} is seat {named}'s action, not seat {seat}'s")
    if named is None and seat is None and among and len({fields[0] for fields in among}) == 1:
        seat = among[0][0]
    acting = named if named is not None else seat
    if acting is None:
        said = "says 'you'" if you else "names no seat"
        raise NotationError(f"{shown(text)} {said}: write the seat first ('2 play JH') or give seat=")
    candidates = _read(acting, rest, text)
    if among is None:
        return candidates[0], None
    turned_suit = turned.suit if isinstance(turned, Card) else turned
    for candidate in candidates:
        for reading in _readings(candidate, turned_suit):
            if reading in among:
                return reading, among.index(reading)
    return candidates[0], None
