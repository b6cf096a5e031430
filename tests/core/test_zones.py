"""Unit tests for core/zones: views, shuffles and conservation derived from declared zones."""

from __future__ import annotations

import attrs
import pytest

from parlour.core.cards import HIDDEN, Card, cards_text, parse_cards, sorted_cards, standard_pack
from parlour.core.dominoes import Tile, double_set, tiles_text
from parlour.core.events import Event, EventKind
from parlour.core.rng import Rng
from parlour.core.tricks import Trick
from parlour.core.zones import (
    Seen,
    Zone,
    check_viewer,
    check_zones,
    unseen_cards,
    zone_cards,
    zone_shuffle,
    zone_view,
)


@attrs.frozen(kw_only=True)
class Table:
    """A small two-seat card table with every kind of zone."""

    rng: Rng | None
    viewer: int | None = None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    upcard: Card | None
    trick: Trick
    face_down: tuple[Card, ...]
    """Golf-like: the first card of this pile is face up, the others face down."""
    kitty: tuple[Card, ...]
    kitty_open: bool = False
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)


def _kitty(state: object, viewer: int | None, owner: int | None) -> bool:
    assert isinstance(state, Table)
    return state.kitty_open


def _first_up(state: object, viewer: int | None, owner: int | None) -> tuple[bool, ...]:
    assert isinstance(state, Table)
    return tuple(i == 0 for i in range(len(state.face_down)))


ZONES = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("upcard", Seen.EVERYONE),
    Zone("trick", Seen.EVERYONE),
    Zone("face_down", _first_up),
    Zone("kitty", _kitty),
)
PACK = parse_cards("AS KS QS JS 2C 3C 4C 5C 6D 7D 8D 9D")


def table() -> Table:
    return Table(
        rng=Rng(5),
        hands=(parse_cards("AS KS"), parse_cards("2C 3C")),
        stock=parse_cards("4C 5C"),
        upcard=Card.parse("6D"),
        trick=Trick.of(0, parse_cards("QS"), seats=(0,)),
        face_down=parse_cards("7D 8D 9D"),
        kitty=parse_cards("JS"),
        events=(
            Event(EventKind.DRAWS, player=1, cards=parse_cards("3C"), private=True),
            Event(EventKind.PLAYS, player=0, cards=parse_cards("QS")),
        ),
    )


def test_a_seat_sees_its_own_hand_and_the_public_places_only() -> None:
    seen = zone_view(table(), 0, ZONES)
    assert [cards_text(h) for h in seen.hands] == ["AS KS", "?? ??"]
    assert seen.stock == (HIDDEN, HIDDEN) and seen.kitty == (HIDDEN,)
    assert seen.upcard == Card.parse("6D") and seen.trick == table().trick
    assert cards_text(seen.face_down) == "7D ?? ??"
    assert seen.rng is None and seen.viewer == 0
    assert [str(e) for e in seen.events] == ["seat 1 draws ??", "seat 0 plays QS"]
    assert str(zone_view(table(), 1, ZONES).events[0]) == "seat 1 draws 3C"


def test_a_spectator_sees_no_hand_and_a_rule_can_open_a_zone() -> None:
    seen = zone_view(attrs.evolve(table(), kitty_open=True), None, ZONES)
    assert seen.hands == ((HIDDEN,) * 2, (HIDDEN,) * 2) and seen.kitty == parse_cards("JS")
    assert seen.viewer is None


def test_a_view_of_the_view_is_the_same_view_and_another_seat_is_refused() -> None:
    seen = zone_view(table(), 0, ZONES)
    check_viewer(seen, 0, 2)
    assert zone_view(seen, 0, ZONES) == seen
    with pytest.raises(ValueError, match="already the view of seat 0"):
        check_viewer(seen, 1, 2)
    for bad in (2, -1, True, "0"):
        with pytest.raises(ValueError, match="viewer must be a seat"):
            check_viewer(table(), bad, 2)


def test_unseen_cards_are_what_the_view_hides() -> None:
    def unseen(seat: int) -> str:
        return cards_text(sorted_cards(c for c in unseen_cards(table(), seat, ZONES) if isinstance(c, Card)))

    assert unseen(0) == "2C 3C 4C 5C 8D 9D JS"
    assert unseen(1) == "4C 5C 8D 9D JS KS AS"


