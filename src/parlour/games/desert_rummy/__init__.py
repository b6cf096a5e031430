"""Desert Rummy: eleven personal contracts, laid one hand at a time; the first to lay the last wins.

Rule source: the Metzker Book of Card Game Rules, "Desert Rummy". Two packs with their jokers
(108 cards) for up to five players, three packs for six to eight, four for nine or ten; eleven
cards each. Jokers and twos are wild. Each player works through the same list of eleven
contracts (`CONTRACTS`), each at their own pace: a turn is a draw (stock or discard pile), the
play, and a discard. When a player can make their contract they lay down exactly its melds, at
exactly the stated sizes, and nothing else that turn. In later turns of the hand they may add
cards to their own melds only, start new melds, and swap a natural card from hand for the wild
it stands for in a run on the table (the freed wild must be played at once). A hand ends when a
player who has laid their contract discards their last card: everyone who laid their contract
that hand moves on to the next one, the others play theirs again. The first player to lay the
eleventh contract (a run of nine) wins the game.

Readings where the book is silent or open (stated in the docs):

* Packs: two packs with jokers for 2-5 players, three for 6-8, four for 9-10 (`decks_for`).
  The deal goes one card at a time clockwise from the dealer's left, the next card starts the
  discard pile, and the player at the dealer's left plays first; the deal passes left. The
  first dealer is drawn from the seed.
* "Round" in "you can not lay down any extra cards in the round that you meld" is the turn:
  the contract melds are laid at exactly their stated sizes and nothing else (no lay-off, new
  meld or swap) goes down in that turn. "Replay that hand" means the contract.
* A meld never holds more wilds than naturals, when laid and after every lay-off; a two is
  always wild, even in its own place (so A-2-3 is a natural ace and three with a wild). Sets
  may repeat suits (several packs) and have no size limit; runs are of one suit, the ace high
  or low but not around the corner. The two sets of a contract may be of one rank, and the two
  runs of contract 8 may overlap when the packs give duplicate cards.
* New melds are allowed after the contract (in later turns); lay-offs only onto one's own
  melds. Swaps take a wild out of any player's run (`swap_on_others_runs`), never out of a set,
  only for a player who laid their contract in an earlier turn of this hand; the freed wild is
  then laid off onto one of the player's own melds or starts a new meld with cards from hand,
  before anything else, and a swap is offered only when that is possible.
* The card taken from the discard pile is held apart until the end of the turn and may not be
  discarded that turn. A play that would leave no card to discard is never offered; going out
  is the discard of the last card, and only a player who has laid their contract can get there.
* The stock: when it runs out the discard pile bar its top card is shuffled into a new stock;
  if that gives nothing, the hand ends as a dead hand. A dead hand and a hand stopped by the
  safety cap `max_turns` are settled like any other hand (those who laid their contract move
  on). A second cap, `max_hands`, ends an endless match: then the players furthest along win.
* The game ends the moment a player lays the last contract (`win_timing=immediate`); with
  `win_timing=end_of_hand` the hand is played out and the first player to have laid it wins.
  The game has no points: `scores` gives each player's number of contracts completed.
* Moves: the contract goes down one meld at a time ("meld 7C 7D 7S"); a contract meld is
  offered only when the cards left can still make the rest of the contract, and once one is
  down the player finishes the contract before anything else. Contract melds are offered at
  their exact size with every choice of natural cards (runs by suit and start, sets by rank,
  the most naturals first). A wild or an ace laid off onto a run names its end. New melds are
  offered as three cards (and as natural-wild-wild-natural runs, which no three of their cards
  can start); they grow by lay-offs. Wilds are interchangeable here (there are no card points),
  so a move uses the hand's wilds in a fixed order (jokers, then twos by suit); typing another
  wild the hand holds reads as the same move.

The package reads in dependency order: `tables` (rule tables, `Options`, its preset and the
short match), `moves` (the moves and their prebuilt tables), `solver` (whether cards make a
contract, the melds a hand offers, where a card fits a meld), `rules` (the `State`, zones, the
verbs and the phase helpers) and `render` (the text picture); this module re-exports the public
names and holds the `GAME` record.

>>> state = new_game(2, seed=1, dealer=0)
>>> [str(m) for m in legal_moves(state)], state.contracts, str(CONTRACTS[0])
(['draw stock', 'take discard'], (1, 1), '2 sets of 3')
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.desert_rummy.moves import (
    MOVE_TYPES as MOVE_TYPES,
    Discard as Discard,
    DrawStock as DrawStock,
    LayOff as LayOff,
    MakeMeld as MakeMeld,
    Move as Move,
    Swap as Swap,
    TakeDiscard as TakeDiscard,
)
from parlour.games.desert_rummy.render import render as render
from parlour.games.desert_rummy.rules import (
    ZONES as ZONES,
    Phase as Phase,
    State as State,
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
from parlour.games.desert_rummy.solver import can_meet as can_meet
from parlour.games.desert_rummy.tables import (
    CONTRACTS as CONTRACTS,
    CONTRACT_TEXTS as CONTRACT_TEXTS,
    DECKS as DECKS,
    DEFAULT_PLAYERS as DEFAULT_PLAYERS,
    HAND_SIZE as HAND_SIZE,
    PLAYERS as PLAYERS,
    QUICK as QUICK,
    RULES as RULES,
    Options as Options,
    WinTiming as WinTiming,
    contract_text as contract_text,
    decks_for as decks_for,
    pack_for as pack_for,
)

__all__ = [
    "CONTRACTS",
    "CONTRACT_TEXTS",
    "DECKS",
    "DEFAULT_PLAYERS",
    "GAME",
    "HAND_SIZE",
    "MOVE_TYPES",
    "PLAYERS",
    "QUICK",
    "RULES",
    "ZONES",
    "Discard",
    "DrawStock",
    "LayOff",
    "MakeMeld",
    "Move",
    "Options",
    "Phase",
    "State",
    "Swap",
    "TakeDiscard",
    "WinTiming",
    "apply",
    "can_meet",
    "check_invariants",
    "contract_text",
    "decks_for",
    "is_over",
    "legal_moves",
    "new_game",
    "pack_for",
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
    name="desert_rummy",
    title="Desert Rummy",
    family="rummy",
    summary="Eleven personal contracts of sets and runs, jokers and twos wild; the first to lay the last wins.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("metzker", Options.metzker()),),
    quick=QUICK,
    zones=ZONES,
    max_plies=5_000_000,
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
