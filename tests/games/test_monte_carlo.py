"""Monte Carlo scenarios from the seed (002 "Monte Carlo") and rules/other.md sections 0, 1.1
and 4.3 (its readings and scenario tests)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, Rank, Suit, parse_cards
from parlour.core.errors import GameOver, IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.games import monte_carlo
from parlour.games.monte_carlo import (
    CELLS,
    GAME,
    PACK,
    Consolidate,
    Options,
    Phase,
    RemovePair,
    State,
    adjacent,
    consolidated,
    has_pair,
    pairs,
)

ANY_TIME = Options(consolidate_any_time=True)


def card(text: str) -> Card:
    return parse_cards(text)[0]


def deck_for(placed: Mapping[int, str], stock: Sequence[str] = ()) -> list[Card]:
    """A deck whose deal puts the `placed` cards in their cells and fills every other cell with
    the first unused card (in pack order) that pairs with no touching card, so the layout has no
    pair but those the test places; then the given stock cards, then the rest in pack order."""
    cells: list[Card | None] = [None] * CELLS
    for cell, text in placed.items():
        cells[cell] = card(text)
    reserved = {c for c in cells if c is not None} | set(parse_cards(list(stock)))
    free = [c for c in PACK if c not in reserved]
    for cell in range(CELLS):
        if cells[cell] is not None:
            continue
        near = {c.rank for other, c in enumerate(cells) if c is not None and other != cell and adjacent(cell, other)}
        pick = next(c for c in free if c.rank not in near)
        free.remove(pick)
        cells[cell] = pick
    dealt = [c for c in cells if c is not None]
    return [*dealt, *parse_cards(list(stock)), *free]


def deal(placed: Mapping[int, str], stock: Sequence[str] = (), options: Options | None = None) -> State:
    return monte_carlo.new_game(deck=deck_for(placed, stock), options=options)


def moves(state: State) -> list[str]:
    return [str(m) for m in monte_carlo.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = monte_carlo.apply(state, monte_carlo.parse_move(state, text))
        monte_carlo.check_invariants(state)
    return state


def text_of(layout: Sequence[Card | None]) -> list[str]:
    return ["." if c is None else str(c) for c in layout]


RANK_ORDER_DECK = [Card(Rank(r), s) for r in range(1, 14) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]
"""Four aces, four twos, ... four kings: cards of one rank always lie side by side."""

NO_PAIR_DECK = [Card(Rank(k % 13 + 1), Suit.SPADES if k < 13 else Suit.HEARTS) for k in range(26)] + [
    c for c in PACK if c.suit in (Suit.DIAMONDS, Suit.CLUBS)
]
"""Cell k holds rank k % 13 + 1: touching cells are 1, 4, 5 or 6 apart, never 13, so no pair."""


# Setup ---------------------------------------------------------------------------------------


def test_the_deal_is_twenty_five_cards_in_reading_order_and_a_stock_of_twenty_seven() -> None:
    """Seed: "five columns of five cards each" face up; "The remaining twenty-seven cards ...
    create the stockpile" (rules 4.3 Setup). Cells fill in reading order from the top card."""
    state = monte_carlo.new_game(deck=RANK_ORDER_DECK)
    assert list(state.layout) == RANK_ORDER_DECK[:25]
    assert list(state.stock) == RANK_ORDER_DECK[25:]
    assert len(state.stock) == 27 and state.discards == ()
    assert state.hand == 1 and monte_carlo.to_act(state) == frozenset({0})
    assert monte_carlo.scores(state) == (0,)


def test_one_player_and_no_other_dealer() -> None:
    """Seed: "NUMBER OF PLAYERS: One"; the lone player is seat 0 (board addendum)."""
    assert GAME.players == (1,) and GAME.default_players == 1
    with pytest.raises(ValueError, match="monte_carlo is played by 1 players, not 2"):
        monte_carlo.new_game(2)
    with pytest.raises(ValueError, match="dealer can only be seat 0"):
        monte_carlo.new_game(dealer=1)
    assert monte_carlo.new_game(seed=4, dealer=0) == monte_carlo.new_game(seed=4)


