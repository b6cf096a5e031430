"""Golf scenarios from the Metzker "Golf" (seed 001, the eight-card game) and rules/other.md
section 3.2 (its six scenario tests are marked "3.2 #n"), with the readings of that section and
the termination valve of section 0."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, parse_cards
from parlour.core.errors import IllegalMove
from parlour.core.ledger import Ledger
from parlour.games import golf
from parlour.games.golf import Options, Phase, State, grid_score, pack_for, settle

# Layouts are written top row then bottom row: positions 0-3, then 4-7.
ZEROES = "KS 2C 3C 4C KH 2D 3D 4D"
"""Four column pairs: scores 0."""
HIGH = "QS QH 9C 9D JS JH 8C 8D"
"""No pairs: 10 + 10 + 9 + 9 + 10 + 10 + 8 + 8 = 74."""
MIDDLE = "5S 6S 2H AH 5H 6H 3H AS"
"""Pairs in columns 0, 1 and 3; column 2 is 2 + 3: scores 5."""


def deck_for(grids: list[str], upcard: str, dealer: int, stock: str = "", players: int | None = None) -> list[Card]:
    """A deck that deals `grids[s]` to seat s (one card at a time from the dealer's left, into
    positions 0-7), then `upcard`, then `stock`, then the rest of the shoe."""
    n = len(grids)
    order = [(dealer + 1 + i) % n for i in range(n)]
    split = [parse_cards(g) for g in grids]
    top = [split[seat][k] for k in range(8) for seat in order] + list(parse_cards(f"{upcard} {stock}"))
    rest = Counter(pack_for(players or n))
    rest.subtract(top)
    assert all(v >= 0 for v in rest.values()), "the test deck uses a card more often than the shoe has it"
    return top + list(rest.elements())


def game(grids: list[str], upcard: str = "5C", *, dealer: int | None = None, stock: str = "", options: Options | None = None) -> State:
    n = len(grids)
    dealer = n - 1 if dealer is None else dealer
    return golf.new_game(n, seed=3, options=options, deck=deck_for(grids, upcard, dealer, stock), dealer=dealer)


def moves(state: State, player: int | None = None) -> list[str]:
    return [str(m) for m in golf.legal_moves(state, player)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = golf.apply(state, golf.parse_move(state, text))
    return state


def events(state: State) -> list[str]:
    return [str(e) for e in state.events]


def with_face_up(state: State, seat: int, positions: str) -> State:
    """`state` with the given positions of `seat` face up."""
    ups = {int(p) for p in positions.split()}
    up = tuple(p in ups for p in range(8))
    return attrs.evolve(state, face_up=(*state.face_up[:seat], up, *state.face_up[seat + 1 :]))


# Scoring -------------------------------------------------------------------------------------


def test_column_pairs_kings_red_sevens_and_jokers_score_as_the_seed_table() -> None:
    """3.2 #1: top [K, 5, J, JK] over [K, 5, 2, 7H]: two pairs free, 10 + 2, -5 + 0 (red 7): 7."""
    assert grid_score(parse_cards("KS 5C JC JK KD 5D 2C 7H")) == 7


def test_a_block_of_four_equal_cards_is_minus_ten() -> None:
    """3.2 #2: columns 1-2 all 8s are a block (-10), column 0 [3, 4] 7, column 3 [K, A] 1: -2."""
    assert grid_score(parse_cards("3C 8S 8H KS 4D 8D 8C AH")) == -2


def test_a_block_of_four_jokers_is_minus_fifty() -> None:
    """3.2 #3: "Block of 4 Jokers Minus 50"; the other columns here are pairs (0)."""
    assert grid_score(parse_cards("JK JK 2C 3C JK JK 2D 3D")) == -50
    # The same four jokers as two columns apart are only two pairs (0 each): 10 + 10 besides.
    assert grid_score(parse_cards("JK QC JK JC JK QD JK JD")) == 0


def test_black_seven_scores_seven_red_seven_free_and_seven_over_seven_is_a_pair() -> None:
    """3.2 #4: "Red 7s Free"; 7S over 7H is a pair (0), 7S over 2C is 7 + 2."""
    assert grid_score(parse_cards("7S 9S 3S 4S 2C 9H 3H 4H")) == 9
    assert grid_score(parse_cards("7H 9S 3S 4S 2C 9H 3H 4H")) == 2
    assert grid_score(parse_cards("7S 9S 3S 4S 7H 9H 3H 4H")) == 0
    assert [golf.card_points(c) for c in parse_cards("AS 9C 10D JH QS KC 7D 7C JK")] == [1, 9, 10, 10, 10, 0, 0, 7, -5]


