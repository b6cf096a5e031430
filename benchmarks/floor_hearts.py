"""The pure-Python floor for a Hearts hand: the rules alone, with none of parlour's API.

This is a yardstick for the OpenSpiel race, not a game of the library. It plays the first hand
of parlour's default Hearts (four players, thirteen cards each, three cards passed to the left
one at a time, the two of clubs leads, follow suit, no heart lead before hearts are broken
unless the hand holds only hearts, the hand scored by penalty points with a moon) the leanest
way plain Python allows: cards are integers (``suit * 13 + rank``), a state is a slots object
holding tuples, the legal moves are computed once per state, and `apply` checks that the move
is among them. There are no events, no views, no options, no move objects, no checked
constructor and no notation; whatever parlour costs above this floor is the price of its API.

`benchmarks/run.py` times it with the same driver as parlour and OpenSpiel (one ``randrange``
over the legal moves at each step) and reports it beside the race.
"""

from __future__ import annotations

import random
from typing import Final

PLAYERS: Final = 4
PASS_COUNT: Final = 3
HEARTS: Final = 2
"""Suits are 0 clubs, 1 diamonds, 2 hearts, 3 spades; ranks 0 (two) to 12 (ace)."""
QUEEN_OF_SPADES: Final = 3 * 13 + 10
TWO_OF_CLUBS: Final = 0
POINTS: Final = tuple(1 if card // 13 == HEARTS else 13 if card == QUEEN_OF_SPADES else 0 for card in range(52))
MOON: Final = 26


class FloorState:
    """One position of the hand; never changed after it is built."""

    __slots__ = ("hands", "passes", "leader", "trick", "points", "broken", "first", "done", "legal")

    def __init__(
        self,
        hands: tuple[tuple[int, ...], ...],
        passes: tuple[tuple[int, ...], ...] | None,
        leader: int,
        trick: tuple[int, ...],
        points: tuple[int, ...],
        broken: bool,
        first: bool,
        done: bool,
    ) -> None:
        self.hands, self.passes, self.leader, self.trick = hands, passes, leader, trick
        self.points, self.broken, self.first, self.done = points, broken, first, done
        self.legal = _legal(self)


def new_hand(seed: int) -> FloorState:
    """The first hand dealt from a deck shuffled by `random.Random(seed)`, ready to pass."""
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    hands = tuple(tuple(sorted(deck[seat::PLAYERS])) for seat in range(PLAYERS))
    return FloorState(hands, ((),) * PLAYERS, 0, (), (0,) * PLAYERS, False, True, False)


def _legal(state: FloorState) -> tuple[int, ...]:
    """Pass moves are ``seat * 52 + card`` (every seat still choosing); plays are the card."""
    if state.done:
        return ()
    if state.passes is not None:
        passes, hands = state.passes, state.hands
        choosing = [seat for seat in range(PLAYERS) if len(passes[seat]) < PASS_COUNT]
        return tuple([seat * 52 + card for seat in choosing for card in hands[seat]])
    hand = state.hands[(state.leader + len(state.trick)) % PLAYERS]
    if state.trick:
        suit = state.trick[0] // 13
        follow = tuple([card for card in hand if card // 13 == suit])
        return follow or hand
    if state.first:
        return (TWO_OF_CLUBS,)
    if state.broken:
        return hand
    return tuple([card for card in hand if card // 13 != HEARTS]) or hand


def apply(state: FloorState, move: int) -> FloorState:
    """The state after `move`; ValueError if it is not legal."""
    if move not in state.legal:
        raise ValueError(f"illegal move {move}")
    hands = list(state.hands)
    if state.passes is not None:
        seat, card = divmod(move, 52)
        hands[seat] = tuple([c for c in hands[seat] if c != card])
        passes = list(state.passes)
        passes[seat] = (*passes[seat], card)
        if any(len(chosen) < PASS_COUNT for chosen in passes):
            return FloorState(tuple(hands), tuple(passes), 0, (), state.points, False, True, False)
        for giver in range(PLAYERS):
            taker = (giver + 1) % PLAYERS
            hands[taker] = tuple(sorted(hands[taker] + passes[giver]))
        opener = next(seat for seat in range(PLAYERS) if TWO_OF_CLUBS in hands[seat])
        return FloorState(tuple(hands), None, opener, (), state.points, False, True, False)
    seat = (state.leader + len(state.trick)) % PLAYERS
    hands[seat] = tuple([c for c in hands[seat] if c != move])
    trick = (*state.trick, move)
    if len(trick) < PLAYERS:
        return FloorState(tuple(hands), None, state.leader, trick, state.points, state.broken, state.first, False)
    suit = trick[0] // 13
    best = max(range(PLAYERS), key=lambda i: trick[i] if trick[i] // 13 == suit else -1)
    winner = (state.leader + best) % PLAYERS
    points = list(state.points)
    points[winner] += sum(POINTS[c] for c in trick)
    broken = state.broken or any(c // 13 == HEARTS for c in trick)
    done = not hands[winner]
    if done and MOON in points:
        points = [0 if p == MOON else MOON for p in points]
    return FloorState(tuple(hands), None, winner, (), tuple(points), broken, False, done)


def play_hand(seed: int, chooser: random.Random) -> int:
    """One random hand from `new_hand(seed)` to its scoring; returns the moves made."""
    state = new_hand(seed)
    randrange = chooser.randrange
    moves = 0
    legal = state.legal
    while legal:
        state = apply(state, legal[randrange(len(legal))])
        moves += 1
        legal = state.legal
    return moves


def floor_batch(seeds: range, chooser_seed: int) -> int:
    """One random hand from each seed, with one chooser; returns the moves in all."""
    chooser = random.Random(chooser_seed)
    return sum(play_hand(seed, chooser) for seed in seeds)
