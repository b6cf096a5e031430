"""Go Fish scenarios from the seed (004 "Go Fish") and rules/other.md section 6.1."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

from parlour.core.cards import HIDDEN, Card, Rank, cards_text, parse_cards, standard_pack
from parlour.core.errors import GameOver, IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.games import go_fish
from parlour.games.go_fish import GAME, Ask, Options, Phase, State

PACK = standard_pack()


def by_rank(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (int(c.rank), int(c.suit or 0))))


def deck_for(*hands: str, stock: str = "") -> list[str]:
    """A deck that deals `hands[s]` to seat s when the last seat deals (seat 0 gets the first
    card), then `stock` on top of the stock, then the rest of the pack in pack order."""
    split = [h.split() for h in hands]
    dealt = [split[s][i] for i in range(len(split[0])) for s in range(len(split))]
    named = dealt + stock.split()
    rest = [str(c) for c in PACK if str(c) not in set(named)]
    return named + rest


def game(*hands: str, stock: str = "", options: Options | None = None) -> State:
    n = len(hands)
    return go_fish.new_game(n, seed=1, options=options, deck=deck_for(*hands, stock=stock), dealer=n - 1)


def position(
    hands: Sequence[str],
    *,
    books: Sequence[str] = (),
    stock: str | None = None,
    turn: int = 0,
    options: Options | None = None,
) -> State:
    """A mid-game position: `books[s]` lists seat s's book ranks ("7 Q"); `stock` None puts
    every other card in the stock in pack order."""
    n = len(hands)
    start = go_fish.new_game(n, seed=3, dealer=n - 1, options=options)
    held = [by_rank(parse_cards(h)) for h in hands]
    laid = []
    for seat in range(n):
        ranks = books[seat].split() if seat < len(books) else []
        laid.append(tuple(c for word in ranks for c in by_rank([c for c in PACK if str(c.rank) == word])))
    used = {c for part in [*held, *laid] for c in part}
    if stock is None:
        pile = tuple(c for c in PACK if c not in used)
    else:
        pile = parse_cards(stock)
    state = attrs.evolve(
        start, hands=tuple(held), books=tuple(laid), stock=pile, turn=turn, stalled=0, events=()
    )
    go_fish.check_invariants(state)
    return state


def moves(state: State) -> list[str]:
    return [str(m) for m in go_fish.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = go_fish.apply(state, go_fish.parse_move(state, text))
    return state


def texts(state: State) -> list[str]:
    return [str(e) for e in state.events]


ALL_BUT_7 = "A 2 3 4 5 6 8 9 10 J Q K"


# The turn ------------------------------------------------------------------------------------


def test_ask_only_for_a_rank_held_and_only_a_seat_holding_cards() -> None:
    """Seed: "Pick one card from your hand of the desired rank"; notes 6.1 test 1: only ranks
    the asker holds, only targets that hold cards (seat 1's hand is empty, the stock too)."""
    state = position(["7C 7D KH", "", "7H 7S KC KD KS"], books=["", "", "A 2 3 4 5 6 8 9 10 J Q"], stock="")
    assert moves(state) == ["ask 2 for 7", "ask 2 for K"]
    with pytest.raises(IllegalMove, match="seat 1 holds no cards"):
        go_fish.apply(state, Ask(0, 1, Rank.SEVEN))
    with pytest.raises(IllegalMove, match="holds no Q"):
        go_fish.apply(state, Ask(0, 2, Rank.QUEEN))
    with pytest.raises(IllegalMove, match="not itself"):
        go_fish.apply(state, Ask(0, 0, Rank.SEVEN))
    with pytest.raises(IllegalMove, match="seat 0's turn"):
        go_fish.apply(state, Ask(2, 0, Rank.SEVEN))


def test_targets_go_clockwise_from_the_askers_left() -> None:
    """Legal moves are listed by target clockwise from the asker's left, then rank A..K."""
    state = position(["AC 7C", "AD", "7D 7H", "AH AS 7S"], turn=2, stock="", books=["", "", "", "2 3 4 5 6 8 9 10 J Q K"])
    assert moves(state) == ["ask 3 for 7", "ask 0 for 7", "ask 1 for 7"]


def test_a_successful_ask_takes_every_card_of_the_rank_and_goes_again() -> None:
    """Seed: "If someone asks you for a rank that you have, the cards are taken from your hand
    ... If you get the card you asked for, you get to go again" (notes 6.1 test 2)."""
    state = game("7C AD 2D 3D 4D", "5C 6C 8C 9C 10C", "7D 7H JC QC KC")
    state = play(state, "ask 2 for 7")
    assert cards_text(state.hands[0]) == "AD 2D 3D 4D 7C 7D 7H"
    assert cards_text(state.hands[2]) == "JC QC KC"
    assert state.turn == 0
    assert texts(state) == [
        "seat 0 asks: seat 2 for 7",
        "seat 2 gives 7D 7H 0",
        "seat 0 receives 7D 7H 2",
        "seat 0 to play",
    ]
    # The table learns the rank and the count, not the suits.
    assert [str(e) for e in go_fish.view(state, 1).events][1:3] == ["seat 2 gives ?? ?? 0", "seat 0 receives ?? ?? 2"]


def test_go_fish_draws_and_fishing_the_asked_rank_goes_again() -> None:
    """Seed: "If you do not have any cards of that rank, your opponent must go fish"; the
    reading (notes 6.1 test 3): a drawn card of the asked rank gives another turn, shown to
    the table; any other card ends the turn."""
    state = game("7C AD 2D 3D 4D", "5C 6C 8C 9C 10C", "7D 7H JC QC KC", stock="7S 9D")
    state = play(state, "ask 1 for 7")
    assert state.turn == 0 and cards_text(state.hands[0]) == "AD 2D 3D 4D 7C 7S"
    assert texts(state) == [
        "seat 0 asks: seat 1 for 7",
        "seat 1 note: go fish",
        "seat 0 draws 7S",
        "seat 0 shows: the rank asked for 7S",
        "seat 0 to play",
    ]
    assert [str(e) for e in go_fish.view(state, 2).events][2:4] == ["seat 0 draws ??", "seat 0 shows: the rank asked for 7S"]
    state = play(state, "ask 1 for A")
    assert state.turn == 1 and cards_text(state.hands[0]) == "AD 2D 3D 4D 7C 7S 9D"
    assert [e.kind for e in state.events][-2:] == [EventKind.DRAWS, EventKind.TO_PLAY]
    assert str(go_fish.view(state, 1).events[2]) == "seat 0 draws ??"


def test_fished_rank_goes_again_option() -> None:
    """Option `fished_rank_goes_again=False`: only a successful ask gives another turn."""
    options = Options(fished_rank_goes_again=False)
    state = game("7C AD 2D 3D 4D", "5C 6C 8C 9C 10C", "7D 7H JC QC KC", stock="7S 9D", options=options)
    state = play(state, "ask 1 for 7")
    assert state.turn == 1
    assert EventKind.SHOWS not in [e.kind for e in state.events]


def test_completing_four_of_a_kind_lays_a_book_and_scores_a_point() -> None:
    """Seed: "If you ... get four of a kind during game play, those cards are removed from your
    hand, and you get a point" (notes 6.1 test 4)."""
    state = game("7C 7D AD 2D 3D", "5C 6C 8C 9C 10C", "7H 7S JC QC KC")
    state = play(state, "ask 2 for 7")
    assert cards_text(state.books[0]) == "7C 7D 7H 7S"
    assert go_fish.books_of(state.books[0]) == (Rank.SEVEN,)
    assert cards_text(state.hands[0]) == "AD 2D 3D"
    assert go_fish.scores(state) == (1, 0, 0)
    assert "seat 0 melds: book 7C 7D 7H 7S" in texts(state)
    assert state.turn == 0


def test_a_book_dealt_is_laid_down_at_once() -> None:
    """Seed: "If you are dealt a four of a kind ... those cards are removed from your hand, and
    you get a point"."""
    state = game("7C 7D 7H 7S AD", "5C 6C 8C 9C 10C", "2D 3D JC QC KC")
    assert cards_text(state.hands[0]) == "AD"
    assert go_fish.scores(state) == (1, 0, 0)
    assert texts(state) == ["seat 2 deals hand 1", "seat 0 melds: book 7C 7D 7H 7S", "seat 0 to play"]


def test_a_seat_that_runs_out_draws_five_from_the_stock_at_once() -> None:
    """Seed: "If you run out of cards and there are still cards left, you get five free cards"
    (notes 6.1 test 5): seat 1 gives away its last cards and draws the top five at once."""
    state = position(["9H AC", "9C 9D"])
    state = play(state, "ask 1 for 9")
    assert cards_text(state.hands[1]) == "2C 3C 4C 5C 6C"
    assert cards_text(state.hands[0]) == "AC 9C 9D 9H"
    assert state.turn == 0
    assert "seat 1 draws: empty hand 2C 3C 4C 5C 6C" in texts(state)
    assert "seat 1 draws: empty hand ?? ?? ?? ?? ??" in [str(e) for e in go_fish.view(state, 0).events]


def test_refill_option() -> None:
    """Option `refill`: an emptied hand draws that many cards instead of five."""
    state = position(["9H AC", "9C 9D"], options=Options(refill=3))
    state = play(state, "ask 1 for 9")
    assert cards_text(state.hands[1]) == "2C 3C 4C"


def test_refill_takes_what_is_left_of_the_stock() -> None:
    """Reading: an empty hand draws five "or all that remain" when the stock is short."""
    state = position(["8C 8D 9H 9S", "9C 9D"], stock="8H 8S", books=["", "A 2 3 4 5 6 7 10 J Q K"])
    state = play(state, "ask 1 for 9")
    assert cards_text(state.hands[1]) == "8H 8S" and state.stock == ()


def test_a_failed_ask_with_an_empty_stock_passes_and_empty_seats_are_skipped() -> None:
    """Notes 6.1: with the pile empty the turn simply passes; a seat with no cards and an
    empty pile is skipped."""
    state = position(
        ["7C 8C", "7D 7H", "", "7S 8D 8H 8S"], stock="", books=["", "", "A 2 3 4 5 6 9 10 J Q K"]
    )
    state = play(state, "ask 1 for 8")
    assert state.turn == 1 and state.stalled == 1
    assert texts(state) == ["seat 0 asks: seat 1 for 8", "seat 1 note: go fish", "seat 1 to play"]
    state = play(state, "ask 0 for 7")
    assert state.turn == 1 and state.stalled == 0
    state = play(state, "ask 3 for 7")
    assert cards_text(state.books[1]) == "7C 7D 7H 7S"
    assert state.hands[1] == () and state.turn == 3  # seat 2 holds nothing and is skipped
    assert moves(state) == ["ask 0 for 8"]


def test_the_game_ends_when_every_book_is_made() -> None:
    """Seed: "Play continues until all hands are empty and there are no more cards to draw
    from. The winner is the player with the most points" (notes 6.1 test 6: 13 books)."""
    state = position(["7C 7D 7H", "7S"], books=["A 2 3 4 5 6", "8 9 10 J Q K"], stock="")
    state = play(state, "ask 1 for 7")
    assert go_fish.is_over(state) and state.phase is Phase.OVER
    assert go_fish.scores(state) == (7, 6) and sum(go_fish.scores(state)) == 13
    assert go_fish.winners(state) == frozenset({0})
    assert texts(state)[-2:] == ["hand scored: 7 6", "game over; winners: 0"]
    assert go_fish.legal_moves(state) == () and go_fish.to_act(state) == frozenset()
    with pytest.raises(GameOver):
        go_fish.apply(state, Ask(0, 1, Rank.SEVEN))
    assert "seat 0 wins with 7 books" in go_fish.render(state)


def test_equal_most_books_share_the_win() -> None:
    """Seed: "The winner is the player with the most points"; a tie shares the win."""
    state = position(["7C 7D 7H", "7S", ""], books=["A 2 3 4 5", "6 8 9 10", "J Q K"], stock="")
    state = play(state, "ask 1 for 7")
    assert go_fish.scores(state) == (6, 4, 3)
    state = position(["7C 7D 7H", "7S", ""], books=["A 2 3 4 5", "6 8 9 10 J Q", "K"], stock="")
    state = play(state, "ask 1 for 7")
    assert go_fish.winners(state) == frozenset({0, 1})


def test_stall_limit_ends_a_game_that_no_longer_moves() -> None:
    """Valve (notes section 0, not a seed rule): with the stock empty, `stall_limit` asks in
    a row that move no card end the game with the books made so far."""
    options = Options(stall_limit=2)
    state = position(
        ["7C 8C", "7D 7H 9C", "7S 8D 8H 8S 9D 9H 9S"],
        books=["", "A 2 3", "4 5 6 10 J Q K"],
        stock="",
        options=options,
    )
    state = play(state, "ask 1 for 8")
    assert state.stalled == 1 and not go_fish.is_over(state)
    state = play(state, "ask 0 for 9")
    assert go_fish.is_over(state) and state.stalled == 2
    assert go_fish.scores(state) == (0, 3, 7) and go_fish.winners(state) == frozenset({2})
    assert "no card has moved" in texts(state)[-3]
    go_fish.check_invariants(state)
    # With the default limit the same asks go on.
    state = attrs.evolve(state, options=Options(), phase=Phase.PLAY, stalled=0, turn=0)
    assert not go_fish.is_over(play(state, "ask 1 for 8"))


# The deal ------------------------------------------------------------------------------------


def test_five_cards_each_dealt_one_at_a_time_from_the_dealers_left() -> None:
    """Seed: "Each player gets five cards" whatever the count; the dealer's left gets the first
    card and asks first ("Moving clockwise")."""
    state = go_fish.new_game(4, seed=2, deck=PACK, dealer=1)
    assert cards_text(state.hands[2]) == cards_text(by_rank(PACK[0:20:4]))
    assert [len(h) for h in state.hands] == [5, 5, 5, 5] and len(state.stock) == 32
    assert state.turn == 2 and state.dealer == 1
    assert cards_text(state.stock[:2]) == "8D 9D"
    six = go_fish.new_game(6, seed=2)
    assert [len(h) for h in six.hands] == [5] * 6 and len(six.stock) == 22


def test_first_dealer_drawn_from_the_seed() -> None:
    """Library convention: the first dealer comes from the seed unless `dealer=` fixes it."""
    dealers = {go_fish.new_game(4, seed=s).dealer for s in range(12)}
    assert len(dealers) > 1
    for s in range(12):
        state = go_fish.new_game(4, seed=s)
        assert state.turn == (state.dealer + 1) % 4
        assert state.events[0].kind is EventKind.DEALS and state.events[0].player == state.dealer
        assert go_fish.new_game(4, seed=s) == state


def test_hand_size_option() -> None:
    """Option `hand_size` (the seed's five by default): seven cards each leaves 31 of 52."""
    state = go_fish.new_game(3, seed=4, options=Options(hand_size=7))
    assert [len(h) + len(b) for h, b in zip(state.hands, state.books)] == [7, 7, 7]
    assert len(state.stock) == 31
    with pytest.raises(ValueError, match="cannot be dealt 9 cards"):
        go_fish.new_game(6, options=Options(hand_size=9))
    with pytest.raises(ValueError, match="hand_size must be a whole number"):
        Options(hand_size=0)


def test_hoyle_preset_is_the_default_game() -> None:
    """The Hoyle Card Games manual is the only source: its preset is the defaults."""
    assert Options.hoyle() == Options()
    assert dict(GAME.presets) == {"hoyle": Options()}
    assert GAME.players == (2, 3, 4, 5, 6)


# Notation, views, helpers, invariants ---------------------------------------------------------


def test_parse_move_reads_plain_and_lenient_asks() -> None:
    """Notation "ask 2 for 7"; also "ask seat 2 for 7s", "ask 2 7", "0: ask 2 for 10"."""
    state = game("7C 10D 2D 3D 4D", "5C 6C 8C 9C 10C", "7D 7H JC QC KC")
    wanted = Ask(0, 2, Rank.SEVEN)
    for text in ("ask 2 for 7", "ask seat 2 for 7s", "ask 2 7", "0: ask 2 for 7"):
        assert go_fish.parse_move(state, text) == wanted
    assert go_fish.parse_move(state, "ask 1 for 10s") == Ask(0, 1, Rank.TEN)
    with pytest.raises(NotationError):
        go_fish.parse_move(state, "ask 2 for Q")
    for move in go_fish.legal_moves(state):
        assert go_fish.parse_move(state, str(move)) is move


def test_views_hide_hands_and_stock_but_show_books() -> None:
    """Hidden information: a seat sees its own hand and every book; other hands and the stock
    only as counts, and its moves are its real moves."""
    state = game("7C 7D AD 2D 3D", "5C 6C 8C 9C 10C", "7H 7S JC QC KC")
    state = play(state, "ask 2 for 7")
    seen = go_fish.view(state, 1)
    assert seen.hands[0] == (HIDDEN,) * 3 and seen.hands[1] == state.hands[1]
    assert set(seen.stock) == {HIDDEN} and len(seen.stock) == len(state.stock)
    assert seen.books == state.books
    assert go_fish.legal_moves(seen) == ()
    mine = go_fish.view(state, 0)
    assert go_fish.legal_moves(mine) == go_fish.legal_moves(state, 0)
    go_fish.check_invariants(seen)
    assert "seat 1  books  0   5 cards" in go_fish.render(seen)


def test_shuffle_unseen_keeps_counts_and_never_deals_a_book() -> None:
    """shuffle_unseen rearranges only what the seat cannot see, and never into a hand holding
    a book (no reachable hand does)."""
    state = go_fish.new_game(3, seed=8)
    for k in range(20):
        other = go_fish.shuffle_unseen(state, 0, k)
        go_fish.check_invariants(other)
        assert other.hands[0] == state.hands[0]
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
        assert go_fish.view(other, 0) == go_fish.view(state, 0)


def test_pure_helpers() -> None:
    """`ranks_held` lists a hand's ranks in order; `books_of` a seat's book ranks."""
    assert go_fish.ranks_held(parse_cards("AC AS 7D 7H KC")) == (Rank.ACE, Rank.SEVEN, Rank.KING)
    assert go_fish.ranks_held((HIDDEN, HIDDEN)) == ()
    assert go_fish.books_of(parse_cards("QC QD QH QS 2C 2D 2H 2S")) == (Rank.QUEEN, Rank.TWO)


def test_check_invariants_refuses_unreachable_positions() -> None:
    """Guards against hostile states: a book left in a hand, a stalled count with a stock,
    an empty hand while the stock lasts, the turn on an empty seat."""
    state = position(["7C 8C", "7D 7H"])
    with pytest.raises(ValueError, match="book that should have been laid down"):
        go_fish.check_invariants(attrs.evolve(state, hands=(parse_cards("7C 7D 7H 7S 8C"), ())))
    with pytest.raises(ValueError, match="only once the stock is empty"):
        go_fish.check_invariants(attrs.evolve(state, stalled=1))
    with pytest.raises(ValueError, match="refilled at once"):
        go_fish.check_invariants(attrs.evolve(state, hands=(parse_cards("7C 7D 7H 8C"), ())))
    with pytest.raises(ValueError, match="not in rank order"):
        go_fish.check_invariants(attrs.evolve(state, hands=(parse_cards("8C 7C"), state.hands[1])))
    with pytest.raises(ValueError, match="turn"):
        go_fish.check_invariants(attrs.evolve(state, turn=5))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_whole_random_games_end_with_the_most_books_winning(players: int) -> None:
    """A whole game from the deal to the end: every card in a book, 13 points in all, and the
    seats with the most books win."""
    chooser = random.Random(players)
    for seed in range(4):
        state = go_fish.new_game(players, seed=seed)
        plies = 0
        while not go_fish.is_over(state):
            legal = go_fish.legal_moves(state)
            state = go_fish.apply(state, legal[chooser.randrange(len(legal))])
            plies += 1
        assert plies <= GAME.max_plies
        points = go_fish.scores(state)
        assert sum(points) == 13 and state.stock == () and all(not h for h in state.hands)
        assert go_fish.winners(state) == {s for s, p in enumerate(points) if p == max(points)}
