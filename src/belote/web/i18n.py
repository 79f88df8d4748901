"""The page's languages: gettext ``.po`` message catalogues, read without any extra package.

The catalogues are package data, ``belote/web/locale/LANG.po``, one per
language of [`LANGUAGES`][belote.web.i18n.LANGUAGES]. Each ``msgid`` is a
message key (``play.new_match``, ``log.plays``, ``rank.J``) and its
``msgstr`` the text, with ``{name}`` for the values the page fills in. The
page asks ``GET /api/messages/LANG`` for one catalogue as JSON and writes
every word through it; the engine stays language-free (it speaks in codes:
``JH``, ``take``, ``card points``), and [`line_key`][belote.web.i18n.line_key]
turns the score's audit lines into keys.

Editors such as Poedit, Babel's ``pybabel`` and GNU gettext's tools read
and write these files; [`read_po`][belote.web.i18n.read_po] is the small
reader the server needs (no plural forms, no contexts: the catalogues use
neither).

>>> messages = catalogue("fr")
>>> messages["suit.H"], catalogue("it")["suit.H"], catalogue("en")["suit.H"]
('cœur', 'cuori', 'hearts')
>>> line_key("tierce AH")
('line.combination', {'kind': 'tierce', 'card': 'AH'})
"""

from __future__ import annotations

import ast
import functools
import re
from importlib.resources import files
from typing import Final

from belote.errors import InvalidArgument

__all__ = ["LANGUAGES", "catalogue", "choose_language", "line_key", "read_po"]

LANGUAGES: Final = {"en": "English", "fr": "Français", "it": "Italiano", "bg": "Български"}
"""The page's languages, by code, each named in its own language."""

_ENTRY: Final = re.compile(r'^(msgid|msgstr)\s+(".*")\s*$')
_MORE: Final = re.compile(r'^(".*")\s*$')


def read_po(text: str) -> dict[str, str]:
    r"""The ``msgid`` to ``msgstr`` pairs of a ``.po`` file (the header and empty ``msgstr`` left out).

    Comments, ``#,`` flags and blank lines are skipped; a string may go on
    over several quoted lines, and C escapes (``\n``, ``\"``) are read.

    >>> read_po('# a comment\nmsgid "a"\nmsgstr ""\n"one "\n"line"\n')
    {'a': 'one line'}

    Raises:
        InvalidArgument: a line that is none of these (the line is named).
    """
    messages: dict[str, str] = {}
    key: str | None = None
    field = ""
    parts: dict[str, list[str]] = {"msgid": [], "msgstr": []}

    def close() -> None:
        if key is not None and parts["msgid"]:
            value = "".join(parts["msgstr"])
            msgid = "".join(parts["msgid"])
            if msgid and value:
                messages[msgid] = value

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        entry = _ENTRY.match(line)
        more = _MORE.match(line)
        if entry:
            field = entry.group(1)
            if field == "msgid":
                close()
                key = ""
                parts = {"msgid": [], "msgstr": []}
            parts[field].append(_unquote(entry.group(2), number))
        elif more and field:
            parts[field].append(_unquote(more.group(1), number))
        else:
            raise InvalidArgument(f"line {number}: not a line of a .po file: {line[:40]!r}")
    close()
    return messages


def _unquote(quoted: str, number: int) -> str:
    try:
        value = ast.literal_eval(quoted)
    except (ValueError, SyntaxError):
        raise InvalidArgument(f"line {number}: a malformed string {quoted[:40]}") from None
    if not isinstance(value, str):  # pragma: no cover - the pattern admits only strings
        raise InvalidArgument(f"line {number}: a malformed string")
    return value


@functools.cache
def catalogue(lang: str) -> dict[str, str]:
    """The messages of language ``lang`` (a code of [`LANGUAGES`][belote.web.i18n.LANGUAGES]).

    Raises:
        InvalidArgument: a language the page does not have.
    """
    if lang not in LANGUAGES:
        raise InvalidArgument(f"lang: one of {', '.join(LANGUAGES)}, not {lang[:20]!r}")
    text = files("belote.web").joinpath("locale", f"{lang}.po").read_text(encoding="utf-8")
    return read_po(text)


def choose_language(accept: str) -> str:
    """The first language of an ``Accept-Language`` header the page has, else English.

    >>> choose_language("it-IT,it;q=0.9,en;q=0.8")
    'it'
    >>> choose_language("de-DE,de;q=0.9")
    'en'
    """
    for part in accept.split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


_ITEMS: Final = {
    "card points": "line.card_points",
    "last trick": "line.last_trick",
    "rounding": "line.rounding",
    "capot": "line.capot",
    "capot split": "line.capot_split",
    "belote": "line.belote",
    "reverse capot": "line.reverse_capot",
    "litige pending won": "line.pending_won",
    "dedans": "line.dedans",
    "andata sotto": "line.andata_sotto",
    "büs": "line.bus",
    "chute": "line.chute",
    "declarations": "line.declarations",
    "valat": "line.valat",
    "hanging points won": "line.hanging_won",
}
_COMBINATION: Final = re.compile(r"^(tierce|cinquante|cent) ((?:10|[789JQKA])[SHDC])$")
_CARRE: Final = re.compile(r"^carré (10|[789JQKA])$")
_CONTRACT: Final = re.compile(r"^contract (capot|\d+) ([SHDC]|NT|AT)(?: x(\d+))?$")


def line_key(item: str) -> tuple[str, dict[str, str]]:
    """The message key and values of an audit line's ``item`` (``("line.other", {"item": item})`` when unknown).

    >>> line_key("card points"), line_key("carré J")
    (('line.card_points', {}), ('line.carre', {'rank': 'J'}))
    >>> line_key("belote (from the attack)")
    ('line.from_attack', {'item': 'belote', 'key': 'line.belote'})
    >>> line_key("contract 90 H x2"), line_key("contract capot S")
    (('line.contract', {'value': '90', 'strain': 'H', 'times': '2'}), ('line.contract', {'value': 'capot', 'strain': 'S', 'times': '1'}))
    >>> line_key("belote (taken)")
    ('line.taken', {'item': 'belote', 'key': 'line.belote'})
    >>> line_key("card points (from the other team)")
    ('line.from_others', {'item': 'card points', 'key': 'line.card_points'})
    """
    for suffix, outer in ((" (from the attack)", "line.from_attack"), (" (taken)", "line.taken"),
                          (" (from the other team)", "line.from_others")):
        if item.endswith(suffix):
            inner = item[: -len(suffix)]
            key, values = line_key(inner)
            return outer, {"item": inner, "key": key, **values}
    if item in _ITEMS:
        return _ITEMS[item], {}
    run = _COMBINATION.match(item)
    if run:
        return "line.combination", {"kind": run.group(1), "card": run.group(2)}
    carre = _CARRE.match(item)
    if carre:
        return "line.carre", {"rank": carre.group(1)}
    contract = _CONTRACT.match(item)
    if contract:  # a contrée's contract, as the scoring names it: "contract 90 H x2"
        return "line.contract", {"value": contract.group(1), "strain": contract.group(2),
                                 "times": contract.group(3) or "1"}
    return "line.other", {"item": item}