def test_pairs_are_by_rank_so_ten_and_queen_do_not_pair() -> None:
    """Reading: "two cards of the same value" means the same rank: 10 over Q scores 20."""
    assert grid_score(parse_cards("10S 9S 3S 4S QH 9H 3H 4H")) == 20
    assert grid_score(parse_cards("QS 9S 3S 4S QH 9H 3H 4H")) == 0


def test_six_or_eight_equal_cards_take_the_best_non_overlapping_blocks() -> None:
    """Reading: blocked columns are not scored again; six 5s make one block and a pair (-10),
    eight 5s two blocks (-20)."""
    assert grid_score(parse_cards("5S 5H 5D KS 5C 5S 5H KH")) == -10
    assert grid_score(parse_cards("5S 5H 5D 5C 5C 5S 5H 5D")) == -20
    assert grid_score(parse_cards("KS KH KD KC KS KH KD KC")) == -20


def test_joker_pairs_keep_value_option() -> None:
    """Reading: a column pair of jokers is free by "Pair Free" read literally; the option keeps
    each joker's -5 (block of four jokers still -50)."""
    cards = parse_cards("JK 9C 3S 4S JK 9D 3H 4H")
    assert grid_score(cards) == 0
    assert grid_score(cards, Options(joker_pairs_keep_value=True)) == -10
    assert grid_score(parse_cards("JK JK 3S 4S JK JK 3H 4H"), Options(joker_pairs_keep_value=True)) == -50


# Deal, views and turns -----------------------------------------------------------------------


def test_deal_goes_one_card_at_a_time_from_the_dealers_left_and_the_owner_sees_its_bottom_corners() -> None:
    """Seed: "Deal 8 cards to each player, do not look at your cards"; "You may look at the two
    cards located in the bottom row in the outer corners"; "Play starts with the person to the
    dealer's left"."""
    state = game([ZEROES, HIGH, MIDDLE], "5C", dealer=1)
    assert state.grids[2] == parse_cards(MIDDLE) and state.grids[0] == parse_cards(ZEROES)
    assert state.turn == 2 and state.discards == parse_cards("5C")
    assert events(state) == ["seat 1 deals hand 1", "note: each seat antes 1; the pot holds 3", "turns up 5C", "seat 2 to play"]
    mine = golf.view(state, 2)
    assert [str(c) for c in mine.grids[2]] == ["??", "??", "??", "??", "??", "??", "??", "AS"][:4] + ["5H", "??", "??", "AS"]
    assert all(c is HIDDEN for c in mine.grids[0]) and all(c is HIDDEN for c in golf.view(state, None).grids[2])
    assert golf.scores(state) == (99, 99, 99) and state.ledger.pots == (3,)


def test_turn_start_moves_and_draw_seen_by_the_drawer_alone() -> None:
    """Seed: "You can either take a card from the stack or the discard pile"; "Players can knock
    whenever they like" (from the first turn)."""
    state = game([ZEROES, HIGH], "5C", stock="9H", dealer=1)
    assert moves(state) == ["draw stock", *(f"take discard {p}" for p in range(8)), "knock"]
    state = play(state, "draw stock")
    assert state.drawn == Card.parse("9H") and state.phase is Phase.DRAWN
    assert events(state) == ["seat 0 draws 9H"] and events(golf.view(state, 1)) == ["seat 0 draws ??"]
    assert golf.view(state, 1).drawn is HIDDEN and golf.view(state, 0).drawn == Card.parse("9H")
    assert moves(state) == [*(f"exchange {p}" for p in range(8)), *(f"discard flip {p}" for p in range(8))]


def test_exchange_puts_the_card_face_up_and_the_old_one_on_the_discards() -> None:
    """Seed: "If you exchange one of your cards for one of these you must place it face up";
    "You can exchange any of your up cards as many times as you want" (no turn-up then)."""
    state = play(game([ZEROES, HIGH], "5C", stock="9H 4S", dealer=1), "draw stock", "exchange 1")
    assert state.grids[0][1] == Card.parse("9H") and state.face_up[0] == (False, True, *(False,) * 6)
    assert state.discards == parse_cards("5C 2C") and events(state)[:2] == ["seat 0 plays 9H 1", "seat 0 discards 2C"]
    assert golf.view(state, 1).grids[0][1] == Card.parse("9H") and golf.view(state, 1).discards[-1] == Card.parse("2C")
    # Seat 1 takes the 2C to its position 1, then seat 0 exchanges its face-up 9H again.
    state = play(state, "take discard 1", "draw stock", "exchange 1")
    assert state.grids[1][1] == Card.parse("2C") and state.grids[0][1] == Card.parse("4S")
    assert state.face_up[0] == (False, True, *(False,) * 6) and state.discards[-1] == Card.parse("9H")


