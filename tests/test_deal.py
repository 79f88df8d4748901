"""The deal state machine, rule by rule (rules §2-§5, §8.1-§8.2, docs/rules.md#dealing)."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from belote.actions import ID_KEEP, ID_SWAP, Action, Verb
from belote.cards import CARDS, Card, CardSet, Suit
from belote.deal import Deal, EndReason, Phase
from belote.errors import IllegalAction, InvalidArgument, NotationError
from belote.rules import Rules, get_rules
from belote.scoring import Outcome

# --- helpers ----------------------------------------------------------------------------


def deal_positions(rules: Rules, players: int, dealer: int, taker: int | None) -> list[int]:
    """The seat each deck position goes to by rules §2, docs/rules.md#dealing (-1: the turned card)."""
    seq: list[int] = []
    for size in rules.first_packets:
        for k in range(1, players + 1):
            seq += [(dealer + k) % players] * size
    seq.append(-1)
    if taker is not None:
        for packet, size in enumerate(rules.completion_packets):
            for k in range(1, players + 1):
                seat = (dealer + k) % players
                take_one_less = rules.taker_takes_turned and packet == 0 and seat == taker
                seq += [seat] * (size - 1 if take_one_less else size)
    return seq


def arrange(
    variant: str | Rules,
    hands: dict[int, str],
    turned: str,
    *,
    dealer: int = 3,
    taker: int | None = None,
    players: int | None = None,
    bottom: str | None = None,
) -> list[Card]:
    """A deck that deals ``hands`` (final hands, turned card included for a 4-player taker)."""
    rules = get_rules(variant)
    n = players or rules.default_players
    seq = deal_positions(rules, n, dealer, taker)
    deck: list[Card | None] = [None] * 32
    turned_card = Card.parse(turned)
    deck[seq.index(-1)] = turned_card
    for seat, text in hands.items():
        cards = [Card.parse(t) for t in text.split()]
        if rules.taker_takes_turned and seat == taker:
            cards.remove(turned_card)
        slots = [i for i, s in enumerate(seq) if s == seat]
        assert len(cards) == len(slots), (seat, len(cards), len(slots))
        for slot, card in zip(slots, cards, strict=True):
            deck[slot] = card
    if bottom is not None:
        deck[31] = Card.parse(bottom)
    rest = iter(c for c in CARDS if c not in deck)
    return [card if card is not None else next(rest) for card in deck]


Policy = Callable[[Deal], Action | None]


def finish(deal: Deal, policy: Policy | None = None) -> Deal:
    """Play to the end: the policy's action, else the first legal card."""
    while not deal.is_over:
        action = policy(deal) if policy else None
        if action is None:
            deal.play_card(deal.legal_play_cards()[0])
        else:
            deal.apply(action)
    return deal


def items(deal: Deal) -> list[tuple[int, str, int]]:
    return [(line.to, line.item, line.points) for line in deal.result.lines]


# --- §2 dealing -------------------------------------------------------------------------


def test_dealing_packets_of_three_then_two_from_the_seat_after_the_dealer() -> None:
    """Rules §2, docs/rules.md#dealing; 002 dealing, 000 "prima 3 carte a testa poi altre 2"."""
    deal = Deal("classic", list(range(32)), dealer=3)
    deck = list(CARDS)
    assert deal.hand(0) == CardSet(deck[0:3] + deck[12:14])
    assert deal.hand(1) == CardSet(deck[3:6] + deck[14:16])
    assert deal.hand(3) == CardSet(deck[9:12] + deck[18:20])
    assert deal.turned is deck[20]
    assert deal.to_act == 0 and deal.phase is Phase.BIDDING_1


def test_first_packets_knob_two_then_three() -> None:
    """Rules §2, docs/rules.md#dealing; 000 allows 2 then 3 (`first_packets`)."""
    rules = attrs.evolve(get_rules("piedicavallo"), first_packets=(2, 3))
    deal = Deal(rules, list(range(32)), dealer=0)
    assert deal.hand(1) == CardSet(list(CARDS[0:2]) + list(CARDS[8:11]))


def test_taker_gets_two_cards_and_the_turned_card_others_three() -> None:
    """Rules §2, docs/rules.md#dealing completion; 002 "2 extra cards in addition to the face down card"."""
    deal = Deal("classic", list(range(32)), dealer=3)
    deal.pass_()
    deal.take()  # seat 1 takes
    deck = list(CARDS)
    assert deal.hand(0) == CardSet(deck[0:3] + deck[12:14] + deck[21:24])
    assert deal.hand(1) == CardSet(deck[3:6] + deck[14:16] + deck[24:26] + [deck[20]])
    assert deal.hand(2) == CardSet(deck[6:9] + deck[16:18] + deck[26:29])
    assert deal.hand(3) == CardSet(deck[9:12] + deck[18:20] + deck[29:32])
    assert deal.table_card is None and deal.trump is deck[20].suit
    assert deal.phase is Phase.PLAY and deal.to_act == 0


