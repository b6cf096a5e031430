"""The stock refill: when the stock runs short, the discards (bar the top) become the new stock.

Rummy games that reshuffle (rules notes C7 `RESHUFFLE`), Golf and the board games' card decks
call `refill_stock` at the point of a draw. It is a pure function of values: the stock lists its
top card first, the discard pile its top card last (the convention of every game here), and the
shuffle draws once from the state's immutable `Rng`. What nobody chooses happens inside `apply`,
so the result carries the event a frontend narrates (`EventKind.RESHUFFLES`).

>>> from parlour.core.cards import cards_text, parse_cards
>>> out = refill_stock(parse_cards("KD"), parse_cards("4C 9H 2S 7D"), Rng(seed=1), need=2)
>>> out.stock[0], sorted(map(str, out.stock[1:])), cards_text(out.discards), out.rng, out.moved
(Card(rank=Rank.KING, suit=Suit.DIAMONDS), ['2S', '4C', '9H'], '7D', Rng(seed=1, counter=1), 3)
>>> [str(e) for e in out.events]
['reshuffles the discards into the stock']
>>> refill_stock(parse_cards("KD"), parse_cards("4C 9H"), Rng(seed=1)).moved  # enough stock: nothing moves
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

import attrs

from parlour.core.events import Event, EventKind
from parlour.core.rng import Rng

__all__ = ["Refill", "refill_stock"]

T = TypeVar("T")

_RESHUFFLED: tuple[Event, ...] = (Event(EventKind.RESHUFFLES),)


@attrs.frozen
class Refill(Generic[T]):
    """The outcome of `refill_stock`: the new stock (top first), the discards left (top last),
    the next random source, and how many cards were shuffled into the stock."""

    stock: tuple[T, ...]
    discards: tuple[T, ...]
    rng: Rng
    moved: int
    """Cards shuffled from the discards into the stock (0: the stock was long enough)."""
    short: bool
    """The stock still holds fewer cards than were needed: by C7 a dead hand (the game says
    how it scores one)."""

    @property
    def events(self) -> tuple[Event, ...]:
        """`RESHUFFLES` when cards moved, else nothing (add it to the move's events)."""
        return _RESHUFFLED if self.moved else ()


def refill_stock(
    stock: Sequence[T], discards: Sequence[T], rng: Rng, *, need: int = 1, keep: int = 1
) -> Refill[T]:
    """The stock made long enough for a draw of `need` cards, if the discards allow.

    When the stock holds fewer than `need` cards, every discard but the top `keep` is shuffled
    (one draw from `rng`) and put under what is left of the stock; otherwise nothing changes
    and `rng` is not advanced. `short` says the stock is still too small afterwards.
    """
    if need < 0 or keep < 0:
        raise ValueError(f"need and keep may not be negative (got {need}, {keep})")
    stock, discards = tuple(stock), tuple(discards)
    if len(stock) >= need:
        return Refill(stock, discards, rng, 0, False)
    cut = max(len(discards) - keep, 0)
    under, kept = discards[:cut], discards[cut:]
    if not under:
        return Refill(stock, discards, rng, 0, True)
    shuffled, rng = rng.shuffled(under)
    new_stock = stock + shuffled
    return Refill(new_stock, kept, rng, len(under), len(new_stock) < need)
