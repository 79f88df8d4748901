"""The contract of an auction: a value (or capot), a strain and how far it was doubled.

A [`Contract`][belote.scoring.contract.Contract] is what the auction of a
``contree``-like variant leaves for the scoring (docs/contree.md#scoring):
the tally's ``taker`` says whose side holds it, the contract its value, its
strain and whether it was coinched or surcoinched. The multiplier a
doubling stands for is the variant's
([`AuctionRules.multiplier`][belote.rules.model.AuctionRules.multiplier]).
"""

from __future__ import annotations

import attrs

from belote.actions import Strain
from belote.errors import InvalidArgumentType, shown

__all__ = ["Contract"]


def _check_value(instance: Contract, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None and type(value) is not int:
        raise InvalidArgumentType(
            f"Contract.value: expected a whole number or None (capot), got {type(value).__name__} "
            f"{shown(value)}"
        )


def _check_strain(instance: Contract, attribute: attrs.Attribute[Strain], value: object) -> None:
    if not isinstance(value, Strain):
        raise InvalidArgumentType(
            f"Contract.strain: expected a Strain, got {type(value).__name__} {shown(value)}"
        )


def _check_doubling(instance: Contract, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int:
        raise InvalidArgumentType(
            f"Contract.doubling: expected 0, 1 or 2, got {type(value).__name__} {shown(value)}"
        )


@attrs.frozen
class Contract:
    """A contract won in an auction.

    Attributes:
        value: the value bid, ``None`` for a capot contract, or ``0`` for a strain
            auction's contract, which names a strain alone (``bulgarian``).
        strain: what it makes trump.
        doubling: 0 as bid, 1 coinched (doubled), 2 surcoinched (redoubled), 3
            re-redoubled (a strain auction with ``auction.reredouble``).

    >>> from belote.actions import Strain
    >>> contract = Contract(110, Strain.CLUBS, doubling=1)
    >>> str(contract), contract.is_capot
    ('110 C coinched', False)
    >>> str(Contract(None, Strain.SPADES))
    'capot S'
    """

    value: int | None = attrs.field(validator=_check_value)
    strain: Strain = attrs.field(validator=_check_strain)
    doubling: int = attrs.field(default=0, validator=_check_doubling)

    @property
    def is_capot(self) -> bool:
        """Whether the contract is capot (all eight tricks)."""
        return self.value is None

    def __str__(self) -> str:
        if self.value == 0:  # a strain auction's contract: a strain alone
            return f"{self.strain}" + (
                ("", " doubled", " redoubled", " re-redoubled")[self.doubling]
                if 0 <= self.doubling <= 3 else ""
            )
        text = f"{'capot' if self.value is None else self.value} {self.strain}"
        return text + ("", " coinched", " surcoinched")[self.doubling] if 0 <= self.doubling <= 2 else text
