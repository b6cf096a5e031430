"""ISMCTS: legal, seeded and fair moves in every game, sound inferences, and sense in a clear spot."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import parlour
from parlour.bots import Bot, RandomBot, make_bot, play_game
from parlour.bots.determinize import determinize
from parlour.bots.inference import CardFacts
from parlour.bots.ismcts import ISMCTSBot
from parlour.core.cards import Card
from parlour.core.events import EventKind
from parlour.core.game import Game, GameMove, GameState
from parlour.core.zones import Piece, zone_cards
from parlour.games import farkle as farkle_rules


def midgame(game: Game, plies: int = 6, seed: int = 5) -> GameState:
    """A state of the game's short match after a few random moves (earlier if it ends)."""
    state = game.new_game(seed=seed, options=game.quick)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = game.legal_moves(state, min(game.to_act(state)))
        after = game.apply(state, moves[rng.randrange(len(moves))])
        if game.is_over(after):
            break
        state = after
    return state


@pytest.mark.parametrize("name", parlour.game_names())
def test_a_legal_move_that_depends_only_on_the_view(name: str) -> None:
    """In every game the move is legal for the seat, and the same when everything the seat
    cannot see is dealt afresh (the bot reads only its view)."""
    game = parlour.game(name)
    state = midgame(game)
    seat = min(game.to_act(state))
    move = ISMCTSBot(seed=3, iterations=4).choose(game, state, seat)
    assert move in game.legal_moves(state, seat) and move.player == seat
    shuffled = game.shuffle_unseen(state, seat, 99)
    assert ISMCTSBot(seed=3, iterations=4).choose(game, shuffled, seat) == move


@pytest.mark.parametrize("name", parlour.game_names())
def test_observing_bots_play_every_game(name: str) -> None:
    """A table of search bots, each told of every state (inferring as it goes), plays on through
    play_game: every move legal, whatever each game's events and zones are."""
    game = parlour.game(name)
    start = game.new_game(seed=3, options=game.quick)
    bots: list[Bot] = [ISMCTSBot(seed=seat, iterations=1, max_plies=30) for seat in range(len(game.scores(start)))]
    moves: list[GameMove] = []
    end = play_game(game, start, bots, until=lambda _: len(moves) >= 30, on_move=lambda b, m, a: moves.append(m))
    assert len(moves) == 30 or game.is_over(end)


def hearts_choices(seed: int) -> list[GameMove]:
    hearts = parlour.game("hearts")
    bot = ISMCTSBot(seed=seed, iterations=30)
    state = hearts.new_game(seed=8)
    return [bot.choose(hearts, state, 0), bot.choose(hearts, state, 0)]


def test_the_same_seed_gives_the_same_moves() -> None:
    assert hearts_choices(1) == hearts_choices(1)
    assert len({tuple(map(str, hearts_choices(seed))) for seed in range(1, 5)}) > 1  # seeds matter


def test_make_bot_names_ismcts_and_its_iterations() -> None:
    default = make_bot("ismcts", seed=2)
    assert isinstance(default, ISMCTSBot) and default.iterations == 200 and default.seed == 2
    strong = make_bot("ismcts:500")
    assert isinstance(strong, ISMCTSBot) and strong.iterations == 500
    for bad in ("ismcts:0", "ismcts:many", "ismcts:-3"):
        with pytest.raises(ValueError, match="iterations"):
            make_bot(bad)
    with pytest.raises(ValueError, match="budget"):
        ISMCTSBot(iterations=None)
    with pytest.raises(ValueError, match="time_limit"):
        ISMCTSBot(time_limit=0)


@pytest.mark.parametrize("name", ["hearts", "gin_rummy", "farkle"])
def test_mast_playouts_choose_legal_seeded_moves(name: str) -> None:
    game = parlour.game(name)
    state = midgame(game, plies=4)
    seat = min(game.to_act(state))
    first = ISMCTSBot(seed=2, iterations=12, mast=0.8).choose(game, state, seat)
    assert first in game.legal_moves(state, seat)
    assert ISMCTSBot(seed=2, iterations=12, mast=0.8).choose(game, state, seat) == first
    with pytest.raises(ValueError, match="mast"):
        ISMCTSBot(mast=1.5)


def test_a_time_budget_alone_bounds_the_search() -> None:
    gin = parlour.game("gin_rummy")
    state = midgame(gin, plies=3)
    seat = min(gin.to_act(state))
    move = ISMCTSBot(seed=1, iterations=None, time_limit=0.05).choose(gin, state, seat)
    assert move in gin.legal_moves(state, seat)


# Inference: what the bot learns by watching ---------------------------------------------------


def watched(game: Game, seed: int, plies: int) -> Iterator[tuple[GameState, CardFacts]]:
    """Random play of the short match, seat 0's facts updated after every move."""
    state = game.new_game(seed=seed, options=game.quick)
    facts = CardFacts(0)
    facts.observe(game, game.view(state, 0))
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over(state):
            return
        moves = game.legal_moves(state, min(game.to_act(state)))
        state = game.apply(state, moves[rng.randrange(len(moves))])
        facts.observe(game, game.view(state, 0))
        yield state, facts


def hidden_holdings(game: Game, state: GameState, seat: int) -> set[Piece]:
    """The cards in `seat`'s parts of the by-seat zones of a real state that seat 0 cannot see."""
    view = game.view(state, 0)
    cards: set[Piece] = set()
    for zone in game.zones:
        if zone.by_seat:
            real, seen = getattr(state, zone.field)[seat], getattr(view, zone.field)[seat]
            pairs = zip(real, seen) if isinstance(real, tuple) else [(real, seen)]
            cards.update(card for card, shown in pairs if shown.is_hidden)
    return cards


