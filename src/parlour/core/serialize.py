"""JSON for states, views, moves and options, with strict validation of what comes back in.

The JSON form is driven by the classes' type annotations, so no game writes serialization code:

    {"parlour": 1, "game": "hearts", "kind": "state", "value": {"type": "State", ...}}

Cards are their notation ("QS", "??" for a hidden card), enums their member names, tuples and
frozensets lists, attrs values objects tagged with their class name.

Reading back treats the text as hostile (a game server receives it from anyone). Every refusal
is a ValueError naming the path of the bad value, and the cost of a refusal is bounded before
any work proportional to the input is done:

- Size. Text longer than `MAX_TEXT` is refused before it is parsed (the largest state or view
  of the five first games with its events is under 10 kB). Numbers with more digits than
  `MAX_INT` has are refused while parsing, as are NaN, Infinity and an object naming a key
  twice (which other readers may take differently). Nesting deeper than `MAX_DEPTH` is
  refused.
- Budget. Each game's bounds (`Limits`) come from fresh games of its own options (the defaults,
  presets and short-match options for a bare move or options value): the most seats, the pack
  (every card and how often it occurs) and a budget of JSON values for one decode, a multiple
  of the largest fresh state. A list is measured before its items are read: a list of cards
  is no longer than the pack, a by-seat zone (`GameSpec.zones`) no longer than the most seats,
  a state's events no more than one move causes (`Limits.events`), and no list longer than
  what is left of the budget.
- Values. Ints lie within +-`MAX_INT` (bools are not ints, floats never fit); strings are
  printable and at most `MAX_STRING` characters; a random source passes `Rng.check`; a state's
  `hand` is 1..`MAX_HAND`, its `viewer` a seat or None; every move's `player` is a seat.
- Events are validated, not dropped or rebuilt: a forged event is a forged state, and silently
  repairing it would hand every seat a history nobody sent. Each event's `player` is a seat of
  the state, its label a short printable string, its numbers few and bounded, and it lists no
  card more often than the pack holds it. A state with a random source (not a view) has no
  hidden card anywhere, events included; a view shows no face of another seat's private event.
- Consistency. Only the classes the named game registered are read, and every state goes
  through the game's own `check_invariants`, so no decoded state is one the game could trip
  over.
"""

from __future__ import annotations

import enum
import json
import types
import typing
from collections import Counter
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Final, Literal, Union

import attrs

from parlour.core.cards import HIDDEN, Card, card_from_text
from parlour.core.events import Event
from parlour.core.game import GameState
from parlour.core.options import type_hints
from parlour.core.rng import Rng
from parlour.core.zones import Zone, zone_cards

__all__ = [
    "FORMAT_VERSION",
    "MAX_DEPTH",
    "MAX_HAND",
    "MAX_INT",
    "MAX_STRING",
    "MAX_TEXT",
    "Limits",
    "decode_value",
    "encode_value",
    "from_json",
    "game_limits",
    "to_json",
]

FORMAT_VERSION: Final = 1
_KINDS: Final = ("state", "options", "move")

MAX_TEXT: Final = 1_000_000
"""The longest JSON text `from_json` reads, in characters (or bytes): a hundred times the
largest real state with its events, and refused before any parsing."""
MAX_INT: Final = 2**53
"""The largest magnitude of any int in decoded JSON (scores, totals, die faces, seeds are
checked more tightly by `Rng.check`)."""
MAX_HAND: Final = 2**32
"""The largest hand number of a decoded state (more deals than any match plays)."""
MAX_DEPTH: Final = 24
"""The deepest nesting of JSON values read; no game's annotations come near it."""
MAX_STRING: Final = 120
"""The longest string in decoded JSON (an event label: a title, a contract, a short note)."""
MAX_EVENT_NUMBERS: Final = 16
"""An event holds at most this many numbers beyond one per seat (dice faces, a value)."""
MAX_EVENTS: Final = 64
"""A state holds at most this many events beyond one per card and four per seat (one move
causes them: a trick collected, a hand scored, the next one dealt)."""
NODE_FLOOR: Final = 10_000
"""The smallest budget of JSON values one decode may read (see `Limits.nodes`)."""
NODE_FACTOR: Final = 20
"""The budget is this many times the values of the game's largest fresh state, or the floor."""
_MAX_DIGITS: Final = len(str(MAX_INT))

JSONValue = Union[None, bool, int, str, list["JSONValue"], dict[str, "JSONValue"]]


