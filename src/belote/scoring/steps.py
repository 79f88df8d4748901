"""The steps of the scoring pipeline, compiled: a well-typed tally to a deal result.

[`score_trusted`][belote.scoring.steps.score_trusted] runs steps 2 to 8 of
[`belote.scoring.pipeline`][belote.scoring.pipeline] on a tally nobody has to
check: one the deal engine built, or one
[`score_tally`][belote.scoring.pipeline.score_tally] has checked. The checked
doors stay in `pipeline`; this module is in the compiled core
(docs/compiled.md), which refuses an argument of the wrong type with a plain
`TypeError`, so nothing here is a door for arguments of any type.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Final

from belote.errors import InvalidTally
from belote.rules import Bidding, CapotRule, ContractScoring, PendingRule, Rules
from belote.rules.penalties import SanctionKind, penalty_lines
from belote.rules.specs import spec_of
from belote.rules.strains import contract_deal, deal_points, scaled
from belote.scoring import contest as _contest
from belote.scoring.announcements import Declaration, Kind
from belote.scoring.combination import Combination
from belote.scoring.gamescore import score_in_game_points
from belote.scoring.hands import points_of
from belote.scoring.reckoning import BID, CAPOT_BID, HALF, Reckoning
from belote.scoring.result import DealResult, Line, Outcome
from belote.scoring.tally import Tally

__all__ = ["score_trusted", "seat_side"]

# Audit line items.
CARD_POINTS: Final = "card points"
LAST_TRICK: Final = "last trick"
ROUNDING: Final = "rounding"
SCALING: Final = "scaling"
CAPOT: Final = "capot"
CAPOT_SPLIT: Final = "capot split"
BELOTE: Final = "belote"
REVERSE_CAPOT: Final = "reverse capot"
PENDING_WON: Final = "litige pending won"
FROM_ATTACK: Final = " (from the attack)"


def seat_side(seat: int, rules: Rules) -> int:
    """The side ``seat`` scores for under ``rules``: its team (seats 0 and 2 are team 0), or itself.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`side_of`][belote.scoring.pipeline.side_of].

    Nothing is checked ([`side_of`][belote.scoring.pipeline.side_of] is the checked door).
    """
    return seat % 2 if rules.partnerships else seat


# --- steps 2 and 3: card points, last trick, capot ----------------------------------


# The enum members the pipeline compares with, read once: on Python 3.11 reading
# a member through its class costs about 100 ns, a module constant about 10.
_NO_OPPONENT_POINT: Final = CapotRule.NO_OPPONENT_POINT
_PLAYER_ALL_TRICKS: Final = CapotRule.PLAYER_ALL_TRICKS
_MADE: Final = Outcome.MADE
_FAILED: Final = Outcome.FAILED
_LITIGE: Final = Outcome.LITIGE
_PLAYED_OUTCOME: Final = Outcome.PLAYED
_NEXT_ATTACK_OR_DEFENCE: Final = PendingRule.NEXT_ATTACK_OR_DEFENCE
_MADE_PLUS_BID: Final = ContractScoring.MADE_PLUS_BID
_BID_ONLY: Final = ContractScoring.BID_ONLY
_STRAIN_AUCTION: Final = Bidding.STRAIN_AUCTION
CONTRACT: Final = "contract"
_ALL_TRUMPS: Final = 5  # belote.cards.ALL_TRUMPS

_LINES: dict[tuple[int, str, int], Line] = {}


def _line(to: int, item: str, points: int) -> Line:
    """``Line(to, item, points)``, shared: lines are values and deals repeat the same few."""
    key = (to, item, points)
    line = _LINES.get(key)
    if line is None:
        if len(_LINES) >= 4096:  # a bound for unusual items and point counts
            _LINES.clear()
        line = _LINES[key] = Line(to, item, points)
    return line


def _find_capot(tally: Tally, rules: Rules) -> int | None:
    """The side that made capot under ``rules.capot_rule``, or ``None``."""
    if tally.last_trick is None:
        return None  # [reading] a stopped deal has no capot
    if rules.capot_rule is _NO_OPPONENT_POINT:
        side = tally.last_trick
        others = [s for s in range(len(tally.tricks)) if s != side]
        if any(tally.card_points[s] for s in others):
            return None
        if tally.belote is not None and seat_side(tally.belote, rules) != side:
            return None
        return side
    count = rules.hand_size  # tricks in a deal played to the end
    return tally.tricks.index(count) if count in tally.tricks else None


def _capot_split(tally: Tally, rules: Rules, capot: int | None) -> tuple[int, ...]:
    """The sides sharing the three-player split capot (rules §7.2, docs/rules.md#capot, reading of 003)."""
    if (
        rules.capot_rule is not _PLAYER_ALL_TRICKS
        or capot is not None
        or tally.last_trick is None
        or len(tally.tricks) != 3
    ):
        return ()
    empty = [side for side, tricks in enumerate(tally.tricks) if tricks == 0]
    if len(empty) != 1:
        return ()
    return tuple(side for side in range(3) if side != empty[0])


def _card_lines(tally: Tally, rules: Rules, capot: int | None) -> list[list[Line]]:
    """Per side: card points, last trick, capot (before rounding).

    A ``PLAYER_ALL_TRICKS`` capot, or the three-player split, is a bonus on
    top of the card points and takes the place of the last trick's 10 unless
    ``rules.capot_keeps_last_trick`` (003, rules §7.2, docs/rules.md#capot).
    """
    split = _capot_split(tally, rules, capot)
    all_tricks = rules.capot_rule is _PLAYER_ALL_TRICKS
    last, last_bonus = tally.last_trick, rules.last_trick_bonus
    keeps_last = rules.capot_keeps_last_trick
    lines: list[list[Line]] = []
    for side, points in enumerate(tally.card_points):
        if side == capot and not all_tricks:
            own = [_line(side, CAPOT, rules.capot_value)]  # instead of card points
        else:
            own = [_line(side, CARD_POINTS, points)] if points else []
            if side == capot:
                own.append(_line(side, CAPOT, rules.capot_value))
            if side == last and last_bonus and (
                keeps_last or (side != capot and side not in split)
            ):
                own.append(_line(side, LAST_TRICK, last_bonus))
        lines.append(own)
    for side in split:
        lines[side].append(_line(side, CAPOT_SPLIT, rules.capot_split_value))
    return lines


def _round_cards(
    cards: list[list[Line]], rules: Rules, attack: int | None, capot: int | None, shift: int = 0
) -> list[list[Line]]:
    """Card lines with a rounding line added (rules §7.3, docs/rules.md#rounding); capot values stay."""
    step = rules.round_to
    if not step or capot is not None:
        return cards
    # To the nearest multiple of step; a half goes up with round_half_up, else down.
    half = step // 2 if rules.round_half_up else (step - 1) // 2
    raw = [_sum(lines) for lines in cards]
    if attack is None or len(cards) != 2 or not rules.attack_gets_rounded_rest:
        rounded = [(points + half) // step * step for points in raw]
    else:
        defence = 1 - attack
        rounded = [0, 0]
        rounded[defence] = (raw[defence] + half) // step * step
        rounded[attack] = rules.rounded_total + shift - rounded[defence]
    result = []
    for side, lines in enumerate(cards):
        change = rounded[side] - raw[side]
        result.append([*lines, _line(side, ROUNDING, change)] if change else lines[:])
    return result


def _round_scores(lines: list[Line], rules: Rules, sides: int) -> list[Line]:
    """A contract's lines with a rounding line per side whose score is off the step.

    Rules §7.3, docs/contree.md#scoring: with ``round_to`` every score of a
    contract is kept in multiples of it (a 5 up with ``round_half_up``), the
    failed, coinched and capot ones too; the contract is decided before, on
    the raw points, so a rounding never makes one.
    """
    step = rules.round_to
    if not step:
        return lines
    half = step // 2 if rules.round_half_up else (step - 1) // 2
    totals = [0] * sides
    for line in lines:
        totals[line.to] += line.points
    for side, total in enumerate(totals):
        change = (total + half) // step * step - total
        if change:
            lines.append(_line(side, ROUNDING, change))
    return lines


# --- step 4: announcements and belote -----------------------------------------------


def _first_speaker(tally: Tally) -> int:
    return 0 if tally.dealer is None else (tally.dealer + 1) % tally.players


def _announcement_lines(
    tally: Tally, rules: Rules, sides: int, scoring: Sequence[Declaration] | None = None
) -> list[list[Line]]:
    """Per side, the lines of the declarations that win the contest.

    ``scoring``: the contest's result when the caller already has it (the deal
    engine resolves it after the first trick).
    """
    lines: list[list[Line]] = [[], []] if sides == 2 else [[] for _ in range(sides)]
    if not tally.announcements:
        return lines
    if scoring is None:
        scoring = _contest.resolve_contest(
            tally.announcements,
            rules,
            tally.trump,
            players=tally.players,
            first_speaker=_first_speaker(tally),
        )
    for declaration in scoring:
        side = seat_side(declaration.seat, rules)
        lines[side].append(_declaration_line(side, declaration.combination, rules))
    return lines


_DECLARATION_LINES: dict[tuple[int, int, int], tuple[Rules, Line]] = {}


def _declaration_line(side: int, combination: Combination, rules: Rules) -> Line:
    """The line of a scoring declaration, remembered per side, card mask and variant."""
    key = (side, combination.cards.mask, id(rules))
    found = _DECLARATION_LINES.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    line = _line(side, combination.label, points_of(combination, rules))
    if len(_DECLARATION_LINES) >= 4096:  # variants built on the fly come and go
        _DECLARATION_LINES.clear()
    _DECLARATION_LINES[key] = (rules, line)
    return line


def _belote_lines(tally: Tally, rules: Rules, sides: int) -> list[list[Line]]:
    lines: list[list[Line]] = [[], []] if sides == 2 else [[] for _ in range(sides)]
    # one line per belote: contrée's all-trumps contract may hold four (docs/contree.md)
    seats = tally.belotes if tally.belotes and tally.mode == _ALL_TRUMPS else (
        () if tally.belote is None else (tally.belote,))
    if rules.belote_value:
        for seat in seats:
            side = seat_side(seat, rules)
            lines[side].append(_line(side, BELOTE, rules.belote_value))
    return lines


def _eight_run_winner(tally: Tally, rules: Rules) -> int | None:
    """The side of the first seat in speaking order that showed an 8-card run (004)."""
    if not rules.eight_run_wins_match:
        return None
    first = _first_speaker(tally)
    shown = sorted(
        (
            (declaration.seat - first) % tally.players
            for declaration in tally.announcements
            if declaration.combination.kind is Kind.RUN and declaration.combination.length == 8
        ),
    )
    if not shown:
        return None
    return seat_side((shown[0] + first) % tally.players, rules)


# --- steps 5 to 8: contract, allocation, pending -------------------------------------


def _sum(lines: Sequence[Line]) -> int:
    total = 0
    for line in lines:
        total += line.points
    return total


def _forfeited(lines: Sequence[Line], to: int) -> list[Line]:
    return [_line(to, line.item + FROM_ATTACK, line.points) for line in lines]


class _Parts:
    """The pieces of a deal's score before allocation, per side."""

    __slots__ = ("announcements", "belote", "cards", "rounded")

    def __init__(
        self,
        cards: list[list[Line]],
        rounded: list[list[Line]],
        announcements: list[list[Line]],
        belote: list[list[Line]],
    ) -> None:
        self.cards = cards
        self.rounded = rounded
        self.announcements = announcements
        self.belote = belote

    def total(self, side: int, rounded: bool = False) -> int:
        """A side's total: card points (raw, or ``rounded``) + announcements + belote."""
        total = 0
        cards = self.rounded[side] if rounded else self.cards[side]
        for lines in (cards, self.announcements[side], self.belote[side]):
            for line in lines:
                total += line.points
        return total


def _race(parts: _Parts, rules: Rules, attack: int, defence: int) -> Reckoning:
    """What the attack counted against the defence: each side's total, which decides the contract.

    Totals are raw, or rounded when ``rules.contract_on_raw_totals`` is off;
    the attack needs more than the defence, so more than half of both.
    """
    rounded = not rules.contract_on_raw_totals
    cards = _sum(parts.rounded[attack] if rounded else parts.cards[attack])
    declarations = _sum(parts.announcements[attack])
    belote = _sum(parts.belote[attack])
    other = parts.total(defence, rounded)
    return Reckoning(
        side=attack, cards=cards, declarations=declarations, belote=belote,
        needed=(cards + declarations + belote + other) // 2 + 1, defence=other, basis=HALF,
    )


def _decide(reckoning: Reckoning, attack: int, defence: int, capot: int | None) -> Outcome:
    """The contract: made, litige or failed, from the sides' totals; a capot decides it by itself."""
    if capot == defence:
        return _FAILED
    if capot == attack:
        return _MADE  # [reading] a capot always makes the contract
    points = reckoning.cards + reckoning.declarations + reckoning.belote
    if points > reckoning.defence:
        return _MADE
    if points == reckoning.defence:
        return _LITIGE
    return _FAILED


def _allocate(
    parts: _Parts, rules: Rules, outcome: Outcome, attack: int, defence: int, capot: int | None
) -> tuple[list[Line], list[Line], int]:
    """Attack lines, defence lines and the points held pending (rules §7.1, docs/rules.md#contract)."""
    keep_announcements = [] if rules.forfeit_announcements else parts.announcements[attack]
    keep_belote = [] if rules.forfeit_belote else parts.belote[attack]
    if outcome is _MADE:
        attack_lines = parts.rounded[attack] + parts.announcements[attack] + parts.belote[attack]
        defence_lines = (
            parts.rounded[defence] + parts.announcements[defence] + parts.belote[defence]
        )
        return attack_lines, defence_lines, 0
    if outcome is _FAILED:
        base = (
            _line(defence, REVERSE_CAPOT, rules.reverse_capot_value)
            if capot == defence
            else _line(defence, rules.failed_label, rules.failed_defence_points)
        )
        defence_lines = [base, *parts.announcements[defence], *parts.belote[defence]]
        if rules.forfeit_announcements:
            defence_lines += _forfeited(parts.announcements[attack], defence)
        if rules.forfeit_belote:
            defence_lines += _forfeited(parts.belote[attack], defence)
        return keep_announcements + keep_belote, defence_lines, 0
    # litige: what the attack would forfeit on failure waits (its announcements
    # only with rules.litige_holds_announcements).
    held = _sum(parts.rounded[attack])
    if rules.forfeit_announcements and rules.litige_holds_announcements:
        held += _sum(parts.announcements[attack])
    else:
        keep_announcements = parts.announcements[attack]
    if rules.forfeit_belote:
        held += _sum(parts.belote[attack])
    defence_lines = parts.rounded[defence] + parts.announcements[defence] + parts.belote[defence]
    return keep_announcements + keep_belote, defence_lines, held


def _pay_pending(
    rules: Rules, outcome: Outcome, attack: int, defence: int, pending: int, held: int
) -> tuple[Line | None, int]:
    """The line paying the incoming pending points, and the points pending after the deal."""
    if outcome is _MADE:
        return (_line(attack, PENDING_WON, pending) if pending else None), 0
    if outcome is _FAILED:
        return (_line(defence, PENDING_WON, pending) if pending else None), 0
    if rules.pending_rule is _NEXT_ATTACK_OR_DEFENCE:
        return (_line(defence, PENDING_WON, pending) if pending else None), held
    return None, pending + held


_line_side: Final = operator.attrgetter("to")


def _result(
    rules: Rules,
    sides: int,
    lines: Sequence[Line],
    *,
    outcome: Outcome,
    capot: int | None,
    pending: int,
    attack: int | None,
    tally: Tally,
    reckoning: Reckoning | None = None,
) -> DealResult:
    reason: str | None = None
    loser: int | None = None
    if tally.penalties:  # rules §9, docs/rules.md#penalties, after everything else
        extra, loser = penalty_lines(
            tally.penalties, rules.penalties, [seat_side(seat, rules) for seat in
                                               range(tally.players)], sides
        )
        lines = [*lines, *(_line(to, item, points) for to, item, points in extra)]
    ordered = tuple(sorted(lines, key=_line_side))  # stable: keeps item order
    scores = [0] * sides
    for line in ordered:
        scores[line.to] += line.points
    winner = _eight_run_winner(tally, rules) if rules.eight_run_wins_match else None
    if winner is not None:
        reason = "8-card run shown"
    if loser is not None:
        # [reading] with more than two sides the best other deal score wins, ties to
        # the first after the offender in playing order
        others = sorted((s for s in range(sides) if s != loser),
                        key=lambda s: (-scores[s], (s - loser) % sides))
        offence = next(p for p in tally.penalties
                       if seat_side(p.seat, rules) == loser
                       and rules.penalties[p.offence].kind is SanctionKind.LOSE_MATCH)
        winner, reason = others[0], f"penalty: {offence.offence.value} by seat {offence.seat}"
    return DealResult(
        variant=spec_of(rules),
        outcome=outcome,
        capot=capot,
        scores=tuple(scores),
        pending=pending,
        lines=ordered,
        attack=attack,
        match_winner=winner,
        match_end_reason=reason,
        stopped_by=tally.stopped_by,
        contract=tally.contract,
        reckoning=reckoning,
        rules=rules,
    )


# --- the contract of an auction (docs/contree.md#scoring) --------------------------------


# The contract lines' items, per (value, 0 for capot; strain; multiplier): a deal's few.
_ITEMS: dict[tuple[int, int, int], str] = {}


def _contract_item(tally: Tally, multiplier: int) -> str:
    contract = tally.contract
    assert contract is not None
    key = (contract.value or 0, int(contract.strain), multiplier)
    item = _ITEMS.get(key)
    if item is None:
        value = "capot" if contract.value is None else str(contract.value)
        times = f" x{multiplier}" if multiplier != 1 else ""
        if len(_ITEMS) >= 4096:  # a bound for unusual knob values
            _ITEMS.clear()
        item = _ITEMS[key] = f"{CONTRACT} {value} {contract.strain.letter}{times}"
    return item


def _contract_reckoning(
    tally: Tally, rules: Rules, parts: _Parts, attack: int, defence: int, capot: int | None
) -> tuple[bool, Reckoning]:
    """Whether the attack made its contract, and the count that says so (docs/contree.md#scoring).

    A capot contract needs every trick; a value needs the attack's raw card
    points (its belote and declarations too with ``counts_belote``) to reach
    it, and more than the defence's total with ``must_beat_defence``.
    """
    contract = tally.contract
    assert contract is not None
    terms = rules.contract
    cards = _sum(parts.cards[attack])
    other = _sum(parts.cards[defence])
    declarations = belote = 0
    if terms.counts_belote:  # its belote, and its declarations where the variant has them
        declarations = _sum(parts.announcements[attack])
        belote = _sum(parts.belote[attack])
        other += _sum(parts.belote[defence]) + _sum(parts.announcements[defence])
    need = contract.value
    if need is None:
        made = capot == attack
        basis = CAPOT_BID
    else:
        if terms.lowest_needs is not None and need == rules.auction.lowest:
            need = terms.lowest_needs
        made = cards + declarations + belote >= need
        if made and terms.must_beat_defence:
            made = parts.total(attack) > parts.total(defence)
        basis = BID
    return made, Reckoning(
        side=attack, cards=cards, declarations=declarations, belote=belote, needed=need,
        defence=other, basis=basis, beat_defence=terms.must_beat_defence and need is not None,
    )


def _strain_shift(tally: Tally, rules: Rules) -> int:
    """What an NT/AT contract's deal is worth beyond a suit deal's 162 (0 in a suit contract).

    The 162 of the failed and coinched scores and the 252 of a capot move by
    this much (docs/contree.md#sans-atout-and-tout-atout): -32 in a raw
    no-trumps deal of 130, +96 in a raw all-trumps deal of 258, 0 where the
    deal is brought to 162.
    """
    mode = tally.mode
    if mode < 4:
        return 0
    return contract_deal(rules, mode) - deal_points(rules, 0) - rules.last_trick_bonus


def _scale_cards(
    cards: list[list[Line]], tally: Tally, rules: Rules, attack: int, capot: int | None,
    shift: int,
) -> list[list[Line]]:
    """An NT/AT contract's card lines on the contract's scale (docs/contree.md#sans-atout-and-tout-atout).

    A capot's 252 moves by ``shift``; with ``StrainPoints.SCALED`` the
    attack's points (cards and last trick) are brought to 162 and the
    defence has the rest.
    """
    if capot is not None:
        if shift:
            cards[capot] = [*cards[capot], _line(capot, SCALING, shift)]
        return cards
    mode = tally.mode
    own = scaled(_sum(cards[attack]), rules, mode)
    for side, points in ((attack, own), (1 - attack, contract_deal(rules, mode) - own)):
        change = points - _sum(cards[side])
        if change:
            cards[side] = [*cards[side], _line(side, SCALING, change)]
    return cards


def _contract_lines(
    tally: Tally, rules: Rules, parts: _Parts, attack: int, defence: int, capot: int | None,
    made: bool,
) -> tuple[Outcome, list[Line]]:
    """The outcome and every line of a contract's deal (docs/contree.md#scoring), ``made`` or not."""
    contract = tally.contract
    assert contract is not None
    shift = _strain_shift(tally, rules)
    terms = rules.contract
    multiplier = rules.auction.multiplier(contract.doubling)
    winner, loser = (attack, defence) if made else (defence, attack)
    capot_bid = contract.value is None
    value = terms.capot_value if capot_bid else contract.value
    assert value is not None
    item = _contract_item(tally, multiplier)
    # Belote and the declarations that won the contest (a contrée with declarations, FFB
    # 2016's option) stay with their side, or go to the winner of a failed or coinched
    # contract when they are "prenables".
    belotes_to_winner = terms.belote_prenable and (contract.doubling > 0 or not made)
    belote_lines: list[Line] = []
    for side in (winner, loser):
        for line in (*parts.announcements[side], *parts.belote[side]):
            if side == winner:
                belote_lines.append(line)
            elif belotes_to_winner:
                belote_lines.append(_line(winner, line.item + " (taken)", line.points))
            else:
                belote_lines.append(line)
    flat: int | None = None
    if capot_bid and terms.capot_bonus is not None:
        flat = terms.capot_bonus * multiplier
    elif contract.doubling and terms.coinched_flat is not None:
        flat = terms.coinched_flat * multiplier
    if flat is not None:
        return (_MADE if made else _FAILED), [_line(winner, item, flat), *belote_lines]
    if made and not contract.doubling:
        scoring = terms.scoring
        lines: list[Line] = []
        for side in (attack, defence):
            if side == defence or scoring is not _BID_ONLY:
                lines.extend(parts.rounded[side])
        if scoring is _MADE_PLUS_BID or scoring is _BID_ONLY:
            lines.append(_line(attack, item, value * multiplier))
        return _MADE, lines + belote_lines
    if made:  # coinched or surcoinched, and made: the attack takes everything
        base = (
            _line(attack, CAPOT, rules.capot_value + shift)
            if capot == attack
            else _line(attack, CARD_POINTS, terms.coinched_points + shift)
        )
        return _MADE, [base, _line(attack, item, value * multiplier), *belote_lines]
    lines = [_line(defence, rules.failed_label, terms.failed_points + shift)]
    if terms.failed_adds_value:
        lines.append(_line(defence, item, value * multiplier))
    return _FAILED, lines + belote_lines


def score_trusted(
    tally: Tally,
    rules: Rules,
    pending: int = 0,
    scoring: Sequence[Declaration] | None = None,
) -> DealResult:
    """[`score_tally`][belote.scoring.pipeline.score_tally] without the checks, for tallies the deal engine built.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`score_tally`][belote.scoring.pipeline.score_tally].

    The fast path for [`Deal`][belote.deal.Deal], which builds its tally from a deal played
    under every rule, so [`check_tally`][belote.scoring.validation.check_tally] has nothing to find there (the
    fast-path tests compare both on engine-built tallies). Anything else goes
    through [`score_tally`][belote.scoring.pipeline.score_tally]. ``scoring``: the declarations that won the
    contest when the deal has resolved it already, else ``None``.
    """
    if rules.bidding is _STRAIN_AUCTION:  # game points (docs/bulgarian.md#scoring)
        return score_in_game_points(tally, rules, pending, scoring)
    sides = rules.side_count(tally.players)
    capot = _find_capot(tally, rules)
    cards = _card_lines(tally, rules, capot)
    attack = seat_side(tally.taker, rules) if rules.has_contract else None
    shift = 0
    if tally.contract is not None and attack is not None and tally.mode >= 4 and sides == 2:
        shift = _strain_shift(tally, rules)  # contrée's NT/AT (docs/contree.md)
        cards = _scale_cards(cards, tally, rules, attack, capot, shift)
    parts = _Parts(  # cards, rounded, announcements, belote
        cards,
        _round_cards(cards, rules, attack, capot, shift),
        _announcement_lines(tally, rules, sides, scoring),
        _belote_lines(tally, rules, sides),
    )
    if attack is None:
        lines = [
            line
            for side in range(sides)
            for line in (*parts.rounded[side], *parts.announcements[side], *parts.belote[side])
        ]
        return _result(
            rules, sides, lines, outcome=_PLAYED_OUTCOME, pending=pending, attack=None,
            capot=capot, tally=tally,
        )  # fmt: skip
    if sides != 2:
        raise InvalidTally("a contract is played by two sides", field="players")
    defence = 1 - attack
    if tally.contract is not None:
        made, reckoning = _contract_reckoning(tally, rules, parts, attack, defence, capot)
        outcome, lines = _contract_lines(tally, rules, parts, attack, defence, capot, made)
        if pending:  # litige points from another variant's deal go to the deal's winner
            lines.append(_line(attack if outcome is _MADE else defence, PENDING_WON, pending))
        lines = _round_scores(lines, rules, sides)
        return _result(
            rules, sides, lines, outcome=outcome, capot=capot, pending=0, attack=attack,
            tally=tally, reckoning=reckoning,
        )
    reckoning = _race(parts, rules, attack, defence)
    outcome = _decide(reckoning, attack, defence, capot)
    attack_lines, defence_lines, held = _allocate(parts, rules, outcome, attack, defence, capot)
    paid, still_pending = _pay_pending(rules, outcome, attack, defence, pending, held)
    lines = attack_lines + defence_lines + ([paid] if paid else [])
    return _result(
        rules, sides, lines, outcome=outcome, capot=capot, pending=still_pending,
        attack=attack, tally=tally, reckoning=reckoning,
    )  # fmt: skip
