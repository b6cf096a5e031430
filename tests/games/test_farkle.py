"""Scenario tests for Farkle (the one-page Farkle Rules sheet "FARKLE RULES"; readings of rules/other.md 6.2).

Dice are fixed with `rolls=`; mid-game positions are built with `attrs.evolve`.
"""

from __future__ import annotations

import random

import attrs
import pytest

import parlour
from parlour.core.dice import Turn, scoring_holds
from parlour.core.errors import IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.options import options_text
from parlour.core.rng import Rng
from parlour.games import farkle as fk


def play(state: fk.State, *moves: str) -> fk.State:
    for text in moves:
        state = fk.apply(state, fk.parse_move(state, text))
    return state


def texts(state: fk.State) -> list[str]:
    return [str(m) for m in fk.legal_moves(state)]


def event_texts(state: fk.State) -> list[str]:
    return [str(e) for e in state.events]


def late_game(scores: tuple[int, ...], player: int, rolls: list[int], options: fk.Options | None = None) -> fk.State:
    """A position at the start of `player`'s turn with the given banked scores."""
    state = fk.new_game(len(scores), seed=5, rolls=rolls, options=options)
    return attrs.evolve(state, scores=scores, player=player)


def test_best_hold_of_three_ones_and_a_five() -> None:
    """6.2 scenario 1: roll 1 1 1 5 2 3, the best hold is 1 1 1 5 for 1,050; the 2 cannot be held."""
    state = play(fk.new_game(seed=1, rolls=[1, 1, 1, 5, 2, 3]), "roll")
    assert event_texts(state) == ["seat 0 rolled 1 1 1 5 2 3"]
    assert texts(state) == ["hold 1", "hold 5", "hold 1 1", "hold 1 5", "hold 1 1 1", "hold 1 1 5", "hold 1 1 1 5"]
    with pytest.raises(IllegalMove, match="every held die must score"):
        fk.apply(state, fk.Hold(0, (1, 1, 1, 2)))
    state = play(state, "hold 1 1 1 5")
    assert state.turn == Turn(total=1050, held=(1, 1, 1, 5))
    assert texts(state) == ["roll", "bank"]


@pytest.mark.parametrize(
    ("dice", "value", "split"),
    [
        ((1, 2, 3, 4, 5, 6), 1000, 1000),
        ((2, 2, 3, 3, 4, 4), 1000, 1000),
        ((2, 2, 2, 2, 3, 3), 1000, 1000),
        ((6, 6, 6, 6, 6, 6), 1000, 1200),
        ((2, 2, 2, 2, 2, 2), 1000, 1000),
        ((1, 1, 1, 1, 1, 1), 1200, 2000),
        ((1, 1, 1, 1, 5, 5), 1200, 1200),
        ((3, 3, 3, 6, 6, 6), 900, 900),
        ((5, 5, 5, 5, 2, 3), 550, 550),
        ((2, 3, 3, 4, 6, 6), 0, 0),
        ((4, 4, 4), 400, 400),
    ],
)
def test_score_dice_table(dice: tuple[int, ...], value: int, split: int) -> None:
    """6.2 scenarios 2-4: straight, three pairs (also four plus a pair), four 5s as a triple and
    a single, and a farkle. Six equal dice follow the one-page Farkle Rules sheet's table, "All six dice the same
    1,000" (the best hold of six 1s is five of them, 1,200); `six_of_a_kind_split` scores them
    as their best split, as rules/other.md 6.2 reads it (six 6s 1,200, six 1s 2,000)."""
    assert fk.score_dice(dice) == value
    assert fk.score_dice(dice, fk.Options(six_of_a_kind_split=True)) == split


