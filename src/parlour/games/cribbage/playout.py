"""Cribbage's playout policy for search bots (`GameSpec.playout`): cheap rules of thumb.

Pegging, play the card that pegs most now (fifteen, thirty-one, pairs, runs); among equals,
avoid leaving the count at 5 or 21 (a ten-card reply makes 15 or 31), then play the highest
card. Laying away, keep the cards whose best four count most in fifteens, pairs and runs, and
keep fives out of the opponent's crib.
"""

from __future__ import annotations

from itertools import combinations
from random import Random

from parlour.games.cribbage.rules import Discard, Move, PlayCard, State, pile_of
from parlour.games.cribbage.scoring import _RANK, _VALUE, _peg_parts, _rank_points

__all__ = ["playout"]

_KEPT = 4
_FIVE = 5
_FIVE_TO_OPPONENT = 2
"""What laying a five away into the opponent's crib costs (it makes fifteens with any ten)."""
_RISKY_COUNTS = frozenset((5, 21))
"""Counts a card worth ten turns into 15 or 31."""


def playout(state: State, moves: tuple[Move, ...], random: Random | None = None) -> Move:
    """The rule-of-thumb move among `moves` (the legal moves of one seat to act in `state`)."""
    first = moves[0]
    if isinstance(first, PlayCard):
        return _peg(state, moves)
    if isinstance(first, Discard):
        return _lay_away(state, moves)
    return first


def _peg(state: State, moves: tuple[Move, ...]) -> Move:
    pile, count = pile_of(state), state.count
    best, best_key = moves[0], (-1, 0, 0)
    for move in moves:
        if not isinstance(move, PlayCard):
            continue
        card = move.card
        after = count + _VALUE[card.index]
        points = sum(points for _, points in _peg_parts((*pile, card), after))
        key = (points, int(after not in _RISKY_COUNTS), _VALUE[card.index])
        if key > best_key:
            best, best_key = move, key
    return best


def _lay_away(state: State, moves: tuple[Move, ...]) -> Move:
    seat = moves[0].player
    hand = state.hands[seat]
    gift = -_FIVE_TO_OPPONENT if state.dealer != seat else 0
    best, best_key = moves[0], -1_000.0
    for move in moves:
        if not isinstance(move, Discard) or move.player != seat:
            continue
        card = move.card
        rest = [_RANK[other.index] for other in hand if other != card]
        key = _keep_value(rest) + (gift if _RANK[card.index] == _FIVE else 0) + _VALUE[card.index] / 100
        if key > best_key:
            best, best_key = move, key
    return best


def _keep_value(ranks: list[int]) -> int:
    """The most that four of these ranks count in fifteens, pairs and runs (no starter, no
    flush)."""
    if len(ranks) <= _KEPT:
        return sum(_rank_points(tuple(sorted(ranks))))
    return max(sum(_rank_points(tuple(sorted(four)))) for four in combinations(ranks, _KEPT))
