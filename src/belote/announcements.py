"""Combinations (carrés and runs), finding them in a hand, and the contest.

rules §6, docs/rules.md#announcements. A [`Combination`][belote.announcements.Combination] is a value: its kind, its cards, and what
it is worth under a variant. [`classify`][belote.announcements.classify] reads shown cards,
[`find_combinations`][belote.announcements.find_combinations] lists what a hand can declare, and
[`resolve_contest`][belote.announcements.resolve_contest] applies the variant's [`Contest`][belote.rules.Contest]
policy to say which declarations score.

>>> from belote.variants import PIEDICAVALLO
>>> tierce = classify(CardSet.parse("AH KH QH"), PIEDICAVALLO)
>>> tierce.label, tierce.points(PIEDICAVALLO)
('tierce AH', 20)
>>> [c.label for c in find_combinations(CardSet.parse("JS JH JD JC 7D 8D 9D AS"), PIEDICAVALLO)]
['carré J', 'tierce 9D']

Inside, everything works on card masks: the 92 combinations that exist
(84 runs, 8 carrés) are built once and shared, so finding and classifying
allocate little more than the result tuple.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

import attrs

from belote import checks
from belote.cards import CARDS, PLAIN_STRENGTH, Card, CardSet, Rank, Suit
from belote.errors import InvalidArgument, InvalidArgumentType, InvalidCombination, shown
from belote.rules import Contest, Rules

__all__ = [
    "Combination",
    "Declaration",
    "Kind",
    "classify",
    "find_combinations",
    "no_announcements_message",
    "resolve_contest",
    "team_of",
    "whole_run_fault",
]

_CARRE_BASE: Final = 0x01010101
"""The mask of the four sevens; shift left by a rank for that rank's carré."""


class Kind(enum.Enum):
    """The kinds of combination."""

    RUN = "run"
    """Three or more cards in a row in one suit, in sequence order A K Q J 10 9 8 7."""
    CARRE = "carre"
    """Four cards of one rank."""


