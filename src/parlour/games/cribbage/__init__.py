"""Cribbage for two players: lay away to the crib, peg to 31, show the hands, first to 121.

Rules: the Hoyle Card Games manual, "Cribbage" (the two-player game), with the gaps filled by
the usual published rules. One 52-card pack; the ace is always low (A-2-3 is a run, Q-K-A is
not); kings, queens, jacks and tens count 10, the ace 1, the others their pips.

* The first dealer is the low card of a cut (ace low; equal ranks cut again), drawn from the
  seed unless `new_game(dealer=...)` fixes it; the deal then alternates. Six cards each, one at
  a time, the non-dealer first; the rest is the stock. Only the 13 cards a hand uses (both
  hands and the starter) are drawn at random; the unseen rest of the stock is in pack order.
* Each player lays away two cards, face down, to the dealer's crib. Both choose at once, one
  card per `discard` move; the laid-away cards are seen only by the seat that laid them until
  the crib is shown (and by everyone once the game is over).
* The starter is the top card of the stock (the non-dealer's cut adds no chance the shuffle
  lacks). A jack gives the dealer 2 for his heels at once.
* Pegging: the non-dealer plays first, then turns alternate, each card added to a running count
  that may not pass 31. The player of a card scores 2 for a count of 15, 2 for exactly 31, 2 for
  a pair with the card before, 6 for three of a kind (pair royal), 12 for four (double pair
  royal), and n for a run: the last n cards (n >= 3) are n consecutive ranks in any order (the
  longest such n). A player with cards but none that fits says `go`, the only move it has; the
  other then plays on alone while it can. Whoever plays the last card of a count scores 1 (go,
  or last card for the very last card of the pegging), unless the count is exactly 31 (2 only).
  The count then starts again at 0 with the player who did not play the last card (the other
  one if that player has no cards left). Pairs and runs never reach across two counts. When
  neither player could play, nobody needs to say go a second time: the count simply ends.
* The show: the non-dealer's hand, then the dealer's hand, then the crib, each with the starter:
  2 per fifteen, 2 per pair, 1 per card of each run (so the manual's double run of three is 8,
  double run of four 10, triple run 15, quadruple run 16), a flush of the four hand cards 4 (5
  with the starter's suit too), and 1 for nobs, the jack of the starter's suit. The crib scores
  a flush only when its four cards and the starter share one suit (5).
* The game ends the moment a player reaches the target (121): during the pegging, between one
  counted hand and the next, or on the heels. Nothing after that point is counted, and the
  winning score is pegged into the game hole: it shows exactly the target.
* Muggins (claiming points the opponent forgot) is not offered: the engine counts every score.
* `skunk` (an option; not in the manual): a winner whose opponent has not passed the
  skunk line (30 short of the target: 90 in a game to 121) wins two games instead of one. With
  `games=N` a match is played until one player has won N games (a skunk counting two); the
  loser of a game deals the first hand of the next. `games` in the state records the result.

>>> from parlour.core.cards import Card, parse_cards
>>> state = new_game(seed=1, dealer=0)
>>> state.phase, sorted(to_act(state)), len(legal_moves(state))
(<Phase.DISCARD: 0>, [0, 1], 12)
>>> score_hand(parse_cards("5H 5C 5S JD"), Card.parse("5D"))
29
>>> peg_points(parse_cards("7C 9D 8H"))
3
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.cribbage.playout import playout
from parlour.games.cribbage.render import render
from parlour.games.cribbage.rules import (
    HAND_SIZE as HAND_SIZE,
    KEPT as KEPT,
    LAY_AWAY as LAY_AWAY,
    ONCE_AROUND as ONCE_AROUND,
    PACK as PACK,
    PLAYERS as PLAYERS,
    SKUNK_GAMES as SKUNK_GAMES,
    SKUNK_MARGIN as SKUNK_MARGIN,
    TARGET as TARGET,
    MOVE_TYPES,
    ZONES,
    Discard,
    Go,
    Move,
    Options,
    Phase,
    PlayCard,
    State,
    apply,
    check_invariants,
    is_over,
    legal_moves,
    new_game,
    parse_move,
    pile_of,
    scores,
    shuffle_unseen,
    to_act,
    view,
    winners,
)
from parlour.games.cribbage.scoring import (
    FIFTEEN as FIFTEEN, FLUSH_HAND as FLUSH_HAND, GO as GO, HEELS as HEELS, MAX_COUNT as MAX_COUNT, NOBS as NOBS,
    SAME_RANK_POINTS as SAME_RANK_POINTS, THIRTY_ONE as THIRTY_ONE, card_value, peg_points, score_hand,
)  # fmt: skip

__all__ = [
    "GAME", "MOVE_TYPES", "ZONES", "Discard", "Go", "Move", "Options", "Phase", "PlayCard", "State", "apply",
    "card_value", "check_invariants", "is_over", "legal_moves", "new_game", "parse_move", "peg_points", "pile_of",
    "playout", "render", "score_hand", "scores", "shuffle_unseen", "to_act", "view", "winners",
]  # fmt: skip

GAME: Final = GameSpec[State, Move, Options](
    name="cribbage",
    title="Cribbage",
    family="counting",
    summary="Lay away to the crib, peg fifteens, pairs and runs to 31, show the hands; first to 121.",
    players=PLAYERS,
    default_players=2,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("hoyle", Options.hoyle()), ("once_around", Options.once_around())),
    max_plies=5_000,
    quick=Options(target=61),
    zones=ZONES,
    new_game=new_game,
    legal_moves=legal_moves,
    apply=apply,
    to_act=to_act,
    is_over=is_over,
    scores=scores,
    winners=winners,
    view=view,
    parse_move=parse_move,
    check_invariants=check_invariants,
    shuffle_unseen=shuffle_unseen,
    render=render,
    playout=playout,
)
