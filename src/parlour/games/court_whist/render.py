"""Court Whist as text: the table-side picture `render` draws of a state or a view.

A line for the game and hand, one for the partnerships and trump, one for what happens now (the
call, the trick with who played what, the result), one per seat (total, cards, tricks, the
turned-up card, the hand itself where visible) and the score card so far. It reads the state
only, so a view renders as what that seat may see.
"""

from __future__ import annotations

from parlour.core.cards import ACE_HIGH, HIDDEN
from parlour.core.text import by_suit, seats_text
from parlour.core.tricks import trick_winner
from parlour.games.court_whist.rules import Phase, State, _next_seat, winners
from parlour.games.court_whist.scorecard import _SUIT_WORD, GAMES, HAND_SIZE, LADIES, PLAYERS, SEATINGS, TrumpRule

def render(state: State) -> str:
    """A plain-text picture of a state or view: the game and hand, trump, the partnerships, what
    happens now, each seat's total, cards and tricks (the hand itself where visible), and the
    score card so far."""
    o = state.options
    g, k = divmod(state.hand - 1, o.hands_per_game)
    rule = GAMES[g]
    line = rule.trumps[k]
    order = SEATINGS[o.partners][g]
    head = (
        f"game {g + 1} of {len(GAMES)}: {rule.name}, hand {k + 1} of {o.hands_per_game} "
        f"(hand {state.hand} of the match), dealer seat {state.dealer}"
    )
    if rule.partners:
        sides = f"partners: seats {order[0]} & {order[2]} against seats {order[1]} & {order[3]}"
    else:
        sides = "no partners: each player scores its own tricks"
    if state.phase is Phase.CALL:
        trump = f"trump: {line}, not yet named"
    elif state.trump is None:
        trump = "no trump"
    else:
        trump = f"trump: {_SUIT_WORD[state.trump]}s"
        if state.caller is not None:
            trump += f", named by seat {state.caller}"
        if line.rule is TrumpRule.LAST_CARD:
            trump += " (last card turned up)"
    lines = [head, f"{sides}; {trump}", _render_now(state)]
    width = max(len(str(v)) for v in state.scores)
    for s, held in enumerate(state.hands):
        tricks = len(state.won[s]) // PLAYERS
        who = "lady" if LADIES[s] else "man"
        count = len(held) + (s == state.dealer and state.upcard is not None)
        text = f"seat {s} ({who}){'' if LADIES[s] else ' '}  total {state.scores[s]:>{width}}  {count:>2} cards  {tricks} trick{'' if tricks == 1 else 's'}"
        if s == state.dealer and state.upcard is not None:
            text += f"  holds the turned-up {state.upcard}"
        if state.spoken[s]:
            text += "  spoke"
        lines.append(text)
        if held and HIDDEN not in held:
            lines.append("        " + by_suit(held))
    card = "  ".join(
        f"{GAMES[i].name} " + "/".join(str(v) for v in row) for i, row in enumerate(state.card)
    )
    lines.append(f"score card (seats 0/1/2/3): {card}")
    return "\n".join(lines)


def _render_now(state: State) -> str:
    if state.phase is Phase.CALL:
        return f"seat {state.caller} to name trump (name C, name D, name H or name S)"
    if state.phase is Phase.OVER:
        best = sorted(winners(state))
        verb = "wins" if len(best) == 1 else "share the win"
        return f"match over: {seats_text(best)} {verb} with {max(state.scores)} points"
    trick = state.trick
    number = f"trick {sum(map(len, state.won)) // PLAYERS + 1} of {HAND_SIZE}"
    if not trick.cards:
        return f"{number}: seat {trick.leader} to lead"
    plays = ", ".join(f"seat {trick.seats[i]} {'led' if i == 0 else 'played'} {c}" for i, c in enumerate(trick.cards))
    ahead = trick_winner(trick, order=ACE_HIGH, trump=state.trump)
    return f"{number}: {plays}; seat {_next_seat(state)} to play (seat {ahead} winning so far)"
