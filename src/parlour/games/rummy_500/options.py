"""Rummy 500 rule tables and options: the player count, the hand size, the pack, the card
points, the meld rules and the sizes of the new melds offered, `Options` with its preset, and
the short match of the generic sweeps.
"""

from __future__ import annotations

from typing import Final

import attrs

from parlour.core.cards import standard_pack
from parlour.core.melds import POINTS_RUMMY_500, AceMode, MeldRules
from parlour.core.options import check_option_types


# ---------------------------------------------------------------------------------------------
# Rule tables

PLAYERS: Final = 2
"""The seed: "played by two people"."""
HAND_SIZE: Final = 13
"""The seed: "Each player receives a hand of 13 cards"."""
PACK: Final = standard_pack()
POINTS: Final = POINTS_RUMMY_500
"""Ace 15 (1 as the low end of a run), court cards 10, pips their face value."""
RULES: Final = MeldRules(ace_mode=AceMode.EITHER)
"""Sets of 3-4 of a rank in distinct suits, runs of 3 or more in a suit, ace high or low."""
MELD_SIZES: Final = (3, 4)
"""The sizes of the new melds offered as moves (longer runs grow by lay-offs)."""


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Hoyle Card Games manual's game."""

    top_card_must_be_played: bool = True
    """A player who takes the top discard must play it to the table this turn (seed: "You can
    change the game options to not require you to play this card"; then it may be kept, and
    a different card discarded)."""
    target: int = 500
    """The game ends after a hand in which a player reaches this total (seed: 500)."""
    max_turns: int = 1000
    """Safety cap on turns in one hand (a library addition): the hand then ends as when the stock is
    used up. The seed's rules end every hand long before it."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.target <= 100_000:
            raise ValueError(f"target must be 1 to 100000 points, not {self.target}")
        if not 2 <= self.max_turns <= 100_000:
            raise ValueError(f"max_turns must be 2 to 100000, not {self.max_turns}")

    @classmethod
    def hoyle(cls) -> Options:
        """The Hoyle Card Games manual's game (the defaults)."""
        return cls()


QUICK: Final = Options(target=250)
"""A short match for the generic sweeps: the first to 250 (two or three hands)."""
_DEFAULTS: Final = Options()
