"""Step 1 of the scoring: is a tally possible under the variant? (docs/formats.md#tally).

[`check_tally`][belote.scoring.validation.check_tally] refuses, with an
[`InvalidTally`][belote.errors.InvalidTally] naming the field, any tally no deal
played by the rules could leave (card points no set of tricks adds up to,
a seat off the table, a combination declared twice, ...);
[`card_points_possible`][belote.scoring.validation.card_points_possible] is its test
of the card points. Both are also importable from
[`belote.scoring`][belote.scoring], whose
[`score_tally`][belote.scoring.pipeline.score_tally] runs them first.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence

from belote.actions import Strain
from belote.cards import ALL_TRUMPS, CARDS, NO_TRUMPS, Card, Rank, Suit, mode_points
from belote.errors import InvalidArgument, InvalidTally, shown
from belote.rules import CallingOut, Rules, checks
from belote.rules.strains import deal_points, point_table
from belote.scoring.announcements import Kind, no_announcements_message
from belote.scoring.tally import Tally, side_count, tricks_per_deal

__all__ = ["card_points_possible", "check_tally"]


# --- step 1: validation -------------------------------------------------------------


def _check_seat(value: int | None, players: int, field: str, *, required: bool = True) -> None:
    if value is None:
        if required:
            raise InvalidTally("is required", field=field)
        return
    if not 0 <= value < players:
        raise InvalidTally(f"seat {shown(value)} is out of range (expected 0..{players - 1})", field=field)


def _check_per_side(values: tuple[int, ...], sides: int, field: str) -> None:
    if len(values) != sides:
        raise InvalidTally(f"expected {sides} values, one per side, got {len(values)}", field=field)
    for value in values:
        if value < 0:
            raise InvalidTally(f"{shown(value)} is negative", field=field)


@functools.cache
def _card_values(table: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The 32 cards' values (``table``, by card index): (value, how many cards), highest first."""
    counts = Counter(table)
    return tuple(sorted(counts.items(), reverse=True))


def _core_table(mode: int) -> tuple[int, ...]:
    """What each card counts under a suit or mode, with the core's values."""
    return tuple(card.points(mode) for card in CARDS)


@functools.cache
def _splits(count: int, sides: int) -> tuple[tuple[int, ...], ...]:
    """Every way to give at most ``count`` equal cards to ``sides`` sides."""
    return tuple(
        split for split in itertools.product(range(count + 1), repeat=sides)
        if sum(split) <= count
    )


