"""A table for people: a match whose seats are taken by people and bots, driven by text (docs/tables.md).

[`Table`][belote.tables.Table] is what a chat bot, a game's interface, the
terminal game (``belote play``) and the web table (``belote serve``) build on:
named seats, bots on the seats no person takes, each person's commands in
the library's own words (or a choice number), what each seat is told, undo,
the next deal, the score sheet, and the match saved and resumed as a match
record. [`belote.tables.commands`][belote.tables.commands] lists a seat's
choices and reads its answers.

It imports the wings below it (``game``, ``agents``, ``records``, ``deal`` and
under), never ``experiments``, ``adapters`` or ``strategies``, its neighbours;
``web`` and ``cli`` import it.
"""

from belote.tables.commands import bid_example, bid_summary, choice_lines, forced_pass, read_answer
from belote.tables.names import MAX_NAME, BadName, check_name
from belote.tables.refusals import CommandRefused, MatchOver, NotYourSeat
from belote.tables.table import HUMAN, MAX_DEALS, Message, Table

__all__ = [
    "HUMAN", "MAX_DEALS", "MAX_NAME", "BadName", "CommandRefused", "MatchOver", "Message", "NotYourSeat",
    "Table",
    "bid_example", "bid_summary", "check_name", "choice_lines", "forced_pass", "read_answer",
]
