"""Desert Rummy's rule tables: player counts and packs, the eleven contracts, the meld rules,
`Options` with its preset, and the short match of the generic sweeps."""

from __future__ import annotations

import enum
from typing import Final

import attrs

from parlour.core.cards import JOKER, Card, Rank, parse_cards, standard_pack
from parlour.core.contracts import Contract, parse_contract
from parlour.core.melds import AceMode, MeldRules
from parlour.core.options import check_option_types

# Rule tables -----------------------------------------------------------------------------------

PLAYERS: Final = tuple(range(2, 11))
"""The book: "Any number of people can play"; the library plays 2 to 10 (up to four packs)."""
DEFAULT_PLAYERS: Final = 4
HAND_SIZE: Final = 11
"""The book: "Deal 11 cards to each player"."""
DECKS: Final = ((5, 2), (8, 3), (10, 4))
"""(most players, packs with jokers): the book's 2 packs for 4 and 3-4 for 6 or more."""
CONTRACT_TEXTS: Final = (
    "2 sets of 3",
    "2 runs of 3",
    "1 run of 4 and 1 set of 3",
    "2 sets of 4",
    "1 run of 5 and 1 set of 3",
    "3 sets of 3",
    "1 run of 7",
    "2 runs of 4 in same suit",
    "1 run of 6 and 1 set of 3",
    "2 sets of 5",
    "1 run of 9",
)
CONTRACTS: Final[tuple[Contract, ...]] = tuple(parse_contract(t, exact=True, extra_melds=False) for t in CONTRACT_TEXTS)
"""The book's eleven contracts in order: exact sizes, nothing else laid in the same turn."""
RULES: Final = MeldRules(
    set_max=64,
    distinct_suits=False,
    ace_mode=AceMode.EITHER,
    wild_ranks=frozenset({Rank.TWO, Rank.JOKER}),
    naturals_ge_wilds=True,
)
"""Jokers and twos wild, at least as many naturals as wilds, sets of any suits, ace high or low."""
NEW_MELD: Final = 3
"""New melds after the contract are offered as three cards (grown by lay-offs)."""
_WILD_ORDER: Final = (JOKER, *parse_cards("2C 2D 2H 2S"))
"""The order in which a move takes the hand's wilds (they are interchangeable here)."""


def decks_for(players: int) -> int:
    """The packs (with two jokers each) for a player count.

    >>> [decks_for(n) for n in (2, 5, 6, 8, 9, 10)]
    [2, 2, 3, 3, 4, 4]
    """
    for most, decks in DECKS:
        if players <= most:
            return decks
    raise ValueError(f"desert_rummy is played by 2 to 10 players, not {players}")


def pack_for(players: int) -> tuple[Card, ...]:
    """The cards in play for a player count (2, 3 or 4 packs with two jokers each)."""
    return _PACKS[decks_for(players)]


_PACKS: Final = {decks: standard_pack(packs=decks, jokers=2) for decks in (2, 3, 4)}


class WinTiming(enum.Enum):
    """When the player who lays the last contract wins."""

    IMMEDIATE = "immediate"
    """At once, as the contract goes down (the rules notes' reading of "reaches their 11th meld")."""
    END_OF_HAND = "end_of_hand"
    """When the hand ends; the first to have laid the last contract in it wins."""


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Metzker book's game."""

    contracts: int = 11
    """How many of the eleven contracts are played (the book: all 11); fewer for a short game."""
    new_melds_after_contract: bool = True
    """After the contract, a player may start new melds in later turns (the book's swap rule
    speaks of "a set/run you are making"); False: only lay-offs onto their melds."""
    swap_on_others_runs: bool = True
    """Swaps may take a wild out of any player's run (the book: "some wild card on the table");
    False: only out of the player's own runs."""
    win_timing: WinTiming = WinTiming.IMMEDIATE
    """When the player who lays the last contract wins."""
    max_turns: int = 1000
    """Safety cap on turns in one hand (a library addition): the hand then ends as a dead hand."""
    max_hands: int = 200
    """Safety cap on hands in a match (a library addition): the players furthest along win."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.contracts <= len(CONTRACTS):
            raise ValueError(f"contracts must be 1 to {len(CONTRACTS)}, not {self.contracts}")
        if not 2 <= self.max_turns <= 100_000:
            raise ValueError(f"max_turns must be 2 to 100000, not {self.max_turns}")
        if not 1 <= self.max_hands <= 10_000:
            raise ValueError(f"max_hands must be 1 to 10000, not {self.max_hands}")

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker book's game (the defaults)."""
        return cls()


QUICK: Final = Options(contracts=2)
"""A short match for the generic sweeps: contracts 1 and 2 only (two or three hands)."""
_DEFAULTS: Final = Options()


def contract_text(number: int) -> str:
    """The contract's words.

    >>> contract_text(8)
    '2 runs of 4 in same suit'
    """
    return str(CONTRACTS[number - 1])