def test_same_seed_same_deal() -> None:
    """DESIGN: the seed makes the game reproducible."""
    assert monte_carlo.new_game(seed=9) == monte_carlo.new_game(seed=9)
    assert monte_carlo.new_game(seed=9).layout != monte_carlo.new_game(seed=10).layout


# Pairs ---------------------------------------------------------------------------------------


def test_diagonal_pair_is_removable_but_two_apart_is_not() -> None:
    """Rules 4.3 scenario 1: 10S at r0c0 and 10H at r1c1 (diagonal) are removable; 10S at r0c0
    and 10H at r0c2 are not (seed: "touch ... diagonally at the corners")."""
    state = deal({0: "10S", 6: "10H"})
    assert moves(state) == ["remove 10S 10H"]
    state = deal({0: "10S", 2: "10H", 23: "5D", 24: "5C"})
    assert moves(state) == ["remove 5D 5C"]
    with pytest.raises(IllegalMove, match=r"10S \(cell 0\) and 10H \(cell 2\) do not touch"):
        monte_carlo.apply(state, RemovePair(0, card("10S"), card("10H")))


def test_pairs_touch_side_to_side_top_to_bottom_and_at_corners() -> None:
    """Seed: "any two cards that touch top to bottom, side to side, or diagonally at the
    corners": every neighbour of a middle cell pairs, listed by first cell then second."""
    state = deal({12: "KS", 6: "KH", 7: "KD", 18: "KC"})
    assert moves(state) == ["remove KH KD", "remove KH KS", "remove KD KS", "remove KS KC"]
    assert [adjacent(12, c) for c in (6, 7, 8, 11, 13, 16, 17, 18)] == [True] * 8
    assert [adjacent(12, c) for c in (2, 10, 14, 22, 0, 4, 20, 24)] == [False] * 8
    assert not adjacent(4, 5)  # the end of a row does not touch the start of the next


def test_only_the_rank_matters_not_the_suit() -> None:
    """Seed: "pairs of cards of the same rank (for example ... a 10S and a 10H)": one suit and
    touching ranks (10S beside JS) make no pair."""
    state = deal({0: "10S", 1: "JS", 2: "10H", 7: "5D", 8: "5C"})
    assert moves(state) == ["remove 5D 5C"]
    assert pairs(state.layout) == ((7, 8),)


def test_removing_a_pair_discards_it_and_leaves_the_cells_empty() -> None:
    """Seed: pairs "will be placed" on the discard pile; the other cards stay where they are
    while pairs remain (no closing up with a pair on the table)."""
    state = deal({0: "QS", 1: "QH", 10: "3S", 15: "3H"})
    before = state.layout
    state = play(state, "remove QS QH")
    assert state.discards == parse_cards("QS QH")
    assert state.layout[:2] == (None, None) and state.layout[2:] == before[2:]
    assert [str(e) for e in state.events] == ["seat 0 discards QS QH"]
    assert moves(state) == ["remove 3S 3H"]
    assert monte_carlo.scores(state) == (2,)


def test_empty_cells_do_not_connect_cards() -> None:
    """Rules 4.3: "Empty cells do not connect cards": KS and KH with an emptied cell between
    them do not pair until the cards close up."""
    state = deal({0: "KS", 1: "5H", 2: "KH", 6: "5D", 20: "8S", 21: "8H"})
    state = play(state, "remove 5H 5D")
    assert state.layout[0] == card("KS") and state.layout[1] is None and state.layout[2] == card("KH")
    assert moves(state) == ["remove 8S 8H"]
    state = play(state, "remove 8S 8H")  # no pair left: the cards close up and KS meets KH
    assert text_of(state.layout)[:2] == ["KS", "KH"]
    assert moves(state)[0] == "remove KS KH"


# Consolidating -------------------------------------------------------------------------------


