"""Oh Hell! as text: the table-side picture `render` draws of a state or a view.

A line for the hand (number, size, dealer, trump, and once bidding is over how far the bids
miss the tricks), one or two for what happens now (whose bid and the dealer's forbidden bid,
the trick with who played what, or the result), and one per seat (score, cards held, bid and
tricks taken) with the hand itself, by suit, where it is visible. It reads the state only, so a
view renders as what that seat may see.
"""

from __future__ import annotations

from parlour.core.cards import ACE_HIGH
from parlour.core.text import by_suit, seats_text
from parlour.core.tricks import trick_winner
from parlour.games.oh_hell.options import _SUIT_WORD, HIDDEN_BID, hand_count
from parlour.games.oh_hell.rules import (
    _BID,
    _BLIND,
    _OVER,
    _PLAY,
    State,
    _next_seat,
    bids,
    to_act,
    tricks_taken,
    trump,
    winners,
)


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    A line for the hand (number, size, dealer, trump), one or two for what happens now (the
    bidding, the trick with who played what, or the result), and one per seat (score, cards
    held, bid and tricks taken) with the hand itself, by suit, where it is visible.
    """
    n = len(state.hands)
    o = state.options
    suit = trump(state)
    head = f"hand {state.hand} of {hand_count(o, n)}, {state.size} card{'s' if state.size > 1 else ''} each"
    head += f", dealer seat {state.dealer}; "
    if state.turn_up is None:
        head += "no trump (no card left to turn up)"
    else:
        head += f"trump {_SUIT_WORD[suit]}s (turned up {state.turn_up})" if suit is not None else "no trump"
    made, taken = bids(state), tricks_taken(state)
    if state.phase in (_PLAY, _OVER):
        total = sum(b or 0 for b in made)
        head += f"; bids total {total}, " + (
            f"overbid by {total - state.size}" if total > state.size else
            f"underbid by {state.size - total}" if total < state.size else "exactly the tricks"
        )  # fmt: skip
    lines = [head, *_render_now(state)]
    width = max(len(str(v)) for v in state.scores)
    for s, held in enumerate(state.hands):
        line = f"seat {s}  score {state.scores[s]:>{width}}  {len(held):>2} card{'' if len(held) == 1 else 's'}"
        bid = made[s] if s < len(made) else None
        if bid is None:
            line += "  no bid yet"
        elif bid == HIDDEN_BID:
            line += "  has bid (hidden)"
        else:
            line += f"  bid {bid}, took {taken[s]}"
        lines.append(line)
        if held and all(not c.is_hidden for c in held):
            lines.append("        " + by_suit(held))
    return "\n".join(lines)


def _render_now(state: State) -> list[str]:
    """The lines of `render` that say what is happening and who is to act."""
    phase = state.phase
    if phase is _BLIND:
        return [f"{seats_text(sorted(to_act(state)))} to bid blind, all at once (shown when all have bid)"]
    if phase is _BID:
        assert state.auction is not None and state.auction.turn is not None
        seat = state.auction.turn
        total = sum(b or 0 for b in bids(state))
        line = f"seat {seat} to bid; the bids so far total {total}"
        if seat == state.dealer and state.auction.forbidden_total is not None:
            if total <= state.size:
                line += f" (the dealer may not bid {state.size - total}: the bids may not total {state.size})"
        return [line]
    if phase is _OVER:
        best = sorted(winners(state))
        verb = "wins" if len(best) == 1 else "share the win"
        return [f"game over after hand {state.hand}: {seats_text(best)} {verb} with {max(state.scores)} points"]
    trick = state.trick
    number = f"trick {sum(tricks_taken(state)) + 1} of {state.size}"
    if not trick.cards:
        return [f"{number}: seat {trick.leader} to lead"]
    plays = [f"seat {trick.leader} led {trick.cards[0]}"]
    plays += [f"seat {trick.seats[i]} played {c}" for i, c in enumerate(trick.cards) if i]
    led = trick.cards[0].suit
    word = _SUIT_WORD[led] + "s" if led is not None else "a card"
    ahead = trick_winner(trick, order=ACE_HIGH, trump=trump(state))
    return [f"{number}: {', '.join(plays)}", f"seat {_next_seat(state)} to play ({word} led; seat {ahead} winning so far)"]


