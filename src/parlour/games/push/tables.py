"""Push's rule tables: the pack, the five deals' hand sizes and contracts, the meld rules, the
card values, the options, and per-card lookup tables for the hot paths."""

from __future__ import annotations

from typing import Final

import attrs

from parlour.core.cards import HIDDEN, JOKER, SUITS, Card, Rank, Suit, interned, standard_pack
from parlour.core.contracts import Contract, runs, sets
from parlour.core.melds import AceMode, MeldRules, PointTable, rank_at
from parlour.core.options import check_option_types


# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = (4,)
TEAMS: Final = 2
PACK: Final = standard_pack(packs=2, jokers=2)
HAND_SIZES: Final = (6, 7, 8, 9, 10)
CONTRACTS: Final = (
    Contract(needs=sets(2, 3)),
    Contract(needs=(*sets(1, 3), *runs(1, 4))),
    Contract(needs=runs(2, 4)),
    Contract(needs=sets(3, 3)),
    Contract(needs=runs(2, 5)),
)
WILD_RANKS: Final = frozenset({Rank.JOKER, Rank.TWO})
RULES: Final = MeldRules(
    set_min=3,
    set_max=4,
    distinct_suits=True,
    ace_mode=AceMode.EITHER,
    wild_ranks=WILD_RANKS,
    allow_all_wild=True,
)
POINTS: Final = PointTable.of(
    {
        Rank.JOKER: 25,
        Rank.TWO: 25,
        Rank.ACE: 20,
        Rank.KING: 10,
        Rank.QUEEN: 10,
        Rank.JACK: 10,
        Rank.TEN: 10,
        **{Rank(r): 5 for r in range(3, 10)},
    }
)
MAX_TURNS: Final = 1000


@attrs.frozen(kw_only=True)
class Options:
    """Push's rules that vary; the defaults are the Metzker book's game."""

    deals: int = 5
    """How many deals of the schedule are played (the book: all five)."""
    max_turns_per_hand: int = MAX_TURNS
    """A deal still going after this many turns ends as a dead hand (each side scores its own
    hands); a safety cap for bots, not in the book."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.deals <= len(CONTRACTS):
            raise ValueError(f"deals must be 1..{len(CONTRACTS)} (got {self.deals})")
        if not 4 <= self.max_turns_per_hand <= 100_000:
            raise ValueError(f"max_turns_per_hand must be 4..100000 (got {self.max_turns_per_hand})")

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules: five deals (the defaults)."""
        return cls()


QUICK: Final = Options(deals=1)

_CARDS: Final = (*standard_pack(), JOKER)
_WILD: Final = tuple(RULES.is_wild(Card(Rank(i % 16), None if i < 16 else Suit(i // 16 - 1))) if i % 16 <= 14 and (i < 16 or i % 16 <= 13) else False for i in range(80))
_AT: Final = tuple(tuple(interned(Card(rank_at(p), s)) for p in range(15)) for s in SUITS)


# Per-card tables ------------------------------------------------------------------------------

_CARD: Final = tuple(
    interned(Card(Rank(i % 16), Suit(i // 16 - 1))) if 16 <= i < 80 and 1 <= i % 16 <= 13 else HIDDEN for i in range(80)
)
_SET_RANKS: Final = tuple(r for r in range(1, 14) if Rank(r) not in WILD_RANKS)
_WILD_KEY: Final = {JOKER: 0, **{interned(Card(Rank.TWO, s)): 1 + int(s) for s in SUITS}}


_R: Final = tuple(i & 15 for i in range(80))
_S: Final = tuple(max((i >> 4) - 1, 0) for i in range(80))
_SB: Final = tuple(1 << ((i >> 4) - 1) if i >= 16 else 0 for i in range(80))
_PB: Final = tuple((2 | 1 << 14) if i & 15 == 1 else 1 << (i & 15) for i in range(80))
_POP: Final = tuple(bin(m).count("1") for m in range(16))


