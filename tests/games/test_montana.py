"""Montana scenarios from the Book of Card Games, "Montana" (seed 002), and rules/other.md
section 4.2 (its five scenario tests are marked "4.2 #n"), with the readings of that section
and the termination valve of section 0."""

from __future__ import annotations

import random

import attrs
import pytest

import parlour
from parlour.core.cards import Card, parse_cards, standard_pack
from parlour.core.errors import GameOver, IllegalMove
from parlour.games import montana
from parlour.games.montana import (
    GAME,
    MoveCard,
    Options,
    Phase,
    RedealGaps,
    State,
    ordered_count,
    ordered_length,
    position_name,
)

# Layouts are four rows of thirteen cards, dealt row by row; each ace marks a gap (the aces
# come out after the deal).

ONLY_5S = (
    "2S 3S 4S AC 5S 6S 7S 8S 9S 10S JS QS KS",
    "KH AD 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
    "KD AH 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD",
    "KC AS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC",
)
"""Gap A4 after 4S; the gaps B2, C2, D2 are right of kings."""

FIRST_COLUMN = (
    "AC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
    "KH AD 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
    "KD AH 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD",
    "KC AS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC",
)
"""Gap A1 in the first column; the other gaps are right of kings."""

DEAD = (
    "2S 3S 4S AC AD 5S 6S 7S 8S 9S 10S JS QS",
    "KH AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
    "KD AS 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD",
    "KC KS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC",
)
"""Gap A4 after 4S, gap A5 after a gap, gaps B2 and C2 after kings."""

BLOCKED = (
    "2S 3S 4S KS AC 5S 6S 7S 8S 9S 10S JS QS",
    "KH AD 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
    "KD AH 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD",
    "KC AS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC",
)
"""Every gap is right of a king: nothing can be moved. Row A holds 2S 3S 4S in order."""

KINGS_LAST = (
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC AC KC",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD AD KD",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH AH KH",
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS AS KS",
)
"""Each row 2 to Q in order, a gap, then its king: four moves from a win."""


def deck(rows: tuple[str, ...]) -> tuple[Card, ...]:
    return parse_cards(" ".join(rows))


def deal(rows: tuple[str, ...], options: Options | None = None, seed: int = 5) -> State:
    return montana.new_game(seed=seed, options=options, deck=deck(rows))


