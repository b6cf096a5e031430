"""The rule of thumb of the shedding games: play the lowest combination that beats.

Cards rank as in the climbing games (3 lowest, then up to the king, the ace, and the two
highest; a joker above all). A play of cards is judged by whether it breaks a group of equal
cards in hand (a pair played as one card), then by its rank, then by how many cards it sheds,
so the bot plays its lowest cards first and whole groups together, keeping high cards and big
groups for later. Facing a play it can beat only with an ace or better while it still holds
more than a few cards, it passes. A card given back (Scum's President) is the lowest one. The
shedding games whose moves are not plays of cards (claims, challenges, slaps, Sweep's blind
plays) fall back to preferring moves that score now.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from parlour.bots.heuristic import scoring
from parlour.bots.heuristic.table import Table, cards_of, type_name
from parlour.core.cards import Card, Rank
from parlour.core.game import GameMove

__all__ = ["choose", "climbing_power"]

HIGH = 14
"""The climbing power of an ace: plays this strong are kept back while the hand is long."""
LONG_HAND = 4
"""Cards in hand past which the bot passes rather than spend an ace or better."""


def climbing_power(card: Card) -> int:
    """3 lowest .. king 13, ace 14, two 15, joker 16."""
    if card.rank is Rank.JOKER:
        return 16
    if card.rank is Rank.TWO:
        return 15
    if card.rank is Rank.ACE:
        return 14
    return int(card.rank)


def _play_key(move: GameMove, held: Counter[Rank]) -> tuple[int, int, int]:
    """Lower is better: (breaks a group, rank power, fewer cards)."""
    cards = cards_of(move)
    rank = cards[0].rank
    return int(held[rank] > len(cards)), max(map(climbing_power, cards)), -len(cards)


def _climb(table: Table, plays: Sequence[GameMove], passes: Sequence[GameMove]) -> GameMove:
    hand = table.hand()
    held = Counter(card.rank for card in hand)
    best = min(_play_key(m, held) for m in plays)
    if passes and best[1] >= HIGH and len(hand) > LONG_HAND:
        return passes[0]
    return table.best([m for m in plays if _play_key(m, held) == best], lambda m: 0.0)


def _plain_play(move: GameMove) -> bool:
    """A play of cards and nothing else (no slot, no choice of value): a climbing play."""
    cls: type = type(move)
    fields = {field.name for field in attrs.fields(cls)}
    return type_name(move) in ("PlayCards", "PlayCard") and bool(cards_of(move)) and fields <= {"player", "card", "cards"}


def choose(table: Table) -> GameMove:
    """The shedding move for this decision."""
    moves = table.moves
    if len(moves) == 1:
        return moves[0]
    plays = [m for m in moves if _plain_play(m)]
    passes = [m for m in moves if type_name(m) == "Pass"]
    if plays and len(plays) + len(passes) == len(moves):
        return _climb(table, plays, passes)
    gifts = [m for m in moves if type_name(m) == "GiveBack" and cards_of(m)]
    if gifts:
        return table.best(gifts, lambda m: -float(climbing_power(cards_of(m)[0])))
    return scoring.choose(table)
