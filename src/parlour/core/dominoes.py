"""Domino tiles and sets: the value type, double-N sets, fixed boneyards and open-end matching.

A `Tile` is an unordered pair of pip counts, stored normalised (`a <= b`), so ``Tile(5, 3)`` and
``Tile(3, 5)`` are the same tile. Its notation is "3-5"; "?-?" is a tile whose face is hidden
(it appears only in views). A double-N set holds every pair once: (N+1)(N+2)/2 tiles.

Play along a line is matching an open end: a tile fits an end showing n when one of its halves
is n, and the line's new open end is the other half.

>>> Tile.parse("5-3"), str(Tile(6, 6))
(Tile(a=3, b=5), '6-6')
>>> len(double_set(6)), len(double_set(9)), len(double_set(12))
(28, 55, 91)
>>> other_end(Tile(2, 4), 4)
2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

import attrs

__all__ = [
    "HIDDEN_TILE",
    "MAX_PIPS",
    "Tile",
    "check_tile_conservation",
    "double_set",
    "fixed_tiles",
    "hand_points",
    "holder_of",
    "matches",
    "other_end",
    "parse_tiles",
    "playable_tiles",
    "tile_from_text",
    "tile_points",
    "tiles_text",
]

MAX_PIPS: Final = 18
"""The largest half a tile may show (double-18 is the largest set sold)."""
_HIDDEN_PIPS: Final = -1


@attrs.frozen(order=True, cache_hash=True)
class Tile:
    """One domino, normalised so that `a <= b`; ``Tile(-1, -1)`` is the hidden placeholder."""

    a: int
    b: int

    def __attrs_post_init__(self) -> None:
        for half in (self.a, self.b):
            if isinstance(half, bool) or not isinstance(half, int):
                raise ValueError(f"a tile's halves are whole numbers, not {half!r}")
        if (self.a == _HIDDEN_PIPS) != (self.b == _HIDDEN_PIPS):
            raise ValueError(f"a tile is hidden in both halves or in neither, not {self.a}-{self.b}")
        if self.a != _HIDDEN_PIPS and not (0 <= self.a <= MAX_PIPS and 0 <= self.b <= MAX_PIPS):
            raise ValueError(f"a tile's halves are 0..{MAX_PIPS}, not {self.a}-{self.b}")
        if self.a > self.b:
            low, high = self.b, self.a
            object.__setattr__(self, "a", low)
            object.__setattr__(self, "b", high)

    def __str__(self) -> str:
        return "?-?" if self.is_hidden else f"{self.a}-{self.b}"

    @property
    def pips(self) -> int:
        """The number of pips on the tile (both halves)."""
        return self.a + self.b

    @property
    def is_double(self) -> bool:
        return self.a == self.b and not self.is_hidden

    @property
    def is_hidden(self) -> bool:
        return self.a == _HIDDEN_PIPS

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Reads "3-5" (either order, "5-3" is the same tile); ValueError naming the bad text."""
        tile = tile_from_text(text)
        if tile.is_hidden:
            raise ValueError(f"not a tile: {text!r} (write two pip counts, e.g. 3-5)")
        return tile


HIDDEN_TILE: Final = Tile(_HIDDEN_PIPS, _HIDDEN_PIPS)
"""The placeholder a view shows for a tile whose face the viewer may not see."""


def tile_from_text(text: str) -> Tile:
    """Like `Tile.parse` but also accepts "?-?" (for views read back from text)."""
    if not isinstance(text, str):
        raise ValueError(f"a tile is written as text such as '3-5', not {type(text).__name__}")
    left, sep, right = text.strip().partition("-")
    left, right = left.strip(), right.strip()
    if sep and left == right == "?":
        return HIDDEN_TILE
    if not sep or not (left.isascii() and left.isdigit() and right.isascii() and right.isdigit()):
        raise ValueError(f"not a tile: {text!r} (write two pip counts, e.g. 3-5)")
    low, high = sorted((int(left), int(right)))
    if len(left) > 2 or len(right) > 2 or high > MAX_PIPS:
        raise ValueError(f"not a tile: {text!r} (halves are 0..{MAX_PIPS})")
    return Tile(low, high)