def test_french_two_players_six_plus_three_turned_card_stays_bottom_shown() -> None:
    """Rules §2, docs/rules.md#dealing; 001 "sei carte ... di tre in tre", three more, the bottom card shown."""
    deal = Deal("french", list(range(32)), dealer=0, players=2)
    deck = list(CARDS)
    assert deal.hand(1) == CardSet(deck[0:3] + deck[6:9])
    assert deal.hand(0) == CardSet(deck[3:6] + deck[9:12])
    assert deal.turned is deck[12] and deal.bottom is None
    deal.take()
    assert deal.hand(1) == CardSet(deck[0:3] + deck[6:9] + deck[13:16])
    assert deal.hand(0) == CardSet(deck[3:6] + deck[9:12] + deck[16:19])
    assert deal.table_card is deck[12] and deal.bottom is deck[31]
    assert deal.tricks_per_deal == 9


def test_french_three_players_deal_nine_each() -> None:
    """Rules §2, docs/rules.md#dealing; 003 "2, 3 et 4 joueurs", 6 then 3 cards."""
    deal = Deal("french", list(range(32)), dealer=2, players=3)
    assert deal.turned is CARDS[18]
    deal.pass_()
    deal.take()
    assert [len(deal.hand(s)) for s in range(3)] == [9, 9, 9]
    assert deal.bottom is CARDS[31]


def test_bad_deck_dealer_or_players_refused() -> None:
    """Rules §2, docs/rules.md#dealing: 32 distinct cards, a dealer seat, a player count of the variant."""
    with pytest.raises(InvalidArgument, match="32 cards"):
        Deal("classic", list(range(31)))
    with pytest.raises(InvalidArgument, match="twice"):
        Deal("classic", [0, *range(31)])
    with pytest.raises(InvalidArgument):
        Deal("classic", list(range(32)), dealer=4)
    with pytest.raises(InvalidArgument):
        Deal("french", list(range(32)), players=4)


# --- §3 bidding -------------------------------------------------------------------------


def test_round_one_take_fixes_the_turned_suit() -> None:
    """Rules §3, docs/rules.md#bidding; 002 "the colour of the face down card becomes trump"."""
    deal = Deal("classic", list(range(32)), dealer=3)
    record = deal.apply(Action.parse("0 take"))
    assert record.phase is Phase.PLAY and deal.taker == 0 and deal.trump is Suit.DIAMONDS


def test_round_one_cannot_name_a_suit() -> None:
    """Rules §3, docs/rules.md#bidding: a suit is named only in round 2 (002, 000)."""
    deal = Deal("classic", list(range(32)), dealer=3)
    assert "round 1" in (deal.why_illegal(Action.parse("0 take H")) or "")


def test_round_two_cannot_name_the_turned_suit() -> None:
    """Rules §3, docs/rules.md#bidding; 000 "nuovo" seme, 002 "another suit"."""
    deal = Deal("classic", list(range(32)), dealer=3)  # turned JD
    for _ in range(4):
        deal.pass_()
    assert deal.phase is Phase.BIDDING_2 and deal.to_act == 0
    with pytest.raises(IllegalAction, match="cannot name the turned suit"):
        deal.apply(Action.parse("0 take D"))
    assert "round 2" in (deal.why_illegal(Action.parse("0 take")) or "")
    deal.pass_()
    deal.take("S")
    assert deal.trump is Suit.SPADES and deal.taker == 1
    assert Suit.DIAMONDS not in {a.suit for a in Deal("classic", list(range(32))).legal_actions()}


def test_everyone_passes_twice_redeal_with_zero_scores() -> None:
    """Rules §3, docs/rules.md#bidding; 002 "the cards are to be dealt again", pending points stay."""
    deal = Deal("classic", list(range(32)), dealer=3, pending=81)
    for _ in range(8):
        deal.pass_()
    assert deal.is_over and deal.end_reason is EndReason.REDEAL and deal.to_act is None
    result = deal.result
    assert result.outcome is Outcome.REDEAL and result.scores == (0, 0) and result.pending == 81
    assert deal.legal_actions() == []


def test_jack_obligatory_first_player_must_take_a_turned_jack() -> None:
    """Rules §3, docs/rules.md#bidding; 004 "in altre varianti ... obbligatorio" (knob `jack_obligatory`)."""
    rules = attrs.evolve(get_rules("italian751"), jack_obligatory=True)
    deal = Deal(rules, list(range(32)), dealer=3)  # turned JD
    assert deal.turned == Card.parse("JD")
    assert deal.legal_actions() == [Action.take(0)]
    with pytest.raises(IllegalAction, match="jack_obligatory"):
        deal.pass_()
    # Without the knob, passing is fine; with a turned card that is no jack too.
    assert Deal("italian751", list(range(32)), dealer=3).can(Action.pass_(0))
    other = list(range(32))
    other[20], other[21] = other[21], other[20]  # turned QD
    assert Deal(rules, other, dealer=3).can(Action.pass_(0))


