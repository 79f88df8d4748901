"""One frozen value holding every rule of a variant.

A variant is a [`Rules`][belote.rules.model.Rules] value. The engine never asks a variant's name:
where variants really behave differently, a field holds a small named policy
(an enum member) or a number. The four built-in variants live in
`belote.variants` and are registered, like third-party ones, under the
entry-point group ``belote.variants``.

>>> from belote.rules import get_rules
>>> rules = get_rules("piedicavallo")
>>> rules.capot_value, rules.reverse_capot_value, rules.round_to
(250, 350, 10)
>>> get_rules("751").name
'italian751'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from belote.cards import Rank
from belote.errors import InvalidArgument, InvalidArgumentType, shown
from belote.rules.auction import AuctionRules, ContractRules
from belote.rules.auctioncheck import check_auction
from belote.rules.fields import Dispute, check_knobs, meaning
from belote.rules.gamepoints import GamePointsRules
from belote.rules.knobs import FULL_CARD_POINTS, HAND_LIMIT, ITEM_RANGES, RANGES, out_of_range
from belote.rules.penalties import Offence, Sanction
from belote.rules.play import PlayRules
from belote.rules.policies import (
    Bidding,
    BothOverTarget,
    CallingOut,
    CapotRule,
    Contest,
    ContractScoring,
    DealerRotation,
    FrozenMapping,
    PendingRule,
)

__all__ = [
    "AuctionRules",
    "Bidding",
    "BothOverTarget",
    "CallingOut",
    "CapotRule",
    "Contest",
    "ContractRules",
    "ContractScoring",
    "DealerRotation",
    "FrozenMapping",
    "PendingRule",
    "PlayRules",
    "Rules",
    "default_by",
    "readings",
]

def _dispute_tuple(value: Iterable[Dispute]) -> tuple[Dispute, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidArgument(f"knob disputes: expected a list of Dispute values, not {shown(value)}")
    return tuple(value)


def _frozen_mapping(value: Mapping[Rank, int]) -> Mapping[Rank, int]:
    return FrozenMapping(value)


def _frozen_sanctions(value: Mapping[Offence, Sanction]) -> Mapping[Offence, Sanction]:
    return FrozenMapping(value)


@attrs.frozen(kw_only=True)
class Rules:
    """Every rule of one variant. Each field is one knob of docs/rules.md.

    Build a new variant from an old one with `attrs.evolve`:

    >>> from belote.variants.classic import RULES as classic
    >>> attrs.evolve(classic, name="classic-500", target=500).target
    500
    """

    # --- identity -----------------------------------------------------------------
    name: str = attrs.field(metadata=meaning("the variant's name on the command line and in records"))
    """The variant's name, as used on the command line and in records."""
    description: str = attrs.field(
        default="", metadata=meaning('a one-line description')
    )
    """A one-line description."""
    aliases: tuple[str, ...] = attrs.field(
        default=(), metadata=meaning('other names the variant answers to')
    )
    """Other names the registry answers to."""
    source: str = attrs.field(
        default="", metadata=meaning('the source texts the rules come from')
    )
    """The source text(s) the rules come from (``000`` ... ``004``)."""
    disputes: tuple[Dispute, ...] = attrs.field(
        default=(), converter=_dispute_tuple,
        metadata=meaning("the rules the published rulebooks read otherwise, and who reads them how"),
    )
    """Rules of this variant that the published rulebooks read in other ways:
    who reads each as the variant does and who reads it otherwise
    ([`readings`][belote.rules.model.readings]; ``contree``, docs/contree.md#disputes).
    The knobs of the groups ``auction`` and ``contract`` carry theirs in
    their own fields."""

    # --- seats and dealing (§2) -----------------------------------------------------
    player_counts: tuple[int, ...] = attrs.field(
        default=(4,), metadata=meaning('how many players may play; the first is the default')
    )
    """The numbers of players the variant allows; the first is the default."""
    partnerships: bool = attrs.field(
        default=True, metadata=meaning('four players in two teams, seats 0+2 against 1+3')
    )
    """Four players in two teams {0, 2} and {1, 3}; else everyone for himself."""
    counter_clockwise: bool = attrs.field(
        default=False,
        metadata=meaning('play goes round counter-clockwise (Italian, Bulgarian tables)'),
    )
    """Play, the deal and the bidding go round counter-clockwise (000, 004), else clockwise.

    The model is direction-free (the seat after seat i is i + 1); this says
    how a table draws the seats around it ([`belote serve`](../web.md))."""
    first_packets: tuple[int, ...] = attrs.field(
        default=(3, 2), metadata=meaning('packet sizes of the first distribution, round by round')
    )
    """Packet sizes of the first distribution, each round starting after the
    dealer (000 allows 2 then 3, 002 and 004 give 3 then 2)."""
    completion_packets: tuple[int, ...] = attrs.field(
        default=(3,), metadata=meaning('packet sizes of the completion once someone takes')
    )
    """Packet sizes of the completion after someone takes."""
    taker_takes_turned: bool = attrs.field(
        default=True, metadata=meaning('the taker adds the turned card to his hand')
    )
    """The taker adds the turned card to his hand and gets one card less at
    the completion (000, 002); else the turned card stays on the table (001, 003)."""
    show_bottom_card: bool = attrs.field(
        default=False, metadata=meaning("the deck's last card is shown to all after the completion")
    )
    """The deck's bottom card is shown to all after the completion, as
    information only (001)."""
    dealer_rotation: DealerRotation = attrs.field(
        default=DealerRotation.NEXT_SEAT, metadata=meaning('who deals the next deal')
    )
    """Who deals next."""
    winner_deals_with_three: bool = attrs.field(
        default=False,
        metadata=meaning("WINNER_DEALS with 3 players: the highest scorer deals (else next seat)"),
    )
    """**[reading]** With ``WINNER_DEALS`` and three players, the player who
    scored most deals next, like with two; off: the seat after the dealer (the
    texts describe only the two-player rotation)."""

    # --- bidding (§3) -----------------------------------------------------------------
    bidding: Bidding = attrs.field(
        default=Bidding.TURNED_CARD,
        metadata=meaning("take or pass around a turned card, or an auction of contracts or strains"),
    )
    """How the trump is chosen: around a turned card (the four source texts)
    or by an auction of contracts (``contree``)."""
    auction: AuctionRules = attrs.field(
        default=AuctionRules(), metadata=meaning("the auction of contracts, when bidding is auction")
    )
    """The auction's values and doubles (``bidding=auction`` only)."""
    contract: ContractRules = attrs.field(
        default=ContractRules(), metadata=meaning("what a contract is worth, when bidding is auction")
    )
    """What a contract scores (``bidding=auction`` only)."""
    game_points: GamePointsRules = attrs.field(
        default=GamePointsRules(),
        metadata=meaning("how a deal becomes game points, when bidding is strain-auction"),
    )
    """How a deal's points become game points (``bidding=strain-auction`` only:
    docs/bulgarian.md#scoring)."""
    second_round: bool = attrs.field(
        default=True, metadata=meaning('after a round of passes, a second round to name another suit')
    )
    """A second bidding round where a suit other than the turned one is named."""
    jack_obligatory: bool = attrs.field(
        default=False, metadata=meaning('a turned jack must be taken by the first player')
    )
    """When the turned card is a jack, the first player must take (004, "in
    altre varianti")."""
    seven_swap: bool = attrs.field(
        default=False, metadata=meaning('the 7 of trump may be exchanged for the turned card')
    )
    """The holder of the 7 of trump may exchange it for the turned card when
    trump is the turned suit, before the first card is played (001, 003)."""

    # --- play (§5) --------------------------------------------------------------------
    play: PlayRules = attrs.field(
        default=PlayRules(), metadata=meaning('what a player must play, beyond following the led suit')
    )
    """The play obligations."""

    # --- announcements (§6) -----------------------------------------------------------
    contest: Contest = attrs.field(
        default=Contest.NONE, metadata=meaning('how declared combinations compete; none means belote only')
    )
    """How announcements compete; ``NONE`` means only belote exists."""
    carre_values: Mapping[Rank, int] = attrs.field(
        metadata=meaning('points of four of a kind, by rank'),
        factory=dict, converter=_frozen_mapping
    )
    """Points of a carré by rank; a rank missing here cannot make a carré."""
    run_values: tuple[int, int, int] = attrs.field(
        default=(20, 50, 100), metadata=meaning('points of a tierce, a cinquante and a cent (runs of 3, 4, 5)')
    )
    """Points of a tierce, a cinquante and a cent (3-, 4-, 5-card runs)."""
    eight_run_extra_tierce: bool = attrs.field(
        default=False, metadata=meaning('a run of 8 scores a cent and a tierce')
    )
    """An 8-card run scores a cent plus a tierce (001); else one cent (000)."""
    eight_run_splits: bool = attrs.field(
        default=False,
        metadata=meaning("an 8-card run may be declared as a cent plus a tierce"),
    )
    """An 8-card run may be declared as two runs, a cent and a tierce (001).
    Otherwise a run is declared whole: two touching runs of one suit declared
    by one player are not a combination and are refused (000 Nota, rules §6.1, docs/rules.md#announcement-kinds)."""
    long_run_value: int | None = attrs.field(
        default=None,
        metadata=meaning("points of a 6- or 7-card run; none: a cent"),
    )
    """What a run of 6 or 7 cards scores; ``None``: the same as a cent
    (000 Nota, 001; **[reading]** for 004, which is silent). It stays in the
    cent class of the contest."""
    eight_run_wins_match: bool = attrs.field(
        default=False, metadata=meaning('showing a run of 8 wins the whole match')
    )
    """Showing an 8-card run wins the whole match (004)."""
    card_in_carre_and_run: bool = attrs.field(
        default=True, metadata=meaning('one card may count in a carré and in a run at once')
    )
    """**[reading]** A card may serve in one carré and one run at once (never in
    two runs)."""
    carre_beats_run_at_equal_points: bool = attrs.field(
        default=True, metadata=meaning('a carré beats a run worth as many points')
    )
    """**[reading]** In the 100 group a carré beats a cent (``TEAM_BEST_TAKES_ALL``)."""
    equal_plain_runs_void_all: bool = attrs.field(
        default=True, metadata=meaning('equal best runs of both teams cancel the whole contest')
    )
    """**[reading]** Equal best plain runs of opposing teams void the whole
    contest, not only the tied pair (000 rule 4)."""
    equal_carres_by_rank: bool = attrs.field(
        default=True,
        metadata=meaning("carrés of equal points are ranked A > 10 > K > Q (else they tie)"),
    )
    """**[reading]** Carrés of equal points compare by rank A > 10 > K > Q
    (``TEAM_BEST_TAKES_ALL``; 000's rule 3 applied to carrés). Off: they are
    equal, and opposing equal carrés are treated like equal plain runs."""
    carres_by_face_rank: bool = attrs.field(
        default=False, metadata=meaning("with equal_carres_by_rank: A > K > Q > 10, not A > 10 > K > Q"))
    """**[reading]** With ``equal_carres_by_rank``, carrés of equal points rank in
    sequence order, A > K > Q > J > 10 > 9 (BGE: docs/bulgarian.md#disputes); off: A > 10 > K > Q."""
    runs_by_length_first: bool = attrs.field(
        default=False, metadata=meaning("runs of equal points rank by length, then top card"))
    """**[reading]** Team contests: of two runs worth as many points the longer
    wins, then the top card (BGE); off: the top card (docs/bulgarian.md#disputes)."""
    belote_value: int = attrs.field(
        default=20, metadata=meaning('points of the king and queen of trump announced as played')
    )
    """Points of belote-rebelote (K and Q of trump, announced as played)."""
    belote_announced_once: bool = attrs.field(
        default=False,
        metadata=meaning("belote is announced once, with the first of the king and queen played"),
    )
    """Belote is said once, with whichever of the king and queen of trump is
    played first, and counts then (Bulgarian belot: docs/bulgarian.md#belote);
    off: "belote" with one and "rebelote" with the other, both needed. In an
    all-trumps contract every suit's king and queen make a belote."""
    belote_needs_lead_follow_or_trump: bool = attrs.field(
        default=False,
        metadata=meaning(
            "belote may be announced only with a card that leads, follows suit or trumps"
        ),
    )
    """**[reading]** A belote is announced only with a card that leads the
    trick, follows the suit led, or trumps it; never with a discard (BGE,
    the 2001 program's help file, belot-rules.hit.bg: docs/bulgarian.md#belote)."""
    declarations_in_no_trumps: bool = attrs.field(
        default=False,
        metadata=meaning("combinations may be declared in a no-trumps contract"),
    )
    """Combinations may be declared in a no-trumps contract; off: never
    (every Bulgarian source: docs/bulgarian.md#declarations)."""

    # --- scoring one deal (§7) -------------------------------------------------------
    last_trick_bonus: int = attrs.field(
        default=10, metadata=meaning('points for winning the last trick')
    )
    """The "dix de der": points for the last trick."""
    has_contract: bool = attrs.field(
        default=True, metadata=meaning("the taker's side must score more than the other side")
    )
    """The taker's side must beat the other side (four-player variants);
    ``False`` for ``french``, where everyone scores what he made."""
    failed_defence_points: int = attrs.field(
        default=162, metadata=meaning("what the defence scores when the taker's side fails")
    )
    """What the defence scores, besides announcements, when the attack fails
    (002 dedans 162, 000 büs 160)."""
    failed_label: str = attrs.field(
        default="dedans", metadata=meaning('the word for a failed contract')
    )
    """The word for a failed contract in the audit lines (002 dedans, 000 büs,
    004 "andata sotto")."""
    forfeit_announcements: bool = attrs.field(
        default=False, metadata=meaning("a failing attack's combinations go to the defence")
    )
    """On failure the attack's announcements go to the defence, and on a litige
    they are held pending (000, 004)."""
    forfeit_belote: bool = attrs.field(
        default=False, metadata=meaning("a failing attack's belote goes to the defence")
    )
    """On failure the attack's belote goes to the defence, and on a litige it is
    held pending (000); else the attack always keeps it (002, 004)."""
    capot_rule: CapotRule = attrs.field(
        default=CapotRule.ALL_TRICKS, metadata=meaning('what counts as a capot')
    )
    """When a deal is a capot."""
    capot_value: int = attrs.field(
        default=252, metadata=meaning('what a capot scores')
    )
    """Card points (last trick included) of a capot, or the bonus for
    ``PLAYER_ALL_TRICKS``."""
    reverse_capot_value: int = attrs.field(
        default=252, metadata=meaning('what the defence scores when it wins every trick')
    )
    """What a defence that wins every trick scores instead of
    [`failed_defence_points`][belote.rules.model.Rules.failed_defence_points] (000 cappotto contrario 350)."""
    capot_split_value: int = attrs.field(
        default=50, metadata=meaning('with three players, what each scores when one wins no trick')
    )
    """``PLAYER_ALL_TRICKS`` with three players: what each of the two others
    scores when exactly one player wins no trick (**[reading]** of 003)."""
    capot_keeps_last_trick: bool = attrs.field(
        default=False,
        metadata=meaning("a PLAYER_ALL_TRICKS capot (or split) still scores the last trick"),
    )
    """**[reading]** ``PLAYER_ALL_TRICKS``: the 10 of the last trick is still
    scored with a capot or a three-player split. Off by default: 003 scores no
    last trick when there is a capot, and the split is read as one."""
    round_to: int | None = attrs.field(
        default=None, metadata=meaning('scores are kept in multiples of this')
    )
    """Scores kept in multiples of this (000: tens); the defence's card points
    are rounded, the attack gets the rest of [`rounded_total`][belote.rules.model.Rules.rounded_total].
    In an auction every contract score is rounded too, after the contract is
    decided on the raw points (docs/contree.md#scoring)."""
    round_half_up: bool = attrs.field(
        default=True,
        metadata=meaning("with round_to, a 5 rounds up (else down)"),
    )
    """**[reading]** With [`round_to`][belote.rules.model.Rules.round_to], card points ending
    in 5 round up (000: 65 → 70 for the defence); off: they round down."""
    attack_gets_rounded_rest: bool = attrs.field(
        default=True,
        metadata=meaning("with round_to, the attack gets rounded_total minus the defence's"),
    )
    """**[reading]** With [`round_to`][belote.rules.model.Rules.round_to], only the
    defence's card points are rounded and the attack gets the rest of
    [`rounded_total`][belote.rules.model.Rules.rounded_total] (000: 80/80 on a litige);
    off: each side's card points are rounded on their own."""
    contract_on_raw_totals: bool = attrs.field(
        default=True,
        metadata=meaning("the contract is decided on unrounded totals"),
    )
    """**[reading]** With [`round_to`][belote.rules.model.Rules.round_to], the contract is
    decided on the raw totals (000 tables: 72 saves a tierce, 71 is a litige);
    off: on the rounded ones."""
    rounded_total: int = attrs.field(
        default=160, metadata=meaning('the card points of a deal once rounded')
    )
    """The card points of a deal once rounded (000: 80/80 on a litige)."""
    pending_rule: PendingRule = attrs.field(
        default=PendingRule.NEXT_WINNER, metadata=meaning('where the points of a drawn deal (litige) go')
    )
    """Where litige points go."""
    litige_holds_announcements: bool = attrs.field(
        default=True,
        metadata=meaning("a litige holds the attack's announcements pending with its card points"),
    )
    """When [`forfeit_announcements`][belote.rules.model.Rules.forfeit_announcements], a
    litige holds the attack's announcements pending with its card points (000
    "80+20"; **[reading]** for 004, which names only the 81 card points).
    Off: only the card points wait and the attack scores its announcements."""

    # --- penalties (§9) ---------------------------------------------------------------
    penalties: Mapping[Offence, Sanction] = attrs.field(
        metadata=meaning('what each recorded error at the table costs'),
        factory=dict, converter=_frozen_sanctions
    )
    """What each error recorded at a real table costs; an offence missing here
    cannot be recorded in a tally of the variant."""

    # --- the match (§8) ---------------------------------------------------------------
    target: int = attrs.field(
        default=1000, metadata=meaning('the score that wins the match')
    )
    """The match target."""
    target_strictly_more: bool = attrs.field(
        default=False, metadata=meaning('the target must be passed, not only reached')
    )
    """The target must be passed, not only reached (004 "supera i 751")."""
    calling_out: CallingOut = attrs.field(
        default=CallingOut.NONE, metadata=meaning('who may stop the game by claiming the target')
    )
    """Who may stop the game by claiming the target."""
    both_over_target: BothOverTarget = attrs.field(
        default=BothOverTarget.HIGHER_WINS,
        metadata=meaning("when a deal takes two sides past the target: higher wins, or play on"),
    )
    """What happens when a deal takes two sides past the target (001 for
    ``french``; **[reading]** for the others)."""
    capot_ends_match: bool = attrs.field(
        default=True, metadata=meaning("a deal won by capot (valat) may end the match")
    )
    """A deal in which one side wins every trick may end the match; off
    (Bulgarian belot, "С капо не се излиза": docs/bulgarian.md#the-game) at
    least one more deal is played before the target can end it."""

    def __attrs_post_init__(self) -> None:
        check_knobs(self)
        check_ranges(self)  # every numeric knob in its range (belote.rules.knobs)

    def side_count(self, players: int) -> int:
        """The number of scoring sides at a table of ``players``: 2 teams, or one per player.

        >>> from belote.rules import get_rules
        >>> get_rules("classic").side_count(4), get_rules("french").side_count(3)
        (2, 3)
        """
        return 2 if self.partnerships and players == 4 else players

    @property
    def hand_size(self) -> int:
        """Cards in each hand once dealt, hence tricks in a deal played to the end (rules §2, docs/rules.md#dealing).

        >>> from belote.rules import get_rules
        >>> get_rules("classic").hand_size, get_rules("french").hand_size
        (8, 9)
        """
        return sum(self.first_packets) + sum(self.completion_packets)

    @property
    def has_auction(self) -> bool:
        """Whether contracts are bid in an auction (``bidding=auction`` or ``strain-auction``).

        >>> from belote.rules import get_rules
        >>> get_rules("contree").has_auction, get_rules("classic").has_auction
        (True, False)
        """
        return self.bidding is not Bidding.TURNED_CARD

    @property
    def strain_auction(self) -> bool:
        """Whether contracts are strains without values, scored in game points (``bidding=strain-auction``).

        >>> from belote.rules import get_rules
        >>> get_rules("bulgarian").strain_auction, get_rules("contree").strain_auction
        (True, False)
        """
        return self.bidding is Bidding.STRAIN_AUCTION

    @property
    def default_players(self) -> int:
        """The default number of players."""
        return self.player_counts[0]

    @property
    def has_announcements(self) -> bool:
        """Whether any combination besides belote can be declared."""
        return self.contest is not Contest.NONE

    def check_players(self, players: int) -> int:
        """Return ``players`` if the variant allows that count.

        Raises:
            InvalidArgument: the variant does not allow it.
            InvalidArgumentType: ``players`` is not a whole number.
        """
        if type(players) is not int:
            raise InvalidArgumentType(f"players: expected a whole number, not {shown(players)}")
        if players not in self.player_counts:
            allowed = " or ".join(str(n) for n in self.player_counts)
            raise InvalidArgument(f"{self.name} is played by {allowed} players, not {shown(players)}")
        return players

    def reached_target(self, score: int, target: int | None = None) -> bool:
        """Whether a match score reaches the target under this variant."""
        goal = self.target if target is None else target
        return score > goal if self.target_strictly_more else score >= goal


