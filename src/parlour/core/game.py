"""The game protocol: what every game module provides, and the `GameSpec` record that lists it.

A game *is* its functions. Each game module defines `Options`, `State`, its move classes and the
verbs of DESIGN.md, then describes itself in one `GAME: Final = GameSpec(...)` record. Generic
code (the registry, bots, the CLI, the property suite) works only through such records.

The cross-cutting part of `apply` (refusing moves on views and after the end, checking legality,
naming the broken rule) lives here once, in `checked_apply`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Generic, Protocol, TypeVar, cast

import attrs

from parlour.core.errors import GameOver, IllegalMove
from parlour.core.events import Event
from parlour.core.rng import Rng
from parlour.core.values import builder, cached_setter, evolver
from parlour.core.zones import CardAllowed, Piece, Zone

__all__ = [
    "Game",
    "GameMove",
    "GameOptions",
    "GameSpec",
    "GameState",
    "LegalMoves",
    "NewGame",
    "ParseMove",
    "builder",
    "cached_setter",
    "evolver",
    "checked_apply",
    "moves_for",
    "seat_moves",
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

    @property
    def viewer(self) -> int | None:
        """In a view, the seat it was made for (None: a spectator); None in a real state."""


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


S_contra = TypeVar("S_contra", bound=GameState, contravariant=True)
M_co = TypeVar("M_co", bound=GameMove, covariant=True)


class LegalMoves(Protocol[S_contra, M_co]):
    """`legal_moves(state, player=None)`: every seat's moves, or only `player`'s."""

    def __call__(self, state: S_contra, player: int | None = None, /) -> tuple[M_co, ...]: ...


class ParseMove(Protocol[S_contra, M_co]):
    """`parse_move(state, text, player=None)`: the legal move the text names (of `player` only)."""

    def __call__(self, state: S_contra, text: str, player: int | None = None, /) -> M_co: ...


def _all_seats(options: object) -> tuple[int, ...] | None:
    return None


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
    low_score_wins: bool = False
    """True where a lower score is the better one (Hearts, the golf and domino games): bots,
    tournaments and analytics read a seat's standing from `scores` in this direction."""
    hidden_information: bool = True
    chance: bool = True
    max_plies: int = 10_000
    """An upper bound on the moves of a whole game with default options, for playout tests."""
    quick: O | None = None
    """Options for a short match (a low target, few hands) that the generic sweeps play; the
    scenario tests cover the full match rules. None: the defaults are short enough."""
    players_for: Callable[[O], tuple[int, ...] | None] = _all_seats
    """The player counts a set of options allows (a preset may allow more than the defaults);
    None means `players`."""
    zones: tuple[Zone, ...] = ()
    """Where the cards lie and who sees them (see `parlour.core.zones`); empty for games with
    no cards or tiles."""

    new_game: NewGame[S, O]
    legal_moves: LegalMoves[S, M]
    apply: Callable[[S, M], S]
    to_act: Callable[[S], frozenset[int]]
    is_over: Callable[[S], bool]
    scores: Callable[[S], tuple[int, ...]]
    winners: Callable[[S], frozenset[int]]
    view: Callable[[S, int | None], S]
    parse_move: ParseMove[S, M]
    check_invariants: Callable[[S], None]
    """Raises ValueError if the state breaks a law of the game (conservation, seat ranges...).
    Also accepts views. Run on every state decoded from JSON."""
    shuffle_unseen: Callable[[S, int | None, int], S]
    """A state that differs from the given one only in what the seat (None: a spectator) cannot
    see, rearranged from the given seed; the no-leak property compares the views of both."""
    determinize: Callable[[S, Sequence[Piece], int, CardAllowed | None], S] | None = None
    """`determinize(view, pack, seed, allowed)`: a real state the view could have come from, for
    games whose views hide more than the cards of their zones (Sticks' face-down sticks) or
    whose hidden cards obey a law beyond their places (Old Maid's hands hold no pair). None:
    `parlour.core.zones.zone_determinize` over `zones` does it (see `parlour.bots.determinize`)."""
    render: Callable[[S], str] = _describe_fallback
    """A plain-text picture of a state or view, for the terminal frontend and golden files."""
    playout: Callable[[S, tuple[M, ...], Random], M] | None = None
    """`playout(state, moves, random)`: a cheap, sound move among `moves` (the legal moves of the
    seat to act in a real state), which search bots play in their playouts instead of a uniformly
    random one (see `parlour.bots.ismcts`). None: playouts stay uniform."""
    evaluate: Callable[[S], tuple[float, ...]] | None = None
    """`evaluate(state)`: per seat, what a real state in mid-hand is worth beyond its `scores`,
    in the same points and direction (Gin Rummy: minus each hand's least deadwood), so search
    bots may stop a playout early and score it (see `parlour.bots.ismcts`). None: playouts run
    to the hand's end."""
    playout_to_end: bool = False
    """True: search bots play each playout on to the end of the game, not of the hand (Farkle,
    whose "hand" is one round of turns and whose short match is a few dozen moves, where what a
    bank is worth depends on the other scores)."""


    def allowed_players(self, options: O) -> tuple[int, ...]:
        """The player counts `options` allows."""
        return self.players_for(options) or self.players


