"""What decided a contract, compiled: the attack's count toward it and what it needed.

The scoring pipeline fills in one [`Reckoning`][belote.scoring.reckoning.Reckoning]
per deal as it decides the contract ([`score_trusted`][belote.scoring.steps.score_trusted],
[`score_in_game_points`][belote.scoring.gamescore.score_in_game_points]), and the
deal's [`DealResult`][belote.scoring.result.DealResult] keeps it as
``reckoning``: a score sheet reads the count the rules used ("95 for 82
needed", docs/web.md#the-deals-summary), never works it out again.

Part of the compiled core (docs/compiled.md): a plain class of ints, built
once a deal, that costs a compiled deal next to nothing (an interpreted
``attrs`` class would cost it about 2 µs). Its values are checked by
nobody: the pipeline that makes them is trusted. ``Reckoning`` and the
three bases are re-exported by `belote.scoring.result` and
[`belote.scoring`][belote.scoring].
"""

from __future__ import annotations

from typing import Final

__all__ = ["BID", "CAPOT_BID", "HALF", "Reckoning"]

HALF: Final = "half"
"""A [`Reckoning`][belote.scoring.reckoning.Reckoning]'s basis: the attack needs more than the defence, so more than half of both counts."""
BID: Final = "bid"
"""A [`Reckoning`][belote.scoring.reckoning.Reckoning]'s basis: the attack needs the value of its bid (docs/contree.md#scoring)."""
CAPOT_BID: Final = "capot"
"""A [`Reckoning`][belote.scoring.reckoning.Reckoning]'s basis: a capot bid, which needs every trick (docs/contree.md#scoring)."""


class Reckoning:
    """What the attack counted toward its contract and what it needed: the numbers that decided it.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`score_tally`][belote.scoring.pipeline.score_tally], whose result carries it
    (``DealResult.reckoning``). Built once a deal by the scoring pipeline; the
    compiled class refuses a value of the wrong type with a bare ``TypeError``.

    The counts are points as the cards are counted at the table, before any
    game-point division (``bulgarian``). A value: compared, hashed and
    shown by its fields; nothing changes it once made.

    Attributes:
        side: the attack's side (``DealResult.attack``).
        cards: the attack's card points as the contract counts them: the last
            trick's 10 included, and a capot or valat value where one takes
            the place of the card points or adds to them; rounded where the
            variant decides on rounded totals, scaled where a contrée's
            no-trumps or all-trumps contract is (docs/contree.md#sans-atout-and-tout-atout).
        declarations: the attack's scoring declarations counted toward the
            contract (0 where they do not count).
        belote: the attack's belote points counted toward the contract
            (0 where they do not count).
        needed: the least count that made the contract: more than half of
            both counts (basis ``half``: rules §7.1, docs/rules.md#contract,
            docs/bulgarian.md#scoring) or the bid's value (basis ``bid``,
            docs/contree.md#scoring); ``None`` for a capot bid.
        defence: the defence's count, on the attack's basis.
        basis: [`HALF`][belote.scoring.reckoning.HALF], [`BID`][belote.scoring.reckoning.BID]
            or [`CAPOT_BID`][belote.scoring.reckoning.CAPOT_BID]: how ``needed`` is set.
        beat_defence: besides ``needed``, the attack had to count more than
            the defence (a ``bid`` under ``contract.must_beat_defence``).

    >>> r = Reckoning(0, 75, 0, 20, 82, 87, HALF)
    >>> r.points, r.points >= r.needed, r == Reckoning(0, 75, 0, 20, 82, 87, HALF)
    (95, True, True)
    >>> import pickle
    >>> pickle.loads(pickle.dumps(r)) == r
    True
    >>> r
    Reckoning(side=0, cards=75, declarations=0, belote=20, needed=82, defence=87, basis='half', beat_defence=False)
    """

    __slots__ = ("basis", "beat_defence", "belote", "cards", "declarations", "defence", "needed", "side")

    def __init__(self, side: int, cards: int, declarations: int, belote: int, needed: int | None,
                 defence: int, basis: str, beat_defence: bool = False) -> None:
        self.side: Final = side
        self.cards: Final = cards
        self.declarations: Final = declarations
        self.belote: Final = belote
        self.needed: Final = needed
        self.defence: Final = defence
        self.basis: Final = basis
        self.beat_defence: Final = beat_defence

    @property
    def points(self) -> int:
        """The attack's whole count toward the contract: cards, declarations and belote."""
        return self.cards + self.declarations + self.belote

    def fields(self) -> tuple[int, int, int, int, int | None, int, str, bool]:
        """The fields in order: ``side``, ``cards``, ``declarations``, ``belote``, ``needed``, ``defence``, ``basis``, ``beat_defence``."""
        return (self.side, self.cards, self.declarations, self.belote, self.needed, self.defence,
                self.basis, self.beat_defence)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Reckoning):
            return NotImplemented
        return self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __reduce__(self) -> tuple[type[Reckoning], tuple[int, int, int, int, int | None, int, str, bool]]:
        """Pickled and copied by its fields (a compiled class is made again through its constructor)."""
        return Reckoning, self.fields()

    def __repr__(self) -> str:
        return (f"Reckoning(side={self.side}, cards={self.cards}, declarations={self.declarations}, "
                f"belote={self.belote}, needed={self.needed}, defence={self.defence}, "
                f"basis={self.basis!r}, beat_defence={self.beat_defence})")
