"""The rule-of-thumb bot (`parlour.bots.heuristic`): every game, determinism, fairness, and one
named position per rule of thumb with the exact move it must choose."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import parlour
from parlour.bots import Bot, RandomBot, make_bot, moves_of, play_game
from parlour.bots.heuristic import HeuristicBot, from_spec
from parlour.bots.heuristic.counting import show_count
from parlour.bots.heuristic.dice import bank_threshold
from parlour.bots.heuristic.rummy import deadwood
from parlour.bots.heuristic.tricks import sure_tricks
from parlour.core.cards import Card, parse_cards, standard_pack
from parlour.core.game import Game, GameMove, GameState
from parlour.games import cribbage, farkle, gin_rummy, hearts, scum, spades

sys.path.insert(0, str(Path(__file__).parent))
from positions import give  # noqa: E402

NAMES = parlour.game_names()


class Checked:
    """The heuristic bot, with every choice checked: a legal move of the asked seat, and the
    same choice when only the cards the seat cannot see are dealt afresh."""

    def __init__(self, seed: int) -> None:
        self.bot = HeuristicBot(seed)
        self.seed = seed
        self.calls = 0

    def choose(self, game: Game, state: GameState, player: int) -> GameMove:
        self.calls += 1
        if self.calls % 7 == 1:  # a fairness check every seventh decision keeps the loop cheap
            twin = HeuristicBot(self.seed)
            twin._random.setstate(self.bot._random.getstate())
            twin._memory = set(self.bot._memory)
            hidden = game.shuffle_unseen(state, player, self.calls)
            assert twin.choose(game, hidden, player) == self._choose(game, state, player), game.name
            return self._last
        return self._choose(game, state, player)

    def _choose(self, game: Game, state: GameState, player: int) -> GameMove:
        move = self.bot.choose(game, state, player)
        assert move in moves_of(game, state, player), (game.name, str(move))
        self._last = move
        return move


@pytest.mark.parametrize("name", NAMES)
def test_plays_a_whole_quick_game_of_every_game_fairly(name: str) -> None:
    """One heuristic seat among random ones plays a whole short match: only legal moves of its
    seat, and choices that do not move when the hidden cards are dealt afresh."""
    game = parlour.game(name)
    state = game.new_game(seed=5, options=game.quick)
    seats = len(game.scores(state))
    checked = Checked(seed=9)
    bots: list[Bot] = [checked, *(RandomBot(seat) for seat in range(1, seats))]
    final = play_game(game, state, bots)
    assert game.is_over(final)
    assert checked.calls > 0


@pytest.mark.parametrize("name", ["hearts", "gin_rummy", "scum", "farkle", "cribbage", "mexican_train", "klondike"])
def test_same_seed_same_moves(name: str) -> None:
    game = parlour.game(name)

    def moves(seed: int) -> list[str]:
        played: list[str] = []
        bots = [make_bot("heuristic", seed=seed + seat) for seat in range(game.default_players)]
        play_game(
            game,
            game.new_game(seed=3, options=game.quick),
            bots,
            until=lambda s: len(played) >= 40,
            on_move=lambda before, move, after: played.append(str(move)),
        )
        return played

    assert moves(1) == moves(1)


def test_make_bot_builds_it_and_refuses_a_strength() -> None:
    assert repr(make_bot("heuristic", seed=4)) == "HeuristicBot(seed=4)"
    with pytest.raises(ValueError, match="takes no strength"):
        from_spec(1, "500")


def test_a_seat_without_moves_is_refused() -> None:
    game = parlour.game("hearts")
    state = game.new_game(seed=1, options=hearts.Options(passing=hearts.Passing.NONE))
    idle = next(seat for seat in range(4) if seat not in game.to_act(state))
    with pytest.raises(ValueError, match=f"seat {idle} has no legal move"):
        HeuristicBot(1).choose(game, state, idle)


# --- trick games ---------------------------------------------------------------------------


def _hearts_trick(hands: dict[int, str], plays: list[str]) -> tuple[Game, GameState]:
    """A Hearts deal without passing, seat 0 to lead 2C, with the hands given and the plays made."""
    game = parlour.game("hearts")
    state = game.new_game(seed=1, options=hearts.Options(passing=hearts.Passing.NONE))
    for seat, text in hands.items():
        state = give(game, state, seat, text)
    for text in plays:
        state = game.apply(state, game.parse_move(state, text))
    return game, state


def test_hearts_void_in_the_suit_led_sheds_the_queen_of_spades() -> None:
    game, state = _hearts_trick({1: "QS 2H 3H 4H 5H 6H KH 2D 3D 4D 5D 6D 7D"}, ["play 2C"])
    assert str(HeuristicBot(1).choose(game, state, 1)) == "play QS"


def test_hearts_void_without_the_queen_sheds_its_highest_heart() -> None:
    game, state = _hearts_trick({1: "2S 2H 3H 4H 5H 6H KH 2D 3D 4D 5D 6D 7D"}, ["play 2C"])
    assert str(HeuristicBot(1).choose(game, state, 1)) == "play KH"


def test_hearts_last_to_play_ducks_with_its_highest_losing_card() -> None:
    game, state = _hearts_trick(
        {
            1: "KC 2H 3H 4H 5H 6H 7H 2D 3D 4D 5D 6D 7D",
            2: "5C 8H 9H 10H JH QH KH 8D 9D 10D JD QD KD",
            3: "3C 9C QC AC 2S 3S 4S 5S 6S 7S 8S 9S 10S",
        },
        ["play 2C", "play KC", "play 5C"],
    )
    assert str(HeuristicBot(1).choose(game, state, 3)) == "play QC"


def _whist(hands: dict[int, str], plays: list[str]) -> tuple[Game, GameState, int]:
    """Whist with 10s (hearts trumps in the first round) with the hands given and plays made;
    returns the game, the state and the leader."""
    game = parlour.game("whist_tens")
    state = game.new_game(seed=2)
    leader = min(game.to_act(state))
    for offset, text in hands.items():
        state = give(game, state, (leader + offset) % 4, text)
    for text in plays:
        state = game.apply(state, game.parse_move(state, text))
    return game, state, leader


def test_a_trick_lost_anyway_gets_the_lowest_card_that_follows() -> None:
    game, state, leader = _whist(
        {0: "AS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", 1: "3S 9S KS 2D 3D 4D 5D 6D 7D 8D 9D 10D JD"},
        ["play AS"],
    )
    assert str(HeuristicBot(1).choose(game, state, (leader + 1) % 4)) == "play 3S"


def test_the_last_seat_wins_with_its_cheapest_winning_card() -> None:
    game, state, leader = _whist(
        {
            0: "5S 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
            1: "9S 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
            2: "2S AC AD 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
            3: "3S 10S KS AS QH KH AH 4S 6S 7S 8S JS QS",
        },
        ["play 5S", "play 9S", "play 2S"],
    )
    assert str(HeuristicBot(1).choose(game, state, (leader + 3) % 4)) == "play 10S"


def test_sure_tricks_count_aces_guarded_kings_and_long_suits() -> None:
    assert sure_tricks(parse_cards("AS AH AD KC QC 2S 3S 4H 5H 6D 7D 8C 9C")) == 4
    assert sure_tricks(parse_cards("KC 2S 3S 4S 5S 6S 7S 8S")) == 3  # a lone king; seven spades
    assert sure_tricks(parse_cards("2C 3D 4H 5S")) == 0


def test_spades_bids_its_sure_tricks() -> None:
    game = parlour.game("spades")
    state = game.new_game(seed=1, options=spades.Options())
    seat = min(game.to_act(state))
    state = give(game, state, seat, "AS AH AD KC QC 2S 3S 4H 5H 6D 7D 8C 9C")
    bot = HeuristicBot(1)
    look = bot.choose(game, state, seat)
    assert str(look) == "look"
    state = game.apply(state, look)
    assert str(bot.choose(game, state, seat)) == "bid 4"


# --- rummy ---------------------------------------------------------------------------------


def _gin_to_discard(hand: str) -> tuple[Game, GameState, int]:
    """Gin Rummy after both seats pass the upcard and the first draws from the stock, with the
    hand given (11 cards) at the seat that must discard."""
    game = parlour.game("gin_rummy")
    state = game.new_game(seed=4, options=gin_rummy.Options())
    for _ in range(2):
        state = game.apply(state, game.parse_move(state, "pass"))
    state = game.apply(state, game.parse_move(state, "draw stock"))
    seat = min(game.to_act(state))
    return game, give(game, state, seat, hand), seat


def test_gin_discards_the_card_that_leaves_the_least_deadwood() -> None:
    game, state, seat = _gin_to_discard("3C 4C 5C 9H 9S 9D 6D 7D 2S 4H KH")
    assert deadwood(parse_cards("3C 4C 5C 9H 9S 9D 6D 7D 2S 4H")) == 19
    assert str(HeuristicBot(1).choose(game, state, seat)) == "discard KH"


def test_gin_knocks_when_the_rules_allow() -> None:
    game, state, seat = _gin_to_discard("3C 4C 5C 9H 9S 9D JC QC KC 7D KS")
    assert str(HeuristicBot(1).choose(game, state, seat)) == "knock KS"


def _gin_facing_the_upcard(pair_with_it: bool) -> tuple[Game, GameState, int]:
    """Gin Rummy's first decision (take the upcard or pass), the seat holding two more cards of
    the upcard's rank or none near it, the rest low and far from it."""
    game = parlour.game("gin_rummy")
    state = game.new_game(seed=4, options=gin_rummy.Options())
    seat = min(game.to_act(state))
    upcard = state.discards[-1]  # type: ignore[attr-defined]
    far = [c for c in standard_pack() if abs(int(c.rank) - int(upcard.rank)) > 2 and c not in state.discards]  # type: ignore[attr-defined]
    alike = [c for c in standard_pack() if c.rank == upcard.rank and c != upcard][:2]
    picked: list[Card] = []
    for card in far:  # at most two of a rank, nothing near in a suit: nothing melds but the pair
        same_rank = sum(1 for p in picked if p.rank == card.rank)
        if same_rank < 2 and all(not (card.suit == p.suit and abs(int(card.rank) - int(p.rank)) < 3) for p in picked):
            picked.append(card)
    hand = (alike + picked)[:10] if pair_with_it else picked[:10]
    return game, give(game, state, seat, " ".join(map(str, hand))), seat


