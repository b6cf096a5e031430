"""Saskatchewan Rummy as text: the table-side picture `render` draws of a state or a view."""

from __future__ import annotations

from parlour.core.cards import ACE_HIGH, HIDDEN, sorted_cards
from parlour.core.text import by_suit, seats_text
from parlour.core.tricks import trick_winner

from .options import CONTRACTS, ORDINALS, SEVENS_HAND, SEVENS_TITLE, hand_size
from .rules import _SEVENS_PHASE, _TRICKS, State, scores, winners

def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The hand and what it costs, the dealer and the pot; what happens now (the trick with who
    played what, the Sevens layout, or the result); then one line per seat (net cents, cards
    held, tricks and costly cards taken, or place out) with the hand, by suit, on a line of its
    own where the viewer may see it.
    """
    n = len(state.hands)
    phase = state.phase
    title = CONTRACTS[state.hand - 1].title if state.hand < SEVENS_HAND else SEVENS_TITLE
    lines = [f"hand {state.hand} of {SEVENS_HAND} ({title}), dealer seat {state.dealer}, pot {state.pot} cents"]
    if phase is _TRICKS:
        trick = state.trick
        number = sum(map(len, state.won)) // n + 1
        if trick.cards:
            plays = ", ".join(f"seat {s} {'led' if i == 0 else 'played'} {c}" for i, (s, c) in enumerate(zip(trick.seats, trick.cards)))
            winning = trick_winner(trick, order=ACE_HIGH)
            lines.append(f"trick {number} of {hand_size(n)}: {plays}; seat {winning} winning so far")
            lines.append(f"seat {state.turn} to play")
        else:
            lines.append(f"trick {number} of {hand_size(n)}: seat {state.turn} to lead")
    else:
        names = ("clubs", "diamonds", "hearts", "spades")
        for suit, row in enumerate(state.layout):
            lines.append(f"  {names[suit]:<8} " + (" ".join(map(str, row)) if row else "(needs its seven)"))
        if phase is _SEVENS_PHASE:
            lines.append(f"seat {state.turn} to play")
        else:
            best = sorted(winners(state))
            verb = "wins" if len(best) == 1 else "share the win"
            lines.append(f"game over: {seats_text(best)} {verb} with {max(scores(state)):+d} cents net")
    net = scores(state)
    width = max(len(f"{v:+d}") for v in net)
    for s, held in enumerate(state.hands):
        count = f"{len(held):>2} card{'' if len(held) == 1 else 's'}"
        line = f"seat {s}  net {net[s]:>+{width}}  {count}"
        if phase is _TRICKS:
            tricks = len(state.won[s]) // n
            line += f"  {tricks} trick{'' if tricks == 1 else 's'}"
            costly = [c for c in state.won[s] if c in CONTRACTS[state.hand - 1].card_cents]
            if costly:
                line += ": " + " ".join(map(str, sorted_cards(costly)))
        elif s in state.out:
            line += f"  out {ORDINALS[state.out.index(s)]}"
        lines.append(line)
        if held and HIDDEN not in held:
            lines.append("        " + by_suit(held))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
