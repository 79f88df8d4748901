"""The ``belote simulate``, ``compare`` (and ``compare --knobs``) and ``duel`` commands: arguments in, text or JSON out."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, TextIO, cast

from belote.cli.options import bot_limits, bot_traceback
from belote.errors import CommandError, InvalidArgument
from belote.experiments.compare import Comparison, compare, default_variants, score_unit
from belote.experiments.duel import DuelResult, duel
from belote.experiments.parallel import with_executor
from belote.experiments.simulate import Fallbacks, simulate
from belote.experiments.stats import SimulationStats
from belote.rules import available_variants, get_rules

__all__ = [
    "RecordFile", "compare_command", "duel_command", "knobs_command", "left_out_note",
    "simulate_command",
]


# --- the commands -----------------------------------------------------------------------------


def _write(document: object, out: TextIO) -> None:
    json.dump(document, out, indent=2, ensure_ascii=False)
    out.write("\n")


def simulate_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote simulate``: print a variant's statistics (text, or JSON with ``--json``).

    Raises:
        BeloteError: bad input (reported by the CLI as one ``error:`` line).
    """
    rules = get_rules(args.variant)
    records: RecordFile | None = None
    if args.records:
        try:
            records = RecordFile(args.records)
        except OSError as exc:
            raise InvalidArgument(f"cannot write {args.records}: {exc.strerror or exc}") from None
    fallbacks = Fallbacks()
    try:
        with bot_traceback(args):  # --debug: a failing bot's own traceback
            stats = with_executor(
                args.jobs,
                lambda executor: simulate(
                    rules, args.deals, args.seed, args.players, args.bots, executor,
                    cast(TextIO, records),
                    progress=True, bot_limits=bot_limits(args), fallbacks=fallbacks,
                ),
                getattr(args, "dask", None),
            )
    finally:
        if records is not None:
            records.close()
    assert isinstance(stats, SimulationStats)
    _report(stats.to_json(), stats.to_text(), fallbacks, args.json, out)
    return 0


def _report(doc: dict[str, object], text: str, fallbacks: Fallbacks, as_json: bool,
            out: TextIO) -> None:
    """Print a run's figures, and the decisions an engine's fallback took (as ``duel`` does)."""
    if as_json:
        if fallbacks.count:
            doc["fallbacks"] = fallbacks.to_json()
        _write(doc, out)
    else:
        out.write(text + fallbacks.text())


class RecordFile:
    """The file of ``simulate --records``: whole lines only, even when the disk fills up.

    Each write (a chunk's records, whole lines) goes to the file at once,
    unbuffered. When one fails (a full disk, ``/dev/full``, a file size
    limit), the file is cut back to the end of the last whole write, so every
    line in it is a complete record, and the command stops with status 2 and
    one ``error:`` line naming the file.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        self.good = 0

    def write(self, text: str) -> int:
        """Write ``text`` (whole lines) or raise ``CommandError`` with the file cut back."""
        data = memoryview(text.encode("utf-8"))
        try:
            while data:
                data = data[os.write(self.fd, data):]
        except OSError as exc:
            with contextlib.suppress(OSError):  # /dev/full cannot be cut: it holds nothing
                os.ftruncate(self.fd, self.good)
            raise CommandError(f"cannot write {self.path}: {exc.strerror or exc}; it holds "
                               f"the records written before, each line whole") from None
        self.good += len(text.encode("utf-8"))
        return len(text)

    def close(self) -> None:
        """Close the file."""
        os.close(self.fd)


def left_out_note() -> str | None:
    """A one-line note naming the variants ``compare`` leaves out by default, and why.

    ``None`` when every variant is compared by default.
    """
    chosen = set(default_variants())
    others = [r for r in available_variants() if r.name not in chosen]
    if not others:
        return None
    names = ", ".join(r.name for r in others)
    why = "; ".join(
        f"{r.name}: scored in game points, another scale" if score_unit(r) != "points"
        else f"{r.name}: {' or '.join(str(n) for n in r.player_counts)} players"
        + ("" if r.partnerships else ", no teams")
        for r in others
    )
    return (f"Note: {names} left out: the default is the variants for two teams of two scored "
            f"in points ({why});\n"
            f"name one to compare it: belote compare {default_variants()[0]} {others[0].name}")


def compare_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote compare``: print the variants side by side (text, or JSON with ``--json``).

    ``--plot FILE`` also writes a chart through ``belote.experiments.plot`` (the ``plot``
    extra), imported only then.

    Raises:
        BeloteError: bad input (reported by the CLI as one ``error:`` line),
            including ``--plot`` without matplotlib.
    """
    if getattr(args, "knobs", None) is not None:
        return knobs_command(args, out)
    if getattr(args, "disputes", False):
        raise InvalidArgument("--disputes goes with --knobs VARIANT")
    variants = [get_rules(name) for name in args.variants] or None
    matches = getattr(args, "matches", None)
    plot_path: str | None = getattr(args, "plot", None)
    if plot_path:
        _check_writable(plot_path)  # before the run, not after it
    plot = _plotter() if plot_path else None
    par = getattr(args, "par_deals", 0) if getattr(args, "par", False) else 0
    fallbacks = Fallbacks()
    with bot_traceback(args):  # --debug: a failing bot's own traceback
        comparison = with_executor(
            args.jobs,
            lambda executor: compare(
                variants, args.deals, args.seed, args.players, args.bots, executor,
                matches=matches, progress=True, par=par, bot_limits=bot_limits(args),
                fallbacks=fallbacks,
            ),
            getattr(args, "dask", None),
        )
    assert isinstance(comparison, Comparison)
    if args.json:
        _report(comparison.to_json(), "", fallbacks, True, out)
    else:
        _report({}, comparison.to_text(), fallbacks, False, out)
        note = None if variants else left_out_note()
        if note:
            out.write("\n" + note + "\n")
    if plot is not None and plot_path is not None:
        _draw(plot, comparison, plot_path)
    return 0


