"""What a scorekeeper counts at the end of a deal: the [`Tally`][belote.scoring.tally.Tally].

The value the scoring pipeline ([`score_tally`][belote.scoring.pipeline.score_tally])
reads and the checks ([`check_tally`][belote.scoring.validation.check_tally]) refuse
when it is impossible, with the sizes both need: how many sides score and
how many tricks a deal has.
"""

from __future__ import annotations

from typing import Final

import attrs

from belote.cards import Suit
from belote.errors import InvalidArgumentType, shown
from belote.rules import Rules, checks
from belote.rules.penalties import Penalty
from belote.scoring.announcements import Declaration
from belote.scoring.contract import Contract
from belote.scoring.fieldtypes import tally_well_typed, whole_tuple

__all__ = ["FULL_CARD_POINTS", "Tally", "side_count", "tricks_per_deal"]

FULL_CARD_POINTS: Final = 152
"""The card points of the 32 cards, without the last trick (rules §1, docs/rules.md#cards)."""


@attrs.frozen(kw_only=True)
class Tally:
    """What was counted at the table for one deal (docs/formats.md#tally).

    Per-side fields are per team in four-player variants (team 0 = seats 0
    and 2) and per player otherwise.

    A tally is well typed once built: the constructor turns a list given for
    a tuple field into a tuple and refuses a field of the wrong type with an
    [`InvalidArgumentType`][belote.errors.InvalidArgumentType] naming it
    (``Tally.tricks[1]: expected a whole number, got str '5'``). Whether
    the values are possible under a variant (seats on the table, card points
    the cards can hold, ...) is
    [`check_tally`][belote.scoring.validation.check_tally]'s job.

    Attributes:
        taker: the seat that fixed the trump.
        trump: the trump suit.
        tricks: tricks won per side.
        card_points: card points per side, without the last-trick bonus.
        last_trick: the side that won the last trick, or ``None`` when the deal
            was stopped before it (``french`` "j'arrête").
        announcements: the declared combinations.
        belote: the seat that announced belote and rebelote in time, or ``None``.
        dealer: the dealer's seat (needed by ``french`` to break ties).
        players: the number of players.
        stopped_by: the seat that stopped the deal ("j'arrête"), or ``None``;
            the match decides whether the claim held (rules §8.2, docs/rules.md#j-arrete).
        penalties: errors made at the table and their offenders (rules §9, docs/rules.md#penalties),
            sanctioned by the variant's ``Rules.penalties``.
        contract: the contract of an auction variant (docs/contree.md#scoring), else ``None``;
            ``taker`` is then the seat that bid it and ``trump`` its strain's suit. A
            no-trumps or all-trumps contract has no trump suit: ``trump`` is then not
            read (the engine writes spades) and [`mode`][belote.scoring.tally.Tally.mode]
            gives the contract's strain.
        belotes: every belote announced, one seat per belote, where a deal may hold
            several (all-trumps: docs/bulgarian.md#belote); ``()`` to read ``belote``.
    """

    taker: int
    trump: Suit
    tricks: tuple[int, ...]
    card_points: tuple[int, ...]
    last_trick: int | None
    announcements: tuple[Declaration, ...] = ()
    belote: int | None = None
    dealer: int | None = None
    players: int = 4
    stopped_by: int | None = None
    penalties: tuple[Penalty, ...] = ()
    contract: Contract | None = None
    belotes: tuple[int, ...] = ()

    @property
    def mode(self) -> int:
        """The trump mode the cards were played in (docs/bulgarian.md#trump-modes).

        The trump suit's number, or the contract's strain (4 no-trumps, 5 all-trumps).

        >>> from belote.actions import Strain
        >>> Tally(taker=0, trump=Suit.HEARTS, tricks=(4, 4), card_points=(76, 76),
        ...       last_trick=0, contract=Contract(0, Strain.ALL_TRUMP)).mode
        5
        """
        contract = self.contract
        return int(self.trump) if contract is None else int(contract.strain)

    def __attrs_post_init__(self) -> None:
        if self.contract is not None and type(self.contract) is not Contract:
            raise InvalidArgumentType(
                f"Tally.contract: expected a Contract or None, got {type(self.contract).__name__} "
                f"{shown(self.contract)}"
            )
        # The common case, checked fast by a compiled function: every field has exactly its type.
        if not tally_well_typed(
            self.taker, self.trump, self.tricks, self.card_points, self.last_trick,
            self.announcements, self.belote, self.dealer, self.players, self.stopped_by,
            self.penalties,
        ):
            _settle_types(self)
        if not whole_tuple(self.belotes):  # a tuple of ints is the common case
            values = checks.sequence(self.belotes, "Tally.belotes")
            for index, value in enumerate(values):
                checks.whole(value, f"Tally.belotes[{index}]")
            if type(values) is not tuple:
                object.__setattr__(self, "belotes", tuple(values))

    def with_play(
        self, tricks: tuple[int, ...], card_points: tuple[int, ...], last_trick: int | None,
        belote: int | None, belotes: tuple[int, ...] = (),
    ) -> Tally:
        """This tally with the card play's figures replaced, every other field kept.

        What a search scoring the many possible ends of one deal builds per
        end: the same as ``attrs.evolve(tally, tricks=..., card_points=...,
        last_trick=..., belote=..., belotes=...)``, and about twice as fast.

        Args:
            tricks: tricks won per side.
            card_points: card points per side, without the last-trick bonus.
            last_trick: the side that won the last trick, or ``None``.
            belote: the seat that announced belote and rebelote, or ``None``.
            belotes: every belote announced where a deal counts several (all-trumps), else ``()``.

        Raises:
            InvalidArgumentType: a figure of the wrong type.

        >>> tally = Tally(taker=1, trump=Suit.CLUBS, tricks=(0, 0), card_points=(0, 0),
        ...               last_trick=None, dealer=0)
        >>> end = tally.with_play((3, 5), (52, 100), 1, belote=1)
        >>> end.taker, end.dealer, end.tricks, end.card_points, end.last_trick, end.belote
        (1, 0, (3, 5), (52, 100), 1, 1)
        """
        return Tally(
            taker=self.taker, trump=self.trump, tricks=tricks, card_points=card_points,
            last_trick=last_trick, announcements=self.announcements, belote=belote,
            dealer=self.dealer, players=self.players, stopped_by=self.stopped_by,
            penalties=self.penalties, contract=self.contract, belotes=belotes,
        )