def test_gin_takes_the_upcard_when_it_completes_a_meld() -> None:
    game, state, seat = _gin_facing_the_upcard(pair_with_it=True)
    assert str(HeuristicBot(1).choose(game, state, seat)) == "take upcard"


def test_gin_passes_an_upcard_that_does_not_lower_the_deadwood() -> None:
    game, state, seat = _gin_facing_the_upcard(pair_with_it=False)
    assert str(HeuristicBot(1).choose(game, state, seat)) == "pass"


# --- shedding, dice, counting, the rest -----------------------------------------------------


def test_scum_leads_its_lowest_card_and_beats_with_the_lowest_that_beats() -> None:
    game = parlour.game("scum")
    state: GameState = scum.new_game(4, seed=1, deck=standard_pack())
    leader = min(game.to_act(state))
    assert str(HeuristicBot(1).choose(game, state, leader)) == "play 3H"
    state = game.apply(state, game.parse_move(state, "play 5C"))
    follower = min(game.to_act(state))
    assert str(HeuristicBot(1).choose(game, state, follower)) == "play 6C"


def test_scum_plays_a_pair_whole_rather_than_break_it() -> None:
    game = parlour.game("scum")
    state = game.new_game(4, seed=1)
    leader = min(game.to_act(state))
    state = give(game, state, leader, "3H 3S 4D 5C 6S 7H 8D 9C 10S JH QD KC 2S")
    assert str(HeuristicBot(1).choose(game, state, leader)) == "play 3H 3S"


