"""The rule of thumb of the counting games (Cribbage): keep the hand that counts most, and peg
what scores now without handing the next seat an easy reply.

Discarding to the crib, the bot keeps the cards whose best four count most by the usual show
(fifteens 2, pairs 2, runs of three or more one a card, four of a suit 4); it does not weigh
whose crib it is. Pegging, each card is applied to determinizations of the view: its value is
the points it scores now less half of the best the next seat could score in reply (see
`parlour.bots.heuristic.scoring`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from parlour.bots.heuristic import scoring
from parlour.bots.heuristic.table import Table, type_name
from parlour.core.cards import Card, Rank
from parlour.core.game import GameMove

__all__ = ["choose", "show_count"]

SHOW_SIZE = 4


def _pips(card: Card) -> int:
    return min(int(card.rank), 10)


def show_count(cards: Sequence[Card]) -> int:
    """The usual show count of a few cards, without a starter: fifteens, pairs, runs, flush.

    >>> from parlour.core.cards import parse_cards
    >>> show_count(parse_cards("5H 5S 10D JC"))
    10
    """
    points = 0
    for size in range(2, len(cards) + 1):
        points += 2 * sum(1 for combo in itertools.combinations(cards, size) if sum(map(_pips, combo)) == 15)
    ranks = Counter(card.rank for card in cards)
    points += sum(n * (n - 1) for n in ranks.values())
    points += _runs(ranks)
    suits = {card.suit for card in cards}
    if len(cards) >= SHOW_SIZE and len(suits) == 1:
        points += len(cards)
    return points


def _runs(ranks: Counter[Rank]) -> int:
    """Points for runs of three or more ranks (each run counted once per way of making it)."""
    best = 0
    for low in range(1, 12):
        length = 0
        while low + length <= 13 and ranks[Rank(low + length)]:
            length += 1
        if length >= 3:
            ways = 1
            for r in range(low, low + length):
                ways *= ranks[Rank(r)]
            best = max(best, length * ways)
    return best


def _keep_value(cards: Sequence[Card]) -> int:
    """The best show count among the hand's four-card subsets."""
    if len(cards) <= SHOW_SIZE:
        return show_count(cards)
    return max(show_count(combo) for combo in itertools.combinations(cards, SHOW_SIZE))


def choose(table: Table) -> GameMove:
    """The counting-game move for this decision."""
    moves = table.moves
    if len(moves) == 1:
        return moves[0]
    discards = [m for m in moves if type_name(m) == "Discard" and isinstance(getattr(m, "card", None), Card)]
    if discards:
        hand = list(table.hand())

        def kept(move: GameMove) -> float:
            rest = list(hand)
            rest.remove(getattr(move, "card"))
            return float(_keep_value(rest)) + _pips(getattr(move, "card")) / 100

        return table.best(discards, kept)
    return scoring.choose(table)
