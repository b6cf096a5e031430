"""Jokers Wild: a partnership marble race around a loop board, moved by playing cards.

Rules: the Metzker Book of Card Game Rules, "Jokers Wild (Board Game)", the game also known as
Pegs and Jokers. Two players, or four in partnerships (partners sit opposite). A shoe of three
packs with their jokers; five cards each. In turn a player plays one card, moves a marble by it
and draws back to five. An ace or a face card brings a marble out of Home onto its starting hole;
an ace moves 1, a face card 10, 2-10 their pips; a 7 may be split between two marbles; an 8 moves
8 backwards only; a joker takes one's own marble from the track to the hole of any other marble
there. Nobody may pass a marble of their own side. A player with no play discards a card, and a
player with a play must make one, even if it hurts. Once a player's five marbles are all in its
Castle it plays for its partner; the first side with every marble in its Castles wins.

Readings where the book is silent or open (library choices, stated in the docs):

* The board is the usual Pegs and Jokers loop: 72 holes, 18 a side, numbered clockwise 0-71.
  The seat on side k comes out at hole 18k + 8 and enters its Castle (5 private holes, c1-c5)
  from hole 18k + 3, its Castle entrance. Four players sit on sides 0-3; two players on sides 0
  and 2. Five marbles a seat, all starting at Home.
* A forward move goes clockwise hole by hole. It may pass opponents but never a marble of its
  own side, and may not land on its own marble. Landing on an opponent sends it Home; landing on
  a partner's marble sends that marble to its own Castle entrance (an opponent there goes Home;
  the move is illegal if a marble of the side already sits there). Coming out onto the starting
  hole follows the same landing rules.
* A forward move whose path reaches the marble's own entrance may turn into the Castle with its
  remaining steps, exactly (no overshoot past c5, no passing a marble in the lane); it may also
  carry on along the track. A marble behind its entrance (after an 8) may enter the same way.
  Marbles in the Castle move forward inside it only; nothing touches them.
* An 8 moves a track marble 8 holes back, along the track only, with the same passing and
  landing rules. A 7 moves one marble 7, or splits k + (7 - k) between two different marbles,
  the first part first. A split whose first part brings the player's last marble into its
  Castle plays its rest with a partner's marble; the rest is wasted only when it cannot be used
  (and in a two-player game, where that part wins).
* A joker takes a marble the player controls from the track (never Home or Castle) to the hole
  of any other track marble that is not its own; no passing rules apply. Jokers are compulsory
  like every other card.
* Suits never matter: each rank gives one set of moves, played with the lowest suit held of
  that rank; a discard without a play is one move per rank as well. Hands are kept by rank.
* The first dealer is drawn from the seed unless `new_game(dealer=...)`; cards are dealt one
  at a time clockwise from the dealer's left, who plays first. When the stock runs out the
  discards but the top card are shuffled into a new one.
* `scores` gives each seat its side's marbles in their Castles.
* Termination valve (a deviation, not in the book): after `Options.max_turns` turns (2000)
  without a winner the game ends in a draw.

>>> state = new_game(4, seed=2, dealer=3)
>>> state.turn, cards_text(state.hands[0])
(0, 'AC 6C 7D QS KC')
>>> [str(m) for m in legal_moves(state)]
['play AC home-8', 'play QS home-8', 'play KC home-8']
>>> state = apply(state, parse_move(state, "play QS home-8"))
>>> state.marbles[0], state.turn
((-1, -1, -1, -1, 8), 1)
"""

from __future__ import annotations

from typing import Final

from parlour.core.cards import cards_text
from parlour.core.game import GameSpec
from parlour.games.jokers_wild.board import (
    CASTLE,
    HOLES,
    HOME,
    MARBLES,
    castle_entrance,
    come_out_hole,
    controlled,
    partner_of,
    position_text,
)
from parlour.games.jokers_wild.render import render
from parlour.games.jokers_wild.rules import (
    COMES_OUT,
    DEFAULT_PLAYERS,
    MOVE_TYPES,
    PLAYERS,
    STEPS,
    ZONES,
    Discard,
    Move,
    Options,
    Phase,
    PlayCard,
    State,
    apply,
    check_invariants,
    is_over,
    legal_moves,
    new_game,
    pack_for,
    parse_move,
    rank_sorted,
    scores,
    shuffle_unseen,
    to_act,
    view,
    winners,
)

__all__ = [
    "CASTLE",
    "COMES_OUT",
    "GAME",
    "HOLES",
    "HOME",
    "MARBLES",
    "STEPS",
    "ZONES",
    "Discard",
    "Move",
    "Options",
    "Phase",
    "PlayCard",
    "State",
    "apply",
    "cards_text",
    "castle_entrance",
    "check_invariants",
    "come_out_hole",
    "controlled",
    "is_over",
    "legal_moves",
    "new_game",
    "pack_for",
    "parse_move",
    "partner_of",
    "position_text",
    "rank_sorted",
    "render",
    "scores",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# Registration --------------------------------------------------------------------------------

GAME: Final = GameSpec[State, Move, Options](
    name="jokers_wild",
    title="Jokers Wild",
    family="board",
    summary="Race five marbles round a loop into your Castle by playing cards; jokers jump and bump.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("metzker", Options.metzker()),),
    quick=Options(max_turns=300),
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=Options().max_turns,
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
