"""Sticks' text picture of a state or view, for a person at the table."""

from __future__ import annotations

from parlour.core.text import by_suit
from parlour.games.sticks.tables import NO_STICK
from parlour.games.sticks.rules import Phase, State, winners


def render(state: State) -> str:
    """A plain-text picture: the deal and phase, each seat's sticks and cards, the stick of a
    visible seat, the table melds, the stock and the discard pile."""
    o = state.options
    listed = o.sticks
    if state.phase is Phase.OVER:
        now = "game over; winners: " + ", ".join(map(str, sorted(winners(state))))
    else:
        now = f"seat {state.turn} to {state.phase.value}"
        if state.owed:
            now += " (laying the stick)"
        if state.loose:
            now += " (a freed wild to lay off)"
    lines = [f"deal {state.hand}, dealer seat {state.dealer}, first to {o.sticks_to_win} sticks; {now}"]
    for seat, held in enumerate(state.hands):
        stick = state.sticks[seat]
        what = (
            "played this hand" if stick == NO_STICK else "face down" if stick < 0 else f"face down: {listed[stick].name}"
        )
        lines.append(f"seat {seat}  sticks {len(state.done[seat])}, stick {what}, {len(held)} cards")
        if held and not held[0].is_hidden:
            lines.append("        " + by_suit(held))
    for i, tm in enumerate(state.table, 1):
        lines.append(f"meld {i} (seat {tm.owner}): {tm.meld}")
    top = str(state.discards[-1]) if state.discards else "empty"
    lines.append(f"stock {len(state.stock)}, discards {len(state.discards)} (top {top}), pot {len(state.pot)}")
    return "\n".join(lines)
