"""Four-Card Golf scenarios from the House Party guide ("FOUR-CARD GOLF", seed 000) and the rules
notes, rules/other.md section 2.1 (its six scenario tests are marked "2.1 #n"), with the
termination valve of section 0 and the reshuffle and "known to owner" flags of section 1.1."""

from __future__ import annotations

import random

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, cards_text, parse_cards, standard_pack
from parlour.core.errors import IllegalMove
from parlour.core.events import EventKind
from parlour.core.options import options_text, parse_options
from parlour.games import four_card_golf as golf
from parlour.games.four_card_golf import (
    DiscardDrawn,
    DrawStock,
    Knock,
    Options,
    Phase,
    Replace,
    State,
    TakeDiscard,
    hand_points,
    pack_for,
)


def deck_for(layouts: list[str], upcard: str, stock: str = "", dealer: int | None = None) -> list[Card]:
    """A deck that deals `layouts[s]` (positions 0..3) to seat s, one card at a time from the
    dealer's left (the last seat deals by default), then `upcard`, then `stock` on top of the
    rest of the pack."""
    n = len(layouts)
    dealer = n - 1 if dealer is None else dealer
    order = [(dealer + 1 + i) % n for i in range(n)]
    split = [parse_cards(text) for text in layouts]
    top = [split[seat][k] for k in range(4) for seat in order] + list(parse_cards(f"{upcard} {stock}"))
    return top + [c for c in standard_pack() if c not in top]


def game(
    layouts: list[str], upcard: str, stock: str = "", options: Options | None = None, dealer: int | None = None
) -> State:
    n = len(layouts)
    dealer = n - 1 if dealer is None else dealer
    return golf.new_game(n, seed=5, options=options, deck=deck_for(layouts, upcard, stock, dealer), dealer=dealer)


FOUR = ["KS QD AH 7C", "2C 3C 4C 5C", "JH JD 9S 9D", "6H 6D 6S 8H"]


