"""The observation layout (no extra needed), its docs table, and what the encoder may reveal."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import actions
from belote.actions import ACTION_IDS, ID_PASS, ID_SWAP
from belote.adapters.tensor import (
    INFORMATION_STATE_V1,
    INFORMATION_STATE_V1_SIZE,
    INFORMATION_STATE_V2,
    INFORMATION_STATE_V2_SIZE,
    INFORMATION_STATE_V3,
    INFORMATION_STATE_V3_SIZE,
    OBSERVATION_V1,
    OBSERVATION_V1_SIZE,
    OBSERVATION_V2,
    OBSERVATION_V2_SIZE,
    OBSERVATION_V3,
    OBSERVATION_V3_SIZE,
    STATE_V1,
    STATE_V1_SIZE,
    STATE_V2,
    STATE_V2_SIZE,
    STATE_V3,
    STATE_V3_SIZE,
    Block,
    Table,
    layout_table,
)
from belote.deal import Deal
from belote.errors import IllegalAction

TABLES = [("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("french", 2), ("french", 3), ("contree", 4)]

DOCS = Path(__file__).resolve().parents[1] / "docs" / "adapters.md"


@pytest.mark.parametrize(
    ("name", "layout", "skip"),
    [
        ("OBSERVATION_V1", OBSERVATION_V1, 0),
        ("STATE_V1", STATE_V1, len(OBSERVATION_V1)),
        ("INFORMATION_STATE_V1", INFORMATION_STATE_V1, len(OBSERVATION_V1)),
        ("OBSERVATION_V2", OBSERVATION_V2, 0),
        ("STATE_V2", STATE_V2, len(OBSERVATION_V2)),
        ("INFORMATION_STATE_V2", INFORMATION_STATE_V2, len(OBSERVATION_V2)),
        ("OBSERVATION_V3", OBSERVATION_V3, len(OBSERVATION_V2)),
        ("STATE_V3", STATE_V3, len(OBSERVATION_V3)),
        ("INFORMATION_STATE_V3", INFORMATION_STATE_V3, len(OBSERVATION_V3)),
    ],
)
def test_the_docs_page_shows_the_layouts_of_the_code(
    name: str, layout: tuple[Block, ...], skip: int
) -> None:
    """docs/adapters.md holds ``layout_table(layout, skip)`` verbatim between its markers."""
    text = DOCS.read_text(encoding="utf-8")
    match = re.search(rf"<!-- layout:{name} -->\n(.*?)\n<!-- layout:end -->", text, re.S)
    assert match is not None, f"docs/adapters.md lost its {name} table markers"
    assert match.group(1) == layout_table(layout, skip)


def test_layout_names_are_unique_and_the_state_extends_the_observation() -> None:
    names = [block.name for block in STATE_V1]
    assert len(names) == len(set(names))
    assert STATE_V1[: len(OBSERVATION_V1)] == OBSERVATION_V1
    assert sum(block.size for block in OBSERVATION_V1) == OBSERVATION_V1_SIZE
    assert STATE_V1_SIZE == OBSERVATION_V1_SIZE + 4 * 32
    assert INFORMATION_STATE_V1[: len(OBSERVATION_V1)] == OBSERVATION_V1
    info_names = [block.name for block in INFORMATION_STATE_V1]
    assert len(info_names) == len(set(info_names))
    assert sum(block.size for block in INFORMATION_STATE_V1) == INFORMATION_STATE_V1_SIZE


def test_version_2_is_version_1_with_the_swap_as_the_holders_turn() -> None:
    """Docs/rules.md#seven-swap: the swap is the holder's own decision, so version 2 has
    ``swap_pending`` where version 1 had ``swap_window``, and ``kept`` after ``swapped``."""
    v1 = [block.name for block in OBSERVATION_V1]
    v2 = [block.name for block in OBSERVATION_V2]
    expected = [name for name in v1 if name != "swap_window"]
    expected.insert(expected.index("swapped") + 1, "kept")
    expected.insert(expected.index("to_act") + 1, "swap_pending")
    assert v2 == expected
    assert OBSERVATION_V2_SIZE == OBSERVATION_V1_SIZE + 4
    assert STATE_V2_SIZE == OBSERVATION_V2_SIZE + 4 * 32
    assert INFORMATION_STATE_V2_SIZE == INFORMATION_STATE_V1_SIZE + 4
    assert len(set(block.name for block in INFORMATION_STATE_V2)) == len(INFORMATION_STATE_V2)


def test_version_3_is_version_2_followed_by_the_auction() -> None:
    """docs/contree.md#the-auction: version 3 appends the standing contract, the coinche
    and every bid heard to version 2, whose blocks keep their names, shapes and offsets."""
    assert [(b.name, b.shape) for b in OBSERVATION_V3[: len(OBSERVATION_V2)]] == [
        (b.name, b.shape) for b in OBSERVATION_V2
    ]
    assert [b.name for b in OBSERVATION_V3[len(OBSERVATION_V2) :]] == [
        "contract_value", "contract_capot", "contract_strain", "bidder", "coinched", "coincher", "auction",
    ]
    # Frozen: the auction block's columns stop at surcoinche, whatever ids came later (issue 47).
    assert OBSERVATION_V3_SIZE == OBSERVATION_V2_SIZE + 1 + 1 + 6 + 4 + 2 + 4 + 4 * (actions.ID_SURCOINCHE + 1 - actions.ID_BID)
    assert OBSERVATION_V3_SIZE == 1403 and STATE_V3_SIZE == 1531 and INFORMATION_STATE_V3_SIZE == 2623
    assert STATE_V3_SIZE == OBSERVATION_V3_SIZE + 4 * 32
    assert INFORMATION_STATE_V3_SIZE == INFORMATION_STATE_V2_SIZE + OBSERVATION_V3_SIZE - OBSERVATION_V2_SIZE
    assert len(set(block.name for block in INFORMATION_STATE_V3)) == len(INFORMATION_STATE_V3)


@settings(max_examples=20, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32 - 1))
def test_a_version_3_vector_begins_with_the_version_2_vector(table: tuple[str, int], seed: int) -> None:
    """Version 3's first values are version 2's at every turn; without an auction the rest is 0."""
    np = pytest.importorskip("numpy")
    import random

    from belote.adapters.tensor import (
        information_state_v2,
        information_state_v3,
        observation_v2,
        observation_v3,
    )

    variant, players = table
    driver, rng = Table(Deal.random(variant, seed=seed, players=players)), random.Random(seed)
    while True:
        seat = rng.randrange(players)
        deal = driver.deal
        v3 = observation_v3(deal, seat, shown=driver.shown)
        assert np.array_equal(v3[:OBSERVATION_V2_SIZE], observation_v2(deal, seat, shown=driver.shown))
        assert deal.rules.has_auction or not v3[OBSERVATION_V2_SIZE:].any()
        info = information_state_v3(deal, seat, shown=driver.shown)
        assert np.array_equal(info[:OBSERVATION_V3_SIZE], v3)
        assert np.array_equal(info[OBSERVATION_V3_SIZE:], information_state_v2(deal, seat)[OBSERVATION_V2_SIZE:])
        if driver.seat is None:
            break
        driver.apply(rng.choice(driver.legal_ids()))


@pytest.mark.parametrize(("variant", "players"), [("classic", 4), ("french", 2)])
def test_the_information_state_holds_the_first_hand_and_every_trick_in_order(
    variant: str, players: int
) -> None:
    """Rules §2, docs/rules.md#dealing; rules §5, docs/rules.md#play-obligations: the seat bid with its first cards; the tricks are kept in play order."""
    pytest.importorskip("numpy")
    import random

    from belote.adapters.tensor import information_state_v1

    for seed in range(10):
        deal = Deal.random(variant, seed=seed, players=players, dealer=seed % players)
        first = deal.hand(1)
        driver, rng = Table(deal), random.Random(seed)
        while driver.seat is not None:
            driver.apply(rng.choice(driver.legal_ids()))
        vector = information_state_v1(deal, 1)
        at = OBSERVATION_V1_SIZE
        assert [i for i in range(32) if vector[at + i]] == [card.index for card in first]
        history = vector[at + 32 : at + 32 + 9 * 4 * 32].reshape(9, 4, 32)
        leaders = vector[at + 32 + 9 * 4 * 32 :].reshape(9, 4)
        for k, (leader, cards) in enumerate(deal.tricks):
            assert [int(row.argmax()) for row in history[k][: len(cards)]] == [c.index for c in cards]
            assert int(leaders[k].argmax()) == (leader - 1) % players
        assert not history[len(deal.tricks) :].any()


