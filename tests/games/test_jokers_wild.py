"""Scenario tests for Jokers Wild: the Metzker book's "Jokers Wild (Board Game)" and the rules
notes (other.md section 3.7, its scenario tests 1-6, and section 0's termination valve).

Seat 0 sits on side 0 (comes out at 8, castle entrance 3); in four-player games seat 1 comes
out at 26 (entrance 21), seat 2 at 44 (entrance 39), seat 3 at 62 (entrance 57).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

import parlour
from parlour.core.cards import Card, cards_text, parse_cards
from parlour.core.errors import IllegalMove
from parlour.core.events import Event, EventKind
from parlour.games import jokers_wild as jw
from parlour.games.jokers_wild import Discard, Options, Phase, PlayCard, State
from parlour.core.cards import Rank
from parlour.games.jokers_wild import rules
from parlour.games.jokers_wild.board import (
    CASTLE,
    COME_OUTS,
    EMPTY,
    ENTRANCES,
    HOLES,
    HOME,
    MARBLES,
    Leg,
    controlled,
    forward,
    land,
    occupancy,
    partner_of,
)
from parlour.games.jokers_wild.rules import BACKWARD, COMES_OUT, SPLIT, STEPS, Move

H = jw.HOME


def c(n: int) -> int:
    """Castle hole c1..c5 as a position."""
    return jw.CASTLE + n - 1


def position(
    marbles: Sequence[Sequence[int]],
    held: str,
    *,
    turn: int = 0,
    options: Options | None = None,
    stock_top: str = "",
) -> State:
    """A checked position: seat `turn` holds `held`; the other hands and the stock come from
    the rest of the shoe (the stock starting with `stock_top`); every marble as given."""
    n = len(marbles)
    rules = options or Options()
    base = jw.new_game(n, seed=0, options=rules, dealer=(turn - 1) % n)
    mine = parse_cards(held)
    top = parse_cards(stock_top)
    rest = list(jw.pack_for(rules))
    for card in (*mine, *top):
        rest.remove(card)
    hands = []
    for seat in range(n):
        if seat == turn:
            hands.append(jw.rank_sorted(mine))
        else:
            hands.append(jw.rank_sorted(rest[:5]))
            del rest[:5]
    rows = tuple(tuple(sorted(row)) for row in marbles)
    state = attrs.evolve(base, hands=tuple(hands), stock=(*top, *rest), discards=(), marbles=rows)
    jw.check_invariants(state)
    return state


def moves(state: State) -> list[str]:
    return [str(m) for m in jw.legal_moves(state)]


def play(state: State, text: str) -> State:
    return jw.apply(state, jw.parse_move(state, text))


ALL_HOME = (H, H, H, H, H)


def test_ace_brings_a_marble_out_and_a_five_alone_must_be_discarded() -> None:
    """Scenario 1: "An Ace or Face card is needed to move a marble from out of Home"; with no
    play the seat "must discard a card anyway" (one discard per rank; suits never matter)."""
    state = position([ALL_HOME] * 4, "AS 5C 5H 6D 9C")
    assert moves(state) == ["play AS home-8"]
    after = play(state, "play AS home-8")
    assert after.marbles[0] == (H, H, H, H, 8)
    stuck = position([ALL_HOME] * 4, "2C 5C 5H 6D 9C")
    assert moves(stuck) == ["discard 2C", "discard 5C", "discard 6D", "discard 9C"]
    assert all(isinstance(m, Discard) for m in jw.legal_moves(stuck))


def test_face_cards_come_out_or_move_ten() -> None:
    """Card values: "Face Moves 10 places or moves marble from Home to the starting point"."""
    state = position([(H, H, H, H, 20), ALL_HOME, ALL_HOME, ALL_HOME], "JC QD KH 2C 3C")
    assert moves(state) == [
        "play 2C 20-22",
        "play 3C 20-23",
        "play JC home-8",
        "play JC 20-30",
        "play QD home-8",
        "play QD 20-30",
        "play KH home-8",
        "play KH 20-30",
    ]


def test_may_pass_an_opponent_but_never_an_own_marble() -> None:
    """Scenario 2 and the book: "You may NOT jump (pass) your own marble or your partners
    marble". At 60 a 10 lands on 70 past an opponent at 65; with its own marble at 65 it may not."""
    state = position([(H, H, H, H, 60), (H, H, H, H, 65), ALL_HOME, ALL_HOME], "10C 2D 2H 2S 3C")
    assert "play 10C 60-70" in moves(state)
    after = play(state, "play 10C 60-70")
    assert after.marbles[0] == (H, H, H, H, 70) and after.marbles[1] == (H, H, H, H, 65)
    blocked = position([(H, H, H, 60, 65), ALL_HOME, ALL_HOME, ALL_HOME], "10C 2D 2H 2S 3C")
    assert "play 10C 60-70" not in moves(blocked)
    with pytest.raises(IllegalMove, match="may not pass or land on its own side"):
        jw.apply(blocked, PlayCard(0, Card.parse("10C"), ((0, 60, 70),)))


def test_partner_marbles_block_too() -> None:
    """The book: no passing "your partners marble" (seat 2 is seat 0's partner)."""
    state = position([(H, H, H, H, 60), ALL_HOME, (H, H, H, H, 65), ALL_HOME], "10C 2D 2H 2S 3C")
    assert [m for m in moves(state) if m.startswith("play 10C")] == []


def test_near_the_entrance_a_move_may_turn_into_the_castle_or_carry_on() -> None:
    """Scenario 3: at 70 a 6 reaches castle hole 1 (past the entrance at 3) or track hole 4."""
    state = position([(H, H, H, H, 70), ALL_HOME, ALL_HOME, ALL_HOME], "6C 2D 2H 2S 3C")
    assert [m for m in moves(state) if m.startswith("play 6C")] == ["play 6C 70-c1", "play 6C 70-4"]
    inside = play(state, "play 6C 70-c1")
    assert inside.marbles[0] == (H, H, H, H, c(1))


