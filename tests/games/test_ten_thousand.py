"""Scenario tests for 10,000 (the Metzker Book of Card Game Rules "10,000 (Dice)"; readings of rules/other.md 3.1).

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
from parlour.core.rng import Rng
from parlour.games import ten_thousand as tt


def play(state: tt.State, *moves: str) -> tt.State:
    for text in moves:
        state = tt.apply(state, tt.parse_move(state, text))
    return state


def texts(state: tt.State) -> list[str]:
    return [str(m) for m in tt.legal_moves(state)]


def event_texts(state: tt.State) -> list[str]:
    return [str(e) for e in state.events]


def late_game(
    scores: tuple[int, ...], player: int, rolls: list[int], options: tt.Options | None = None
) -> tt.State:
    """A position at the start of `player`'s turn with the given banked scores."""
    state = tt.new_game(len(scores), seed=5, rolls=rolls, options=options)
    return attrs.evolve(state, scores=scores, player=player)


def test_best_hold_of_three_ones_and_a_five() -> None:
    """3.1 scenario 1: roll 1 1 1 5 2, the best hold is 1 1 1 5 for 1,050; the 2 cannot be held."""
    state = play(tt.new_game(seed=1, rolls=[1, 1, 1, 5, 2]), "roll")
    assert texts(state) == ["hold 1", "hold 5", "hold 1 1", "hold 1 5", "hold 1 1 1", "hold 1 1 5", "hold 1 1 1 5"]
    with pytest.raises(IllegalMove, match="every held die must score"):
        tt.apply(state, tt.Hold(0, (2,)))
    state = play(state, "hold 1 1 1 5")
    assert state.turn == Turn(total=1050, held=(1, 1, 1, 5))
    assert texts(state) == ["roll", "bank"]


@pytest.mark.parametrize(
    ("dice", "value"),
    [
        ((2, 2, 2, 2, 3), 400),
        ((3, 3, 3, 3, 3), 1200),
        ((1, 1, 1, 1, 1), 4000),
        ((1, 1, 1, 1, 5), 2050),
        ((5, 5, 5, 5, 2), 1000),
        ((3, 3, 3, 3, 2), 600),
        ((2, 2, 2, 2, 2), 800),
        ((1, 2, 3, 4, 5), 1000),
        ((2, 3, 4, 5, 6), 1000),
        ((2, 3, 4, 6, 6), 0),
        ((2, 2, 3, 3, 4), 0),
        ((4, 4, 4, 1), 500),
    ],
)
def test_score_dice_table(dice: tuple[int, ...], value: int) -> None:
    """3.1 scenarios 2-4: four of a kind x2, five of a kind x4, both straights, busts."""
    assert tt.score_dice(dice) == value


def test_score_dice_refuses_six_dice() -> None:
    with pytest.raises(ValueError, match="more than the 5"):
        tt.score_dice((1,) * 6)


def test_straight_scores_1000_rather_than_its_singles() -> None:
    """3.1 scenario 3: 1 2 3 4 5 held as a straight is 1,000 (not 150 from the 1 and the 5), and
    it uses every die: hot dice."""
    state = play(tt.new_game(seed=1, rolls=[5, 4, 3, 2, 1]), "roll")
    assert texts(state) == ["hold 1", "hold 5", "hold 1 5", "hold 1 2 3 4 5"]
    state = play(state, "hold 1 2 3 4 5")
    assert state.turn == Turn(total=1000)
    assert "seat 0 has hot dice: may roll them all again" in event_texts(state)


@pytest.mark.parametrize("roll", [[2, 3, 4, 6, 6], [2, 2, 3, 3, 4]])
def test_a_roll_that_scores_nothing_busts(roll: list[int]) -> None:
    """3.1 scenario 4: no scoring die ends the turn with nothing."""
    state = play(tt.new_game(seed=1, rolls=roll), "roll")
    assert (state.player, state.turn, state.scores, state.offer) == (1, Turn(), (0, 0), None)
    assert event_texts(state)[-2:] == ["seat 0 busts 0", "seat 1 to play"]


