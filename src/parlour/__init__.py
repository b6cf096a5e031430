"""parlour: traditional table games with immutable states and one API.

>>> import parlour
>>> hearts = parlour.game("hearts")
>>> state = hearts.new_game(seed=7)
>>> state = hearts.apply(state, hearts.legal_moves(state)[0])
>>> parlour.from_json(parlour.to_json(state)) == state
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import parlour.core.game as _game_module
from parlour.core.cards import Card, Rank, Suit
from parlour.core.errors import GameOver, IllegalMove, NotationError
from parlour.core.events import Event
from parlour.core.game import Game, GameSpec
from parlour.core.registry import game, game_names, register, unregister

if TYPE_CHECKING:
    from parlour.core.record import Record
    from parlour.core.serialize import from_json, to_json
    from parlour.simulation import SeatResult, simulate

__all__ = [
    "Card",
    "Event",
    "Game",
    "GameOver",
    "GameSpec",
    "IllegalMove",
    "NotationError",
    "Rank",
    "Record",
    "SeatResult",
    "Suit",
    "from_json",
    "game",
    "game_names",
    "register",
    "simulate",
    "to_json",
    "unregister",
]

_LAZY = {
    "Record": "parlour.core.record",
    "SeatResult": "parlour.simulation",
    "from_json": "parlour.core.serialize",
    "simulate": "parlour.simulation",
    "to_json": "parlour.core.serialize",
}
"""Names imported on first use, so that ``import parlour`` stays cheap: JSON and records (with
their type-hint and option-text machinery) and simulation (process pools) load only when asked
for. `tests/test_imports.py` keeps them out of a plain import."""


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module 'parlour' has no attribute {name!r}")
    import importlib

    value: object = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value

__version__ = "0.1.0"

compiled: bool = not _game_module.__file__.endswith((".py", ".pyc"))
"""True in the compiled build (installed with PARLOUR_COMPILE=1: README, "Compiled build
(optional)"), False in the pure-Python package. ``python -m parlour --version`` says it too."""