def readings(knob: str, rules: Rules | None = None) -> tuple[tuple[object, str], ...]:
    """The other published readings of a disputed knob, as ``(value, who)`` pairs; ``()`` if none.

    The knob is named as in a spec (``"auction.surcoinche_multiplier"``,
    ``"play.must_undertrump"``): the readings its field records, then those
    ``rules`` records in [`Rules.disputes`][belote.rules.model.Rules.disputes].
    ``belote rules`` shows them and ``belote compare --knobs --disputes``
    plays each of them (docs/contree.md#disputes).

    >>> readings("auction.surcoinche_multiplier")
    ((4, 'FFB 2016, Pagat'),)
    >>> from belote.rules import get_rules
    >>> readings("play.must_undertrump", get_rules("contree"))
    ((True, 'Pagat, BoardGameArena'),)
    """
    found = _field_metadata(knob) if _field_readings_apply(knob, rules) else None
    out = list(found.get("readings", ())) if found else []  # type: ignore[call-overload]
    if rules is not None:
        out += [pair for dispute in rules.disputes if dispute.knob == knob for pair in dispute.readings]
    return tuple(out)


def default_by(knob: str, rules: Rules | None = None) -> str | None:
    """Who reads a disputed knob as its default does (``"Cannes 2016, colver"``), else ``None``.

    >>> default_by("auction.surcoinche_multiplier")
    'Cannes 2016, colver'
    """
    if rules is not None:
        for dispute in rules.disputes:
            if dispute.knob == knob:
                return dispute.default_by
    found = _field_metadata(knob) if _field_readings_apply(knob, rules) else None
    who = found.get("default_by") if found else None
    return who if isinstance(who, str) else None


