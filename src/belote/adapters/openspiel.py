"""Every variant as an OpenSpiel Python game (the ``openspiel`` extra).

``pip install 'belote[openspiel]'`` installs ``open_spiel`` and numpy; the core
library does not need them. Importing this module registers one game per
registered variant with ``pyspiel.register_game``:

| game | players | parameters |
|---|---|---|
| ``python_belote_classic`` | 4 | ``dealer``, ``returns`` |
| ``python_belote_piedicavallo`` | 4 | ``dealer``, ``returns`` |
| ``python_belote_french`` | 2 or 3 | ``players`` (default 2), ``dealer``, ``returns`` |
| ``python_belote_italian751`` | 4 | ``dealer``, ``returns`` |
| ``python_belote_contree`` | 4 | ``dealer``, ``returns`` |
| ``python_belote_bulgarian`` | 4 | ``dealer``, ``returns`` |

(Every game also takes ``knobs`` and ``position``: [`BeloteGame`][belote.adapters.openspiel.BeloteGame].)

>>> import pyspiel
>>> import belote.adapters.openspiel
>>> game = pyspiel.load_game("python_belote_french", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 32)

- **Chance**: the deal starts with 31 chance nodes, each drawing the next card of
  the deck (outcome = card index, uniform over the cards left); the 32nd card is
  forced. The deck order then fixes the whole distribution, as a deal record's ``deck``.
- **Actions** are the fixed ids of [`belote.actions`][belote.actions] (``ACTION_IDS``
  distinct actions). One player acts at every decision: the deal's ``to_act`` (the
  holder of the 7 of trump deciding ``swap`` or ``keep`` included).
- **Returns**, at the terminal state only, as ``belote.adapters.returns.deal_returns``: with
  ``returns="zero_sum"`` (the default) each player's side's score minus the other
  sides' (their mean with three players) divided by a bound of a deal score, a
  ``ZERO_SUM`` game with utilities in [-1, 1]; with ``returns="raw"`` its side's deal
  score (``DealResult.scores``), a ``GENERAL_SUM`` game with utilities from 0 to that bound.
- **Tensors** (observer API): the observation tensor is ``OBSERVATION_V4`` of
  [`belote.adapters.tensor_v4`][belote.adapters.tensor_v4] for the observing player (the trump mode and
  either auction), the information-state
  tensor ``INFORMATION_STATE_V4`` (the observation and every completed trick in
  order: perfect recall); an observer asking for every player's private information
  gets ``STATE_V4``, and one asking for none gets the same vectors without the
  player's hand and unshown declarations. Before the deck is dealt the tensors are zero.
- **Serialization**: ``state.serialize()`` (OpenSpiel's format for Python games) is the
  action history (the 31 card draws, then the action ids) and the state's attributes,
  where the deal pickles as its record: the variant, players, dealer, deck and action
  ids, a few hundred bytes. ``game.deserialize_state`` reads it back by replaying the
  deal's actions through [`Table.replay`][belote.adapters.tensor.Table.replay].
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

try:
    import numpy as np
    import numpy.typing as npt
    import pyspiel
except ModuleNotFoundError as exc:  # the extra is not installed: say which one
    from belote.rules.checks import missing_extra

    raise ModuleNotFoundError(missing_extra("belote.adapters.openspiel", "openspiel", exc), name=exc.name) from exc

from belote.actions import ACTION_IDS, Verb, action_from_id
from belote.adapters.returns import RETURNS, deal_returns, score_bound
from belote.adapters.tensor import Block, Table, render_text
from belote.adapters.tensor_v4 import (
    INFORMATION_STATE_V4,
    INFORMATION_STATE_V4_SIZE,
    OBSERVATION_V4,
    OBSERVATION_V4_SIZE,
    STATE_V4,
    STATE_V4_SIZE,
    information_state_v4,
    observation_v4,
    state_v4,
)
from belote.agents import Agent, decide
from belote.cards import Rank
from belote.deal import Deal
from belote.errors import IllegalAction, InvalidArgument, InvalidArgumentType, shown
from belote.rules import Rules, checks, get_rules
from belote.rules.checks import instance
from belote.rules.specs import spec_of

__all__ = [
    "GAMES",
    "AgentBot",
    "BeloteGame",
    "BeloteObserver",
    "BeloteState",
    "game_type",
    "resample",
]

def _game_names() -> dict[str, str]:
    import re
    import warnings

    from belote.rules import available_variants

    with warnings.catch_warnings():  # plug-in problems are reported by belote.rules
        warnings.simplefilter("ignore")
        variants = available_variants()
    return {f"python_belote_{re.sub(r'[^a-z0-9]+', '_', r.name.lower())}": r.name for r in variants}


GAMES: Final = _game_names()
"""The registered game names and their variants: ``python_belote_<name>`` for every
registered variant, the plug-ins' included (a name's other characters become ``_``)."""

_CHANCE_NODES: Final = 31


def game_type(short_name: str, returns: str = "zero_sum") -> pyspiel.GameType:
    """The OpenSpiel game type of one of [`GAMES`][belote.adapters.openspiel.GAMES].

    Its utility is ``ZERO_SUM`` for ``returns="zero_sum"``, ``GENERAL_SUM`` for ``"raw"``.

    Raises:
        InvalidArgumentType: ``short_name`` or ``returns`` is not text.
        InvalidArgument: not one of the games, or of the returns.
    """
    if instance(short_name, str, "short_name") not in GAMES:
        raise InvalidArgument(f"short_name: expected one of {', '.join(GAMES)}, got {shown(short_name)}")
    if instance(returns, str, "returns") not in RETURNS:
        raise InvalidArgument(f"returns: expected one of {', '.join(RETURNS)}, got {shown(returns)}")
    rules = get_rules(GAMES[short_name])
    parameters: dict[str, int | str] = {
        "dealer": 0, "returns": "zero_sum", "knobs": "", "position": "",
    }
    if len(rules.player_counts) > 1:
        parameters["players"] = rules.default_players
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"Python Belote ({rules.name})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if returns == "zero_sum"
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(rules.player_counts),
        min_num_players=min(rules.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def _max_length(rules: Rules, players: int) -> int:
    """A bound on the moves of a deal: bids, the swap or keep, declarations, cards, a stop.

    An auction: each bid (every value, then capot) after at most ``players - 1``
    passes, then a coinche and a turn around the table, or the closing passes. A
    strain auction: each strain bid, its double and redouble, each after at most
    ``players - 1`` passes, then the closing passes.
    """
    bids = 2 * players
    if rules.strain_auction:
        bids = (3 * len(rules.auction.strains) + 1) * players
    elif rules.has_auction:
        auction = rules.auction
        bids = (len(auction.values) + int(auction.capot)) * players + 2 * players
    declarations = 8 * players if rules.has_announcements else 0
    cards = 36
    return _CHANCE_NODES + bids + 1 + declarations + cards + 1


class BeloteGame(pyspiel.Game):
    """A variant as an OpenSpiel game (built by ``pyspiel.load_game``).

    Args:
        params: the game parameters (``players`` for ``french``, ``dealer``, ``returns``:
            ``"zero_sum"`` or ``"raw"``, and ``knobs``: the knobs of a variant spec, for
            the variant with those knobs changed, written ``KNOB:VALUE`` or
            ``KNOB=VALUE`` and separated by ``;`` or ``,``; in a game string,
            ``python_belote_classic(knobs=capot_value:250;play.must_overtrump:false)``),
            and ``position``: a position (docs/positions.md) every new state
            starts from instead of a dealt deck, for training from chosen
            positions (give it in the parameter dict:
            ``pyspiel.load_game("python_belote_classic", {"position": text})``);
            it sets the table and the dealer (its variant must be the game's).

    Raises:
        InvalidArgument: a player count the variant does not allow, a dealer
            that is not a seat, unknown returns, or bad knobs (the knob named);
            a position that is not one of this game's variant, or whose deal is over.
        InvalidPosition: a position the rules do not allow.
    """

    short_name: str = "python_belote_classic"
    """The registered name: each variant is a subclass that sets it."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        if params is not None and not isinstance(params, Mapping):
            raise InvalidArgumentType(f"params: expected a mapping of game parameters, got {shown(params)}")
        params = dict(params or {})
        short_name = self.short_name
        knobs = str(params.get("knobs", "")).replace(";", ",").replace(":", "=").strip()
        variant = GAMES[short_name]
        self.rules = rules = get_rules(f"{variant}({knobs})" if knobs else variant)
        self.players = rules.check_players(int(params.get("players", rules.default_players)))
        self.dealer = int(params.get("dealer", 0))
        self.position = str(params.get("position", "")).strip()
        if self.position:
            start = Deal.from_position(self.position)
            if start.rules != rules or start.is_over:
                raise InvalidArgument(
                    f"the position must be a deal of {spec_of(rules)} still in play, not "
                    f"{spec_of(start.rules)}{' (over)' if start.is_over else ''}"
                )
            self.players, self.dealer = start.players, start.dealer
        if not 0 <= self.dealer < self.players:
            raise InvalidArgument(f"dealer must be a seat from 0 to {self.players - 1}")
        self.return_kind = returns = str(params.get("returns", "zero_sum"))
        if returns not in RETURNS:
            raise InvalidArgument(f"returns must be one of {', '.join(RETURNS)}, not {returns!r}")
        zero_sum = returns == "zero_sum"
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTION_IDS,
            max_chance_outcomes=32,
            num_players=self.players,
            min_utility=-1.0 if zero_sum else 0.0,
            max_utility=1.0 if zero_sum else float(score_bound(rules, self.players)),
            utility_sum=0.0 if zero_sum else None,
            max_game_length=_max_length(rules, self.players),
        )
        super().__init__(game_type(short_name, returns), info, params)

    def new_initial_state(self) -> BeloteState:
        """A deal before the deck is dealt (or at the game's ``position``)."""
        return BeloteState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: dict[str, Any] | None = None,
    ) -> BeloteObserver:
        """The observer of the tensors described in the module."""
        return BeloteObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class BeloteState(pyspiel.State):
    """One deal in progress: the deck being dealt, then a [`Table`][belote.adapters.tensor.Table]."""

    def __init__(self, game: BeloteGame) -> None:
        super().__init__(instance(game, BeloteGame, "game"))  # pyspiel crashes on another value
        self.variant = spec_of(game.rules)  # text: OpenSpiel deep-copies the state's attributes
        self.players = game.players
        self.dealer = game.dealer
        self.return_kind = game.return_kind
        self.deck: list[int] = []
        """The cards drawn so far while dealing (emptied once dealt: the table holds the deck)."""
        self.table: Table | None = (
            Table(Deal.from_position(game.position)) if game.position else None
        )

    # --- the OpenSpiel API ----------------------------------------------------------------

    def current_player(self) -> int:
        """The player to act, or ``CHANCE`` while dealing, or ``TERMINAL``."""
        table = self.table
        if table is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = table.seat
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        table = self.table
        if table is None or player != table.seat:
            return []
        return table.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards left to draw, each with the same probability."""
        left = sorted(set(range(32)) - set(self.deck))
        p = 1.0 / len(left)
        return [(card, p) for card in left]

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            self.deck.append(int(action))
            if len(self.deck) == _CHANCE_NODES:
                self.deck.extend(set(range(32)) - set(self.deck))
                self.table = Table(Deal(get_rules(self.variant), self.deck, self.dealer, self.players))
                self.deck = []
            return
        self.table.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {_CARD_NAMES[action]}"
        return str(action_from_id(action, player))

    def is_terminal(self) -> bool:
        """Whether the deal is over."""
        return self.table is not None and self.table.deal.is_over

    def returns(self) -> list[float]:
        """Each player's return once over (zero-sum or raw, as the game says), else zeros."""
        table = self.table
        if table is None or not table.deal.is_over:
            return [0.0] * self.players
        return deal_returns(table.deal, self.return_kind)

    def __str__(self) -> str:
        if self.table is None:
            return f"dealing: {len(self.deck)} of 32 cards drawn"
        return render_text(self.table)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> BeloteState:
        """A state ``player_id`` cannot tell from this one: see [`resample`][belote.adapters.openspiel.resample].

        ``probability_sampler``, when callable, seeds the draw with its first value.
        """
        seed = None
        if callable(probability_sampler):
            seed = int(float(probability_sampler()) * 2**32)
        return resample(self, player_id, random.Random(seed))


