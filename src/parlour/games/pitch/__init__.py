"""Pitch (Setback, High-Low-Jack): bid for the points High, Low, Jack and Game; the pitcher's
first lead names trump; the first player to reach the target wins.

Source: the Hoyle Card Games manual, "Pitch". Readings where the manual is silent:

- Four players by default, each for themselves ("only 24 of 52 cards are dealt" with six
  each); 2 to 7 may play. No partnerships (the manual has none).
- The first dealer is drawn from the seed unless `dealer=`; the deal passes left after every
  hand, a redeal included. Six cards each, one at a time clockwise from the dealer's left; the
  rest of the pack stays face down, unseen by everyone.
- Bidding goes once around from the dealer's left (core's competitive auction): each player
  passes or bids above the high bid, from 2 (2, 3, 4, smudge = 5). A pass is final; smudge ends
  the bidding at once (nothing outbids it). If all pass the cards are thrown in and the next
  dealer deals; nobody is forced to bid.
- The pitcher leads the first trick with any card, and its suit is trump. A player may always
  play a trump; otherwise a player must follow the suit led if able (with trump led, a trump).
- High, Low and Jack go to the winners of the tricks holding the highest trump dealt, the lowest
  trump dealt and the jack of trumps (no Jack point when it was not dealt). Option
  `low_to_holder`: Low goes to the player who was dealt (and so played) the lowest trump.
  Game goes to the one player with most game points in the cards won (10s 10, aces 4, kings 3,
  queens 2, jacks 1); a tie for most gives nobody the point.
- A bid of 2 to 4 is made when the pitcher takes at least that many of the four points; smudge
  is made by taking all four points and all six tricks, and then earns a fifth point. A pitcher
  who made the bid scores every point taken; one who failed scores none of them and is set back
  the bid (smudge: 5). The other players always score the points they took.
- Points are paid in the order High, Low, Jack, Game (then smudge's fifth point); the first
  player to reach the target wins at once and the rest of the hand is not scored. A set-back is
  applied last (it can end the game only through the back door, below). Option
  `bidder_out_first` pays the pitcher's points first (the common "bidder goes out first" rule).
- Scores may go below zero. The manual never says how low: as written (the presets `hoyle`,
  `hoyle_7`, `hoyle_21`) a game in which nobody reaches the target can go on for ever. The
  default options add the common Setback rule `back_door`: a hand that leaves a player at minus
  the target or lower ends the game, and the highest score wins (equal highest share the win),
  so that every match ends, also under random play.
- Game-point ties go to nobody (the manual); there is no dealer's privilege and no partnership
  form.

The package reads in dependency order: `options` (rule tables, `Options`, presets and the
auction's shape), `scoring` (the four points and how a hand is paid), `rules` (moves, `State`,
zones, the verbs and the phase helpers) and `render` (the text picture); this module
re-exports the public names and holds the `GAME` record.
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.pitch.options import (
    AUCTION_RULES,
    BIDS,
    DEFAULT_PLAYERS,
    GAME_POINTS,
    HAND_SIZE,
    LADDERS,
    PACK,
    PLAYERS,
    POINTS,
    PRESETS,
    QUICK,
    QUICK_TARGET,
    SMUDGE,
    TARGET,
    TARGETS,
    Options,
)
from parlour.games.pitch.render import render
from parlour.games.pitch.rules import (
    MOVE_TYPES,
    ZONES,
    MakeBid,
    Move,
    Pass,
    Phase,
    PlayCard,
    State,
    apply,
    check_invariants,
    is_over,
    legal_moves,
    new_game,
    parse_move,
    scores,
    shuffle_unseen,
    to_act,
    view,
    winners,
)
from parlour.games.pitch.scoring import game_points, point_takers, settle

__all__ = [
    "AUCTION_RULES", "BIDS", "DEFAULT_PLAYERS", "GAME", "GAME_POINTS", "HAND_SIZE", "LADDERS", "MOVE_TYPES",
    "PACK", "PLAYERS", "POINTS", "PRESETS", "QUICK", "QUICK_TARGET", "SMUDGE", "TARGET", "TARGETS", "ZONES",
    "MakeBid", "Move", "Options", "Pass", "Phase", "PlayCard", "State", "apply", "check_invariants",
    "game_points", "is_over", "legal_moves", "new_game", "parse_move", "point_takers", "render", "scores",
    "settle", "shuffle_unseen", "to_act", "view", "winners",
]  # fmt: skip


def _players_for(options: Options) -> tuple[int, ...]:
    return PLAYERS


GAME: Final = GameSpec[State, Move, Options](
    name="pitch",
    title="Pitch",
    family="tricks",
    summary="Bid for High, Low, Jack and Game; the pitcher's first lead names trump.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=PRESETS,
    max_plies=20_000,
    quick=QUICK,
    players_for=_players_for,
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
)
