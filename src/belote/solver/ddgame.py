"""The double-dummy game the solver plays: a deal in the play phase read into card masks.

[`game_of`][belote.solver.ddgame.game_of] reads a [`Deal`][belote.deal.Deal] in the
play phase through its public accessors into a [`Game`][belote.solver.ddgame.Game]:
the hands as masks, the trump, the sides and who maximises, the tally so far
and the scoring of the end. [`belote.solver.search`][belote.solver.search] searches it and
[`belote.solver`][belote.solver] builds the public functions on both.
"""

from __future__ import annotations

from typing import Final, cast

import attrs

from belote.actions import Verb
from belote.cards import ALL_TRUMPS
from belote.deal import Deal
from belote.errors import InvalidArgument, InvalidArgumentType, shown
from belote.rules import PlayRules, Rules, checks
from belote.scoring import Declaration, Outcome, Tally, score_trusted

__all__ = ["Game", "game_of"]

_KING: Final = 6
_QUEEN: Final = 5


@attrs.frozen
class Game:
    """The position read from a deal through its public accessors.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`solve`][belote.solver.solution.solve] (and [`makes_contract`][belote.solver.solution.makes_contract]).
    """

    deal: Deal
    n: int
    sides: int
    partners: bool
    trump: int  # the mode: a trump suit 0..3, no-trumps 4, all-trumps 5
    rules: Rules
    pending: int  # litige points waiting from earlier deals
    play: PlayRules
    hands: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    to_act: int
    left: int  # tricks still to finish, the current one included
    side: int  # the side that maximises
    maxer: tuple[bool, ...]  # per seat: plays for ``side``
    base: Tally  # the deal's tally, its card play cleared (what the end's scoring reads besides)
    belote: int | None
    # Every belote counted besides ``belote`` (all-trumps: one seat per belote), ``()`` if none.
    belotes: tuple[int, ...]
    # The declarations that score once the deal has resolved the contest, else None.
    scoring: tuple[Declaration, ...] | None
    cp: tuple[int, ...]  # card points won so far per side
    tricks: tuple[int, ...]  # tricks won so far per side
    # Per seat, the kings and queens of the pairs whose belote its holder may still lose
    # (all-trumps, announced only when leading or following suit); () when none: the
    # search then tracks them (Search.announced) and ``score`` takes the count it found.
    live: tuple[int, ...] = ()
    # The terminal scores of this game's scoring (hashing the rules once, not per leaf).
    _scores: dict[tuple[object, ...], tuple[int, ...]] = attrs.field(
        init=False, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_scores", _SCORE_CACHE.setdefault(self.scoring_key(), {}))

    def side_of(self, seat: int) -> int:
        """The scoring side of a seat."""
        return seat & 1 if self.partners else seat

    def score(self, cp: tuple[int, ...], tricks: tuple[int, ...], last: int,
              belotes: int = 0) -> tuple[int, ...]:
        """The deal scores per side for a finished deal, through the library's scoring.

        The scores of a deal played to the end read its tricks only through
        the sides that won none (capot, reverse capot, the three-player
        split): ends that differ only in how the other tricks split share one
        scoring (tests/test_solver_measure.py checks it against the scoring).
        ``belotes``: with ``live`` pairs, the belotes announced since the
        position, 3 bits a side (see [`Search`][belote.solver.search.Search]).
        """
        key = (cp, tuple([t > 0 for t in tricks]), last, belotes)
        cache = self._scores
        scores = cache.get(key)
        if scores is None:
            # The search asks for splits of the points that bound the value, not only
            # splits a deal can reach, so the tally checks are skipped (the pipeline
            # is the same one score_tally runs after them).
            scores = score_trusted(self._end(cp, tricks, last, belotes), self.rules,
                                   self.pending, self.scoring).scores
            cache[key] = scores
        return scores

    def outcome(self, cp: tuple[int, ...], tricks: tuple[int, ...], last: int,
                belotes: int = 0) -> Outcome:
        """The outcome of the deal ending with these card points, tricks and last trick."""
        tally = self._end(cp, tricks, last, belotes)
        return score_trusted(tally, self.rules, self.pending, self.scoring).outcome

    def _end(self, cp: tuple[int, ...], tricks: tuple[int, ...], last: int,
             belotes: int) -> Tally:
        """The tally of the deal's end: ``belotes`` (3 bits a side) more belotes announced."""
        if not belotes:
            return self.base.with_play(tricks, cp, last, self.belote, self.belotes)
        seats = list(self.belotes)
        for side in range(self.sides):
            seats.extend([side] * (belotes >> (3 * side) & 7))  # seat ``side`` is on it
        return self.base.with_play(tricks, cp, last, seats[0], tuple(seats))

    def value(self, scores: tuple[int, ...]) -> int:
        """The value of deal scores for ``side``."""
        own = scores[self.side]
        return own - max(s for k, s in enumerate(scores) if k != self.side)

    def scoring_key(self) -> tuple[object, ...]:
        """What the scores of the deal's end depend on besides the card points, tricks and last trick.

        Two games with the same key score the same ends alike.
        """
        return (self.rules, self.pending, self.base, self.belote, self.belotes, self.live)


# Terminal scores per (rules, pending, tally without play, belote), then per
# (card points, which sides won a trick, last-trick side); bounded, cleared when full.
_SCORE_CACHE: dict[tuple[object, ...], dict[tuple[object, ...], tuple[int, ...]]] = {}
_CACHE_LIMIT: Final = 512


def _belote(deal: Deal, trump: int) -> int | None:
    """The seat belote counts for: its holder, if he can still announce both cards.

    ``None`` in no-trumps (no belote) and all-trumps (see `_pairs`).
    """
    if trump >= 4:
        return None
    done = deal.belote_seat
    if done is not None:
        return done
    pair = (trump * 8 + _KING, trump * 8 + _QUEEN)
    owner: dict[int, int] = {}
    announced: dict[int, bool] = {}
    for seat in range(deal.players):
        mask = deal.hand_mask(seat)
        for card in pair:
            if mask >> card & 1:
                owner[card] = seat
                announced[card] = True  # still in hand: he can announce it
    for action in deal.history:
        if action.verb is Verb.PLAY:
            index = action.cards[0].index
            if index in pair:
                owner[index] = action.seat
                announced[index] = action.belote
    if len(owner) == 2 and owner[pair[0]] == owner[pair[1]] and all(announced.values()):
        return owner[pair[0]]
    return None


def _pairs(deal: Deal) -> tuple[int, ...]:
    """All-trumps: per seat, the king and queen of each suit it still holds both of.

    Such a pair's belote is still to announce (said with the first of the two
    played, docs/bulgarian.md#belote); every other pair's is decided.
    """
    masks = []
    for seat in range(deal.players):
        hand = deal.hand_mask(seat)
        mask = 0
        for suit in range(4):
            pair = 1 << (8 * suit + _KING) | 1 << (8 * suit + _QUEEN)
            if hand & pair == pair:
                mask |= pair
        masks.append(mask)
    return tuple(masks)


def game_of(deal: object, seat: object = None) -> Game:
    """The [`Game`][belote.solver.ddgame.Game] of a deal in the play phase (``seat``: the side to maximise).

    ``deal``: a [`Deal`][belote.deal.Deal], or a view of one that reads like
    it (a par result's replay, which has its ``tally``).

    Raises:
        InvalidArgument: no card to play in the deal, or ``seat`` not one of its seats.
        InvalidArgumentType: ``deal`` is not a deal, ``seat`` not a whole number or ``None``.
    """
    if not isinstance(deal, Deal) and not callable(getattr(deal, "tally", None)):
        raise InvalidArgumentType(f"deal: expected a Deal, got {shown(deal)}")
    return _game_of(cast(Deal, deal), seat)


def _game_of(deal: Deal, seat: object) -> Game:
    if seat is not None:
        seat = checks.seat(seat, deal.players, "seat")
    strain = deal.strain
    tally = deal.tally()
    to_act = deal.to_act
    if strain is None or tally is None or to_act is None or deal.is_over:
        raise InvalidArgument("solve needs a deal in the play phase (trump fixed, not over)")
    if not deal.legal_play_mask():
        raise InvalidArgument("solve needs a deal where the seat to act plays a card")
    if len(_SCORE_CACHE) > _CACHE_LIMIT:
        _SCORE_CACHE.clear()
    n = deal.players
    sides = deal.sides
    partners = sides == 2 and n == 4
    if sides == 2:
        side = deal.side(deal.taker if deal.taker is not None else to_act)
    else:
        side = deal.side(to_act if seat is None else seat)
    maxer = tuple(deal.side(s) == side for s in range(n))
    tricks_done = deal.tricks_played
    # Cleared, the card play of the tally does not split the score cache by the point of play.
    base = tally.with_play((0,) * sides, (0,) * sides, None, None)
    trump = int(strain)
    belote = _belote(deal, trump)
    live: tuple[int, ...] = ()
    belotes = tally.belotes  # announced one by one (belote_announced_once): each is one
    if trump == ALL_TRUMPS:
        pairs = _pairs(deal)
        if any(pairs):
            if deal.rules.belote_needs_lead_follow_or_trump:
                live = pairs  # a discard loses it: the search decides
            else:  # every pair still held is announced (one belote a pair)
                seats = list(belotes)
                for seat, mask in enumerate(pairs):
                    seats.extend([seat] * (mask.bit_count() // 2))
                belotes = tuple(seats)
        belote = belotes[0] if belotes else None
    return Game(
        deal=deal,
        n=n,
        sides=sides,
        partners=partners,
        trump=trump,
        rules=deal.rules,
        pending=deal.pending,
        play=deal.rules.play,
        hands=tuple(deal.hand_mask(s) for s in range(n)),
        trick=tuple(card.index for card in deal.trick),
        leader=deal.trick_leader,
        to_act=to_act,
        left=deal.tricks_per_deal - tricks_done,
        side=side,
        maxer=maxer,
        base=base,
        belote=belote,
        belotes=belotes,
        scoring=deal.scoring_declarations,
        cp=tuple(deal.card_points_of(s) for s in range(sides)),
        tricks=tuple(deal.tricks_of(s) for s in range(sides)),
        live=live,
    )