def test_six_of_a_kind_held_together_is_1000_as_the_table_says() -> None:
    """Issue 6 point 3, the one-page Farkle Rules sheet: "All six dice the same 1,000". Six 6s held together are 1,000
    (not two triples, 1,200) and are hot dice; holding three of them is a triple, 600."""
    state = play(fk.new_game(seed=1, rolls=[6] * 6), "roll")
    assert texts(state) == ["hold 6 6 6", "hold 6 6 6 6 6 6"]
    state = play(state, "hold 6 6 6 6 6 6")
    assert state.turn == Turn(total=1000)
    assert event_texts(state) == [
        "seat 0 sets aside 1000 6 6 6 6 6 6",
        "seat 0 has a turn total of 1000",
        "seat 0 has hot dice: may roll them all again",
    ]
    ones = play(fk.new_game(seed=1, rolls=[1] * 6), "roll", "hold 1 1 1 1 1 1")
    assert ones.turn == Turn(total=1000)
    five = play(fk.new_game(seed=1, rolls=[1] * 6), "roll", "hold 1 1 1 1 1")
    assert five.turn == Turn(total=1200, held=(1, 1, 1, 1, 1))


def test_six_of_a_kind_split_option_scores_two_triples() -> None:
    """Option six_of_a_kind_split (the reading of rules/other.md 6.2): six equal dice score their
    best split when it beats 1,000, six 6s 1,200 and six 1s 2,000; six 2s stay 1,000."""
    split = fk.Options(six_of_a_kind_split=True)
    state = play(fk.new_game(seed=1, rolls=[6] * 6, options=split), "roll", "hold 6 6 6 6 6 6")
    assert state.turn == Turn(total=1200)
    ones = play(fk.new_game(seed=1, rolls=[1] * 6, options=split), "roll", "hold 1 1 1 1 1 1", "bank")
    assert ones.scores == (2000, 0)
    twos = play(fk.new_game(seed=1, rolls=[2] * 6, options=split), "roll", "hold 2 2 2 2 2 2")
    assert twos.turn == Turn(total=1000)
    assert options_text("farkle", split) == "farkle(six_of_a_kind_split=true)"


def test_score_dice_refuses_bad_dice() -> None:
    with pytest.raises(ValueError, match="not a die face"):
        fk.score_dice((1, 7))
    with pytest.raises(ValueError, match="more than the 6"):
        fk.score_dice((1,) * 7)


def test_four_of_a_kind_with_a_pair_as_three_pairs_is_an_option() -> None:
    """6.2: four 2s with two 3s hold as three pairs (1,000) by default; without the option only
    the triple of 2s scores."""
    state = play(fk.new_game(seed=1, rolls=[2, 2, 2, 2, 3, 3]), "roll")
    assert texts(state) == ["hold 2 2 2", "hold 2 2 2 2 3 3"]
    strict = fk.Options(four_plus_pair_is_three_pairs=False)
    state = play(fk.new_game(seed=1, rolls=[2, 2, 2, 2, 3, 3], options=strict), "roll")
    assert texts(state) == ["hold 2 2 2"]


def test_farkle_ends_the_turn_and_loses_the_turn_total() -> None:
    """6.2 scenario 4 and the seed: a roll with nothing that counts loses the points of the turn."""
    state = play(fk.new_game(seed=1, rolls=[1, 2, 3, 4, 6, 6, 2, 3, 3, 4, 6]), "roll", "hold 1", "roll")
    assert state.player == 1
    assert state.scores == (0, 0)
    assert state.turn == Turn()
    assert event_texts(state) == ["seat 0 rolled 2 3 3 4 6", "seat 0 busts: farkle 100", "seat 1 to play"]
    assert [e.kind for e in state.events] == [EventKind.ROLLS, EventKind.BUSTS, EventKind.TO_PLAY]


