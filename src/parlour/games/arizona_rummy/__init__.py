"""Arizona Rummy: eleven rounds of 3 to 13 cards, the wild rank rising with the hand size, low
total wins.

Rule source: the Metzker Book of Card Game Rules, "Arizona Rummy", with the readings of the
project's rules notes where the book is silent:

* Players and cards: 2 to 10 players; three packs with two jokers each for up to six players,
  four for seven or more (option `decks`). Cards of one face are interchangeable.
* Rounds: round r deals r + 2 cards each, one at a time clockwise from the dealer's left
  (3 cards in round 1 ... 13 in round 11). The wild cards are the jokers and every card of
  rank r + 2 (3s in round 1 ... kings in round 11): the wild rank is data, one `MeldRules`
  per round in `ROUND_RULES`. A card of the wild rank is wild even where it stands for
  itself. Twos are not wild. The deal passes to the left; the dealer's left plays first.
* There is no upcard and no common discard pile: each player discards onto a pile of their
  own. A turn draws the top of the stock or the top card of any player's pile (one's own
  included, option `draw_from_own_pile`), then discards onto one's own pile or goes out.
* No immediate re-discard: a card of the face just taken from a pile may not be discarded in
  the same turn, unless the hand holds nothing else (rules notes C5; copies of a card are the
  same card). Going out is exempt: its discard is put away face down and ends the round.
* Melding (reading): nothing is melded during the round. Going out lays the whole hand but
  one card down in sets (3 or more of a rank, any suits, copies allowed) and runs (3 or more
  in a suit, ace high or low, never around the corner), each holding at least one natural
  card; the last card is the discard ("You must have a discard to go out"), put face down.
  Any turn may go out, the first one included. Option `progressive_melding` takes the other
  reading: after the draw a player may meld and lay off onto their own melds, keeping a card
  to discard, and a discard that empties the hand goes out. The arrangement and the discard decide
  nothing (the goer scores 0, nobody may lay off onto the goer's melds, the discard is put
  away), so the move is just ``go out``: the engine lays the canonical arrangement that
  `going_out` finds.
* After going out (reading): each other player gets one card face down from the stock
  (option `penalty_card`), then, in seat order from the goer's left, each lays down what they
  can from their own cards: new melds and lay-offs onto their own new melds only ("You may
  only play on your own cards"), no draw, no discard.
* Score: the cards left in hand count against their holder: joker 50, a card of the round's
  wild rank 25, ace 20, K to 10 10, 9 to 2 5. After the last round the lowest total wins;
  equal lowest totals share the win.
* Stock (reading): when a discard empties the stock, every pile but its top card is shuffled
  into a new stock; if that gives no card the round ends as a dead hand: everybody lays down,
  from the dealer's left, and counts, with no penalty card. The same happens when a round
  reaches `max_turns` discards (rules notes C8). Penalty cards that the stock cannot give
  after a refill are not given. (With the packs `new_game` accepts, a refill always gives a
  card: the piles hold more cards than there are piles.)

The lay-down is a sequence of small moves: ``meld ...`` (a three-card meld from the hand, the
naturals where the window holds them, wilds taken rank-wilds first, then jokers), ``lay off
... on k`` (one card onto one's own k-th meld; a wild onto a run names its end), ``lay down
best`` (the arrangement leaving the fewest points, as one move, offered before the first meld)
and ``done``. A player with nothing left to meld or lay off is passed over.

Going out needs a search over the whole hand, and `legal_moves` must know every turn whether
``go out`` is legal. `may_go_out` decides it exactly and cheaply: up to six cards a single
meld is tested directly; beyond, two necessary tests (a natural card that fits no three-card
meld even with every wild; groups of naturals too small to meld without a wild of their own)
reject most hands before a memoised search over the natural cards as sorted card numbers; and
`legal` is cached per state. Core's `find_contract` with `ALL_CARDS` (one card kept) answers
the same question (the tests check that they agree) but takes milliseconds per hand, too slow
for a test made every turn. `best_lay_down` is the same search minimising the points left; it
agrees with core's `best_partition`, which can take a second on a 13-card hand with four wilds.

The package: `melding` (the rule tables and the meld searches), `moves` (the moves and their
prebuilt tables), `rules` (options, state, zones, the verbs and the phase helpers) and
`render` (the text picture); this module re-exports the public names and holds `GAME`.

>>> state = new_game(4, seed=1, dealer=0)
>>> state.hand, len(state.hands[1]), sorted(r.name for r in wild_ranks(state))
(1, 3, ['JOKER', 'THREE'])
>>> [str(m) for m in legal_moves(state)]
['draw stock']
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.arizona_rummy.melding import (
    ALL_CARDS,
    BASE_POINTS,
    DEFAULT_PLAYERS,
    JOKERS_PER_PACK,
    MANY_PLAYERS,
    MAX_TURNS,
    PLAYERS,
    ROUND_CARDS,
    ROUND_POINTS,
    ROUND_RULES,
    SET_MAX,
    SINGLE_MELD_HAND,
    WILD_POINTS,
    WILD_RANKS,
    best_lay_down,
    going_out,
    may_go_out,
    meld_text,
    pack_for,
    penalty,
    round_rules,
    three_card_melds,
)
from parlour.games.arizona_rummy.moves import (
    MOVE_TYPES,
    Discard,
    Done,
    DrawStock,
    GoOut,
    LayDownBest,
    LayMeld,
    LayOff,
    Move,
    TakePile,
)
from parlour.games.arizona_rummy.render import render
from parlour.games.arizona_rummy.rules import (
    QUICK,
    ZONES,
    Options,
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
    to_act,
    view,
    wild_ranks,
    winners,
)

__all__ = [
    "ALL_CARDS",
    "BASE_POINTS",
    "DEFAULT_PLAYERS",
    "GAME",
    "JOKERS_PER_PACK",
    "MANY_PLAYERS",
    "MAX_TURNS",
    "MOVE_TYPES",
    "PLAYERS",
    "QUICK",
    "ROUND_CARDS",
    "ROUND_POINTS",
    "ROUND_RULES",
    "SET_MAX",
    "SINGLE_MELD_HAND",
    "WILD_POINTS",
    "WILD_RANKS",
    "ZONES",
    "Discard",
    "Done",
    "DrawStock",
    "GoOut",
    "LayDownBest",
    "LayMeld",
    "LayOff",
    "Move",
    "Options",
    "Phase",
    "State",
    "TakePile",
    "apply",
    "best_lay_down",
    "check_invariants",
    "going_out",
    "is_over",
    "legal_moves",
    "may_go_out",
    "meld_text",
    "new_game",
    "pack_for",
    "parse_move",
    "penalty",
    "render",
    "round_rules",
    "scores",
    "shuffle_unseen",
    "three_card_melds",
    "to_act",
    "view",
    "wild_ranks",
    "winners",
]

GAME: Final = GameSpec[State, Move, Options](
    name="arizona_rummy",
    title="Arizona Rummy",
    family="rummy",
    low_score_wins=True,
    summary="Eleven rounds of 3 to 13 cards with the wild rank rising each round; go out with "
    "every card but one melded, and the lowest penalty total wins.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("metzker", Options.metzker()),),
    max_plies=25_000,
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