def test_no_consolidating_while_a_pair_remains() -> None:
    """Rules 4.3 scenario 2 and seed "When there are no available pairs ... move all of the
    cards left": with a pair still on the grid, consolidating is not legal."""
    state = play(deal({1: "9S", 7: "9H", 20: "4S", 21: "4H"}), "remove 9S 9H")
    assert moves(state) == ["remove 4S 4H"]
    with pytest.raises(IllegalMove, match="close up only when no pair is left, and then by themselves"):
        monte_carlo.apply(state, Consolidate(0))


def test_closing_up_slides_cards_into_reading_order_and_deals_from_the_stock() -> None:
    """Rules 4.3 scenario 3: removing cells 1 and 7 then consolidating moves the card of cell 2
    to cell 1 and the card of cell 8 to cell 6, and fills the two last cells from the stock.
    With no pair left the engine closes up by itself (rules section 0)."""
    state = deal({1: "9S", 7: "9H"}, stock=["2D", "2C"])
    before = state.layout
    state = play(state, "remove 9S 9H")
    assert state.layout[1] == before[2] and state.layout[6] == before[8]
    assert state.layout[0] == before[0] and state.layout[5] == before[6]
    assert state.layout[:23] == (before[0], *before[2:7], *before[8:])
    assert state.layout[23:] == parse_cards("2D 2C")
    assert len(state.stock) == 25 and state.phase is Phase.PLAY
    assert [e.kind for e in state.events] == [EventKind.DISCARDS, EventKind.NOTE, EventKind.TURNS_UP]
    assert state.events[2].cards == parse_cards("2D 2C") and state.events[2].numbers == (23, 24)
    assert "remove 2D 2C" in moves(state)


def test_consolidate_any_time_makes_closing_up_a_move() -> None:
    """Option `consolidate_any_time` (rules 4.3 "Ambiguities": modern rules let the player
    consolidate at any time): after removing cells 1 and 7 with another pair left, `consolidate`
    is offered and does the same close-up as scenario 3; by default it is not offered."""
    placed = {1: "9S", 7: "9H", 20: "4S", 21: "4H"}
    plain = play(deal(placed, stock=["2D", "JC"]), "remove 9S 9H")
    assert moves(plain) == ["remove 4S 4H"]
    state = deal(placed, stock=["2D", "JC"], options=ANY_TIME)
    assert moves(state) == ["remove 9S 9H", "remove 4S 4H"]  # a full layout: closing up changes nothing
    before = state.layout
    state = play(state, "remove 9S 9H")
    assert moves(state) == ["remove 4S 4H", "consolidate"]
    state = play(state, "consolidate")
    assert state.layout == (before[0], *before[2:7], *before[8:], *parse_cards("2D JC"))
    assert str(state.events[0]) == "seat 0 note: closes up the cards in reading order"
    assert moves(state)[-1] != "consolidate"  # closed up: nothing more to change


def test_consolidate_refused_when_it_changes_nothing() -> None:
    """Rules 4.3: `Consolidate` is legal only if it changes the layout."""
    state = deal({0: "7S", 1: "7H"}, options=ANY_TIME)
    with pytest.raises(IllegalMove, match="closing up would change nothing"):
        monte_carlo.apply(state, Consolidate(0))


def test_closing_up_with_a_short_stock_leaves_the_last_cells_empty() -> None:
    """Seed: "use cards from the stockpile to complete the grid": when the stock runs short the
    cells at the end stay empty (`consolidated` helper)."""
    layout = (None, *parse_cards("AS 2S"), None, *parse_cards("3S"), *(None,) * 20)
    closed, stock = consolidated(layout, parse_cards("4S"))
    assert text_of(closed)[:6] == ["AS", "2S", "3S", "4S", ".", "."]
    assert stock == ()
    closed, stock = consolidated(layout, parse_cards("4S 5S 6S"))
    assert text_of(closed)[:7] == ["AS", "2S", "3S", "4S", "5S", "6S", "."] and stock == ()


# End -----------------------------------------------------------------------------------------


