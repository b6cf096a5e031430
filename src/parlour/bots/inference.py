"""What a seat learns about hidden cards by watching the table, for fair search bots.

A view shows where cards lie now; a seat that has watched every move knows more. `CardFacts`
follows the views one seat is shown (its own view after every move, events included) and keeps
two kinds of fact, both read from the public API alone:

- **held**: a card the seat saw go into another seat's hidden hand stays there until it is seen
  again: a card taken from the discard pile or the turned card (`TAKES`), a card this seat passed
  (its own `GIVES`), a card shown to the table and kept (`SHOWS`, a Go Fish rank shown), a card
  drawn or received face up (`DRAWS`, `RECEIVES`);
- **lacks**: a seat that played a card of another suit than the one led to a trick (a core
  `Trick` in the state) may have done so because it holds none of that suit. The game's own
  rules decide, from the view before the play: a real state is dealt in which the seat holds the
  card it played and none of the unseen cards of the suit led, and may play that card; then each
  unseen card of the suit led is swapped into its hand in turn, and if the rules now forbid the
  play, the seat cannot hold that card. So trumping allowed at any time (Pitch) or a bower that
  belongs to the trump suit (Euchre) never yields a wrong void.

Facts about a seat are dropped when it takes unseen cards in (a draw, a card received: the
lacks) or gives unseen cards away (the held cards), and all of them when cards are dealt afresh
(a new hand, a new game).
`allowed(field, owner, card)` is the predicate `parlour.bots.determinize.determinize` takes.

>>> import parlour
>>> hearts = parlour.game("hearts")
>>> state = hearts.new_game(seed=5)
>>> facts = CardFacts(seat=0)
>>> facts.observe(hearts, hearts.view(state, 0))
>>> for move in hearts.legal_moves(state, 0)[:3]:   # seat 0 passes three cards to seat 1
...     state = hearts.apply(state, move)
...     facts.observe(hearts, hearts.view(state, 0))
>>> sorted(map(str, facts.held)), set(facts.held.values())
(['4C', '4D', '6D'], {1})
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from parlour.bots.determinize import determinize, pack_of
from parlour.core.cards import Card
from parlour.core.events import Event, EventKind
from parlour.core.game import Game, GameState
from parlour.core.tricks import Trick
from parlour.core.zones import Piece, Zone, zone_cards

__all__ = ["CardFacts"]

_CARDS_IN: frozenset[EventKind] = frozenset({EventKind.DRAWS, EventKind.RECEIVES, EventKind.TAKES})
"""Events by which a seat may take unseen cards into its hand."""
_CARDS_OUT: frozenset[EventKind] = frozenset(
    {EventKind.GIVES, EventKind.CLAIMS, EventKind.DISCARDS, EventKind.PLAYS, EventKind.MELDS, EventKind.LAYS_OFF}
)
"""Events by which a seat may put cards from its hand where this seat cannot see them."""
_KEPT: frozenset[EventKind] = frozenset({EventKind.TAKES, EventKind.SHOWS, EventKind.DRAWS, EventKind.RECEIVES})
"""Events whose face-up cards go into (or stay in) the acting seat's hand."""


