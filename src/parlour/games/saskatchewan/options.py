"""Saskatchewan Rummy rules as data: the pack per player count, the five trick contracts, the
Sevens constants and `Options` with its preset.

Each table names the sentence of the Metzker Book of Card Game Rules it comes from, or the
reading chosen where the book is silent (see the package docstring).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

from parlour.core.cards import Card, Rank, RankOrder, Suit, parse_cards, standard_pack
from parlour.core.options import check_option_types
from parlour.core.tricks import point_table, points

# ---------------------------------------------------------------------------------------------
# Rule tables

PLAYERS: Final = (3, 4, 5, 6, 7, 8, 9, 10)
"""Seed: "Any number of people can play"; the library supports 3 to 10."""
DEFAULT_PLAYERS: Final = 4
PACK: Final = standard_pack()
"""One 52-card pack, no jokers."""
REMOVAL_ORDER: Final = parse_cards("2C 2D 2S 2H 3C 3D 3S 3H")
"""Seed: "If some cards need to be removed, remove the 2s and/or 3s"; reading: in this order."""


def removed_cards(players: int) -> tuple[Card, ...]:
    """The cards taken out so that `players` get equal hands: the first 52 mod n of `REMOVAL_ORDER`.

    >>> [" ".join(map(str, removed_cards(n))) for n in (3, 4, 9)]
    ['2C', '', '2C 2D 2S 2H 3C 3D 3S']
    """
    return REMOVAL_ORDER[: len(PACK) % players]


REMOVED: Final[Mapping[int, tuple[Card, ...]]] = {n: removed_cards(n) for n in PLAYERS}
"""The cards removed for each player count (3: 2C; 4: none; 5: 2C 2D; 6: the 2s; ...)."""
PACKS: Final = {n: tuple(c for c in PACK if c not in REMOVED[n]) for n in PLAYERS}


def pack_for(players: int) -> tuple[Card, ...]:
    """The pack `players` play with: the 52 cards less `removed_cards(players)`."""
    return PACKS[players]


def hand_size(players: int) -> int:
    """Cards dealt to each player: the whole stripped pack, shared equally (4 players: 13)."""
    return len(PACKS[players]) // players


@attrs.frozen
class Contract:
    """What a trick hand costs: cents per trick, per card taken (a table), for the last trick."""

    what: str
    """What costs, in words ("each heart taken")."""
    per_trick: int = 0
    card_cents: Mapping[Card, int] = attrs.field(factory=dict)
    last_trick: int = 0

    @property
    def title(self) -> str:
        """The rule in words: "each heart taken pays 5 cents"."""
        rate = self.per_trick or self.last_trick or max(self.card_cents.values())
        return f"{self.what} pays {rate} cents"

    def total(self, players: int) -> int:
        """The cents this hand puts into the pot with `players` players (always the same)."""
        pack = PACKS[players]
        return self.per_trick * hand_size(players) + points(pack, self.card_cents) + self.last_trick


KING_OF_CLUBS: Final = Card(Rank.KING, Suit.CLUBS)
CONTRACTS: Final = (
    Contract("each trick taken", per_trick=5),
    Contract("each heart taken", card_cents=point_table(suits={Suit.HEARTS: 5})),
    Contract("each queen taken", card_cents=point_table(ranks={Rank.QUEEN: 10})),
    Contract("the king of clubs", card_cents={KING_OF_CLUBS: 25}),
    Contract("the last trick", last_trick=50),
)
"""Hands 1-5 (seed table "Hands"): what each costs, paid into the pot."""
SEVENS_HAND: Final = len(CONTRACTS) + 1
"""Hand 6 is the Sevens layout hand, and the last of the match."""
PASS_CENTS: Final = 5
"""Seed: "If you cannot play you pay 5 cents and pass your turn"."""
SEVENS_TITLE: Final = f"sevens: build from the sevens; who cannot play pays {PASS_CENTS} cents"
PAID_PLACES: Final = 3
"""Seed: 1st out takes half the pot, "2nd and 3rd place divide the remaining pot"."""
SEVENS_ORDER: Final = RankOrder(tuple(Rank(r) for r in range(2, 14)) + (Rank.ACE,))
"""A row runs 2 up to K, then A "on top of the Kings"."""
ORDINALS: Final = ("1st", "2nd", "3rd")


# ---------------------------------------------------------------------------------------------
# Options


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Metzker rules with the readings of the module docs."""

    sevens_pre_laid: bool = False
    """Hand 6: all four sevens are laid out before the first turn ("Game play begins with 7s
    played out in the centre" read literally) instead of being played in turn."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules, with the sevens played in turn."""
        return cls()


PRESETS: Final = (("metzker", Options.metzker()),)
_DEFAULTS: Final = Options()
