"""``belote solve``: the exact solve of a full position, or a recommendation from one seat's knowledge.

A position with every hand known is solved exactly
([`solve_position`][belote.solver.analyze.solve_position]); one whose other
hands are written ``?`` (docs/positions.md#from-one-seats-knowledge) gets
the Monte Carlo recommendation of [`recommend`][belote.agents.advice.recommend],
an estimate on ``--samples`` deals drawn with ``--seed``.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from belote.agents.advice import recommend
from belote.cli.main import EXIT_OK, read_text, write_json
from belote.cli.options import time_limit
from belote.deal.viewpoint import hidden_seats, read_viewpoint
from belote.solver.analyze import solution_json, solution_text, solve_position

__all__ = ["solve_command"]


def solve_command(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``belote solve`` (docs/positions.md#solving-a-position)."""
    text = (read_text("-") if args.position == "-" else args.position).strip()
    if hidden_seats(text):
        view = read_viewpoint(text)
        with time_limit(args.time_limit, "this position"):
            found = recommend(view, samples=args.samples, seed=args.seed)
        if args.json:
            write_json({"position": view.position, **found.to_json()}, out)
        else:
            out.write(found.to_text())
        return EXIT_OK
    with time_limit(args.time_limit, "this position"):
        deal, solution = solve_position(text)
    if args.json:
        write_json(solution_json(deal, solution), out)
    else:
        out.write(solution_text(deal, solution))
    return EXIT_OK
