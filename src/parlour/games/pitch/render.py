"""Pitch as text: the table-side picture `render` draws of a state or a view."""

from __future__ import annotations

from parlour.core import auction as core_auction
from parlour.core.cards import ACE_HIGH
from parlour.core.text import by_suit, seats_text
from parlour.core.tricks import trick_winner
from parlour.games.pitch.options import HAND_SIZE
from parlour.games.pitch.rules import _SUIT_WORD, Phase, State, _bid_text, _next_seat
from parlour.games.pitch.scoring import game_points


def render(state: State) -> str:
    """A plain-text picture of a state or view: the hand and the bidding or the contract and
    trump, the trick in progress, then each seat's score, cards and tricks, with the hand itself
    where the viewer may see it. Hidden cards appear only as counts."""
    n = len(state.hands)
    o = state.options
    lines = [f"hand {state.hand}, dealer seat {state.dealer}, game to {o.target}"]
    auction = state.auction
    calls = ", ".join(f"seat {c.player} {'pass' if isinstance(c, core_auction.Pass) else c}" for c in auction.calls)
    if state.phase is Phase.BID:
        high = "no bid yet" if auction.high is None else f"high bid {auction.high} by seat {auction.high_bidder}"
        lines.append(f"bidding: {calls or 'no calls yet'}; {high}")
        lines.append(f"seat {auction.turn} to bid")
    else:
        trump = "not named yet" if state.trump is None else _SUIT_WORD[state.trump] + "s"
        lines.append(f"seat {state.pitcher} pitches for {_bid_text(state.bid)}; trump {trump}")
        if state.phase is Phase.OVER:
            verb = "wins" if len(state.victors) == 1 else "share the win"
            lines.append(f"game over after hand {state.hand}: {seats_text(state.victors)} {verb}")
        else:
            trick = state.trick
            done = sum(map(len, state.won)) // n
            number = f"trick {done + 1} of {HAND_SIZE}"
            if not trick.cards:
                lead = " (the lead names trump)" if state.trump is None else ""
                lines.append(f"{number}: seat {trick.leader} to lead{lead}")
            else:
                plays = ", ".join(f"seat {s} played {c}" for c, s in zip(trick.cards, trick.seats))
                best = trick_winner(trick, order=ACE_HIGH, trump=state.trump)
                lines.append(f"{number}: {plays}; seat {best} winning so far")
                lines.append(f"seat {_next_seat(state)} to play")
    width = max(len(str(v)) for v in state.scores)
    for s, held in enumerate(state.hands):
        tricks = len(state.won[s]) // n
        line = f"seat {s}  score {state.scores[s]:>{width}}  {len(held)} card{'' if len(held) == 1 else 's'}"
        line += f"  {tricks} trick{'' if tricks == 1 else 's'}, {game_points(state.won[s])} for game"
        lines.append(line)
        if held and not any(c.is_hidden for c in held):
            lines.append("        " + by_suit(held))
    return "\n".join(lines)