class CardFacts:
    """The facts one seat (`seat`) has inferred about where the cards it cannot see lie."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.held: dict[Piece, int] = {}
        """Cards known to lie in another seat's hidden hand, by card: that seat."""
        self.lacks: dict[int, set[Piece]] = {}
        """Cards each seat is known not to hold, by seat."""
        self._armed: set[Piece] = set()
        """Held cards seen hidden since the fact was learnt: seen face up again, they have left."""
        self._last: GameState | None = None
        self._game = ""

    def __repr__(self) -> str:
        lacks = {seat: len(cards) for seat, cards in self.lacks.items() if cards}
        return f"CardFacts(seat={self.seat}, held={len(self.held)}, lacks={lacks})"

    def describes(self, game: Game, view: GameState) -> bool:
        """Whether the facts say anything about `view`: it is the view last observed (facts
        learnt elsewhere, say in an earlier game, do not carry over)."""
        known = bool(self.held) or any(self.lacks.values())
        return known and game.name == self._game and view == self._last

    def observe(self, game: Game, view: GameState) -> None:
        """Learns from `view`, this seat's view of the state after a move (or of a first state)."""
        if view.viewer != self.seat:
            raise ValueError(f"facts of seat {self.seat} learn from its own view, not that of {view.viewer}")
        last = self._last
        events = view.events
        dealt = any(event.kind is EventKind.DEALS for event in events)
        if last is None or dealt or game.name != self._game or view.hand != last.hand:
            self.held.clear()
            self.lacks.clear()
            self._armed.clear()
            if last is not None:
                events = _since_deal(events)
            last = None
        self._game = game.name
        self._last = view
        single = _single_copies(game, view)
        for event in events:
            self._learn(game, last, view, event, single)
        self._forget_seen(game, view)

    def allowed(self, field: str, owner: int | None, card: Piece) -> bool:
        """Whether `card` may lie in `owner`'s part of zone `field` (the `determinize` predicate)."""
        holder = self.held.get(card)
        if holder is not None:
            return owner == holder
        return owner is None or card not in self.lacks.get(owner, ())

    def _learn(
        self, game: Game, last: GameState | None, view: GameState, event: Event, single: frozenset[Piece]
    ) -> None:
        """Learns from one event of the move that led to `view` (`last`: the view before it)."""
        seat = event.player
        if seat is None or not event.cards:
            return
        shown = [card for card in event.cards if not card.is_hidden]
        receiver = event.numbers[0] if event.kind is EventKind.GIVES and event.numbers else None
        if len(shown) < len(event.cards):
            if event.kind in _CARDS_IN:
                self.lacks.pop(seat, None)
            if event.kind in _CARDS_OUT:
                self._drop_held(seat)
            if receiver is not None:
                self.lacks.pop(receiver, None)
        if receiver is not None:
            self._hold(receiver, shown, single)
        elif event.kind in _KEPT:
            self._hold(seat, shown, single)
            self.lacks.get(seat, set()).difference_update(shown)
        elif event.kind is EventKind.PLAYS and last is not None and len(shown) == 1 == len(event.cards):
            self._learn_void(game, last, view, seat, shown[0])

    def _hold(self, seat: int, cards: Iterable[Piece], single: frozenset[Piece]) -> None:
        if seat == self.seat:
            return
        for card in cards:
            if card in single:
                self.held[card] = seat
                self._armed.discard(card)

    def _drop_held(self, seat: int) -> None:
        """`seat` gave unseen cards away: its known cards may be among them (not those still in
        sight, such as cards passed to it and not yet picked up)."""
        for card in [card for card, holder in self.held.items() if holder == seat and card in self._armed]:
            del self.held[card]
            self._armed.discard(card)

    def _forget_seen(self, game: Game, view: GameState) -> None:
        """Held cards seen face up again have left the hand; hidden ones are armed for that."""
        if not self.held:
            return
        seen = set(zone_cards(view, game.zones))
        for card in list(self.held):
            if card not in seen:
                self._armed.add(card)
            elif card in self._armed:
                del self.held[card]
                self._armed.discard(card)

    def _learn_void(self, game: Game, before: GameState, after: GameState, seat: int, played: Piece) -> None:
        """`seat` played `played` to the trick of `before`: which unseen cards of the suit led
        would the rules have stopped it from playing that card with?"""
        if seat == self.seat or not isinstance(played, Card):
            return
        trick = _trick_of(before)
        if trick is None or not trick.cards or not _continues(trick, after, played):
            return
        led = trick.cards[0].suit
        if led is None or played.suit == led:
            return
        known = self.lacks.setdefault(seat, set())
        seen = set(zone_cards(before, game.zones))
        suited = [
            card for card in pack_of(game, before) if isinstance(card, Card) and card.suit is led and card not in seen
        ]
        base = _deal_without(game, before, seat, played, suited)
        if base is None:
            return
        for card in suited:
            if card not in known and not _plays(game, _swapped_in(game, base, seat, played, card), played):
                known.add(card)


def _since_deal(events: tuple[Event, ...]) -> tuple[Event, ...]:
    """The events of a move that dealt a new hand which belong to the new hand (after the deal;
    none if the deal is not among them)."""
    deals = [i for i, event in enumerate(events) if event.kind is EventKind.DEALS]
    return events[deals[-1] + 1 :] if deals else ()


