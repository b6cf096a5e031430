"""Bridge as text: the table-side picture `render` draws of a state or a view.

A line for the deal (number, dealer, vulnerability, the match so far), the auction's calls,
what happens now (the seat to call, or the contract, the trick and who is to play), one line per
seat (side, role, cards held) with the hand, grouped by suit, on a line of its own where the
viewer may see it, and the score by side. It reads the state only, so a view renders as what
that seat may see: hidden hands appear only as counts.
"""

from __future__ import annotations

from parlour.core.auction import BidCall, Contract
from parlour.core.cards import ACE_HIGH, HIDDEN
from parlour.core.text import by_suit
from parlour.core.tricks import trick_winner
from parlour.games.bridge.options import CHICAGO_DEALS, SIDE_NAMES, STRAIN_SUIT, TRICKS, Scoring
from parlour.games.bridge.rules import (
    Phase,
    State,
    _contract_text,
    _mover,
    _next_seat,
    _wrap,
    dummy,
    vulnerability,
    winners,
)


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table (see the module)."""
    o = state.options
    head = f"deal {state.hand}, dealer seat {state.dealer}"
    if o.scoring is Scoring.RUBBER:
        head += f"; rubber: games {SIDE_NAMES[0]} {state.games[0]}, {SIDE_NAMES[1]} {state.games[1]}"
    else:
        shown = min(state.deals + (state.phase is not Phase.OVER), CHICAGO_DEALS)
        head += f"; {o.scoring.name.lower()} deal {shown} of {CHICAGO_DEALS}"
    if state.phase is not Phase.OVER:
        vul = [SIDE_NAMES[i] for i, v in enumerate(vulnerability(state)) if v]
        head += "; vulnerable: " + (" and ".join(vul) if vul else "none")
    lines = [head]
    calls = state.auction.calls
    if calls:
        lines.append("auction (seat call): " + ", ".join(f"{c.player} {_call_text(c)}" for c in calls))
    lines.extend(_render_now(state))
    declarer = None if state.contract is None else state.contract.declarer
    dummy_seat = dummy(state)
    for s, held in enumerate(state.hands):
        role = " declarer" if s == declarer else " dummy" if s == dummy_seat else ""
        line = f"seat {s} ({SIDE_NAMES[s % 2]}){role}  {len(held):>2} card{'' if len(held) == 1 else 's'}"
        lines.append(line)
        if held and HIDDEN not in held:
            lines.append("        " + by_suit(held))
    for side, name in enumerate(SIDE_NAMES):
        line = f"{name}: {state.totals[side]} points"
        if o.scoring is not Scoring.DUPLICATE and state.part[side]:
            line += f" ({state.part[side]} toward game)"
        lines.append(line)
    return "\n".join(lines)


def _call_text(call: object) -> str:
    if isinstance(call, BidCall):
        return str(call.bid)
    return str(_wrap(call))  # type: ignore[arg-type]


def _render_now(state: State) -> list[str]:
    """The lines that say what is happening and who is to act."""
    if state.phase is Phase.AUCTION:
        return [f"seat {state.auction.turn} to call"]
    contract = state.contract
    assert isinstance(contract, Contract)
    decl = contract.declarer
    side = SIDE_NAMES[decl % 2]
    lines = [f"contract {_contract_text(contract)} by seat {decl} ({side}), dummy seat {(decl + 2) % 4}"]
    tricks = f"tricks: {SIDE_NAMES[0]} {state.tricks[0]}, {SIDE_NAMES[1]} {state.tricks[1]}"
    if state.phase is Phase.OVER:
        best = sorted(winners(state))
        if best:
            lines.append(f"{tricks}; match over: {SIDE_NAMES[best[0] % 2]} (seats {best[0]}, {best[1]}) win")
        else:
            lines.append(f"{tricks}; match over: a draw")
        return lines
    trick = state.trick
    number = f"trick {sum(state.tricks) + 1} of {TRICKS}"
    seat = _next_seat(state)
    mover = _mover(state, seat)
    who = f"seat {seat} to play" if mover == seat else f"seat {mover} to play from dummy (seat {seat})"
    if not trick.cards:
        lead = "the opening lead" if state.tricks == (0, 0) else "to lead"
        lines.append(f"{tricks}; {number}: {who} ({lead})")
        return lines
    plays = ", ".join(f"seat {trick.seats[i]} {c}" for i, c in enumerate(trick.cards))
    trump = STRAIN_SUIT[contract.bid.strain] if contract.bid.strain is not None else None
    ahead = trick_winner(trick, order=ACE_HIGH, trump=trump)
    lines.append(f"{tricks}; {number}: {plays}; {who} (seat {ahead} winning so far)")
    return lines
