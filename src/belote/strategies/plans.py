"""Planned deals: what the strategies draw, with stated weights, for every variant.

Random legal actions play lopsided deals: in ``contree`` a random auction
climbs to capot and surcoinches nearly every time, belote is seldom
announced and a deal seldom ends in a capot. The deals behind
[`played_deals`][belote.strategies.played_deals],
[`deal_records`][belote.strategies.deal_records] and
[`tallies`][belote.strategies.tallies] follow a *plan* drawn first, with the
weights of [`weights_for`][belote.strategies.plans.weights_for]
(docs/testing.md#what-the-strategies-draw): the deck (shuffled, or rigged
with a theme of [`themes_for`][belote.strategies.rigging.themes_for]), the
contract (value, strain, coinche level; who takes, in which round), whether
belote and declarations are announced, and how the cards are played. Every
action is still one of [`Deal.legal_actions`][belote.deal.Deal.legal_actions];
where the plan's action is not legal, a legal one is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

import attrs
from hypothesis import strategies as st

from belote.actions import Action, Strain, Verb
from belote.cards import ALL_TRUMPS, CARDS, NO_TRUMPS, Card
from belote.rules import Rules, checks
from belote.scoring.gamescore import game_point_inputs
from belote.scoring.totals import tens_score
from belote.strategies.rigging import rig, themes_for

if TYPE_CHECKING:
    from belote.deal import Deal

# The helpers below `weights_for` (draw_plan, play_plan, ...) serve the strategies of
# belote.strategies: public to that package, not part of the API.
__all__ = ["PLAY_STYLES", "Plan", "Weights", "rounding_edge", "weights_for"]

_T = TypeVar("_T")

PLAY_STYLES = ("random", "attack-strong", "defence-strong")
"""How the cards are played: every card drawn at random, or one side plays its
strongest legal card while the other plays its weakest."""

def rounding_edge(mode: int) -> tuple[int, int]:
    """The last digits of a total on either side of ``mode``'s rounding threshold, where one point more or less rounds the other way.

    docs/bulgarian.md#scoring: a suit contract rounds up from a 7, all-trumps
    and no-trumps from a 5 (no-trumps totals are even: only the 4 is reached).

    >>> rounding_edge(0), rounding_edge(5)
    ((6, 7), (4, 5))

    Raises:
        InvalidArgumentType: ``mode`` is not a whole number.
        InvalidArgument: ``mode`` is not 0 to 5.
    """
    return (6, 7) if checks.whole(mode, "mode", 0, ALL_TRUMPS) < NO_TRUMPS else (4, 5)


@attrs.frozen(kw_only=True)
class Weights:
    """The stated weights of a variant's planned deals (docs/testing.md#what-the-strategies-draw).

    Each field is a tuple of ``(choice, weight)`` pairs or a chance in percent.

    Attributes:
        decks: ``"shuffled"`` or a rigged theme, with its weight.
        values: the contract values of an auction of values (``None`` a capot bid).
        strains: the strains of an auction.
        doubling: 0 as bid, 1 coinched / doubled, 2 surcoinched / redoubled.
        rounds: who takes in a turned-card variant: 1 the first round, 2 the second,
            0 nobody (a redeal, which [`tallies`][belote.strategies.tallies] leaves out).
        play: the card play's style (``PLAY_STYLES``).
        announce: the chance, in percent, that a seat declares or announces belote when it may.
        stop: the chance, in percent, that a deal's seats call out or stop the deal when they
            may (each time with one chance in three); else nobody does.
        boundary: the chance, in percent, that an auction of values bids the value next to
            what the attack makes: the card play is played first (up to ten times, until the
            attack's points are a multiple of the step), then the auction bids the value just
            at or below them (twice in three), or just above, and the same cards are played.
            In a strain auction, the chance that the cards are played again at random (up to
            nine times) until the declarers' total ends next to its mode's rounding threshold
            ([`rounding_edge`][belote.strategies.plans.rounding_edge]).
        pending: the points hanging from earlier deals when the deal starts (the game points
            a strain auction's level deal leaves for the next deal's winner).
    """

    decks: tuple[tuple[str, int], ...]
    values: tuple[tuple[int | None, int], ...] = ()
    strains: tuple[tuple[Strain, int], ...] = ()
    doubling: tuple[tuple[int, int], ...] = ((0, 1),)
    rounds: tuple[tuple[int, int], ...] = ()
    play: tuple[tuple[str, int], ...] = (("random", 2), ("attack-strong", 1), ("defence-strong", 1))
    announce: int = 85
    stop: int = 15
    boundary: int = 0
    pending: tuple[tuple[int, int], ...] = ((0, 1),)


def weights_for(rules: Rules | str) -> Weights:
    """The weights of ``rules``' planned deals, read from its knobs (never its name).

    A quarter of the decks are shuffled, the others rigged: a capot hand for
    the taker, one for a defender and a belote (king and queen of trump in one
    hand) an eighth each, the other themes sharing three eighths evenly. An auction of values draws each value
    evenly and a capot bid as often as the 80; every strain evenly (a
    strain auction: the four suits together as often as no-trumps, as often
    as all-trumps); not coinched, coinched and surcoinched as 5:3:2. A
    turned-card variant takes in the first round 6 times in 10, in the second 3,
    and everyone passes once. The cards are played at random half of the
    time, the attack playing strong a quarter, the defence a quarter. A strain
    auction's deal starts with game points hanging a quarter of the time (8,
    16 or 26, evenly: what level deals leave), and half of its deals are
    played until the declarers' total ends where the modes' roundings part.

    >>> from belote.rules import get_rules
    >>> weights = weights_for(get_rules("contree"))
    >>> weights.values[0], weights.values[-1], weights.doubling
    ((80, 1), (None, 1), ((0, 5), (1, 3), (2, 2)))

    Raises:
        UnknownVariant: no variant answers to ``rules``.
        InvalidArgumentType: ``rules`` is neither rules nor a name.
    """
    rules = checks.as_rules(rules)
    themes = [theme for theme in themes_for(rules) if theme not in ("belote", "capot", "reverse-capot")]
    decks: tuple[tuple[str, int], ...] = (
        ("shuffled", 4 * len(themes)), ("capot", 2 * len(themes)),
        ("reverse-capot", 2 * len(themes)), ("belote", 2 * len(themes)),
    )
    decks += tuple((theme, 6) for theme in themes)
    auction = rules.auction
    if not rules.has_auction:
        rounds = ((1, 6), (2, 3), (0, 1)) if rules.second_round else ((1, 9), (0, 1))
        return Weights(decks=decks, rounds=rounds)
    levels = ((0, 5),) + ((1, 3),) * auction.coinche + ((2, 2),) * (auction.coinche and auction.surcoinche)
    if rules.strain_auction:
        suits = tuple(s for s in auction.strains if s < Strain.NO_TRUMP)
        others = tuple(s for s in auction.strains if s >= Strain.NO_TRUMP)
        strains = tuple((s, 1) for s in suits) + tuple((s, len(suits)) for s in others)
        hanging = ((0, 9), (8, 1), (16, 1), (26, 1))  # game points a level deal leaves
        return Weights(decks=decks, strains=strains, doubling=levels, pending=hanging, boundary=50)
    values: tuple[tuple[int | None, int], ...] = tuple(
        (value, 1) for value in range(auction.lowest, auction.highest + 1, auction.step)
    )
    if auction.capot:
        values += ((None, 1),)
    strains = tuple((s, 1) for s in auction.strains)
    return Weights(decks=decks, values=values, strains=strains, doubling=levels, boundary=50)


@attrs.frozen(kw_only=True)
class Plan:
    """One planned deal: what [`play_plan`][belote.strategies.plans.play_plan] steers towards.

    Attributes:
        taker: the seat meant to take or bid the contract.
        theme: the deck's theme, ``"shuffled"`` for none.
        value: the contract value to bid (auction of values; ``None`` a capot).
        strain: the strain to bid (auctions), else ``None``.
        doubling: the coinche level to reach.
        round: the bidding round to take in (turned-card variants), 0 for nobody.
        play: the card play's style.
        boundary: bid the value next to what the attack makes (``Weights.boundary``).
        stop: seats call out or stop the deal when they may (``Weights.stop``).
        pending: the points hanging when the deal starts (``Weights.pending``).
    """

    taker: int
    theme: str
    value: int | None = None
    strain: Strain | None = None
    doubling: int = 0
    round: int = 1
    play: str = "random"
    boundary: bool = False
    stop: bool = False
    pending: int = 0


def _weighted(draw: st.DrawFn, pairs: Sequence[tuple[_T, int]]) -> _T:
    """One choice of ``pairs`` by weight (shrinks towards the first)."""
    tickets = [index for index, (_, weight) in enumerate(pairs) for _ in range(weight)]
    return pairs[draw(st.sampled_from(tickets))][0]


def draw_plan(draw: st.DrawFn, rules: Rules, players: int) -> Plan:
    """Draw a plan for a table of ``players`` under ``rules``' weights."""
    weights = weights_for(rules)
    taker = draw(st.integers(0, players - 1))
    theme = _weighted(draw, weights.decks)
    play = _weighted(draw, weights.play)
    if theme == "capot":  # twice in three the strong hand plays strong; else at random
        play = "attack-strong" if draw(st.integers(0, 2)) < 2 else "random"
    elif theme == "reverse-capot":
        play = "defence-strong"
    stop = draw(st.integers(0, 99)) < weights.stop
    if not rules.has_auction:
        # a capot hand is rigged for the turned card's suit: taken in the first round
        round_ = 1 if theme in ("capot", "reverse-capot") else _weighted(draw, weights.rounds)
        return Plan(taker=taker, theme=theme, round=round_, play=play, stop=stop)
    value = _weighted(draw, weights.values) if weights.values else 0
    strain = _weighted(draw, weights.strains)
    boundary = value is not None and draw(st.integers(0, 99)) < weights.boundary
    doubling = _weighted(draw, weights.doubling)
    pending = _weighted(draw, weights.pending) if len(weights.pending) > 1 else 0
    return Plan(
        taker=taker, theme=theme, value=value, strain=strain,
        doubling=doubling, play=play, boundary=boundary, stop=stop, pending=pending,
    )


