"""10 Dime Rummy rule tables and options: the player counts, the round contracts, the meld rules,
the card points, the packs, `Options` with its preset, and the short match of the generic sweeps.
"""

from __future__ import annotations

import functools
from typing import Final

import attrs

from parlour.core.cards import Card, Rank, standard_pack
from parlour.core.contracts import Contract, sets
from parlour.core.melds import MeldRules, PointTable
from parlour.core.options import check_option_types


# ---------------------------------------------------------------------------------------------
# Rule tables

PLAYERS: Final = tuple(range(2, 11))
"""The book: "Any number of people can play"; read as 2 to 10 (rules notes)."""
DEFAULT_PLAYERS: Final = 4
HAND_SIZE: Final = 12
"""The book: "12 cards are dealt to each player"."""
ROUND_CONTRACTS: Final = (
    Contract(needs=sets(1, 3)),
    Contract(needs=sets(2, 3)),
    Contract(needs=sets(1, 4)),
    Contract(needs=sets(2, 4)),
    Contract(needs=sets(1, 5)),
    Contract(needs=sets(2, 5)),
    Contract(needs=sets(1, 6)),
    Contract(needs=sets(2, 6)),
)
"""The book's "Required Meld for each hand", round 1 to round 8 (sets of at least that size)."""
WILD_RANKS: Final = frozenset({Rank.JOKER, Rank.TWO})
"""The book: "Jokers and 2's are wild"."""
MELD_RULES: Final = MeldRules(
    set_max=216, distinct_suits=False, runs=False, wild_ranks=WILD_RANKS, naturals_ge_wilds=True
)
"""Sets only, of 3 or more of a rank (duplicates from several packs), naturals >= wilds."""
CARD_POINTS: Final = PointTable.of(
    {
        Rank.JOKER: 50,
        Rank.TWO: 25,
        Rank.ACE: 20,
        **{Rank(r): 10 for r in range(10, 14)},
        **{Rank(r): 5 for r in range(3, 10)},
    }
)
"""The book: jokers 50, 2s 25, aces 20, K-10 ten, 9-3 five (on the table and in hand)."""
DECKS_UP_TO_SIX: Final = 3
DECKS_FROM_SEVEN: Final = 4
"""The book: "3-4 decks of cards, including jokers"; read as 3 packs for up to six players and 4
for seven or more (rules notes)."""
MIN_SET: Final = 3
"""The book: "additional sets can be set down with a minimum of 3 to each set"."""

_NATURAL_RANKS: Final = (1, *range(3, 14))
"""The ranks that can form sets (aces, then 3 to K); twos and jokers are wild."""


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Metzker Book of Card Game Rules' game."""

    decks: int = 0
    """Packs used, each with its two jokers (book: "3-4 decks"); 0 picks 3 for up to six
    players and 4 for more."""
    dimes: int = 10
    """Dimes each player brings (book: "Each player begins the game with ten dimes")."""
    buy_extra_cards: int = 2
    """Stock cards a buyer takes with the discard (book: "the discard and two more cards")."""
    buy_replaces_draw: bool = True
    """A buy on one's own turn is that turn's draw (rules notes); off, the buyer also draws the
    usual stock card."""
    buy_out_of_turn: bool = True
    """After the player to move draws from the stock, the other seats may buy the discard in
    turn; off, only the player to move may buy, instead of drawing."""
    distinct_ranks_in_contract: bool = False
    """The two sets of a two-set contract must be of different ranks (off: any ranks)."""
    rounds: int = 8
    """Rounds played, from the first of `ROUND_CONTRACTS` (book: eight); rounds past the eighth
    keep its contract."""
    max_turns: int = 1000
    """A round ends after this many turns (the rules notes' safety cap)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if self.decks != 0 and not DECKS_UP_TO_SIX <= self.decks <= 100:
            raise ValueError(f"decks must be 0 (by player count) or 3 to 100, not {self.decks}")
        if not 0 <= self.dimes <= 100_000:
            raise ValueError(f"dimes must be 0 to 100000, not {self.dimes}")
        if not 0 <= self.buy_extra_cards <= 1000:
            raise ValueError(f"buy_extra_cards must be 0 to 1000, not {self.buy_extra_cards}")
        if not 1 <= self.rounds <= 1000:
            raise ValueError(f"rounds must be 1 to 1000, not {self.rounds}")
        if not 1 <= self.max_turns <= 100_000:
            raise ValueError(f"max_turns must be 1 to 100000, not {self.max_turns}")

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules' game (the defaults)."""
        return cls()


QUICK: Final = Options(rounds=1, max_turns=40)
"""A short match for the generic sweeps: the first round only, at most 40 turns."""


def contract_for(round_: int) -> Contract:
    """The contract of a round (1-based); rounds past the eighth keep the eighth's.

    >>> str(contract_for(4)), str(contract_for(9))
    ('2 sets of 4', '2 sets of 6')
    """
    return ROUND_CONTRACTS[min(round_, len(ROUND_CONTRACTS)) - 1]


def decks_for(players: int, options: Options) -> int:
    """The packs in play: `options.decks`, or 3 for up to six players and 4 for more.

    >>> decks_for(6, Options()), decks_for(7, Options()), decks_for(8, Options(decks=3))
    (3, 4, 3)
    """
    if options.decks:
        return options.decks
    return DECKS_UP_TO_SIX if players <= 6 else DECKS_FROM_SEVEN


@functools.cache
def pack_for(decks: int) -> tuple[Card, ...]:
    """`decks` 52-card packs with two jokers each (3 packs: 162 cards)."""
    return standard_pack(packs=decks, jokers=2)
