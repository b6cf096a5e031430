"""Hearts scenarios from the seeds (000 HEARTS, 004 Hearts, 001 Hearts) and rules/tricks.md section 1."""

from __future__ import annotations

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, parse_cards, sorted_cards, standard_pack
from parlour.core.errors import GameOver, IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.tricks import Trick
from parlour.games import hearts
from parlour.games.hearts import Moon, Opener, Options, Passing, Phase, PlayCard, State

CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
DIAMONDS = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"
HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
SPADES = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"


def deck_for(*hands: str, kitty: str = "") -> list[str]:
    """A deck that deals `hands[s]` to seat s when the last seat deals (seat 0 gets the first card)."""
    split = [h.split() for h in hands]
    return [split[s][i] for i in range(len(split[0])) for s in range(len(split))] + kitty.split()


def moves(state: State) -> list[str]:
    return [str(m) for m in hearts.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = hearts.apply(state, hearts.parse_move(state, text))
    return state


def suited_game(options: Options | None = None) -> State:
    """Seat 0 all clubs, 1 all diamonds, 2 all hearts, 3 all spades; seat 3 deals."""
    return hearts.new_game(options=options, seed=5, deck=deck_for(CLUBS, DIAMONDS, HEARTS, SPADES), dealer=3)


def mid_hand(state: State, hands: list[str], *, leader: int, won: list[str], broken: bool = False) -> State:
    """A play-phase position built from the given hands and won piles."""
    return attrs.evolve(
        state,
        phase=Phase.PLAY,
        hands=tuple(parse_cards(h) for h in hands),
        passes=((),) * len(hands),
        won=tuple(parse_cards(w) for w in won),
        trick=Trick(leader),
        hearts_broken=broken,
    )


def test_house_party_passing_cycle_left_right_across_none() -> None:
    """000: hand 1 left, 2 right, 3 across, 4 no pass, then the cycle repeats."""
    offsets = [hearts.pass_offset(Options.house_party(), 4, hand) for hand in range(1, 6)]
    assert offsets == [1, -1, 2, 0, 1]
    assert hearts.pass_offset(Options.hoyle(), 4, 3) == 1
    assert hearts.pass_offset(attrs.evolve(Options.hoyle(), passing=Passing.NONE), 4, 1) == 0
    # Play through three hands: hand 4 starts straight with the play, hand 5 passes again.
    state = hearts.new_game(seed=11, dealer=0)
    phases: dict[int, Phase] = {}
    while state.hand < 6:
        phases.setdefault(state.hand, state.phase)
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    assert phases == {1: Phase.PASS, 2: Phase.PASS, 3: Phase.PASS, 4: Phase.PLAY, 5: Phase.PASS}


def test_exchange_happens_only_after_every_seat_chose_three() -> None:
    """000: cards are set aside face down before anyone picks up what they receive."""
    state = suited_game()
    assert state.phase is Phase.PASS and hearts.to_act(state) == frozenset({0, 1, 2, 3})
    assert len(hearts.legal_moves(state)) == 52
    state = play(state, "0: pass 2C", "0: pass 3C", "0: pass 4C")
    assert hearts.to_act(state) == frozenset({1, 2, 3})
    assert "pass 5C" not in moves(state)
    state = play(state, "1: pass 2D", "1: pass 3D", "1: pass 4D", "2: pass 2H", "2: pass 3H", "2: pass 4H")
    state = play(state, "3: pass 2S", "3: pass 3S")
    assert state.hands[1] == parse_cards("5D 6D 7D 8D 9D 10D JD QD KD AD")  # nothing received yet
    assert state.passes[3] == parse_cards("2S 3S")
    assert hearts.view(state, 1).passes == ((HIDDEN,) * 3, parse_cards("2D 3D 4D"), (HIDDEN,) * 3, (HIDDEN,) * 2)
    state = play(state, "pass 4S")  # seat 3 is the only seat still choosing: no prefix needed
    assert state.phase is Phase.PLAY and state.passes == ((),) * 4
    # Hand 1 passes left: seat s receives from seat s - 1.
    assert state.hands[1][:3] == parse_cards("2C 3C 4C")
    assert state.hands[0] == parse_cards("5C 6C 7C 8C 9C 10C JC QC KC AC 2S 3S 4S")
    received = [e for e in state.events if e.kind is EventKind.RECEIVES]
    assert [(e.player, [str(c) for c in e.cards], e.numbers) for e in received][0] == (1, ["2C", "3C", "4C"], (0,))
    assert all(e.private for e in received)
    assert [str(e) for e in hearts.view(state, 1).events][:3] == [
        "seat 3 gives ?? 0",
        "seat 1 receives 2C 3C 4C 0",
        "seat 2 receives ?? ?? ?? 1",
    ]
    # Seat 1 now holds the 2 of clubs and must lead it.
    assert moves(state) == ["play 2C"]


def test_two_of_clubs_holder_has_exactly_one_first_lead() -> None:
    """000 and 004: the holder of the 2 of clubs must lead it to the first trick."""
    state = suited_game(attrs.evolve(Options.hoyle(), passing=Passing.NONE))
    assert state.phase is Phase.PLAY and hearts.to_act(state) == frozenset({0})
    assert moves(state) == ["play 2C"]
    with pytest.raises(IllegalMove, match="must lead 2C"):
        hearts.apply(state, PlayCard(0, Card.parse("5C")))


def test_left_of_dealer_opener_leads_any_non_heart() -> None:
    """004 option: the player to the dealer's left opens; hearts are still unbroken."""
    options = Options(passing=Passing.NONE, opener=Opener.LEFT_OF_DEALER)
    hands = (
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KS AC",
        DIAMONDS,
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC KH",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS AS AH",
    )
    state = hearts.new_game(options=options, deck=deck_for(*hands), dealer=3)
    assert hearts.to_act(state) == frozenset({0})
    assert moves(state) == ["play AC", "play KS"]


def test_hearts_may_not_be_led_until_broken_unless_only_hearts() -> None:
    """000: no heart lead before hearts are broken, unless the hand holds nothing but hearts."""
    base = suited_game(attrs.evolve(Options(), passing=Passing.NONE))
    won = ["", "5C 6C 7C 8C", "", ""]
    state = mid_hand(base, ["5H 9H KS", "2D 3D 4D", "2C 3C 4C", "5D 6D 7D"], leader=0, won=won)
    assert moves(state) == ["play KS"]
    with pytest.raises(IllegalMove, match="hearts are not broken"):
        hearts.apply(state, PlayCard(0, Card.parse("5H")))
    only_hearts = attrs.evolve(state, hands=(parse_cards("2H 8H AH"), *state.hands[1:]))
    assert moves(only_hearts) == ["play 2H", "play 8H", "play AH"]
    assert moves(attrs.evolve(state, hearts_broken=True)) == ["play 5H", "play 9H", "play KS"]


def test_queen_of_spades_breaks_hearts_only_in_metzker() -> None:
    """000: discarding the queen leaves hearts unbroken; 001: the queen breaks them."""
    hands = ["4C 9C 5H", "QS 2D 6H", "2C 3D 7H", "3C 4D 8H"]
    won = ["5C 6C 7C 8C", "", "", ""]
    assert Options.metzker().queen_breaks_hearts and not Options.house_party().queen_breaks_hearts
    for options, broken in ((Options(), False), (Options(queen_breaks_hearts=True), True)):
        base = suited_game(attrs.evolve(options, passing=Passing.NONE))
        state = mid_hand(base, hands, leader=0, won=won)
        state = play(state, "play 9C", "play QS", "play 2C", "play 3C")
        assert state.trick.leader == 0 and state.hearts_broken is broken
        expected = ["play 4C", "play 5H"] if broken else ["play 4C"]
        assert moves(state) == expected


def test_must_follow_suit_message_names_the_suit() -> None:
    base = suited_game(attrs.evolve(Options(), passing=Passing.NONE))
    state = mid_hand(base, ["4C 9C", "5C 2D", "2H 7H", "3C 4D"], leader=0, won=["6C 7C 8C 10C", "", "", ""])
    state = play(state, "play 9C")
    assert moves(state) == ["play 5C"]
    with pytest.raises(IllegalMove, match="must follow suit: holds a club"):
        hearts.apply(state, PlayCard(1, Card.parse("2D")))
    with pytest.raises(IllegalMove, match="seat 1's turn"):
        hearts.apply(state, PlayCard(2, Card.parse("2H")))
    with pytest.raises(IllegalMove, match="does not hold"):
        hearts.apply(state, PlayCard(1, Card.parse("AS")))
    with pytest.raises(IllegalMove, match="passed only before"):
        hearts.apply(state, hearts.PassCard(1, Card.parse("5C")))
    with pytest.raises(NotationError):
        hearts.parse_move(state, "play 2D")


def last_trick(options: Options, shooter: int, scores: tuple[int, int, int, int]) -> State:
    """Twelve tricks played; `shooter` holds every penalty card but AH and leads AH last."""
    base = suited_game(attrs.evolve(Options(), passing=Passing.NONE))
    last = ["2C", "3C", "4C"]
    hands = [last.pop() if s != shooter else "AH" for s in range(4)]
    rest = [c for c in standard_pack() if str(c) not in hands]
    won = [" ".join(map(str, rest)) if s == shooter else "" for s in range(4)]
    state = mid_hand(base, hands, leader=shooter, won=won, broken=True)
    return attrs.evolve(state, options=options, scores=scores)


def test_house_party_moon_is_the_shooters_choice() -> None:
    """000: the shooter's score is reduced by 26, or instead everyone else gets 26."""
    state = last_trick(Options.house_party(), 0, (40, 30, 20, 10))
    state = play(state, "play AH", "play 4C", "play 3C", "play 2C")
    assert state.phase is Phase.MOON and hearts.to_act(state) == frozenset({0})
    assert moves(state) == ["moon add", "moon subtract"]
    with pytest.raises(IllegalMove, match="only seat 0"):
        hearts.apply(state, hearts.ChooseMoon(1, Moon.ADD))
    assert play(state, "moon subtract").scores == (14, 30, 20, 10)
    added = play(state, "moon add")
    assert added.scores == (40, 56, 46, 36) and added.hand == 2
    assert [e.numbers for e in added.events if e.kind is EventKind.HAND_SCORED] == [(0, 26, 26, 26)]
    assert str(added.events[0]) == "seat 0 chooses: moon add"


def test_hoyle_moon_gives_each_opponent_26() -> None:
    """004: shooting the moon hands the opponents 26 points each; no choice."""
    state = last_trick(Options.hoyle(), 2, (0, 0, 0, 0))
    state = play(state, "play AH", "play 2C", "play 4C", "play 3C")
    assert state.scores == (26, 26, 0, 26) and state.hand == 2
    assert any(e.kind is EventKind.SHOOTS_MOON and e.player == 2 for e in state.events)


def test_score_hand_helper() -> None:
    split = [parse_cards("QS 2H 3H"), parse_cards(HEARTS)[2:], (), ()]
    assert hearts.score_hand(split, Options()) == (15, 11, 0, 0)
    moon = [parse_cards(HEARTS + " QS"), (), (), ()]
    assert hearts.score_hand(moon, Options()) == (-26, 0, 0, 0)
    assert hearts.score_hand(moon, Options(), moon=Moon.ADD) == (0, 26, 26, 26)
    assert hearts.score_hand(moon, Options.metzker()) == (0, 26, 26, 26)
    with pytest.raises(ValueError, match="no choice"):
        hearts.score_hand(moon, Options.hoyle(), moon=Moon.SUBTRACT)
    with pytest.raises(ValueError, match="not all 26"):
        hearts.score_hand([parse_cards("QS"), (), (), ()], Options())


def test_metzker_kitty_goes_to_first_trick_winner_and_counts() -> None:
    """001: kitty 2C 3C 3H 7H, so the 4C leads; seat 1 wins the trick and is charged the kitty."""
    kitty = "2C 3C 3H 7H"
    rest = [str(c) for c in sorted_cards(hearts.PACK) if str(c) not in kitty.split()]
    options = attrs.evolve(Options.metzker(), passing=Passing.NONE)
    state = hearts.new_game(4, options=options, deck=rest + kitty.split(), dealer=3)
    assert [len(h) for h in state.hands] == [12, 12, 12, 12] and state.kitty == parse_cards(kitty)
    assert hearts.view(state, 0).kitty == (HIDDEN,) * 4
    assert moves(state) == ["play 4C"] and hearts.to_act(state) == frozenset({0})
    state = play(state, "play 4C", "play KC", "play 6C", "play 7C")
    assert state.kitty_taker == 1 and state.trick.leader == 1
    assert hearts.view(state, 1).kitty == parse_cards(kitty)
    assert hearts.view(state, 2).kitty == (HIDDEN,) * 4
    taken = [e for e in state.events if e.kind is EventKind.TAKES]
    assert taken[0].player == 1 and taken[0].private and taken[0].label == "kitty"
    assert [str(e) for e in hearts.view(state, 2).events][-1] == "seat 1 takes: kitty ?? ?? ?? ??"


def test_metzker_kitty_points_count_for_its_taker() -> None:
    """001: "if there are points they must count them at the end of the round"."""
    kitty = "2C 3C 3H 7H"
    options = Options.metzker()
    base = hearts.new_game(4, options=options, seed=3, dealer=3)
    last = ["4C", "5C", "6C", "7C"]
    rest = [str(c) for c in hearts.PACK if str(c) not in kitty.split() + last]
    hearts_left = [c for c in rest if c.endswith("H") and c != "2H"]  # ten hearts
    plain = [c for c in rest if not c.endswith("H") and c != "QS"]
    won = [
        " ".join(["QS", *plain[:7]]),
        " ".join(["2H", *plain[7:10]]),
        " ".join([*hearts_left, *plain[10:12]]),
        " ".join(plain[12:]),
    ]
    state = mid_hand(base, last, leader=0, won=won, broken=True)
    state = attrs.evolve(state, kitty=parse_cards(kitty), kitty_taker=1)
    hearts.check_invariants(state)
    state = play(state, "play 4C", "play 5C", "play 6C", "play 7C")
    assert state.hand == 2 and state.scores == (13, 3, 10, 0)
    shown = [e for e in state.events if e.kind is EventKind.REVEALS]
    assert shown[0].player == 1 and not shown[0].private and shown[0].cards == parse_cards(kitty)
    assert str(shown[0]) == "seat 1 reveals: kitty 2C 3C 3H 7H"


def test_metzker_deals_for_three_five_and_seven() -> None:
    """001: floor(50/n) cards each, the rest (at least 2) in the middle."""
    expected = {3: (16, 4), 4: (12, 4), 5: (10, 2), 6: (8, 4), 7: (7, 3)}
    for n, (each, kitty) in expected.items():
        state = hearts.new_game(n, seed=n, options=Options.metzker())
        assert [len(h) for h in state.hands] == [each] * n and len(state.kitty) == kitty
        hearts.check_invariants(state)
    # No across round with 3 or 5 players: left, right, keep.
    assert [hearts.pass_offset(Options.metzker(), 5, h) for h in range(1, 5)] == [1, -1, 0, 1]
    assert [hearts.pass_offset(Options.metzker(), 3, h) for h in range(1, 4)] == [1, -1, 0]
    with pytest.raises(ValueError, match="3, 4, 5, 6, 7 players"):
        hearts.new_game(8, options=Options.metzker())
    with pytest.raises(ValueError, match=r"4 players, not 5; the metzker preset allows 3, 4, 5, 6, 7$"):
        hearts.new_game(5)


def test_no_points_on_first_trick_option() -> None:
    """House rule (off by default): no heart or queen on the first trick while holding anything else."""
    options = Options(passing=Passing.NONE, no_points_on_first_trick=True)
    base = suited_game(options)
    state = mid_hand(base, ["2C 5C", "QS 4H 9D", "3C 8C", "AH KH QH"], leader=0, won=["", "", "", ""])
    state = play(state, "play 2C")
    assert moves(state) == ["play 9D"]
    with pytest.raises(IllegalMove, match="first trick"):
        hearts.apply(state, PlayCard(1, Card.parse("QS")))
    state = play(state, "play 9D", "play 3C")
    assert moves(state) == ["play AH", "play KH", "play QH"]  # nothing else to play
    hands = ["2C 5C", "QS 4H 9D", "3C 8C", "AH KH QH"]
    default = attrs.evolve(mid_hand(base, hands, leader=0, won=[""] * 4), options=Options())
    assert moves(play(default, "play 2C")) == ["play QS", "play 4H", "play 9D"]


def test_game_ends_after_the_hand_with_lowest_score_winning() -> None:
    """000: the game ends when someone reaches 100 at the end of a hand; lowest score wins."""
    base = suited_game(attrs.evolve(Options(), passing=Passing.NONE))
    # Seat 0 has taken 2 hearts; the last trick gives seat 0 one more heart.
    rest = [c for c in standard_pack() if str(c) not in ("4H", "2C", "3C", "5C", "2H", "3H")]
    others = [str(c) for c in rest if str(c) != "QS"]
    won = ["2H 3H " + " ".join(others[:2]), "QS " + " ".join(others[2:]), "", ""]
    state = mid_hand(base, ["5C", "4H", "3C", "2C"], leader=3, won=won, broken=True)
    state = attrs.evolve(state, scores=(98, 60, 55, 40))
    state = play(state, "play 2C", "play 5C", "play 4H", "play 3C")
    assert state.phase is Phase.OVER and hearts.is_over(state)
    assert state.scores == (101, 83, 55, 40)
    assert hearts.winners(state) == frozenset({3}) and hearts.legal_moves(state) == ()
    with pytest.raises(GameOver):
        hearts.apply(state, PlayCard(0, Card.parse("2C")))


def test_tied_lowest_scores_are_co_winners() -> None:
    state = attrs.evolve(suited_game(), phase=Phase.OVER, scores=(104, 40, 40, 72))
    assert hearts.winners(state) == frozenset({1, 2})
    assert hearts.winners(suited_game()) == frozenset()


def test_views_hide_hands_and_round_trip_json() -> None:
    state = play(suited_game(), "0: pass 2C")
    seen = hearts.view(state, 1)
    assert seen.rng is None and seen.hands[1] == state.hands[1] and seen.hands[0] == (HIDDEN,) * 12
    assert seen.passes[0] == (HIDDEN,) and hearts.view(seen, 1) == seen
    assert [str(e) for e in seen.events] == ["seat 0 gives ?? 1"]
    assert [str(e) for e in hearts.view(state, 0).events] == ["seat 0 gives 2C 1"]
    assert hearts.view(hearts.shuffle_unseen(state, 1, 99), 1) == seen
    assert parlour.from_json(parlour.to_json(state)) == state
    assert parlour.from_json(parlour.to_json(seen)) == seen
    hearts.check_invariants(seen)


def test_invariants_reject_broken_states() -> None:
    state = suited_game()
    with pytest.raises(ValueError, match="duplicated"):
        hearts.check_invariants(attrs.evolve(state, hands=(state.hands[1], *state.hands[1:])))
    with pytest.raises(ValueError, match="scores total"):
        hearts.check_invariants(attrs.evolve(state, scores=(5, 0, 0, 0)))
    with pytest.raises(ValueError, match="hearts_broken"):
        hearts.check_invariants(attrs.evolve(state, hearts_broken=True))


def test_registered_game_record() -> None:
    game = parlour.game("hearts")
    assert (game.name, game.title, game.family, game.players) == ("hearts", "Hearts", "tricks", (4,))
    assert [name for name, _ in game.presets] == ["house_party", "hoyle", "metzker"]
    assert Options() == Options.house_party()
    with pytest.raises(ValueError, match="target_score"):
        Options(target_score=0)
    assert game.quick == Options(target_score=50) and game.zones == hearts.ZONES
    assert game.allowed_players(Options.metzker()) == (3, 4, 5, 6, 7) and game.allowed_players(Options()) == (4,)


# --- render -----------------------------------------------------------------------------------

RENDER_HANDS = (
    "2C 5C 9C KC 4D 8D QD 3H 7H JH 2S 6S 10S",
    "6C 10C AC 5D 9D KD AD 4H 8H QH 3S 7S JS",
    "3C 7C JC 2D 6D 10D 5H 9H KH AH 4S 8S QS",
    "4C 8C QC 3D 7D JD 2H 6H 10H 5S 9S KS AS",
)


def render_game() -> State:
    """The fixed deal of the render tests: seat 3 deals, hand 1 passes left."""
    return hearts.new_game(deck=deck_for(*RENDER_HANDS), dealer=3, seed=1)


def hidden_cards_shown(text: str, state: State, seat: int | None) -> list[str]:
    """Cards the seat may not see (other hands and passes) that appear in the text anyway."""
    words = set(text.replace("|", " ").replace(",", " ").split())
    unseen = [c for s, h in enumerate(state.hands) if s != seat for c in (*h, *state.passes[s])]
    return [str(c) for c in unseen if str(c) in words]


def test_render_passing_shows_own_hand_and_choices_and_only_counts_of_the_others() -> None:
    """000: three cards to the left in hand 1; each seat sees its own hand and passes only."""
    state = play(render_game(), "0: pass KC")
    assert hearts.render(hearts.view(state, 0)).splitlines() == [
        "hand 1, dealer seat 3, game to 100; passing 3 cards to the left",
        "seats 0, 1, 2, 3 to choose cards to pass",
        "seat 0  score 0  12 cards  passes to seat 1: KC (2 more to choose)",
        "        2C 5C 9C | 4D 8D QD | 3H 7H JH | 2S 6S 10S",
        "seat 1  score 0  13 cards  passes to seat 2: none chosen yet",
        "seat 2  score 0  13 cards  passes to seat 3: none chosen yet",
        "seat 3  score 0  13 cards  passes to seat 0: none chosen yet",
    ]
    seen = hearts.render(hearts.view(state, 1))
    assert seen.splitlines()[2:4] == [
        "seat 0  score 0  12 cards  passes to seat 1: 1 of 3 chosen",
        "seat 1  score 0  13 cards  passes to seat 2: none chosen yet",
    ]
    assert hidden_cards_shown(seen, state, 1) == []
    assert "KC" in hearts.render(state)  # the full state shows every hand and pass


def test_render_trick_in_progress_names_who_played_what_and_the_points_taken() -> None:
    """000: the queen of spades taken by seat 0, a heart broken on a spade lead by seat 1."""
    state = play(
        render_game(),
        "0: pass KC", "0: pass QD", "0: pass JH", "1: pass AC", "1: pass AD", "1: pass QH",
        "2: pass AH", "2: pass KH", "2: pass QS", "3: pass AS", "3: pass KS", "3: pass JD",
        "play 2C", "play 6C", "play 3C", "play 4C", "play 3S", "play 4S", "play QS", "play AS",
        "play 2S", "play 7S", "play 8S", "play 5S", "play 2D", "play 3D", "play 4D", "play 5D",
        "play JS", "play 5H", "play 9S", "play 10S", "play 10C", "play JC",
    )  # fmt: skip
    mine = hearts.render(hearts.view(state, 3))
    assert mine.splitlines() == [
        "hand 1, dealer seat 3, game to 100; cards were passed to the left; hearts broken",
        "trick 6 of 13: seat 1 led 10C, seat 2 played JC",
        "seat 3 to play (clubs led; seat 2 winning so far)",
        "seat 0  score 0   8 cards  1 trick, 13 points: QS",
        "seat 1  score 0   7 cards  3 tricks, 1 point: 5H",
        "seat 2  score 0   7 cards  1 trick",
        "seat 3  score 0   8 cards  0 tricks",
        "        8C QC | 7D | 2H 6H 10H KH AH",
    ]
    assert hidden_cards_shown(mine, state, 3) == []
    spectator = hearts.render(hearts.view(state, None))
    assert spectator.splitlines() == [*mine.splitlines()[:-1]]
    assert hidden_cards_shown(spectator, state, None) == []


def test_render_kitty_face_down_until_its_taker_looks() -> None:
    """001 (Metzker): the kitty goes face down to the first trick's winner, who alone sees it."""
    options = attrs.evolve(Options.metzker(), passing=Passing.NONE)
    state = hearts.new_game(5, seed=4, dealer=4, options=options, deck=standard_pack())
    lines = hearts.render(hearts.view(state, None)).splitlines()
    assert lines[:2] == [
        "hand 1, dealer seat 4, game to 100; no passing this hand; hearts not broken",
        "trick 1 of 10: seat 1 to lead the lowest club",
    ]
    assert lines[-1] == "kitty: 2 cards face down, for the winner of the first trick"
    while state.kitty_taker is None:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    assert hearts.render(hearts.view(state, 0)).splitlines()[-1] == "kitty: QS KS (13 points), taken by seat 0"
    other = hearts.render(hearts.view(state, 1))
    assert other.splitlines()[-1] == "kitty: 2 cards face down, taken by seat 0"
    assert "QS" not in other and "KS" not in other


# --- moves per seat, notation, hostile values --------------------------------------------------


def test_view_of_a_seat_has_exactly_that_seats_real_moves() -> None:
    """000: passing is simultaneous; in play only the seat due to play has moves."""
    state = play(suited_game(), "0: pass 2C")
    for seat in range(4):
        mine = hearts.legal_moves(state, seat)
        assert mine and all(m.player == seat for m in mine)
        assert hearts.legal_moves(hearts.view(state, seat)) == mine
    assert len(hearts.legal_moves(state, 0)) == 12 and len(hearts.legal_moves(state, 1)) == 13
    assert hearts.legal_moves(hearts.view(state, None)) == ()
    with pytest.raises(ValueError, match="only its own moves, not seat 2's"):
        hearts.legal_moves(hearts.view(state, 1), 2)
    done = play(state, "0: pass 3C", "0: pass 4C")
    assert hearts.legal_moves(done, 0) == () and hearts.legal_moves(hearts.view(done, 0)) == ()
    playing = suited_game(attrs.evolve(Options(), passing=Passing.NONE))
    assert [str(m) for m in hearts.legal_moves(hearts.view(playing, 0))] == ["play 2C"]
    assert hearts.legal_moves(hearts.view(playing, 3)) == () == hearts.legal_moves(playing, 3)


def test_passing_text_must_say_whose_move_it_is() -> None:
    """Several seats choose at once, so "pass 10C" alone does not say who passes."""
    state = suited_game()
    with pytest.raises(NotationError, match=r"'pass 10C': seats 0, 1, 2, 3 are all choosing cards to pass"):
        hearts.parse_move(state, "pass 10C")
    assert hearts.parse_move(state, "pass 10C", 0) == hearts.PassCard(0, Card.parse("10C"))
    assert hearts.parse_move(state, "0: pass 10C") == hearts.PassCard(0, Card.parse("10C"))
    assert hearts.parse_move(state, "seat 2: pass TH") == hearts.PassCard(2, Card.parse("10H"))
    assert hearts.parse_move(hearts.view(state, 0), "pass 10C") == hearts.PassCard(0, Card.parse("10C"))
    with pytest.raises(NotationError, match="not a legal move here"):
        hearts.parse_move(state, "pass 10C", 1)  # seat 1 holds no club
    with pytest.raises(NotationError, match="written for seat 0, not seat 1"):
        hearts.parse_move(state, "0: pass 10C", 1)


def test_rank_and_suit_written_apart_read_as_one_card() -> None:
    """Issue 6: "pass 2 H" is "pass 2H", "play Q S" is "play QS"."""
    state = suited_game()
    assert hearts.parse_move(state, "2: pass 2 H") == hearts.PassCard(2, Card.parse("2H"))
    assert hearts.parse_move(state, "pass 10 h", 2) == hearts.PassCard(2, Card.parse("10H"))
    assert hearts.parse_move(state, "3: pass queen of spades") == hearts.PassCard(3, Card.parse("QS"))
    base = suited_game(attrs.evolve(Options(), passing=Passing.NONE))
    state = mid_hand(base, ["4C 9C", "QS 2D", "2H 7H", "3C 4D"], leader=0, won=["6C 7C 8C 10C", "", "", ""])
    state = play(state, "play 9C")
    assert hearts.parse_move(state, "play Q S") == PlayCard(1, Card.parse("QS"))
    with pytest.raises(NotationError, match="not a legal move here"):
        hearts.parse_move(state, "play 2 X")


def test_several_cards_in_one_pass_are_refused_one_move_per_card() -> None:
    """Issue 6: three cards typed for a one-card pass get told to pass them one at a time."""
    state = suited_game()
    expected = (
        "'pass 2C 3C 4C': pass the cards one at a time, one move per card: "
        "'pass 2C', then 'pass 3C', then 'pass 4C'"
    )
    with pytest.raises(NotationError) as info:
        hearts.parse_move(state, "0: pass 2C 3C 4C")
    assert str(info.value) == expected
    with pytest.raises(NotationError, match="one move per card"):
        hearts.parse_move(state, "pass 2 C 3 C", 0)
    playing = suited_game(attrs.evolve(Options(), passing=Passing.NONE))
    with pytest.raises(NotationError, match="play one card per move"):
        hearts.parse_move(playing, "play 2C 3C")


def test_new_game_names_the_presets_that_allow_a_player_count() -> None:
    """Issue 6: five players are refused by the defaults, with a pointer to Metzker's deal."""
    with pytest.raises(ValueError) as info:
        hearts.new_game(players=5)
    assert str(info.value) == "hearts is played by 4 players, not 5; the metzker preset allows 3, 4, 5, 6, 7"
    with pytest.raises(ValueError) as info:
        hearts.new_game(players=3, options=Options.hoyle())
    assert str(info.value).endswith("not 3; the metzker preset allows 3, 4, 5, 6, 7")
    with pytest.raises(ValueError, match=r"3, 4, 5, 6, 7 players, not 8$"):
        hearts.new_game(players=8, options=Options.metzker())
    assert len(hearts.new_game(players=5, seed=1, options=Options.metzker()).hands) == 5


def test_apply_refuses_loose_seats_foreign_moves_and_options() -> None:
    """Only the game's own legal moves, with exactly typed values, are applied."""

    @attrs.frozen
    class ForeignPlay:
        """Another game's move with the same fields and text as a Hearts play."""

        player: int
        card: Card

        def __str__(self) -> str:
            return f"play {self.card}"

    state = suited_game(attrs.evolve(Options(), passing=Passing.NONE))
    assert hearts.legal_moves(state) == (PlayCard(0, Card.parse("2C")),)
    with pytest.raises(IllegalMove, match="only loosely"):
        hearts.apply(state, PlayCard(False, Card.parse("2C")))
    passing = suited_game()
    with pytest.raises(IllegalMove, match="only loosely"):
        hearts.apply(passing, hearts.PassCard(True, Card.parse("2D")))
    with pytest.raises(IllegalMove, match="ForeignPlay is not a move of this game"):
        hearts.apply(state, ForeignPlay(0, Card.parse("2C")))
    with pytest.raises(IllegalMove, match="Options is not a move of this game"):
        hearts.apply(state, Options())
    with pytest.raises(IllegalMove, match="seat 1.5 is not at this table"):
        hearts.apply(state, PlayCard(1.5, Card.parse("2C")))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="cannot apply a move to a view"):
        hearts.apply(hearts.view(state, 0), PlayCard(0, Card.parse("2C")))