def resample(state: BeloteState, player: int, rng: random.Random | None = None) -> BeloteState:
    """A random state with the same history that ``player`` cannot tell from ``state``.

    The cards ``player`` has not seen are dealt again at random among the places it
    cannot see (the other hands and the undealt cards), and the deal's actions are
    replayed; a draw in which they are not all legal (a seat that did not follow a
    suit now holding it, a belote without the queen …) is drawn again. Cards
    ``player`` has seen stay where they are: its own, the turned card, the bottom
    card when shown, every card played, the 7 of trump once swapped or kept (the keeper holds it), and every
    declared combination (before the
    first trick shows them only their kind is known at a real table: this sampler
    keeps their cards, a small advantage). After 1,000 rejected draws (never seen in
    practice) the state itself is returned.

    For information-set search, e.g. OpenSpiel's ``ISMCTSBot`` (which calls
    [`BeloteState.resample_from_infostate`][belote.adapters.openspiel.BeloteState.resample_from_infostate]).

    Args:
        state: a state where ``player`` is to act (or any dealt state).
        player: the player whose information is kept.
        rng: the random generator (default: a fresh one).

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidSeat: ``player`` is not one of the game's.
    """
    player = checks.seat(player, instance(state, BeloteState, "state").players, "player")
    rng = random.Random() if rng is None else instance(rng, random.Random, "rng")
    table = state.table
    if table is None:
        return state.clone()  # type: ignore[no-any-return]
    deal = table.deal
    deck = [card.index for card in deal.deck]
    fixed = deal.hand_mask(player)
    if deal.turned is not None:  # an auction turns no card
        fixed |= 1 << deal.turned.index
    fixed |= Deal(deal.rules, deck, deal.dealer, deal.players).hand_mask(player)
    if deal.bottom is not None:
        fixed |= 1 << deal.bottom.index
    for action in table.actions:
        for seen in action.cards:  # cards played and combinations declared
            fixed |= 1 << seen.index
        if action.verb in (Verb.SWAP, Verb.KEEP) and deal.trump is not None:
            # The 7 of trump: shown on the table, or known to be the keeper's.
            fixed |= 1 << (8 * int(deal.trump) + int(Rank.SEVEN))
    hidden = [position for position, card in enumerate(deck) if not fixed >> card & 1]
    moves = state.history()[_CHANCE_NODES:]
    game = state.get_game()
    for _ in range(1000):
        cards = [deck[position] for position in hidden]
        rng.shuffle(cards)
        new_deck = deck[:]
        for position, card in zip(hidden, cards, strict=True):
            new_deck[position] = card
        sample: BeloteState = game.new_initial_state()
        for card in new_deck[:_CHANCE_NODES]:
            sample.apply_action(card)
        try:
            for move in moves:
                sample.apply_action(move)
        except (IllegalAction, pyspiel.SpielError):
            continue
        return sample
    return state.clone()  # type: ignore[no-any-return]


