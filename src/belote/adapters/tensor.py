"""Fixed-size numeric views of a deal for learning agents (the ``pettingzoo``/``openspiel`` extras).

Two things live here, shared by [`belote.adapters.env`][belote.adapters.env] and [`belote.adapters.openspiel`][belote.adapters.openspiel]:

- **The observation tensor**, versioned: ``OBSERVATION_V3`` is the layout of what one
  seat may know, ``STATE_V3`` the same followed by every seat's hand (a full-state view
  for training critics), ``INFORMATION_STATE_V3`` the same followed by every completed
  trick in order (perfect recall, for OpenSpiel's information-state tensor). A layout
  is a tuple of [`Block`][belote.adapters.tensor.Block]s, the one
  source of truth for the encoder and the documentation table
  ([`layout_table`][belote.adapters.tensor.layout_table]). A layout never changes once released:
  a different encoding gets a new version. Version 2 follows the one-seat model of the
  seven swap (the holder's own ``swap``/``keep`` turn, docs/rules.md#seven-swap): its
  ``swap_pending`` block replaces version 1's ``swap_window`` and a ``kept`` block follows
  ``swapped``. Version 3 appends the auction of contracts (``contree``): the standing
  contract, the coinche and every bid heard; its first values are version 2's. Version 4 (the trump mode
  and a strain auction: [`belote.adapters.tensor_v4`][belote.adapters.tensor_v4]) and the earlier ones stay as they are.
- **[`Table`][belote.adapters.tensor.Table]**: a deal as a sequence of turns of one seat each,
  driven by action ids (the deal's ``to_act`` and its legal ids).

Conventions of the tensor (all values ``float32``):

- **Seats are relative to the observer**: slot 0 is the observer, slot 1 the next seat in
  playing order, and so on; there are always 4 slots, the slots of absent seats (2 or 3
  players) stay 0.
- **Cards are absolute**: plane index = card index (``8 * suit + rank``, suits S H D C,
  ranks 7 8 9 10 J Q K A), the same numbering as the ``play`` action ids, so a card
  plane lines up with the action mask. The trump is a one-hot over the four suits
  (block ``trump``) rather than a rotation of the suits.
- **Points are scaled** by ``1/162`` (the card points of a deal with the last trick),
  match totals and the target by ``1/1000``.

Only this module's tensor functions need numpy; the layout and
[`Table`][belote.adapters.tensor.Table] work without it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import attrs

from belote.actions import ACTION_IDS, ID_BID, ID_SURCOINCHE, Action, action_from_id, action_id
from belote.adapters.encoding import (
    AUCTION_COLUMNS,
    POINT_SCALE,
    SEATS,
    TOTAL_SCALE,
    Shown,
    hands_bits,
    observation_bits,
    tricks_bits,
    write_scaled,
)
from belote.deal import Deal
from belote.errors import IllegalAction, InvalidArgument, InvalidArgumentType
from belote.errors import shown as shown_value
from belote.rules.checks import instance, sequence, whole
from belote.rules.specs import spec_of

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "AUCTION_BLOCKS",
    "CURRENT_VERSION",
    "INFORMATION_STATE_V1",
    "INFORMATION_STATE_V1_SIZE",
    "INFORMATION_STATE_V2",
    "INFORMATION_STATE_V2_SIZE",
    "INFORMATION_STATE_V3",
    "INFORMATION_STATE_V3_SIZE",
    "OBSERVATION_V1",
    "OBSERVATION_V1_SIZE",
    "OBSERVATION_V2",
    "OBSERVATION_V2_SIZE",
    "OBSERVATION_V3",
    "OBSERVATION_V3_SIZE",
    "POINT_SCALE",
    "STATE_V1",
    "STATE_V1_SIZE",
    "STATE_V2",
    "STATE_V2_SIZE",
    "STATE_V3",
    "STATE_V3_SIZE",
    "TOTAL_SCALE",
    "Block",
    "Table",
    "block_offsets",
    "encode_layout",
    "information_state_v1",
    "information_state_v2",
    "information_state_v3",
    "layout_table",
    "observation_v1",
    "observation_v2",
    "observation_v3",
    "render_text",
    "state_v1",
    "state_v2",
    "state_v3",
]


@attrs.frozen
class Block:
    """One named block of a tensor layout.

    Attributes:
        name: the block's name (a key of the dict views).
        shape: its shape; the block occupies ``prod(shape)`` consecutive values.
        meaning: what the values say, for the documentation table.
    """

    name: str
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        """How many values the block holds."""
        size = 1
        for dim in self.shape:
            size *= dim
        return size


OBSERVATION_V1: Final = (
    Block("hand", (32,), "1 for each card the observer holds."),
    Block("played", (SEATS, 32), "Cards each seat has played this deal (completed tricks and the current one)."),
    Block("trick", (SEATS, 32), "The current trick by position: row k is the k-th card played to it."),
    Block("trick_leader", (SEATS,), "The seat that leads the current trick (play phase)."),
    Block("turned", (32,), "The card turned up after the first distribution."),
    Block("table_card", (32,), "The card face up on the table now (`french`: the turned card, or the 7 of trump after a swap)."),
    Block("bottom", (32,), "The deck's bottom card, when the variant shows it."),
    Block("trump", (4,), "The trump suit once fixed (S H D C)."),
    Block("taker", (SEATS,), "The seat that fixed the trump."),
    Block("dealer", (SEATS,), "The dealer."),
    Block("bids", (2, SEATS, 6), "Bidding history: [round, seat, bid] with bids pass, take, take S, take H, take D, take C."),
    Block("declared", (SEATS,), "1 for each seat that has declared (the announcement is public)."),
    Block("declarations", (SEATS, 32), "Cards of each seat's declared combinations: the observer's own at once, the others' once shown after the first trick."),
    Block("belote", (SEATS, 2), "Belote announcements: [seat, 0] belote, [seat, 1] rebelote."),
    Block("swapped", (SEATS,), "The seat that swapped the 7 of trump."),
    Block("called_out", (SEATS,), "The seat that called out or said \"j'arrête\"."),
    Block("card_points", (SEATS,), "Card points won so far by each seat's side (x 1/162)."),
    Block("points", (SEATS,), "Points so far of each seat's side: cards, scoring declarations, belote (x 1/162)."),
    Block("tricks_won", (SEATS,), "Tricks won so far by each seat's side (x 1/tricks per deal)."),
    Block("totals", (SEATS,), "Match score of each seat's side before this deal (x 1/1000)."),
    Block("target", (1,), "The match target (x 1/1000)."),
    Block("pending", (1,), "Litige points waiting from earlier deals (x 1/162)."),
    Block("phase", (4,), "One-hot: bidding round 1, bidding round 2, play, over."),
    Block("to_act", (SEATS,), "The seat whose turn it is."),
    Block("swap_window", (1,), "1 when the observer is offered the out-of-turn swap now (legal: swap or pass = keep)."),
    Block("seats", (SEATS,), "1 for each seat slot in use (the number of players)."),
    Block("partners", (1,), "1 when seats 0 and 2, 1 and 3 play as teams."),
    Block("tricks_played", (1,), "Completed tricks (x 1/tricks per deal)."),
)
"""Layout of the observation tensor, version 1: what one seat may know (seats relative to it)."""

STATE_V1: Final = (
    *OBSERVATION_V1,
    Block("hands", (SEATS, 32), "Every seat's hand (full-state view only)."),
)
"""Layout of the full-state tensor, version 1: ``OBSERVATION_V1`` then every seat's hand."""

