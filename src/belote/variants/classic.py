"""``classic``: French four-player belote without contrée (source 002).

Take-or-pass bidding in two rounds, only belote-rebelote, the attack needs
more than the defence (82 of 162), dedans gives 162 to the defence, 81-81
holds the attack's points for the next deal, capot 252.
"""

from __future__ import annotations

from belote.rules import BothOverTarget, CapotRule, Contest, PendingRule, PlayRules, Rules

RULES = Rules(
    name="classic",
    description="French 4-player belote without contrée: take or pass, belote only, capot 252",
    aliases=("belote", "french4"),
    source="002",
    player_counts=(4,),               # 002 "Being 4 players"
    first_packets=(3, 2),             # 002 "once by 2 and the other time by 3"
    completion_packets=(3,),          # 002 taker gets 2 plus the turned card, others 3
    taker_takes_turned=True,          # 002 "he puts it in his hand"
    second_round=True,                # 002 "announce another suit or pass a second time"
    play=PlayRules(
        overtrump_on_trump_lead=True,  # [reading] standard French rule; 002 is silent
        must_trump_when_void=True,    # 002 "he must cut to trump"
        partner_master_exempts=True,  # 002 "not to play trump in case the partner is master"
        must_overtrump=True,          # 002 "the second player must necessarily overcut"
        must_undertrump=True,         # 002 "must still play a lower trump"
    ),
    contest=Contest.NONE,             # 002 lists belote-rebelote as the only bonus
    belote_value=20,                  # 002 "a bonus of 20 points"
    last_trick_bonus=10,              # 002 "The 10th of der"
    has_contract=True,                # 002 "collect more points than the other team"
    failed_defence_points=162,        # 002 "all the points in play (162 points)"
    failed_label="dedans",            # 002 "it is said to be in" (dedans)
    forfeit_announcements=False,      # no announcements to forfeit
    forfeit_belote=False,             # 002 "The 20 points belong to the team"
    capot_rule=CapotRule.ALL_TRICKS,  # 002 "wins all the tricks of the game"
    capot_value=252,                  # 002 "252 points to 0"
    reverse_capot_value=252,          # rules §7.1, docs/rules.md#contract: 252 when the defence made capot
    pending_rule=PendingRule.NEXT_WINNER,  # 002 "given to the team that wins the next game"
    target=1000,                      # [reading] 002 is silent; 001 plays to 1000
    both_over_target=BothOverTarget.HIGHER_WINS,  # [reading] 002 is silent
)
