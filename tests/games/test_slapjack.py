"""Slapjack scenarios from the House Party guide ("SLAPJACK") and the rules notes (other.md
sections 0, 1.1 and 2.3, with its scenario tests 1-6)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, cards_text, parse_cards, standard_pack
from parlour.core.errors import GameOver, IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.windows import Tie, Window
from parlour.games import slapjack
from parlour.games.slapjack import Flip, Hold, Options, Phase, Slap, State

PACK = standard_pack()


def deck_for(piles: Sequence[str], dealer: int) -> list[Card]:
    """A deck that deals seat s a pile starting (top first) with the cards named in `piles[s]`,
    topped up with unnamed cards in pack order, when `dealer` deals from its left."""
    n = len(piles)
    named = [list(parse_cards(p)) for p in piles]
    used = {c for p in named for c in p}
    spare = iter(c for c in PACK if c not in used)
    first = (dealer + 1) % n
    shares = [52 // n + (1 if (s - first) % n < 52 % n else 0) for s in range(n)]
    full = [p + [next(spare) for _ in range(shares[s] - len(p))] for s, p in enumerate(named)]
    return [full[(first + i) % n][i // n] for i in range(52)]


def game(named: Sequence[str] = (), *, n: int = 4, dealer: int | None = None, options: Options | None = None) -> State:
    """A new game whose first seats' piles start with the named cards; seat 0 turns first."""
    dealer = n - 1 if dealer is None else dealer
    piles = [*named, *[""] * (n - len(named))]
    return slapjack.new_game(n, seed=5, deck=deck_for(piles, dealer), dealer=dealer, options=options)