def test_bidding_out_of_turn_refused() -> None:
    """Rules §3, docs/rules.md#bidding: from the seat after the dealer, in order (002)."""
    deal = Deal("classic", list(range(32)), dealer=3)
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        deal.apply(Action.parse("2 take"))


# --- §4 the seven swap ------------------------------------------------------------------

FRENCH_HANDS = {1: "7H AS KS QS JS 10S 9D 8D 7D", 0: "8H 9H AC KC QC JC 10C 9C 8C"}


def french_deal(turned: str = "JH", **kwargs: int) -> Deal:
    deck = arrange("french", FRENCH_HANDS, turned, dealer=0, players=2, taker=1, **kwargs)
    return Deal("french", deck, dealer=0, players=2)


def test_seven_swap_by_the_holder_in_round_one_before_any_card() -> None:
    """Rules §4, docs/rules.md#seven-swap; 001, 003 "Le sept d'atout": 7 of trump for the turned card."""
    deal = french_deal()
    deal.take()  # seat 1 takes hearts
    assert deal.swap_seat() == 1 and Action.swap(1) in deal.legal_actions()
    record = deal.swap()
    assert record.action == Action.swap(1)
    assert Card.parse("JH") in deal.hand(1) and Card.parse("7H") not in deal.hand(1)
    assert deal.table_card == Card.parse("7H")
    assert deal.why_illegal(Action.swap(1)) == "seat 1 has already swapped the 7 of trump"


def test_seven_swap_is_the_holders_decision_before_the_first_lead() -> None:
    """Rules §4, docs/rules.md#seven-swap; 001 the right lasts until the first card: the holder
    decides right after the completion, even when another seat leads, and is the only seat to act."""
    hands = {0: FRENCH_HANDS[1], 1: FRENCH_HANDS[0]}
    deal = Deal("french", arrange("french", hands, "JH", dealer=0, players=2, taker=1),
                dealer=0, players=2)
    deal.take()
    assert deal.to_act == 0 and deal.swap_seat() == 0
    assert deal.legal_actions() == [Action.swap(0), Action.keep(0)]
    assert deal.legal_action_ids() == [ID_SWAP, ID_KEEP]
    own = next(iter(deal.hand(0)))
    assert "has first to swap or keep" in (deal.why_illegal(Action.play(0, own)) or "")
    assert "turn" in (deal.why_illegal(Action.play(1, next(iter(deal.hand(1))))) or "")
    deal.apply(Action.parse("0 swap"))
    assert Card.parse("JH") in deal.hand(0)
    assert deal.to_act == 1 and deal.swap_seat() is None


def test_seven_keep_leaves_the_hands_and_hands_the_turn_to_the_leader() -> None:
    """Rules §4, docs/rules.md#seven-swap: keeping is the holder's other answer; nothing moves."""
    deal = french_deal()
    deal.take()
    hands = [deal.hand(seat) for seat in range(2)]
    record = deal.keep()
    assert record.action == Action.keep(1) and str(record.action) == "1 keep"
    assert [deal.hand(seat) for seat in range(2)] == hands
    assert deal.to_act == 1 and deal.table_card == Card.parse("JH") and deal.swapped is None
    assert "kept" in (deal.why_illegal(Action.swap(1)) or "")
    assert Action.keep(1) not in deal.legal_actions()


def test_seven_swap_not_after_the_first_card() -> None:
    """Rules §4, docs/rules.md#seven-swap; 003 "avant qu'aucune carte n'ait été jetée"."""
    deal = french_deal()
    deal.take()
    deal.keep()
    deal.play("AS")
    assert deal.swap_seat() is None
    assert "right after the completion" in (deal.why_illegal(Action.swap(1)) or "")


def test_seven_swap_not_when_trump_named_in_round_two() -> None:
    """Rules §4, docs/rules.md#seven-swap; 003 "que dans la première" (round 1 only)."""
    deal = french_deal()
    deal.pass_()
    deal.pass_()
    deal.take("D")  # seat 1 names diamonds; he holds 7D
    assert deal.swap_seat() is None
    assert "turned suit" in (deal.why_illegal(Action.swap(1)) or "")


def test_seven_swap_only_in_variants_with_it() -> None:
    """Rules §4, docs/rules.md#seven-swap: `french` only (knob `seven_swap`)."""
    deal = Deal("classic", list(range(32)), dealer=3)
    deal.take()
    assert "no seven-of-trump swap" in (deal.why_illegal(Action.swap(0)) or "")


def test_seven_swap_not_by_a_seat_without_the_seven() -> None:
    """Rules §4, docs/rules.md#seven-swap: only the holder of the 7 of trump."""
    deal = french_deal()
    deal.take()
    assert "holds the 7 of trump 7H and decides, not seat 0" in (
        deal.why_illegal(Action.swap(0)) or ""
    )


# --- §5 play ------------------------------------------------------------------------------


