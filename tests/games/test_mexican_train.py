"""Mexican Train scenarios from the seed (the Metzker book, "Mexican Train (Dominoes)") and
rules/other.md section 3.8 (its scenario tests 1-6 are marked below)."""

from __future__ import annotations

import random
from typing import Final

import attrs
import pytest

import parlour
from parlour.core.dominoes import HIDDEN_TILE, Line, LineKind, Tile, holder_of, parse_tiles, placements
from parlour.core.errors import GameOver, IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.games import mexican_train as mt
from parlour.games.mexican_train import SET, Options, Phase, PlaceTile, State


def tiles_for(hands: list[str], dealer: int, rest: str = "") -> list[Tile]:
    """A boneyard order that deals `hands[s]` to seat s (one tile at a time from the dealer's
    left), then `rest` first among the tiles left to draw, then the others in set order."""
    n = len(hands)
    split = [parse_tiles(h) for h in hands]
    assert all(len(h) == mt.hand_size(n) for h in split)
    first = (dealer + 1) % n
    order = [split[(first + k) % n][i] for i in range(mt.hand_size(n)) for k in range(n)]
    head = list(parse_tiles(rest))
    used = set(order) | set(head)
    return order + head + [t for t in SET if t not in used]


def position(
    hands: list[str],
    *,
    turn: int,
    lines: dict[int | None, str] | None = None,
    marked: frozenset[int] = frozenset(),
    boneyard: str = "",
    rest: bool = True,
    options: Options | None = None,
    points: tuple[int, ...] | None = None,
) -> State:
    """Round 1 (engine 12-12) with the given hands, trains (key None: the Mexican train, tiles in
    the order laid), markers and first tiles of the boneyard. With `rest`, every other tile of
    the set follows in the boneyard (a conserving position); without, the boneyard is exactly
    `boneyard` (a position for the rules of play only)."""
    n = len(hands)
    state = mt.new_game(n, seed=7, dealer=n - 1, options=options)
    built = []
    for i in range(n + 1):
        key = i if i < n else None
        line = Line(LineKind.TRAIN if i < n else LineKind.PUBLIC, key, 12)
        for tile in parse_tiles((lines or {}).get(key, "")):
            line = line.place(tile)
        built.append(line.with_marker(i in marked))
    held = tuple(tuple(sorted(parse_tiles(h))) for h in hands)
    head = parse_tiles(boneyard)
    used = {t for h in held for t in h} | {t for line in built for t in line.tiles} | set(head) | {Tile(12, 12)}
    pile = head + (tuple(t for t in SET if t not in used) if rest else ())
    state = attrs.evolve(
        state,
        hands=held,
        lines=tuple(built),
        boneyard=pile,
        turn=turn,
        owing=False,
        drew=False,
        points=points or (0,) * n,
        events=(),
    )
    if rest:
        mt.check_invariants(state)
    return state


