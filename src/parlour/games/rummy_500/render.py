"""Rummy 500 text picture for the terminal and the golden files."""

from __future__ import annotations

from typing import Final

from parlour.core.text import by_suit
from parlour.games.rummy_500.rules import Phase, State, table_points


# ---------------------------------------------------------------------------------------------
# Text picture

_TO_DO: Final = {
    Phase.DRAW: "draw stock or take from the discard pile",
    Phase.PLAY: "meld, lay off, then discard",
}


def render(state: State) -> str:
    """A plain-text picture: hand and dealer, what the seat to act must do (or the result), each
    seat's total, table points and cards (a visible hand by suit), the numbered table melds
    with their credit, the stock count and the fanned discard pile with its depths."""
    o = state.options
    lines = [f"hand {state.hand}, dealer seat {state.dealer}, game to {o.target}"]
    p = state.player
    if state.phase is Phase.OVER:
        lines.append(f"game over: seat {p} wins, {state.scores[p]} to {state.scores[1 - p]}")
    elif state.phase is Phase.DRAW and not state.stock:
        lines.append(f"seat {p} to take from the discard pile or pass (the stock is used up)")
    elif state.taken:
        must = "must play it to the table" if state.owed else "may not discard it this turn"
        lines.append(f"seat {p} took {state.taken[0]} from the pile and {must}; {_TO_DO[Phase.PLAY]}")
    else:
        lines.append(f"seat {p} to {_TO_DO[state.phase]}")
    on_table = table_points(state)
    for s, held in enumerate(state.hands):
        line = f"seat {s}  total {state.scores[s]}, on the table {on_table[s]}, {len(held)} cards"
        if held and not any(c.is_hidden for c in held):
            line += ": " + by_suit(held)
        lines.append(line)
    for number, tm in enumerate(state.table, 1):
        credit = "" if set(tm.credit) == {tm.owner} else " (laid off by seat " + ", ".join(
            f"{c}: {w}" for c, w in zip(tm.meld.cards, tm.credit) if w != tm.owner
        ) + ")"
        lines.append(f"  meld {number} of seat {tm.owner}: {tm.meld}{credit}")
    pile = state.discards
    fanned = " ".join(f"{c}[{len(pile) - i}]" for i, c in enumerate(pile)) or "empty"
    lines.append(f"stock {len(state.stock)} cards; discard pile (top last, [depth]): {fanned}")
    return "\n".join(lines)
