"""Fast construction of frozen attrs values, for the hot paths of `apply`.

A game builds a new state on every move, and the attrs initializer (keyword handling, defaults,
one frozen-object write per field) is a large share of a move's cost. Three tools here build
exactly the same values more cheaply:

* `builder(cls)`: ``cls(a, b, ...)`` from every field, positionally;
* `evolver(cls)`: ``attrs.evolve(value, name=...)``;
* `cached_setter(cls, name)`: fills a `functools.cached_property` slot the caller already knows;
* `cached_slot`: declares such a property so that a compiled build keeps it cached too;
* `slot_speed_reads(cls)`: serves those properties without attrs' class-level ``__getattr__``,
  which slows every other attribute read of the class;
* `raw_field(value, name)`: reads a field of an untrusted value as it is, in either build.

The fastest path needs a class with slots and no ``__weakref__`` slot
(``@attrs.frozen(weakref_slot=False)``, as every game's State is declared): the value is then
filled as an instance of a plain *twin* class with the same slots (ordinary attribute writes,
no frozen-class checks) and re-classed to the frozen class once every field is set, which
CPython allows because the two layouts are identical. Any other class (one with a weak
reference slot, a base class, or a layout the interpreter will not swap, as in a compiled build)
gets the same functions writing each slot through its descriptor, which is slower but builds
the same value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from inspect import signature
from types import FunctionType, MemberDescriptorType
from typing import TypeVar, cast

import attrs

__all__ = ["builder", "cached_setter", "cached_slot", "evolver", "identity_index", "raw_field", "slot_speed_reads"]

T = TypeVar("T")
R = TypeVar("R")

_CACHED_SLOTS: dict[tuple[type, str], MemberDescriptorType] = {}
"""The slot behind each cached property that `slot_speed_reads` turned into a plain property."""

_PREFIX = "_v_"
"""Names of the generated functions' own locals; refused as field names so none is shadowed."""


def _plain_fields(cls: type, verb: str) -> list[str]:
    """The field names of an attrs class none of whose fields has a validator or converter."""
    if not attrs.has(cls):
        raise TypeError(f"{cls.__name__} is not an attrs class")
    names = []
    for f in attrs.fields(cls):
        if f.validator is not None or f.converter is not None:
            raise TypeError(f"{cls.__name__}.{f.name} has a validator or converter; {verb}")
        if f.name.startswith(_PREFIX):
            raise TypeError(f"{cls.__name__}.{f.name}: field names starting {_PREFIX!r} are reserved here")
        names.append(f.name)
    return names


def _twin(cls: type) -> type | None:
    """A plain class with `cls`'s slots that an instance can be re-classed from, or None."""
    slots = cls.__dict__.get("__slots__")
    if slots is None or cls.__bases__ != (object,) or cls.__weakrefoffset__ or cls.__dictoffset__:
        return None
    twin = type(f"{cls.__name__}Twin", (), {"__slots__": tuple(slots), "__module__": cls.__module__})
    probe: object = object.__new__(twin)
    try:
        probe.__class__ = cls
    except TypeError:  # the interpreter sees other layouts (an extension type, for instance)
        return None
    return twin


def _compile(source: str, name: str, scope: dict[str, object]) -> Callable[..., object]:
    exec(source, scope)  # noqa: S102 - generated from the class's own field names
    made = scope[name]
    assert callable(made)
    return made


