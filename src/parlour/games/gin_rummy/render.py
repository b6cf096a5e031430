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
from parlour.games.gin_rummy.rules import HAND_SIZE, Phase, State, margin, scores
from parlour.games.gin_rummy.scoring import BIT, CARD_POINTS, ENGINE, Showdown, showdown_of

_PILE_SHOWN: Final = 12
"""The discards `render` lists (the top ones); the pile can hold 30."""


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The hand number and dealer, what the seat to act must do (the upcard offer, draw, discard,
    spread) or the result, one line per seat (score, hands won, cards held) with a visible hand
    grouped by suit and its least deadwood, the stock count and the discard pile (top last),
    and, in the state a knock led to, the showdown: melds, deadwood, lay-offs and the points it
    scored. Hidden cards appear only as counts.
    """
    o = state.options
    lines = [f"hand {state.hand}, dealer seat {state.dealer}, game to {o.target}", _render_now(state)]
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
    showdown = showdown_of(state.events)
    if showdown is not None:
        lines += _render_showdown(showdown, state.hand if state.phase is Phase.OVER else state.hand - 1)
    return "\n".join(lines)


def _deadwood_text(state: State, held: tuple[Card, ...], taken: tuple[Card, ...]) -> str:
    """The least deadwood of a visible hand: after the best discard while it holds eleven cards,
    of the ten cards laid down while its knocker arranges them, else of the hand."""
    mask = ENGINE.mask((*held, *taken))
    if state.phase is Phase.SPREAD and taken:
        return f"deadwood {ENGINE.deadwood(mask)} with {taken[0]}"
    if taken:
        low = min(ENGINE.deadwood(mask ^ BIT[c.index]) for c in held)
        return f"deadwood {low} after the best discard"
    if len(held) > HAND_SIZE:
        return f"deadwood {ENGINE.deadwood_after_discard(mask)} after the best discard"
    return f"deadwood {ENGINE.deadwood(mask)}"


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
            return f"{took} discard, knock (deadwood {o.knock_limit} or less) or go gin"
        case Phase.SPREAD:
            return f"seat {p} knocked with {state.knock_card[0]} and chooses how to spread the other ten cards"
    totals = scores(state)
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

    knock = f"seat {k} went gin: {melds(shown.melds)}" if shown.gin else f"seat {k} knocked: {melds(shown.melds)}"
    laid = f"; laid off {cards_text(shown.laid_off)}" if shown.laid_off else ""
    how = " with the gin bonus" if shown.gin else " with the undercut bonus" if shown.winner == d else ""
    return [
        f"showdown of hand {number}: {knock}" + ("" if shown.gin else f"; {dead(shown.deadwood)}"),
        f"  seat {d}: {melds(shown.defender_melds)}{laid}; {dead(shown.defender_deadwood)}",
        f"  seat {shown.winner} scored {shown.points}{how}",
    ]
