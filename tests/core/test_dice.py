"""Unit tests of the dice primitive: rolling with a fixed queue, table-driven scoring, the turn."""

from __future__ import annotations

from collections import Counter
from typing import cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core.dice import (
    DiceRules,
    OfAKind,
    Outcome,
    Phase,
    ScoringTable,
    Turn,
    bank_step,
    best_score,
    check_position,
    check_rolls,
    check_turn,
    counts_of,
    dice_shuffle,
    dice_view,
    hold_step,
    is_bust,
    opening,
    parse_dice_move,
    points_text,
    redraw_future,
    refusal,
    result_line,
    roll_dice,
    roll_step,
    score_exact,
    score_unit,
    scoring_holds,
    seat_lines,
    turn_phase,
    turn_prompt,
    turn_text,
)
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind
from parlour.core.rng import Rng

# The two tables of rules/other.md section 7, written out here so the primitive is tested on
# its own terms. FARKLE scores six equal dice as their best split (option six_of_a_kind_split);
# FARKLE_WHOLE as the sheet's table, six of a kind 1,000 and nothing else.
FARKLE = ScoringTable(
    dice=6,
    singles=((1, 100), (5, 50)),
    of_a_kind=(OfAKind(count=3, times_triple=1), OfAKind(count=6, flat=1000)),
    straights=(((1, 2, 3, 4, 5, 6), 1000),),
    three_pairs=1000,
    four_and_pair_as_pairs=True,
)
FARKLE_WHOLE = attrs.evolve(
    FARKLE, of_a_kind=(OfAKind(count=3, times_triple=1), OfAKind(count=6, flat=1000, whole=True))
)
TEN_THOUSAND = ScoringTable(
    dice=5,
    singles=((1, 100), (5, 50)),
    of_a_kind=(
        OfAKind(count=3, times_triple=1),
        OfAKind(count=4, times_triple=2),
        OfAKind(count=5, times_triple=4),
    ),
    straights=(((1, 2, 3, 4, 5), 1000), ((2, 3, 4, 5, 6), 1000)),
)


# --- rolling ---------------------------------------------------------------------------------


def test_check_rolls_accepts_faces_and_none() -> None:
    assert check_rolls([3, 5, 1]) == (3, 5, 1)
    assert check_rolls(None) == ()


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ([1, 7], "rolls=: entry 1 is 7, not a die face 1..6"),
        ([0], "rolls=: entry 0 is 0, not a die face 1..6"),
        ([2, True], "rolls=: entry 1 is True, not a die face 1..6"),
        ([1.0], "rolls=: entry 0 is 1.0, not a die face 1..6"),
        ([3, "5"], "rolls=: entry 1 is '5', not a die face 1..6"),
        ("135", "rolls= is a sequence of die faces such as [3, 5, 1], not str"),
        ({1, 2}, "rolls= is a sequence of die faces such as [3, 5, 1], not set"),
        (5, "rolls= is a sequence of die faces such as [3, 5, 1], not int"),
    ],
)
def test_check_rolls_names_the_bad_entry(bad: object, message: str) -> None:
    with pytest.raises(ValueError) as info:
        check_rolls(cast("list[int]", bad))
    assert str(info.value) == message


def test_roll_takes_the_fixed_queue_first_and_leaves_the_rng_alone() -> None:
    rng = Rng(seed=3)
    faces, queue, after = roll_dice(3, (6, 6, 2, 4), rng)
    assert (faces, queue, after) == ((6, 6, 2), (4,), rng)


def test_roll_continues_from_the_rng_when_the_queue_runs_out() -> None:
    rng = Rng(seed=3)
    faces, queue, after = roll_dice(4, (6,), rng)
    drawn, expected_rng = rng.dice(3)
    assert faces == (6, *drawn)
    assert queue == ()
    assert after == expected_rng


def test_roll_is_deterministic_and_in_range() -> None:
    first = roll_dice(6, (), Rng(seed=11))
    assert first == roll_dice(6, (), Rng(seed=11))
    assert len(first[0]) == 6 and all(1 <= f <= 6 for f in first[0])
    with pytest.raises(ValueError, match="cannot roll 0 dice"):
        roll_dice(0, (), Rng(seed=1))