def test_meld_needs_1000_in_one_turn() -> None:
    """3.1 scenario 5: an unmelded seat at 950 may not bank; at 1,000 it may."""
    rolls = [6, 6, 6, 1, 2, 5, 2, 2, 2, 3, 4, 5, 3]
    state = play(tt.new_game(seed=1, rolls=rolls), "roll", "hold 1 6 6 6", "roll", "hold 5", "roll", "hold 2 2 2")
    assert state.turn == Turn(total=950, held=(2, 2, 2))
    assert texts(state) == ["roll"]
    with pytest.raises(IllegalMove, match="not melded: needs 1000 in one turn to score, has 950"):
        tt.apply(state, tt.Bank(0))
    state = play(state, "roll", "hold 5")
    assert state.turn.total == 1000 and texts(state) == ["roll", "bank"]
    state = play(state, "bank")
    assert state.scores == (1000, 0)
    assert event_texts(state) == [
        "seat 0 banks 1000", "seat 0 is on the board: melded", "seat 0 has 1000", "seat 1 to play"
    ]
    assert [e.kind for e in state.events] == [EventKind.BANKS, EventKind.ENTERS, EventKind.HAS, EventKind.TO_PLAY]


def test_held_dice_are_never_rolled_again() -> None:
    """Seed: you may not at any time re-roll dice that have been held; the next roll uses the
    other four."""
    state = play(tt.new_game(seed=1, rolls=[1, 2, 3, 4, 6, 5, 2, 3, 4]), "roll", "hold 1", "roll")
    assert state.turn == Turn(total=100, held=(1,), roll=(2, 3, 4, 5))
    assert event_texts(state) == ["seat 0 rolled 5 2 3 4"]


def test_take_over_saved_with_a_five() -> None:
    """3.1 scenario 6: seat 0 banks 600 with two dice unheld; seat 1 takes over, rolls 5 3 and
    holds the 5 for a turn total of 650. Seat 0 keeps its 600."""
    state = late_game((2000, 0), 0, [6, 6, 6, 2, 3, 5, 3])
    state = play(state, "roll", "hold 6 6 6", "bank")
    assert state.scores == (2600, 0)
    assert state.offer == Turn(total=600, held=(6, 6, 6))
    assert texts(state) == ["roll", "take over"]
    state = play(state, "take over")
    assert event_texts(state) == ["seat 1 takes over 600", "seat 1 rolled 5 3"]
    assert texts(state) == ["hold 5"]
    state = play(state, "hold 5")
    assert state.turn == Turn(total=650, held=(5, 6, 6, 6))
    assert state.scores == (2600, 0)


def test_take_over_blown() -> None:
    """3.1 scenario 6, second half: seat 1 takes over and rolls 3 4: "Blew It", it scores nothing
    this turn, seat 0 still has its 600, and the next seat has nothing to take over."""
    state = late_game((2000, 0, 0), 0, [6, 6, 6, 2, 3, 3, 4])
    state = play(state, "roll", "hold 6 6 6", "bank", "take over")
    assert state.scores == (2600, 0, 0)
    assert (state.player, state.offer, state.turn) == (2, None, Turn())
    assert event_texts(state) == [
        "seat 1 takes over 600", "seat 1 rolled 3 4", "seat 1 busts: blew it 600", "seat 2 to play"
    ]
    assert state.events[0].kind is EventKind.TAKES_OVER and state.events[2].label == "blew it"
    assert texts(state) == ["roll"]


def test_a_triple_saves_a_take_over() -> None:
    """3.1 reading: any scoring roll saves a take-over, not only a 1 or a 5."""
    state = late_game((2000, 0), 0, [1, 5, 2, 3, 4, 2, 2, 2])
    state = play(state, "roll", "hold 1 5", "bank", "take over")
    assert texts(state) == ["hold 2 2 2"]