def _is_run_mask(mask: int) -> bool:
    """Whether ``mask`` holds 3 to 8 cards of one suit in a row."""
    if mask <= 0:
        return False
    low = (mask & -mask).bit_length() - 1
    pattern = mask >> low
    # One block of consecutive bits, all inside the lowest card's suit.
    return (
        pattern & (pattern + 1) == 0
        and pattern.bit_count() >= 3
        and (low // 8 == (mask.bit_length() - 1) // 8)
    )


def _is_carre_mask(mask: int) -> bool:
    """Whether ``mask`` is the four cards of one rank."""
    return mask > 0 and mask == _CARRE_BASE << ((mask & -mask).bit_length() - 1)


def _check_cards(instance: Combination, attribute: object, cards: CardSet) -> None:
    if not isinstance(cards, CardSet):
        raise InvalidCombination(f"a combination's cards must be a CardSet, not {cards!r}")
    mask = cards.mask
    if instance.kind is Kind.RUN and not _is_run_mask(mask):
        raise InvalidCombination(
            f"not a run: {cards} (expected 3 to 8 cards in a row of one suit, "
            "in the order A K Q J 10 9 8 7)"
        )
    if instance.kind is Kind.CARRE and not _is_carre_mask(mask):
        raise InvalidCombination(f"not a carré: {cards} (expected the four cards of one rank)")


_KIND_NAMES: Final = ("tierce", "cinquante", "cent")


@attrs.frozen
class Combination:
    """A declarable combination: a run or a carré.

    The constructor checks the shape (a run is 3 to 8 cards in a row of one
    suit, a carré the four cards of one rank); whether a variant allows it
    is [`classify`][belote.announcements.classify]'s job.

    >>> run = Combination(Kind.RUN, CardSet.parse("9D 10D JD QD"))
    >>> run.label, run.length, str(run.top)
    ('cinquante QD', 4, 'QD')

    Attributes:
        kind: run or carré.
        cards: the cards that make it.
    """

    kind: Kind
    cards: CardSet = attrs.field(validator=_check_cards)

    @property
    def length(self) -> int:
        """The number of cards (4 for a carré)."""
        return self.cards.mask.bit_count()

    @property
    def top(self) -> Card:
        """The highest card in sequence order (a run's head; a carré's spades card)."""
        mask = self.cards.mask
        if self.kind is Kind.RUN:
            return CARDS[mask.bit_length() - 1]
        return CARDS[(mask & -mask).bit_length() - 1]

    @property
    def suit(self) -> Suit | None:
        """A run's suit; ``None`` for a carré."""
        return self.top.suit if self.kind is Kind.RUN else None

    @property
    def rank(self) -> Rank:
        """A carré's rank; a run's top rank."""
        return self.top.rank

    @property
    def is_carre(self) -> bool:
        """Whether the combination is a carré."""
        return self.kind is Kind.CARRE

    @property
    def kind_name(self) -> str:
        """The name the table uses: ``tierce``, ``cinquante``, ``cent`` or ``carré``.

        Runs of 6, 7 or 8 cards are announced as a cent (000 Nota, 001).
        """
        if self.kind is Kind.CARRE:
            return "carré"
        return _KIND_NAMES[min(self.length, 5) - 3]

    def points(self, rules: Rules | str) -> int:
        """What the combination scores under ``rules`` (rules §6.1, docs/rules.md#announcement-kinds).

        A run of 3, 4, and 5 or more cards scores ``rules.run_values`` 0, 1
        and 2; a run of 6 or 7 cards scores ``rules.long_run_value`` when it is
        set; an 8-card run adds a tierce when ``rules.eight_run_extra_tierce``
        (001). A carré scores ``rules.carre_values[rank]``.

        Raises:
            InvalidCombination: a carré whose rank the variant does not allow.

        >>> from belote.variants import FRENCH, PIEDICAVALLO
        >>> eight = Combination(Kind.RUN, CardSet.parse("7S 8S 9S 10S JS QS KS AS"))
        >>> eight.points(FRENCH), eight.points(PIEDICAVALLO)
        (120, 100)
        """
        rules = checks.as_rules(rules)
        if self.kind is Kind.CARRE:
            value = rules.carre_values.get(self.rank)
            if value is None:
                raise InvalidCombination(_carre_not_allowed(self.rank, rules))
            return value
        length = self.length
        values = rules.run_values
        if length < 5:
            return values[length - 3]
        if length == 8:
            return values[2] + values[0] if rules.eight_run_extra_tierce else values[2]
        if length > 5 and rules.long_run_value is not None:
            return rules.long_run_value
        return values[2]

    @property
    def label(self) -> str:
        """A short name for audit lines: ``tierce AH``, ``cent KS``, ``carré J``."""
        if self.kind is Kind.CARRE:
            return f"carré {self.rank.text}"
        return f"{self.kind_name} {self.top}"

    def __str__(self) -> str:
        return self.label


def team_of(seat: int) -> int:
    """The team of a seat at a four-player table: 0 for seats 0 and 2, 1 for 1 and 3.

    >>> [team_of(seat) for seat in range(4)]
    [0, 1, 0, 1]

    Raises:
        InvalidSeat: not a seat of a four-player table.
    """
    return checks.seat(seat, 4) % 2


@attrs.frozen
class Declaration:
    """A combination declared by a seat.

    Attributes:
        seat: the declaring seat, 0 to players - 1.
        combination: what the seat declared.
    """

    seat: int
    combination: Combination

    def points(self, rules: Rules | str) -> int:
        """What the declared combination scores under ``rules`` (a ``Rules`` or a variant name)."""
        return self.combination.points(rules)

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.combination.label}"


# --- the shared combinations ----------------------------------------------------------


def _build_combinations() -> dict[int, Combination]:
    table: dict[int, Combination] = {}
    for rank in range(8):
        mask = _CARRE_BASE << rank
        table[mask] = Combination(Kind.CARRE, CardSet.from_mask(mask))
    for suit in range(4):
        for length in range(3, 9):
            for low in range(9 - length):
                mask = ((1 << length) - 1) << (8 * suit + low)
                table[mask] = Combination(Kind.RUN, CardSet.from_mask(mask))
    return table


_COMBINATIONS: Final = _build_combinations()
"""Every combination by mask: 8 carrés and 84 runs."""


def _build_streaks() -> tuple[tuple[int, ...], ...]:
    """For every 8-bit suit pattern, its maximal blocks of 3 or more ranks, high first."""
    table = []
    for pattern in range(256):
        blocks: list[int] = []
        rank = 0
        while rank < 8:
            if pattern >> rank & 1:
                start = rank
                while rank < 8 and pattern >> rank & 1:
                    rank += 1
                if rank - start >= 3:
                    blocks.append(((1 << (rank - start)) - 1) << start)
            else:
                rank += 1
        table.append(tuple(reversed(blocks)))
    return tuple(table)


_STREAKS: Final = _build_streaks()

_RANKS_HIGH_FIRST: Final = tuple(reversed(Rank))


def _carre_not_allowed(rank: Rank, rules: Rules) -> str:
    allowed = " ".join(r.text for r in _RANKS_HIGH_FIRST if r in rules.carre_values)
    return (
        f"a carré of {rank.text}s is not allowed in {rules.name} "
        f"(carrés allowed: {allowed or 'none'})"
    )