def classic_deal() -> Deal:
    hands = {
        0: "JH 9H AH KH QH AS AD AC",
        1: "7H 10H 10S KS QS JS 9S 8S",
        2: "8H 7S 10D KD QD JD 9D 8D",
        3: "7D 10C KC QC JC 9C 8C 7C",
    }
    deck = arrange("classic", hands, "JH", dealer=3, taker=0)
    deal = Deal("classic", deck, dealer=3)
    deal.take()
    return deal


def test_first_player_after_the_dealer_leads_and_the_winner_leads_next() -> None:
    """Rules §5, docs/rules.md#play-obligations; 002 "The player to the left of the dealer starts", "The winner ... starts"."""
    deal = classic_deal()
    assert deal.to_act == 0
    for card in ("AS", "8S", "7S", "8C"):
        record = deal.play(card)
    assert record.trick_winner == 0 and record.trick_leader == 0
    assert deal.to_act == 0 and deal.trick_winners == (0,)
    deal.play("AD")
    deal.play("7H")
    deal.play("8D")
    record = deal.play("7D")
    assert record.trick == tuple(Card.parse(c) for c in ("AD", "7H", "8D", "7D"))
    assert record.trick_winner == 1 and deal.to_act == 1


def test_play_out_of_turn_refused() -> None:
    """Rules §5, docs/rules.md#play-obligations: players play in turn."""
    deal = classic_deal()
    with pytest.raises(IllegalAction, match="seat 0's turn to play, not seat 1's"):
        deal.apply(Action.parse("1 play 7H"))


def test_must_follow_suit_named_in_the_error() -> None:
    """Rules §5, docs/rules.md#play-obligations; 002 "Each player is obliged to follow the requested colour"."""
    deal = classic_deal()
    deal.play("AS")
    with pytest.raises(IllegalAction, match="must follow spades"):
        deal.play("7H")


def test_must_trump_when_void_named_in_the_error() -> None:
    """Rules §5, docs/rules.md#play-obligations; 002 "he must cut to trump"."""
    deal = classic_deal()
    deal.play("AD")  # seat 1 has no diamond and holds 7H 10H
    with pytest.raises(IllegalAction, match="void in diamonds: must trump"):
        deal.play("10S")
    deal.play("7H")
    with pytest.raises(IllegalAction, match="must follow diamonds"):
        deal.play("8H")


def test_must_overtrump_on_a_trump_lead_named_in_the_error() -> None:
    """Rules §5, docs/rules.md#play-obligations; 000 "sormontando": a higher trump on a trump lead when held."""
    deal = classic_deal()
    deal.play("QH")
    with pytest.raises(IllegalAction, match="trump higher than QH"):
        deal.play("7H")
    deal.play("10H")


def test_card_not_held_or_already_played_named() -> None:
    """Rules §5, docs/rules.md#play-obligations: a card must be held."""
    deal = classic_deal()
    with pytest.raises(IllegalAction, match="does not hold 7S"):
        deal.play("7S")
    for card in ("AS", "8S", "7S", "8C"):
        deal.play(card)
    with pytest.raises(IllegalAction, match="AS was already played by him"):
        deal.play("AS")


def test_fast_path_play_card_keeps_every_check() -> None:
    """Rules §5, docs/rules.md#play-obligations: the simulation fast path refuses what apply refuses."""
    deal = classic_deal()
    deal.play_card(Card.parse("AS").index)
    before = deal.copy()
    with pytest.raises(IllegalAction, match="must follow spades"):
        deal.play_card(Card.parse("7H").index)
    with pytest.raises(InvalidArgument):  # not a card at all: a bad argument
        deal.play_card(99)
    assert deal == before
    assert deal.legal_play_mask() == CardSet.parse("10S KS QS JS 9S 8S").mask


def test_no_action_after_the_deal_ends() -> None:
    """Rules §5, docs/rules.md#play-obligations: eight tricks, then the deal is over."""
    deal = finish(classic_deal())
    assert deal.end_reason is EndReason.PLAYED and deal.tricks_played == 8
    assert deal.why_illegal(Action.parse("0 play JH")) == "the deal is over"
    assert sum(deal.tally().card_points) == 152  # type: ignore[union-attr]


# --- §6.1 belote --------------------------------------------------------------------------


def belote_policy(first: bool, second: bool) -> Policy:
    def policy(deal: Deal) -> Action | None:
        if deal.to_act != 0:
            return None
        for card, flag in (("KH", first), ("QH", second)):
            c = Card.parse(card)
            if c.index in deal.legal_play_cards():
                return Action.play(0, c, belote=flag)
        return None

    return policy


def test_belote_counts_with_both_announcements() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds; 002 "saying out loud during their respective throws"."""
    deal = finish(classic_deal(), belote_policy(True, True))
    assert deal.belote_seat == 0
    assert (0, "belote", 20) in items(deal)
    assert "0 play KH belote" in [str(a) for a in deal.history]


def test_belote_lost_when_one_announcement_is_forgotten() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds; 003 "L'oubli d'une des deux déclarations"."""
    deal = finish(classic_deal(), belote_policy(True, False))
    assert deal.belote_seat is None
    assert not any(item == "belote" for _, item, _ in items(deal))


