"""Five Hundreds rule tables and options: the player counts, the pack, the meld rules, the card
points, the dig rules, `Options` with its preset, and the short match of the generic sweeps.
"""

from __future__ import annotations

from typing import Final

import attrs

from parlour.core.cards import Rank, standard_pack
from parlour.core.melds import AceMode, DigRules, MeldRules, PointTable
from parlour.core.options import check_option_types


# ---------------------------------------------------------------------------------------------
# Rule tables

PLAYERS: Final = (2, 3, 4)
"""The book: "2 to 4 people can play"."""
DEFAULT_PLAYERS: Final = 2
HAND_SIZE: Final = 7
"""The book: "7 cards are dealt to each player"."""
PACK: Final = standard_pack()
"""One pack without jokers."""
MELD_RULES: Final = MeldRules(ace_mode=AceMode.EITHER)
"""Sets of 3 or 4 of a rank (distinct suits), runs of 3 or more, the ace high or low."""
CARD_POINTS: Final = PointTable.of(
    {Rank.ACE: 25, **{Rank(r): 5 for r in range(2, 10)}, Rank.TEN: 10, Rank.JACK: 10, Rank.QUEEN: 10, Rank.KING: 10}
)
"""The book: ace 25, K to 10 ten points, 9 to 2 five points (on the table and in hand)."""
DIG_RULES: Final = DigRules(free_top=True, from_hand=1, lay_off=False)
"""A dug card goes into a new meld with at least one card held before the draw."""


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Metzker Book of Card Game Rules' game."""

    target: int = 500
    """The game ends after a hand in which a seat reaches this (book: "First person to 500")."""
    rummy_call: bool = True
    """Another seat may call "Rummy!" and take a discard that could be laid off (book)."""
    top_card_free: bool = True
    """The top discard alone is an ordinary draw (rules notes); off, it must be melded at once
    with a card from the hand, like a card dug from deeper."""
    max_turns: int = 1000
    """A hand ends after this many turns (the rules notes' safety cap; it never matters in
    ordinary play)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.target <= 100_000:
            raise ValueError(f"target must be 1 to 100000 points, not {self.target}")
        if not 1 <= self.max_turns <= 100_000:
            raise ValueError(f"max_turns must be 1 to 100000, not {self.max_turns}")

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules' game (the defaults)."""
        return cls()


QUICK: Final = Options(target=60, max_turns=60)
"""A short match for the generic sweeps: 60 points, hands of at most 60 turns."""
_DEFAULTS: Final = Options()