OBSERVATION_V1_SIZE: Final = sum(block.size for block in OBSERVATION_V1)
"""Length of an ``OBSERVATION_V1`` vector."""
STATE_V1_SIZE: Final = sum(block.size for block in STATE_V1)
"""Length of a ``STATE_V1`` vector."""

TRICKS: Final = 9
"""Trick slots of the trick history (the longest deal: ``french``)."""

INFORMATION_STATE_V1: Final = (
    *OBSERVATION_V1,
    Block("first_hand", (32,), "The observer's cards at the first distribution (what it bid with)."),
    Block("trick_history", (TRICKS, SEATS, 32), "Every completed trick in order: [trick, position, card], position 0 the card led."),
    Block("trick_history_leaders", (TRICKS, SEATS), "The seat that led each completed trick."),
)
"""Layout of the information-state tensor, version 1: ``OBSERVATION_V1`` then the tricks in order.

With the bids by round and seat already in ``OBSERVATION_V1``, this is what the seat
has seen of the deal, in order (perfect recall)."""
INFORMATION_STATE_V1_SIZE: Final = sum(block.size for block in INFORMATION_STATE_V1)
"""Length of an ``INFORMATION_STATE_V1`` vector."""


def _version_2(block: Block) -> tuple[Block, ...]:
    if block.name == "swapped":
        return (block, Block("kept", (SEATS,), "The seat that kept the 7 of trump (declined the swap)."))
    if block.name == "swap_window":
        return (Block("swap_pending", (1,), "1 while the holder of the 7 of trump (the seat to act) decides: swap or keep."),)
    return (block,)


