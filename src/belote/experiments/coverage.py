"""What rules the conformance corpus exercises: each listed situation, found and counted per table.

The corpus (docs/corpus.md) should not only be large: each rule should be
asked about in the file where another engine can check it. This module
names those situations ([`SITUATIONS`][belote.experiments.coverage.SITUATIONS]),
says which tables each applies to, recognises them in a line of the corpus
([`situations_of`][belote.experiments.coverage.situations_of]) and counts them
([`coverage`][belote.experiments.coverage.coverage]). The corpus's makers use
the same recognisers to look for a question of each situation; the tests
fail when one is missing from the shipped corpus.

>>> [s.key for s in SITUATIONS][:3]
['legal/follow', 'legal/trump-when-opponent-wins', 'legal/partner-master-exemption']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final

import attrs

from belote.actions import Action, Strain, Verb
from belote.cards import TRUMP_ORDER, Card
from belote.deal import Deal
from belote.deal.observation import standing_contract
from belote.errors import BeloteError
from belote.experiments.corpus_zip import corpus_files, manifest_of
from belote.records.replay import replay_document
from belote.rules import CallingOut, CapotRule, Rules, get_rules
from belote.rules.checks import instance, iterable
from belote.rules.penalties import Offence
from belote.rules.specs import spec_of
from belote.scoring import Outcome
from belote.scoring.combination import Kind
from belote.tricks import trick_winner

__all__ = [
    "SITUATIONS",
    "Situation",
    "coverage",
    "coverage_table",
    "deal_situations",
    "illegal_kind",
    "legal_situations",
    "match_situations",
    "missing",
    "situations_of",
]


@attrs.frozen
class Situation:
    """One situation the corpus must hold for every table it applies to.

    Attributes:
        key: ``FILE/NAME``, the file's name without ``.jsonl``.
        text: what it is, in a few words (the docs' table).
        applies: whether the situation exists under these rules and player count.
    """

    key: str
    text: str
    applies: Callable[[Rules, int], bool]

    @property
    def file(self) -> str:
        """The corpus file holding it."""
        return self.key.split("/")[0] + ".jsonl"


def _all(rules: Rules, players: int) -> bool:
    return True


def _strains(rules: Rules, players: int) -> bool:
    """A strain auction's table (``bulgarian``): its bids, doubles and no-trumps and all-trumps contracts."""
    return rules.strain_auction


def _values(rules: Rules, players: int) -> bool:
    """An auction of values (``contree``): bids of a value and a suit, coinche and surcoinche (docs/contree.md#the-auction)."""
    return rules.has_auction and not rules.strain_auction


def _coinche(rules: Rules, players: int) -> bool:
    """An auction of values where a defender may coinche (docs/contree.md#the-auction)."""
    return _values(rules, players) and rules.auction.coinche


def _surcoinche(rules: Rules, players: int) -> bool:
    """An auction of values where the coinched side may surcoinche (docs/contree.md#the-auction)."""
    return _coinche(rules, players) and rules.auction.surcoinche


def _litige(rules: Rules, players: int) -> bool:
    """Two sides and a contract that may end level; an auction of values has none: a contract is made or fails."""
    return rules.partnerships and rules.has_contract and not _values(rules, players)


def _knob_table(rules: Rules, players: int) -> bool:
    """A table whose spec changes a play knob of its variant: the legal sets may differ."""
    return spec_of(rules) != rules.name and rules.play != get_rules(rules.name).play


SITUATIONS: Final = (
    Situation("legal/follow", "follow the led suit", _all),
    Situation("legal/trump-when-opponent-wins", "void, an opponent winning: trump",
              lambda r, n: r.play.must_trump_when_void and r.partnerships),
    Situation("legal/partner-master-exemption", "void, the partner winning: anything",
              lambda r, n: r.partnerships and r.play.must_trump_when_void
              and r.play.partner_master_exempts),
    Situation("legal/partner-winning-must-trump", "void, the partner winning: still trump",
              lambda r, n: r.partnerships and r.play.must_trump_when_void
              and not r.play.partner_master_exempts),
    Situation("legal/overtrump", "void after an opponent's trump: overtrump",
              lambda r, n: r.play.must_trump_when_void and r.play.must_overtrump),
    Situation("legal/undertrump", "void after an opponent's trump, none higher: undertrump",
              lambda r, n: r.play.must_trump_when_void and r.play.must_undertrump),
    Situation("legal/higher-trump-on-trump-lead", "trump led: a higher trump", _all),
    Situation("legal/higher-trump-over-partner", "trump led, the partner winning: higher still",
              lambda r, n: r.partnerships and r.play.overtrump_on_trump_lead),
    Situation("legal/discard-void-of-trumps", "void of the led suit and of trumps: anything", _all),
    Situation("legal/free-discard", "void, holding trumps: discard or trump",
              lambda r, n: not r.play.must_trump_when_void),
    Situation("legal/second-round-bidding", "second round of bidding",
              lambda r, n: r.second_round and not r.has_auction),
    Situation("legal/swap-or-keep", "the seven swap decision", lambda r, n: r.seven_swap),
    Situation("legal/declaration", "a declaration to decide", lambda r, n: r.has_announcements),
    Situation("legal/stop-offered", "calling out / j'arrête offered",
              lambda r, n: r.calling_out is not CallingOut.NONE),
    Situation("legal/stop-not-offered", "calling out / j'arrête not offered after a trick",
              lambda r, n: r.calling_out is not CallingOut.NONE),
    Situation("legal/knob-changes-legal-set", "the changed knob changes the legal set", _knob_table),
    Situation("legal/strain-bid", "a strain auction: the strains above the standing bid", _strains),
    Situation("legal/double", "a strain auction: a double offered", _strains),
    Situation("legal/redouble", "a strain auction: a redouble offered", _strains),
    Situation("legal/all-trumps-beat-led", "all-trumps: beat the best card of the suit led", _strains),
    Situation("legal/bid-above-standing", "an auction of values: only bids above the standing one", _values),
    Situation("legal/coinche", "an auction of values: a coinche offered", _coinche),
    Situation("legal/surcoinche", "an auction of values: a surcoinche offered", _surcoinche),
    Situation("legal/no-bid-after-coinche", "an auction of values: no bid after a coinche", _coinche),
    Situation("legal/no-bid-above-capot", "an auction of values: capot standing, no bid above it",
              lambda r, n: _values(r, n) and r.auction.capot),
    Situation("tallies/keeps-spec", "a knob table's tally written with its spec",
              lambda r, n: spec_of(r) != r.name),
    Situation("tallies/penalties", "a tally with a penalty the variant prices",
              lambda r, n: bool(r.penalties)),
    Situation("tallies/match", "a match of tallies", _all),
    Situation("deals/capot-by-attack", "a capot by the attack",
              lambda r, n: r.partnerships and r.has_contract),
    Situation("deals/reverse-capot", "a reverse capot (the defence wins every trick)",
              lambda r, n: r.capot_rule is CapotRule.ATTACK_OR_REVERSE or _values(r, n)),
    Situation("deals/litige", "a litige", _litige),
    Situation("deals/runs-of-both-teams", "runs declared by both teams: the contest between teams",
              lambda r, n: r.partnerships and r.has_announcements),
    Situation("deals/stop-right", "a call-out / j'arrête that wins the match (with the points)",
              lambda r, n: r.calling_out is not CallingOut.NONE),
    Situation("deals/stop-wrong", "a call-out / j'arrête that loses it (without the points)",
              lambda r, n: r.calling_out is not CallingOut.NONE),
    Situation("deals/no-trumps", "a no-trumps contract played", _strains),
    Situation("deals/all-trumps", "an all-trumps contract played", _strains),
    Situation("deals/doubled", "a doubled contract played", _strains),
    Situation("deals/redoubled", "a redoubled contract played", _strains),
    Situation("deals/inside", "the declarers inside: the defenders score both totals", _strains),
    Situation("deals/belote-in-all-trumps", "a belote announced in all-trumps", _strains),
    Situation("deals/contract-made", "an auction of values: a contract made, not coinched", _values),
    Situation("deals/contract-failed", "an auction of values: a contract failed (chute), not coinched",
              _values),
    Situation("deals/coinched-made", "a coinched (or surcoinched) contract made", _coinche),
    Situation("deals/coinched-failed", "a coinched (or surcoinched) contract failed", _coinche),
    Situation("deals/surcoinched", "a surcoinched contract played", _surcoinche),
    Situation("deals/capot-bid", "a capot bid, played", lambda r, n: _values(r, n) and r.auction.capot),
    Situation("deals/all-pass", "an auction of values: four passes, nobody plays (redeal)", _values),
    Situation("deals/match-litige-carried", "a match: a litige's points carried over to the next deal",
              _litige),
    Situation("deals/match-end-target",
              "a match won at the variant's target (1000; 751 in italian751, 2000 in contree, 151 in bulgarian)",
              _all),
    Situation("deals/match-eight-run", "a match won by an 8-card run shown",
              lambda r, n: r.eight_run_wins_match and n == 4),
    Situation("illegal/declaration", "an illegal declaration", lambda r, n: r.has_announcements),
    Situation("illegal/false-belote", "a false belote", _all),
    Situation("illegal/round-2-turned-suit", "a round-2 take of the turned suit",
              lambda r, n: r.second_round and not r.has_auction),
    Situation("illegal/swap-or-keep", "an illegal swap or keep", _all),
    Situation("illegal/no-overtrump", "a failure to overtrump",
              lambda r, n: r.play.must_trump_when_void and r.play.must_overtrump),
    Situation("illegal/no-undertrump", "a failure to undertrump",
              lambda r, n: r.play.must_trump_when_void and r.play.must_undertrump),
    Situation("illegal/bid-not-higher", "a bid not above the standing one",
              lambda r, n: r.has_auction),
    Situation("illegal/double-own-side", "a double of one's own side's bid", _strains),
    Situation("illegal/coinche-by-the-bidders", "an auction of values: a coinche of one's own side's bid", _coinche),
    Situation("illegal/surcoinche-by-the-coinchers", "a surcoinche by the side that coinched", _surcoinche),
    Situation("illegal/bid-after-coinche", "an auction of values: a bid after a coinche", _coinche),
    Situation("lenient/false-announcement", "a false announcement",
              lambda r, n: r.has_announcements and Offence.FALSE_ANNOUNCEMENT in r.penalties),
)
"""Every situation the corpus is checked for, in the docs' order."""


# --- recognising a situation ---------------------------------------------------------------------


def _trump_strength(card: Card) -> int:
    return 7 - TRUMP_ORDER.index(card.rank)


def legal_situations(deal: Deal) -> set[str]:
    """The ``legal/...`` situations of the position ``deal`` stands at (its seat to act's choice).

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``.
    """
    found: set[str] = set()
    seat = instance(deal, Deal, "deal").to_act
    if seat is None:
        return found
    legal = deal.legal_actions()
    verbs = {action.verb for action in legal}
    rules = deal.rules
    if Verb.SWAP in verbs or Verb.KEEP in verbs:
        found.add("legal/swap-or-keep")
    if Verb.DECLARE in verbs:
        found.add("legal/declaration")
    if deal.phase.value == "bidding-2":
        found.add("legal/second-round-bidding")
    if rules.strain_auction:
        if Verb.BID in verbs:
            found.add("legal/strain-bid")
        if Verb.DOUBLE in verbs:
            found.add("legal/double")
        if Verb.REDOUBLE in verbs:
            found.add("legal/redouble")
    if _values(rules, deal.players) and deal.phase.value == "auction":
        found |= _value_auction_legal(deal, legal)
    if Verb.PLAY not in verbs:
        return found
    if rules.calling_out is not CallingOut.NONE and deal.tricks_played:
        found.add("legal/stop-offered" if Verb.STOP in verbs else "legal/stop-not-offered")
    trick = deal.trick
    if not trick:
        return found
    hand = list(deal.hand(seat))
    cards = {action.cards[0] for action in legal if action.verb is Verb.PLAY}
    led = trick[0].suit
    trump = deal.trump
    if trump is None:  # no-trumps or all-trumps: follow suit (and beat the led suit's best in AT)
        of_led = {card for card in hand if card.suit == led}
        if of_led and cards < of_led and deal.strain is Strain.ALL_TRUMP:
            found.add("legal/all-trumps-beat-led")
        elif of_led and len(cards) < len(hand):
            found.add("legal/follow")
        return found
    trumps = [card for card in hand if card.suit == trump]
    in_trick = [card for card in trick if card.suit == trump]
    best = max(in_trick, key=_trump_strength) if in_trick else None
    winner_pos = trick_winner(list(trick), trump)
    winner = (deal.trick_leader + winner_pos) % deal.players
    partner_wins = rules.partnerships and winner % 2 == seat % 2
    if any(card.suit == led for card in hand):
        if led == trump:
            higher = [c for c in trumps if best is None or _trump_strength(c) > _trump_strength(best)]
            if higher and set(higher) == cards and len(trumps) > len(higher):
                found.add("legal/higher-trump-on-trump-lead")
                if partner_wins:
                    found.add("legal/higher-trump-over-partner")
        elif len(cards) < len(hand):
            found.add("legal/follow")
        return found
    if not trumps:
        found.add("legal/discard-void-of-trumps")
        return found
    non_trumps_legal = any(card.suit != trump for card in cards)
    if not rules.play.must_trump_when_void:
        if non_trumps_legal:
            found.add("legal/free-discard")
        return found
    if partner_wins:
        if non_trumps_legal:
            found.add("legal/partner-master-exemption")
        elif len(cards) < len(hand):
            found.add("legal/partner-winning-must-trump")
        return found
    if best is None:
        if not non_trumps_legal and len(hand) > len(trumps):
            found.add("legal/trump-when-opponent-wins")
        return found
    higher = [c for c in trumps if _trump_strength(c) > _trump_strength(best)]
    if higher and set(higher) == cards and len(hand) > len(higher):
        found.add("legal/overtrump")
    elif not higher and cards == set(trumps) and len(hand) > len(trumps):
        found.add("legal/undertrump")
    return found


_CALLS: Final = (Verb.BID, Verb.COINCHE, Verb.SURCOINCHE)
"""The calls of an auction of values besides a pass."""

_CAPOT_RANK: Final = 1_000_000
"""A capot bid's place among the values: above every one (docs/contree.md#the-auction)."""


def _rank(value: int | None) -> int:
    return _CAPOT_RANK if value is None else value


def _value_auction_legal(deal: Deal, legal: Sequence[Action]) -> set[str]:
    """The ``legal/...`` situations of a point of an auction of values (docs/contree.md#the-auction).

    Only values above the standing bid (the same value in another suit is not
    higher); a coinche of the other side's bid; a surcoinche of one's own
    side's coinched bid; no bid once a coinche stands, nor above a standing capot.
    """
    found: set[str] = set()
    verbs = {action.verb for action in legal}
    if Verb.COINCHE in verbs:
        found.add("legal/coinche")
    if Verb.SURCOINCHE in verbs:
        found.add("legal/surcoinche")
    standing = standing_contract([action for action in deal.history if action.verb in _CALLS])
    if standing is None:
        return found
    bid, coincher, _ = standing
    offered = [action for action in legal if action.verb is Verb.BID]
    if offered and all(_rank(action.value) > _rank(bid.value) for action in offered):
        found.add("legal/bid-above-standing")
    if not offered and coincher is not None:
        found.add("legal/no-bid-after-coinche")
    elif not offered and bid.value is None:
        found.add("legal/no-bid-above-capot")
    return found


def _value_auction_illegal(deal: Deal, action: Action) -> set[str]:
    """The ``illegal/...`` situations of a call refused in an auction of values (docs/contree.md#the-auction)."""
    standing = standing_contract([call for call in deal.history if call.verb in _CALLS])
    if standing is None:
        return set()
    bid, coincher, _ = standing
    same_side = deal.side(bid.seat) == deal.side(action.seat)
    if action.verb is Verb.BID and coincher is not None:
        return {"illegal/bid-after-coinche"}
    if action.verb is Verb.BID and _rank(action.value) <= _rank(bid.value):
        return {"illegal/bid-not-higher"}
    if action.verb is Verb.COINCHE and coincher is None and same_side:
        return {"illegal/coinche-by-the-bidders"}
    if (action.verb is Verb.SURCOINCHE and coincher is not None
            and deal.side(coincher) == deal.side(action.seat)):
        return {"illegal/surcoinche-by-the-coinchers"}
    return set()


def illegal_kind(deal: Deal, action: Action) -> set[str]:
    """The ``illegal/...`` situations ``action``, refused at the position ``deal`` stands at, is.

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``, ``action`` not an ``Action``.
    """
    found: set[str] = set()
    if instance(deal, Deal, "deal").can(instance(action, Action, "action")):
        return found
    verb = action.verb
    if deal.rules.strain_auction and action.seat == deal.to_act and deal.phase.value == "auction":
        bids = [bid for bid in deal.history if bid.verb is Verb.BID]
        if verb is Verb.BID and bids:
            found.add("illegal/bid-not-higher")
        elif verb is Verb.DOUBLE and bids and deal.side(bids[-1].seat) == deal.side(action.seat):
            found.add("illegal/double-own-side")
        return found
    if (_values(deal.rules, deal.players) and verb in _CALLS and action.seat == deal.to_act
            and deal.phase.value == "auction"):
        return _value_auction_illegal(deal, action)
    if verb is Verb.DECLARE:
        found.add("illegal/declaration")
    elif verb in (Verb.SWAP, Verb.KEEP):
        found.add("illegal/swap-or-keep")
    elif (verb is Verb.TAKE and deal.phase.value == "bidding-2" and deal.turned is not None
          and action.suit == deal.turned.suit):
        found.add("illegal/round-2-turned-suit")
    elif verb is Verb.PLAY and action.seat == deal.to_act and deal.trump is not None:
        card = action.cards[0]
        if action.belote and not deal.can(Action.play(action.seat, card)):
            return found
        if action.belote:
            found.add("illegal/false-belote")
            return found
        if card not in deal.hand(action.seat) or not deal.trick:
            return found
        trump = deal.trump
        situation = legal_situations(deal)
        if "legal/overtrump" in situation and card.suit == trump:
            found.add("illegal/no-overtrump")
        if "legal/undertrump" in situation and card.suit != trump:
            found.add("illegal/no-undertrump")
    return found


def deal_situations(deal: Deal) -> set[str]:
    """The ``deals/...`` situations of a finished deal (a call is right when the caller's side wins the match).

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``.
    """
    found: set[str] = set()
    if not instance(deal, Deal, "deal").is_over:
        return found
    result = deal.result
    if deal.taker is None:
        if _values(deal.rules, deal.players) and result.outcome is Outcome.REDEAL:
            found.add("deals/all-pass")
        return found
    if deal.called_out is not None:
        right = result.match_winner == deal.side(deal.called_out)
        found.add("deals/stop-right" if right else "deals/stop-wrong")
    if not deal.rules.partnerships:
        return found
    if result.capot is not None:
        found.add("deals/capot-by-attack" if result.capot == deal.attack else "deals/reverse-capot")
    if result.outcome.value == "litige":
        found.add("deals/litige")
    if len({deal.side(d.seat) for d in deal.declarations if d.combination.kind is Kind.RUN}) == 2:
        found.add("deals/runs-of-both-teams")
    if deal.rules.strain_auction:
        found |= _strain_deal_situations(deal)
    if _values(deal.rules, deal.players):
        found |= _value_deal_situations(deal)
    return found


def _value_deal_situations(deal: Deal) -> set[str]:
    """The situations of a finished deal of an auction of values: made or failed, coinched or not, capot bid (docs/contree.md#scoring)."""
    contract = deal.contract
    if contract is None:  # pragma: no cover - a deal played has its contract
        return set()
    made = deal.result.outcome is Outcome.MADE
    if contract.doubling == 0:
        found = {"deals/contract-made" if made else "deals/contract-failed"}
    else:
        found = {"deals/coinched-made" if made else "deals/coinched-failed"}
    if contract.doubling == 2:
        found.add("deals/surcoinched")
    if contract.is_capot:
        found.add("deals/capot-bid")
    return found


def _strain_deal_situations(deal: Deal) -> set[str]:
    """The situations of a finished deal of a strain auction: its mode, its doubling, inside, belote in AT."""
    found: set[str] = set()
    strain = deal.strain
    if strain is Strain.NO_TRUMP:
        found.add("deals/no-trumps")
    elif strain is Strain.ALL_TRUMP:
        found.add("deals/all-trumps")
        if any(action.belote for action in deal.history if action.verb is Verb.PLAY):
            found.add("deals/belote-in-all-trumps")
    verbs = [action.verb for action in deal.history]
    last_bid = max(k for k, verb in enumerate(verbs) if verb is Verb.BID)
    if Verb.REDOUBLE in verbs[last_bid:]:
        found.add("deals/redoubled")
    elif Verb.DOUBLE in verbs[last_bid:]:
        found.add("deals/doubled")
    if deal.result.outcome.value == "failed":
        found.add("deals/inside")
    return found


def match_situations(record: Mapping[str, object]) -> set[str]:
    """The ``deals/match-...`` situations of a match record, read from what ``belote replay`` gives for it.

    A litige is carried over when a deal other than the last ends in one;
    the match ends at the target only when the record's target is the
    variant's own.
    """
    result = replay_document(record)
    found: set[str] = set()
    deals = result["deals"]
    assert isinstance(deals, list)
    if any(deal["outcome"] == "litige" for deal in deals[:-1]):
        found.add("deals/match-litige-carried")
    rules = get_rules(str(record["variant"]))
    if result["end_reason"] == "target" and record.get("target") == rules.target:
        found.add("deals/match-end-target")
    if result["end_reason"] == "8-card run shown":
        found.add("deals/match-eight-run")
    return found


def situations_of(name: str, line: Mapping[str, object]) -> set[str]:
    """The situations one line of the corpus file ``name`` holds."""
    try:
        if name == "legal.jsonl":
            return legal_situations(Deal.from_record(line["record"])) | _knob_effect(line)
        if name == "tallies.jsonl":
            return _tally_situations(line)
        if name == "deals.jsonl":
            record = line["record"]
            assert isinstance(record, dict)
            if "deals" in record:
                return match_situations(record)
            return deal_situations(Deal.from_record(record))
        if name == "illegal.jsonl":
            record = line["record"]
            assert isinstance(record, dict)
            index = line["index"]
            assert isinstance(index, int)
            actions = list(record["actions"])
            before = Deal.from_record({**record, "actions": actions[:index]})
            return illegal_kind(before, Action.parse(str(actions[index])))
        if name == "lenient.jsonl":
            result = line.get("result")
            if isinstance(result, dict):
                return {f"lenient/{offence['kind']}" for offence in result.get("offences", [])}
    except (BeloteError, KeyError, AssertionError):
        return set()
    return set()


def _tally_situations(line: Mapping[str, object]) -> set[str]:
    """The ``tallies/...`` situations of a line of ``tallies.jsonl`` that has a result."""
    tally = line.get("tally")
    if "result" not in line or not isinstance(tally, dict):
        return set()
    found = set()
    if isinstance(tally.get("deals"), list):
        found.add("tallies/match")
    if tally.get("penalties"):
        found.add("tallies/penalties")
    spec = _table_of(line.get("id")).rsplit("/", 1)[0]
    if tally.get("variant") == spec and spec != get_rules(spec).name:
        found.add("tallies/keeps-spec")
    return found


def _knob_effect(line: Mapping[str, object]) -> set[str]:
    """``legal/knob-changes-legal-set`` when the same actions under the base variant give other legal actions."""
    record = line["record"]
    assert isinstance(record, dict)
    rules = get_rules(str(record["variant"]))
    if not _knob_table(rules, 4):
        return set()
    try:
        base = Deal.from_record({**record, "variant": rules.name})
    except BeloteError:
        return set()
    if sorted(map(str, base.legal_actions())) != sorted(map(str, line["legal"])):  # type: ignore[call-overload]
        return {"legal/knob-changes-legal-set"}
    return set()


# --- counting -------------------------------------------------------------------------------------


def _table_of(line_id: object) -> str:
    return "/".join(str(line_id).split("/")[:2])


def coverage(files: Mapping[str, str]) -> dict[str, dict[str, int]]:
    """How many lines of each situation the corpus holds, per table (``SPEC/PLAYERS``).

    Only the situations that apply to a table are counted for it; a table
    with none of a situation that applies counts 0. Every table is counted:
    the take-or-pass variants, a strain auction (``bulgarian``) and an
    auction of values (``contree``: its bids, coinches and surcoinches, its
    contracts made and failed, docs/contree.md).

    Raises:
        InvalidArgumentType: ``files`` is not a mapping of text to text.
        InvalidArgument: ``files`` has no manifest (not a corpus).
    """
    import json

    manifest = manifest_of(files)
    files = corpus_files(files)
    tables = [(str(t["variant"]), int(t["players"])) for t in manifest["tables"]]
    counts: dict[str, dict[str, int]] = {}
    for situation in SITUATIONS:
        counts[situation.key] = {
            f"{spec}/{players}": 0 for spec, players in tables
            if situation.applies(get_rules(spec), players)
        }
    for name in {situation.file for situation in SITUATIONS}:
        for raw in files.get(name, "").splitlines():
            if not raw.strip():
                continue
            line = json.loads(raw)
            table = _table_of(line.get("id"))
            for key in situations_of(name, line):
                if key in counts and table in counts[key]:
                    counts[key][table] += 1
    return counts


def missing(files: Mapping[str, str]) -> list[str]:
    """Every ``SITUATION TABLE`` the corpus holds no line of, where the situation applies.

    Raises:
        InvalidArgumentType: ``files`` is not a mapping of text to text.
        InvalidArgument: ``files`` has no manifest (not a corpus).
    """
    return [f"{key} {table}" for key, by_table in coverage(files).items()
            for table, count in by_table.items() if count == 0]


def coverage_table(files: Mapping[str, str], tables: Iterable[str] | None = None) -> str:
    """The coverage as a Markdown table: a row per situation, a column per table ("—" where it does not apply).

    Raises:
        InvalidArgumentType: ``files`` is not a mapping of text to text, ``tables`` not an iterable.
        InvalidArgument: ``files`` has no manifest (not a corpus).
    """
    counts = coverage(files)
    columns = [str(t) for t in iterable(tables, "tables")] if tables is not None else list(
        dict.fromkeys(t for by_table in counts.values() for t in by_table))
    head = "| situation | " + " | ".join(f"`{c}`" for c in columns) + " |"
    rows = [head, "|---|" + "---|" * len(columns)]
    for situation in SITUATIONS:
        by_table = counts[situation.key]
        cells = [str(by_table[c]) if c in by_table else "—" for c in columns]
        rows.append(f"| `{situation.key}`: {situation.text} | " + " | ".join(cells) + " |")
    return "\n".join(rows)