def encode_value(value: object) -> JSONValue:
    """The JSON-ready form of one value (see the module docstring)."""
    if isinstance(value, enum.Enum):
        return value.name
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return [encode_value(item) for item in value]
    if isinstance(value, frozenset):
        encoded = [encode_value(item) for item in value]
        return sorted(encoded, key=lambda item: json.dumps(item, sort_keys=True))
    cls = type(value)
    if attrs.has(cls):
        out: dict[str, JSONValue] = {"type": cls.__name__}
        for field in attrs.fields(cls):
            if field.init:
                out[field.name] = encode_value(getattr(value, field.name))
        return out
    raise TypeError(f"cannot write {type(value).__name__} as parlour JSON")


# --- limits ------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Limits:
    """The bounds of what one game's decoded JSON may hold (`game_limits` derives them).

    The defaults are loose bounds for values read without a game (`decode_value` alone).
    """

    seats: int = 64
    """The most seats: every move's and event's `player`, a by-seat field's length."""
    pack: Mapping[Card, int] | None = attrs.field(default=None, hash=False)
    """How often each card occurs in the game's pack; None: not known (no card bounds)."""
    nodes: int = NODE_FLOOR
    """The most JSON values one decode may read (every list, object, string, number...)."""
    by_seat: frozenset[str] = frozenset()
    """State fields indexed by seat (the by-seat zones)."""
    state_type: type | None = None
    """The game's state class, whose `hand` and `viewer` are checked."""
    move_types: tuple[type, ...] = ()
    """The game's move classes, whose `player` must be a seat."""

    @property
    def cards(self) -> int | None:
        """The most cards any list may hold: the size of the pack (None: not known)."""
        return None if self.pack is None else sum(self.pack.values())

    @property
    def events(self) -> int:
        """The most events a state may hold."""
        return MAX_EVENTS + (self.cards or 0) + 4 * self.seats