def moves(state: State, player: int | None = None) -> list[str]:
    return [f"{m.player}: {m}" for m in slapjack.legal_moves(state, player)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = slapjack.apply(state, slapjack.parse_move(state, text))
        slapjack.check_invariants(state)
    return state


def events(state: State) -> list[str]:
    return [str(e) for e in state.events]


def counts(state: State) -> list[int]:
    return [len(p) for p in state.piles]


def emptied(state: State, seat: int, to: int) -> State:
    """`state` with seat `seat`'s whole pile moved under seat `to`'s (cards conserved)."""
    piles = list(state.piles)
    piles[to] = piles[to] + piles[seat]
    piles[seat] = ()
    position = attrs.evolve(state, piles=tuple(piles))
    slapjack.check_invariants(position)
    return position


def everyone_holds(state: State) -> State:
    assert state.window is not None
    for seat in state.window.waiting:
        state = play(state, f"{seat}: hold")
    return state


# The deal and the turn -------------------------------------------------------------------------


def test_the_pack_is_dealt_roughly_equally_from_the_dealers_left_who_turns_first() -> None:
    """Seed: "Divide the pack roughly equally between the players" (rules notes 2.3: round-robin
    from the dealer's left, who turns first). The first card dealt to a seat is its top card."""
    state = slapjack.new_game(3, seed=1, deck=PACK, dealer=1)
    assert counts(state) == [17, 17, 18]
    assert state.piles[2][:2] == parse_cards("AC 4C") and state.piles[0][:2] == parse_cards("2C 5C")
    assert state.turn == 2 and state.phase is Phase.FLIP
    assert events(state) == ["seat 1 deals hand 1", "seat 2 to play"]
    assert moves(state) == ["2: flip"] and slapjack.to_act(state) == frozenset({2})
    drawn = slapjack.new_game(5, seed=9)
    assert counts(drawn) == [11 if (s - drawn.turn) % 5 < 2 else 10 for s in range(5)]


def test_nobody_sees_a_pile_not_even_its_owner() -> None:
    """Seed: "Everyone holds their cards as a face down pile" and "you must not peek at it"
    (rules notes 2.3: view shows counts only)."""
    state = play(game(("7D",)), "flip")
    for viewer in (0, 1, None):
        seen = slapjack.view(state, viewer)
        assert all(card is HIDDEN for pile in seen.piles for card in pile)
        assert counts(seen) == [12, 13, 13, 13] and seen.centre == parse_cards("7D")
    assert moves(slapjack.view(state, 1)) == ["1: slap", "1: hold"]
    assert slapjack.legal_moves(slapjack.view(state, None)) == ()
    assert [str(e) for e in slapjack.view(play(state, "2: slap"), 2).events] == [
        "seat 2 calls: slap",
        "seat 2 gives: its top card to seat 0",
    ]


def test_turning_a_card_puts_it_face_up_on_the_centre_and_opens_the_slap_window() -> None:
    """Seed: "each player places the top card of their pile face up in the centre"; rules notes 0:
    the flip opens a window over every seat in, each with slap and hold (the turner last)."""
    state = play(game(("3H",)), "flip")
    assert state.centre == parse_cards("3H") and counts(state) == [12, 13, 13, 13]
    assert events(state) == ["seat 0 plays 3H"]
    assert moves(state) == ["1: slap", "1: hold", "2: slap", "2: hold", "3: slap", "3: hold", "0: slap", "0: hold"]
    assert state.window == Window.open((1, 2, 3, 0), Tie.FIRST)
    state = everyone_holds(state)
    assert events(state)[-2:] == ["seat 0 passes", "seat 1 to play"] and moves(state) == ["1: flip"]


def test_play_goes_clockwise_passing_over_seats_without_cards() -> None:
    """Seed: "If you run out of cards you no longer play a card when it is your turn"."""
    state = emptied(game(("2C",)), 1, 3)
    state = everyone_holds(play(state, "flip"))
    assert state.turn == 2 and events(state)[-1] == "seat 2 to play"
    assert slapjack.next_to_flip(state.piles, 0) == 2 and slapjack.next_to_flip(state.piles, 2) == 3
    assert slapjack.next_to_flip(((), (), ()), 1) is None


# Jacks -----------------------------------------------------------------------------------------


def test_two_players_the_first_slap_on_a_jack_wins_the_centre_and_the_loser_turns_next() -> None:
    """Rules notes 2.3, scenario 1: two players; seat 0 flips JC; seat 1's slap is applied first:
    seat 1 gets the centre under its own cards; next to flip is seat 0 (the winner's left)."""
    state = play(game(("JC",), n=2), "flip")
    assert moves(state) == ["1: slap", "1: hold", "0: slap", "0: hold"]
    state = play(state, "1: slap")
    assert events(state) == ["seat 1 calls: slap", "seat 1 takes: the centre pile JC", "seat 0 to play"]
    assert counts(state) == [25, 27] and state.piles[1][-1] == Card.parse("JC")
    assert state.centre == () and state.turn == 0 and state.window is None


def test_the_centre_goes_under_the_winners_pile_in_order() -> None:
    """Seed: the winner "adds these cards face down to the bottom of their own pile" (rules notes
    2.3: the bottom card of the centre first, so the order is kept). The winner's left turns next."""
    state = game(("2C 3C", "2D", "JH"))
    before = state.piles[2]
    state = everyone_holds(play(state, "flip"))
    state = everyone_holds(play(state, "flip"))
    state = play(state, "flip", "3: hold", "2: slap")
    assert events(state)[-1] == "seat 3 to play" and "3: slap" not in moves(state)
    assert state.piles[2] == before[1:] + parse_cards("2C 2D JH")
    assert counts(state) == [12, 12, 15, 13]


def test_the_first_slap_applied_ends_the_race_and_the_others_are_not_asked() -> None:
    """Seed: "If several people slap, the person whose hand is underneath ... is the winner"
    (rules notes 0: the first applied slap wins and closes the window at once)."""
    state = play(game(("JS",)), "flip", "2: hold", "3: slap")
    assert slapjack.to_act(state) == frozenset({0}) and state.phase is Phase.FLIP
    with pytest.raises(IllegalMove, match="no card is waiting to be slapped: seat 0 is to turn one"):
        slapjack.apply(state, Slap(1))
    assert counts(state) == [12, 13, 13, 14]


def test_a_jack_nobody_slaps_stays_in_the_centre() -> None:
    """Rules notes 2.3: when the window closes without a jack being won, the next seat with cards
    left of the turner turns; the jack stays for whoever wins the next one."""
    state = everyone_holds(play(game(("JD",)), "flip"))
    assert state.centre == parse_cards("JD") and state.turn == 1 and counts(state) == [12, 13, 13, 13]


def test_a_seat_without_cards_is_out_when_another_wins_the_jack() -> None:
    """Rules notes 2.3, scenario 3: seat 1 has 0 cards; the next jack is won by seat 3: seat 1 is
    eliminated (seed: "If someone else wins ... you are out of the game")."""
    state = emptied(game(("JD",)), 1, 2)
    state = play(state, "flip")
    assert "1: slap" in moves(state)
    state = play(state, "3: slap")
    assert events(state) == [
        "seat 3 calls: slap",
        "seat 3 takes: the centre pile JD",
        "seat 1 drops out",
        "seat 0 to play",
    ]
    assert state.out == (False, True, False, False) and slapjack.scores(state) == (12, 0, 26, 14)
    state = play(state, "flip")
    assert state.window is not None and state.window.eligible == (2, 3, 0)
    with pytest.raises(IllegalMove, match="seat 1 is out of the game"):
        slapjack.apply(state, Slap(1))


def test_a_seat_without_cards_that_wins_a_jack_is_back_in() -> None:
    """Rules notes 2.3, scenario 5: seat 1 has 0 cards and wins a jack: it holds the centre pile
    and turns again later (seed: "if you win you are back in the game")."""
    state = emptied(game(("4S", "", "JS")), 1, 3)
    state = everyone_holds(play(state, "flip"))
    assert state.turn == 2
    state = play(state, "flip", "1: slap")
    assert state.piles[1] == parse_cards("4S JS") and state.out == (False,) * 4
    assert state.turn == 2 and events(state)[-1] == "seat 2 to play"
    state = everyone_holds(play(state, "flip"))
    state = everyone_holds(play(state, "flip"))
    state = everyone_holds(play(state, "flip"))
    assert state.turn == 1 and moves(state) == ["1: flip"]


def test_the_flipper_who_turned_its_last_card_is_out_when_another_wins_its_jack() -> None:
    """Rules notes 2.3: on a jack won, every other seat with 0 cards is out, the turner too."""
    state = game(("JH",))
    piles = list(state.piles)
    piles[1] = piles[1] + piles[0][1:]
    piles[0] = piles[0][:1]
    state = attrs.evolve(state, piles=tuple(piles))
    state = play(state, "flip", "2: slap")
    assert state.out == (True, False, False, False) and events(state)[2] == "seat 0 drops out"
    assert state.turn == 3


# Wrong slaps -----------------------------------------------------------------------------------


def test_a_wrong_slap_gives_the_top_card_to_the_turner() -> None:
    """Rules notes 2.3, scenario 2: seat 0 flips 7D; seat 2 slaps: seat 2's count -1, seat 0's +1,
    the 7D stays in the centre (seed: "give the top card of their own pile face down to the person
    who played the card")."""
    state = game(("7D", "", "QH"))
    state = play(state, "flip", "2: slap")
    assert counts(state) == [13, 13, 12, 13] and state.centre == parse_cards("7D")
    assert state.piles[0][-1] == Card.parse("QH")
    assert events(state) == ["seat 2 calls: slap", "seat 2 gives: its top card to seat 0"]
    gift = state.events[1]
    assert gift.kind is EventKind.GIVES and gift.numbers == (0,) and gift.cards == ()
    assert slapjack.to_act(state) == frozenset({0, 1, 3}) and state.phase is Phase.SLAP


def test_several_wrong_slaps_on_one_card_each_pay() -> None:
    """Rules notes 2.3: several wrong slappers on the same card each pay one card; the window
    stays open until every seat has answered."""
    state = play(game(("9C",)), "flip", "1: slap", "3: slap", "2: slap")
    assert counts(state) == [15, 12, 12, 12] and state.phase is Phase.SLAP
    state = play(state, "0: hold")
    assert state.phase is Phase.FLIP and state.turn == 1


def test_a_wrong_slap_on_ones_own_card_moves_the_top_card_to_the_bottom() -> None:
    """Rules notes 2.3: the flipper may slap its own card; a wrong slap then moves its top card to
    its own bottom."""
    state = game(("5H 6H 7H",))
    state = play(state, "flip", "0: slap")
    assert state.piles[0][0] == Card.parse("7H") and state.piles[0][-1] == Card.parse("6H")
    assert counts(state) == [12, 13, 13, 13] and events(state)[-1] == "seat 0 gives: its top card to seat 0"


def test_a_seat_without_cards_that_slaps_a_non_jack_is_out_at_once() -> None:
    """Rules notes 2.3, scenario 4: seat 1 has 0 cards and slaps a non-jack: it is eliminated at
    once (seed: "or if you meanwhile slap a card that is not a jack, you are out")."""
    state = emptied(game(("8S",)), 1, 2)
    state = play(state, "flip", "1: slap")
    assert events(state) == ["seat 1 calls: slap", "seat 1 drops out"]
    assert state.out == (False, True, False, False) and counts(state) == [12, 0, 26, 13]
    assert slapjack.to_act(state) == frozenset({0, 2, 3})
    state = everyone_holds(state)
    assert slapjack.legal_moves(state, 1) == () and state.turn == 2


def test_a_penalty_owed_to_a_turner_already_out_is_not_paid() -> None:
    """Reading (the seed is silent): a turner that turned its last card and slapped it wrongly is
    out; a later wrong slap on that card owes nobody."""
    state = game(("6C",))
    piles = list(state.piles)
    piles[1] = piles[1] + piles[0][1:]
    piles[0] = piles[0][:1]
    state = play(attrs.evolve(state, piles=tuple(piles)), "flip", "0: slap")
    assert state.out == (True, False, False, False) and state.phase is Phase.SLAP
    state = play(state, "2: slap")
    assert events(state) == ["seat 2 calls: slap", "seat 2 note: owes nothing: seat 0 is out"]
    assert counts(state) == [0, 25, 13, 13]


# Options ---------------------------------------------------------------------------------------


def test_option_flipper_may_not_slap_leaves_the_turner_out_of_the_window() -> None:
    """Option `flipper_may_slap=False` (a house rule): only the other seats race for the card."""
    state = play(game(("JC",), options=Options(flipper_may_slap=False)), "flip")
    assert moves(state) == ["1: slap", "1: hold", "2: slap", "2: hold", "3: slap", "3: hold"]
    with pytest.raises(IllegalMove, match="seat 0 turned JC and may not slap it"):
        slapjack.apply(state, Slap(0))
    state = everyone_holds(state)
    assert state.turn == 1 and state.centre == parse_cards("JC")
    assert slapjack.slap_window((False, True, False), 2, False).eligible == (0,)
    assert slapjack.slap_window((False, True, False), 2).eligible == (0, 2)


def test_option_penalty_cards_pays_several_or_all_it_has() -> None:
    """Option `penalty_cards` (the guide: 1): a wrong slap pays that many from the top; a seat
    holding fewer pays what it has and stays in with none."""
    state = play(game(("4D", "", "KC QC")), "flip", "2: slap")
    assert counts(state) == [13, 13, 12, 13]
    two = Options(penalty_cards=2)
    state = play(game(("4D", "", "KC QC"), options=two), "flip", "2: slap")
    assert counts(state) == [14, 13, 11, 13] and state.piles[0][-2:] == parse_cards("KC QC")
    assert events(state)[-1] == "seat 2 gives: its top 2 cards to seat 0"
    state = game(options=two)
    piles = list(state.piles)
    piles[0] = piles[0] + piles[2][1:]
    piles[2] = piles[2][:1]
    state = play(attrs.evolve(state, piles=tuple(piles)), "flip", "2: slap")
    assert counts(state)[2] == 0 and not state.out[2]


def test_time_limit_the_seats_holding_most_cards_win() -> None:
    """Rules notes 2.3, scenario 6: `max_flips` reached with counts [20, 12, 20, 0]: winners =
    {0, 2} (seed: "the person holding most cards when the time limit is reached is the winner")."""
    jack = Card.parse("JS")
    rest = [c for c in PACK if c != jack]
    state = game(options=Options(max_flips=1))
    state = attrs.evolve(state, piles=((jack, *rest[:19]), tuple(rest[19:31]), tuple(rest[31:51]), ()))
    slapjack.check_invariants(state)
    state = play(state, "flip", "0: slap")
    assert slapjack.scores(state) == (20, 12, 20, 0) and slapjack.is_over(state)
    assert slapjack.winners(state) == frozenset({0, 2})
    assert events(state)[-3:] == [
        "seat 3 drops out",
        "note: time is up: 1 card turned",
        "game over; winners: 0 2",
    ]
    longer = play(attrs.evolve(state, options=Options(max_flips=2), phase=Phase.FLIP, window=None), "flip")
    assert not slapjack.is_over(longer)
    tied = play(game(("2S",), options=Options(max_flips=1)), "flip", "1: hold", "2: hold", "3: hold", "0: hold")
    assert slapjack.scores(tied) == (12, 13, 13, 13) and slapjack.winners(tied) == frozenset({1, 2, 3})


def test_presets_and_option_checks() -> None:
    """The House Party guide is the one preset (the defaults); options refuse values no rule has."""
    assert Options.house_party() == Options() == Options(max_flips=2000, flipper_may_slap=True, penalty_cards=1)
    assert slapjack.GAME.presets == (("house_party", Options()),)
    with pytest.raises(ValueError, match="max_flips must be a whole number"):
        Options(max_flips=0)
    with pytest.raises(ValueError, match="penalty_cards must be a whole number 1..52"):
        Options(penalty_cards=53)
    with pytest.raises(ValueError):
        Options(flipper_may_slap=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="slapjack is played by 2, 3, 4, 5, 6, 7, 8 players, not 9"):
        slapjack.new_game(9)
    assert slapjack.GAME.max_plies == 2000 * 9


# The end ---------------------------------------------------------------------------------------


def test_the_last_seat_in_wins() -> None:
    """Seed: "When one player has all the cards, that player wins": two seats, the one without
    cards slaps a wrong card and is out; the other wins at once."""
    state = game(("", "KD"), n=2, dealer=0)
    state = emptied(state, 0, 1)
    state = play(state, "flip", "0: slap")
    assert slapjack.is_over(state) and slapjack.winners(state) == frozenset({1})
    assert events(state) == ["seat 0 calls: slap", "seat 0 drops out", "game over; winners: 1"]
    assert slapjack.legal_moves(state) == () and slapjack.to_act(state) == frozenset()
    with pytest.raises(GameOver):
        slapjack.apply(state, Hold(1))
    won = play(emptied(game(("", "JD"), n=2, dealer=0), 0, 1), "flip", "1: slap")
    assert slapjack.winners(won) == frozenset({1}) and slapjack.scores(won) == (0, 52)
    assert events(won)[-2:] == ["seat 0 drops out", "game over; winners: 1"]


def test_no_card_left_to_turn_ends_the_game_shared_by_the_seats_in() -> None:
    """Rules notes 2.3: if no seat in has a card to turn (every card in the centre, which needs
    jacks let pass), the game ends and the seats still in share it."""
    state = game(("AH",), n=2)
    piles = (state.piles[0][:1], ())
    state = attrs.evolve(state, piles=piles, centre=state.piles[0][1:] + state.piles[1], flips=51)
    slapjack.check_invariants(state)
    state = play(state, "flip", "1: hold", "0: hold")
    assert events(state)[-2:] == ["note: no seat has a card to turn", "game over; winners: 0 1"]
    assert slapjack.winners(state) == frozenset({0, 1}) and slapjack.scores(state) == (0, 0)


def test_a_whole_random_game_ends_with_a_right_winner() -> None:
    """A whole game from the deal to the winner through the public API: random play ends with
    one seat left in (which wins), or at the limit with the most cards."""
    chooser = random.Random(4)
    state = slapjack.new_game(3, seed=4)
    plies = 0
    while not slapjack.is_over(state):
        state = slapjack.apply(state, chooser.choice(slapjack.legal_moves(state)))
        plies += 1
    slapjack.check_invariants(state)
    standing = [s for s in range(3) if not state.out[s]]
    assert standing == [2] and slapjack.winners(state) == frozenset({2}) and plies == 400
    assert events(state)[-1] == "game over; winners: 2" and slapjack.scores(state) == (0, 0, 47)
    assert sum(slapjack.scores(state)) + len(state.centre) == 52


# Refusals, notation, invariants ----------------------------------------------------------------


def test_refusals_name_the_rule() -> None:
    """Every move out of place is refused with the reason, and nothing changes."""
    state = game(("10C",))
    with pytest.raises(IllegalMove, match="no card is waiting to be slapped: seat 0 is to turn one"):
        slapjack.apply(state, Slap(1))
    with pytest.raises(IllegalMove, match="it is seat 0's turn to turn a card, not seat 2's"):
        slapjack.apply(state, Flip(2))
    state = play(state, "flip", "1: hold")
    with pytest.raises(IllegalMove, match="10C was just turned: every seat must slap or hold"):
        slapjack.apply(state, Flip(1))
    with pytest.raises(IllegalMove, match="seat 1 has already answered"):
        slapjack.apply(state, Slap(1))
    with pytest.raises(IllegalMove, match="there is no seat 7"):
        slapjack.apply(state, Hold(7))
    assert counts(state) == [12, 13, 13, 13]


def test_notation_seats_and_lenient_words() -> None:
    """`flip`, `slap`, `hold` with a "2:" prefix when several seats could; `pass` reads as hold."""
    state = play(game(("5S",)), "turn")
    with pytest.raises(NotationError, match="could be made by seats 1, 2, 3, 0"):
        slapjack.parse_move(state, "slap")
    assert slapjack.parse_move(state, "2: pass") == Hold(2)
    assert slapjack.parse_move(state, "slap", 3) == Slap(3)
    with pytest.raises(NotationError):
        slapjack.parse_move(state, "flip")
    for move in slapjack.legal_moves(state):
        assert slapjack.parse_move(state, f"{move.player}: {move}") == move


def test_invariants_refuse_impossible_positions() -> None:
    """check_invariants guards decoded states: out seats hold nothing, windows list the seats in."""
    state = play(game(("5S",)), "flip")
    with pytest.raises(ValueError, match="seat 1 is out but holds cards"):
        slapjack.check_invariants(attrs.evolve(state, out=(False, True, False, False)))
    with pytest.raises(ValueError, match="the slap window holds the seats in"):
        slapjack.check_invariants(attrs.evolve(state, window=Window.open((1, 2), Tie.FIRST)))
    with pytest.raises(ValueError, match="every seat is out"):
        slapjack.check_invariants(attrs.evolve(state, out=(True,) * 4))
    with pytest.raises(ValueError, match="no window is open while a seat turns"):
        slapjack.check_invariants(attrs.evolve(state, phase=Phase.FLIP))
    with pytest.raises(ValueError, match="cards turned is outside"):
        slapjack.check_invariants(attrs.evolve(state, flips=2001))
    text = parlour.to_json(state)
    assert parlour.from_json(text) == state
    assert cards_text(state.centre) == "5S"