def builder(cls: type[T], *, cached: Mapping[str, Callable[[T], object]] | None = None) -> Callable[..., T]:
    """A fast constructor for a frozen attrs class with no validators, for hot paths.

    `builder(State)(a, b, ...)` takes every field in declaration order, positionally, and
    builds the same object as `State(a=..., b=...)`, several times cheaper than the attrs
    initializer (see the module docstring). It refuses a class with validators or converters
    (they would be skipped), and a wrong count of values raises TypeError on every call.

    `cached` names `functools.cached_property` slots to fill at once with the given functions
    (each must compute exactly what the property computes), for states whose cached value is
    always read: filling it while building costs far less than the first read of an empty one.

    >>> @attrs.frozen(weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> build = builder(Point)
    >>> build(1, 2) == Point(1, 2), type(build(1, 2)) is Point
    (True, True)
    """
    names = _plain_fields(cls, "use the class itself")
    args = ", ".join(names)
    scope: dict[str, object] = {"_v_new": object.__new__, "_v_cls": cls}
    fills = []
    for i, (name, compute) in enumerate((cached or {}).items()):
        scope[f"_v_set{i}"], scope[f"_v_get{i}"] = cached_setter(cls, name), compute
        fills.append(f"    _v_set{i}(_v_obj, _v_get{i}(_v_obj))\n")
    twin = _twin(cls)
    if twin is not None:
        scope["_v_twin"] = twin
        writes = "".join(f"    _v_obj.{name} = {name}\n" for name in names)
        body = f"    _v_obj = _v_new(_v_twin)\n{writes}    _v_obj.__class__ = _v_cls\n"
    else:
        scope.update({f"_v_slot{i}": cls.__dict__[name].__set__ for i, name in enumerate(names)})
        writes = "".join(f"    _v_slot{i}(_v_obj, {name})\n" for i, name in enumerate(names))
        body = f"    _v_obj = _v_new(_v_cls)\n{writes}"
    build = _compile(f"def build({args}):\n{body}{''.join(fills)}    return _v_obj\n", "build", scope)
    build.__doc__ = f"{cls.__name__}({args}), built slot by slot."
    return build  # type: ignore[return-value]


def evolver(cls: type[T]) -> Callable[..., T]:
    """A fast `attrs.evolve` for a frozen attrs class with no validators, for hot paths.

    `evolver(Auction)(auction, turn=2, passes=0)` builds the same object as
    `attrs.evolve(auction, turn=2, passes=0)`: the named fields take the new values, every other
    field keeps the old one. Unknown field names raise TypeError, as `attrs.evolve` does.
    """
    names = _plain_fields(cls, "use attrs.evolve")
    scope: dict[str, object] = {"_v_new": object.__new__, "_v_cls": cls, "_v_names": frozenset(names)}
    twin = _twin(cls)
    if twin is not None:
        scope["_v_twin"] = twin
        writes = "".join(f"    _v_obj.{name} = _v_get({name!r}, _v_old.{name})\n" for name in names)
        make, done = "_v_obj = _v_new(_v_twin)", "    _v_obj.__class__ = _v_cls\n"
    else:
        scope.update({f"_v_slot{i}": cls.__dict__[name].__set__ for i, name in enumerate(names)})
        writes = "".join(
            f"    _v_slot{i}(_v_obj, _v_get({name!r}, _v_old.{name}))\n" for i, name in enumerate(names)
        )
        make, done = "_v_obj = _v_new(_v_cls)", ""
    source = (
        "def evolve(_v_old, **_v_changes):\n"
        "    if not _v_changes.keys() <= _v_names:\n"
        "        raise TypeError(f'{_v_cls.__name__} has no field {sorted(_v_changes.keys() - _v_names)[0]!r}')\n"
        f"    _v_get = _v_changes.get\n    {make}\n{writes}{done}    return _v_obj\n"
    )
    evolve = _compile(source, "evolve", scope)
    evolve.__doc__ = f"attrs.evolve for {cls.__name__}, built slot by slot."
    return evolve  # type: ignore[return-value]


def cached_setter(cls: type[T], name: str) -> Callable[[T, object], None]:
    """The setter that fills the `functools.cached_property` `name` of a slotted attrs class on
    an instance, for hot paths that already know its value.

    attrs keeps a slotted class's cached property in a slot of the same name, so `apply` can
    hand a derived value on to the state it builds (the next state's legal moves when a move
    cannot change them, a mask of the table that the move left alone) instead of having it
    computed again on first read. The value must be exactly what the property would compute.
    Raises TypeError when `name` is not a cached property kept in a slot of `cls`.

    >>> import functools
    >>> @attrs.frozen
    ... class Pile:
    ...     cards: tuple[int, ...]
    ...     @functools.cached_property
    ...     def total(self) -> int:
    ...         return sum(self.cards)
    >>> pile = Pile((2, 3))
    >>> cached_setter(Pile, "total")(pile, 5)
    >>> pile.total
    5
    """
    slot = _CACHED_SLOTS.get((cls, name), cls.__dict__.get(name))
    fields = {f.name for f in attrs.fields(cls)} if attrs.has(cls) else set()
    if slot is None or type(slot).__name__ != "member_descriptor" or name in fields:
        raise TypeError(f"{cls.__name__}.{name} is not a cached property kept in a slot")
    setter: Callable[[T, object], None] = slot.__set__
    return setter


