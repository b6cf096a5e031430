"""Hearts: a trick-avoidance game; each heart costs 1 and the queen of spades 13, low score wins.

Sources: the House Party guide, "HEARTS" (preset `house_party`, the default), the Hoyle Card
Games manual, "Hearts" (preset `hoyle`) and the Metzker Book of Card Game Rules, "Hearts"
(preset `metzker`), with the readings below.

Readings where the seeds are silent:

- Penalty cards may be played to the first trick (option `no_points_on_first_trick`).
- A leader holding only hearts may lead any heart, in every preset.
- A heart played to any completed trick breaks hearts (also one led from an all-heart hand);
  with `queen_breaks_hearts` (Metzker) the queen of spades breaks them too.
- Shooting the moon with a choice (`house_party`) is a move of the shooter after the last
  trick: ``moon subtract`` (-26 to the shooter) or ``moon add`` (+26 to everyone else).
- Metzker's kitty is taken face down by the first trick's winner: the taker may look at it,
  nobody else sees it until the hand is scored, when it is shown and counted.
- Passing cycles: left, right, across, keep with four players; left, right, keep otherwise.
- The game ends only after a hand is scored with somebody at or past the target; the lowest
  total wins and equal lowest totals are co-winners.
- The first dealer is drawn from the seed unless `dealer=` is given; the deal passes left and
  cards are dealt one at a time clockwise from the dealer's left, the kitty from what is left.

Passing is simultaneous: each seat chooses its three cards one `pass` move at a time, and the
exchange happens once every seat has chosen all three. While several seats choose, a move's
text names its seat (``"2: pass 10C"``, or ``parse_move(state, text, player=2)``); a view of a
seat has that seat's moves only.

The package reads in dependency order: `options` (rule tables, `Options` and the helpers that
follow from them), `tables` (the per-card lookups of the hot path, indexed by `Card.index`),
`scoring` (the points of a hand), `rules` (moves, `State`, zones, the verbs and the phase
helpers) and `render` (the text picture); this module re-exports the public names and holds
the `GAME` record.

>>> state = new_game(seed=7, dealer=0)
>>> state.phase, len(legal_moves(state)), sorted(to_act(state))
(<Phase.PASS: 0>, 52, [0, 1, 2, 3])
>>> mine = legal_moves(state, 2)
>>> legal_moves(view(state, 2)) == mine, str(mine[0])
(True, 'pass 3C')
>>> state = apply(state, parse_move(state, "2: pass 3C"))
>>> [str(e) for e in state.events], [str(e) for e in view(state, 0).events]
(['seat 2 gives 3C 3'], ['seat 2 gives ?? 3'])
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.hearts.options import (
    PRESETS,
    QUICK,
    Moon,
    Opener,
    Options,
    Passing,
    hand_size,
    kitty_size,
    pass_offset,
    players_for,
)
from parlour.games.hearts.render import render
from parlour.games.hearts.rules import (
    MOVE_TYPES,
    ZONES,
    ChooseMoon,
    Move,
    PassCard,
    Phase,
    PlayCard,
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
from parlour.games.hearts.scoring import score_hand

# The rule tables stay readable as before the split (hearts.PACK, hearts.PENALTY, ...).
from parlour.games.hearts.options import (
    ACROSS as ACROSS, HAND_POINTS as HAND_POINTS, KEEP as KEEP, KITTY_PLAYERS as KITTY_PLAYERS,
    LEFT as LEFT, MIN_KITTY as MIN_KITTY, MOON_POINTS as MOON_POINTS, PACK as PACK,
    PASS_COUNT as PASS_COUNT, PENALTY as PENALTY, PLAIN_PLAYERS as PLAIN_PLAYERS,
    QUEEN_OF_SPADES as QUEEN_OF_SPADES, RIGHT as RIGHT, ROTATE_FOUR as ROTATE_FOUR,
    ROTATE_OTHER as ROTATE_OTHER, TARGET_SCORE as TARGET_SCORE,
)

__all__ = [
    "GAME", "MOVE_TYPES", "ZONES", "ChooseMoon", "Moon", "Move", "Opener", "Options", "PassCard", "Passing", "Phase",
    "PlayCard", "State", "apply", "check_invariants", "hand_size", "is_over", "kitty_size",
    "legal_moves", "new_game", "parse_move", "pass_offset", "render", "score_hand", "scores",
    "shuffle_unseen", "to_act", "view", "winners",
]  # fmt: skip

GAME: Final = GameSpec[State, Move, Options](
    name="hearts",
    title="Hearts",
    family="tricks",
    low_score_wins=True,
    summary="Avoid hearts and the queen of spades, or take them all and shoot the moon.",
    players=PLAIN_PLAYERS,
    default_players=4,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=PRESETS,
    max_plies=5_000,
    quick=QUICK,
    players_for=players_for,
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
