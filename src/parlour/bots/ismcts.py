"""ISMCTS: information-set Monte Carlo tree search, a search bot for every registered game.

The bot sees only ``game.view(state, seat)``. It searches one tree over moves (single-observer
ISMCTS, after Cowling, Powley and Whitehouse, 2012): each iteration

1. deals a *determinization*, a real state consistent with the view and with what the seat has
   inferred by watching (`parlour.bots.inference.CardFacts`: void suits, cards seen taken or
   passed), through `parlour.bots.determinize.determinize`, with its own random future;
2. walks down the tree by UCB1 with availability counts: among the children whose moves are
   legal in this determinization, the one with the best ``mean + c * sqrt(ln(available) /
   visits)``, where `available` counts the walks that compared that move while it was legal;
   the first move of the walk not yet in the tree is added, and the walk stops there;
3. plays uniformly random moves from there (chance from the determinization's own random source;
   with `mast`, some moves are instead the move with the best mean outcome so far, MAST) until
   the hand ends (``state.hand`` changes), the game ends, or `max_plies` moves in all;
4. credits every node on the walk with the outcome for the seat that chose its move, so each seat
   in the tree is played from its own point of view.

The outcome of an iteration, in [0, 1] per seat:

- the game ended with winners: 1 for each winner (partners win together), 0 for the others; it
  ended without winners: 0 for a lone player (a lost solitaire), 0.5 for everyone otherwise;
- otherwise the points each seat gained since the search began (`scores`, turned round where
  `GameSpec.low_score_wins`), as an *advantage*: the seat's gain less the mean gain of the other
  seats (the gain itself for a lone player). A node keeps the sum of its advantages, read as
  ``0.5 + 0.5 * advantage / spread``, where `spread` is the largest advantage (in size) seen so
  far in this search, so margins count and no per-game scale is needed.

A game may lend the search its own knowledge through three optional `GameSpec` fields:
`GameSpec.playout`, a cheap policy that playouts follow (`guidance`: nine moves in ten) and that
the tree leans toward (its move is added first and gains ``bias / visits`` in UCB1);
`GameSpec.evaluate`, which stops a playout `horizon` moves after the walk and adds what the
evaluation gained since the iteration's deal to the gains; and `GameSpec.playout_to_end`, which
plays on to the end of the game rather than of the hand. Games without them (most) are searched
with uniform playouts to the hand's end, as above.

Several seats may act at once (response windows): the lowest acts first, as in `play_game`. The
move played is the root move visited most (ties: the better mean, then the earlier move).

>>> import parlour
>>> hearts = parlour.game("hearts")
>>> state = hearts.new_game(seed=2)
>>> bot = ISMCTSBot(seed=1, iterations=20)
>>> move = bot.choose(hearts, state, 0)
>>> move in hearts.legal_moves(state, 0)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Final

from parlour.bots.determinize import determinize
from parlour.bots.inference import CardFacts
from parlour.core.game import Game, GameMove, GameState
from parlour.core.zones import CardAllowed

__all__ = ["DEFAULT_ITERATIONS", "ISMCTSBot", "from_spec"]

DEFAULT_ITERATIONS: Final = 200
"""Iterations per move when neither `iterations` nor a strength is given."""
EXPLORATION: Final = 0.7
"""UCB1's exploration constant `c` for outcomes in [0, 1] (the value Cowling et al. use)."""
MAST: Final = 0.0
"""The chance that a playout move is MAST's favourite (the legal move with the best mean outcome
in this search so far) rather than a uniformly random one."""
GUIDANCE: Final = 0.9
"""The chance that a playout move comes from the game's playout policy (`GameSpec.playout`), in
games that export one, rather than from the uniform (or MAST) choice."""
BIAS: Final = 2.0
"""The progressive bias toward the move the game's playout policy prefers, in games that export
one: in the tree walk that move's UCB1 value gains ``BIAS / visits``, so the search keeps to the
policy's move unless its iterations show a better one."""
HORIZON: Final = 8
"""Playout moves (after the tree walk) before the playout stops and is scored by the game's
evaluation (`GameSpec.evaluate`), in games that export one; the others play to the hand's end."""
MAX_PLIES: Final = 300
"""Moves per iteration (tree walk and random playout) before it is scored where it stands."""