def moves(state: State) -> list[str]:
    return [str(m) for m in montana.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = montana.apply(state, montana.parse_move(state, text))
    return state


def events(state: State) -> list[str]:
    return [str(e) for e in state.events]


def row(state: State, r: int) -> str:
    return " ".join("--" if c is None else str(c) for c in state.layout[r * 13 : (r + 1) * 13])


# Deal ----------------------------------------------------------------------------------------


def test_deal_is_four_rows_of_thirteen_row_by_row_and_the_aces_come_out() -> None:
    """Seed: "dealing all fifty-two cards in four rows of thirteen cards each ... Then remove the
    four aces to create four 'holes'". Reading: the deal goes row by row, left to right."""
    state = montana.new_game(seed=1, deck=standard_pack())
    assert row(state, 0) == "-- 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
    assert row(state, 3) == "-- 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    assert state.gaps == (0, 13, 26, 39) and state.aces == parse_cards("AC AD AH AS")
    assert state.hand == 1 and state.moves == 0 and state.phase is Phase.PLAY
    assert events(state) == ["seat 0 deals hand 1", "note: the aces come out, leaving gaps at A1 B1 C1 D1"]
    assert montana.to_act(state) == frozenset({0}) and montana.scores(state) == (0,)


def test_one_player_only() -> None:
    """Seed: "NUMBER OF PLAYERS: One"; the only dealer is seat 0."""
    assert montana.new_game(1, seed=2).layout == montana.new_game(seed=2).layout
    with pytest.raises(ValueError, match="montana is played by 1 players, not 2"):
        montana.new_game(2)
    with pytest.raises(ValueError, match="dealer= must be 0"):
        montana.new_game(seed=1, dealer=1)
    with pytest.raises(ValueError, match="52-card pack"):
        montana.new_game(seed=1, deck=standard_pack()[:51])


# Moves ---------------------------------------------------------------------------------------


def test_a_gap_takes_only_the_next_card_of_the_suit_of_its_left_neighbour() -> None:
    """4.2 #1: row [2S, 3S, 4S, gap, ...]: only 5S may go into that gap ("you can place a 6C to
    the right of a 5C")."""
    state = deal(ONLY_5S)
    assert moves(state) == ["move 5S to A4"]
    state = play(state, "move 5S to A4")
    assert row(state, 0) == "2S 3S 4S 5S -- 6S 7S 8S 9S 10S JS QS KS"
    assert events(state) == ["seat 0 plays 5S 3"] and state.gaps == (4, 14, 27, 40)
    assert moves(state) == ["move 6S to A5"] and montana.scores(state) == (4,)


def test_a_first_column_gap_takes_any_of_the_four_twos() -> None:
    """4.2 #2: "Only a two may be placed at the beginning of the row": a first-column gap
    accepts any 2, listed in suit order (clubs, diamonds, hearts, spades)."""
    state = deal(FIRST_COLUMN)
    assert moves(state) == ["move 2C to A1", "move 2D to A1", "move 2H to A1", "move 2S to A1"]
    moved = play(state, "move 2S to A1")
    assert row(moved, 0) == "2S -- 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    assert moves(moved) == ["move 3S to A2"]
    # 2H leaves a gap after B2's gap: every gap is then dead, so the layout is redealt.
    other = play(state, "move 2H to A1")
    assert other.hand == 2 and row(other, 0).startswith("2H ")


def test_a_two_heading_a_row_may_move_to_another_first_column_gap() -> None:
    """Reading: "any" 2 includes one already at the start of a row (the 2s may wander)."""
    state = montana.new_game(seed=1, deck=standard_pack())
    assert len(moves(state)) == 16 and moves(state)[:4] == ["move 2C to A1", "move 2D to A1", "move 2H to A1", "move 2S to A1"]
    state = play(state, "move 2D to A1")
    assert row(state, 0).startswith("2D 2C 3C ") and row(state, 1).startswith("-- -- 3D ")
    assert state.gaps == (13, 14, 26, 39)


def test_a_gap_right_of_a_king_or_of_another_gap_takes_nothing() -> None:
    """4.2 #3: "no cards can be placed to the right of a king"; a gap after a gap has no card
    to follow."""
    state = deal(DEAD)
    assert moves(state) == ["move 5S to A4"]
    with pytest.raises(IllegalMove, match="A5 is right of another gap: nothing goes there"):
        montana.apply(state, MoveCard(0, Card.parse("5S"), 4))
    with pytest.raises(IllegalMove, match=r"nothing goes right of a king \(KH at B1\)"):
        montana.apply(state, MoveCard(0, Card.parse("2C"), 14))


def test_refusals_name_the_rule() -> None:
    """Seed: a card must be "one value higher than, and the same suit as, the card to the
    left"; "Only a two may be placed at the beginning of the row"."""
    state = deal(ONLY_5S)
    with pytest.raises(IllegalMove, match=r"only 5S \(one higher than 4S, same suit\) goes into A4"):
        montana.apply(state, MoveCard(0, Card.parse("6S"), 3))
    with pytest.raises(IllegalMove, match="A5 is not a gap: 5S lies there"):
        montana.apply(state, MoveCard(0, Card.parse("6S"), 4))
    with pytest.raises(IllegalMove, match="AC is not in the layout"):
        montana.apply(state, MoveCard(0, Card.parse("AC"), 3))
    with pytest.raises(IllegalMove, match="one player, seat 0"):
        montana.apply(state, MoveCard(1, Card.parse("5S"), 3))
    first = deal(FIRST_COLUMN)
    with pytest.raises(IllegalMove, match=r"only a 2 goes into the first column \(A1\)"):
        montana.apply(first, MoveCard(0, Card.parse("3H"), 0))
    assert moves(state) == ["move 5S to A4"]  # nothing changed


def test_notation_round_trips_every_legal_move() -> None:
    """Reading: moves are written "move 5S to B6" (row letter, column number)."""
    state = montana.new_game(seed=3)
    for move in montana.legal_moves(state):
        assert montana.parse_move(state, str(move)) is move
    assert position_name(0) == "A1" and position_name(18) == "B6" and position_name(51) == "D13"


# Redeals -------------------------------------------------------------------------------------


def test_redeal_keeps_the_ordered_prefix_and_leaves_four_new_gaps() -> None:
    """4.2 #4: "pick up all unordered cards from each row and shuffle them with the aces.
    Re-deal the cards into the empty spaces in the rows, and remove the four aces again"."""
    state = deal(BLOCKED, seed=11)
    assert state.hand == 2 and state.phase is Phase.PLAY
    assert row(state, 0).startswith("2S 3S 4S ")
    assert len(state.gaps) == 4 and all(state.layout[g] is None for g in state.gaps)
    assert sorted(c.index for c in state.layout if c is not None) == sorted(c.index for c in deck(BLOCKED) if c.rank != 1)
    said = events(state)
    assert said[:3] == [
        "seat 0 deals hand 1",
        "note: the aces come out, leaving gaps at A5 B2 C2 D2",
        "note: no card can be moved: redeal 1 of 3; cards kept in order 3",
    ]
    assert said[3] == "seat 0 deals hand 2" and said[4].startswith("note: the aces come out, leaving gaps at ")
    assert state == deal(BLOCKED, seed=11)  # the shuffle comes from the seed
    assert ordered_length(state.layout[:13]) >= 3


def test_redeal_gaps_after_sequence_option_puts_one_gap_after_each_prefix() -> None:
    """Option `redeal_gaps=after_sequence` (common Gaps rule): after the redeal each row has its
    gap right after its ordered cards: A4 after 2S 3S 4S, and B1, C1, D1."""
    state = deal(BLOCKED, Options(redeal_gaps=RedealGaps.AFTER_SEQUENCE))
    assert state.hand == 2 and state.gaps == (3, 13, 26, 39)
    assert row(state, 0).startswith("2S 3S 4S -- ")
    assert moves(state)[:1] == ["move 5S to A4"]
    assert Options.gaps() == Options(redeal_gaps=RedealGaps.AFTER_SEQUENCE)


def test_redeals_option_zero_means_blocked_is_lost() -> None:
    """Option `redeals` (seed: "Three re-deals are allowed"): with none, a blocked layout loses
    at once; `winners` is empty and the score is the cards in order."""
    state = deal(BLOCKED, Options(redeals=0))
    assert state.phase is Phase.LOST and montana.is_over(state)
    assert montana.winners(state) == frozenset() and montana.scores(state) == (3,)
    assert events(state)[-3:] == [
        "note: no card can be moved and no redeal is left",
        "hand scored: 3",
        "game over; winners:",
    ]
    assert montana.legal_moves(state) == () and montana.to_act(state) == frozenset()
    assert deal(BLOCKED).hand == 2  # the default allows a redeal


def test_a_fourth_redeal_is_never_made_and_the_game_is_lost() -> None:
    """4.2 #5: "Three re-deals are allowed before declaring the game over": blocked on the
    fourth deal, the game is lost; blocked on the third, it is redealt."""
    start = deal(ONLY_5S)
    spades = [f"move {c}S to A{k}" for k, c in zip(range(4, 13), "5 6 7 8 9 10 J Q K".split())]
    last = play(attrs.evolve(start, hand=4), *spades)
    assert last.phase is Phase.LOST and last.hand == 4 and montana.scores(last) == (12,)
    assert "deals hand" not in " ".join(events(last)) and montana.winners(last) == frozenset()
    third = play(attrs.evolve(start, hand=3), *spades)
    assert third.phase is Phase.PLAY and third.hand == 4
    assert row(third, 0).startswith("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")


def test_redeals_are_automatic_and_count_in_hand() -> None:
    """Reading: a redeal is a forced step (nothing else can be done), so `apply` makes it;
    `hand` numbers the deals, 1 to 4."""
    state = montana.new_game(seed=1)
    rng = random.Random(1)
    seen = {state.hand}
    while not montana.is_over(state):
        state = montana.apply(state, rng.choice(montana.legal_moves(state)))
        montana.check_invariants(state)
        seen.add(state.hand)
    assert seen == {1, 2, 3, 4} and state.phase is Phase.LOST


# End of the game -----------------------------------------------------------------------------


def test_four_rows_two_to_king_win() -> None:
    """Seed: "The game ends when all fifty-two cards form four rows in ascending order": won,
    `winners` is {0} and the score 48."""
    state = deal(KINGS_LAST)
    assert moves(state) == ["move KC to A12", "move KD to B12", "move KH to C12", "move KS to D12"]
    assert montana.scores(state) == (44,)
    state = play(state, "move KC to A12", "move KD to B12", "move KH to C12")
    assert state.phase is Phase.PLAY and montana.winners(state) == frozenset()
    state = play(state, "move KS to D12")
    assert state.phase is Phase.WON and montana.winners(state) == frozenset({0})
    assert montana.scores(state) == (48,) and state.gaps == (12, 25, 38, 51)
    assert events(state)[-3:] == ["note: every row is in order", "hand scored: 48", "game over; winners: 0"]
    with pytest.raises(GameOver):
        montana.apply(state, MoveCard(0, Card.parse("2C"), 12))


def test_max_moves_valve_ends_the_game_as_lost() -> None:
    """Section 0 valve (a deviation): 2s can wander between first-column gaps for ever, so the
    game stops after `max_moves` moves, counted as lost."""
    state = montana.new_game(seed=1, deck=standard_pack(), options=Options(max_moves=3))
    state = play(state, "move 2D to A1", "move 2C to B1")
    assert state.phase is Phase.PLAY and state.moves == 2
    state = play(state, "move 2D to C1")
    assert state.phase is Phase.STOPPED and montana.is_over(state) and montana.winners(state) == frozenset()
    assert events(state)[-3] == "note: the move limit of 3 is reached: the game counts as lost"
    assert montana.new_game(seed=1, deck=standard_pack()).options.max_moves == 1000
    assert GAME.max_plies == 1000


def test_always_the_first_move_cycles_until_the_valve() -> None:
    """Section 0 valve: taking the first legal move every time moves cards back and forth in the
    first deal for ever; the game stops at move 1000, lost."""
    state = montana.new_game(seed=1)
    while not montana.is_over(state):
        state = montana.apply(state, montana.legal_moves(state)[0])
    assert (state.phase, state.hand, state.moves, montana.scores(state)) == (Phase.STOPPED, 1, 1000, (1,))
    assert montana.winners(state) == frozenset()


def test_a_seeded_random_game_plays_to_its_end() -> None:
    """A whole game with random moves: blocked after the third redeal, lost, with this score."""
    state = montana.new_game(seed=2)
    rng = random.Random(2)
    while not montana.is_over(state):
        state = montana.apply(state, rng.choice(montana.legal_moves(state)))
    assert (state.phase, state.hand, state.moves, montana.scores(state)) == (Phase.LOST, 4, 104, (17,))
    assert montana.winners(state) == frozenset()


# Helpers, views, invariants ------------------------------------------------------------------


def test_ordered_length_and_count() -> None:
    """4.2 "Outcome score": the cards in ordered prefixes, 2, 3, 4, ... of one suit from the
    first column."""
    assert ordered_length(parse_cards("2S 3S 4S 6S")) == 3
    assert ordered_length(parse_cards("3S 4S")) == 0
    assert ordered_length((*parse_cards("2H 3H"), None, *parse_cards("4H"))) == 2
    assert ordered_length(parse_cards("2H 3S")) == 1
    assert ordered_count(deal(KINGS_LAST).layout) == 44


def test_view_shows_everything_but_the_random_source() -> None:
    """Every card is face up ("All cards should be dealt face up")."""
    state = montana.new_game(seed=4)
    mine = montana.view(state, 0)
    assert mine.rng is None and mine.viewer == 0 and mine.layout == state.layout
    assert montana.legal_moves(mine) == montana.legal_moves(state)
    assert montana.legal_moves(montana.view(state, None)) == ()
    with pytest.raises(ValueError, match="cannot apply a move to a view"):
        montana.apply(mine, montana.legal_moves(mine)[0])
    with pytest.raises(ValueError, match="one seat"):
        montana.check_invariants(attrs.evolve(mine, viewer=1))


def test_check_invariants_refuses_unreachable_states() -> None:
    """Hostile states: a blocked layout still in play, gaps that do not match, an ace in the
    layout, a deal number past the redeals."""
    blocked = deal(BLOCKED, Options(redeals=0))
    with pytest.raises(ValueError, match="no card can be moved"):
        montana.check_invariants(attrs.evolve(blocked, phase=Phase.PLAY, hand=1))
    state = deal(ONLY_5S)
    with pytest.raises(ValueError, match="does not match"):
        montana.check_invariants(attrs.evolve(state, gaps=(3, 14, 27, 41)))
    with pytest.raises(ValueError, match="deal 5"):
        montana.check_invariants(attrs.evolve(state, hand=5))
    with pytest.raises(ValueError, match="aces are out"):
        montana.check_invariants(attrs.evolve(state, layout=(Card.parse("AC"), *state.layout[1:])))
    with pytest.raises(ValueError, match="won exactly"):
        montana.check_invariants(attrs.evolve(state, phase=Phase.WON))
    montana.check_invariants(state)


def test_json_round_trip_and_presets() -> None:
    """States with gaps survive JSON; the presets are the book (the defaults) and Gaps."""
    state = play(deal(ONLY_5S), "move 5S to A4")
    again = parlour.from_json(parlour.to_json(state))
    assert again == state and montana.legal_moves(again) == montana.legal_moves(state)
    assert dict(GAME.presets) == {"book": Options(), "gaps": Options.gaps()}
    assert Options.book() == Options(redeals=3, redeal_gaps=RedealGaps.RANDOM, max_moves=1000)
    with pytest.raises(ValueError, match="redeals must be at least 0"):
        Options(redeals=-1)


def test_render_shows_rows_order_and_what_each_gap_takes() -> None:
    """The terminal picture: rows under column numbers, "|" after the ordered cards."""
    text = montana.render(deal(DEAD))
    lines = text.splitlines()
    assert lines[0] == "deal 1 of 4 (3 redeals left), 0 moves of 1000; 3 of 48 cards in order"
    assert lines[1] == "seat 0 to move a card into a gap"
    assert lines[3].startswith("A    2S   3S   4S|  --   --   5S")
    assert lines[-1] == "gaps: A4 takes 5S, A5 takes nothing (after a gap), B2 takes nothing (after a king), C2 takes nothing (after a king)"
