"""Game records: a whole game written down as its setup and its moves (the PGN of parlour).

A `Record` holds everything it takes to play a game again, move for move, and nothing more: the
game's name, its options in their text form (``passing=left,moon=add``), the number of players,
the seed, any fixed chance the game was started with (a ``deck`` as card texts, ``rolls`` as die
faces or ``tiles`` as domino texts) and the first dealer, then the moves in the game's own
notation, each with the seat that made it (``"2: pass 10C"``) so that replaying is never in
doubt about whose move a text is. Every part is plain text or a number, so a record file reads
well, diffs well and can be written by hand.

A record is built as the game goes, then replayed to the same final state:

>>> import parlour
>>> record = Record.start("farkle", seed=4, rolls=[1, 1, 1, 5, 2, 3])
>>> farkle = record.spec
>>> state = record.replay()
>>> for text in ("roll", "hold 1 1 1 5", "bank"):
...     move = farkle.parse_move(state, text, 0)
...     record, state = record.plus(state, move), farkle.apply(state, move)
>>> record.moves
('0: roll', '0: hold 1 1 1 5', '0: bank')
>>> farkle.scores(record.replay())
(1050, 0)
>>> Record.from_json(record.to_json()) == record
True

`Record.from_json` checks the text strictly (shape, types and sizes) and replays the moves, so a
record that does not replay is refused with a ValueError naming the ply and the move.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Any, Final, TypeGuard, cast

import attrs

from parlour.core.cards import Card
from parlour.core.dominoes import Tile
from parlour.core.errors import NotationError
from parlour.core.game import Game, GameMove, GameOptions, GameSpec, GameState, builder
from parlour.core.notation import split_seat
from parlour.core.options import options_text, parse_options
from parlour.core.registry import game as registered_game
from parlour.core.registry import game_names
from parlour.core.rng import MAX_SEED, fresh_seed
from parlour.core.values import raw_field

__all__ = ["FIXED_CHANCE", "MAX_MOVES", "Record"]

FIXED_CHANCE: Final = ("deck", "rolls", "tiles")
"""The `new_game` keywords of fixed chance a record can hold; a game takes at most one."""
MAX_MOVES: Final = 200_000
"""No record holds more moves (the longest games in the library take a few thousand)."""
MAX_MOVE_TEXT: Final = 300
"""The longest move text a record accepts (a Gin spread of ten cards is under 60)."""
MAX_FIXED: Final = 10_000
"""The most cards, tiles or die faces a record's fixed chance may hold."""
MAX_OPTIONS_TEXT: Final = 2_000
MAX_JSON_TEXT: Final = 20_000_000
"""Longer JSON text is refused before it is parsed."""
FORMAT_VERSION: Final = 1
_KEYS: Final = ("parlour", "kind", "game", "options", "players", "seed", "dealer", *FIXED_CHANCE, "moves")
_REQUIRED: Final = frozenset({"parlour", "kind", "game", "players", "seed", "moves"})


def _is_int(value: object) -> TypeGuard[int]:
    return type(value) is int


def _check_texts(name: str, values: object, limit: int, item_limit: int) -> None:
    if not isinstance(values, tuple):
        raise ValueError(f"record {name} must be a tuple of texts, not {type(values).__name__}")
    if len(values) > limit:
        raise ValueError(f"record {name} holds {len(values)} items; at most {limit} are allowed")
    for index, value in enumerate(values):
        if not isinstance(value, str):
            raise ValueError(f"record {name}[{index}] must be text, not {value!r}")
        if len(value) > item_limit:
            raise ValueError(f"record {name}[{index}] is {len(value)} characters long; at most {item_limit}")


@cache
def _new_game_keywords(name: str) -> frozenset[str]:
    """The keywords of the named game's `new_game` (so a record knows which chance it fixes)."""
    return frozenset(inspect.signature(registered_game(name).new_game).parameters)


def _options_inner(name: str, options: GameOptions) -> str:
    """``passing=left,moon=add`` for ``hearts(passing=left,moon=add)``; "" for the defaults."""
    text = options_text(name, options)
    return text[len(name) + 1 : -1] if text != name else ""