def test_belote_with_another_card_is_illegal() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: belote goes with the K or Q of trump."""
    deal = classic_deal()
    with pytest.raises(IllegalAction, match="king or queen of trump"):
        deal.apply(Action.parse("0 play AS belote"))
    deal.play("AS")
    with pytest.raises(IllegalAction, match="king or queen of trump"):
        deal.apply(Action.parse("1 play KS belote"))


def test_belote_needs_both_king_and_queen() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: the holder of K and Q of trump only."""
    hands = {0: "JH 9H AH KH 8S AS AD AC", 1: "QH 7H 10S KS QS JS 9S 7S"}
    deal = Deal("classic", arrange("classic", hands, "JH", dealer=3, taker=0), dealer=3)
    deal.take()
    assert "both the king and queen" in (deal.why_illegal(Action.parse("0 play KH belote")) or "")


# --- §6.1 declarations --------------------------------------------------------------------


def piedicavallo_deal() -> Deal:
    hands = {
        0: "JS 9S AS 10S KS AH KH QH",
        1: "7H 8H 10H KD QD JD 8D 7D",
        2: "9H JH 7S 8S QS AD 10D 9D",
        3: "AC 10C KC QC JC 9C 8C 7C",
    }
    deck = arrange("piedicavallo", hands, "JS", dealer=3, taker=0)
    deal = Deal("piedicavallo", deck, dealer=3)
    deal.take()
    return deal


def test_declared_tierce_scores() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds; 000 §annunci: declared with the first card."""
    deal = piedicavallo_deal()
    deal.apply(Action.parse("0 declare AH KH QH"))
    deal = finish(deal)
    assert (0, "tierce AH", 20) in items(deal)
    assert deal.scoring_declarations is not None and len(deal.scoring_declarations) == 1


def test_declare_everything_held() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: `declare` alone declares every combination held."""
    deal = piedicavallo_deal()
    record = deal.declare()
    assert {str(d.combination.cards) for d in deal.declarations} == {"9S 10S JS", "QH KH AH"}
    assert record.declarations is None
    assert "already declared" in (deal.why_illegal(Action.declare(0)) or "")


def test_undeclared_combination_scores_nothing() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: "undeclared combinations score nothing"."""
    deal = finish(piedicavallo_deal())
    assert not any("tierce" in item for _, item, _ in items(deal))


def test_declaration_only_before_own_first_card() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds; 003 "avant que le joueur qui parle ait jeté une carte"."""
    deal = piedicavallo_deal()
    deal.play("JS")
    assert "not seat 0's" in (deal.why_illegal(Action.parse("0 declare AH KH QH")) or "")
    for _ in range(3):
        deal.play_card(deal.legal_play_cards()[0])
    assert deal.to_act == 0
    with pytest.raises(IllegalAction, match="already played a card"):
        deal.apply(Action.parse("0 declare AH KH QH"))


def test_declaration_of_cards_not_held_refused() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: the declared cards must be held."""
    deal = piedicavallo_deal()
    with pytest.raises(IllegalAction, match="does not hold"):
        deal.apply(Action.parse("0 declare AC KC QC"))
    with pytest.raises(IllegalAction, match="not a combination"):
        deal.apply(Action.parse("0 declare AH KH AS"))


def test_a_card_in_two_declared_runs_refused() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: "never in two runs" (001: 8 cards = cent + tierce)."""
    hands = {0: "JS 9S AS AH KH QH JH 7C"}
    deck = arrange("piedicavallo", hands, "JS", dealer=3, taker=0)
    deal = Deal("piedicavallo", deck, dealer=3)
    deal.take()
    deal.apply(Action.parse("0 declare JH QH KH AH"))
    deal_copy = deal.copy()
    with pytest.raises(IllegalAction, match="already serves"):
        deal.apply(Action.parse("0 declare KH QH JH"))
    with pytest.raises(IllegalAction, match="already declared"):
        deal.apply(Action.parse("0 declare AH KH QH JH"))
    assert deal == deal_copy


