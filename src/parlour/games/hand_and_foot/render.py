"""The text picture of a Hand and Foot position for the terminal and golden files."""

from __future__ import annotations

from parlour.core.cards import HIDDEN, Card, cards_text
from parlour.core.text import grouped_cards
from parlour.games.hand_and_foot.tables import TEAMS, book_kind, minimum_meld, team_of
from parlour.games.hand_and_foot.rules import Phase, State, to_act, winners


# Render --------------------------------------------------------------------------------------


def _meld_text(meld: tuple[Card, ...]) -> str:
    kind = book_kind(meld)
    return f"[{cards_text(meld)}]" + (f" {kind.value} book" if kind is not None else "")


def render(state: State) -> str:
    """A plain-text picture: the round and its minimum, what happens now, the pile and stock,
    each team's score, red 3s and melds, then each seat's cards (a visible hand by rank)."""
    o = state.options
    n = len(state.hands)
    lines = [f"round {state.hand} of {o.rounds} (minimum meld {minimum_meld(state.hand)}), dealer seat {state.dealer}"]
    if state.phase is Phase.OVER:
        best = sorted({team_of(s) for s in winners(state)})
        who = " and ".join(f"team {t}" for t in best)
        lines.append(f"game over: {who} {'wins' if len(best) == 1 else 'share the win'} with {max(state.points)}")
    elif state.phase is Phase.DRAW:
        lines.append(f"seat {state.turn} to draw two or take the pile")
    else:
        lines.append(f"seat {state.turn} to meld, then discard" + (" (took back its opening)" if state.took_back else ""))
    top = f"top {state.discards[-1]}" if state.discards else "empty"
    lines.append(f"discard pile: {len(state.discards)} card(s), {top}; stock: {len(state.stock)}")
    for team in range(TEAMS):
        seats = ", ".join(str(s) for s in range(n) if team_of(s) == team)
        status = "melded" if state.opened[team] else "not melded yet"
        lines.append(f"team {team} (seats {seats}): {state.points[team]} points, {status}")
        if state.red_threes[team]:
            lines.append(f"  red threes: {cards_text(state.red_threes[team])}")
        for meld in state.melds[team]:
            lines.append(f"  {_meld_text(meld)}")
    for seat in range(n):
        held = state.hands[seat]
        where = "playing from the foot" if not state.feet[seat] else f"foot of {len(state.feet[seat])} face down"
        lines.append(f"seat {seat}: {len(held)} card(s), {where}" + (", to act" if seat in to_act(state) else ""))
        if held and HIDDEN not in held:
            lines.append("    " + grouped_cards(held, by=lambda card: card.rank))
    return "\n".join(lines)
