"""Hearts scoring: the points of one hand from the cards each seat captured.

Pure functions of the captured cards and the options: every heart taken costs 1 and the queen
of spades 13, unless one seat took all 26 and shot the moon, which `Options.moon` scores as
+26 to every other seat, -26 to the shooter, or the shooter's choice between the two. The play
loop in `rules` calls `score_hand` once per hand, after the last trick (and the moon choice).
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.cards import Card

from .options import HAND_POINTS, MOON_POINTS, Moon, Options
from .tables import penalty


def score_hand(
    captured: Sequence[Sequence[Card]], options: Options, *, moon: Moon | None = None
) -> tuple[int, ...]:
    """Points each seat scores for a hand from the cards it captured (the kitty included).

    A seat holding all 26 points has shot the moon and scores by `options.moon`. Under
    `Moon.CHOICE` the shooter's choice is `moon` (ADD or SUBTRACT), default SUBTRACT, the
    outcome the 000 text names first; under a fixed rule `moon` must be None or that rule.

    >>> from parlour.core.cards import parse_cards
    >>> score_hand([parse_cards("QS 2H"), parse_cards("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"), (), ()], Options())
    (14, 12, 0, 0)
    """
    return _score_points(tuple(penalty(pile) for pile in captured), options, moon)


def _score_points(got: tuple[int, ...], options: Options, moon: Moon | None) -> tuple[int, ...]:
    """`score_hand` from each seat's penalty points."""
    if sum(got) != HAND_POINTS:
        raise ValueError(f"captured cards hold {sum(got)} penalty points, not all {HAND_POINTS}")
    if moon is Moon.CHOICE:
        raise ValueError("the moon choice is ADD or SUBTRACT")
    if HAND_POINTS not in got:
        if moon is not None:
            raise ValueError("nobody shot the moon, so there is no moon choice")
        return got
    shooter = got.index(HAND_POINTS)
    rule = options.moon
    if rule is Moon.CHOICE:
        rule = Moon.SUBTRACT if moon is None else moon
    elif moon is not None and moon is not rule:
        raise ValueError(f"these rules score the moon as {rule.name.lower()}; the shooter has no choice")
    if rule is Moon.ADD:
        return tuple(0 if s == shooter else MOON_POINTS for s in range(len(got)))
    return tuple(-MOON_POINTS if s == shooter else 0 for s in range(len(got)))