def test_redraw_future_changes_seed_and_keeps_queue_length() -> None:
    rolls, rng = redraw_future((1, 2, 3), Rng(seed=5, counter=4), 5)
    assert rng.seed != 5 and rng.counter == 0
    assert len(rolls) == 3 and all(1 <= f <= 6 for f in rolls)
    assert redraw_future((), Rng(seed=5), 9) == ((), Rng(seed=9))


# --- scoring ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "value"),
    [
        ((1, 1, 1, 5, 2, 3), 1050),
        ((1, 2, 3, 4, 5, 6), 1000),
        ((2, 2, 3, 3, 4, 4), 1000),
        ((2, 2, 2, 2, 3, 3), 1000),
        ((6, 6, 6, 6, 6, 6), 1200),
        ((2, 2, 2, 2, 2, 2), 1000),
        ((1, 1, 1, 1, 1, 1), 2000),
        ((1, 1, 1, 1, 5, 5), 1200),
        ((3, 3, 3, 6, 6, 6), 900),
        ((5, 5, 5, 5, 2, 3), 550),
        ((2, 3, 3, 4, 6, 6), 0),
    ],
)
def test_farkle_table_best_scores(dice: tuple[int, ...], value: int) -> None:
    """rules/other.md 6.2 scenarios 1-4."""
    assert best_score(FARKLE, dice) == value


@pytest.mark.parametrize(
    ("dice", "value"),
    [
        ((1, 1, 1, 5, 2), 1050),
        ((2, 2, 2, 2, 3), 400),
        ((3, 3, 3, 3, 3), 1200),
        ((1, 1, 1, 1, 1), 4000),
        ((1, 1, 1, 1, 5), 2050),
        ((5, 5, 5, 5, 2), 1000),
        ((1, 2, 3, 4, 5), 1000),
        ((2, 3, 4, 5, 6), 1000),
        ((2, 3, 4, 6, 6), 0),
        ((2, 2, 3, 3, 4), 0),
    ],
)
def test_ten_thousand_table_best_scores(dice: tuple[int, ...], value: int) -> None:
    """rules/other.md 3.1 scenarios 1-4."""
    assert best_score(TEN_THOUSAND, dice) == value


@pytest.mark.parametrize(
    ("dice", "exact", "best"),
    [
        ((1,) * 6, 1000, 1200),
        ((6,) * 6, 1000, 1000),
        ((5,) * 6, 1000, 1000),
        ((2,) * 6, 1000, 1000),
        ((1,) * 5, 1200, 1200),
        ((1, 1, 1, 1, 5, 5), 1200, 1200),
        ((3, 3, 3, 6, 6, 6), 900, 900),
    ],
)
def test_a_whole_six_of_a_kind_is_never_split(dice: tuple[int, ...], exact: int, best: int) -> None:
    """Seed 004's table: "All six dice the same 1,000", so six equal dice held together are
    1,000 however much two triples would make; fewer of them still split as usual (five 1s are
    a triple and two singles, so the best hold of six 1s is five of them)."""
    assert score_exact(FARKLE_WHOLE, dice) == exact
    assert best_score(FARKLE_WHOLE, dice) == best
    assert dict(scoring_holds(FARKLE_WHOLE, (1,) * 6))[(1,) * 6] == 1000
    assert dict(scoring_holds(FARKLE, (1,) * 6))[(1,) * 6] == 2000


def test_score_exact_needs_every_die() -> None:
    assert score_exact(FARKLE, (1, 1, 1, 5)) == 1050
    assert score_exact(FARKLE, (1, 1, 1, 5, 2)) is None
    assert score_exact(FARKLE, ()) == 0
    # Four of a kind is not a Farkle combination: the fourth 2 cannot be used.
    assert score_exact(FARKLE, (2, 2, 2, 2)) is None
    assert score_exact(TEN_THOUSAND, (2, 2, 2, 2)) == 400


def test_four_and_pair_option_changes_the_table() -> None:
    strict = ScoringTable(
        dice=6, singles=((1, 100), (5, 50)), of_a_kind=(OfAKind(count=3, times_triple=1),), three_pairs=1000
    )
    assert score_exact(strict, (2, 2, 2, 2, 3, 3)) is None
    assert best_score(strict, (2, 2, 2, 2, 3, 3)) == 200
    assert score_exact(FARKLE, (2, 2, 2, 2, 3, 3)) == 1000


