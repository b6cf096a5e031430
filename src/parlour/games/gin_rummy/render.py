"""Gin Rummy's text picture of a state or view, for a person at the table.

`render` says whose move of which kind it is (or how the game ended), shows each seat's score,
hands won and cards (a visible hand grouped by suit with its least deadwood, a hidden one only
as a count), the stock and the top of the discard pile, and, right after a knock, its showdown
(read back from the events of that move). It reads positions only through `State`, the public
verbs and the events, and counts with the meld engine.
"""

from __future__ import annotations

from typing import Final

from parlour.core.cards import Card, cards_text
from parlour.core.text import by_suit
from parlour.games.gin_rummy.rules import Phase, State, StockEnd, margin, scores, winners
from parlour.core.events import Event, EventKind
from parlour.games.gin_rummy.scoring import (
    BIT,
    CARD_POINTS,
    DEADWOOD,
    STOCK_OUT,
    Showdown,
    engine_for,
    showdown_of,
)

_PILE_SHOWN: Final = 12
"""The discards `render` lists (the top ones); the pile can hold 30."""
_WORDS: Final = {10: "ten", 12: "twelve"}


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The hand number and dealer, what the seat to act must do (the upcard offer, draw, discard,
    spread) or the result, one line per seat (score, hands won, cards held) with a visible hand
    grouped by suit and its least deadwood, the stock count and the discard pile (top last),
    and, in the state a knock led to, the showdown: melds, deadwood, lay-offs and the points it
    scored. Hidden cards appear only as counts.
    """
    o = state.options
    match = f"{o.columns} games to {o.target} each" if o.columns else f"game to {o.target}"
    lines = [f"hand {state.hand}, dealer seat {state.dealer}, {match}", _render_now(state)]
    width = max(len(str(v)) for v in state.scores)
    for s, held in enumerate(state.hands):
        won = state.boxes[s]
        line = f"seat {s}  score {state.scores[s]:>{width}}, {won} hand{'' if won == 1 else 's'} won  "
        taken = state.taken if s == state.player else ()
        line += f"{len(held)} cards" + (f" + {taken[0]} taken" if taken else "")
        visible = bool(held) and not any(c.is_hidden for c in held)
        if visible and state.phase is not Phase.OVER:
            line += f", {_deadwood_text(state, held, taken)}"
        lines.append(line)
        if visible:
            lines.append("        " + by_suit(held) + (f" + {taken[0]}" if taken else ""))
    pile = state.discards
    if not pile:
        shown = "empty"
    elif len(pile) > _PILE_SHOWN:
        shown = f"({len(pile)} cards, top last): ... {cards_text(pile[-_PILE_SHOWN:])}"
    else:
        shown = f"(top last): {cards_text(pile)}"
    lines.append(f"stock {len(state.stock)} cards; discard pile {shown}")
    if state.columns:
        lines.append("games (points, Gins): " + "; ".join(_column_text(j, c) for j, c in enumerate(state.columns, 1)))
    showdown = showdown_of(state.events)
    number = state.hand if state.phase is Phase.OVER else state.hand - 1
    if showdown is not None:
        lines += _render_showdown(showdown, number)
    elif state.options.stock_end is StockEnd.COUNT:
        lines += _render_stock_out(state.events, number)
    return "\n".join(lines)


def _render_stock_out(events: tuple[Event, ...], number: int) -> list[str]:
    """The end of a hand whose stock ran out (tournament), read from its events: each seat's
    deadwood and who scored; nothing when the events tell no such end."""
    dead: dict[int, int] = {}
    scored = ""
    for e in events:
        if e.kind is EventKind.SHOWS and e.label == DEADWOOD and e.player is not None and e.numbers:
            dead[e.player] = e.numbers[0]
        elif e.kind is EventKind.SCORES and e.label == STOCK_OUT and e.numbers:
            scored = f"seat {e.player} scored {e.numbers[0]}"
    if len(dead) != 2 or not any(e.kind is EventKind.NOTE and "stock is out" in e.label for e in events):
        return []
    return [f"stock out in hand {number}: deadwood {dead[0]} and {dead[1]}; {scored or 'nobody scored'}"]


def _deadwood_text(state: State, held: tuple[Card, ...], taken: tuple[Card, ...]) -> str:
    """The least deadwood of a visible hand: after the best discard while it holds eleven cards,
    of the ten cards laid down while its knocker arranges them, else of the hand."""
    engine = engine_for(state.options.aces)
    mask = engine.mask((*held, *taken))
    if state.phase is Phase.SPREAD and taken:
        return f"deadwood {engine.deadwood(mask)} with {taken[0]}"
    if taken:
        low = min(engine.deadwood(mask ^ BIT[c.index]) for c in held)
        return f"deadwood {low} after the best discard"
    if len(held) > state.options.hand_size:
        return f"deadwood {engine.deadwood_after_discard(mask)} after the best discard"
    return f"deadwood {engine.deadwood(mask)}"


def _column_text(number: int, column: tuple[int, int, int, int, int]) -> str:
    """One game column of the tournament: both seats' points and Gins, and who won it."""
    state = "open" if column[4] < 0 else f"won by seat {column[4]}"
    return f"{number}: {column[0]}-{column[1]} ({column[2]}-{column[3]}) {state}"