def no_announcements_message(rules: Rules | str) -> str:
    """The error message for a declaration in a variant with only belote."""
    rules = checks.as_rules(rules)
    return f"{rules.name} has no announcements but belote"


# --- classify -------------------------------------------------------------------------


def _shown_mask(cards: CardSet | Sequence[Card] | str) -> int:
    if isinstance(cards, CardSet):
        return cards.mask
    if isinstance(cards, str):
        try:
            return CardSet.parse(cards).mask
        except ValueError as error:
            raise InvalidCombination(f"cannot read the shown cards: {error}") from None
    mask = 0
    for card in cards:
        if not isinstance(card, Card):
            raise InvalidCombination(f"not a card: {card!r} (expected Card values)")
        if mask & card.bit:
            raise InvalidCombination(f"card {card} is shown twice; each card can be shown once")
        mask |= card.bit
    return mask


def classify(cards: CardSet | Sequence[Card] | str, rules: Rules | str) -> Combination:
    """Read shown cards as one combination the variant allows.

    A run is 3 to 8 cards in a row of one suit in sequence order
    (A K Q J 10 9 8 7); runs of 6 and 7 cards are runs of that length worth
    one cent (000 Nota). A carré is the four cards of a rank listed in
    ``rules.carre_values``.

    Args:
        cards: the shown cards, as a [`CardSet`][belote.cards.CardSet], a sequence
            of cards (so a card shown twice is caught), or card notation.
        rules: the variant.

    Raises:
        InvalidCombination: not a run or carré, a carré the variant does not
            allow (7s, 8s), a card shown twice, or no announcements in the variant.

    >>> from belote.variants import PIEDICAVALLO
    >>> classify(CardSet.parse("AH KH QH"), PIEDICAVALLO).label
    'tierce AH'
    >>> classify("JS JH JD JC", PIEDICAVALLO).points(PIEDICAVALLO)
    200
    >>> classify("8S 8H 8D 8C", PIEDICAVALLO)
    Traceback (most recent call last):
    ...
    belote.errors.InvalidCombination: a carré of 8s is not allowed in piedicavallo (carrés allowed: A K Q J 10 9)
    """
    rules = checks.as_rules(rules)
    if rules.contest is Contest.NONE:
        raise InvalidCombination(no_announcements_message(rules))
    if not isinstance(cards, (CardSet, str, Sequence)):
        raise InvalidArgumentType(
            f"cards: expected a CardSet, text or a sequence of Card, got {type(cards).__name__}"
        )
    mask = _shown_mask(cards)
    count = mask.bit_count()
    shown = str(CardSet.from_mask(mask)) or "no card"
    if count < 3:
        raise InvalidCombination(
            f"not a combination: {shown} ({count} card{'s' if count != 1 else ''}); "
            "a combination needs at least 3 cards"
        )
    combination = _COMBINATIONS.get(mask)
    if combination is not None:
        if combination.kind is Kind.CARRE and combination.rank not in rules.carre_values:
            raise InvalidCombination(_carre_not_allowed(combination.rank, rules))
        return combination
    ranks = {card.rank for card in CardSet.from_mask(mask)}
    if len(ranks) == 1:
        raise InvalidCombination(
            f"not a combination: {shown}; a carré needs all four cards of one rank"
        )
    raise InvalidCombination(
        f"not a combination: {shown} (expected 3 to 8 cards in a row of one suit, "
        "in the order A K Q J 10 9 8 7, or the four cards of one rank)"
    )


# --- find_combinations ----------------------------------------------------------------


def _carres(mask: int, rules: Rules) -> list[Combination]:
    if not mask & (mask >> 8) & (mask >> 16) & (mask >> 24) & 0xFF:
        return []  # no rank held in all four suits: no carré (most hands; skips the loop)
    found = []
    for rank in _RANKS_HIGH_FIRST:
        if rank in rules.carre_values:
            carre = _CARRE_BASE << rank
            if mask & carre == carre:
                found.append(_COMBINATIONS[carre])
    return found


def _build_suit_runs() -> tuple[tuple[Combination, ...], ...]:
    """``[256 * suit + byte]``: the runs of that suit's 8-bit pattern, highest first."""
    return tuple(
        tuple(_COMBINATIONS[block << (8 * suit)] for block in _STREAKS[byte])
        for suit in range(4)
        for byte in range(256)
    )


_SUIT_RUNS: Final = _build_suit_runs()


