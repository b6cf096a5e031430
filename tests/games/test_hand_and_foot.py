"""Scenario tests for Hand and Foot Canasta (the Metzker Book of Card Game Rules, "Hand and Foot
Canasta"; rules/rummy.md section 3.6, whose scenario tests are numbered below)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from parlour import from_json, to_json
from parlour.core.cards import HIDDEN, Card, Rank, parse_cards
from parlour.core.errors import IllegalMove
from parlour.core.events import EventKind
from parlour.games import hand_and_foot as hf


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def arrange(
    hands: dict[int, str],
    *,
    players: int = 4,
    turn: int = 0,
    feet: dict[int, str] | None = None,
    melds: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    discards: str = "",
    stock: str = "",
    opened: tuple[bool, bool] = (True, True),
    phase: hf.Phase = hf.Phase.PLAY,
    round_number: int = 1,
    red_threes: tuple[str, str] = ("", ""),
    options: hf.Options | None = None,
) -> hf.State:
    """A mid-round position that conserves the pack: the named cards where they are said to be,
    a foot of 13 other cards for every seat not named in `feet` (a seat named with "" plays from
    its foot), and every other card in the stock under `stock` (its top cards)."""
    base = hf.new_game(players, seed=1, dealer=(turn - 1) % players, options=options)
    pool = Counter(hf.pack_for(players))

    def take(text: str) -> tuple[Card, ...]:
        got = cards(text)
        for card in got:
            assert pool[card] > 0, f"no {card} left in the pack"
            pool[card] -= 1
        return got

    held = [hf.sort_hand(take(hands.get(seat, ""))) for seat in range(players)]
    team_melds = tuple(tuple(hf.sort_hand(take(m)) for m in team) for team in melds)
    reds = tuple(take(r) for r in red_threes)
    pile = take(discards)
    top = take(stock)
    feet = feet or {}
    foot_cards: list[tuple[Card, ...]] = []
    for seat in range(players):
        if seat in feet:
            foot_cards.append(take(feet[seat]))
        else:
            plain = [c for c in hf.pack_for(players) if pool[c] > 0 and c.rank is not Card.parse("3H").rank]
            chosen: list[Card] = []
            for card in plain:
                if len(chosen) == 13:
                    break
                if pool[card] > 0:
                    pool[card] -= 1
                    chosen.append(card)
            foot_cards.append(tuple(chosen))
    rest: list[Card] = []
    for card in hf.pack_for(players):
        if pool[card] > 0:
            pool[card] -= 1
            rest.append(card)
    state = attrs.evolve(
        base,
        hand=round_number,
        phase=phase,
        turn=turn,
        hands=tuple(held),
        feet=tuple(foot_cards),
        stock=top + tuple(rest),
        discards=pile,
        melds=team_melds,
        red_threes=reds,
        opened=opened,
        took_back=False,
    )
    hf.check_invariants(state)
    return state


def moves(state: hf.State) -> list[str]:
    return [str(m) for m in hf.legal_moves(state)]


def play(state: hf.State, *texts: str) -> hf.State:
    for text in texts:
        state = hf.apply(state, hf.parse_move(state, text))
    return state


# Setup ---------------------------------------------------------------------------------------


def test_pack_is_one_more_deck_than_players_with_jokers() -> None:
    """Seed: "Use one more deck of cards than there are people playing, including jokers"."""
    assert [len(hf.pack_for(n)) for n in (2, 4, 6)] == [162, 270, 378]
    assert Counter(hf.pack_for(4))[Card.parse("JK")] == 10


def test_deal_gives_fifteen_hand_thirteen_foot_and_an_upcard() -> None:
    """Seed: "Deal 15 cards in the hand and 13 cards in the foot, turn one card up"; the player
    at the dealer's left plays first."""
    state = hf.new_game(4, seed=3, dealer=2)
    assert [len(h) for h in state.hands] == [15] * 4
    assert [len(f) for f in state.feet] == [13] * 4
    assert len(state.discards) == 1 and len(state.stock) == 270 - 4 * 28 - 1
    assert state.turn == 3 and state.phase is hf.Phase.DRAW
    assert moves(state) == ["draw"]