class AgentBot(pyspiel.Bot):
    """An OpenSpiel bot playing one player's turns with an [`Agent`][belote.agents.Agent] of this library.

    ``step`` asks the agent as every driver of the library does
    ([`decide`][belote.agents.decide]): its seat's view of the state's deal,
    never the hidden hands. Use it with OpenSpiel's ``evaluate_bots``.

    >>> import pyspiel
    >>> from open_spiel.python.algorithms import evaluate_bots
    >>> from belote.agents import HeuristicBot, RandomBot
    >>> game = pyspiel.load_game("python_belote_classic")
    >>> bots = [AgentBot(seat, HeuristicBot() if seat % 2 else RandomBot(seat))
    ...         for seat in range(4)]
    >>> returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    >>> len(returns), abs(sum(returns)) < 1e-9
    (4, True)

    Args:
        player_id: the player (seat) this bot plays.
        agent: the agent that decides.
    """

    def __init__(self, player_id: int, agent: Agent) -> None:
        checks.whole(player_id, "player_id", 0, 7)
        if not isinstance(agent, Agent):
            raise InvalidArgumentType(f"agent: expected an Agent, got {shown(agent)}")
        pyspiel.Bot.__init__(self)
        self._player = player_id
        self.agent = agent

    def player_id(self) -> int:
        """The player this bot plays."""
        return self._player

    def provides_policy(self) -> bool:
        """No: the bot answers one action, not a distribution."""
        return False

    def restart_at(self, state: pyspiel.State) -> None:
        """Nothing to reset: the agent decides from the state alone."""

    def step(self, state: pyspiel.State) -> int:
        """The action id the agent plays in ``state`` (its player must be the one to act).

        Raises:
            InvalidArgument: not this bot's turn, or the deck is still being dealt.
        """
        table = getattr(state, "table", None)
        if table is None or table.seat != self._player:
            raise InvalidArgument(f"player {self._player} is not to act in this state")
        return decide(table.deal, self.agent)