def test_all_fifty_two_discarded_is_won() -> None:
    """Rules 4.3 scenario 4 and seed "The objective ... is to place all fifty-two cards in the
    discard pile": a whole game played to the end is won by seat 0."""
    state = monte_carlo.new_game(deck=RANK_ORDER_DECK)
    plies = 0
    while not monte_carlo.is_over(state):
        state = monte_carlo.apply(state, monte_carlo.legal_moves(state)[0])
        monte_carlo.check_invariants(state)
        plies += 1
    assert plies == 26 and state.phase is Phase.WON
    assert monte_carlo.winners(state) == frozenset({0}) and monte_carlo.scores(state) == (52,)
    assert state.layout == (None,) * CELLS and state.stock == ()
    assert [str(e) for e in state.events][-2:] == ["hand scored: 52", "game over; winners: 0"]
    assert monte_carlo.legal_moves(state) == () and monte_carlo.to_act(state) == frozenset()
    with pytest.raises(GameOver):
        monte_carlo.apply(state, RemovePair(0, card("KS"), card("KH")))


def test_last_pair_removed_wins_from_a_late_position() -> None:
    """Scenario 4 from a built position: the last two cards are a pair; removing them wins."""
    base = monte_carlo.new_game(deck=RANK_ORDER_DECK)
    rest = tuple(c for c in RANK_ORDER_DECK if c not in parse_cards("KS KH"))
    state = attrs.evolve(base, layout=(*parse_cards("KS KH"), *(None,) * 23), stock=(), discards=rest)
    monte_carlo.check_invariants(state)
    state = play(state, "remove KS KH")
    assert state.phase is Phase.WON and monte_carlo.winners(state) == frozenset({0})


def test_a_deal_without_a_pair_is_lost_at_once() -> None:
    """Seed: "The game ends ... when no further cards may be moved"; rules 4.3 End: no pair and
    closing up changes nothing. `winners` is empty for a lost game (board addendum)."""
    state = monte_carlo.new_game(deck=NO_PAIR_DECK)
    assert state.phase is Phase.LOST and monte_carlo.is_over(state)
    assert monte_carlo.winners(state) == frozenset() and monte_carlo.scores(state) == (0,)
    assert monte_carlo.legal_moves(state) == ()
    assert EventKind.GAME_OVER in [e.kind for e in state.events]


def test_lost_when_no_pair_after_closing_up() -> None:
    """Rules 4.3 End: after the last removable pair the cards close up by themselves; if that
    makes no pair the game is lost, scored by the cards discarded so far."""
    base = monte_carlo.new_game(deck=RANK_ORDER_DECK)
    layout = (*parse_cards("AS 9S 9H 2S"), *(None,) * 6, *parse_cards("AH 2H"), *(None,) * 13)
    rest = tuple(c for c in RANK_ORDER_DECK if c not in layout)  # by rank: pairs of one rank
    state = attrs.evolve(base, layout=layout, stock=(), discards=rest)
    monte_carlo.check_invariants(state)
    state = play(state, "remove 9S 9H")
    assert state.phase is Phase.LOST and text_of(state.layout)[:5] == ["AS", "2S", "AH", "2H", "."]
    assert monte_carlo.winners(state) == frozenset() and monte_carlo.scores(state) == (48,)
    assert [str(e) for e in state.events] == [
        "seat 0 discards 9S 9H",
        "note: no pair to remove: the cards close up in reading order",
        "note: no pair can be removed: the game is lost",
        "hand scored: 48",
        "game over; winners:",
    ]


def test_closing_up_can_make_pairs_from_the_stock() -> None:
    """Seed: "use cards from the stockpile to complete the grid", then play goes on: two cards
    of one rank dealt into the last two cells touch and may be removed."""
    state = play(deal({0: "2S", 1: "2H"}, stock=["2D", "2C"]), "remove 2S 2H")
    assert state.layout[23:] == parse_cards("2D 2C")
    assert moves(state) == ["remove 2D 2C"]