OBSERVATION_V2: Final = tuple(new for block in OBSERVATION_V1 for new in _version_2(block))
"""Layout of the observation tensor, version 2: ``OBSERVATION_V1`` with the swap as one seat's turn.

``swap_window`` becomes ``swap_pending`` (the holder is the seat to act, deciding swap or
keep) and ``kept`` follows ``swapped``."""
STATE_V2: Final = (*OBSERVATION_V2, STATE_V1[-1])
"""Layout of the full-state tensor, version 2: ``OBSERVATION_V2`` then every seat's hand."""
INFORMATION_STATE_V2: Final = (*OBSERVATION_V2, *INFORMATION_STATE_V1[len(OBSERVATION_V1):])
"""Layout of the information-state tensor, version 2: ``OBSERVATION_V2`` then the tricks in order."""
OBSERVATION_V2_SIZE: Final = sum(block.size for block in OBSERVATION_V2)
"""Length of an ``OBSERVATION_V2`` vector."""
STATE_V2_SIZE: Final = sum(block.size for block in STATE_V2)
"""Length of a ``STATE_V2`` vector."""
INFORMATION_STATE_V2_SIZE: Final = sum(block.size for block in INFORMATION_STATE_V2)
"""Length of an ``INFORMATION_STATE_V2`` vector."""


def block_offsets(layout: tuple[Block, ...]) -> dict[str, int]:
    """The offset of every block of ``layout`` by name (``InvalidArgumentType`` but for ``Block`` values)."""
    offsets, at = {}, 0
    for index, item in enumerate(sequence(layout, "layout")):
        block = instance(item, Block, f"layout[{index}]")
        offsets[block.name] = at
        at += block.size
    return offsets


def _version_3(block: Block) -> Block:
    if block.name == "turned":
        return Block("turned", block.shape, "The card turned up after the first distribution (none in an auction).")
    if block.name == "phase":
        return Block("phase", block.shape, "One-hot: bidding round 1 (or the auction), bidding round 2, play, over.")
    return block


