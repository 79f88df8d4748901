"""What a table for people refuses, typed: a seat acting out of turn, words that are no choice, an undo too late.

Each is an [`IllegalAction`][belote.errors.IllegalAction]: the table is left
exactly as it was. The web table answers them with their ``code``.
"""

from __future__ import annotations

from belote.errors import IllegalAction

__all__ = ["CommandRefused", "MatchOver", "NotYourSeat"]


class MatchOver(IllegalAction):
    """An undo asked once the match is over (code ``error.match_over``): nothing changed."""

    code = "error.match_over"

    def __init__(self) -> None:
        super().__init__("the match is over: its last deal cannot be taken back")


class NotYourSeat(IllegalAction):
    """A seat acting for a decision that is another seat's (code ``error.not_your_turn``): nothing changed.

    Attributes:
        seat: the seat that asked.
        to_act: the seat whose decision it is (``None`` when no seat is to act).
        said: what the player at ``seat`` is told, in their words (``It is
            Cy's turn, not yours.``).
    """

    code = "error.not_your_turn"

    def __init__(self, seat: int, to_act: int | None, said: str = "") -> None:
        whose = "no seat's" if to_act is None else f"seat {to_act}'s"
        super().__init__(f"seat {seat} may act only for itself, and this decision is {whose}")
        self.seat = seat
        self.to_act = to_act
        self.said = said or str(self)


class CommandRefused(IllegalAction):
    """A person's command that is no legal choice now: nothing changed.

    The message is what the person is told, in their words (``You cannot play
    JH: you must follow hearts, the suit led.``).

    Attributes:
        seat: the seat that typed it.
    """

    def __init__(self, seat: int, message: str) -> None:
        super().__init__(message)
        self.seat = seat
