"""Horseshit Rummy text picture for the terminal and the golden files."""

from __future__ import annotations

from typing import Final

from parlour.core.cards import cards_text
from parlour.games.horseshit_rummy.options import RANKS
from parlour.games.horseshit_rummy.rules import Phase, State


# ---------------------------------------------------------------------------------------------
# Text picture

_PILE_SHOWN: Final = 16


def render(state: State) -> str:
    """A plain-text picture: the hand, dealer and wild rank, what the seat to act must do, each
    seat's score and cards (a visible hand by rank, a hidden one as a count), the table sets by
    number with their owners, the stock count and the fanned discard pile (top last)."""
    o = state.options
    lines = [f"hand {state.hand}, dealer seat {state.dealer}, {state.wild.symbol}s wild, game to {o.target}"]
    p = state.player
    if state.phase is Phase.DRAW:
        lines.append(f"seat {p} to draw" + ("" if state.stock else " (the stock is empty: take or pass)"))
    elif state.phase is Phase.PLAY:
        if state.owed:
            lines.append(f"seat {p} must meld the dug {state.taken[0]} with a natural pair from the hand")
        else:
            lines.append(f"seat {p} to meld, lay off or discard")
    else:
        lines.append(f"game over: seat {p} wins with {state.scores[p]}")
    for s, held in enumerate(state.hands):
        flag = ", has melded" if state.melded[s] else ""
        line = f"seat {s}  score {state.scores[s]}{flag}  {len(held)} cards"
        if held and not any(c.is_hidden for c in held):
            line += ": " + " | ".join(
                cards_text(c for c in held if c.rank is r) for r in RANKS if any(c.rank is r for c in held)
            )
        if state.taken and s == p and state.phase is Phase.PLAY:
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
