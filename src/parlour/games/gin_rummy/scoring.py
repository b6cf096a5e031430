"""Gin Rummy's cards and their count: the pack, the meld rules, the one-pack engine and the showdown.

Everything here is pure and knows nothing of positions or turns: the meld engine
(`parlour.core.melds.OneDeck` on bit masks, `BIT` giving each card's bit), the record of a knock's
showdown and `score_knock` that computes it (the knocker's spread, the defender's best melds and
lay-offs, who wins and how many points), the showdown told as events and read back from them
(`showdown_events`, `showdown_of`), and the public helpers `deadwood` and `is_meld`.

A showdown lives only in the events of the move that ended its hand: its cards go back into the
pack for the next deal, so no record of the state may keep their faces.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from parlour.core.cards import CARD_INDICES, Card, cards_text, parse_cards, standard_pack
from parlour.core.events import Event, EventKind
from parlour.core.melds import POINTS_FACES_10, AceMode, Meld, MeldRules, OneDeck

PACK: Final = standard_pack()
CARD_POINTS: Final = POINTS_FACES_10
"""Ace 1, pips face value, court cards 10."""
MELD_RULES: Final = MeldRules(set_min=3, set_max=4, run_min=3, ace_mode=AceMode.LOW)
"""Sets of 3-4 of a rank, runs of 3+ in a suit, the ace low only."""
ENGINE: Final = OneDeck(MELD_RULES, CARD_POINTS)
"""The classic game's engine (ace low only)."""
_ENGINES: Final[dict[AceMode, OneDeck]] = {AceMode.LOW: ENGINE}


def engine_for(aces: AceMode) -> OneDeck:
    """The meld engine for runs with the ace placed as `aces` says (the classic one for LOW).

    Built on first use and kept: importing the game stays cheap. Every engine gives a card the
    same bit and the same points, so `BIT` and `ENGINE.points` serve them all.
    """
    engine = _ENGINES.get(aces)
    if engine is None:
        engine = _ENGINES[aces] = OneDeck(attrs.evolve(MELD_RULES, ace_mode=aces), CARD_POINTS)
    return engine


def _bits() -> tuple[int, ...]:
    bits = [0] * CARD_INDICES
    for card in PACK:
        bits[card.index] = ENGINE.mask((card,))
    return tuple(bits)


BIT: Final = _bits()
"""`BIT[card.index]`: the card's bit in the engine's masks (0 for cards outside the pack)."""

_IN_PACK: Final = frozenset(PACK)

MELD: Final = "meld"
DEADWOOD: Final = "deadwood"
LAID_OFF: Final = "lays off"
"""The labels of the SHOWS events of a showdown: one meld, the deadwood (its count as the
number), the cards the defender laid off onto the knocker's melds."""
DOUBLE_GIN: Final = "double gin"
WIN_LABELS: Final = {"gin": True, DOUBLE_GIN: True, "knock": False, "undercut": False}
"""The labels of the SCORES event of a showdown, by whether the hand was gin."""
STOCK_OUT: Final = "stock out"
"""The label of the SCORES event of a hand that ended with the stock run out (tournament)."""


@attrs.frozen
class Showdown:
    """What a knock showed: both arrangements, the lay-offs and the points."""

    knocker: int
    gin: bool
    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    defender_melds: tuple[tuple[Card, ...], ...]
    laid_off: tuple[Card, ...]
    defender_deadwood: tuple[Card, ...]
    winner: int
    points: int
    double: bool = False
    """Double Gin: all the cards melded and none put away (tournament)."""


def score_knock(
    gin_bonus: int,
    undercut_bonus: int,
    k: int,
    gin: bool,
    melds: tuple[tuple[Card, ...], ...],
    knocker_mask: int,
    d_mask: int,
    *,
    engine: OneDeck = ENGINE,
    double: bool = False,
    undercut_doubles: bool = False,
) -> Showdown:
    """The showdown of a knock by seat `k` holding `knocker_mask`, against `d_mask`.

    `double` is a Double Gin (scored as gin); `undercut_doubles` scores an undercut as twice the
    knocker's deadwood plus the bonus (tournament) instead of the difference plus the bonus.
    """
    melded = 0
    for meld_cards in melds:
        melded |= engine.mask(meld_cards)
    k_dead = engine.points(knocker_mask & ~melded)
    if gin:
        # No lay-off against gin.
        laid, d_dead = 0, engine.deadwood(d_mask)
    else:
        d_dead, laid, _ = engine.defend(d_mask, [engine.melds[engine.mask(m)] for m in melds])
    d_melds = meld_cards_of(engine.best_melds(d_mask & ~laid))
    d_melded = 0
    for meld_cards in d_melds:
        d_melded |= engine.mask(meld_cards)
    if gin:
        winner, points = k, d_dead + gin_bonus
    elif k_dead < d_dead:
        winner, points = k, d_dead - k_dead
    elif undercut_doubles:
        winner, points = 1 - k, 2 * k_dead + undercut_bonus
    else:
        winner, points = 1 - k, k_dead - d_dead + undercut_bonus
    return Showdown(
        knocker=k,
        gin=gin,
        melds=melds,
        deadwood=engine.cards_of(knocker_mask & ~melded),
        defender_melds=d_melds,
        laid_off=engine.cards_of(laid),
        defender_deadwood=engine.cards_of(d_mask & ~laid & ~d_melded),
        winner=winner,
        points=points,
        double=double,
    )