def moves(state: State, player: int | None = None) -> list[str]:
    return [str(m) for m in golf.legal_moves(state, player)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = golf.apply(state, golf.parse_move(state, text))
    return state


def scored(state: State) -> tuple[int, ...]:
    """The points of the hole just scored (from its HAND_SCORED event)."""
    return [e for e in state.events if e.kind is EventKind.HAND_SCORED][-1].numbers


# Scoring -------------------------------------------------------------------------------------


def test_layout_score_king_queen_ace_seven() -> None:
    """2.1 #1, "SCORING": "Each King scores zero", "Each Jack or Queen scores 10 points",
    numerals face value (Ace=1): K, Q, A, 7 scores 0 + 10 + 1 + 7 = 18."""
    assert hand_points(parse_cards("KS QH AD 7C")) == 18


def test_layout_scores_jacks_queens_tens_and_kings() -> None:
    """2.1 #2: J, Q, 10, 9 scores 39; K, K, K, A scores 1; no pair cancels in this game."""
    assert hand_points(parse_cards("JS QH 10D 9C")) == 39
    assert hand_points(parse_cards("KS KH KD AC")) == 1
    assert hand_points(parse_cards("5S 5H 5D 5C")) == 20


# Deal and peeks ------------------------------------------------------------------------------


def test_deal_four_cards_each_from_dealers_left_then_upcard() -> None:
    """"The dealer deals 4 cards to each player, one at a time" (from the dealer's left), "the top
    card of the stack is turned face up"; the player to the dealer's left begins."""
    state = game(FOUR, "10S", "3D", dealer=3)
    assert [cards_text(layout) for layout in state.layouts] == FOUR
    assert cards_text(state.discards) == "10S"
    assert state.stock[0] == Card.parse("3D") and len(state.stock) == 52 - 17
    assert state.turn == 0 and state.dealer == 3 and state.hand == 1
    assert [str(e) for e in state.events] == ["seat 3 deals hand 1", "turns up 10S", "seat 0 to play"]


def test_each_seat_sees_only_its_two_near_cards() -> None:
    """"Each player may look once at the two nearest cards of his or her square" (positions 2, 3,
    remembered: rules notes 1.1 item 11); nobody sees another seat's square or the stock."""
    state = game(FOUR, "10S")
    seen = golf.view(state, 1)
    assert [cards_text(layout) for layout in seen.layouts] == [
        "?? ?? ?? ??", "?? ?? 4C 5C", "?? ?? ?? ??", "?? ?? ?? ??",
    ]  # fmt: skip
    assert set(seen.stock) == {HIDDEN} and cards_text(seen.discards) == "10S"
    assert seen.known == ((False, False, True, True),) * 4
    spectator = golf.view(state, None)
    assert all(set(layout) == {HIDDEN} for layout in spectator.layouts)


def test_a_card_put_in_the_square_is_known_to_its_owner_only() -> None:
    """"You place the drawn card face-down in your layout, being careful to remember what it is":
    the position becomes known to its owner (rules notes: per-card flags); opponents still see
    nothing of the square."""
    state = game(FOUR, "10S", "3D")
    state = play(state, "draw", "replace 0")
    assert state.known[0] == (True, False, True, True)
    assert cards_text(golf.view(state, 0).layouts[0]) == "3D ?? AH 7C"
    assert cards_text(golf.view(state, 1).layouts[0]) == "?? ?? ?? ??"
    state = play(state, "take 1")  # seat 1 takes KS, discarded by seat 0
    assert cards_text(golf.view(state, 1).layouts[1]) == "?? KS 4C 5C"
    assert cards_text(golf.view(state, 0).layouts[1]) == "?? ?? ?? ??"


def test_only_the_top_discard_is_seen() -> None:
    """Reading: the discard pile is kept squared up, so only its top card is face up."""
    state = play(game(FOUR, "10S", "3D"), "draw", "discard")
    assert cards_text(state.discards) == "10S 3D"
    assert cards_text(golf.view(state, 2).discards) == "?? 3D"


# Turns ---------------------------------------------------------------------------------------


def test_turn_choices_draw_take_or_knock() -> None:
    """"At your turn you must either draw the top card of the face-down stack, or draw the top
    discard, or knock": the moves in their documented order."""
    state = game(FOUR, "10S")
    assert moves(state) == ["draw", "take 0", "take 1", "take 2", "take 3", "knock"]
    assert moves(state, 1) == []


def test_after_drawing_a_five_replace_or_discard() -> None:
    """2.1 #4: after drawing a 5 from the stock the legal moves are exactly replace 0..3 and
    discard ("you may simply discard the drawn card face up")."""
    state = play(game(FOUR, "10S", "5H"), "draw")
    assert state.drawn == Card.parse("5H") and state.phase is Phase.PLACE
    assert moves(state) == ["replace 0", "replace 1", "replace 2", "replace 3", "discard"]
    assert [str(e) for e in state.events] == ["seat 0 draws 5H"]
    assert [str(e) for e in golf.view(state, 1).events] == ["seat 0 draws ??"]
    assert cards_text((golf.view(state, 1).drawn or HIDDEN,)) == "??"
    after = play(state, "replace 1")
    assert cards_text(after.layouts[0]) == "KS 5H AH 7C" and cards_text(after.discards) == "10S QD"
    assert after.turn == 1
    after = play(state, "discard")
    assert cards_text(after.layouts[0]) == "KS QD AH 7C" and cards_text(after.discards) == "10S 5H"


def test_taking_the_discard_replaces_a_card_at_once() -> None:
    """2.1 #3: "if you choose to take the discard, you must use it to replace one of your layout
    cards": the taken card is in the square, the old card is the new top discard, and no move
    discards the taken card itself (the turn has passed)."""
    state = play(game(FOUR, "10S"), "take 2")
    assert cards_text(state.layouts[0]) == "KS QD 10S 7C"
    assert cards_text(state.discards) == "AH"
    assert state.turn == 1 and state.phase is Phase.DRAW
    assert "discard" not in moves(state)
    assert [str(e) for e in state.events] == ["seat 0 takes 10S", "seat 0 discards AH", "seat 1 to play"]


def test_knock_gives_each_other_seat_one_last_turn_without_knocking() -> None:
    """2.1 #5: 4 players, seat 1 knocks; seats 2, 3, 0 each get one turn with no knock offered,
    then the hole is scored; seat 1 gets no further turn."""
    state = play(game(FOUR, "10S", dealer=3), "draw", "discard", "knock")
    assert state.knocker == 1 and state.turn == 2
    seen = []
    while state.hand == 1:
        seen.append(state.turn)
        assert moves(state) == ["draw", "take 0", "take 1", "take 2", "take 3"]
        state = play(state, "draw", "discard")
    assert seen == [2, 3, 0]
    assert scored(state) == (18, 14, 38, 26)
    assert golf.scores(state) == (18, 14, 38, 26)


def test_knocking_on_the_very_first_turn() -> None:
    """Reading (rules notes 2.1): the seed puts no restriction on when one may knock, so the
    first player may knock at once; the others then play one turn each."""
    state = play(game(FOUR, "10S", "3D"), "knock", "take 0", "draw", "discard", "take 3")
    assert state.hand == 2
    assert scored(state) == (18, 22, 38, 21)


def test_refusals_name_the_rule() -> None:
    """Moves out of turn or out of phase are refused with the rule they break."""
    state = game(FOUR, "10S")
    with pytest.raises(IllegalMove, match="seat 0's turn, not seat 1's"):
        golf.apply(state, DrawStock(1))
    with pytest.raises(IllegalMove, match="nothing has been drawn"):
        golf.apply(state, DiscardDrawn(0))
    with pytest.raises(IllegalMove, match="positions 0-3"):
        golf.apply(state, TakeDiscard(0, 4))
    drawn = golf.apply(state, DrawStock(0))
    with pytest.raises(IllegalMove, match="instead of drawing"):
        golf.apply(drawn, Knock(0))
    with pytest.raises(IllegalMove, match="put the drawn card"):
        golf.apply(drawn, TakeDiscard(0, 1))
    knocked = golf.apply(state, Knock(0))
    with pytest.raises(IllegalMove, match="seat 0 has already knocked"):
        golf.apply(knocked, Knock(1))
    assert "knock" not in moves(knocked)
    with pytest.raises(IllegalMove, match="draw from the stock before replacing"):
        golf.apply(knocked, Replace(1, 0))


# Stock, valve, packs -------------------------------------------------------------------------


def test_empty_stock_reshuffles_the_discards_but_the_top() -> None:
    """Rules notes 2.1 / 1.1 item 5 (seed silent): when the stock runs out the discard pile,
    except its top card, is shuffled into a new stock."""
    state = game(FOUR, "10S", "3D")
    rest = (*state.stock[1:], Card.parse("10S"))
    state = attrs.evolve(state, stock=state.stock[:1], discards=rest)
    golf.check_invariants(state)
    state = play(state, "draw", "discard")
    assert [e.kind for e in state.events] == [EventKind.DISCARDS, EventKind.RESHUFFLES, EventKind.TO_PLAY]
    assert cards_text(state.discards) == "3D"
    assert sorted(state.stock, key=lambda c: c.sort_key) == sorted(rest, key=lambda c: c.sort_key)
    assert state.stock != rest and len(state.stock) == 52 - 17
    golf.check_invariants(state)


def test_turn_limit_ends_a_hole_nobody_knocks() -> None:
    """Termination valve (rules notes section 0 and 2.1, not in the seed): a hole nobody knocks
    in ends after `max_turns_per_hand` turns and is scored."""
    state = game(FOUR[:2], "10S", options=Options(max_turns_per_hand=4))
    state = play(state, "draw", "discard", "draw", "discard", "draw", "discard")
    assert state.hand == 1 and state.turns == 3
    state = play(state, "draw", "discard")
    assert state.hand == 2
    assert "note: nobody knocked in 4 turns: the hole ends" in [str(e) for e in state.events]
    assert scored(state) == (18, 14)
    default = play(game(FOUR[:2], "10S"), *["draw", "discard"] * 4)
    assert default.hand == 1 and default.turns == 4


def test_a_player_who_never_knocks_still_ends_the_match() -> None:
    """Rules notes section 0: with nobody ever knocking, each hole ends at the default limit of
    100 turns, so the nine holes end within `GAME.max_plies`."""
    state = golf.new_game(2, seed=3)
    plies = turns = valves = 0
    while not golf.is_over(state):
        legal = [m for m in golf.legal_moves(state) if not isinstance(m, Knock)]
        move = legal[plies % len(legal)]
        turns += not isinstance(move, DrawStock)
        state = golf.apply(state, move)
        plies += 1
        valves += sum(e.kind is EventKind.NOTE for e in state.events)
    assert state.hand == 9 and valves == 9 and turns == 900
    assert plies <= golf.GAME.max_plies


def test_two_packs_from_eight_players() -> None:
    """"With a large number of players (8 or more) two packs may be shuffled together": two
    packs at eight (`two_packs_from=8`), one below; the option moves the threshold."""
    assert len(pack_for(Options(), 7)) == 52 and len(pack_for(Options(), 8)) == 104
    assert len(golf.new_game(8, seed=1).stock) == 104 - 33
    assert len(golf.new_game(8, seed=1, options=Options(two_packs_from=9)).stock) == 52 - 33
    assert len(golf.new_game(3, seed=1, options=Options(two_packs_from=3)).stock) == 104 - 13


def test_options_are_checked_and_read_as_text() -> None:
    """Options are ints with stated ranges; the preset is the defaults."""
    assert Options.house_party() == Options()
    text = "four_card_golf(holes=3,max_turns_per_hand=20)"
    assert parse_options(Options, text)[1] == Options(holes=3, max_turns_per_hand=20)
    assert options_text("four_card_golf", Options(holes=3)) == "four_card_golf(holes=3)"
    with pytest.raises(ValueError, match="holes"):
        Options(holes=0)
    with pytest.raises(ValueError, match="two_packs_from"):
        Options(two_packs_from=1)


# The match -----------------------------------------------------------------------------------


def test_next_hole_dealt_by_the_next_seat() -> None:
    """"Deal passes clockwise" (rules notes): hole 2 is dealt by the dealer's left neighbour and
    begun by the seat on its left; totals carry over."""
    state = play(game(FOUR, "10S", dealer=3), "knock", *["draw", "discard"] * 3)
    assert state.hand == 2 and state.dealer == 0 and state.turn == 1
    assert golf.scores(state) == (18, 14, 38, 26)
    assert state.known == ((False, False, True, True),) * 4
    assert [str(e) for e in state.events][-5:-2] == [
        "seat 3 shows 6H 6D 6S 8H", "hand scored: 18 14 38 26", "seat 0 deals hand 2",
    ]  # fmt: skip


def test_after_nine_holes_lowest_total_wins_and_ties_share() -> None:
    """2.1 #6 and "The player who has the lowest cumulative score after nine deals (or holes)
    wins": totals [40, 35, 35, 50] after hole 9 give the win to seats 1 and 2."""
    state = game(["KS KH 5D 5C", "KD KC 5H 5S", "AS AH AD AC", "2S 2H 2D 2C"], "10S", dealer=3)
    points = (10, 10, 4, 8)
    state = attrs.evolve(state, hand=9, totals=tuple(t - p for t, p in zip((40, 35, 35, 50), points)))
    golf.check_invariants(state)
    state = play(state, "knock", *["draw", "discard"] * 3)
    assert golf.is_over(state) and golf.scores(state) == (40, 35, 35, 50)
    assert golf.winners(state) == frozenset({1, 2})
    assert str(state.events[-1]) == "game over; winners: 1 2"
    assert golf.legal_moves(state) == ()
    with pytest.raises(IllegalMove, match="game is over"):
        golf.apply(state, DrawStock(0))
    assert cards_text(golf.view(state, 0).layouts[3]) == "2S 2H 2D 2C"


def test_holes_option_sets_the_match_length() -> None:
    """`holes` ("after nine deals (or holes)"): with holes=1 the first scoring ends the match."""
    state = play(game(FOUR, "10S", options=Options(holes=1)), "knock", *["draw", "discard"] * 3)
    assert golf.is_over(state) and golf.winners(state) == frozenset({1})
    nine = play(game(FOUR, "10S"), "knock", *["draw", "discard"] * 3)
    assert not golf.is_over(nine)


def test_whole_match_of_nine_holes_with_the_right_winner() -> None:
    """A random match from the first deal to the final winner: nine holes dealt and scored, the
    totals are the sums of the holes and the winners the lowest totals."""
    state = golf.new_game(4, seed=11)
    rng = random.Random(11)
    holes: list[tuple[int, ...]] = []
    while not golf.is_over(state):
        state = golf.apply(state, rng.choice(golf.legal_moves(state)))
        holes.extend(e.numbers for e in state.events if e.kind is EventKind.HAND_SCORED)
        golf.check_invariants(state)
    assert len(holes) == 9 and state.hand == 9
    totals = tuple(sum(h[s] for h in holes) for s in range(4))
    assert golf.scores(state) == totals
    assert golf.winners(state) == frozenset(s for s in range(4) if totals[s] == min(totals))


def test_parse_move_round_trips_and_registry() -> None:
    """Every legal move's notation parses back to it; "n: ..." picks the seat."""
    state = game(FOUR, "10S")
    for move in golf.legal_moves(state):
        assert golf.parse_move(state, str(move)) == move
    assert golf.parse_move(state, "0: take 3") == TakeDiscard(0, 3)
    drawn = play(state, "draw")
    for move in golf.legal_moves(drawn):
        assert golf.parse_move(drawn, str(move)) == move
    assert parlour.game("four_card_golf") is golf.GAME


def test_render_shows_the_square_by_position() -> None:
    """The text picture: hole, stock and top discard, whose turn, and each square by position."""
    text = golf.render(golf.view(game(FOUR, "10S", dealer=3), 0))
    assert text.splitlines()[:3] == [
        "hole 1 of 9, dealer seat 3; stock 35 cards, discard pile 1, top 10S",
        "seat 0 to draw, take the discard or knock",
        "seat 0  total 0  square  0:??  1:??  2:AH  3:7C, to act",
    ]
