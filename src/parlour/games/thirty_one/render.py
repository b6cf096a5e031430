"""Thirty-One's text picture of a state or view, for the terminal and golden files."""

from __future__ import annotations

from parlour.core.cards import HIDDEN
from parlour.core.text import by_suit, seats_text
from parlour.games.thirty_one.options import Scoring
from parlour.games.thirty_one.rules import Phase, State, winners
from parlour.games.thirty_one.scoring import half_text, value2

__all__ = ["render"]


def render(state: State) -> str:
    """A plain-text picture: the hand and dealer, the stock and top discard, what happens now,
    then one line per seat (lives or points, the county, out, knocked, to act) with its cards
    where the viewer may see them."""
    o = state.options
    top = state.discards[-1] if state.discards else None
    lines = [
        f"hand {state.hand}, dealer seat {state.dealer}; stock {len(state.stock)} card"
        f"{'' if len(state.stock) == 1 else 's'}, discard pile {len(state.discards)}"
        + (f", top {top}" if top is not None else ""),
        _render_now(state),
    ]
    width = len(str(o.target if o.scoring is Scoring.HIGHEST_SCORES else o.lives))
    for seat, held in enumerate(state.hands):
        out = state.ledger.out[seat]
        if o.scoring is Scoring.HIGHEST_SCORES:
            line = f"seat {seat}  points {state.points[seat]:>{width}}"
        else:
            line = f"seat {seat}  lives {state.ledger.counts[seat]:>{width}}"
            if out:
                line += ", out"
            elif state.ledger.on_county(seat):
                line += ", on the county"
        if seat == state.knocker:
            line += ", knocked"
        if seat == state.turn and state.phase is not Phase.OVER:
            line += ", to act"
        if held:
            if HIDDEN in held:
                line += f"  {len(held)} cards"
            else:
                line += f"  {by_suit(held)}  ({half_text(value2(held, o))})"
            if seat == state.turn and state.drawn is not None:
                how = "took" if state.taken else "drew"
                line += f"; {how} {'a card' if state.drawn.is_hidden else state.drawn}"
        lines.append(line)
    return "\n".join(lines)


def _render_now(state: State) -> str:
    seat = state.turn
    match state.phase:
        case Phase.OVER:
            best = sorted(winners(state))
            return f"game over after {state.hand} hand{'' if state.hand == 1 else 's'}: " + (
                f"{seats_text(best)} win{'s' if len(best) == 1 else ''}" if best else "no winner"
            )
        case Phase.SHOTGUN:
            return f"seat {seat} to call the shotgun or look at its cards"
        case Phase.DISCARD:
            taken = f" (not {state.drawn}, just taken)" if state.taken else ""
            return f"seat {seat} to discard{taken}"
        case Phase.DRAW:
            final = f"; seat {state.knocker} knocked: last turns" if state.knocker is not None else ""
            source = "draw from the stock or take the discard" if state.stock else "take the discard or end the hand"
            return f"seat {seat} to {source}{final}"


