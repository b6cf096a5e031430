"""Pitch scenarios from the Hoyle Card Games manual ("Pitch") and rules/tricks.md section 10."""

from __future__ import annotations

import attrs
import pytest

from parlour.core.cards import HIDDEN, Suit, parse_cards, standard_pack
from parlour.core.errors import IllegalMove
from parlour.core.events import Event, EventKind
from parlour.games import pitch
from parlour.games.pitch import MakeBid, Options, Phase, State

# Dealer 3, so seat 0 gets the first card and bids first. Trump will be spades.
DECK_A = (
    "AS JS 2S 2H 3C 4C",  # seat 0: High, Low and Jack
    "10H KH QH 10D KD QD",  # seat 1: the 10s, for Game
    "5D 6D 7D 8D 9D 3H",
    "4D 4H 5H 6H 7H 8H",
)
PLAY_A = (
    "play AS", "play QD", "play 5D", "play 4D",
    "play JS", "play KD", "play 6D", "play 4H",
    "play 2S", "play QH", "play 7D", "play 5H",
    "play 2H", "play 10H", "play 3H", "play 6H",
    "play 10D", "play 8D", "play 7H", "play 3C",
    "play KH", "play 9D", "play 8H", "play 4C",
)  # fmt: skip
DECK_B = (
    "AS KC 2D 3D 4D 5D",
    "2S 8D 9D 5H 6H 7H",
    "3S 9C 10C 8H 9H JH",
    "6C 7C QS KS 2H 3H",
)
SMUDGE_HAND = ("AS KS JS 2S AH AD", "2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "2H 3H 4H 5H 6H 7H")


def deck_for(*hands: str) -> list[str]:
    """A deck dealing `hands[s]` to seat s when the last seat deals; the rest of the pack after."""
    split = [h.split() for h in hands]
    dealt = [split[s][i] for i in range(len(split[0])) for s in range(len(split))]
    rest = [str(c) for c in standard_pack() if str(c) not in dealt]
    return dealt + rest


def game(*hands: str, options: Options | None = None) -> State:
    return pitch.new_game(len(hands), options=options, seed=4, deck=deck_for(*hands), dealer=len(hands) - 1)


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = pitch.apply(state, pitch.parse_move(state, text))
        pitch.check_invariants(state)
    return state


def moves(state: State) -> list[str]:
    return [str(m) for m in pitch.legal_moves(state)]


def scored(state: State) -> tuple[int, ...]:
    return next(e.numbers for e in state.events if e.kind is EventKind.HAND_SCORED)


def paid(state: State) -> list[tuple[int | None, str, int]]:
    return [(e.player, e.label, e.numbers[0]) for e in state.events if e.kind is EventKind.SCORES]


def bid_then_pass(bid: str, players: int = 4) -> tuple[str, ...]:
    return (bid, *("pass",) * (players - 1))


def test_pitcher_making_two_scores_every_point_taken() -> None:
    """Seed: "if you bid two, and took High, Low, and Jack, that player gets 3 points"; the
    player with most game points (10H, 10D, KH: 23 against 12) scores Game."""
    state = play(game(*DECK_A), *bid_then_pass("bid 2"), *PLAY_A)
    assert scored(state) == (3, 1, 0, 0)
    assert paid(state) == [(0, "high", 1), (0, "low", 1), (0, "jack", 1), (1, "game", 1)]
    assert state.scores == (3, 1, 0, 0) and state.hand == 2 and state.dealer == 0


def test_failed_bid_is_set_back_and_the_others_keep_their_points() -> None:
    """Seed: "if you lose your bid, you are set back ... the number of points you bid, even if
    you made some of the bid"; "If other players get the points you bid, they score those"."""
    state = play(game(*DECK_A), *bid_then_pass("bid 4"), *PLAY_A)
    assert scored(state) == (-4, 1, 0, 0)
    assert paid(state) == [(1, "game", 1), (0, "set back", -4)]
    # rules/tricks.md scenario 2: bid 3, High and Low to the pitcher, Jack and Game to another.
    totals, victor, _ = pitch.settle((0, 0, 1, 1), pitcher=0, bid=3, all_tricks=False, scores=(0, 0, 0, 0), target=11)
    assert totals == (-3, 2, 0, 0) and victor is None


def test_game_point_tie_gives_nobody_game() -> None:
    """Seed: two players tying for Game "no player gets that point"; 14 game points each."""
    won = [parse_cards("10C AC 2S 3D"), parse_cards("10D QD QS 4D"), parse_cards("5S 6S 7S 8S"), ()]
    assert [pitch.game_points(w) for w in won] == [14, 14, 0, 0]
    assert pitch.point_takers(won, Suit.SPADES) == (1, 0, None, None)  # QS high, 2S low
    # A tie can sink a bid of four even with High, Low and Jack.
    totals, _, _ = pitch.settle((0, 0, 0, None), pitcher=0, bid=4, all_tricks=False, scores=(0, 0, 0), target=11)
    assert totals == (-4, 0, 0)


def test_no_jack_point_when_the_jack_of_trumps_was_not_dealt() -> None:
    """Seed: "if there is no jack dealt, no one gets the Jack point"; High and Low are the
    highest and lowest trumps in play, not the ace and the two."""
    won = [parse_cards("QH 4H 9C 8D"), parse_cards("7H 6H 5C 5D"), (), ()]
    assert pitch.point_takers(won, Suit.HEARTS) == (0, 0, None, 0)


def test_seed_example_linda_reaches_eleven_before_chris_scores() -> None:
    """Seed: to 11, Linda 9 and Chris 10; Linda takes High and Low, Chris Jack and Game: "Linda
    wins the game ... Chris thus never gets his 2 points"."""
    totals, victor, pays = pitch.settle((0, 0, 1, 1), pitcher=0, bid=2, all_tricks=False, scores=(9, 10), target=11)
    assert (totals, victor, pays) == ((11, 10), 0, ((0, "high", 1), (0, "low", 1)))
    # Played out: seat 0 (Linda) takes High and Low first, seat 1 (Chris) would take Game.
    start = attrs.evolve(game(*DECK_A), scores=(9, 10, 0, 0), hand=5)
    end = play(start, *bid_then_pass("bid 2"), *PLAY_A)
    assert pitch.is_over(end) and pitch.winners(end) == frozenset({0})
    assert end.scores == (11, 10, 0, 0)
    assert [str(e) for e in end.events[-2:]] == ["hand scored: 2 0 0 0", "game over; winners: 0"]
    assert end.events[-1] == Event(EventKind.GAME_OVER, numbers=(0,))
    assert pitch.legal_moves(end) == ()


def test_bidder_out_first_option_pays_the_pitcher_first() -> None:
    """Option `bidder_out_first` (house rule): a making pitcher's points count before the
    others', so the pitcher at 9 goes out on Low and Jack although seat 1 took High at 10."""
    plain = pitch.settle((1, 0, 0, None), pitcher=0, bid=2, all_tricks=False, scores=(9, 10), target=11)
    first = pitch.settle(
        (1, 0, 0, None), pitcher=0, bid=2, all_tricks=False, scores=(9, 10), target=11, bidder_out_first=True
    )
    assert plain[:2] == ((9, 11), 1)
    assert first[:2] == ((11, 10), 0)
    # In a played hand: seat 1 (10) takes Game, seat 0 (9) High, Low, Jack with a bid of 2.
    start = attrs.evolve(game(*DECK_A, options=Options(target=11, bidder_out_first=True)), scores=(8, 10, 0, 0), hand=5)
    end = play(start, *bid_then_pass("bid 2"), *PLAY_A)
    assert pitch.winners(end) == frozenset({0}) and end.scores == (11, 10, 0, 0)


def test_trump_may_always_be_played_and_the_first_lead_names_it() -> None:
    """Seed: the pitcher's first card names trump; "you can always choose to play trump, even
    if you can follow suit"; with trump led, a player holding trump must play it."""
    state = play(game(*DECK_B), *bid_then_pass("bid 2"))
    assert state.phase is Phase.PLAY and pitch.to_act(state) == frozenset({0})
    assert moves(state) == ["play KC", "play 2D", "play 3D", "play 4D", "play 5D", "play AS"]
    state = play(state, "play AS")
    assert state.trump is Suit.SPADES
    assert [str(e) for e in state.events] == ["seat 0 plays AS", "seat 0 names trump: S"]
    assert moves(state) == ["play 2S"]
    state = play(state, "play 2S", "play 3S")
    assert moves(state) == ["play QS", "play KS"]
    state = play(state, "play QS", "play KC")  # seat 0 won with the ace and leads a club
    assert moves(state) == ["play 8D", "play 9D", "play 5H", "play 6H", "play 7H"]  # void in clubs
    state = play(state, "play 5H")
    assert moves(state) == ["play 9C", "play 10C"]
    state = play(state, "play 9C")
    assert moves(state) == ["play 6C", "play 7C", "play KS"]  # a club or a trump, not a heart
    state = play(state, "play KS")
    assert state.trick.leader == 3 and state.won[3] == parse_cards("KC 5H 9C KS")


def test_illegal_moves_are_refused_with_the_rule() -> None:
    """Seed: follow the suit led or trump; bids rise from two; one chance each to bid."""
    state = game(*DECK_B)
    with pytest.raises(IllegalMove, match="seat 0's turn to call, not seat 2's"):
        pitch.apply(state, MakeBid(2, 2))
    with pytest.raises(IllegalMove, match="no card is played before the bidding is over"):
        pitch.apply(state, pitch.PlayCard(0, parse_cards("AS")[0]))
    state = play(state, "bid 3")
    with pytest.raises(IllegalMove, match="insufficient bid: 2 does not outrank 3"):
        pitch.apply(state, MakeBid(1, 2))
    with pytest.raises(IllegalMove, match="the bids are 2, 3, 4 and smudge"):
        pitch.apply(state, MakeBid(1, 6))
    state = play(state, "pass", "pass", "pass", "play AS")
    with pytest.raises(IllegalMove, match="must follow trump: holds a spade"):
        pitch.apply(state, pitch.PlayCard(1, parse_cards("5H")[0]))
    with pytest.raises(IllegalMove, match="it is seat 1's turn to play"):
        pitch.apply(state, pitch.PlayCard(2, parse_cards("3S")[0]))
    state = play(state, "play 2S", "play 3S", "play QS", "play KC", "play 5H")
    with pytest.raises(IllegalMove, match="must follow suit or play a trump: holds a club"):
        pitch.apply(state, pitch.PlayCard(2, parse_cards("8H")[0]))
    with pytest.raises(IllegalMove, match="the bidding is over: seat 0 pitches for 3"):
        pitch.apply(state, pitch.Pass(2))


def test_auction_once_around_and_a_redeal_when_all_pass() -> None:
    """Seed: bidding starts at two, "Bidding only lasts one round"; "If all players pass, the
    cards are redealt" (reading: by the next dealer)."""
    state = game(*DECK_B)
    assert moves(state) == ["pass", "bid 2", "bid 3", "bid 4", "bid smudge"]
    state = play(state, "bid 3")
    assert moves(state) == ["pass", "bid 4", "bid smudge"] and pitch.to_act(state) == frozenset({1})
    state = play(state, "pass", "bid 4", "pass")
    assert state.phase is Phase.PLAY and state.pitcher == 2 and state.bid == 4
    assert pitch.to_act(state) == frozenset({2})
    redealt = play(game(*DECK_B), "pass", "pass", "pass", "pass")
    assert redealt.hand == 2 and redealt.dealer == 0 and redealt.phase is Phase.BID
    assert pitch.to_act(redealt) == frozenset({1}) and redealt.scores == (0, 0, 0, 0)
    assert Event(EventKind.NOTE, label="all passed: the cards are dealt again") in redealt.events


def test_smudge_made_scores_five_and_ends_the_bidding() -> None:
    """Seed: smudge "is really a bid of five": all four points and all six tricks, for 5."""
    state = play(game(*SMUDGE_HAND), "bid smudge")
    assert state.phase is Phase.PLAY and state.pitcher == 0 and state.bid == pitch.SMUDGE
    state = play(state, "play AS")  # spades are trump
    for _ in range(23):
        state = play(state, str(pitch.legal_moves(state)[0]))
    assert scored(state) == (5, 0, 0, 0)
    assert paid(state)[-1] == (0, "smudge", 1)


def test_smudge_without_the_jack_in_play_loses_five() -> None:
    """Seed: "you must get all 4 points and win all the tricks, or you lose 5 points"; rules
    notes: smudge cannot be made when the jack of trumps was not dealt."""
    hands = ("AS KS QS 2S AH AD", *SMUDGE_HAND[1:])
    state = play(game(*hands), "bid smudge")
    state = play(state, "play AS")  # spades are trump
    for _ in range(23):
        state = play(state, str(pitch.legal_moves(state)[0]))
    assert scored(state) == (-5, 0, 0, 0)


def test_bid_four_with_every_trick_still_scores_four() -> None:
    """Seed: "Merely getting all six tricks and High, Low, Jack, and Game will still only give
    you 4 points if you didn't bid Smudge"."""
    state = play(game(*SMUDGE_HAND), *bid_then_pass("bid 4"))
    state = play(state, "play AS")  # spades are trump
    for _ in range(23):
        state = play(state, str(pitch.legal_moves(state)[0]))
    assert scored(state) == (4, 0, 0, 0)


def test_smudge_option_off_removes_the_bid() -> None:
    """Option `smudge=False`: the bids are 2, 3 and 4 only, and 4 ends the bidding."""
    state = game(*DECK_B, options=Options(smudge=False))
    assert moves(state) == ["pass", "bid 2", "bid 3", "bid 4"]
    with pytest.raises(IllegalMove, match="smudge is not allowed"):
        pitch.apply(state, MakeBid(0, pitch.SMUDGE))
    state = play(state, "bid 4")
    assert state.phase is Phase.PLAY and state.pitcher == 0


def test_low_goes_to_its_captor_or_with_the_option_to_its_holder() -> None:
    """Seed: Low is won by "the trick which has the lowest available card in the trump suit";
    option `low_to_holder`: the player dealt the lowest trump scores it."""
    first = (*bid_then_pass("bid 2"), "play AS", "play 2S", "play 3S", "play QS")
    seed_rule = play(game(*DECK_B), *first)
    assert seed_rule.low_holder is None and seed_rule.won[0] == parse_cards("AS 2S 3S QS")
    holder = play(game(*DECK_B, options=Options(low_to_holder=True)), *first)
    assert holder.low_holder == 1
    ends = []
    for state in (seed_rule, holder):
        while state.hand == 1:
            state = play(state, str(pitch.legal_moves(state)[0]))
        ends.append([p for p in paid(state) if p[1] == "low"])
    assert ends[1] == [(1, "low", 1)]
    assert (1, "low", 1) not in ends[0]


def test_back_door_ends_the_game_and_the_manual_presets_play_on() -> None:
    """Option `back_door` (the default; a common Setback rule): a player at minus the target or
    lower ends the game and the highest score wins. The manual's presets have no such rule."""
    start = game(*DECK_A)
    end = play(attrs.evolve(start, scores=(-8, 0, 0, 0), hand=5), *bid_then_pass("bid 4"), *PLAY_A)
    assert pitch.is_over(end) and end.scores == (-12, 1, 0, 0) and pitch.winners(end) == frozenset({1})
    manual = game(*DECK_A, options=Options.hoyle())
    goes_on = play(attrs.evolve(manual, scores=(-8, 0, 0, 0), hand=5), *bid_then_pass("bid 4"), *PLAY_A)
    assert not pitch.is_over(goes_on) and goes_on.scores == (-12, 1, 0, 0) and goes_on.hand == 6


def test_presets_and_targets() -> None:
    """Seed: "The goal is to be the first player to reach the winning score (7, 11, or 21)"."""
    assert dict(pitch.PRESETS) == {
        "hoyle": Options(back_door=False),
        "hoyle_7": Options(target=7, back_door=False),
        "hoyle_21": Options(target=21, back_door=False),
    }
    assert Options().target == 11 and pitch.GAME.quick == Options(target=7)
    with pytest.raises(ValueError, match="target must be"):
        Options(target=0)
    # The target decides: High and Low reach 7 in the short game, not in the game to 11.
    short = play(attrs.evolve(game(*DECK_A, options=Options.hoyle_7()), scores=(5, 0, 0, 0), hand=5),
                 *bid_then_pass("bid 2"), *PLAY_A)  # fmt: skip
    assert pitch.winners(short) == frozenset({0}) and short.scores == (7, 0, 0, 0)
    long = play(attrs.evolve(game(*DECK_A, options=Options.hoyle()), scores=(5, 0, 0, 0), hand=5),
                *bid_then_pass("bid 2"), *PLAY_A)  # fmt: skip
    assert not pitch.is_over(long) and long.scores == (8, 1, 0, 0)


def test_player_counts_and_the_deal() -> None:
    """Seed: six cards each ("only 24 of 52 cards are dealt" with four); 2 to 7 may play."""
    for n in pitch.PLAYERS:
        state = pitch.new_game(n, seed=9)
        assert [len(h) for h in state.hands] == [6] * n and len(state.stock) == 52 - 6 * n
        pitch.check_invariants(state)
    with pytest.raises(ValueError, match="2, 3, 4, 5, 6, 7 players"):
        pitch.new_game(8)
    state = game(*DECK_A)
    assert state.hands[0] == parse_cards("3C 4C 2H 2S JS AS")  # sorted by suit, ace high
    assert pitch.to_act(state) == frozenset({0}) and state.dealer == 3


def test_views_hide_hands_and_stock_and_keep_the_moves() -> None:
    """Hidden information: a seat sees its own hand only; the undealt cards stay face down."""
    state = play(game(*DECK_B), "bid 2")
    seen = pitch.view(state, 1)
    assert seen.hands[1] == state.hands[1] and set(seen.hands[0]) == {HIDDEN}
    assert set(seen.stock) == {HIDDEN} and pitch.legal_moves(seen) == pitch.legal_moves(state, 1)
    assert pitch.legal_moves(pitch.view(state, 0)) == ()
    pitch.check_invariants(seen)


def test_notation_reads_bids_loosely() -> None:
    """Notation: "bid 3", "bid smudge"; "bid 5", "smudge" and a bare "3" read too."""
    state = game(*DECK_B)
    assert str(pitch.parse_move(state, "bid 5")) == "bid smudge"
    assert str(pitch.parse_move(state, "smudge")) == "bid smudge"
    assert pitch.parse_move(state, "3") == MakeBid(0, 3)
    for move in pitch.legal_moves(state):
        assert pitch.parse_move(state, str(move)) == move


def test_invariants_refuse_forged_states() -> None:
    """check_invariants guards decoded states: scores past the target, a wrong trump, bad bids."""
    state = play(game(*DECK_B), *bid_then_pass("bid 2"), "play AS")
    with pytest.raises(ValueError, match="trump is the suit"):
        pitch.check_invariants(attrs.evolve(state, trump=Suit.HEARTS))
    with pytest.raises(ValueError, match="pitcher and bid"):
        pitch.check_invariants(attrs.evolve(state, bid=4))
    with pytest.raises(ValueError, match="target"):
        pitch.check_invariants(attrs.evolve(state, scores=(11, 0, 0, 0), hand=5))


def test_whole_match_to_the_target() -> None:
    """A whole match to 7 (each seat bids 2 when it may, else passes; the first card allowed
    is played) ends with the first player to reach 7, after hands scored and redeals."""
    state = pitch.new_game(seed=3, options=Options.hoyle_7())
    plies = 0
    while not pitch.is_over(state):
        legal = pitch.legal_moves(state)
        two = state.phase is Phase.BID and str(legal[1]) == "bid 2"
        state = pitch.apply(state, legal[1] if two else legal[0])
        plies += 1
    pitch.check_invariants(state)
    (winner,) = pitch.winners(state)
    assert state.scores[winner] >= 7 and sum(v >= 7 for v in state.scores) == 1
    assert (winner, state.hand, plies, state.scores) == WHOLE_MATCH


WHOLE_MATCH: tuple[int, int, int, tuple[int, ...]] = (1, 9, 252, (4, 7, 0, 3))


def test_render_shows_contract_trick_and_only_the_viewers_hand() -> None:
    """The text picture: the contract and trump, the trick so far, the viewer's own cards."""
    state = play(game(*DECK_B), *bid_then_pass("bid 2"), "play AS", "play 2S")
    assert pitch.render(pitch.view(state, 2)).splitlines() == [
        "hand 1, dealer seat 3, game to 11",
        "seat 0 pitches for 2; trump spades",
        "trick 1 of 6: seat 0 played AS, seat 1 played 2S; seat 0 winning so far",
        "seat 2 to play",
        "seat 0  score 0  5 cards  0 tricks, 0 for game",
        "seat 1  score 0  5 cards  0 tricks, 0 for game",
        "seat 2  score 0  6 cards  0 tricks, 0 for game",
        "        9C 10C | 8H 9H JH | 3S",
        "seat 3  score 0  6 cards  0 tricks, 0 for game",
    ]
