"""Sticks' rule tables: players, packs, the meld rules, the sticks (`Stick`, `make_sticks`, the
standard and simple lists) and the options."""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Final

import attrs

from parlour.core.cards import Card, Rank, standard_pack
from parlour.core.contracts import Contract, parse_contract
from parlour.core.melds import AceMode, MeldRules, rank_at
from parlour.core.options import check_option_types


PLAYERS: Final = tuple(range(2, 11))
"""Seed: "Any number of people can play" (the rules notes: 2 to 10)."""


DEFAULT_PLAYERS: Final = 4


HAND_SIZE: Final = 15
"""Seed: "Each player is dealt 15 cards"."""


PACKS: Final = ((6, 3), (10, 4))
"""(most players, packs): seed "3-4 decks of cards, jokers included"; 3 packs up to 6 players."""


JOKERS_PER_PACK: Final = 2


RULES: Final = MeldRules(
    set_max=104,
    distinct_suits=False,
    ace_mode=AceMode.EITHER,
    wild_ranks=frozenset({Rank.TWO, Rank.JOKER}),
    min_naturals=1,
)
"""Seed: 2s and jokers wild; sets and runs of at least three with at least one natural."""


NEW_MELD: Final = 3
"""New melds after the stick are laid as three cards (then grown by lay-offs)."""


HIDDEN_STICK: Final = -2
"""A face-down stick as a view shows it to another seat (and every stick of the pot)."""


NO_STICK: Final = -1
"""The seat turned its stick face up this hand (it draws a new one at the next deal)."""


PLIES_PER_TURN: Final = 2 + 2 * HAND_SIZE
"""At most: the draw, every card of a 16-card hand but one leaving it (a swap and its wild's
lay-off take two moves per card), and the discard."""


@attrs.frozen
class Stick:
    """One stick: its name (the contract's text, or "free") and its contract (None: Free)."""

    name: str
    contract: Contract | None

    @property
    def free(self) -> bool:
        return self.contract is None

    def __str__(self) -> str:
        return self.name


FREE: Final = "free"


def make_sticks(texts: Sequence[str]) -> tuple[Stick, ...]:
    """A stick list from text: "free" or a contract in `parse_contract`'s form, every length
    exact. ValueError for a stick no 15-card hand could lay (a run of 14, a meld under three
    cards, more than 15 cards) or a list without any contract.

    >>> make_sticks(["1 run of 14"])
    Traceback (most recent call last):
    ...
    ValueError: a contract meld needs a length of 1 to 13 (got 14)
    """
    out = []
    for text in texts:
        body = " ".join(str(text).lower().split())
        if body == FREE:
            out.append(Stick(FREE, None))
            continue
        contract = parse_contract(body, exact=True, extra_melds=False)
        if not contract.needs or contract.all_cards or contract.same_suit_runs:
            raise ValueError(f"a stick is sets and runs of given lengths, not {text!r}")
        for need in contract.needs:
            if need.length < 3:
                raise ValueError(f"a meld has at least 3 cards: {text!r}")
            if need.low is not None and need.low + need.length - 1 > 14:
                raise ValueError(f"a run from {rank_at(need.low).symbol} cannot be {need.length} long: {text!r}")
        if contract.cards > HAND_SIZE:
            raise ValueError(f"{text!r} needs {contract.cards} cards; a player keeps one of 16 to discard")
        out.append(Stick(str(contract), contract))
    if not any(not s.free for s in out):
        raise ValueError("a stick list needs at least one stick that is not Free")
    return tuple(out)