def _render_now(state: State) -> str:
    """The line of `render` that says what the seat to act must do, or how the game ended."""
    p, o = state.player, state.options
    top = state.discards[-1] if state.discards else None
    match state.phase:
        case Phase.OFFER if p != state.dealer:
            return f"upcard {top} offered to seat {p}, the non-dealer: take upcard or pass"
        case Phase.OFFER:
            return f"seat {1 - p} passed; upcard {top} offered to seat {p}, the dealer: take upcard or pass"
        case Phase.STOCK_ONLY:
            return f"both passed the upcard {top}: seat {p} to draw stock"
        case Phase.DRAW:
            return f"seat {p} to draw stock or draw discard ({top})"
        case Phase.DISCARD:
            took = f"seat {p} took {state.taken[0]} and must" if state.taken else f"seat {p} to"
            double = ", go gin or double gin" if o.double_gin else " or go gin"
            return f"{took} discard, knock (deadwood {o.knock_limit} or less){double}"
        case Phase.SPREAD:
            other = _WORDS[o.hand_size]
            return f"seat {p} knocked with {state.knock_card[0]} and chooses how to spread the other {other} cards"
    totals = scores(state)
    if state.columns:
        best = sorted(winners(state))
        who = f"seat {best[0]} wins" if len(best) == 1 else "a tie"
        return f"game over: {who}, {totals[0]} to {totals[1]} from the games won and the Gins"
    shutout = " (doubled: shutout)" if o.shutout_doubles and state.scores[1 - p] == 0 else ""
    return (
        f"game over: seat {p} wins, {totals[p]} to {totals[1 - p]} with the game and box bonuses; "
        f"margin {margin(state)}{shutout}"
    )


def _render_showdown(shown: Showdown, number: int) -> list[str]:
    """The showdown lines of `render`: both arrangements, the lay-offs and the points."""
    k, d = shown.knocker, 1 - shown.knocker

    def dead(cards: tuple[Card, ...]) -> str:
        return f"deadwood {cards_text(cards) or '-'} ({sum(CARD_POINTS[c.rank] for c in cards)})"

    def melds(sets: tuple[tuple[Card, ...], ...]) -> str:
        return ", ".join(cards_text(m) for m in sets) or "no melds"

    went = "went double gin" if shown.double else "went gin" if shown.gin else "knocked"
    knock = f"seat {k} {went}: {melds(shown.melds)}"
    laid = f"; laid off {cards_text(shown.laid_off)}" if shown.laid_off else ""
    how = " with the gin bonus" if shown.gin else " with the undercut bonus" if shown.winner == d else ""
    return [
        f"showdown of hand {number}: {knock}" + ("" if shown.gin else f"; {dead(shown.deadwood)}"),
        f"  seat {d}: {melds(shown.defender_melds)}{laid}; {dead(shown.defender_deadwood)}",
        f"  seat {shown.winner} scored {shown.points}{how}",
    ]