def _field_readings_apply(knob: str, rules: Rules | None) -> bool:
    """Whether a knob's field readings speak of ``rules``' kind of auction.

    ``auction.*``, ``contract.*``: contrée's rulebooks; ``game_points.*``: Bulgarian belot's.
    """
    group = knob.partition(".")[0] if isinstance(knob, str) and rules is not None else ""
    if group in ("auction", "contract", "game_points"):
        return (group == "game_points") == bool(rules and rules.strain_auction)
    return True


def _field_metadata(knob: str) -> Mapping[str, object] | None:
    if not isinstance(knob, str):
        raise InvalidArgumentType(f"a knob is named by text, not {type(knob).__name__} {shown(knob)}")
    group, dot, name = knob.partition(".")
    groups: dict[str, type[attrs.AttrsInstance]] = {
        "play": PlayRules, "auction": AuctionRules, "contract": ContractRules,
        "game_points": GamePointsRules,
    }
    cls = groups.get(group, Rules) if dot else Rules
    field_name = name if dot else group
    for field in attrs.fields(cls):
        if field.name == field_name:
            found: Mapping[str, object] = field.metadata
            return found
    return None


# --- the ranges of the knobs (belote.rules.knobs), checked when a Rules value is built ---


def check_ranges(rules: Rules) -> None:
    """Check that every numeric knob of ``rules`` is in its range and that the knobs agree.

    Run when a [`Rules`][belote.rules.Rules] value is built (after the
    types of its knobs are checked), so no rules value outside the ranges exists.

    Raises:
        InvalidArgument: a knob outside its range, or knobs that contradict
            each other; the message names the knob and the range.
    """
    for knob, where in RANGES.items():
        group, dot, field = knob.partition(".")
        value = getattr(getattr(rules, group), field) if dot else getattr(rules, group)
        if not where.holds(value):
            raise out_of_range(knob, value, where)
    _check_items(rules)
    _check_agreement(rules)


