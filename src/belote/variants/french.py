"""``french``: the old French game for two or three players (sources 001, 003).

Six cards then three (nine in all), the turned card stays on the table, the
holder of the 7 of trump may take it, piquet-style combinations won by one
player alone, no contract, capot 100, "j'arrête".
"""

from __future__ import annotations

from belote.cards import Rank
from belote.rules import (
    BothOverTarget,
    CallingOut,
    CapotRule,
    Contest,
    DealerRotation,
    PlayRules,
    Rules,
)
from belote.rules.penalties import Offence, Sanction, SanctionKind

RULES = Rules(
    name="french",
    description="Old French game for 2 or 3: 6+3 deal, seven swap, combinations, "
    "no contract, capot 100, j'arrête",
    aliases=("french2", "french3", "belote-a-deux"),
    source="001, 003",
    player_counts=(2, 3),             # 003 "2, 3 et 4 joueurs"; 001 two players
    partnerships=False,               # 003 "Chacun jouant pour son compte"
    first_packets=(3, 3),             # 001 "sei carte per giocatore, di tre in tre"
    completion_packets=(3,),          # 001 "tre carte ognuno in una sola volta"
    taker_takes_turned=False,         # 001 the turned card stays with the bottom card
    show_bottom_card=True,            # 001 "l'ultima carta dal basso ... serve solo per orientare"
    dealer_rotation=DealerRotation.WINNER_DEALS,  # 001, 003 the higher scorer deals again
    winner_deals_with_three=False,    # [reading] 3 players: the seat after the dealer deals
    second_round=True,                # 001, 003 a second round naming another suit
    seven_swap=True,                  # 001, 003 "Le sept d'atout"
    play=PlayRules(
        overtrump_on_trump_lead=True,  # 001 "sia rispondere sia montare"
        must_trump_when_void=False,    # 001 "non è necessario giocare un seme di atout"
        partner_master_exempts=False,  # no partners
        must_overtrump=False,          # 003 "on n'est obligé de jouer que dans l'atout"
        must_undertrump=False,
        undertrump_lowest=False,      # no undertrumping obligation
    ),
    contest=Contest.INDIVIDUAL,       # 001, 003 one player alone scores
    carre_values={                    # 001, 003 carrés
        Rank.JACK: 200, Rank.NINE: 150, Rank.ACE: 100,
        Rank.TEN: 100, Rank.KING: 100, Rank.QUEEN: 100,
    },
    run_values=(20, 50, 100),         # 001 Terza 20, Quarta 50, Quinta 100
    eight_run_extra_tierce=True,      # 001 "una Quinta ... e una Terza"
    eight_run_splits=True,            # 001 eight in a row declared as a cent and a tierce
    card_in_carre_and_run=True,       # [reading] rules §6.1, docs/rules.md#announcement-kinds
    belote_value=20,                  # 001, 003 "la belote ... 20 points"
    last_trick_bonus=10,              # 003 "la dernière levée compte 10"
    has_contract=False,               # 001, 003 each player scores his own points
    capot_rule=CapotRule.PLAYER_ALL_TRICKS,  # 001 "Se un giocatore non ha vinto nessuna mano"
    capot_value=100,                  # 001 "Cappotto -> 100 punti"; 003 "marque 100 points"
    capot_split_value=50,             # [reading] 003 "à trois ... chacun 50 points"
    capot_keeps_last_trick=False,     # 003: no 10 of the last trick with a capot
    penalties={                       # 001 table of penalties, 003 maldonne
        Offence.RENEGE: Sanction(SanctionKind.POINTS_TO_OTHERS, 10),      # 001 "gli altri ... 10"
        Offence.FALSE_ANNOUNCEMENT: Sanction(SanctionKind.DEDUCT, 10),    # 001 combination not shown
        Offence.FALSE_CALL_OUT: Sanction(SanctionKind.LOSE_MATCH),        # 001, 003 "c'est lui qui perd"
        Offence.MISDEAL: Sanction(SanctionKind.DEDUCT, 10),               # 001, 003 "le donneur perd 10"
        Offence.EXPOSED_STOCK: Sanction(SanctionKind.DEDUCT, 10),         # 001 §penalties: more than one stock card exposed
        Offence.BOTTOM_CARD_NOT_SHOWN: Sanction(SanctionKind.DEDUCT, 10),  # 001 §penalties: bottom card not turned
        Offence.OUT_OF_TURN: Sanction(SanctionKind.DEDUCT, 10),           # 001 §penalties: playing out of turn
        Offence.HEAPED_HAND: Sanction(SanctionKind.DEDUCT, 10),           # 001 §penalties: heaping up the cards
        Offence.COMBINATION_NOT_SHOWN: Sanction(SanctionKind.DEDUCT, 10),  # 001 §penalties: combination not shown
    },
    target=1000,                      # 001 "si arriva a 1000 punti"
    calling_out=CallingOut.ARRETE,    # 001 "Ho finito", 003 "j'arrête"
    both_over_target=BothOverTarget.HIGHER_WINS,  # 001: the higher total wins
)
