"""Five Hundreds text picture for the terminal and the golden files."""

from __future__ import annotations

from typing import Final

from parlour.core.cards import cards_text
from parlour.core.text import by_suit
from parlour.games.five_hundreds.rules import Phase, State


# ---------------------------------------------------------------------------------------------
# Text picture

_PILE_SHOWN: Final = 16


def render(state: State) -> str:
    """A plain-text picture: the hand and dealer, what the seat to act must do, each seat's
    score and cards (a visible hand by suit, a hidden one as a count), the table melds by
    number with their owners, the stock count and the fanned discard pile (top last)."""
    o = state.options
    lines = [f"hand {state.hand}, dealer seat {state.dealer}, game to {o.target}", _render_now(state)]
    for s, held in enumerate(state.hands):
        flag = ", has melded" if state.melded[s] else ""
        line = f"seat {s}  score {state.scores[s]}{flag}  {len(held)} cards"
        if held and not any(c.is_hidden for c in held):
            line += ": " + by_suit(held)
        if state.taken and s == state.turn:
            line += f"  (taken from the pile: {cards_text(state.taken)})"
        lines.append(line)
    if state.table:
        lines.append("table:")
        for i, tm in enumerate(state.table):
            lines.append(f"  {i}: {tm.meld} (seat {tm.owner})")
    pile = state.discards
    if not pile:
        shown = "empty"
    elif len(pile) > _PILE_SHOWN:
        shown = f"({len(pile)} cards, top last): ... {cards_text(pile[-_PILE_SHOWN:])}"
    else:
        shown = f"(top last): {cards_text(pile)}"
    lines.append(f"stock {len(state.stock)} cards; discard pile {shown}")
    return "\n".join(lines)


def _render_now(state: State) -> str:
    p = state.player
    match state.phase:
        case Phase.DRAW:
            return f"seat {p} to draw" + ("" if state.stock else " (the stock is empty: take or pass)")
        case Phase.PLAY:
            if state.owed:
                return f"seat {p} must meld the dug {state.taken[0]} with a card from the hand"
            return f"seat {p} to meld, lay off or discard"
        case Phase.CLAIM:
            waiting = ", ".join(map(str, state.window.waiting)) if state.window else ""
            return f"seat {state.turn} discarded {state.discards[-1]}: seats {waiting} may call rummy or pass"
    return f"game over: seat {p} wins with {state.scores[p]}"
