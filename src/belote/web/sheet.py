"""A finished deal as a scorekeeper writes it down: the contract's count, for the page's summary.

[`sheet_json`][belote.web.sheet.sheet_json] gives the fields that the
summary of a finished deal (``summary`` in a view of
[`Table`][belote.web.table.Table]) adds to the audit lines: what the attack
counted toward its contract against what it needed, the variant's word for
a failed contract, and where litige or hanging points went. Every number
is the scoring pipeline's, read from the deal's
[`DealResult`][belote.scoring.result.DealResult] and its
[`Reckoning`][belote.scoring.reckoning.Reckoning]: the page words them and
works nothing out (docs/web.md, "The deal's summary").

>>> import random
>>> from belote.rules import get_rules
>>> deal = Deal.random(get_rules("classic"), random.Random(3), dealer=3)
>>> while not deal.is_over:  # the first seat takes, then each plays its first legal card
...     _ = deal.apply(deal.legal_actions()[0])
>>> sheet = sheet_json(deal.result, deal)
>>> sheet["reckoning"]["needed"] == deal.result.reckoning.needed, sheet["failed_label"]
(True, 'dedans')
"""

from __future__ import annotations

from belote.deal import Deal
from belote.scoring import DealResult
from belote.scoring.steps import PENDING_WON
from belote.scoring.totals import HANGING_WON
from belote.web.i18n import line_key

__all__ = ["sheet_json"]


def sheet_json(result: DealResult, deal: Deal) -> dict[str, object]:
    """The score sheet's fields of a finished deal's summary, from its result.

    - ``reckoning``: ``None`` without a contract (``french``, a redeal), else
      the attack's ``side``, its count toward the contract (``points``, made
      of ``cards``, ``declarations`` and ``belote``), what it ``needed``
      (``None`` for a capot bid) and on which ``basis`` (``half``: more than
      the defence; ``bid``: the bid's value; ``capot``: every trick),
      whether it also had to ``beat_defence``, the ``defence``'s count and
      the ``total`` of both.
      A strain auction counts in points, before game points.
    - ``failed_label``: the variant's word for a failed contract
      (``dedans``, ``büs``, ``chute``...), with its message ``failed_key``
      and ``failed_values`` ([`line_key`][belote.web.i18n.line_key]).
    - ``pending_in``: the litige or hanging points waiting before the deal;
      ``pending_won``: ``{"to": side, "points": n}`` for those the deal paid
      out, else ``None``; ``pending_rule``: where points held now will go
      (the knob's value, docs/rules.md#pending-litige-points).
    """
    rules = deal.rules
    reckoning = result.reckoning
    won = [line for line in result.lines if line.item in (PENDING_WON, HANGING_WON)]
    key, values = line_key(rules.failed_label)
    return {
        "reckoning": None if reckoning is None else {
            "side": reckoning.side,
            "points": reckoning.points,
            "cards": reckoning.cards,
            "declarations": reckoning.declarations,
            "belote": reckoning.belote,
            "needed": reckoning.needed,
            "basis": reckoning.basis,
            "beat_defence": reckoning.beat_defence,
            "defence": reckoning.defence,
            "total": reckoning.points + reckoning.defence,
        },
        "failed_label": rules.failed_label,
        "failed_key": key,
        "failed_values": values,
        "pending_in": deal.pending,
        "pending_won": {"to": won[0].to, "points": won[0].points} if won else None,
        "pending_rule": rules.pending_rule.value,
    }
