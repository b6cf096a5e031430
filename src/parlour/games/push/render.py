"""Push's text picture of a state or view, for a person at the table."""

from __future__ import annotations

from typing import Final

from parlour.core.cards import HIDDEN
from parlour.core.text import by_suit
from parlour.games.push.tables import CONTRACTS, HAND_SIZES, TEAMS
from parlour.games.push.moves import _meld_text
from parlour.games.push.rules import Phase, State, winners


# Text picture --------------------------------------------------------------------------------

_PHASE_WORDS: Final = {Phase.DRAW: "to take the discard or push it", Phase.PLAY: "to meld, lay off or discard"}


def render(state: State) -> str:
    """A plain-text picture: the deal and its contract, who is to do what, the pile and stock,
    the melds on the table, each seat's cards (a visible hand by suit) and the totals."""
    contract = CONTRACTS[state.hand - 1]
    lines = [f"deal {state.hand} of {state.options.deals}: {HAND_SIZES[state.hand - 1]} cards, contract {contract}"]
    if state.phase is Phase.OVER:
        best = sorted(winners(state))
        lines.append(f"game over: seats {best[0]} and {best[-1]} win" if len(best) == 2 else "game over: a tie")
    else:
        what = _PHASE_WORDS[state.phase]
        if state.owed is not None:
            what = f"to lay off or meld the freed wild {state.owed}"
        elif state.needs_left:
            what = "to finish laying the contract"
        lines.append(f"dealer seat {state.dealer}; seat {state.turn} {what}")
    top = str(state.discards[-1]) if state.discards else "none"
    lines.append(f"discard pile: {len(state.discards)} card(s), top {top}; stock: {len(state.stock)}")
    for team in range(TEAMS):
        lines.append(f"seats {team} and {team + 2}: {state.points[team]} points")
    if state.table:
        lines.append("melds:")
        for i, (meld, owner) in enumerate(zip(state.table, state.owners)):
            lines.append(f"  {i + 1}. {_meld_text(meld)}   (seat {owner})")
    for seat, held in enumerate(state.hands):
        extra = ""
        if seat == state.turn and state.taken is not None:
            extra += f" + taken {state.taken}"
        if seat == state.turn and state.owed is not None:
            extra += f" + freed {state.owed}"
        status = "contract down" if state.opened[seat] else "no contract yet"
        lines.append(f"seat {seat}: {len(held)} card(s){extra}, {status}")
        if held and HIDDEN not in held:
            lines.append("    " + by_suit(held))
    return "\n".join(lines)