def test_wild_or_red_three_upcard_is_covered() -> None:
    """Seed: "If the card turned up is a wild card it should be covered with another card";
    a red 3 is covered too (rules note 3.6, ambiguity 4)."""
    pack = list(hf.pack_for(2))
    top = list(cards("JK 3H 2C 9S"))
    for card in top:
        pack.remove(card)
    deck = pack[:56] + top + pack[56:]
    state = hf.new_game(2, deck=deck, dealer=0)
    assert [str(c) for c in state.discards] == ["JK", "3H", "2C", "9S"]
    assert str(state.discards[-1]) == "9S"


def test_deal_alternates_from_dealers_left_hands_then_feet() -> None:
    """Deal one card at a time clockwise from the dealer's left: hands first, then feet."""
    deck = hf.pack_for(2)
    state = hf.new_game(2, deck=deck, dealer=1)
    assert state.hands[0] == hf.sort_hand(deck[0:30:2])
    assert state.feet[1] == deck[31:56:2]


# Melding -------------------------------------------------------------------------------------


def test_minimum_meld_round_two_needs_120() -> None:
    """Scenario 1: round 2 needs 120. K K K (30) + A A A 2 (85) = 115 is short: no discard,
    only more melds or `take back`; adding 8 8 8 (30) makes 145 and the team has melded."""
    state = arrange({0: "KS KH KD AS AH AD 2C 8S 8H 8D 5C 9C"}, opened=(False, False), round_number=2)
    state = play(state, "meld KD KH KS", "meld AD AH AS", "add 2C to A")
    assert not state.opened[0]
    assert "discard 5C" not in moves(state) and "take back" in moves(state)
    with pytest.raises(IllegalMove, match="minimum of 120"):
        hf.apply(state, hf.Discard(0, Card.parse("5C")))
    state = play(state, "meld 8D 8H 8S")
    assert state.opened[0]
    assert sum(hf.POINTS.total(m) for m in state.melds[0]) == 145
    assert "discard 5C" in moves(state) and "take back" not in moves(state)


def test_take_back_returns_the_opening_and_then_only_discards() -> None:
    """Reading: an opening short of the minimum may be taken back (once a turn); the player
    then only discards."""
    state = arrange({0: "KS KH KD 5C 9C"}, opened=(False, False))
    state = play(state, "meld KD KH KS", "take back")
    assert state.melds[0] == () and state.hands[0] == hf.sort_hand(cards("KS KH KD 5C 9C"))
    assert moves(state) == ["discard 5C", "discard 9C", "discard KD"]


def test_new_melds_offered_and_naturals_at_least_wilds() -> None:
    """Seed: "You must have at least as many naturals as wild to start each set"; the reading
    keeps it at all times and allows one open meld per rank."""
    state = arrange({0: "7S 7H 7D 9S 9H 2C JK 5C"}, melds=(("QS QH 2D",), ("QC QC 2S JK",)))
    got = moves(state)
    assert got[:5] == ["meld 7D 7H 7S", "meld 9H 9S 2C", "meld 9H 9S JK", "add 2C to Q", "add JK to Q"]
    # two naturals and two wilds: no further wild fits
    other = arrange({0: "7S 7H 7D 9S 9H 2C JK 5C"}, melds=(("QS QH 2D JK",), ()))
    assert not any(m.startswith("add") for m in moves(other))
    state = other
    with pytest.raises(IllegalMove, match="at least as many naturals"):
        hf.apply(state, hf.AddCard(0, Card.parse("JK"), Rank.QUEEN))


def test_one_open_meld_per_rank() -> None:
    """Rules note 3.6 (ambiguity 3): a new meld of a rank only once the open one is a book."""
    state = arrange({0: "7S 7H 7D 7C 5C"}, melds=(("7S 7H 7D",), ()))
    assert "meld 7C 7D 7H" not in moves(state)
    assert "add 7C to 7" in moves(state)


