"""``bulgarian``: Bulgarian belot (бридж-белот), the reading of the 2001 program (docs/bulgarian.md).

Five cards each are dealt (3 then 2), nothing is turned, and the seats bid
strains without values: clubs, diamonds, hearts, spades, no-trumps,
all-trumps, each above the one before; a bid may be doubled and the double
redoubled, and a higher bid cancels both. Three more cards each follow the
auction. In no-trumps every suit is plain, in all-trumps every suit is
trump; declarations are shown with the first card (never in no-trumps), a
belote is said once, in every suit in all-trumps. A deal is scored in game
points (tens) against the declarers' need to score more than the
defenders; a level deal leaves points hanging; the game is to 151.

The sources (docs/sources.md#bulgarian): **EXE**, the 2001 program Bridge
Belot v2.06 MP as its recorded deals show it (the default reading); **HLP**,
its own help file; **HIT**, the rules of belot-rules.hit.bg; **BGE**, the
open BelotGameEngine and its tests; two public Bulgarian rule pages.
Every point they dispute is a knob (docs/bulgarian.md#disputes).
"""

from __future__ import annotations

from belote.actions import Strain
from belote.cards import Rank
from belote.rules import (
    AuctionRules,
    Bidding,
    BothOverTarget,
    CapotRule,
    Contest,
    DealerRotation,
    Dispute,
    PendingRule,
    PlayRules,
    Rules,
)
from belote.rules.gamepoints import GamePointsRules