def test_table_refuses_an_illegal_id() -> None:
    table = Table(Deal.random("classic", seed=1))
    with pytest.raises(IllegalAction):
        table.apply(100)  # no card is played while bidding
    with pytest.raises(IllegalAction):
        table.apply(ACTION_IDS)
    table.apply(ID_PASS)


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_a_table_pickles_as_its_record_and_replays_it(variant: str, players: int) -> None:
    """A pickled table is the deal's record (deck and action ids), replayed when read: an
    equal deal at every point, in a few hundred bytes."""
    import random

    for seed in range(3):
        table, rng = Table(Deal.random(variant, seed=seed, players=players, dealer=seed % players)), random.Random(seed)
        while True:
            data = pickle.dumps(table)
            assert len(data) < 400
            copy = pickle.loads(data)
            assert copy.deal == table.deal and copy.ids == table.ids and copy.actions == table.actions
            if table.seat is None:
                break
            table.apply(rng.choice(table.legal_ids()))


def exchange_hidden_cards(deal: Deal, a: int, b: int) -> Deal:
    """The same deal with one card of seat ``a`` and one of seat ``b`` exchanged in the deck."""
    deck = list(deal.deck)
    card_a, card_b = next(iter(deal.hand(a))), next(iter(deal.hand(b)))
    i, j = deck.index(card_a), deck.index(card_b)
    deck[i], deck[j] = deck[j], deck[i]
    return Deal(deal.rules, deck, deal.dealer, deal.players)