def test_book_closes_at_seven_and_new_meld_may_start() -> None:
    """A meld closes at exactly 7 cards; then a new meld of the rank may be started."""
    state = arrange({0: "7S 7H 7D 7C 5C 9D"}, melds=(("7S 7H 7D 7C 7C 7C",), ()))
    state = play(state, "add 7C to 7")
    assert hf.book_kind(state.melds[0][0]) is hf.BookKind.RED
    assert "meld 7D 7H 7S" in moves(state)


def test_wild_meld_and_wild_book() -> None:
    """A meld of wilds only (3 to 7); seven wilds make a wild book worth 2000."""
    state = arrange({0: "2C 2D JK 5C 9D"})
    assert "meld 2C 2D JK" in moves(state)
    assert hf.book_kind(cards("2C 2D 2H 2S JK JK JK")) is hf.BookKind.WILD
    assert hf.book_kind(cards("5C 5D 5H 5S 2C 2D JK")) is hf.BookKind.BLACK
    assert hf.book_kind(cards("5C 5D 5H 5S 2C 2D")) is None


# The pile ------------------------------------------------------------------------------------


def test_pile_with_a_full_open_meld() -> None:
    """Scenario 2: top 9 with an open 9s meld of 5 cards: 9 9 cannot take it (5 + 3 > 7);
    9 9 9 9 closes the meld with two and starts 9 9 9 with the top card."""
    melds = (("9S 9H 9D 9C 9C",), ())
    two = arrange({0: "9S 9H 5C 6C"}, melds=melds, discards="4C 9D", phase=hf.Phase.DRAW)
    assert moves(two) == ["draw"]
    with pytest.raises(IllegalMove, match="2 more to close"):
        hf.apply(two, hf.TakePile(0))
    four = arrange({0: "9S 9H 9D 9C 5C 6C"}, melds=melds, discards="4C 9D", phase=hf.Phase.DRAW)
    assert moves(four) == ["draw", "take pile"]
    after = play(four, "take pile")
    assert [len(m) for m in after.melds[0]] == [7, 3]
    assert after.hands[0] == hf.sort_hand(cards("4C 5C 6C"))
    assert after.discards == () and after.phase is hf.Phase.PLAY


def test_pile_blocked_by_wild_or_black_three() -> None:
    """Scenario 3: a joker or a black 3 on top blocks the pile; covered by a 7, 7 7 takes it."""
    for top in ("JK", "3S"):
        state = arrange({0: "7S 7H 5C"}, discards=f"9C {top}", phase=hf.Phase.DRAW)
        assert moves(state) == ["draw"]
        with pytest.raises(IllegalMove, match=f"blocked by {top}"):
            hf.apply(state, hf.TakePile(0))
    state = arrange({0: "7S 7H 5C"}, discards="9C JK 7D", phase=hf.Phase.DRAW)
    after = play(state, "take pile")
    assert after.melds[0] == (hf.sort_hand(cards("7S 7H 7D")),)
    assert after.hands[0] == hf.sort_hand(cards("5C 9C JK"))


def test_pile_only_after_the_team_has_melded() -> None:
    """Seed: the pile may be picked up "(if a meld has been established)"."""
    state = arrange({0: "7S 7H 5C"}, discards="7D", phase=hf.Phase.DRAW, opened=(False, True))
    assert moves(state) == ["draw"]
    with pytest.raises(IllegalMove, match="once the team has melded"):
        hf.apply(state, hf.TakePile(0))


# Red and black threes ------------------------------------------------------------------------


def test_red_three_is_laid_and_replaced_on_the_draw() -> None:
    """Seed: a red 3 found in hand is placed face up and replaced from the stock."""
    state = arrange({0: "3H 5C 6C"}, stock="9S 3D KC QC", phase=hf.Phase.DRAW)
    after = play(state, "draw")
    assert after.red_threes[0] == cards("3D 3H")
    assert after.hands[0] == hf.sort_hand(cards("5C 6C 9S KC QC"))
    shown = [e for e in after.events if e.kind is EventKind.SHOWS]
    assert [e.cards for e in shown] == [cards("3D 3H")]