def test_a_run_is_declared_whole() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: consecutive cards of one suit form one run (000 Nota).

    A tierce taken out of a held quarte is refused by ``can``, ``why_illegal``
    and ``apply`` alike, and ``legal_actions`` offers only the whole quarte.
    """
    hands = {0: "JS 9S AS AH KH QH JH 7C"}
    deck = arrange("piedicavallo", hands, "JS", dealer=3, taker=0)
    deal = Deal("piedicavallo", deck, dealer=3)
    deal.take()
    tierce = Action.parse("0 declare AH KH QH")
    quarte = Action.parse("0 declare JH QH KH AH")
    assert not deal.can(tierce) and tierce not in deal.legal_actions()
    assert "declared whole" in (deal.why_illegal(tierce) or "")
    before = deal.copy()
    with pytest.raises(IllegalAction, match="declared whole"):
        deal.apply(tierce)
    assert deal == before
    assert deal.can(quarte) and quarte in deal.legal_actions()


def test_declarations_resolved_once_every_player_played_a_card() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: resolved once every player has played his first card."""
    deal = piedicavallo_deal()
    deal.apply(Action.parse("0 declare AH KH QH"))
    assert deal.scoring_declarations is None
    records = [deal.play("JS")] + [deal.play_card(deal.legal_play_cards()[0]) or None
                                   for _ in range(2)]
    assert deal.scoring_declarations is None and records[0].declarations is None
    record = deal.apply(Action.play(3, Card.from_index(deal.legal_play_cards()[0])))
    assert record.declarations == deal.scoring_declarations and len(record.declarations) == 1


def test_classic_has_no_declarations() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: `classic` has only belote (002)."""
    deal = classic_deal()
    assert "no announcements" in (deal.why_illegal(Action.parse("0 declare")) or "")


def test_eight_card_run_shown_wins_the_match() -> None:
    """Rules §8, docs/rules.md#match instant win; 004 "un cento di 8 carte ... vincere ... la partita"."""
    hands = {0: "7S 8S 9S 10S JS QS KS AS", 1: "7H 8H 9H 10H JH QH KH AH"}
    deck = arrange("italian751", hands, "JH", dealer=3, taker=1)
    deal = Deal("italian751", deck, dealer=3)
    deal.pass_()
    deal.take()  # seat 1 takes hearts
    deal.declare()
    assert [d.combination.length for d in deal.declarations] == [8]
    records = []
    for _ in range(4):
        records.append(deal.play_card(deal.legal_play_cards()[0]))
    last = deal.history[-1]
    assert last.verb is Verb.PLAY
    finish(deal)
    assert deal.result.match_winner == 0


def test_eight_card_run_wins_the_match_and_the_deal_is_played_out() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds; rules §7.2, docs/rules.md#capot; rules §8, docs/rules.md#match; 004: the run shown at the first trick wins the match.

    Seat 0 takes the turned 7H holding the other seven hearts, so it wins every
    trick; seat 1 holds the eight diamonds and declares them. Through
    ``apply`` (the path a program and ``belote replay`` use) the deal plays
    out: team 0 is capot (252) with belote (20), team 1 keeps its cent
    (100), and team 1 wins the match at once.
    """
    hands = {0: "7H 8H 9H 10H JH QH KH AH", 1: "7D 8D 9D 10D JD QD KD AD"}
    deck = arrange("italian751", hands, "7H", dealer=3, taker=0)
    deal = Deal("italian751", deck, dealer=3)
    deal.apply(Action.parse("0 take"))
    records = []
    while not deal.is_over:
        actions = deal.legal_actions()
        wanted = [a for a in actions if a.verb is Verb.DECLARE and a.seat == 1 and not a.cards]
        plays = [a for a in actions if a.verb is Verb.PLAY]
        with_belote = [a for a in plays if a.belote]
        records.append(deal.apply((wanted or with_belote or plays)[0]))
    first_trick = next(r for r in records if r.trick is not None)
    assert first_trick.match_winner == 1
    assert deal.tricks_played == 8 and deal.tricks_of(0) == 8
    result = deal.result
    assert result.scores == (252 + 20, 100)
    assert result.match_winner == 1
    # The record of such a deal replays (as `belote simulate --records` writes it).
    from belote.records.replay import deal_from_record

    assert deal_from_record(deal.to_record()) == deal


# --- §8.1 calling out (piedicavallo) ------------------------------------------------------

STRONG = {0: "JH 9H AH 10H KH QH 8H 7H"}


def strong_deal(**context: object) -> Deal:
    deck = arrange("piedicavallo", STRONG, "JH", dealer=3, taker=0)
    deal = Deal("piedicavallo", deck, dealer=3, **context)  # type: ignore[arg-type]
    deal.take()
    return deal


def test_calling_out_only_by_the_leader_after_winning_a_trick() -> None:
    """Rules §8.1, docs/rules.md#calling-out; 000 "di mano e padrone", "Non può ... se ... non è padrone"."""
    deal = strong_deal()
    assert "only the player about to lead" in (deal.why_illegal(Action.stop(0)) or "")
    deal.play("JH")
    assert "not seat 0's" in (deal.why_illegal(Action.stop(0)) or "")
    deal.play_card(deal.legal_play_cards()[0])
    assert "only the player about to lead" in (deal.why_illegal(Action.stop(2)) or "")
    for _ in range(2):
        deal.play_card(deal.legal_play_cards()[0])
    assert deal.to_act == 0 and deal.can(Action.stop(0))
    deal.stop()
    assert deal.why_illegal(Action.stop(0)) == "seat 0 has already called out"
    assert deal.phase is Phase.PLAY  # the deal goes on


