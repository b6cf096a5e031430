"""Court Whist: seven games of four whist hands each, every game with its own trump and scoring.

Source: the Metzker Book of Card Game Rules, "Court Whist" and its score card, with the readings
listed below where the book is silent. Four players, one 52-card pack, all dealt (13 each), aces high, follow suit if able
(a void hand may play anything, no duty to trump); the highest trump, else the highest card of
the suit led, wins and leads next. The score card is data (`GAMES`): seven games, each of four
hands with its trump rule and its trick values:

1. Coronation (partners): the holder of KS, KH, KC, KD (hands 1-4) names trump;
2. Prosperity (partners): spades, hearts, clubs, diamonds trump; each trick counts 2;
3. Conspiracy (no partners): the last card dealt is turned for trump and stays with the
   dealer; each player scores its own tricks;
4. Chivalry (partners): S, H, C, D trump; 2 extra for each trick taken by a lady;
5. Revolution (partners): no trump; each side scores its opponents' tricks;
6. Confiscation (partners): S, H, C, D trump; a player who speaks forfeits 3 points;
7. Restoration (partners): S, H, C, D trump; each face card taken is a point beside the tricks.

Every player keeps a total; a side's points are credited to both partners. The high total after
the seventh game wins; equal totals share the win.

Readings where the seed is silent (the seed describes a progressive evening of many tables;
this module plays one table of four):

- Seats 2 and 3 are the ladies, seats 0 and 1 the men (`LADIES`); every partnership of the
  default seating has one of each, as the seed asks.
- Partners change between games by moving chairs (`Options.partners`, table `SEATINGS`):
  ``alternate`` (default) swaps the two ladies' chairs after every game, so each man partners
  each lady in turn and every partnership is a man and a lady; ``fixed`` keeps 0 & 2 against
  1 & 3 all evening; ``rotate`` gives each player each other player as partner in two of the six
  partnership games. Partners always sit opposite, so the order of play around the table follows
  the seating of the current game. Moving to another table and cutting to move do not arise.
- The cut for the deal ("high card deals, aces high") is a draw from the seed, made again at the
  start of every game, since every game is a new table in the seed's evening
  (`Options.recut_each_game`; False passes the deal on to the left instead). ``dealer=`` fixes the
  first dealer. Within a game the deal passes to the left, so each player deals once.
- Cards are dealt one at a time clockwise from the dealer's left; the 52nd card is the dealer's.
  The player to the dealer's left leads the first trick.
- Coronation: the holder of the named king names one of the four suits (no "no trump": the card
  names no trump only for Revolution) after seeing the hand and before the first lead; who holds
  the king is public, as the holder announces the call.
- Conspiracy: the last card dealt (the dealer's 13th) is shown to everyone, fixes trump and stays
  in the dealer's hand, where everyone knows it (field `upcard`) until the dealer plays it.
- Chivalry: "2 extra for each trick taken by lady" counts the tricks a lady herself won.
- Restoration: the face cards are the jacks, queens and kings (12) among the cards a side won.
- Confiscation: speaking cannot be observed by a program. With `Options.table_talk` each
  player may make the ``speak`` move once per hand while the hand is played (a frontend's "I
  spoke" button), losing 3 points at once from its own total; without it (default) the game is
  plain partnership whist.
- Sit-outs ("SIT OUTS ... WILL TAKE A SCORE OF 8 AT EACH HAND") happen only when the evening's
  players do not fill whole tables; one table of exactly four never has one (`SIT_OUT_SCORE` is
  kept as data, unused).
- `Options.hands_per_game` below 4 plays the first hands of each game only (a short match).

>>> state = new_game(seed=3, dealer=0)
>>> state.phase, GAMES[0].name, str(state.trump_rule)
(<Phase.CALL: 0>, 'Coronation', 'named by the holder of KS')
>>> caller = state.caller
>>> [str(m) for m in legal_moves(state)]
['name C', 'name D', 'name H', 'name S']
>>> state = apply(state, parse_move(state, "name H"))
>>> state.trump, sorted(to_act(state))
(<Suit.HEARTS: 2>, [1])
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.court_whist.render import render
from parlour.games.court_whist.rules import (
    MOVE_TYPES,
    ZONES,
    Move,
    NameTrump,
    Phase,
    PlayCard,
    Speak,
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
from parlour.games.court_whist.scorecard import (
    FACE_RANKS,
    GAMES,
    HAND_SIZE,
    HANDS_PER_GAME,
    LADIES,
    PACK,
    PLAYERS,
    PRESETS,
    QUICK,
    SEATINGS,
    SIT_OUT_SCORE,
    TALK_PENALTY,
    GameRule,
    Options,
    Partners,
    Trump,
    TrumpRule,
    game_rule,
    partner_of,
    score_hand,
    seating,
    total_hands,
)

__all__ = [
    "FACE_RANKS", "GAME", "GAMES", "HAND_SIZE", "HANDS_PER_GAME", "LADIES", "MOVE_TYPES", "PACK", "PLAYERS",
    "PRESETS", "QUICK", "SEATINGS", "SIT_OUT_SCORE", "TALK_PENALTY", "ZONES", "GameRule", "Move", "NameTrump",
    "Options", "Partners", "Phase", "PlayCard", "Speak", "State", "Trump", "TrumpRule", "apply",
    "check_invariants", "game_rule", "is_over", "legal_moves", "new_game", "parse_move", "partner_of", "render",
    "score_hand", "scores", "seating", "shuffle_unseen", "to_act", "total_hands", "view", "winners",
]  # fmt: skip

GAME: Final = GameSpec[State, Move, Options](
    name="court_whist",
    title="Court Whist",
    family="tricks",
    summary="Seven games of whist with their own trumps and scoring: Coronation to Restoration.",
    players=(PLAYERS,),
    default_players=PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=PRESETS,
    max_plies=len(GAMES) * HANDS_PER_GAME * (PLAYERS * HAND_SIZE + 1 + PLAYERS),
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
