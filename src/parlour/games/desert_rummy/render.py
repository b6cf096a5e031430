"""Desert Rummy's text picture for the terminal and the golden files."""

from __future__ import annotations

from typing import Final

from parlour.core.text import by_suit
from parlour.games.desert_rummy.rules import Phase, State
from parlour.games.desert_rummy.tables import contract_text

# Text picture ----------------------------------------------------------------------------------

_TO_DO: Final = {
    Phase.DRAW: "draw stock or take the discard",
    Phase.PLAY: "play, then discard",
    Phase.CONTRACT: "lay the rest of the contract",
    Phase.PLACE: "play the freed wild",
}


def render(state: State) -> str:
    """Hand and dealer, what the seat to act must do (or the winners), each seat's contract and
    cards (a visible hand by suit), the numbered table melds, the stock and the discard top."""
    o = state.options
    lines = [f"hand {state.hand}, dealer seat {state.dealer}, {o.contracts} contracts to lay"]
    if state.phase is Phase.OVER:
        lines.append("game over: winner seat " + ", ".join(map(str, state.winning)))
    else:
        lines.append(f"seat {state.turn} to {_TO_DO[state.phase]}" + (" (contract laid this turn)" if state.just_laid else ""))
    for s, held in enumerate(state.hands):
        c = state.contracts[s]
        what = f"contract {c}: {contract_text(c)}" if c <= o.contracts else "all contracts laid"
        line = f"seat {s}  {what}{' (laid)' if state.laid[s] else ''}, {len(held)} cards"
        if held and not any(x.is_hidden for x in held):
            line += ": " + by_suit(held)
        lines.append(line)
    for number, tm in enumerate(state.table, 1):
        lines.append(f"  meld {number} of seat {tm.owner}: {tm.meld}")
    if state.taken:
        lines.append(f"taken from the pile (kept apart this turn): {state.taken[0]}")
    if state.freed:
        lines.append(f"freed wild to play: {state.freed[0]}")
    top = str(state.discards[-1]) if state.discards else "empty"
    lines.append(f"stock {len(state.stock)} cards; discard pile {len(state.discards)} cards, top {top}")
    return "\n".join(lines)