def test_eight_goes_back_and_then_a_five_enters_the_castle() -> None:
    """Scenario 4: "Eight ONLY moves backwards 8 places": from 8 to 0; a 5 then takes it
    past the entrance at 3 into castle hole 2."""
    state = position([(H, H, H, H, 8), ALL_HOME, ALL_HOME, ALL_HOME], "8C 2D 2H 2S 3C")
    assert "play 8C 8-0" in moves(state)
    back = play(state, "play 8C 8-0")
    assert back.marbles[0] == (H, H, H, H, 0)
    again = position([(H, H, H, H, 0), ALL_HOME, ALL_HOME, ALL_HOME], "5C 2D 2H 2S 3C")
    assert [m for m in moves(again) if m.startswith("play 5C")] == ["play 5C 0-c2", "play 5C 0-5"]


def test_an_eight_never_passes_an_own_marble_backwards() -> None:
    """"You may NOT jump (pass) your own marble", going backwards as well."""
    state = position([(H, H, H, 12, 20), ALL_HOME, ALL_HOME, ALL_HOME], "8C 2D 2H 2S 3C")
    eights = [m for m in moves(state) if m.startswith("play 8C")]
    assert eights == ["play 8C 12-4"]


def test_the_castle_must_fit_exactly_and_its_marbles_are_not_passed() -> None:
    """Reading: a move into the castle may not overshoot c5 nor pass a marble in the lane."""
    state = position([(H, H, H, 3, c(2)), ALL_HOME, ALL_HOME, ALL_HOME], "AC 6D 3H 9S 10C")
    assert moves(state) == [
        "play AC home-8",
        "play AC 3-c1",
        "play AC 3-4",
        "play AC c2-c3",
        "play 3H 3-6",
        "play 3H c2-c5",
        "play 6D 3-9",
        "play 9S 3-12",
        "play 10C 3-13",
    ]


def test_seven_may_be_split_between_two_marbles() -> None:
    """Scenario 5: "Seven May move 7 places OR may be split in any way between TWO of your
    marbles": 3 + 4 on marbles at 10 and 20; a split onto one marble is just the 7."""
    state = position([(H, H, H, 10, 20), ALL_HOME, ALL_HOME, ALL_HOME], "7C 2D 2H 2S 3C")
    sevens = [m for m in moves(state) if m.startswith("play 7C")]
    assert sevens[:2] == ["play 7C 10-17", "play 7C 20-27"]
    assert "play 7C 10-13 20-24" in sevens
    # k = 1..6 on the marble at 10; the same positions reached with the marble at 20 first
    # are listed once
    assert sevens[2:] == [f"play 7C 10-{10 + k} 20-{27 - k}" for k in range(1, 7)]
    after = play(state, "play 7C 10-13 20-24")
    assert after.marbles[0] == (H, H, H, 13, 24)


def test_joker_takes_an_opponents_place_and_sends_it_home() -> None:
    """Scenario 6: "taking the place of any marble on the board. If it is an opponents marble
    you send them back to Home"."""
    state = position([(H, H, H, H, 10), (H, H, H, H, 40), ALL_HOME, ALL_HOME], "JK 2D 2H 2S 3C")
    assert "play JK 10-40" in moves(state)
    after = play(state, "play JK 10-40")
    assert after.marbles[0] == (H, H, H, H, 40) and after.marbles[1] == ALL_HOME
    assert any(e.kind is EventKind.NOTE and e.label == "marble sent home" for e in after.events)


def test_joker_on_a_partner_sends_it_to_its_entrance_and_the_opponent_there_home() -> None:
    """Scenario 6: "If it is your partners marble you send them to the entrance to their
    Castle. If your partners entrance ... has an opponent on it you will also send that
    marble Home" (seat 2's entrance is 39)."""
    state = position([(H, H, H, H, 10), (H, H, H, H, 39), (H, H, H, H, 40), ALL_HOME], "JK 2D 2H 2S 3C")
    after = play(state, "play JK 10-40")
    assert after.marbles == ((H, H, H, H, 40), ALL_HOME, (H, H, H, H, 39), ALL_HOME)


def test_joker_needs_an_own_marble_on_the_track_and_skips_castle_marbles() -> None:
    """"taking your marble (already out of home)": no joker play with every marble Home, and
    (reading) never onto a marble in a castle."""
    state = position([ALL_HOME, (H, H, H, H, c(1)), ALL_HOME, ALL_HOME], "JK 2D 2H 2S 3C")
    assert moves(state) == ["discard 2D", "discard 3C", "discard JK"]
    out = position([(H, H, H, H, 5), (H, H, H, 30, c(1)), ALL_HOME, ALL_HOME], "JK 2D 4H 4S 9C")
    assert [m for m in moves(out) if m.startswith("play JK")] == ["play JK 5-30"]


def test_landing_on_a_partner_sends_it_to_its_entrance_unless_the_side_holds_it() -> None:
    """Reading (the standard rule, as the book's joker): a forward move landing on a partner's
    marble sends it to its castle entrance; illegal if a marble of the side is there."""
    state = position([(H, H, H, H, 30), ALL_HOME, (H, H, H, H, 35), ALL_HOME], "5C 2D 2H 2S 3C")
    after = play(state, "play 5C 30-35")
    assert after.marbles[2] == (H, H, H, H, 39)
    full = position([(H, H, H, 30, 39), ALL_HOME, (H, H, H, H, 35), ALL_HOME], "5C 2D 2H 2S 3C")
    assert "play 5C 30-35" not in moves(full)


def test_coming_out_sends_an_opponent_home_but_not_onto_an_own_marble() -> None:
    """Reading: the starting hole may hold an opponent (sent Home), never the seat's own."""
    state = position([ALL_HOME, (H, H, H, H, 8), ALL_HOME, ALL_HOME], "AC 2D 2H 2S 3C")
    after = play(state, "play AC home-8")
    assert after.marbles[0] == (H, H, H, H, 8) and after.marbles[1] == ALL_HOME
    own = position([(H, H, H, H, 8), ALL_HOME, ALL_HOME, ALL_HOME], "KC 2D 2H 2S 3C")
    assert "play KC home-8" not in moves(own)