def test_shuffle_unseen_moves_only_hidden_cards_and_keeps_every_count() -> None:
    state = table()
    changed = False
    for seed in range(20):
        other = zone_shuffle(state, 0, seed, ZONES)
        assert zone_view(other, 0, ZONES) == zone_view(state, 0, ZONES)
        assert other.rng == Rng(seed)
        assert other.hands[1] == sorted_cards(other.hands[1]), "a refilled hand is kept sorted"
        check_zones("table", other, ZONES, PACK)
        changed |= other.hands[1] != state.hands[1]
    assert changed


def test_shuffling_a_view_keeps_it_a_view() -> None:
    seen = zone_view(table(), 0, ZONES)
    assert zone_shuffle(seen, 0, 3, ZONES) == seen
    assert zone_shuffle(seen, 0, 3, ZONES).rng is None


def test_conservation_counts_every_zone_and_refuses_a_duplicate() -> None:
    state = table()
    assert len(zone_cards(state, ZONES)) == len(PACK)
    check_zones("table", state, ZONES, PACK)
    doubled = attrs.evolve(state, stock=parse_cards("4C 4C"))
    with pytest.raises(ValueError, match="duplicated: 4C"):
        check_zones("table", doubled, ZONES, PACK)
    with pytest.raises(ValueError, match="missing"):
        check_zones("table", state, ZONES, standard_pack())


def test_a_view_must_hide_exactly_what_its_viewer_may_not_see() -> None:
    seen = zone_view(table(), 0, ZONES)
    check_zones("table", seen, ZONES, PACK)
    leaky = attrs.evolve(seen, stock=parse_cards("4C 5C"))
    with pytest.raises(ValueError, match="shows 4C in stock"):
        check_zones("table", leaky, ZONES, PACK)
    hiding_own = attrs.evolve(seen, hands=((HIDDEN, Card.parse("KS")), seen.hands[1]))
    with pytest.raises(ValueError, match="hides a card of hands it may see"):
        check_zones("table", hiding_own, ZONES, PACK)


def test_a_real_state_has_no_viewer_and_no_hidden_card() -> None:
    with pytest.raises(ValueError, match="has no viewer"):
        check_zones("table", attrs.evolve(table(), viewer=0), ZONES, PACK)
    with pytest.raises(ValueError, match="hides no card"):
        check_zones("table", attrs.evolve(table(), stock=(HIDDEN, Card.parse("5C"))), ZONES, PACK)


@attrs.frozen(kw_only=True)
class Yard:
    """A tile game's position: hands by seat and the boneyard."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    rng: Rng | None = None
    viewer: int | None = None
    events: tuple[Event, ...] = ()


TILE_ZONES = (Zone("hands", Seen.OWNER, by_seat=True, sort=lambda tiles: tuple(sorted(tiles))), Zone("boneyard", Seen.NOBODY))


def test_tile_zones_hide_conserve_and_shuffle_like_card_zones() -> None:
    """Domino games declare zones the same way: a view hides tiles as ?-?, conservation counts
    the set, and shuffle_unseen deals the unseen tiles afresh."""
    tiles = double_set(2)
    yard = Yard(hands=(tiles[:2], tiles[2:4]), boneyard=tiles[4:], rng=Rng(3))
    check_zones("yard", yard, TILE_ZONES, tiles)
    seen = zone_view(yard, 0, TILE_ZONES)
    assert [tiles_text(h) for h in seen.hands] == ["0-0 0-1", "?-? ?-?"] and tiles_text(seen.boneyard) == "?-? ?-?"
    check_zones("yard", seen, TILE_ZONES, tiles)
    mixed = zone_shuffle(yard, 0, 9, TILE_ZONES)
    assert mixed.hands[0] == yard.hands[0]
    assert sorted((*mixed.hands[1], *mixed.boneyard)) == sorted((*yard.hands[1], *yard.boneyard))
    with pytest.raises(ValueError, match="duplicated: 0-0"):
        check_zones("yard", attrs.evolve(yard, boneyard=(tiles[0], tiles[5])), TILE_ZONES, tiles)
