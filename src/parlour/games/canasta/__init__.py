"""Canasta, the partnership game for four: two packs and four jokers, melds of a rank, play to 5,000.

Rule source: the Hoyle Card Games manual ("Canasta"), with these readings where the book is
silent or garbled:

* Seats 0 and 2 play against seats 1 and 3. Eleven cards each, dealt one at a time from the
  dealer's left; the next card starts the discard pile, with more turned on it while the top is
  a wild card or a red three (the pile is then frozen). Red threes are laid out at once and
  replaced from the stock (at the deal in turn order from the dealer's left, and whenever one is
  drawn); one found in a taken pile is laid out without replacement. The deal passes left.
* Melds are of one rank (ace, four to king): at least two naturals and at most three wild cards
  (twos and jokers); one meld per rank per side, later cards of the rank join it. Seven or more
  cards make a canasta: natural (no wild) 500, mixed 300. Black threes are melded (three or four,
  no wild) only by a player going out; otherwise they are discarded, and a black three on top
  blocks the pile for one turn without freezing it.
* A side's first melds of a hand must count (card values only) at least 15 with a negative
  score, 50 from 0 to 1495, 90 from 1500 to 2995 (the book's table prints 1501) and 120 from
  3000, in one turn; several melds may add up. A side that takes the pile for its initial meld
  counts the top card with the pair; the rest of the pile is held apart (face up) until the
  minimum is reached with cards from the hand.
* The pile may not be taken with a wild card or a black three on top. It is frozen for everyone
  once it holds a wild card or a red three, and for a side that has not made its initial meld:
  then only a natural pair of the top card's rank from the hand takes it. Otherwise the top card
  may also go onto the side's meld of its rank, or make a new meld with a natural and a wild.
  A player holding one card may not take a pile of one card (the standard laws; an option).
* Going out needs a canasta of the side: every card melded, the last one perhaps discarded. A
  player keeps a card to discard otherwise. Before melding in a turn, a player whose side has a
  canasta may ask the partner; a yes lets the player go out this turn, a no forbids it (the
  answer binds; a yes does not oblige). Going out concealed (200 instead of 100) is going out in
  the turn the side made its initial meld (the book: "without having made an initial meld on a
  previous turn").
* The stock running out: the last card drawn, if a red three, lets the player meld but not
  discard, and the hand ends ("end hand"). Otherwise play goes on while each player takes the
  pile: a player must take it when the top card fits a meld of the side and the pile is not
  frozen for the side, may take it with a pair, or ends the hand ("end hand"); a player who
  cannot take it ends the hand at once. No going-out bonus then.
* The score of a side: its melded cards' values, canasta bonuses, red threes (100 each, 800 for
  all four, counted against a side with no meld), 100 for going out (200 concealed), minus the
  cards left in both partners' hands. The first side at 5,000 or more with the higher total wins;
  an exact tie plays another hand.

A turn is small moves: "draw stock" or "take pile" (onto a meld, "with" a natural pair or a
natural and a wild), then new melds of three cards ("meld 7C 7D 7H", "meld 9S 9H JK"), single
cards added to the side's melds ("add 7S", "add JK to 7"), "ask partner" / "answer yes", and
"discard QS". A new meld is laid as three naturals or two naturals and a wild, and grows by
additions; the move list never offers a meld after which the turn could not be finished.

>>> state = new_game(seed=3, dealer=0)
>>> [str(m) for m in legal_moves(state)]
['draw stock']
>>> sorted(to_act(state)), scores(state)
([1], (0, 0, 0, 0))
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.canasta.moves import (
    MOVE_TYPES,
    AddCard,
    Answer,
    AskPartner,
    Discard,
    DrawStock,
    EndHand,
    Meld,
    Move,
    TakePile,
)
from parlour.games.canasta.render import render
from parlour.games.canasta.rules import HAND_SIZE as HAND_SIZE
from parlour.games.canasta.rules import (
    QUICK,
    ZONES,
    Options,
    Permission,
    Phase,
    State,
    apply,
    check_invariants,
    hand_points,
    is_over,
    legal_moves,
    minimum_now,
    new_game,
    parse_move,
    scores,
    shuffle_unseen,
    side_of,
    to_act,
    view,
    winners,
)
from parlour.games.canasta.scoring import CARD_POINTS as CARD_POINTS
from parlour.games.canasta.scoring import PACK as PACK
from parlour.games.canasta.scoring import card_value, minimum_initial_meld, score_hand

__all__ = [
    "GAME",
    "MOVE_TYPES",
    "ZONES",
    "AddCard",
    "Answer",
    "AskPartner",
    "Discard",
    "DrawStock",
    "EndHand",
    "Meld",
    "Move",
    "Options",
    "Permission",
    "Phase",
    "State",
    "TakePile",
    "apply",
    "card_value",
    "check_invariants",
    "hand_points",
    "is_over",
    "legal_moves",
    "minimum_initial_meld",
    "minimum_now",
    "new_game",
    "parse_move",
    "render",
    "score_hand",
    "scores",
    "shuffle_unseen",
    "side_of",
    "to_act",
    "view",
    "winners",
]

GAME: Final = GameSpec[State, Move, Options](
    name="canasta",
    title="Canasta",
    family="rummy",
    summary="Two partnerships meld cards of a rank from two packs with wild twos and jokers, build "
    "canastas of seven, and play to 5,000.",
    players=(4,),
    default_players=4,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("hoyle", Options.hoyle()),),
    max_plies=1_000_000,
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
