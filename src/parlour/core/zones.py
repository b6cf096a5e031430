"""Zones: where a game's cards (or tiles) lie, and who may see each place.

A game declares its zones once, as a tuple of `Zone` values naming State fields, and core derives
from that declaration the three things that must agree about hidden information:

- `zone_view(state, player, zones)`: the state as a seat (or a spectator) sees it, every card it
  may not see replaced by the hidden card, the random source dropped and events redacted;
- `zone_shuffle(state, player, seed, zones)`: a state that differs only in what the seat may not
  see: the unseen cards dealt afresh among the same places;
- `zone_cards(state, zones)`: every card of every zone, for conservation checks;

and the property suite reads `unseen_cards` to check directly that no face the viewer may not
see appears anywhere in a view's JSON.

Visibility is one of `Seen.EVERYONE`, `Seen.OWNER` (each seat sees its own part of a by-seat
zone), `Seen.NOBODY`, or a rule over the state: `rule(state, viewer, owner) -> bool`, or a tuple
of booleans, one per card of that owner's part, for zones where single cards are face up or down
(Klondike's tableau, Golf's peeked cards). A zone's field may hold a card, None, a tuple of cards,
tuples of those (by seat, or melds), or an attrs value holding them (a `Trick`).

>>> from parlour.core.cards import parse_cards
>>> zones = (Zone("hands", Seen.OWNER, by_seat=True), Zone("stock", Seen.NOBODY))
>>> @attrs.frozen(kw_only=True)
... class Table:
...     hands: tuple[tuple[Card, ...], ...]
...     stock: tuple[Card, ...]
...     rng: Rng | None = None
...     viewer: int | None = None
...     events: tuple[Event, ...] = ()
>>> table = Table(hands=(parse_cards("AS KS"), parse_cards("2C")), stock=parse_cards("3D 4D"), rng=Rng(1))
>>> seen = zone_view(table, 0, zones)
>>> [cards_text(h) for h in seen.hands], cards_text(seen.stock), seen.viewer
(['AS KS', '??'], '?? ??', 0)
>>> sorted(map(str, unseen_cards(table, 0, zones)))
['2C', '3D', '4D']
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Final, TypeAlias, TypeVar, cast

import attrs

from parlour.core.cards import HIDDEN, Card, card_counts, cards_text, check_counts
from parlour.core.events import Event, redact_events
from parlour.core.rng import Rng

if TYPE_CHECKING:  # the dominoes register their tiles here when imported (`add_piece_kind`)
    from parlour.core.dominoes import Tile

__all__ = [
    "Seen",
    "add_piece_kind",
    "VisibilityRule",
    "Zone",
    "check_viewer",
    "check_zones",
    "hidden_places",
    "top_card_only",
    "unseen_cards",
    "zone_cards",
    "zone_determinize",
    "zone_shuffle",
    "zone_view",
]

T = TypeVar("T")
Piece: TypeAlias = "Card | Tile"
"""What lies in a zone: a card, or a domino tile (tile games declare zones the same way)."""


def _fields_of(value: object) -> tuple[attrs.Attribute[object], ...]:
    """The attrs fields of an attrs instance."""
    cls: type = type(value)
    return tuple(attrs.fields(cls))


class Seen(enum.Enum):
    """Who sees the cards of a zone, when no rule over the state is needed."""

    EVERYONE = "everyone"
    OWNER = "owner"
    """In a by-seat zone, each seat sees its own part; in a zone without owners, nobody."""
    NOBODY = "nobody"


VisibilityRule: TypeAlias = Callable[[object, "int | None", "int | None"], "bool | tuple[bool, ...]"]
"""`rule(state, viewer, owner)`: whether `viewer` (None: a spectator) sees the part of the zone
that belongs to `owner` (None in a zone without owners); or one boolean per card of that part."""


@attrs.frozen
class Zone:
    """One place where cards lie: a State field, who sees it, and how its cards are kept."""

    field: str
    """The State field holding the zone's cards."""
    seen: Seen | VisibilityRule
    by_seat: bool = False
    """The field is a tuple indexed by seat (hands, passes, melds by owner)."""
    sort: Callable[[Sequence[Card]], tuple[Card, ...]] | Callable[[Sequence[Tile]], tuple[Tile, ...]] | None = None
    """How a part of the zone is kept ordered (a sorted hand): applied to parts that
    `zone_shuffle` refills, so the order of a hidden hand tells nothing. None keeps places."""


_Shown: TypeAlias = "bool | tuple[bool, ...]"


