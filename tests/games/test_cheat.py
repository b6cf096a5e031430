"""Cheat scenarios from the House Party guide ("CHEAT") and the rules notes (other.md sections 0,
1.1 and 2.4, with its scenario tests 1-6)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, Rank, cards_text, parse_cards, standard_pack
from parlour.core.errors import GameOver, IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.shedding import Claim
from parlour.core.windows import Tie
from parlour.games import cheat
from parlour.games.cheat import Challenge, ClaimCards, Decline, Options, Phase, Put, State

PACK = standard_pack()


def deck_for(hands: Sequence[str], dealer: int) -> list[Card]:
    """A deck that deals seat s the cards named in `hands[s]`, topped up with unnamed cards in
    pack order, when `dealer` deals (one card at a time from the dealer's left)."""
    n = len(hands)
    named = [list(parse_cards(h)) for h in hands]
    used = {c for h in named for c in h}
    spare = iter(c for c in PACK if c not in used)
    first = (dealer + 1) % n
    shares = [52 // n + (1 if (s - first) % n < 52 % n else 0) for s in range(n)]
    full = [h + [next(spare) for _ in range(shares[s] - len(h))] for s, h in enumerate(named)]
    return [full[(first + i) % n][i // n] for i in range(52)]


def game(named: Sequence[str] = (), *, n: int = 4, dealer: int = 3, options: Options | None = None) -> State:
    """A new game whose first seats hold the named cards; with dealer 3 of 4, seat 0 plays first."""
    hands = [*named, *[""] * (n - len(named))]
    return cheat.new_game(n, seed=11, deck=deck_for(hands, dealer), dealer=dealer, options=options)


def moves(state: State, player: int | None = None) -> list[str]:
    return [str(m) for m in cheat.legal_moves(state, player)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = cheat.apply(state, cheat.parse_move(state, text))
        cheat.check_invariants(state)
    return state


def events(state: State) -> list[str]:
    return [str(e) for e in state.events]


def last_card_position(last: str, *, options: Options | None = None) -> State:
    """Seat 3 holds only `last` and is to claim kings (claim 13); the pile is empty; seat 3's
    other dealt cards went to seat 0."""
    state = game(("", "", "", last), dealer=2, options=options)  # seat 3 plays first
    card = parse_cards(last)[0]
    given = tuple(c for c in state.hands[3] if c != card)
    hands = (cheat._rank_sorted(state.hands[0] + given), state.hands[1], state.hands[2], (card,))
    position = attrs.evolve(state, hands=hands, plays=12)
    cheat.check_invariants(position)
    return position


# The rank sequence -----------------------------------------------------------------------------


def test_claims_run_ace_to_king_then_ace_again_whatever_happens() -> None:
    """Seed: "The first player must discard Aces, the second player discards Twos ... After
    Tens come Jacks, then Queens, then Kings, then back to Aces" (rules notes 2.4, scenario 1:
    the rank advances after every play, challenged or not)."""
    state = game()
    assert moves(state)[-1] == "put KC" and state.turn == 0
    state = play(state, "put AC", "claim", "1: pass", "2: pass", "3: pass")
    assert events(state)[-1] == "seat 1 to play: twos"
    state = play(state, "put 5D", "claim 1 two", "2: challenge")  # a false claim
    assert state.turn == 2 and events(state)[-1] == "seat 2 to play: threes"
    state = play(state, "put " + str(state.hands[2][0]))
    assert moves(state)[-1] == "claim 1 three"
    claimed = [cheat.rank_to_claim(k) for k in range(15)]
    assert claimed[:3] == [Rank.ACE, Rank.TWO, Rank.THREE]
    assert claimed[9:] == [Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.TWO]


def test_thirteen_claims_later_the_first_seat_claims_aces_again() -> None:
    """Seed: "then back to Aces, etc.": the 14th claim is aces again."""
    state = game()
    for _ in range(13):
        seat = state.turn
        state = play(state, f"put {state.hands[seat][0]}", "claim")
        for other in list(state.window.waiting if state.window else ()):
            state = play(state, f"{other}: pass")
    assert state.plays == 13 and state.turn == 1
    assert moves(state)[0].startswith("put") and events(state)[-1] == "seat 1 to play: aces"
    state = play(state, f"put {state.hands[1][0]}")
    assert moves(state)[-1] == "claim 1 ace"


# Challenges ------------------------------------------------------------------------------------


def test_true_claim_challenged_sends_the_pile_to_the_challenger() -> None:
    """Rules notes 2.4, scenario 2: seat 0 plays [AS, AH] claiming aces; seat 2 challenges: the
    claim is true, seat 2 picks up the pile (those aces included); seat 1 plays next, twos."""
    state = game(("AH AS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC",))
    state = play(state, "put AH", "put AS")
    assert moves(state)[-1] == "claim 2 aces"
    state = play(state, "claim", "2: challenge")
    assert events(state) == [
        "seat 2 calls: cheat",
        "seat 0 reveals: 2 aces AH AS",
        "seat 2 takes: the pile AH AS",
        "seat 1 to play: twos",
    ]
    assert {Card.parse("AH"), Card.parse("AS")} <= set(state.hands[2])
    assert [len(h) for h in state.hands] == [11, 13, 15, 13]
    assert state.pile == () and state.turn == 1 and state.phase is Phase.PLAY


def test_false_claim_challenged_sends_the_pile_to_the_claimant() -> None:
    """Rules notes 2.4, scenario 3: seat 1 plays [7C] claiming twos; seat 3 challenges: seat 1
    picks up the pile; seat 2 plays next."""
    state = game(("", "7C"))
    state = play(state, "put AC", "claim", "1: pass", "2: pass", "3: pass", "put 7C", "claim 1 two")
    assert state.pile == (Claim(0, Rank.ACE, parse_cards("AC")), Claim(1, Rank.TWO, parse_cards("7C")))
    state = play(state, "3: challenge")
    assert events(state) == [
        "seat 3 calls: cheat",
        "seat 1 reveals: 1 two 7C",
        "seat 1 takes: the pile AC 7C",
        "seat 2 to play: threes",
    ]
    assert [len(h) for h in state.hands] == [12, 14, 13, 13] and state.turn == 2
    assert Card.parse("AC") in state.hands[1]


def test_all_decline_the_pile_grows_and_no_hand_changes() -> None:
    """Rules notes 2.4, scenario 4: when every other seat declines the played cards stay on the
    pile and nobody's hand changes."""
    state = play(game(), "put AC", "put 3C", "claim 2 aces")
    before = state.hands
    state = play(state, "1: pass", "3: pass")
    assert state.hands == before and cheat.to_act(state) == frozenset({2})
    state = play(state, "2: pass")
    assert state.hands == before and state.pile == (Claim(0, Rank.ACE, parse_cards("AC 3C")),)
    assert events(state) == ["seat 2 passes", "seat 1 to play: twos"]


def test_a_challenge_picks_up_every_claim_on_the_pile() -> None:
    """Seed: the loser of a challenge "must pick up the whole discard pile", earlier plays too."""
    state = game(("", "", "3D"))
    state = play(state, "put AC", "claim", "1: pass", "2: pass", "3: pass")
    state = play(state, "put 2D", "claim", "2: pass", "3: pass", "0: pass")
    state = play(state, "put 3D", "claim 1 three", "3: challenge")
    assert state.hands[3] == cheat._rank_sorted(parse_cards("AC 2D 3D") + game(("", "", "3D")).hands[3])
    assert len(state.hands[3]) == 16 and state.pile == ()
    assert "seat 3 takes: the pile AC 2D 3D" in events(state)


def test_the_first_challenge_applied_wins_and_closes_the_window() -> None:
    """Rules notes section 0: "the first act that is applied wins the race" and ends the window
    (Tie.FIRST: the first to call "Cheat!"); every other seat may answer at once, in order from
    the claimant's left."""
    state = play(game(), "put AC", "claim")
    assert state.window is not None and state.window.tie is Tie.FIRST
    assert moves(state) == ["challenge", "pass", "challenge", "pass", "challenge", "pass"]
    assert [m.player for m in cheat.legal_moves(state)] == [1, 1, 2, 2, 3, 3]
    state = play(state, "2: pass", "3: challenge")
    assert state.window is None and state.turn == 1
    with pytest.raises(IllegalMove, match="no claim is open"):
        cheat.apply(state, Challenge(1))


def test_each_answer_is_one_seat_and_the_claimant_has_none() -> None:
    """Rules notes section 0: each eligible seat answers once; the claimant is not eligible."""
    state = play(game(), "put AC", "claim", "1: pass")
    assert cheat.to_act(state) == frozenset({2, 3}) and moves(state, 1) == []
    with pytest.raises(IllegalMove, match="seat 1 has already answered"):
        cheat.apply(state, Decline(1))
    with pytest.raises(IllegalMove, match="own claim"):
        cheat.apply(state, Challenge(0))
    with pytest.raises(IllegalMove, match="claim is open"):
        cheat.apply(state, Put(1, state.hands[1][0]))
    with pytest.raises(NotationError, match="seats 2, 3"):
        cheat.parse_move(state, "pass")


# Winning ---------------------------------------------------------------------------------------


def test_last_card_true_and_challenged_the_challenger_takes_the_pile_and_the_seat_wins() -> None:
    """Rules notes 2.4, scenario 5: seat 3 plays its last card [KD] truthfully claiming kings; the
    challenge is false: the challenger takes the pile and seat 3 wins."""
    state = play(last_card_position("KD"), "put KD", "claim 1 king")
    assert state.phase is Phase.CHALLENGE and cheat.winners(state) == frozenset()
    state = play(state, "1: challenge")
    assert events(state) == [
        "seat 1 calls: cheat",
        "seat 3 reveals: 1 king KD",
        "seat 1 takes: the pile KD",
        "seat 3 goes out",
        "game over; winners: 3",
    ]
    assert cheat.is_over(state) and cheat.winners(state) == frozenset({3})
    assert cheat.scores(state) == (25, 14, 13, 0) and moves(state) == []
    with pytest.raises(GameOver):
        cheat.apply(state, Decline(0))


def test_last_card_false_and_challenged_the_seat_picks_up_and_play_goes_on() -> None:
    """Rules notes 2.4, scenario 6 (seed: "If you play your last remaining card(s), but someone
    challenges you and the cards you played are not what you called, you pick up the pile and
    play continues"): seat 3 takes the pile; seat 0 plays next (4 players)."""
    state = play(last_card_position("5D"), "put 5D", "claim", "2: challenge")
    assert not cheat.is_over(state) and state.hands[3] == parse_cards("5D")
    assert state.turn == 0 and events(state)[-1] == "seat 0 to play: aces"


def test_last_card_unchallenged_wins() -> None:
    """Seed: the first player to get rid of all their cards and survive any challenge wins;
    everyone passing lets the last play stand."""
    state = play(last_card_position("5D"), "put 5D", "claim", "0: pass", "1: pass", "2: pass")
    assert events(state)[-2:] == ["seat 3 goes out", "game over; winners: 3"]
    assert cheat.winners(state) == frozenset({3}) and state.pile == (Claim(3, Rank.KING, parse_cards("5D")),)


def test_option_final_challenge_off_wins_at_once() -> None:
    """Options.final_challenge=False (a house rule): emptying the hand wins with no window, even
    on a false claim; with the default the same play opens a window."""
    state = play(last_card_position("5D", options=Options(final_challenge=False)), "put 5D", "claim")
    assert cheat.is_over(state) and cheat.winners(state) == frozenset({3})
    assert events(state)[-2:] == ["seat 3 goes out", "game over; winners: 3"]
    assert not cheat.is_over(play(last_card_position("5D"), "put 5D", "claim"))


def test_turn_limit_ends_the_game_and_the_fewest_cards_win() -> None:
    """Termination valve (Options.max_turns, not in the seed): after the last claim allowed the
    game ends; the seats holding the fewest cards share the win."""
    state = game(options=Options(max_turns=2))
    state = play(state, "put AC", "claim", "1: pass", "2: pass", "3: pass", "put AD", "put 2D", "claim")
    state = play(state, "2: pass", "3: pass")
    assert not cheat.is_over(state)
    state = play(state, "0: pass")
    assert cheat.is_over(state) and cheat.scores(state) == (12, 11, 13, 13)
    assert cheat.winners(state) == frozenset({1})
    assert events(state)[-2:] == ["note: the limit of 2 claims is reached", "game over; winners: 1"]
    tied = play(game(options=Options(max_turns=1)), "put AC", "claim", "1: challenge")  # a true claim
    assert cheat.scores(tied) == (12, 14, 13, 13) and cheat.winners(tied) == frozenset({0})


# Building a play -------------------------------------------------------------------------------


def test_one_put_per_rank_held_the_lowest_suit_and_claim_once_a_card_is_down() -> None:
    """Suits never matter in Cheat, so `put` offers each rank held once (its lowest suit) and the
    move list stays small: at most 13 puts and one claim, whatever the hand."""
    state = game(("7C 7D 7S 9H",))
    assert moves(state) == [f"put {r}C" for r in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10)]
    state = play(state, "put 7C")
    assert "put 7D" in moves(state) and moves(state)[-1] == "claim 1 ace"
    state = play(state, "put 7S")  # any 7 held is read as the canonical one
    assert state.staged == parse_cards("7C 7D") and len(moves(state)) == 11


def test_suits_refusal_and_lenient_notation() -> None:
    """parse_move reads "put 7", "put 7H" (any card of the rank held), "claim" and "cheat"."""
    state = game(("7C 7H",))
    assert cheat.parse_move(state, "put 7") == Put(0, Card.parse("7C"))
    assert cheat.parse_move(state, "put 7H") == Put(0, Card.parse("7C"))
    with pytest.raises(IllegalMove, match="suits do not matter: put it as 'put 7C'"):
        cheat.apply(state, Put(0, Card.parse("7H")))
    with pytest.raises(NotationError, match="does not hold"):
        cheat.parse_move(state, "put " + str(state.hands[1][0]))
    state = play(state, "put 7", "claim")
    assert cheat.parse_move(state, "2: cheat") == Challenge(2)
    assert cheat.parse_move(state, "3: i doubt it") == Challenge(3)


def test_claim_needs_a_card_down_and_the_turns_rank() -> None:
    """Seed: a turn discards "one or more cards"; the rank called is the turn's rank."""
    state = game()
    with pytest.raises(IllegalMove, match="put at least one card down"):
        cheat.apply(state, ClaimCards(0, 1, Rank.ACE))
    state = play(state, "put 5C")
    with pytest.raises(IllegalMove, match="this turn claims aces"):
        cheat.apply(state, ClaimCards(0, 1, Rank.FIVE))
    with pytest.raises(IllegalMove, match="seat 0's turn"):
        cheat.apply(state, Put(1, state.hands[1][0]))


def test_option_most_cards_caps_a_play() -> None:
    """Options.most_cards (a house rule; 0 = "one or more", any number): at the cap only the
    claim is offered."""
    capped = play(game(options=Options(most_cards=2)), "put AC", "put 2C")
    assert moves(capped) == ["claim 2 aces"]
    with pytest.raises(IllegalMove, match="at most 2 card"):
        cheat.apply(capped, Put(0, capped.hands[0][0]))
    free = play(game(), "put AC", "put 2C")
    assert len(moves(free)) > 1


def test_a_huge_hand_still_has_few_moves() -> None:
    """The move list stays small (issue): a 40-card hand has one put per rank and the claim."""
    state = game()
    rest = tuple(c for h in state.hands[1:] for c in h[:9])
    big = cheat._rank_sorted(state.hands[0] + rest)
    hands = (big, *(tuple(c for c in h if c not in big) for h in state.hands[1:]))
    state = attrs.evolve(state, hands=hands)
    cheat.check_invariants(state)
    state = play(state, "put AC")
    assert len(big) == 40 and len(moves(state)) == 14


# Deal, views, options --------------------------------------------------------------------------


def test_deal_is_all_cards_from_the_dealers_left_who_plays_first() -> None:
    """Seed: "All the cards are dealt out ... some may have more than others, but not by much",
    and a random first player (the dealer is drawn from the seed; its left plays first)."""
    state = cheat.new_game(3, seed=4, dealer=1)
    assert [len(h) for h in state.hands] == [17, 17, 18] and state.turn == 2 and state.first == 2
    assert events(state) == ["seat 1 deals hand 1", "seat 2 to play: aces"]
    firsts = {cheat.new_game(5, seed=s).turn for s in range(30)}
    assert firsts == {0, 1, 2, 3, 4}
    with pytest.raises(ValueError, match="dealer"):
        cheat.new_game(4, seed=1, dealer=4)


def test_face_down_cards_are_seen_by_the_claimant_alone_until_turned_up() -> None:
    """Seed: cards go "face down on the pile"; views hide the cards being put down and every
    claim from other seats, but show the count; the claimant sees its own."""
    state = play(game(), "put AC", "put 9C")
    assert cheat.view(state, 0).staged == parse_cards("AC 9C")
    assert cheat.view(state, 1).staged == (HIDDEN, HIDDEN)
    state = play(state, "claim", "1: pass", "2: pass", "3: pass")
    assert cheat.view(state, 2).pile[0].cards == (HIDDEN, HIDDEN)
    assert cheat.view(state, 0).pile[0].cards == parse_cards("AC 9C")
    assert "seat 0 2 aces (AC 9C)" in cheat.render(cheat.view(state, 0))
    assert "AH" not in cheat.render(cheat.view(state, 1))
    other = cheat.shuffle_unseen(state, 1, 5)
    assert cheat.view(other, 1) == cheat.view(state, 1)
    assert cheat.legal_moves(cheat.view(state, 1)) == cheat.legal_moves(state, 1)


def test_options_presets_and_refusals() -> None:
    """The House Party preset is the default game; options are checked."""
    assert Options.house_party() == Options()
    assert cheat.GAME.presets == (("house_party", Options()),)
    for bad in ({"most_cards": -1}, {"max_turns": 0}, {"final_challenge": 1}):
        with pytest.raises(ValueError):
            Options(**bad)  # type: ignore[arg-type]
    assert cheat.GAME.max_plies == 53 * Options().max_turns


def test_helpers_name_claims() -> None:
    """claim_words gives the spoken claim; rank_to_claim the rank of claim number k."""
    assert cheat.claim_words(1, Rank.ACE) == "1 ace"
    assert cheat.claim_words(3, Rank.SIX) == "3 sixes"
    assert cheat.rank_to_claim(12) is Rank.KING and cheat.rank_to_claim(13) is Rank.ACE


def test_invariants_refuse_impossible_positions() -> None:
    """check_invariants guards hostile input: claims out of sequence, a wrong window, a wrong turn."""
    state = play(game(), "put AC", "claim", "1: pass", "2: pass", "3: pass", "put AD", "claim")
    wrong_rank = (state.pile[0], attrs.evolve(state.pile[1], rank=Rank.THREE))
    with pytest.raises(ValueError, match="claim 2 is of twos"):
        cheat.check_invariants(attrs.evolve(state, pile=wrong_rank))
    with pytest.raises(ValueError, match="seat 2 did not make claim 2"):
        cheat.check_invariants(attrs.evolve(state, turn=2))
    with pytest.raises(ValueError, match="window"):
        cheat.check_invariants(attrs.evolve(state, window=None))
    with pytest.raises(ValueError, match="put down only"):
        cheat.check_invariants(attrs.evolve(state, staged=(state.hands[0][0],), hands=(state.hands[0][1:], *state.hands[1:])))


def test_a_whole_random_game_ends_with_the_seat_that_went_out() -> None:
    """A whole game from the deal to the winner, through the public API: random moves end when a
    seat empties its hand and survives, and that seat alone wins."""
    assert parlour.game("cheat") is cheat.GAME
    chooser = random.Random(3)
    state = cheat.new_game(4, seed=3)
    plies = 0
    while not cheat.is_over(state):
        legal = cheat.legal_moves(state)
        state = cheat.apply(state, legal[chooser.randrange(len(legal))])
        plies += 1
    assert state.plays < Options().max_turns and plies < cheat.GAME.max_plies
    (winner,) = cheat.winners(state)
    assert state.hands[winner] == () and all(state.hands[s] for s in range(4) if s != winner)
    assert state.events[-1].kind is EventKind.GAME_OVER and state.events[-1].numbers == (winner,)
    assert cards_text(state.hands[winner]) == "" and "game over: seat" in cheat.render(state)