def test_scoring_holds_lists_every_exact_subset_by_size_then_faces() -> None:
    assert scoring_holds(TEN_THOUSAND, (1, 1, 1, 5, 2)) == (
        ((1,), 100),
        ((5,), 50),
        ((1, 1), 200),
        ((1, 5), 150),
        ((1, 1, 1), 1000),
        ((1, 1, 5), 250),
        ((1, 1, 1, 5), 1050),
    )
    assert scoring_holds(FARKLE, (2, 3, 3, 4, 6, 6)) == ()
    assert is_bust(FARKLE, (2, 3, 3, 4, 6, 6)) and not is_bust(FARKLE, (5,))


def test_counts_of() -> None:
    assert counts_of((6, 1, 1, 5)) == (2, 0, 0, 0, 1, 1)


@given(st.lists(st.integers(1, 6), min_size=1, max_size=6))
def test_holds_are_sub_multisets_with_exact_values(dice: list[int]) -> None:
    for table in (FARKLE, FARKLE_WHOLE):
        holds = scoring_holds(table, dice)
        for faces, value in holds:
            assert not Counter(faces) - Counter(dice)
            assert score_exact(table, faces) == value > 0
        assert best_score(table, dice) == max((v for _, v in holds), default=0)
        assert is_bust(table, dice) == (not holds)
        # Ones and fives always score on their own.
        assert bool(holds) >= (1 in dice or 5 in dice)
    # The two readings differ only where six equal dice are held together.
    split = dict(scoring_holds(FARKLE, dice))
    whole = dict(scoring_holds(FARKLE_WHOLE, dice))
    assert {f: v for f, v in split.items() if len(set(f)) > 1 or len(f) < 6} == {
        f: v for f, v in whole.items() if len(set(f)) > 1 or len(f) < 6
    }


# --- the turn --------------------------------------------------------------------------------


def test_turn_holds_accumulate_and_hot_dice_returns_all_dice() -> None:
    turn = Turn().rolled((5, 1, 2, 3, 3))
    assert turn.roll == (1, 2, 3, 3, 5)
    turn = turn.hold((1,), 100, 5)
    assert (turn.total, turn.held, turn.to_roll(5), turn.is_hot()) == (100, (1,), 4, False)
    turn = turn.rolled((2, 3, 4, 5)).hold((2, 3, 4, 5), 1000, 5)
    assert (turn.total, turn.held, turn.to_roll(5), turn.is_hot()) == (1100, (), 5, True)


def test_turn_bank_threshold() -> None:
    turn = Turn(total=450, held=(1, 1, 5, 5))
    assert not turn.can_bank(on_board=False, entry=500)
    assert turn.can_bank(on_board=True, entry=500)
    assert Turn(total=500, held=(5, 5, 5)).can_bank(on_board=False, entry=500)
    assert not Turn(total=500, held=(5, 5, 5), roll=(1, 2, 3)).can_bank(on_board=True, entry=500)
    assert not Turn().can_bank(on_board=True, entry=500)


