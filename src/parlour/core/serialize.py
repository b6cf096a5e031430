"""JSON for states, views, moves and options, with strict validation of what comes back in.

The JSON form is driven by the classes' type annotations, so no game writes serialization code:

    {"parlour": 1, "game": "hearts", "kind": "state", "value": {"type": "State", ...}}

Cards are their notation ("QS", "??" for a hidden card), enums their member names, tuples and
frozensets lists, attrs values objects tagged with their class name. Reading back accepts only
the classes the named game registered, checks every value against its annotation, and then runs
the game's own invariant check on states, so malformed or hostile input raises ValueError with
the path of the bad value and never builds a state the game could trip over.
"""

from __future__ import annotations

import enum
import json
import types
import typing
from functools import cache
from typing import Final, Literal, Union

import attrs

from parlour.core.cards import Card, card_from_text
from parlour.core.game import GameState

__all__ = ["FORMAT_VERSION", "decode_value", "encode_value", "from_json", "to_json"]

FORMAT_VERSION: Final = 1
_KINDS: Final = ("state", "options", "move")
_MAX_TEXT: Final = 20_000_000

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


@cache
def _hints(cls: type) -> dict[str, object]:
    return typing.get_type_hints(cls)


def _fail(path: str, message: str) -> ValueError:
    return ValueError(f"{path}: {message}")


def _decode_union(data: object, options: tuple[object, ...], path: str) -> object:
    if data is None and type(None) in options:
        return None
    if isinstance(data, dict):
        tag = data.get("type")
        for option in options:
            if isinstance(option, type) and attrs.has(option) and option.__name__ == tag:
                return decode_value(data, option, path)
        names = sorted(o.__name__ for o in options if isinstance(o, type) and attrs.has(o))
        raise _fail(path, f"type {tag!r} is not one of {', '.join(names) or 'the allowed types'}")
    errors = []
    for option in options:
        if option is type(None) or (option is not Card and isinstance(option, type) and attrs.has(option)):
            continue
        try:
            return decode_value(data, option, path)
        except ValueError as exc:
            errors.append(str(exc))
    raise _fail(path, f"{data!r} fits none of the allowed types" + (f" ({errors[0]})" if errors else ""))


