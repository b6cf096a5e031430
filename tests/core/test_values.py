"""Unit tests for core/values: builder, evolver and cached_setter build the values the attrs
class itself builds, on the fast twin path and on the slot-by-slot path."""

from __future__ import annotations

import functools

import attrs
import pytest

from parlour.core.values import builder, cached_setter, evolver

CALLS: list[int] = []


@attrs.frozen(weakref_slot=False)
class Lean:
    """A class the twin path serves (slots, no weak reference slot, no base class)."""

    total: int
    cards: tuple[int, ...] = ()
    note: str = attrs.field(default="", eq=False)

    @functools.cached_property
    def doubled(self) -> int:
        CALLS.append(self.total)
        return 2 * self.total


@attrs.frozen
class Weak:
    """A class with a weak reference slot: served slot by slot."""

    total: int
    cards: tuple[int, ...] = ()


def _doubled(value: Lean) -> int:
    return 2 * value.total


@pytest.mark.parametrize("cls", [Lean, Weak])
def test_builder_and_evolver_make_the_values_the_class_makes(cls: type[Lean] | type[Weak]) -> None:
    build, evolve = builder(cls), evolver(cls)
    made = build(3, (1, 2), *(["x"] if cls is Lean else []))
    assert made == cls(3, (1, 2)) and type(made) is cls
    changed = evolve(made, total=4)
    assert changed == attrs.evolve(made, total=4) and type(changed) is cls and changed.cards is made.cards
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.total = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        build(3)
    with pytest.raises(TypeError, match="has no field 'count'"):
        evolve(made, count=1)


def test_the_twin_path_serves_lean_classes_only() -> None:
    # The fast path fills a plain twin class and re-classes it; its source says which it uses.
    assert "__class__" in _source(builder(Lean)) and "__class__" in _source(evolver(Lean))
    assert "__class__" not in _source(builder(Weak)) and "__class__" not in _source(evolver(Weak))


def _source(function: object) -> str:
    """The names a generated function's code uses."""
    return " ".join(getattr(function, "__code__").co_names)


def test_builder_fills_cached_properties_it_is_given() -> None:
    CALLS.clear()
    made = builder(Lean, cached={"doubled": _doubled})(5, (), "")
    assert made.doubled == 10 and CALLS == []  # filled while building: the property never ran
    plain = builder(Lean)(6, (), "")
    assert plain.doubled == 12 and CALLS == [6]  # left empty: computed on first read
    with pytest.raises(TypeError, match="not a cached property"):
        builder(Lean, cached={"total": _doubled})


def test_cached_setter_fills_a_slot_once_known() -> None:
    CALLS.clear()
    made = Lean(7)
    cached_setter(Lean, "doubled")(made, 14)
    assert made.doubled == 14 and CALLS == []
    with pytest.raises(TypeError, match="not a cached property"):
        cached_setter(Lean, "cards")


def test_classes_the_fast_constructors_cannot_serve_are_refused() -> None:
    @attrs.frozen
    class Checked:
        x: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen
    class Reserved:
        _v_obj: int

    for make in (builder, evolver):
        with pytest.raises(TypeError, match="validator"):
            make(Checked)
        with pytest.raises(TypeError, match="reserved"):
            make(Reserved)
    with pytest.raises(TypeError, match="not an attrs class"):
        builder(int)