def test_calling_out_with_the_points_wins_the_match() -> None:
    """Rules §8.1, docs/rules.md#calling-out; 000 "Se così sarà si avrà vinto la partita"."""
    deal = strong_deal(totals=(990, 0))
    for _ in range(4):
        deal.play_card(deal.legal_play_cards()[0])
    record = deal.stop()
    assert record.claim_held is True
    finish(deal)
    assert deal.result.match_winner == 0


def test_calling_out_without_the_points_loses_the_match() -> None:
    """Rules §8.1, docs/rules.md#calling-out; 000 "perde senz'altro la partita"."""
    deal = strong_deal(totals=(500, 0))
    for _ in range(4):
        deal.play_card(deal.legal_play_cards()[0])
    assert deal.stop().claim_held is False
    finish(deal)
    assert deal.result.outcome is Outcome.MADE and deal.result.match_winner == 1


def test_calling_out_attack_that_fails_loses_the_match() -> None:
    """Rules §8.1, docs/rules.md#calling-out; 000 "ci si accerterà che non si ha fatto il bagno": the claim held at
    the call (990 + the 11 of the first trick), but the calling attack ends in the büs."""
    hands = {0: "AS 7H 8H 7C 8C 9C 7D 8D", 1: "7S JH 9H AH 10H KH AC 10C",
             2: "8S QH KC QC JC AD 10D KD", 3: "9S 10S KS QS JS QD JD 9D"}
    deck = arrange("piedicavallo", hands, "7H", dealer=3, taker=0)
    deal = Deal("piedicavallo", deck, dealer=3, totals=(990, 0))
    deal.take()
    for card in ("AS", "7S", "8S", "9S"):
        deal.play(card)
    assert deal.to_act == 0
    assert deal.stop().claim_held is True
    finish(deal)
    assert deal.result.outcome is Outcome.FAILED
    assert deal.result.match_winner == 1


def test_no_calling_out_in_classic() -> None:
    """Rules §8, docs/rules.md#match: calling out only in `piedicavallo` and `french`."""
    deal = classic_deal()
    for card in ("AS", "8S", "7S", "8C"):
        deal.play(card)
    assert "no calling out" in (deal.why_illegal(Action.stop(0)) or "")


# --- §8.2 j'arrête (french) ---------------------------------------------------------------


def arrete_deal(**context: object) -> Deal:
    deck = arrange("french", FRENCH_HANDS, "JH", dealer=0, players=2, taker=1)
    deal = Deal("french", deck, dealer=0, players=2, **context)  # type: ignore[arg-type]
    deal.take()
    deal.keep()
    return deal


def test_arrete_needs_a_won_trick_with_a_counting_card() -> None:
    """Rules §8.2, docs/rules.md#j-arrete; 001 "almeno una mano che contenga una o più carte di valore"."""
    deal = arrete_deal()
    assert "counting card" in (deal.why_illegal(Action.stop(1)) or "")
    deal.play("AS")
    deal.play("AC")  # seat 1 wins 22 points (no obligation to trump in french)
    assert deal.to_act == 1 and deal.can(Action.stop(1))
    assert "turn" in (deal.why_illegal(Action.stop(0)) or "")


def test_arrete_with_the_points_wins_and_stops_the_deal_at_once() -> None:
    """Rules §8.2, docs/rules.md#j-arrete; 003 "j'arrête"; 001 "Ho finito"."""
    deal = arrete_deal(totals=(0, 990))
    deal.play("AS")
    deal.play("AC")
    record = deal.stop()
    assert deal.is_over and deal.end_reason is EndReason.STOPPED
    assert record.claim_held is True and record.match_winner == 1
    tally = deal.tally()
    assert tally is not None and tally.last_trick is None and tally.stopped_by == 1
    assert deal.result.match_winner == 1


def test_arrete_without_the_points_loses_whatever_the_others_scores() -> None:
    """Rules §8.2, docs/rules.md#j-arrete; 003 "c'est lui qui perd quels que soient les points"."""
    deal = arrete_deal(totals=(0, 500))
    deal.play("AS")
    deal.play("AC")
    assert deal.stop().match_winner == 0


def test_arrete_not_with_only_one_trick_left() -> None:
    """Rules §8.2, docs/rules.md#j-arrete; 001 "non può essere fermato a una sola mano dalla fine"."""
    deal = arrete_deal()
    while deal.tricks_played < deal.tricks_per_deal - 1:
        deal.play_card(deal.legal_play_cards()[0])
    seat = deal.to_act
    assert seat is not None
    assert "one trick left" in (deal.why_illegal(Action.stop(seat)) or "counting card")


@pytest.mark.parametrize(("totals", "winner"), [((10, 300, 200), 1), ((10, 200, 300), 2),
                                               ((10, 200, 200), 1)])