def test_discarding_the_drawn_card_must_turn_up_a_face_down_card() -> None:
    """3.2 #5: "If you do not use the card picked up you still must turn up one of your cards":
    with three cards face down, the discard names one of them."""
    state = with_face_up(game([ZEROES, HIGH], "5C", stock="9H", dealer=1), 0, "0 1 3 4 6")
    state = play(state, "draw stock")
    assert moves(state) == [*(f"exchange {p}" for p in range(8)), "discard flip 2", "discard flip 5", "discard flip 7"]
    with pytest.raises(IllegalMove, match="the card at 3 is already face up: turn up a face-down card \\(2 5 7\\)"):
        golf.apply(state, golf.DiscardDrawn(0, 3))
    state = play(state, "discard flip 5")
    assert state.discards[-1] == Card.parse("9H") and state.face_up[0][5]
    assert events(state)[:2] == ["seat 0 discards 9H", "seat 0 reveals 2D 5"]


def test_refusals_name_the_rule() -> None:
    """Draw or take first; one knock a round; one seat at a time."""
    state = game([ZEROES, HIGH], "5C", dealer=1)
    with pytest.raises(IllegalMove, match="draw from the stock or take the discard first"):
        golf.apply(state, golf.Exchange(0, 2))
    with pytest.raises(IllegalMove, match="it is seat 0's turn, not seat 1's"):
        golf.apply(state, golf.DrawStock(1))
    with pytest.raises(IllegalMove, match="positions are 0-7"):
        golf.apply(state, golf.TakeDiscard(0, 8))
    drawn = play(state, "draw stock")
    with pytest.raises(IllegalMove, match="a card was drawn: exchange it"):
        golf.apply(drawn, golf.Knock(0))
    knocked = play(state, "knock")
    with pytest.raises(IllegalMove, match="seat 0 has already knocked: one knock a round"):
        golf.apply(knocked, golf.Knock(1))


# End of round and chips ----------------------------------------------------------------------


def test_knock_gives_everyone_else_one_turn_then_the_lowest_takes_the_pot() -> None:
    """Seed: "Everyone gets one turn after the knock and then must turn all their cards over";
    "highest score on each round pays"; "Lowest score wins the pot". 74 -> 69 after the take."""
    state = play(game([ZEROES, HIGH], "5C", dealer=1), "knock")
    assert events(state) == ["seat 0 knocks", "note: one more turn each", "seat 1 to play"]
    assert moves(state) == ["draw stock", *(f"take discard {p}" for p in range(8))]
    state = play(state, "take discard 0")
    said = events(state)
    assert said[2:8] == [
        "seat 0 shows: 0 KS 2C 3C 4C KH 2D 3D 4D",
        "seat 1 shows: 69 5C QH 9C 9D JS JH 8C 8D",
        "hand scored: 0 69",
        "seat 1 pays: into the pot 1",
        "seat 0 wins: chips from the pot 3",
        "seat 0 deals hand 2",
    ]
    assert state.hand == 2 and state.dealer == 0 and state.turn == 1
    assert golf.scores(state) == (101, 97) and state.ledger.pots == (2,) and state.totals == (0, 69)


def test_a_knocker_with_the_sole_highest_score_pays_double() -> None:
    """3.2 #6: "If the person that knocked is the highest they pay double"; the lowest seat
    takes the pot (2 antes + 2)."""
    state = play(game([HIGH, ZEROES], "5C", dealer=1), "knock", "take discard 0")
    assert events(state)[4:7] == ["hand scored: 74 5", "seat 0 pays: into the pot 2", "seat 1 wins: chips from the pot 4"]
    assert golf.scores(state) == (96, 102)


def test_tied_highest_all_pay_and_tied_lowest_share_the_pot_leaving_an_odd_chip() -> None:
    """Seed: "If two or more people tie with the highest score they both pay"; reading: tied
    lowest seats share the pot evenly and an odd chip stays for the next round."""
    ledger = Ledger((99, 99, 99, 99), (False,) * 4, (4,))
    after, paid = settle(ledger, (10, 30, 30, 10), knocker=2)
    assert after.counts == (102, 98, 97, 102) and after.pots == (1,) and paid == (3, -1, -2, 3)
    after, paid = settle(Ledger((99, 99, 99), (False,) * 3, (3,)), (5, 5, 9), knocker=None)
    assert after.counts == (101, 101, 98) and after.pots == (0,)


