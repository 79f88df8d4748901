"""The auction and the contract of a [`Bidding.AUCTION`][belote.rules.policies.Bidding.AUCTION] variant, as knobs.

[`AuctionRules`][belote.rules.auction.AuctionRules] says what may be bid,
coinched and surcoinched; [`ContractRules`][belote.rules.auction.ContractRules]
what a contract is worth, made or failed. Both are groups of knobs of
[`Rules`][belote.rules.model.Rules] (``Rules.auction``, ``Rules.contract``),
written ``auction.lowest=90`` or ``contract.belote_prenable=false`` in a
spec (docs/contree.md).
"""

from __future__ import annotations

from typing import Final

import attrs

from belote.actions import Strain
from belote.errors import InvalidArgument, shown
from belote.rules.fields import check_knobs, disputed, meaning
from belote.rules.policies import ContractScoring, StrainPoints

__all__ = ["AuctionRules", "ContractRules"]


_SUIT_STRAINS: Final = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def _strains(value: object) -> tuple[Strain, ...]:
    if isinstance(value, str) or not isinstance(value, tuple | list):
        raise InvalidArgument(f"knob auction.strains: expected a list of strains, not {shown(value)}")
    out = []
    for item in value:
        if isinstance(item, str):
            out.append(Strain.parse(item))
        elif isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 6:
            out.append(Strain(item))
        else:
            raise InvalidArgument(f"knob auction.strains: {shown(item)} is not a strain")
    return tuple(out)