def test_lost_when_the_stock_is_empty_and_the_cards_are_packed() -> None:
    """Rules 4.3 End: lost when no pair exists and the stock is empty (closing up would change
    nothing because no gap comes before a card)."""
    base = monte_carlo.new_game(deck=RANK_ORDER_DECK)
    layout = (*parse_cards("AS 2S AH 2H 3S 3H QS QH"), *(None,) * 17)
    rest = tuple(c for c in RANK_ORDER_DECK if c not in layout)
    state = attrs.evolve(base, layout=layout, stock=(), discards=rest)
    monte_carlo.check_invariants(state)
    state = play(state, "remove QS QH")
    assert state.phase is Phase.LOST and text_of(state.layout)[:7] == ["AS", "2S", "AH", "2H", "3S", "3H", "."]
    assert monte_carlo.scores(state) == (46,) and monte_carlo.winners(state) == frozenset()
    assert [str(e) for e in state.events] == [
        "seat 0 discards QS QH",
        "note: no pair can be removed: the game is lost",
        "hand scored: 46",
        "game over; winners:",
    ]


# Notation, refusals, views, invariants -------------------------------------------------------


def test_notation_round_trips_and_reads_either_card_first() -> None:
    """DESIGN: parse_move round-trips every legal move; "remove 10H 10S" names the same pair."""
    state = deal({0: "10S", 6: "10H"}, options=ANY_TIME)
    for move in monte_carlo.legal_moves(state):
        assert monte_carlo.parse_move(state, str(move)) is move
    assert monte_carlo.parse_move(state, "remove 10h 10s") == RemovePair(0, card("10S"), card("10H"))
    assert monte_carlo.parse_move(state, "0: remove 10H 10S") == RemovePair(0, card("10S"), card("10H"))
    with pytest.raises(NotationError):
        monte_carlo.parse_move(state, "remove 10S 9H")


def test_refusals_name_the_rule() -> None:
    """apply refuses illegal moves with the rule broken: another seat, unlike ranks, a card not
    in the layout, the cards written in the wrong order."""
    state = deal({0: "10S", 6: "10H", 12: "4C"})
    with pytest.raises(IllegalMove, match="one player, seat 0, not seat 1"):
        monte_carlo.apply(state, RemovePair(1, card("10S"), card("10H")))
    with pytest.raises(IllegalMove, match="10S and 4C are not of the same rank"):
        monte_carlo.apply(state, RemovePair(0, card("10S"), card("4C")))
    missing = state.stock[0]
    other = next(c for c in PACK if c.rank is missing.rank and c != missing)
    with pytest.raises(IllegalMove, match=f"{missing} is not in the layout"):
        monte_carlo.apply(state, RemovePair(0, missing, other))
    with pytest.raises(IllegalMove, match="write the earlier card first: remove 10S 10H"):
        monte_carlo.apply(state, RemovePair(0, card("10H"), card("10S")))
    with pytest.raises(IllegalMove):
        monte_carlo.apply(state, RemovePair(True, card("10S"), card("10H")))


def test_view_hides_the_stock_only() -> None:
    """Seed: the stock is "placed face down"; the layout and discards are face up."""
    state = play(deal({0: "QS", 1: "QH", 10: "3S", 15: "3H"}), "remove QS QH")
    seen = monte_carlo.view(state, 0)
    assert seen.layout == state.layout and seen.discards == state.discards
    assert seen.stock == (HIDDEN,) * len(state.stock) and seen.rng is None
    assert monte_carlo.legal_moves(seen) == monte_carlo.legal_moves(state)
    assert monte_carlo.legal_moves(monte_carlo.view(state, None)) == ()
    with pytest.raises(ValueError, match="cannot apply a move to a view"):
        monte_carlo.apply(seen, monte_carlo.legal_moves(seen)[0])
    shuffled = monte_carlo.shuffle_unseen(state, 0, 5)
    assert shuffled.layout == state.layout and sorted(shuffled.stock, key=lambda c: c.index) == sorted(
        state.stock, key=lambda c: c.index
    )
    assert monte_carlo.view(shuffled, 0) == seen