def test_literal_reading_needs_a_one_or_a_five_to_save_a_take_over() -> None:
    """The Metzker Book of Card Game Rules read word for word ("save it ... with at least a five or a one"), an option: the
    triple of 2s that saves by default blows it, and the banker keeps its points."""
    literal = tt.Options(save_needs_one_or_five=True)
    state = late_game((2000, 0), 0, [1, 5, 2, 3, 4, 2, 2, 2], literal)
    state = play(state, "roll", "hold 1 5", "bank", "take over")
    assert state.scores == (2150, 0) and state.player == 0 and state.offer is None
    assert "seat 1 busts: blew it 150" in event_texts(state)
    saved = play(late_game((2000, 0), 0, [1, 5, 2, 3, 4, 5, 2, 2], literal), "roll", "hold 1 5", "bank", "take over")
    assert texts(saved) == ["hold 5"] and saved.player == 1


def test_take_over_after_hot_dice_rolls_all_five() -> None:
    """3.1 reading: after a bank with every die scored, the balance of the dice is all five."""
    state = late_game((2000, 0), 0, [1, 2, 3, 4, 5, 5, 2, 3, 4, 6])
    state = play(state, "roll", "hold 1 2 3 4 5", "bank")
    assert state.offer == Turn(total=1000)
    state = play(state, "take over")
    assert state.turn.roll == (2, 3, 4, 5, 6)
    state = play(state, "hold 2 3 4 5 6", "bank")
    assert state.scores == (3000, 2000)
    assert "seat 1 is on the board: melded" in event_texts(state)


def test_inherited_total_counts_toward_the_meld() -> None:
    """3.1 reading: an unmelded seat that takes over 900 and keeps a 1 may bank 1,000."""
    state = late_game((2000, 0), 0, [5, 5, 5, 1, 2, 1, 3])
    state = play(state, "roll", "hold 1 5 5 5", "bank")
    assert state.offer == Turn(total=600, held=(1, 5, 5, 5))
    state = attrs.evolve(state, offer=Turn(total=900, held=(1, 1, 5)))
    state = play(state, "take over", "hold 1")
    assert state.turn == Turn(total=1000, held=(1, 1, 1, 5))
    assert texts(state) == ["roll", "bank"]
    assert play(state, "bank").scores == (2600, 1000)


def test_takeover_requires_meld_option() -> None:
    """Option: only a melded seat may take over; the unmelded seat can only roll."""
    strict = tt.Options(takeover_requires_meld=True)
    state = late_game((2000, 0, 1500), 0, [6, 6, 6, 2, 3], strict)
    state = play(state, "roll", "hold 6 6 6", "bank")
    assert texts(state) == ["roll"]
    with pytest.raises(IllegalMove, match="only a seat that has melded may take over"):
        tt.apply(state, tt.TakeOver(1))
    assert texts(attrs.evolve(state, player=2)) == ["roll", "take over"]


def test_rolling_instead_of_taking_over_starts_fresh_with_five_dice() -> None:
    state = late_game((2000, 0), 0, [6, 6, 6, 2, 3, 1, 2, 3, 4, 6])
    state = play(state, "roll", "hold 6 6 6", "bank", "roll")
    assert state.offer is None
    assert state.turn == Turn(roll=(1, 2, 3, 4, 6))


def test_first_to_10000_wins_at_once() -> None:
    """Seed: the first player to get 10,000 or higher wins; nobody else plays."""
    state = late_game((9500, 9900, 0), 0, [5, 5, 5, 2, 3])
    state = play(state, "roll", "hold 5 5 5", "bank")
    assert tt.is_over(state) and tt.legal_moves(state) == ()
    assert tt.scores(state) == (10000, 9900, 0)
    assert tt.winners(state) == frozenset({0})
    assert event_texts(state)[-1] == "game over; winners: 0"
    assert tt.to_act(state) == frozenset()
    with pytest.raises(parlour.GameOver):
        tt.apply(state, tt.Roll(1))


