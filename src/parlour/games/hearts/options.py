"""Hearts rules as data: the rule tables, the option enums and `Options` with its presets.

The pack and its penalty points, the passing cycles and the player counts, each with the seed
that sets it; `Options` names every rule that differs between the three rule books (000 House
Party, 004 Hoyle, 001 Metzker). Last come the pure helpers that follow from the options alone:
how many cards each seat is dealt, how many lie in the kitty, and where a hand's passes go.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from parlour.core.cards import Card, Suit, standard_pack
from parlour.core.options import check_option_types
from parlour.core.tricks import point_table

# ---------------------------------------------------------------------------------------------
# Rule tables

PACK: Final = standard_pack()
"""The 52 cards in new-pack order."""
QUEEN_OF_SPADES: Final = Card.parse("QS")
PENALTY: Final = point_table(suits={Suit.HEARTS: 1}, cards={QUEEN_OF_SPADES: 13})
"""Each heart 1 point, the queen of spades 13 (all seeds)."""
HAND_POINTS: Final = sum(PENALTY.values())
"""26: the penalty points in play every hand."""
MOON_POINTS: Final = 26
"""What shooting the moon moves: -26 to the shooter, or +26 to every other player."""
PASS_COUNT: Final = 3
"""Cards each player passes (all seeds)."""
MIN_KITTY: Final = 2
"""Metzker: "There must always be at least 2 cards in the middle"."""
PLAIN_PLAYERS: Final = (4,)
"""Player counts without a kitty (000 and 004 describe four players)."""
KITTY_PLAYERS: Final = (3, 4, 5, 6, 7)
"""Player counts of the Metzker deal with a kitty."""
LEFT, RIGHT, ACROSS, KEEP = 1, -1, 2, 0
ROTATE_FOUR: Final = (LEFT, RIGHT, ACROSS, KEEP)
"""The passing cycle with four players: left, right, across, no pass."""
ROTATE_OTHER: Final = (LEFT, RIGHT, KEEP)
"""The cycle with 3 or 5-7 players: no across round (Metzker; nobody sits across from 3)."""
TARGET_SCORE: Final = 100
_SUIT_WORD: Final = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


class Passing(enum.Enum):
    """Where the three cards go each hand."""

    ROTATE = 0
    """Left, right, across, none, repeating (across skipped unless four play)."""
    LEFT = 1
    """To the left every hand (Hoyle)."""
    NONE = 2
    """No passing."""


class Opener(enum.Enum):
    """Who leads the first trick of a hand."""

    LOW_CLUB = 0
    """The holder of the lowest club in play leads it: the 2 of clubs unless it is in the kitty."""
    LEFT_OF_DEALER = 1
    """The player to the dealer's left leads any card allowed by the leading rules (Hoyle option)."""


class Moon(enum.Enum):
    """What taking all 26 penalty points does."""

    CHOICE = 0
    """The shooter chooses SUBTRACT or ADD after the last trick (000)."""
    ADD = 1
    """Every other player scores +26, the shooter 0 (004, 001 POWER)."""
    SUBTRACT = 2
    """The shooter scores -26, the others 0."""


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the House Party rules (000), preset `house_party`."""

    passing: Passing = Passing.ROTATE
    """Passing cycle: rotate (left, right, across, none), left every hand, or none."""
    opener: Opener = Opener.LOW_CLUB
    """First lead: the lowest club in play (2C), or the player to the dealer's left."""
    queen_breaks_hearts: bool = False
    """The queen of spades played to a trick breaks hearts, like a heart (Metzker)."""
    moon: Moon = Moon.CHOICE
    """Shooting the moon: the shooter's choice, +26 to the others, or -26 to the shooter."""
    kitty: bool = False
    """Metzker deal: 3-7 players get floor(50/n) cards each, the rest (at least 2) form a kitty
    that goes to the winner of the first trick and counts for that player."""
    no_points_on_first_trick: bool = False
    """House rule: no heart or queen of spades on the first trick unless a player has no other card."""
    target_score: int = TARGET_SCORE
    """The game ends after a hand in which someone reaches or passes this score."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if self.target_score < 1:
            raise ValueError(f"target_score must be a positive number of points, not {self.target_score}")

    @property
    def allowed_players(self) -> tuple[int, ...]:
        """Player counts these options allow: 3-7 with the kitty deal, else 4."""
        return KITTY_PLAYERS if self.kitty else PLAIN_PLAYERS

    @classmethod
    def house_party(cls) -> Options:
        """000: pass left, right, across, none; 2C leads; moon: the shooter's choice."""
        return cls()

    @classmethod
    def hoyle(cls) -> Options:
        """004: pass left every hand; 2C leads; moon gives each opponent 26."""
        return cls(passing=Passing.LEFT, moon=Moon.ADD)

    @classmethod
    def metzker(cls) -> Options:
        """001: kitty deal for 3-7, lowest club leads, the queen breaks hearts, POWER +26 to others."""
        return cls(kitty=True, queen_breaks_hearts=True, moon=Moon.ADD)


PRESETS: Final = (
    ("house_party", Options.house_party()),
    ("hoyle", Options.hoyle()),
    ("metzker", Options.metzker()),
)
"""The rule sets of the three seeds, by name (`GameSpec.presets`)."""
QUICK: Final = Options(target_score=50)
"""A short match for the generic sweeps (`GameSpec.quick`): the House Party rules to 50, three
to six hands (about 320 plies of random play, against about 700 for a game to 100)."""


def players_for(options: Options) -> tuple[int, ...]:
    """The player counts `options` allow (`GameSpec.players_for`): 3-7 with the kitty deal, else 4."""
    return options.allowed_players


def presets_allowing(players: int) -> str:
    """Which presets allow `players` players, for the message that refuses the count, or ""."""
    named = [
        f"the {name} preset allows {', '.join(map(str, o.allowed_players))}"
        for name, o in PRESETS
        if players in o.allowed_players
    ]
    return "; ".join(named)


# ---------------------------------------------------------------------------------------------
# Pure helpers


def hand_size(players: int, options: Options) -> int:
    """Cards dealt to each player: 13 with four and no kitty; floor(50 / n) with the kitty."""
    return (len(PACK) - MIN_KITTY) // players if options.kitty else len(PACK) // players


def kitty_size(players: int, options: Options) -> int:
    """Cards left in the middle after the deal (0 without the kitty rule)."""
    return len(PACK) - players * hand_size(players, options)


def pass_offset(options: Options, players: int, hand: int) -> int:
    """Seats to the left that hand `hand` passes to: 1 left, -1 right, 2 across, 0 no pass."""
    if options.passing is Passing.NONE:
        return KEEP
    if options.passing is Passing.LEFT:
        return LEFT
    cycle = ROTATE_FOUR if players == 4 else ROTATE_OTHER
    return cycle[(hand - 1) % len(cycle)]
