"""The named policies of a variant's rules, and the frozen table its knobs hold.

Where variants really behave differently, a [`Rules`][belote.rules.model.Rules]
field holds one of these enum members rather than a flag the engine would
test by variant name: how announcements compete, what makes a capot, where
litige points go, who calls out, who deals next, what happens when both
sides pass the target. All of them are re-exported by
[`belote.rules`][belote.rules], where they are documented with the knobs.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from typing import TypeVar

from belote.errors import InvalidArgumentType, shown

__all__ = [
    "Bidding",
    "BothOverTarget",
    "CallingOut",
    "CapotRule",
    "Contest",
    "ContractScoring",
    "DealerRotation",
    "FrozenMapping",
    "PendingRule",
    "StrainPoints",
]

_K = TypeVar("_K")
_V = TypeVar("_V")


class Contest(enum.Enum):
    """How declared announcements compete (rules §6.2, docs/rules.md#announcement-contest). Belote never competes."""

    NONE = "none"
    """No announcements but belote (``classic``, 002)."""
    TEAM_BEST_TAKES_ALL = "team-best-takes-all"
    """All announcements ranked together; the team with the single best one
    scores all of its members' announcements, the other none; equal best
    plain runs of opposing teams void the contest (000 §annunci 1-7)."""
    PER_CLASS = "per-class"
    """Runs compete only inside their class (tierce, cinquante, cent); the
    best team of a class scores all its runs of that class; carrés never
    cancel each other (004)."""
    RUNS_AND_CARRES = "runs-and-carres"
    """Two contests, each as ``TEAM_BEST_TAKES_ALL``: the team with the best
    run scores all its runs, the team with the best carré all its carrés
    (Bulgarian belot as its help file, belot-rules.hit.bg and BelotGameEngine
    read it: docs/bulgarian.md#declarations)."""
    INDIVIDUAL = "individual"
    """Players compete alone; any carré beats any run; runs by length, top
    card, trump, then the first to declare; the best player scores all of
    his combinations, every other player none (001, 003)."""


class CapotRule(enum.Enum):
    """When a deal is a capot and who can make it (rules §7.2, docs/rules.md#capot)."""

    ALL_TRICKS = "all-tricks"
    """A team wins every trick (002)."""
    ATTACK_OR_REVERSE = "attack-or-reverse"
    """The attack wins every trick (cappotto), or the defence does (cappotto
    contrario, scored with [`Rules.reverse_capot_value`][belote.rules.model.Rules.reverse_capot_value]) (000)."""
    NO_OPPONENT_POINT = "no-opponent-point"
    """The opponents make no card point at all (tricks of 0 points allowed,
    not the last one) and hold no belote (004)."""
    PLAYER_ALL_TRICKS = "player-all-tricks"
    """A player wins every trick: a bonus on top of his card points, without
    the last-trick 10; with three players, when exactly one player wins no
    trick, each other player gets the split bonus, again without the 10
    (001, 003; see [`Rules.capot_keeps_last_trick`][belote.rules.model.Rules.capot_keeps_last_trick])."""


class PendingRule(enum.Enum):
    """Where litige points held pending go (rules §7.4, docs/rules.md#pending-litige-points)."""

    NEXT_ATTACK_OR_DEFENCE = "next-attack-or-defence"
    """To the next played deal's attack if it makes its contract, else to its
    defence; on a second litige, the old points go to that deal's defence and
    the new ones become pending (000 §Litige, notes 1-2)."""
    NEXT_WINNER = "next-winner"
    """To the team that wins the next decided deal; a further litige adds to
    them (002, 004)."""


class CallingOut(enum.Enum):
    """Who may stop the game by claiming the target (rules §8.1, docs/rules.md#calling-out; rules §8.2, docs/rules.md#j-arrete)."""

    NONE = "none"
    """No calling out."""
    LEADER_MASTER = "leader-master"
    """The player about to lead after winning the previous trick may call
    out; the claim is checked at the end of the deal (000 "chiamarsi fuori")."""
    ARRETE = "arrete"
    """A player may stop the deal on his turn once he has won a trick holding
    a counting card, not with one trick left; decided at once (001, 003)."""


class DealerRotation(enum.Enum):
    """Who deals the next deal (rules §2, docs/rules.md#dealing)."""

    NEXT_SEAT = "next-seat"
    """The seat after the dealer (000, 002)."""
    WINNER_DEALS = "winner-deals"
    """With two players, the one who scored more deals again; after a deal
    where both passed the other deals (001, 003). With three players, the
    seat after the dealer, or the highest scorer with
    [`Rules.winner_deals_with_three`][belote.rules.model.Rules.winner_deals_with_three]."""
    RANDOM = "random"
    """A seat drawn at random deals, after every deal and after four passes
    too (Bulgarian belot as the 2001 program plays it: docs/bulgarian.md#disputes).
    The draw is seeded by the deal just played, so a seed or a match record
    gives the same dealers ([`next_dealer`][belote.scoring.match.next_dealer])."""


class BothOverTarget(enum.Enum):
    """What happens when a deal takes more than one side past the target (rules §8, docs/rules.md#match)."""

    HIGHER_WINS = "higher-wins"
    """The side with the single highest total wins (001; **[reading]** elsewhere);
    equal highest totals play another deal."""
    PLAY_ON = "play-on"
    """Nobody wins on the deal that takes two sides past the target together:
    one more deal is played, after which the single highest total wins."""


class FrozenMapping(Mapping[_K, _V]):
    """A read-only mapping that pickles, compares and prints like a dict.

    ``Rules`` stores its tables (carré values, penalties) in it, so a rules
    value stays immutable yet can be sent to worker processes.

    >>> table = FrozenMapping({"a": 1})
    >>> table["a"], table == {"a": 1}
    (1, True)
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[_K, _V] | None = None) -> None:
        if data is not None and not isinstance(data, Mapping):
            raise InvalidArgumentType(f"data: expected a mapping or None, got {shown(data)}")
        self._data: dict[_K, _V] = dict(data or {})

    def __getitem__(self, key: _K) -> _V:
        return self._data[key]

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __iter__(self) -> Iterator[_K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self.items()) == dict(other.items())

    def __hash__(self) -> int:
        return hash(frozenset(self._data.items()))

    def __reduce__(self) -> tuple[type[FrozenMapping[_K, _V]], tuple[dict[_K, _V]]]:
        return (type(self), (self._data,))

    def __repr__(self) -> str:
        return repr(self._data)


class Bidding(enum.Enum):
    """How the trump is chosen: take or pass around a turned card, or an auction of contracts."""

    TURNED_CARD = "turned-card"
    """A card is turned after the first distribution; each seat takes its suit
    or passes, then names another suit in a second round (docs/rules.md#bidding).
    The taker's side must beat the other side."""
    AUCTION = "auction"
    """Every card is dealt before the bidding, nothing is turned; seats bid
    contracts (a value and a trump suit, or capot), may coinche the other
    side's contract and surcoinche a coinche (docs/contree.md#the-auction).
    The contract's side must reach its value
    ([`Rules.auction`][belote.rules.model.Rules.auction],
    [`Rules.contract`][belote.rules.model.Rules.contract])."""
    STRAIN_AUCTION = "strain-auction"
    """Five cards each are dealt before the bidding and the rest after it,
    nothing is turned; seats bid strains without values (in the order of
    ``auction.strains``: clubs, diamonds, hearts, spades, no-trumps,
    all-trumps), may double the other team's bid and redouble a double; a
    higher bid cancels the doubles, three passes after a call end the
    auction. The deal is scored in game points: the declarers must have
    more than the defenders, a level deal leaves points hanging
    (docs/bulgarian.md#the-auction, docs/bulgarian.md#scoring)."""


class ContractScoring(enum.Enum):
    """What a side that makes its contract scores in an auction variant (docs/contree.md#scoring)."""

    MADE_PLUS_BID = "made-plus-bid"
    """Its card points plus the contract's value ("faits + demandés": FFB 2016,
    Cannes 2016, Pagat)."""
    BID_ONLY = "bid-only"
    """The contract's value alone ("points annoncés": several clubs); the
    defence scores its card points."""
    MADE_ONLY = "made-only"
    """Its card points alone; the value only decides whether it made it."""


class StrainPoints(enum.Enum):
    """How a no-trumps or all-trumps deal's points meet a contract's value (docs/contree.md#sans-atout-and-tout-atout)."""

    RAW = "raw"
    """The core's card values, not brought to 162: a no-trumps deal is worth
    130 with the last trick, an all-trumps deal 258, and the contract's
    value is compared with these points; the 162 of the failed and
    coinched scores becomes the deal's own worth."""
    ACE_19 = "ace-19"
    """No-trumps only: each ace counts 19 instead of 11, so the 32 cards
    are worth 152 and a deal 162 (the federation's annex and nearly every
    source)."""
    SCALED = "scaled"
    """The core's card values, then the attack's points (cards and last
    trick, without belote) multiplied by 162 / the deal's worth, rounded to
    the nearest point (a half up); the defence has the rest of 162 (the
    federation's 2016 rules, §11.3, for all-trumps)."""
    REDUCED = "reduced"
    """All-trumps only: every suit counts J 14, 9 9, A 6, 10 5, K 3, Q 1,
    152 in all, so a deal is worth 162 (Pagat and the pages that follow it)."""
