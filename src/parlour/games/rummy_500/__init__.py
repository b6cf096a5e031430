"""Rummy 500 for two players: meld from a fanned discard pile, score what you meld, play to 500.

Rule source: the Hoyle Card Games manual, "Rummy 500". Two players, one 52-card pack, 13 cards
each, an upcard starts the discard pile, which is fanned so that every card in it may be taken:
the top card, or a deeper card together with every card above it, as long as the card taken (the
deepest one) is played to the table in the same turn. A turn is a draw, any number of melds and
lay-offs (onto anyone's melds), then a discard, unless the last card was melded. A hand ends
when a player has no cards left, or when the stock is used up and the player to move passes
instead of taking from the discard pile. Each player scores the cards credited to them on the
table less the cards left in their hand; the game is to 500.

Readings where the seed is silent (library choices, stated in the docs):

* Card values (the seed only hints at the ace's 15): an ace counts 15, except 1 when it stands as
  the low end of a run (A-2-3); kings, queens and jacks 10; other cards their pip value; an ace
  left in hand counts 15 against (`POINTS` is `parlour.core.melds.POINTS_RUMMY_500`).
* Melds: sets of 3 or 4 cards of a rank; runs of 3 or more in a suit, the ace high (Q-K-A) or
  low (A-2-3) but never around the corner (K-A-2). A run of 2 to king takes the ace high.
* Laying off is allowed onto either player's melds at any time, before one's own first meld
  too; each card is credited to the player who put it on the table.
* Taking from the discard pile: the card taken must be playable this turn, in a new meld with
  cards held and the other cards taken, or laid off, possibly after other lay-offs in a chain.
  Until it is on the table the player may neither discard nor make a play that leaves it
  unplayable. The option `top_card_must_be_played=False` frees the top card (the seed's
  game option); it then may not be discarded in the same turn.
* The stock is never reshuffled: once it is empty, the player to move takes from the discard
  pile under the usual rule or passes, and a pass ends the hand. A safety cap
  (`Options.max_turns`, turns per hand) ends a hand the same way; with the seed's rules a hand
  never reaches it.
* The deal alternates; the non-dealer plays first. Cards are dealt one at a time from the
  dealer's left. When both players reach the target with the same highest total, another hand
  is played (seed: "further hands are played until there is a single winner").
* Move enumeration: melds are offered as three or four cards; a longer run is made by laying
  off onto it (the credit is the same). Runs are listed suit by suit from the low end, then
  sets by rank, then lay-offs by meld number and card (ace first), then discards in hand order.

The package reads in dependency order: `options` (rule tables, `Options`, its preset and the
short match), `masks` (a hand as bits and the bit tests on it: runs a card completes, the
table's room for lay-offs, the cards each table meld wants), `moves` (the moves, their prebuilt
tables, and the melds and lay-offs a hand offers), `scoring` (a hand's score), `rules` (the
`State`, zones, the verbs, the phase helpers, dealing and the end of a hand) and `render` (the
text picture); this module re-exports the public names and holds the `GAME` record.

>>> state = new_game(seed=1, dealer=0)
>>> state.discards, [str(m) for m in legal_moves(state)]
((Card(rank=Rank.FIVE, suit=Suit.CLUBS),), ['draw stock', 'take 1'])
>>> state = apply(state, parse_move(state, "take 1"))
>>> [str(m) for m in legal_moves(state)]  # 5C must be melded: no discard, and 5S is kept for it
['meld AC AD AH', 'meld 5C 5H 5S']
>>> state = apply(state, parse_move(state, "meld 5S 5H 5C"))
>>> table_points(state), [str(m) for m in legal_moves(state)][:3]
((0, 15), ['meld AC AD AH', 'discard 3C', 'discard QC'])
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.rummy_500.masks import _wants_of as _wants_of
from parlour.games.rummy_500.moves import (
    MOVE_TYPES,
    Discard,
    DrawStock,
    LayOff,
    MakeMeld,
    Move,
    Pass,
    TakeDiscards,
    meld_of,
)
from parlour.games.rummy_500.moves import _candidate_melds as _candidate_melds
from parlour.games.rummy_500.options import (
    HAND_SIZE,
    MELD_SIZES,
    PACK,
    PLAYERS,
    POINTS,
    QUICK,
    RULES,
    Options,
)
from parlour.games.rummy_500.render import render
from parlour.games.rummy_500.rules import (
    ZONES,
    Phase,
    State,
    apply,
    check_invariants,
    is_over,
    legal_moves,
    new_game,
    parse_move,
    scores,
    shuffle_unseen,
    table_points,
    take_depths,
    to_act,
    view,
    winners,
)
from parlour.games.rummy_500.rules import _grow as _grow
from parlour.games.rummy_500.scoring import hand_result

__all__ = [
    "GAME",
    "HAND_SIZE",
    "MELD_SIZES",
    "MOVE_TYPES",
    "PACK",
    "PLAYERS",
    "POINTS",
    "QUICK",
    "RULES",
    "ZONES",
    "Discard",
    "DrawStock",
    "LayOff",
    "MakeMeld",
    "Move",
    "Options",
    "Pass",
    "Phase",
    "State",
    "TakeDiscards",
    "apply",
    "check_invariants",
    "hand_result",
    "is_over",
    "legal_moves",
    "meld_of",
    "new_game",
    "parse_move",
    "render",
    "scores",
    "shuffle_unseen",
    "table_points",
    "take_depths",
    "to_act",
    "view",
    "winners",
]

GAME: Final = GameSpec[State, Move, Options](
    name="rummy_500",
    title="Rummy 500",
    family="rummy",
    summary="Two players meld sets and runs, dig into a fanned discard pile, lay off on any meld, "
    "score melded cards less cards held, and play to 500.",
    players=(PLAYERS,),
    default_players=PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("hoyle", Options.hoyle()),),
    max_plies=200_000,
    quick=QUICK,
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