def test_getting_on_the_board_needs_500_in_one_turn() -> None:
    """6.2 scenario 5: at 450 a seat not on the board may only roll; at 500 it may bank."""
    state = play(fk.new_game(seed=1, rolls=[4, 4, 4, 2, 3, 6, 5, 2, 3, 5, 3]), "roll", "hold 4 4 4", "roll", "hold 5")
    assert state.turn.total == 450
    assert texts(state) == ["roll"]
    with pytest.raises(IllegalMove, match="not on the board: needs 500 in one turn to bank, has 450"):
        fk.apply(state, fk.Bank(0))
    state = play(state, "roll", "hold 5")
    assert state.turn.total == 500 and texts(state) == ["roll", "bank"]
    state = play(state, "bank")
    assert state.scores == (500, 0)
    assert event_texts(state) == ["seat 0 banks 500", "seat 0 is on the board", "seat 0 has 500", "seat 1 to play"]


def test_on_the_board_a_seat_may_bank_any_total() -> None:
    """Seed: once on the board a player can quit at any time, whatever the turn scored."""
    state = play(late_game((700, 0), 0, [5, 2, 3, 4, 6, 6]), "roll", "hold 5", "bank")
    assert state.scores == (750, 0)


def test_hot_dice_rolls_all_six_again_in_the_same_turn() -> None:
    """Seed: if all the dice produce points the player may begin again with all six dice."""
    state = play(fk.new_game(seed=1, rolls=[6, 5, 4, 3, 2, 1, 1, 1, 1, 2, 3, 4]), "roll", "hold 1 2 3 4 5 6")
    assert state.turn == Turn(total=1000)
    assert "seat 0 has hot dice: may roll them all again" in event_texts(state)
    assert texts(state) == ["roll", "bank"]
    state = play(state, "roll")
    assert state.turn.roll == (1, 1, 1, 2, 3, 4)
    state = play(state, "hold 1 1 1", "bank")
    assert state.scores == (2000, 0)


def test_hot_dice_then_farkle_loses_everything() -> None:
    """Seed: a farkle after hot dice still loses all the points of the turn."""
    state = play(fk.new_game(seed=1, rolls=[1, 2, 3, 4, 5, 6, 2, 2, 3, 4, 6, 6]), "roll", "hold 1 2 3 4 5 6", "roll")
    assert state.scores == (0, 0) and state.player == 1
    assert "seat 0 busts: farkle 1000" in event_texts(state)


def test_reaching_10000_gives_everyone_else_one_last_turn() -> None:
    """6.2 scenario 6: seat 2 banks to 10,150; seats 3, 0 and 1 play one turn each; the highest
    total wins, and reaching 10,000 first does not win by itself."""
    rolls = [5, 5, 5, 2, 3, 4, 2, 2, 3, 4, 6, 6, 1, 1, 1, 2, 3, 4, 2, 3, 3, 4, 6, 6]
    state = late_game((9800, 3000, 9650, 2000), 2, rolls)
    state = play(state, "roll", "hold 5 5 5", "bank")
    assert state.scores == (9800, 3000, 10150, 2000)
    assert "note: final round: everyone else has one last turn" in event_texts(state)
    assert state.events[-2].kind is EventKind.NOTE
    assert not fk.is_over(state) and fk.winners(state) == frozenset()
    assert (state.player, state.owed) == (3, frozenset({0, 1}))
    state = play(state, "roll")  # seat 3 farkles
    assert state.player == 0
    state = play(state, "roll", "hold 1 1 1", "bank")  # seat 0 passes seat 2: 10,800
    assert state.player == 1 and state.owed == frozenset()
    state = play(state, "roll")  # seat 1 farkles: the round is over
    assert fk.is_over(state) and fk.legal_moves(state) == ()
    assert fk.scores(state) == (10800, 3000, 10150, 2000)
    assert fk.winners(state) == frozenset({0})
    assert event_texts(state)[-1] == "game over; winners: 0"
    with pytest.raises(parlour.GameOver):
        fk.apply(state, fk.Roll(2))


