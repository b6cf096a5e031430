"""Horseshit Rummy rule tables and options: the player counts, the packs, the hand sizes, the card
points, the meld and dig rules, `Options` with its preset and the short match, and the pure
helpers on them (packs, hand order, points, the depths that may be taken from the pile).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

import attrs

from parlour.core.cards import Card, Rank, stripped_pack
from parlour.core.melds import DigRules, MeldRules, PointTable, TableMeld, credited_points
from parlour.core.options import check_option_types


# ---------------------------------------------------------------------------------------------
# Rule tables

PLAYERS: Final = tuple(range(2, 11))
"""The book: "Any number of people can play"; the rules notes: 2 to 10."""
DEFAULT_PLAYERS: Final = 4
RANKS: Final = (*(Rank(r) for r in range(3, 14)), Rank.ACE)
"""The ranks in the pack, low to high: the book removes the twos and the jokers."""
DECKS_FOR: Final = ((6, 3), (10, 4))
"""Packs by player count (rules notes): three packs up to six players, four up to ten."""
DEAL_SIZE: Final[dict[Rank, int]] = {**{Rank(r): r for r in range(3, 11)}, Rank.JACK: 11, Rank.QUEEN: 12,
                                     Rank.KING: 13, Rank.ACE: 14}  # fmt: skip
"""The book: the up card sets the hand size, "Aces are 14 cards, Kings are 13 cards ... etc."."""
CARD_POINTS: Final = PointTable.of(
    {Rank.ACE: 100, **{Rank(r): 5 for r in range(3, 10)}, Rank.TEN: 10, Rank.JACK: 10, Rank.QUEEN: 10, Rank.KING: 10}
)
"""The book: "Ace 100 points, K-10 10 points, 9-3 5 points" (wild cards 100: `points_for`)."""
WILD_POINTS: Final = 100
"""The book: "Wilds 100 points"."""
SET_MAX: Final = 64
"""No limit on a set's size with three or four packs (more than every card of a rank)."""
DIG_RULES: Final = DigRules(free_top=True, from_hand=2, naturals=True, natural_target=True, lay_off=False)
"""The book: "pick the pile as deep as you have at least two matching natural cards"; the
target is natural and goes into a new set with two naturals from the hand."""
DIG_RULES_PAIR_ALWAYS: Final = attrs.evolve(DIG_RULES, free_top=False)
"""`Options.top_card_needs_pair`: the top card is a dig too."""


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Metzker Book of Card Game Rules' game."""

    target: int = 1500
    """The game ends after a hand in which a seat reaches this (book: "First player to 1500")."""
    decks: int = 0
    """Packs of 48 (no twos, no jokers): 0 for the rules notes' choice (3 up to six players, 4
    above), or 3 or 4 (book: "3-4 decks of cards")."""
    top_card_needs_pair: bool = False
    """Taking even the top discard needs the natural pair and melds it at once (off: the top
    card is an ordinary draw unless it is wild; rules notes)."""
    no_layoff_on_others_in_first_meld_turn: bool = True
    """No lay-off onto another player's set in the turn of one's first meld (book: "You can not
    lay down any cards on other players in the round that you meld"); off: from that turn on."""
    max_turns: int = 1000
    """A hand ends after this many turns (the rules notes' safety cap)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.target <= 1_000_000:
            raise ValueError(f"target must be 1 to 1000000 points, not {self.target}")
        if self.decks not in (0, 3, 4):
            raise ValueError(f"decks must be 0 (by player count), 3 or 4, not {self.decks}")
        if not 1 <= self.max_turns <= 100_000:
            raise ValueError(f"max_turns must be 1 to 100000, not {self.max_turns}")

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules' game (the defaults)."""
        return cls()


QUICK: Final = Options(target=150, max_turns=100)
"""A short match for the generic sweeps: 150 points (one or two hands), at most 100 turns a
hand (random play ends it in about 100 to 140 plies)."""