if not hasattr(GameSpec, "__parameters__"):
    # The compiled build (README, "Compiled build"): mypyc creates a decorated class from its
    # real bases only, so `Generic` is gone; give back what `GameSpec[...]` needs, unchanged.
    setattr(GameSpec, "__parameters__", (S, M, O))
    setattr(GameSpec, "__class_getitem__", vars(Generic)["__class_getitem__"])

Game = GameSpec[GameState, GameMove, GameOptions]
"""A registered game seen through the generic protocol (see `parlour.game`)."""


def seat_moves(state: S, compute: Callable[[S, int | None], tuple[M, ...]]) -> tuple[M, ...]:
    """What a State's cached `legal` holds: every seat's moves in a real state
    (`compute(state, None)`), the viewer's alone in a view (`compute(state, viewer)`), and none
    in a spectator's view."""
    if state.rng is not None:
        return compute(state, None)
    viewer = state.viewer
    return () if viewer is None else compute(state, viewer)


def moves_for(state: GameState, player: object, players: int, legal: tuple[M, ...]) -> tuple[M, ...]:
    """`legal_moves(state, player)` from the state's cached `legal`, the same in every game.

    On a real state, `legal` holds every seat's moves and `player` picks one seat's. A view's
    `legal` holds its viewer's moves only (a spectator's view has none), so asking a view for
    another seat's moves is refused: the view cannot know them.
    """
    if player is None:
        return legal
    if type(player) is not int or not 0 <= player < players:
        raise ValueError(f"player must be a seat 0..{players - 1} or None, not {player!r}")
    if state.rng is None:
        if player != state.viewer:
            who = "a spectator" if state.viewer is None else f"seat {state.viewer}"
            raise ValueError(f"this is the view of {who}: it shows only its own moves, not seat {player}'s")
        return legal
    return tuple(m for m in legal if m.player == player)


def checked_apply(
    state: S,
    move: object,
    legal: tuple[M, ...],
    *,
    explain: Callable[[S, M], str],
    unchecked: Callable[[S, M], S],
    move_types: Sequence[type] = (),
) -> S:
    """Applies a move after the checks every game shares.

    A move object that `legal_moves` handed out goes straight through. Otherwise this refuses
    views (their hidden parts are placeholders), moves after the end (`GameOver`), anything that
    is not one of the game's `move_types` (another game's move, an Options value, text), moves
    not in `legal` (`IllegalMove`, with the game's own reason from `explain`), and a move equal
    to a legal one only by loose comparison (a seat of `True` or `1.0`, which equals 1).
    """
    if state.rng is None:
        raise ValueError("cannot apply a move to a view: its hidden information is redacted")
    for candidate in legal:
        if candidate is move:
            return unchecked(state, candidate)
    if isinstance(move, str):
        raise IllegalMove(f"{move!r} is text: read it with parse_move(state, text) first")
    if move_types and type(move) not in move_types:
        names = ", ".join(t.__name__ for t in move_types)
        raise IllegalMove(f"{type(move).__name__} is not a move of this game (its moves: {names})")
    if not legal:
        raise GameOver(f"the game is over; {move} cannot be played")
    if move not in legal:
        raise IllegalMove(f"{move}: {explain(state, cast(M, move))}")  # of a move type: a move
    same = legal[legal.index(move)]
    if not _exactly(move, same):
        raise IllegalMove(f"{move!r} matches the legal {same!r} only loosely: its values have other types")
    return unchecked(state, same)


def _exactly(a: object, b: object) -> bool:
    """Equal values of the same types all the way down (True is not 1; 1.0 is not 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        assert isinstance(b, tuple)
        return len(a) == len(b) and all(_exactly(x, y) for x, y in zip(a, b))
    if isinstance(a, frozenset):
        assert isinstance(b, frozenset)
        return a == b and all(any(_exactly(x, y) for y in b) for x in a)
    if attrs.has(type(a)):
        return all(_exactly(getattr(a, f.name), getattr(b, f.name)) for f in _fields_of(a))
    return bool(a == b)


def _fields_of(value: object) -> tuple[attrs.Attribute[object], ...]:
    """The attrs fields of an attrs instance."""
    cls: type = type(value)
    return tuple(attrs.fields(cls))


def require_options(game: str, options: object, cls: type[O]) -> O:
    """`options`, or the defaults of `cls` for None; a ValueError for a value of another type."""
    if options is None:
        return cls()
    if not isinstance(options, cls):
        module = type(options).__module__
        owner = module.split(".")[2] if module.startswith("parlour.games.") else None
        theirs = f"{owner}.{type(options).__name__} (the options of {owner})" if owner else type(options).__name__
        raise ValueError(f"options must be {game}.{cls.__name__}, not {theirs}")
    return options


def require_players(game: str, players: object, allowed: tuple[int, ...], usual: int) -> int:
    """The player count to use, or a ValueError naming the counts the rules allow."""
    if players is None:
        return usual
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        counts = ", ".join(map(str, allowed))
        raise ValueError(f"{game} is played by {counts} players, not {players!r}")
    return players