@attrs.frozen(kw_only=True)
class Record:
    """One game as its setup and its moves in notation; replays to the same final state.

    Build one with `Record.start` and `plus`, or read one with `from_json`. Constructing a
    record checks the shape of every field; replaying it (`replay`, `states`) checks the moves.
    The `seed` is that of the game's random source: what chance is not fixed comes from it.
    """

    game: str
    """The registry name of the game (``hearts``)."""
    players: int
    """The number of players."""
    seed: int  # see the class docstring
    options: str = ""
    """The options that differ from the defaults, as text (``passing=left,moon=add``)."""
    dealer: int | None = None
    """The first dealer, when the game was started with ``dealer=``."""
    deck: tuple[str, ...] | None = None
    """The fixed deck (top card first), when the game was started with ``deck=``."""
    rolls: tuple[int, ...] | None = None
    """The fixed die faces to come, when the game was started with ``rolls=``."""
    tiles: tuple[str, ...] | None = None
    """The fixed boneyard, when the game was started with ``tiles=``."""
    moves: tuple[str, ...] = ()
    """The moves in order, each ``"<seat>: <notation>"``."""

    def __attrs_post_init__(self) -> None:
        # The fields as given (untrusted input may hold anything), read unchecked in either build.
        game, options, players, seed, dealer, rolls = (
            raw_field(self, name) for name in ("game", "options", "players", "seed", "dealer", "rolls")
        )
        if not isinstance(game, str) or game not in game_names():
            raise ValueError(f"record game {game!r} is not a registered game ({', '.join(game_names())})")
        if not isinstance(options, str) or len(options) > MAX_OPTIONS_TEXT:
            raise ValueError(f"record options must be text of at most {MAX_OPTIONS_TEXT} characters")
        if not _is_int(players) or not 1 <= players <= 100:
            raise ValueError(f"record players must be a whole number of players, not {players!r}")
        if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"record seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
        if dealer is not None and (not _is_int(dealer) or not 0 <= dealer < players):
            raise ValueError(f"record dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
        fixed = [name for name in FIXED_CHANCE if getattr(self, name) is not None]
        if len(fixed) > 1:
            raise ValueError(f"a record fixes at most one kind of chance, not {' and '.join(fixed)}")
        keywords = _new_game_keywords(game)
        for name in fixed + (["dealer"] if dealer is not None else []):
            if name not in keywords:
                raise ValueError(f"{game} takes no {name}= (its new_game takes: {', '.join(sorted(keywords))})")
        for name in ("deck", "tiles"):
            values = getattr(self, name)
            if values is not None:
                _check_texts(name, values, MAX_FIXED, 8)
        if rolls is not None:
            if not isinstance(rolls, tuple) or len(rolls) > MAX_FIXED:
                raise ValueError(f"record rolls must be a tuple of at most {MAX_FIXED} die faces")
            for index, face in enumerate(rolls):
                if not _is_int(face) or not 0 <= face <= 1000:
                    raise ValueError(f"record rolls[{index}] must be a die face, not {face!r}")
        _check_texts("moves", raw_field(self, "moves"), MAX_MOVES, MAX_MOVE_TEXT)
        for ply, text in enumerate(self.moves, 1):
            try:
                seat, _ = split_seat(text)
            except NotationError as exc:
                raise ValueError(f"ply {ply}, {text!r}: {exc}") from None
            if seat is None:
                raise ValueError(f"ply {ply}, {text!r}: a recorded move starts with its seat, as in '2: pass 10C'")
            if not 0 <= seat < self.players:
                raise ValueError(f"ply {ply}, {text!r}: seat {seat} is not a seat of {self.players} players")

    # --- building ----------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        game: str | Game,
        players: int | None = None,
        *,
        seed: int | None = None,
        options: GameOptions | None = None,
        deck: Sequence[Card | str] | None = None,
        rolls: Sequence[int] | None = None,
        tiles: Sequence[Tile | str] | None = None,
        dealer: int | None = None,
    ) -> Record:
        """The record of a new game with no moves yet; `replay()` gives its first state.

        Takes what `new_game` takes (a seed is drawn when none is given, and stored); the game
        itself checks every value, so anything `new_game` refuses is refused here, as is fixed
        chance of a kind the game does not take. The options must read back from their text.
        """
        name = game.name if isinstance(game, GameSpec) else game
        spec = registered_game(name)
        chosen = fresh_seed() if seed is None else seed
        fixed: dict[str, object] = {}
        keywords = _new_game_keywords(name)
        for key, given in (("deck", deck), ("rolls", rolls), ("tiles", tiles), ("dealer", dealer)):
            if given is not None:
                if key not in keywords:
                    raise ValueError(f"{name} takes no {key}= (its new_game takes: {', '.join(sorted(keywords))})")
                fixed[key] = given
        new_game = cast(Callable[..., GameState], spec.new_game)
        state = new_game(players, seed=chosen, options=options, **fixed)
        value = spec.options_type() if options is None else options
        inner = _options_inner(name, value)
        if parse_options(spec.options_type, f"{name}({inner})")[1] != value:
            raise ValueError(f"the options {options_text(name, value)} do not read back from their text")
        return cls(
            game=name,
            players=len(spec.scores(state)),
            seed=chosen,
            options=inner,
            dealer=dealer,
            deck=None if deck is None else tuple(str(c if isinstance(c, Card) else Card.parse(c)) for c in deck),
            rolls=None if rolls is None else tuple(rolls),
            tiles=None if tiles is None else tuple(str(t if isinstance(t, Tile) else Tile.parse(t)) for t in tiles),
        )

    def plus(self, state: GameState, move: GameMove | str) -> Record:
        """This record with one more move: `move` (a move or its text) made in `state`.

        `state` is the position the record has reached (its `replay()`); the move must be
        legal there and its notation must read back as the same move, so the record replays.
        Apply the move yourself: ``record, state = record.plus(state, m), game.apply(state, m)``.
        """
        spec = self.spec
        if type(state) is not spec.state_type:
            raise ValueError(f"the state is a {type(state).__name__}, not a {self.game} state")
        if state.rng is None:
            raise ValueError("a record follows the real state, not a view")
        if isinstance(move, str):
            seat, body = split_seat(move)
            move = spec.parse_move(state, body, seat)
        if not _is_int(move.player):
            raise ValueError(f"{move!r} has no whole-number seat")
        if move not in spec.legal_moves(state, move.player):
            spec.apply(state, move)  # raises IllegalMove with the rule the move breaks
            raise ValueError(f"{move!r} is not one of the legal moves")
        text = f"{move.player}: {move}"
        try:
            back = spec.parse_move(state, str(move), move.player)
        except NotationError as exc:
            raise ValueError(f"{text!r} does not read back as a move: {exc}") from None
        if back != move:
            raise ValueError(f"{text!r} reads back as {back!r}, another move")
        if len(self.moves) >= MAX_MOVES:
            raise ValueError(f"a record holds at most {MAX_MOVES} moves")
        if len(text) > MAX_MOVE_TEXT:
            raise ValueError(f"{text!r} is longer than the {MAX_MOVE_TEXT} characters a recorded move may have")
        # Every other field is unchanged and the new move was checked above, so the record is
        # built without checking its earlier moves again (which would make a game's record cost
        # time quadratic in its length).
        moves = (*self.moves, text)
        return _build_record(*(moves if f.name == "moves" else getattr(self, f.name) for f in attrs.fields(Record)))

    # --- replaying ---------------------------------------------------------------------------

    @property
    def spec(self) -> Game:
        """The registered game the record is of."""
        return registered_game(self.game)

    def options_value(self) -> GameOptions:
        """The game's options value that the `options` text stands for."""
        spec = self.spec
        try:
            return parse_options(spec.options_type, f"{self.game}({self.options})")[1]
        except ValueError as exc:
            raise ValueError(f"record options {self.options!r}: {exc}") from None

    def options_text(self) -> str:
        """The game with its options, as ``hearts(passing=left)`` (or just ``hearts``)."""
        return f"{self.game}({self.options})" if self.options else self.game

    def new_game(self) -> GameState:
        """The first state, before any move."""
        fixed: dict[str, object] = {
            key: getattr(self, key) for key in (*FIXED_CHANCE, "dealer") if getattr(self, key) is not None
        }
        new_game = cast(Callable[..., GameState], self.spec.new_game)
        try:
            return new_game(self.players, seed=self.seed, options=self.options_value(), **fixed)
        except ValueError as exc:
            raise ValueError(f"the record's game cannot start: {exc}") from None

    def states(self) -> Iterator[GameState]:
        """The first state, then the state after each move in turn.

        ValueError naming the ply (counted from 1) and the move when a move does not read as a
        legal move of its seat in the position it was made in.
        """
        spec = self.spec
        state = self.new_game()
        yield state
        for ply, text in enumerate(self.moves, 1):
            seat, body = split_seat(text)
            try:
                state = spec.apply(state, spec.parse_move(state, body, seat))
            except ValueError as exc:
                raise ValueError(f"ply {ply}, {text!r}, does not replay: {exc}") from None
            yield state

    def replay(self) -> GameState:
        """The state after the last move (the first state for a record with no moves)."""
        state: GameState | None = None
        for state in self.states():
            pass
        assert state is not None
        return state

    # --- JSON --------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The record as JSON text, one move a line (`from_json` reads it back)."""
        head: dict[str, object] = {
            "parlour": FORMAT_VERSION,
            "kind": "record",
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "seed": self.seed,
        }
        for key in ("dealer", *FIXED_CHANCE):
            value = getattr(self, key)
            if value is not None:
                head[key] = list(value) if isinstance(value, tuple) else value
        lines = [f"  {json.dumps(key)}: {json.dumps(value)}," for key, value in head.items()]
        moves = ",\n".join(f"    {json.dumps(text)}" for text in self.moves)
        lines.append('  "moves": [' + (f"\n{moves}\n  ]" if moves else "]"))
        return "{\n" + "\n".join(lines) + "\n}\n"

    @classmethod
    def from_json(cls, text: object) -> Record:
        """Reads a record written by `to_json`, checking it strictly and replaying its moves.

        ValueError with a clear message for text that is not JSON, a shape or type that is not
        a record's, values out of range, sizes over the caps, and moves that do not replay.
        """
        if not isinstance(text, str):
            raise ValueError(f"a record is read from JSON text, not {type(text).__name__}")
        if len(text) > MAX_JSON_TEXT:
            raise ValueError(f"record text is {len(text)} characters long; at most {MAX_JSON_TEXT} are read")
        try:
            data = json.loads(text)
        except RecursionError:
            raise ValueError("record text is nested too deeply to be a record") from None
        except ValueError as exc:
            raise ValueError(f"record text is not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise ValueError(f"a record is a JSON object, not {type(data).__name__}")
        unknown = sorted(set(data) - set(_KEYS))
        if unknown:
            raise ValueError(f"a record has no field {unknown[0]!r} (fields: {', '.join(_KEYS)})")
        missing = sorted(_REQUIRED - set(data))
        if missing:
            raise ValueError(f"the record lacks the field {missing[0]!r}")
        if data["parlour"] != FORMAT_VERSION or type(data["parlour"]) is not int:
            raise ValueError(f"record format {data['parlour']!r} is not {FORMAT_VERSION}")
        if data["kind"] != "record":
            raise ValueError(f"this parlour JSON holds a {data['kind']!r}, not a record")
        lists: dict[str, tuple[object, ...] | None] = {}
        for key in (*FIXED_CHANCE, "moves"):
            value = data.get(key)
            if value is None and key != "moves":
                lists[key] = None
            elif isinstance(value, list):
                lists[key] = tuple(value)
            else:
                raise ValueError(f"record {key} must be a list, not {type(value).__name__}")
        # Every field's type and range is checked when the record is constructed.
        # (Passed on untyped: a compiled build would check a cast, with TypeError.)
        given: dict[str, Any] = {key: data.get(key) for key in ("game", "players", "seed", "dealer")}
        given.update(lists, options=data.get("options", ""))
        record = cls(**given)
        record.replay()
        return record


_build_record: Final = builder(Record)