def test_dealer_left_starts_and_hands_count_turn_cycles() -> None:
    assert tt.new_game(3, seed=1).player == 0
    state = tt.new_game(2, seed=1, dealer=0, rolls=[2, 2, 3, 3, 4] * 2)
    assert (state.player, state.first, state.hand) == (1, 1, 1)
    state = play(state, "roll")
    assert (state.player, state.hand) == (0, 1)
    state = play(state, "roll")
    assert (state.player, state.hand) == (1, 2)


def test_new_game_validates_players_seed_dealer_rolls_and_options() -> None:
    """Hostile values for new_game and Options are refused with ValueError naming the value."""
    with pytest.raises(ValueError, match="ten_thousand is played by 2, 3, 4, 5, 6, 7, 8 players, not 1"):
        tt.new_game(1)
    for seed in ("abc", -1, 2**64, True, 1.0):
        with pytest.raises(ValueError, match="seed must be a whole number"):
            tt.new_game(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"dealer=: seat -1 is not one of 0..1"):
        tt.new_game(2, dealer=-1)
    with pytest.raises(ValueError, match=r"dealer=: seat False is not one of 0..1"):
        tt.new_game(2, dealer=False)
    with pytest.raises(ValueError, match="rolls=: entry 0 is 0, not a die face 1..6"):
        tt.new_game(rolls=[0])
    with pytest.raises(ValueError, match="rolls=: entry 1 is False, not a die face"):
        tt.new_game(rolls=(1, False))
    with pytest.raises(ValueError, match="rolls=: entry 0 is 2.5, not a die face"):
        tt.new_game(rolls=[2.5])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="rolls= is a sequence of die faces such as .3, 5, 1., not set"):
        tt.new_game(rolls={1, 2})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Options.takeover_requires_meld must be a bool, not 'true'"):
        tt.Options(takeover_requires_meld="true")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Options.target must be a int, not 3000.0"):
        tt.Options(target=3000.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Options.target must be 1 or more, not -50"):
        tt.Options(target=-50)


def test_illegal_moves_name_the_rule() -> None:
    state = tt.new_game(seed=1, rolls=[1, 2, 3, 4, 6])
    with pytest.raises(IllegalMove, match="the previous seat did not bank a count to take over"):
        tt.apply(state, tt.TakeOver(0))
    with pytest.raises(IllegalMove, match="nothing to bank: roll first"):
        tt.apply(state, tt.Bank(0))
    state = play(state, "roll")
    with pytest.raises(IllegalMove, match="keep scoring dice from the roll 1 2 3 4 6 first"):
        tt.apply(state, tt.Bank(0))
    with pytest.raises(IllegalMove, match="it is seat 0's turn"):
        tt.apply(state, tt.Hold(1, (1,)))
    with pytest.raises(IllegalMove, match="seat 2 is not at this table"):
        tt.apply(state, tt.Hold(2, (1,)))
    with pytest.raises(IllegalMove, match="a hold names its dice as a tuple of faces"):
        tt.apply(state, tt.Hold(0, [1]))  # type: ignore[arg-type]


def test_apply_refuses_loose_seats_foreign_moves_and_options() -> None:
    """Only the game's own legal moves, with exactly typed values, are applied."""

    @attrs.frozen
    class ForeignTakeOver:
        """Another game's move with the same field and text as a take-over."""

        player: int

        def __str__(self) -> str:
            return "take over"

    state = play(late_game((2000, 0), 0, [6, 6, 6, 2, 3, 5, 3]), "roll", "hold 6 6 6", "bank")
    assert tt.legal_moves(state) == (tt.Roll(1), tt.TakeOver(1))
    with pytest.raises(IllegalMove, match=r"matches the legal TakeOver\(player=1\) only loosely"):
        tt.apply(state, tt.TakeOver(True))
    with pytest.raises(IllegalMove, match="only loosely"):
        tt.apply(state, tt.Roll(1.0))  # type: ignore[arg-type]
    foreign = r"ForeignTakeOver is not a move of this game \(its moves: Roll, TakeOver, Hold, Bank\)"
    with pytest.raises(IllegalMove, match=foreign):
        tt.apply(state, ForeignTakeOver(1))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="Options is not a move of this game"):
        tt.apply(state, tt.Options())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="cannot apply a move to a view"):
        tt.apply(tt.view(state, 1), tt.TakeOver(1))