def test_red_threes_count_against_a_team_that_did_not_meld() -> None:
    """Seed: "If you do not meld, any red threes on the table count against you"."""
    assert hf.round_score([], 2, False, (), False) == -200
    assert hf.round_score([], 2, True, (), False) == 200


def test_black_threes_dumped_from_the_foot() -> None:
    """Seed: in the foot with 6 or more black 3s, all may be discarded at once."""
    state = arrange({0: "3S 3S 3C 3C 3S 3C 5C 9D"}, feet={0: ""})
    assert "discard black threes" in moves(state)
    after = play(state, "discard black threes")
    assert after.hands[0] == hf.sort_hand(cards("5C 9D")) and len(after.discards) == 6
    hand = arrange({0: "3S 3S 3C 3C 3S 3C 5C 9D"})
    assert "discard black threes" not in moves(hand)
    with pytest.raises(IllegalMove, match="from the foot"):
        hf.apply(hand, hf.DumpThrees(0))


# Hand, foot and going out --------------------------------------------------------------------


def test_hand_emptied_by_melding_picks_up_the_foot_and_goes_on() -> None:
    """Scenario 6: emptying the hand by melding picks up the foot; the turn goes on."""
    state = arrange({0: "7S 7H 7D"}, feet={0: "4C 4D 5C 5D 6C 6D 8C 8D 9C 9D 10C 10D KS"})
    after = play(state, "meld 7D 7H 7S")
    assert after.feet[0] == () and len(after.hands[0]) == 13
    assert after.turn == 0 and after.phase is hf.Phase.PLAY


def test_hand_emptied_by_discarding_picks_up_the_foot_for_next_turn() -> None:
    """Scenario 6: emptying it by the discard picks up the foot; the turn ends."""
    state = arrange({0: "7S"}, feet={0: "4C 4D 5C 5D 6C 6D 8C 8D 9C 9D 10C 10D KS"})
    after = play(state, "discard 7S")
    assert after.feet[0] == () and len(after.hands[0]) == 13
    assert after.turn == 1 and after.phase is hf.Phase.DRAW


def test_going_out_needs_red_black_and_wild_books() -> None:
    """Scenario 4: red and black books but no wild book: the last card may not be discarded,
    and a player in the foot keeps two cards after a meld."""
    books = ("KS KH KD KC KS KH KD", "8S 8H 8D 8C 2C 2D 2H")
    state = arrange({0: "5C 6C 6D 6H"}, feet={0: ""}, melds=(books, ()))
    assert moves(state) == ["discard 5C", "discard 6C"]
    with pytest.raises(IllegalMove, match="1 red, 1 black and 1 wild"):
        hf.apply(state, hf.Meld(0, cards("6C 6D 6H")))
    two = play(state, "discard 6C")
    assert two.hands[0] == cards("5C 6D 6H")
    full = arrange({0: "5C"}, feet={0: ""}, melds=((*books, "2S 2S 2S JK JK JK JK"), ()))
    assert moves(full) == ["discard 5C"]


def test_going_out_scores_the_round_and_deals_the_next() -> None:
    """Going out: +100, books and the card count; the opponents lose their cards left."""
    books = ("KS KH KD KC KS KH KD", "8S 8H 8D 8C 2C 2D 2H", "2S 2S 2S JK JK JK JK")
    state = arrange(
        {0: "5C", 1: "AS", 2: "", 3: ""},
        feet={0: "", 1: "", 2: "", 3: ""},
        melds=(books, ()),
    )
    after = play(state, "discard 5C")
    scored = [e for e in after.events if e.kind is EventKind.HAND_SCORED][0]
    team0 = 100 + 500 + 300 + 2000 + 70 + (40 + 75) + (75 + 200)
    assert scored.numbers == (team0, -20, team0, -20)
    assert after.points == (team0, -20)
    assert after.hand == 2 and after.phase is hf.Phase.DRAW
    assert any(e.kind is EventKind.GOES_OUT and e.player == 0 for e in after.events)