def test_a_seat_with_every_card_face_up_ends_the_round_after_one_more_turn_each() -> None:
    """Seed: "Play goes until one player has all 8 cards turned up. Each player has one turn
    after this." Nobody knocks after that."""
    state = with_face_up(game([MIDDLE, ZEROES, HIGH], "5C", stock="9H 4S 6D", dealer=2), 0, "0 1 2 3 4 5 7")
    state = play(state, "draw stock", "discard flip 6")
    assert state.finisher == 0 and "seat 0 note: has every card face up: one more turn each" in events(state)
    assert moves(state) == ["draw stock", *(f"take discard {p}" for p in range(8))]
    state = play(state, "draw stock", "exchange 3")
    assert state.phase is Phase.DRAW and state.turn == 2 and state.hand == 1
    state = play(state, "draw stock", "discard flip 0")
    assert state.hand == 2 and "hand scored: 5 0 74" in events(state)


def test_turn_limit_valve_scores_a_round_nobody_ended() -> None:
    """rules/other.md section 0: a stated valve (`max_turns_per_hand`) ends a round in which
    nobody knocked or turned everything up; it is then scored as usual."""
    state = game([ZEROES, HIGH], "5C", dealer=1, options=Options(max_turns_per_hand=2))
    state = play(state, "draw stock", "exchange 0")
    assert state.hand == 1
    state = play(state, "draw stock", "exchange 0")
    assert state.hand == 2 and "note: nobody knocked or turned every card up in 2 turns: the round is scored" in events(state)


def test_stock_exhausted_reshuffles_the_discards_but_the_top_card() -> None:
    """Reading: when the stock runs out, the discards except the top card become the stock."""
    state = game([ZEROES, HIGH], "5C", dealer=1)
    state = attrs.evolve(state, stock=(), discards=(*state.stock, *state.discards))
    size = len(state.discards)
    state = play(state, "draw stock")
    assert events(state)[0] == "reshuffles the discards into the stock"
    assert state.discards == parse_cards("5C") and len(state.stock) == size - 2 and state.drawn is not None
    golf.check_invariants(state)


# Match, options and presets ------------------------------------------------------------------


def test_whole_match_ends_after_the_last_round_with_the_most_chips_winning() -> None:
    """Reading: `rounds` holes (one here); the most chips wins; every card ends face up."""
    state = game([ZEROES, HIGH], "5C", dealer=1, options=Options(rounds=1))
    state = play(state, "knock", "take discard 0")
    assert golf.is_over(state) and golf.winners(state) == frozenset({0})
    assert golf.scores(state) == (102, 98) and golf.legal_moves(state) == () and golf.to_act(state) == frozenset()
    assert events(state)[-1] == "game over; winners: 0" and all(all(up) for up in state.face_up)
    assert golf.view(state, 1).grids == state.grids


def test_equal_chips_are_broken_by_the_lowest_total_score() -> None:
    """Reading: ties on chips go to the lowest total of round scores, then are shared."""
    state = play(game([ZEROES, HIGH], "5C", dealer=1, options=Options(rounds=1)), "knock", "take discard 0")
    even = attrs.evolve(state, ledger=Ledger((100, 100), (False, False), (0,)), totals=(12, 9))
    assert golf.winners(even) == frozenset({1})
    assert golf.winners(attrs.evolve(even, totals=(9, 9))) == frozenset({0, 1})


def test_a_random_match_runs_to_its_last_round() -> None:
    """The whole match: every round scored and dealt inside apply, chips conserved."""
    spec = parlour.game("golf")
    state = golf.new_game(5, seed=11, options=Options(rounds=3))
    plies = 0
    while not golf.is_over(state):
        state = golf.apply(state, golf.legal_moves(state)[plies % len(golf.legal_moves(state))])
        plies += 1
        spec.check_invariants(state)
    assert state.hand == 3 and sum(golf.scores(state)) + state.ledger.pots[0] == 500
    assert golf.winners(state) and plies <= spec.max_plies


def test_shoe_has_three_packs_with_jokers_and_four_above_eight_players() -> None:
    """Seed: "3-4 decks of cards, including jokers"; reading: four packs above eight players,
    `packs` fixes it."""
    assert len(pack_for(8)) == 162 and len(pack_for(9)) == 216 and pack_for(2).count(Card.parse("JK")) == 6
    state = golf.new_game(4, seed=1, options=Options(packs=4))
    assert len(state.stock) + len(state.discards) + 32 == 216
    with pytest.raises(ValueError, match="packs must be 0"):
        Options(packs=2)


