"""Cribbage as text: the table-side picture `render` draws of a state or a view."""

from __future__ import annotations

from parlour.core.cards import HIDDEN, cards_text
from parlour.core.text import seats_text
from parlour.games.cribbage.rules import LAY_AWAY, SKUNK_MARGIN, Phase, State, pile_of, to_act, winners


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    One line for the hand (number, dealer, target, match), one or two for what happens now (the
    laying away, the starter and the count with its cards, who is to play, or the result), and
    one per seat: its score, the cards it holds (a count where hidden), played, and laid away.
    """
    o = state.options
    head = f"hand {state.hand}, dealer seat {state.dealer}, game to {o.target}"
    if o.games > 1:
        head += f", match to {o.games} games (games won {state.games[0]}-{state.games[1]})"
    if o.skunk:
        head += f", skunk below {o.target - SKUNK_MARGIN + 1}"
    lines = [head]
    phase = state.phase
    if phase is Phase.DISCARD:
        lines.append(f"{seats_text(sorted(to_act(state)))} to lay away {LAY_AWAY} cards to seat {state.dealer}'s crib")
    else:
        lines.append(f"starter {state.starter}")
        if phase is Phase.PLAY:
            pile = cards_text(pile_of(state)) or "no cards yet"
            lines.append(f"count {state.count}: {pile}")
            alone = " alone (the other said go)" if state.go else ""
            lines.append(f"seat {state.turn} to play{alone}")
        else:
            w = next(iter(winners(state)))
            lines.append(f"game over after hand {state.hand}: seat {w} wins {state.scores[w]} to {state.scores[1 - w]}")
    for s in (0, 1):
        held = state.hands[s]
        role = "dealer" if s == state.dealer else "pone"
        line = f"seat {s} ({role})  score {state.scores[s]:>3}"
        if HIDDEN in held:
            line += f"  holds {len(held)} card{'' if len(held) == 1 else 's'}"
        else:
            line += f"  holds {cards_text(held) or 'nothing'}"
        if state.played[s]:
            line += f"  played {cards_text(state.played[s])}"
        laid = state.crib[s]
        if laid:
            line += "  laid away " + (f"{len(laid)} card{'' if len(laid) == 1 else 's'}" if HIDDEN in laid else cards_text(laid))
        lines.append(line)
    return "\n".join(lines)


