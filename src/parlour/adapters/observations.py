"""A fixed-length vector of numbers for what one seat sees: the observation of the adapters.

It is built from `game.view(state, seat)` only, so it can show nothing the seat may not see, and
generically from the game's zone declarations, so every game has one. Its sections, in order:

- ``seat``: one-hot, the observing seat;
- ``to_act``: 1 for each seat that may act now;
- ``scores``: each seat's running score, as `game.scores` gives it;
- ``hand``: the number of the current deal, round or turn cycle;
- for each zone (`game.zones`, in declared order), and each seat's part of a zone held by seat:
  ``<zone>[<seat>]``, how many of each distinct card (or tile) of the pack the seat sees there,
  then how many face-down ones it holds; and ``<zone>[<seat>].last``, one-hot, the last card of
  that part (the top of a pile, the card just played), its last slot standing for a face-down one;
- ``prefix``: the move being spelled (see `parlour.adapters.actions`), one slot per token so far
  holding 1 + the token's number, 0 in the slots after it.

The layout depends only on the game, its options and the player count, so its length is fixed.

>>> import parlour
>>> hearts = parlour.game("hearts")
>>> state = hearts.new_game(seed=7)
>>> layout = Layout.of(hearts, state)
>>> [(s.name, s.size) for s in layout.sections[:6]]
[('seat', 4), ('to_act', 4), ('scores', 4), ('hand', 1), ('hands[0]', 53), ('hands[0].last', 53)]
>>> values = layout.observe(state, 0)
>>> len(values) == layout.size, sum(layout.part(values, "hands[0]")), sum(layout.part(values, "hands[1]"))
(True, 13.0, 13.0)
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import Final

import attrs

from parlour.adapters.actions import Piece, pack_of
from parlour.core.game import Game, GameState
from parlour.core.zones import Seen, Zone, zone_cards

__all__ = ["PREFIX_SLOTS", "Layout", "Section"]

PREFIX_SLOTS: Final = 32
"""Tokens of the move being spelled that the observation holds (the longest spelling of any
game's move today is 14 tokens: a Spades bid of "double nil")."""


@attrs.frozen
class Section:
    """A named run of the observation vector."""

    name: str
    start: int
    size: int


@attrs.frozen(eq=False)
class Layout:
    """Where each section lies in a game's observation vector, and how to fill it."""

    game: Game
    players: int
    pack: tuple[Piece, ...]
    slots: dict[Piece, int]
    """The place of each piece of the pack in a zone's counts."""
    sections: tuple[Section, ...]
    size: int

    @classmethod
    def of(cls, game: Game, state: GameState) -> Layout:
        """The layout of `game` with the options and player count of `state` (a real state)."""
        players = len(game.scores(state))
        pack = pack_of(game, state)
        names: list[tuple[str, int]] = [("seat", players), ("to_act", players), ("scores", players), ("hand", 1)]
        for zone in game.zones:
            for owner in range(players) if zone.by_seat else (None,):
                label = zone.field if owner is None else f"{zone.field}[{owner}]"
                names += [(label, len(pack) + 1), (f"{label}.last", len(pack) + 1)]
        names.append(("prefix", PREFIX_SLOTS))
        sections, start = [], 0
        for name, size in names:
            sections.append(Section(name, start, size))
            start += size
        return cls(game, players, pack, {piece: i for i, piece in enumerate(pack)}, tuple(sections), start)

    def section(self, name: str) -> Section:
        """The section called `name`; ValueError naming the sections for an unknown one."""
        for section in self.sections:
            if section.name == name:
                return section
        raise ValueError(f"no section {name!r}; sections: {', '.join(s.name for s in self.sections)}")

    def part(self, values: Sequence[float], name: str) -> Sequence[float]:
        """The numbers of section `name` in an observation vector."""
        section = self.section(name)
        return values[section.start : section.start + section.size]

    def observe(self, state: GameState, seat: int, prefix: Sequence[int] = ()) -> list[float]:
        """What `seat` sees of `state` (a real state or the seat's own view), with `prefix` the
        tokens of the move it is spelling, as a list of `size` numbers."""
        if len(prefix) > PREFIX_SLOTS:
            raise ValueError(f"a move spelled in {len(prefix)} tokens; observations hold {PREFIX_SLOTS}")
        game = self.game
        seen = state if state.rng is None and state.viewer == seat else game.view(state, seat)
        values = [0.0] * self.size
        values[seat] = 1.0
        for player in game.to_act(seen):
            values[self.players + player] = 1.0
        for player, score in enumerate(game.scores(seen)):
            values[2 * self.players + player] = float(score)
        values[3 * self.players] = float(seen.hand)
        slot = self.slots
        start = 3 * self.players + 1
        width = len(self.pack) + 1
        for zone in game.zones:
            value = getattr(seen, zone.field)
            parts = value if zone.by_seat else (value,)
            if len(parts) != (self.players if zone.by_seat else 1):
                raise ValueError(f"{game.name}: zone {zone.field} has {len(parts)} parts for {self.players} seats")
            for part in parts:
                pieces = _pieces(part)
                for piece in pieces:
                    values[start + slot.get(piece, len(self.pack))] += 1.0
                if pieces:
                    values[start + width + slot.get(pieces[-1], len(self.pack))] = 1.0
                start += 2 * width
        for i, token in enumerate(prefix):
            values[start + i] = float(token + 1)
        return values


_WHOLE: Final = (Zone("part", Seen.EVERYONE),)


def _pieces(part: object) -> list[Piece]:
    """The cards (or tiles) in one part of a zone, in order, read as core reads zones."""
    return zone_cards(types.SimpleNamespace(part=part), _WHOLE)