def _check_items(rules: Rules) -> None:
    for knob in ("player_counts", "first_packets", "completion_packets", "run_values"):
        values = getattr(rules, knob)
        where = ITEM_RANGES[knob]
        if knob == "completion_packets" and values == () and rules.has_auction:
            continue  # an auction deals every card before the bidding
        if not isinstance(values, tuple) or not values:
            raise InvalidArgument(f"knob {knob}: expected at least one whole number, not {shown(values)}")
        for value in values:
            if not where.holds(value):
                raise out_of_range(knob, value, where, "an item ")
    if len(rules.run_values) != 3:
        raise InvalidArgument(
            f"knob run_values: expected 3 values (tierce, cinquante, cent), not {len(rules.run_values)}"
        )
    if len(set(rules.player_counts)) != len(rules.player_counts):
        raise InvalidArgument(f"knob player_counts: {shown(rules.player_counts)} names a count twice")
    where = ITEM_RANGES["carre_values"]
    for rank, value in rules.carre_values.items():
        if not where.holds(value):
            raise out_of_range("carre_values", value, where, f"the carré of {rank.name.lower()}s ")
    where = ITEM_RANGES["penalties"]
    for offence, sanction in rules.penalties.items():
        points = getattr(sanction, "points", None)
        if not where.holds(points):
            raise out_of_range("penalties", points, where, f"the points of {offence.value} ")