def _all_cards(value: object) -> list[Card]:
    """Every card in a value, events excepted (a card held in two places counts twice)."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, (tuple, frozenset)):
        return [card for item in value for card in _all_cards(item)]
    cls = type(value)
    if attrs.has(cls) and cls is not Event:
        return [card for f in attrs.fields(cls) if f.name != "events" for card in _all_cards(getattr(value, f.name))]
    return []


def _pack_of(state: object, zones: tuple[Zone, ...]) -> Counter[Card]:
    """The cards of a state: those of its zones, or where it declares none, all it holds (a
    tile game's zones hold no card: its tiles are checked by its own conservation)."""
    if not zones:
        return Counter(_all_cards(state))
    return Counter(piece for piece in zone_cards(state, zones) if isinstance(piece, Card))


def _nodes(data: JSONValue) -> int:
    if isinstance(data, dict):
        return 1 + sum(_nodes(item) for item in data.values())
    if isinstance(data, list):
        return 1 + sum(_nodes(item) for item in data)
    return 1


@lru_cache(maxsize=256)
def game_limits(name: str, options: object = None) -> Limits:
    """The bounds for `name`'s JSON, from fresh games of every player count `options` allows
    (None: of the defaults, every preset and the short-match options together)."""
    from parlour.core.registry import game

    spec = game(name)
    if options is None:
        option_sets = [spec.options_type(), *(o for _, o in spec.presets)]
        option_sets += [] if spec.quick is None else [spec.quick]
    else:
        option_sets = [options]
    pack: Counter[Card] = Counter()
    seats = nodes = 0
    for opts in option_sets:
        for count in spec.allowed_players(opts):
            state = spec.new_game(count, seed=0, options=opts)
            pack |= _pack_of(state, spec.zones)
            seats = max(seats, count)
            nodes = max(nodes, _nodes(encode_value(state)))
    return Limits(
        seats=seats,
        pack=dict(pack),
        nodes=max(NODE_FLOOR, NODE_FACTOR * nodes),
        by_seat=frozenset(zone.field for zone in spec.zones if zone.by_seat),
        state_type=spec.state_type,
        move_types=tuple(spec.move_types),
    )


# --- decoding ----------------------------------------------------------------------------------


@cache
def _hints(cls: type) -> dict[str, object]:
    return type_hints(cls)


def _show(data: object) -> str:
    """A short picture of hostile data for a message (never the whole of a huge value)."""
    if isinstance(data, (dict, list)):
        return f"a {'list' if isinstance(data, list) else 'object'} of {len(data)} items"
    if type(data) is int and not -(10**30) < data < 10**30:
        return f"an int of {data.bit_length()} bits"
    text = repr(data)
    return text if len(text) <= 40 else f"{text[:30]}... ({len(text)} characters)"


class _Fault(ValueError):
    """A refusal on its way out of the decode, collecting its path step by step."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        self.steps: list[str] = []

    def at(self, step: str) -> _Fault:
        self.steps.append(step)
        return self

    def where(self, root: str) -> str:
        return root + "".join(reversed(self.steps))


@attrs.frozen
class _Shape:
    """How values of one annotation are read (worked out once per annotation)."""

    kind: str
    args: tuple[object, ...] = ()
    cards: int | None = None
    """For a list: 0 if its items are cards, 1 if they are lists of cards, else None."""


def _card_items(item: object) -> int | None:
    if item is Card:
        return 0
    origin, args = typing.get_origin(item), typing.get_args(item)
    if origin in (Union, types.UnionType) and Card in args and all(a in (Card, type(None)) for a in args):
        return 0
    if origin in (tuple, frozenset) and args and _card_items(args[0]) == 0:
        return 1
    return None


_SCALARS: Final[dict[object, str]] = {int: "int", bool: "bool", str: "str", Card: "card", type(None): "null", None: "null"}


@cache
def _shape(annotation: object) -> _Shape:
    supertype = getattr(annotation, "__supertype__", None)
    if supertype is not None:
        return _shape(supertype)
    if annotation in _SCALARS:
        return _Shape(_SCALARS[annotation])
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (Union, types.UnionType):
        return _Shape("union", args)
    if origin is Literal:
        return _Shape("literal", args)
    if origin is frozenset or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        return _Shape("set" if origin is frozenset else "list", args[:1], _card_items(args[0]))
    if origin is tuple:
        return _Shape("tuple", args, _card_items(args[0]) if args else None)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return _Shape("enum", (annotation,))
    if isinstance(annotation, type) and attrs.has(annotation):
        return _Shape("attrs", (annotation,))
    return _Shape("unknown", (annotation,))


@cache
def _fields(cls: type) -> tuple[tuple[str, str, object, bool], ...]:
    """(name, keyword, annotation, required) of each field of an attrs class set at init."""
    hints = _hints(cls)
    return tuple(
        (f.name, f.alias or f.name, hints[f.name], f.default is attrs.NOTHING) for f in attrs.fields(cls) if f.init
    )


class _Reader:
    """One decode: the game's limits and what is left of the budget of JSON values."""

    def __init__(self, limits: Limits, known: Mapping[str, object] | None = None) -> None:
        self.limits = limits
        self.left = limits.nodes
        self.cards = limits.cards
        self.known = known or {}
        """State fields already decoded (its options), used instead of reading them again."""

    def read(self, data: object, annotation: object, depth: int = 0) -> object:
        self.left -= 1
        if self.left < 0:
            raise _Fault(f"more than {self.limits.nodes} values: larger than any value of this game")
        if depth > MAX_DEPTH:
            raise _Fault(f"nested more than {MAX_DEPTH} deep")
        shape = _shape(annotation)
        kind = shape.kind
        if kind == "int":
            if type(data) is not int:
                raise _Fault(f"expected int, got {type(data).__name__}")
            if not -MAX_INT <= data <= MAX_INT:
                raise _Fault(f"{_show(data)} is out of range (at most {MAX_INT} in size)")
            return data
        if kind == "card":
            if type(data) is not str or len(data) > 3:
                raise _Fault(f"expected a card such as 'QS', got {_show(data)}")
            try:
                return card_from_text(data)
            except ValueError as exc:
                raise _Fault(str(exc)) from None
        if kind == "list" or kind == "set" or kind == "tuple":
            return self.read_list(data, shape, depth)
        if kind == "attrs":
            return self.read_attrs(data, typing.cast(type, shape.args[0]), depth)
        if kind == "union":
            return self.read_union(data, shape.args, depth)
        if kind == "bool":
            if type(data) is not bool:
                raise _Fault(f"expected bool, got {type(data).__name__}")
            return data
        if kind == "str":
            if type(data) is not str:
                raise _Fault(f"expected str, got {type(data).__name__}")
            if len(data) > MAX_STRING or not data.isprintable():
                raise _Fault(f"{_show(data)} is not short printable text (at most {MAX_STRING} characters)")
            return data
        if kind == "enum":
            members = typing.cast(type[enum.Enum], shape.args[0]).__members__
            if type(data) is not str or data not in members:
                names = ", ".join(list(members)[:6]) + (", ..." if len(members) > 6 else "")
                raise _Fault(f"{_show(data)} is not a {typing.cast(type, shape.args[0]).__name__} ({names})")
            return members[data]
        if kind == "null":
            if data is not None:
                raise _Fault(f"expected null, got {_show(data)}")
            return None
        if kind == "literal":
            if data in shape.args and type(data) in {type(a) for a in shape.args}:
                return data
            raise _Fault(f"{_show(data)} is not one of {shape.args}")
        raise _Fault(f"cannot read values of type {annotation!r}")

    def read_list(self, data: object, shape: _Shape, depth: int) -> object:
        if type(data) is not list:
            raise _Fault(f"expected a list, got {type(data).__name__}")
        self.check_length(data, shape.cards)
        if shape.kind == "tuple":
            if len(data) != len(shape.args):
                raise _Fault(f"expected {len(shape.args)} items, got {len(data)}")
            pairs = zip(data, shape.args)
        else:
            pairs = zip(data, shape.args * len(data))
        items = []
        for i, (item, annotation) in enumerate(pairs):
            try:
                items.append(self.read(item, annotation, depth + 1))
            except _Fault as fault:
                raise fault.at(f"[{i}]") from None
        if shape.kind != "set":
            return tuple(items)
        result = frozenset(items)
        if len(result) != len(items):
            raise _Fault("a set lists an item twice")
        return result

    def check_length(self, data: list[object], cards: int | None, seats: int | None = None) -> None:
        """Refuses a list longer than its items may be, before any item is read."""
        size = len(data)
        if seats is not None and size > seats:
            raise _Fault(f"a list of {size} items, but only {seats} seats")
        if self.cards is not None and cards is not None:
            most = self.cards if cards == 0 else max(self.cards, self.limits.seats)
            if size > most:
                raise _Fault(f"a list of {size} items, but only {most} cards in the pack")
        if size > self.left:
            raise _Fault(f"a list of {size} items, but only {self.left} values are left of this game's budget")

    def check_state_field(self, name: str, items: list[object]) -> None:
        """Refuses a by-seat field longer than the most seats, and more events than a move causes."""
        if name in self.limits.by_seat:
            self.check_length(items, None, self.limits.seats)
        if name == "events" and len(items) > self.limits.events:
            raise _Fault(f"{len(items)} events, but one move causes at most {self.limits.events}")

    def read_union(self, data: object, options: tuple[object, ...], depth: int) -> object:
        if data is None and type(None) in options:
            return None
        classes = [o for o in options if isinstance(o, type) and attrs.has(o) and o is not Card]
        if type(data) is dict:
            tag = data.get("type")
            for cls in classes:
                if cls.__name__ == tag:
                    return self.read(data, cls, depth)
            names = sorted(o.__name__ for o in classes)
            raise _Fault(f"type {_show(tag)} is not one of {', '.join(names) or 'the allowed types'}")
        errors = []
        for option in options:
            if option is type(None) or option in classes:
                continue
            try:
                return self.read(data, option, depth)
            except _Fault as fault:
                errors.append(fault.where("") + (": " if fault.steps else "") + fault.message)
        raise _Fault(f"{_show(data)} fits none of the allowed types" + (f" ({errors[0]})" if errors else ""))

    def read_attrs(self, data: object, cls: type, depth: int) -> object:
        if type(data) is not dict:
            raise _Fault(f"expected a {cls.__name__} object, got {type(data).__name__}")
        if data.get("type") != cls.__name__:
            raise _Fault(f"expected type {cls.__name__!r}, got {_show(data.get('type'))}")
        fields = _fields(cls)
        unknown = sorted(data.keys() - _names(cls) - {"type"})
        if unknown:
            shown = ", ".join(_show(name) for name in unknown[:3]) + (", ..." if len(unknown) > 3 else "")
            raise _Fault(f"unknown field(s) for {cls.__name__}: {shown}")
        state = cls is self.limits.state_type
        kwargs: dict[str, object] = {}
        for name, keyword, annotation, required in fields:
            if name not in data:
                if required:
                    raise _Fault(f"{cls.__name__} needs field {name!r}")
                continue
            item = data[name]
            try:
                if state and name in self.known:
                    self.left -= 1
                    kwargs[keyword] = self.known[name]
                    continue
                if state and type(item) is list:
                    self.check_state_field(name, item)
                kwargs[keyword] = self.read(item, annotation, depth + 1)
            except _Fault as fault:
                raise fault.at(f".{name}") from None
        try:
            value = cls(**kwargs)
        except (TypeError, ValueError, LookupError, ArithmeticError) as exc:
            raise _Fault(f"not a valid {cls.__name__}: {exc}") from None
        self.check_value(value, cls, state)
        return value

    def check_value(self, value: object, cls: type, state: bool) -> None:
        """The checks of one decoded attrs value that its annotations cannot express."""
        seats = self.limits.seats
        if cls is Rng:
            assert isinstance(value, Rng)
            try:
                Rng.check(value)
            except ValueError as exc:
                raise _Fault(str(exc)) from None
        elif cls is Event:
            assert isinstance(value, Event)
            self.check_event(value)
        elif cls in self.limits.move_types:
            player = getattr(value, "player", None)
            if type(player) is not int or not 0 <= player < seats:
                raise _Fault(f"{_show(player)} is not a seat 0..{seats - 1}").at(".player")
        if state:
            hand = getattr(value, "hand", None)
            if type(hand) is not int or not 1 <= hand <= MAX_HAND:
                raise _Fault(f"{_show(hand)} is not a hand number 1..{MAX_HAND}").at(".hand")
            viewer = getattr(value, "viewer", None)
            if viewer is not None and (type(viewer) is not int or not 0 <= viewer < seats):
                raise _Fault(f"{_show(viewer)} is not a seat 0..{seats - 1} or null").at(".viewer")

    def check_event(self, event: Event) -> None:
        seats = self.limits.seats
        if event.player is not None and not 0 <= event.player < seats:
            raise _Fault(f"{event.player} is not a seat 0..{seats - 1}").at(".player")
        if len(event.numbers) > seats + MAX_EVENT_NUMBERS:
            raise _Fault(f"{len(event.numbers)} numbers are more than an event holds").at(".numbers")
        pack = self.limits.pack
        if pack is not None and event.cards:
            counts = Counter(event.cards)
            counts.pop(HIDDEN, None)
            for card, count in counts.items():
                have = pack.get(card, 0)
                if count > have:
                    raise _Fault(f"lists {card} {count} times; the pack holds it {have} times").at(".cards")


@cache
def _names(cls: type) -> frozenset[str]:
    return frozenset(name for name, _, _, _ in _fields(cls))


def decode_value(data: object, annotation: object, path: str = "value", *, limits: Limits | None = None) -> object:
    """Rebuilds a value of type `annotation` from its JSON form, or raises ValueError.

    `limits` bounds what the value may hold (a game's, from `game_limits`); without, loose
    bounds that hold for any game.
    """
    return _decode(data, annotation, path, _Reader(limits or Limits()))


def _decode(data: object, annotation: object, path: str, reader: _Reader) -> object:
    try:
        return reader.read(data, annotation)
    except _Fault as fault:
        raise ValueError(f"{fault.where(path)}: {fault.message}") from None
    except RecursionError:
        raise ValueError(f"{path}: nested too deeply") from None


# --- states ------------------------------------------------------------------------------------


def _holds_hidden(value: object) -> bool:
    """Whether a hidden card ("??") appears anywhere in the value, events included."""
    if isinstance(value, Card):
        return value.is_hidden
    if isinstance(value, (tuple, frozenset)):
        return any(_holds_hidden(item) for item in value)
    cls = type(value)
    if attrs.has(cls):
        return any(_holds_hidden(getattr(value, f.name)) for f in attrs.fields(cls))
    return False


def _check_state(name: str, state: GameState) -> None:
    """The checks of a decoded state beyond its annotations: real states hide nothing, the
    game's invariants hold, and its events name seats of the state and respect the view."""
    from parlour.core.registry import game

    spec = game(name)
    viewer = getattr(state, "viewer", None)
    if state.rng is not None:
        if viewer is not None:
            raise ValueError("value: a state with a random source is not a view, so it has no viewer")
        if _holds_hidden(state):
            raise ValueError("value: a state with a random source is not a view, so it may hold no hidden card")
    try:
        spec.check_invariants(state)
        seats = len(spec.scores(state))
    except (ValueError, LookupError, TypeError, ArithmeticError, AttributeError) as exc:
        raise ValueError(f"value: not a consistent {name} state: {exc}") from None
    if viewer is not None and not 0 <= viewer < seats:
        raise ValueError(f"value.viewer: {viewer} is not one of the {seats} seats")
    for i, event in enumerate(state.events):
        where = f"value.events[{i}]"
        if event.player is not None and not 0 <= event.player < seats:
            raise ValueError(f"{where}.player: {event.player} is not one of the {seats} seats")
        hidden_from_viewer = event.private and event.player != viewer
        if state.rng is None and hidden_from_viewer and any(not card.is_hidden for card in event.cards):
            raise ValueError(f"{where}.cards: a view shows the cards of another seat's private event")


# --- the envelope ------------------------------------------------------------------------------


def _game_of(value: object) -> str:
    from parlour.core.registry import registered_name

    module = type(value).__module__
    prefix = "parlour.games."
    if not module.startswith(prefix):
        name = registered_name(type(value))
        if name is not None:
            return name
        raise TypeError(f"{type(value).__name__} is not a state, view, move or options of a parlour game")
    return module[len(prefix) :].split(".")[0]


def _kind_types(name: str) -> dict[str, tuple[type, ...]]:
    from parlour.core.registry import game

    spec = game(name)
    return {"state": (spec.state_type,), "options": (spec.options_type,), "move": tuple(spec.move_types)}


def to_json(value: object, *, indent: int | None = None) -> str:
    """The JSON text of a state, view, move or options value of a registered game."""
    name = _game_of(value)
    for kind, classes in _kind_types(name).items():
        if type(value) in classes:
            payload = {"parlour": FORMAT_VERSION, "game": name, "kind": kind, "value": encode_value(value)}
            return json.dumps(payload, indent=indent, sort_keys=False)
    raise TypeError(f"{type(value).__name__} is not a state, view, move or options of {name}")


class _Refusal(ValueError):
    """Text refused while it is parsed."""


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > _MAX_DIGITS:
        raise _Refusal(f"a number of {digits} digits is larger than any parlour number (at most {MAX_INT})")
    return int(text)


def _parse_constant(text: str) -> object:
    raise _Refusal(f"{text} is not a number parlour writes")


def _parse_object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refusal(f"an object names {_show(key)} twice")
            seen.add(key)
    return value


def _parse(text: object) -> object:
    """The JSON payload of the text, refusing oversized text before it is parsed."""
    if not isinstance(text, (str, bytes)):
        raise ValueError(f"parlour JSON must be text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ValueError(
            f"parlour JSON text is too large: {len(text)} characters, at most {MAX_TEXT}; refused before decoding"
        )
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"parlour JSON must be UTF-8 text: {exc}") from None
    try:
        return json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant, object_pairs_hook=_parse_object)
    except _Refusal as exc:
        raise ValueError(f"not parlour JSON: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON: {exc}") from None
    except RecursionError:
        raise ValueError("not parlour JSON: nested too deeply") from None


