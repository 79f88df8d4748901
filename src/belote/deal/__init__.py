"""One deal as a state machine: dealing, bidding, the seven swap, declarations, play.

A [`Deal`][belote.deal.Deal] starts from a deck order and a dealer and deals by the
procedure of rules §2, docs/rules.md#dealing. Then the seats act in turn: two bidding rounds
(§3), the seven-of-trump swap where the variant has it (§4), the tricks
(§5) with the declarations made before each player's first card and
belote-rebelote announced with the cards (§6.1), and calling out (§8.1,
§8.2). At the end the deal builds a [`Tally`][belote.scoring.tally.Tally] and
scores it with [`score_tally`][belote.scoring.pipeline.score_tally]: one scoring path.

Every action has a query and a doer, in the spirit of PokerKit:
[`Deal.can`][belote.deal.Deal.can] / [`Deal.why_illegal`][belote.deal.Deal.why_illegal] and [`Deal.apply`][belote.deal.Deal.apply], which
returns a frozen [`ActionRecord`][belote.deal.ActionRecord]. An illegal action raises
[`IllegalAction`][belote.errors.IllegalAction] saying why and leaves the deal exactly
as it was. A lenient deal (``Deal(..., lenient=True)``) accepts instead the
offences the variant sanctions and lists them as
[`OffenceRecord`][belote.deal.OffenceRecord] values (rules §9, docs/rules.md#penalties).

The engine is one plain state ([`DealState`][belote.deal.state.DealState]) and a
module per phase acting on it; the deal owns its own record form
([`belote.deal.recorded`][belote.deal.recorded]) and positions
([`belote.deal.position`][belote.deal.position]). What it may import: the
scoring and rules wings, `belote.tricks` and the ground floor; never records,
the solver, the agents or anything above.

>>> from belote.cards import CARDS
>>> deal = Deal("classic", [str(card) for card in CARDS], dealer=3)
>>> deal.phase, deal.to_act, str(deal.turned)
(<Phase.BIDDING_1: 'bidding-1'>, 0, 'JD')
>>> record = deal.apply(Action.parse("0 take"))
>>> deal.phase, str(deal.trump), len(deal.hand(0))
(<Phase.PLAY: 'play'>, 'D', 8)

The engine is a package with one module per phase, each named as a player
would name it: [`state`][belote.deal.state] (the plain slots),
[`dealing`][belote.deal.dealing], [`bidding`][belote.deal.bidding],
[`swap`][belote.deal.swap] (the seven swap),
[`declarations`][belote.deal.declarations], [`play`][belote.deal.play],
[`calling_out`][belote.deal.calling_out] (calling out and j'arrête),
[`observation`][belote.deal.observation] and [`records`][belote.deal.records];
[`legal`][belote.deal.legal] is the int layer (action ids and masks),
[`typed`][belote.deal.typed] the typed layer over it, and
[`engine`][belote.deal.engine] puts them together as [`Deal`][belote.deal.Deal].

Inside, hands are card masks and the trick a list of card indices; the
fast layer is [`Deal.legal_play_mask`][belote.deal.Deal.legal_play_mask],
[`Deal.play_card`][belote.deal.Deal.play_card] and [`Deal.bid`][belote.deal.Deal.bid], which skip building
[`Action`][belote.actions.Action] values but keep every check.
"""

from belote.actions import Action as Action  # the examples above use it
from belote.deal.codes import EndReason, Phase
from belote.deal.dealing import parse_deck
from belote.deal.doors import shuffled_deck
from belote.deal.engine import Deal
from belote.deal.entries import ActionRecord, OffenceRecord
from belote.deal.observation import Observation
from belote.deal.seatview import SeatView

__all__ = [
    "ActionRecord",
    "Deal",
    "EndReason",
    "Observation",
    "OffenceRecord",
    "Phase",
    "SeatView",
    "parse_deck",
    "shuffled_deck",
]
