"""Every parlour game as a PettingZoo AEC environment (the ``pettingzoo`` extra).

``env("hearts")`` is a standard wrapped AEC environment: agents ``player_0``.. are the seats,
an action is a token of the game's `Vocabulary` (a ``Discrete`` space of its size), and each
observation is a dict with ``observation`` (the vector of `parlour.adapters.observations`, from
the seat's view only) and ``action_mask`` (1 for each token the seat may spell next, all 0 for a
seat that is not to act). A move of several tokens is several steps of the same agent. Rewards
come at the end: 1 for each winner, 0 for the others (`parlour.adapters.match`).

>>> from parlour.adapters.pettingzoo import env
>>> table = env("hearts", seed=7, options="quick")
>>> table.reset()
>>> table.agent_selection, int(table.action_space("player_0").n)
('player_0', 58)
>>> observation = table.observe("player_0")
>>> int(observation["action_mask"].sum()), observation["observation"].shape
(13, (1529,))
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

try:
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
except ImportError as exc:  # pragma: no cover - the extra is not installed
    raise ImportError("the PettingZoo adapter needs the pettingzoo extra: pip install 'parlour[pettingzoo]'") from exc

import parlour
from parlour.adapters.match import Match, resolve_options
from parlour.core.game import GameOptions

__all__ = ["ParlourEnv", "env", "raw_env"]

Observation = dict[str, "npt.NDArray[np.float32] | npt.NDArray[np.int8]"]


def env(
    name: str,
    *,
    seed: int | None = None,
    players: int | None = None,
    options: GameOptions | str | None = None,
    render_mode: str | None = None,
    max_moves: int | None = None,
) -> AECEnv:
    """The environment of game `name`, with PettingZoo's usual wrappers (out-of-bounds actions
    and calls out of order are refused). See `ParlourEnv` for the arguments."""
    table = raw_env(name, seed=seed, players=players, options=options, render_mode=render_mode, max_moves=max_moves)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(table))


def raw_env(
    name: str,
    *,
    seed: int | None = None,
    players: int | None = None,
    options: GameOptions | str | None = None,
    render_mode: str | None = None,
    max_moves: int | None = None,
) -> ParlourEnv:
    """The environment without wrappers."""
    return ParlourEnv(name, seed=seed, players=players, options=options, render_mode=render_mode, max_moves=max_moves)


class ParlourEnv(AECEnv):  # type: ignore[misc]
    """A parlour game as an AEC environment.

    `seed` deals the first game (``reset(seed=...)`` overrides it; a later ``reset()`` without
    one deals a new game from the seed that follows); `players` and `options` are the game's
    (options as a value, a preset's name, ``"quick"`` for a short match, or text such as
    ``"hearts(passing=left)"``); ``render_mode="ansi"`` makes `render` return `game.render` of
    the state as a spectator sees it; `max_moves` truncates a game after that many moves.
    """

    metadata: dict[str, object] = {"render_modes": ["ansi"], "name": "parlour", "is_parallelizable": False}

    def __init__(
        self,
        name: str,
        *,
        seed: int | None = None,
        players: int | None = None,
        options: GameOptions | str | None = None,
        render_mode: str | None = None,
        max_moves: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.game = parlour.game(name)
        self.metadata = {**self.metadata, "name": f"parlour_{name}_v0"}
        self.render_mode = render_mode
        self._players = players
        self._options = resolve_options(self.game, options)
        self._next_seed = seed
        self._max_moves = max_moves
        self.match = Match.start(self.game, players=players, seed=seed, options=self._options, max_moves=max_moves)
        seats = self.match.players
        self.possible_agents = [f"player_{seat}" for seat in range(seats)]
        self.agents = list(self.possible_agents)
        observation = spaces.Box(-np.inf, np.inf, (self.match.layout.size,), np.float32)
        mask = spaces.Box(0, 1, (self.match.vocabulary.size,), np.int8)
        self._observation_space = spaces.Dict({"observation": observation, "action_mask": mask})
        self._action_space = spaces.Discrete(self.match.vocabulary.size)

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        """Deals a new game: from `seed` if given, else from the environment's next seed."""
        seed = self._next_seed if seed is None else seed
        self._next_seed = None if seed is None else seed + 1
        self.match = Match.start(self.game, players=self._players, seed=seed, options=self._options, max_moves=self._max_moves)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, object]] = {agent: {} for agent in self.agents}
        self._settle()

    def _agent_to_act(self) -> str:
        seat = self.match.seat
        return self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        return {
            "observation": np.asarray(self.match.observe(seat), dtype=np.float32),
            "action_mask": np.asarray(self.match.mask(seat), dtype=np.int8),
        }

    def step(self, action: int | None) -> None:
        """Spells token `action` for the agent to act (a ValueError names the allowed tokens if
        it may not come next); a finished agent steps with None, as PettingZoo requires."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: step with a token, not None")
        before = self.match
        self.match = before.pick(int(action))
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        if self.match.moves != before.moves:
            self.infos[agent] = {"move": str(self.match.last_move)}
        self._settle()

    def _settle(self) -> None:
        """After a deal or a token: the end's rewards (a deal may end a solitaire at once) or the
        cut, and the agent to act next."""
        if self.match.finished:
            self.rewards = dict(zip(self.possible_agents, self.match.rewards()))
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.match.done:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self._agent_to_act()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as a spectator sees it (render mode "ansi"); None without a render mode."""
        if self.render_mode is None:
            return None
        return self.game.render(self.game.view(self.match.state, None))

    def close(self) -> None:
        pass
