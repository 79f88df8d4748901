"""What a deal's history holds: [`ActionRecord`][belote.deal.ActionRecord] and [`OffenceRecord`][belote.deal.OffenceRecord].

Small immutable values the engine hands back for each applied action and
each offence a lenient deal accepted; [`belote.deal.records`][belote.deal.records]
reads the whole history back as a record, a tally and a result.
"""

from __future__ import annotations

from typing import NamedTuple

import attrs

from belote.actions import Action
from belote.cards import Card
from belote.deal.codes import Phase
from belote.rules.penalties import AppliedSanction, Offence
from belote.scoring.announcements import Declaration

__all__ = ["ActionRecord", "OffenceRecord"]


class ActionRecord(NamedTuple):
    """What one applied action did (PokerKit's "operation" records).

    A small immutable value, cheap to build: the engine makes one per
    [`apply`][belote.deal.Deal.apply].

    Attributes:
        action: the action applied.
        index: its 0-based position in the deal's history.
        phase: the deal's phase after the action.
        trick: the cards of the trick this action completed, in play order, else ``None``.
        trick_leader: the seat that led that trick, else ``None``.
        trick_winner: the seat that won that trick, else ``None``.
        belote: this card completed a belote announced with both cards.
        declarations: the declarations that score, when this action ended the
            first trick and so resolved the contest; else ``None``.
        claim_held: for ``stop``: whether the claim reached the target at that moment.
        match_winner: the side that wins the match because of this action
            (an 8-card run shown, a decided "j'arrête"), else ``None``.
        offence: the offence this action was, in a lenient deal, else ``None``.
    """

    action: Action
    index: int  # type: ignore[assignment]  # the field shadows tuple.index
    phase: Phase
    trick: tuple[Card, ...] | None = None
    trick_leader: int | None = None
    trick_winner: int | None = None
    belote: bool = False
    declarations: tuple[Declaration, ...] | None = None
    claim_held: bool | None = None
    match_winner: int | None = None
    offence: OffenceRecord | None = None


@attrs.frozen(kw_only=True)
class OffenceRecord:
    """An offence a lenient deal accepted instead of refusing it (rules §9, docs/rules.md#penalties).

    Attributes:
        index: the 0-based position of the offending action in the deal's history.
        seat: the offending seat.
        action: the action as it was made.
        offence: what kind of offence it is.
        reason: why strict mode refuses the action (the text of its
            [`IllegalAction`][belote.errors.IllegalAction]).
        sanction: what it costs under the variant, from
            [`sanction_for`][belote.rules.penalties.sanction_for].
        record_index: the action's position in the record the deal was read
            from, when a ``keep`` the record leaves implied comes before it
            in the history (docs/formats.md#deal-record); else ``None``, the
            same as ``index``. Not compared.
    """

    index: int
    seat: int
    action: Action
    offence: Offence
    reason: str
    sanction: AppliedSanction
    record_index: int | None = attrs.field(default=None, eq=False)

    def to_json(self) -> dict[str, object]:
        """The offence as the result JSON lists it (``belote replay --lenient``).

        ``index`` is the action's place in the record's ``actions``: the
        record the deal was read from (``record_index``), else its history.
        """
        sanction = self.sanction
        return {
            "index": self.index if self.record_index is None else self.record_index,
            "seat": self.seat,
            "action": str(self.action),
            "kind": self.offence.value,
            "reason": self.reason,
            "sanction": {
                "kind": sanction.kind.value,
                "points": list(sanction.points),
                "loser": sanction.loser,
            },
        }