def test_until_unbeaten_gives_everyone_another_turn_when_the_high_score_is_beaten() -> None:
    """Seed's continuation: each time anyone beats the high scorer, the others play once more."""
    rolls = [5, 5, 5, 2, 3, 4, 1, 1, 1, 2, 3, 4] + [2, 2, 3, 4, 6, 6] * 3
    state = late_game((9800, 3000, 9650), 2, rolls, fk.Options(final_round=fk.FinalRound.UNTIL_UNBEATEN))
    state = play(state, "roll", "hold 5 5 5", "bank")  # seat 2: 10,150
    assert (state.player, state.owed) == (0, frozenset({1}))
    state = play(state, "roll", "hold 1 1 1", "bank")  # seat 0 beats it: 10,800
    assert "seat 0 note: beats the high score: everyone else has one more turn" in event_texts(state)
    assert (state.player, state.owed) == (1, frozenset({2}))
    state = play(state, "roll", "roll")  # seats 1 and 2 farkle
    assert fk.is_over(state) and fk.winners(state) == frozenset({0})


def test_ties_share_the_win() -> None:
    """Highest total wins; equal totals share."""
    state = late_game((10000, 9500), 1, [5, 5, 5, 2, 3, 4])
    state = attrs.evolve(state, final=True)
    state = play(state, "roll", "hold 5 5 5", "bank")
    assert fk.is_over(state) and fk.winners(state) == frozenset({0, 1})
    assert event_texts(state)[-1] == "game over; winners: 0 1"


def test_dealer_left_starts_and_hands_count_turn_cycles() -> None:
    """Seat 0 starts by default; with dealer= the seat to the dealer's left starts. One hand is
    one full round of turns."""
    assert fk.new_game(3, seed=1).player == 0
    state = fk.new_game(3, seed=1, dealer=1, rolls=[2, 2, 3, 4, 6, 6] * 3)
    assert (state.player, state.hand) == (2, 1)
    state = play(state, "roll", "roll")
    assert (state.player, state.hand) == (1, 1)
    state = play(state, "roll")
    assert (state.player, state.hand) == (2, 2)


def test_new_game_validates_players_seed_dealer_rolls_and_options() -> None:
    """Hostile values for new_game and Options are refused with ValueError naming the value."""
    with pytest.raises(ValueError, match="farkle is played by 2, 3, 4, 5, 6, 7, 8 players, not 9"):
        fk.new_game(9)
    for seed in ("abc", -1, 2**64, True, 1.0):
        with pytest.raises(ValueError, match="seed must be a whole number"):
            fk.new_game(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"dealer=: seat 2 is not one of 0..1"):
        fk.new_game(2, dealer=2)
    with pytest.raises(ValueError, match=r"dealer=: seat True is not one of 0..1"):
        fk.new_game(2, dealer=True)
    with pytest.raises(ValueError, match="rolls=: entry 1 is 7, not a die face 1..6"):
        fk.new_game(rolls=[1, 7])
    with pytest.raises(ValueError, match="rolls=: entry 0 is True, not a die face"):
        fk.new_game(rolls=[True])
    with pytest.raises(ValueError, match="rolls=: entry 2 is 5.0, not a die face"):
        fk.new_game(rolls=[1, 2, 5.0])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="rolls=: entry 0 is '3', not a die face"):
        fk.new_game(rolls=["3"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="rolls= is a sequence of die faces such as .3, 5, 1., not str"):
        fk.new_game(rolls="135")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Options.final_round must be a FinalRound, not 'single'"):
        fk.Options(final_round="single")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Options.six_of_a_kind_split must be a bool, not 1"):
        fk.Options(six_of_a_kind_split=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Options.target must be 1 or more, not 0"):
        fk.Options(target=0)
    assert len(fk.new_game().scores) == 2


def test_illegal_moves_name_the_rule() -> None:
    state = fk.new_game(seed=1, rolls=[1, 2, 3, 4, 6, 6])
    with pytest.raises(IllegalMove, match="nothing to bank: roll first"):
        fk.apply(state, fk.Bank(0))
    with pytest.raises(IllegalMove, match="it is seat 0's turn"):
        fk.apply(state, fk.Roll(1))
    state = play(state, "roll")
    with pytest.raises(IllegalMove, match="hold scoring dice from the roll 1 2 3 4 6 6 first"):
        fk.apply(state, fk.Roll(0))
    with pytest.raises(IllegalMove, match="does not hold those dice"):
        fk.apply(state, fk.Hold(0, (5,)))
    with pytest.raises(parlour.NotationError, match="legal moves: hold 1"):
        fk.parse_move(state, "hold 6 6")
    with pytest.raises(IllegalMove, match="a hold names its dice as a tuple of faces"):
        fk.apply(state, fk.Hold(0, 1))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="seat 'x' is not at this table"):
        fk.apply(state, fk.Hold("x", (1,)))  # type: ignore[arg-type]


def test_apply_refuses_loose_seats_foreign_moves_and_options() -> None:
    """Only the game's own legal moves, with exactly typed values, are applied."""

    @attrs.frozen
    class ForeignRoll:
        """Another game's move with the same field and text as a Farkle roll."""

        player: int

        def __str__(self) -> str:
            return "roll"

    state = fk.new_game(seed=1, dealer=0, rolls=[1, 5, 2, 3, 4, 6])
    assert fk.legal_moves(state) == (fk.Roll(1),)
    with pytest.raises(IllegalMove, match="matches the legal Roll.player=1. only loosely"):
        fk.apply(state, fk.Roll(True))
    with pytest.raises(IllegalMove, match="ForeignRoll is not a move of this game .its moves: Roll, Hold, Bank."):
        fk.apply(state, ForeignRoll(1))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="Options is not a move of this game"):
        fk.apply(state, fk.Options())  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="seat 1.5 is not at this table"):
        fk.apply(state, fk.Roll(1.5))  # type: ignore[arg-type]
    held = play(state, "roll")
    with pytest.raises(IllegalMove, match="only loosely"):
        fk.apply(held, fk.Hold(1, (1.0, 5)))  # type: ignore[arg-type]