def moves(state: State) -> list[str]:
    return [str(m) for m in mt.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = mt.apply(state, mt.parse_move(state, text))
    return state


def events(state: State) -> list[str]:
    return [str(e) for e in state.events]


# --- the deal and the engine ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 15), (3, 15), (4, 15), (5, 11), (6, 11), (7, 8), (8, 8)])
def test_hand_sizes_follow_the_seeds_table(players: int, size: int) -> None:
    """Scenario 1. Seed: "2 to 4 players - 15 dominoes, 5 to 6 players - 11, 7 to 8 players - 8"."""
    order = [Tile(12, 12), *(t for t in SET if t != Tile(12, 12))]  # 12-12 dealt first
    state = mt.new_game(players, seed=1, tiles=order, dealer=players - 1)
    # Seat 0 (dealer's left) got the 12-12 first and placed it in the centre; a seat that then
    # had no 12 to play drew (the events say how many).
    draws = [e for e in state.events if e.kind is EventKind.DRAWS]
    drawn = [sum(e.numbers[0] for e in draws if e.player == s) for s in range(players)]
    assert [len(h) - d for h, d in zip(state.hands, drawn)] == [size - 1] + [size] * (players - 1)
    assert len(state.boneyard) + sum(drawn) == 91 - size * players
    assert state.engine == Tile(12, 12)
    assert events(state)[:2] == [f"seat {players - 1} deals hand 1", "seat 0 plays: 12-12 as the engine"]


def test_round_one_engine_is_double_12_and_every_train_starts_with_a_12() -> None:
    """Scenario 2. Seed: "The game begins with the double 12"; the Mexican train "must begin with
    the same number as is on the center double"; the first player may play on the centre double
    (its own train) or start the Mexican train, nothing else."""
    state = position(["0-12 3-4 5-12", "1-12 2-2", "6-6 7-7", "8-9 9-9"], turn=0)
    assert moves(state) == [
        "play 0-12 on train 0",
        "play 0-12 on mexican",
        "play 5-12 on train 0",
        "play 5-12 on mexican",
    ]
    state = play(state, "play 5-12 on mexican")
    assert state.lines[4].end == 5 and state.turn == 1
    assert moves(state) == ["play 1-12 on train 1"]  # the Mexican train's open end is now 5


def test_holder_of_the_engine_places_it_and_starts_the_play() -> None:
    """Seed: "The player who played the double in the center starts the play"."""
    hands = [" ".join(str(t) for t in SET[15 * s : 15 * s + 15]) for s in range(4)]
    hands[2] = hands[2].replace(str(SET[30]), "12-12")  # seat 2 holds the engine
    order = tiles_for(hands, dealer=3, rest=str(SET[30]))
    state = mt.new_game(4, seed=1, tiles=order, dealer=3)
    assert state.turn == 2
    assert events(state) == ["seat 3 deals hand 1", "seat 2 plays: 12-12 as the engine"]
    assert Tile(12, 12) not in state.hands[2] and len(state.hands[2]) == 14


def test_nobody_holds_the_engine_every_seat_draws_until_it_appears() -> None:
    """Seed: "If no one has the Double 12, each player draws a domino from the pile ... a second
    round of drawing occurs". Reading: whole rounds of drawing from the dealer's left; the
    drawn tiles stay in hand."""
    hands = [" ".join(str(t) for t in SET[15 * s : 15 * s + 15]) for s in range(4)]
    # Nobody is dealt 12-12; it is the sixth tile drawn: seat 1's in the second round of drawing,
    # which seats 2 and 3 still complete.
    order = tiles_for(hands, dealer=3, rest="10-10 10-11 10-12 11-11 11-12 12-12")
    state = mt.new_game(4, seed=1, tiles=order, dealer=3)
    assert events(state) == [
        "seat 3 deals hand 1",
        "seat 0 draws 2",
        "seat 1 draws 2",
        "seat 2 draws 2",
        "seat 3 draws 2",
        "seat 1 plays: 12-12 as the engine",
    ]
    assert [len(h) for h in state.hands] == [17, 16, 17, 17]
    assert Tile(10, 10) in state.hands[0] and Tile(11, 11) in state.hands[3] and Tile(11, 12) in state.hands[0]
    assert len(state.boneyard) == 91 - 60 - 8
    assert state.turn == 1 and moves(state) == ["play 1-12 on train 1", "play 1-12 on mexican"]


# --- play -----------------------------------------------------------------------------------


def test_a_double_must_be_followed_by_another_tile_anywhere() -> None:
    """Scenario 3 (first part). Seed: "If a player plays a double during play, they must then
    play another domino somewhere on the board"; the seed has no rule that the double itself
    must be covered, so the follow-up may go on the Mexican train."""
    state = position(["5-5 5-6 4-12 0-1", "1-12", "0-2", "0-3"], turn=0, lines={0: "5-12"})
    assert moves(state) == ["play 4-12 on mexican", "play 5-5 on train 0", "play 5-6 on train 0"]
    state = play(state, "play 5-5 on train 0")
    assert state.turn == 0 and state.owing and mt.to_act(state) == frozenset({0})
    assert moves(state) == ["play 4-12 on mexican", "play 5-6 on train 0"]
    state = play(state, "play 4-12 on mexican")
    assert not state.owing and state.turn == 1


def test_several_doubles_owe_only_one_more_tile() -> None:
    """Seed: "they may play doubles in more than one spot. Even though two or more doubles have
    been played, only one additional domino must be placed"."""
    state = position(["5-5 6-6 6-8 0-1", "1-12", "0-3", "0-4"], turn=0, lines={0: "5-12", None: "6-12"})
    state = play(state, "play 5-5 on train 0", "play 6-6 on mexican")
    assert state.owing and state.turn == 0 and moves(state) == ["play 6-8 on mexican"]
    state = play(state, "play 6-8 on mexican")
    assert not state.owing and state.turn == 1


def test_double_not_followed_draws_and_must_play_a_fitting_tile() -> None:
    """Scenario 3. Seed: "If a player cannot follow-up the double with another domino, they
    draw"; a drawn tile that can be played is played."""
    state = position(["5-5 0-1 0-2", "9-12", "0-3", "0-4"], turn=0, lines={0: "5-12"}, boneyard="5-7")
    state = play(state, "play 5-5 on train 0")
    assert events(state) == ["seat 0 plays: 5-5 on train 0", "seat 0 draws 1"]
    assert state.owing and state.drew and state.turn == 0
    assert moves(state) == ["play 5-7 on train 0"]
    state = play(state, "play 5-7 on train 0")
    assert state.turn == 1 and not state.drew and not state.lines[0].marked


def test_double_not_followed_and_drawn_tile_does_not_fit_marks_the_train() -> None:
    """Scenario 3 (last part): the drawn tile cannot be played, so the seat's marker goes on
    its train and the turn passes."""
    state = position(["5-5 0-1 0-2", "9-12", "0-3", "0-4"], turn=0, lines={0: "5-12"}, boneyard="3-4")
    state = play(state, "play 5-5 on train 0")
    assert events(state) == [
        "seat 0 plays: 5-5 on train 0",
        "seat 0 draws 1",
        "seat 0 passes: marker on its train",
    ]
    assert state.turn == 1 and state.lines[0].marked and not state.owing
    assert state.hands[0] == parse_tiles("0-1 0-2 3-4")
    # Seat 0's train (open end 5) is now open to seat 1, whose 9-12 fits its own or the Mexican.
    assert moves(state) == ["play 9-12 on train 1", "play 9-12 on mexican"]


def test_a_seat_that_cannot_play_draws_and_plays_the_drawn_tile() -> None:
    """Seed: "When a player cannot play ... they draw a domino from the boneyard"; a drawn tile
    that fits must be played (the rules notes), on any train open to the seat."""
    state = position(["3-12 0-1 0-5", "0-2 1-3", "0-3", "0-4"], turn=0, boneyard="2-12 4-5")
    state = play(state, "play 3-12 on train 0")
    assert events(state) == ["seat 0 plays: 3-12 on train 0", "seat 1 draws 1"]
    assert state.turn == 1 and state.drew
    assert moves(state) == ["play 2-12 on train 1", "play 2-12 on mexican"]
    assert mt.render(state).splitlines()[1] == "seat 1 to play (drew this turn)"


def test_a_drawn_double_owes_a_follow_up_but_no_second_draw() -> None:
    """Rules notes 3.8: a drawn tile that fits must be played; "if it is a double the follow-up
    obligation continues, but no second draw this turn"."""
    state = position(["0-1 0-2", "0-3 1-12", "0-4 2-12", "3-12 0-5 0-6"], turn=3, lines={0: "5-12"}, boneyard="5-5 5-8")
    state = play(state, "play 3-12 on train 3")
    assert events(state) == ["seat 3 plays: 3-12 on train 3", "seat 0 draws 1"]
    assert state.turn == 0 and state.drew and not state.owing
    assert moves(state) == ["play 5-5 on train 0"]
    state = play(state, "play 5-5 on train 0")
    # 5-8 would fit, but it stays in the boneyard: the seat has drawn this turn.
    assert events(state) == ["seat 0 plays: 5-5 on train 0", "seat 0 passes: marker on its train"]
    assert state.turn == 1 and state.lines[0].marked and state.boneyard[0] == Tile(5, 8)
    assert state.hands[0] == parse_tiles("0-1 0-2")


def test_a_marked_train_is_open_to_all_until_its_owner_plays_anywhere() -> None:
    """Scenario 4. Seed: "All players may then play on this player's train ... If this player
    can play anywhere on the board at their next turn, the marker is then removed and no other
    player may play on that train" (the seed's rule: any play by the owner removes it)."""
    hands = ["7-9 0-1", "1-2 3-5", "5-8 0-0", "4-4 0-6"]
    state = position(hands, turn=0, lines={0: "5-12", 1: "3-12", None: "7-12"}, marked=frozenset({0}))
    # Seat 0 plays on the Mexican train: its marker comes off (not only a play on its own train).
    state = play(state, "play 7-9 on mexican")
    assert events(state)[:2] == ["seat 0 plays: 7-9 on mexican", "seat 0 note: marker taken off its train"]
    assert not state.lines[0].marked and state.turn == 1
    assert moves(state) == ["play 3-5 on train 1"]
    with pytest.raises(IllegalMove, match="seat 0's train has no marker: only its owner may play on it"):
        mt.apply(state, PlaceTile(1, Tile(3, 5), 0))


def test_another_seat_plays_on_a_marked_train() -> None:
    """Scenario 4 (first part): a marked train accepts tiles from other seats."""
    state = position(["1-6 0-1", "5-8 3-4", "0-2", "0-3"], turn=1, lines={0: "5-12"}, marked=frozenset({0}))
    assert moves(state) == ["play 5-8 on train 0"]
    state = play(state, "play 5-8 on train 0")
    assert state.lines[0].tiles == parse_tiles("5-12 5-8") and state.lines[0].marked and state.lines[0].end == 8


def test_empty_boneyard_marks_and_passes() -> None:
    """Rules notes: with the boneyard empty a seat that cannot play puts its marker on its train
    and the turn passes."""
    state = position(["3-12 0-1 0-5", "0-2 1-3", "3-5 0-0", "0-4"], turn=0, boneyard="", rest=False)
    state = play(state, "play 3-12 on train 0")
    # Seat 2's 3-5 fits seat 0's train, so the round is not blocked: seats 1, 2, 3 and 0 pass
    # and mark in turn; then seat 0's train is open, and seat 1's 1-3 fits it.
    assert events(state) == [
        "seat 0 plays: 3-12 on train 0",
        "seat 1 passes: marker on its train",
        "seat 2 passes: marker on its train",
        "seat 3 passes: marker on its train",
        "seat 0 passes: marker on its train",
    ]
    assert state.turn == 1 and all(line.marked for line in state.lines[:4])
    assert moves(state) == ["play 1-3 on train 0"]
    state = play(state, "play 1-3 on train 0")
    assert events(state)[:3] == [
        "seat 1 plays: 1-3 on train 0",
        "seat 1 note: marker taken off its train",
        "seat 1 note: one tile left",
    ]


def test_blocked_round_everyone_scores_the_pips_in_hand() -> None:
    """Rules notes: the round ends when it blocks (empty boneyard, nobody can play); everyone
    scores the pips left in hand."""
    state = position(["3-12 0-1", "0-2", "1-4", "2-2"], turn=0, boneyard="", rest=False, options=Options(rounds=1))
    state = play(state, "play 3-12 on train 0")
    assert events(state) == [
        "seat 0 plays: 3-12 on train 0",
        "seat 0 note: one tile left",
        "note: round blocked: no tile can be played",
        "hand scored: 1 2 5 4",
        "game over; winners: 0",
    ]
    assert mt.is_over(state) and mt.scores(state) == (1, 2, 5, 4) and mt.winners(state) == frozenset({0})


def test_going_out_with_a_double_ends_the_round_at_once() -> None:
    """Scenario 6. Seed: "EXCEPTION: A player may go out with a double without having to play
    another domino"; the others score their pips."""
    state = position(["5-5", "0-2 6-6", "0-3", "1-1 0-0"], turn=0, lines={0: "5-12"}, options=Options(rounds=1))
    state = play(state, "play 5-5 on train 0")
    assert events(state) == [
        "seat 0 plays: 5-5 on train 0",
        "seat 0 goes out",
        "hand scored: 0 14 3 2",
        "game over; winners: 0",
    ]
    assert mt.is_over(state) and mt.legal_moves(state) == ()
    with pytest.raises(GameOver):
        mt.apply(state, PlaceTile(1, Tile(0, 2), None))


@pytest.mark.parametrize(("double_blank", "expected"), [(0, 12), (50, 62)])
def test_double_blank_counts_0_or_50_in_the_variation(double_blank: int, expected: int) -> None:
    """Scenario 5. Seed: "Double blank count 0"; Variations: "the Double blank counts 50"."""
    options = Options(double_blank=double_blank, rounds=1)
    assert mt.round_points(parse_tiles("0-0 6-6"), options) == expected
    state = position(["5-6", "0-0 6-6", "0-3", "1-1"], turn=0, lines={0: "5-12"}, options=options)
    state = play(state, "play 5-6 on train 0")
    assert mt.scores(state) == (0, expected, 3, 2)


def test_one_tile_left_is_announced() -> None:
    """Seed: "any player who is down to one domino must give notice to the other players"."""
    state = position(["3-12 0-1", "0-2 2-12", "0-3", "0-4"], turn=0)
    state = play(state, "play 3-12 on train 0")
    assert events(state) == ["seat 0 plays: 3-12 on train 0", "seat 0 note: one tile left"]


def test_refusals_name_the_rule() -> None:
    """Moves that break a rule are refused with the rule and the state is unchanged."""
    state = position(["3-12 0-1", "0-2 2-12", "0-3", "0-4"], turn=0)
    with pytest.raises(IllegalMove, match="it is seat 0's turn, not seat 1's"):
        mt.apply(state, PlaceTile(1, Tile(2, 12), 1))
    with pytest.raises(IllegalMove, match="seat 0 does not hold 5-12"):
        mt.apply(state, PlaceTile(0, Tile(5, 12), 0))
    with pytest.raises(IllegalMove, match="0-1 does not fit the open end 12 of mexican"):
        mt.apply(state, PlaceTile(0, Tile(0, 1), None))
    with pytest.raises(IllegalMove, match="there is no train 7"):
        mt.apply(state, PlaceTile(0, Tile(3, 12), 7))
    assert mt.legal_moves(state) == mt.legal_moves(position(["3-12 0-1", "0-2 2-12", "0-3", "0-4"], turn=0))


# --- rounds and the match -------------------------------------------------------------------


def test_each_round_uses_the_next_lower_double_and_the_deal_passes_left() -> None:
    """Seed: "The game begins with the double 12 and each hand thereafter uses the next lowest
    number". Reading: the deal passes to the left each round."""
    state = mt.new_game(3, seed=4, dealer=0)
    seen = [(state.hand, state.engine, state.dealer)]
    while not mt.is_over(state):
        state = mt.apply(state, mt.legal_moves(state)[0])
        if state.hand != seen[-1][0]:
            seen.append((state.hand, state.engine, state.dealer))
            assert all(line.end == state.engine.a and not line.tiles for line in state.lines)
    assert [h for h, _, _ in seen] == list(range(1, 14))
    assert [e.a for _, e, _ in seen] == list(range(12, -1, -1))
    assert [d for _, _, d in seen] == [r % 3 for r in range(13)]


def test_a_whole_match_ends_with_the_lowest_total_winning() -> None:
    """Seed: "The player with the lowest total score after all rounds is the winner"."""
    state = mt.new_game(4, seed=9)
    rounds: list[tuple[int, ...]] = []
    while not mt.is_over(state):
        state = mt.apply(state, mt.legal_moves(state)[-1])
        rounds.extend(e.numbers for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert len(rounds) == 13 and state.hand == 13
    totals = tuple(sum(r[s] for r in rounds) for s in range(4))
    assert mt.scores(state) == totals
    best = min(totals)
    assert mt.winners(state) == frozenset(s for s in range(4) if totals[s] == best)
    assert state.events[-1].kind is EventKind.GAME_OVER


def test_rounds_option_shortens_the_game() -> None:
    """`Options.rounds`: the game ends after that many rounds (engines 12-12, 11-11, ...)."""
    state = mt.new_game(2, seed=2, options=Options(rounds=2))
    while not mt.is_over(state):
        state = mt.apply(state, mt.legal_moves(state)[0])
    assert state.hand == 2 and state.engine == Tile(11, 11)


def test_engine_held_out_variation() -> None:
    """Seed, Variations: "the double to be used to begin the next hand may be held out and
    placed in the center ... the player who 'went out' on the preceding hand, begins the play".
    Round 1 (nobody went out yet): the dealer's left starts."""
    options = Options(engine_held_out=True)
    state = mt.new_game(4, seed=5, dealer=2, options=options)
    assert events(state) == ["seat 2 deals hand 1", "note: 12-12 held out as the engine"]
    assert [len(h) for h in state.hands] == [15, 15, 15, 15] and len(state.boneyard) == 30
    assert state.turn == 3 and state.engine == Tile(12, 12)
    # Play round 1 out with the first legal move: seat 0 goes out and starts round 2.
    while state.hand == 1:
        state = mt.apply(state, mt.legal_moves(state)[0])
    assert events(state) == [
        "seat 0 plays: 8-10 on train 2",
        "seat 0 goes out",
        "hand scored: 0 18 17 27",
        "seat 3 deals hand 2",
        "note: 11-11 held out as the engine",
    ]
    assert state.turn == 0 and state.engine == Tile(11, 11) and all(Tile(11, 11) not in h for h in state.hands)
    assert [len(h) for h in state.hands] == [15, 15, 15, 15]


def test_metzker_presets() -> None:
    """Each version of the seed is a preset: the rules, and the rules with its "Variations"."""
    assert Options.metzker() == Options()
    assert Options.metzker_variations() == Options(double_blank=50, engine_held_out=True)
    assert dict(mt.GAME.presets) == {"metzker": Options.metzker(), "metzker_variations": Options.metzker_variations()}
    state = mt.new_game(6, seed=3, options=Options.metzker_variations())
    assert Tile(12, 12) not in [t for h in state.hands for t in h] + list(state.boneyard)


def test_options_refuse_values_outside_the_rules() -> None:
    """13 rounds at most (one per double, 12-12 to 0-0); the 0-0 counts 0 or more."""
    with pytest.raises(ValueError, match="rounds must be 1..13"):
        Options(rounds=14)
    with pytest.raises(ValueError, match="rounds must be 1..13"):
        Options(rounds=0)
    with pytest.raises(ValueError, match="double_blank must be"):
        Options(double_blank=-1)


def test_new_game_refuses_bad_setups() -> None:
    """2 to 8 players; `tiles=` is the whole set in some order; `dealer=` is a seat."""
    with pytest.raises(ValueError, match="mexican_train is played by 2, 3, 4, 5, 6, 7, 8 players, not 9"):
        mt.new_game(9)
    with pytest.raises(ValueError, match="tiles= must be the 91-tile set"):
        mt.new_game(4, tiles=list(SET[:90]))
    with pytest.raises(ValueError, match="dealer"):
        mt.new_game(4, dealer=4)
    assert mt.new_game(4, seed=8) == mt.new_game(4, seed=8)
    assert mt.new_game(4, seed=8, tiles=SET) == mt.new_game(4, seed=8, tiles=[str(t) for t in SET])


# --- helpers, notation and views ------------------------------------------------------------


HANDS: Final = ["3-12 3-5 5-8 7-12", "0-1", "2-2", "4-4"]
"""Seat 0 may play on its own train (open 5), seat 1's marked train (open 8) or the Mexican."""


def test_legal_moves_are_the_core_placements_in_order() -> None:
    """`legal_moves` lists `core.dominoes.placements` (tiles in hand order, lines in order)."""
    state = position(HANDS, turn=0, lines={0: "5-12", 1: "8-12"}, marked=frozenset({1}))
    pairs = placements(state.hands[0], state.lines, 0)
    assert [(m.tile, 4 if m.train is None else m.train) for m in mt.legal_moves(state)] == list(pairs)
    assert moves(state) == [
        "play 3-5 on train 0",
        "play 3-12 on mexican",
        "play 5-8 on train 0",
        "play 5-8 on train 1",
        "play 7-12 on mexican",
    ]
    assert mt.hand_size(5) == 11 and mt.engine_for(13) == Tile(0, 0)


def test_parse_move_reads_lenient_forms_and_refuses_others() -> None:
    """Either half first, short targets, a tile alone where it fits one line only."""
    state = position(HANDS, turn=0, lines={0: "5-12", 1: "8-12"}, marked=frozenset({1}))
    texts = ("play 12-3", "7-12 m", "play 8-5 on 1", "5-3 mine", "0: play 5-8 on train 0")
    by = {text: str(mt.parse_move(state, text)) for text in texts}
    assert by == {
        "play 12-3": "play 3-12 on mexican",
        "7-12 m": "play 7-12 on mexican",
        "play 8-5 on 1": "play 5-8 on train 1",
        "5-3 mine": "play 3-5 on train 0",
        "0: play 5-8 on train 0": "play 5-8 on train 0",
    }
    with pytest.raises(NotationError, match="fits several trains: play 5-8 on train 0, play 5-8 on train 1"):
        mt.parse_move(state, "play 5-8")
    with pytest.raises(NotationError, match="is not a legal move here"):
        mt.parse_move(state, "play 0-1")
    with pytest.raises(NotationError):
        mt.parse_move(state, "1: play 3-12 on mexican")


def test_views_hide_other_hands_and_the_boneyard() -> None:
    """Hands are seen by their owners, the boneyard by nobody, the engine and trains by all."""
    state = mt.new_game(4, seed=2, dealer=0)
    seen = mt.view(state, 1)
    assert seen.hands[1] == state.hands[1]
    assert all(set(h) == {HIDDEN_TILE} for s, h in enumerate(seen.hands) if s != 1)
    assert set(seen.boneyard) == {HIDDEN_TILE} and len(seen.boneyard) == len(state.boneyard)
    assert seen.lines == state.lines and seen.engine == state.engine
    assert mt.legal_moves(mt.view(state, state.turn)) == mt.legal_moves(state, state.turn)
    assert parlour.from_json(parlour.to_json(seen)) == seen
    rows = mt.render(seen).splitlines()
    assert rows[-3] == f"seat 1  points 0  {len(state.hands[1])} tiles: " + " ".join(map(str, state.hands[1])) + (
        "  <- to play" if state.turn == 1 else ""
    )
    assert ":" not in rows[-4] and rows[-4].startswith("seat 0  points 0")


def test_fast_paths_match_the_reference() -> None:
    """Over many random games (2 to 8 players, both engine rules), every state's legal moves
    (filled in while `apply` builds it) are `core.dominoes.placements` in order, and the round
    score is `hand_points` with the 0-0 override."""
    from parlour.core.dominoes import hand_points

    chooser = random.Random(5)
    games = [(n, seed, Options(rounds=3)) for n in (2, 4, 6, 8) for seed in range(4)]
    games += [(4, seed, Options(rounds=2, engine_held_out=True, double_blank=50)) for seed in range(4)]
    for players, seed, options in games:
        state = mt.new_game(players, seed=seed, options=options)
        while not mt.is_over(state):
            seat = state.turn
            found = placements(state.hands[seat], state.lines, seat)
            expected = [PlaceTile(seat, t, None if i == players else i) for t, i in found]
            assert list(state.legal) == expected
            assert list(mt.legal_moves(attrs.evolve(state))) == expected  # computed afresh
            for held in state.hands:
                assert mt.round_points(held, options) == hand_points(held, {Tile(0, 0): options.double_blank})
            legal = mt.legal_moves(state)
            state = mt.apply(state, legal[chooser.randrange(len(legal))])
    with pytest.raises(ValueError, match="hidden"):
        mt.round_points((Tile(1, 2), HIDDEN_TILE), Options())


def test_the_deal_matches_the_reference_draw_for_the_engine() -> None:
    """Whoever holds the engine places it; if nobody does, every seat draws in turn from the
    dealer's left, whole rounds at a time, until it turns up (the reference below is that rule
    step by step). Checked on many orders with the engine dealt, drawn early and drawn late."""
    engine = Tile(12, 12)
    checked = 0
    for trial in range(60):
        order = [t for t in SET if t != engine]
        random.Random(trial).shuffle(order)
        order.insert([3, 60, 64, 75, 89, 90][trial % 6], engine)
        players, dealer = 2 + trial % 3, trial % 2
        first, size = (dealer + 1) % players, mt.hand_size(players)
        hands = [list(order[k : size * players : players]) for k in range(players)]
        hands = hands[players - first :] + hands[: players - first]  # seat first + k got column k
        boneyard, holder, drawn = order[size * players :], holder_of(hands, engine), [0] * players
        while holder is None:
            for k in range(players):
                seat = (first + k) % players
                if boneyard:
                    hands[seat].append(boneyard.pop(0))
                    drawn[seat] += 1
                    holder = seat if hands[seat][-1] == engine else holder
        hands[holder].remove(engine)
        expected = [f"seat {dealer} deals hand 1"]
        expected += [f"seat {(first + k) % players} draws {drawn[(first + k) % players]}" for k in range(players)]
        expected = [e for e in expected if not e.endswith(" 0")] + [f"seat {holder} plays: 12-12 as the engine"]
        state = mt.new_game(players, tiles=[str(t) for t in order], dealer=dealer)
        assert [str(e) for e in state.events][: len(expected)] == expected
        if len(state.events) == len(expected):  # the holder could play at once: nothing drawn since
            assert state.hands == tuple(tuple(sorted(h)) for h in hands) and list(state.boneyard) == boneyard
            checked += 1
    assert checked > 30
