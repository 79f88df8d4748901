"""``contree``: belote contrée, or coinche, from the public rulebooks (docs/contree.md).

Every card is dealt before the bidding (3-2-3, nothing turned); the seats
bid contracts from 80 to 160 in tens, then capot, in a trump suit; the other
side may coinche (×2) and the coinched side surcoinche (×3). The contract's
side must reach its value with its card points and its belote. There is no
single official rule: each point the rulebooks dispute is a knob, set by
default to the reading of the open colver engine (docs/contree.md#disputes
says who reads each point which way).
"""

from __future__ import annotations

from belote.rules import (
    AuctionRules,
    Bidding,
    BothOverTarget,
    CapotRule,
    Contest,
    ContractRules,
    ContractScoring,
    Dispute,
    PlayRules,
    Rules,
)

RULES = Rules(
    name="contree",
    description="Belote contrée (coinche): an auction of contracts 80-160 and capot, coinche ×2, surcoinche ×3",
    aliases=("coinche", "contrée", "belote-contree"),
    source="FFB 2016, Cannes 2016, Pagat, colver",
    disputes=(  # besides the auction's and the contract's own (docs/contree.md#disputes)
        Dispute("play.must_undertrump", "FFB 2016 §5.2.2, Cannes 2016, colver",
                ((True, "Pagat, BoardGameArena"),)),
        Dispute("play.overtrump_partner_with_only_trumps", "FFB 2016, Cannes 2016, colver",
                ((True, "a reprint of the FFB rules (Équipe Ludique)"),)),
        Dispute("round_to", "colver: every point counts", ((10, "FFB 2016: to the nearest ten"),)),
        Dispute("target", "colver, Cannes 2001", ((1000, "many clubs"), (1500, "many clubs"),
                                                  (3000, "some clubs"))),
        Dispute("target_strictly_more", "FFB: reaching it is enough",
                ((True, "BoardGameArena: it must be exceeded"),)),
    ),
    player_counts=(4,),                # all: four players in two teams
    first_packets=(3, 2, 3),           # all: 3, 2, 3 cards, from the seat after the dealer
    completion_packets=(),             # all: every card is dealt before the bidding
    bidding=Bidding.AUCTION,           # all: an auction of contracts, no turned card
    second_round=False,                # an auction has no second round
    auction=AuctionRules(
        lowest=80,                     # FFB 2016, Cannes 2016 (82 "said 80": contract.lowest_needs)
        step=10,                       # all: in tens
        highest=160,                   # FFB 2016 (Cannes 2016: 270)
        capot=True,                    # all: capot above every value
        coinche=True,                  # all: coinche (contre) ×2
        surcoinche=True,               # all: surcoinche (surcontre)
        coinche_multiplier=2,          # all
        surcoinche_multiplier=3,       # [reading] Cannes 2016, colver (FFB 2016, Pagat: ×4)
    ),
    contract=ContractRules(
        counts_belote=True,            # [reading] FFB 2016: the attack's belote counts toward it
        must_beat_defence=False,       # [reading] FFB 2016, Pagat (FFB coinche: must beat it)
        lowest_needs=None,             # [reading] FFB 2016: 80 needs 80 (Pagat: 82)
        scoring=ContractScoring.MADE_PLUS_BID,  # [reading] FFB "faits + demandés", Pagat
        failed_points=162,             # [reading] colver (FFB 2016: 160)
        failed_adds_value=True,        # [reading] colver, FFB 2016 (older rules: 160 alone)
        belote_prenable=True,          # [reading] colver, FFB contrée (FFB coinche: imprenable)
        coinched_points=162,           # [reading] colver (FFB 2016: 160)
        coinched_flat=None,            # [reading] colver (some clubs: a flat 160 × multiplier)
        capot_value=250,               # [reading] colver, FFB "Équipe Ludique"
        capot_bonus=None,              # [reading] colver (FFB 2016: a flat 500 × multiplier)
    ),
    play=PlayRules(
        overtrump_on_trump_lead=True,  # all: on a trump lead, go higher when able
        must_trump_when_void=True,     # all: trump when an opponent wins the trick
        partner_master_exempts=True,   # all: free while the partner is master
        must_overtrump=True,           # all: overtrump an opponent's trump when able
        must_undertrump=False,         # [reading] FFB 2016 §5.2.2, Cannes 2016 (Pagat, BGA: required)
    ),
    contest=Contest.NONE,              # [reading] colver: no declarations (FFB 2016: optional)
    belote_value=20,                   # all: belote-rebelote 20
    last_trick_bonus=10,               # all: dix de der
    has_contract=True,                 # all: the contract's side must make it
    failed_label="chute",              # all: a failed contract is "chuté" (dedans)
    capot_rule=CapotRule.ALL_TRICKS,   # all: a side that wins all eight tricks
    capot_value=252,                   # colver: an unbid capot counts 252 card points
    reverse_capot_value=252,           # unused by an auction: contract.failed_points decides
    target=2000,                       # [reading] colver, Cannes 2001 (also 1000, 1500, 3000)
    target_strictly_more=False,        # [reading] FFB: reaching the target is enough (BGA: exceed it)
    both_over_target=BothOverTarget.HIGHER_WINS,  # [reading] the higher total wins
)
