"""Unit tests for core/dominoes: tiles, sets, fixed boneyards, open-end matching, tile values."""

from __future__ import annotations

from typing import cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core.dominoes import (
    HIDDEN_TILE,
    Line,
    LineKind,
    MAX_PIPS,
    Tile,
    branch,
    check_tile_conservation,
    double_set,
    fixed_tiles,
    hand_points,
    holder_of,
    matches,
    other_end,
    parse_tiles,
    placements,
    playable_tiles,
    tile_from_text,
    tile_points,
    tiles_text,
    unfilled,
)

halves = st.integers(0, MAX_PIPS)


@given(halves, halves)
def test_tile_is_normalised_low_half_first(x: int, y: int) -> None:
    tile = Tile(x, y)
    assert (tile.a, tile.b) == (min(x, y), max(x, y))
    assert tile == Tile(y, x) and hash(tile) == hash(Tile(y, x))


@given(halves, halves)
def test_notation_round_trips(x: int, y: int) -> None:
    tile = Tile(x, y)
    assert str(tile) == f"{min(x, y)}-{max(x, y)}"
    assert Tile.parse(str(tile)) == tile
    assert Tile.parse(f"{y}-{x}") == tile


def test_pips_and_doubles() -> None:
    assert Tile(3, 5).pips == 8 and not Tile(3, 5).is_double
    assert Tile(6, 6).pips == 12 and Tile(6, 6).is_double
    assert Tile(0, 0).pips == 0 and Tile(0, 0).is_double
    assert not HIDDEN_TILE.is_double and HIDDEN_TILE.is_hidden


def test_tiles_sort_by_low_then_high_half() -> None:
    assert sorted(parse_tiles("6-6 0-5 1-1 0-0 2-3")) == list(parse_tiles("0-0 0-5 1-1 2-3 6-6"))


@pytest.mark.parametrize("text", ["", "3", "3-", "-5", "a-b", "3-5-6", "3 5", "19-1", "-1--1", "100-1", "٣-٥", "?-3"])
def test_parse_refuses_bad_text_and_names_it(text: str) -> None:
    with pytest.raises(ValueError, match="tile") as info:
        Tile.parse(text)
    assert repr(text) in str(info.value)


def test_hidden_tile_reads_only_through_tile_from_text() -> None:
    assert tile_from_text("?-?") is HIDDEN_TILE or tile_from_text("?-?") == HIDDEN_TILE
    assert str(HIDDEN_TILE) == "?-?"
    with pytest.raises(ValueError, match=r"'\?-\?'"):
        Tile.parse("?-?")


@pytest.mark.parametrize("a, b", [(-1, 3), (3, -1), (19, 0), (-2, -2), (True, 1), (1.0, 2)])
def test_constructor_refuses_impossible_tiles(a: object, b: object) -> None:
    with pytest.raises(ValueError):
        Tile(cast(int, a), cast(int, b))


def test_tiles_are_frozen() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(Tile(1, 2), "a", 3)


@pytest.mark.parametrize("n, size", [(0, 1), (1, 3), (6, 28), (9, 55), (12, 91), (15, 136), (18, 190)])
def test_double_set_size_is_n_plus_1_times_n_plus_2_over_2(n: int, size: int) -> None:
    tiles = double_set(n)
    assert len(tiles) == size == (n + 1) * (n + 2) // 2
    assert len(set(tiles)) == size
    assert sum(t.is_double for t in tiles) == n + 1
    assert max(t.b for t in tiles) == n


def test_double_six_order_and_total_pips() -> None:
    tiles = double_set(6)
    assert tiles_text(tiles[:8]) == "0-0 0-1 0-2 0-3 0-4 0-5 0-6 1-1"
    assert tiles[-1] == Tile(6, 6)
    assert sum(t.pips for t in tiles) == 168


@pytest.mark.parametrize("n", [-1, 19, True])
def test_double_set_refuses_bad_sizes(n: int) -> None:
    with pytest.raises(ValueError, match="double-N"):
        double_set(n)


def test_fixed_tiles_accepts_a_permutation_as_strings_or_tiles() -> None:
    tiles = double_set(2)
    order: list[Tile | str] = ["2-2", "1-0", "0-0", Tile(2, 1), "0-2", "1-1"]
    assert fixed_tiles(order, tiles) == parse_tiles("2-2 0-1 0-0 1-2 0-2 1-1")
    assert fixed_tiles("2-2 1-0 0-0 2-1 0-2 1-1", tiles)[0] == Tile(2, 2)


def test_fixed_tiles_names_the_duplicate_and_the_missing_tile() -> None:
    with pytest.raises(ValueError, match=r"6-tile set.*too many: 0-1; missing: 2-2"):
        fixed_tiles("0-0 0-1 1-0 0-2 1-1 1-2", double_set(2))


def test_fixed_tiles_refuses_a_short_boneyard_and_bad_text() -> None:
    with pytest.raises(ValueError, match="missing: 2-2"):
        fixed_tiles("0-0 0-1 0-2 1-1 1-2", double_set(2))
    with pytest.raises(ValueError, match="not a tile: 'x'"):
        fixed_tiles(["x"], double_set(2))
    with pytest.raises(ValueError, match="not in the set or too many: 3-3"):
        fixed_tiles("0-0 0-1 0-2 1-1 1-2 2-2 3-3", double_set(2))