@pytest.mark.parametrize(
    ("name", "kind"),
    [("hearts", "lacks"), ("spades", "lacks"), ("pitch", "lacks"), ("euchre", "lacks"), ("hearts", "held")]
    + [("go_fish", "held"), ("gin_rummy", "held"), ("cribbage", "held")],
)
def test_inferred_facts_are_true(name: str, kind: str) -> None:
    """Whatever seat 0 infers holds in the real state: no seat holds hidden a card it is said to
    lack, and a card said to be held and not in sight is hidden in that seat's hands. Pitch
    (trump may always be played) and Euchre (the left bower is a trump) are where a naive void
    rule would go wrong."""
    game = parlour.game(name)
    learnt = {"lacks": 0, "held": 0}
    for seed in (1, 2):
        for state, facts in watched(game, seed, plies=120):
            in_sight = set(zone_cards(game.view(state, 0), game.zones))
            for seat, lacks in facts.lacks.items():
                assert not lacks & hidden_holdings(game, state, seat), f"seat {seat} holds a card it is said to lack"
                learnt["lacks"] += len(lacks)
            for card, seat in facts.held.items():
                assert card in in_sight or card in hidden_holdings(game, state, seat), f"{card} left seat {seat}"
                learnt["held"] += 1
    assert learnt[kind] > 0


def test_facts_apply_only_to_the_position_observed() -> None:
    """Facts steer the search only at the view last observed: not in another game's first hand."""
    hearts = parlour.game("hearts")
    state = hearts.new_game(seed=5)
    facts = CardFacts(0)
    facts.observe(hearts, hearts.view(state, 0))
    for move in hearts.legal_moves(state, 0)[:3]:
        state = hearts.apply(state, move)
        facts.observe(hearts, hearts.view(state, 0))
    assert facts.held and facts.describes(hearts, hearts.view(state, 0))
    other = hearts.new_game(seed=6)
    assert not facts.describes(hearts, hearts.view(other, 0))
    facts.observe(hearts, hearts.view(other, 0))  # a new game, same hand number: a fresh deal
    assert not facts.held and not facts.lacks


def test_a_seat_that_showed_out_is_never_dealt_the_suit() -> None:
    """Hearts: once a seat plays off suit, seat 0's bot deals it no card of the suit led."""
    hearts = parlour.game("hearts")
    bot = ISMCTSBot(seed=1, iterations=5)
    shown_out: list[tuple[int, Card]] = []

    def note(before: GameState, move: GameMove, after: GameState) -> None:
        bot.observe(hearts, after, 0)
        trick = getattr(before, "trick")
        played = getattr(move, "card")
        if move.player != 0 and trick.cards and played.suit is not trick.cards[0].suit:
            shown_out.append((move.player, trick.cards[0]))

    start = hearts.new_game(seed=6)
    bot.observe(hearts, start, 0)
    randoms: list[Bot] = [RandomBot(seed) for seed in range(4)]
    state = play_game(hearts, start, randoms, until=lambda s: bool(shown_out), on_move=note)
    seat, led = shown_out[0]
    view = hearts.view(state, 0)
    facts = bot.facts(0)
    assert facts is not None
    unseen = {c for c in getattr(state, "hands")[1] + getattr(state, "hands")[2] + getattr(state, "hands")[3]}
    assert facts.lacks[seat] == {c for c in unseen if c.suit is led.suit}
    for seed in range(20):
        dealt = determinize(hearts, view, seed, facts.allowed)
        assert not [c for c in getattr(dealt, "hands")[seat] if c.suit is led.suit]


# Sense: clear decisions that random play gets wrong half the time or more ----------------------


def farkle_after_roll(faces: list[int], hold: str | None = None) -> tuple[Game, GameState]:
    farkle = parlour.game("farkle")
    state: GameState = farkle_rules.new_game(seed=1, options=farkle_rules.GAME.quick, rolls=faces)
    state = farkle.apply(state, farkle.parse_move(state, "roll"))
    if hold is not None:
        state = farkle.apply(state, farkle.parse_move(state, hold))
    return farkle, state


def test_farkle_banks_a_big_total_rather_than_roll_one_die() -> None:
    """1,100 at risk and one die left: a roll busts two times in three, so bank (random play
    rolls half the time)."""
    farkle, state = farkle_after_roll([1, 1, 1, 5, 5, 2], hold="hold 1 1 1 5 5")
    assert [str(m) for m in farkle.legal_moves(state)] == ["roll", "bank"]
    assert [str(ISMCTSBot(seed=seed, iterations=60).choose(farkle, state, 0)) for seed in range(5)] == ["bank"] * 5


def test_farkle_keeps_the_three_ones() -> None:
    """Rolled 1 1 1 5 5 2: every hold that leaves a 1 behind throws away hundreds of points
    (7 of the 11 holds do)."""
    farkle, state = farkle_after_roll([1, 1, 1, 5, 5, 2])
    assert len(farkle.legal_moves(state)) == 11
    for seed in range(4):
        assert str(ISMCTSBot(seed=seed, iterations=150).choose(farkle, state, 0)).startswith("hold 1 1 1")


def test_a_hand_of_hearts_between_observing_bots() -> None:
    """Two search bots (observers) and two random ones play a whole hand through play_game."""
    hearts = parlour.game("hearts")
    bots: list[Bot] = [ISMCTSBot(seed=1, iterations=3), RandomBot(2), ISMCTSBot(seed=3, iterations=3), RandomBot(4)]
    start = hearts.new_game(seed=9)
    end = play_game(hearts, start, bots, until=lambda s: s.hand > start.hand)
    assert end.hand == 2 and sum(hearts.scores(end)) in (26, 78)  # 78: a moon shot
