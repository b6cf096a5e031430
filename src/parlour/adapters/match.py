"""One game being played through tokens: what the PettingZoo and OpenSpiel adapters share.

A `Match` is an immutable value: the game, its real state, the vocabulary and observation
layout for its options and players, and the `Choice` the seat to act is spelling. The seat to
act is the lowest seat in `to_act` (several seats may act at once, as in Hearts' passing; the
others act after it, as in `parlour.bots.play_game`). `pick(token)` spells one token and, once
the tokens name a move, applies it.

Rewards come at the end only: 1 for each seat in `game.winners`, 0 for the others. Several
seats may win together (partners, a tie); a lost solitaire and a drawn game give every seat 0.
`game.winners` already reads scores in the game's direction (`GameSpec.low_score_wins`).

>>> import parlour
>>> match = Match.start(parlour.game("hearts"), seed=7, options="quick")
>>> match.seat, match.vocabulary.text(match.choice.prefix)
(0, 'PassCard')
>>> match = match.pick(match.vocabulary.index["QC"])
>>> match.moves, str(match.last_move), match.seat, match.rewards()
(1, 'pass QC', 0, (0.0, 0.0, 0.0, 0.0))
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from parlour.adapters.actions import Choice, Vocabulary
from parlour.adapters.observations import Layout
from parlour.core.game import Game, GameMove, GameOptions, GameState
from parlour.core.options import parse_options

__all__ = ["Match", "resolve_options"]


def resolve_options(game: Game, options: GameOptions | str | None) -> GameOptions | None:
    """Options given as a value, None (the defaults), ``"quick"`` (`game.quick`, a short match),
    a preset's name (``"hoyle"``), or text (``"hearts(passing=left)"``)."""
    if options is None or not isinstance(options, str):
        return options
    if options == "quick":
        return game.quick
    for name, preset in game.presets:
        if name == options:
            return preset
    if "(" not in options and options != game.name:
        names = ", ".join(["quick", *(name for name, _ in game.presets)])
        raise ValueError(f"{game.name} has no preset {options!r}; presets: {names}; or write {game.name}(name=value,...)")
    name, value = parse_options(game.options_type, options)
    if name != game.name:
        raise ValueError(f"these options are for {name}, not {game.name}")
    return value


@attrs.frozen(eq=False)
class Match:
    """A game in progress, played one token at a time."""

    game: Game
    state: GameState
    vocabulary: Vocabulary
    layout: Layout
    choice: Choice | None
    """The decision of `seat`; None once the game is over or cut short."""
    last_move: GameMove | None = None
    moves: int = 0
    """The moves played so far."""
    max_moves: int | None = None
    """Cut the game short after this many moves (None: play it out)."""

    @classmethod
    def start(
        cls,
        game: Game,
        *,
        players: int | None = None,
        seed: int | None = None,
        options: GameOptions | str | None = None,
        max_moves: int | None = None,
    ) -> Match:
        """A new game (`options` as `resolve_options` reads them), cut short after `max_moves`
        moves if given."""
        state = game.new_game(players, seed=seed, options=resolve_options(game, options))
        return cls.at(game, state, max_moves=max_moves)

    @classmethod
    def at(cls, game: Game, state: GameState, *, max_moves: int | None = None) -> Match:
        """The match from a real state (its vocabulary and layout made from it)."""
        if state.rng is None:
            raise ValueError("a match is played on a real state, not on a view")
        if max_moves is not None and (type(max_moves) is not int or max_moves < 1):
            raise ValueError(f"max_moves is a positive whole number or None, not {max_moves!r}")
        match = cls(game, state, Vocabulary.of(game, state), Layout.of(game, state), None, max_moves=max_moves)
        return match._deciding(state, None, 0)

    def replaced(self, state: GameState) -> Match:
        """The match at another real state of the same game, options and players (as a new
        deal): the vocabulary and layout are reused."""
        return self._deciding(state, None, 0)

    def __deepcopy__(self, memo: dict[int, object]) -> Match:
        """A match is an immutable value: copying it (as pyspiel's clone does) shares it."""
        return self

    @property
    def players(self) -> int:
        return self.layout.players

    @property
    def finished(self) -> bool:
        """The game is over (by its rules)."""
        return self.game.is_over(self.state)

    @property
    def done(self) -> bool:
        """No more moves: the game is over, or cut short after `max_moves`."""
        return self.choice is None

    @property
    def seat(self) -> int | None:
        """The seat spelling a move now; None once the game is over."""
        return None if self.choice is None else min(self.game.to_act(self.state))

    def pick(self, token: int) -> Match:
        """Spells `token` for the seat to act; applies the move once the tokens name it."""
        if self.choice is None:
            raise ValueError(f"{self.game.name} is over: no token can be played")
        picked = self.choice.pick(token)
        if isinstance(picked, Choice):
            return attrs.evolve(self, choice=picked)
        return self._deciding(self.game.apply(self.state, picked), picked, self.moves + 1)

    def _deciding(self, state: GameState, move: GameMove | None, moves: int) -> Match:
        game = self.game
        choice = None
        if not game.is_over(state) and (self.max_moves is None or moves < self.max_moves):
            choice = Choice.among(self.vocabulary, game.legal_moves(state, min(game.to_act(state))))
        return attrs.evolve(self, state=state, choice=choice, last_move=move, moves=moves)

    def rewards(self) -> tuple[float, ...]:
        """1 for each winner and 0 for the others once the game is over; all 0 before (and
        after a game cut short)."""
        winners = self.game.winners(self.state)
        return tuple(1.0 if seat in winners else 0.0 for seat in range(self.players))

    def observe(self, seat: int) -> list[float]:
        """The observation vector of `seat` (`parlour.adapters.observations`); the prefix is
        the seat's own move in progress, empty for a seat that is not spelling one."""
        prefix: Sequence[int] = self.choice.prefix if self.choice is not None and seat == self.seat else ()
        return self.layout.observe(self.state, seat, prefix)

    def mask(self, seat: int) -> tuple[bool, ...]:
        """The tokens `seat` may play now: its choice's mask, or none when it is not to act."""
        if self.choice is None or seat != self.seat:
            return (False,) * self.vocabulary.size
        return self.choice.mask()