RULES = Rules(
    name="bulgarian",
    description="Bulgarian belot: a strain auction (suits, no-trumps, all-trumps), double "
    "and redouble, game points to 151",
    aliases=("belot", "bridge-belot", "bulgarian-belot"),
    source="Bridge Belot v2.06 MP (2001), its help file, belot-rules.hit.bg, BelotGameEngine",
    disputes=(  # besides the game points' own (docs/bulgarian.md#disputes)
        Dispute("contest", "EXE: one pooled contest",
                ((Contest.RUNS_AND_CARRES, "HLP, HIT, BGE: runs against runs, carrés against carrés"),)),
        Dispute("card_in_carre_and_run", "EXE, BGE: carré cards are set aside first",
                ((True, "HLP, HIT: the holder may count a card in both"),)),
        Dispute("eight_run_extra_tierce", "EXE, HLP: a run of eight is one quinte",
                ((True, "BGE: a quinte and a tierce"),)),
        Dispute("belote_needs_lead_follow_or_trump", "BGE, HLP, HIT",
                ((False, "EXE as recorded: any king and queen held count"),)),
        Dispute("auction.double_escape_by_doubled_side", "BGE, EXE: anyone may bid higher",
                ((True, "HLP: only the doubled team may"),)),
        Dispute("capot_ends_match", "BGE, HLP: a valat deal never ends the game",
                ((True, "some tables: the usual rule"),)),
        Dispute("runs_by_length_first", "HLP, the EXE port: the higher top card wins",
                ((True, "BGE: the longer run wins first"),)),
        Dispute("carres_by_face_rank", "EXE, HLP: A > 10 > K > Q (the highest card value)",
                ((True, "BGE: A > K > Q > 10"),)),
        Dispute("auction.reredouble", "EXE, HLP, HIT, BGE: double ×2 and redouble ×4",
                ((True, "some regions: a third level, сюр-контра, ×8"),)),
        Dispute("dealer_rotation", "HIT, HLP, BGE: one seat on, also after four passes",
                ((DealerRotation.RANDOM, "EXE: a seat drawn at random"),)),
        Dispute("game_points.trailer_at_least_one", "EXE",
                ((False, "BGE: each team rounds its own total and may get 0"),)),
        Dispute("game_points.double_multiplies_valat", "EXE, HLP ('every premium')",
                ((False, "BGE: the double is ignored on a valat deal"),)),
        Dispute("game_points.double_rounds_product", "EXE",
                ((False, "BGE: round(total / 10) × multiplier"),)),
        Dispute("game_points.level_hangs_as_trailer", "BGE, HLP, HIT",
                ((False, "the EXE port: the defenders' figure hangs"),)),
    ),
    player_counts=(4,),                # all: four players, partners opposite
    partnerships=True,                 # all: seats 0 and 2 against 1 and 3
    counter_clockwise=True,            # all: play goes to the right
    dealer_rotation=DealerRotation.NEXT_SEAT,  # [reading] HIT, HLP, BGE (EXE: drawn at random)
    first_packets=(3, 2),              # all: five cards before the auction ([reading] 3 then 2)
    completion_packets=(3,),           # all: three more after it
    taker_takes_turned=True,           # nothing is turned: no card to take
    bidding=Bidding.STRAIN_AUCTION,    # all: strains without values, double, redouble
    second_round=False,                # an auction has no second round
    auction=AuctionRules(
        strains=(Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES,
                 Strain.NO_TRUMP, Strain.ALL_TRUMP),  # all: C < D < H < S < NT < AT
        capot=False,                   # none of the sources bids a valat in advance
        coinche=True,                  # all: double (контра) the other team's bid, ×2
        surcoinche=True,               # all: redouble (реконтра), ×4
        coinche_multiplier=2,          # all
        surcoinche_multiplier=4,       # all
    reredouble=False,              # [reading] EXE, HLP, HIT, BGE (some regions: сюр-контра, ×8)
    reredouble_multiplier=8,       # where the third level is played
        double_escape_by_doubled_side=False,  # [reading] BGE, EXE (HLP: the doubled team only)
    ),
    play=PlayRules(
        overtrump_on_trump_lead=True,  # all: on a trump lead beat the best trump, even a partner's
        must_trump_when_void=True,     # all: void, trump when the opponents win the trick
        partner_master_exempts=True,   # all: free while the partner wins it
        partner_exemption_needs_trump=False,  # all: however the partner wins it
        must_overtrump=True,           # all: over-trump a trump already played when able
        must_undertrump=False,         # all: no duty to under-trump
    ),
    contest=Contest.TEAM_BEST_TAKES_ALL,  # [reading] EXE: one pooled contest (HLP, HIT, BGE: two)
    carre_values={Rank.JACK: 200, Rank.NINE: 150, Rank.ACE: 100, Rank.TEN: 100,
                  Rank.KING: 100, Rank.QUEEN: 100},  # all: four 7s or 8s count nothing
    run_values=(20, 50, 100),          # all: tierce 20, quarte 50, quinte 100
    long_run_value=None,               # all: five or more in sequence are a quinte
    eight_run_extra_tierce=False,      # [reading] EXE, HLP (BGE: a quinte and a tierce)
    eight_run_splits=False,            # a run is declared whole
    card_in_carre_and_run=False,       # [reading] EXE, BGE (HLP, HIT: the holder chooses)
    carre_beats_run_at_equal_points=True,  # EXE: by value, then kind (carré first)
    equal_plain_runs_void_all=True,    # EXE: an exact tie cancels both
    equal_carres_by_rank=True,         # [reading] EXE, HLP: A > 10 > K > Q (BGE: A > K > Q > 10)
    carres_by_face_rank=False,         # [reading] EXE, HLP: A > 10 > K > Q (BGE: A > K > Q > 10)
    runs_by_length_first=False,        # [reading] HLP, EXE port: the top card (BGE: the longer run)
    declarations_in_no_trumps=False,   # all: nothing is declared in no-trumps
    belote_value=20,                   # all: belote 20, in every suit in all-trumps
    belote_announced_once=True,        # all: said once, with the first of the pair
    belote_needs_lead_follow_or_trump=True,  # [reading] BGE, HLP, HIT (EXE: any K+Q held)
    last_trick_bonus=10,               # all: the last trick 10 (doubled in no-trumps)
    has_contract=True,                 # all: the declarers must score more
    failed_label="inside",             # all: вътре, the declarers behind
    capot_rule=CapotRule.ALL_TRICKS,   # all: valat, one team takes every trick
    pending_rule=PendingRule.NEXT_WINNER,  # all: hanging points go to the next deal's winner
    game_points=GamePointsRules(),     # [readings] EXE (docs/bulgarian.md#scoring)
    target=151,                        # all: the game to 151 game points
    target_strictly_more=False,        # all: reaching 151 is enough
    both_over_target=BothOverTarget.HIGHER_WINS,  # all: both over, the higher wins; a tie plays on
    capot_ends_match=False,            # [reading] BGE, HLP: С капо не се излиза
)
