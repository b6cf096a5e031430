"""5 in a Row scenarios from the Metzker "5 In a Row (Board Game)" (seed 001) and rules/other.md
section 3.5 (its six scenario tests are marked "3.5 #n"), with the readings of that section and
the termination valve of section 0."""

from __future__ import annotations

from collections import Counter
from typing import TypeAlias

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, parse_cards, sorted_cards
from parlour.core.errors import IllegalMove
from parlour.games import five_in_a_row as fiar
from parlour.games.five_in_a_row import (
    BOARD,
    CELLS,
    EMPTY,
    FREE,
    PACK,
    Options,
    Phase,
    State,
    cell_name,
    cells_of,
    is_dead,
    locked_cells,
    new_rows,
    parse_cell,
)


def deck_for(hands: list[str], stock: str = "", dealer: int | None = None) -> list[Card]:
    """A deck dealing `hands[s]` to seat s (one card at a time from the dealer's left), then
    `stock` on top of the stock, then the rest of the two packs."""
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer
    split = [parse_cards(h) for h in hands]
    size = len(split[0])
    top = [split[(dealer + 1 + j) % n][i] for i in range(size) for j in range(n)] + list(parse_cards(stock))
    rest = Counter(PACK)
    rest.subtract(top)
    assert all(v >= 0 for v in rest.values()), "the test deck uses a card more than twice"
    return top + list(rest.elements())


def game(hands: list[str], stock: str = "", *, options: Options | None = None, dealer: int | None = None) -> State:
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer
    return fiar.new_game(n, seed=5, options=options, deck=deck_for(hands, stock, dealer), dealer=dealer)


def cells(text: str) -> list[int]:
    return [parse_cell(t) for t in text.split()]


Rows: TypeAlias = tuple[tuple[str, ...], tuple[str, ...]]


