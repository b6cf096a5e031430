"""Five Hundred as text: the table-side picture `render` draws of a state or a view.

Two lines for the hand (number, dealer, the game's ends) and the sides' scores, then what happens
now (the auction so far, the contract and the discards, the trick with who played what, or the
result), one line per seat (cards held, tricks and counters taken, the declarer) with the hand
itself, grouped by suit, where it is visible, and the kitty or the discards. It reads the state
only, so a view renders as what that seat may see: hidden cards appear only as counts.
"""

from __future__ import annotations

from parlour.core.auction import BidCall
from parlour.core.cards import ACE_HIGH, HIDDEN
from parlour.core.text import by_suit, seats_text
from parlour.core.tricks import trick_winner
from parlour.games.five_hundred.options import HAND_SIZE, KITTY_SIZE, counters
from parlour.games.five_hundred.rules import Phase, State


def render(state: State) -> str:
    """A plain-text picture of a state or view: the hand and contract, the auction or trick in
    progress, each seat's cards (where visible) and tricks, the kitty and the sides' scores."""
    o = state.options
    lines = [
        f"hand {state.hand}, dealer seat {state.dealer}; game to {o.target_score}"
        + (" (bid out)" if o.must_bid_out else "")
        + f", {o.losing_score} loses",
        f"scores: seats 0 and 2 {state.totals[0]}, seats 1 and 3 {state.totals[1]}",
    ]
    lines += _render_now(state)
    for s, held in enumerate(state.hands):
        line = f"seat {s}  {len(held):>2} card{'' if len(held) == 1 else 's'}"
        if state.phase is not Phase.BID:
            tricks = len(state.won[s]) // 4
            line += f"  {tricks} trick{'' if tricks == 1 else 's'}, {counters(state.won[s])} in counters"
        if s == state.declarer:
            line += "  (declarer)"
        lines.append(line)
        if held and HIDDEN not in held:
            lines.append("        " + by_suit(held))
    kitty = state.kitty
    if state.phase is Phase.BID:
        lines.append(f"kitty: {len(kitty)} cards face down")
    elif HIDDEN in kitty:
        lines.append(f"discards: {len(kitty)} cards face down")
    elif kitty:
        lines.append(f"discards: {' '.join(map(str, kitty))}")
    return "\n".join(lines)


def _render_now(state: State) -> list[str]:
    """The lines of `render` that say what is happening and who is to act."""
    auction = state.auction
    phase = state.phase
    calls = ", ".join(f"{c.player}: {c.bid if isinstance(c, BidCall) else 'pass'}" for c in auction.calls)
    if phase is Phase.BID:
        high = "no bid yet" if auction.high is None else f"high bid {auction.high} by seat {auction.high_bidder}"
        forced = " (all passed: must bid 60)" if auction.forced else ""
        return [f"bidding: {calls or 'no calls yet'}; {high}", f"seat {auction.turn} to call{forced}"]
    contract = f"contract {state.contract} by seat {state.declarer}"
    if phase is Phase.DISCARD:
        return [f"{contract}; seat {state.declarer} took the kitty and discards {KITTY_SIZE - len(state.kitty)} more"]
    if phase is Phase.OVER:
        best = sorted(state.victors)
        return [contract, f"game over after hand {state.hand}: {seats_text(best)} win"]
    trick = state.trick
    done = sum(map(len, state.won)) // 4
    number = f"trick {done + 1} of {HAND_SIZE}"
    if not trick.cards:
        return [contract, f"{number}: seat {trick.leader} to lead"]
    plays = [f"seat {trick.seats[i]} {'led' if i == 0 else 'played'} {c}" for i, c in enumerate(trick.cards)]
    due = (trick.leader + len(trick.cards)) % 4
    winning = trick_winner(trick, order=ACE_HIGH, trump=state.trump)
    return [contract, f"{number}: {', '.join(plays)}", f"seat {due} to play (seat {winning} winning so far)"]
