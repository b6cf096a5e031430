"""Building test positions: a real state with chosen cards in one seat's hand."""

from __future__ import annotations

import attrs

from parlour.core.cards import Card, parse_cards
from parlour.core.game import Game, GameState
from parlour.core.zones import Seen


def give(game: Game, state: GameState, seat: int, text: str) -> GameState:
    """`state` with seat `seat`'s hand (the game's first by-seat zone) holding exactly the cards
    of `text`, swapped in from the other hands or a face-down pile; the cards they replace go
    where those came from, so the pack is conserved (checked by the game's own invariants)."""
    wanted = parse_cards(text)
    zone = next(z for z in game.zones if z.by_seat)
    hands = [list(part) for part in getattr(state, zone.field)]
    mine = hands[seat]
    if len(wanted) != len(mine):
        raise ValueError(f"seat {seat} holds {len(mine)} cards, not {len(wanted)}")
    piles = {z.field: list(getattr(state, z.field)) for z in game.zones if z.seen is Seen.NOBODY and not z.by_seat}
    spare = [card for card in mine if card not in wanted]
    for card in wanted:
        if card in mine:
            continue
        out = spare.pop()
        places = [h for s, h in enumerate(hands) if s != seat] + list(piles.values())
        holder = next(place for place in places if card in place)
        holder[holder.index(card)] = out
        mine[mine.index(out)] = card
    sort = zone.sort
    new_hands = tuple(tuple(sort(h)) if sort is not None else tuple(h) for h in hands)
    changes: dict[str, object] = {zone.field: new_hands, **{field: tuple(pile) for field, pile in piles.items()}}
    placed: GameState = attrs.evolve(state, **changes)  # type: ignore[misc]
    game.check_invariants(placed)
    return placed


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)
