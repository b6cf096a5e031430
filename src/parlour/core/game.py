"""The game protocol: what every game module provides, and the `GameSpec` record that lists it.

A game *is* its functions. Each game module defines `Options`, `State`, its move classes and the
verbs of DESIGN.md, then describes itself in one `GAME: Final = GameSpec(...)` record. Generic
code (the registry, bots, the CLI, the property suite) works only through such records.

The cross-cutting part of `apply` (refusing moves on views and after the end, checking legality,
naming the broken rule) lives here once, in `checked_apply`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

import attrs

from parlour.core.errors import GameOver, IllegalMove
from parlour.core.events import Event
from parlour.core.rng import Rng

__all__ = [
    "Game",
    "GameMove",
    "GameOptions",
    "GameSpec",
    "GameState",
    "NewGame",
    "checked_apply",
    "require_options",
    "require_players",
]


class GameState(Protocol):
    """What generic code may rely on in any game's `State` (and in its views)."""

    @property
    def hand(self) -> int:
        """The number of the current deal, round, hole or turn cycle, from 1."""

    @property
    def events(self) -> tuple[Event, ...]:
        """What the move that produced this state caused, in order."""

    @property
    def rng(self) -> Rng | None:
        """The random source; None in a view, where the future is hidden."""


class GameMove(Protocol):
    """What generic code may rely on in any game's moves: the seat making it, and `str()`."""

    @property
    def player(self) -> int:
        """The seat that makes the move."""


class GameOptions(Protocol):
    """Any game's `Options` (a frozen attrs class with documented defaults)."""


S = TypeVar("S", bound=GameState)
M = TypeVar("M", bound=GameMove)
O = TypeVar("O", bound=GameOptions)
S_co = TypeVar("S_co", bound=GameState, covariant=True)
O_contra = TypeVar("O_contra", bound=GameOptions, contravariant=True)


class NewGame(Protocol[S_co, O_contra]):
    """The generic part of every `new_game` (fixed chance such as `deck=` is per game)."""

    def __call__(
        self,
        players: int | None = None,
        *,
        seed: int | None = None,
        options: O_contra | None = None,
    ) -> S_co: ...


def _describe_fallback(state: object) -> str:
    from parlour.core.text import describe

    return describe(state)


@attrs.frozen(kw_only=True)
class GameSpec(Generic[S, M, O]):
    """One game's registration record: its names, its types and its functions."""

    name: str
    """The registry id, equal to the module name (``hearts``)."""
    title: str
    """The game's usual name (``Hearts``)."""
    family: str
    """tricks, rummy, shedding, matching, draw-discard, counting, dice, dominoes, board, solitaire."""
    summary: str
    """One sentence for the games index."""
    players: tuple[int, ...]
    """The player counts the default options allow."""
    default_players: int
    options_type: type[O]
    state_type: type[S]
    move_types: tuple[type[M], ...]
    presets: tuple[tuple[str, O], ...] = ()
    """Named rule sets from the seed texts, e.g. ``("hoyle", Options.hoyle())``."""
    hidden_information: bool = True
    chance: bool = True
    max_plies: int = 10_000
    """An upper bound on the moves of a whole game with default options, for playout tests."""

    new_game: NewGame[S, O]
    legal_moves: Callable[[S], tuple[M, ...]]
    apply: Callable[[S, M], S]
    to_act: Callable[[S], frozenset[int]]
    is_over: Callable[[S], bool]
    scores: Callable[[S], tuple[int, ...]]
    winners: Callable[[S], frozenset[int]]
    view: Callable[[S, int | None], S]
    parse_move: Callable[[S, str], M]
    check_invariants: Callable[[S], None]
    """Raises ValueError if the state breaks a law of the game (conservation, seat ranges...).
    Also accepts views. Run on every state decoded from JSON."""
    shuffle_unseen: Callable[[S, int | None, int], S]
    """A state that differs from the given one only in what the seat (None: a spectator) cannot
    see, rearranged from the given seed; the no-leak property compares the views of both."""
    render: Callable[[S], str] = _describe_fallback
    """A plain-text picture of a state or view, for the terminal frontend and golden files."""


Game = GameSpec[GameState, GameMove, GameOptions]
"""A registered game seen through the generic protocol (see `parlour.game`)."""


def checked_apply(
    state: S,
    move: M,
    legal: tuple[M, ...],
    *,
    explain: Callable[[S, M], str],
    unchecked: Callable[[S, M], S],
) -> S:
    """Applies a move after the checks every game shares.

    Refuses views (their hidden parts are placeholders), moves after the end (`GameOver`) and
    moves not in `legal` (`IllegalMove`, with the game's own reason from `explain`).
    """
    if state.rng is None:
        raise ValueError("cannot apply a move to a view: its hidden information is redacted")
    if not legal:
        raise GameOver(f"the game is over; {move} cannot be played")
    if isinstance(move, str):
        raise IllegalMove(f"{move!r} is text: read it with parse_move(state, text) first")
    if move not in legal:
        raise IllegalMove(f"{move}: {explain(state, move)}")
    return unchecked(state, move)


def require_options(game: str, options: object, cls: type[O]) -> O:
    """`options`, or the defaults of `cls` for None; a ValueError for a value of another type."""
    if options is None:
        return cls()
    if not isinstance(options, cls):
        raise ValueError(f"options must be {game}.{cls.__name__}, not {type(options).__name__}")
    return options


def require_players(game: str, players: int | None, allowed: tuple[int, ...], usual: int) -> int:
    """The player count to use, or a ValueError naming the counts the rules allow."""
    if players is None:
        return usual
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        counts = ", ".join(map(str, allowed))
        raise ValueError(f"{game} is played by {counts} players, not {players!r}")
    return players
