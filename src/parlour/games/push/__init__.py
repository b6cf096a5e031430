"""Push: a partnership contract rummy over five deals, where a refused discard is pushed on.

Rules: the Metzker Book of Card Game Rules, "Push (Rummy)", with the gaps filled as the shared
rules notes for the rummy family resolve them (they follow the pagat.com page on Push). Four
players in two partnerships (seats 0 and 2 against 1 and 3), two 54-card packs (108 cards, four
jokers). Five deals of 6, 7, 8, 9 and 10 cards, each with its contract: the melds a player's
first meld of the deal must hold (`CONTRACTS`). Jokers and twos are wild. A turn: take the top
discard, or *push* it (with the top stock card, unseen) to the opponent on the left and draw the
next stock card; meld; discard. The first player out ends the deal: that partnership scores
nothing, the other scores what both its players hold (wild 25, ace 20, K-10 10, 9-3 5). After
the fifth deal the lower total wins.

Readings where the seed is silent (stated in the docs too):

* Sets are 3 or 4 cards of one rank, no suit twice (pagat); runs 3 or more of one suit, ace
  high or low, never round the corner; any number of wilds in a meld. A meld of wild cards only
  is a set whose rank is fixed by the first natural laid off onto it.
* Contracts are at least the stated sizes; the contract is laid one meld at a time ("meld ...")
  at exactly the need's length (longer melds come by laying off in the same turn), a contract
  meld is offered only when the cards left can still make the rest of the contract, and once
  the first is down the player lays the rest before anything else. Two contract runs may share
  a suit. A partner's contract does not count for the player.
* Melds use naturals wherever the hand holds them and wilds (jokers first, then twos by suit)
  only for the cards it lacks; only when no such meld can begin or go on with the contract are
  contract melds with a wild in the place of a held natural offered too (so no way of meeting
  the contract is lost). Each wild is written with what it stands for ("JK=9C", "2H=7").
* After their own contract, a player may meld (new melds are offered as three cards and grown
  by laying off), lay off onto any meld on the table, and swap a natural from hand for the wild
  on the table that stands for it; the freed wild must be laid off or melded at once (the swap
  is offered only when it can be), before any other play.
* A wild upcard is buried in the stock at a random place (seeded) and the next card turned.
* The card taken from the discard pile may not be discarded in the same turn (rules note C5)
  unless a second copy is held or it is the last card (going out by discarding it).
* Stock: when a push needs two stock cards and there are fewer, the discards but the top one
  are shuffled into the stock; a push is not offered when even that gives fewer than two.
  Taking the discard is always possible. After `max_turns_per_hand` turns the deal ends as a
  dead hand: each partnership scores what its own players hold.
* Deal one card at a time clockwise from the dealer's left; the deal passes left; the player
  at the dealer's left plays first. The first dealer is drawn from the seed.

>>> state = new_game(seed=1, dealer=0)
>>> [str(m) for m in legal_moves(state)]
['take', 'push']
>>> str(CONTRACTS[2]), HAND_SIZES
('2 runs of 4', (6, 7, 8, 9, 10))
>>> hand_points(parse_cards("JK AH KS 9D 3C"))
65
"""

from __future__ import annotations

from typing import Final

from parlour.core.cards import parse_cards
from parlour.core.game import GameSpec
from parlour.games.push.tables import (
    CONTRACTS as CONTRACTS,
    HAND_SIZES as HAND_SIZES,
    MAX_TURNS as MAX_TURNS,
    PACK as PACK,
    PLAYERS as PLAYERS,
    POINTS as POINTS,
    QUICK as QUICK,
    RULES as RULES,
    TEAMS as TEAMS,
    WILD_RANKS as WILD_RANKS,
    Options as Options,
)
from parlour.games.push.moves import (
    Discard as Discard,
    End as End,
    LayOff as LayOff,
    MOVE_TYPES as MOVE_TYPES,
    MeldCards as MeldCards,
    Move as Move,
    Push as Push,
    Swap as Swap,
    Take as Take,
)
from parlour.games.push.melding import (
    can_meet_contract as can_meet_contract,
    deal_score as deal_score,
    hand_points as hand_points,
    meld_fault as meld_fault,
    meld_wants as meld_wants,
)
from parlour.games.push.rules import (
    Phase as Phase,
    State as State,
    ZONES as ZONES,
    apply as apply,
    check_invariants as check_invariants,
    is_over as is_over,
    legal_moves as legal_moves,
    new_game as new_game,
    parse_move as parse_move,
    scores as scores,
    shuffle_unseen as shuffle_unseen,
    to_act as to_act,
    view as view,
    winners as winners,
)
from parlour.games.push.render import (
    render as render,
)

__all__ = [
    "CONTRACTS",
    "Discard",
    "End",
    "GAME",
    "HAND_SIZES",
    "LayOff",
    "MAX_TURNS",
    "MOVE_TYPES",
    "MeldCards",
    "Move",
    "Options",
    "PACK",
    "PLAYERS",
    "POINTS",
    "Phase",
    "Push",
    "QUICK",
    "RULES",
    "State",
    "Swap",
    "TEAMS",
    "Take",
    "WILD_RANKS",
    "ZONES",
    "apply",
    "can_meet_contract",
    "check_invariants",
    "deal_score",
    "hand_points",
    "is_over",
    "legal_moves",
    "meld_fault",
    "meld_wants",
    "new_game",
    "parse_move",
    "render",
    "scores",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# Registration --------------------------------------------------------------------------------

GAME: Final = GameSpec[State, Move, Options](
    name="push",
    title="Push",
    family="rummy",
    low_score_wins=True,
    summary="Partners meld five deals' contracts; a refused discard is pushed to the next player.",
    players=PLAYERS,
    default_players=4,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("metzker", Options.metzker()),),
    quick=QUICK,
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=5 * MAX_TURNS * 220,
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