def parse_tiles(text: str | Iterable[str | Tile]) -> tuple[Tile, ...]:
    """Reads tiles from "3-5 6-6 0-1" or from an iterable of strings and `Tile`s."""
    items: Iterable[str | Tile] = text.replace(",", " ").split() if isinstance(text, str) else text
    return tuple(item if isinstance(item, Tile) else Tile.parse(item) for item in items)


def tiles_text(tiles: Iterable[Tile]) -> str:
    """The tiles as space-separated notation, in the order given."""
    return " ".join(map(str, tiles))


def double_set(n: int) -> tuple[Tile, ...]:
    """The double-`n` set in a fixed order (0-0, 0-1, ..., n-n): every pair of 0..n once."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_PIPS:
        raise ValueError(f"a double-N set has N in 0..{MAX_PIPS}, not {n!r}")
    return tuple(Tile(a, b) for a in range(n + 1) for b in range(a, n + 1))


def _multiset_problems(tiles: Iterable[Tile], tile_set: Sequence[Tile]) -> tuple[Counter[Tile], Counter[Tile]]:
    seen, expected = Counter(tiles), Counter(tile_set)
    return seen - expected, expected - seen


def fixed_tiles(tiles: Sequence[Tile | str], tile_set: Sequence[Tile]) -> tuple[Tile, ...]:
    """`tiles=` as tiles, first drawn first; ValueError unless it is a permutation of `tile_set`."""
    if isinstance(tiles, str):
        tiles = tiles.replace(",", " ").split()
    boneyard = parse_tiles(tiles)
    extra, missing = _multiset_problems(boneyard, tile_set)
    if extra or missing:
        detail = []
        if extra:
            detail.append(f"not in the set or too many: {tiles_text(sorted(extra.elements()))}")
        if missing:
            detail.append(f"missing: {tiles_text(sorted(missing.elements()))}")
        raise ValueError(f"tiles= must be the {len(tile_set)}-tile set in some order; " + "; ".join(detail))
    return boneyard


def check_tile_conservation(where: str, tiles: Iterable[Tile], tile_set: Sequence[Tile]) -> None:
    """Raises ValueError unless `tiles` is the multiset `tile_set`; hidden tiles match anything."""
    extra, missing = _multiset_problems(tiles, tile_set)
    hidden = extra.pop(HIDDEN_TILE, 0)
    if extra:
        raise ValueError(f"{where}: tiles not in the set or duplicated: {tiles_text(sorted(extra.elements()))}")
    if sum(missing.values()) != hidden:
        raise ValueError(f"{where}: {sum(missing.values())} tiles of the set are missing, {hidden} hidden")


def matches(tile: Tile, end: int) -> bool:
    """Whether the tile can be placed on an open end showing `end` pips."""
    return not tile.is_hidden and (tile.a == end or tile.b == end)


def other_end(tile: Tile, end: int) -> int:
    """The new open end after placing `tile` on an end showing `end`; ValueError if it does not fit."""
    if not matches(tile, end):
        raise ValueError(f"{tile} does not fit an open end of {end}")
    return tile.b if tile.a == end else tile.a


def playable_tiles(hand: Iterable[Tile], ends: Iterable[int]) -> tuple[Tile, ...]:
    """The tiles of `hand` that fit at least one of the open `ends`, sorted, each once."""
    open_ends = frozenset(ends)
    return tuple(sorted({t for t in hand if not t.is_hidden and (t.a in open_ends or t.b in open_ends)}))


def tile_points(tile: Tile, overrides: Mapping[Tile, int] | None = None) -> int:
    """A tile's value when counted in hand: its pips, unless `overrides` names it (0-0 as 50)."""
    if tile.is_hidden:
        raise ValueError("a hidden tile has no value")
    if overrides and tile in overrides:
        return overrides[tile]
    return tile.pips


def hand_points(tiles: Iterable[Tile], overrides: Mapping[Tile, int] | None = None) -> int:
    """The sum of `tile_points` over a hand (what a seat scores when a round ends)."""
    return sum(tile_points(t, overrides) for t in tiles)


def holder_of(hands: Sequence[Iterable[Tile]], tile: Tile) -> int | None:
    """The seat whose hand holds `tile` (e.g. the round's starting double), or None."""
    for seat, hand in enumerate(hands):
        if tile in hand:
            return seat
    return None
