"""The announcement contest (docs/rules.md#announcement-contest): which declarations score.

[`resolve_contest`][belote.scoring.contest.resolve_contest] applies the variant's
[`Contest`][belote.rules.policies.Contest] policy to the declarations of a deal;
[`whole_run_fault`][belote.scoring.contest.whole_run_fault] finds a run declared in
pieces. Both are also importable from [`belote.scoring.announcements`][belote.scoring.announcements].
The ranking itself, [`resolve_trusted`][belote.scoring.contest.resolve_trusted],
is in `belote.scoring.ranking`, part of the compiled core (docs/compiled.md);
this module serves it too.

>>> from belote.scoring.announcements import Declaration, classify
>>> from belote.cards import CardSet, Suit
>>> from belote.variants import PIEDICAVALLO
>>> low = Declaration(1, classify(CardSet.parse("7S 8S 9S"), PIEDICAVALLO))
>>> high = Declaration(0, classify(CardSet.parse("QH KH AH"), PIEDICAVALLO))
>>> [d.seat for d in resolve_contest([low, high], PIEDICAVALLO, Suit.HEARTS)]
[0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from belote.cards import CardSet, Suit
from belote.errors import InvalidArgument, InvalidCombination, shown
from belote.rules import Contest, Rules, checks
from belote.scoring.announcements import (
    Combination,
    Declaration,
    Kind,
    carre_not_allowed,
    no_announcements_message,
)
from belote.scoring.ranking import resolve_trusted

__all__ = ["resolve_contest", "resolve_trusted", "whole_run_fault"]

# Enum members read once (on Python 3.11 reading one through its class runs Python code).
_KIND_RUN: Final = Kind.RUN
_KIND_CARRE: Final = Kind.CARRE
_CONTEST_NONE: Final = Contest.NONE


# --- resolve_contest ------------------------------------------------------------------


def _check_declarations(
    declarations: Sequence[Declaration], rules: Rules, players: int, first_speaker: int
) -> None:
    if players < 2:
        raise InvalidArgument(f"a contest needs at least 2 players, not {shown(players)}")
    if not 0 <= first_speaker < players:
        raise InvalidArgument(
            f"first speaker {shown(first_speaker)} is not a seat (expected 0 to {players - 1})"
        )
    held: dict[int, int] = {}
    runs: dict[int, int] = {}
    carres: dict[int, int] = {}
    for declaration in declarations:
        seat = declaration.seat
        if not 0 <= seat < players:
            raise InvalidArgument(f"seat {shown(seat)} is not a seat (expected 0 to {players - 1})")
        combination = declaration.combination
        mask = combination.cards.mask
        if combination.kind is _KIND_CARRE:
            if combination.rank not in rules.carre_values:
                raise InvalidCombination(carre_not_allowed(combination.rank, rules))
            if carres.get(seat, 0) & mask:
                raise InvalidCombination(f"seat {seat} declares {combination.label} twice")
            carres[seat] = carres.get(seat, 0) | mask
        else:
            clash = runs.get(seat, 0) & mask
            if clash:
                raise InvalidCombination(
                    f"seat {seat} uses {CardSet.from_mask(clash)} in two runs; "
                    "a card can serve in one run only"
                )
            runs[seat] = runs.get(seat, 0) | mask
        held[seat] = held.get(seat, 0) | mask
    if not rules.card_in_carre_and_run:
        for seat, run_mask in runs.items():
            clash = run_mask & carres.get(seat, 0)
            if clash:
                raise InvalidCombination(
                    f"seat {seat} uses {CardSet.from_mask(clash)} in a carré and a run, "
                    f"which {rules.name} does not allow"
                )
    seats = sorted(held)
    for i, seat in enumerate(seats):
        for other in seats[i + 1 :]:
            clash = held[seat] & held[other]
            if clash:
                raise InvalidCombination(
                    f"{CardSet.from_mask(clash)} declared by both seat {seat} and seat {other}; "
                    "a card is in one hand only"
                )


def _touching(first: int, second: int) -> bool:
    """Whether two disjoint run masks of one suit join into one block of cards."""
    union = first | second
    if (first.bit_length() - 1) // 8 != (second.bit_length() - 1) // 8:
        return False
    low = (union & -union).bit_length() - 1
    pattern = union >> low
    return pattern & (pattern + 1) == 0


def whole_run_fault(
    declarations: Sequence[Declaration], rules: Rules
) -> tuple[int, str] | None:
    """The first declaration that splits a run in two, and why (rules §6.1, docs/rules.md#announcement-kinds).

    A run is declared whole: cards in a row of one suit held by one player are
    one run (000 Nota: 6, 7 or 8 in a row are one cent), so two touching runs
    of one suit declared by one seat are not a combination. With
    ``rules.eight_run_splits`` (001) an 8-card run may be declared as a cent
    plus a tierce, and only that split is accepted.

    Args:
        declarations: the declarations of a deal (or of one seat), in the
            order they were made.
        rules: the variant.

    Returns:
        ``(index, reason)`` of the later declaration of the first split pair,
        or ``None`` when every run is declared whole.

    >>> from belote.scoring.announcements import classify
    >>> from belote.variants import FRENCH, PIEDICAVALLO
    >>> split = [Declaration(0, classify("AH KH QH JH 10H", PIEDICAVALLO)),
    ...          Declaration(0, classify("9H 8H 7H", PIEDICAVALLO))]
    >>> whole_run_fault(split, PIEDICAVALLO)[0]
    1
    >>> whole_run_fault(split, FRENCH) is None
    True
    """
    rules = checks.as_rules(rules)
    for declaration in checks.sequence(declarations, "declarations"):
        checks.instance(declaration, Declaration, "declarations[...]")
    seen: list[tuple[int, int]] = []
    for index, declaration in enumerate(declarations):
        combination = declaration.combination
        if combination.kind is not _KIND_RUN:
            continue
        mask = combination.cards.mask
        for seat, earlier in seen:
            if seat != declaration.seat or earlier & mask or not _touching(earlier, mask):
                continue
            lengths = sorted((earlier.bit_count(), mask.bit_count()))
            if rules.eight_run_splits and lengths == [3, 5]:
                continue
            whole = CardSet.from_mask(earlier | mask)
            allowed = (
                "; only an 8-card run may be split, into a cent and a tierce"
                if rules.eight_run_splits
                else ""
            )
            return index, (
                f"not a combination: {combination.cards} and {CardSet.from_mask(earlier)} "
                f"are one run, {whole}, declared whole in {rules.name}{allowed}"
            )
        seen.append((declaration.seat, mask))
    return None


def resolve_contest(
    declarations: Sequence[Declaration],
    rules: Rules | str,
    trump: Suit,
    *,
    players: int = 4,
    first_speaker: int = 0,
) -> tuple[Declaration, ...]:
    """The declarations that score under the variant's contest (rules §6.2, docs/rules.md#announcement-contest).

    ``rules.contest`` chooses the policy:

    - ``TEAM_BEST_TAKES_ALL`` (000 §annunci 1-7): all declarations are ranked
      together by points; at equal points a carré beats a run (when
      ``rules.carre_beats_run_at_equal_points``, else the run wins); carrés by
      rank A > 10 > K > Q > J > 9 (when ``rules.equal_carres_by_rank``);
      runs by top card, then trump beats plain.
      The team (seats {0, 2} or {1, 3}) holding the single best declaration
      scores all its members' declarations, the other none. When the best is
      an exact tie of plain runs between opposing teams, nobody scores
      (``rules.equal_plain_runs_void_all``), or else the tied declarations are
      dropped and the rest decide.
    - ``PER_CLASS`` (004): every carré scores; runs compete only inside their
      class (tierce, cinquante, cent for 5 or more cards) by top card, then
      trump; the best team of a class scores all its runs of that class. An
      exact tie between opposing teams voids the class (or, with
      ``equal_plain_runs_void_all`` off, drops the tied runs).
    - ``RUNS_AND_CARRES`` (Bulgarian belot's help file, BGE): the same
      contest held twice, among the runs and among the carrés; each has its
      winning team.
    - ``INDIVIDUAL`` (001, 003): any carré beats any run; carrés by points
      then rank; runs by number of cards (a 6-card run beats a cent, 001),
      top card, trump, then the player who speaks first (from ``first_speaker`` upwards,
      modulo ``players``). The player with the best combination scores all
      his combinations, the others none.
    - ``NONE`` (002): no declaration is possible.

    Belote is never part of the contest.

    Args:
        declarations: what each seat declared, in any order.
        rules: the variant.
        trump: the trump suit.
        players: the number of players at the table.
        first_speaker: the seat that declares first (the seat after the dealer).

    Returns:
        The scoring declarations, ordered by seat, carrés first, then by top
        card; the same whatever the order of ``declarations``.

    Raises:
        InvalidCombination: declarations in a variant without announcements,
            a carré the variant does not allow, or a card used twice (in two
            runs of one seat, by two seats, or in a carré and a run when
            ``rules.card_in_carre_and_run`` is off).
        InvalidArgument: a seat or ``first_speaker`` outside the table, or a
            team contest at a table that is not of four.

    >>> from belote.scoring.announcements import classify
    >>> from belote.variants import PIEDICAVALLO
    >>> table = [Declaration(0, classify("7C 8C 9C", PIEDICAVALLO)),
    ...          Declaration(1, classify("8H 9H 10H", PIEDICAVALLO)),
    ...          Declaration(2, classify("7S 8S 9S", PIEDICAVALLO))]
    >>> [str(d) for d in resolve_contest(table, PIEDICAVALLO, Suit.DIAMONDS)]
    ['seat 1: tierce 10H']
    """
    rules = checks.as_rules(rules)
    trump = checks.as_suit(trump)
    checks.whole(players, "players", 1)
    checks.whole(first_speaker, "first_speaker")
    for index, declaration in enumerate(checks.sequence(declarations, "declarations")):
        where = f"declarations[{index}]"
        declaration = checks.instance(declaration, Declaration, where)
        checks.whole(declaration.seat, f"{where}.seat")
        checks.instance(declaration.combination, Combination, f"{where}.combination")
    contest = rules.contest
    if contest is _CONTEST_NONE:
        if declarations:
            raise InvalidCombination(no_announcements_message(rules))
        return ()
    if not declarations:
        return ()
    _check_declarations(declarations, rules, players, first_speaker)
    return resolve_trusted(declarations, rules, int(trump), players, first_speaker)
