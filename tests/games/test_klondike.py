"""Klondike scenarios: the Metzker "Patience/Klondike" (seed 002, the goal only) and the standard
rules of rules/other.md section 4.5 (its six scenario tests are marked "4.5 #n"), with the
readings and termination valves of that section and section 0."""

from __future__ import annotations

import random

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, parse_cards
from parlour.core.errors import IllegalMove
from parlour.core.events import EventKind
from parlour.games import klondike
from parlour.games.klondike import (
    FOUNDATION_SUITS,
    PACK,
    Options,
    Phase,
    Scoring,
    State,
    fits_foundation,
    fits_tableau,
)


def deck_for(piles: list[str], stock: str = "") -> list[Card]:
    """A deck that deals `piles[p]` (bottom card first, p + 1 cards) to pile p row by row, then
    `stock` (top card first), then the rest of the pack."""
    split = [parse_cards(p) for p in piles]
    assert [len(p) for p in split] == list(range(1, 8))
    top = [split[p][row] for row in range(7) for p in range(row, 7)] + list(parse_cards(stock))
    return top + [c for c in PACK if c not in top]


def position(
    piles: list[str],
    down: list[int] | None = None,
    *,
    waste: str = "",
    foundations: str = "",
    stock: str | None = None,
    options: Options | None = None,
    passes: int = 1,
    progress: bool = False,
    points: int = 0,
) -> State:
    """A mid-game position: the piles (bottom first) with `down` face-down cards each (0 by
    default), the waste (top last), the foundation cards, and the stock: every other card in
    pack order, or, when `stock` is given, those cards, the others face down under pile 7."""
    tableau = [parse_cards(p) for p in piles]
    face_down = list(down or [0] * 7)
    placed = [c for p in tableau for c in p] + list(parse_cards(waste)) + list(parse_cards(foundations))
    rest = tuple(c for c in PACK if c not in placed)
    if stock is not None:
        chosen = parse_cards(stock)
        extra = tuple(c for c in rest if c not in chosen)
        tableau[6] = extra + tableau[6]
        face_down[6] += len(extra)
        rest = chosen
    found = tuple(
        tuple(sorted((c for c in parse_cards(foundations) if c.suit is suit), key=lambda c: c.rank))
        for suit in FOUNDATION_SUITS
    )
    state = attrs.evolve(
        klondike.new_game(seed=5, options=options),
        tableau=tuple(tableau),
        face_down=tuple(face_down),
        stock=rest,
        waste=parse_cards(waste),
        foundations=found,
        passes=passes,
        progress=progress,
        points=points,
    )
    klondike.check_invariants(state)
    return state


def moves(state: State) -> list[str]:
    return [str(m) for m in klondike.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = klondike.apply(state, klondike.parse_move(state, text))
    return state


def events(state: State) -> list[str]:
    return [str(e) for e in state.events]


FULL_SUITS = " ".join(f"{r}{s}" for s in "CDHS" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))


# The deal ------------------------------------------------------------------------------------


