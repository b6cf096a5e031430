"""Five Hundreds: a rummy game for 2 to 4 players with a fanned discard pile and "Rummy!" calls.

Rule source: the Metzker Book of Card Game Rules ("Five Hundreds"), with the readings of the
rules notes where the book is silent. One 52-card pack, no wild cards; seven cards each, dealt
one at a time clockwise from the dealer's left, then one card turned up to start the discard
pile. The player on the dealer's left starts, and the deal passes to the left after each hand.

A turn is a sequence of small moves: a draw ("draw stock", "take 1" for the top discard, or
"take k" to dig down to the k-th card), then any number of melds ("meld 7H 8H 9H") and lay-offs
("lay off 8S on 2", onto table meld 2, counted from 0), then a discard ("discard QS").
Melds are sets of 3 or 4 of a rank and runs of 3 or more in a suit, the ace high or low
(A-2-3 or Q-K-A) but never around the corner (K-A-2).

Readings chosen where the book is silent:

* The top discard alone is an ordinary draw ("take 1"); it may not be discarded again in the
  same turn. Digging to depth k >= 2 takes the k-th card and every card above it; the dug card
  must go at once into a new meld with at least one card held before the draw (the other cards
  dug may join that meld). Until it does, that meld is the only kind of move offered. A dig is
  offered only when such a meld exists. `Options.top_card_free` off makes the top card a dig too.
* Lay-offs, onto anyone's melds, need a meld of one's own (made earlier, or earlier in the same
  turn). A card laid off is credited to the seat that laid it.
* Every turn ends with a discard. Going out is discarding one's last card, which must not be
  playable (it fits no table meld). So a meld or lay-off is offered only if the turn can still
  end: it may not leave no card, only the card just taken from the pile, or a single playable
  card. A player holding only playable cards keeps discarding them.
* "Rummy!" is a response window (`core.windows.Window`): after a discard (other than a
  going-out discard) that could be laid off onto a table meld, every other seat that has melded
  may at once call "rummy 8S on 2" (take the card and lay it off, credited to it) or say "pass".
  Callers are ranked by seat order from the discarder's left: a call wins once every seat
  before it has passed. The call is not a turn: play goes on with the discarder's left.
  `Options.rummy_call` off drops the window.
* When the stock is empty, the player to draw may still take from the discard pile, or "pass",
  which ends the hand. A hand also ends once `Options.max_turns` turns have begun (a safety
  cap). Either way every seat scores as usual.
* Each hand scores, per seat, the cards credited to it on the table less the cards in its hand:
  an ace 25 (high or low), K to 10 ten, 9 to 2 five. After a hand, if some seat has reached the
  target (500), the highest total wins; an exact tie for the highest plays another hand.

The card zones: each hand is seen by its owner; the stock by nobody; the discard pile, the
cards taken from it this turn (held apart until the turn ends) and the table melds by everyone.

Speed: cards are bits `card.index` of Python ints. The few hundred melds of the pack are masks
built at import, listed by their lowest card; a shift-and-mask test finds the cards of a hand
that belong to any meld, and a dig is tested card by card against the three-card melds that
could hold it. The hand masks, the pile mask and the lay-off masks of the table are derived
values cached on each state and handed on by `apply`, never part of the position itself.

The package reads in dependency order: `options` (rule tables, `Options`, its preset and the
short match), `masks` (the melds of the pack as bit masks and the tests on them), `moves` (the
moves and their prebuilt tables), `scoring` (the points on the table and in hand), `rules` (the
`State`, zones, the verbs, the phase helpers, dealing and the end of a hand) and `render` (the
text picture); this module re-exports the public names and holds the `GAME` record.

>>> state = new_game(2, seed=1, dealer=0)
>>> [str(m) for m in legal_moves(state)]
['draw stock', 'take 1']
>>> state = apply(state, parse_move(state, "draw stock"))
>>> str(legal_moves(state)[-1]).startswith("discard")
True
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.five_hundreds.moves import (
    MOVE_TYPES,
    Discard,
    DrawStock,
    LayOff,
    MakeMeld,
    Move,
    Pass,
    Rummy,
    Take,
)
from parlour.games.five_hundreds.options import (
    CARD_POINTS,
    DIG_RULES,
    HAND_SIZE,
    MELD_RULES,
    PACK,
    PLAYERS,
    Options,
)
from parlour.games.five_hundreds.options import DEFAULT_PLAYERS as DEFAULT_PLAYERS
from parlour.games.five_hundreds.options import QUICK as QUICK
from parlour.games.five_hundreds.render import render
from parlour.games.five_hundreds.rules import (
    ZONES,
    Phase,
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
from parlour.games.five_hundreds.scoring import hand_points, table_points

__all__ = [
    "CARD_POINTS",
    "DIG_RULES",
    "GAME",
    "HAND_SIZE",
    "MELD_RULES",
    "MOVE_TYPES",
    "PACK",
    "PLAYERS",
    "ZONES",
    "Discard",
    "DrawStock",
    "LayOff",
    "MakeMeld",
    "Move",
    "Options",
    "Pass",
    "Phase",
    "Rummy",
    "State",
    "Take",
    "apply",
    "check_invariants",
    "hand_points",
    "is_over",
    "legal_moves",
    "new_game",
    "parse_move",
    "playable",
    "render",
    "scores",
    "shuffle_unseen",
    "table_points",
    "to_act",
    "view",
    "winners",
]

GAME: Final = GameSpec[State, Move, Options](
    name="five_hundreds",
    title="Five Hundreds",
    family="rummy",
    summary="Two to four players meld sets and runs, dig into a fanned discard pile, call Rummy "
    "on playable discards, and play to 500.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("metzker", Options.metzker()),),
    max_plies=2_000_000,
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