def test_farkle_takes_the_big_score_and_banks_at_the_threshold() -> None:
    game = parlour.game("farkle")
    state: GameState = farkle.new_game(2, rolls=[1, 1, 1, 2, 3, 4, 6, 6, 6, 6, 6, 6] * 4)
    bot = HeuristicBot(1)
    moves = []
    for _ in range(3):
        move = bot.choose(game, state, 0)
        moves.append(str(move))
        state = game.apply(state, move)
    assert moves == ["roll", "hold 1 1 1", "bank"]
    assert game.scores(state)[0] == 1000


def test_farkle_keeps_rolling_below_the_threshold_with_many_dice_left() -> None:
    game = parlour.game("farkle")
    state: GameState = farkle.new_game(2, rolls=[5, 2, 3, 4, 6, 6, 2, 3, 4, 6, 6] * 4)
    bot = HeuristicBot(1)
    moves = []
    for _ in range(3):
        move = bot.choose(game, state, 0)
        moves.append(str(move))
        state = game.apply(state, move)
    assert moves == ["roll", "hold 5", "roll"]


def test_bank_threshold_grows_with_the_dice_left() -> None:
    assert [bank_threshold(n) for n in range(1, 7)] == [300, 300, 600, 1200, 2400, 4800]


def test_cribbage_keeps_the_hand_that_counts_most() -> None:
    game = parlour.game("cribbage")
    state = game.new_game(seed=1, options=cribbage.Options())
    seat = min(game.to_act(state))
    state = give(game, state, seat, "5H 5S 10D JC 2C 9S")
    bot = HeuristicBot(1)
    first = bot.choose(game, state, seat)
    state = game.apply(state, first)
    second = bot.choose(game, state, seat)
    assert (str(first), str(second)) == ("discard 9S", "discard 2C")
    assert show_count(parse_cards("5H 5S 10D JC")) == 10


def test_dominoes_play_the_heaviest_tile_when_nothing_scores() -> None:
    game = parlour.game("mexican_train")
    state = game.new_game(seed=2)
    seat = min(game.to_act(state))
    moves = moves_of(game, state, seat)
    heaviest = max(m.tile.a + m.tile.b for m in moves)  # type: ignore[attr-defined]
    chosen = HeuristicBot(1).choose(game, state, seat)
    assert chosen.tile.a + chosen.tile.b == heaviest  # type: ignore[attr-defined]


def test_solitaire_moves_to_the_foundation_first() -> None:
    game = parlour.game("klondike")
    for seed in range(40):
        state = game.new_game(seed=seed)
        scoring = [m for m in moves_of(game, state, 0) if game.scores(game.apply(state, m))[0] > game.scores(state)[0]]
        if scoring:
            chosen = HeuristicBot(1).choose(game, state, 0)
            assert game.scores(game.apply(state, chosen))[0] == game.scores(state)[0] + 1
            return
    raise AssertionError("no deal with a card for the foundations at once")