class ISMCTSBot:
    """Information-set Monte Carlo tree search from the seat's view (see the module docstring).

    `iterations` and `time_limit` (seconds per move) bound the search; it stops at whichever
    runs out first (at least one iteration). With no time limit the bot is deterministic: the
    same seed, the same views and calls give the same moves. As an `Observer` (play_game tells it
    of every state) it infers facts about hidden cards from the views it is shown; called
    without observing, it works from the current view alone.
    """

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = DEFAULT_ITERATIONS,
        *,
        time_limit: float | None = None,
        exploration: float = EXPLORATION,
        max_plies: int = MAX_PLIES,
        mast: float = MAST,
        guidance: float = GUIDANCE,
        bias: float = BIAS,
        horizon: int = HORIZON,
    ) -> None:
        if iterations is None and time_limit is None:
            raise ValueError("ISMCTS needs a budget: iterations, time_limit or both")
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise ValueError(f"iterations must be a whole number of at least 1, not {iterations!r}")
        if time_limit is not None and not (_is_number(time_limit) and time_limit > 0):
            raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
        if not (_is_number(exploration) and exploration >= 0):
            raise ValueError(f"exploration must be a number of at least 0, not {exploration!r}")
        if not (_is_number(mast) and 0 <= mast <= 1):
            raise ValueError(f"mast must be a chance from 0 to 1, not {mast!r}")
        if not (_is_number(guidance) and 0 <= guidance <= 1):
            raise ValueError(f"guidance must be a chance from 0 to 1, not {guidance!r}")
        if not (_is_number(bias) and bias >= 0):
            raise ValueError(f"bias must be a number of at least 0, not {bias!r}")
        if type(horizon) is not int or horizon < 0:
            raise ValueError(f"horizon must be a whole number of at least 0, not {horizon!r}")
        if type(max_plies) is not int or max_plies < 1:
            raise ValueError(f"max_plies must be a whole number of at least 1, not {max_plies!r}")
        self.seed = seed
        """The seed given (None: drawn by the operating system)."""
        self.iterations = iterations
        """Iterations per move (None: as many as `time_limit` allows)."""
        self.time_limit = time_limit
        """Seconds per move (None: no time limit)."""
        self.exploration = float(exploration)
        """UCB1's constant `c`."""
        self.max_plies = max_plies
        """Moves per iteration before it is scored where it stands."""
        self.mast = float(mast)
        """The chance that a playout move is MAST's favourite (0: uniform playouts)."""
        self.guidance = float(guidance)
        """The chance that a playout move is the game's own playout move (`GameSpec.playout`),
        where the game has one (0: uniform playouts everywhere)."""
        self.bias = float(bias)
        """The progressive bias toward the game's playout move in the tree (0: none)."""
        self.horizon = horizon
        """Playout moves before a game with an evaluation (`GameSpec.evaluate`) is scored."""
        self._random = random.Random(seed)
        self._facts: dict[int, CardFacts] = {}

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations!r}"
        if self.time_limit is not None:
            budget += f", time_limit={self.time_limit!r}"
        return f"ISMCTSBot(seed={self.seed!r}, {budget})"

    def observe(self, game: Game, state: GameState, player: int) -> None:
        """Learns from seat `player`'s view of `state` (see `parlour.bots.inference`)."""
        facts = self._facts.get(player)
        if facts is None:
            facts = self._facts[player] = CardFacts(player)
        facts.observe(game, game.view(state, player))

    def facts(self, player: int) -> CardFacts | None:
        """What the bot has inferred as seat `player` (None: it has not observed that seat)."""
        return self._facts.get(player)

    def choose(self, game: Game, state: GameState, player: int) -> GameMove:
        """The move the search prefers for `player`, from ``game.view(state, player)`` alone."""
        view = game.view(state, player)
        moves = game.legal_moves(view, player)
        if not moves:
            raise ValueError(f"seat {player} has no legal move now (to act: {sorted(game.to_act(state))})")
        rng = random.Random(self._random.getrandbits(64))
        if len(moves) == 1:
            return moves[0]
        facts = self._facts.get(player)
        allowed = facts.allowed if facts is not None and facts.describes(game, view) else None
        search = _Search(
            game, view, player, rng, self.exploration, self.max_plies, self.mast, self.guidance, self.bias, self.horizon, allowed
        )
        deadline = math.inf if self.time_limit is None else time.perf_counter() + self.time_limit
        budget = self.iterations or math.inf
        done = 0
        while done < budget and (done == 0 or deadline == math.inf or time.perf_counter() < deadline):
            search.iterate()
            done += 1
        return search.best(moves)


