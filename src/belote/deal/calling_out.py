"""Calling out (rules §8.1, docs/rules.md#calling-out) and "j'arrête" (rules §8.2, docs/rules.md#j-arrete)."""

from __future__ import annotations

from belote.deal.play import Play
from belote.deal.state import _H_STOP, _OVER, _PLAY, EndReason
from belote.rules import CallingOut
from belote.scoring import DealResult, Outcome


class Calling(Play):
    """Calling out and stopping the deal (internal)."""

    __slots__ = ()

    def _stop_check(self, seat: int) -> int:
        """0 when ``seat`` may call out or stop now, else the number of the rule that forbids it.

        The rules, in order: 1 the variant has no calling out; 2 not the play
        phase; 3 not the seat's turn; ``piedicavallo`` (rules §8.1, docs/rules.md#calling-out): 4 only
        the player about to lead after winning the previous trick, 5 once per
        deal; ``french`` (rules §8.2, docs/rules.md#j-arrete): 6 the seat must have won a trick
        holding a counting card, 7 not with only one trick left.
        """
        policy = self.rules.calling_out
        if policy is CallingOut.NONE:
            return 1
        if self._phase != _PLAY:
            return 2
        if seat != self._to_act:
            return 3
        if policy is CallingOut.LEADER_MASTER:
            if self._trick or not self._tricks_done:
                return 4
            return 5 if self._stopper >= 0 else 0
        if not self._counting[seat]:
            return 6
        return 7 if self._hand_size - self._tricks_done < 2 else 0

    def _stop_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not call out or stop now (the words for `_stop_check`), else ``None``."""
        check = self._stop_check(seat)
        if not check:
            return None
        return (
            "",
            f"{self.rules.name} has no calling out",
            "calling out happens during the play of the cards",
            f"it is seat {self._to_act}'s turn, not seat {seat}'s",
            "only the player about to lead after winning the previous trick may call out",
            f"seat {self._stopper} has already called out",
            f"seat {seat} has not yet won a trick holding a counting card in this deal",
            "the deal cannot be stopped with only one trick left",
        )[check]

    def points_so_far(self, side: int) -> int:
        """A side's points so far in this deal (rules §8.1, docs/rules.md#calling-out; rules §8.2, docs/rules.md#j-arrete).

        Card points of its tricks, its scoring declarations once resolved,
        and a completed belote; no last-trick bonus before the last trick.

        Raises:
            InvalidSeat: no such side.
        """
        total = self.card_points_of(side)
        if self._resolved:
            for declaration in self._resolved:
                if self.side(declaration.seat) == side:
                    total += declaration.combination.points(self.rules)
        belote = self.belote_seat
        if belote is not None and self.side(belote) == side:
            total += self.rules.belote_value
        return total

    def claim_holds(self, seat: int) -> bool:
        """Whether a claim by ``seat`` now would reach the target.

        Raises:
            InvalidSeat: no such seat.
        """
        side = self.side(seat)
        return self.rules.reached_target(
            self._totals[side] + self.points_so_far(side), self._target
        )

    def _stop(self, seat: int) -> None:
        self._claim_held = self.claim_holds(seat)
        self._stopper = seat
        self._history.append((seat, _H_STOP, None))
        if self.rules.calling_out is CallingOut.ARRETE:
            self._phase = _OVER
            self._end = EndReason.STOPPED
            self._to_act = -1
        self._reset_legal()

    def _match_end(self, result: DealResult) -> tuple[int | None, str | None]:
        if self._stopper < 0:
            return None, None
        side = self.side(self._stopper)
        if self.rules.calling_out is CallingOut.LEADER_MASTER:
            failed = (
                self.rules.has_contract
                and side == self.side(self._taker)
                and result.outcome is Outcome.FAILED
            )
            if self._claim_held and not failed:
                return side, f"seat {self._stopper} called out and made it"
            why = "without the points" if not self._claim_held else "and the attack failed"
            return self._best_other(side, result), f"seat {self._stopper} called out {why}"
        if self._claim_held:
            return side, f"seat {self._stopper} stopped the deal with the points"
        return self._best_other(side, result), f"seat {self._stopper} stopped without the points"

    def _best_other(self, side: int, result: DealResult) -> int:
        """The opponent side that wins when ``side`` loses the match by calling out.

        Two sides: the other one. Three players (**[reading]**, docs/rules.md is
        silent): the other player with the higher match score after this
        deal; on a tie, the first of them in playing order after the caller.
        """
        sides = self.sides
        others = [(side + k) % sides for k in range(1, sides)]
        return max(others, key=lambda s: (self._totals[s] + result.scores[s], -others.index(s)))
