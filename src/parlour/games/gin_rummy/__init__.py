"""Gin Rummy for two players, from the first deal to the game bonus (classic) or to the last of
the tournament's three games.

Rule source: the Card Games collection (Gin Rummy) ("Gin Rummy"), with the readings of the
project's rules notes where the booklet is silent:

* The non-dealer gets the first card; 10 cards each, then the upcard, then a 31-card stock.
* The upcard is offered to the non-dealer, then to the dealer; if both pass, the non-dealer
  draws from the stock. Taking the upcard counts as drawing from the discard pile.
* The card drawn from the discard pile may not be discarded in the same turn.
* Melds: sets of 3 or 4 of a rank, runs of 3 or more in a suit, the ace low only.
* Knock with 10 or less deadwood; gin with none. No lay-off against gin. The defender's
  lay-offs (chains included) are computed for them, always the best possible.
* A discard without a knock that leaves two cards in the stock (the 50th card has been drawn)
  makes the hand void: no score, and the same dealer deals again.
* The deal alternates (an option lets the winner deal). Game to 100, plus 100 for the game, 25
  a hand won (the box), and the margin doubles when the loser scored nothing.

The preset ``tournament`` is the Metzker Book of Card Game Rules' "Gin Rummy – Tournament Rules"
for one table (two players, each its own team; the book's several tables and rotating team are
not modelled). Each difference is an option: 12 cards each and a 13th to the non-dealer, who
starts by discarding, with no upcard (`DealStyle.EXTRA_CARD`); aces high or low, never around
(`AceMode.EITHER`); a Run (the knock) with 9 or less; Gin worth the opponent's deadwood and one
Gin, no bonus points; Double Gin (all 13 cards melded, none put away, two Gins); an undercut
worth twice the runner's deadwood plus 25 (`Undercut.DOUBLE_KNOCK`); play to the last stock
card, then the lower count scores the difference (`StockEnd.COUNT`); the player awarded points
deals; and three concurrent games (`columns`) to 200, the k-th award going into the first k
open games, Gins only into games where their player already had points, 200 per game won and
25 per Gin in it. Readings: a Run puts a card away like Gin; the points and Gins of a hand are
recorded before the games that reached 200 close; a hand that awards no points leaves the deal
where it was; equal totals share the win.

Knocking is two moves: ``knock 7H`` names the discard, then ``spread ...`` picks the
arrangement of the other ten cards (it matters: it decides what the defender can lay off). When
only one arrangement is possible, it is used at once; ``gin 7H`` always uses the canonical one,
since nothing can be laid off against gin. A turn thus offers one discard and at most one knock
or gin per card, and the arrangements are only listed once a player has knocked.

The cards lie in declared zones (`ZONES`): each hand is seen by its owner, the stock by nobody,
the discard pile, the card taken from it this turn and the knocker's discard by everyone. A
knocker lays the ten other cards down, so everyone sees them while the arrangement is chosen,
and both hands are shown once the game is over. A knock's showdown is told in the events of the
move that ended the hand (SHOWS events, read back by `showdown_of`), never kept in the state:
its cards go back into the pack for the next deal.

The package: `rules` (options, state, zones, the verbs and the phase helpers), `moves` (the
moves and their prebuilt lookup tables), `scoring` (the meld engine, the showdown and the pure
helpers) and `render` (the text picture); this module re-exports the public names and holds
`GAME`.

The knock test runs every turn on `parlour.core.melds.OneDeck` (bit masks, an isolated-card
bound, memoised least deadwood): a random hand from the deal to its scoring takes about 1.5 ms.

>>> state = new_game(seed=3, dealer=0)
>>> [str(m) for m in legal_moves(state)], legal_moves(state, 0)
(['take upcard', 'pass'], ())
>>> [str(m) for m in legal_moves(view(state, 1))]
['take upcard', 'pass']
>>> parse_move(state, "1: pass")
Pass(player=1)
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.core.melds import AceMode
from parlour.games.gin_rummy.moves import (
    MOVE_TYPES,
    Discard,
    DoubleGin,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    Move,
    Pass,
    Spread,
    TakeUpcard,
)
from parlour.games.gin_rummy.playout import evaluate, playout
from parlour.games.gin_rummy.render import render
from parlour.games.gin_rummy.rules import HAND_SIZE as HAND_SIZE
from parlour.games.gin_rummy.rules import STOCK_FLOOR as STOCK_FLOOR
from parlour.games.gin_rummy.rules import (
    QUICK,
    ZONES,
    DealerRule,
    DealStyle,
    Options,
    Phase,
    State,
    StockEnd,
    Undercut,
    apply,
    check_invariants,
    is_over,
    legal_moves,
    margin,
    new_game,
    parse_move,
    scores,
    shuffle_unseen,
    to_act,
    view,
    winners,
)
from parlour.games.gin_rummy.scoring import CARD_POINTS as CARD_POINTS
from parlour.games.gin_rummy.scoring import MELD_RULES as MELD_RULES
from parlour.games.gin_rummy.scoring import PACK as PACK
from parlour.games.gin_rummy.scoring import Showdown, deadwood, is_meld, showdown_of

__all__ = [
    "GAME",
    "MOVE_TYPES",
    "ZONES",
    "AceMode",
    "DealStyle",
    "DealerRule",
    "Discard",
    "DoubleGin",
    "DrawDiscard",
    "DrawStock",
    "Gin",
    "Knock",
    "Move",
    "Options",
    "Pass",
    "Phase",
    "Showdown",
    "Spread",
    "State",
    "StockEnd",
    "TakeUpcard",
    "Undercut",
    "apply",
    "check_invariants",
    "deadwood",
    "evaluate",
    "is_meld",
    "is_over",
    "legal_moves",
    "margin",
    "new_game",
    "parse_move",
    "playout",
    "render",
    "scores",
    "showdown_of",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

GAME: Final = GameSpec[State, Move, Options](
    name="gin_rummy",
    title="Gin Rummy",
    family="rummy",
    summary="Two players draw and discard to form sets and runs, knock with 10 or less deadwood, "
    "and play to 100.",
    players=(2,),
    default_players=2,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("classic", Options.classic()), ("tournament", Options.tournament())),
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
    playout=playout,
    evaluate=evaluate,
)