def decks_for(players: int, options: Options) -> int:
    """The number of packs for `players` (the option, or 3 up to six players and 4 above).

    >>> decks_for(6, Options()), decks_for(7, Options()), decks_for(2, Options(decks=4))
    (3, 4, 4)
    """
    if options.decks:
        return options.decks
    return next(d for most, d in DECKS_FOR if players <= most)


def pack_for(players: int, options: Options) -> tuple[Card, ...]:
    """The pack of a game: `decks_for` packs of 48 cards (no twos, no jokers)."""
    return _PACKS[decks_for(players, options)]


_PACKS: Final = {d: stripped_pack(RANKS, packs=d) for d in (3, 4)}


_KEY_AT: Final = tuple(
    ((14 if (i & 15) == 1 else i & 15) * 8 + (i >> 4)) if (i & 15) and (i >> 4) else 1000 + i for i in range(80)
)
"""Each card's hand order by `card.index`: by rank (ace high), then by suit."""


def sort_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards in hand order: by rank from 3 up to the ace, then by suit."""
    return tuple(sorted(cards, key=lambda c: _KEY_AT[c.index]))


@functools.cache
def meld_rules(wild: Rank) -> MeldRules:
    """The meld rules of a hand whose wild rank is `wild`: sets only, 3 or more, suits may
    repeat, at least one natural card.

    >>> from parlour.core.cards import parse_cards
    >>> from parlour.core.melds import is_meld
    >>> is_meld(parse_cards("KC KC 9H"), meld_rules(Rank.NINE)), is_meld(parse_cards("9C 9H 9S"), meld_rules(Rank.NINE))
    (True, False)
    """
    return MeldRules(set_max=SET_MAX, distinct_suits=False, runs=False, min_naturals=1, wild_ranks=frozenset({wild}))


@functools.cache
def points_for(wild: Rank) -> PointTable:
    """The card points of a hand whose wild rank is `wild` (every card of that rank 100)."""
    return CARD_POINTS.with_ranks({wild: WILD_POINTS})


def hand_points(cards: Sequence[Card], wild: Rank) -> int:
    """The points of cards left in hand.

    >>> from parlour.core.cards import parse_cards
    >>> hand_points(parse_cards("KS 4D 9C"), Rank.NINE)
    115
    """
    return points_for(wild).total(cards)


def table_points(table: Sequence[TableMeld], wild: Rank, players: int) -> tuple[int, ...]:
    """Each seat's points on the table: every card counted for the seat credited with it."""
    return credited_points(table, points_for(wild), players)


def dig_choices(pile: Sequence[Card], hand: Sequence[Card], wild: Rank, options: Options) -> tuple[int, ...]:
    """The depths the holder of `hand` may take from `pile` (top card last), lowest first: the
    top card when it is natural (and the top card is free), and every natural card of a rank of
    which the hand holds two natural cards. The same as `core.melds.dig_depths` with
    `DIG_RULES`, counted directly.

    >>> from parlour.core.cards import parse_cards
    >>> dig_choices(parse_cards("KD 4S 9H 6C"), parse_cards("KC KS 5D"), Rank.NINE, Options())
    (1, 4)
    """
    return _dig_choices(pile, sort_hand(hand), wild, options.top_card_needs_pair)


def _dig_choices(pile: Sequence[Card], hand: Sequence[Card], wild: Rank, pair_always: bool) -> tuple[int, ...]:
    """`dig_choices` for a hand in its sorted order (the cards of a rank side by side)."""
    pairs = set()
    prev = None
    for c in hand:
        r = c.rank
        if r is prev and r is not wild:
            pairs.add(r)
        prev = r
    top = pile[-1] if pile else None
    first = top is not None and top.rank is not wild and (top.rank in pairs or not pair_always)
    if not pairs:
        return (1,) if first else ()
    deep = []
    depth = len(pile)
    for card in pile[:-1]:
        if card.rank in pairs:
            deep.append(depth)
        depth -= 1
    deep.reverse()
    return (1, *deep) if first else tuple(deep)