def test_a_player_who_can_play_must_play_even_if_it_hurts() -> None:
    """"You cannot pass if you have a play in your hand – even if it hurts": the only play is
    the 8 that takes a marble away from its castle; discarding is refused."""
    state = position([(H, H, H, 2, 3), ALL_HOME, ALL_HOME, ALL_HOME], "8C 8D 8H 8S JK")
    assert moves(state) == ["play 8C 2-66"]
    with pytest.raises(IllegalMove, match="must play, even if it hurts"):
        jw.apply(state, Discard(0, Card.parse("8C")))


def test_after_play_the_hand_is_drawn_back_to_five() -> None:
    """"play a card and then draw a card from the centre pile": the hand is five again and the
    played card tops the discards; the next seat plays."""
    state = position([ALL_HOME] * 4, "AS 5C 5H 6D 9C", stock_top="KD")
    after = play(state, "play AS home-8")
    assert cards_text(after.hands[0]) == "5C 5H 6D 9C KD"
    assert after.discards == parse_cards("AS") and after.turn == 1 and after.turns == 1
    draw = next(e for e in after.events if e.kind is EventKind.DRAWS)
    assert draw.private and draw.cards == parse_cards("KD")


def test_stock_runs_out_and_the_discards_are_reshuffled() -> None:
    """Rules notes 1.1: when the centre pile is empty the discards but the top become it."""
    state = position([ALL_HOME] * 4, "AS 5C 5H 6D 9C")
    state = attrs.evolve(state, stock=(), discards=(*state.discards, *state.stock))
    jw.check_invariants(state)
    after = play(state, "play AS home-8")
    assert any(e.kind is EventKind.RESHUFFLES for e in after.events)
    assert after.discards == parse_cards("AS") and len(after.hands[0]) == 5


def test_when_all_marbles_are_home_the_seat_plays_for_its_partner() -> None:
    """"When all of your marbles have been moved from Home to your Castle you then assist your
    partner": seat 0's cards move seat 2's marbles."""
    done = (c(1), c(2), c(3), c(4), c(5))
    state = position([done, ALL_HOME, (H, H, H, H, 50), ALL_HOME], "2C 3D 3H 3S 9C")
    assert jw.controlled(state.marbles, 0) == 2
    assert moves(state) == ["play 2C seat2 50-52", "play 3D seat2 50-53", "play 9C seat2 50-59"]
    after = play(state, "play 9C seat2 50-59")
    assert after.marbles[2] == (H, H, H, H, 59)


def test_part_of_a_seven_brings_the_last_marble_in_and_the_rest_helps_the_partner() -> None:
    """"You may also use part of a 7 to move your last marble into your castle and the
    remainder to move a marble of your partners. The only time you can waste the extra part of
    a 7 is on your very last marble into the castle"."""
    state = position([(1, c(2), c(3), c(4), c(5)), ALL_HOME, (H, H, H, H, 50), ALL_HOME], "7C 2D 2H 2S 3C")
    sevens = [m for m in moves(state) if m.startswith("play 7C")]
    assert "play 7C 1-c1 seat2 50-54" in sevens
    assert "play 7C 1-c1" not in sevens  # the rest can be used, so it may not be wasted
    after = play(state, "play 7C 1-c1 seat2 50-54")
    assert after.marbles[0][0] == c(1) and after.marbles[2] == (H, H, H, H, 54)
    stuck = position([(1, c(2), c(3), c(4), c(5)), ALL_HOME, ALL_HOME, ALL_HOME], "7C 2D 2H 2S 3C")
    assert "play 7C 1-c1" in moves(stuck)  # nothing of the partner's can move: the rest is wasted


def test_a_side_with_all_ten_marbles_in_its_castles_wins() -> None:
    """"The team getting all their marbles into their Castle first is the winner"."""
    done = (c(1), c(2), c(3), c(4), c(5))
    state = position([done, ALL_HOME, (37, c(2), c(3), c(4), c(5)), ALL_HOME], "2C 3D 3H 3S 9C")
    assert moves(state) == ["play 2C seat2 37-39", "play 3D seat2 37-c1", "play 3D seat2 37-40", "play 9C seat2 37-46"]
    after = play(state, "play 3D seat2 37-c1")
    assert jw.is_over(after) and jw.winners(after) == frozenset({0, 2})
    assert jw.scores(after) == (10, 0, 10, 0) and jw.legal_moves(after) == ()
    assert after.events[-1].kind is EventKind.GAME_OVER and after.events[-1].numbers == (0, 2)


def test_two_players_sit_opposite_and_the_first_with_five_in_its_castle_wins() -> None:
    """"2 or 4 people can play": with two, seat 1 uses side 2 (comes out at 44, entrance 39)
    and a lone player's last marble in wins (the rest of a 7 is wasted)."""
    assert (jw.come_out_hole(1, 2), jw.castle_entrance(1, 2), jw.partner_of(1, 2)) == (44, 39, None)
    state = position([(H, H, H, H, 5), (36, c(2), c(3), c(4), c(5))], "2C 3D 3H 7S 9C", turn=1)
    assert "play 7S 36-c1" in moves(state)
    after = play(state, "play 7S 36-c1")
    assert jw.winners(after) == frozenset({1}) and jw.scores(after) == (0, 5)


def test_termination_valve_draws_the_game() -> None:
    """Rules notes section 0: `Options.max_turns` ends an endless game as a draw (a deviation)."""
    state = jw.new_game(4, seed=3, options=Options(max_turns=3))
    for _ in range(3):
        state = jw.apply(state, jw.legal_moves(state)[0])
    assert jw.is_over(state) and jw.winners(state) == frozenset() and state.phase is Phase.OVER
    assert jw.legal_moves(state) == ()


