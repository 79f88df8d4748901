"""The host names ``belote serve`` answers for by default: this machine's loopback names.

A module of its own so that both [`belote.web`][belote.web] (the command,
which needs only the core) and [`belote.web.app`][belote.web.app] read them.
"""

from __future__ import annotations

from typing import Final

__all__ = ["LOOPBACK"]

LOOPBACK: Final = ("127.0.0.1", "localhost", "::1")
"""Addresses that only this machine reaches: ``belote serve`` warns on any other, and
answers for these names (``Host``) whatever ``--host``."""
