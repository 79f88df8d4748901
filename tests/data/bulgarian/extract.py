"""Extract Bulgarian belot test data from a checkout of NikolayIT/BelotGameEngine.

Usage::

    python extract.py SOURCE_DIR [OUT_DIR] [--commit HASH]

SOURCE_DIR is the root of a checkout (or an exported tree) of the repository; only
``etc/Other implementations/Bridge Belot v2.06 MP/reconstructed-csharp/tools/vectors``
and ``src/Tests/Belot.Engine.Tests`` are read.  OUT_DIR defaults to this file's folder.

Besides writing the JSON files the script checks its own output: the ten worked checks
of RULES.md section 12.3 must come out exactly, and every vector is compared with an
independent reading of the section 12 defaults (the disagreements are listed in the
files' notes and printed).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

REPO = "NikolayIT/BelotGameEngine"
DEFAULT_COMMIT = "8cddd69daef95b628fc4ca91f21671df2cf3d28f"
VECTORS = "etc/Other implementations/Bridge Belot v2.06 MP/reconstructed-csharp/tools/vectors"
TESTS = "src/Tests/Belot.Engine.Tests"

RANK_NAME = {7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_NUM = {v: k for k, v in RANK_NAME.items()}
# golden_score.json encodes suits as the binary does: 0=clubs 1=diamonds 2=spades 3=hearts
SCORE_SUIT = {0: "C", 1: "D", 2: "S", 3: "H"}
CONTRACT = {
    "Clubs": "C",
    "Diamonds": "D",
    "Hearts": "H",
    "Spades": "S",
    "NoTrumps": "NT",
    "AllTrumps": "AT",
}
TRUMP_ORDER = ["7", "8", "Q", "K", "10", "A", "9", "J"]  # low to high
PLAIN_ORDER = ["7", "8", "9", "J", "Q", "K", "10", "A"]
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
CARRE_VALUE = {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}
RUN_KIND = {3: "tierce", 4: "quarte"}
KIND_VALUE = {"tierce": 20, "quarte": 50, "quinte": 100}

# RULES.md section 12.3, as (id, contract, declarer team, multiplier, card points,
# last trick team, hanging in, expected game points).
WORKED_CHECKS = [
    (937, "C", 1, 1, [56, 96], 1, 0, [6, 10]),
    (545, "AT", 1, 1, [124, 124], 0, 0, [14, 22]),
    (1, "NT", 1, 1, [37, 83], 0, 0, [9, 17]),
    (38, "C", 0, 1, [52, 100], 1, 30, [0, 56]),
    (14, "D", 0, 4, [79, 73], 0, 0, [64, 0]),
    (162, "AT", 0, 4, [108, 140], 1, 0, [164, 0]),
    (44, "H", 1, 1, [81, 71], 1, 0, [8, 0]),
    (355, "S", 0, 4, [0, 152], 1, 10, [0, 150]),
    (21, "H", 0, 1, [66, 86], 1, 0, [0, 26]),
    (566, "D", 0, 1, [150, 2], 0, 10, [27, 1]),
]


# --------------------------------------------------------------------------- cards


def card(rank: int | str, suit: str) -> str:
    r = RANK_NAME[rank] if isinstance(rank, int) else rank
    return f"{r}{suit}"


def rank_of(c: str) -> str:
    return c[:-1]


def suit_of(c: str) -> str:
    return c[-1]


def is_trump(strain: str, suit: str) -> bool:
    return strain == "AT" or strain == suit


def strength(strain: str, c: str) -> int:
    order = TRUMP_ORDER if is_trump(strain, suit_of(c)) else PLAIN_ORDER
    return order.index(rank_of(c))


def points(strain: str, c: str) -> int:
    table = TRUMP_POINTS if is_trump(strain, suit_of(c)) else PLAIN_POINTS
    return table[rank_of(c)]


def trick_winner(strain: str, cards: list[str]) -> int:
    """Index (in play order) of the card winning the (possibly partial) trick."""
    led = suit_of(cards[0])

    def key(i: int) -> tuple[int, int]:
        c = cards[i]
        s = suit_of(c)
        if strain in "CDHS" and s == strain:
            return (2, strength(strain, c))
        if s == led:
            return (1, strength(strain, c))
        return (0, 0)

    return max(range(len(cards)), key=key)


# ------------------------------------------------------- section 12 default readings


def rules_legal(strain: str, hand: list[str], trick: list[str]) -> list[str]:
    """Play obligations of RULES.md section 12.1 (partner = the card two before mine)."""
    if not trick:
        return list(hand)
    led = suit_of(trick[0])
    follow = [c for c in hand if suit_of(c) == led]

    def beat(cards: list[str], suit: str) -> list[str]:
        in_trick = [strength(strain, c) for c in trick if suit_of(c) == suit]
        best = max(in_trick) if in_trick else -1
        return [c for c in cards if strength(strain, c) > best]

    if strain == "NT":
        return follow or list(hand)
    if strain == "AT":
        return (beat(follow, led) or follow) if follow else list(hand)
    if led == strain:
        return (beat(follow, led) or follow) if follow else list(hand)
    if follow:
        return follow
    partner_winning = len(trick) >= 2 and trick_winner(strain, trick) == len(trick) - 2
    trumps = [c for c in hand if suit_of(c) == strain]
    if partner_winning or not trumps:
        return list(hand)
    if any(suit_of(c) == strain for c in trick):
        return beat(trumps, strain) or list(hand)
    return trumps


def rules_declarations(hand: list[str]) -> list[tuple[str, str]]:
    """(kind, top rank) of every declaration in a hand: carrés first, their cards set aside."""
    out = []
    carre_ranks = set()
    for r in ["9", "10", "J", "Q", "K", "A"]:
        if sum(1 for c in hand if rank_of(c) == r) == 4:
            out.append(("carre", r))
            carre_ranks.add(r)
    seq = ["7", "8", "9", "10", "J", "Q", "K", "A"]
    for s in "CDHS":
        missing = [r in carre_ranks or r + s not in hand for r in seq]
        run = 0
        for i in range(9):
            if i < 8 and not missing[i]:
                run += 1
                continue
            if run >= 3:
                out.append((RUN_KIND.get(run, "quinte"), seq[i - 1]))
            run = 0
    return out


def round_half_up(x: int) -> int:
    """x / 10 rounded, halves up (x is never negative)."""
    return (x + 5) // 10


def lead_round(strain: str, x: int) -> int:
    up = {"AT": 5, "NT": 5}.get(strain, 7)
    return x // 10 + (1 if x % 10 >= up else 0)


def trail_round(strain: str, x: int) -> int:
    up = {"AT": 4, "NT": 5}.get(strain, 6)
    return x // 10 + (1 if x % 10 >= up else 0)


def rules_score(
    strain: str, decl_team: int, mult: int, raw: list[int], hanging_in: int
) -> tuple[list[int], int]:
    """Game points and hanging-out of one deal, by the section 12 defaults.

    raw: each team's total (cards, last 10, NT doubling, scoring declarations, belotes, valat).
    """
    t = raw
    pts = [0, 0]
    if t[0] == t[1]:
        if mult > 1:
            return pts, hanging_in + round_half_up(t[0] + t[1]) * mult
        pts[1 - decl_team] = lead_round(strain, t[1 - decl_team])
        return pts, hanging_in + trail_round(strain, t[decl_team])
    ahead = 0 if t[0] > t[1] else 1
    if mult > 1 or ahead != decl_team:
        v = round_half_up((t[0] + t[1]) * mult)
        if mult > 1 and v % 2:
            v += 1 if strain == "AT" else -1 if strain in "CDHS" else 0
        pts[ahead] = v + hanging_in
        return pts, 0
    total = round_half_up(t[0] + t[1])
    lead = lead_round(strain, t[ahead])
    trail = total - lead
    if trail <= 0 and t[1 - ahead] > 0:
        trail, lead = 1, lead - 1
    pts[ahead] = lead + hanging_in
    pts[1 - ahead] = trail
    return pts, 0


def contest(decls: list[dict]) -> list[dict]:
    """The pooled contest (section 12.2 default): the scoring declarations."""
    tier = {"tierce": 1, "quarte": 2, "quinte": 3, "carre": 4}
    carre_order = ["Q", "K", "10", "A"]

    def key(d: dict) -> tuple[int, int, int]:
        top = d["top"]
        if d["kind"] == "carre":
            third = carre_order.index(top) if top in carre_order else 0
        else:
            third = RANK_NUM[top]
        return (d["value"], tier[d["kind"]], third)

    best = []
    for team in (0, 1):
        mine = [key(d) for d in decls if d["team"] == team]
        best.append(max(mine) if mine else None)
    if best[0] is None and best[1] is None:
        return []
    if best[1] is None or (best[0] is not None and best[0] > best[1]):
        win = 0
    elif best[0] is None or best[1] > best[0]:
        win = 1
    else:
        return []
    return [d for d in decls if d["team"] == win]


# ------------------------------------------------------------------ EXE vectors


def source_string(commit: str, *paths: str) -> str:
    return f"{REPO} @ {commit}: " + "; ".join(paths)


def extract_scoring(score_vectors: dict, commit: str, last_commit: str) -> dict:
    cases = []
    surprises = []
    for i, v in enumerate(score_vectors["scoring"]):
        strain = CONTRACT[v["contract"]]
        taken = [
            [card(r, SCORE_SUIT[s]) for s, r in v["taken"][str(seat)]] for seat in (1, 2, 3, 4)
        ]
        team_cards = [taken[0] + taken[2], taken[1] + taken[3]]
        card_points = [sum(points(strain, c) for c in cs) for cs in team_cards]
        tricks = [len(cs) // 4 for cs in team_cards]
        decls = []
        for seat in (1, 2, 3, 4):
            rec = v["decl"][str(seat)]
            for slot, top in enumerate(rec[:7]):
                if not top:
                    continue
                kind = ("carre", "carre", "tierce", "tierce", "quarte", "quarte", "quinte")[slot]
                name = RANK_NAME[top]
                value = CARRE_VALUE.get(name, 0) if kind == "carre" else KIND_VALUE[kind]
                length = {"carre": 4, "tierce": 3, "quarte": 4, "quinte": 5}[kind]
                decls.append(
                    {
                        "team": (seat - 1) % 2,
                        "seat": seat - 1,
                        "kind": kind,
                        "top": name,
                        "suit": None,
                        "value": value,
                        "length": length,
                    }
                )
        valat = 0 if tricks[1] == 0 else 1 if tricks[0] == 0 else None
        case = {
            "id": i,
            "contract": strain,
            "declarer_team": (v["declarer"] - 1) % 2,
            "declarer_seat": v["declarer"] - 1,
            "multiplier": v["level"],
            "card_points": card_points,
            "last_trick": (v["lastTrick"] - 1) % 2,
            "last_trick_seat": v["lastTrick"] - 1,
            "tricks": tricks,
            "taken": taken,
            "declarations": decls,
            "belotes": [],
            "valat": valat,
            "hanging_in": v["hanging"],
            "expected": v["board"],
        }
        cases.append(case)
        # independent check against the section 12 defaults
        raw = list(card_points)
        raw[case["last_trick"]] += 10
        if strain == "NT":
            raw = [2 * x for x in raw]
        else:
            for d in contest(decls):
                raw[d["team"]] += d["value"]
        if valat is not None:
            raw[valat] += 90
        got, _ = rules_score(strain, case["declarer_team"], case["multiplier"], raw, v["hanging"])
        if got != v["board"]:
            surprises.append({"id": i, "rules_default": got, "vector": v["board"]})
    worked = []
    for wid, strain, dt, mult, cp, lt, hang, exp in WORKED_CHECKS:
        c = cases[wid]
        got = [
            c["contract"],
            c["declarer_team"],
            c["multiplier"],
            c["card_points"],
            c["last_trick"],
            c["hanging_in"],
            c["expected"],
        ]
        want = [strain, dt, mult, cp, lt, hang, exp]
        if got != want:
            raise SystemExit(f"worked check #{wid} does not match: {got} != {want}")
        worked.append(wid)
    notes = [
        "Each case is one round scored by the original belot.exe's round-scoring routine "
        "(run under emulation by tools/score_probe.py). id = 0-based index in the "
        "'scoring' list of golden_score.json (RULES.md 12.3 '#n' uses the same index).",
        "Seats: the vector's players 1..4 are South, East, North, West; seat = player - 1, "
        "team = seat % 2 (team 0 = South+North = seats 0 and 2).",
        "Suits in golden_score.json 'taken' are integers in the binary's encoding: "
        "0=clubs, 1=diamonds, 2=spades, 3=hearts (note: 2 is spades, 3 is hearts). "
        "Contracts: Clubs/Diamonds/Hearts/Spades/NoTrumps/AllTrumps -> C/D/H/S/NT/AT.",
        "multiplier = the vector's 'level' (1, 2 doubled, 4 redoubled).",
        "taken = the cards each seat took, by seat 0..3 (whole tricks, 4 cards each; the "
        "tricks were dealt out at random by the generator, not played). card_points are "
        "counted from them with the card table (no last 10, no NT doubling); tricks = "
        "cards / 4 per team; valat = the team that took all 8 tricks, else null.",
        "declarations: the per-seat declaration descriptors the generator wrote before "
        "scoring, i.e. what each seat announced, BEFORE the contest. They are synthetic "
        "(drawn at random, not derived from a hand), so they need not be consistent with "
        "the cards. The descriptor gives only kind and top rank: suit is unknown (null) "
        "and a quinte's length is not recorded (5 is a placeholder; any run of 5+ is 100). "
        "Carré values are 200 (J), 150 (9), 100 (others); length 4 for carrés.",
        "Declarations are present in some NT cases too; the game ignores them in NT.",
        "belotes: always empty - the generator cleared the announce state, so no belote "
        "was ever scored in these vectors.",
        "expected = the two numbers the routine added to the match board [team 0, team 1], "
        "already including hanging_in for the team that got it.",
        "hanging_out is NOT recorded by the vectors (only the board additions are read "
        "back), so it is omitted; level deals can be recognised from the totals.",
        "Worked checks of RULES.md 12.3 reproduced exactly (contract, declarer team, "
        "multiplier, card points, last trick, hanging in, expected): "
        + ", ".join(f"#{w}" for w in worked)
        + ". Their declarations: #545 team 1 carre K; #38 team 1 quinte; #162 team 0 "
        "carre 9 and team 1 quarte; #355 team 1 quinte; #21 team 0 quinte J + quarte and "
        "team 1 carre Q; #566 team 0 tierce.",
        "Checked against an independent implementation of RULES.md 12 defaults "
        "(pooled contest, leader rounds, trailer at least 1, doubled: round(total x mult / "
        "10) made even): disagreements = " + (json.dumps(surprises) if surprises else "none") + ".",
    ]
    return {
        "source": source_string(
            commit, f"{VECTORS}/golden_score.json (last changed in {last_commit})"
        ),
        "notes": notes,
        "cases": cases,
    }, surprises


def extract_legal(golden: dict, commit: str, last_commit: str) -> tuple[dict, list]:
    cases = []
    surprises = []
    for i, v in enumerate(golden["validcards"]):
        strain = CONTRACT[v["contract"]]
        hand = [card(r, s) for s, r in v["hand"]]
        trick = [card(r, s) for _, s, r in v["trick"]]
        trick_seats = [p - 1 for p, _, _ in v["trick"]]
        legal = [hand[k] for k in v["legal"]]
        seat = v["seat"] - 1
        pw = None
        if len(trick) >= 2:
            pw = trick_seats[trick_winner(strain, trick)] == (seat + 2) % 4
        cases.append(
            {
                "id": i,
                "contract": strain,
                "seat": seat,
                "hand": hand,
                "trick": trick,
                "trick_seats": trick_seats,
                "partner_winning": pw,
                "legal": legal,
            }
        )
        mine = rules_legal(strain, hand, trick)
        if sorted(mine) != sorted(legal):
            surprises.append(i)
    notes = [
        "Legal-move predicate of the original belot.exe (FUN_004767F8), run under "
        "emulation by tools/gen_vectors.py; id = 0-based index in golden.json 'validcards'.",
        "seat / trick_seats: the vector's players 1..4 (South, East, North, West) minus 1; "
        "the trick is in play order and the players before 'seat' played it; the partner "
        "is (seat + 2) % 4.",
        "legal: the vector gives indices into the hand; converted here to the cards.",
        "partner_winning is DERIVED (not in the vector): whether the partner's card is "
        "currently winning the trick, by the RULES.md 12.1 trick-winner rule; null when "
        "the partner has not played.",
        "Hands were random and only part-played; hand order is the game's sorted order.",
        "Compared with RULES.md 12.1 play obligations: disagreeing ids = "
        + (json.dumps(surprises) if surprises else "none")
        + ".",
    ]
    src = source_string(
        commit, f"{VECTORS}/golden.json 'validcards' (last changed in {last_commit})"
    )
    return {"source": src, "notes": notes, "cases": cases}, surprises


def extract_declarations(golden: dict, commit: str, last_commit: str) -> tuple[dict, list]:
    cases = []
    surprises = []
    for i, v in enumerate(golden["announces"]):
        hand = [card(r, s) for s, r in v["hand"]]
        d = v["desc"]
        expected = []
        for slot, top in enumerate(d[:7]):
            if top:
                kind = ("carre", "carre", "tierce", "tierce", "quarte", "quarte", "quinte")[slot]
                expected.append({"kind": kind, "top": RANK_NAME[top]})
        cases.append({"id": i, "contract": "AT", "hand": hand, "expected": expected, "desc": d})
        got = sorted(rules_declarations(hand))
        want = sorted((e["kind"], e["top"]) for e in expected)
        if got != want:
            surprises.append(i)
    notes = [
        "Declaration detector of the original belot.exe (FUN_00479EE8) on one random 8-card "
        "hand, run under emulation with an all-trumps contract; id = 0-based index in "
        "golden.json 'announces'. There is no contest here: one hand, no other team.",
        "desc is the raw 8-byte descriptor: [carre, carre, tierce, tierce, quarte, quarte, "
        "quinte, unused], each the TOP rank (7..14, J=11 Q=12 K=13 A=14) or 0. expected "
        "decodes it; it gives no suit and no run length (a quinte is any run of 5 or more).",
        "Hands are given in the game's sorted order (clubs, diamonds, hearts, spades; 7 up to A).",
        "Compared with RULES.md 12.1/12.2 defaults (carré cards set aside before runs are "
        "looked for, 5+ is one quinte): disagreeing ids = "
        + (json.dumps(surprises) if surprises else "none")
        + ".",
    ]
    src = source_string(
        commit, f"{VECTORS}/golden.json 'announces' (last changed in {last_commit})"
    )
    return {"source": src, "notes": notes, "cases": cases}, surprises


def extract_card_table(golden: dict, commit: str, last_commit: str) -> tuple[dict, list]:
    cases = []
    surprises = []
    for i, v in enumerate(golden["cardtables"]):
        strain = CONTRACT[v["contract"]]
        c = card(v["rank"], v["suit"])
        cases.append(
            {
                "id": i,
                "contract": strain,
                "card": c,
                "trump": is_trump(strain, v["suit"]),
                "strength": v["strength"],
                "points": v["points"],
            }
        )
        if points(strain, c) != v["points"] or strength(strain, c) + 1 != v["strength"]:
            surprises.append(i)
    notes = [
        "The per-card strength and points caches the original belot.exe builds at start-up, "
        "for each of the 6 contracts x 32 cards; id = 0-based index in golden.json "
        "'cardtables'.",
        "strength: 1 (lowest) .. 8 (highest) within the card's own suit under that "
        "contract (trump order if 'trump', else plain order); it is not comparable across "
        "suits. points: the card's value (before any NT doubling).",
        "'trump' is derived: the suit is the trump suit, or the contract is AT.",
        "Compared with RULES.md 12.1 orders and values: disagreeing ids = "
        + (json.dumps(surprises) if surprises else "none")
        + ".",
    ]
    src = source_string(
        commit, f"{VECTORS}/golden.json 'cardtables' (last changed in {last_commit})"
    )
    return {"source": src, "notes": notes, "cases": cases}, surprises


# ------------------------------------------------------------------- BGE unit tests

BGE_SUIT = {"Club": "C", "Diamond": "D", "Heart": "H", "Spade": "S"}
BGE_RANK = {
    "Seven": "7",
    "Eight": "8",
    "Nine": "9",
    "Ten": "10",
    "Jack": "J",
    "Queen": "Q",
    "King": "K",
    "Ace": "A",
}
BGE_SEAT = {"South": 0, "East": 1, "North": 2, "West": 3}
BGE_ANNOUNCE = {
    "SequenceOf3": ("tierce", 3, 20),
    "SequenceOf4": ("quarte", 4, 50),
    "SequenceOf5": ("quinte", 5, 100),
    "SequenceOf6": ("quinte", 6, 100),
    "SequenceOf7": ("quinte", 7, 100),
    "SequenceOf8": ("quinte", 8, 100),
    "FourOfAKind": ("carre", 4, 100),
    "FourNines": ("carre", 4, 150),
    "FourJacks": ("carre", 4, 200),
    "Belot": ("belote", 2, 20),
}
CARD_RE = re.compile(r"Card\.GetCard\(\s*CardSuit\.(\w+),\s*CardType\.(\w+)\s*\)")


def bge_cards(text: str) -> list[str]:
    return [BGE_RANK[r] + BGE_SUIT[s] for s, r in CARD_RE.findall(text)]


def bge_bid(text: str) -> tuple[str, int]:
    names = re.findall(r"BidType\.(\w+)", text)
    strain = next(CONTRACT[n] for n in names if n in CONTRACT)
    mult = 4 if "ReDouble" in names else 2 if "Double" in names else 1
    return strain, mult


def split_args(s: str) -> list[str]:
    return [a.strip() for a in s.split(",")]


def inline_rows(body: str) -> list[list[str]]:
    return [split_args(m) for m in re.findall(r"\[InlineData\((.*?)\)\]", body)]


def methods(text: str) -> list[tuple[str, str, str]]:
    """(attributes, name, body) of each test method, in file order."""
    parts = re.split(r"(\[(?:Fact|Theory)\])", text)
    out = []
    for k in range(1, len(parts), 2):
        chunk = parts[k] + parts[k + 1]
        m = re.search(r"public void (\w+)\(", chunk)
        if m:
            out.append((chunk[: m.start()], m.group(1), chunk[m.start() :]))
    return out


def enum_card(suit: str, rank: str) -> str:
    return BGE_RANK[rank.split(".")[1]] + BGE_SUIT[suit.split(".")[1]]


def announce_obj(kind_name: str, c: str, seat: int | None = None) -> dict:
    kind, length, value = BGE_ANNOUNCE[kind_name]
    d: dict = {"kind": kind, "bge_type": kind_name, "card": c, "top": rank_of(c)}
    d["suit"] = None if kind == "carre" else suit_of(c)
    d["length"] = length
    d["value"] = value
    if seat is not None:
        d["seat"] = seat
        d["team"] = seat % 2
    return d


def bge_trick_winner(path: Path, rel: str) -> list[dict]:
    out = []
    for attrs, name, _ in methods(path.read_text(encoding="utf-8-sig")):
        for row in inline_rows(attrs):
            cards = [enum_card(row[k + 1], row[k]) for k in range(0, 8, 2)]
            strain, _ = bge_bid(row[8])
            winner = BGE_SEAT[row[9].split(".")[1]]
            mine = trick_winner(strain, cards)
            out.append(
                {
                    "file": rel,
                    "test": name,
                    "kind": "trick_winner",
                    "contract": strain,
                    "trick": cards,
                    "trick_seats": [0, 1, 2, 3],
                    "winner_seat": winner,
                    "reading": None,
                    "agrees_with_rules": mine == winner,
                }
            )
    return out


def bge_valid_cards(path: Path, rel: str) -> list[dict]:
    text = path.read_text(encoding="utf-8-sig")
    out = []
    for list_name, test in [
        ("NoCardsPlayedTests", "GetValidCardsShouldWorkCorrectlyWhenNoCardsArePlayed"),
        (
            "OneOrMoreCardsPlayedTests",
            "GetValidCardsShouldWorkCorrectlyWhenOneOrMoreCardsArePlayed",
        ),
    ]:
        start = text.index(list_name + " =")
        end = text.index("};", text.index("new object[]", start))
        block = text[start:end]
        for k, obj in enumerate(re.split(r"new object\[\]", block)[1:]):
            comment = re.search(r"//\s*-*(.*)", obj)
            strain, _ = bge_bid(obj)
            colls = [bge_cards(c) for c in re.findall(r"new CardCollection\s*\{(.*?)\}", obj, re.S)]
            if len(colls) == 2:
                trick, hand, legal = [], colls[0], colls[1]
            else:
                trick, hand, legal = colls
            mine = rules_legal(strain, hand, trick)
            out.append(
                {
                    "file": rel,
                    "test": test,
                    "data": f"{list_name}[{k}]",
                    "kind": "valid_cards",
                    "comment": comment.group(1).strip() if comment else None,
                    "contract": strain,
                    "trick": trick,
                    "hand": hand,
                    "legal": legal,
                    "reading": None,
                    "agrees_with_rules": sorted(mine) == sorted(legal),
                }
            )
    return out


def bge_available_announces(path: Path, rel: str) -> list[dict]:
    out = []
    pat = re.compile(
        r"x\.Type == AnnounceType\.(\w+) && x\.Card == Card\.GetCard\(\s*CardSuit\.(\w+),"
        r"\s*CardType\.(\w+)\s*\)"
    )
    for _, name, body in methods(path.read_text(encoding="utf-8-sig")):
        hand = bge_cards(body.split("GetAvailableAnnounces")[0])
        count = int(re.search(r"Assert\.Equal\((\d+), combinations\.Count\)", body).group(1))
        expected = [announce_obj(t, BGE_RANK[r] + BGE_SUIT[s]) for t, s, r in pat.findall(body)]
        got = sorted(rules_declarations(hand))
        want = sorted((e["kind"], e["top"]) for e in expected)
        reading = "eight run = quinte + tierce" if name == "SequenceOf8FromSevenToAce" else None
        out.append(
            {
                "file": rel,
                "test": name,
                "kind": "available_declarations",
                "hand": hand,
                "count": count,
                "expected": expected,
                "reading": reading,
                "agrees_with_rules": got == want and count == len(expected),
            }
        )
    return out


# hand-classified: which section 12.2 reading each comparison row of AnnounceTests takes
def compare_reading(a: dict, b: dict, expected: int) -> str | None:
    if a["kind"] == "carre" and b["kind"] == "carre" and a["value"] == b["value"] == 100:
        exe = ["Q", "K", "10", "A"]
        exe_cmp = (exe.index(a["top"]) > exe.index(b["top"])) - (
            exe.index(a["top"]) < exe.index(b["top"])
        )
        return None if exe_cmp == expected else "A>K>Q>10"
    if a["value"] == b["value"] and a["kind"] == b["kind"] == "quinte" and a["top"] == b["top"]:
        return None if expected == 0 else "longer run wins"
    return None


def bge_announce_compare(path: Path, rel: str) -> list[dict]:
    text = path.read_text(encoding="utf-8-sig")
    out = []
    for attrs, name, _ in methods(text):
        if name != "CompareToWorksCorrectly":
            continue
        for row in inline_rows(attrs):
            a = announce_obj(row[0].split(".")[1], enum_card(row[1], row[2]))
            b = announce_obj(row[3].split(".")[1], enum_card(row[4], row[5]))
            expected = int(row[6])
            out.append(
                {
                    "file": rel,
                    "test": name,
                    "kind": "declaration_compare",
                    "first": a,
                    "second": b,
                    "expected_compare": expected,
                    "reading": compare_reading(a, b, expected),
                }
            )
    return out


def bge_update_active(path: Path, rel: str) -> list[dict]:
    out = []
    ann = re.compile(
        r"new Announce\(AnnounceType\.(\w+), Card\.GetCard\(CardSuit\.(\w+), CardType\.(\w+)\)\)"
        r"\s*\{\s*Player = PlayerPosition\.(\w+)\s*\}"
    )
    for _, name, body in methods(path.read_text(encoding="utf-8-sig")):
        decls = [
            announce_obj(t, BGE_RANK[r] + BGE_SUIT[s], BGE_SEAT[p])
            for t, s, r, p in ann.findall(body)
        ]
        active = {
            int(i): v == "True"
            for v, i in re.findall(r"Assert\.(True|False)\(announces\[(\d+)\]\.IsActive\)", body)
        }
        for k, d in enumerate(decls):
            d["active"] = active[k]
        competing = [d for d in decls if d["kind"] != "belote"]
        pooled = contest(competing)
        exe_active = [d["kind"] == "belote" or d in pooled for d in decls]
        same = exe_active == [d["active"] for d in decls]
        out.append(
            {
                "file": rel,
                "test": name,
                "kind": "declaration_contest",
                "declarations": decls,
                "reading": None if same else "two contests",
            }
        )
    return out


def bge_belote_allowed(path: Path, rel: str) -> list[dict]:
    out = []
    pat = re.compile(
        r"Assert\.(True|False)\(\s*validAnnouncesService\.IsBeloteAllowed\(\s*hand,\s*"
        r"BidType\.(\w+),\s*trick,\s*(Card\.GetCard\([^)]*\))\)\)"
    )
    for _, name, body in methods(path.read_text(encoding="utf-8-sig")):
        hand = bge_cards(body[body.index("var hand") : body.index("var trick")])
        trick = bge_cards(body[body.index("var trick") : body.index(";", body.index("var trick"))])
        for res, bid, c in pat.findall(body):
            out.append(
                {
                    "file": rel,
                    "test": name,
                    "kind": "belote_allowed",
                    "contract": CONTRACT[bid],
                    "hand": hand,
                    "trick": trick,
                    "card": bge_cards(c)[0],
                    "expected": res == "True",
                    "reading": None,
                }
            )
    return out


def bge_card_sums(path: Path, rel: str) -> list[dict]:
    text = path.read_text(encoding="utf-8-sig")
    out = []
    for attrs, name, _ in methods(text):
        if name != "SumOfAllCardValuesShouldBeCorrect":
            continue
        for args in inline_rows(attrs):
            if "Pass" in args[0]:
                continue
            strain, mult = bge_bid(args[0])
            out.append(
                {
                    "file": rel,
                    "test": name,
                    "kind": "card_points_sum",
                    "contract": strain,
                    "multiplier": mult,
                    "expected": int(args[1]),
                    "reading": None,
                }
            )
    return out


def score_reading(strain: str, mult: int, valat: bool, agree: bool) -> str | None:
    if agree:
        return None
    if valat and mult > 1:
        return "valat under double ignored"
    if mult > 1:
        return "round(total/10) x multiplier"
    return "each team rounds own"


def bge_scores(path: Path, rel: str) -> list[dict]:
    text = path.read_text(encoding="utf-8-sig")
    out = []
    ann = re.compile(
        r"new Announce\(AnnounceType\.(\w+), Card\.GetCard\(CardSuit\.(\w+), CardType\.(\w+)\)\)"
        r"\s*\{\s*IsActive = (\w+), Player = PlayerPosition\.(\w+)\s*\}"
    )
    for attrs, name, body in methods(text):
        rows = inline_rows(attrs)
        if name == "RoundPointsShouldWorkCorrectly":
            for row in rows:
                strain, _ = bge_bid(row[0])
                out.append(
                    {
                        "file": rel,
                        "test": name,
                        "kind": "round_points",
                        "contract": strain,
                        "points": int(row[1]),
                        "is_winner": row[2] == "true",
                        "expected": int(row[3]),
                        "reading": None,
                    }
                )
            continue
        colls = dict(re.findall(r"var (\w+) = new CardCollection\s*\{(.*?)\};", body, re.S))
        if name == "GetScoreShouldWorkCorrectlyWhenOneOfTheTeamsHasNoTricks":
            team_cards = [[], bge_cards(colls["tricks"])]
            declarer, last = BGE_SEAT["East"], BGE_SEAT["West"]
        else:
            team_cards = [bge_cards(colls["southNorthTricks"]), bge_cards(colls["eastWestTricks"])]
            last = BGE_SEAT[re.search(r"hanging,\s*PlayerPosition\.(\w+)\)", body).group(1)]
            declarer = None
        decls = []
        for t, s, r, act, p in ann.findall(body):
            d = announce_obj(t, BGE_RANK[r] + BGE_SUIT[s], BGE_SEAT[p])
            d["active"] = act == "true"
            decls.append(d)
        for row in rows:
            strain, mult = bge_bid(row[0])
            if name == "GetScoreShouldWorkCorrectly":
                declarer = BGE_SEAT[row[1].split(".")[1]]
                exp = [int(row[2]), int(row[4])]
                exp_raw = [int(row[3]), int(row[5])]
                hanging_in, hanging_out = int(row[6]), 0
            elif name == "GetScoreShouldWorkCorrectlyWhenOneOfTheTeamsHasNoTricks":
                exp = [int(row[1]), int(row[3])]
                exp_raw = [int(row[2]), int(row[4])]
                hanging_in, hanging_out = 0, 0
            else:
                declarer = BGE_SEAT[row[1].split(".")[1]]
                exp = [int(row[2]), int(row[3])]
                exp_raw = [21 * (2 if strain == "NT" else 1)] * 2
                hanging_in, hanging_out = int(row[5]), int(row[4])
            these = [dict(d) for d in decls]
            if strain == "NT":
                for d in these:
                    d["active"] = False
            card_points = [sum(points(strain, c) for c in cs) for cs in team_cards]
            raw = list(card_points)
            raw[last % 2] += 10
            if strain == "NT":
                raw = [2 * x for x in raw]
            for d in these:
                if d["active"]:
                    raw[d["team"]] += d["value"]
            valat = 0 if not team_cards[1] else 1 if not team_cards[0] else None
            if valat is not None:
                raw[valat] += 90
            if raw != exp_raw:
                raise SystemExit(f"BGE {name}: raw {raw} != {exp_raw}")
            got, hang = rules_score(strain, declarer % 2, mult, raw, hanging_in)
            agree = got == exp and hang == hanging_out
            out.append(
                {
                    "file": rel,
                    "test": name,
                    "kind": "score",
                    "contract": strain,
                    "multiplier": mult,
                    "declarer_seat": declarer,
                    "declarer_team": declarer % 2,
                    "taken": team_cards,
                    "card_points": card_points,
                    "last_trick_seat": last,
                    "last_trick": last % 2,
                    "declarations": these,
                    "valat": valat,
                    "hanging_in": hanging_in,
                    "expected_totals": exp_raw,
                    "expected": exp,
                    "hanging_out": hanging_out,
                    "rules_default": {"expected": got, "hanging_out": hang},
                    "reading": score_reading(strain, mult, valat is not None, agree),
                }
            )
    return out


def extract_bge(root: Path, commit: str, last_commit: str) -> dict:
    t = root / TESTS
    parts = [
        ("GameMechanics/TrickWinnerServiceTests.cs", bge_trick_winner),
        ("GameMechanics/ValidCardsServiceTests.cs", bge_valid_cards),
        ("GameMechanics/GetAvailableAnnouncesTests.cs", bge_available_announces),
        ("Game/AnnounceTests.cs", bge_announce_compare),
        ("GameMechanics/UpdateActiveAnnouncesTests.cs", bge_update_active),
        ("GameMechanics/IsBeloteAllowedTests.cs", bge_belote_allowed),
        ("Cards/CardExtensionsTests.cs", bge_card_sums),
        ("GameMechanics/ScoreManagerTests.cs", bge_scores),
    ]
    cases = []
    for rel, fn in parts:
        cases += fn(t / rel, f"{TESTS}/{rel}")
    for i, c in enumerate(cases):
        c["id"] = i
    notes = [
        "Cases transcribed from BelotGameEngine's xUnit tests (one case per InlineData row, "
        "MemberData entry or asserted call). 'kind' says what is tested.",
        "Seats: BGE's South, East, North, West = 0, 1, 2, 3; team = seat % 2 (team 0 = "
        "South+North). BGE play order is South, East, North, West.",
        "Contracts: BidType Clubs/Diamonds/Hearts/Spades/NoTrumps/AllTrumps -> "
        "C/D/H/S/NT/AT; '| Double' -> multiplier 2, '| ReDouble' -> 4.",
        "Declarations: BGE SequenceOf3/4 -> tierce/quarte, SequenceOf5..8 -> quinte with "
        "length 5..8, FourOfAKind/FourNines/FourJacks -> carre (BGE puts the spade of the "
        "rank as the carré's card; suit is null here), Belot -> belote (K+Q, 20).",
        "reading: the RULES.md 12.2 reading BGE takes where it differs from the EXE default, "
        "else null. Computed: score cases by comparing with an implementation of the "
        "12.2 defaults (rules_default shows that result); contest cases with the pooled "
        "contest; compare cases for carré order and equal-value runs; the eight-card run "
        "case by name.",
        "agrees_with_rules (trick winner, valid cards, declarations found): whether the "
        "RULES.md 12.1 reading gives the same answer.",
        "valid_cards: the trick's cards carry no seats; the player is next after the last "
        "card, so the partner's card is the one two before.",
        "round_points rows test BGE's per-team rounding helper (is_winner = the team ahead); "
        "EXE rounds only the leader, so these are not deal results and carry reading null.",
        "score cases: BGE asserts SouthNorthPoints/EastWestPoints (expected, game points), "
        "the raw totals (expected_totals, with NT doubling, active declarations, belote, "
        "valat 90 and last 10) and HangingPoints (hanging_out). Declarations there are "
        "already contested ('active' as the test sets it); in NT all are inactive. Each "
        "test also checks the mirrored deal (teams swapped), not repeated here.",
        "Not included: card/collection/deck/bid plumbing tests, ContractManager, "
        "RoundManager and TricksManager (they exercise the engine's game loop with fake "
        "players, not a rule with fixed inputs).",
    ]
    src = source_string(commit, f"{TESTS}/ (last changed in {last_commit})")
    return {"source": src, "notes": notes, "cases": cases}


# ------------------------------------------------------------------------ output


def dump(path: Path, doc: dict) -> None:
    head = {k: v for k, v in doc.items() if k != "cases"}
    lines = ["{"]
    for k, v in head.items():
        lines.append(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},")
    lines.append('"cases": [')
    body = [json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in doc["cases"]]
    lines.append(",\n".join(body))
    lines.append("]}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path, help="root of a BelotGameEngine checkout")
    ap.add_argument("out", type=Path, nargs="?", default=Path(__file__).resolve().parent)
    ap.add_argument("--commit", default=DEFAULT_COMMIT, help="commit the checkout is at")
    ap.add_argument("--golden-commit", default="1d1c4d4fa9c4022aa0902fba322c2de0dcd99eb7")
    ap.add_argument("--score-commit", default="5d85e68c1c6bf3df4c71df958019bbe4fc6ec966")
    ap.add_argument("--tests-commit", default="2f5f3b4428d860023a79b5dd72690dbee933a4d9")
    args = ap.parse_args(argv)
    vec = args.source / VECTORS
    golden = json.loads((vec / "golden.json").read_text(encoding="utf-8"))
    score = json.loads((vec / "golden_score.json").read_text(encoding="utf-8"))
    args.out.mkdir(parents=True, exist_ok=True)

    scoring, s_sur = extract_scoring(score, args.commit, args.score_commit)
    legal, l_sur = extract_legal(golden, args.commit, args.golden_commit)
    decls, d_sur = extract_declarations(golden, args.commit, args.golden_commit)
    table, t_sur = extract_card_table(golden, args.commit, args.golden_commit)
    bge = extract_bge(args.source, args.commit, args.tests_commit)
    for name, doc in [
        ("scoring.json", scoring),
        ("legal.json", legal),
        ("declarations.json", decls),
        ("card_table.json", table),
        ("bge_unit.json", bge),
    ]:
        dump(args.out / name, doc)
        print(f"{name}: {len(doc['cases'])} cases")
    print("scoring disagreements with RULES defaults:", s_sur)
    print("legal disagreements:", l_sur)
    print("declaration disagreements:", d_sur)
    print("card table disagreements:", t_sur)
    odd = [
        (c["id"], c["test"], c["kind"]) for c in bge["cases"] if c.get("agrees_with_rules") is False
    ]
    print("BGE cases disagreeing with RULES 12.1:", odd)
    readings: dict[str, int] = {}
    for c in bge["cases"]:
        if c["reading"]:
            readings[c["reading"]] = readings.get(c["reading"], 0) + 1
    print("BGE readings:", readings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
