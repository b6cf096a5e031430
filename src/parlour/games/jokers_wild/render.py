"""The text picture of a Jokers Wild state for the terminal and the golden files."""

from __future__ import annotations

from parlour.core.cards import HIDDEN, cards_text
from parlour.core.text import seats_text
from parlour.games.jokers_wild.board import (
    CASTLE,
    HOME,
    castle_entrance,
    come_out_hole,
    controlled,
    partner_of,
    position_text,
)
from parlour.games.jokers_wild.rules import Phase, State, scores, winners


def render(state: State) -> str:
    """A plain-text picture: turn and valve count, then per seat its marbles (Home count, track
    holes, Castle holes), its start and entrance holes and its cards (or their count), the top
    discard and the stock."""
    n = len(state.hands)
    o = state.options
    lines = []
    if state.phase is Phase.OVER:
        best = sorted(winners(state))
        lines.append(f"game over after {state.turns} turns: " + (f"{seats_text(best)} win" if best else "drawn"))
    else:
        seat = state.turn
        owner = controlled(state.marbles, seat)
        helping = "" if owner == seat else f" (moving seat {owner}'s marbles)"
        lines.append(f"turn {state.turns + 1} of at most {o.max_turns}: seat {seat} to play{helping}")
    for seat in range(n):
        row = state.marbles[seat]
        home = sum(1 for p in row if p == HOME)
        track = " ".join(str(p) for p in row if 0 <= p < CASTLE) or "-"
        castle = " ".join(position_text(p) for p in row if p >= CASTLE) or "-"
        mate = partner_of(seat, n)
        team = "" if mate is None else f" (partner {mate})"
        lines.append(
            f"seat {seat}{team}: start {come_out_hole(seat, n)}, entrance {castle_entrance(seat, n)}; "
            f"home {home}, track {track}, castle {castle}"
        )
        held = state.hands[seat]
        if held and HIDDEN not in held:
            lines.append(f"        holds {cards_text(held)}")
        else:
            lines.append(f"        holds {len(held)} cards")
    top = str(state.discards[-1]) if state.discards else "none"
    lines.append(f"discards {len(state.discards)} (top {top}), stock {len(state.stock)}")
    lines.append("scores " + " ".join(str(s) for s in scores(state)))
    return "\n".join(lines)