def test_packs_option_sets_the_shoe_and_is_validated() -> None:
    """"3-4 decks of cards, jokers included": `packs` is 3 (162 cards) or 4 (216)."""
    assert len(jw.pack_for(Options())) == 162 and len(jw.pack_for(Options(packs=4))) == 216
    state = jw.new_game(2, seed=1, options=Options(packs=4))
    assert len(state.stock) == 216 - 10
    with pytest.raises(ValueError, match="packs must be 3 or 4"):
        Options(packs=2)
    assert Options.metzker() == Options()


def test_deal_is_five_each_from_the_dealers_left_who_plays_first() -> None:
    """"Deal 5 cards to each player", one at a time clockwise from the dealer's left."""
    deck = list(jw.pack_for(Options()))
    state = jw.new_game(4, seed=0, deck=deck, dealer=3)
    assert state.turn == 0 and state.dealer == 3
    assert cards_text(deck[0:20:4]) == "AC 5C 9C KC 4D"  # cards 1, 5, 9, 13, 17 of the shoe
    assert cards_text(state.hands[0]) == "AC 4D 5C 9C KC"  # held in rank order
    assert cards_text(state.hands[1]) == cards_text(jw.rank_sorted(deck[1:20:4]))
    assert state.stock == tuple(deck[20:])


def test_one_move_per_rank_with_the_lowest_suit() -> None:
    """Reading: suits never matter, so two fives give one set of five moves (played as 5C)."""
    state = position([(H, H, H, H, 20), ALL_HOME, ALL_HOME, ALL_HOME], "5C 5H 2D 2S 3C")
    assert moves(state) == ["play 2D 20-22", "play 3C 20-23", "play 5C 20-25"]
    with pytest.raises(IllegalMove, match="play it as 5C"):
        jw.apply(state, PlayCard(0, Card.parse("5H"), ((0, 20, 25),)))


def test_out_of_turn_and_unknown_cards_are_refused() -> None:
    """Only the seat to play moves, and only with a card it holds."""
    state = position([(H, H, H, H, 20), ALL_HOME, ALL_HOME, ALL_HOME], "5C 5H 2D 2S 3C")
    with pytest.raises(IllegalMove, match="seat 0's turn"):
        jw.apply(state, PlayCard(1, Card.parse("5C"), ((1, 20, 25),)))
    with pytest.raises(IllegalMove, match="does not hold 9C"):
        jw.apply(state, PlayCard(0, Card.parse("9C"), ((0, 20, 29),)))


def test_notation_round_trips_and_views_list_the_same_moves() -> None:
    """Every legal move parses back from its text; a view lists its viewer's moves."""
    state = jw.new_game(4, seed=5)
    rnd = random.Random(2)
    for _ in range(200):
        legal = jw.legal_moves(state)
        for move in legal:
            assert jw.parse_move(state, str(move)) == move
        seat = state.turn
        assert jw.legal_moves(jw.view(state, seat)) == jw.legal_moves(state, seat)
        state = jw.apply(state, legal[rnd.randrange(len(legal))])


def test_a_whole_game_ends_with_a_side_in_its_castles() -> None:
    """A random match (seed 1) runs to its end: the winners hold all their marbles home."""
    state = jw.new_game(4, seed=1)
    rnd = random.Random(1)
    while not jw.is_over(state):
        legal = jw.legal_moves(state)
        state = jw.apply(state, legal[rnd.randrange(len(legal))])
        jw.check_invariants(state)
    won = jw.winners(state)
    assert len(won) == 2
    assert all(p >= jw.CASTLE for seat in won for p in state.marbles[seat])
    assert all(jw.scores(state)[seat] == 10 for seat in won)


def test_registered_and_round_trips_through_json() -> None:
    """The registry serves the game; states survive JSON."""
    spec = parlour.game("jokers_wild")
    state = spec.new_game(seed=4)
    state = spec.apply(state, spec.legal_moves(state)[0])
    assert parlour.from_json(parlour.to_json(state)) == state


# A slow reference of the movement rules, walked hole by hole, to check the fast generator.


def _ref_land(rows: list[list[int]], owner: int, start: int, end: int) -> list[list[int]] | None:
    """Moves one marble and resolves the landing; None if the landing is illegal."""
    n = len(rows)
    new = [list(r) for r in rows]
    new[owner].remove(start)
    if 0 <= end < jw.CASTLE:
        for other in range(n):
            if other != owner and end in new[other]:
                new[other].remove(end)
                if n == 4 and other == (owner + 2) % 4:
                    gate = jw.castle_entrance(other, n)
                    if gate == end or gate in new[owner] or gate in new[other]:
                        return None
                    for third in range(n):
                        if gate in new[third]:
                            new[third].remove(gate)
                            new[third].append(H)
                    new[other].append(gate)
                else:
                    new[other].append(H)
    new[owner].append(end)
    return [sorted(r) for r in new]


def _ref_forward(rows: list[list[int]], owner: int, start: int, steps: int) -> set[int]:
    """Every end of a forward walk of `steps` holes that passes no marble of the side."""
    n = len(rows)
    side = {owner, (owner + 2) % 4} if n == 4 else {owner}
    gate = jw.castle_entrance(owner, n)
    ends = set()
    paths = [[start]]
    for _ in range(steps):
        longer: list[list[int]] = []
        for path in paths:
            here = path[-1]
            if here >= jw.CASTLE:
                nxt = [here + 1] if here + 1 < jw.CASTLE + jw.MARBLES else []
            else:
                nxt = [(here + 1) % jw.HOLES] + ([jw.CASTLE] if here == gate else [])
            longer.extend(path + [p] for p in nxt)
        paths = longer
    for path in paths:
        middle, end = path[1:-1], path[-1]
        if any(p >= jw.CASTLE and p in rows[owner] for p in path[1:]):
            continue
        if any(p < jw.CASTLE and any(p in rows[s] for s in side) for p in middle):
            continue
        if end < jw.CASTLE and end in rows[owner]:
            continue
        ends.add(end)
    return ends