def _check_agreement(rules: Rules) -> None:
    """The checks that involve several knobs."""
    check_auction(rules)  # belote.rules.auctioncheck
    if rules.carres_by_face_rank and not rules.equal_carres_by_rank:
        raise InvalidArgument(
            "knob carres_by_face_rank: an order of the carrés needs equal_carres_by_rank=true "
            "(off, carrés of equal points tie)"
        )
    for dispute in rules.disputes:
        if not isinstance(dispute, Dispute) or _field_metadata(dispute.knob) is None:
            raise InvalidArgument(f"knob disputes: {shown(dispute)} names no knob")
    hand = rules.hand_size
    if hand > HAND_LIMIT:
        raise InvalidArgument(
            f"knobs first_packets and completion_packets: a hand of {hand} cards is more "
            f"than {HAND_LIMIT}"
        )
    for n in rules.player_counts:
        used = hand * n + (0 if rules.taker_takes_turned or rules.has_auction else 1)
        room = 31 if rules.show_bottom_card else 32
        if used > room:
            raise InvalidArgument(
                f"knobs first_packets and completion_packets: hands of {hand} cards for "
                f"{n} players need more than the {room} cards the deck offers"
            )
        if rules.has_contract and rules.side_count(n) != 2:
            raise InvalidArgument(
                f"knob has_contract: a contract is played by two sides, and {n} players "
                f"{'without partnerships ' if not rules.partnerships else ''}make "
                f"{rules.side_count(n)} (set has_contract=false, or keep partnerships)"
            )
    step = rules.round_to
    if step is not None and rules.has_contract and rules.attack_gets_rounded_rest:
        half = step // 2 if rules.round_half_up else (step - 1) // 2
        whole = FULL_CARD_POINTS + rules.last_trick_bonus
        least = (whole + half) // step * step
        if rules.rounded_total < least:
            raise InvalidArgument(
                f"knob rounded_total: {rules.rounded_total} is below {least}, the "
                f"{whole} points of a deal rounded to {step}: a defence taking them all "
                "would leave the attack a negative score"
            )
