"""The short text form of a game's options: ``hearts(passing=rotate,target_score=50)``.

`options_text` lists only the values that differ from the defaults; `parse_options` reads such
text back (for the CLI and golden file names). Booleans are true/false, enums their lower-case
member names, ints plain numbers.
"""

from __future__ import annotations

import ast
import enum
import functools
import inspect
import re
import sys
import typing
from typing import TypeVar

import attrs

__all__ = ["MAX_OPTION_INT", "check_option_types", "class_source", "options_text", "parse_options", "type_hints"]

T = TypeVar("T")
_FORM = re.compile(r"^\s*([a-z_0-9]+)\s*(?:\((.*)\))?\s*$")
MAX_OPTION_INT = 1_000_000
"""No whole-number option of any game goes past this (hand counts, target scores)."""


def _compiled_source(cls: type) -> str | None:
    """The source file's text of the module defining `cls` when that module is compiled (README,
    "Compiled build"); None for a module running from its source."""
    path = getattr(sys.modules.get(cls.__module__), "__file__", None) or ""
    if not path or path.endswith((".py", ".pyc")):
        return None
    import os  # loaded with the interpreter (pathlib would bring in urllib and ipaddress)

    folder, name = os.path.split(path)
    with open(os.path.join(folder, name.split(".")[0] + ".py"), encoding="utf-8") as source:
        return source.read()


def class_source(cls: type) -> str:
    """`inspect.getsource(cls)`, also for a class of the compiled build (read from its module's
    installed source file). Raises OSError or TypeError when there is no source."""
    source = _compiled_source(cls)
    if source is None:
        return inspect.getsource(cls)
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return ast.get_source_segment(source, node) or ""
    raise OSError(f"no class {cls.__name__} in the source of {cls.__module__}")


def type_hints(cls: type) -> dict[str, object]:
    """`typing.get_type_hints(cls)`, also for a class of the compiled build, whose annotations mypyc
    keeps as plain classes only (``int | None`` as ``type``): there they are read from the source."""
    if _compiled_source(cls) is None:
        return typing.get_type_hints(cls)
    namespace = vars(sys.modules[cls.__module__])
    body = ast.parse(class_source(cls)).body[0]
    assert isinstance(body, ast.ClassDef)
    return {
        node.target.id: eval(ast.unparse(node.annotation), namespace)  # noqa: S307 - the package's own source
        for node in body.body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }


@functools.cache
def _hints(cls: type) -> dict[str, object]:
    """The resolved annotations of an options class (resolving them costs far more than a check)."""
    return type_hints(cls)


def check_option_types(options: object) -> None:
    """ValueError unless every field of an options value has exactly its annotated type.

    Options are booleans, whole numbers and enum members; a string where an enum belongs (which
    would compare unequal to every member and so play some other rule), a bool where a number
    belongs or a huge number is refused here, once, for every game. Call it first thing in
    `Options.__attrs_post_init__`.
    """
    cls: type = type(options)
    hints = _hints(cls)
    for field in attrs.fields(cls):
        value, annotation = getattr(options, field.name), hints[field.name]
        if annotation is bool or annotation is int:
            ok = type(value) is annotation
        elif isinstance(annotation, type) and issubclass(annotation, enum.Enum):
            ok = isinstance(value, annotation)
        else:
            ok = True
        if not ok:
            expected = annotation.__name__ if isinstance(annotation, type) else str(annotation)
            raise ValueError(f"{cls.__name__}.{field.name} must be a {expected}, not {value!r}")
        if annotation is int and not -MAX_OPTION_INT <= value <= MAX_OPTION_INT:
            raise ValueError(f"{cls.__name__}.{field.name} must lie within ±{MAX_OPTION_INT:,}, not {value}")


def _scalar_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, int):
        return str(value)
    raise TypeError(f"option values are bools, ints or enums, not {type(value).__name__}")


def options_text(game: str, options: object) -> str:
    """``game(k=v,...)`` with only the non-default values, or just ``game``."""
    changed = []
    cls = type(options)
    if not attrs.has(cls):
        raise TypeError(f"{cls.__name__} is not an options class")
    for field in attrs.fields(cls):
        value = getattr(options, field.name)
        if field.default is attrs.NOTHING or value != field.default:
            changed.append(f"{field.name}={_scalar_text(value)}")
    return f"{game}({','.join(changed)})" if changed else game


def _read(text: str, annotation: object, name: str) -> object:
    if annotation is bool:
        if text not in ("true", "false"):
            raise ValueError(f"option {name} is true or false, not {text!r}")
        return text == "true"
    if annotation is int:
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"option {name} is a whole number, not {text!r}") from None
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        for member in annotation:
            if member.name.lower() == text.lower():
                return member
        names = ", ".join(m.name.lower() for m in annotation)
        raise ValueError(f"option {name} is one of {names}, not {text!r}")
    raise ValueError(f"option {name} cannot be set from text")


def parse_options(cls: type[T], text: str, *, base: T | None = None) -> tuple[str, T]:
    """Reads ``game(k=v,...)`` into the game name and an options value of `cls`.

    Options not named keep their defaults, or their values in `base` (a preset that the text
    amends: ``base=Options.hoyle()`` with ``hearts(passing=left)``). An option named twice is
    refused, so that no setting is silently dropped.
    """
    match = _FORM.match(text)
    if not match:
        raise ValueError(f"options are written game(name=value,...), not {text!r}")
    hints = type_hints(cls)
    values: dict[str, object] = {}
    for item in filter(None, (part.strip() for part in (match.group(2) or "").split(","))):
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or key not in hints:
            raise ValueError(f"unknown option {key!r}; options: {', '.join(hints)}")
        if key in values:
            raise ValueError(f"option {key} is given twice; give each option once")
        values[key] = _read(raw.strip(), hints[key], key)
    try:
        if base is None:
            return match.group(1), cls(**values)
        if type(base) is not cls:
            raise ValueError(f"the base options are a {type(base).__name__}, not a {cls.__name__}")
        kind: type = type(base)
        kept = {f.name: getattr(base, f.name) for f in attrs.fields(kind) if f.init and f.name not in values}
        return match.group(1), cls(**kept, **values)
    except TypeError as exc:
        raise ValueError(str(exc)) from None
