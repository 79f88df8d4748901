"""How a Bulgarian deal's points become game points, as knobs (docs/bulgarian.md#scoring).

Bulgarian belot scores in game points, a deal's points divided by ten and
rounded. The sources agree on the common case and part on the edges: the
trailing team's share of a made contract, a valat under a double, how a
doubled amount is rounded and what hangs on a level deal.
[`GamePointsRules`][belote.rules.gamepoints.GamePointsRules] holds one knob
for each, written ``game_points.NAME`` in a spec (``game_points.valat_bonus=100``);
[`score_in_tens`][belote.scoring.tens.score_in_tens] reads them.

Like every group of knobs, its whole-number knobs are checked against their
ranges ([`belote.rules.knobs`][belote.rules.knobs]: ``game_points.valat_bonus``
is ``0..1000``) when a [`Rules`][belote.rules.model.Rules] is built, and by
[`score_in_tens`][belote.scoring.tens.score_in_tens].

>>> GamePointsRules().valat_bonus
90
"""

from __future__ import annotations

import attrs

from belote.rules.fields import check_knobs, meaning

__all__ = ["GamePointsRules"]


@attrs.frozen
class GamePointsRules:
    """The disputed points of Bulgarian scoring in game points (docs/bulgarian.md#scoring).

    Every default is the reading of Bridge Belot v2.06 MP (the program most
    Bulgarian players learnt on, "EXE" below) where its recorded deals show
    it, else the reading most sources share; the fields marked **[reading]**
    say who reads the point which way. The group is ``Rules.game_points``.
    """

    trailer_at_least_one: bool = attrs.field(
        default=True,
        metadata=meaning(
            "in a made contract the leader rounds its total and the trailing team gets "
            "the rest, at least 1 if it took any point"
        ),
    )
    """**[reading]** In a made contract the team ahead rounds its total by
    the contract's rule and the trailing team gets the deal's rounded sum
    minus that; a trailing team whose total is not 0 gets at least 1 game
    point, taken from the leader (EXE: 180 to 2 in a suit gives 17 / 1).
    Off (BelotGameEngine): each team's total is rounded by the contract's
    rule on its own, so the two may not add up to the rounded sum and a
    trailing team may get 0 (180 to 2 gives 18 / 0; 86 to 76 gives 8 / 7,
    where EXE gives 8 / 8). docs/bulgarian.md#scoring."""
    double_multiplies_valat: bool = attrs.field(
        default=True,
        metadata=meaning(
            "a doubled or redoubled deal won by valat is multiplied like any other"
        ),
    )
    """**[reading]** A double or redouble multiplies a valat deal like any
    other, the valat bonus included (EXE, its help file). Off
    (BelotGameEngine): on a deal where one team took every trick the double
    is ignored, and the deal is scored as if not doubled (multiplier 1:
    made, inside or level). docs/bulgarian.md#scoring."""
    double_rounds_product: bool = attrs.field(
        default=True,
        metadata=meaning(
            "a doubled deal scores round(total × multiplier / 10), made even"
        ),
    )
    """**[reading]** The team ahead of a doubled deal scores both totals
    times the multiplier, divided by ten and rounded by the contract's rule,
    then made even: an odd figure goes up in all-trumps and in no-trumps,
    down in a suit contract (EXE). Off (BelotGameEngine): both totals
    divided by ten and rounded by the contract's rule, then times the
    multiplier. With the standard bonuses the two agree on every deal; they
    part when a bonus is not a multiple of ten. No-trumps going up is this
    library's choice: EXE's recorded deals never show it (a no-trumps total
    is a multiple of ten, so the figure is already even), and no-trumps
    rounds halves up as all-trumps does. docs/bulgarian.md#scoring."""
    level_hangs_as_trailer: bool = attrs.field(
        default=True,
        metadata=meaning(
            "on a level deal the declarers' share hangs as a trailing team would round it"
        ),
    )
    """**[reading]** On a level deal (equal totals, not doubled) the
    defenders score their total rounded by the contract's rule and the
    declarers' share hangs as a trailing team's would be: the deal's
    rounded sum minus the defenders' figure (106 to 106 in a suit: the
    defenders 10, 11 hangs); on a doubled level deal both totals divided by
    ten, rounded, times the multiplier hang (BelotGameEngine, the EXE's
    help file, belot-rules.hit.bg). Off (the EXE's C# port): the defenders'
    figure hangs (10), and on a doubled level deal both totals times the
    multiplier, divided by ten and rounded. EXE's own recorded deals do not
    decide it. docs/bulgarian.md#scoring."""
    valat_bonus: int = attrs.field(
        default=90, metadata=meaning("the bonus of a team that takes all eight tricks")
    )
    """The bonus of a valat (a team takes all eight tricks): 90 in every
    source, never doubled in no-trumps; ``0..1000`` (its range in
    [`belote.rules.knobs`][belote.rules.knobs]). docs/bulgarian.md#scoring."""

    def __attrs_post_init__(self) -> None:
        check_knobs(self, "game_points")
