"""Spades scoring: the points and bags of a hand, the bag penalty and the end of the game.

Pure functions of the bids, the tricks taken and the options; `rules` calls them once per hand,
after the last trick.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.auction import Bid

from .options import (
    _DEFAULTS,
    BAG_POINTS,
    DOUBLE_NIL,
    DOUBLE_NIL_POINTS,
    NIL,
    NIL_POINTS,
    TEAMS,
    TRICK_POINTS,
    Options,
)


def score_hand(
    bids: Sequence[Bid], tricks: Sequence[int], options: Options = _DEFAULTS
) -> tuple[tuple[int, int], tuple[int, int]]:
    """Points and new bags of each side for one hand, before bag penalties.

    `bids` and `tricks` are by seat. A side's bid is the sum of its number bids; made: 10 a
    trick bid plus 1 a trick over (each a bag); failed: -10 a trick bid. Nil scores +-100,
    double nil +-200; a nil bidder's tricks are bags (or, with `nil_tricks_help_partner`, count
    toward the partner's bid).

    >>> score_hand([Bid(4), Bid(2), Bid(3), Bid(2)], [5, 2, 4, 2])
    ((72, 40), (2, 0))
    >>> score_hand([NIL, Bid(2), Bid(4), Bid(2)], [2, 4, 3, 4])
    ((-140, 44), (2, 4))
    """
    points = [0, 0]
    bags = [0, 0]
    for side, seats in enumerate(TEAMS):
        contract = counted = 0
        for s in seats:
            bid, took = bids[s], tricks[s]
            if bid.word:
                worth = DOUBLE_NIL_POINTS if bid == DOUBLE_NIL else NIL_POINTS
                points[side] += -worth if took else worth
                if options.nil_tricks_help_partner:
                    counted += took
                else:
                    bags[side] += took
            else:
                contract += bid.amount or 0
                counted += took
        if contract and counted < contract:
            points[side] -= TRICK_POINTS * contract
        else:
            over = counted - contract
            points[side] += TRICK_POINTS * contract + BAG_POINTS * over
            bags[side] += over
    return (points[0], points[1]), (bags[0], bags[1])


def bag_penalty(bags: int, options: Options = _DEFAULTS) -> tuple[int, int]:
    """(points lost, bags left) for a side holding `bags`: `bag_penalty` each time the count
    reaches `bag_limit`, which comes off the count (the excess carries over).

    >>> bag_penalty(11), bag_penalty(9), bag_penalty(20)
    ((100, 1), (0, 9), (200, 0))
    """
    limit = options.bag_limit
    if not limit:
        return 0, bags
    times = bags // limit
    return times * options.bag_penalty, bags - times * limit


def game_result(team_scores: Sequence[int], options: Options = _DEFAULTS) -> int | None:
    """The winning side after a hand, or None while the game goes on.

    The game ends when a side has reached `target_score` (or, with the mercy rule, fallen to
    `mercy_threshold`); the higher score wins, and equal scores play another hand.

    >>> game_result((510, 505)), game_result((500, 500)), game_result((120, -80))
    (0, None, None)
    """
    a, b = team_scores[0], team_scores[1]
    ends = max(a, b) >= options.target_score or (options.mercy_rule and min(a, b) <= options.mercy_threshold)
    if not ends or a == b:
        return None
    return 0 if a > b else 1