def test_view_of_a_seat_has_exactly_that_seats_real_moves() -> None:
    """The dice are public: the seat to play's view has its real moves, any other seat's view
    and a spectator's view have none, and a view refuses to answer for another seat."""
    state = play(fk.new_game(3, seed=1, rolls=[1, 5, 2, 3, 3, 6]), "roll")
    mine = fk.legal_moves(state, 0)
    assert [str(m) for m in mine] == ["hold 1", "hold 5", "hold 1 5"]
    assert fk.legal_moves(fk.view(state, 0)) == mine == fk.legal_moves(state)
    for seat in (1, 2):
        assert fk.legal_moves(state, seat) == () == fk.legal_moves(fk.view(state, seat))
        assert fk.legal_moves(fk.view(state, seat), seat) == ()
    assert fk.legal_moves(fk.view(state, None)) == ()
    with pytest.raises(ValueError, match="only its own moves, not seat 0's"):
        fk.legal_moves(fk.view(state, 1), 0)
    with pytest.raises(ValueError, match=r"player must be a seat 0..2 or None, not 3"):
        fk.legal_moves(state, 3)


def test_parse_move_honours_the_seat_and_reads_dice_in_any_order() -> None:
    """Issue 6: "hold 5 1" is "hold 1 5"; a "0:" prefix or `player` names the seat, and text for
    a seat that is not to play is refused naming that seat. Only one seat is ever to play, so
    no text fits moves of several seats."""
    state = play(fk.new_game(seed=1, rolls=[1, 5, 2, 3, 4, 6]), "roll")
    hold = fk.Hold(0, (1, 5))
    assert fk.parse_move(state, "hold 5 1") == hold
    assert fk.parse_move(state, "0: hold 5 1") == hold
    assert fk.parse_move(state, "seat 0: hold 1 5") == hold
    assert fk.parse_move(state, "hold 5 1", 0) == hold
    assert fk.parse_move(fk.view(state, 0), "hold 5 1") == hold
    with pytest.raises(NotationError, match="'1: hold 1 5': seat 1 has no move now"):
        fk.parse_move(state, "1: hold 1 5")
    with pytest.raises(NotationError, match="'hold 5 1': seat 1 has no move now"):
        fk.parse_move(state, "hold 5 1", 1)
    with pytest.raises(NotationError, match="written for seat 0, not seat 1"):
        fk.parse_move(state, "0: hold 5 1", 1)
    with pytest.raises(NotationError, match="'hold 6 1' is not a legal move here"):
        fk.parse_move(state, "hold 6 1")
    with pytest.raises(NotationError, match="no move can be made here"):
        fk.parse_move(fk.view(state, 1), "hold 5 1")