def top_card_only(field: str) -> VisibilityRule:
    """The visibility rule of a squared-up pile held in State field `field` (top card last):
    everyone sees its top card and nobody the cards under it (Thirty-One's and Golf's discards).

    >>> from parlour.core.cards import parse_cards
    >>> class Table:
    ...     discards = parse_cards("3C 9H KS")
    >>> top_card_only("discards")(Table(), 0, None)
    (False, False, True)
    """

    def rule(state: object, viewer: int | None, owner: int | None) -> tuple[bool, ...]:
        count = len(getattr(state, field))
        return (False,) * (count - 1) + (True,) if count else ()

    return rule


def _shown(zone: Zone, state: object, viewer: int | None, owner: int | None) -> _Shown:
    seen = zone.seen
    if seen is Seen.EVERYONE:
        return True
    if seen is Seen.NOBODY:
        return False
    if seen is Seen.OWNER:
        return owner is not None and viewer == owner
    return seen(state, viewer, owner)


def _parts(zone: Zone, value: object) -> Iterator[tuple[int | None, object]]:
    """The zone's value split by owner: (seat, part) per seat of a by-seat zone, else one part."""
    if zone.by_seat:
        if not isinstance(value, tuple):
            raise TypeError(f"zone {zone.field} is by seat but holds {type(value).__name__}")
        yield from enumerate(value)
    else:
        yield None, value


def _cards_in(value: object) -> list[Piece]:
    """Every card (or tile) in a value (a piece, None, nested tuples, or an attrs value holding
    them)."""
    kind = type(value)
    if kind is tuple:
        assert isinstance(value, tuple)
        types = set(map(type, value))
        if len(types) <= 1 and types <= _PIECE_KINDS:
            return list(value)
        return [card for item in value for card in _cards_in(item)]
    if kind in _PIECE_KINDS:
        return [cast("Piece", value)]
    if value is None or isinstance(value, (int, str, enum.Enum)):
        return []
    names = _ATTRS_FIELDS.get(kind)
    if names is None:
        names = _ATTRS_FIELDS[kind] = tuple(f.name for f in attrs.fields(kind)) if attrs.has(kind) else ()
    return [card for name in names for card in _cards_in(getattr(value, name))]


_HIDDEN_PIECE: Final[dict[type, Piece]] = {Card: HIDDEN}
"""Each kind of piece a zone may hold, with the placeholder that hides one: cards, and the
domino tiles, which `parlour.core.dominoes` adds when it is imported (`add_piece_kind`), so
that card games, and ``import parlour``, never load the dominoes."""
_PIECE_KINDS: Final[set[type]] = {Card}
"""The keys of `_HIDDEN_PIECE`, as a set (type sets compare with ``<=``)."""


def add_piece_kind(kind: type, hidden: Piece) -> None:
    """Lets zones hold pieces of class `kind` (hidden as `hidden` in views); called once by the
    module defining them, when it is imported."""
    _HIDDEN_PIECE[kind] = hidden
    _PIECE_KINDS.add(kind)


_ATTRS_FIELDS: Final[dict[type, tuple[str, ...]]] = {}
"""The field names of each attrs class met in a zone (none for other classes), found once."""


def _refill(value: T, cards: Iterator[Piece]) -> T:
    """`value` with its cards replaced, in order, by the next ones of `cards`."""
    if type(value) in _PIECE_KINDS:
        return next(cards)  # type: ignore[return-value]
    if isinstance(value, tuple):
        return tuple(_refill(item, cards) for item in value)  # type: ignore[return-value]
    if value is None or isinstance(value, (int, str, enum.Enum)):
        return value
    if attrs.has(type(value)):
        changes = {}
        for f in _fields_of(value):
            old = getattr(value, f.name)
            if _cards_in(old):
                changes[f.alias or f.name] = _refill(old, cards)
        return attrs.evolve(value, **changes) if changes else value  # type: ignore[misc]
    return value


def _masked(value: T, shown: _Shown) -> T:
    """`value` with every card `shown` does not allow turned into the hidden card."""
    if shown is True:
        return value
    cards = _cards_in(value)
    if shown is False:
        flags: Sequence[bool] = (False,) * len(cards)
    else:
        flags = shown
        if len(flags) != len(cards):
            raise ValueError(f"a visibility rule gave {len(flags)} flags for {len(cards)} cards")
    return _refill(value, iter(card if ok else _hidden(card) for card, ok in zip(cards, flags)))


def _hidden(piece: Piece) -> Piece:
    """The placeholder that hides `piece`: the hidden card, or the hidden tile."""
    return _HIDDEN_PIECE[type(piece)]


def _resorted(zone: Zone, part: T) -> T:
    if zone.sort is None or not isinstance(part, tuple) or not all(type(c) in _PIECE_KINDS and not c.is_hidden for c in part):
        return part  # nothing to sort by, or a view's hidden cards, which keep their places
    return zone.sort(part)  # type: ignore[return-value]