def _ref_outcomes(state: State) -> set[tuple[int, tuple[tuple[int, ...], ...]]]:
    """(rank, marbles after) of every legal play, from the rules walked slowly."""
    seat, n = state.turn, len(state.marbles)
    rows = [list(r) for r in state.marbles]

    def ctrl(rs: list[list[int]]) -> int:
        return (seat + 2) % 4 if n == 4 and all(p >= jw.CASTLE for p in rs[seat]) else seat

    def key(rs: list[list[int]]) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(sorted(r)) for r in rs)

    def singles(rs: list[list[int]], owner: int, steps: int) -> list[tuple[int, list[list[int]]]]:
        found = []
        for start in sorted(set(rs[owner])):
            if start == H:
                continue
            for end in _ref_forward(rs, owner, start, steps):
                after = _ref_land(rs, owner, start, end)
                if after is not None:
                    found.append((start, after))
        return found

    out: set[tuple[int, tuple[tuple[int, ...], ...]]] = set()
    owner = ctrl(rows)
    side = {owner, (owner + 2) % 4} if n == 4 else {owner}
    for card in set(state.hands[seat]):
        rank = int(card.rank)
        results: list[list[list[int]]] = []
        track = [p for p in rows[owner] if 0 <= p < jw.CASTLE]
        if card.rank.name == "JOKER":
            for start in track:
                for other in range(n):
                    if other != owner:
                        for end in rows[other]:
                            if 0 <= end < jw.CASTLE:
                                after = _ref_land(rows, owner, start, end)
                                if after is not None:
                                    results.append(after)
        elif rank == 8:
            for start in track:
                path = [(start - k) % jw.HOLES for k in range(1, 9)]
                if any(any(p in rows[s] for s in side) for p in path[:-1]) or path[-1] in rows[owner]:
                    continue
                after = _ref_land(rows, owner, start, path[-1])
                if after is not None:
                    results.append(after)
        else:
            steps = jw.STEPS[card.rank]
            if card.rank in jw.COMES_OUT and H in rows[owner]:
                hole = jw.come_out_hole(owner, n)
                if hole not in rows[owner]:
                    after = _ref_land(rows, owner, H, hole)
                    if after is not None:
                        results.append(after)
            results.extend(after for _, after in singles(rows, owner, steps))
            if rank == 7:
                for k in range(1, 7):
                    for first, mid in singles(rows, owner, k):
                        moved = [p for p in mid[owner] if p not in rows[owner]]
                        finished = all(p >= jw.CASTLE for p in mid[owner])
                        finished = finished and not all(p >= jw.CASTLE for p in rows[owner])
                        second_owner = ctrl(mid)
                        if finished and second_owner == owner:
                            results.append(mid)  # two players, or the side's last marble: it won
                            continue
                        seconds = [
                            after
                            for start, after in singles(mid, second_owner, 7 - k)
                            if not (second_owner == owner and start in moved)
                        ]
                        results.extend(seconds)
                        if finished and not seconds:
                            results.append(mid)
        out |= {(rank, key(r)) for r in results}
    return out


def test_fast_move_generation_agrees_with_a_slow_walk_of_the_rules() -> None:
    """Every play the generator offers, and no other, follows from walking the rules hole by
    hole (passing, landing, castle fit, 8s, jokers, 7 splits, assisting, wasting a 7)."""
    rnd = random.Random(7)
    checked = 0
    for seed, players in ((1, 4), (2, 2), (3, 4)):
        state = jw.new_game(players, seed=seed)
        while not jw.is_over(state):
            legal = jw.legal_moves(state)
            plays = [m for m in legal if isinstance(m, PlayCard)]
            got = set()
            for move in plays:
                marbles = state.marbles
                for leg in move.legs:
                    after = land(marbles, leg)
                    assert after is not None
                    marbles = after
                got.add((int(move.card.rank), marbles))
            assert got == _ref_outcomes(state), jw.render(state)
            checked += 1
            state = jw.apply(state, legal[rnd.randrange(len(legal))])
    assert checked > 1000


# The move generator as it was before the speed work (commit 7a6ee74: per-card recomputation
# from `reaches`, a full board occupancy table, the split search over every ordered pair), kept
# verbatim but renamed as the reference for the legal move ORDER that goldens and perft rely on.

_REF_PLAYS: dict[int, PlayCard] = {}