@pytest.mark.parametrize(("variant", "players"), [("classic", 4), ("french", 3)])
def test_an_observation_does_not_depend_on_other_seats_hidden_cards(
    variant: str, players: int
) -> None:
    """An observation is what the seat may know: the other hands are hidden (rules §2, docs/rules.md#dealing)."""
    pytest.importorskip("numpy")
    import numpy as np

    from belote.adapters.tensor import observation_v1, state_v1

    for seed in range(20):
        deal = Deal.random(variant, seed=seed, players=players)
        other = exchange_hidden_cards(deal, 1, 2)
        assert np.array_equal(observation_v1(deal, 0), observation_v1(other, 0))
        assert not np.array_equal(state_v1(deal, 0), state_v1(other, 0))
        for _ in range(players):  # the same passes in both deals
            deal.apply_all([f"{deal.to_act} pass"])
            other.apply_all([f"{other.to_act} pass"])
            assert np.array_equal(observation_v1(deal, 0), observation_v1(other, 0))


def test_seats_are_relative_to_the_observer() -> None:
    """Slot 0 is always the observer: the dealer's slot moves with the observing seat."""
    pytest.importorskip("numpy")
    from belote.adapters.tensor import observation_v1

    at = sum(block.size for block in OBSERVATION_V1[: [b.name for b in OBSERVATION_V1].index("dealer")])
    deal = Deal.random("classic", seed=2, dealer=1)
    for seat in range(4):
        vector = observation_v1(deal, seat)
        assert list(vector[at : at + 4]).index(1.0) == (1 - seat) % 4


@settings(max_examples=40, deadline=None)
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 2**32 - 1),
)
def test_every_turn_offers_the_legal_ids_and_observes_only_what_the_seat_holds(
    table: tuple[str, int], seed: int
) -> None:
    """Invariants of a random deal driven by ids: the seat asked is the deal's ``to_act`` and
    the ids offered are its legal actions (rules §3-§6, docs/rules.md#bidding; the seven swap
    is the holder's own turn, docs/rules.md#seven-swap), and every observation shows that
    seat's hand and no card it does not hold, within the observation box."""
    pytest.importorskip("numpy")
    import random

    from belote.actions import action_id
    from belote.adapters.tensor import observation_v3

    variant, players = table
    driver = Table(Deal.random(variant, seed=seed, players=players))
    rng = random.Random(seed)
    keep = getattr(actions, "ID_KEEP", None)
    while driver.seat is not None:
        seat, deal = driver.seat, driver.deal
        assert seat == deal.to_act
        ids = driver.legal_ids()
        assert ids == sorted(action_id(a) for a in deal.legal_actions() if a.seat == seat)
        if keep is not None and deal.swap_seat() is not None:  # the one-seat engine
            assert ids == [ID_SWAP, keep]
        vector = observation_v3(deal, seat, history=driver.actions)
        assert [i for i in range(32) if vector[i]] == [card.index for card in deal.hand(seat)]
        assert vector.min() >= 0.0 and vector.max() <= 100.0
        driver.apply(rng.choice(ids))
    assert driver.deal.is_over and driver.actions == driver.deal.history