def test_arrete_three_players_loser_gives_the_match_to_the_best_other(
    totals: tuple[int, int, int], winner: int
) -> None:
    """Rules §8.2, docs/rules.md#j-arrete [reading]: with three players the better of the two others
    wins; on equal scores the first after the stopper."""
    hands = {0: "7H AS KS QS JS 10S 9D 8D 7D", 1: FRENCH_HANDS[0],
             2: "AD KD QD JD 10D 7C 10H QH KH"}
    deck = arrange("french", hands, "JH", dealer=2, players=3, taker=0)
    deal = Deal("french", deck, dealer=2, players=3, totals=totals)
    deal.take()
    deal.keep()  # seat 0 holds the 7 of trump
    for card in ("AS", "AC", "AD"):
        deal.play(card)
    assert deal.trick_winners == (0,)
    record = deal.stop()
    assert record.claim_held is False and record.match_winner == winner


# --- the Action notation ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["0 pass", "1 take", "1 take H", "0 swap", "2 declare", "2 declare AH KH QH",
     "3 play JH", "3 play KH belote", "0 stop", "1 play 10S"],
)
def test_action_notation_round_trips(text: str) -> None:
    """CONTRACT.md "Deal record": the action notation."""
    assert str(Action.parse(text)) == text


@pytest.mark.parametrize(
    "text", ["", "0", "x pass", "0 fold", "0 pass H", "0 take H S", "0 play", "0 play ZZ",
             "0 play KH rebelote extra", "0 declare AH AH"],
)
def test_bad_action_notation_refused(text: str) -> None:
    """CONTRACT.md "Deal record": NotationError on bad text."""
    with pytest.raises(NotationError):
        Action.parse(text)


def test_tens_read_as_t_written_as_10() -> None:
    """Rules §1, docs/rules.md#cards notation; CONTRACT.md actions."""
    assert str(Action.parse("0 play TS")) == "0 play 10S"
    assert str(Action.parse("0 play KH rebelote")) == "0 play KH belote"


def test_observation_shows_only_own_hand() -> None:
    """STYLE.md: an observation never holds another seat's hidden cards."""
    deal = piedicavallo_deal()
    deal.apply(Action.parse("0 declare AH KH QH"))
    view = deal.observation(1)
    assert view.hand == deal.hand(1)
    assert view.declarations == () and view.own_declarations == ()
    assert deal.observation(0).own_declarations == deal.declarations


def test_declaring_cards_that_are_no_combination_says_so_once() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: only runs and carrés can be declared; the reason names the cards."""
    deal = Deal("piedicavallo", CARDS, dealer=3)
    deal.pass_()
    deal.take()
    reason = deal.why_illegal(Action.parse("0 declare 7S 8S JH")) or ""
    assert reason.startswith("not a combination: 7S 8S JH")
    assert reason.count("not a combination") == 1


# --- arguments: typed errors, the deal untouched -------------------------------------------


def bidding_deal() -> Deal:
    """A classic deal at its first bid, the turned card QD (no jack: anyone may pass)."""
    deal = Deal("classic", [*range(1, 32), 0], dealer=3)
    assert str(deal.turned) == "QD" and deal.to_act == 0
    return deal


def test_actions_are_accepted_as_text_everywhere() -> None:
    """CONTRACT.md action notation: ``apply``, ``can`` and ``why_illegal`` read it too."""
    deal = bidding_deal()
    assert deal.can("0 take") and deal.why_illegal("0 take") is None
    assert "turn" in (deal.why_illegal("1 take") or "")
    record = deal.apply("0 take")
    assert record.action == Action.parse("0 take")
    with pytest.raises(NotationError):
        deal.can("0 dance")
    with pytest.raises(InvalidArgument):
        deal.apply(42)  # type: ignore[arg-type]


def test_bad_arguments_raise_typed_errors_and_change_nothing() -> None:
    """Every entry point checks its arguments before touching the deal."""
    deal = bidding_deal()
    deal.bid(False)
    deal.bid(False)
    deal.bid(False)
    deal.bid(False)  # round 2 now
    before = deal.copy()
    for take, suit in [(True, 4), (True, -2), (False, 3), (1, -1), (True, "H")]:
        with pytest.raises(InvalidArgument):
            deal.bid(take, suit)  # type: ignore[arg-type]
        assert deal == before
    for seat in (7, -1, "0", None):
        with pytest.raises(InvalidArgument):
            deal.hand(seat)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgument):
            deal.hand_mask(seat)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgument):
            deal.observation(seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        deal.take(9)
    assert deal == before
    fresh = bidding_deal()
    with pytest.raises(InvalidArgument):
        fresh.bid(False, 3)  # a pass names no suit, round 1 included
    with pytest.raises(InvalidArgument):
        fresh.bid(True, -2)
    fresh.bid(True)
    played = fresh.copy()
    for card in (32, -1, "JD", 1.0):
        with pytest.raises(InvalidArgument):
            fresh.play_card(card)  # type: ignore[arg-type]
    assert fresh == played