def test_conservation_accepts_hidden_placeholders_for_missing_tiles() -> None:
    tiles = double_set(2)
    check_tile_conservation("hands", tiles, tiles)
    check_tile_conservation("view", (*tiles[:4], HIDDEN_TILE, HIDDEN_TILE), tiles)
    with pytest.raises(ValueError, match="view: 1 tiles of the set are missing, 2 hidden"):
        check_tile_conservation("view", (*tiles[:5], HIDDEN_TILE, HIDDEN_TILE), tiles)
    with pytest.raises(ValueError, match="hands: tiles not in the set or duplicated: 0-0"):
        check_tile_conservation("hands", (*tiles, Tile(0, 0)), tiles)
    with pytest.raises(ValueError, match="1 tiles of the set are missing, 0 hidden"):
        check_tile_conservation("hands", tiles[1:], tiles)


def test_matching_an_open_end_and_the_new_end() -> None:
    assert matches(Tile(2, 4), 4) and matches(Tile(2, 4), 2) and not matches(Tile(2, 4), 3)
    assert other_end(Tile(2, 4), 4) == 2
    assert other_end(Tile(2, 4), 2) == 4
    assert other_end(Tile(5, 5), 5) == 5
    assert not matches(HIDDEN_TILE, -1)
    with pytest.raises(ValueError, match="3-6 does not fit an open end of 4"):
        other_end(Tile(6, 3), 4)


def test_playable_tiles_against_several_open_ends() -> None:
    hand = parse_tiles("0-0 3-4 4-6 1-2 6-6 2-5")
    assert playable_tiles(hand, [4, 6]) == parse_tiles("3-4 4-6 6-6")
    assert playable_tiles(hand, [0]) == (Tile(0, 0),)
    assert playable_tiles(hand, []) == ()
    assert playable_tiles((HIDDEN_TILE,), [0, 1]) == ()


def test_hand_points_with_the_double_blank_worth_fifty() -> None:
    """Chicken Foot: "The [0-0] is worth 50": {0-0, 3-4} scores 57 (rules/other.md 3.6)."""
    fifty = {Tile(0, 0): 50}
    assert hand_points(parse_tiles("0-0 3-4"), fifty) == 57
    assert hand_points(parse_tiles("0-0 3-4")) == 7
    # Mexican Train: {0-0, 6-6} scores 12 by default, 62 with the variant.
    assert hand_points(parse_tiles("0-0 6-6")) == 12
    assert hand_points(parse_tiles("0-0 6-6"), fifty) == 62
    assert tile_points(Tile(5, 6)) == 11
    with pytest.raises(ValueError, match="hidden"):
        tile_points(HIDDEN_TILE)


def test_holder_of_finds_the_starting_double() -> None:
    hands = (parse_tiles("1-2 3-3"), parse_tiles("12-12 0-4"), parse_tiles("5-6"))
    assert holder_of(hands, Tile(12, 12)) == 1
    assert holder_of(hands, Tile(3, 3)) == 0
    assert holder_of(hands, Tile(9, 9)) is None


# --- lines of play ---------------------------------------------------------------------------


def test_starting_double_arms_must_all_be_filled_first() -> None:
    """Chicken Foot: the 0-0's four arms take a 0-x tile each before any arm is extended."""
    arms = branch((), 0, 4, LineKind.ARM)
    pending = unfilled(arms, range(4))
    assert pending == (0, 1, 2, 3)
    hand = parse_tiles("0-3 3-5 0-6")
    assert placements(hand, arms, seat=1, only=pending) == tuple(
        (t, i) for t in parse_tiles("0-3 0-6") for i in range(4)
    )
    arms = arms[:2] + (arms[2].place(Tile(0, 3)),) + arms[3:]
    assert unfilled(arms, range(4)) == (0, 1, 3)
    assert arms[2].end == 3 and arms[2].accepts(Tile(3, 5)) and not arms[2].accepts(Tile(0, 6))


def test_a_chicken_foot_sprouts_three_toes_that_come_first() -> None:
    """Chicken Foot: a double on an open end grows three toes; only they take tiles until full."""
    lines = (Line(LineKind.ARM, None, 3, parse_tiles("0-3")), Line(LineKind.ARM, None, 5, parse_tiles("0-5")))
    footed = lines[:1] + (lines[1].place(Tile(5, 5)),) + lines[2:]
    grown = branch(footed, 5, 3, LineKind.TOE)
    toes = unfilled(grown, range(2, 5))
    assert toes == (2, 3, 4)
    assert placements(parse_tiles("3-4 5-6"), grown, seat=0, only=toes) == ((Tile(5, 6), 2), (Tile(5, 6), 3), (Tile(5, 6), 4))


def test_trains_are_open_to_their_owner_the_public_and_when_marked_everyone() -> None:
    """Mexican Train: a seat plays on its own train or the Mexican train; a marked train is
    open to all until its owner plays again."""
    lines = branch((), 12, 2, LineKind.TRAIN, owners=(0, 1)) + branch((), 12, 1, LineKind.PUBLIC)
    hand = parse_tiles("12-4")
    assert [i for _, i in placements(hand, lines, seat=0)] == [0, 2]
    marked = lines[:1] + (lines[1].with_marker(True),) + lines[2:]
    assert [i for _, i in placements(hand, marked, seat=0)] == [0, 1, 2]
    assert str(marked[1]) == "train of seat 1: empty, open 12, marked"


def test_a_tile_that_does_not_fit_is_refused() -> None:
    line = Line(LineKind.PUBLIC, None, 7)
    with pytest.raises(ValueError, match="does not fit an open end of 7"):
        line.place(Tile(3, 4))
    with pytest.raises(ValueError, match="need 2 owners"):
        branch((), 6, 2, LineKind.TRAIN, owners=(0,))