def test_round_score_example() -> None:
    """Scenario 5: out 100, two red 3s 200, red K book, black 8s book, wild book of 4 JK and
    three 2s, open 5 5 5, partner left with A JK: 3490."""
    melds = [
        cards("KS KH KD KC KS KH KD"),
        cards("8S 8H 8D 8C 8S 2C 2D"),
        cards("JK JK JK JK 2S 2S 2S"),
        cards("5S 5H 5D"),
    ]
    assert hf.round_score(melds, 2, True, cards("AS JK"), True) == 3490


def test_stranded_red_three_penalty_option() -> None:
    """Reading: a red 3 left in a hand or foot costs `stranded_red3_penalty` (default 100)."""
    assert hf.round_score([], 0, True, cards("3H 5C"), False) == -105
    assert hf.round_score([], 0, True, cards("3H 5C"), False, 40) == -45
    for penalty in (100, 40):
        state = arrange(
            {0: "5C 9C", 1: "3H"},
            feet={0: "", 1: "", 2: "", 3: ""},
            phase=hf.Phase.DRAW,
            options=hf.Options(stranded_red3_penalty=penalty),
        )
        state = last_stock_card(state)
        after = play(state, "draw", "discard 5C")
        assert after.hand == 2 and after.points[1] == -penalty


def last_stock_card(state: hf.State) -> hf.State:
    """The same position with one card left in the stock (the others under the discards)."""
    state = attrs.evolve(state, stock=state.stock[-1:], discards=state.stock[:-1] + state.discards)
    hf.check_invariants(state)
    return state


def test_stock_end_ends_the_round_after_the_turn() -> None:
    """Seed: "If the stockpile is out of cards the game is over": the round ends after the
    turn that took the last card (a short draw takes what is left)."""
    state = arrange({0: "5C 9C", 1: "6C"}, feet={0: "", 1: "", 2: "", 3: ""}, phase=hf.Phase.DRAW)
    state = last_stock_card(state)
    after = play(state, "draw")
    assert after.stock == () and len(after.hands[0]) == 3
    after = hf.apply(after, hf.legal_moves(after)[0])
    assert after.hand == 2
    assert any(e.kind is EventKind.HAND_SCORED for e in after.events)


# Options, presets, the whole game ------------------------------------------------------------


def test_rounds_option_and_minimum_table() -> None:
    """Seed: minimum meld 90, 120, 150, 180 by round; `rounds` shortens the game."""
    assert [hf.minimum_meld(r) for r in (1, 2, 3, 4, 5)] == [90, 120, 150, 180, 180]
    assert hf.Options.metzker() == hf.Options()
    with pytest.raises(ValueError, match="rounds must be"):
        hf.Options(rounds=0)
    chooser = random.Random(1)
    state = hf.new_game(2, seed=1, options=hf.Options(rounds=1))
    while not hf.is_over(state):
        state = hf.apply(state, chooser.choice(hf.legal_moves(state)))
    assert state.hand == 1


def test_hand_and_foot_size_options() -> None:
    """Options `hand_size` and `foot_size` change the deal."""
    state = hf.new_game(2, seed=1, options=hf.Options(hand_size=11, foot_size=9))
    assert [len(h) for h in state.hands] == [11, 11] and [len(f) for f in state.feet] == [9, 9]


def test_book_requirement_options() -> None:
    """Options `red_books`, `black_books`, `wild_books`: with no wild book required, the
    player in the foot may go out with red and black books."""
    books = ("KS KH KD KC KS KH KD", "8S 8H 8D 8C 2C 2D 2H")
    options = hf.Options(wild_books=0)
    state = arrange({0: "5C"}, feet={0: ""}, melds=(books, ()), options=options)
    assert moves(state) == ["discard 5C"]
    stricter = arrange({0: "5C"}, feet={0: ""}, melds=(books, ()), options=hf.Options(red_books=2, wild_books=0))
    assert moves(stricter) == []


