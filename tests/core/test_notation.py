"""Unit tests for core/notation: parsing by matching the legal moves' notation, seat prefixes."""

from __future__ import annotations

from typing import cast

import attrs
import pytest

from parlour.core.errors import NotationError
from parlour.core.notation import normalize, parse_by_matching


@attrs.frozen
class Play:
    player: int
    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class Pass:
    player: int

    def __str__(self) -> str:
        return "pass"


LEGAL = (Play(0, "10H"), Play(0, "QS"), Pass(0), Pass(2))


def test_normalize() -> None:
    assert normalize("  Play   TH ") == "play 10h"
    assert normalize("play th") == "play 10h"
    assert normalize("the end") == "the end"
    assert normalize("tx") == "tx"


def test_matching_ignores_case_spacing_and_ten_spelling() -> None:
    assert parse_by_matching("play 10H", LEGAL) == Play(0, "10H")
    assert parse_by_matching("PLAY  th", LEGAL) == Play(0, "10H")
    assert parse_by_matching(" play qs ", LEGAL) == Play(0, "QS")


def test_every_legal_move_round_trips_when_written_unambiguously() -> None:
    for move in LEGAL:
        text = str(move) if sum(str(m) == str(move) for m in LEGAL) == 1 else f"{move.player}: {move}"
        assert parse_by_matching(text, LEGAL) == move


def test_seat_prefix_picks_among_seats_making_the_same_move() -> None:
    assert parse_by_matching("2: pass", LEGAL) == Pass(2)
    assert parse_by_matching("seat 0: pass", LEGAL) == Pass(0)
    assert parse_by_matching("Seat 2 : PASS", LEGAL) == Pass(2)
    with pytest.raises(NotationError, match=r"could be made by seats 0, 2: write it as '<seat>: pass'"):
        parse_by_matching("pass", LEGAL)
    with pytest.raises(NotationError, match="seat 1 has no move now"):
        parse_by_matching("1: pass", LEGAL)


def test_unknown_text_lists_the_legal_moves() -> None:
    with pytest.raises(NotationError, match=r"'play 2C' is not a legal move here; legal moves: play 10H, play QS, pass$"):
        parse_by_matching("play 2C", LEGAL)


def test_long_lists_of_legal_moves_are_cut_short_in_messages() -> None:
    many = tuple(Play(0, str(i)) for i in range(20))
    with pytest.raises(NotationError, match=r"play 11, \.\.\. \(20 in all\)$"):
        parse_by_matching("nothing", many)


def test_no_move_parses_after_the_end_and_non_text_is_refused() -> None:
    with pytest.raises(NotationError, match="the game is over or it is not this seat's turn"):
        parse_by_matching("pass", ())
    with pytest.raises(NotationError, match="as text, not int"):
        parse_by_matching(cast(str, 3), LEGAL)
    assert issubclass(NotationError, ValueError)


def test_with_a_player_only_that_seats_moves_match() -> None:
    assert parse_by_matching("pass", LEGAL, 2) == Pass(2)
    assert parse_by_matching("play QS", LEGAL, 0) == Play(0, "QS")
    with pytest.raises(NotationError, match="seat 2 has no move"):
        parse_by_matching("play QS", LEGAL[:2], 2)


def test_text_that_fits_several_seats_names_them_and_a_prefix_picks_one() -> None:
    with pytest.raises(NotationError, match="could be made by seats 0, 2"):
        parse_by_matching("pass", LEGAL)
    assert parse_by_matching("2: pass", LEGAL) == Pass(2)
    assert parse_by_matching("seat 0: pass", LEGAL) == Pass(0)


def test_a_prefix_for_another_seat_than_the_player_is_refused() -> None:
    with pytest.raises(NotationError, match="written for seat 2, not seat 0"):
        parse_by_matching("2: pass", LEGAL, 0)
    assert parse_by_matching("0: pass", LEGAL, 0) == Pass(0)


def test_the_legal_list_in_a_refusal_is_the_seats_own_in_order() -> None:
    with pytest.raises(NotationError) as info:
        parse_by_matching("play 2C", LEGAL, 0)
    assert str(info.value).endswith("legal moves: play 10H, play QS, pass")