@functools.cache
def _bounds(values: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each class index i, (fewest, most) points c cards of classes i.. hold, by c."""
    bounds = []
    for index in range(len(values) + 1):
        rest = sorted(v for v, n in values[index:] for _ in range(n))
        worst = tuple(sum(rest[:c]) for c in range(len(rest) + 1))
        best = tuple(sum(rest[len(rest) - c:]) if c else 0 for c in range(len(rest) + 1))
        bounds.append((worst, best))
    return tuple(bounds)


@functools.lru_cache(maxsize=1 << 18)
def _fits(
    values: tuple[tuple[int, int], ...], index: int, needs: tuple[tuple[int, int], ...]
) -> bool:
    """Whether disjoint sets of cards of classes ``index..``, one per need, hold (cards, points).

    A depth-first search over the value classes (all cards of one value are
    alike), memoised on what the sides still need, sorted since sides are
    interchangeable; the fewest and most points the cards left can hold
    prune each side and all sides together.
    """
    if not needs:
        return True
    worst, best = _bounds(values)[index]
    total_cards = sum(cards for cards, _ in needs)
    if total_cards >= len(worst):
        return False
    if not worst[total_cards] <= sum(points for _, points in needs) <= best[total_cards]:
        return False
    for cards, points in needs:
        if not worst[cards] <= points <= best[cards]:
            return False
    value, count = values[index]
    for split in _splits(count, len(needs)):
        after = []
        for (cards, points), taken in zip(needs, split, strict=True):
            if taken > cards or taken * value > points:
                break
            if (cards - taken, points - taken * value) != (0, 0):
                after.append((cards - taken, points - taken * value))
        else:
            if _fits(values, index + 1, tuple(sorted(after))):
                return True
    return False


def card_points_possible(
    trump: Suit | Strain | int | str, cards: Sequence[int], points: Sequence[int]
) -> bool:
    """Whether each side can have won ``cards[s]`` cards worth ``points[s]`` card points.

    Exact: the sides' cards are disjoint sets out of the 32 cards, valued
    under ``trump`` (rules §1, docs/rules.md#cards); cards nobody won (``french``'s stock, the
    tricks not played after "j'arrête") are the rest. Which suit is trump
    does not change the set of values today, but the values are read from
    the cards under that trump, so a variant valuing cards otherwise stays
    exact.

    Args:
        trump: the trump suit, or a contract's mode: a strain (``NT``, ``AT``) or its
            number (4 no-trumps, 5 all-trumps: docs/bulgarian.md#trump-modes).
        cards: cards won per side (tricks won times cards per trick).
        points: card points per side, without the last-trick bonus.

    >>> card_points_possible(Suit.HEARTS, (16, 16), (151, 1))  # no card is worth 1
    False
    >>> card_points_possible(Suit.HEARTS, (16, 16), (140, 12))  # 11 cards of 0, 3 jacks, 2 queens
    True
    >>> card_points_possible(Suit.HEARTS, (16, 16), (141, 11))  # 16 cards hold at least 12
    False
    >>> card_points_possible(Suit.HEARTS, (4, 28), (60, 92))  # one trick: J 9 A of trump + A = 56
    False
    >>> card_points_possible("AT", (4, 28), (80, 168))  # all-trumps: four jacks
    True

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: negative counts, more than 32 cards, or
            ``cards`` and ``points`` of different lengths.
    """
    mode = _mode_of(trump)
    counts = tuple(checks.whole(c, "cards", 0) for c in checks.sequence(cards, "cards"))
    totals = tuple(checks.whole(p, "points", 0) for p in checks.sequence(points, "points"))
    if len(counts) != len(totals):
        raise InvalidArgument(f"{len(counts)} card counts but {len(totals)} point totals")
    if sum(counts) > len(CARDS):
        return False
    if any(total > mode_points(mode) for total in totals):
        return False
    return _card_points_possible(_core_table(mode), counts, totals)


def _mode_of(trump: object) -> int:
    """A suit's number or a mode (0..5), from a suit, a strain, its number or its letters."""
    if isinstance(trump, str):
        return int(Strain.parse(trump))
    if isinstance(trump, int) and not isinstance(trump, bool) and 0 <= trump < 6:
        return int(trump)
    return int(checks.as_suit(trump))


@functools.lru_cache(maxsize=1 << 16)
def _card_points_possible(
    table: tuple[int, ...], cards: tuple[int, ...], points: tuple[int, ...]
) -> bool:
    values = _card_values(table)
    needs = tuple(zip(cards, points, strict=True))
    if sum(cards) == len(CARDS) and sum(points) == sum(v * n for v, n in values):
        needs = needs[:-1]  # the whole deck was won: the last side holds the rest
    return _fits(values, 0, tuple(sorted(need for need in needs if need != (0, 0))))


def _describe_values(table: tuple[int, ...]) -> str:
    return ", ".join(
        f"{count}×{value}" if count > 1 else str(value) for value, count in _card_values(table)
    )


def _check_card_points(tally: Tally, rules: Rules, mode: int) -> None:
    per_trick = tally.players
    cards = tuple(tricks * per_trick for tricks in tally.tricks)
    table = point_table(rules, mode)  # contrée's NT/AT readings: docs/contree.md
    if sum(cards) <= len(CARDS) and _card_points_possible(
        table, cards, tuple(tally.card_points)
    ):
        return
    sides = ", ".join(
        f"side {side} {points} in {tricks} trick{'s' if tricks != 1 else ''}"
        for side, (tricks, points) in enumerate(zip(tally.tricks, tally.card_points, strict=True))
    )
    raise InvalidTally(
        f"no cards can make these card points ({sides}): each trick holds {per_trick} cards "
        f"and the 32 cards are worth {_describe_values(table)} "
        + (f"with {Suit(mode).letter} trump" if mode < 4 else
           ("in no-trumps" if mode == 4 else "in all-trumps")),
        field="card_points",
    )


def check_tally(tally: Tally, rules: Rules | str) -> None:
    """Refuse a tally that cannot have happened under ``rules`` (rules §7, docs/rules.md#scoring, step 1).

    Among the checks, ``card_points`` must be points that the cards won can
    hold ([`card_points_possible`][belote.scoring.validation.card_points_possible]).

    Args:
        tally: the tally.
        rules: the variant, or its name or alias.

    Raises:
        InvalidTally: the first fault found; its ``field`` names the field.
        InvalidArgumentType: ``tally`` is not a ``Tally`` (a ``Tally``'s fields
            are checked when it is built).
        UnknownVariant: ``rules`` names no variant.
    """
    checks.instance(tally, Tally, "tally")
    rules = checks.as_rules(rules)
    players = tally.players
    try:
        rules.check_players(players)
    except InvalidArgument as exc:
        raise InvalidTally(str(exc), field="players") from None
    sides = side_count(rules, players)
    _check_seat(tally.taker, players, "taker")
    _check_seat(tally.dealer, players, "dealer", required=not rules.partnerships)
    _check_seat(tally.belote, players, "belote", required=False)
    _check_per_side(tally.tricks, sides, "tricks")
    _check_per_side(tally.card_points, sides, "card_points")

    count = tricks_per_deal(rules)
    played = sum(tally.tricks)
    if tally.last_trick is None:
        if rules.calling_out is not CallingOut.ARRETE:
            raise InvalidTally(
                f"is required: {rules.name} deals are played to the last trick",
                field="last_trick",
            )
        if played >= count:
            raise InvalidTally(f"is required: all {count} tricks were played", field="last_trick")
    else:
        if not 0 <= tally.last_trick < sides:
            raise InvalidTally(
                f"side {shown(tally.last_trick)} is out of range (expected 0..{sides - 1})",
                field="last_trick",
            )
        if played != count:
            raise InvalidTally(
                f"the tricks sum to {shown(played)}; a deal has {count} tricks", field="tricks"
            )
    _check_seat(tally.stopped_by, players, "stopped_by", required=False)
    if tally.stopped_by is not None and tally.last_trick is not None:
        raise InvalidTally(
            "a deal stopped by a player has no last trick (last_trick must be null)",
            field="stopped_by",
        )
    for index, penalty in enumerate(tally.penalties):
        _check_seat(penalty.seat, players, f"penalties[{index}].seat")
        if penalty.offence not in rules.penalties:
            raise InvalidTally(
                f"{rules.name} has no penalty for {penalty.offence.value}",
                field=f"penalties[{index}].offence",
            )

    total = sum(tally.card_points)
    complete = tally.last_trick is not None
    # An auction's mode is its contract's strain (docs/bulgarian.md#trump-modes); contrée's
    # NT/AT count by its knobs (docs/contree.md#sans-atout-and-tout-atout).
    mode = tally.mode if rules.has_auction and tally.contract is not None else int(tally.trump)
    whole = deal_points(rules, mode)
    in_mode = "" if mode < 4 else (" in no-trumps" if mode == 4 else " in all-trumps")
    if complete and players * tricks_per_deal(rules) == 32 and total != whole:
        raise InvalidTally(
            f"the card points sum to {shown(total)}; they must sum to {whole}{in_mode}",
            field="card_points",
        )
    if total > whole:
        raise InvalidTally(
            f"the card points sum to {shown(total)}, more than the {whole} of the deck{in_mode}",
            field="card_points",
        )
    for side in range(sides):
        if tally.tricks[side]:
            continue
        if tally.card_points[side]:
            raise InvalidTally(
                f"side {side} won no trick but has {shown(tally.card_points[side])} card points",
                field="card_points",
            )
        if tally.last_trick == side:
            raise InvalidTally(f"side {side} won no trick", field="last_trick")
    _check_card_points(tally, rules, mode)
    _check_announcements(tally, rules, count)
    _check_contract(tally, rules)
    if rules.strain_auction or mode >= NO_TRUMPS:
        _check_strain_extras(tally, rules, mode)


def _check_contract(tally: Tally, rules: Rules) -> None:
    """A contract exactly when the variant bids one (RULES §11.1), and one its auction allows."""
    contract = tally.contract
    if contract is None:
        if rules.has_auction:
            raise InvalidTally(
                f"is required: {rules.name} plays a contract won in an auction "
                '(e.g. {"value": 110, "strain": "C"})',
                field="contract",
            )
        return
    if not rules.has_auction:
        raise InvalidTally(
            f"{rules.name} has no auction of contracts: the taker takes or passes, and no contract is bid",
            field="contract",
        )
    auction = rules.auction
    if contract.strain not in auction.biddable:
        allowed = " ".join(str(strain) for strain in auction.biddable)
        raise InvalidTally(
            f"{rules.name} bids one of {allowed}, not {contract.strain}", field="contract.strain"
        )
    if contract.strain.suit is not None and contract.strain.suit is not tally.trump:
        raise InvalidTally(
            f"the contract names {contract.strain}, so the trump is {contract.strain}, not {tally.trump}",
            field="contract.strain",
        )
    if rules.strain_auction:
        if contract.value != 0:
            raise InvalidTally(
                f"{rules.name} bids a strain without a value, not {shown(contract.value)}",
                field="contract.value",
            )
    elif contract.value is None:
        if not auction.capot:
            raise InvalidTally(f"{rules.name} has no capot bid", field="contract.value")
    elif contract.value not in auction.values:
        raise InvalidTally(
            f"a bid's value is one of {auction.lowest} to {auction.highest} in steps of "
            f"{auction.step}{', or capot' if auction.capot else ''}; not {shown(contract.value)}",
            field="contract.value",
        )
    doubling = contract.doubling
    if not 0 <= doubling <= 3:
        raise InvalidTally(
            f"0 (as bid), 1 (coinched) or 2 (surcoinched), not {shown(doubling)}", field="coinche"
        )
    if doubling >= 1 and not auction.coinche:
        raise InvalidTally(f"{rules.name} has no coinche", field="coinche")
    if doubling >= 2 and not auction.surcoinche:
        raise InvalidTally(f"{rules.name} has no surcoinche", field="coinche")
    if doubling == 3 and not auction.reredouble:
        raise InvalidTally(
            f"{rules.name} has no third level of doubling (re-redouble: auction.reredouble)",
            field="coinche",
        )


def _check_strain_extras(tally: Tally, rules: Rules, mode: int) -> None:
    """Refuse what a strain auction's tally may not hold.

    Declarations or a belote in no-trumps, more belotes than the mode's trump
    suits, a ``belote`` not among ``belotes``.
    """
    if mode == NO_TRUMPS and not rules.declarations_in_no_trumps and tally.announcements:
        raise InvalidTally("nothing is declared in a no-trumps contract", field="announcements")
    seats = tally.belotes or (() if tally.belote is None else (tally.belote,))
    if mode == NO_TRUMPS and seats:
        raise InvalidTally("there is no belote in a no-trumps contract", field="belote")
    most = 4 if mode == ALL_TRUMPS else 1
    if len(seats) > most:
        raise InvalidTally(
            f"{len(seats)} belotes, but a deal {'in all-trumps ' if most == 4 else ''}holds "
            f"at most {most}", field="belote",
        )
    for index, seat in enumerate(tally.belotes):
        _check_seat(seat, tally.players, f"belote[{index}]")
    if tally.belotes and tally.belote is not None and tally.belote not in tally.belotes:
        raise InvalidTally(
            f"seat {tally.belote} is not among the belotes {list(tally.belotes)}", field="belote"
        )


def _check_announcements(tally: Tally, rules: Rules, hand_size: int) -> None:
    if tally.announcements and not rules.has_announcements:
        raise InvalidTally(no_announcements_message(rules), field="announcements")
    owner: dict[Card, int] = {}
    in_run: set[Card] = set()
    in_carre: set[Card] = set()
    held: dict[int, set[Card]] = {}
    for index, declaration in enumerate(tally.announcements):
        field = f"announcements[{index}]"
        _check_seat(declaration.seat, tally.players, f"{field}.seat")
        combination = declaration.combination
        used = in_run if combination.kind is Kind.RUN else in_carre
        other = in_carre if combination.kind is Kind.RUN else in_run
        for card in combination.cards:
            seat = owner.setdefault(card, declaration.seat)
            if seat != declaration.seat:
                raise InvalidTally(
                    f"{card} is shown by seat {seat} and by seat {declaration.seat}",
                    field=f"{field}.cards",
                )
            if card in used:
                raise InvalidTally(f"{card} is shown twice", field=f"{field}.cards")
            if card in other and not rules.card_in_carre_and_run:
                raise InvalidTally(
                    f"{card} cannot serve in a carré and a run", field=f"{field}.cards"
                )
            used.add(card)
            held.setdefault(declaration.seat, set()).add(card)
    if tally.belote is not None and not tally.belotes and tally.mode < NO_TRUMPS:
        for rank in (Rank.KING, Rank.QUEEN):
            card = Card(rank, tally.trump)
            seat = owner.get(card, tally.belote)
            if seat != tally.belote:
                raise InvalidTally(
                    f"seat {shown(tally.belote)} cannot hold belote: seat {seat} showed {card}",
                    field="belote",
                )
            held.setdefault(tally.belote, set()).add(card)
    for seat, cards in held.items():
        if len(cards) > hand_size:
            raise InvalidTally(
                f"seat {seat} shows {len(cards)} cards but holds {hand_size}",
                field="announcements",
            )