def test_invariants_refuse_unreachable_states() -> None:
    """check_invariants guards hostile JSON: cell count, phases tied to the layout, pairs."""
    state = deal({0: "QS", 1: "QH"})
    with pytest.raises(ValueError, match="25 cells"):
        monte_carlo.check_invariants(attrs.evolve(state, layout=state.layout[:24]))
    with pytest.raises(ValueError, match="a pair can still be removed"):
        monte_carlo.check_invariants(attrs.evolve(state, phase=Phase.LOST))
    with pytest.raises(ValueError, match="won exactly when all 52"):
        monte_carlo.check_invariants(attrs.evolve(state, phase=Phase.WON))
    lost = monte_carlo.new_game(deck=NO_PAIR_DECK)
    with pytest.raises(ValueError, match="not a playing state"):
        monte_carlo.check_invariants(attrs.evolve(lost, phase=Phase.PLAY))
    with pytest.raises(ValueError, match="hand must be 1"):
        monte_carlo.check_invariants(attrs.evolve(state, hand=2))
    moved = play(state, "remove QS QH")
    swapped = (moved.discards[0], moved.stock[0])
    with pytest.raises(ValueError, match="not a pair of one rank"):
        monte_carlo.check_invariants(attrs.evolve(moved, discards=swapped, stock=(moved.discards[1], *moved.stock[1:])))
    gapped = play(deal({0: "QS", 1: "QH", 10: "3S", 15: "3H"}), "remove QS QH")
    with pytest.raises(ValueError, match="odd number of cards"):
        monte_carlo.check_invariants(attrs.evolve(gapped, layout=(gapped.stock[0], *gapped.layout[1:]), stock=gapped.stock[1:]))
    base = monte_carlo.new_game(deck=RANK_ORDER_DECK)
    gap = (*parse_cards("AS 2S"), None, *parse_cards("AH 2H"), *(None,) * 20)
    rest = tuple(c for c in RANK_ORDER_DECK if c not in gap)
    with pytest.raises(ValueError, match="closing up would still change the layout"):
        monte_carlo.check_invariants(attrs.evolve(base, phase=Phase.LOST, layout=gap, stock=(), discards=rest))
    text = parlour.to_json(moved)
    assert parlour.from_json(text) == moved


def test_helpers_pairs_and_has_pair() -> None:
    """The pure helpers: `pairs` in reading order, `has_pair`, and their refusal of bad sizes."""
    layout = (*parse_cards("KS KH 3C 4C 5C"), None, card("3D"), *(None,) * 18)
    assert pairs(layout) == ((0, 1), (2, 6))
    assert has_pair(layout)
    with pytest.raises(ValueError, match="25 cells"):
        pairs(layout[:5])


# Presets and registration --------------------------------------------------------------------


def test_book_preset_is_the_default_and_listed() -> None:
    """The seed's version is the `book` preset: closing up only when no pair is left."""
    assert Options.book() == Options() and not Options().consolidate_any_time
    assert GAME.presets == (("book", Options.book()),)
    assert parlour.game("monte_carlo").title == "Monte Carlo"


def test_max_plies_bounds_any_game() -> None:
    """26 removals and at most one close-up move after each: `max_plies` is 52."""
    assert GAME.max_plies == 52
    for seed in range(30):
        state = monte_carlo.new_game(seed=seed, options=ANY_TIME)
        plies = 0
        while not monte_carlo.is_over(state):
            state = monte_carlo.apply(state, monte_carlo.legal_moves(state)[-1])
            plies += 1
        assert plies <= GAME.max_plies


def test_render_shows_rows_and_status() -> None:
    """render: counts, what happens now, five rows with "." for empty cells."""
    state = play(deal({0: "QS", 1: "QH", 10: "3S", 15: "3H"}), "remove QS QH")
    picture = monte_carlo.render(state)
    lines = picture.splitlines()
    assert lines[0] == "discarded 2 of 52; stock 27 cards; last pair QS QH"
    assert lines[1] == "remove a touching pair of one rank (1 on the table)"
    assert lines[2].startswith("   0: .    .    ")
    assert len(lines) == 7