def _settle_types(tally: Tally) -> None:
    """Check every field's type, turning a list given for a tuple into a tuple.

    Raises:
        InvalidArgumentType: a field of the wrong type, named ``Tally.<field>``.
    """
    for name in ("taker", "players"):
        checks.whole(getattr(tally, name), f"Tally.{name}")
    for name in ("last_trick", "belote", "dealer", "stopped_by"):
        checks.whole_or_none(getattr(tally, name), f"Tally.{name}")
    checks.instance(tally.trump, Suit, "Tally.trump")
    fields: tuple[tuple[str, type[object] | None], ...] = (
        ("tricks", None), ("card_points", None),
        ("announcements", Declaration), ("penalties", Penalty),
    )
    for name, kind in fields:
        values = checks.sequence(getattr(tally, name), f"Tally.{name}")
        for index, value in enumerate(values):
            if kind is None:
                checks.whole(value, f"Tally.{name}[{index}]")
            else:
                checks.instance(value, kind, f"Tally.{name}[{index}]")
        if type(values) is not tuple:
            # The attrs way to set a field of a frozen instance while it is built.
            object.__setattr__(tally, name, tuple(values))



def side_count(rules: Rules | str, players: int) -> int:
    """The number of scoring sides: two teams, or one per player.

    Raises:
        InvalidArgument: the variant is not played by ``players`` players.

    >>> from belote.rules import get_rules
    >>> side_count(get_rules("classic"), 4), side_count(get_rules("french"), 3)
    (2, 3)
    """
    rules = checks.as_rules(rules)
    rules.check_players(checks.whole(players, "players"))
    return rules.side_count(players)



def tricks_per_deal(rules: Rules | str) -> int:
    """Cards in each hand, hence tricks in a deal played to the end (rules §2, docs/rules.md#dealing).

    >>> from belote.rules import get_rules
    >>> tricks_per_deal(get_rules("classic")), tricks_per_deal(get_rules("french"))
    (8, 9)
    """
    return checks.as_rules(rules).hand_size