def test_view_hides_only_the_dice_to_come() -> None:
    state = play(fk.new_game(seed=3, rolls=[1, 5, 2, 3, 4, 6, 5, 5]), "roll")
    seen = fk.view(state, 1)
    assert (seen.rng, seen.rolls, seen.turn, seen.scores, seen.viewer) == (None, (), state.turn, state.scores, 1)
    assert seen.events == state.events
    assert fk.view(seen, 1) == seen
    with pytest.raises(ValueError, match="this is already the view of seat 1; it cannot show more"):
        fk.view(seen, 0)
    with pytest.raises(ValueError, match="viewer must be a seat 0..1 or None, not 2"):
        fk.view(state, 2)
    other = fk.shuffle_unseen(state, 1, 99)
    assert fk.view(other, 1) == seen
    assert other != state and other.rolls != state.rolls and other.rng == Rng(99)
    assert fk.shuffle_unseen(seen, 1, 99) == seen
    with pytest.raises(ValueError, match="cannot apply a move to a view"):
        fk.apply(seen, fk.Hold(0, (1,)))


def test_json_round_trip_and_invariants_refuse_bad_positions() -> None:
    state = play(fk.new_game(seed=3, rolls=[1, 5, 2, 3, 4, 6]), "roll", "hold 1 5")
    assert parlour.from_json(parlour.to_json(state)) == state
    fk.check_invariants(state)
    with pytest.raises(ValueError, match="not a bankable total"):
        fk.check_invariants(attrs.evolve(state, scores=(250, 0)))
    with pytest.raises(ValueError, match="final round"):
        fk.check_invariants(attrs.evolve(state, scores=(10000, 0)))
    with pytest.raises(ValueError, match="not a die face"):
        fk.check_invariants(attrs.evolve(state, rolls=(0,)))
    with pytest.raises(ValueError, match="seat 5"):
        fk.check_invariants(attrs.evolve(state, player=5))
    seen = fk.view(state, 0)
    fk.check_invariants(seen)
    assert parlour.from_json(parlour.to_json(seen)) == seen


def test_invariants_refuse_states_play_could_not_reach() -> None:
    """check_invariants guards every decoded state: the viewer, the dice to come in a view, the
    final round's record (who is owed a last turn), the end."""
    state = play(fk.new_game(3, seed=3, rolls=[1, 5, 2, 3, 4, 6]), "roll", "hold 1 5")

    def refused(bad: fk.State, message: str) -> None:
        with pytest.raises(ValueError, match=message):
            fk.check_invariants(bad)

    refused(attrs.evolve(state, viewer=1), "a state with a random source is not a view, but names viewer 1")
    refused(attrs.evolve(fk.view(state, 1), viewer=3), r"viewer: seat 3 is not one of 0..2")
    refused(attrs.evolve(fk.view(state, 1), rolls=(2, 2)), "a view shows no dice to come, but holds 2 in rolls")
    final = attrs.evolve(state, scores=(700, 10150, 0), final=True, owed=frozenset({2}))
    fk.check_invariants(final)
    refused(attrs.evolve(final, owed=frozenset({1, 2})), "seat 1 holds the high score 10,150 but is owed a last turn")
    refused(attrs.evolve(final, owed=frozenset({0, 2})), "seat 0 is playing and still owed a last turn")
    refused(attrs.evolve(final, owed=frozenset({3})), r"owed: seat 3 is not one of 0..2")
    refused(attrs.evolve(final, scores=(700, 9950, 0)), "the final round is on exactly when someone has reached 10,000")
    refused(attrs.evolve(final, over=True), "the game ends only after the final round, between turns")
    quick = attrs.evolve(state, options=fk.Options(target=2000), scores=(0, 2500, 0))
    refused(quick, "the final round is on exactly when someone has reached 2,000")
    fk.check_invariants(attrs.evolve(quick, final=True, owed=frozenset({2})))


