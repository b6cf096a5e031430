"""Hand and Foot Canasta: two teams meld books of one rank from a hand and then a hidden foot.

Rules: the Metzker Book of Card Game Rules, "Hand and Foot Canasta", with the gaps filled as the
shared rules notes for the rummy family resolve them. Two, four or six
players in two teams (seats alternate: even seats are team 0, odd seats team 1), one more pack
than there are players, two jokers in each. Each player gets a 15-card hand and a 13-card foot;
the foot lies face down and nobody, not even its owner, sees it until it is picked up. Jokers
and twos are wild. Melds are sets of one rank (A, K down to 4) holding at least as many naturals
as wilds, or melds of wild cards only; a meld closes as a book (canasta) at exactly 7 cards:
red (7 naturals) 500, black (mixed) 300, wild (7 wilds) 2000. A turn: draw two from the stock or
take the whole discard pile with a natural pair of its top card, meld, then discard one card.
The game is four rounds; the first melding turn of a team in a round must count 90, 120, 150,
180 by round.

Readings where the seed is silent or open (stated in the docs):

* The pile may be taken only by a team that has already melded this round (the seed's own
  "if a meld has been established"); the top card counts toward the three cards of the meld it
  makes with the pair, not toward an opening. Only a natural A or 4-K on top can be taken (a
  wild, a black 3 or a red 3 on top blocks the pile until it is covered). The top card and the
  pair go to the table at once: onto the team's open meld of that rank if it has room, else the
  player first closes that meld to 7 with more naturals of the rank from hand and starts a new
  meld with the three. The rest of the pile goes into the player's hand (red 3s in it are laid
  down without replacement).
* One open meld per rank per team and one open wild meld; after a book closes, a new meld of the
  rank may be started. Naturals >= wilds holds at all times (a dirty book has at most 3 wilds).
* The opening turn is played meld by meld: the melds laid by a team that has not yet melded are
  provisional until their count reaches the minimum. Until then the player may not discard; the
  move `take back` returns every provisional card to hand (once a turn, after which the player
  only discards). Red 3s never count toward the minimum.
* Red 3s found in hand (the deal, a draw, a picked-up foot) are laid down when the player draws
  (or as soon as the foot is picked up by melding) and replaced from the stock; +100 each, -100
  if the team has not melded this round; red 3s stranded in a hand or foot at the end cost the
  option `stranded_red3_penalty` (100) each.
* Hand to foot: emptied by melding, the foot is picked up and the turn goes on; emptied by the
  discard, the foot is picked up and played next turn.
* A player in the foot may go out (meld or discard the last card, or the black-3 dump) only when
  the team holds at least 1 red, 1 black and 1 wild book; until then such a player keeps two
  cards after any meld and one after the discard.
* The round ends when a player goes out (+100) or after the turn in which the stock became
  empty (a short draw takes what is left). The team plays cards of all its melds at their count,
  plus the books' bonuses and red 3s, less the count of every card left in its hands and feet.
* Deal: the hands one card at a time clockwise from the dealer's left, then the feet the same
  way, then the upcard (a wild or red 3 turned up is covered by the next card). The deal passes
  left; the player at the dealer's left plays first. The first dealer is drawn from the seed.
* Suits do not matter in melds, so melds and lay-offs name the first cards of a rank in the
  hand's order; new melds are offered as three cards (then grown one card at a time), three
  naturals when the hand holds three of the rank, else a natural pair and a wild. One discard
  per rank (black and red 3s apart).

>>> state = new_game(2, seed=1, dealer=0)
>>> [str(m) for m in legal_moves(state)], len(state.hands[1]), len(state.feet[1])
(['draw'], 15, 13)
>>> state = apply(state, parse_move(state, "draw"))
>>> [str(m) for m in legal_moves(state)][:3]
['meld 7D 7H 2C', 'meld 7D 7H JK', 'meld 9C 9D 2C']
>>> round_score([parse_cards("KS KH KD KC KS KH KD")], 1, True, parse_cards("AS"), True)
750
"""

from __future__ import annotations

from typing import Final

from parlour.core.cards import parse_cards
from parlour.core.game import GameSpec
from parlour.games.hand_and_foot.tables import (
    BOOK as BOOK,
    BOOK_BONUS as BOOK_BONUS,
    BookKind as BookKind,
    DEFAULT_PLAYERS as DEFAULT_PLAYERS,
    MINIMUM_MELDS as MINIMUM_MELDS,
    Options as Options,
    PLAYERS as PLAYERS,
    POINTS as POINTS,
    QUICK as QUICK,
    RULES as RULES,
    book_kind as book_kind,
    minimum_meld as minimum_meld,
    pack_for as pack_for,
    round_score as round_score,
    sort_hand as sort_hand,
    team_of as team_of,
)
from parlour.games.hand_and_foot.moves import (
    AddCard as AddCard,
    Discard as Discard,
    Draw as Draw,
    DumpThrees as DumpThrees,
    MOVE_TYPES as MOVE_TYPES,
    Meld as Meld,
    Move as Move,
    TakeBack as TakeBack,
    TakePile as TakePile,
)
from parlour.games.hand_and_foot.rules import (
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
from parlour.games.hand_and_foot.render import (
    render as render,
)

__all__ = [
    "BOOK",
    "BOOK_BONUS",
    "DEFAULT_PLAYERS",
    "GAME",
    "MINIMUM_MELDS",
    "MOVE_TYPES",
    "PLAYERS",
    "POINTS",
    "QUICK",
    "RULES",
    "ZONES",
    "AddCard",
    "BookKind",
    "Discard",
    "Draw",
    "DumpThrees",
    "Meld",
    "Move",
    "Options",
    "Phase",
    "State",
    "TakeBack",
    "TakePile",
    "apply",
    "book_kind",
    "check_invariants",
    "is_over",
    "legal_moves",
    "minimum_meld",
    "new_game",
    "pack_for",
    "parse_move",
    "render",
    "round_score",
    "scores",
    "shuffle_unseen",
    "sort_hand",
    "team_of",
    "to_act",
    "view",
    "winners",
]

# Registration --------------------------------------------------------------------------------

GAME: Final = GameSpec[State, Move, Options](
    name="hand_and_foot",
    title="Hand and Foot Canasta",
    family="rummy",
    summary="Two teams meld books of one rank from a hand and then a hidden foot, over four rounds.",
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
    max_plies=60_000,
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