def _single_copies(game: Game, view: GameState) -> frozenset[Piece]:
    """The cards the pack holds once (facts about a card of a two-pack shoe name no copy)."""
    pack = pack_of(game, view)
    counts: dict[Piece, int] = {}
    for card in pack:
        counts[card] = counts.get(card, 0) + 1
    return frozenset(card for card, count in counts.items() if count == 1)


_TRICK_FIELDS: dict[type, str | None] = {}
"""The State field holding a core `Trick`, by State class (None: the game has no tricks)."""


def _trick_of(state: GameState) -> Trick | None:
    """The trick in play in `state`, if its game keeps a core `Trick`."""
    kind = type(state)
    if kind not in _TRICK_FIELDS:
        found = None
        if attrs.has(kind):
            for field in attrs.fields(kind):
                if isinstance(getattr(state, field.name), Trick):
                    found = field.name
                    break
        _TRICK_FIELDS[kind] = found
    name = _TRICK_FIELDS[kind]
    value = None if name is None else getattr(state, name)
    return value if isinstance(value, Trick) else None


def _continues(trick: Trick, after: GameState, played: Card) -> bool:
    """Whether `after` is the state right after `played` went onto `trick` (still open, or just
    won): a guard against learning from two views that are not consecutive."""
    grown = (*trick.cards, played)
    now = _trick_of(after)
    if now is not None and now.cards == grown:
        return True
    return any(e.kind is EventKind.WINS_TRICK and e.cards == grown for e in after.events)


def _plays(game: Game, state: GameState | None, card: Card) -> bool:
    """Whether a legal move of `state` plays `card` (names it); True for no state (no test)."""
    if state is None:
        return True
    name = str(card)
    return any(name in str(move).split() for move in game.legal_moves(state))


def _deal_without(game: Game, before: GameState, seat: int, played: Card, suited: list[Card]) -> GameState | None:
    """A real state dealt from `before` in which `seat` holds `played` and none of `suited`, and
    may play `played` (the baseline of the void test); None if the deals tried give none."""
    barred = frozenset(suited)

    def baseline(field: str, owner: int | None, piece: Piece) -> bool:
        if piece == played:
            return owner == seat
        return owner != seat if piece in barred else True

    for seed in range(3):
        dealt = determinize(game, before, seed, baseline)
        part = _part_holding(game, dealt, seat, played)
        if part is not None and not barred & set(part[2]) and _plays(game, dealt, played):
            return dealt
    return None


def _swapped_in(game: Game, base: GameState, seat: int, played: Card, card: Card) -> GameState | None:
    """`base` with `card` moved into `seat`'s hand in exchange for one of its cards other than
    `played`; None where the hands are not plain tuples of cards or `seat` holds only `played`."""
    home = _part_holding(game, base, seat, played)
    away = _part_holding(game, base, None, card)
    if home is None or away is None:
        return None
    hand = home[2]
    given = next((c for c in hand if c != played), None)
    if given is None:
        return None
    changes: dict[str, object] = {}
    for (zone_, owner_, cards), old, new in ((home, given, card), (away, card, given)):
        value = changes.get(zone_.field, getattr(base, zone_.field))
        fresh = list(cards)
        fresh[fresh.index(old)] = new
        sort = zone_.sort
        part: tuple[Card, ...] = sort(fresh) if sort is not None else tuple(fresh)  # type: ignore[arg-type, assignment]
        if zone_.by_seat:
            assert isinstance(value, tuple) and owner_ is not None
            value = (*value[:owner_], part, *value[owner_ + 1 :])
        else:
            value = part
        changes[zone_.field] = value
    return attrs.evolve(base, **changes)  # type: ignore[misc]


def _part_holding(
    game: Game, state: GameState, seat: int | None, card: Card
) -> tuple[Zone, int | None, tuple[Card, ...]] | None:
    """The zone part, a plain tuple of cards, holding `card`: among `seat`'s parts of the by-seat
    zones, or anywhere for `seat` None."""
    for zone in game.zones:
        value = getattr(state, zone.field)
        owned: Iterable[tuple[int | None, object]] = enumerate(value) if zone.by_seat else [(None, value)]
        for owner, part in owned:
            if (seat is None or (zone.by_seat and owner == seat)) and isinstance(part, tuple) and card in part:
                if all(isinstance(piece, Card) for piece in part):
                    return zone, owner, part
    return None
