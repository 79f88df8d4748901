"""``italian751``: the Italian game to 751 (source 004).

Declarations exclude only their own kind, carrés always count, no partner
exemption when void, capot 252 when the opponents make no point, a tie
leaves the attack's points at stake, first past 751 wins, an 8-card run
shown wins the match.
"""

from __future__ import annotations

from belote.cards import Rank
from belote.rules import BothOverTarget, CapotRule, Contest, PendingRule, PlayRules, Rules
from belote.rules.penalties import Offence, Sanction, SanctionKind

RULES = Rules(
    name="italian751",
    description="Italian game to 751: runs exclude their own kind, carrés always count, capot 252",
    aliases=("751", "belote751", "italian"),
    source="004",
    player_counts=(4,),               # 004 "la coppia", partnerships (two pairs)
    counter_clockwise=True,           # 004: Italian tables play counter-clockwise (RULES §2)
    first_packets=(3, 2),             # rules §2, docs/rules.md#dealing
    completion_packets=(3,),
    taker_takes_turned=True,
    second_round=True,
    jack_obligatory=False,            # 004 "in altre varianti ... obbligatorio": a knob (obligatory in other variants)
    play=PlayRules(
        overtrump_on_trump_lead=True,  # 004 "tutti e tre ... costretti a superare" (the other three must play higher on a trump lead)
        must_trump_when_void=True,     # 004 "bisogna cioè tagliare" (one must trump)
        partner_master_exempts=False,  # 004 no exemption for the partner
        must_overtrump=True,           # 004 "si deve surtagliare" (one must overtrump)
        must_undertrump=True,          # rules §5 table, docs/rules.md#play-obligations
        undertrump_lowest=False,       # [reading] any lower trump, rules §5, docs/rules.md#play-obligations
    ),
    contest=Contest.PER_CLASS,        # 004 "scale uguali ... autoescludenti", carrés independent (equal runs cancel each other)
    carre_values={                    # [reading] 004 read literally: tens 150, nines with the plain 100
        Rank.JACK: 200, Rank.TEN: 150, Rank.NINE: 100,
        Rank.ACE: 100, Rank.KING: 100, Rank.QUEEN: 100,
    },
    run_values=(20, 50, 100),         # 004 Tiers 20, Cinquanta 50, Cento 100
    eight_run_extra_tierce=False,     # [reading] one cent
    eight_run_splits=False,           # rules §6.1, docs/rules.md#announcement-kinds: a run is declared whole
    long_run_value=None,              # [reading] 6 or 7 in a row: one cent; 004 is silent
    eight_run_wins_match=True,        # 004 "un cento di 8 carte ... vincere ... la partita" (an eight-card run wins the match)
    card_in_carre_and_run=True,       # [reading] rules §6.1, docs/rules.md#announcement-kinds
    belote_value=20,                  # 004 "20 punti extra" (20 extra points)
    last_trick_bonus=10,              # 004 "152 più 10 punti" (152 card points plus 10 for the last trick)
    has_contract=True,                # 004 "più della metà" (the taker needs more than half)
    failed_defence_points=162,        # 004 "punteggio pieno per la squadra avversaria" (the full score to the other team)
    failed_label="andata sotto",      # 004 "è andata sotto" (the contract went down)
    forfeit_announcements=True,       # 004 "comprese le scale e i carré" (runs and carrés included)
    forfeit_belote=False,             # [reading] 004 names only runs and carrés
    capot_rule=CapotRule.NO_OPPONENT_POINT,  # 004 "non far totalizzare nemmeno un punto" (the other side scores no point at all)
    capot_value=252,                  # 004 "252 punti (anziché 162)" (252 points instead of 162)
    reverse_capot_value=252,          # 004 either team can make "cappotto"
    pending_rule=PendingRule.NEXT_WINNER,  # 004 "rimangono in palio per la mano successiva" (the points stay at stake for the next deal)
    litige_holds_announcements=True,  # [reading] 004 names only the 81 card points; runs, carrés wait too
    penalties={                       # 004 mossa Leccese: a refuted false run pays 20
        Offence.FALSE_ANNOUNCEMENT: Sanction(SanctionKind.POINTS_TO_OTHERS, 20),
    },
    target=751,                       # 004 "supera i 751 punti" (the first side past 751)
    target_strictly_more=True,
    both_over_target=BothOverTarget.HIGHER_WINS,  # [reading] 004 (the first over 751) is silent on a tie
)