def rigged_deck(
    draw: st.DrawFn, rules: Rules, players: int, dealer: int, plan: Plan
) -> tuple[Card, ...]:
    """The deck of ``plan``: shuffled, or rigged for its theme and taker."""
    if plan.theme == "shuffled":
        return tuple(draw(st.permutations(CARDS)))
    mode = int(plan.strain) if plan.strain is not None else 0
    deck, _ = rig(draw, rules, players, dealer, plan.taker, plan.theme, mode)
    return deck


def _side(seat: int, rules: Rules) -> int:
    return seat % 2 if rules.partnerships else seat


def _auction_choice(draw: st.DrawFn, deal: Deal, plan: Plan, legal: list[Action]) -> Action | None:
    """The plan's auction action among ``legal``, or ``None`` to pass."""
    seat = legal[0].seat
    rules = deal.rules
    attack = _side(seat, rules) == _side(plan.taker, rules)
    for action in legal:
        if (
            seat == plan.taker and action.verb is Verb.BID and action.strain is plan.strain
            and (rules.strain_auction or action.value == plan.value)
        ):
            return action
        if not attack and plan.doubling >= 1 and action.verb in (Verb.COINCHE, Verb.DOUBLE):
            return action
        if attack and plan.doubling >= 2 and action.verb in (Verb.SURCOINCHE, Verb.REDOUBLE):
            return action
    return None


