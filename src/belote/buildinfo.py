"""Which core runs: the modules compiled with mypyc, or the pure-Python ones.

``pip install .`` compiles the hot modules of the library with mypyc where a C
compiler and the Python headers are present, and installs the same modules
as plain Python where they are not, or when ``BELOTE_PURE=1`` is set (see the
docs' page *The compiled core*). Both run the same source and give the same
results; the compiled one is faster. [core][belote.buildinfo.core] says which
one this process runs, so nobody benchmarks the wrong one by accident;
``belote --version`` prints it too.

>>> str(core()) in ("pure Python", f"compiled, mypyc {core().mypyc}")
True
"""

from __future__ import annotations

import json
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.resources import files
from importlib.util import find_spec

import attrs

__all__ = ["Core", "core"]

# Written into the wheel by the build hook (hatch_build.py) when it compiles the core.
_CORE_FILE = "_core.json"


@attrs.frozen
class Core:
    """The core a process runs.

    Attributes:
        compiled: True when every module the build compiled is loaded as an
            extension module; False for the pure-Python core (an editable or
            pure install, or compiled modules shadowed by the sources).
        mypyc: The version of mypyc that compiled the installed core, or None
            when the installed core is pure.
        modules: The modules loaded as compiled extension modules.
    """

    compiled: bool
    mypyc: str | None
    modules: tuple[str, ...]

    def __str__(self) -> str:
        """``compiled, mypyc X`` or ``pure Python``, as ``belote --version`` prints it."""
        return f"compiled, mypyc {self.mypyc}" if self.compiled else "pure Python"


def _is_extension(module: str) -> bool:
    spec = find_spec(module)
    origin = spec.origin if spec is not None else None
    return origin is not None and origin.endswith(tuple(EXTENSION_SUFFIXES))


def core() -> Core:
    """Which core this process runs, compiled by mypyc or pure Python.

    Returns:
        The [Core][belote.buildinfo.Core]: ``compiled`` is True only when all
        the modules the build compiled are the ones loaded.

    >>> core().compiled in (True, False)
    True
    """
    try:
        text = files("belote").joinpath(_CORE_FILE).read_text(encoding="utf-8")
    except FileNotFoundError:
        return Core(compiled=False, mypyc=None, modules=())
    info = json.loads(text)
    listed = [str(name) for name in info["modules"]]
    loaded = tuple(name for name in listed if _is_extension(name))
    compiled = bool(listed) and len(loaded) == len(listed)
    return Core(compiled=compiled, mypyc=str(info["mypyc"]), modules=loaded)