@attrs.frozen
class AuctionRules:
    """The auction of a [`Bidding.AUCTION`][belote.rules.policies.Bidding.AUCTION] variant (docs/contree.md#the-auction).

    Seats bid in turn from the seat after the dealer: a pass, or a contract
    higher in value than the standing one (a value and a strain, or capot);
    a player of the side not holding the standing contract may coinche it,
    and then a player of the coinched side may surcoinche. Three passes
    after a bid end the auction, four passes at the start redeal. Values
    are multiples of ten; the fields say which.
    """

    lowest: int = attrs.field(default=80, metadata=meaning("the lowest value a bid may name"))
    """The lowest value (80 in FFB 2016 and Cannes 2016)."""
    step: int = attrs.field(default=10, metadata=meaning("the step between two bid values"))
    """The step between two values (10 everywhere)."""
    highest: int = attrs.field(
        default=160,
        metadata=disputed(
            "the highest value below a capot bid", "FFB 2016",
            (270, "Cannes 2016: in tens up to 270"),
        ),
    )
    """The highest value below capot (160 in FFB 2016; 270 in Cannes 2016)."""
    capot: bool = attrs.field(
        default=True, metadata=meaning("a capot bid (all eight tricks) stands above every value")
    )
    """A capot contract may be bid, above every value (all sources)."""
    coinche: bool = attrs.field(
        default=True, metadata=meaning("a defender may coinche (double) the standing contract")
    )
    """The other side may coinche the standing contract at its turn (all sources)."""
    surcoinche: bool = attrs.field(
        default=True, metadata=meaning("the coinched side may surcoinche (redouble)")
    )
    """The coinched side may surcoinche at its turn, which ends the auction (all sources)."""
    coinche_any_time: bool = attrs.field(
        default=False,
        metadata=disputed(
            "a defender may coinche out of turn ('à la volée'), before the bidding side "
            "speaks again", "FFB 2016, Cannes 2016 (which penalises it), colver",
            (True, "Pagat, the ASCEE rules, several clubs"),
        ),
    )
    """**[reading]** Off: a coinche is said at one's turn only (FFB 2016;
    Cannes 2016 lets the other side choose to replay the deal after one out of
    turn). On ("à la volée": Pagat, the ASCEE rules, several clubs): before a
    seat of the side holding the standing contract speaks, the defender who
    did not just speak is asked first whether to coinche it, so the contract
    can be coinched before the bidder's partner raises it or the bidder
    escapes; a "no" there is not one of the auction's passes
    (docs/contree.md#the-auction). Four players only."""
    coinche_multiplier: int = attrs.field(
        default=2, metadata=meaning("what a coinche multiplies the contract's value by")
    )
    """A coinche multiplies the contract's value by this (×2 everywhere)."""
    surcoinche_multiplier: int = attrs.field(
        default=3,
        metadata=disputed(
            "what a surcoinche multiplies the contract's value by", "Cannes 2016, colver",
            (4, "FFB 2016, Pagat"),
        ),
    )
    """**[reading]** A surcoinche multiplies the value by this: ×3 (Cannes
    2016, colver); ×4 in FFB 2016 and Pagat."""
    strains: tuple[Strain, ...] = attrs.field(
        default=_SUIT_STRAINS, converter=_strains,
        metadata=meaning("what a contract may make trump"),
    )
    """The strains a contract may name: the four suits by default; no-trumps
    (``NT``) and all-trumps (``AT``) make every suit plain or every suit
    trump (docs/bulgarian.md#trump-modes). In a strain auction their order
    here is the order of the bids, lowest first."""
    no_trumps: bool = attrs.field(
        default=False,
        metadata=disputed(
            "a contract of values may name sans-atout (NT), above the suits",
            "colver, FFB 2016 unless the organiser chooses it, Wikipédia: contrée has none",
            (True, "the FFB annex (an organiser's option), Pagat's variant, coinche sites"),
        ),
    )
    """**[reading]** An auction of values may bid sans-atout, no suit trump
    (``bid 90 NT``; docs/contree.md#sans-atout-and-tout-atout): off in
    colver; an option of the organiser in FFB 2016 §11 and its annex."""
    all_trumps: bool = attrs.field(
        default=False,
        metadata=disputed(
            "a contract of values may name tout-atout (AT), above the suits",
            "colver, FFB 2016 unless the organiser chooses it, Wikipédia: contrée has none",
            (True, "the FFB annex (an organiser's option), Pagat's variant, coinche sites"),
        ),
    )
    """**[reading]** An auction of values may bid tout-atout, every suit
    trump (``bid 90 AT``; docs/contree.md#sans-atout-and-tout-atout): off in
    colver; an option of the organiser in FFB 2016 §11 and its annex."""
    double_escape_by_doubled_side: bool = attrs.field(
        default=False,
        metadata=meaning("after a double, only the doubled side may bid higher (strain auction)"),
    )
    """**[reading]** In a strain auction a higher bid cancels a double; by
    default anyone may make it (BGE and the 2001 program as recorded); on:
    only a player of the doubled side may (the program's own help file)
    (docs/bulgarian.md#the-auction)."""
    reredouble: bool = attrs.field(
        default=False,
        metadata=meaning("a redoubled bid may be doubled once more (strain auction: re-redouble)"),
    )
    """**[reading]** A third level of doubling: after a redouble, a player of
    the team that doubled may re-redouble (``reredouble``, the сюр-контра of
    some Bulgarian regions), which multiplies the deal by
    ``reredouble_multiplier``; a higher bid cancels it like the other
    doubles. Off by default: the sources the default reading follows stop at
    the redouble (docs/bulgarian.md#disputes). Strain auctions only."""
    reredouble_multiplier: int = attrs.field(
        default=8, metadata=meaning("what a re-redouble multiplies the deal by")
    )
    """A re-redouble multiplies the deal by this (×8 where it is played);
    ``1..128`` (its range in [`belote.rules.knobs`][belote.rules.knobs])."""

    def __attrs_post_init__(self) -> None:
        check_knobs(self, "auction")
        if self.reredouble and not self.surcoinche:
            raise InvalidArgument(
                "knob auction.reredouble: there is no re-redouble without a redouble "
                "(auction.surcoinche=false)"
            )
        if self.coinche_any_time and not self.coinche:
            raise InvalidArgument(
                "knob auction.coinche_any_time: a coinche out of turn needs a coinche "
                "(auction.coinche=false)"
            )

    @property
    def biddable(self) -> tuple[Strain, ...]:
        """The strains a contract may name: ``strains``, then NT and AT where ``no_trumps`` and ``all_trumps`` add them.

        >>> [str(s) for s in AuctionRules(no_trumps=True, all_trumps=True).biddable]
        ['S', 'H', 'D', 'C', 'NT', 'AT']
        """
        extra = tuple(
            strain for strain, on in ((Strain.NO_TRUMP, self.no_trumps),
                                      (Strain.ALL_TRUMP, self.all_trumps))
            if on and strain not in self.strains
        )
        return self.strains + extra if extra else self.strains

    @property
    def values(self) -> range:
        """The values a bid may name, lowest first.

        >>> AuctionRules().values
        range(80, 161, 10)
        """
        return range(self.lowest, self.highest + 1, self.step)

    def multiplier(self, level: int) -> int:
        """The multiplier of a contract left as bid (0), coinched (1), surcoinched (2) or re-redoubled (3)."""
        return (1, self.coinche_multiplier, self.surcoinche_multiplier,
                self.reredouble_multiplier)[level]


