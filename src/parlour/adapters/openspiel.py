"""Every parlour game as an OpenSpiel game (the ``openspiel`` extra).

``load("hearts")`` registers the game with pyspiel as ``python_parlour_hearts`` (once) and
loads it, so OpenSpiel's algorithms and tests run on it like on any of its own Python games.
An action is a token of the game's `Vocabulary` (``num_distinct_actions`` is its size); a move of
several tokens is several actions of the same player. Observations (``observation_tensor``) are
the vectors of `parlour.adapters.observations`, from the player's view only, and
``observation_string`` is `game.render` of that view. Returns come at the end: 1 for each winner,
0 for the others.

The games have perfect recall: ``information_state_string(player)`` stands for everything the
player has seen since the deal, that is its view after every move so far (each view carries the
events of the move that led to it, redacted for the player) and the tokens it has spelled of
the move in progress. The views are chained into a digest as the game goes on, so the string
stays short and costs one view per seat and move, however long the game. Two histories get the
same string exactly when the player saw the same things (up to a digest collision), which is
what CFR and the other information-state algorithms key their tables by. There is no
information-state tensor (a fixed-size encoding of a whole history).

Parameters: ``players`` (the game's usual count by default), ``options`` (empty for the
defaults, ``quick`` for a short match, a preset's name, or text such as
``hearts(passing=left)``), ``seed`` and ``max_moves`` (above 0: the game stops after that many
moves, every return 0, as a game cut short). parlour keeps its random source inside the state,
so the games are *sampled stochastic* (there are no chance nodes): with ``seed`` -1 (the
default) every ``new_initial_state()`` deals at random; with a seed, every one deals the same
game from it (the draws later in the game included), so a run is reproducible.

>>> from parlour.adapters.openspiel import load
>>> game = load("hearts", options="quick", seed=7)
>>> game.get_type().short_name, game.num_distinct_actions(), game.num_players()
('python_parlour_hearts', 58, 4)
>>> state = game.new_initial_state()
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()][:3]
(0, ['3C', '4C', '6C'])
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from typing import ClassVar

import numpy as np

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError as exc:  # pragma: no cover - the extra is not installed
    raise ImportError("the OpenSpiel adapter needs the openspiel extra: pip install 'parlour[openspiel]'") from exc

import parlour
from parlour.adapters.match import Match, resolve_options
from parlour.adapters.observations import PREFIX_SLOTS
from parlour.core.game import Game, GameOptions, GameState
from parlour.core.rng import MAX_SEED
from parlour.core.serialize import encode_value

__all__ = ["ParlourGame", "ParlourObserver", "ParlourState", "Recall", "load", "register", "short_name"]

_NO_SEED = -1


def short_name(name: str) -> str:
    """The name pyspiel knows game `name` by: ``python_parlour_<name>``."""
    return f"python_parlour_{name}"


def register(name: str) -> str:
    """Registers game `name` with pyspiel (once) and returns its pyspiel name."""
    game = parlour.game(name)
    pyspiel_name = short_name(game.name)
    if pyspiel_name not in pyspiel.registered_names():
        # pyspiel keeps the factory until the process ends; a class (unlike a closure) outlives
        # the interpreter's shutdown, so pyspiel can let go of it without crashing.
        factory = type(f"ParlourGame_{game.name}", (ParlourGame,), {"parlour_game": game})
        pyspiel.register_game(_game_type(game), factory)
    return pyspiel_name


def load(name: str, *, players: int | None = None, options: str = "", seed: int = _NO_SEED, max_moves: int = 0) -> pyspiel.Game:
    """Game `name` as a pyspiel game, registered first if need be (see the module's text)."""
    params: dict[str, int | str] = {"options": options, "seed": seed, "max_moves": max_moves}
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(register(name), params)


def _game_type(game: Game) -> pyspiel.GameType:
    information = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"parlour {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC if game.chance else pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=information.IMPERFECT_INFORMATION if game.hidden_information else information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.players),
        min_num_players=min(game.players),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification={"players": game.default_players, "options": "", "seed": _NO_SEED, "max_moves": 0},
    )