def showdown_events(shown: Showdown) -> tuple[Event, ...]:
    """The showdown told to the table: the knocker's melds and deadwood, the defender's melds,
    lay-offs and deadwood (all SHOWS, with the deadwood count as the number), then who scores."""
    k, d = shown.knocker, 1 - shown.knocker
    told = [Event(EventKind.SHOWS, player=k, cards=m, label=MELD) for m in shown.melds]
    told.append(_deadwood_event(k, shown.deadwood))
    told += [Event(EventKind.SHOWS, player=d, cards=m, label=MELD) for m in shown.defender_melds]
    if shown.laid_off:
        told.append(Event(EventKind.SHOWS, player=d, cards=shown.laid_off, label=LAID_OFF))
    told.append(_deadwood_event(d, shown.defender_deadwood))
    why = DOUBLE_GIN if shown.double else "gin" if shown.gin else "undercut" if shown.winner == d else "knock"
    told.append(Event(EventKind.SCORES, player=shown.winner, numbers=(shown.points,), label=why))
    return tuple(told)


def stock_out_events(engine: OneDeck, masks: tuple[int, int]) -> tuple[tuple[int, int], tuple[Event, ...]]:
    """The stock ran out (tournament): both players lay down their best melds, nothing is laid
    off. The deadwood counts and the SHOWS events (melds, then deadwood, seat 0 first)."""
    counts: list[int] = []
    told: list[Event] = []
    for seat, mask in enumerate(masks):
        melds = meld_cards_of(engine.best_melds(mask))
        melded = 0
        for meld_cards in melds:
            melded |= engine.mask(meld_cards)
        told += [Event(EventKind.SHOWS, player=seat, cards=m, label=MELD) for m in melds]
        told.append(_deadwood_event(seat, engine.cards_of(mask & ~melded)))
        counts.append(engine.points(mask & ~melded))
    return (counts[0], counts[1]), tuple(told)


def _deadwood_event(seat: int, cards: tuple[Card, ...]) -> Event:
    return Event(EventKind.SHOWS, player=seat, cards=cards, label=DEADWOOD, numbers=(ENGINE.points(ENGINE.mask(cards)),))


def showdown_of(events: Sequence[Event]) -> Showdown | None:
    """The showdown that `events` tell (those of the move that ended a hand by a knock), or
    None when they tell none. The inverse of `showdown_events`, for frontends and `render`;
    events that do not fit together (a hostile file) give None rather than an error."""
    melds: tuple[list[tuple[Card, ...]], list[tuple[Card, ...]]] = ([], [])
    dead: list[tuple[Card, ...] | None] = [None, None]
    laid: tuple[Card, ...] = ()
    knocker = scored = None
    for e in events:
        if e.kind is EventKind.SHOWS and e.player in (0, 1) and e.label in (MELD, DEADWOOD, LAID_OFF):
            if any(c not in _IN_PACK for c in e.cards):
                return None
            seat = e.player
            assert seat is not None
            knocker = seat if knocker is None else knocker
            if e.label == MELD:
                melds[seat].append(e.cards)
            elif e.label == DEADWOOD:
                dead[seat] = e.cards
            else:
                laid = e.cards
        elif e.kind is EventKind.SCORES and e.player in (0, 1) and len(e.numbers) == 1 and e.label in WIN_LABELS:
            scored = e
    if knocker is None or scored is None or scored.player is None:
        return None
    k_dead, d_dead = dead[knocker], dead[1 - knocker]
    if k_dead is None or d_dead is None:
        return None
    return Showdown(
        knocker=knocker,
        gin=WIN_LABELS[scored.label],
        melds=tuple(melds[knocker]),
        deadwood=k_dead,
        defender_melds=tuple(melds[1 - knocker]),
        laid_off=laid,
        defender_deadwood=d_dead,
        winner=scored.player,
        points=scored.numbers[0],
        double=scored.label == DOUBLE_GIN,
    )


def meld_cards_of(melds: Sequence[Meld]) -> tuple[tuple[Card, ...], ...]:
    """The cards of each meld, as a spread shows them."""
    return tuple(m.cards for m in melds)


def deadwood(cards: Sequence[Card | str], *, aces: AceMode = AceMode.LOW) -> int:
    """The least deadwood of the cards over all arrangements (ace low unless `aces` says
    otherwise; an ace always counts 1, court cards 10).

    >>> deadwood(["7S", "7H", "7D", "8D", "9D", "JC", "QC", "KC", "2S", "3H"])
    19
    >>> deadwood(["QC", "KC", "AC", "5H"]), deadwood(["QC", "KC", "AC", "5H"], aces=AceMode.EITHER)
    (26, 5)
    """
    engine = engine_for(aces)
    return engine.deadwood(engine.mask(_distinct(cards)))


def is_meld(cards: Sequence[Card | str], *, aces: AceMode = AceMode.LOW) -> bool:
    """True if the cards are one Gin Rummy meld (ace low unless `aces` says otherwise).

    >>> is_meld(["AC", "2C", "3C"]), is_meld(["QC", "KC", "AC"])
    (True, False)
    >>> is_meld(["QC", "KC", "AC"], aces=AceMode.EITHER), is_meld(["KC", "AC", "2C"], aces=AceMode.EITHER)
    (True, False)
    """
    engine = engine_for(aces)
    return engine.mask(_distinct(cards)) in engine.melds


def _distinct(cards: Sequence[Card | str]) -> tuple[Card, ...]:
    parsed = parse_cards(cards)
    if len(set(parsed)) != len(parsed) or any(c.suit is None for c in parsed):
        raise ValueError(f"{cards_text(parsed)}: Gin Rummy uses one pack without jokers, each card once")
    return parsed