def test_seeds_options_and_fixed_chance_are_checked() -> None:
    """Hostile values for new_game and Options are refused with ValueError."""
    for seed in ("abc", -1, 2**64, True, 1.0):
        with pytest.raises(ValueError, match="seed must be a whole number"):
            hearts.new_game(seed=seed)
    with pytest.raises(ValueError, match=r"Options.passing must be a Passing, not 'LEFT'"):
        Options(passing="LEFT")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"Options.target_score must be a int, not True"):
        Options(target_score=True)
    with pytest.raises(ValueError, match=r"Options.kitty must be a bool, not 1"):
        Options(kitty=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"dealer=: seat True is not one of 0..3"):
        hearts.new_game(seed=1, dealer=True)
    with pytest.raises(ValueError, match=r"dealer=: seat 4 is not one of 0..3"):
        hearts.new_game(seed=1, dealer=4)
    with pytest.raises(ValueError, match="deck= must be the 52-card pack in some order; missing: 2C"):
        hearts.new_game(seed=1, deck=["AS", "KS", "QS"])
    with pytest.raises(ValueError, match="holds cards as text"):
        hearts.new_game(seed=1, deck=[1] * 52)  # type: ignore[list-item]


def test_invariants_refuse_states_play_could_not_reach() -> None:
    """check_invariants guards every decoded state: trick seats, sorted hands, the viewer, the lead."""
    state = suited_game(attrs.evolve(Options(), passing=Passing.NONE))
    state = play(state, "play 2C", "play 2D")
    assert state.trick.seats == (0, 1)
    hearts.check_invariants(state)

    def refused(bad: State, message: str) -> None:
        with pytest.raises(ValueError, match=message):
            hearts.check_invariants(bad)

    skipped = Trick.of(0, state.trick.cards, seats=(0, 2))
    refused(attrs.evolve(state, trick=skipped), "the trick's cards must come from seat 0 and the seats to its left")
    unsorted = (tuple(reversed(state.hands[0])), *state.hands[1:])
    refused(attrs.evolve(state, hands=unsorted), "seat 0's hand is not in sorted order")
    refused(attrs.evolve(state, viewer=1), "a state with a random source is not a view")
    refused(attrs.evolve(hearts.view(state, 1), viewer=4), r"viewer: seat 4 is not one of 0..3")
    refused(attrs.evolve(hearts.view(state, 1), viewer=2), "the view of seat 2 shows 3D in hands, which it may not see")
    passing = suited_game()
    refused(attrs.evolve(passing, trick=Trick(2)), "seat 0, left of the dealer, leads until the first trick")
    refused(attrs.evolve(state, scores=(40, 30, 20, 10)), "scores total 100, impossible after 0 hands")
    refused(attrs.evolve(state, phase=Phase.MOON), "moon comes only after the last trick")