def test_quick_match_plays_to_2000() -> None:
    """GameSpec.quick: the short match the generic sweeps play; a bank to 2,000 starts the
    final round."""
    assert fk.GAME.quick == fk.Options(target=2000)
    state = late_game((1500, 0), 0, [5, 5, 5, 2, 3, 4], fk.GAME.quick)
    state = play(state, "roll", "hold 5 5 5", "bank")
    assert state.final and state.owed == frozenset()
    assert fk.render(state).splitlines()[:2] == [
        "hand 1, game to 2,000; 500 in one turn to get on the board",
        "final round: seat 0 reached 2,000 (high score 2,000); last turns: seat 1 now, the last of the game",
    ]


# --- render -----------------------------------------------------------------------------------


def test_render_a_turn_below_the_entry_threshold() -> None:
    """Seed: 500 in one turn to get on the board; the view shows the roll, the dice set aside,
    the turn total and what the seat may do now."""
    state = play(fk.new_game(seed=1, rolls=[4, 4, 4, 2, 3, 6, 5, 2, 3]), "roll")
    assert fk.render(fk.view(state, 1)).splitlines() == [
        "hand 1, game to 10,000; 500 in one turn to get on the board",
        "seat 0 to hold scoring dice",
        "turn total 0; none set aside; roll 2 3 4 4 4 6",
        "seat 0  score 0  not on the board, to act",
        "seat 1  score 0  not on the board",
    ]
    state = play(state, "hold 4 4 4")
    assert fk.render(state).splitlines()[1:3] == [
        "seat 0 to roll the 3 remaining dice (needs 500 in one turn to bank, has 400)",
        "turn total 400; set aside 4 4 4",
    ]
    state = play(state, "roll")
    assert fk.render(state).splitlines()[2] == "turn total 400; set aside 4 4 4; roll 2 3 5"
    state = play(state, "hold 5")
    assert fk.render(state).splitlines()[1:3] == [
        "seat 0 to roll the 2 remaining dice (needs 500 in one turn to bank, has 450)",
        "turn total 450; set aside 4 4 4 5",
    ]


def test_render_hot_dice_and_banking() -> None:
    """Seed: all six dice scored, so all six may be rolled again, or the turn banked."""
    state = play(late_game((1250, 700), 0, [6, 5, 4, 3, 2, 1]), "roll", "hold 1 2 3 4 5 6")
    assert fk.render(state).splitlines() == [
        "hand 1, game to 10,000; 500 in one turn to get on the board",
        "seat 0 to roll all six again or bank 1,000",
        "turn total 1,000; hot dice: none set aside",
        "seat 0  score 1,250  on the board, to act",
        "seat 1  score   700  on the board",
    ]
    state = play(state, "bank")
    assert fk.render(state).splitlines()[1:] == [
        "seat 1 to roll all six dice",
        "seat 0  score 2,250  on the board",
        "seat 1  score   700  on the board, to act",
    ]