def _card_choice(draw: st.DrawFn, deal: Deal, plan: Plan, legal: list[Action]) -> Action:
    rules = deal.rules
    if plan.play == "random":
        return draw(st.sampled_from(legal))
    strain = deal.strain
    mode = int(strain) if strain is not None else NO_TRUMPS
    taker = deal.taker if deal.taker is not None else plan.taker
    attack = _side(legal[0].seat, rules) == _side(taker, rules)
    strong = attack == (plan.play == "attack-strong")

    def power(action: Action) -> tuple[int, int, int]:
        card = action.cards[0]
        return (card.is_trump(mode), card.strength(mode), card.points(mode))

    if strong:
        return max(legal, key=power)
    return min(legal, key=lambda a: (a.cards[0].points(mode), a.cards[0].is_trump(mode), a.cards[0].strength(mode)))


def attack_points(deal: Deal) -> int | None:
    """What the attack counts toward a contract's value: card points, last trick, belote.

    ``None`` for a deal without a contract value or not played to its end.
    """
    tally = deal.tally()
    if tally is None or tally.contract is None or not tally.contract.value or tally.last_trick is None:
        return None
    rules = deal.rules
    side = _side(tally.taker, rules)
    points = tally.card_points[side] + rules.last_trick_bonus * (tally.last_trick == side)
    if rules.contract.counts_belote and tally.belote is not None and _side(tally.belote, rules) == side:
        points += rules.belote_value
    return points


