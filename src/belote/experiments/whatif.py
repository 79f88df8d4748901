"""What-if rules: which single knob changes a variant's game the most (``belote compare --knobs``).

[`knob_changes`][belote.experiments.whatif.knob_changes] lists every single-knob change
of a variant, read from the rules' own metadata (the knobs a variant spec
may set, [`SETTABLE`][belote.rules.specs.SETTABLE]): each boolean flipped, each
other value of an enum, each whole-number knob at the values the other
registered variants give it. A change the variant cannot take is skipped
with the reason: a knob that plays no part in the variant
([`applies`][belote.records.describe.applies]), a value refused when the rules are
built, or a change of the scoring sides.

[`knob_effects`][belote.experiments.whatif.knob_effects] plays the same decks and
dealers (and the same match deck streams) under the variant and under each
change, like [`compare`][belote.experiments.compare.compare], and measures each change
deck by deck: the share of decks whose deal winner changes, the share of
matches whose winner changes, and the shift in mean points and in the
made, failed, litige and capot rates. Every figure has a 95% interval;
the shifts are paired (the per-deck differences), so they are much
tighter than two separate runs would give. The changes come back ranked,
the largest first.

>>> ranking = knob_effects("classic", deals=20, seed=1, matches=0,
...                        changes=["capot_value=500"])
>>> [(e.label, e.points.value > 0) for e in ranking.effects]
[('capot_value=500', True)]
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from typing import Final

import attrs

from belote.errors import BeloteError, InvalidArgument
from belote.experiments.compare import MATCH_COST, score_unit
from belote.experiments.parallel import chunks, ordered_map
from belote.experiments.simulate import (
    BotSpec,
    Progress,
    bots_for,
    bots_name,
    check_table,
    chunk_for,
    play_dealing,
    play_match_to_target,
)
from belote.experiments.stats import (
    EVENTS,
    Effect,
    PairedSums,
    deal_events,
    effect_text,
    rate,
    wilson,
    winner_of,
)
from belote.records.describe import applies
from belote.rules import Rules, available_variants, default_by, get_rules, readings
from belote.rules.specs import SETTABLE, knob_value, knob_word, rules_from_spec, spec_of, with_knob

__all__ = [
    "DOCS_SECTION",
    "MEASURES",
    "KnobChange",
    "KnobEffect",
    "KnobRanking",
    "Skipped",
    "disputed_changes",
    "knob_changes",
    "knob_effects",
]


MEASURES: Final = {
    "deal_winner": "share of decks won by another side (or drawn) under the change",
    "match_winner": "share of matches, on the same deck stream, won by another side",
    "points": "shift in the mean points handed out per played deal, all sides together",
    "made": "shift in the share of played deals whose contract is made (percentage points)",
    "failed": "shift in the share of played deals whose contract fails (percentage points)",
    "litige": "shift in the share of played deals that end in a litige (percentage points)",
    "capot": "shift in the share of played deals that end in a capot (percentage points)",
}
"""What each figure of a [`KnobEffect`][belote.experiments.whatif.KnobEffect] measures, by its name."""

_FLAGS: Final = EVENTS


# --- the changes -------------------------------------------------------------------------------


def _knob_value(rules: Rules, knob: str) -> object:
    return knob_value(rules, knob)


def _options(kind: object) -> tuple[object, ...]:
    import typing

    args = typing.get_args(kind)
    return args if args else (kind,)


@attrs.frozen
class KnobChange:
    """One knob of a variant set to another value.

    Attributes:
        knob: the knob's name, as ``belote rules --json`` shows it
            (``play.<name>`` for the play obligations).
        value: the new value as a spec writes it (``false``, ``250``, ``none``).
        rules: the variant with that one knob changed.
    """

    knob: str
    value: str
    rules: Rules = attrs.field(eq=False, repr=False)

    @property
    def label(self) -> str:
        """``knob=value``, as inside a variant spec."""
        return f"{self.knob}={self.value}"


@attrs.frozen
class Skipped:
    """A knob (or one value of it) left out of the ranking, and why.

    Attributes:
        knob: the knob's name.
        value: the value that was not tried, or ``None`` when the whole knob was left out.
        reason: why, in a few words.
    """

    knob: str
    value: str | None
    reason: str

    @property
    def label(self) -> str:
        """``knob=value``, or the knob's name alone."""
        return self.knob if self.value is None else f"{self.knob}={self.value}"


