"""Mutant scorers: the one-line slips a scorekeeper's program makes, per variant.

A property test is only as good as the inputs it draws. Each
[`Mutant`][belote.strategies.mutants.Mutant] is the library's own scorer with
one slip: one rule read wrong (``160`` for ``162``, the last trick's 10
forgotten, capot 252 for 250, ×3 for ×4, belote left out of the contract, ...),
one figure of the tally dropped (the belote, the declarations), or one step
of ``bulgarian``'s game points taken wrong (the no-trumps doubling forgotten,
a total rounded at the other mode's threshold, an inside deal leaving the
declarers their points, the pooled contest forgotten). A strategy
*kills* a mutant when it draws a tally the mutant scores differently from
[`score_tally`][belote.scoring.pipeline.score_tally]. The library's tests require
[`tallies`][belote.strategies.tallies] to kill every mutant of every variant
within 200 examples (docs/testing.md#mutant-scorers); a user can check his own
strategies the same way:

>>> from hypothesis import given, settings
>>> from belote.strategies import tallies
>>> mutant = mutants("contree")[0]
>>> mutant.name
'last-trick-forgotten'
>>> killed = []
>>> @settings(max_examples=200, deadline=None, database=None)
... @given(tallies("contree"))
... def test_the_last_trick_counts(tally):
...     if mutant.differs(tally):
...         killed.append(tally)
>>> test_the_last_trick_counts()
>>> len(killed) > 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import attrs

from belote.actions import Strain
from belote.cards import ALL_TRUMPS, NO_TRUMPS, Suit
from belote.rules import Rules, get_rules
from belote.rules.policies import CapotRule, Contest, ContractScoring
from belote.scoring import Tally, score_tally
from belote.scoring.announcements import Declaration
from belote.scoring.gamescore import game_point_inputs
from belote.scoring.steps import score_trusted
from belote.scoring.totals import INSIDE, tens_score

__all__ = ["Mutant", "mutants"]


@attrs.frozen
class Mutant:
    """The library's scorer for ``variant`` with one slip.

    Attributes:
        variant: the variant's name.
        name: a short name (``"capot-252-for-250"``).
        slip: what the scorekeeper's program gets wrong, in a sentence.
        rules_slip: the rules the slip reads instead of the variant's, or ``None``.
        tally_slip: the tally the slip scores instead of the one counted, or ``None``.
    """

    variant: str
    name: str
    slip: str
    rules_slip: Callable[[Rules], Rules] | None = attrs.field(default=None, eq=False, repr=False)
    tally_slip: Callable[[Tally], Tally] | None = attrs.field(default=None, eq=False, repr=False)
    score_slip: Callable[[Tally, Rules, int], tuple[int, ...]] | None = attrs.field(
        default=None, eq=False, repr=False)
    """The slipping scorer itself (a tally, the rules, the points pending), for a slip that
    neither the rules nor the tally can express (a step of the game points' arithmetic),
    else ``None``."""

    def scores(self, tally: Tally, pending: int = 0) -> tuple[int, ...]:
        """What the slipping scorer adds to each side for ``tally``, ``pending`` points waiting from earlier deals."""
        rules = get_rules(self.variant)
        if self.rules_slip is not None:
            rules = self.rules_slip(rules)
        if self.tally_slip is not None:
            tally = self.tally_slip(tally)
        if self.score_slip is not None:
            return self.score_slip(tally, rules, pending)
        return score_trusted(tally, rules, pending).scores

    def differs(self, tally: Tally, pending: int = 0) -> bool:
        """Whether the slip shows on ``tally`` (``pending`` points waiting): the mutant's scores are not the library's.

        ``pending`` is what a played deal started with (``deal.pending``): the
        slips of hanging points show only when some hang.
        """
        return self.scores(tally, pending) != score_tally(tally, self.variant, pending).scores


def _knob(**changes: Any) -> Callable[[Rules], Rules]:
    return lambda rules: attrs.evolve(rules, **changes)


def _group(group: str, **changes: Any) -> Callable[[Rules], Rules]:
    def slip(rules: Rules) -> Rules:
        inner = attrs.evolve(getattr(rules, group), **changes)
        return attrs.evolve(rules, **{group: inner})

    return slip


def _no_belote(tally: Tally) -> Tally:
    return attrs.evolve(tally, belote=None, belotes=())


def _no_declarations(tally: Tally) -> Tally:
    return attrs.evolve(tally, announcements=())


def _strictly_more(rules: Rules) -> Callable[[Tally], Tally]:
    """The ``>`` slip: a contract the attack makes exactly is scored as failed."""

    def slip(tally: Tally) -> Tally:
        contract = tally.contract
        if contract is None or not contract.value or tally.last_trick is None:
            return tally
        side = tally.taker % 2 if rules.partnerships else tally.taker
        points = tally.card_points[side] + rules.last_trick_bonus * (tally.last_trick == side)
        if rules.contract.counts_belote and tally.belote is not None and tally.belote % 2 == side % 2:
            points += rules.belote_value
        if points != contract.value:
            return tally
        return attrs.evolve(tally, contract=attrs.evolve(contract, value=contract.value + 1))

    return slip


def _belote_to_taker(tally: Tally) -> Tally:
    if tally.belote is None and not tally.belotes:
        return tally
    return attrs.evolve(
        tally, belote=None if tally.belote is None else tally.taker,
        belotes=(tally.taker,) * len(tally.belotes),
    )


class _Inputs(NamedTuple):
    """[`game_point_inputs`][belote.scoring.gamescore.game_point_inputs] by name, to change one."""

    mode: int
    declarers: int
    multiplier: int
    cards: tuple[int, int]
    last_trick: int
    declared: tuple[int, int]
    belotes: tuple[int, int]
    valat: int | None
    hanging_in: int


def _inputs(tally: Tally, rules: Rules, pending: int,
            scoring: Sequence[Declaration] | None = None) -> _Inputs:
    return _Inputs(*game_point_inputs(tally, rules, pending, scoring))


def _in_tens(change: Callable[[_Inputs], _Inputs], *,
             every_declaration: bool = False) -> Callable[[Tally, Rules, int], tuple[int, ...]]:
    """A game points scorer (docs/bulgarian.md#scoring) that changes one figure it scores from.

    ``every_declaration``: every declaration of the tally counts, the
    pooled contest forgotten.
    """

    def scores(tally: Tally, rules: Rules, pending: int) -> tuple[int, ...]:
        inputs = _inputs(tally, rules, pending, tally.announcements if every_declaration else None)
        inputs = change(inputs)
        return tens_score(*inputs, rules.game_points).scores

    return scores


def _no_trumps_not_doubled(inputs: _Inputs) -> _Inputs:
    # All-trumps rounds as no-trumps does (halves up) and doubles nothing.
    return inputs._replace(mode=ALL_TRUMPS) if inputs.mode == NO_TRUMPS else inputs


def _last_trick_forgotten(inputs: _Inputs) -> _Inputs:
    cards = list(inputs.cards)
    cards[inputs.last_trick] -= 10  # no-trumps doubles it with the card points, as it doubles the 10
    return inputs._replace(cards=(cards[0], cards[1]))


def _suit_rounded_as_all_trumps(inputs: _Inputs) -> _Inputs:
    return inputs._replace(mode=ALL_TRUMPS) if inputs.mode < NO_TRUMPS else inputs


def _all_trumps_rounded_as_a_suit(inputs: _Inputs) -> _Inputs:
    return inputs._replace(mode=int(Suit.SPADES)) if inputs.mode == ALL_TRUMPS else inputs


def _hanging_lost(inputs: _Inputs) -> _Inputs:
    return inputs._replace(hanging_in=0)


def _hanging_to_the_other_team(tally: Tally, rules: Rules, pending: int) -> tuple[int, ...]:
    """The hanging points go to the team that did not win the deal."""
    inputs = _inputs(tally, rules, pending)
    won = tens_score(*inputs, rules.game_points).scores
    without = tens_score(*inputs._replace(hanging_in=0), rules.game_points).scores
    if won == without:  # nobody won them (a level deal): they hang on
        return won
    winner = 0 if won[0] != without[0] else 1
    return (without[0] + pending * winner, without[1] + pending * (1 - winner))


def _inside_kept(tally: Tally, rules: Rules, pending: int) -> tuple[int, ...]:
    """An inside deal scored as if the defenders had bid: the declarers keep their own total."""
    inputs = _inputs(tally, rules, pending)
    score = tens_score(*inputs, rules.game_points)
    if score.outcome != INSIDE:
        return score.scores
    return tens_score(*inputs._replace(declarers=1 - inputs.declarers), rules.game_points).scores


_Slip = tuple[str, str, Callable[[Rules], Rules] | None, Callable[[Tally], Tally] | None]
_ScoreSlip = tuple[str, str, Callable[[Tally, Rules, int], tuple[int, ...]]]

_COMMON: tuple[_Slip, ...] = (
    ("last-trick-forgotten", "the last trick's 10 is forgotten", _knob(last_trick_bonus=0), None),
    ("belote-forgotten", "belote and rebelote are never counted", None, _no_belote),
    ("belote-10", "belote counts 10 instead of 20", _knob(belote_value=10), None),
    ("belote-to-taker", "a belote is credited to the taker, whoever held it", None, _belote_to_taker),
)

def _slips(rules: Rules) -> tuple[_Slip, ...]:
    """The slips that mean something under ``rules``, read from its knobs."""
    # Game points count the last trick's 10 in their own arithmetic: _score_slips forgets it there.
    slips: list[_Slip] = [slip for slip in _COMMON if not (rules.strain_auction and slip[0] == "last-trick-forgotten")]
    if not rules.round_to and not rules.strain_auction:
        slips.append(("rounded", "the scores are rounded to tens", _knob(round_to=10), None))
    if rules.has_announcements:
        slips.append(("declarations-forgotten", "declarations are never counted", None, _no_declarations))
        other = Contest.PER_CLASS if rules.contest is not Contest.PER_CLASS else Contest.TEAM_BEST_TAKES_ALL
        if rules.partnerships:
            slips.append(("contest-read-wrong", f"the declarations contest read as {other.value}",
                          _knob(contest=other), None))
    if rules.strain_auction:
        gp = rules.game_points
        slips += [
            ("redouble-x3", "a redouble multiplies by 3, not 4", _group("auction", surcoinche_multiplier=3), None),
            ("double-x1", "a double is forgotten (×1)", _group("auction", coinche_multiplier=1), None),
            ("valat-bonus-0", "a valat adds no bonus", _group("game_points", valat_bonus=0), None),
            ("valat-not-doubled", "a double leaves the valat bonus alone", _group("game_points",
             double_multiplies_valat=not gp.double_multiplies_valat), None),
            ("valat-9", f"a valat adds 9 points (its game points), not {gp.valat_bonus}",
             _group("game_points", valat_bonus=9), None),
            ("trailer-rounds-own", "the trailing team of a made contract rounds its own total: no "
             "minimum of 1, and the two may not add up to the rounded sum" if gp.trailer_at_least_one
             else "the trailing team of a made contract gets the rest of the rounded sum, at least 1",
             _group("game_points", trailer_at_least_one=not gp.trailer_at_least_one), None),
        ]
    elif rules.has_auction:
        contract = rules.contract
        slips += [
            ("belote-out-of-contract", "the attack's belote is left out of the contract",
             _group("contract", counts_belote=not contract.counts_belote), None),
            ("chute-160", f"a failed contract gives the defence 160, not {contract.failed_points}",
             _group("contract", failed_points=160), None),
            ("coinche-x3", "a coinche multiplies by 3, not 2", _group("auction", coinche_multiplier=3), None),
            ("surcoinche-x4", f"a surcoinche multiplies by 4, not {rules.auction.surcoinche_multiplier}",
             _group("auction", surcoinche_multiplier=4), None),
            ("capot-252", f"a capot contract scores 252, not {contract.capot_value}",
             _group("contract", capot_value=252), None),
            ("greater-not-equal", "a contract needs more than its value, not as much (> for >=)",
             None, _strictly_more(rules)),
            ("bid-only", "a made contract scores its value only", _group(
                "contract", scoring=ContractScoring.BID_ONLY), None),
            ("chute-without-value", "a failed contract gives 162 without the value",
             _group("contract", failed_adds_value=not contract.failed_adds_value), None),
            ("coinched-160", "a coinched contract counts 160, not 162", _group("contract", coinched_points=160), None),
            ("unbid-capot-250", "an unbid capot counts 250 card points, not 252", _knob(capot_value=250), None),
        ]
    elif rules.has_contract:
        slips += [
            ("failed-160-162", f"a failed contract gives the defence "
             f"{322 - rules.failed_defence_points} instead of {rules.failed_defence_points}",
             _knob(failed_defence_points=322 - rules.failed_defence_points), None),
            ("capot-250-252", f"a capot scores {502 - rules.capot_value}, not {rules.capot_value}",
             _knob(capot_value=502 - rules.capot_value), None),
            ("belote-forfeited", "a failed attack's belote goes to the defence" if not rules.forfeit_belote
             else "a failed attack keeps its belote", _knob(forfeit_belote=not rules.forfeit_belote), None),
            ("failed-152", "a failed contract gives the defence 152, the last trick forgotten",
             _knob(failed_defence_points=152), None),
            ("reverse-capot-162", f"the defence's capot scores 162, not {rules.reverse_capot_value}",
             _knob(reverse_capot_value=162), None),
        ]

        if rules.has_announcements:
            slips.append(("announcements-kept", "a failed attack keeps its declarations",
                          _knob(forfeit_announcements=not rules.forfeit_announcements), None))
        if rules.round_to:
            slips += [
                ("not-rounded", "the scores are not rounded to tens", _knob(round_to=None), None),
                ("half-down", "a 5 rounds down, not up", _knob(round_half_up=not rules.round_half_up), None),
                ("contract-on-rounded", "the contract is judged on the rounded totals",
                 _knob(contract_on_raw_totals=not rules.contract_on_raw_totals), None),
            ]
        if rules.capot_rule is CapotRule.ATTACK_OR_REVERSE:
            slips.append(("reverse-capot-250", f"a reverse capot scores 250, not {rules.reverse_capot_value}",
                          _knob(reverse_capot_value=250), None))
    else:  # every player for himself (french)
        slips += [
            ("capot-50", f"a capot scores {rules.capot_value // 2}, not {rules.capot_value}",
             _knob(capot_value=rules.capot_value // 2), None),
            ("capot-keeps-last-trick", "a capot adds the last trick's 10",
             _knob(capot_keeps_last_trick=not rules.capot_keeps_last_trick), None),
            ("split-capot-100", f"a capot shared by two of three scores {rules.capot_value}, not "
             f"{rules.capot_split_value}", _knob(capot_split_value=rules.capot_value), None),
            ("eight-run-one-cent", "an eight-card run is one cent, without its tierce",
             _knob(eight_run_extra_tierce=not rules.eight_run_extra_tierce), None),
        ]
    return tuple(slips)


def _score_slips(rules: Rules) -> tuple[_ScoreSlip, ...]:
    """The slips of a step of the game points' arithmetic (a strain auction), read from its knobs."""
    if not rules.strain_auction:
        return ()
    slips: list[_ScoreSlip] = [
        ("last-trick-forgotten", "the last trick's 10 is forgotten", _in_tens(_last_trick_forgotten)),
        ("inside-kept", "an inside deal leaves the declarers their points, as if the defenders had bid",
         _inside_kept),
        ("suit-rounded-at-5", "a suit contract's total rounds up from a 5, as all-trumps does, not from a 7",
         _in_tens(_suit_rounded_as_all_trumps)),
        ("all-trumps-rounded-at-7", "an all-trumps total rounds up from a 7, as a suit does, not from a 5",
         _in_tens(_all_trumps_rounded_as_a_suit)),
        ("hanging-lost", "the points hanging from earlier deals are lost, not won",
         _in_tens(_hanging_lost)),
        ("hanging-to-the-other-team", "the points hanging from earlier deals go to the team that lost the deal",
         _hanging_to_the_other_team),
    ]
    if Strain.NO_TRUMP in rules.auction.strains:
        slips.insert(0, ("no-trumps-not-doubled", "a no-trumps deal's card points are not doubled",
                         _in_tens(_no_trumps_not_doubled)))
    if rules.has_announcements:
        slips.append(("contest-forgotten", "every declaration counts, the pooled contest's losers' too",
                      _in_tens(lambda inputs: inputs, every_declaration=True)))
    return tuple(slips)


def mutants(variant: str | Rules) -> tuple[Mutant, ...]:
    """The mutant scorers of ``variant``: about a dozen one-line slips each.

    Raises:
        UnknownVariant: no variant answers to ``variant``.

    >>> [mutant.name for mutant in mutants("classic")][:3]
    ['last-trick-forgotten', 'belote-forgotten', 'belote-10']
    """
    rules = get_rules(variant)
    return tuple(
        Mutant(rules.name, name, slip, rules_slip, tally_slip)
        for name, slip, rules_slip, tally_slip in _slips(rules)
    ) + tuple(Mutant(rules.name, name, slip, score_slip=scores) for name, slip, scores in _score_slips(rules))
