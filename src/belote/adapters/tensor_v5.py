"""Observation version 5: version 4 and the re-redouble (the ``pettingzoo``/``openspiel`` extras).

Version 4 ([`belote.adapters.tensor_v4`][belote.adapters.tensor_v4]) was laid out
before ``auction.reredouble`` added a third level of doubling (``reredouble``,
action id 362, docs/bulgarian.md#the-auction): it shows a re-redoubled contract as
redoubled. Version 5 is version 4 with one block appended to the observation,
``reredoubler``: the seat that re-redoubled the standing contract (relative to the
observer, like every seat), cleared by a higher bid as ``doubler`` is. So the first
``OBSERVATION_V4_SIZE`` values of a version 5 observation are the version 4
observation of the same seat, and a model reads one from the other. The full-state
and information-state views follow the observation with version 4's ``hands``, and
``first_hand`` and the tricks. The adapters keep version 4 (programs rely on it);
version 5 is for those who want the third level told apart.

>>> from belote.deal import Deal
>>> from belote.adapters.tensor_v4 import OBSERVATION_V4_SIZE, observation_v4
>>> deal = Deal.random("bulgarian(auction.reredouble=true)", seed=1)
>>> for action in ("1 bid C", "2 double", "3 redouble", "0 reredouble"):
...     _ = deal.apply(action)
>>> vector = observation_v5(deal, 1)
>>> decode(vector, OBSERVATION_V5)["reredoubler"].tolist()  # seat 0 is slot (0 - 1) % 4
[0.0, 0.0, 0.0, 1.0]
>>> bool((vector[:OBSERVATION_V4_SIZE] == observation_v4(deal, 1)).all()), OBSERVATION_V5_SIZE
(True, 1457)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from belote.actions import Action
from belote.adapters.encoding import SEATS, Shown
from belote.adapters.tensor import Block, block_offsets, encode_layout
from belote.adapters.tensor_v4 import (
    INFORMATION_STATE_V4,
    OBSERVATION_V4,
    STATE_V4,
    decode,
)
from belote.deal import Deal

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "INFORMATION_STATE_V5",
    "INFORMATION_STATE_V5_SIZE",
    "OBSERVATION_V5",
    "OBSERVATION_V5_SIZE",
    "STATE_V5",
    "STATE_V5_SIZE",
    "decode",
    "information_state_v5",
    "observation_v5",
    "state_v5",
]

OBSERVATION_V5: Final = (
    *OBSERVATION_V4,
    Block("reredoubler", (SEATS,), "The seat that re-redoubled the standing contract (`auction.reredouble`; `doubled` shows it as a redouble); a higher bid clears it."),
)
"""Layout of the observation tensor, version 5: ``OBSERVATION_V4`` then ``reredoubler``."""
STATE_V5: Final = (*OBSERVATION_V5, *STATE_V4[len(OBSERVATION_V4):])
"""Layout of the full-state tensor, version 5: ``OBSERVATION_V5`` then every seat's hand."""
INFORMATION_STATE_V5: Final = (*OBSERVATION_V5, *INFORMATION_STATE_V4[len(OBSERVATION_V4):])
"""Layout of the information-state tensor, version 5: ``OBSERVATION_V5`` then the first hand and the tricks in order."""
OBSERVATION_V5_SIZE: Final = sum(block.size for block in OBSERVATION_V5)
"""Length of an ``OBSERVATION_V5`` vector."""
STATE_V5_SIZE: Final = sum(block.size for block in STATE_V5)
"""Length of a ``STATE_V5`` vector."""
INFORMATION_STATE_V5_SIZE: Final = sum(block.size for block in INFORMATION_STATE_V5)
"""Length of an ``INFORMATION_STATE_V5`` vector."""

_AT5: Final = {**block_offsets(STATE_V5), **block_offsets(INFORMATION_STATE_V5)}


def observation_v5(
    deal: Deal,
    seat: int,
    *,
    out: npt.NDArray[np.float32] | None = None,
    history: Sequence[Action] | None = None,
    shown: Shown | None = None,
) -> npt.NDArray[np.float32]:
    """The ``OBSERVATION_V5`` vector of ``seat``: version 4's, then who re-redoubled.

    Arguments as for [`observation_v4`][belote.adapters.tensor_v4.observation_v4], with
    ``out`` of ``OBSERVATION_V5_SIZE`` (or more) values.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: a seat that is not one of the deal's, ``shown`` of another table.
    """
    return encode_layout(deal, seat, False, out, history, shown, _AT5, "", OBSERVATION_V5_SIZE)


def state_v5(
    deal: Deal,
    seat: int,
    *,
    out: npt.NDArray[np.float32] | None = None,
    history: Sequence[Action] | None = None,
    shown: Shown | None = None,
) -> npt.NDArray[np.float32]:
    """The ``STATE_V5`` vector: ``seat``'s observation followed by every seat's hand.

    Arguments as for [`observation_v5`][belote.adapters.tensor_v5.observation_v5].
    """
    return encode_layout(deal, seat, False, out, history, shown, _AT5, "hands", STATE_V5_SIZE)


def information_state_v5(
    deal: Deal,
    seat: int,
    *,
    out: npt.NDArray[np.float32] | None = None,
    history: Sequence[Action] | None = None,
    shown: Shown | None = None,
) -> npt.NDArray[np.float32]:
    """The ``INFORMATION_STATE_V5`` vector: ``seat``'s observation, first hand and the tricks.

    Arguments as for [`observation_v5`][belote.adapters.tensor_v5.observation_v5].
    """
    return encode_layout(deal, seat, False, out, history, shown, _AT5, "tricks", INFORMATION_STATE_V5_SIZE)
