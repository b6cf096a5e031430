"""What one decision of the rule-of-thumb bot may look at: the seat's view, its legal moves, and
states sampled consistently with the view.

A `Table` is built afresh for every decision from ``game.view(state, seat)`` alone. Where a rule
of thumb needs to know what a move does (the score it makes now, the card a draw brings, who
wins the trick), it applies the move to a determinization (`parlour.bots.determinize`): a real
state whose hidden cards are dealt at random consistently with the view. The bot never applies
a move to the real state, so a choice cannot depend on cards the seat may not see.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from parlour.bots.determinize import determinize
from parlour.core.cards import Card, Rank
from parlour.core.game import Game, GameMove, GameState
from parlour.core.tricks import Trick

__all__ = ["Table", "cards_of", "power", "type_name"]

M = TypeVar("M", bound=GameMove)

SAMPLES = 3
"""Determinizations drawn per decision (each costs about a third of a millisecond)."""
MOST_EVALUATED = 16
"""Moves whose outcome is simulated in one decision, at most (see `Table.shortlist`)."""


def type_name(move: GameMove) -> str:
    """A move's class name: the shared vocabulary of moves (PlayCard, Discard, Pass, DrawStock...)."""
    return type(move).__name__


def power(card: Card) -> int:
    """A card's strength by the usual trick-taking order: 2 lowest, ace 14, a joker 15."""
    if card.rank is Rank.ACE:
        return 14
    if card.rank is Rank.JOKER:
        return 15
    return int(card.rank)


def cards_of(move: GameMove) -> tuple[Card, ...]:
    """The cards a move names (its `card` or `cards` field), empty if it names none."""
    card = getattr(move, "card", None)
    if isinstance(card, Card):
        return (card,)
    cards = getattr(move, "cards", None)
    if isinstance(cards, tuple) and all(isinstance(c, Card) for c in cards):
        return cards
    return ()


class Table:
    """One decision of seat `player`: its view, its legal moves and seeded determinizations."""

    def __init__(self, game: Game, view: GameState, player: int, rng: random.Random, memory: set[Hashable]) -> None:
        self.game = game
        self.view = view
        self.player = player
        self.moves: tuple[GameMove, ...] = game.legal_moves(view)
        self.players = len(game.scores(view))
        self.direction = -1 if game.low_score_wins else 1
        """+1 where a higher score is better, -1 where a lower one is."""
        self.memory = memory
        """Facts the bot keeps between decisions (its own bids), owned by the bot."""
        # The same number of draws every decision, so the random stream depends on the calls alone.
        self._seeds = tuple(rng.randrange(2**63) for _ in range(SAMPLES))
        self.rng = random.Random(rng.randrange(2**63))
        """For choices inside a decision (simulated opponents, ties)."""
        self._samples: dict[int, GameState] = {}

    def sample(self, index: int = 0) -> GameState:
        """Determinization number `index` (0..SAMPLES-1) of the view, made on first use."""
        found = self._samples.get(index)
        if found is None:
            found = self._samples[index] = determinize(self.game, self.view, self._seeds[index % SAMPLES])
        return found

    def after(self, move: GameMove, index: int = 0) -> GameState:
        """Determinization `index` with `move` applied."""
        return self.game.apply(self.sample(index), move)

    def gain(self, before: GameState, after: GameState, seat: int | None = None) -> float:
        """How much `seat`'s (default: this seat's) score improved from `before` to `after`, in
        the game's direction."""
        who = self.player if seat is None else seat
        return float(self.direction * (self.game.scores(after)[who] - self.game.scores(before)[who]))

    def hand(self, state: GameState | None = None) -> tuple[Card, ...]:
        """The cards of this seat's part of the game's first by-seat zone (its hand) that it can
        see; empty for games without cards."""
        where = self.view if state is None else state
        for zone in self.game.zones:
            if zone.by_seat:
                part = getattr(where, zone.field)[self.player]
                if isinstance(part, tuple):
                    return tuple(c for c in part if isinstance(c, Card) and not c.is_hidden)
                return ()
        return ()

    def trick(self, state: GameState | None = None) -> Trick | None:
        """The trick on the table (a zone holding a `Trick`), or None."""
        where = self.view if state is None else state
        for zone in self.game.zones:
            value = getattr(where, zone.field)
            if isinstance(value, Trick):
                return value
        return None

    def my_moves(self, state: GameState) -> tuple[GameMove, ...]:
        """This seat's legal moves in a determinized state (none once it is another's turn)."""
        if self.game.is_over(state) or self.player not in self.game.to_act(state):
            return ()
        return self.game.legal_moves(state, self.player)

    def shortlist(self, moves: Sequence[M], most: int = MOST_EVALUATED) -> list[M]:
        """`moves` if there are at most `most`, else a seeded sample of `most` of them in their
        order (what keeps a decision cheap where the legal moves run to dozens)."""
        if len(moves) <= most:
            return list(moves)
        keep = sorted(self.rng.sample(range(len(moves)), most))
        return [moves[i] for i in keep]

    def best(self, moves: Sequence[M], value: Callable[[M], float]) -> M:
        """The move of highest value; equal values (within 1e-9) are broken by a seeded draw."""
        scored = [(value(move), move) for move in moves]
        top = max(v for v, _ in scored)
        tied = [move for v, move in scored if v >= top - 1e-9]
        return tied[self.rng.randrange(len(tied))]
