"""10 Dime Rummy: a contract rummy of sets only, over eight rounds, with discards bought for dimes.

Rule source: the Metzker Book of Card Game Rules ("10 Dime Rummy"), read as in the project's
rules notes where the book is silent. Three packs with their jokers (162 cards) for up to six
players, four packs (216 cards) for seven to ten. Jokers and twos are wild; only sets are melds
(runs are not allowed); every set holds at least as many natural cards as wild ones. Each round
twelve cards are dealt to each player, one at a time clockwise from the dealer's left, and the
next card is turned up to start the discard pile. The player on the dealer's left starts and the
deal passes to the left after each round. Each player brings ten dimes to the whole game.

The eight rounds and their contracts (the first melds a player must lay, in one turn):
1 set of 3; 2 sets of 3; 1 set of 4; 2 sets of 4; 1 set of 5; 2 sets of 5; 1 set of 6;
2 sets of 6 (`ROUND_CONTRACTS`).

A turn is a sequence of small moves: "draw stock" or "buy 7H" (the top discard, for a dime),
then the contract one set at a time ("meld 7C 7D 2S"), then more sets and lay-offs ("lay off 7H
on 2", onto table meld 2, counted from 0), then "discard QS".

Readings chosen where the book is silent (each is stated on the docs page too):

* Buying. The top discard can only be had by buying it: a dime into the pot buys the card and
  two more from the stock (`Options.buy_extra_cards`). The player whose turn it is may buy
  instead of drawing from the stock (the buy is that turn's draw; `Options.buy_replaces_draw`
  off adds the stock card too). The card bought on one's own turn is held apart and may not be
  discarded that turn (rules notes C5) unless it is the last card. When that player draws from
  the stock instead, the discard is offered out of turn: the other seats, going round from the
  player's left and leaving out the seat that discarded it, are asked one at a time to "buy 7H"
  or "pass"; the first buyer takes it (plus the two cards) and the window closes, and play goes
  on with the player whose turn it is (`Options.buy_out_of_turn` off: no window). "If you want
  another card ... take the next discard" is read as the next card discarded: a player may buy
  any number of discards, one per discard, for as long as the dimes last; a seat with no dime
  is not asked. Dimes are kept from round to round; the pot is paid out after round 8.
* Contracts: each required set has at least its stated size and at least as many naturals as
  wilds; two required sets may be of one rank (several packs), unless
  `Options.distinct_ranks_in_contract`. The contract goes down one set at a time, all in one
  turn: a contract set is offered only when the cards left can still complete the contract and
  end the turn, and once the first is down only the rest of the contract is offered. Contract
  sets are offered at exactly the stated size (fewest wilds first, each split of jokers and
  twos); more cards can be laid off at once after.
* After the contract (the same turn included): more sets of 3 or more ("additional sets" are
  offered as 3 naturals of a rank, or as 2 naturals and a joker or a two when only 2 are held;
  more go on by lay-off) and lay-offs onto any player's sets, keeping naturals >= wilds. A card laid off counts for the
  seat that laid it. Wild cards on the table are never taken back ("cannot steal").
* Suits never matter in this game, so moves are canonical: they name the first cards of a rank
  in hand order ("meld 7C 7D 7H" stands for any three sevens); there is one discard per rank
  (and one for a two, one for a joker); a card is laid off on the first set that takes it (a
  natural on the first set of its rank, a wild on the first set with more naturals than
  wilds), since which set takes it changes no score and no later lay-off.
* Going out: melding or laying off the last card, or discarding it. "If everybody has had at
  least one play" is read as every other player having finished a turn this round: on the
  first pass round only the dealer may go out. Before that, no move is offered that would leave
  fewer than two cards (rules notes C6).
* Stock end (rules notes C7, RESHUFFLE): when the stock is empty at the start of a turn the
  discards but the top one are shuffled into a new stock; when none are left the round ends as
  is. A buyer takes what there is when the stock is short. A round also ends after
  `Options.max_turns` turns (the safety cap, C8). Either way it is scored as usual.
* Scoring: each round, each seat scores the cards credited to it on the table less the cards in
  its hand: joker 50, two 25, ace 20, K to 10 ten, 9 to 3 five; a wild counts its own value
  wherever it stands. After the last round the highest total wins the pot; equal top totals
  share it (the `WINS` events say each winner's share).

The card zones: each hand is seen by its owner; the stock by nobody; the discard pile, the card
bought this turn (held apart until the turn ends) and the table melds by everyone.

>>> state = new_game(3, seed=1, dealer=0)
>>> [str(m) for m in legal_moves(state)]
['draw stock', 'buy AH']
>>> str(ROUND_CONTRACTS[state.hand - 1]), state.dimes, state.pot
('1 set of 3', (10, 10, 10), 0)
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.ten_dime_rummy.moves import MOVE_TYPES, Buy, Discard, DrawStock, LayOff, MakeMeld, Move, Pass
from parlour.games.ten_dime_rummy.options import (
    CARD_POINTS,
    DEFAULT_PLAYERS,
    HAND_SIZE,
    MELD_RULES,
    PLAYERS,
    QUICK,
    ROUND_CONTRACTS,
    Options,
    contract_for,
    decks_for,
    pack_for,
)
from parlour.games.ten_dime_rummy.render import render
from parlour.games.ten_dime_rummy.rules import (
    ZONES,
    Phase,
    State,
    apply,
    can_meet,
    check_invariants,
    hand_points,
    is_over,
    legal_moves,
    new_game,
    parse_move,
    pot_shares,
    scores,
    shuffle_unseen,
    table_points,
    to_act,
    view,
    winners,
)

__all__ = [
    "CARD_POINTS",
    "GAME",
    "HAND_SIZE",
    "MELD_RULES",
    "MOVE_TYPES",
    "PLAYERS",
    "ROUND_CONTRACTS",
    "ZONES",
    "Buy",
    "Discard",
    "DrawStock",
    "LayOff",
    "MakeMeld",
    "Move",
    "Options",
    "Pass",
    "Phase",
    "State",
    "apply",
    "can_meet",
    "contract_for",
    "check_invariants",
    "decks_for",
    "hand_points",
    "is_over",
    "legal_moves",
    "new_game",
    "pack_for",
    "parse_move",
    "pot_shares",
    "render",
    "scores",
    "shuffle_unseen",
    "table_points",
    "to_act",
    "view",
    "winners",
]

GAME: Final = GameSpec[State, Move, Options](
    name="ten_dime_rummy",
    title="10 Dime Rummy",
    family="rummy",
    summary="Two to ten players lay contracts of sets over eight rounds with jokers and twos wild, "
    "buying discards for dimes; the best total takes the pot.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("metzker", Options.metzker()),),
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