def declarers_total(deal: Deal) -> int | None:
    """A strain auction's finished deal: the declarers' total in points before game points, else ``None``."""
    tally = deal.tally()
    if tally is None or tally.contract is None or not deal.rules.strain_auction:
        return None
    inputs = game_point_inputs(tally, deal.rules, deal.pending)
    return tens_score(*inputs, deal.rules.game_points).totals[inputs[1]]  # [1]: the declarers


def play_boundary(draw: st.DrawFn, make: Callable[[], Deal], plan: Plan) -> Deal:
    """A deal of ``plan`` whose contract value is next to what the attack makes (``Weights.boundary``).

    In a strain auction: a deal whose declarers' total ends next to its
    mode's rounding threshold ([`rounding_edge`][belote.strategies.plans.rounding_edge]):
    the cards are played again at random up to nine times (else the last one stays).
    """
    deal = make()
    if deal.rules.strain_auction:
        for tries in range(10):
            if tries:  # the same deck and auction, the cards played again at random
                deal = make()
            play_plan(draw, deal, attrs.evolve(plan, play="random") if tries else plan)
            total = declarers_total(deal)
            if total is None or total % 10 in rounding_edge(int(deal.strain or 0)):
                break
        return deal
    step = 10
    for tries in range(10):
        if tries:
            deal = make()
        step = deal.rules.auction.step
        cards = play_plan(draw, deal, plan)
        points = attack_points(deal)
        if points is None:
            return deal
        if points % step == 0:
            break
    auction = deal.rules.auction
    assert points is not None  # the loop returned otherwise
    near = points // step * step if draw(st.integers(0, 2)) < 2 else -(-(points + 1) // step) * step
    # no value next to it: the planned one
    value = near if auction.lowest <= near <= auction.highest else plan.value
    again = make()
    play_plan(draw, again, attrs.evolve(plan, value=value), then=cards)
    return again


def play_plan(
    draw: st.DrawFn, deal: Deal, plan: Plan, then: Sequence[Action] | None = None
) -> list[Action]:
    """Play ``deal`` to its end, steering towards ``plan`` with legal actions only.

    With ``then``, the auction is steered and ``then`` played after it. Returns the
    actions applied after the auction.
    """
    from belote.deal import Phase

    weights = weights_for(deal.rules)
    after: list[Action] = []
    while not deal.is_over:
        legal = deal.legal_actions()
        passes = [a for a in legal if a.verb is Verb.PASS]
        if deal.phase is Phase.AUCTION:
            choice = _auction_choice(draw, deal, plan, legal)
            deal.apply(choice if choice is not None else (passes[0] if passes else draw(st.sampled_from(legal))))
            continue
        if then is not None:
            for action in then:
                deal.apply(action)
            return list(then)
        after.append(_next_action(draw, deal, plan, weights, legal, passes))
        deal.apply(after[-1])
    return after


def _next_action(
    draw: st.DrawFn, deal: Deal, plan: Plan, weights: Weights, legal: list[Action], passes: list[Action]
) -> Action:
    """The plan's next action outside an auction."""
    from belote.deal import Phase

    if deal.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
        second = deal.phase is Phase.BIDDING_2
        takes = [a for a in legal if a.verb is Verb.TAKE]
        if legal[0].seat == plan.taker and takes and plan.round == (2 if second else 1):
            return draw(st.sampled_from(takes))
        return passes[0] if passes else draw(st.sampled_from(legal))
    stops = [a for a in legal if a.verb is Verb.STOP]
    if stops and plan.stop and draw(st.integers(0, 2)) == 0:
        return stops[0]
    legal = [a for a in legal if a.verb is not Verb.STOP] or legal
    declares = [a for a in legal if a.verb is Verb.DECLARE]
    if declares:
        if draw(st.integers(0, 99)) < weights.announce:
            whole = [a for a in declares if not a.cards]
            return whole[0] if whole else draw(st.sampled_from(declares))
        legal = [a for a in legal if a.verb is not Verb.DECLARE] or legal
    plays = [a for a in legal if a.verb is Verb.PLAY]
    if len(plays) != len(legal):  # the seven swap, and anything else: at random
        return draw(st.sampled_from(legal))
    belotes = [a for a in plays if a.belote]
    if belotes and draw(st.integers(0, 99)) < weights.announce:
        plays = belotes
    elif belotes:
        plays = [a for a in plays if not a.belote]
    return _card_choice(draw, deal, plan, plays)