@attrs.frozen
class ContractRules:
    """What a contract of an auction is worth, made or failed (docs/contree.md#scoring).

    Read only by [`Bidding.AUCTION`][belote.rules.policies.Bidding.AUCTION]
    variants; the fields marked **[reading]** are the points the published
    rules dispute, each set to colver's reading by default.
    """

    counts_belote: bool = attrs.field(
        default=True,
        metadata=disputed(
            "the attack's own belote counts toward its contract", "FFB 2016, colver",
            (False, "Belote.com: card points only"),
        ),
    )
    """**[reading]** The attack's own belote counts toward the value (FFB
    2016), and so do its declarations where the variant has them; off: card
    points alone."""
    must_beat_defence: bool = attrs.field(
        default=False,
        metadata=disputed(
            "besides its value, the attack must score more than the defence",
            "FFB 2016, Pagat, colver", (True, "FFB coinche"),
        ),
    )
    """**[reading]** Besides reaching its value the attack must score more
    than the defence (FFB coinche); off in FFB 2016 and Pagat."""
    lowest_needs: int | None = attrs.field(
        default=None,
        metadata=disputed(
            "the points the lowest contract needs (82 'said 80'); none: its value",
            "FFB 2016, Cannes 2016, colver", (82, "Pagat, FFB coinche, BoardGameArena"),
        ),
    )
    """**[reading]** The lowest contract needs this many points ("82, said 80":
    Pagat, FFB coinche); ``None``: its value."""
    scoring: ContractScoring = attrs.field(
        default=ContractScoring.MADE_PLUS_BID,
        metadata=disputed(
            "what a made contract scores: made + bid, bid only, or made only",
            "FFB 'faits + demandés', Cannes 2016, Pagat, colver",
            (ContractScoring.BID_ONLY, "ASCEE rules, several clubs"),
            (ContractScoring.MADE_ONLY, "some clubs"),
        ),
    )
    """**[reading]** What a made contract scores (FFB "faits + demandés")."""
    failed_points: int = attrs.field(
        default=162,
        metadata=disputed(
            "what the defence scores for the card points of a failed contract", "colver",
            (160, "FFB 2016, older rules"),
        ),
    )
    """**[reading]** The defence's points for a failed contract, before the
    value: 162 (colver), 160 (FFB 2016 and older rules)."""
    failed_adds_value: bool = attrs.field(
        default=True,
        metadata=disputed(
            "a failed contract also gives the defence its value × multiplier",
            "FFB 2016, colver", (False, "older rules: 160 alone"),
        ),
    )
    """**[reading]** A failed contract also gives the defence its value times
    the multiplier; off: the failed points alone (older rules)."""
    belote_prenable: bool = attrs.field(
        default=True,
        metadata=disputed(
            "a failed or coinched contract's winner takes every belote of the deal",
            "colver, FFB contrée", (False, "FFB coinche: belote imprenable"),
        ),
    )
    """**[reading]** When a contract fails, or is made coinched, the side that
    wins it scores every belote of the deal, and every declaration where the
    variant has them ("prenable": colver, FFB contrée); off: a belote stays
    with its owner ("imprenable", FFB coinche)."""
    coinched_points: int = attrs.field(
        default=162,
        metadata=disputed(
            "what a made coinched contract scores before its value", "colver",
            (160, "FFB 2016, its table and Note 1"),
        ),
    )
    """**[reading]** A made coinched contract scores this (252 when the attack
    won every trick) plus value × multiplier, and the defence nothing:
    162 (colver); 160 (FFB 2016)."""
    coinched_flat: int | None = attrs.field(
        default=None,
        metadata=disputed(
            "a coinched contract scores this × multiplier, flat; none: not flat", "colver",
            (160, "some clubs: a flat 320 / 640"),
        ),
    )
    """**[reading]** When set, a coinched or surcoinched contract, made or
    failed, gives its winner this times the multiplier and nothing else
    (160: the flat 320 / 640 of some clubs)."""
    capot_value: int = attrs.field(
        default=250, metadata=meaning("the value of a capot contract")
    )
    """The value of a capot contract in the general table (colver, FFB
    "Équipe Ludique": 250)."""
    capot_bonus: int | None = attrs.field(
        default=None,
        metadata=disputed(
            "a capot contract is a flat bonus × multiplier; none: a value",
            "colver, FFB 'Équipe Ludique'", (500, "FFB 2016: 500, 1000, 2000"),
        ),
    )
    """**[reading]** When set, a capot contract is not a value in the general
    table but a flat bonus times the multiplier for the side that wins it
    (FFB 2016: 500, 1000, 2000)."""

    no_trumps_points: StrainPoints = attrs.field(
        default=StrainPoints.ACE_19,
        metadata=disputed(
            "how a sans-atout (NT) deal's points meet the contract's value",
            "the FFB annex, Pagat, nearly every source: an ace counts 19, a deal 162",
            (StrainPoints.RAW, "the core's no-trumps values (Bulgarian belot): 130 a deal"),
            (StrainPoints.SCALED, "BoardGameArena's coinche code: brought to the suit scale"),
        ),
    )
    """**[reading]** When ``auction.strains`` holds ``NT``: each ace counts
    19, so a sans-atout deal is worth 162 like a suit deal (the federation's
    annex, Pagat; docs/contree.md#sans-atout-and-tout-atout); ``raw``: the
    core's values, 130 a deal; ``scaled``: those brought to 162."""
    all_trumps_points: StrainPoints = attrs.field(
        default=StrainPoints.SCALED,
        metadata=disputed(
            "how a tout-atout (AT) deal's points meet the contract's value",
            "FFB 2016 §11.3 and the FFB annex: points × 162/258",
            (StrainPoints.REDUCED, "Pagat, Wikipédia (Coinche): J 14, 9 9, A 6, 10 5, K 3, Q 1"),
            (StrainPoints.RAW, "the core's all-trumps values (Bulgarian belot): 258 a deal"),
        ),
    )
    """**[reading]** When ``auction.strains`` holds ``AT``: the attack's
    points (cards and last trick, without belote) are multiplied by
    162/258 and the defence has the rest of 162 (FFB 2016 §11.3);
    ``reduced``: smaller card values that sum to 162 (Pagat); ``raw``: the
    core's values, 258 a deal (docs/contree.md#sans-atout-and-tout-atout)."""

    def __attrs_post_init__(self) -> None:
        check_knobs(self, "contract")
        for knob, refused, allowed in (
            ("no_trumps_points", StrainPoints.REDUCED, "raw, ace-19 or scaled"),
            ("all_trumps_points", StrainPoints.ACE_19, "raw, scaled or reduced"),
        ):
            if getattr(self, knob) is refused:
                raise InvalidArgument(
                    f"knob contract.{knob}: {refused.value} is not a reading of this "
                    f"strain; expected {allowed}"
                )