STANDARD_STICKS: Final = make_sticks(
    (
        "2 sets of 3", "3 sets of 3", "4 sets of 3", "1 set of 4 and 1 set of 3", "2 sets of 4",
        "1 set of 5 and 1 set of 3", "2 sets of 5", "1 set of 6", "1 set of 7", "2 runs of 3",
        "3 runs of 3", "4 runs of 3", "1 run of 4 and 1 run of 3", "2 runs of 4", "3 runs of 4",
        "1 run of 5 and 1 run of 3", "2 runs of 5", "1 run of 7", "1 run of 8", "1 run of 9",
        "1 run of 3 and 1 set of 3", "1 run of 4 and 1 set of 3", "1 run of 4 and 1 set of 4",
        "1 run of 4 and 2 sets of 3", "1 run of 5 and 1 set of 3", "1 run of 5 and 1 set of 4",
        "1 run of 6 and 1 set of 3", "1 run of 7 and 1 set of 3", "2 runs of 3 and 1 set of 5",
        "1 run of 4 in hearts and 1 set of 3", "1 run of 5 in clubs and 1 set of 3 eights",
        "2 runs of 4 in spades and 1 set of 3 aces", "1 set of 4 fives and 1 set of 4 sixes",
        "1 set of 3 fives and 1 set of 3 tens", "1 run of 3 in diamonds and 1 set of 3 kings",
        "1 run of 5 in clubs from 10", FREE, FREE, FREE, FREE,
    )
)  # fmt: skip
"""The rules notes' default pot: 36 contracts (numbered 1-36 there, in this order) and 4 Free."""


SIMPLE_STICKS: Final = make_sticks(("2 sets of 3", "2 runs of 3", "1 run of 3 and 1 set of 3", FREE))
"""A short pot of easy sticks (for quick matches and teaching)."""


class StickList(enum.Enum):
    """Which stick list fills the pot."""

    STANDARD = "standard"
    """The 40 sticks of `STANDARD_STICKS`."""
    SIMPLE = "simple"
    """The 4 easy sticks of `SIMPLE_STICKS`."""


STICK_LISTS: Final = {StickList.STANDARD: STANDARD_STICKS, StickList.SIMPLE: SIMPLE_STICKS}


@functools.cache
def pack_for(players: int) -> tuple[Card, ...]:
    """The pack for a table: 3 packs with jokers up to 6 players, 4 for 7 to 10."""
    packs = next(k for most, k in PACKS if players <= most)
    return standard_pack(packs=packs, jokers=JOKERS_PER_PACK)


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Metzker Book's basic game."""

    stick_list: StickList = StickList.STANDARD
    """The sticks in the pot (the seed lists none; see `STICK_LISTS`)."""
    sticks_to_win: int = 7
    """Seed: "The first person to collect 7 sticks is the winner"."""
    free_cannot_be_last: bool = True
    """Seed: a Free stick drawn "on the 7th round does not count and another must be drawn"."""
    trade_in: bool = False
    """Seed's optional rule: a stick held through a hand may be traded in after seeing the next deal."""
    no_playable_discards: bool = False
    """Seed's optional rule: a card that could be added to the melds on the table (wilds too)
    may not be discarded by a player who has played their stick."""
    max_turns_per_hand: int = 1000
    """Rules notes C8: after this many turns the hand is dead and dealt again."""
    max_hands: int = 300
    """A safety cap on the deals of a match (the most sticks then win)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        for name, low in (("sticks_to_win", 1), ("max_turns_per_hand", 1), ("max_hands", 1)):
            value = getattr(self, name)
            if value < low:
                raise ValueError(f"{name} must be at least {low}, not {value}")

    @property
    def sticks(self) -> tuple[Stick, ...]:
        """The stick list of `stick_list`."""
        return STICK_LISTS[self.stick_list]

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules' basic game (the defaults)."""
        return cls()

    @classmethod
    def optional(cls) -> Options:
        """The Metzker Book's game with both of its optional rules (a convenience, not a
        registered preset: the options are tested one by one)."""
        return cls(trade_in=True, no_playable_discards=True)


QUICK: Final = Options(stick_list=StickList.SIMPLE, sticks_to_win=2, max_turns_per_hand=150, max_hands=3)
