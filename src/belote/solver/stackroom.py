"""Room on CPython's frame stack for a deep recursion of interpreted Python.

CPython (3.11 to 3.13) keeps its frames in chunks of 16 KB and frees a chunk
as soon as the stack returns below it. A recursion that goes back and forth
across the end of a chunk then allocates and frees one (an ``mmap`` and a
``munmap``) on every call at that depth (CPython issue 142183; newer releases
keep a freed chunk for reuse). [in_room][belote.solver.stackroom.in_room] calls a
function from a frame that has a chunk of its own with room after it.

This module is an interpreter detail and is never compiled: the compiled
core (mypyc) keeps its frames on the C stack and does not call it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FunctionType
from typing import Final

from belote.errors import InvalidArgumentType, shown

__all__ = ["ROOM_WORDS", "in_room", "interpreted"]


def in_room(call: Callable[..., int], *args: object) -> int:
    """``call(*args)`` from a frame that starts a fresh stretch of the interpreter's stack.

    The solver's search recurses about 30 frames deep, more than a chunk
    holds, and where the crossing falls depends on how deep the caller
    already is: the same solve took up to twice as long at some depths as at
    others (``benchmarks/stack.py``). This frame declares a large evaluation
    stack (``ROOM_WORDS``), so the interpreter gives it a chunk of its own
    with room for the whole search after it.

    Args:
        call: The function to call.
        *args: Its arguments.

    Returns:
        What ``call`` returns.

    Raises:
        InvalidArgumentType: ``call`` is not callable.
    """
    if not callable(call):
        raise InvalidArgumentType(f"call: expected a function, got {shown(call)}")
    return call(*args)


# The words of in_room's frame: above 16 KB, so it does not fit an ordinary chunk,
# and large enough for the interpreter to allocate 64 KB, about 38 KB of them free
# after the frame (the search needs about 26 KB at its deepest: 30 frames of ``node``).
ROOM_WORDS: Final = 3200
if sys.implementation.name == "cpython":
    in_room.__code__ = in_room.__code__.replace(co_stacksize=ROOM_WORDS)


def interpreted(function: Callable[..., object]) -> bool:
    """Whether ``function`` runs as interpreted Python (not compiled by mypyc).

    Args:
        function: A function of the module asking.

    Returns:
        True for a plain Python function (with a code object and frames on
        the interpreter's stack), False for a compiled one.

    >>> interpreted(interpreted)
    True
    """
    return isinstance(function, FunctionType)
