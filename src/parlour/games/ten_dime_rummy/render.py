"""10 Dime Rummy text picture for the terminal and the golden files."""

from __future__ import annotations

from typing import Final

from parlour.core.cards import cards_text
from parlour.core.text import by_suit
from parlour.games.ten_dime_rummy.options import contract_for
from parlour.games.ten_dime_rummy.rules import Phase, State, winners


# ---------------------------------------------------------------------------------------------
# Text picture

_PILE_SHOWN: Final = 12


def render(state: State) -> str:
    """A plain-text picture: the round, its contract, the dealer and the pot; what the seat to
    act must do; each seat's score, dimes and cards (a visible hand by suit, a hidden one as a
    count); the table sets by number with their owners; the stock count and the pile's top."""
    o = state.options
    contract = contract_for(state.hand)
    lines = [
        f"round {state.hand} of {o.rounds}: contract {contract}; dealer seat {state.dealer}; pot {_dimes(state.pot)}",
        _render_now(state),
    ]
    for s, held in enumerate(state.hands):
        flag = ", contract made" if state.made[s] else ""
        line = f"seat {s}  score {state.scores[s]}  {_dimes(state.dimes[s])}{flag}  {len(held)} cards"
        if held and not any(c.is_hidden for c in held):
            line += ": " + by_suit(held)
        if state.taken and s == state.turn:
            line += f"  (bought this turn: {cards_text(state.taken)})"
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
            return f"seat {p} to draw from the stock or buy the discard"
        case Phase.BUY:
            return f"seat {state.turn} drew: seat {p} may buy {state.discards[-1]} for a dime or pass"
        case Phase.PLAY:
            if not state.made[p] and any(tm.owner == p for tm in state.table):
                return f"seat {p} to finish laying the contract"
            return f"seat {p} to meld, lay off or discard"
    won = " and ".join(f"seat {s}" for s in sorted(winners(state)))
    return f"game over: {won} win{'s' if len(winners(state)) == 1 else ''} the pot of {_dimes(state.pot)}"


def _dimes(count: int) -> str:
    return f"{count} dime" if count == 1 else f"{count} dimes"