class ParlourGame(pyspiel.Game):  # type: ignore[misc]
    """A parlour game with its parameters, as pyspiel sees it (`register` makes one subclass
    per game, naming its `parlour_game`)."""

    parlour_game: ClassVar[Game]

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        game = self.parlour_game
        params = params or {}
        players = params.get("players", game.default_players)
        options = params.get("options", "")
        seed = params.get("seed", _NO_SEED)
        max_moves = params.get("max_moves", 0)
        if type(players) is not int or type(options) is not str or type(seed) is not int or type(max_moves) is not int:
            raise ValueError(f"parameters are players, options (text), seed and max_moves (whole numbers), not {dict(params)!r}")
        self.options: GameOptions | None = resolve_options(game, options or None)
        self.players = players
        self.seed = None if seed == _NO_SEED else seed
        self.sample = sample = Match.start(game, players=players, seed=0, options=self.options, max_moves=max_moves or None)
        info = pyspiel.GameInfo(
            num_distinct_actions=sample.vocabulary.size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=game.max_plies * PREFIX_SLOTS,
        )
        super().__init__(_game_type(game), info, dict(params))
        self.observation_size = sample.layout.size

    def new_initial_state(self) -> ParlourState:
        """A new deal: the seed parameter's, or a random one."""
        return ParlourState(self)

    def deal(self) -> Match:
        """The match of a new initial state (the sample's vocabulary and layout reused)."""
        seed = self.seed if self.seed is not None else random.randrange(MAX_SEED + 1)
        state = self.parlour_game.new_game(self.players, seed=seed, options=self.options)
        return self.sample.replaced(state)

    def make_py_observer(self, iig_obs_type: object = None, params: Mapping[str, object] | None = None) -> ParlourObserver:
        """The observer of the player's view, or of its whole history when `iig_obs_type` asks
        for perfect recall (the information state)."""
        if params:
            raise ValueError(f"parlour observers take no parameters, not {dict(params)!r}")
        return ParlourObserver(self.observation_size, recall=bool(getattr(iig_obs_type, "perfect_recall", False)))


class ParlourState(pyspiel.State):  # type: ignore[misc]
    """A parlour game in progress: a `Match` played one token per action."""

    def __init__(self, game: ParlourGame) -> None:
        super().__init__(game)
        self._match: Match | None = None
        self._recall: Recall | None = None

    @property
    def match(self) -> Match:
        """The match, dealt on first use: pyspiel clones a state by making a new initial state
        and copying the attributes over, so a clone never deals a game it would throw away."""
        if self._match is None:
            game = self.get_game()
            assert isinstance(game, ParlourGame)
            self._match = game.deal()
        return self._match

    def current_player(self) -> int:
        seat = self.match.seat
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        if self.match.choice is None or player != self.match.seat:
            return []
        return list(self.match.choice.tokens)

    def _apply_action(self, action: int) -> None:
        before, recall = self.match, self.recall
        self._match = after = before.pick(int(action))
        if after.state is not before.state:
            self._recall = recall.after(after.state)

    @property
    def recall(self) -> Recall:
        """What every seat has seen since the deal (for the information state)."""
        if self._recall is None:
            self._recall = Recall.of(self.match.state)
        return self._recall

    def information_state(self, player: int) -> str:
        """The information state string of `player` (see the module's text)."""
        match = self.match
        spelled = match.choice.prefix if match.choice is not None and player == match.seat else ()
        return f"p{player} {self.recall.digest(match.game, player)} {' '.join(map(str, spelled))}".rstrip()

    def _action_to_string(self, player: int, action: int) -> str:
        return self.match.vocabulary.name_of(int(action))

    def is_terminal(self) -> bool:
        return self.match.done

    def returns(self) -> list[float]:
        return list(self.match.rewards())

    def __str__(self) -> str:
        game = self.match.game
        return game.render(game.view(self.match.state, None))


class Recall:
    """What each seat has seen from the deal to one state: a link per real state, each with the
    one before it, and each seat's digest of its views so far, made when first asked for.
    Immutable in what it says (the digests are a cache), so clones share it."""

    __slots__ = ("before", "digests", "state")

    def __init__(self, state: GameState, before: Recall | None) -> None:
        self.state = state
        self.before = before
        self.digests: dict[int, str] = {}

    @classmethod
    def of(cls, state: GameState) -> Recall:
        """The recall of a state just dealt."""
        return cls(state, None)

    def after(self, state: GameState) -> Recall:
        """The recall once a move has led to `state`."""
        return Recall(state, self)

    def digest(self, game: Game, seat: int) -> str:
        """A digest of `seat`'s views of every state from the deal to this one."""
        known = self.digests.get(seat)
        if known is None:
            pending: list[Recall] = []
            link: Recall | None = self
            while link is not None and seat not in link.digests:
                pending.append(link)
                link = link.before
            known = "" if link is None else link.digests[seat]
            for link in reversed(pending):
                view = encode_value(game.view(link.state, seat))
                known = hashlib.blake2b(f"{known}|{view}".encode(), digest_size=16).hexdigest()
                link.digests[seat] = known
        return known

    def __deepcopy__(self, memo: dict[int, object]) -> Recall:
        """Shared by clones (as the match is)."""
        return self


class ParlourObserver:
    """Fills `tensor` with a player's observation vector (OpenSpiel's Python observer); with
    `recall`, its string is the player's information state rather than its current view."""

    def __init__(self, size: int, *, recall: bool = False) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.recall = recall

    def set_from(self, state: ParlourState, player: int) -> None:
        self.tensor[:] = state.match.observe(player)

    def string_from(self, state: ParlourState, player: int) -> str:
        if self.recall:
            return state.information_state(player)
        game = state.match.game
        return game.render(game.view(state.match.state, player))