def knobs_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote compare --knobs VARIANT``: rank the variant's single-knob changes.

    Takes the options of ``compare`` (``--deals``, ``--seed``, ``--players``,
    ``--bots``, ``--matches``, ``--jobs``, ``--dask``, ``--json``, ``--plot``)
    but no other variant and no ``--par``.

    Raises:
        BeloteError: bad input (reported by the CLI as one ``error:`` line).
    """
    from belote.experiments.whatif import KnobRanking, knob_effects

    if args.variants:
        raise InvalidArgument(
            f"--knobs {args.knobs}: name no other variant (got {' '.join(args.variants)})"
        )
    if getattr(args, "par", False):
        raise InvalidArgument("--knobs and --par do not go together")
    rules = get_rules(args.knobs)
    plot_path: str | None = getattr(args, "plot", None)
    if plot_path:
        _check_writable(plot_path)
    plot = _plotter("plot_knobs") if plot_path else None
    ranking = with_executor(
        args.jobs,
        lambda executor: knob_effects(
            rules, args.deals, args.seed, args.players, args.bots, executor,
            matches=getattr(args, "matches", None), progress=True,
            disputes=bool(getattr(args, "disputes", False)),
        ),
        getattr(args, "dask", None),
    )
    assert isinstance(ranking, KnobRanking)
    if args.json:
        _write(ranking.to_json(), out)
    else:
        out.write(ranking.to_text())
    if plot is not None and plot_path is not None:
        _draw(plot, ranking, plot_path)
    return 0


def _draw(plot: Callable[[Any, str], object], value: object, path: str) -> None:
    """Write a chart, turning a file problem into a typed error.

    Raises:
        InvalidArgument: the file cannot be written, or matplotlib refuses its name.
    """
    try:
        plot(value, path)
    except OSError as exc:
        raise InvalidArgument(f"cannot write {path}: {exc.strerror or exc}") from None
    except ValueError as exc:  # e.g. an extension matplotlib does not know
        raise InvalidArgument(f"--plot {path}: {exc}") from None


def _check_writable(path: str) -> None:
    """Refuse a chart file that cannot be written (suffix, folder, permissions) before any work.

    Raises:
        InvalidArgument: the suffix is not .svg or .png, the folder does not
            exist, or the file cannot be created there.
    """
    import os
    from pathlib import Path

    target = Path(path)
    if target.suffix.lower() not in (".svg", ".png"):
        raise InvalidArgument(
            f"--plot {path}: cannot draw into {target.name!r}: the file name must end in .svg or .png"
        )
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise InvalidArgument(f"cannot write {path}: no folder {str(folder)!r}")
    if (target.exists() and not os.access(target, os.W_OK)) or (
        not target.exists() and not os.access(folder, os.W_OK)
    ):
        raise InvalidArgument(f"cannot write {path}: permission denied")


def _plotter(name: str = "plot_comparison") -> Callable[[Any, str], object]:
    """``belote.experiments.plot.plot_comparison`` (or another drawing of ``belote.experiments.plot``), imported lazily.

    Raises:
        InvalidArgument: the ``plot`` extra (matplotlib) is not installed.
    """
    try:
        module = importlib.import_module("belote.experiments.plot")
    except ImportError as exc:
        missing = f" ({exc.name} is missing)" if exc.name else ""
        raise InvalidArgument(
            f"--plot needs matplotlib, from the plot extra{missing}: "
            "pip install 'belote[plot]'"
        ) from None
    plot: Callable[[Any, str], object] = getattr(module, name)
    return plot


def duel_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote duel``: print a duplicate duel's result (text, or JSON with ``--json``).

    Raises:
        BeloteError: bad input (reported by the CLI as one ``error:`` line).
    """
    rules = get_rules(args.variant)
    matches = 0
    if args.matches is not None:
        matches = args.matches if args.matches > 0 else max(1, args.deals // 10)

    par = getattr(args, "par_deals", 0) if getattr(args, "par", False) else 0
    card_losses = bool(getattr(args, "card_losses", False))
    if card_losses and not par:
        raise InvalidArgument("--card-losses needs --par: the cards are valued on the decks solved")

    def run(executor: Executor | None) -> DuelResult:
        return duel(rules, args.bot_a, args.bot_b, args.deals, args.seed, args.players,
                    executor, matches=matches, progress=True, par=par,
                    card_losses=card_losses, bot_limits=bot_limits(args))

    make: Callable[[Executor | None], object] = run
    with bot_traceback(args):  # --debug: a failing bot's own traceback
        result = with_executor(args.jobs, make, args.dask)
    assert isinstance(result, DuelResult)
    if args.json:
        json.dump(result.to_json(), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(result.to_text())
    return 0