def _ref_legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The moves of the seat to play (`only` None on a real state, or a view's viewer)."""
    if state.phase is Phase.OVER:
        return ()
    seat = state.turn
    if only is None and state.rng is None:
        return ()
    if only is not None and only != seat:
        return ()
    held = state.hands[seat]
    marbles = state.marbles
    n = len(marbles)
    owner = seat
    if n == 4 and marbles[seat][0] >= CASTLE:
        owner = (seat + 2) % 4
    mate = (owner + 2) % 4 if n == 4 else -2
    row = marbles[owner]
    occ: list[int] | None = None  # hole owners, found only when a card needs them
    entrance = ENTRANCES[n][owner]
    mate_gate = ENTRANCES[n][mate] if mate >= 0 else -1
    cache = _REF_PLAYS
    prefix = (seat * 4 + owner) * 80
    moves: list[Move] = []
    last: Rank | None = None
    runs: list[tuple[int, int, int, int, int]] | None = None
    for card in held:
        rank = card.rank
        if rank is last:
            continue
        last = rank
        key = (prefix + card.index) * 6400
        if rank is Rank.JOKER:
            targets = sorted([(p, o) for o, r in enumerate(marbles) if o != owner for p in r if 0 <= p < CASTLE])
            append = moves.append
            for start in row:
                if not 0 <= start < CASTLE:
                    continue
                base = key + (start + 1) * 80 + 1
                for end, o in targets:
                    if o == mate:
                        occ = occupancy(marbles) if occ is None else occ
                        if not _ref_mate_ok(occ, start, end, owner, mate, mate_gate):
                            continue
                    m = cache.get(base + end)
                    if m is None:
                        m = cache[base + end] = PlayCard(seat, card, ((owner, start, end),))
                    append(m)
        elif rank is Rank.EIGHT:
            if occ is None:
                occ = occupancy(marbles)
            for start in row:
                if not 0 <= start < CASTLE:
                    continue
                for k in range(1, BACKWARD + 1):
                    o = occ[(start - k) % HOLES]
                    if o == owner or o == mate:
                        break
                else:
                    k = 0
                end = (start - BACKWARD) % HOLES
                if k == 0 or (k == BACKWARD and o == mate and _ref_mate_ok(occ, start, end, owner, mate, mate_gate)):
                    moves.append(_ref_play(cache, key + (start + 1) * 80 + end + 1, seat, card, ((owner, start, end),)))
        else:
            steps = STEPS[rank]
            if rank in COMES_OUT and row[0] == HOME:
                hole = COME_OUTS[n][owner]
                o = EMPTY
                for who, r in enumerate(marbles):
                    if hole in r:
                        o = who
                        break
                if o == mate:
                    occ = occupancy(marbles) if occ is None else occ
                    if not _ref_mate_ok(occ, HOME, hole, owner, mate, mate_gate):
                        o = owner  # the partner could not be sent to its entrance
                if o != owner:
                    k = key + hole + 1
                    m = cache.get(k)
                    if m is None:
                        m = cache[k] = PlayCard(seat, card, ((owner, HOME, hole),))
                    moves.append(m)
            if runs is None:
                runs = _ref_reaches(marbles, owner, mate, entrance)
            for start, block, _, d, room in runs:
                if start >= CASTLE:
                    if start + steps < room:
                        end = start + steps
                    else:
                        continue
                    k = key + (start + 1) * 80 + end + 1
                    m = cache.get(k)
                    if m is None:
                        m = cache[k] = PlayCard(seat, card, ((owner, start, end),))
                    moves.append(m)
                    continue
                if d < steps and block > d:
                    end = CASTLE + steps - d - 1
                    if end < room:
                        k = key + (start + 1) * 80 + end + 1
                        m = cache.get(k)
                        if m is None:
                            m = cache[k] = PlayCard(seat, card, ((owner, start, end),))
                        moves.append(m)
                if steps == block and occ is None:
                    occ = occupancy(marbles)
                if steps < block or (
                    steps == block
                    and occ is not None
                    and occ[(start + steps) % HOLES] == mate
                    and _ref_mate_ok(occ, start, (start + steps) % HOLES, owner, mate, mate_gate)
                ):
                    end = (start + steps) % HOLES
                    k = key + (start + 1) * 80 + end + 1
                    m = cache.get(k)
                    if m is None:
                        m = cache[k] = PlayCard(seat, card, ((owner, start, end),))
                    moves.append(m)
            if rank is Rank.SEVEN:
                _ref_split_moves(moves, seat, card, marbles, owner, occ, runs)
    if moves:
        return tuple(moves)
    out: list[Move] = []
    last = None
    for card in held:
        if card.rank is not last:
            last = card.rank
            out.append(rules._DISCARDS[seat][card.index])
    return tuple(out)


def _ref_play(cache: dict[int, PlayCard], key: int, seat: int, card: Card, legs: tuple[Leg, ...]) -> PlayCard:
    """The one `PlayCard` object for these values (moves are built once and reused)."""
    move = cache.get(key)
    if move is None:
        move = cache[key] = PlayCard(seat, card, legs)
    return move


def _ref_split_moves(
    moves: list[Move],
    seat: int,
    card: Card,
    marbles: tuple[tuple[int, ...], ...],
    owner: int,
    occ: list[int] | None,
    runs: list[tuple[int, int, int, int, int]],
) -> None:
    """The 7 split k + (7 - k) over two different marbles, the first part first (k = 1..6);
    each pair of movements once. After a first part that brings the seat's last marble into
    its Castle, the rest goes to a partner's marble, or is wasted if none can take it.

    The second part is worked out from the first board and the two holes the first part
    changed (the hole it left and the one it reached); first parts that bump a partner or
    bring the last marble in go through `_ref_split_slow` on the board after them."""
    if len(runs) < 2:
        return
    n = len(marbles)
    row = marbles[owner]
    mate = (owner + 2) % 4 if n == 4 else -2
    entrance = ENTRANCES[n][owner]
    gate = ENTRANCES[n][mate] if mate >= 0 else -1
    lane = [p for p in row if p >= CASTLE]
    outside = len(row) - len(lane)
    seen: set[int] = set()
    cache = _REF_PLAYS
    prefix = ((seat * 4 + owner) * 80 + card.index) * 6400
    for first, block, _, d, room in runs:
        for k in range(1, SPLIT):
            rest = SPLIT - k
            if first >= CASTLE:
                if first + k >= room:
                    break
                mids = [first + k]
            else:
                mids = []
                if d < k and block > d and CASTLE + k - d - 1 < room:
                    mids.append(CASTLE + k - d - 1)
                if k < block:
                    mids.append((first + k) % HOLES)
                elif k == block and mate >= 0 and (first + k) % HOLES in marbles[mate]:
                    occ = occupancy(marbles) if occ is None else occ
                    if _ref_mate_ok(occ, first, (first + k) % HOLES, owner, mate, gate):
                        _ref_split_slow(moves, seat, card, marbles, (owner, first, (first + k) % HOLES), rest, seen)
                if not mids:
                    continue
            for mid in mids:
                leg1 = (owner, first, mid)
                if outside == 1 and first < CASTLE <= mid:
                    _ref_split_slow(moves, seat, card, marbles, leg1, rest, seen)
                    continue
                if mid >= CASTLE:
                    lane2 = sorted([p for p in lane if p != first] + [mid])
                else:
                    lane2 = lane
                low = lane2[0] if lane2 else CASTLE + MARBLES
                key1 = prefix + (first + 1) * 80 + mid + 1
                for second, one, two, d2, _ in runs:
                    if second == first:
                        continue
                    if second >= CASTLE:
                        end = second + rest
                        if end >= CASTLE + MARBLES:
                            continue
                        for p in lane2:
                            if second < p <= end:
                                break
                        else:
                            ends = [end]
                            _ref_add_splits(moves, seen, cache, key1, seat, card, leg1, second, ends)
                        continue
                    block2 = one
                    if first < CASTLE and (first - second) % HOLES == one:
                        block2 = two
                    if mid < CASTLE:
                        reach = (mid - second) % HOLES
                        if reach < block2:
                            block2 = reach
                    ends = []
                    if d2 < rest and block2 > d2 and CASTLE + rest - d2 - 1 < low:
                        ends.append(CASTLE + rest - d2 - 1)
                    end = (second + rest) % HOLES
                    if rest < block2:
                        ends.append(end)
                    elif rest == block2 and end != mid and gate != end and mate >= 0 and end in marbles[mate]:
                        occ = occupancy(marbles) if occ is None else occ
                        if gate in (first, second) or (gate != mid and occ[gate] != owner and occ[gate] != mate):
                            ends.append(end)
                    if ends:
                        _ref_add_splits(moves, seen, cache, key1, seat, card, leg1, second, ends)


def _ref_add_splits(
    moves: list[Move],
    seen: set[int],
    cache: dict[int, PlayCard],
    key1: int,
    seat: int,
    card: Card,
    leg1: Leg,
    second: int,
    ends: list[int],
) -> None:
    """Adds the splits `leg1` then `second` to each of `ends`, each pair of movements once."""
    owner, first, mid = leg1
    for end in ends:
        pair = (first * 100 + mid) * 10000 + second * 100 + end
        if first > second:
            pair = (second * 100 + end) * 10000 + first * 100 + mid
        if pair in seen:
            continue
        seen.add(pair)
        k2 = (key1 * 80 + second + 1) * 80 + end + 1
        m = cache.get(k2)
        if m is None:
            m = cache[k2] = PlayCard(seat, card, (leg1, (owner, second, end)))
        moves.append(m)


def _ref_split_slow(
    moves: list[Move], seat: int, card: Card, marbles: tuple[tuple[int, ...], ...], leg1: Leg, rest: int, seen: set[int]
) -> None:
    """The second part of a split after a first part that bumps a partner or brings the last
    marble in, worked out on the board after the first part."""
    after = land(marbles, leg1)
    if after is None:
        return
    n = len(marbles)
    owner, first, mid = leg1
    second_owner = controlled(after, seat)
    if second_owner == owner and after[owner][0] >= CASTLE:
        second_owner = -1  # that part won the game: nothing is left to move
    found = False
    if second_owner >= 0:
        occ2 = occupancy(after)
        row2 = after[second_owner]
        mate2 = partner_of(second_owner, n)
        mate2_id = -2 if mate2 is None else mate2
        entrance2 = ENTRANCES[n][second_owner]
        for start2 in sorted(set(row2)):
            if start2 == HOME or (second_owner == owner and start2 == mid):
                continue
            for end2 in forward(occ2, row2, second_owner, mate2_id, entrance2, start2, rest):
                leg2 = (second_owner, start2, end2)
                if land(after, leg2) is None:
                    continue
                found = True
                if second_owner == owner:
                    pair = (first * 100 + mid) * 10000 + start2 * 100 + end2
                    if first > start2:
                        pair = (start2 * 100 + end2) * 10000 + first * 100 + mid
                else:
                    pair = -((((second_owner * 100 + first) * 100 + mid) * 100 + start2) * 100 + end2) - 1
                if pair not in seen:
                    seen.add(pair)
                    moves.append(PlayCard(seat, card, (leg1, leg2)))
    if not found and second_owner != owner and after[owner][0] >= CASTLE and marbles[owner][0] < CASTLE:
        moves.append(PlayCard(seat, card, (leg1,)))


def _ref_reaches(
    marbles: tuple[tuple[int, ...], ...], owner: int, mate: int, entrance: int
) -> list[tuple[int, int, int, int, int]]:
    """For each marble of `owner` out of Home: (its position, the distance to the first marble
    of its side ahead on the track, to the second one, to its castle entrance, and the first
    castle position it may not reach or pass). What every forward card needs, found once.

    Distances to marbles of the side are 72 where there is none; castle marbles give 0s.
    """
    row = marbles[owner]
    track = [p for p in row if 0 <= p < CASTLE]
    side = track + [p for p in marbles[mate] if 0 <= p < CASTLE] if mate >= 0 else track
    side.sort()
    count = len(side)
    lane = [p for p in row if p >= CASTLE]
    first_room = lane[0] if lane else CASTLE + MARBLES
    out = []
    for start in row:
        if start == HOME:
            continue
        if start >= CASTLE:
            room = CASTLE + MARBLES
            for p in lane:
                if p > start:
                    room = p
                    break
            out.append((start, 0, 0, 0, room))
            continue
        i = side.index(start)
        one = (side[(i + 1) % count] - start) % HOLES if count > 1 else HOLES
        two = (side[(i + 2) % count] - start) % HOLES if count > 2 else HOLES
        out.append((start, one, two, (entrance - start) % HOLES, first_room))
    return out


def _ref_mate_ok(occ: list[int], start: int, end: int, owner: int, mate: int, gate: int) -> bool:
    """Whether landing on the partner's marble at `end` (from `start`) may send it to its
    castle entrance `gate`: not if a marble of the side would be there."""
    if gate == end:
        return False
    if gate == start:
        return True
    o = occ[gate]
    return o != owner and o != mate


def _random_states() -> list[State]:
    """States from random matches: short ones at both player counts, and whole long ones (to
    reach full castles, partners' assistance and sevens that bring the last marble in)."""
    states = []
    quick = Options(max_turns=300)
    games = [(players, seed, quick) for players in (2, 4) for seed in range(12)]
    games += [(2, 50, Options()), (4, 51, Options()), (4, 52, Options())]
    for players, seed, options in games:
        state = jw.new_game(players, seed=seed, options=options)
        rnd = random.Random(seed)
        while not jw.is_over(state):
            states.append(state)
            legal = jw.legal_moves(state)
            state = jw.apply(state, legal[rnd.randrange(len(legal))])
    return states


def test_move_generator_keeps_the_reference_order() -> None:
    """The fast generator (marble situations, sorted side marbles, the flat split search)
    lists exactly the moves of the reference above, in the same order, on real states and
    on each seat's view."""
    states = _random_states()
    assert len(states) > 5000
    sevens = 0
    for state in states:
        assert rules._legal(state, None) == _ref_legal(state, None), jw.render(state)
        seat = state.turn
        seen = jw.view(state, seat)
        assert rules._legal(seen, seat) == _ref_legal(seen, seat)
        sevens += any(card.rank is Rank.SEVEN for card in state.hands[seat])
    assert sevens > 1000


def test_prebuilt_plain_moves_sit_where_the_generator_reads_them() -> None:
    """`_PLAYS[seat][card.index][start]` is the seat's own marble at `start` moved by the card's
    plain steps (8 back for an 8; up the lane from a castle hole), for every track hole and
    every castle hole with room above it; the joker has none."""
    for seat, by_card in enumerate(rules._PLAYS):
        for card in set(jw.pack_for(Options())):
            row = by_card[card.index]
            if card.rank is Rank.JOKER:
                assert row == ()
                continue
            steps = -BACKWARD if card.rank is Rank.EIGHT else STEPS[card.rank]
            assert len(row) == max(CASTLE, CASTLE + MARBLES - steps)
            for start, move in enumerate(row):
                end = (start + steps) % HOLES if start < CASTLE else start + steps
                assert move == PlayCard(seat, card, ((seat, start, end),))
                assert move.card is card


def test_drawing_back_finds_the_played_card_by_value_too() -> None:
    """The hand is updated by identity of the interned cards, and by value for cards built
    afresh (a state made by hand): the same rank-ordered hand either way."""
    fresh = tuple(Card(c.rank, c.suit) for c in parse_cards("AC 6C 7D QS KC"))
    for held in (parse_cards("AC 6C 7D QS KC"), fresh):
        out = rules._exchange(tuple(held), Card.parse("7D"), Card.parse("5H"))
        assert cards_text(out) == "AC 5H 6C QS KC"
        assert cards_text(rules._exchange(tuple(held), Card.parse("AC"), Card.parse("KH"))) == "6C 7D QS KC KH"


def test_card_plans_name_each_cards_prebuilt_moves() -> None:
    """`_PLANS[players][seat][card.index]` is (rank, plain steps, the seat's prebuilt plain
    moves of the card, its coming-out move for an ace or face card); `_PLANS_STAYING` is the
    same with no coming out."""
    for players in rules.PLAYERS:
        for seat in range(players):
            for card in set(jw.pack_for(Options())):
                rank, steps, table, out = rules._PLANS[players][seat][card.index]
                assert rank == int(card.rank)
                assert steps == (-BACKWARD if card.rank is Rank.EIGHT else STEPS.get(card.rank, 0))
                assert table is rules._PLAYS[seat][card.index]
                if card.rank in COMES_OUT:
                    assert out == PlayCard(seat, card, ((seat, HOME, COME_OUTS[players][seat]),))
                else:
                    assert out is None
                assert rules._PLANS_STAYING[seat][card.index] == (rank, steps, table, None)


def test_drawing_back_keeps_every_hand_in_rank_order() -> None:
    """`_exchange` (found by identity, put back with two comparisons) gives `rank_sorted` of
    the hand less the card plus the drawn one, on many random hands."""
    rnd = random.Random(5)
    pack = list(jw.pack_for(Options()))
    for _ in range(3000):
        held = jw.rank_sorted(rnd.sample(pack, 5))
        card = held[rnd.randrange(5)]
        drawn = rnd.choice(pack)
        rest = list(held)
        rest.remove(card)
        assert rules._exchange(held, card, drawn) == jw.rank_sorted([*rest, drawn])


def test_moving_a_marble_agrees_with_landing_it() -> None:
    """`_moved` (an opponent's marble sent Home in place, a partner's through `land`) gives the
    marbles and the notes of `land` for every leg of every legal move on random states."""
    checked = 0
    for state in _random_states()[::3]:
        for move in state.legal:
            if not isinstance(move, PlayCard):
                continue
            marbles = state.marbles
            for leg in move.legs:
                ours: list[Event] = []
                theirs: list[Event] = []
                after = land(marbles, leg, theirs)
                assert after is not None  # a split's second part goes on the board after the first
                assert rules._moved(marbles, leg, ours) == after
                assert ours == theirs
                checked += 1
                marbles = after
    assert checked > 10000


def test_side_facts_name_each_seats_entrances_and_starting_hole() -> None:
    """`_SIDES[players][seat]` is (the partner's castle entrance or -1, the seat's starting
    hole, and by track hole its distance before the seat's own entrance when under 10, else
    73): what `_moves` used to work out from `ENTRANCES` and `COME_OUTS` on every state."""
    for players in rules.PLAYERS:
        for seat in range(players):
            gate, come, near = rules._SIDES[players][seat]
            assert gate == (ENTRANCES[4][(seat + 2) % 4] if players == 4 else -1)
            assert come == COME_OUTS[players][seat]
            for start in range(HOLES):
                d = (ENTRANCES[players][seat] - start) % HOLES
                assert near[start] == (d if d < 10 else HOLES + 1)
                # the generator's one test `near[start] < block` for every distance to the side's
                # next marble ahead (1..72)
                for block in range(1, HOLES + 1):
                    assert (near[start] < block) == (d < 10 and block > d)