def decoded(vector: object, layout: tuple[Block, ...]) -> dict[str, object]:
    """The blocks of a vector by name, each in its shape."""
    blocks, at = {}, 0
    for block in layout:
        blocks[block.name] = vector[at : at + block.size].reshape(block.shape)  # type: ignore[index]
        at += block.size
    return blocks


@settings(max_examples=25, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32 - 1))
def test_the_observation_decodes_back_to_what_the_seat_knows(table: tuple[str, int], seed: int) -> None:
    """Every block of ``OBSERVATION_V3`` (and ``STATE_V3``'s hands) read back gives the deal's
    public facts and the seat's own cards, seats relative to the observer, at every turn of
    a random deal (the layout's meanings, docs/adapters.md)."""
    np = pytest.importorskip("numpy")
    import random

    from belote.actions import ID_BID, ID_COINCHE, ID_SURCOINCHE, Verb, action_id
    from belote.adapters.tensor import POINT_SCALE, TOTAL_SCALE, state_v3
    from belote.deal import Phase

    variant, players = table
    driver, rng = Table(Deal.random(variant, seed=seed, players=players)), random.Random(seed)

    def one_hot(row: object) -> list[int]:
        return [int(i) for i in np.flatnonzero(row)]

    while True:
        deal = driver.deal
        seat = rng.randrange(players)
        n = players

        def slot(other: int) -> int:
            return (other - seat) % n  # noqa: B023

        blocks = decoded(state_v3(deal, seat, history=driver.actions), STATE_V3)
        played = [[0] * 32 for _ in range(4)]
        bids, declared, swapped, kept, belote = set(), set(), set(), set(), [0] * 4
        heard, contract, bidder, doubling, coincher = set(), None, None, 0, None
        auction = deal.rules.has_auction
        turn = 0
        for action in driver.actions:
            if action.verb in (Verb.BID, Verb.COINCHE, Verb.SURCOINCHE):
                heard.add((slot(action.seat), action_id(action) - ID_BID))
                if action.verb is Verb.BID:
                    contract, bidder = action, slot(action.seat)
                elif action.verb is Verb.COINCHE:
                    doubling, coincher = 1, slot(action.seat)
                else:
                    doubling = 2
            elif action.verb is Verb.PASS and auction:
                pass
            elif action.verb is Verb.PLAY:
                played[slot(action.seat)][action.cards[0].index] = 1
                belote[slot(action.seat)] += action.belote
            elif action.verb in (Verb.PASS, Verb.TAKE):
                column = 0 if action.verb is Verb.PASS else 1 if action.suit is None else 2 + int(action.suit)
                bids.add((min(turn // n, 1), slot(action.seat), column))
                turn += 1
            elif action.verb is Verb.DECLARE:
                declared.add(slot(action.seat))
            elif action.verb is Verb.SWAP:
                swapped.add(slot(action.seat))
            elif action.verb is Verb.KEEP:
                kept.add(slot(action.seat))
        assert one_hot(blocks["hand"]) == [card.index for card in deal.hand(seat)]
        for other in range(n):
            assert one_hot(blocks["hands"][slot(other)]) == [card.index for card in deal.hand(other)]
        assert blocks["played"].tolist() == played
        assert [one_hot(row) for row in blocks["trick"]] == [[c.index] for c in deal.trick] + [[]] * (4 - len(deal.trick))
        assert one_hot(blocks["trick_leader"]) == ([slot(deal.trick_leader)] if deal.phase is Phase.PLAY else [])
        assert {tuple(int(i) for i in where) for where in np.argwhere(blocks["bids"])} == bids
        assert set(one_hot(blocks["declared"])) == declared
        assert set(one_hot(blocks["swapped"])) == swapped and set(one_hot(blocks["kept"])) == kept
        assert [int(row.sum()) for row in blocks["belote"]] == [min(calls, 2) for calls in belote]
        assert one_hot(blocks["turned"]) == ([] if auction else [deal.turned.index])
        assert one_hot(blocks["table_card"]) == ([] if deal.table_card is None else [deal.table_card.index])
        assert one_hot(blocks["bottom"]) == ([] if deal.bottom is None else [deal.bottom.index])
        assert one_hot(blocks["trump"]) == ([] if deal.trump is None else [int(deal.trump)])
        assert one_hot(blocks["taker"]) == ([] if deal.taker is None else [slot(deal.taker)])
        assert one_hot(blocks["dealer"]) == [slot(deal.dealer)]
        assert one_hot(blocks["called_out"]) == ([] if deal.called_out is None else [slot(deal.called_out)])
        assert one_hot(blocks["to_act"]) == ([] if deal.to_act is None else [slot(deal.to_act)])
        phase = Phase.BIDDING_1 if deal.phase is Phase.AUCTION else deal.phase
        assert one_hot(blocks["phase"]) == [[Phase.BIDDING_1, Phase.BIDDING_2, Phase.PLAY, Phase.OVER].index(phase)]
        assert {(int(k), int(c)) for k, c in np.argwhere(blocks["auction"])} == heard
        assert one_hot(blocks["coinched"]) == [0, 1][:doubling]
        assert one_hot(blocks["coincher"]) == ([] if coincher is None else [coincher])
        assert one_hot(blocks["bidder"]) == ([] if bidder is None else [bidder])
        if contract is None:
            assert not blocks["contract_value"].any() and not blocks["contract_strain"].any()
            assert not blocks["contract_capot"].any()
        else:
            capot = contract.value is None
            value = deal.rules.contract.capot_value if capot else contract.value
            assert blocks["contract_value"][0] == np.float32(value * POINT_SCALE)
            assert one_hot(blocks["contract_strain"]) == [int(contract.strain)]
            assert blocks["contract_capot"].tolist() == [float(capot)]
            if deal.phase is Phase.PLAY:
                assert deal.taker is not None and slot(deal.taker) == bidder
                assert deal.trump is not None and int(deal.trump) == int(contract.strain)
        assert blocks["auction"].shape[1] - 2 == ID_COINCHE - ID_BID and blocks["auction"].shape[1] - 1 == ID_SURCOINCHE - ID_BID
        shown = deal.scoring_declarations is not None
        expected_declarations = [[0] * 32 for _ in range(4)]
        for declaration in deal.declarations:
            if shown or declaration.seat == seat:
                for card in declaration.combination.cards:
                    expected_declarations[slot(declaration.seat)][card.index] = 1
        assert blocks["declarations"].tolist() == expected_declarations
        for other in range(n):
            side = deal.side(other)
            assert blocks["card_points"][slot(other)] == np.float32(deal.card_points_of(side) * POINT_SCALE)
            assert blocks["points"][slot(other)] == np.float32(deal.points_so_far(side) * POINT_SCALE)
            assert blocks["tricks_won"][slot(other)] == np.float32(deal.tricks_of(side) / deal.tricks_per_deal)
            assert blocks["totals"][slot(other)] == np.float32(deal.totals[side] * TOTAL_SCALE)
        assert one_hot(blocks["seats"]) == list(range(n))
        assert blocks["partners"].tolist() == [float(deal.sides == 2 and n == 4)]
        assert blocks["swap_pending"].tolist() == [float(deal.to_act is not None and deal.swap_seat() == deal.to_act)]
        assert blocks["tricks_played"][0] == np.float32(deal.tricks_played / deal.tricks_per_deal)
        assert not blocks["card_points"][n:].any() and not blocks["hands"][n:].any()
        if driver.seat is None:
            break
        driver.apply(rng.choice(driver.legal_ids()))


@settings(max_examples=20, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32 - 1))
def test_a_tables_running_summary_is_that_of_its_actions(table: tuple[str, int], seed: int) -> None:
    """``Table.shown`` kept as actions are applied equals the summary of the actions so far,
    a copy's summary is its own, and the tensors read from it equal those read from the
    history."""
    np = pytest.importorskip("numpy")
    import random

    from belote.adapters.encoding import Shown
    from belote.adapters.tensor import (
        information_state_v1,
        information_state_v2,
        information_state_v3,
    )

    def facts(shown: Shown) -> tuple[object, ...]:
        return (
            shown.played, shown.bids, shown.belote_calls, shown.declared, shown.swapped, shown.kept,
            shown.heard, shown.contract, shown.bidder, shown.doubling, shown.coincher, shown.reredoubler,
        )

    variant, players = table
    driver, rng = Table(Deal.random(variant, seed=seed, players=players)), random.Random(seed)
    while driver.seat is not None:
        assert facts(driver.shown) == facts(Shown(players, driver.deal.history, driver.deal.rules.has_auction))
        seat = rng.randrange(players)
        for encode in (information_state_v1, information_state_v2, information_state_v3):
            assert np.array_equal(encode(driver.deal, seat, shown=driver.shown), encode(driver.deal, seat))
        before = facts(driver.shown.copy())
        copy = driver.copy()
        copy.apply(rng.choice(copy.legal_ids()))
        assert facts(driver.shown) == before
        driver.apply(rng.choice(driver.legal_ids()))