def test_view_of_a_seat_has_exactly_that_seats_real_moves() -> None:
    """The dice are public: the seat to play's view has its real moves (the take-over too), any
    other seat's view and a spectator's view have none."""
    state = play(late_game((2000, 0, 0), 0, [6, 6, 6, 2, 3, 5, 3]), "roll", "hold 6 6 6", "bank")
    mine = tt.legal_moves(state, 1)
    assert mine == (tt.Roll(1), tt.TakeOver(1)) == tt.legal_moves(tt.view(state, 1))
    for seat in (0, 2):
        assert tt.legal_moves(state, seat) == () == tt.legal_moves(tt.view(state, seat))
    assert tt.legal_moves(tt.view(state, None)) == ()
    with pytest.raises(ValueError, match="only its own moves, not seat 1's"):
        tt.legal_moves(tt.view(state, 2), 1)
    with pytest.raises(ValueError, match="a spectator: it shows only its own moves, not seat 1's"):
        tt.legal_moves(tt.view(state, None), 1)


def test_parse_move_honours_the_seat_and_reads_kept_dice_in_any_order() -> None:
    """Issue 6: "hold 5 1" is "hold 1 5", also with the seed's verb "keep"; a "1:" prefix or
    `player` names the seat; text for a seat not to play is refused naming it. Only one seat is
    ever to play, so no text fits moves of several seats."""
    state = play(late_game((2000, 0), 0, [6, 6, 6, 2, 3, 5, 1]), "roll", "hold 6 6 6", "bank")
    assert tt.parse_move(state, "1: take over") == tt.TakeOver(1)
    assert tt.parse_move(state, "take over", 1) == tt.TakeOver(1)
    with pytest.raises(NotationError, match="'0: take over': seat 0 has no move now"):
        tt.parse_move(state, "0: take over")
    with pytest.raises(NotationError, match="written for seat 1, not seat 0"):
        tt.parse_move(state, "1: take over", 0)
    state = play(state, "take over")
    hold = tt.Hold(1, (1, 5))
    assert tt.parse_move(state, "hold 5 1") == hold
    assert tt.parse_move(state, "keep 5 1") == hold
    assert tt.parse_move(state, "1: keep 1, 5") == hold
    assert tt.parse_move(tt.view(state, 1), "hold 5 1", 1) == hold
    legal = "legal moves: hold 1, hold 5, hold 1 5$"
    with pytest.raises(NotationError, match=f"'keep 5 5' is not a legal move here; {legal}"):
        tt.parse_move(state, "keep 5 5")


def test_view_json_and_invariants() -> None:
    state = late_game((2000, 0), 0, [6, 6, 6, 2, 3, 5, 3, 1, 1])
    state = play(state, "roll", "hold 6 6 6", "bank")
    seen = tt.view(state, 1)
    assert (seen.rng, seen.rolls, seen.offer, seen.viewer) == (None, (), state.offer, 1)
    assert tt.view(seen, 1) == seen
    with pytest.raises(ValueError, match="this is already the view of seat 1; it cannot show more"):
        tt.view(seen, None)
    other = tt.shuffle_unseen(state, 1, 42)
    assert other.rng == Rng(42) and other.rolls != state.rolls and len(other.rolls) == len(state.rolls)
    assert tt.view(other, 1) == seen
    assert tt.shuffle_unseen(seen, 1, 42) == seen
    tt.check_invariants(seen)
    assert parlour.from_json(parlour.to_json(state)) == state
    assert parlour.from_json(parlour.to_json(seen)) == seen
    with pytest.raises(ValueError, match="not a melded total"):
        tt.check_invariants(attrs.evolve(state, scores=(2600, 500)))
    with pytest.raises(ValueError, match="over exactly when"):
        tt.check_invariants(attrs.evolve(state, scores=(10000, 0)))
    with pytest.raises(ValueError, match="offer"):
        tt.check_invariants(attrs.evolve(state, offer=Turn(total=0)))