def _candidates(base: Rules, knob: str, kind: object) -> list[object]:
    """The values to try for ``knob``: a flip, every other enum word, the other variants' numbers."""
    current = _knob_value(base, knob)
    options = _options(kind)
    if bool in options:
        return [not current]
    for option in options:
        if isinstance(option, type) and issubclass(option, enum.Enum):
            return [member for member in option if member is not current]
    seen: set[object] = set()
    values: list[object] = []
    for value, _who in readings(knob):  # the published rules' other readings
        if value != current and value not in seen:
            seen.add(value)
            values.append(value)
    for other in available_variants():
        value = _knob_value(other, knob)
        if value != current and value not in seen:
            seen.add(value)
            values.append(value)
    return sorted(values, key=lambda v: (v is not None, v if isinstance(v, int) else 0))


def _changed(base: Rules, knob: str, value: object) -> Rules:
    """``base`` with one knob changed (built, so checked like any rules value)."""
    return with_knob(base, knob, value)


def knob_changes(
    variant: Rules | str, players: int | None = None
) -> tuple[list[KnobChange], list[Skipped]]:
    """Every single-knob change of ``variant`` worth playing, and the ones left out.

    The knobs are those a variant spec may set
    ([`SETTABLE`][belote.rules.specs.SETTABLE]), in their declaration order: a
    boolean is flipped, an enum takes each of its other values, a whole
    number takes the values the other registered variants give it (a knob
    every variant sets alike has none to try). Left out, with the reason: a
    knob that plays no part in the variant, a value refused when the rules
    are built, and a change that alters the scoring sides at this table
    (deal winners could not be compared deck by deck).

    >>> changes, skipped = knob_changes("classic")
    >>> "capot_value=250" in [c.label for c in changes]
    True
    >>> [s.reason for s in skipped if s.knob == "capot_split_value"]
    ['does not apply to classic']

    Args:
        variant: the variant (value, name or spec).
        players: the number of players (default: the variant's).

    Raises:
        UnknownVariant: no such variant.
        InvalidArgument: a bad spec, or a player count the variant does not allow.
    """
    base = get_rules(variant)
    n = base.default_players if players is None else base.check_players(players)
    changes: list[KnobChange] = []
    skipped: list[Skipped] = []
    for knob, kind in SETTABLE.items():
        if not applies(base, knob):
            skipped.append(Skipped(knob, None, f"does not apply to {base.name}"))
            continue
        values = _candidates(base, knob, kind)
        if not values:
            skipped.append(Skipped(knob, None, "every variant sets it alike"))
            continue
        for value in values:
            _try_change(base, knob, value, n, changes, skipped)
    return changes, skipped


def _try_change(
    base: Rules, knob: str, value: object, n: int, changes: list[KnobChange],
    skipped: list[Skipped],
) -> None:
    """Add ``knob=value`` of ``base`` to ``changes``, or to ``skipped`` with the reason.

    The reason: refused when the rules are built, or changing the scoring
    sides at a table of ``n``.
    """
    word = knob_word(value)
    try:
        rules = _changed(base, knob, value)
    except (BeloteError, TypeError, ValueError) as exc:
        skipped.append(Skipped(knob, word, f"refused: {exc}"))
        return
    if n not in rules.player_counts or rules.side_count(n) != base.side_count(n):
        skipped.append(Skipped(knob, word, f"changes the sides at a table of {n}"))
        return
    changes.append(KnobChange(knob, word, rules))


