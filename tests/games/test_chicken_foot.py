"""Chicken Foot scenarios from the seed (001 "Chicken Foot (Dominoes)") and rules/other.md section 3.6."""

from __future__ import annotations

import random

import attrs
import pytest

from parlour.core.dominoes import HIDDEN_TILE, Line, LineKind, Tile, double_set, parse_tiles
from parlour.core.errors import IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.games import chicken_foot
from parlour.games.chicken_foot import Options, Pass, Phase, PlaceTile, State


def tiles_for(hands: list[str], yard: str = "", highest: int = 9) -> list[str]:
    """A `tiles=` order dealing `hands[s]` to seat s when the last seat deals (seat 0 first),
    then `yard` as the first tiles drawn, then the rest of the set in set order."""
    split = [h.split() for h in hands]
    order = [split[s][i] for i in range(7) for s in range(len(split))] + yard.split()
    used = set(parse_tiles(order))
    return order + [str(t) for t in double_set(highest) if t not in used]


def moves(state: State, player: int | None = None) -> list[str]:
    return [str(m) for m in chicken_foot.legal_moves(state, player)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = chicken_foot.apply(state, chicken_foot.parse_move(state, text))
    return state


def events(state: State) -> list[str]:
    return [str(e) for e in state.events]


SEAT0 = "0-0 0-1 0-2 1-9 2-8 3-7 4-6"
SEAT1 = "0-3 0-4 3-5 4-5 5-5 6-9 7-8"


def opening(yard: str = "5-6") -> State:
    """Two players, seat 1 deals; seat 0 holds the 0-0, seat 1 plays first."""
    return chicken_foot.new_game(2, tiles=tiles_for([SEAT0, SEAT1], yard), dealer=1)


def arms_filled(yard: str = "5-6") -> State:
    """The four arms hold 0-3, 0-1, 0-4, 0-2; seat 1 to play."""
    return play(opening(yard), "play 0-3 on line 0", "play 0-1 on line 1", "play 0-4 on line 2", "play 0-2 on line 3")


def footed(yard: str = "5-6") -> State:
    """Seat 1 has just laid 5-5 crosswise on line 0 (open 5): a chicken foot; seat 0 to play."""
    return play(arms_filled(yard), "play 3-5 on line 0", "play 1-9 on line 1", "play 5-5 on line 0")


def round_two(hands: tuple[str, ...], *, options: Options | None = None, points: tuple[int, ...] = (0, 0)) -> State:
    """A round-2 position (centre 1-1, four empty arms) with the given hands; seat 0 to play."""
    state = chicken_foot.new_game(len(hands), seed=1, dealer=1, options=options)
    return attrs.evolve(
        state,
        hand=2,
        centre=Tile(1, 1),
        hands=tuple(parse_tiles(h) for h in hands),
        yard=(),
        lines=tuple(Line(LineKind.ARM, None, 1) for _ in range(4)),
        turn=0,
        drawn=None,
        points=points,
    )


def test_round_one_centre_is_double_blank_placed_by_its_holder() -> None:
    """Seed: "First round starts with 0-0"; the holder places it and the seat on its left plays."""
    state = opening()
    assert state.centre == Tile(0, 0)
    assert events(state) == ["seat 1 deals hand 1", "seat 0 plays: 0-0 in the centre"]
    assert [len(h) for h in state.hands] == [6, 7]
    assert state.turn == 1
    assert chicken_foot.to_act(state) == frozenset({1})
    assert len(state.lines) == 4 and all(line.kind is LineKind.ARM for line in state.lines)


def test_deal_is_one_tile_at_a_time_from_the_dealers_left() -> None:
    """Reading: tiles go one at a time clockwise from the dealer's left; `tiles=` fixes the order."""
    order = tiles_for(["0-0 0-1 0-2 1-9 2-8 3-7 4-6", "0-3 0-4 3-5 4-5 5-5 6-9 7-8"])
    state = chicken_foot.new_game(2, tiles=order, dealer=1)
    assert order[:4] == ["0-0", "0-3", "0-1", "0-4"]
    assert state.hands[0] == parse_tiles("0-1 0-2 1-9 2-8 3-7 4-6")
    assert state.hands[1] == parse_tiles("0-3 0-4 3-5 4-5 5-5 6-9 7-8")
    assert state.yard == parse_tiles(order[14:])


def test_scenario_1_only_zero_tiles_on_empty_arms_until_all_four_are_filled() -> None:
    """Seed: "The initial double must have tiles played on all four arms before any arm is
    extended by a second tile" (rules notes 3.6 scenario 1)."""
    state = opening()
    assert moves(state) == [
        "play 0-3 on line 0", "play 0-3 on line 1", "play 0-3 on line 2", "play 0-3 on line 3",
        "play 0-4 on line 0", "play 0-4 on line 1", "play 0-4 on line 2", "play 0-4 on line 3",
    ]  # fmt: skip
    state = play(state, "play 0-3 on line 0")
    assert moves(state) == [
        "play 0-1 on line 1", "play 0-1 on line 2", "play 0-1 on line 3",
        "play 0-2 on line 1", "play 0-2 on line 2", "play 0-2 on line 3",
    ]  # fmt: skip
    with pytest.raises(IllegalMove, match="arms of the centre double must all be filled first"):
        chicken_foot.apply(state, PlaceTile(0, Tile(3, 7), 0))
    state = play(state, "play 0-1 on line 1", "play 0-4 on line 2", "play 0-2 on line 3")
    assert moves(state) == ["play 3-5 on line 0", "play 4-5 on line 2"]


def test_scenario_2_a_double_is_a_chicken_foot_whose_three_toes_come_first() -> None:
    """Seed: a double is placed crosswise, "chicken foot" is declared, and "the toes of the
    chicken foot must be filled with three more dominoes before tiles can be played elsewhere"."""
    state = play(arms_filled(), "play 3-5 on line 0", "play 1-9 on line 1")
    assert moves(state) == ["play 4-5 on line 0", "play 4-5 on line 2", "play 5-5 on line 0", "play 6-9 on line 1"]
    state = play(state, "play 5-5 on line 0")
    assert events(state) == ["seat 1 plays: 5-5 on line 0", "seat 1 note: chicken foot", "seat 0 draws 1"]
    assert [(line.kind, line.end, line.tiles) for line in state.lines[4:]] == [(LineKind.TOE, 5, ())] * 3
    assert chicken_foot.open_lines(state.lines) == (4, 5, 6)
    state = play(state, "play 5-6 on line 4")
    # Seat 1 holds 4-5 6-9 7-8: 4-5 fits the arm on line 2 and 6-9 the toe's 6, but only the
    # empty toes may be played on.
    assert moves(state) == ["play 4-5 on line 5", "play 4-5 on line 6"]
    with pytest.raises(IllegalMove, match="toes of the chicken foot must all be filled first: play on line 5, 6"):
        chicken_foot.apply(state, PlaceTile(1, Tile(4, 5), 2))


def test_a_line_closed_by_a_double_takes_no_more_tiles() -> None:
    """Reading: the double laid crosswise closes its line; play goes on from its toes."""
    state = footed(yard="5-6 5-7 5-8")
    state = play(state, "play 5-6 on line 4", "play 4-5 on line 5", "pass")
    assert state.turn == 1 and state.drawn == Tile(5, 8)
    assert chicken_foot.open_lines(state.lines) == (6,)
    state = play(state, "play 5-8 on line 6")
    assert chicken_foot.open_lines(state.lines) == (1, 2, 3, 4, 5, 6)
    assert moves(state) == [
        "play 2-8 on line 3", "play 2-8 on line 6", "play 4-6 on line 2", "play 4-6 on line 4", "play 4-6 on line 5",
    ]  # fmt: skip
    with pytest.raises(IllegalMove, match="line 0 ends in a double: play on its toes"):
        chicken_foot.apply(state, PlaceTile(0, Tile(5, 7), 0))


def test_scenario_3_a_drawn_tile_that_fits_may_be_played_or_kept() -> None:
    """Seed: "A player unable to make a play on the table must draw a tile from the chicken yard.
    If this tile can be played, the player may do so at once" (scenario 3: play or pass)."""
    state = footed()
    assert state.turn == 0 and state.drawn == Tile(5, 6)
    assert moves(state) == ["play 5-6 on line 4", "play 5-6 on line 5", "play 5-6 on line 6", "pass"]
    kept = play(state, "pass")
    assert events(kept)[0] == "seat 0 passes: keeps the drawn tile"
    assert kept.hands[0] == parse_tiles("2-8 3-7 4-6 5-6") and kept.drawn is None and kept.turn == 1
    played = play(state, "play 5-6 on line 4")
    assert played.hands[0] == parse_tiles("2-8 3-7 4-6") and played.lines[4].end == 6


def test_only_the_drawn_tile_may_be_played_after_drawing() -> None:
    """Seed: "If this tile can be played": the choice after a draw is that tile or nothing."""
    state = footed(yard="5-6")
    with pytest.raises(IllegalMove, match="may play only the drawn tile 5-6"):
        chicken_foot.apply(state, PlaceTile(0, Tile(4, 6), 4))


def test_a_drawn_tile_that_does_not_fit_joins_the_hand_and_the_turn_passes() -> None:
    """Seed: the drawn tile is played only "if this tile can be played"; otherwise the turn passes."""
    state = footed(yard="2-3 5-6")
    assert events(state)[2:] == ["seat 0 draws 1", "seat 0 passes"]
    assert state.hands[0] == parse_tiles("2-3 2-8 3-7 4-6")
    assert state.turn == 1 and state.drawn is None
    assert moves(state) == ["play 4-5 on line 4", "play 4-5 on line 5", "play 4-5 on line 6"]


def test_a_seat_that_can_play_must_play_and_may_not_pass() -> None:
    """Rules notes 3.6: a seat with a legal play must play one tile; pass only after a draw."""
    state = opening()
    assert "pass" not in moves(state)
    with pytest.raises(IllegalMove, match="may pass only after drawing a tile it could play"):
        chicken_foot.apply(state, Pass(1))
    with pytest.raises(IllegalMove, match="it is seat 1's turn, not seat 0's"):
        chicken_foot.apply(state, PlaceTile(0, Tile(0, 1), 0))


def test_nobody_holds_the_double_seats_draw_in_turn_until_it_appears() -> None:
    """Seed: "Players continue to draw from the chicken yard if nobody was dealt the initial
    double": one tile each from the dealer's left; the finder places it, its left-hand seat plays."""
    hands = ["1-1 1-2 1-3 1-4 2-2 2-3 2-4", "3-3 3-4 4-4 1-5 1-6 1-7 1-8"]
    state = chicken_foot.new_game(2, tiles=tiles_for(hands, "5-5 6-6 7-7 0-0 0-1"), dealer=1)
    assert events(state) == [
        "seat 1 deals hand 1", "seat 0 draws 2", "seat 1 draws 2", "seat 1 plays: 0-0 in the centre", "seat 0 draws 1",
    ]  # fmt: skip
    assert state.hands[0] == parse_tiles("1-1 1-2 1-3 1-4 2-2 2-3 2-4 5-5 7-7")
    assert state.hands[1] == parse_tiles("1-5 1-6 1-7 1-8 3-3 3-4 4-4 6-6")
    assert state.turn == 0 and state.drawn == Tile(0, 1)
    assert moves(state) == ["play 0-1 on line 0", "play 0-1 on line 1", "play 0-1 on line 2", "play 0-1 on line 3", "pass"]


def test_scenario_4_hand_of_double_blank_and_3_4_scores_57() -> None:
    """Seed: "Each player gets the total number of pips left in his hand. The [0-0] is worth 50"."""
    assert chicken_foot.round_points(parse_tiles("0-0 3-4"), Options()) == 57
    assert chicken_foot.round_points(parse_tiles("0-0 3-4"), Options(double_blank=0)) == 7
    assert chicken_foot.round_points(parse_tiles("9-9 1-2"), Options()) == 21


def test_going_out_ends_the_round_and_the_next_round_is_dealt() -> None:
    """Seed: "The hand ends when one player dominoes"; the others score their pips (0-0 = 50);
    the next round uses the next double up and the deal passes left."""
    state = round_two(("1-2", "0-0 3-4"))
    after = play(state, "play 1-2 on line 0")
    kinds = [e.kind for e in after.events]
    assert kinds[:3] == [EventKind.PLAYS, EventKind.GOES_OUT, EventKind.HAND_SCORED]
    assert after.events[2].numbers == (0, 57)
    assert after.points == (0, 57)
    assert after.hand == 3 and after.centre == Tile(2, 2) and after.dealer == 0
    assert after.phase is Phase.PLAY and len(after.lines) == 4 and after.lines[0].end == 2


def test_rounds_option_ends_the_match_and_low_score_wins() -> None:
    """Seed: "Low score wins" over all rounds; `Options.rounds` stops after round 2."""
    state = round_two(("1-2", "0-0 3-4"), options=Options(rounds=2), points=(30, 0))
    over = play(state, "play 1-2 on line 0")
    assert chicken_foot.is_over(over) and over.phase is Phase.OVER
    assert over.points == (30, 57)
    assert chicken_foot.winners(over) == frozenset({0})
    assert str(over.events[-1]) == "game over; winners: 0"
    assert chicken_foot.legal_moves(over) == ()
    tied = play(round_two(("1-2", "0-0 3-4"), options=Options(rounds=2), points=(57, 0)), "play 1-2 on line 0")
    assert chicken_foot.winners(tied) == frozenset({0, 1})


def test_scenario_5_a_blocked_round_ends_and_every_seat_scores() -> None:
    """Rules notes 3.6 scenario 5: yard empty and every seat passes: the round ends, all score."""
    state = round_two(("1-2 5-6", "7-8"))
    after = play(state, "play 1-2 on line 0")
    assert events(after)[:4] == [
        "seat 0 plays: 1-2 on line 0", "seat 0 note: one tile left", "note: round blocked: nobody can play", "hand scored: 11 15"
    ]  # fmt: skip
    scored = next(e for e in after.events if e.kind is EventKind.HAND_SCORED)
    assert scored.numbers == (11, 15)
    assert after.points == (11, 15) and after.hand == 3


def test_a_seat_with_no_play_and_an_empty_yard_passes_while_others_can_play() -> None:
    """Rules notes 3.6: "Yard empty and no play: pass" (automatic: the seat has no choice)."""
    state = round_two(("1-2 1-3", "7-8"))
    after = play(state, "play 1-2 on line 0")
    assert events(after)[1:] == ["seat 0 note: one tile left", "seat 1 passes"]
    assert after.turn == 0 and moves(after) == ["play 1-3 on line 1", "play 1-3 on line 2", "play 1-3 on line 3"]


def test_scenario_6_rounds_run_from_the_double_blank_up() -> None:
    """Seed: "First round starts with 0-0 and continues up to the next double each round"."""
    assert chicken_foot.round_double(1) == Tile(0, 0)
    assert chicken_foot.round_double(5) == Tile(4, 4)
    assert chicken_foot.round_count(4, Options()) == 10
    assert chicken_foot.round_count(7, Options()) == 13
    assert chicken_foot.round_count(4, Options(rounds=3)) == 3
    assert chicken_foot.round_count(4, Options(rounds=13)) == 10


def test_set_size_by_player_count_and_by_option() -> None:
    """Rules notes 3.6: double-9 for 2-6 players, double-12 for 7-12 (`Options.set_size`)."""

    def tiles_in_play(state: State) -> int:
        return sum(map(len, state.hands)) + len(state.yard) + 1 + (state.drawn is not None)

    assert tiles_in_play(chicken_foot.new_game(4, seed=2)) == 55
    assert tiles_in_play(chicken_foot.new_game(7, seed=2)) == 91
    assert tiles_in_play(chicken_foot.new_game(4, seed=2, options=Options(set_size=12))) == 91
    assert tiles_in_play(chicken_foot.new_game(7, seed=2, options=Options(set_size=9))) == 55
    assert chicken_foot.highest_double(6) == 9 and chicken_foot.highest_double(12) == 12
    with pytest.raises(ValueError, match="players"):
        chicken_foot.new_game(8, seed=2, options=Options(set_size=9))
    with pytest.raises(ValueError, match="set_size must be"):
        Options(set_size=6)
    assert chicken_foot.GAME.allowed_players(Options.metzker()) == tuple(range(2, 13))


def test_seven_tiles_each_whatever_the_player_count() -> None:
    """Seed: "7 tiles each", "Any number of people can play"."""
    for n in (2, 6, 12):
        state = chicken_foot.new_game(n, seed=4, dealer=0, tiles=None)
        drawn = sum(e.numbers[0] for e in state.events if e.kind is EventKind.DRAWS)
        assert sum(map(len, state.hands)) + (state.drawn is not None) == 7 * n - 1 + drawn


def test_view_hides_the_drawn_tile_from_the_other_seats() -> None:
    """Reading: the tile just drawn is seen only by the seat that drew it."""
    state = footed()
    assert chicken_foot.view(state, 1).drawn == HIDDEN_TILE
    assert chicken_foot.view(state, None).drawn == HIDDEN_TILE
    own = chicken_foot.view(state, 0)
    assert own.drawn == Tile(5, 6)
    assert chicken_foot.legal_moves(own) == chicken_foot.legal_moves(state, 0)
    assert chicken_foot.legal_moves(chicken_foot.view(state, 1)) == ()
    chicken_foot.check_invariants(own)
    assert "drew 5-6: play it or pass" in chicken_foot.render(own)


def test_parse_move_reads_lenient_forms() -> None:
    """Notation: "play 0-3 on line 2"; also "3-0 on 2", and a tile alone where it fits one line."""
    state = opening()
    assert chicken_foot.parse_move(state, "3-0 on 2") == PlaceTile(1, Tile(0, 3), 2)
    assert chicken_foot.parse_move(state, "play 0-4 line 3") == PlaceTile(1, Tile(0, 4), 3)
    with pytest.raises(NotationError, match="fits several lines"):
        chicken_foot.parse_move(state, "0-3")
    later = play(arms_filled(), "play 3-5 on line 0")
    assert chicken_foot.parse_move(later, "1-9") == PlaceTile(0, Tile(1, 9), 1)
    for move in chicken_foot.legal_moves(footed()):
        assert chicken_foot.parse_move(footed(), str(move)) == move


def test_one_tile_left_courtesy_is_a_note() -> None:
    """Seed: "A player with one tile left in his hand may announce this fact as a courtesy"."""
    state = round_two(("1-2 1-3", "1-4 5-6 7-8"))
    after = play(state, "play 1-2 on line 0")
    assert "seat 0 note: one tile left" in events(after)


def test_invariants_refuse_toes_without_a_double_and_unsorted_hands() -> None:
    """At most one requirement is open, and toes grow only from a double on the table."""
    state = footed()
    chicken_foot.check_invariants(state)
    bogus = attrs.evolve(state, lines=state.lines[:4] + (Line(LineKind.TOE, None, 7),) * 3)
    with pytest.raises(ValueError):
        chicken_foot.check_invariants(bogus)
    with pytest.raises(ValueError, match="sorted"):
        chicken_foot.check_invariants(attrs.evolve(state, hands=(state.hands[0][::-1], state.hands[1])))
    with pytest.raises(ValueError, match="centre double"):
        chicken_foot.check_invariants(attrs.evolve(state, centre=Tile(1, 1)))


def test_whole_match_plays_every_round_to_the_lowest_total() -> None:
    """Seed: rounds from 0-0 up; "Low score wins": a random match runs all 10 rounds of double-9."""
    state = chicken_foot.new_game(4, seed=11)
    chooser = random.Random(3)
    rounds_scored = 0
    while not chicken_foot.is_over(state):
        legal = chicken_foot.legal_moves(state)
        state = chicken_foot.apply(state, legal[chooser.randrange(len(legal))])
        rounds_scored += sum(e.kind is EventKind.HAND_SCORED for e in state.events)
        chicken_foot.check_invariants(state)
    assert rounds_scored == 10 and state.hand == 10 and state.centre == Tile(9, 9)
    best = min(state.points)
    assert chicken_foot.winners(state) == frozenset(s for s, p in enumerate(state.points) if p == best)
    assert state.events[-1].kind is EventKind.GAME_OVER


def test_metzker_preset_is_the_default() -> None:
    """The one seed version is the preset `metzker`: every round, 0-0 worth 50."""
    assert Options.metzker() == Options()
    assert chicken_foot.GAME.presets == (("metzker", Options()),)


def test_fast_paths_match_the_reference() -> None:
    """The legal moves equal the reference search of `core.dominoes.placements` over
    `open_lines`, and the round score `hand_points` with the 0-0 override, over many random
    states of 4, 8 and 12 players."""
    from parlour.core.dominoes import hand_points, placements

    chooser = random.Random(7)
    for players, seed in [(4, s) for s in range(10)] + [(8, 0), (12, 1)]:
        state = chicken_foot.new_game(players, seed=seed, options=Options(rounds=3))
        while not chicken_foot.is_over(state):
            seat = state.turn
            hand = (state.drawn,) if state.drawn is not None else state.hands[seat]
            found = placements(hand, state.lines, seat, only=chicken_foot.open_lines(state.lines))
            expected = [PlaceTile(seat, t, i) for t, i in found] + ([Pass(seat)] if state.drawn is not None else [])
            assert list(state.legal) == expected
            for held in state.hands:
                options = state.options
                assert chicken_foot.round_points(held, options) == hand_points(held, {Tile(0, 0): options.double_blank})
            legal = chicken_foot.legal_moves(state)
            state = chicken_foot.apply(state, legal[chooser.randrange(len(legal))])
    with pytest.raises(ValueError, match="hidden"):
        chicken_foot.round_points((Tile(1, 2), HIDDEN_TILE), Options())


def test_carried_targets_match_the_lines() -> None:
    """`State.targets`, handed on from state to state by `apply`, equals what the lines give
    afresh (a rebuilt state computes it), and names the lines `open_lines` names, over many
    random games of 2 to 12 players."""
    chooser = random.Random(11)
    for players, seed in [(2, s) for s in range(3)] + [(4, s) for s in range(6)] + [(7, 0), (12, 2)]:
        state = chicken_foot.new_game(players, seed=seed, options=Options(rounds=3))
        while not chicken_foot.is_over(state):
            fresh = attrs.evolve(state).targets
            assert state.targets == fresh
            assert sorted(i for lines in fresh.values() for i in lines) == list(chicken_foot.open_lines(state.lines))
            assert all(list(lines) == sorted(lines) for lines in fresh.values())
            legal = chicken_foot.legal_moves(state)
            state = chicken_foot.apply(state, legal[chooser.randrange(len(legal))])