def _runs(mask: int) -> tuple[Combination, ...]:
    """The maximal runs of ``mask``, by suit (S H D C), highest first (four lookups)."""
    return (
        _SUIT_RUNS[mask & 0xFF]
        + _SUIT_RUNS[256 + (mask >> 8 & 0xFF)]
        + _SUIT_RUNS[512 + (mask >> 16 & 0xFF)]
        + _SUIT_RUNS[768 + (mask >> 24 & 0xFF)]
    )


def find_combinations(hand: CardSet | str, rules: Rules | str) -> tuple[Combination, ...]:
    """Every combination ``hand`` can declare under ``rules``.

    One run per maximal streak of 3 or more cards in each suit (a longer
    streak is one run, never split), and each carré the variant allows.
    The order is fixed: carrés from the ace down, then runs by suit
    (S H D C), highest first.

    With ``rules.card_in_carre_and_run`` off no card serves in both: the
    choice with the most points is kept, where a run may be shortened to
    the cards the kept carrés leave free; on equal points the carrés are
    kept. Returns ``()`` when the variant has no announcements.

    >>> from belote.variants import FRENCH
    >>> hand = CardSet.parse("QH KH AH 9S 10S JS QS KS AS")
    >>> [c.label for c in find_combinations(hand, FRENCH)]
    ['cent AS', 'tierce AH']
    """
    rules = checks.as_rules(rules)
    if isinstance(hand, str):
        hand = CardSet.parse(hand)
    checks.instance(hand, CardSet, "hand")
    return combinations_of(hand.mask, rules)


def combinations_of(mask: int, rules: Rules) -> tuple[Combination, ...]:
    """[`find_combinations`][belote.announcements.find_combinations] on a card mask, without the argument checks.

    The engine's fast path: ``mask`` must be a card mask and ``rules`` a
    variant value (nothing is checked).

    >>> from belote.rules import get_rules
    >>> [c.label for c in combinations_of(CardSet.parse("7S 8S 9S JH").mask, get_rules("piedicavallo"))]
    ['tierce 9S']
    """
    if rules.contest is Contest.NONE:
        return ()
    if not mask & (mask >> 8) & (mask >> 16) & (mask >> 24) & 0xFF:
        return _runs(mask)  # no rank held in all four suits: no carré (most hands)
    carres = _carres(mask, rules)
    runs = _runs(mask)
    if not carres or not runs or rules.card_in_carre_and_run:
        return (*carres, *runs)
    used = 0
    for carre in carres:
        used |= carre.cards.mask
    if not any(run.cards.mask & used for run in runs):
        return (*carres, *runs)
    # At most a few carrés: try each subset to keep, most carrés first, and
    # give the runs only the cards the kept carrés leave free.
    best: tuple[Combination, ...] = ()
    best_points = -1
    n = len(carres)
    for keep in range((1 << n) - 1, -1, -1):
        kept = [carres[i] for i in range(n) if keep >> i & 1]
        free = mask
        for carre in kept:
            free &= ~carre.cards.mask
        choice = (*kept, *_runs(free))
        points = sum(c.points(rules) for c in choice)
        if points > best_points:
            best, best_points = choice, points
    return best


# --- resolve_contest ------------------------------------------------------------------