AUCTION_BLOCKS: Final = (
    Block("contract_value", (1,), "The standing contract's value, then the contract played (x 1/162; a capot bid: the capot contract's value)."),
    Block("contract_capot", (1,), "1 when the standing contract is a capot bid."),
    Block("contract_strain", (6,), "The standing contract's strain: S H D C, no trump, all trump."),
    Block("bidder", (SEATS,), "The seat that bid the standing contract."),
    Block("coinched", (2,), "[0] the contract is coinched (or surcoinched), [1] it is surcoinched."),
    Block("coincher", (SEATS,), "The seat that coinched."),
    Block("auction", (SEATS, AUCTION_COLUMNS), f"Every bid each seat said: [seat, id - {ID_BID}] for the action ids {ID_BID} to {ID_SURCOINCHE} (each bid, then coinche, surcoinche), lined up with the action mask."),
)
"""The blocks version 3 appends to ``OBSERVATION_V2``: the auction of contracts (0 in other variants)."""
OBSERVATION_V3: Final = (*(_version_3(block) for block in OBSERVATION_V2), *AUCTION_BLOCKS)
"""Layout of the observation tensor, version 3: ``OBSERVATION_V2`` followed by the auction.

The first ``OBSERVATION_V2_SIZE`` values are the version 2 vector (only the meaning of
``turned`` and ``phase`` is extended to an auction, where nothing is turned and the
auction is bidding round 1); then the standing contract, the coinche and every bid
heard. In the variants without an auction the appended blocks stay 0, and in a strain
auction (``bulgarian``, whose bids have no column here) too: version 4 shows it."""
STATE_V3: Final = (*OBSERVATION_V3, STATE_V1[-1])
"""Layout of the full-state tensor, version 3: ``OBSERVATION_V3`` then every seat's hand."""
INFORMATION_STATE_V3: Final = (*OBSERVATION_V3, *INFORMATION_STATE_V1[len(OBSERVATION_V1):])
"""Layout of the information-state tensor, version 3: ``OBSERVATION_V3`` then the tricks in order.

The ``auction`` block holds every bid with its seat; bids only go up, so their order
and the passes between them follow: with the tricks in order, perfect recall."""
OBSERVATION_V3_SIZE: Final = sum(block.size for block in OBSERVATION_V3)
"""Length of an ``OBSERVATION_V3`` vector."""
STATE_V3_SIZE: Final = sum(block.size for block in STATE_V3)
"""Length of a ``STATE_V3`` vector."""
INFORMATION_STATE_V3_SIZE: Final = sum(block.size for block in INFORMATION_STATE_V3)
"""Length of an ``INFORMATION_STATE_V3`` vector."""
CURRENT_VERSION: Final = 4
"""The layout version the adapters use (PettingZoo's ``belote_v4``, OpenSpiel's tensors; ``tensor_v4``)."""

_AT, _AT2, _AT3 = ({**block_offsets(s), **block_offsets(i)} for s, i in ((STATE_V1, INFORMATION_STATE_V1), (STATE_V2, INFORMATION_STATE_V2), (STATE_V3, INFORMATION_STATE_V3)))


def layout_table(layout: tuple[Block, ...] = OBSERVATION_V1, skip: int = 0) -> str:
    """The layout as a Markdown table (name, offset, shape, size, meaning).

    Args:
        layout: the layout.
        skip: leave out the first ``skip`` blocks (offsets still count them), to show
            only what a layout adds to another.

    >>> print(layout_table().splitlines()[2])
    | `hand` | 0 | 32 | 32 | 1 for each card the observer holds. |

    Raises:
        InvalidArgumentType: ``layout`` is not a list or tuple of blocks, ``skip`` not a
            whole number.
    """
    for block in sequence(layout, "layout"):
        instance(block, Block, "layout[...]")
    whole(skip, "skip", 0)
    lines = ["| block | offset | shape | size | meaning |", "|---|---:|---|---:|---|"]
    at = 0
    for index, block in enumerate(layout):
        shape = " × ".join(str(dim) for dim in block.shape)
        if index >= skip:
            lines.append(f"| `{block.name}` | {at} | {shape} | {block.size} | {block.meaning} |")
        at += block.size
    lines.append(f"| | {at} | | | total |")
    return "\n".join(lines)


# --- the encoder ------------------------------------------------------------------------------


def _shown(deal: Deal, history: Sequence[Action] | None, shown: Shown | None) -> Shown:
    """``shown``, else the summary of ``history`` (default: the deal's)."""
    return shown if shown is not None else Shown(deal.players, deal.history if history is None else history, deal.rules.has_auction)


