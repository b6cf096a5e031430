"""Domino tiles and sets: the value type, double-N sets, fixed boneyards and open-end matching.

A `Tile` is an unordered pair of pip counts, stored normalised (`a <= b`), so ``Tile(5, 3)`` and
``Tile(3, 5)`` are the same tile. Its notation is "3-5"; "?-?" is a tile whose face is hidden
(it appears only in views). A double-N set holds every pair once: (N+1)(N+2)/2 tiles.

Play along a line is matching an open end: a tile fits an end showing n when one of its halves
is n, and the line's new open end is the other half.

Lines of play are data: a `Line` has a kind (a seat's train, the public Mexican train, an arm of
the starting double, a toe of a chicken foot), an owner, its tiles and open end, and a marker
that opens a seat's train to everyone. `branch` sprouts empty lines from a double (the four arms,
a foot's three toes), and `unfilled` says which of them still wait for a tile: while any does,
only they may be played (the rule that a double must be covered so many times before play goes
on). `placements` lists the legal (tile, line) pairs for a seat.

>>> Tile.parse("5-3"), str(Tile(6, 6))
(Tile(a=3, b=5), '6-6')
>>> len(double_set(6)), len(double_set(9)), len(double_set(12))
(28, 55, 91)
>>> other_end(Tile(2, 4), 4)
2
>>> lines = branch((), 12, 2, LineKind.TRAIN, owners=(0, 1)) + branch((), 12, 1, LineKind.PUBLIC)
>>> [(str(t), i) for t, i in placements(parse_tiles("12-5 3-4"), lines, seat=0)]
[('5-12', 0), ('5-12', 2)]
>>> str(lines[0].place(Tile(5, 12)))
'train of seat 0: 12-5, open 5'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

import enum

import attrs

from parlour.core.values import raw_field
from parlour.core.zones import add_piece_kind

__all__ = [
    "HIDDEN_TILE",
    "MAX_PIPS",
    "Line",
    "LineKind",
    "Tile",
    "branch",
    "check_tile_conservation",
    "double_set",
    "fixed_tiles",
    "hand_points",
    "holder_of",
    "matches",
    "other_end",
    "parse_tiles",
    "pips_left",
    "placements",
    "playable_tiles",
    "tile_from_text",
    "tile_points",
    "tiles_text",
    "unfilled",
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
        for half in (raw_field(self, "a"), raw_field(self, "b")):  # as given, whatever their type
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
add_piece_kind(Tile, HIDDEN_TILE)  # zones (views, conservation) may now hold tiles


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


def double_set(n: object) -> tuple[Tile, ...]:
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


def pips_left(tiles: Iterable[Tile], double_blank: int) -> int:
    """`hand_points(tiles, {Tile(0, 0): double_blank})` without hashing a tile (a `Tile`'s hash
    and equality are Python code): a hand's pips, the 0-0 counting `double_blank`. A round's
    scoring runs it on every hand.

    >>> pips_left((Tile(0, 0), Tile(3, 5)), 50)
    58
    """
    total = 0
    for t in tiles:
        if t.b > 0:
            total += t.a + t.b
        elif t.b == 0:  # halves are normalised (a <= b): the 0-0
            total += double_blank
        else:
            tile_points(t)  # raises: a hidden tile has no value
    return total


def holder_of(hands: Sequence[Iterable[Tile]], tile: Tile) -> int | None:
    """The seat whose hand holds `tile` (e.g. the round's starting double), or None."""
    for seat, hand in enumerate(hands):
        if tile in hand:
            return seat
    return None


# ---------------------------------------------------------------------------------------------
# Lines of play


class LineKind(enum.Enum):
    """What a line of play is, which decides who may play on it."""

    TRAIN = "train"
    """A seat's own train (Mexican Train): its owner's, and everyone's while marked."""
    PUBLIC = "public"
    """A line anyone may play on (the Mexican train)."""
    ARM = "arm"
    """An arm of the starting double (Chicken Foot)."""
    TOE = "toe"
    """A toe of a double played crosswise (Chicken Foot's foot)."""


@attrs.frozen(weakref_slot=False)  # no weak-reference slot: `values.builder` makes one about twice as fast
class Line:
    """One line of play from a double: its kind and owner (None: nobody's), the tiles laid in
    order (each as laid, matching the end before it), the open end's pips, and a marker."""

    kind: LineKind
    owner: int | None
    end: int
    tiles: tuple[Tile, ...] = ()
    marked: bool = False
    """A marker on a seat's train: the seat could not play, so anyone may play on it."""

    def __str__(self) -> str:
        who = "" if self.owner is None else f" of seat {self.owner}"
        laid = ", ".join(str(t) if t.a == e else f"{t.b}-{t.a}" for t, e in zip(self.tiles, self._ends())) or "empty"
        mark = ", marked" if self.marked else ""
        return f"{self.kind.value}{who}: {laid}, open {self.end}{mark}"

    def _ends(self) -> list[int]:
        """The end each tile was laid on (to write it from that end)."""
        ends = []
        end = self.end
        for tile in reversed(self.tiles):
            end = other_end(tile, end)
            ends.append(end)
        return ends[::-1]

    def open_to(self, seat: int) -> bool:
        """Whether `seat` may play on this line: its own, a public line, or a marked train."""
        return self.owner is None or self.owner == seat or self.marked

    def accepts(self, tile: Tile) -> bool:
        """Whether `tile` fits the open end."""
        return matches(tile, self.end)

    def place(self, tile: Tile) -> Line:
        """The line with `tile` laid on its open end; ValueError if it does not fit."""
        return Line(self.kind, self.owner, other_end(tile, self.end), (*self.tiles, tile), self.marked)

    def with_marker(self, marked: bool) -> Line:
        """The line with its marker put on (True) or taken off (False)."""
        return Line(self.kind, self.owner, self.end, self.tiles, marked)


def branch(
    lines: tuple[Line, ...], pips: int, count: int, kind: LineKind, *, owners: Sequence[int | None] = ()
) -> tuple[Line, ...]:
    """`lines` with `count` empty lines of `kind` added, each open on `pips` (the double's
    number): the arms of a starting double, a chicken foot's toes, each seat's train and the
    public train from the engine. `owners` gives each new line's owner (default: nobody)."""
    if owners and len(owners) != count:
        raise ValueError(f"{count} new lines need {count} owners, not {len(owners)}")
    if not 0 <= pips <= MAX_PIPS or count < 0:
        raise ValueError(f"a branch opens on 0..{MAX_PIPS} pips with a count of 0 or more")
    return lines + tuple(Line(kind, owners[i] if owners else None, pips) for i in range(count))


def unfilled(lines: Sequence[Line], indices: Iterable[int]) -> tuple[int, ...]:
    """Of the lines at `indices` (a double's arms or toes), those that have no tile yet: while
    any is left, a tile may go only on one of them."""
    return tuple(i for i in indices if not lines[i].tiles)


def placements(
    hand: Iterable[Tile], lines: Sequence[Line], seat: int, *, only: Iterable[int] | None = None
) -> tuple[tuple[Tile, int], ...]:
    """Every legal (tile, line index) for `seat`: each tile of `hand` (once, in sorted order) on
    each line open to the seat whose end it fits, lines in order; `only` limits the lines (a
    double's unfilled arms or toes)."""
    allowed = range(len(lines)) if only is None else tuple(only)
    open_lines = [(i, lines[i]) for i in allowed if lines[i].open_to(seat)]
    out = []
    for tile in sorted(set(hand)):
        if tile.is_hidden:
            continue
        for i, line in open_lines:
            if line.accepts(tile):
                out.append((tile, i))
    return tuple(out)