def disputed_changes(
    variant: Rules | str, players: int | None = None
) -> tuple[list[KnobChange], list[Skipped]]:
    """The other published reading of each disputed rule of ``variant``, one change each.

    The disputed rules are the knobs with readings ([`readings`][belote.rules.model.readings]:
    the groups ``auction`` and ``contract`` carry theirs, a variant lists the
    others in [`Rules.disputes`][belote.rules.model.Rules.disputes]); each other
    reading becomes a change, and a reading the rules refuse, or one of a
    knob that plays no part in the variant, is left out with the reason.

    >>> changes, _ = disputed_changes("contree")
    >>> "auction.surcoinche_multiplier=4" in [c.label for c in changes]
    True

    Raises:
        UnknownVariant: no such variant.
        InvalidArgument: a bad spec, or a player count the variant does not allow.
    """
    base = get_rules(variant)
    n = base.default_players if players is None else base.check_players(players)
    changes: list[KnobChange] = []
    skipped: list[Skipped] = []
    for knob in SETTABLE:
        if default_by(knob, base) is None:
            continue
        if not applies(base, knob):
            skipped.append(Skipped(knob, None, f"does not apply to {base.name}"))
            continue
        for value, _who in readings(knob, base):
            _try_change(base, knob, value, n, changes, skipped)
    return changes, skipped


def _parse_change(base: Rules, players: int, text: str) -> KnobChange:
    """A change written ``knob=value``, read like a knob of a spec.

    Raises:
        InvalidArgument: not ``knob=value``, an unknown knob, a bad value, or
            a change of the scoring sides.
    """
    knob, equals, _ = text.partition("=")
    knob = knob.strip().lower()
    if not equals or not knob:
        raise InvalidArgument(f"a knob change is written KNOB=VALUE, not {text!r}")
    value = _knob_value(rules_from_spec(f"{base.name}({text})"), knob)
    try:
        rules = _changed(base, knob, value)
    except (TypeError, ValueError) as exc:
        raise InvalidArgument(f"knob change {text!r}: {exc}") from None
    if players not in rules.player_counts or rules.side_count(players) != base.side_count(players):
        raise InvalidArgument(f"knob change {text!r} changes the sides at a table of {players}")
    return KnobChange(knob, knob_word(value), rules)


# --- playing -----------------------------------------------------------------------------------


@attrs.frozen
class _Chunk:
    """Deals (or matches) ``start`` to ``stop - 1`` of one rules value; picklable for a worker."""

    rules: Rules
    players: int
    seed: int
    start: int
    stop: int
    bots: BotSpec
    matches: bool


Row = tuple[int, int, int, int]
"""A played deal: (winner or -1, points handed out, event bits, points of the taker's side);
a match: (deals, winner, 0, 0)."""


def _run_chunk(task: _Chunk) -> list[Row] | str:
    """Play a chunk; the rows, or the engine's error in one line (the change is then skipped)."""
    try:
        bots = bots_for(task.bots, task.players)
        if task.matches:
            return [(*play_match_to_target(task.rules, task.players, task.seed, m, bots), 0, 0)
                    for m in range(task.start, task.stop)]
        rows: list[Row] = []
        for index in range(task.start, task.stop):
            deal, result, _ = play_dealing(task.rules, task.players, task.seed, index, bots, None)
            taker = deal.taker
            taker_points = 0 if taker is None else result.scores[deal.side(taker)]
            rows.append((winner_of(result.scores), sum(result.scores), deal_events(result),
                         taker_points))
        return rows
    except BeloteError as exc:
        return str(exc)


class _Sums:
    """One change against the variant: winners deck by deck and match by match, paired figures."""

    def __init__(self) -> None:
        self.deal_changed = 0
        self.matches = 0
        self.match_changed = 0
        self.paired = PairedSums()
        self.error: str | None = None

    def add_deals(self, base: Sequence[Row], mine: Sequence[Row]) -> None:
        self.deal_changed += sum(r0[0] != r1[0] for r0, r1 in zip(base, mine, strict=True))
        self.paired.add([(r[1], r[2], r[3]) for r in base], [(r[1], r[2], r[3]) for r in mine])

    def add_matches(self, base: Sequence[Row], mine: Sequence[Row]) -> None:
        for (_, w0, _, _), (_, w1, _, _) in zip(base, mine, strict=True):
            self.matches += 1
            self.match_changed += w0 != w1