def _write(out: npt.NDArray[np.float32] | None, size: int, bits: int) -> npt.NDArray[np.float32]:
    """The first ``size`` values of ``out`` (or of a new float32 array) set to the bits of ``bits``."""
    import numpy as np

    values = np.unpackbits(
        np.frombuffer(bits.to_bytes((size + 7) // 8, "little"), np.uint8), count=size, bitorder="little"
    )
    if out is None:
        return values.astype(np.float32)
    out[:size] = values
    return out


def _checked(deal: object, seat: object, swap_window: object, out: object, history: object,
             shown: object, size: int) -> int:
    """``seat``, once every argument of an encoder is checked (a typed error naming the one wrong)."""
    players = instance(deal, Deal, "deal").players
    checked = whole(seat, "seat", 0, players - 1)
    instance(swap_window, bool, "swap_window")
    if out is not None and (getattr(out, "dtype", None) != "float32" or getattr(out, "ndim", 0) != 1
                            or len(out) < size):  # type: ignore[arg-type]
        raise InvalidArgumentType(f"out: expected a float32 vector of at least {size} values, "
                                  f"got {shown_value(out)}")
    actions = None if history is None else sequence(history, "history")
    if shown is not None:
        if instance(shown, Shown, "shown").players != players:
            raise InvalidArgument(f"shown: {shown_value(shown)} is of other seats than the deal's")
    elif actions is not None:  # read here: each action is checked once
        for action in actions:
            instance(action, Action, "history")
    return checked


def encode_layout(
    deal: Deal, seat: int, swap_window: bool, out: npt.NDArray[np.float32] | None,
    history: Sequence[Action] | None, shown: Shown | None, version: int | dict[str, int], extra: str, size: int,
) -> npt.NDArray[np.float32]:
    """A vector: the observation blocks, then ``extra`` (``""``, ``"hands"`` or ``"tricks"``); ``version`` 1 to 3 or a layout's [`block_offsets`][belote.adapters.tensor.block_offsets].

    The door of the compiled encoders (which check nothing): the arguments are checked here.
    """
    seat = _checked(deal, seat, swap_window, out, history, shown, size)
    at = version if isinstance(version, dict) else (_AT, _AT2, _AT3)[version - 1]
    seen = _shown(deal, history, shown)
    bits = observation_bits(deal, seat, seen, swap_window, at)
    if extra == "hands":
        bits |= hands_bits(deal, seat, at)
    elif extra == "tricks":
        bits |= tricks_bits(deal, seat, at)
    vector = _write(out, size, bits)
    write_scaled(vector, deal, seat, at, seen)
    return vector


def observation_v1(
    deal: Deal,
    seat: int,
    *,
    swap_window: bool = False,
    out: npt.NDArray[np.float32] | None = None,
    history: Sequence[Action] | None = None,
    shown: Shown | None = None,
) -> npt.NDArray[np.float32]:
    """The ``OBSERVATION_V1`` vector of ``seat``: what it may know of ``deal``.

    Args:
        deal: the deal.
        seat: the observing seat.
        swap_window: the observer is being offered the out-of-turn swap now.
        out: an array of ``OBSERVATION_V1_SIZE`` (or more) float32 values to fill
            instead of a new one.
        history: the deal's actions so far when the caller keeps them
            ([`Table.actions`][belote.adapters.tensor.Table.actions]), else read from the deal.
        shown: what those actions have shown, when the caller keeps it
            ([`Table.shown`][belote.adapters.tensor.Table.shown], a [`Shown`][belote.adapters.encoding.Shown]): then the history is not read.

    >>> from belote.deal import Deal
    >>> vector = observation_v1(Deal.random("classic", seed=1), 0)
    >>> vector.shape, int(vector[:32].sum())
    ((629,), 5)
    """
    return encode_layout(deal, seat, swap_window, out, history, shown, 1, "", OBSERVATION_V1_SIZE)


def state_v1(
    deal: Deal,
    seat: int,
    *,
    swap_window: bool = False,
    out: npt.NDArray[np.float32] | None = None,
    history: Sequence[Action] | None = None,
    shown: Shown | None = None,
) -> npt.NDArray[np.float32]:
    """The ``STATE_V1`` vector: ``seat``'s observation followed by every seat's hand.

    Arguments as for [`observation_v1`][belote.adapters.tensor.observation_v1].
    """
    return encode_layout(deal, seat, swap_window, out, history, shown, 1, "hands", STATE_V1_SIZE)


def information_state_v1(
    deal: Deal,
    seat: int,
    *,
    swap_window: bool = False,
    out: npt.NDArray[np.float32] | None = None,
    history: Sequence[Action] | None = None,
    shown: Shown | None = None,
) -> npt.NDArray[np.float32]:
    """The ``INFORMATION_STATE_V1`` vector: ``seat``'s observation, first hand and the tricks.

    Arguments as for [`observation_v1`][belote.adapters.tensor.observation_v1].
    """
    return encode_layout(deal, seat, swap_window, out, history, shown, 1, "tricks", INFORMATION_STATE_V1_SIZE)


def observation_v2(
    deal: Deal,
    seat: int,
    *,
    out: npt.NDArray[np.float32] | None = None,
    history: Sequence[Action] | None = None,
    shown: Shown | None = None,
) -> npt.NDArray[np.float32]:
    """The ``OBSERVATION_V2`` vector of ``seat``: what it may know of ``deal``.

    Args:
        deal: the deal.
        seat: the observing seat.
        out: an array of ``OBSERVATION_V2_SIZE`` (or more) float32 values to fill
            instead of a new one.
        history: the deal's actions so far when the caller keeps them
            ([`Table.actions`][belote.adapters.tensor.Table.actions]), else read from the deal.
        shown: what those actions have shown, when the caller keeps it
            ([`Table.shown`][belote.adapters.tensor.Table.shown], a [`Shown`][belote.adapters.encoding.Shown]): then the history is not read.

    >>> from belote.deal import Deal
    >>> vector = observation_v2(Deal.random("classic", seed=1), 0)
    >>> vector.shape, int(vector[:32].sum())
    ((633,), 5)
    """
    return encode_layout(deal, seat, False, out, history, shown, 2, "", OBSERVATION_V2_SIZE)


def state_v2(
    deal: Deal,
    seat: int,
    *,
    out: npt.NDArray[np.float32] | None = None,
    history: Sequence[Action] | None = None,
    shown: Shown | None = None,
) -> npt.NDArray[np.float32]:
    """The ``STATE_V2`` vector: ``seat``'s observation followed by every seat's hand.

    Arguments as for [`observation_v2`][belote.adapters.tensor.observation_v2].
    """
    return encode_layout(deal, seat, False, out, history, shown, 2, "hands", STATE_V2_SIZE)


def information_state_v2(
    deal: Deal,
    seat: int,
    *,
    out: npt.NDArray[np.float32] | None = None,
    history: Sequence[Action] | None = None,
    shown: Shown | None = None,
) -> npt.NDArray[np.float32]:
    """The ``INFORMATION_STATE_V2`` vector: ``seat``'s observation, first hand and the tricks.

    Arguments as for [`observation_v2`][belote.adapters.tensor.observation_v2].
    """
    return encode_layout(deal, seat, False, out, history, shown, 2, "tricks", INFORMATION_STATE_V2_SIZE)


def observation_v3(
    deal: Deal,
    seat: int,
    *,
    out: npt.NDArray[np.float32] | None = None,
    history: Sequence[Action] | None = None,
    shown: Shown | None = None,
) -> npt.NDArray[np.float32]:
    """The ``OBSERVATION_V3`` vector of ``seat``: what it may know of ``deal``, the auction included.

    Arguments as for [`observation_v2`][belote.adapters.tensor.observation_v2]; its first
    ``OBSERVATION_V2_SIZE`` values are the ``observation_v2`` vector.

    >>> from belote.deal import Deal
    >>> deal = Deal.random("contree", seed=1)
    >>> _ = deal.apply("1 bid 90 H")
    >>> vector = observation_v3(deal, 0)
    >>> vector.shape, round(float(vector[633] * 162)), vector[635:641].tolist()
    ((1403,), 90, [0.0, 1.0, 0.0, 0.0, 0.0, 0.0])
    """
    return encode_layout(deal, seat, False, out, history, shown, 3, "", OBSERVATION_V3_SIZE)


def state_v3(
    deal: Deal,
    seat: int,
    *,
    out: npt.NDArray[np.float32] | None = None,
    history: Sequence[Action] | None = None,
    shown: Shown | None = None,
) -> npt.NDArray[np.float32]:
    """The ``STATE_V3`` vector: ``seat``'s observation followed by every seat's hand.

    Arguments as for [`observation_v2`][belote.adapters.tensor.observation_v2].
    """
    return encode_layout(deal, seat, False, out, history, shown, 3, "hands", STATE_V3_SIZE)


def information_state_v3(
    deal: Deal,
    seat: int,
    *,
    out: npt.NDArray[np.float32] | None = None,
    history: Sequence[Action] | None = None,
    shown: Shown | None = None,
) -> npt.NDArray[np.float32]:
    """The ``INFORMATION_STATE_V3`` vector: ``seat``'s observation, first hand and the tricks.

    Arguments as for [`observation_v2`][belote.adapters.tensor.observation_v2].
    """
    return encode_layout(deal, seat, False, out, history, shown, 3, "tricks", INFORMATION_STATE_V3_SIZE)


# --- a deal as single-agent turns -------------------------------------------------------------


class Table:
    """A deal as a sequence of turns of one seat each, driven by action ids.

    The seat to act is the deal's [`to_act`][belote.deal.Deal.to_act] and its legal ids
    are those of [`legal_action_mask`][belote.deal.Deal.legal_action_mask]: exactly
    one seat acts at every decision, the seven swap included (the holder's ``swap`` or ``keep`` turn,
    docs/rules.md#seven-swap). The table keeps the ids it applied, so it pickles as
    the deal's record (variant, players, dealer, deck, action ids) and is read back by
    replaying them.

    Args:
        deal: the deal to drive (not copied; the table applies actions to it).

    >>> from belote.deal import Deal
    >>> table = Table(Deal.random("classic", seed=3))
    >>> table.seat, table.legal_ids()
    (1, [0, 1])
    >>> table.apply(0)
    >>> table.seat
    2
    """

    __slots__ = ("_mask", "actions", "deal", "ids", "shown")

    def __init__(self, deal: Deal) -> None:
        self.deal = instance(deal, Deal, "deal")
        self.actions: list[Action] = deal.history
        """The deal's actions so far, kept as they are applied (``declare`` of
        everything held stays without cards)."""
        self.ids: list[int] = [action_id(action) for action in self.actions]
        """The action ids applied so far (those of [`actions`][belote.adapters.tensor.Table.actions])."""
        self.shown = Shown(deal.players, self.actions, deal.rules.has_auction)
        """What those actions have shown (kept up to date): the encoders' ``shown`` argument."""
        self._mask = -1  # the legal mask of the seat to act, -1 until computed

    @classmethod
    def replay(
        cls,
        variant: str,
        players: int,
        dealer: int,
        deck: Sequence[int],
        ids: Sequence[int],
        totals: Sequence[int] | None = None,
        target: int | None = None,
        pending: int = 0,
    ) -> Table:
        """The table of a new deal with these ids applied again, each checked as it is applied.

        Raises:
            InvalidArgument: a bad variant, table, dealer or deck.
            IllegalAction: an id that is not legal when it comes.
        """
        deal = Deal(variant, list(deck), dealer, players, totals=totals, target=target, pending=pending)
        table = cls(deal)
        for ident in ids:
            table.apply(ident)
        return table

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickle as the deal's record: the deck and the action ids, replayed when read.

        The ids are bytes, or a tuple once an auction's ids pass 255.
        """
        deal = self.deal
        deck = bytes(card.index for card in deal.deck)
        ids = self.ids
        return (
            Table.replay,
            (spec_of(deal.rules), deal.players, deal.dealer, deck,
             bytes(ids) if all(ident < 256 for ident in ids) else tuple(ids),
             tuple(deal.totals), deal.target, deal.pending),
        )

    def copy(self) -> Table:
        """An independent copy (the deal copied)."""
        new = Table.__new__(Table)
        new.deal = self.deal.copy()
        new.actions = self.actions[:]
        new.ids = self.ids[:]
        new.shown = self.shown.copy()
        new._mask = self._mask
        return new

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        """The fast copy: the deal's own [`copy`][belote.deal.Deal.copy] (values are shared)."""
        return self.copy()

    @property
    def seat(self) -> int | None:
        """The seat to act now (the deal's ``to_act``), ``None`` once over."""
        return self.deal.to_act

    def legal_mask(self) -> int:
        """The legal ids of [`seat`][belote.adapters.tensor.Table.seat] as a bit mask (bit ``i``: id ``i``)."""
        if self._mask >= 0:
            return self._mask
        self._mask = mask = self.deal.legal_action_mask()  # every legal id is to_act's
        return mask

    def legal_ids(self) -> list[int]:
        """The legal action ids of [`seat`][belote.adapters.tensor.Table.seat], ascending (a new list)."""
        mask, ids = self.legal_mask(), []
        while mask:
            low = mask & -mask
            ids.append(low.bit_length() - 1)
            mask ^= low
        return ids

    def apply(self, ident: int) -> None:
        """Apply action id ``ident`` for [`seat`][belote.adapters.tensor.Table.seat].

        Raises:
            IllegalAction: ``ident`` is not one of [`legal_ids`][belote.adapters.tensor.Table.legal_ids].
        """
        if type(ident) is not int or not 0 <= ident < ACTION_IDS or not self.legal_mask() >> ident & 1:
            raise IllegalAction(f"action id {ident!r} is not legal now")
        deal = self.deal
        seat = deal.to_act
        assert seat is not None
        deal.apply_id(ident)
        self._mask = -1
        action = action_from_id(ident, seat)
        self.actions.append(action)
        self.shown.add(action)
        self.ids.append(ident)


def render_text(table: Table) -> str:
    """A few lines drawing the table: contract, every hand, the current trick, the points.

    The seat to act is marked ``*``.

    Raises:
        InvalidArgumentType: ``table`` is not a ``Table``.
    """
    deal = instance(table, Table, "table").deal
    lines = [f"{spec_of(deal.rules)}, {deal.players} players, dealer {deal.dealer}, {deal.phase.value}"]
    shown = table.shown
    if deal.rules.has_auction:
        if shown.contract < 0:
            turned = "no contract yet"
        else:
            contract = action_from_id(shown.contract, shown.bidder)
            turned = f"contract {str(contract).split(' ', 2)[2]} by seat {shown.bidder}"
            turned += (("", ", doubled", ", redoubled", ", re-redoubled") if shown.strain_auction
                       else ("", ", coinched", ", surcoinched"))[shown.doubling]
    else:
        turned = f"turned {deal.turned}"
        if deal.trump is not None:
            turned += f", trump {deal.trump.letter} taken by seat {deal.taker}"
    lines.append(turned)
    seat_to_act = table.seat
    for seat in range(deal.players):
        marker = "*" if seat == seat_to_act else " "
        lines.append(f"{marker} seat {seat}: {deal.hand(seat)}")
    if deal.trick:
        lines.append(f"trick (led by seat {deal.trick_leader}): {' '.join(map(str, deal.trick))}")
    if deal.is_over:
        lines.append(f"over: scores {deal.result.scores}")
    else:
        points = ", ".join(str(deal.points_so_far(side)) for side in range(deal.sides))
        lines.append(f"tricks played {deal.tricks_played}, points so far {points}")
    return "\n".join(lines)
