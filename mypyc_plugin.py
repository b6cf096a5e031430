"""A mypy plugin for the compiled build only (setup.py hands it to mypyc; plain mypy never
loads it).

mypyc checks at run time the type mypy infers for every value it stores. mypy types
``attrs.field(default=0)`` as an ``int`` (so that the default is checked against the
annotation), but at run time the class body holds attrs' field marker there, which the
decorator turns into the real field afterwards; the compiled class body would refuse it. This
plugin types the call as ``Any`` instead, so the compiled code stores the marker unchecked,
exactly as Python does. Type-checking proper (``make typecheck``) runs without it.
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.plugin import FunctionContext, Plugin
from mypy.types import AnyType, Type, TypeOfAny

_FIELD_MARKERS = frozenset({"attrs.field", "attr.ib", "attr.attrib", "attr.field"})


def _untyped(ctx: FunctionContext) -> Type:
    return AnyType(TypeOfAny.special_form)


class _AttrsFieldsUnchecked(Plugin):
    def get_function_hook(self, fullname: str) -> Callable[[FunctionContext], Type] | None:
        return _untyped if fullname in _FIELD_MARKERS else None


def plugin(version: str) -> type[Plugin]:
    return _AttrsFieldsUnchecked