def test_deal_gives_piles_of_one_to_seven_with_the_top_card_face_up() -> None:
    """4.5 #1: piles of 1..7 cards with exactly one face-up card each, stock 24, row by row."""
    piles = ["AS", "KD 2C", "3H 4H 5H", "6C 7C 8C 9C", "JD QD KC 2D 3D", "4D 5D 6D 7D 8D 9D", "10D JC QC KH 2H 6H 7H"]
    state = klondike.new_game(seed=1, deck=deck_for(piles, "8H 9H"))
    assert [len(p) for p in state.tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert state.face_down == (0, 1, 2, 3, 4, 5, 6)
    assert [str(p[-1]) for p in state.tableau] == ["AS", "2C", "5H", "9C", "3D", "9D", "7H"]
    assert len(state.stock) == 24 and str(state.stock[0]) == "8H" and state.waste == ()
    assert events(state)[:2] == ["seat 0 deals hand 1", "reveals AS 1"]
    assert klondike.scores(state) == (0,) and klondike.to_act(state) == frozenset({0})


# Building on the tableau ---------------------------------------------------------------------


def test_six_of_diamonds_goes_on_a_black_seven_not_a_red_one() -> None:
    """4.5 #2: 6D on 7C legal, 6D on 7H illegal (down by one, alternating colours)."""
    state = position(["7C", "7H", "", "", "", "", ""], waste="6D")
    assert moves(state) == ["move 6D to 1", "draw"]
    assert "move 6D to 2" not in moves(state)
    after = play(state, "move 6D to 1")
    assert cards(after.tableau[0]) == "7C 6D" and after.waste == ()
    bad = klondike.MoveCards(0, Card.parse("6D"), klondike.WASTE, 1)
    with pytest.raises(IllegalMove, match="6D does not go on 7H: a pile builds down by one rank in alternating colours"):
        klondike.apply(state, bad)


def cards(pile: tuple[Card, ...]) -> str:
    return " ".join(map(str, pile))


def test_only_a_king_or_a_run_headed_by_a_king_moves_to_an_empty_pile() -> None:
    """4.5 #3: an empty pile takes a king, or a run from a king; a queen is refused."""
    state = position(["QS", "AC KH QC", "", "5C", "2D", "9S", "10S"], [0, 1, 0, 0, 0, 0, 0], waste="QD")
    assert moves(state) == ["move KH to 3", "draw"]
    after = play(state, "move KH to 3")
    assert cards(after.tableau[2]) == "KH QC" and cards(after.tableau[1]) == "AC" and after.face_down[1] == 0
    queen = klondike.MoveCards(0, Card.parse("QS"), 0, 2)
    with pytest.raises(IllegalMove, match="an empty pile takes only a king"):
        klondike.apply(state, queen)


def test_a_whole_pile_headed_by_a_king_is_not_moved_to_another_empty_pile() -> None:
    """Reading: moving a pile that is a king and its run onto an empty pile changes nothing."""
    state = position(["KS QH", "", "5C", "2D", "9S", "10S", "4D"], waste="3C")
    assert [m for m in moves(state) if m.startswith("move KS")] == []
    with pytest.raises(IllegalMove, match="changes nothing"):
        klondike.apply(state, klondike.MoveCards(0, Card.parse("KS"), 0, 1))


def test_a_run_moves_with_every_card_above_its_lowest() -> None:
    """Any face-up run moves to another pile when its bottom card fits there."""
    state = position(["9H 8S 7D 6C", "10C", "2D", "4S", "5S", "JS", "QS"], [1, 0, 0, 0, 0, 0, 0])
    assert "move 8S to 2" not in moves(state)
    state = position(["9H 8S 7D 6C", "9D", "2D", "4S", "5S", "JS", "QS"], [1, 0, 0, 0, 0, 0, 0])
    assert "move 8S to 2" in moves(state)
    after = play(state, "move 8S to 2")
    assert cards(after.tableau[1]) == "9D 8S 7D 6C" and cards(after.tableau[0]) == "9H" and after.face_down[0] == 0
    assert events(after)[:2] == ["seat 0 plays: onto pile 2 8S 7D 6C", "reveals 9H 1"]


def test_moving_the_last_face_up_card_turns_the_next_one_up() -> None:
    """4.5 #5: exposing a face-down card turns it face up inside apply (no move)."""
    state = position(["8D 5C 4H", "5S", "", "", "", "", ""], [2, 0, 0, 0, 0, 0, 0], waste="JC")
    after = play(state, "move 4H to 2")
    assert after.tableau[0] == parse_cards("8D 5C") and after.face_down[0] == 1
    assert events(after) == ["seat 0 plays: onto pile 2 4H", "reveals 5C 1", "seat 0 to play"]


# Foundations ---------------------------------------------------------------------------------


def test_an_ace_starts_a_foundation_and_it_builds_up_in_suit() -> None:
    """4.5 #4: an ace moves to an empty foundation; 2H on AH legal, 2S on AH not."""
    state = position(["AH", "2S", "2H", "9C", "9D", "10C", "JD"], waste="3C")
    assert moves(state)[0] == "move AH to foundation"
    state = play(state, "move AH to foundation")
    assert moves(state)[:1] == ["move 2H to foundation"]
    assert "move 2S to foundation" not in moves(state)
    with pytest.raises(IllegalMove, match="the spades foundation needs an ace"):
        klondike.apply(state, klondike.MoveCards(0, Card.parse("2S"), 1, klondike.FOUNDATION))
    state = play(state, "move 2H to foundation")
    assert cards(state.foundations[2]) == "AH 2H" and klondike.scores(state) == (2,)
    assert fits_foundation(Card.parse("3H"), state.foundations[2]) and not fits_foundation(Card.parse("2S"), ())


def test_a_foundation_card_may_come_back_to_the_tableau_unless_the_option_is_off() -> None:
    """Options.foundation_to_tableau (on by default): the top foundation card to a pile."""
    state = position(["4C", "5C", "9S", "9C", "9D", "10C", "JD"], waste="3C", foundations="AH 2H 3H")
    assert "move 3H to 1" in moves(state)
    off = position(["4C", "5C", "9S", "9C", "9D", "10C", "JD"], waste="3C", options=Options(foundation_to_tableau=False), foundations="AH 2H 3H")
    assert "move 3H to 1" not in moves(off)
    with pytest.raises(IllegalMove, match="foundation_to_tableau is off"):
        klondike.apply(off, klondike.MoveCards(0, Card.parse("3H"), klondike.FOUNDATION, 0))
    after = play(state, "move 3H to 1")
    assert cards(after.tableau[0]) == "4C 3H" and cards(after.foundations[2]) == "AH 2H"


# The stock and the waste ---------------------------------------------------------------------


def test_draw_one_turns_the_top_stock_card_onto_the_waste() -> None:
    """Options.draw=1 (the default): one card a draw, seen by everyone."""
    state = klondike.new_game(seed=1, deck=deck_for(["AS", "KD 2C", "3H 4H 5H", "6C 7C 8C 9C", "JD QD KC 2D 3D", "4D 5D 6D 7D 8D 9D", "10D JC QC KH 2H 6H 7H"], "8H 9H"))
    state = play(state, "draw")
    assert cards(state.waste) == "8H" and len(state.stock) == 23
    assert events(state) == ["seat 0 draws 8H", "seat 0 to play"]


def test_draw_three_with_two_cards_left_turns_both() -> None:
    """4.5 #6: with draw 3 and 2 cards left in the stock, `draw` turns both (the last on top)."""
    state = position(["KC", "KD", "KH", "KS", "QC", "QD", "QH"], waste="2C 3C 4C", stock="5C 6C", options=Options(draw=3))
    after = play(state, "draw")
    assert cards(after.waste) == "2C 3C 4C 5C 6C" and after.stock == ()
    assert events(after)[0] == "seat 0 draws 5C 6C"


def test_recycle_turns_the_waste_over_first_turned_card_on_top() -> None:
    """Reading: turning the waste over makes the first card turned the top of the new stock."""
    state = position(["KC", "KD", "KH", "KS", "QC", "QD", "QH"], waste="2C 3C 4C", stock="", progress=True)
    assert moves(state)[-1] == "recycle"
    after = play(state, "recycle")
    assert cards(after.stock) == "2C 3C 4C" and after.waste == () and after.passes == 2 and not after.progress
    assert play(after, "draw").waste == parse_cards("2C")


def test_passes_limit_the_recycles() -> None:
    """Options.passes: 1 allows no redeal; the game goes on with the moves that are left."""
    piles = ["KC", "KD", "KH", "KS", "QC", "QD", "QH"]
    limited = position(piles, waste="2C 3C", stock="", options=Options(passes=2), progress=True)
    assert moves(limited)[-1] == "recycle"
    after = play(limited, "recycle")
    assert after.passes == 2
    after = play(after, "move QH to 1")  # a move that leaves cards to play
    after = play(after, "draw", "draw")
    assert "recycle" not in moves(after)
    with pytest.raises(IllegalMove, match="the stock may be gone through only 2 times"):
        klondike.apply(after, klondike.Recycle(0))


def test_standard_scoring_counts_the_computer_points() -> None:
    """Options.scoring=standard: waste to tableau 5, to foundation 10, turn-up 5, foundation to
    tableau -15, recycle -100 (draw one), never below 0."""
    o = Options(scoring=Scoring.STANDARD)
    state = position(["8D 5C 4H", "6D", "AC", "3D", "9S", "10C", "JD"], [2, 0, 0, 0, 0, 0, 0], waste="2C 5S", options=o)
    state = play(state, "move 5S to 2")  # waste to tableau: 5
    assert klondike.scores(state) == (5,)
    state = play(state, "move 4H to 2")  # tableau to tableau, 5C turned up: 5
    assert klondike.scores(state) == (10,)
    state = play(state, "move AC to foundation", "move 2C to foundation")  # 10 + 10
    assert klondike.scores(state) == (30,)
    state = play(state, "move 2C to 4")  # foundation to tableau: -15
    assert klondike.scores(state) == (15,)


def test_recycling_in_draw_one_costs_100_points_but_never_below_zero() -> None:
    """Standard scoring: -100 a recycle in draw one, -20 in draw three; the floor is 0."""
    piles = ["KC", "KD", "KH", "KS", "QC", "QD", "QH"]
    one = position(piles, waste="2C", stock="", options=Options(scoring=Scoring.STANDARD), points=130, progress=True)
    assert klondike.scores(play(one, "recycle")) == (30,)
    three = position(piles, waste="2C", stock="", options=Options(draw=3, scoring=Scoring.STANDARD), points=10, progress=True)
    assert klondike.scores(play(three, "recycle")) == (0,)


# End of the game -----------------------------------------------------------------------------


def test_the_last_card_to_the_foundations_wins() -> None:
    """Seed: the objective is "to fill up the suit stacks ... from ace to king": won, winners {0}."""
    rest = [c for c in parse_cards(FULL_SUITS) if str(c) != "KS"]
    state = position(["", "", "", "", "", "", ""], waste="KS", foundations=" ".join(map(str, rest)), stock="")
    assert moves(state)[0] == "move KS to foundation"
    won = play(state, "move KS to foundation")
    assert won.phase is Phase.WON and klondike.is_over(won) and klondike.winners(won) == frozenset({0})
    assert klondike.scores(won) == (52,) and klondike.legal_moves(won) == ()
    assert events(won)[-2:] == ["hand scored: 52", "game over; winners: 0"]


def test_a_blocked_game_is_lost_with_no_winner() -> None:
    """Lost when no move is legal: winners empty, the score is the cards on the foundations."""
    state = position(["QD", "5C", "9S", "9C", "9H", "10D", "JH"], waste="4C 2S", stock="", options=Options(passes=1), foundations="AH")
    assert moves(state) == ["move 9S to 6", "move 9C to 6"]
    lost = play(state, "move 9S to 6")
    assert moves(lost) == [] and lost.phase is Phase.LOST
    assert klondike.winners(lost) == frozenset() and klondike.scores(lost) == (1,)
    assert events(lost)[-3:] == ["note: no move is left: the game is lost", "hand scored: 1", "game over; winners:"]


def test_stall_rule_loses_when_a_whole_pass_made_no_progress() -> None:
    """Valve (section 0 and 4.5): recycling after a pass with no card played from the waste, to a
    foundation or turned up loses; with stall_rule off the game goes on."""
    piles = ["KC", "KD", "KH", "KS", "QC", "QD", "QH"]
    stalled = position(piles, waste="2C 3C", stock="", progress=False)
    lost = play(stalled, "recycle")
    assert lost.phase is Phase.LOST and klondike.winners(lost) == frozenset()
    assert "note: a whole pass without progress: the game is stalled" in events(lost)
    going = position(piles, waste="2C 3C", stock="", progress=False, options=Options(stall_rule=False))
    assert play(going, "recycle").phase is Phase.PLAY


def test_max_moves_ends_the_game_as_lost() -> None:
    """Valve: Options.max_moves; the move that reaches it ends the game, lost."""
    state = klondike.new_game(seed=1, options=Options(max_moves=3))
    state = play(state, "draw", "draw")
    assert not klondike.is_over(state)
    state = play(state, "draw")
    assert state.phase is Phase.LOST and klondike.legal_moves(state) == () and state.moves == 3
    assert "note: 3 moves without winning: the game is lost" in events(state)


def test_a_random_game_ends_within_max_plies() -> None:
    """The valves make random play end: a whole game from seed 7 ends within GAME.max_plies."""
    state = klondike.new_game(seed=7)
    rnd = random.Random(7)
    for _ in range(klondike.GAME.max_plies):
        legal = klondike.legal_moves(state)
        if not legal:
            break
        state = klondike.apply(state, legal[rnd.randrange(len(legal))])
    assert klondike.is_over(state) and klondike.scores(state)[0] == sum(map(len, state.foundations))


# Options, presets, views, notation ------------------------------------------------------------


def test_presets_and_option_validation() -> None:
    """Presets: standard (the defaults) and draw_three (three cards, three passes, points)."""
    assert Options.standard() == Options()
    assert Options.draw_three() == Options(draw=3, passes=3, scoring=Scoring.STANDARD)
    assert dict(klondike.GAME.presets) == {"standard": Options(), "draw_three": Options.draw_three()}
    with pytest.raises(ValueError, match="draw must be one of 1, 3, not 2"):
        Options(draw=2)
    with pytest.raises(ValueError, match="klondike is played by 1 players, not 2"):
        klondike.new_game(2)


def test_draw_three_preset_turns_three_and_stops_after_three_passes() -> None:
    """Options.draw_three(): each draw turns three cards; the third pass allows no recycle."""
    state = klondike.new_game(seed=3, options=Options.draw_three())
    after = play(state, "draw")
    assert len(after.waste) == 3 and len(after.stock) == 21
    last = position(["KC", "KD", "KH", "KS", "QC", "QD", "QH"], waste="2C", stock="", options=Options.draw_three(), passes=3)
    assert "recycle" not in moves(last)


def test_view_hides_the_stock_and_face_down_cards() -> None:
    """Face-down tableau cards and the stock are hidden; face-up cards, waste, foundations shown."""
    state = play(klondike.new_game(seed=2), "draw")
    seen = klondike.view(state, 0)
    assert all(c is HIDDEN for c in seen.stock) and len(seen.stock) == 23
    assert [sum(c is HIDDEN for c in p) for p in seen.tableau] == [0, 1, 2, 3, 4, 5, 6]
    assert seen.waste == state.waste and klondike.legal_moves(seen) == klondike.legal_moves(state)
    assert klondike.legal_moves(klondike.view(state, None)) == ()
    text = klondike.render(seen)
    assert "stock 23, waste 1" in text and "##" in text


def test_notation_round_trips_and_refuses_what_is_not_legal() -> None:
    """Every legal move reads back from its text; refusals name the rule."""
    state = position(["7C", "7H", "", "", "", "", ""], waste="6D")
    for move in klondike.legal_moves(state):
        assert klondike.parse_move(state, str(move)) == move
    with pytest.raises(IllegalMove, match="the waste is turned over only when the stock is empty"):
        klondike.apply(state, klondike.Recycle(0))
    with pytest.raises(IllegalMove, match="5S is not face up where it could be moved from"):
        klondike.apply(state, klondike.MoveCards(0, Card.parse("5S"), 0, 1))
    record = parlour.Record.start("klondike", seed=4)
    assert record.replay() == klondike.new_game(seed=4)


def test_pure_helpers_fit_the_rules() -> None:
    """fits_tableau: one lower, other colour; an empty pile takes kings only."""
    assert fits_tableau(Card.parse("6D"), Card.parse("7C"))
    assert not fits_tableau(Card.parse("6D"), Card.parse("7H"))
    assert not fits_tableau(Card.parse("5D"), Card.parse("7C"))
    assert fits_tableau(Card.parse("KH"), None) and not fits_tableau(Card.parse("QH"), None)


# The fast move generation against a plain reading of the rules ---------------------------------


def reference_moves(state: State) -> tuple[klondike.Move, ...]:
    """The legal moves by a plain scan of every place, in the order `legal_moves` documents (the
    oracle for the board facts that `apply` carries from state to state)."""
    if state.phase is not Phase.PLAY:
        return ()
    o = state.options
    found = state.foundations
    tops = [pile[-1] if pile else None for pile in state.tableau]
    waste = state.waste[-1] if state.waste else None
    out: list[klondike.Move] = []

    def to_foundation(card: Card) -> bool:
        assert card.suit is not None
        return fits_foundation(card, found[FOUNDATION_SUITS.index(card.suit)])

    if waste is not None and to_foundation(waste):
        out.append(klondike.MoveCards(0, waste, klondike.WASTE, klondike.FOUNDATION))
    out += [klondike.MoveCards(0, t, p, klondike.FOUNDATION) for p, t in enumerate(tops) if t and to_foundation(t)]
    if waste is not None:
        out += [klondike.MoveCards(0, waste, klondike.WASTE, p) for p, t in enumerate(tops) if fits_tableau(waste, t)]
    for p, (pile, down) in enumerate(zip(state.tableau, state.face_down)):
        onto_cards: list[klondike.Move] = []
        onto_empty: list[klondike.Move] = []
        for t, top in enumerate(tops):
            for k in range(down, len(pile)):
                if t != p and fits_tableau(pile[k], top) and (top is not None or k > 0):
                    (onto_cards if top is not None else onto_empty).append(klondike.MoveCards(0, pile[k], p, t))
        out += onto_cards + onto_empty
    if o.foundation_to_tableau:
        for f in found:
            if f:
                back = [p for p, t in enumerate(tops) if fits_tableau(f[-1], t)]
                out += [klondike.MoveCards(0, f[-1], klondike.FOUNDATION, p) for p in back]
    if state.stock:
        out.append(klondike.Draw(0))
    elif state.waste and (not o.passes or state.passes < o.passes):
        out.append(klondike.Recycle(0))
    return tuple(out)


@pytest.mark.parametrize(
    "options",
    [
        Options(max_moves=300),
        Options(draw=3, passes=3, scoring=Scoring.STANDARD, max_moves=300),
        Options(foundation_to_tableau=False, passes=2, max_moves=300),
        Options(stall_rule=False, max_moves=300),
    ],
)
def test_the_moves_carried_from_state_to_state_match_a_plain_scan(options: Options) -> None:
    """The board facts `apply` hands on (and finds again in its cache) give exactly the moves,
    in exactly the order, of a plain scan of the rules, on random games; so does a state that
    derives them afresh."""
    for seed in range(30):
        state = klondike.new_game(seed=seed, options=options)
        rnd = random.Random(seed)
        while True:
            legal = klondike.legal_moves(state)
            assert legal == reference_moves(state)
            assert klondike.legal_moves(attrs.evolve(state)) == legal
            if not legal:
                break
            state = klondike.apply(state, legal[rnd.randrange(len(legal))])