def test_render_final_round_and_winner() -> None:
    """6.2 scenario 6: after seat 2 reaches 10,000 the view names it and the seats owed a last
    turn, in order; at the end it names the winner."""
    rolls = [5, 5, 5, 2, 3, 4, 2, 2, 3, 4, 6, 6, 1, 1, 1, 2, 3, 4, 2, 3, 3, 4, 6, 6]
    state = play(late_game((9800, 3000, 9650, 2000), 2, rolls), "roll", "hold 5 5 5", "bank")
    assert fk.render(fk.view(state, 0)).splitlines() == [
        "hand 1, game to 10,000; 500 in one turn to get on the board",
        "final round: seat 2 reached 10,000 (high score 10,150); last turns: seat 3 now, then seats 0, 1",
        "seat 3 to roll all six dice",
        "seat 0  score  9,800  on the board",
        "seat 1  score  3,000  on the board",
        "seat 2  score 10,150  on the board",
        "seat 3  score  2,000  on the board, to act",
    ]
    state = play(state, "roll", "roll", "hold 1 1 1", "bank")  # seat 3 farkles, seat 0 to 10,800
    assert fk.render(state).splitlines()[1] == (
        "final round: seats 0, 2 reached 10,000 (high score 10,800); last turns: seat 1 now, the last of the game"
    )
    state = play(state, "roll")  # seat 1 farkles
    assert fk.render(state).splitlines() == [
        "hand 2, game to 10,000; 500 in one turn to get on the board",
        "game over in hand 2: seat 0 wins with 10,800",
        "seat 0  score 10,800  on the board, wins",
        "seat 1  score  3,000  on the board",
        "seat 2  score 10,150  on the board",
        "seat 3  score  2,000  on the board",
    ]


def test_render_until_unbeaten_and_a_shared_win() -> None:
    """Seed's continuation: the view says what beating the high score does; ties share."""
    options = fk.Options(final_round=fk.FinalRound.UNTIL_UNBEATEN)
    state = play(late_game((9800, 3000, 9650), 2, [5, 5, 5, 2, 3, 4], options), "roll", "hold 5 5 5", "bank")
    assert fk.render(state).splitlines()[1:3] == [
        "final round: seat 2 reached 10,000 (high score 10,150); last turns: seat 0 now, then seat 1",
        "a bank past 10,150 gives everyone else one more turn",
    ]
    state = attrs.evolve(late_game((10000, 9500), 1, [5, 5, 5, 2, 3, 4]), final=True)
    state = play(state, "roll", "hold 5 5 5", "bank")
    assert fk.render(state).splitlines()[1:] == [
        "game over in hand 1: seats 0, 1 share the win with 10,000",
        "seat 0  score 10,000  on the board, wins",
        "seat 1  score 10,000  on the board, wins",
    ]


def test_render_is_the_registered_render() -> None:
    assert fk.GAME.render is fk.render


def reference_moves(state: fk.State) -> tuple[fk.Move, ...]:
    """The moves of the seat to play read from `phase` and `Turn.can_bank`, as `_legal` did before
    it tested the turn directly (the oracle of the fast path)."""
    seat = state.player
    match fk.phase(state):
        case fk.Phase.START:
            return (fk.Roll(seat),)
        case fk.Phase.ROLLED:
            return tuple(fk.Hold(seat, faces) for faces, _ in scoring_holds(state.options.table, state.turn.roll))
        case fk.Phase.HELD:
            if state.turn.can_bank(on_board=state.scores[seat] > 0, entry=fk.ENTRY):
                return (fk.Roll(seat), fk.Bank(seat))
            return (fk.Roll(seat),)
    return ()


UNUSUAL: fk.Options = fk.Options(
    target=3000,
    final_round=fk.FinalRound.UNTIL_UNBEATEN,
    four_plus_pair_is_three_pairs=False,
    six_of_a_kind_split=True,
)


@pytest.mark.parametrize("options", [fk.Options(target=3000), UNUSUAL])
def test_moves_apply_fills_in_are_the_ones_the_rules_give(options: fk.Options) -> None:
    """`apply` hands each new state its legal moves ready-made; they equal the moves computed
    afresh (`attrs.evolve` copies a state without them) and the phase-by-phase reference."""
    chooser = random.Random(3)
    for seed in range(25):
        state = fk.new_game(3, seed=seed, options=options)
        while not fk.is_over(state):
            state = fk.apply(state, chooser.choice(fk.legal_moves(state)))
            assert state.legal == attrs.evolve(state).legal == reference_moves(state)
        assert state.legal == ()
