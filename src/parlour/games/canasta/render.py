"""Canasta's text picture of a state or view, for a person at the table.

`render` says whose move of which kind it is (or how the game ended), then each side's score,
initial-meld minimum, melds (canastas marked) and red threes, each seat's cards (a visible hand
grouped by suit, a hidden one as a count), the stock count and the discard pile.
"""

from __future__ import annotations

from typing import Final

from parlour.core.cards import cards_text
from parlour.core.text import by_suit
from parlour.games.canasta.rules import Permission, Phase, State, minimum_now
from parlour.games.canasta.scoring import CANASTA_SIZE, is_wild

_PILE_SHOWN: Final = 10


def render(state: State) -> str:
    """A plain-text picture of a state or view; hidden cards appear only as counts."""
    o = state.options
    lines = [f"hand {state.hand}, dealer seat {state.dealer}, game to {o.target}", _render_now(state)]
    for t in (0, 1):
        opened = "opened" if state.opened[t] else f"needs {minimum_now(state, t)} to open"
        lines.append(f"side {t} (seats {t}, {t + 2})  score {state.scores[t]}, {opened}")
        for meld in state.melds[t]:
            kind = ""
            if len(meld) >= CANASTA_SIZE:
                kind = "  mixed canasta" if any(is_wild(c) for c in meld) else "  natural canasta"
            lines.append(f"    {cards_text(meld)}{kind}")
        if state.red_threes[t]:
            lines.append(f"    red threes {cards_text(state.red_threes[t])}")
    for s, held in enumerate(state.hands):
        line = f"seat {s}  {len(held)} cards"
        if held and not any(c.is_hidden for c in held):
            line += f": {by_suit(held)}"
        lines.append(line)
    if state.taken:
        lines.append(f"held apart until the initial meld is made: {cards_text(state.taken)}")
    pile = state.pile
    if not pile:
        shown = "empty"
    else:
        cut = pile[-_PILE_SHOWN:]
        shown = f"{len(pile)} cards (top last): {'... ' if len(pile) > len(cut) else ''}{cards_text(cut)}"
    frozen = ", frozen" if state.frozen else ""
    lines.append(f"stock {len(state.stock)} cards; discard pile {shown}{frozen}")
    return "\n".join(lines)


def _render_now(state: State) -> str:
    p = state.player
    match state.phase:
        case Phase.DRAW:
            if not state.stock:
                return f"seat {p} to take the discard pile or end the hand (the stock is gone)"
            return f"seat {p} to draw stock or take the discard pile"
        case Phase.PLAY:
            said = {Permission.YES: " (partner said yes)", Permission.NO: " (partner said no)"}.get(state.permission, "")
            if state.last_turn:
                return f"seat {p} drew a red three as the last card: meld, then end the hand{said}"
            return f"seat {p} to meld, add to melds, and discard{said}"
        case Phase.ANSWER:
            return f"seat {p} asks to go out: seat {(p + 2) % 4} to answer yes or no"
    side = p & 1
    return f"game over: side {side} (seats {side}, {side + 2}) wins, {state.scores[side]} to {state.scores[1 - side]}"
