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
from parlour.core.events import EventKind
from parlour.games import jokers_wild as jw
from parlour.games.jokers_wild import Discard, Options, Phase, PlayCard, State
from parlour.games.jokers_wild.board import land

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