def from_spec(seed: int | None, strength: str | None) -> ISMCTSBot:
    """The bot ``make_bot("ismcts")`` or ``make_bot("ismcts:500")`` names (strength: iterations)."""
    if strength is None:
        return ISMCTSBot(seed)
    if not strength.isdigit() or int(strength) < 1:
        raise ValueError(f"ismcts takes a number of iterations of at least 1 (ismcts:500), not {strength!r}")
    return ISMCTSBot(seed, int(strength))


class _Node:
    """A move in the tree: the seat that chose it and the outcomes of the iterations through it."""

    __slots__ = ("seat", "children", "visits", "available", "fixed", "advantage")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[GameMove, _Node] = {}
        self.visits = 0
        self.available = 1
        self.fixed = 0.0
        """The sum of the outcomes scored as fixed values (ended games; 0.5 for each advantage)."""
        self.advantage = 0.0
        """The sum of the advantages of iterations that ended within the game."""

    def credit(self, fixed: Sequence[float], advantage: Sequence[float]) -> None:
        """Counts one more iteration through this move, with its outcome for `seat`."""
        self.visits += 1
        self.fixed += fixed[self.seat]
        self.advantage += advantage[self.seat]

    def mean(self, spread: float) -> float:
        """The mean outcome for `seat`, advantages read against `spread`."""
        total = self.fixed + (0.5 * self.advantage / spread if spread else 0.0)
        return total / self.visits


