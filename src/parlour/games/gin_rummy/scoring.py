"""Gin Rummy's cards and their count: the pack, the meld rules, the one-pack engine and the showdown.

Everything here is pure and knows nothing of positions or turns: the meld engine
(`parlour.core.melds.OneDeck` on bit masks, `BIT` giving each card's bit), the record of a knock's
showdown and `score_knock` that computes it (the knocker's spread, the defender's best melds and
lay-offs, who wins and how many points), and the public helpers `deadwood` and `is_meld`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from parlour.core.cards import Card, cards_text, parse_cards, standard_pack
from parlour.core.melds import POINTS_FACES_10, AceMode, Meld, MeldRules, OneDeck

PACK: Final = standard_pack()
CARD_POINTS: Final = POINTS_FACES_10
"""Ace 1, pips face value, court cards 10."""
MELD_RULES: Final = MeldRules(set_min=3, set_max=4, run_min=3, ace_mode=AceMode.LOW)
"""Sets of 3-4 of a rank, runs of 3+ in a suit, the ace low only."""
ENGINE: Final = OneDeck(MELD_RULES, CARD_POINTS)
BIT: Final = {c: ENGINE.mask((c,)) for c in PACK}
"""Each card's bit in the engine's masks, built once (one hash per use on the hot path)."""


@attrs.frozen
class Showdown:
    """What the last knock showed: both arrangements, the lay-offs and the points."""

    knocker: int
    gin: bool
    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    defender_melds: tuple[tuple[Card, ...], ...]
    laid_off: tuple[Card, ...]
    defender_deadwood: tuple[Card, ...]
    winner: int
    points: int


def score_knock(
    gin_bonus: int,
    undercut_bonus: int,
    k: int,
    gin: bool,
    melds: tuple[tuple[Card, ...], ...],
    knocker_mask: int,
    d_mask: int,
) -> Showdown:
    """The showdown of a knock by seat `k` holding `knocker_mask`, against `d_mask`."""
    melded = 0
    for meld_cards in melds:
        melded |= ENGINE.mask(meld_cards)
    k_dead = ENGINE.points(knocker_mask & ~melded)
    if gin:
        # No lay-off against gin.
        laid, d_dead = 0, ENGINE.deadwood(d_mask)
    else:
        d_dead, laid, _ = ENGINE.defend(d_mask, [ENGINE.melds[ENGINE.mask(m)] for m in melds])
    d_melds = meld_cards_of(ENGINE.best_melds(d_mask & ~laid))
    d_melded = 0
    for meld_cards in d_melds:
        d_melded |= ENGINE.mask(meld_cards)
    if gin:
        winner, points = k, d_dead + gin_bonus
    elif k_dead < d_dead:
        winner, points = k, d_dead - k_dead
    else:
        winner, points = 1 - k, k_dead - d_dead + undercut_bonus
    return Showdown(
        knocker=k,
        gin=gin,
        melds=melds,
        deadwood=ENGINE.cards_of(knocker_mask & ~melded),
        defender_melds=d_melds,
        laid_off=ENGINE.cards_of(laid),
        defender_deadwood=ENGINE.cards_of(d_mask & ~laid & ~d_melded),
        winner=winner,
        points=points,
    )


def meld_cards_of(melds: Sequence[Meld]) -> tuple[tuple[Card, ...], ...]:
    """The cards of each meld, as a spread shows them."""
    return tuple(m.cards for m in melds)


def deadwood(cards: Sequence[Card | str]) -> int:
    """The least deadwood of the cards over all arrangements (ace low, court cards 10).

    >>> deadwood(["7S", "7H", "7D", "8D", "9D", "JC", "QC", "KC", "2S", "3H"])
    19
    """
    return ENGINE.deadwood(ENGINE.mask(_distinct(cards)))


def is_meld(cards: Sequence[Card | str]) -> bool:
    """True if the cards are one Gin Rummy meld.

    >>> is_meld(["AC", "2C", "3C"]), is_meld(["QC", "KC", "AC"])
    (True, False)
    """
    return ENGINE.mask(_distinct(cards)) in ENGINE.melds


def _distinct(cards: Sequence[Card | str]) -> tuple[Card, ...]:
    parsed = parse_cards(cards)
    if len(set(parsed)) != len(parsed) or any(c.suit is None for c in parsed):
        raise ValueError(f"{cards_text(parsed)}: Gin Rummy uses one pack without jokers, each card once")
    return parsed
