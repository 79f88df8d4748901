"""Observation version 4: the trump mode and the strain auction (the ``pettingzoo``/``openspiel`` extras).

Version 3 ([`belote.adapters.tensor`][belote.adapters.tensor]) knows four trump suits
and an auction of values whose columns stop at ``surcoinche`` (action id 353): the ids
a strain auction added later (``bid S`` to ``bid AT``, ``double``, ``redouble``: 354 to
361, docs/bulgarian.md#the-auction) have no place in it, nor has a no-trumps or
all-trumps contract (docs/bulgarian.md#trump-modes). Version 4 is version 3 with three
changes, block by block:

- ``trump`` (four suits) becomes ``mode``: a one-hot of the six modes, S H D C (that
  suit trump), no trumps, all trumps, once the contract is fixed.
- ``belote_suits`` follows ``belote``: the suits in which each seat announced belote
  (all-trumps holds one belote per suit, docs/bulgarian.md#belote).
- The auction blocks cover both auctions: ``coinched``/``coincher`` become
  ``doubled``/``doubler`` (a coinche or a double; a surcoinche or a redouble), and the
  ``auction`` block has a column for every id from ``ID_BID`` to ``ID_REDOUBLE``
  (``AUCTION_COLUMNS_V4``), lined up with the action mask. In a strain auction
  ``contract_value`` and ``contract_capot`` stay 0 (a bid names a strain only) and a
  higher bid clears ``doubled`` and ``doubler``, as it cancels the double.

The other blocks, their conventions (seats relative to the observer, cards absolute,
points x 1/162, totals x 1/1000) and the full-state and information-state extensions
are version 3's. Points are the deal's own: all-trumps counts up to 258 card points and
no-trumps doubles its card points, so those values may pass 1; ``pending`` holds what
the variant leaves waiting (litige points; in ``bulgarian`` the game points a level deal
left hanging). The layouts are frozen like the others: a re-redouble (``auction.reredouble``,
added after this layout) shows as a redouble here, and version 5
([`belote.adapters.tensor_v5`][belote.adapters.tensor_v5]) appends who said it.

>>> from belote.deal import Deal
>>> deal = Deal.random("bulgarian", seed=1)
>>> for action in ("1 bid C", "2 bid AT", "3 double"):
...     _ = deal.apply(action)
>>> vector = observation_v4(deal, 0)
>>> blocks = decode(vector, OBSERVATION_V4)
>>> blocks["contract_strain"].tolist(), blocks["doubled"].tolist()
([0.0, 0.0, 0.0, 0.0, 0.0, 1.0], [1.0, 0.0])
>>> vector.shape == (OBSERVATION_V4_SIZE,), OBSERVATION_V4_SIZE
(True, 1453)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from belote.actions import ID_BID, ID_BID_STRAIN, ID_DOUBLE, ID_REDOUBLE, Action
from belote.adapters.encoding import AUCTION_COLUMNS_V4, SEATS, Shown
from belote.adapters.tensor import (
    AUCTION_BLOCKS,
    INFORMATION_STATE_V3,
    OBSERVATION_V3,
    STATE_V3,
    Block,
    block_offsets,
    encode_layout,
)
from belote.deal import Deal
from belote.rules.checks import instance, sequence

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "AUCTION_BLOCKS_V4",
    "INFORMATION_STATE_V4",
    "INFORMATION_STATE_V4_SIZE",
    "OBSERVATION_V4",
    "OBSERVATION_V4_SIZE",
    "STATE_V4",
    "STATE_V4_SIZE",
    "decode",
    "information_state_v4",
    "observation_v4",
    "state_v4",
]


def _version_4(block: Block) -> tuple[Block, ...]:
    if block.name == "trump":
        return (Block("mode", (6,), "The trump mode once the contract is fixed: S H D C (that suit trump), no trumps, all trumps."),)
    if block.name == "taker":
        return (Block("taker", block.shape, "The seat that fixed the trump (in an auction: the contract's bidder)."),)
    if block.name == "belote":
        return (block, Block("belote_suits", (SEATS, 4), "The suits (S H D C) in which each seat announced belote or rebelote: several in all-trumps."))
    if block.name == "pending":
        return (Block("pending", block.shape, "Points waiting from earlier deals: litige, or the game points a level deal left hanging (x 1/162)."),)
    return (block,)


_RENAMED: Final = {
    "contract_value": Block("contract_value", (1,), "The standing contract's value, then the contract played (x 1/162; a capot bid: the capot contract's value; 0 in a strain auction)."),
    "contract_capot": Block("contract_capot", (1,), "1 when the standing contract is a capot bid (an auction of values)."),
    "contract_strain": Block("contract_strain", (6,), "The standing contract's strain: S H D C, no trumps, all trumps (both auctions)."),
    "coinched": Block("doubled", (2,), "[0] the contract is doubled (coinche, double) or redoubled, [1] it is redoubled (surcoinche, redouble); a higher strain bid clears both."),
    "coincher": Block("doubler", (SEATS,), "The seat that doubled (coinched)."),
    "auction": Block("auction", (SEATS, AUCTION_COLUMNS_V4), f"Every bid each seat said: [seat, id - {ID_BID}] for the action ids {ID_BID} to {ID_REDOUBLE} (the bids of values, coinche, surcoinche, then the strain bids {ID_BID_STRAIN} to {ID_DOUBLE - 1}, double, redouble), lined up with the action mask."),
}

AUCTION_BLOCKS_V4: Final = tuple(_RENAMED.get(block.name, block) for block in AUCTION_BLOCKS)
"""The auction blocks of version 4: version 3's, widened to a strain auction's bids, double and redouble."""
OBSERVATION_V4: Final = (
    *(new for block in OBSERVATION_V3[: -len(AUCTION_BLOCKS)] for new in _version_4(block)),
    *AUCTION_BLOCKS_V4,
)
"""Layout of the observation tensor, version 4: ``OBSERVATION_V3`` with the trump mode,
belote by suit and the auction blocks of both auctions (the module's list)."""
STATE_V4: Final = (*OBSERVATION_V4, STATE_V3[-1])
"""Layout of the full-state tensor, version 4: ``OBSERVATION_V4`` then every seat's hand."""
INFORMATION_STATE_V4: Final = (*OBSERVATION_V4, *INFORMATION_STATE_V3[len(OBSERVATION_V3):])
"""Layout of the information-state tensor, version 4: ``OBSERVATION_V4`` then the tricks in order.

The ``auction`` block holds every bid, double and redouble with its seat; bids only go
up and a double answers the standing bid, so with the tricks in order this is perfect
recall, as in version 3."""
OBSERVATION_V4_SIZE: Final = sum(block.size for block in OBSERVATION_V4)
"""Length of an ``OBSERVATION_V4`` vector."""
STATE_V4_SIZE: Final = sum(block.size for block in STATE_V4)
"""Length of a ``STATE_V4`` vector."""
INFORMATION_STATE_V4_SIZE: Final = sum(block.size for block in INFORMATION_STATE_V4)
"""Length of an ``INFORMATION_STATE_V4`` vector."""

_AT4: Final = {**block_offsets(STATE_V4), **block_offsets(INFORMATION_STATE_V4)}


def observation_v4(
    deal: Deal,
    seat: int,
    *,
    out: npt.NDArray[np.float32] | None = None,
    history: Sequence[Action] | None = None,
    shown: Shown | None = None,
) -> npt.NDArray[np.float32]:
    """The ``OBSERVATION_V4`` vector of ``seat``: what it may know of ``deal``, the mode and either auction included.

    Args:
        deal: the deal.
        seat: the observing seat.
        out: an array of ``OBSERVATION_V4_SIZE`` (or more) float32 values to fill
            instead of a new one.
        history: the deal's actions so far when the caller keeps them
            ([`Table.actions`][belote.adapters.tensor.Table.actions]), else read from the deal.
        shown: what those actions have shown, when the caller keeps it
            ([`Table.shown`][belote.adapters.tensor.Table.shown]): then the history is not read.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: a seat that is not one of the deal's, ``shown`` of another table.
    """
    return encode_layout(deal, seat, False, out, history, shown, _AT4, "", OBSERVATION_V4_SIZE)


def state_v4(
    deal: Deal,
    seat: int,
    *,
    out: npt.NDArray[np.float32] | None = None,
    history: Sequence[Action] | None = None,
    shown: Shown | None = None,
) -> npt.NDArray[np.float32]:
    """The ``STATE_V4`` vector: ``seat``'s observation followed by every seat's hand.

    Arguments as for [`observation_v4`][belote.adapters.tensor_v4.observation_v4].
    """
    return encode_layout(deal, seat, False, out, history, shown, _AT4, "hands", STATE_V4_SIZE)


def information_state_v4(
    deal: Deal,
    seat: int,
    *,
    out: npt.NDArray[np.float32] | None = None,
    history: Sequence[Action] | None = None,
    shown: Shown | None = None,
) -> npt.NDArray[np.float32]:
    """The ``INFORMATION_STATE_V4`` vector: ``seat``'s observation, first hand and the tricks.

    The first hand is what the seat held when it first bid (in ``bulgarian``, five
    cards: the other three are dealt once the auction ends).

    Arguments as for [`observation_v4`][belote.adapters.tensor_v4.observation_v4].
    """
    return encode_layout(deal, seat, False, out, history, shown, _AT4, "tricks", INFORMATION_STATE_V4_SIZE)


def decode(vector: Any, layout: tuple[Block, ...]) -> dict[str, Any]:
    """The blocks of ``vector`` by name, each a view shaped as its block (any layout, any version).

    Args:
        vector: a numpy vector of at least the layout's size.
        layout: its layout (a tuple of [`Block`][belote.adapters.tensor.Block]s).

    Raises:
        InvalidArgumentType: ``layout`` is not a list or tuple of blocks.
    """
    blocks, at = {}, 0
    for item in sequence(layout, "layout"):
        block = instance(item, Block, "layout[...]")
        blocks[block.name] = vector[at : at + block.size].reshape(block.shape)
        at += block.size
    return blocks
