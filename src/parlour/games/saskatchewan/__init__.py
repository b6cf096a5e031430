"""Saskatchewan Rummy: five no-trump trick hands with a penalty each, then a hand of Sevens.

Rules: the Metzker Book of Card Game Rules, "Saskatchewan Rummy", with the project's readings
where the book is silent (listed below and on the docs page). It is
played for cents paid into one pot. The pack is stripped of just enough 2s (then 3s) for every
player to get the same number of cards, and all of it is dealt every hand. Hands 1-5 are trick
hands, ace high, no trump, must follow suit, the player left of the dealer leading first:

====  ==========================  =========
hand  what costs                  cents
====  ==========================  =========
1     each trick taken            5
2     each heart taken            5
3     each queen taken            10
4     the king of clubs           25
5     the last trick              50
====  ==========================  =========

Hand 6 is Sevens: rows are started with the sevens and built up 8, 9, 10, J, Q, K, A ("Aces are
played on top of the Kings") and down 6, 5, 4, 3, 2 as far as the pack goes. A player unable
to play pays 5 cents and passes. The first out takes half the pot; the second and third divide
the rest. The score is net cents (received minus paid); the highest net wins.

Readings where the seed is silent (stated again in the docs):

* 3 to 10 players. The cards removed are the fewest that make the deal even, taken in the order
  2C 2D 2S 2H 3C 3D 3S 3H (hearts last, for hand 2): see `REMOVED`.
* The first dealer is drawn from the seed unless `dealer=` is given; the deal passes to the
  left after every hand, and every hand is shuffled and dealt afresh, one card at a time
  clockwise from the dealer's left.
* Trick hands are played out to the last trick, even once nothing more can cost anything.
  Each hand's payments are made when it ends.
* Sevens: a row can only be started by its seven, played in turn like any card (option
  `sevens_pre_laid` lays all four sevens out before the first turn instead). Play is compulsory:
  "pass and pay" is the single move of a player who has no card to play, and only then. The
  player to the dealer's left plays first; players who are out are skipped.
* Hand 6 ends as soon as three players are out, or only one player still holds cards (three
  players: when two are out). The pot is everything paid in all six hands. First out takes
  half the pot, an odd cent rounded up (so that first never gets less than second); second
  and third share the rest, an odd cent going to second; with three players second takes the
  whole rest (the last player is paid nothing).
* Ties for the highest net score share the win.

The package reads in dependency order: `options` (the rule tables, `Options` and the helpers
that follow from the player count), `scoring` (what a trick hand costs, the payout of the pot),
`rules` (moves, `State`, zones, the verbs and the phase helpers) and `render` (the text
picture); this module re-exports the public names and holds the `GAME` record.

>>> state = new_game(4, seed=1, dealer=0)
>>> state.phase, state.hand, state.turn, len(state.hands[1])
(<Phase.TRICKS: 0>, 1, 1, 13)
>>> [str(e) for e in state.events]
['seat 0 deals hand 1', 'note: hand 1: each trick taken pays 5 cents']
>>> str(legal_moves(state)[0])
'play QC'
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec

from .options import (
    CONTRACTS,
    DEFAULT_PLAYERS,
    KING_OF_CLUBS,
    PACK,
    PASS_CENTS,
    PAID_PLACES,
    PLAYERS,
    PRESETS,
    REMOVAL_ORDER,
    REMOVED,
    SEVENS_HAND,
    SEVENS_ORDER,
    Contract,
    Options,
    hand_size,
    pack_for,
    removed_cards,
)
from .render import render
from .rules import (
    MOVE_TYPES,
    ZONES,
    Move,
    PassAndPay,
    Phase,
    PlayCard,
    State,
    apply,
    check_invariants,
    is_over,
    legal_moves,
    new_game,
    parse_move,
    playable,
    scores,
    shuffle_unseen,
    to_act,
    view,
    winners,
)
from .scoring import hand_payments, payout, places_needed

__all__ = [
    "CONTRACTS", "DEFAULT_PLAYERS", "GAME", "KING_OF_CLUBS", "MOVE_TYPES", "PACK", "PASS_CENTS", "PAID_PLACES",
    "PLAYERS", "REMOVAL_ORDER", "REMOVED", "SEVENS_HAND", "SEVENS_ORDER", "ZONES", "Contract", "Move", "Options",
    "PassAndPay", "Phase", "PlayCard", "State", "apply", "check_invariants", "hand_payments", "hand_size",
    "is_over", "legal_moves", "new_game", "pack_for", "parse_move", "payout", "places_needed", "playable",
    "removed_cards", "render", "scores", "shuffle_unseen", "to_act", "view", "winners",
]  # fmt: skip

GAME: Final = GameSpec[State, Move, Options](
    name="saskatchewan",
    title="Saskatchewan Rummy",
    family="tricks",
    summary="Five trick hands that each cost cents, then a hand of Sevens where the first out takes half the pot.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=PRESETS,
    # A true bound for every count: 5 trick hands of at most 52 plays, then a Sevens hand of at
    # most 52 plays with at most n - 1 forced passes between two plays (n <= 10).
    max_plies=1_000,
    # The whole match is six hands, about 300-500 plies, so the short match is the match itself.
    quick=Options(),
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
