"""Gin Rummy's playout policy for search bots (`GameSpec.playout`): the cheap rummy rules of
thumb on the meld engine's bit masks.

Take the upcard or the discard when it joins a meld (a set or run of three the hand could
make with it); go gin when possible, else knock when possible (with the least deadwood);
otherwise discard a card that fits no meld (any card when every card fits one), preferring one
with the fewest cards that could still make a meld with it (same rank, or same suit within two
ranks), then the highest. The spread is the first arrangement. A
random hand between two such players ends in a knock within a few turns, where one between
random players almost never ends, so a search can judge its moves by how hands end.
"""

from __future__ import annotations

import functools
from random import Random

from parlour.games.gin_rummy.moves import Discard, DoubleGin, DrawDiscard, Gin, Knock, Move, TakeUpcard
from parlour.games.gin_rummy.rules import Phase, State, _engine
from parlour.games.gin_rummy.scoring import BIT, CARD_POINTS, PACK

__all__ = ["evaluate", "playout"]


@functools.cache
def _near() -> tuple[int, ...]:
    """`_near()[card.index]`: the mask of the cards that could share a meld with the card (same
    rank, or the same suit within two ranks); built on first use, so importing stays cheap."""
    near = [0] * len(BIT)
    for card in PACK:
        for other in PACK:
            same_rank = other.rank is card.rank
            close_run = other.suit is card.suit and 0 < abs(int(other.rank) - int(card.rank)) <= 2
            if other != card and (same_rank or close_run):
                near[card.index] |= BIT[other.index]
    return tuple(near)


def playout(state: State, moves: tuple[Move, ...], random: Random | None = None) -> Move:
    """The rule-of-thumb move among `moves` (the legal moves of the seat to act in `state`)."""
    del random  # the rules leave no tie worth breaking at random
    engine = _engine(state.options)
    p = state.player
    mask = 0
    for card in state.hands[p]:
        mask |= BIT[card.index]
    phase = state.phase
    if phase is Phase.OFFER or phase is Phase.DRAW:
        offered = BIT[state.discards[-1].index]
        wanted = not engine.isolated(mask | offered) & offered
        for move in moves:
            if isinstance(move, (TakeUpcard, DrawDiscard)) == wanted:
                return move
        return moves[0]
    if phase is not Phase.DISCARD:
        return moves[0]
    if state.taken:
        mask |= BIT[state.taken[0].index]
    alone, near = engine.isolated(mask), _near()
    best: Move = moves[0]
    best_key = (3, 0, 0)
    for move in moves:
        if isinstance(move, (Gin, DoubleGin)):
            return move
        if isinstance(move, Knock):
            key = (0, engine.deadwood(mask ^ BIT[move.card.index]), 0)
        elif isinstance(move, Discard):
            bit = BIT[move.card.index]
            partners = (mask & near[move.card.index]).bit_count()
            key = (1 if alone & bit else 2, partners, -CARD_POINTS[move.card.rank])
        else:
            continue
        if key < best_key:
            best, best_key = move, key
    return best


def evaluate(state: State) -> tuple[float, float]:
    """Per seat, minus the least deadwood of its hand (after the best discard for a seat holding
    eleven cards): what a knock would roughly settle now, for searches that stop a playout early
    (`GameSpec.evaluate`)."""
    engine, held = _engine(state.options), state.options.hand_size
    values = []
    for seat, hand in enumerate(state.hands):
        mask = 0
        for card in hand:
            mask |= BIT[card.index]
        if seat == state.player and state.taken:
            mask |= BIT[state.taken[0].index]
        size = len(hand) + (len(state.taken) if seat == state.player else 0)
        dead = engine.deadwood_after_discard(mask) if size > held else engine.deadwood(mask)
        values.append(-float(dead))
    return values[0], values[1]