def test_moon_choice_with_a_hidden_kitty_belongs_to_its_taker_in_every_view() -> None:
    """000's moon choice with 001's kitty: the taker shot the moon with two hearts in the kitty,
    which the other seats cannot see; every view still knows who chooses, and only the shooter's
    view has the choice."""
    kitty = parse_cards("2H 3H 2C 3C")
    shooter = [c for c in hearts.PACK if c in hearts.PENALTY and c not in kitty]
    plain = [c for c in hearts.PACK if c not in hearts.PENALTY and c not in kitty]
    options = Options(kitty=True)
    base = hearts.new_game(4, seed=2, options=options, dealer=3)
    state = attrs.evolve(
        base,
        phase=Phase.MOON,
        hands=((),) * 4,
        passes=((),) * 4,
        won=(tuple(plain[:12]), tuple(shooter), tuple(plain[12:24]), tuple(plain[24:])),
        kitty=kitty,
        kitty_taker=1,
        hearts_broken=True,
        trick=Trick(1),
    )
    hearts.check_invariants(state)
    assert hearts.to_act(state) == frozenset({1})
    for seat in (None, 0, 1, 2, 3):
        seen = hearts.view(state, seat)
        hearts.check_invariants(seen)
        assert hearts.to_act(seen) == frozenset({1})
        assert (seen.kitty == kitty) is (seat == 1)
        expected = ["moon add", "moon subtract"] if seat == 1 else []
        assert [str(m) for m in hearts.legal_moves(seen)] == expected
    after = play(state, "moon subtract")
    assert after.scores == (0, -26, 0, 0) and after.hand == 2
    assert [str(e) for e in after.events][:3] == [
        "seat 1 chooses: moon subtract",
        "seat 1 reveals: kitty 2H 3H 2C 3C",
        "hand scored: 0 -26 0 0",
    ]