def check_viewer(state: object, player: object, players: int) -> None:
    """Refuses a viewer that is not a seat, and a view asked of a view for another seat."""
    if player is not None and (type(player) is not int or not 0 <= player < players):
        raise ValueError(f"viewer must be a seat 0..{players - 1} or None, not {player!r}")
    if getattr(state, "rng", None) is None and getattr(state, "viewer", None) != player:
        raise ValueError(f"this is already the view of {_who(getattr(state, 'viewer', None))}; it cannot show more")


def _who(viewer: int | None) -> str:
    return "a spectator" if viewer is None else f"seat {viewer}"


def zone_view(state: T, player: int | None, zones: Sequence[Zone]) -> T:
    """`state` as `player` (None: a spectator) sees it: the cards of every place it may not see
    hidden, `rng` None, `viewer` set, events redacted. A view of the view is the same view."""
    changes: dict[str, object] = {}
    for zone in zones:
        value = getattr(state, zone.field)
        if zone.by_seat:
            assert isinstance(value, tuple)
            parts = tuple(_masked(part, _shown(zone, state, player, seat)) for seat, part in enumerate(value))
            if any(new is not old for new, old in zip(parts, value)):
                changes[zone.field] = parts
        else:
            masked = _masked(value, _shown(zone, state, player, None))
            if masked is not value:
                changes[zone.field] = masked
    events: tuple[Event, ...] = getattr(state, "events")
    return attrs.evolve(  # type: ignore[misc]
        state, rng=None, viewer=player, events=redact_events(events, player), **changes
    )


def unseen_cards(state: object, player: int | None, zones: Sequence[Zone]) -> list[Piece]:
    """The real cards (or tiles) of `state` that `player` may not see (hidden faces excluded)."""
    unseen: list[Piece] = []
    for zone in zones:
        for owner, part in _parts(zone, getattr(state, zone.field)):
            shown = _shown(zone, state, player, owner)
            if shown is True:
                continue
            cards = _cards_in(part)
            flags = (False,) * len(cards) if shown is False else shown
            unseen.extend(c for c, ok in zip(cards, flags) if not ok and not c.is_hidden)
    return unseen


def zone_shuffle(state: T, player: int | None, seed: int, zones: Sequence[Zone]) -> T:
    """A state that differs from `state` only in what `player` may not see: those cards dealt
    afresh among the same places (each part keeping its count, sorted parts re-sorted), and a
    new random source from `seed` (a view keeps none: shuffling never makes a view playable)."""
    pool = unseen_cards(state, player, zones)
    mixed, _ = Rng(seed).shuffled(pool)
    fresh = iter(mixed)
    changes: dict[str, object] = {}
    for zone in zones:
        value = getattr(state, zone.field)
        parts = []
        changed = False
        for owner, part in _parts(zone, value):
            shown = _shown(zone, state, player, owner)
            if shown is True or not _cards_in(part):
                parts.append(part)
                continue
            cards = _cards_in(part)
            flags = (False,) * len(cards) if shown is False else shown
            refill = (c if ok or c.is_hidden else next(fresh) for c, ok in zip(cards, flags))
            new = _refill(part, refill)
            parts.append(_resorted(zone, new) if shown is False else new)
            changed = True
        if changed:
            changes[zone.field] = tuple(parts) if zone.by_seat else parts[0]
    rng = None if getattr(state, "rng") is None else Rng(seed)
    return attrs.evolve(state, rng=rng, **changes)  # type: ignore[misc]


CardAllowed: TypeAlias = Callable[[str, "int | None", Piece], bool]
"""`allowed(field, owner, card)`: whether `card` may lie in the part of zone `field` that belongs
to `owner` (None in a zone without owners): what a player has inferred, such as a void suit."""


def zone_determinize(
    view: T, pack: Sequence[Piece], seed: int, zones: Sequence[Zone], allowed: CardAllowed | None = None
) -> T:
    """A real state that `view` could have come from: every hidden card replaced by one of the
    cards of `pack` the view does not show, dealt at random from `seed`, sorted parts re-sorted,
    a random source from `seed` and no viewer. The view of the result for the view's seat is the
    view again.

    `allowed` narrows where each card may go. Parts with the fewest allowed cards are dealt
    first, each hidden place taking the first allowed card of the shuffled pool; a place no
    remaining card is allowed in takes the next card anyway (the inference was wrong or cannot
    be met), so the result always conserves the pack.
    """
    missing = Counter(pack)
    places: list[tuple[str, int | None]] = []
    for zone in zones:
        for owner, part in _parts(zone, getattr(view, zone.field)):
            for card in _cards_in(part):
                if card.is_hidden:
                    places.append((zone.field, owner))
                elif missing[card] > 0:
                    missing[card] -= 1
                else:
                    raise ValueError(f"the view shows {card} more often than the pack holds it")
    pool = list(missing.elements())
    if len(pool) != len(places):
        raise ValueError(f"the view hides {len(places)} cards but {len(pool)} of the pack are unseen")
    pool = list(Rng(seed).shuffled(pool)[0])
    dealt = _deal_places(places, pool, allowed)
    changes: dict[str, object] = {}
    for zone in zones:
        value = getattr(view, zone.field)
        parts = []
        changed = False
        for owner, part in _parts(zone, value):
            cards = _cards_in(part)
            if not any(card.is_hidden for card in cards):
                parts.append(part)
                continue
            fresh = dealt[(zone.field, owner)]
            parts.append(_resorted(zone, _refill(part, (fresh.pop() if c.is_hidden else c for c in cards))))
            changed = True
        if changed:
            changes[zone.field] = tuple(parts) if zone.by_seat else parts[0]
    return attrs.evolve(view, rng=Rng(seed), viewer=None, **changes)  # type: ignore[misc]