def test_whole_game_to_the_winner() -> None:
    """A seeded random game of four rounds ends with the team of the higher total winning."""
    chooser = random.Random(7)
    state = hf.new_game(2, seed=7)
    rounds = 0
    while not hf.is_over(state):
        state = hf.apply(state, chooser.choice(hf.legal_moves(state)))
        rounds += sum(1 for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert rounds == 4 and state.hand == 4
    best = max(state.points)
    assert hf.winners(state) == frozenset(s for s in range(2) if state.points[s % 2] == best)
    assert hf.scores(state) == state.points
    over = [e for e in state.events if e.kind is EventKind.GAME_OVER]
    assert over and over[0].numbers == tuple(sorted(hf.winners(state)))


def test_two_and_six_players_in_two_teams() -> None:
    """Seed: "2, 4 or 6 people can play, two teams"; seats alternate between the teams."""
    state = hf.new_game(6, seed=2)
    assert len(state.hands) == 6 and hf.team_of(4) == 0 and hf.team_of(5) == 1
    with pytest.raises(ValueError, match="2, 4, 6 players"):
        hf.new_game(3)


def test_foot_hidden_even_from_its_owner() -> None:
    """Seed: the foot is picked up only when the hand is used up; nobody sees it before."""
    state = hf.new_game(4, seed=4)
    seen = hf.view(state, 1)
    assert all(c == HIDDEN for foot in seen.feet for c in foot)
    assert HIDDEN not in seen.hands[1] and all(c == HIDDEN for c in seen.hands[0])
    assert from_json(to_json(seen)) == seen


def test_parse_round_trips_every_legal_move() -> None:
    """Every legal move reads back from its notation."""
    state = arrange({0: "7S 7H 7D 9S 9H 2C JK 5C 3S"}, melds=(("QS QH QD",), ()))
    for move in hf.legal_moves(state):
        assert hf.parse_move(state, str(move)) == move


def test_not_your_turn_refused() -> None:
    """Only the player whose turn it is moves."""
    state = hf.new_game(4, seed=1, dealer=0)
    with pytest.raises(IllegalMove, match="seat 1's turn"):
        hf.apply(state, hf.Draw(2))


def test_red_three_in_the_pile_is_laid_without_replacement() -> None:
    """Rules note 3.6: a red 3 found in a taken pile is laid down with no replacement."""
    state = arrange({0: "7S 7H 5C"}, discards="3H 9C 7D", stock="KS QS", phase=hf.Phase.DRAW)
    after = play(state, "take pile")
    assert after.red_threes[0] == cards("3H")
    assert after.hands[0] == hf.sort_hand(cards("5C 9C")) and after.stock[:2] == cards("KS QS")


def test_hot_path_caches_match_a_fresh_computation() -> None:
    """The hot path leaves derived facts in a state's caches (the runs of the hand to move; the
    teams' open melds and books; the move list `apply` fills in): along random games, each
    equals what a fresh copy of the state computes, and an equal move object that
    `legal_moves` did not hand out gives the same next state."""
    from parlour.games.hand_and_foot import rules

    for players, seed in ((4, 3), (2, 5), (6, 8)):
        state = hf.new_game(players, seed=seed, options=hf.QUICK)
        chooser = random.Random(seed)
        for _ in range(400):
            moves = hf.legal_moves(state)
            if not moves:
                break
            fresh = attrs.evolve(state)
            assert hf.legal_moves(fresh) == moves
            if state.phase is hf.Phase.PLAY:
                assert state._runs == rules._scan_runs(state.hands[state.turn])
                assert state._team == rules._team_facts(state.melds[state.turn % 2])
            # Both teams' facts, handed on (or updated) by `apply`, are what the melds give.
            assert state._teams == tuple(rules._team_facts(m) for m in state.melds)
            move = moves[chooser.randrange(len(moves))]
            copy = attrs.evolve(move)
            assert copy is not move
            after = hf.apply(state, move)
            assert hf.apply(fresh, copy) == after
            state = after


def test_index_table_helpers_agree_with_the_plain_definitions() -> None:
    """The hot path's table-driven helpers give what their plain definitions give, on random
    cards of the pack: `sort_hand` is a stable sort by the hand-order key, `round_score` counts
    with `POINTS` (a stranded red 3 at the penalty), `_remove` takes one copy of each card, and
    the draw's quick `_pile_ok` says yes exactly when `_pile_problem` finds no reason."""
    from parlour.games.hand_and_foot import rules, tables

    chooser = random.Random(11)
    pack = tables.pack_for(4)
    for _ in range(300):
        some = chooser.sample(pack, chooser.randrange(0, 40))
        assert hf.sort_hand(some) == tuple(sorted(some, key=lambda x: tables._KEY[x.index]))
        held = hf.sort_hand(some)
        gone = chooser.sample(held, min(len(held), chooser.randrange(0, 4)))
        assert Counter(rules._remove(held, gone)) == Counter(held) - Counter(gone)
        melds = [hf.sort_hand(chooser.sample(pack, 7)) for _ in range(chooser.randrange(0, 3))]
        reds, opened, out = chooser.randrange(0, 4), chooser.random() < 0.5, chooser.random() < 0.5
        plain = (100 if out else 0) + (100 if opened else -100) * reds
        for meld in melds:
            kind = tables.book_kind(meld)
            plain += (tables.BOOK_BONUS[kind] if kind else 0) + tables.POINTS.total(meld)
        stranded = [x for x in some if x in tables.RED_THREES]
        plain -= tables.POINTS.total(x for x in some if x not in tables.RED_THREES) + 50 * len(stranded)
        assert hf.round_score(melds, reds, opened, some, out, 50) == plain
    draws = 0
    for players, seed in ((4, 1), (2, 2), (6, 3)):
        state = hf.new_game(players, seed=seed, options=hf.QUICK)
        while hf.legal_moves(state):
            if state.phase is hf.Phase.DRAW and state.opened[state.turn % 2] and state.discards:
                assert rules._pile_ok(state) == (rules._pile_problem(state) is None)
                draws += 1
            state = hf.apply(state, chooser.choice(hf.legal_moves(state)))
    assert draws > 50


def test_hand_scans_agree_with_the_plain_definitions() -> None:
    """The hot path's hand helpers give what their plain definitions give, on random hands of
    the pack: `_insert` (two drawn cards in one scan) is a stable sort of the hand and the cards,
    `_naturals_held` counts the cards of a natural's rank, and `_red_threes` lays the first red
    3s the stock can replace, the rest of the hand and the replacements sorted."""
    from parlour.core.events import Event
    from parlour.games.hand_and_foot import rules, tables

    chooser = random.Random(17)
    pack = tables.pack_for(6)
    naturals = [c for c in pack if tables._KIND[c.index] == tables._NATURAL]
    replaced = 0
    for _ in range(500):
        held = hf.sort_hand(chooser.sample(pack, chooser.randrange(0, 45)))
        drawn = tuple(chooser.sample(pack, chooser.randrange(0, 4)))
        assert rules._insert(held, drawn) == hf.sort_hand((*held, *drawn))
        top = chooser.choice(naturals)
        assert rules._naturals_held(held, top.index) == sum(1 for c in held if c.rank is top.rank)
        stock = tuple(chooser.sample(pack, chooser.randrange(0, 4)))
        events: list[Event] = []
        got = rules._red_threes(0, held, stock, events)
        plain_held, plain_stock, laid = held, stock, []
        while plain_stock:
            reds = [c for c in plain_held if c in tables.RED_THREES][: len(plain_stock)]
            if not reds:
                break
            fresh, plain_stock = plain_stock[: len(reds)], plain_stock[len(reds) :]
            rest = list(plain_held)
            for red in reds:
                rest.remove(red)
            plain_held = hf.sort_hand((*rest, *fresh))
            laid.extend(reds)
        assert got == (plain_held, plain_stock, tuple(laid))
        replaced += bool(laid)
    assert replaced > 50


def test_run_starts_and_lay_off_tables_agree_with_the_plain_definitions() -> None:
    """`_scan_runs` gives each rank's first position in a sorted hand (-1 if absent), and the
    prebuilt lay-off moves equal the moves built the plain way, for every seat and card."""
    from parlour.games.hand_and_foot import rules, tables

    chooser = random.Random(23)
    pack = tables.pack_for(6)
    for _ in range(300):
        held = hf.sort_hand(chooser.sample(pack, chooser.randrange(0, 50)))
        ranks = [tables._RANK_OF[c.index] for c in held]
        plain = [ranks.index(r) if r in ranks else -1 for r in range(16)]
        assert rules._scan_runs(held) == plain
    for seat in range(max(hf.PLAYERS)):
        for card in set(pack):
            kind = tables._KIND[card.index]
            if kind == tables._NATURAL:
                assert rules._NATURAL_ADDS[seat][card.index] == hf.AddCard(seat, card, card.rank)
            elif kind == tables._WILD:
                for rank in (*tables.MELD_RANKS, tables.WILD_MELD):
                    assert rules._WILD_ADDS[seat][card.index][int(rank)] == hf.AddCard(seat, card, rank)


def test_deal_by_slices_agrees_with_core() -> None:
    """Dealing by slices gives `core.deck.deal`'s hands and feet, for every player count and
    many sources and dealers."""
    from parlour.core.deck import deal
    from parlour.core.rng import Rng
    from parlour.games.hand_and_foot import tables

    for players in hf.PLAYERS:
        for seed in range(12):
            rng = Rng(seed * 7919 + players, seed % 3)
            cards, _ = rng.shuffled(tables.pack_for(players))
            dealer = seed % players
            state = hf.new_game(players, deck=cards, dealer=dealer)
            first = (dealer + 1) % players
            hands, rest = deal(cards, players=players, first=first, each=15)
            feet, rest = deal(rest, players=players, first=first, each=13)
            assert state.hands == tuple(hf.sort_hand(h) for h in hands)
            assert state.feet == feet
            assert (*state.discards, *state.stock) == rest


def test_moves_patched_after_a_lay_off_or_meld_match_a_fresh_computation(monkeypatch: pytest.MonkeyPatch) -> None:
    """After a natural is laid off or three naturals are melded, `apply` patches the parent's
    move list and runs instead of working them out again: along many random games (some keen to
    meld), every position after a lay-off or meld has the moves and runs a fresh copy computes,
    and both patches were taken often."""
    from parlour.games.hand_and_foot import rules

    lay_off, meld = rules._legal_after_lay_off, rules._legal_after_natural_meld
    calls: Counter[str] = Counter()

    def counted_lay_off(*args: object) -> None:
        calls["lay off"] += 1
        lay_off(*args)  # type: ignore[arg-type]

    def counted_meld(*args: object) -> None:
        calls["meld"] += 1
        meld(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(rules, "_legal_after_lay_off", counted_lay_off)
    monkeypatch.setattr(rules, "_legal_after_natural_meld", counted_meld)
    for players, seed in [(p, s) for p in hf.PLAYERS for s in range(1, 9)]:
        state = hf.new_game(players, seed=seed, options=hf.QUICK)
        chooser = random.Random(seed)
        keen = seed % 2 == 0
        while hf.legal_moves(state):
            moves = hf.legal_moves(state)
            if keen and chooser.random() < 0.8:
                moves = tuple(m for m in moves if not isinstance(m, hf.Discard)) or moves
            move = moves[chooser.randrange(len(moves))]
            after = hf.apply(state, move)
            if isinstance(move, (hf.AddCard, hf.Meld)) and after.phase is hf.Phase.PLAY and after.turn == state.turn:
                fresh = attrs.evolve(after)
                assert after.legal == fresh.legal
                assert after._runs == rules._scan_runs(after.hands[after.turn])
            state = after
    assert calls["lay off"] > 200 and calls["meld"] > 50, calls