class _Search:
    """One search tree for one move of one seat."""

    def __init__(
        self,
        game: Game,
        view: GameState,
        player: int,
        rng: random.Random,
        exploration: float,
        max_plies: int,
        greedy: float,
        guidance: float,
        bias: float,
        horizon: int,
        allowed: CardAllowed | None,
    ) -> None:
        self.game = game
        self.view = view
        self.player = player
        self.rng = rng
        self.exploration = exploration
        self.max_plies = max_plies
        self.greedy = greedy
        self.guidance = guidance
        self.bias = bias
        self.horizon = horizon
        self.history: dict[GameMove, _Node] = {}
        """MAST's statistics: every move played in any iteration, by move."""
        self.allowed = allowed
        self.root = _Node(player)
        self.spread = 0.0
        self.start = game.scores(view)
        self.hand = view.hand
        self.to_end = game.playout_to_end
        """Playouts go on past the hand's end (`GameSpec.playout_to_end`)."""
        self.sign = -1 if game.low_score_wins else 1

    def iterate(self) -> None:
        """One determinization, walk, playout and update."""
        game, rng, hand, root, max_plies = self.game, self.rng, self.hand, self.root, self.max_plies
        is_over, to_act, legal_moves, apply = game.is_over, game.to_act, game.legal_moves, game.apply
        state = determinize(game, self.view, rng.getrandbits(63), self.allowed)
        evaluate = game.evaluate
        base = evaluate(state) if evaluate is not None else None
        node = root
        path: list[_Node] = []
        played: list[GameMove] = []
        policy = game.playout
        to_end = self.to_end
        while not is_over(state) and (to_end or state.hand == hand) and len(played) < max_plies:
            seat = self.player if node is root else min(to_act(state))
            moves = _moves_of(game, state, seat)
            preferred = policy(state, moves, rng) if policy is not None and len(moves) > 1 else None
            children = node.children
            untried = [move for move in moves if move not in children]
            if untried:
                move = preferred if preferred in untried else untried[rng.randrange(len(untried))]
                node = children[move] = _Node(seat)
            else:
                move, node = self._select(moves, children, preferred)
            state = apply(state, move)
            played.append(move)
            path.append(node)
            if untried:
                break
        uniform, favourite, greedy = rng.random, self._favourite, self.greedy
        guidance = self.guidance
        last = min(max_plies, len(played) + self.horizon) if evaluate is not None else max_plies
        while not is_over(state) and (to_end or state.hand == hand) and len(played) < last:
            acting = to_act(state)
            moves = legal_moves(state) if len(acting) == 1 else _moves_of(game, state, min(acting))
            if policy is not None and guidance and uniform() < guidance:
                move = policy(state, moves, rng) if len(moves) > 1 else moves[0]
            else:
                move = favourite(moves) if greedy and uniform() < greedy else moves[int(uniform() * len(moves))]
            state = apply(state, move)
            played.append(move)
        worth = None
        if evaluate is not None and base is not None and not is_over(state):
            # Worth gained since the deal: a stopped playout's evaluation (nothing once the hand
            # has been scored) less the deal's, so the deal's own luck cancels out.
            cut = len(played) >= last and (to_end or state.hand == hand)
            end = evaluate(state) if cut else (0.0,) * len(base)
            worth = tuple(after - before for after, before in zip(end, base))
        fixed, advantage = self._outcome(state, worth)
        self.spread = max(self.spread, max(map(abs, advantage)))
        for step in path:
            step.credit(fixed, advantage)
        if greedy:
            history = self.history
            for move in played:
                stats = history.get(move)
                if stats is None:
                    stats = history[move] = _Node(move.player)
                stats.credit(fixed, advantage)

    def _favourite(self, moves: Sequence[GameMove]) -> GameMove:
        """MAST: the move with the best mean outcome over every iteration that played it, so far
        in this search (0.5 for a move never played; ties to the first from a random start)."""
        history, spread = self.history, self.spread
        count = len(moves)
        offset = int(self.rng.random() * count)
        best, best_value = moves[offset], -1.0
        for index in range(offset, offset + count):
            move = moves[index % count]
            stats = history.get(move)
            value = 0.5 if stats is None else stats.mean(spread)
            if value > best_value:
                best, best_value = move, value
        return best

    def _select(
        self, moves: Sequence[GameMove], children: dict[GameMove, _Node], preferred: GameMove | None
    ) -> tuple[GameMove, _Node]:
        """UCB1 over the children available now, counting each one's availability; the move the
        game's playout policy prefers gets a bonus of ``bias / visits`` (progressive bias)."""
        spread, exploration, log, bias = self.spread, self.exploration, math.log, self.bias
        best_move, best_node, best_value = moves[0], children[moves[0]], -math.inf
        for move in moves:
            child = children[move]
            child.available += 1
            value = child.mean(spread) + exploration * math.sqrt(log(child.available) / child.visits)
            if move == preferred:
                value += bias / child.visits
            if value > best_value:
                best_move, best_node, best_value = move, child, value
        return best_move, best_node

    def _outcome(
        self, state: GameState, worth: tuple[float, ...] | None = None
    ) -> tuple[list[float], list[float]]:
        """Per seat: the fixed part of the outcome and the advantage (see the module docstring),
        with `worth` (what the game's evaluation says the playout gained) added to the gains."""
        game = self.game
        seats = len(self.start)
        if game.is_over(state):
            winners = game.winners(state)
            if winners:
                return [1.0 if seat in winners else 0.0 for seat in range(seats)], [0.0] * seats
            return [0.0 if seats == 1 else 0.5] * seats, [0.0] * seats
        gains: list[float] = [self.sign * (end - start) for end, start in zip(game.scores(state), self.start)]
        if worth is not None:
            gains = [gain + self.sign * value for gain, value in zip(gains, worth)]
        if seats == 1:
            return [0.5], [float(gains[0])]
        total = sum(gains)
        return [0.5] * seats, [gain - (total - gain) / (seats - 1) for gain in gains]

    def best(self, moves: Sequence[GameMove]) -> GameMove:
        """The root move visited most (ties: the better mean, then the earlier move)."""
        children = self.root.children
        best, best_key = moves[0], (-1, -math.inf)
        for move in moves:
            child = children.get(move)
            key = (0, -math.inf) if child is None or not child.visits else (child.visits, child.mean(self.spread))
            if key > best_key:
                best, best_key = move, key
        return best


def _is_number(value: object) -> bool:
    """An int or a float, not a bool (True is not a budget)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _moves_of(game: Game, state: GameState, seat: int) -> tuple[GameMove, ...]:
    """`seat`'s legal moves in a real state (where several seats may act at once)."""
    return tuple(move for move in game.legal_moves(state) if move.player == seat)