# --- results -----------------------------------------------------------------------------------


def _share(count: int, total: int) -> Effect:
    low, high = wilson(count, total)
    return Effect(rate(count, total), low, high)


@attrs.frozen(kw_only=True)
class KnobEffect:
    """What one knob change does to a variant, measured on the same decks.

    Attributes:
        knob: the knob.
        value: its new value, as a spec writes it.
        spec: the changed variant as a spec.
        deal_winner: share of decks whose deal winner changes (Wilson interval).
        match_winner: share of matches whose winner changes (Wilson interval).
        points: shift in mean points per played deal (paired interval).
        made: shift in the made rate (paired interval), likewise ``failed``,
            ``litige`` and ``capot``.
        failed: shift in the failed rate.
        litige: shift in the litige rate.
        capot: shift in the capot rate.
    """

    knob: str
    value: str
    spec: str
    deal_winner: Effect
    match_winner: Effect
    points: Effect
    made: Effect
    failed: Effect
    litige: Effect
    capot: Effect

    @property
    def label(self) -> str:
        """``knob=value``."""
        return f"{self.knob}={self.value}"

    def measures(self) -> dict[str, Effect]:
        """Every figure by its name in [`MEASURES`][belote.experiments.whatif.MEASURES]."""
        return {name: getattr(self, name) for name in MEASURES}

    def to_json(self) -> dict[str, object]:
        """The change and its figures as JSON."""
        return {"knob": self.knob, "value": self.value, "spec": self.spec,
                **{name: effect.to_json() for name, effect in self.measures().items()}}


@attrs.frozen(kw_only=True)
class KnobRanking:
    """The single-knob changes of a variant, ranked by how much each changes the game.

    Ranked by the share of decks whose deal winner changes, then the share
    of matches whose winner changes (the knobs of the match alone, such as
    the target, move only that), then the size of the points shift.

    Attributes:
        variant: the variant, as a spec.
        players: the number of players.
        deals: decks played under the variant and under each change.
        matches: matches played to the target under each.
        seed: the seed.
        bots: which bots played.
        base: the variant's own figures: ``points`` (mean per played deal) and
            the ``made``, ``failed``, ``litige`` and ``capot`` rates.
        effects: one per change, the largest first.
        skipped: the knobs (or values) left out, with the reason.
        score_unit: what the points figures count: ``"points"``, or ``"game points"``
            for a variant scored in tens (``bulgarian``).
    """

    variant: str
    players: int
    deals: int
    matches: int
    seed: int
    bots: str
    base: dict[str, float]
    effects: tuple[KnobEffect, ...]
    skipped: tuple[Skipped, ...]
    score_unit: str = "points"

    def to_json(self) -> dict[str, object]:
        """The ranking as JSON (what ``belote compare --knobs VARIANT --json`` prints)."""
        return {
            "variant": self.variant,
            "players": self.players,
            "deals": self.deals,
            "matches": self.matches,
            "seed": self.seed,
            "bots": self.bots,
            "base": dict(self.base),
            "score_unit": self.score_unit,
            "measures": dict(MEASURES),
            "ranking": [{"rank": k, **effect.to_json()}
                        for k, effect in enumerate(self.effects, 1)],
            "skipped": [{"knob": s.knob, "value": s.value, "reason": s.reason}
                        for s in self.skipped],
        }

    def to_text(self) -> str:
        """The ranking as a table for people (what ``belote compare --knobs VARIANT`` prints)."""
        return _ranking_text(self)


_HEADS: Final = {
    "deal_winner": "deal winner", "match_winner": "match winner", "points": "points",
    "made": "made", "failed": "failed", "litige": "litige", "capot": "capot",
}
"""The column heads of the text table, by measure."""

DOCS_SECTION: Final = 'the docs page "Comparing variants", section "One knob at a time"'
"""Where the docs explain the table of ``belote compare --knobs`` (docs/comparing.md#one-knob-at-a-time)."""