def test_stake_and_rounds_options() -> None:
    """Reading: everyone starts with `stake` chips and antes one of them each round."""
    state = golf.new_game(3, seed=2, options=Options(stake=5))
    assert golf.scores(state) == (4, 4, 4) and state.ledger.pots == (3,)
    with pytest.raises(ValueError, match="rounds must be at least 1"):
        Options(rounds=0)


def test_metzker_preset_and_text_forms() -> None:
    """The seed's game is the default; options read and write as text."""
    assert Options.metzker() == Options()
    assert golf.GAME.presets == (("metzker", Options()),)
    from parlour.core.options import options_text, parse_options

    text = options_text("golf", Options(rounds=18, joker_pairs_keep_value=True))
    assert text == "golf(rounds=18,joker_pairs_keep_value=true)"
    assert parse_options(Options, text)[1] == Options(rounds=18, joker_pairs_keep_value=True)


def test_views_never_show_face_down_cards_and_moves_round_trip() -> None:
    """A seat sees face-up cards and its own bottom corners; JSON and notation round-trip."""
    state = play(game([ZEROES, HIGH, MIDDLE], "5C", dealer=2), "draw stock", "exchange 2")
    seen = golf.view(state, 2)
    assert [str(c) for c in seen.grids[0]] == ["??", "??", str(state.grids[0][2]), "??", "??", "??", "??", "??"]
    assert [str(c) for c in seen.grids[2]][4:] == ["5H", "??", "??", "AS"]
    assert parlour.from_json(parlour.to_json(state)) == state
    for move in golf.legal_moves(state):
        assert golf.parse_move(state, str(move)) == move
    assert golf.legal_moves(seen) == () and golf.legal_moves(golf.view(state, 1)) == golf.legal_moves(state)


def test_check_invariants_refuses_states_no_game_reaches() -> None:
    """The guard against hostile JSON: chips must add up, one trigger a round, flags are
    booleans, the seat to act has a card face down."""
    state = game([ZEROES, HIGH], "5C", dealer=1)
    golf.check_invariants(state)
    bad = [
        (attrs.evolve(state, ledger=Ledger((99, 99), (False, False), (5,))), "do not add up"),
        (attrs.evolve(state, knocker=0, finisher=1), "one trigger"),
        (attrs.evolve(state, face_up=((1,) * 8, (False,) * 8)), "booleans"),  # type: ignore[arg-type]
        (with_face_up(state, 0, "0 1 2 3 4 5 6 7"), "no face-down card"),
        (attrs.evolve(state, turns=200), "turns cannot have been played"),
        (attrs.evolve(state, phase=Phase.DRAWN), "a card is drawn exactly"),
        (attrs.evolve(state, knocker=5), "knocker"),
    ]
    for broken, message in bad:
        with pytest.raises(ValueError, match=message):
            golf.check_invariants(broken)


def test_settle_and_ante_match_the_ledger_steps() -> None:
    """`settle` in one step equals `Ledger.pay_in` for each highest seat then `Ledger.share`
    among the lowest; the deal's ante equals `pay_in` of one chip a seat (seats short of chips
    pay what they have)."""
    import random

    from parlour.core.rng import Rng

    chooser = random.Random(4)
    for _ in range(500):
        n = chooser.randrange(2, 7)
        ledger = Ledger(tuple(chooser.randrange(0, 4) for _ in range(n)), (False,) * n, (chooser.randrange(0, 9),))
        points = tuple(chooser.randrange(-5, 6) for _ in range(n))
        knocker = chooser.choice([None, *range(n)])
        expected = ledger
        for s, p in enumerate(points):
            if p == max(points):
                expected = expected.pay_in(s, 0, 2 if s == knocker else 1)
        expected = expected.share(0, [s for s, p in enumerate(points) if p == min(points)])
        assert settle(ledger, points, knocker) == (expected, tuple(a - b for a, b in zip(expected.counts, ledger.counts)))
        anted = golf._deal(Options(), 1, 0, ledger, (0,) * n, Rng(1), None, ()).ledger
        for s in range(n):
            ledger = ledger.pay_in(s, 0, 1)
        assert anted == ledger


def test_grid_score_fast_path_matches_the_block_search() -> None:
    """`grid_score` (which searches blocks only when two neighbouring columns are pairs) equals
    the exhaustive search `_block_score` on many random layouts, most of them rich in pairs."""
    import random

    chooser = random.Random(9)
    shoe = pack_for(4)
    for n in range(4000):
        pool = shoe if n % 2 else [c for c in shoe if int(c.rank) in (1, 7, 13) or c.rank.name == "JOKER"]
        cards = tuple(chooser.sample(pool, 8))
        for keep in (False, True):
            assert grid_score(cards, Options(joker_pairs_keep_value=keep)) == golf._block_score(cards, keep)