def test_invariants_refuse_states_play_could_not_reach() -> None:
    """check_invariants guards every decoded state: the viewer, the dice to come in a view, the
    open count against its banker's score, the end."""
    state = play(late_game((2000, 0, 0), 0, [6, 6, 6, 2, 3, 5, 3]), "roll", "hold 6 6 6", "bank")
    tt.check_invariants(state)

    def refused(bad: tt.State, message: str) -> None:
        with pytest.raises(ValueError, match=message):
            tt.check_invariants(bad)

    refused(attrs.evolve(state, viewer=0), "a state with a random source is not a view, but names viewer 0")
    refused(attrs.evolve(tt.view(state, 0), viewer=5), r"viewer: seat 5 is not one of 0..2")
    refused(attrs.evolve(tt.view(state, 0), rolls=(5,)), "a view shows no dice to come, but holds 1 in rolls")
    refused(attrs.evolve(state, scores=(0, 0, 0)), "offer: seat 0 banked 600 but has only 0 points")
    over = "the game is over exactly when one seat, the last to play, reached 10,000"
    refused(attrs.evolve(state, scores=(2600, 1000, 10000)), over)
    refused(attrs.evolve(state, over=True, offer=None), "the game is over exactly when")
    quick = attrs.evolve(state, options=tt.Options(target=3000), scores=(3100, 0, 0))
    refused(quick, "the game is over exactly when one seat, the last to play, reached 3,000")


def test_quick_match_plays_to_3000() -> None:
    """GameSpec.quick: the short match the generic sweeps play; the first bank to 3,000 wins."""
    assert tt.GAME.quick == tt.Options(target=3000)
    state = play(late_game((2500, 0), 0, [5, 5, 5, 2, 3], tt.GAME.quick), "roll", "hold 5 5 5", "bank")
    assert tt.is_over(state) and tt.winners(state) == frozenset({0}) and tt.scores(state) == (3000, 0)
    assert tt.render(state).splitlines()[:2] == [
        "hand 1, first to bank 3,000 wins; 1,000 to meld",
        "game over in hand 1: seat 0 wins with 3,000",
    ]


# --- render -----------------------------------------------------------------------------------


def test_render_a_turn_below_the_meld() -> None:
    """3.1 scenario 5: 1,000 to meld; the view shows the roll, the dice kept, the turn total and
    what the seat may do now."""
    rolls = [6, 6, 6, 1, 2, 5, 2, 2, 2, 3, 4, 5, 3]
    state = play(tt.new_game(seed=1, rolls=rolls), "roll")
    assert tt.render(tt.view(state, 1)).splitlines() == [
        "hand 1, first to bank 10,000 wins; 1,000 to meld",
        "seat 0 to hold scoring dice",
        "turn total 0; none set aside; roll 1 2 6 6 6",
        "seat 0  score 0  not melded, to act",
        "seat 1  score 0  not melded",
    ]
    state = play(state, "hold 1 6 6 6", "roll", "hold 5")
    assert tt.render(state).splitlines()[1:3] == [
        "seat 0 to roll all five again (needs 1,000 in one turn to bank, has 750)",
        "turn total 750; hot dice: none set aside",
    ]
    state = play(state, "roll", "hold 2 2 2")
    assert tt.render(state).splitlines()[1:3] == [
        "seat 0 to roll the 2 remaining dice (needs 1,000 in one turn to bank, has 950)",
        "turn total 950; set aside 2 2 2",
    ]