def decode_value(data: object, annotation: object, path: str = "value") -> object:
    """Rebuilds a value of type `annotation` from its JSON form, or raises ValueError."""
    supertype = getattr(annotation, "__supertype__", None)
    if supertype is not None:
        return decode_value(data, supertype, path)
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (Union, types.UnionType):
        return _decode_union(data, args, path)
    if origin is Literal:
        if data in args and type(data) in {type(a) for a in args}:
            return data
        raise _fail(path, f"{data!r} is not one of {args}")
    if origin is tuple:
        if not isinstance(data, list):
            raise _fail(path, f"expected a list, got {type(data).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode_value(item, args[0], f"{path}[{i}]") for i, item in enumerate(data))
        if len(data) != len(args):
            raise _fail(path, f"expected {len(args)} items, got {len(data)}")
        return tuple(decode_value(item, arg, f"{path}[{i}]") for i, (item, arg) in enumerate(zip(data, args)))
    if origin is frozenset:
        if not isinstance(data, list):
            raise _fail(path, f"expected a list, got {type(data).__name__}")
        items = [decode_value(item, args[0], f"{path}[{i}]") for i, item in enumerate(data)]
        result = frozenset(items)
        if len(result) != len(items):
            raise _fail(path, "a set lists an item twice")
        return result
    if annotation is bool or annotation is int or annotation is str:
        if type(data) is not annotation:
            raise _fail(path, f"expected {annotation.__name__}, got {type(data).__name__}")
        return data
    if annotation is type(None) or annotation is None:
        if data is not None:
            raise _fail(path, f"expected null, got {data!r}")
        return None
    if annotation is Card:
        if not isinstance(data, str):
            raise _fail(path, f"expected a card such as 'QS', got {data!r}")
        try:
            return card_from_text(data)
        except ValueError as exc:
            raise _fail(path, str(exc)) from None
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        if not isinstance(data, str) or data not in annotation.__members__:
            names = ", ".join(annotation.__members__)
            raise _fail(path, f"{data!r} is not a {annotation.__name__} ({names})")
        return annotation[data]
    if isinstance(annotation, type) and attrs.has(annotation):
        return _decode_attrs(data, annotation, path)
    raise _fail(path, f"cannot read values of type {annotation!r}")


def _decode_attrs(data: object, cls: type, path: str) -> object:
    if not isinstance(data, dict):
        raise _fail(path, f"expected a {cls.__name__} object, got {type(data).__name__}")
    if data.get("type") != cls.__name__:
        raise _fail(path, f"expected type {cls.__name__!r}, got {data.get('type')!r}")
    hints = _hints(cls)
    fields = {f.name: f for f in attrs.fields(cls) if f.init}
    unknown = set(data) - set(fields) - {"type"}
    if unknown:
        raise _fail(path, f"unknown field(s) for {cls.__name__}: {', '.join(sorted(unknown))}")
    kwargs: dict[str, object] = {}
    for name, field in fields.items():
        if name not in data:
            if field.default is attrs.NOTHING:
                raise _fail(path, f"{cls.__name__} needs field {name!r}")
            continue
        kwargs[field.alias or name] = decode_value(data[name], hints[name], f"{path}.{name}")
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise _fail(path, f"not a valid {cls.__name__}: {exc}") from None


def _holds_hidden(value: object) -> bool:
    """Whether a hidden card ("??") appears anywhere in the value, events excepted."""
    if isinstance(value, Card):
        return value.is_hidden
    if isinstance(value, (tuple, frozenset)):
        return any(_holds_hidden(item) for item in value)
    cls = type(value)
    if attrs.has(cls):
        return any(_holds_hidden(getattr(value, f.name)) for f in attrs.fields(cls) if f.name != "events")
    return False


def _game_of(value: object) -> str:
    module = type(value).__module__
    prefix = "parlour.games."
    if not module.startswith(prefix):
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


def from_json(text: str | bytes) -> object:
    """Reads back what `to_json` wrote; raises ValueError naming the problem for bad input."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"parlour JSON must be UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise ValueError(f"parlour JSON must be text, not {type(text).__name__}")
    if len(text) > _MAX_TEXT:
        raise ValueError("parlour JSON text is too large")
    try:
        payload = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise ValueError(f"not JSON: {exc}") from None
    if not isinstance(payload, dict):
        raise ValueError("parlour JSON is an object with the keys parlour, game, kind and value")
    if type(payload.get("parlour")) is not int or payload.get("parlour") != FORMAT_VERSION:
        raise ValueError(f"unknown parlour JSON format {payload.get('parlour')!r} (expected {FORMAT_VERSION})")
    name, kind = payload.get("game"), payload.get("kind")
    from parlour.core.registry import game, game_names

    if not isinstance(name, str) or name not in game_names():
        raise ValueError(f"unknown game {name!r}")
    if kind not in _KINDS:
        raise ValueError(f"unknown kind {kind!r} (expected one of {', '.join(_KINDS)})")
    if set(payload) != {"parlour", "game", "kind", "value"}:
        raise ValueError("parlour JSON has exactly the keys parlour, game, kind and value")
    classes = _kind_types(name)[kind]
    data = payload["value"]
    tag = data.get("type") if isinstance(data, dict) else None
    matching = [cls for cls in classes if cls.__name__ == tag]
    if not matching:
        allowed = ", ".join(cls.__name__ for cls in classes)
        raise ValueError(f"value: type {tag!r} is not a {kind} of {name} ({allowed})")
    try:
        value = decode_value(data, matching[0], "value")
    except RecursionError:
        raise ValueError("value: nested too deeply") from None
    if kind == "state":
        if getattr(value, "rng", None) is not None and _holds_hidden(value):
            raise ValueError("value: a state with a random source is not a view, so it may hold no hidden card")
        try:
            game(name).check_invariants(typing.cast("GameState", value))
        except (ValueError, LookupError, TypeError, ArithmeticError) as exc:
            raise ValueError(f"value: not a consistent {name} state: {exc}") from None
    return value