# A sort key for a declaration's place in the result: seat, carrés first,
# higher rank first, suit.
def _order_key(declaration: Declaration) -> tuple[int, int, int, int]:
    combination = declaration.combination
    top = combination.top
    return (declaration.seat, 0 if combination.kind is Kind.CARRE else 1, -top.rank, top.suit)


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
        if combination.kind is Kind.CARRE:
            if combination.rank not in rules.carre_values:
                raise InvalidCombination(_carre_not_allowed(combination.rank, rules))
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

    >>> from belote.variants import FRENCH, PIEDICAVALLO
    >>> split = [Declaration(0, classify("AH KH QH JH 10H", PIEDICAVALLO)),
    ...          Declaration(0, classify("9H 8H 7H", PIEDICAVALLO))]
    >>> whole_run_fault(split, PIEDICAVALLO)[0]
    1
    >>> whole_run_fault(split, FRENCH) is None
    True
    """
    seen: list[tuple[int, int]] = []
    for index, declaration in enumerate(declarations):
        combination = declaration.combination
        if combination.kind is not Kind.RUN:
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


_Ranked = list[tuple[tuple[int, ...], Declaration]]


def _best_side(ranked: _Ranked, void_on_tie: bool) -> tuple[int, tuple[int, ...]] | None:
    """The team holding the single best key, and that key.

    When the best key is held by both teams (equal plain runs), nobody wins
    if ``void_on_tie``; else those declarations are dropped and the next key
    decides. ``None`` when nobody wins.
    """
    while ranked:
        best = max(key for key, _ in ranked)
        teams = {d.seat % 2 for key, d in ranked if key == best}  # team_of, on seats checked before
        if len(teams) == 1:
            return teams.pop(), best
        if void_on_tie:
            return None
        ranked = [(key, d) for key, d in ranked if key != best]
    return None


def _winners(ranked: _Ranked, void_on_tie: bool) -> list[Declaration]:
    """The declarations of the winning team, without any dropped tie above its best."""
    side = _best_side(ranked, void_on_tie)
    if side is None:
        return []
    team, best = side
    return [d for key, d in ranked if d.seat % 2 == team and key <= best]


def _team_key(combination: Combination, rules: Rules, trump: int) -> tuple[int, ...]:
    """Rank for ``TEAM_BEST_TAKES_ALL``: points, carré or run, rank, trump."""
    points = combination.points(rules)
    carre_first = rules.carre_beats_run_at_equal_points
    top = combination.top
    if combination.kind is Kind.CARRE:
        rank = PLAIN_STRENGTH[top.rank] if rules.equal_carres_by_rank else 0
        return (points, 1 if carre_first else 0, rank, 0)
    return (points, 0 if carre_first else 1, top.rank, 1 if top.suit == trump else 0)


def _resolve_team(
    declarations: Sequence[Declaration], rules: Rules, trump: int
) -> list[Declaration]:
    ranked = [(_team_key(d.combination, rules, trump), d) for d in declarations]
    return _winners(ranked, rules.equal_plain_runs_void_all)


def _resolve_per_class(
    declarations: Sequence[Declaration], rules: Rules, trump: int
) -> list[Declaration]:
    scoring = [d for d in declarations if d.combination.kind is Kind.CARRE]
    classes: dict[int, _Ranked] = {}
    for d in declarations:
        combination = d.combination
        if combination.kind is Kind.RUN:
            top = combination.top
            key = (top.rank, 1 if top.suit == trump else 0)
            classes.setdefault(min(combination.length, 5), []).append((key, d))
    for ranked in classes.values():
        scoring.extend(_winners(ranked, rules.equal_plain_runs_void_all))
    return scoring


def _resolve_individual(
    declarations: Sequence[Declaration],
    rules: Rules,
    trump: int,
    players: int,
    first_speaker: int,
) -> list[Declaration]:
    best: tuple[int, ...] | None = None
    best_seat = -1
    for d in declarations:
        combination = d.combination
        points = combination.points(rules)
        top = combination.top
        if combination.kind is Kind.CARRE:
            key: tuple[int, ...] = (1, points, PLAIN_STRENGTH[top.rank], 0, 0)
        else:
            # Runs rank by number of cards (a 6- or 7-card run beats a cent
            # though it scores as one, 001), then top card, then trump, then
            # speaking order.
            speaking = (d.seat - first_speaker) % players
            key = (0, combination.length, top.rank, 1 if top.suit == trump else 0, -speaking)
        if best is None or key > best:
            best, best_seat = key, d.seat
    return [d for d in declarations if d.seat == best_seat]


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
    if contest is Contest.NONE:
        if declarations:
            raise InvalidCombination(no_announcements_message(rules))
        return ()
    if not declarations:
        return ()
    _check_declarations(declarations, rules, players, first_speaker)
    return resolve_trusted(declarations, rules, int(trump), players, first_speaker)


def resolve_trusted(
    declarations: Sequence[Declaration],
    rules: Rules,
    trump_suit: int,
    players: int,
    first_speaker: int,
) -> tuple[Declaration, ...]:
    """[`resolve_contest`][belote.announcements.resolve_contest] without the checks, for declarations the deal engine took.

    The engine's fast path: it accepts only declarations its rules allow,
    so the argument and card checks of ``resolve_contest`` have nothing to
    find there. Give it only declarations checked that way.
    """
    contest = rules.contest
    if contest is Contest.NONE:
        return ()
    if contest is Contest.INDIVIDUAL:
        scoring = _resolve_individual(declarations, rules, trump_suit, players, first_speaker)
    else:
        if players != 4:
            raise InvalidArgument(
                f"{rules.name} ranks announcements by team: 4 players in two teams, not {shown(players)}"
            )
        if contest is Contest.TEAM_BEST_TAKES_ALL:
            scoring = _resolve_team(declarations, rules, trump_suit)
        else:
            scoring = _resolve_per_class(declarations, rules, trump_suit)
    if len(scoring) > 1:
        scoring.sort(key=_order_key)
    return tuple(scoring)