def test_render_take_over_offer() -> None:
    """3.1 scenario 6: after seat 0 banks 600 with 6 6 6 kept, seat 1 may roll or take over the
    count of 600 with the two dice left."""
    state = play(late_game((2000, 0), 0, [6, 6, 6, 2, 3, 5, 3]), "roll", "hold 6 6 6")
    assert tt.render(state).splitlines()[1:] == [
        "seat 0 to roll the 2 remaining dice or bank 600",
        "turn total 600; set aside 6 6 6",
        "seat 0  score 2,000  melded, to act",
        "seat 1  score     0  not melded",
    ]
    state = play(state, "bank")
    assert tt.render(tt.view(state, 1)).splitlines() == [
        "hand 1, first to bank 10,000 wins; 1,000 to meld",
        "seat 1 to roll all five dice or take over the count of 600 with 2 dice",
        "open count: seat 0 banked 600 with 6 6 6 set aside",
        "seat 0  score 2,600  melded",
        "seat 1  score     0  not melded, to act",
    ]
    state = play(state, "take over")
    assert tt.render(state).splitlines()[1:3] == [
        "seat 1 to hold scoring dice",
        "turn total 600; set aside 6 6 6; roll 3 5",
    ]


def test_render_take_over_after_hot_dice_and_the_meld_option() -> None:
    """3.1 reading: after hot dice the count is taken over with all five dice; under
    takeover_requires_meld an unmelded seat sees the count but may only roll."""
    state = play(late_game((2000, 0), 0, [1, 2, 3, 4, 5]), "roll", "hold 1 2 3 4 5", "bank")
    assert tt.render(state).splitlines()[1:3] == [
        "seat 1 to roll all five dice or take over the count of 1,000 with 5 dice",
        "open count: seat 0 banked 1,000 with hot dice (none set aside)",
    ]
    strict = tt.Options(takeover_requires_meld=True)
    state = play(late_game((2000, 0), 0, [6, 6, 6, 2, 3], strict), "roll", "hold 6 6 6", "bank")
    assert tt.render(state).splitlines()[1:3] == [
        "seat 1 to roll all five dice",
        "open count: seat 0 banked 600 with 6 6 6 set aside; only a seat that has melded may take it over",
    ]


def test_render_game_over() -> None:
    """Seed: the first to 10,000 wins at once."""
    state = play(late_game((9500, 9900, 0), 0, [5, 5, 5, 2, 3]), "roll", "hold 5 5 5", "bank")
    assert tt.render(state).splitlines() == [
        "hand 1, first to bank 10,000 wins; 1,000 to meld",
        "game over in hand 1: seat 0 wins with 10,000",
        "seat 0  score 10,000  melded, wins",
        "seat 1  score  9,900  melded",
        "seat 2  score      0  not melded",
    ]
    assert tt.GAME.render is tt.render


def reference_moves(state: tt.State) -> tuple[tt.Move, ...]:
    """The moves of the seat to play read from `phase` and `Turn.can_bank`, as `_legal` did before
    it tested the turn directly (the oracle of the fast path)."""
    seat = state.player
    match tt.phase(state):
        case tt.Phase.START:
            may_take_over = state.offer is not None and (
                not state.options.takeover_requires_meld or state.scores[seat] > 0
            )
            return (tt.Roll(seat), tt.TakeOver(seat)) if may_take_over else (tt.Roll(seat),)
        case tt.Phase.ROLLED:
            return tuple(tt.Hold(seat, faces) for faces, _ in scoring_holds(tt.TABLE, state.turn.roll))
        case tt.Phase.HELD:
            if state.turn.can_bank(on_board=state.scores[seat] > 0, entry=tt.MELD):
                return (tt.Roll(seat), tt.Bank(seat))
            return (tt.Roll(seat),)
    return ()


@pytest.mark.parametrize(
    "options",
    [tt.Options(target=3000), tt.Options(target=3000, takeover_requires_meld=True, save_needs_one_or_five=True)],
)
def test_moves_apply_fills_in_are_the_ones_the_rules_give(options: tt.Options) -> None:
    """`apply` hands each new state its legal moves ready-made; they equal the moves computed
    afresh (`attrs.evolve` copies a state without them) and the phase-by-phase reference."""
    chooser = random.Random(3)
    for seed in range(25):
        state = tt.new_game(3, seed=seed, options=options)
        while not tt.is_over(state):
            state = tt.apply(state, chooser.choice(tt.legal_moves(state)))
            assert state.legal == attrs.evolve(state).legal == reference_moves(state)
        assert state.legal == ()
