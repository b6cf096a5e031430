"""Sticks: a contract rummy where each player works on a secret stick, first to seven sticks wins.

Rules: the Metzker Book of Card Game Rules, "Sticks", with the gaps filled as the shared rules
notes for the rummy family resolve them. Two to ten players; three packs with two jokers each
(four packs for seven or more players); fifteen cards each. Twos and jokers are wild; sets (one
rank) and runs (one suit, in sequence) of three or more, each with at least one natural card.
Every player holds a stick, face down: a contract such as "1 run of 4 and 1 set of 3". A turn is
draw (stock or discard), play, discard. A player who can meet the stick lays exactly its melds
(no extra cards) and turns it face up; from the next turn they may meld, lay off onto anyone's
melds and swap naturals for the wilds of other players' sets, and the hand ends when a player
who has played their stick discards their last card. Unplayed sticks stay face down for the next
deal; the others draw new ones. The first player with seven sticks wins.

Readings where the seed is silent or open (stated in the docs):

* The stick list is missing from the seed: the default is the rules notes' 40 sticks (36
  contracts and 4 Free), `StickList.STANDARD`; `make_sticks` builds a list from text and checks
  it. The pot is shuffled from the seed and drawn without replacement; when it runs out (or holds
  only Free sticks for a player who may not take one) a fresh copy is shuffled in.
* A Free stick is turned face up at once (it counts) and its drawer draws again. "A free stick
  drawn on the 7th round does not count" is read as: a Free may never be the last stick a player
  needs (`free_cannot_be_last`); such a player draws the first stick in the pot that is not Free
  (the same chances as returning the Free, reshuffling and drawing again).
* Sticks are drawn at each deal after the cards, seat by seat from the dealer's left. A player's
  face-down stick is seen by its owner only; the pot's order by nobody.
* Stick melds have exactly the stated lengths. A player whose hand can lay the stick (keeping a
  card to discard) may say `lay stick`; the melds then go down one move each, in the order the
  stick lists its needs, and nothing else may be played until the stick is down, after which
  only the discard is left. A meld is offered only when the cards left can still lay the rest.
  Runs are offered with every natural of the window the hand holds, sets as every distinct
  choice of naturals from the most down to the fewest the wilds allow; wilds are fungible (no
  points are kept), so the wilds used are the last ones in hand order. Whether the stick can be
  laid is decided in that shape (every natural of a run's window the hand holds goes into the
  run), by a count test (`could_meet`) and a search over card counts; `core.contracts`
  `find_contract` supplies the first meld should that search ever disagree with it.
* After the stick (later turns of the same hand): new melds of exactly three cards, grown one
  card at a time by lay-offs onto any meld on the table; a wild laid off names the meld and, on a
  run, the end. Only the last wild in hand order is offered for lay-offs and new melds.
* A swap puts a natural from hand in place of a wild of another player's set (`core.melds`
  `wild_swaps`); the freed wild must be laid off before the turn ends (it always fits the set it
  left), and no discard is allowed until it is. Runs and one's own sets give no swaps.
* Aces are high or low in runs, never around the corner. Sets have no size limit.
* A card just taken from the discard pile may not be discarded that turn; a player may never
  meld or lay off their last card (a discard is always needed to go out).
* The stock reshuffles (the discards but the top card) when it runs out; if it cannot, or after
  `max_turns_per_hand` turns, the hand is dead: nobody goes out and it is dealt again.
* `max_hands` caps the match (a safety bound for bots): after that many deals the most sticks
  win (ties share). A player reaching the target ends the game at once.
* `no_playable_discards` binds a player who has played their stick this hand: a card that could
  be laid off onto a meld on the table (wilds included) may not be discarded, unless every card
  is such a card. `trade_in`: after the deal, a player whose stick was carried over from an
  earlier hand may trade it for a new one (in seat order from the dealer's left).
* No points are kept: `scores` gives each seat's sticks.

>>> state = new_game(3, seed=1, dealer=0)
>>> [str(m) for m in legal_moves(state)]
['draw stock', 'take discard']
>>> [str(s) for s in make_sticks(["2 sets of 3", "1 run of 4 and 1 set of 3", "free"])]
['2 sets of 3', '1 run of 4 and 1 set of 3', 'free']
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.sticks.tables import (
    HAND_SIZE as HAND_SIZE,
    HIDDEN_STICK as HIDDEN_STICK,
    NO_STICK as NO_STICK,
    PLIES_PER_TURN as PLIES_PER_TURN,
    DEFAULT_PLAYERS as DEFAULT_PLAYERS,
    Options as Options,
    PLAYERS as PLAYERS,
    QUICK as QUICK,
    RULES as RULES,
    SIMPLE_STICKS as SIMPLE_STICKS,
    STANDARD_STICKS as STANDARD_STICKS,
    STICK_LISTS as STICK_LISTS,
    Stick as Stick,
    StickList as StickList,
    make_sticks as make_sticks,
    pack_for as pack_for,
)
from parlour.games.sticks.moves import (
    Discard as Discard,
    DrawStock as DrawStock,
    LayOff as LayOff,
    LayStick as LayStick,
    MOVE_TYPES as MOVE_TYPES,
    MakeMeld as MakeMeld,
    Move as Move,
    Swap as Swap,
    TakeDiscard as TakeDiscard,
    TradeStick as TradeStick,
)
from parlour.games.sticks.search import (
    could_meet as could_meet,
)
from parlour.games.sticks.rules import (
    Phase as Phase,
    State as State,
    ZONES as ZONES,
    apply as apply,
    check_invariants as check_invariants,
    determinize as determinize,
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
from parlour.games.sticks.render import (
    render as render,
)

__all__ = [
    "HAND_SIZE",
    "HIDDEN_STICK",
    "NO_STICK",
    "PLIES_PER_TURN",
    "DEFAULT_PLAYERS",
    "Discard",
    "DrawStock",
    "GAME",
    "LayOff",
    "LayStick",
    "MOVE_TYPES",
    "MakeMeld",
    "Move",
    "Options",
    "PLAYERS",
    "Phase",
    "QUICK",
    "RULES",
    "SIMPLE_STICKS",
    "STANDARD_STICKS",
    "STICK_LISTS",
    "State",
    "Stick",
    "StickList",
    "Swap",
    "TakeDiscard",
    "TradeStick",
    "ZONES",
    "apply",
    "check_invariants",
    "could_meet",
    "is_over",
    "legal_moves",
    "make_sticks",
    "new_game",
    "pack_for",
    "parse_move",
    "render",
    "scores",
    "shuffle_unseen",
    "determinize",
    "to_act",
    "view",
    "winners",
]

# Registration --------------------------------------------------------------------------------

GAME: Final = GameSpec[State, Move, Options](
    name="sticks",
    title="Sticks",
    family="rummy",
    summary="A contract rummy: each player works on a secret stick; the first to collect seven wins.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("metzker", Options.metzker()),),
    quick=QUICK,
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=Options().max_hands * (max(PLAYERS) + Options().max_turns_per_hand * PLIES_PER_TURN),
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
    determinize=determinize,
    render=render,
)