def _deal_places(
    places: Sequence[tuple[str, int | None]], pool: list[Piece], allowed: CardAllowed | None
) -> dict[tuple[str, int | None], list[Piece]]:
    """The cards dealt to each part's hidden places (popped from the end, so in pool order)."""
    counts = Counter(places)
    if allowed is None:
        dealt: dict[tuple[str, int | None], list[Piece]] = {}
        cards = iter(pool)
        for place in places:
            dealt.setdefault(place, []).insert(0, next(cards))
        return dealt
    order = sorted(counts, key=lambda place: sum(allowed(place[0], place[1], card) for card in pool))
    dealt = {}
    for place in order:
        hand: list[Piece] = []
        for _ in range(counts[place]):
            pick = next((i for i, card in enumerate(pool) if allowed(place[0], place[1], card)), 0)
            hand.insert(0, pool.pop(pick))
        dealt[place] = hand
    return dealt


def hidden_places(view: object, zones: Sequence[Zone]) -> list[tuple[str, int | None, int, bool]]:
    """Where a view hides cards: (field, owner, hidden count, whether the part is kept sorted)
    for each part of a zone holding hidden cards. A sorted part's order tells nothing, so only
    which cards it holds is unknown; in any other part (a stock) the order is unknown too."""
    places = []
    for zone in zones:
        for owner, part in _parts(zone, getattr(view, zone.field)):
            count = sum(card.is_hidden for card in _cards_in(part))
            if count:
                places.append((zone.field, owner, count, zone.sort is not None))
    return places


def zone_cards(state: object, zones: Sequence[Zone]) -> list[Piece]:
    """Every card (or tile) in every zone of `state` (hidden ones included, as the placeholder)."""
    return [card for zone in zones for card in _cards_in(getattr(state, zone.field))]


def check_zones(game: str, state: object, zones: Sequence[Zone], pack: Sequence[Card] | Sequence[Tile]) -> None:
    """Conservation over the declared zones, and a view's consistency: ValueError if broken.

    Every card of `pack` (a pack of cards or a set of tiles) lies in exactly one zone (hidden
    ones stand for any). A state with a random source has no viewer and no hidden card; a view
    hides exactly what its viewer may not see: no face it may not see, and no hidden card where
    it may see.
    """
    pieces = zone_cards(state, zones)
    if pack and type(pack[0]) is not Card and type(pack[0]) in _PIECE_KINDS:
        from parlour.core.dominoes import HIDDEN_TILE, Tile, check_tile_conservation  # tiles: imported

        tiles = [p for p in pieces if type(p) is Tile]
        if len(tiles) != len(pieces):
            raise ValueError(f"{game}: a zone holds something other than tiles")
        check_tile_conservation(game, tiles, [t for t in pack if type(t) is Tile])
        hides = HIDDEN_TILE in tiles
    else:
        counts = card_counts(p for p in pieces if type(p) is Card)
        if sum(counts.values()) != len(pieces):
            raise ValueError(f"{game}: a zone holds something other than cards")
        check_counts(game, counts, cast("Sequence[Card]", pack))
        hides = HIDDEN.index in counts
    viewer = getattr(state, "viewer", None)
    if getattr(state, "rng") is not None:
        if viewer is not None:
            raise ValueError(f"{game}: a state with a random source is not a view and has no viewer")
        if hides:
            raise ValueError(f"{game}: a state with a random source is not a view and hides no card")
        return
    for zone in zones:
        for owner, part in _parts(zone, getattr(state, zone.field)):
            shown = _shown(zone, state, viewer, owner)
            cards = _cards_in(part)
            flags = (shown,) * len(cards) if isinstance(shown, bool) else shown
            for card, ok in zip(cards, flags):
                if ok and card.is_hidden:
                    raise ValueError(f"{game}: the view of {_who(viewer)} hides a card of {zone.field} it may see")
                if not ok and not card.is_hidden:
                    raise ValueError(f"{game}: the view of {_who(viewer)} shows {card} in {zone.field}, which it may not see")