_CARD_NAMES: Final = tuple(
    f"{rank}{suit}" for suit in "SHDC" for rank in ("7", "8", "9", "10", "J", "Q", "K", "A")
)


class BeloteObserver:
    """Tensors and strings of a [`BeloteState`][belote.adapters.openspiel.BeloteState] (OpenSpiel's PyObserver).

    Args:
        iig_obs_type: which information to expose: every player's private information
            (``STATE_V4``); else the observing player's (none: its hand and unshown
            declarations stay 0), as ``INFORMATION_STATE_V4`` with ``perfect_recall``
            (the strings then list the whole history) or ``OBSERVATION_V4`` without.
        params: not supported (must be empty).

    Raises:
        InvalidArgument: parameters were given (a ValueError).
        InvalidArgumentType: ``iig_obs_type`` is not an ``IIGObservationType``.
    """

    def __init__(self, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, Any] | None) -> None:
        if params:
            raise InvalidArgument(f"observation parameters are not supported, got {shown(params)}")
        private = instance(iig_obs_type, pyspiel.IIGObservationType, "iig_obs_type").private_info
        self.everything = private == pyspiel.PrivateInfoType.ALL_PLAYERS
        self.private = private != pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        layout: tuple[Block, ...]
        if self.everything:
            layout, size, self._encode = STATE_V4, STATE_V4_SIZE, state_v4
        elif self.perfect_recall:
            layout, size = INFORMATION_STATE_V4, INFORMATION_STATE_V4_SIZE
            self._encode = information_state_v4
        else:
            layout, size, self._encode = OBSERVATION_V4, OBSERVATION_V4_SIZE, observation_v4
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        at = 0
        for block in layout:
            self.dict[block.name] = self.tensor[at : at + block.size].reshape(block.shape)
            at += block.size

    def set_from(self, state: BeloteState, player: int) -> None:
        """Fill the tensor from ``player``'s point of view."""
        table = state.table
        if table is None:
            self.tensor.fill(0.0)
            return
        self._encode(table.deal, player, out=self.tensor, shown=table.shown)
        if not self.private:
            self.dict["hand"].fill(0.0)
            if "first_hand" in self.dict:
                self.dict["first_hand"].fill(0.0)
            if table.deal.scoring_declarations is None:
                self.dict["declarations"][0].fill(0.0)

    def string_from(self, state: BeloteState, player: int) -> str:
        """The text of what ``player`` knows (its hand, and the public actions)."""
        table = state.table
        if table is None:
            return f"p{player} dealing {len(state.deck)}"
        deal = table.deal
        parts = [f"p{player}"]
        if self.everything:
            parts.extend(f"hand{seat} {deal.hand(seat)}" for seat in range(deal.players))
        elif self.private:
            parts.append(f"hand {deal.hand(player)}")
            if self.perfect_recall:
                first = Deal(deal.rules, deal.deck, deal.dealer, deal.players).hand(player)
                parts.append(f"first hand {first}")
        if deal.rules.has_auction:
            parts.append(f"dealer {deal.dealer}")
        else:
            parts.append(f"dealer {deal.dealer} turned {deal.turned}")
        if self.perfect_recall:
            shown = deal.scoring_declarations is not None
            for action in table.actions:
                if action.verb is Verb.DECLARE and not shown and (action.seat != player or not self.private):
                    parts.append(f"{action.seat} declare ?")
                else:
                    parts.append(str(action))
        else:
            seen = table.shown
            if seen.contract >= 0:
                bid = str(action_from_id(seen.contract, seen.bidder)).split(" ", 2)[2]
                doubling = (" double", " redouble") if seen.strain_auction else (" coinche", " surcoinche")
                parts.append(f"contract {bid} bidder {seen.bidder}" + ("", *doubling)[seen.doubling])
            if deal.strain is not None:  # the trump suit, or NT / AT
                parts.append(f"trump {deal.strain.letter} taker {deal.taker}")
            parts.append("trick " + " ".join(str(card) for card in deal.trick))
            parts.append(f"tricks {deal.tricks_played}")
        return " | ".join(parts)


def _register() -> None:
    for short_name, variant in GAMES.items():
        game_class = type(f"Belote{variant.title()}Game", (BeloteGame,), {"short_name": short_name})
        pyspiel.register_game(game_type(short_name), game_class)


_register()