def _cell(name: str, effect: Effect) -> str:
    """A figure, the half-width of its interval, and ``≈`` when the interval holds 0."""
    kind = "share" if name in ("deal_winner", "match_winner") else \
        "points" if name == "points" else "shift"
    return effect_text(effect, kind)


def _ranking_text(ranking: KnobRanking) -> str:
    import textwrap

    base = ranking.base
    lines = [
        f"{ranking.variant}: each single-knob change on the same {ranking.deals} decks and "
        f"{ranking.matches} matches, {ranking.bots} bots, seed {ranking.seed}",
        f"{ranking.variant} itself: {base['points']:.1f} {ranking.score_unit} per played deal; "
        + ", ".join(f"{flag} {100 * base[flag]:.1f}%" for flag in _FLAGS),
        "",
        "Ranked by the share of decks whose deal winner changes, then of matches. Each figure",
        "has the half-width of its 95% interval (paired deck by deck); ≈ marks one the",
        "interval cannot tell apart from no change.",
        "",
    ]
    labels = [effect.label for effect in ranking.effects]
    width = max(24, *(len(label) + 2 for label in labels)) if labels else 24
    cell = 15
    lines.append(f"{'#':>3}  {'change':<{width}}"
                 + "".join(f"{head:>{cell}}" for head in _HEADS.values()))
    for rank, effect in enumerate(ranking.effects, 1):
        lines.append(f"{rank:>3}  {effect.label:<{width}}"
                     + "".join(f"{_cell(name, e) if ranking.matches or name != 'match_winner' else '-':>{cell}}"
                               for name, e in effect.measures().items()))
    if not ranking.effects:
        lines.append("     (no change to play)")
    lines += ["", "What the columns say:"]
    lines += [f"  {head:<13}{MEASURES[name]}" for name, head in _HEADS.items()]
    if ranking.score_unit != "points":
        lines.append(f"  (points here are {ranking.score_unit}: a deal's points in tens)")
    lines.append("  ± half the 95% interval; ≈ the interval holds 0; 0 alone: not one deck moved")
    lines.append(f"  (more in {DOCS_SECTION})")
    by_reason: dict[str, list[str]] = {}
    for skip in ranking.skipped:
        by_reason.setdefault(skip.reason, []).append(skip.label)
    if by_reason:
        lines += ["", "Not played:"]
        for reason, names in by_reason.items():
            lines += textwrap.wrap(f"{reason}: {', '.join(names)}.", 96,
                                   initial_indent="  ", subsequent_indent="    ")
    return "\n".join(lines) + "\n"


# --- the run -----------------------------------------------------------------------------------