@pytest.mark.parametrize(
    ("turn", "message"),
    [
        (Turn(total=100, held=(1, 7)), "not a die face"),
        (Turn(total=100, held=(1,), roll=(2, 3)), "not 6"),
        (Turn(total=0, held=(1,)), "do not account"),
        (Turn(total=100, held=(2,)), "do not account"),
        (Turn(total=-50), "negative"),
        (Turn(roll=(2, 2, 3, 3, 4, 6)), "scores nothing"),
        (Turn(roll=(6, 5, 4, 3, 2, 1)), "ascending"),
    ],
)
def test_check_turn_refuses_unreachable_turns(turn: Turn, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_turn("turn", turn, FARKLE)


def test_check_turn_accepts_a_reachable_turn() -> None:
    check_turn("turn", Turn(total=150, held=(1, 5), roll=(2, 3, 4, 5)), FARKLE)


# --- the turn machinery ----------------------------------------------------------------------

RULES = DiceRules(
    name="farkle",
    players=(2, 3, 4, 5, 6, 7, 8),
    table=FARKLE,
    entry=500,
    keep="hold",
    bust="farkle",
    entered="",
    not_entered="not on the board: needs 500 in one turn to bank",
    entered_total="bankable",
)
RULES_5 = DiceRules(
    name="ten_thousand",
    players=(2, 3, 4, 5, 6, 7, 8),
    table=TEN_THOUSAND,
    entry=1000,
    keep="keep",
    bust="",
    entered="melded",
    not_entered="not melded: needs 1000 in one turn to score",
    entered_total="melded",
)
RNG = Rng(seed=7)


def test_turn_phase_follows_the_turn() -> None:
    assert turn_phase(Turn(), over=False) is Phase.START
    assert turn_phase(Turn(total=100, held=(1,), roll=(2, 3, 4, 5, 5)), over=False) is Phase.ROLLED
    assert turn_phase(Turn(total=100, held=(1,)), over=False) is Phase.HELD
    assert turn_phase(Turn(total=1000), over=False) is Phase.HELD  # hot dice: all dice back
    assert turn_phase(Turn(), over=True) is Phase.OVER


def test_roll_step_rolls_the_dice_not_set_aside_from_the_queue() -> None:
    turn = Turn(total=100, held=(1,))
    step = roll_step(RULES, turn, seat=2, score=700, rolls=(6, 5, 2, 2, 3, 4), rng=RNG)
    assert step.outcome is Outcome.GOES_ON
    assert step.turn == Turn(total=100, held=(1,), roll=(2, 2, 3, 5, 6))
    assert step.events == (Event(EventKind.ROLLS, player=2, numbers=(6, 5, 2, 2, 3)),)
    assert str(step.events[0]) == "seat 2 rolled 6 5 2 2 3"
    assert (step.score, step.rolls, step.rng) == (700, (4,), RNG)


def test_roll_step_bust_loses_the_turn_total() -> None:
    turn = Turn(total=350, held=(1, 5, 5))
    step = roll_step(RULES, turn, seat=1, score=0, rolls=(2, 3, 4), rng=RNG)
    assert step.outcome is Outcome.BUST
    assert (step.turn, step.score, step.rolls) == (Turn(), 0, ())
    assert step.events == (
        Event(EventKind.ROLLS, player=1, numbers=(2, 3, 4)),
        Event(EventKind.BUSTS, player=1, numbers=(350,), label="farkle"),
    )
    assert str(step.events[1]) == "seat 1 busts: farkle 350"


def test_roll_step_draws_from_the_rng_after_the_queue() -> None:
    step = roll_step(RULES_5, Turn(), seat=0, score=0, rolls=(1,), rng=RNG)
    drawn, after = RNG.dice(4)
    assert step.events[0] == Event(EventKind.ROLLS, player=0, numbers=(1, *drawn))
    assert (step.rolls, step.rng) == ((), after)


def test_hold_step_adds_the_value_and_keeps_the_dice_aside() -> None:
    turn = Turn(total=100, held=(1,), roll=(1, 1, 1, 3, 4))
    step = hold_step(RULES_5, turn, (1, 1), seat=0, score=0, rolls=(6,), rng=RNG)
    assert step.outcome is Outcome.GOES_ON
    assert step.turn == Turn(total=300, held=(1, 1, 1))
    assert step.events == (
        Event(EventKind.SETS_ASIDE, player=0, numbers=(200, 1, 1)),
        Event(EventKind.TURN_TOTAL, player=0, numbers=(300,)),
    )
    assert [str(e) for e in step.events] == ["seat 0 sets aside 200 1 1", "seat 0 has a turn total of 300"]
    assert (step.score, step.rolls, step.rng) == (0, (6,), RNG)


@pytest.mark.parametrize(("rules", "roll"), [(RULES, (1, 1, 1, 5, 5)), (RULES_5, (1, 1, 1, 1))])
def test_hold_step_announces_hot_dice(rules: DiceRules, roll: tuple[int, ...]) -> None:
    step = hold_step(rules, Turn(total=50, held=(5,), roll=roll), roll, seat=3, score=0, rolls=(), rng=RNG)
    assert step.turn.is_hot() and step.turn.held == ()
    assert step.events[-1] == Event(EventKind.HOT_DICE, player=3)
    assert str(step.events[-1]) == "seat 3 has hot dice: may roll them all again"


def test_bank_step_adds_the_total_and_marks_a_first_bank() -> None:
    turn = Turn(total=550, held=(5, 5, 5, 5))
    first = bank_step(RULES, turn, seat=1, score=0, rolls=(), rng=RNG)
    assert (first.outcome, first.turn, first.score) == (Outcome.BANKED, Turn(), 550)
    assert first.events == (
        Event(EventKind.BANKS, player=1, numbers=(550,)),
        Event(EventKind.ENTERS, player=1),
        Event(EventKind.HAS, player=1, numbers=(550,)),
    )
    melds = bank_step(RULES_5, Turn(total=1000), seat=0, score=0, rolls=(), rng=RNG)
    assert [str(e) for e in melds.events] == ["seat 0 banks 1000", "seat 0 is on the board: melded", "seat 0 has 1000"]
    later = bank_step(RULES_5, turn, seat=1, score=1500, rolls=(), rng=RNG)
    assert later.score == 2050
    assert [e.kind for e in later.events] == [EventKind.BANKS, EventKind.HAS]


@pytest.mark.parametrize(
    ("phase", "turn", "hold", "bank", "reason"),
    [
        (Phase.START, Turn(), (1,), False, "no roll to hold dice from: roll first"),
        (Phase.ROLLED, Turn(roll=(1, 2, 3, 4, 6, 6)), (), False, "hold at least one scoring die"),
        (Phase.ROLLED, Turn(roll=(1, 2, 3, 4, 6, 6)), (7,), False, "dice show faces 1 to 6"),
        (Phase.ROLLED, Turn(roll=(1, 2, 3, 4, 6, 6)), (5,), False, "the roll 1 2 3 4 6 6 does not hold those dice"),
        (Phase.ROLLED, Turn(roll=(1, 1, 2, 3, 5, 6)), (5, 1), False, "list held dice in ascending order"),
        (Phase.ROLLED, Turn(roll=(1, 2, 3, 4, 6, 6)), (1, 2), False, "every held die must score"),
        (Phase.ROLLED, Turn(roll=(1, 2, 3, 4, 6, 6)), None, True, "hold scoring dice from the roll 1 2 3 4 6 6 first"),
        (Phase.ROLLED, Turn(roll=(1, 2, 3, 4, 6, 6)), None, False, "hold scoring dice from the roll"),
        (Phase.START, Turn(), None, True, "nothing to bank: roll first"),
        (Phase.HELD, Turn(total=450, held=(1, 1, 5, 5)), None, True, "not on the board: needs 500 in one turn"),
    ],
)
def test_refusal_names_the_rule(
    phase: Phase, turn: Turn, hold: tuple[int, ...] | None, bank: bool, reason: str
) -> None:
    why = refusal(RULES, phase, turn, hold=hold, bank=bank)
    assert why is not None and why.startswith(reason)


def test_refusal_uses_the_games_words_and_leaves_other_moves_to_the_game() -> None:
    assert refusal(RULES, Phase.HELD, Turn(total=450, held=(1, 1, 5, 5)), hold=None, bank=True) == (
        "not on the board: needs 500 in one turn to bank, has 450"
    )
    assert refusal(RULES_5, Phase.ROLLED, Turn(roll=(2, 3, 4, 6, 6)), hold=None, bank=False) == (
        "keep scoring dice from the roll 2 3 4 6 6 first"
    )
    assert refusal(RULES_5, Phase.HELD, Turn(total=950, held=(1, 1, 1, 5)), hold=None, bank=True) == (
        "not melded: needs 1000 in one turn to score, has 950"
    )
    assert refusal(RULES, Phase.START, Turn(), hold=None, bank=False) is None


def test_opening_seats_the_first_roller_and_checks_the_queue() -> None:
    start = opening(4, seed=9, rolls=[6, 5], dealer=None)
    assert (start.first, start.rolls, start.rng) == (0, (6, 5), Rng(9))
    assert opening(4, seed=9, rolls=None, dealer=3).first == 0
    assert opening(4, seed=9, rolls=None, dealer=1).first == 2
    with pytest.raises(ValueError, match=r"dealer=: seat 4 is not one of 0..3"):
        opening(4, seed=9, rolls=None, dealer=4)
    with pytest.raises(ValueError, match=r"dealer=: seat True is not one of 0..3"):
        opening(4, seed=9, rolls=None, dealer=True)
    with pytest.raises(ValueError, match="rolls=: entry 0 is 9"):
        opening(4, seed=9, rolls=[9], dealer=None)
    for seed in ("abc", -1, 2**64, True, 1.0):
        with pytest.raises(ValueError, match="seed must be a whole number"):
            opening(4, seed=seed, rolls=None, dealer=None)


def test_score_unit_is_the_smallest_step_of_the_table() -> None:
    assert score_unit(FARKLE) == score_unit(TEN_THOUSAND) == 50
    assert score_unit(ScoringTable(dice=5, singles=((1, 100),), of_a_kind=(OfAKind(count=3, times_triple=1),))) == 100


@attrs.frozen(kw_only=True)
class _Position:
    scores: tuple[int, ...] = (0, 650)
    player: int = 1
    first: int = 0
    hand: int = 2
    rolls: tuple[int, ...] = (3,)
    rng: Rng | None = RNG
    viewer: int | None = None
    events: tuple[Event, ...] = ()
    turn: Turn = Turn(total=100, held=(1,), roll=(2, 3, 4, 5, 6))


def _check(at: _Position) -> None:
    check_position(
        RULES, scores=at.scores, player=at.player, first=at.first, hand=at.hand,
        rolls=at.rolls, rng=at.rng, turn=at.turn, viewer=at.viewer,
    )


def test_check_position_accepts_a_reachable_position_and_views() -> None:
    _check(_Position())
    _check(_Position(rng=None, rolls=()))
    _check(_Position(rng=None, rolls=(), viewer=1))


@pytest.mark.parametrize(
    ("position", "message"),
    [
        (_Position(scores=(0,)), "farkle is played by 2 to 8 players, not 1"),
        (_Position(player=2), "player"),
        (_Position(first=-1), "first"),
        (_Position(hand=0), "hand 0"),
        (_Position(scores=(0, 450)), "seat 1 has 450 points: not a bankable total"),
        (_Position(scores=(0, 620)), "not a bankable total"),
        (_Position(scores=(-500, 0)), "not a bankable total"),
        (_Position(rolls=(0,)), "not a die face"),
        (_Position(turn=Turn(total=100, held=(2,))), "do not account"),
        (_Position(turn=Turn(total=120, held=(1,))), "turn total 120 is not a multiple of 50"),
        (_Position(viewer=0), "a state with a random source is not a view, but names viewer 0"),
        (_Position(rng=None, rolls=(), viewer=2), "viewer: seat 2 is not one of 0..1"),
        (_Position(rng=None, rolls=(3, 4)), "a view shows no dice to come, but holds 2 in rolls"),
    ],
)
def test_check_position_refuses_unreachable_positions(position: _Position, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _check(position)


# --- views, futures and notation -------------------------------------------------------------


def test_dice_view_hides_only_the_dice_to_come() -> None:
    """A view drops the random source and the queue and records its viewer; a view of the view
    for the same seat is the same, for another seat a ValueError."""
    real = _Position(events=(Event(EventKind.ROLLS, player=1, numbers=(1, 2)),))
    seen = dice_view(real, 1, 2)
    assert seen == _Position(rng=None, rolls=(), viewer=1, events=real.events)
    assert dice_view(seen, 1, 2) == seen
    with pytest.raises(ValueError, match="this is already the view of seat 1; it cannot show more"):
        dice_view(seen, 0, 2)
    with pytest.raises(ValueError, match=r"viewer must be a seat 0..1 or None, not 2"):
        dice_view(real, 2, 2)
    assert dice_view(real, None, 2).viewer is None


def test_dice_shuffle_draws_another_future_and_keeps_views() -> None:
    real = _Position(rolls=(3, 3, 3, 3))
    other = dice_shuffle(real, 99)
    assert other.rng == Rng(99) and len(other.rolls) == 4 and other.rolls != real.rolls
    assert attrs.evolve(other, rolls=real.rolls, rng=real.rng) == real
    assert dice_shuffle(real, RNG.seed).rng != real.rng
    seen = dice_view(real, 0, 2)
    assert dice_shuffle(seen, 5) is seen


@attrs.frozen
class _Hold:
    player: int
    dice: tuple[int, ...]

    def __str__(self) -> str:
        return "hold " + " ".join(map(str, self.dice))


def test_parse_dice_move_reads_held_dice_in_any_order() -> None:
    """Issue 6: "hold 5 1" is "hold 1 5"; the seat of `player` or a prefix is honoured."""
    legal = (_Hold(0, (1,)), _Hold(0, (5,)), _Hold(0, (1, 5)))
    assert parse_dice_move("hold 5 1", legal) == _Hold(0, (1, 5))
    assert parse_dice_move("0: hold 5, 1", legal) == _Hold(0, (1, 5))
    assert parse_dice_move("HOLD 5  1", legal, 0) == _Hold(0, (1, 5))
    assert parse_dice_move("keep 5 1", legal, keep=("hold", "keep")) == _Hold(0, (1, 5))
    with pytest.raises(NotationError, match="'keep 5 1' is not a legal move here"):
        parse_dice_move("keep 5 1", legal)
    with pytest.raises(NotationError, match="'1: hold 5 1': seat 1 has no move now"):
        parse_dice_move("1: hold 5 1", legal)
    with pytest.raises(NotationError, match="written for seat 0, not seat 1"):
        parse_dice_move("0: hold 5 1", legal, 1)
    with pytest.raises(NotationError, match="'hold 5 5 1' is not a legal move here; legal moves: hold 1, hold 5"):
        parse_dice_move("hold 5 5 1", legal)


# --- text for renders ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("turn", "on_board", "prompt", "text"),
    [
        (Turn(), False, "seat 1 to roll all six dice", "turn total 0; none set aside"),
        (
            Turn(roll=(1, 2, 3, 3, 4, 6)), True,
            "seat 1 to hold scoring dice", "turn total 0; none set aside; roll 1 2 3 3 4 6",
        ),
        (
            Turn(total=100, held=(1,)), True,
            "seat 1 to roll the 5 remaining dice or bank 100", "turn total 100; set aside 1",
        ),
        (
            Turn(total=450, held=(4, 4, 4, 5)), False,
            "seat 1 to roll the 2 remaining dice (needs 500 in one turn to bank, has 450)",
            "turn total 450; set aside 4 4 4 5",
        ),
        (
            Turn(total=1050, held=(1, 1, 1, 5, 5)), False,
            "seat 1 to roll the last die or bank 1,050", "turn total 1,050; set aside 1 1 1 5 5",
        ),
        (
            Turn(total=1500), False,
            "seat 1 to roll all six again or bank 1,500", "turn total 1,500; hot dice: none set aside",
        ),
    ],
)  # fmt: skip
def test_turn_prompt_and_text_in_move_words(turn: Turn, on_board: bool, prompt: str, text: str) -> None:
    assert turn_prompt(RULES, turn, seat=1, on_board=on_board) == prompt
    assert turn_text(turn) == text


def test_turn_prompt_offers_the_game_s_alternative_only_at_the_start() -> None:
    assert turn_prompt(RULES_5, Turn(), seat=0, on_board=True, alternative="take over") == (
        "seat 0 to roll all five dice or take over"
    )
    assert turn_prompt(RULES_5, Turn(total=50, held=(5,)), seat=0, on_board=True, alternative="take over") == (
        "seat 0 to roll the 4 remaining dice or bank 50"
    )


def test_seat_lines_align_scores_and_add_notes() -> None:
    lines = seat_lines((10350, 0, 700), entered="on the board", not_entered="not on the board", to_act=2,
                       notes=((), (), ("last turn",)))  # fmt: skip
    assert lines == (
        "seat 0  score 10,350  on the board",
        "seat 1  score      0  not on the board",
        "seat 2  score    700  on the board, to act, last turn",
    )


def test_result_line_and_points_text() -> None:
    assert points_text(950) == "950" and points_text(10000) == "10,000"
    assert result_line(12, (10350, 9000), {0}) == "game over in hand 12: seat 0 wins with 10,350"
    assert result_line(3, (10000, 10000, 50), frozenset({1, 0})) == (
        "game over in hand 3: seats 0, 1 share the win with 10,000"
    )
