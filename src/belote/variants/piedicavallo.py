"""``piedicavallo``: the village rules of Piedicavallo, Alta Valle Cervo (source 000).

Full announcements ranked together (the best team takes all), litige held
"in parentheses" for the next deal, büs 160 plus announcements, capot 250,
reverse capot 350, scores in tens, calling out ("chiamarsi fuori").
"""

from __future__ import annotations

from belote.cards import Rank
from belote.rules import (
    BothOverTarget,
    CallingOut,
    CapotRule,
    Contest,
    PendingRule,
    PlayRules,
    Rules,
)
from belote.rules.penalties import Offence, Sanction, SanctionKind

RULES = Rules(
    name="piedicavallo",
    description="Piedicavallo village rules: announcements, litige carried, büs 160, "
    "capot 250/350, tens, calling out",
    aliases=("piedi", "valle-cervo", "alta-valle-cervo"),
    source="000",
    player_counts=(4,),               # 000 "a 4 elementi a soci di 2" (four players, two partners each side)
    counter_clockwise=True,           # 000: Italian tables play counter-clockwise (RULES §2)
    first_packets=(3, 2),             # 000 "prima 3 carte a testa poi altre 2 ... o viceversa" (three cards each, then two more, or the other way round)
    completion_packets=(3,),          # 000 "altre 2 carte e altre 3 agli altri giocatori" (two more cards to the taker, three to the others)
    taker_takes_turned=True,          # 000 "raccoglierà la carta che era stata girata" (the taker picks up the turned card)
    second_round=True,                # 000 "scegliere ... il seme ... nuovo" (a second round names a new suit)
    play=PlayRules(
        overtrump_on_trump_lead=True,  # 000 "sempre giocare sormontando" (always play higher on a trump lead)
        must_trump_when_void=True,     # 000 "deve tagliare, se ha ... un atout" (a player void in the suit led must trump when holding one)
        partner_master_exempts=True,   # 000 appello: "non è obbligato a tagliare" (no obligation to trump when the partner is master)
        partner_exemption_needs_trump=False,  # [reading] any winning partner, not only one who trumped
        must_overtrump=True,           # 000 "deve pure lui, sormontare o pisciare" (must overtrump, or else undertrump)
        must_undertrump=True,          # 000 "pisciando sull'atout" (undertrumping when unable to overtrump)
        undertrump_lowest=False,       # [reading] 000 read as any lower trump
    ),
    contest=Contest.TEAM_BEST_TAKES_ALL,  # 000 §annunci rules 2, 4, 5, 6
    carre_values={                    # 000 §Tipo e valore degli annunci
        Rank.JACK: 200, Rank.NINE: 150, Rank.ACE: 100,
        Rank.TEN: 100, Rank.KING: 100, Rank.QUEEN: 100,
    },
    run_values=(20, 50, 100),         # 000 tièrs 20, cinquanta 50, cento 100
    eight_run_extra_tierce=False,     # 000 Nota: 6, 7 or 8 in a row still one "cento"
    eight_run_splits=False,           # 000 Nota: a run in a row is one run, declared whole
    long_run_value=None,              # 000 Nota: 6 or 7 in a row are one "cento"
    card_in_carre_and_run=True,       # [reading] rules §6.1, docs/rules.md#announcement-kinds
    carre_beats_run_at_equal_points=True,  # [reading] rules §6.2 point 2, docs/rules.md#announcement-contest
    equal_plain_runs_void_all=True,   # [reading] 000 rule 4 "annullamento"
    equal_carres_by_rank=True,        # [reading] 000 rule 3 applied to carrés
    belote_value=20,                  # 000 "la belote ... punti 20" (belote is worth 20)
    last_trick_bonus=10,              # 000 "10 punti ... nell'ultima mano" (10 points for the last trick)
    has_contract=True,                # 000 "minimo di 82 punti" (the taker needs at least 82)
    failed_defence_points=160,        # 000 "bagno/buco/büs ... 160 punti" (a failed contract gives the defence 160)
    failed_label="büs",               # 000 "bagno/buco/büs" (the local names of a failed contract)
    forfeit_announcements=True,       # 000 table "punti buco": 160 + the attack's announcements
    forfeit_belote=True,              # 000 litige example: "80+20" held for the attack with belote
    capot_rule=CapotRule.ATTACK_OR_REVERSE,  # 000 "cappotto" and "cappotto contrario" (capot by the attack and by the defence)
    capot_value=250,                  # 000 "ha un valore di 250 punti" (capot is worth 250)
    reverse_capot_value=350,          # 000 "un'assegnazione di 350 punti" (the reverse capot is worth 350)
    round_to=10,                      # 000 "si arrotonda per eccesso o per difetto": 65 → 70 (scores are rounded up or down to tens)
    round_half_up=True,               # [reading] 000 65 → 70: a 5 rounds up
    attack_gets_rounded_rest=True,    # [reading] 000 examples round the defence; the attack gets the rest
    contract_on_raw_totals=True,      # [reading] 000 tables: 72 saves a tierce, 71 is a litige
    rounded_total=160,                # 000 §Litige: 80 and 80
    pending_rule=PendingRule.NEXT_ATTACK_OR_DEFENCE,  # 000 §Litige notes 1 and 2
    litige_holds_announcements=True,  # 000 §Litige "80+20" held for the attack
    penalties={                       # 000 §Regolamento di gara: "partita persa" (competition rules: the match is lost)
        Offence.RENEGE: Sanction(SanctionKind.LOSE_MATCH),
        Offence.FALSE_ANNOUNCEMENT: Sanction(SanctionKind.LOSE_MATCH),
        Offence.FALSE_CALL_OUT: Sanction(SanctionKind.LOSE_MATCH),
    },
    target=1000,                      # 000 "sino al raggiungimento di 1000 o 1500 punti" (played up to 1000 or 1500)
    calling_out=CallingOut.LEADER_MASTER,  # 000 "di mano e padrone" (only the player on lead who is master may call out)
    both_over_target=BothOverTarget.HIGHER_WINS,  # [reading] 000 is silent
)