def knob_effects(
    variant: Rules | str,
    deals: int,
    seed: int = 1,
    players: int | None = None,
    bots: BotSpec = "heuristic",
    executor: Executor | None = None,
    *,
    matches: int | None = None,
    changes: Iterable[str] | None = None,
    progress: bool = False,
    chunk: int | None = None,
    disputes: bool = False,
) -> KnobRanking:
    """Play the same decks under ``variant`` and under each single-knob change; rank the changes.

    Deal ``i`` has the same deck and dealer under every rules value, and
    match ``m`` the same deck stream, as in [`compare`][belote.experiments.compare.compare];
    each change is measured against the variant deck by deck. The work is
    cut in chunks, range by range, the variant and every change for each
    range, and the differences are summed as the chunks come back: memory
    stays flat in ``deals``, and the result does not depend on the executor
    or the chunk size. A change the engine refuses while playing is skipped
    with its error.

    Args:
        variant: the variant (value, name or spec).
        deals: decks played under each rules value.
        seed: the seed.
        players: the number of players (default: the variant's).
        bots: ``"heuristic"``, ``"random"``, any bot spec, or one player per seat.
        executor: runs the chunks; the result does not depend on it.
        matches: matches per rules value (default: ``deals // 10``, at least 1; 0 for none).
        changes: the changes to measure, each ``knob=value`` (default: every
            change [`knob_changes`][belote.experiments.whatif.knob_changes] lists).
        disputes: measure only the other published readings of the variant's
            disputed rules ([`disputed_changes`][belote.experiments.whatif.disputed_changes]).
        progress: show a progress bar on standard error when it is a terminal.
        chunk: deals per chunk (matches: a tenth of it).

    Raises:
        InvalidArgument: a bad count, unknown bots, or a bad change.
        UnknownVariant: no such variant.
    """
    base, n = check_table(variant, players, deals)
    name = bots_name(bots)
    bots_for(bots, n)
    match_count = max(1, deals // 10) if matches is None else matches
    if isinstance(match_count, bool) or not isinstance(match_count, int) or match_count < 0:
        raise InvalidArgument(f"matches must be a whole number from 0, not {match_count!r}")
    if changes is None:
        tried, skipped = disputed_changes(base, n) if disputes else knob_changes(base, n)
    else:
        tried, skipped = [_parse_change(base, n, text) for text in changes], []
    table = [base, *(change.rules for change in tried)]
    size = chunk_for(chunk, deals * len(table), executor)
    tasks = (
        _Chunk(rules, n, seed, a, b, bots, is_match)
        for is_match, count, step in ((False, deals, size),
                                      (True, match_count, max(1, size // 10)))
        for a, b in chunks(count, step)
        for rules in table
    )
    bar = (Progress("compare --knobs", deals * len(table),
                    stages=((match_count * len(table), MATCH_COST),)) if progress else None)
    sums = [_Sums() for _ in tried]
    base_sums = dict.fromkeys(("points", *_FLAGS), 0)
    group: list[list[Row] | str] = []
    k = 0
    deal_tasks = len(table) * -(-deals // size)
    try:
        for result in ordered_map(_run_chunk, tasks, executor):
            if bar is not None:
                bar.step(len(result) if isinstance(result, list) else 0, int(k >= deal_tasks))
            group.append(result)
            k += 1
            if len(group) < len(table):
                continue
            base_rows = group[0]
            if isinstance(base_rows, str):
                raise InvalidArgument(f"{spec_of(base)}: {base_rows}")
            is_match = k > deal_tasks
            if not is_match:
                for _, points, bits, _ in base_rows:
                    base_sums["points"] += points
                    for flag, bit in _FLAGS.items():
                        base_sums[flag] += bool(bits & bit)
            for acc, rows in zip(sums, group[1:], strict=True):
                if isinstance(rows, str):
                    acc.error = acc.error or rows
                elif acc.error is None:
                    (acc.add_matches if is_match else acc.add_deals)(base_rows, rows)
            group = []
    finally:
        if bar is not None:
            bar.close()
    effects: list[tuple[tuple[object, ...], KnobEffect]] = []
    for change, acc in zip(tried, sums, strict=True):
        if acc.error is not None:
            skipped.append(Skipped(change.knob, change.value, f"refused in play: {acc.error}"))
            continue
        shifts = acc.paired.effects()
        effect = KnobEffect(
            knob=change.knob, value=change.value, spec=spec_of(change.rules),
            deal_winner=_share(acc.deal_changed, deals),
            match_winner=_share(acc.match_changed, match_count),
            points=shifts["points"], made=shifts["made"], failed=shifts["failed"],
            litige=shifts["litige"], capot=shifts["capot"],
        )
        key = (-acc.deal_changed, -acc.match_changed, -abs(acc.paired.sum["points"]),
               change.label)
        effects.append((key, effect))
    effects.sort(key=lambda pair: pair[0])
    base_figures = {"points": round(base_sums["points"] / deals, 2),
                    **{flag: rate(base_sums[flag], deals) for flag in _FLAGS}}
    return KnobRanking(
        variant=spec_of(base), players=n, deals=deals, matches=match_count, seed=seed,
        bots=name, base=base_figures, effects=tuple(effect for _, effect in effects),
        skipped=tuple(skipped), score_unit=score_unit(base),
    )