def from_json(text: object) -> object:
    """Reads back what `to_json` wrote; raises ValueError naming the problem for bad input."""
    payload = _parse(text)
    if not isinstance(payload, dict):
        raise ValueError("parlour JSON is an object with the keys parlour, game, kind and value")
    if type(payload.get("parlour")) is not int or payload.get("parlour") != FORMAT_VERSION:
        raise ValueError(f"unknown parlour JSON format {_show(payload.get('parlour'))} (expected {FORMAT_VERSION})")
    name, kind = payload.get("game"), payload.get("kind")
    from parlour.core.registry import game_names

    if not isinstance(name, str) or name not in game_names():
        raise ValueError(f"unknown game {_show(name)}")
    if kind not in _KINDS:
        raise ValueError(f"unknown kind {_show(kind)} (expected one of {', '.join(_KINDS)})")
    if set(payload) != {"parlour", "game", "kind", "value"}:
        raise ValueError("parlour JSON has exactly the keys parlour, game, kind and value")
    classes = _kind_types(name)[kind]
    data = payload["value"]
    tag = data.get("type") if isinstance(data, dict) else None
    matching = [cls for cls in classes if cls.__name__ == tag]
    if not matching:
        allowed = ", ".join(cls.__name__ for cls in classes)
        raise ValueError(f"value: type {_show(tag)} is not a {kind} of {name} ({allowed})")
    limits = game_limits(name)
    known: dict[str, object] = {}
    if kind == "state" and "options" in data and "options" in _hints(matching[0]):
        known["options"] = decode_value(data["options"], _hints(matching[0])["options"], "value.options", limits=limits)
        try:
            limits = game_limits(name, known["options"])
        except (ValueError, LookupError, TypeError, ArithmeticError) as exc:
            raise ValueError(f"value.options: no {name} game has these options: {exc}") from None
    value = _decode(data, matching[0], "value", _Reader(limits, known))
    if kind == "state":
        _check_state(name, typing.cast(GameState, value))
    return value