def with_chips(state: State, a: str = "", b: str = "", rows: Rows = ((), ())) -> State:
    """`state` with side 0's chips on the cells of `a`, side 1's on `b`, and the given rows."""
    chips = [v for row in state.chips for v in row]
    for side, text in ((0, a), (1, b)):
        for c in cells(text):
            chips[c] = side
    counted = tuple(tuple(tuple(cells(r)) for r in side) for side in rows)
    marks = tuple(
        sum(1 << (c % 50) for c, v in enumerate(chips) if v in (side, FREE) and c // 50 == half)
        for side in (0, 1)
        for half in (0, 1)
    )
    board = tuple(tuple(chips[r * 10 : r * 10 + 10]) for r in range(10))
    return attrs.evolve(state, chips=board, marks=marks, rows=counted)


def at(state: State, name: str) -> int:
    """What the cell named `name` holds: a side, EMPTY or FREE."""
    cell = parse_cell(name)
    return state.chips[cell // 10][cell % 10]


def moves(state: State, player: int | None = None) -> list[str]:
    return [str(m) for m in fiar.legal_moves(state, player)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = fiar.apply(state, fiar.parse_move(state, text))
        fiar.check_invariants(state)
    return state


def events(state: State) -> list[str]:
    return [str(e) for e in state.events]


def names(row: tuple[int, ...]) -> str:
    return " ".join(cell_name(c) for c in row)


# The board -----------------------------------------------------------------------------------


def test_board_has_free_corners_no_jacks_and_every_other_card_twice() -> None:
    """Rules notes 3.5: 10x10, four free corners, "There are no jacks on the board", each of the
    48 other cards exactly twice."""
    assert [c for c in range(CELLS) if BOARD[c] is None] == [0, 9, 90, 99]
    counts = Counter(BOARD)
    del counts[None]
    assert len(counts) == 48 and set(counts.values()) == {2}
    assert all(card is not None and card.rank != 11 for card in counts)


def test_card_cells_from_the_layout() -> None:
    """3.5 #1: the 7H cells are r4c8 and r5c3; the 2S cells are r0c1 and r8c6; a jack has none."""
    assert cells_of(Card.parse("7H")) == ("r4c8", "r5c3")
    assert cells_of(Card.parse("2S")) == ("r0c1", "r8c6")
    assert cells_of(Card.parse("JD")) == ()
    assert parse_cell("r4c8") == 48 and cell_name(48) == "r4c8"
    with pytest.raises(ValueError, match="not a cell"):
        parse_cell("r10c1")


# Deal and turns ------------------------------------------------------------------------------


def test_deal_is_five_cards_one_at_a_time_from_the_dealers_left_who_plays_first() -> None:
    """Seed: "Five cards are dealt to each player"; the dealer's left plays first (reading)."""
    state = game(["7H 2S 3S KC AD", "QC 9S 9C 8H 9H"], dealer=1)
    assert state.hands[0] == sorted_cards(parse_cards("7H 2S 3S KC AD"))
    assert state.hands[1] == sorted_cards(parse_cards("QC 9S 9C 8H 9H"))
    assert state.turn == 0 and len(state.stock) == 94 and state.discards == ()
    assert events(state) == ["seat 1 deals hand 1", "seat 0 to play"]
    assert fiar.to_act(state) == frozenset({0}) and fiar.scores(state) == (0, 0)


def test_legal_moves_list_each_card_once_on_its_empty_cells_in_order() -> None:
    """Seed: "places a disc on the matching card on the table"; order: hand order (clubs,
    diamonds, hearts, spades), then cell; a card held twice gives its moves once."""
    state = game(["7H 7H 2S KC 5D", "QC 9S 9C 8H 9H"])
    assert moves(state) == [
        "play KC r7c0", "play KC r7c4", "play 5D r2c5", "play 5D r8c9",
        "play 7H r4c8", "play 7H r5c3", "play 2S r0c1", "play 2S r8c6",
    ]
    assert moves(state, 1) == []
    for m in fiar.legal_moves(state):
        assert fiar.parse_move(state, str(m)) == m


def test_play_puts_a_chip_discards_the_card_and_draws_a_replacement() -> None:
    """Seed: "places a card face up on the table and places a disc on the matching card ... He then
    draws a card"; the engine always draws (the missed-turn penalty never arises)."""
    state = game(["7H 2S 3S KC AD", "QC 9S 9C 8H 9H"], stock="4C 6D")
    after = play(state, "play 7H r5c3")
    assert at(after, "r5c3") == 0 and at(after, "r4c8") == EMPTY
    assert after.discards == parse_cards("7H")
    assert after.hands[0] == sorted_cards(parse_cards("4C 2S 3S KC AD"))
    assert after.turn == 1 and after.turns == 1
    assert events(after) == ["seat 0 plays: chip on r5c3 7H 53", "seat 0 draws 4C", "seat 1 to play"]
    assert [str(e) for e in fiar.view(after, 1).events][1] == "seat 0 draws ??"
    later = play(after, "play 9H r6c4")
    assert at(later, "r6c4") == 1 and later.hands[1] == sorted_cards(parse_cards("QC 9S 9C 8H 6D"))


def test_a_card_on_a_taken_cell_is_refused() -> None:
    """Seed: a disc goes on the matching card; a taken cell is not free, and it is one's turn only."""
    state = with_chips(game(["7H 2S 3S KC AD", "QC 9S 9C 8H 9H"]), b="r5c3")
    assert [m for m in moves(state) if "7H" in m] == ["play 7H r4c8"]
    with pytest.raises(IllegalMove, match="r5c3 already holds a chip"):
        fiar.apply(state, fiar.PlayCard(0, Card.parse("7H"), parse_cell("r5c3")))
    with pytest.raises(IllegalMove, match="7H goes on r4c8 or r5c3, not r0c5"):
        fiar.apply(state, fiar.PlayCard(0, Card.parse("7H"), parse_cell("r0c5")))
    with pytest.raises(IllegalMove, match="it is seat 0's turn, not seat 1's"):
        fiar.apply(state, fiar.PlayCard(1, Card.parse("9H"), parse_cell("r6c4")))
    with pytest.raises(IllegalMove, match="seat 0 does not hold 9H"):
        fiar.apply(state, fiar.PlayCard(0, Card.parse("9H"), parse_cell("r6c4")))


# Dead cards ----------------------------------------------------------------------------------


def test_a_dead_card_is_turned_in_once_a_turn() -> None:
    """3.5 #2: with both 2S cells taken, "dead 2S" is legal once a turn ("you may discard it and
    replace it with a card from the deck"); a second one is not."""
    state = with_chips(game(["2S 2S 3S KC AD", "QC 9S 9C 8H 9H"], stock="4S"), a="r0c1", b="r8c6")
    assert is_dead(Card.parse("2S"), state.chips) and not is_dead(Card.parse("3S"), state.chips)
    assert moves(state)[-1] == "dead 2S" and moves(state).count("dead 2S") == 1
    after = play(state, "dead 2S")
    assert after.turn == 0 and after.exchanged and after.discards == parse_cards("2S")
    assert after.hands[0] == sorted_cards(parse_cards("2S 4S 3S KC AD"))
    assert events(after) == ["seat 0 discards: dead card 2S", "seat 0 draws 4S"]
    assert "dead 2S" not in moves(after)
    with pytest.raises(IllegalMove, match="one dead card may be turned in a turn"):
        fiar.apply(after, fiar.TurnInDead(0, Card.parse("2S")))
    with pytest.raises(IllegalMove, match="7H is not dead"):
        fiar.apply(game(["7H 2S 3S KC AD", "QC 9S 9C 8H 9H"]), fiar.TurnInDead(0, Card.parse("7H")))
    # The next turn of the same seat may turn in a dead card again.
    again = play(after, "play 3S r0c2", "play 9H r6c4")
    assert "dead 2S" in moves(again) and not again.exchanged


def test_with_nothing_to_play_the_player_discards_and_the_turn_is_spent() -> None:
    """Rules notes 3.5, turn 3: every card dead after the one exchange, and one-eyed jacks with
    no opposing chip to remove: only `discard` is left, and it ends the turn."""
    state = with_chips(game(["2S 3S JS JH 2S", "QC 9S 9C 8H 9H"], stock="3S 4C"), a="r0c1 r8c6 r0c2 r8c5")
    assert moves(state) == ["dead 2S", "dead 3S"]
    stuck = play(state, "dead 2S")
    assert stuck.hands[0] == sorted_cards(parse_cards("JH 2S 3S 3S JS"))
    assert moves(stuck) == ["discard JH", "discard 2S", "discard 3S", "discard JS"]
    with pytest.raises(IllegalMove, match="only when nothing can be played"):
        fiar.apply(game(["7H 2S 3S KC AD", "QC 9S 9C 8H 9H"]), fiar.Discard(0, Card.parse("7H")))
    after = play(stuck, "discard JS")
    assert after.turn == 1 and after.turns == 1 and after.discards == parse_cards("2S JS")
    assert after.hands[0] == sorted_cards(parse_cards("JH 2S 3S 3S 4C"))
    assert events(after) == ["seat 0 discards: nothing to play JS", "seat 0 draws 4C", "seat 1 to play"]


# Rows ----------------------------------------------------------------------------------------

A_HAND = "3S 5S 6H 7C QS"
B_HAND = "QC 9S 9C 8H 9H"
WHOLE_GAME = (57, frozenset({0}), (3, 2))
"""Seed 11, always the first legal move: plies, winners, scores."""


def test_four_chips_and_the_free_corner_make_a_row_that_is_then_locked() -> None:
    """3.5 #3: side chips on r0c1-r0c4 plus the free corner r0c0 are a row; "Once a row of five
    discs is completed no player may remove a disc from it"."""
    state = with_chips(game(["5S 5C 6H 7C QS", "JS 9S 9C 8H 9H"]), a="r0c1 r0c2 r0c3 r5c5", b="r3c3")
    after = play(state, "play 5S r0c4")
    assert after.rows == (((0, 1, 2, 3, 4),), ())
    assert locked_cells(after.rows) == frozenset({0, 1, 2, 3, 4})
    assert fiar.scores(after) == (1, 0)
    assert events(after)[:2] == ["seat 0 plays: chip on r0c4 5S 4", "seat 0 scores: a row r0c0 r0c1 r0c2 r0c3 r0c4 1"]
    assert [m for m in moves(after) if "JS" in m] == ["play JS r5c5"]
    with pytest.raises(IllegalMove, match="the chip on r0c2 is part of a row: it may not be removed"):
        fiar.apply(after, fiar.PlayCard(1, Card.parse("JS"), parse_cell("r0c2")))
    # Without the corner's help a line needs five chips: 5S on its other cell makes nothing.
    other = play(state, "play 5S r8c3")
    assert other.rows == ((), ()) and fiar.scores(other) == (0, 0)


def test_one_chip_completing_two_rows_at_once_counts_both() -> None:
    """3.5 #4: a chip at r4c4 completing a horizontal and a vertical row: two rows counted
    (across first, then down)."""
    state = with_chips(game(["5H 5C 6H 7C QS", B_HAND]), a="r4c2 r4c3 r4c5 r4c6 r2c4 r3c4 r5c4 r6c4")
    after = play(state, "play 5H r4c4")
    assert [names(r) for r in after.rows[0]] == [
        "r4c2 r4c3 r4c4 r4c5 r4c6",
        "r2c4 r3c4 r4c4 r5c4 r6c4",
    ]
    assert fiar.scores(after) == (2, 0)


def test_a_second_row_sharing_two_cells_with_the_first_does_not_count() -> None:
    """3.5 #5 and "One disc may be part of another row if the rows cross each other": six in a
    line is one row; a ninth chip in line makes a second row sharing only the end cell."""
    first = (("r1c0 r1c1 r1c2 r1c3 r1c4",), ())
    state = with_chips(game(["AH 5C 6H 7C QS", B_HAND]), a="r1c0 r1c1 r1c2 r1c3 r1c4", rows=first)
    after = play(state, "play AH r1c5")  # r1c1..r1c5 shares four cells with the row
    assert [names(r) for r in after.rows[0]] == ["r1c0 r1c1 r1c2 r1c3 r1c4"]
    nine = with_chips(game(["TH 5C 6H 7C QS", B_HAND]), a="r1c0 r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7", rows=first)
    after = play(nine, "play 10H r1c8")
    assert [names(r) for r in after.rows[0]] == ["r1c0 r1c1 r1c2 r1c3 r1c4", "r1c4 r1c5 r1c6 r1c7 r1c8"]
    # The pure helper says the same.
    assert new_rows(after.chips, parse_cell("r1c8"), 0, after.rows[0][:1]) == after.rows[0][1:]
    assert new_rows(after.chips, parse_cell("r1c8"), 1, ()) == ()


def test_third_row_wins_and_jack_rules() -> None:
    """3.5 #6: "To get three rows of five discs": the third row ends the game for its side; a
    two-eyed jack goes on any empty cell, a one-eyed jack on an empty cell is refused."""
    rows = (("r0c0 r0c1 r0c2 r0c3 r0c4", "r9c0 r9c1 r9c2 r9c3 r9c4"), ())
    state = with_chips(
        game(["JD 5C 6H 7C QS", "JS 9S 9C 8H 9H"]),
        a="r0c1 r0c2 r0c3 r0c4 r9c1 r9c2 r9c3 r9c4 r5c1 r5c2 r5c3 r5c4",
        b="r7c7",
        rows=rows,
    )
    jd = [m for m in moves(state) if m.startswith("play JD")]
    assert len(jd) == CELLS - 4 - 13 and "play JD r5c0" in jd and "play JD r7c7" not in jd and "play JD r0c9" not in jd
    with pytest.raises(IllegalMove, match="r0c9 is a free corner"):
        fiar.apply(state, fiar.PlayCard(0, Card.parse("JD"), 9))
    won = play(state, "play JD r5c0")
    assert won.phase is Phase.OVER and fiar.is_over(won)
    assert fiar.winners(won) == frozenset({0}) and fiar.scores(won) == (3, 0)
    assert fiar.legal_moves(won) == () and fiar.to_act(won) == frozenset()
    assert events(won)[-1] == "game over; winners: 0"
    with pytest.raises(IllegalMove, match="game is over"):
        fiar.apply(won, fiar.PlayCard(1, Card.parse("9H"), parse_cell("r6c4")))
    # Seat 1's one-eyed jack: side 0's unlocked chips only, never an empty cell.
    turn = play(state, "play 5C r1c1")
    assert [m for m in moves(turn) if "JS" in m] == ["play JS r1c1", *(f"play JS r5c{c}" for c in (1, 2, 3, 4))]
    with pytest.raises(IllegalMove, match="removes an opposing chip, and r4c4 is empty"):
        fiar.apply(turn, fiar.PlayCard(1, Card.parse("JS"), parse_cell("r4c4")))
    with pytest.raises(IllegalMove, match="holds seat 1's side's own"):
        fiar.apply(turn, fiar.PlayCard(1, Card.parse("JS"), parse_cell("r7c7")))
    removed = play(turn, "play JS r5c2")
    assert at(removed, "r5c2") == EMPTY and removed.discards == parse_cards("5C JS")
    assert events(removed)[0] == "seat 1 plays: removes the chip on r5c2 JS 52"


def test_four_players_partners_opposite_share_rows() -> None:
    """Seed: "with four players opposites are partners": seat 2's chip finishes seat 0's line."""
    hands = ["2S 5C 6H 7C QS", B_HAND, "5S 4C 3C 2C AD", "KD QD TD 9D 8D"]
    state = with_chips(game(hands), a="r0c1 r0c2 r0c3")
    assert state.turn == 0 and fiar.team_of(2) == 0 and fiar.team_of(3) == 1
    after = play(state, "play QS r2c9", "play 9H r6c4", "play 5S r0c4")
    assert at(after, "r0c4") == 0 and at(after, "r6c4") == 1
    assert [names(r) for r in after.rows[0]] == ["r0c0 r0c1 r0c2 r0c3 r0c4"]
    assert fiar.scores(after) == (1, 0, 1, 0) and after.turn == 3
    quick = with_chips(game(hands, options=Options(rows_to_win=1)), a="r0c1 r0c2 r0c3")
    won = play(quick, "play QS r2c9", "play 9H r6c4", "play 5S r0c4")
    assert fiar.winners(won) == frozenset({0, 2}) and events(won)[-1] == "game over; winners: 0 2"


# Options, valve, stock -----------------------------------------------------------------------


def test_rows_to_win_option_changes_the_target() -> None:
    """Options.rows_to_win: the seed's three; with one, the first row ends the game."""
    assert Options.metzker() == Options() and Options().rows_to_win == 3
    hands = ["5S 5C 6H 7C QS", B_HAND]
    three = play(with_chips(game(hands), a="r0c1 r0c2 r0c3"), "play 5S r0c4")
    one = play(with_chips(game(hands, options=Options(rows_to_win=1)), a="r0c1 r0c2 r0c3"), "play 5S r0c4")
    assert not fiar.is_over(three) and fiar.is_over(one) and fiar.winners(one) == frozenset({0})


def test_hand_size_option_deals_that_many() -> None:
    """Options.hand_size: the seed's five; Sequence's seven for two players."""
    state = fiar.new_game(2, seed=3, options=Options(hand_size=7))
    assert [len(h) for h in state.hands] == [7, 7] and len(state.stock) == 104 - 14
    assert [len(h) for h in fiar.new_game(4, seed=3).hands] == [5, 5, 5, 5]


def test_termination_valve_ends_the_game_drawn_after_max_turns() -> None:
    """Rules notes section 0 and 3.5: `max_turns` (default 1000) ends the game as a draw."""
    assert Options().max_turns == 1000 and fiar.GAME.max_plies == 2000
    state = game(["7H 2S 3S KC AD", B_HAND], options=Options(max_turns=2))
    once = play(state, "play 7H r4c8")
    assert not fiar.is_over(once)
    over = play(once, "play 9H r6c4")
    assert fiar.is_over(over) and fiar.winners(over) == frozenset() and over.turns == 2
    assert events(over)[-2:] == ["note: no side made its rows in 2 turns: the game is drawn", "game over; winners:"]


def test_empty_stock_reshuffles_the_whole_discard_pile() -> None:
    """Seed: "If the draw pile is finished before the end of the game the discard pile is
    shuffled and becomes the draw pile"."""
    state = game(["7H 2S 3S KC AD", B_HAND])
    state = attrs.evolve(state, stock=state.stock[:1], discards=state.stock[1:])
    drawn = state.stock[0]
    after = play(state, "play 7H r4c8")
    assert drawn in after.hands[0] and after.stock == () and len(after.discards) == 94
    second = play(after, "play 9H r6c4")
    assert events(second)[1] == "reshuffles the discards into the stock"
    assert len(second.stock) == 94 and second.discards == ()
    assert Counter(second.stock) + Counter(c for h in second.hands for c in h) == Counter(PACK)


# Players, views, notation, a whole game ------------------------------------------------------


def test_two_or_four_players_only() -> None:
    """Seed: "2 or 4 people can play"."""
    with pytest.raises(ValueError, match="2, 4"):
        fiar.new_game(3)
    assert len(fiar.new_game(seed=1).hands) == 2


def test_view_hides_the_other_hands_and_the_stock_but_not_the_board() -> None:
    """Hands are seen by their owners; the board and the played cards by everyone."""
    state = play(with_chips(game(["7H 2S 3S KC AD", B_HAND]), b="r3c3"), "play 7H r4c8")
    mine = fiar.view(state, 1)
    assert mine.hands[1] == state.hands[1] and all(c is HIDDEN for c in mine.hands[0])
    assert all(c is HIDDEN for c in mine.stock) and mine.discards == parse_cards("7H")
    assert mine.chips == state.chips and mine.rng is None
    assert fiar.legal_moves(mine) == fiar.legal_moves(state, 1)
    assert fiar.legal_moves(fiar.view(state, None)) == ()


def test_render_shows_the_board_chips_and_rows() -> None:
    """The text picture marks side a's and side b's chips and the cells of rows."""
    state = play(with_chips(game(["5S 5C 6H 7C QS", B_HAND]), a="r0c1 r0c2 r0c3", b="r3c3"), "play 5S r0c4")
    text = fiar.render(state)
    assert "r0   XX   2Sa* 3Sa* 4Sa* 5Sa* 6S" in text
    assert "side a (seat 0) 1 row; side b (seat 1) 0 rows (of 3)" in text
    assert "seat 1 to play" in text


def test_registry_and_json_round_trip() -> None:
    """The game is registered; states and moves round-trip through JSON."""
    spec = parlour.game("five_in_a_row")
    state = play(game(["7H 2S 3S KC AD", B_HAND]), "play 7H r4c8")
    assert spec.name == "five_in_a_row" and parlour.from_json(parlour.to_json(state)) == state
    move = fiar.legal_moves(state)[0]
    assert parlour.from_json(parlour.to_json(move)) == move


def test_a_whole_game_with_first_moves_ends_with_the_side_that_made_three_rows() -> None:
    """Seed: "To get three rows of five discs": a full game from the deal to its winner."""
    state = fiar.new_game(2, seed=11)
    plies = 0
    while not fiar.is_over(state):
        state = fiar.apply(state, fiar.legal_moves(state)[0])
        fiar.check_invariants(state)
        plies += 1
    side = [t for t in range(2) if len(state.rows[t]) >= 3]
    assert len(side) == 1
    assert fiar.winners(state) == frozenset({side[0]}) and fiar.scores(state)[side[0]] == 3
    assert (plies, fiar.winners(state), fiar.scores(state)) == WHOLE_GAME


def test_check_invariants_refuses_impossible_boards() -> None:
    """The guard against hostile JSON: a chip on a free corner, masks out of step with the chips,
    a row that is not a line of the side's chips, a finished side still playing."""
    state = game(["7H 2S 3S KC AD", B_HAND])
    fiar.check_invariants(state)
    corner = attrs.evolve(state, chips=((0, *state.chips[0][1:]), *state.chips[1:]))
    with pytest.raises(ValueError, match="corner r0c0 is free"):
        fiar.check_invariants(corner)
    with pytest.raises(ValueError, match="marks must be"):
        fiar.check_invariants(attrs.evolve(state, marks=(0, 0, 0, 0)))
    with pytest.raises(ValueError, match="not a line of five cells"):
        fiar.check_invariants(with_chips(state, a="r0c1 r0c2 r0c3 r0c5", rows=(("r0c1 r0c2 r0c3 r0c5 r0c0",), ())))
    with pytest.raises(ValueError, match="is not all its chips"):
        fiar.check_invariants(with_chips(state, a="r0c1 r0c2 r0c3", rows=(("r0c0 r0c1 r0c2 r0c3 r0c4",), ())))
    three = (("r0c0 r0c1 r0c2 r0c3 r0c4", "r9c0 r9c1 r9c2 r9c3 r9c4", "r5c0 r5c1 r5c2 r5c3 r5c4"), ())
    won = with_chips(state, a="r0c1 r0c2 r0c3 r0c4 r9c1 r9c2 r9c3 r9c4 r5c0 r5c1 r5c2 r5c3 r5c4", rows=three)
    with pytest.raises(ValueError, match="has won: the game is over"):
        fiar.check_invariants(won)
    fiar.check_invariants(attrs.evolve(won, phase=Phase.OVER))
