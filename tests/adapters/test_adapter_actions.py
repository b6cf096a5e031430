"""The token spelling of moves (`parlour.adapters.actions`), for every registered game.

For states along random short matches of every game: every legal move of the seat to act spells
to tokens that read back as the same move, and walking the `Choice` trie offers at each prefix
exactly the tokens that continue some legal move, filling in forced tokens.
"""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.adapters.actions import INT_TOKENS, Choice, Vocabulary, pack_of
from parlour.core.game import Game, GameMove, GameState
from parlour.games import five_in_a_row

PLIES = 40
"""Plies of each game's random playout whose decisions are checked."""


def new_state(game: Game, seed: int) -> GameState:
    return game.new_game(seed=seed, options=game.quick)


def playout(game: Game, seed: int, plies: int = PLIES) -> list[GameState]:
    """The states of a random short match of `game` (at most `plies` + 1)."""
    state, rng = new_state(game, seed), random.Random(seed)
    states = [state]
    while not game.is_over(state) and len(states) <= plies:
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        states.append(state)
    return states


def walk(choice: Choice, spellings: dict[tuple[int, ...], GameMove], seen: list[GameMove]) -> None:
    """Checks the mask of `choice` and of every decision below it against the spellings."""
    depth = len(choice.prefix)
    below = {tokens: move for tokens, move in spellings.items() if tokens[:depth] == choice.prefix}
    assert below, "the prefix of a choice continues no legal move"
    assert set(choice.tokens) == {tokens[depth] for tokens in below}
    assert choice.mask() == tuple(t in choice.tokens for t in range(choice.vocabulary.size))
    if len(spellings) > 1:
        assert len(choice.tokens) > 1, "a forced token was left for the agent to pick"
    for token in choice.tokens:
        picked = choice.pick(token)
        if isinstance(picked, Choice):
            walk(picked, spellings, seen)
        else:
            matching = [tokens for tokens in below if tokens[depth] == token]
            assert len(matching) == 1 and spellings[matching[0]] is picked
            seen.append(picked)


@pytest.mark.parametrize("name", parlour.game_names())
def test_every_legal_move_spells_and_reads_back_and_the_trie_offers_exactly_its_continuations(name: str) -> None:
    game = parlour.game(name)
    states = playout(game, seed=11)
    vocabulary = Vocabulary.of(game, states[0])
    for state in states:
        if game.is_over(state):
            continue
        seat = min(game.to_act(state))
        moves = game.legal_moves(state, seat)
        spellings = {vocabulary.encode(move): move for move in moves}
        assert len(spellings) == len(moves), "two legal moves share a spelling"
        for tokens, move in spellings.items():
            assert vocabulary.decode(tokens, seat) == move
            assert vocabulary.names[tokens[0]] == type(move).__name__
        root = Choice.among(vocabulary, moves)
        if len(moves) == 1:
            assert root.prefix == () and len(root.tokens) == 1, "a single move is still chosen by one token"
        seen: list[GameMove] = []
        walk(root, spellings, seen)
        assert sorted(map(str, seen)) == sorted(map(str, moves))


def test_the_vocabulary_is_the_same_for_every_deal_of_the_same_game_options_and_players() -> None:
    for name in ("hearts", "gin_rummy", "mexican_train", "farkle", "spades"):
        game = parlour.game(name)
        first, second = Vocabulary.of(game, new_state(game, 1)), Vocabulary.of(game, new_state(game, 2))
        assert first.names == second.names
        late = playout(game, seed=3)[-1]
        assert Vocabulary.of(game, late).names == first.names


def test_hearts_vocabulary_is_its_move_classes_then_its_pack_then_the_moon_choices() -> None:
    hearts = parlour.game("hearts")
    vocabulary = Vocabulary.of(hearts, new_state(hearts, 1))
    assert vocabulary.names[:5] == ("PassCard", "PlayCard", "ChooseMoon", "AC", "2C")
    assert vocabulary.names[-2:] == ("Moon.ADD", "Moon.SUBTRACT")
    assert vocabulary.size == 3 + 52 + 3
    first = hearts.legal_moves(new_state(hearts, 1), 2)[0]
    assert vocabulary.text(vocabulary.encode(first)) == f"PassCard {str(first).split()[-1]}"


def test_euchre_packs_twenty_four_cards_and_domino_games_their_tiles() -> None:
    euchre = parlour.game("euchre")
    assert len(pack_of(euchre, new_state(euchre, 1))) == 24
    train = parlour.game("mexican_train")
    tiles = pack_of(train, new_state(train, 1))
    assert len(tiles) == 91 and str(tiles[0]) == "0-0" and str(tiles[-1]) == "12-12"


def test_numbers_outside_the_small_range_are_spelled_digit_by_digit_and_read_back() -> None:
    game = parlour.game("five_in_a_row")
    vocabulary = Vocabulary.of(game, new_state(game, 1))
    play = next(m for m in game.legal_moves(new_state(game, 1)) if isinstance(m, five_in_a_row.PlayCard))
    for cell, spelled in ((INT_TOKENS.stop, "# #1 #2 #8 #."), (-305, "# #- #3 #0 #5 #."), (7, "7")):
        wide = five_in_a_row.PlayCard(play.player, play.card, cell)
        tokens = vocabulary.encode(wide)
        assert vocabulary.text(tokens[2:]) == spelled
        assert vocabulary.decode(tokens, play.player) == wide


def test_text_fields_are_spelled_by_character() -> None:
    spades = parlour.game("spades")
    state = next(s for s in playout(spades, seed=5, plies=60) if any("nil" in str(m) for m in spades.legal_moves(s)))
    seat = min(spades.to_act(state))
    nil = next(m for m in spades.legal_moves(state, seat) if str(m).endswith("double nil"))
    vocabulary = Vocabulary.of(spades, state)
    spelled = "MakeBid 0 None 'd' 'o' 'u' 'b' 'l' 'e' ' ' 'n' 'i' 'l' end-text"
    assert vocabulary.text(vocabulary.encode(nil)) == spelled
    assert vocabulary.decode(vocabulary.encode(nil), seat) == nil


def test_bad_tokens_and_spellings_are_refused_with_a_clear_message() -> None:
    hearts = parlour.game("hearts")
    state = new_state(hearts, 1)
    vocabulary = Vocabulary.of(hearts, state)
    choice = Choice.among(vocabulary, hearts.legal_moves(state, 0))
    with pytest.raises(ValueError, match="does not continue 'PassCard'; allowed: "):
        choice.pick(vocabulary.index["PlayCard"])
    with pytest.raises(ValueError, match="tokens 0..57"):
        vocabulary.name_of(58)
    with pytest.raises(ValueError, match="stops before the move is complete"):
        vocabulary.decode((vocabulary.index["PlayCard"],), 0)
    with pytest.raises(ValueError, match="goes on after a complete move"):
        vocabulary.decode((vocabulary.index["PlayCard"], vocabulary.index["2C"], vocabulary.index["3C"]), 0)
    with pytest.raises(ValueError, match="starts with its class"):
        vocabulary.decode((vocabulary.index["2C"],), 0)
    with pytest.raises(ValueError, match="no legal moves"):
        Choice.among(vocabulary, ())
    gin = parlour.game("gin_rummy")
    with pytest.raises(ValueError, match="is not a move of hearts"):
        vocabulary.encode(gin.legal_moves(new_state(gin, 1))[0])
    with pytest.raises(ValueError, match="not from a view"):
        Vocabulary.of(hearts, hearts.view(state, 0))