def cached_slot(compute: Callable[[T], R]) -> cached_property[R]:
    """`functools.cached_property`, for a property of a slotted attrs class that `builder` and
    `cached_setter` fill.

    It is the same property in the pure package. mypyc, which turns a method decorated with
    ``functools.cached_property`` itself into a plain ``property`` (computed on every read, with
    no slot to fill), keeps this one as written, so a compiled build caches the value too. A
    compiled method has no signature for attrs to read when it makes the slot, so it is handed
    over inside a plain Python function.
    """
    if isinstance(compute, FunctionType):  # the pure package
        return cached_property(compute)
    method = _compile("def method(self):\n    return _v_compute(self)\n", "method", {"_v_compute": compute})
    method.__name__ = method.__qualname__ = getattr(compute, "__name__", "method")
    method.__doc__ = compute.__doc__
    return cached_property(cast("Callable[[T], R]", method))


def identity_index(items: Sequence[T], item: T) -> int:
    """`items.index(item)`, comparing by identity first. The cards and tiles in play are
    interned objects, and `index` would call the attrs `__eq__` (Python code) of every value
    before the match; a value read back from JSON is another object, found by equality.

    >>> identity_index(("a", "b"), "b")
    1
    """
    k = 0
    for value in items:
        if value is item:
            return k
        k += 1
    return items.index(item)


def raw_field(value: object, name: str) -> object:
    """The field `name` of `value` as it is, whatever its declared type.

    A move built from untrusted input may hold anything in its fields (a seat of ``1.0`` or
    ``"0"``). The code explaining why such a move is refused must read them unchecked: compiled
    code reading ``move.player`` checks the value against the declared ``int`` and raises
    TypeError (or reads ``True`` as 1), where the pure package reads the value itself.
    """
    return getattr(value, name)


def slot_speed_reads(cls: type[T]) -> type[T]:
    """Class decorator, above ``@attrs.frozen``: the class's cached properties are served by plain
    properties over their slots, so every other attribute of the class reads at slot speed.

    attrs keeps a slotted class's `functools.cached_property` values in slots and computes an
    empty one from a class-level ``__getattr__``. A class with ``__getattr__`` makes CPython take
    its slow generic path for *every* attribute read of its instances (Python 3.11 cannot
    specialise it), about four times the cost of a slot read; a state's fields are read dozens of
    times a move. Here each cached property becomes a property that returns the slot's value, or
    computes, keeps and returns it when the slot is empty, and ``__getattr__`` goes. Values,
    `builder` and `cached_setter` work as before. A class without cached properties, or one
    whose ``__getattr__`` attrs did not write, is returned unchanged.

    >>> import functools
    >>> @slot_speed_reads
    ... @attrs.frozen
    ... class Pile:
    ...     cards: tuple[int, ...]
    ...     @functools.cached_property
    ...     def total(self) -> int:
    ...         return sum(self.cards)
    >>> pile = Pile((2, 3))
    >>> pile.total, "__getattr__" in vars(Pile)
    (5, False)
    """
    hook = cls.__dict__.get("__getattr__")
    parameters = signature(hook).parameters if isinstance(hook, FunctionType) else {}
    if "cached_properties" not in parameters or parameters["original_getattr"].default is not None:
        return cls
    computes: dict[str, Callable[[T], object]] = parameters["cached_properties"].default
    for name, compute in computes.items():
        slot = cls.__dict__[name]
        _CACHED_SLOTS[(cls, name)] = slot
        hidden = f"_v_slot_{name}"  # the same slot under a second name, read at slot speed
        setattr(cls, hidden, slot)
        source = (
            "def read(self):\n"
            f"    try:\n        return self.{hidden}\n"
            "    except AttributeError:\n        value = _v_compute(self)\n        _v_set(self, value)\n        return value\n"
        )
        scope: dict[str, object] = {"_v_set": slot.__set__, "_v_compute": compute}
        read = _compile(source, "read", scope)
        read.__name__ = read.__qualname__ = name
        setattr(cls, name, property(read, doc=compute.__doc__))
    delattr(cls, "__getattr__")
    return cls
