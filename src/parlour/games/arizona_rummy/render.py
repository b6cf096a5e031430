"""Arizona Rummy's text picture of a state or view, for the terminal and golden files."""

from __future__ import annotations

from parlour.core.cards import HIDDEN
from parlour.core.text import by_suit
from parlour.games.arizona_rummy.melding import ROUND_CARDS, WILD_RANKS, meld_text
from parlour.games.arizona_rummy.rules import Phase, State


def render(state: State) -> str:
    """A plain-text picture for a person at the table: the round, its hand size and wilds, what
    happens now, then one line per seat (penalty total, cards held, pile top first) with a
    visible hand grouped by suit and the seat's melds, and the stock count."""
    n_cards = ROUND_CARDS[state.hand - 1]
    wild = WILD_RANKS[state.hand - 1]
    lines = [
        f"round {state.hand} of {state.options.rounds}: {n_cards} cards, {wild.symbol}s and jokers wild; "
        f"dealer seat {state.dealer}",
        _render_now(state),
    ]
    width = max(len(str(p)) for p in state.points)
    for seat, held in enumerate(state.hands):
        pile = state.piles[seat]
        line = f"seat {seat}  points {state.points[seat]:>{width}}  {len(held)} card{'' if len(held) == 1 else 's'}"
        if pile:
            line += f", pile ({len(pile)}) top {pile[-1]}"
        lines.append(line)
        if held and HIDDEN not in held:
            lines.append("        " + by_suit(held))
        for k, meld in enumerate(state.melds[seat]):
            lines.append(f"        meld {k + 1}: {meld_text(meld)}")
    if state.taken:
        lines.append(f"taken this turn: {state.taken[0]}")
    lines.append(f"stock {len(state.stock)} cards")
    return "\n".join(lines)


def _render_now(state: State) -> str:
    seat = state.turn
    if state.phase is Phase.DRAW:
        return f"seat {seat} to draw from the stock or take the top of a pile"
    if state.phase is Phase.DISCARD:
        return f"seat {seat} to discard or go out"
    if state.phase is Phase.LAY_DOWN:
        why = f"seat {state.goer} went out" if state.goer is not None else "nobody went out"
        return f"{why}; seat {seat} lays down its own melds"
    best = min(state.points)
    won = [s for s, p in enumerate(state.points) if p == best]
    return f"game over: lowest total {best}, won by seat{'s' if len(won) > 1 else ''} {', '.join(map(str, won))}"
