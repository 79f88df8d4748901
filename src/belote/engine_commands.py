"""The ``belote engine serve`` command: any bot over the engine protocol (docs/engines.md)."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from belote.engine import serve
from belote.registry import make_bot

__all__ = ["serve_command"]


def serve_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote engine serve BOT``: play a built-in or plug-in bot over ``belote-engine/1`` on standard input and output.

    Raises:
        BeloteError: an unknown bot or a bad option (before anything is read).
    """
    agent = make_bot(args.bot)
    return serve(agent, args.bot, sys.stdin, out)
