"""Hearts as text: the table-side picture `render` draws of a state or a view.

One line for the hand (number, dealer, passing, hearts broken), one or two for what happens now
(the cards being passed, the trick with who played what, the moon choice or the result), one per
seat (score, cards held, tricks and penalty cards taken this hand, passes) with the hand itself,
grouped by suit, on a line of its own where it is visible, and the kitty. It reads the state
only, so a view renders as what that seat may see: hidden cards appear only as counts.
"""

from __future__ import annotations

from typing import Final

from parlour.core.cards import ACE_HIGH, HIDDEN
from parlour.core.text import by_suit, seats_text
from parlour.core.tricks import trick_winner
from parlour.games.hearts.options import (
    _SUIT_WORD,
    ACROSS,
    HAND_POINTS,
    KEEP,
    LEFT,
    MOON_POINTS,
    PASS_COUNT,
    PENALTY,
    RIGHT,
    Opener,
    hand_size,
    pass_offset,
)
from parlour.games.hearts.rules import Phase, State, _next_seat, _shooter, _tricks_done, to_act, winners
from parlour.games.hearts.tables import penalty, sorted_hand

_DIRECTION: Final = {LEFT: "to the left", RIGHT: "to the right", ACROSS: "across"}


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    One line for the hand (number, dealer, passing, hearts broken), one for what happens now
    (the cards being passed, the trick with who played what, the moon choice or the result),
    one per seat (score, cards held, tricks and penalty cards taken this hand, passes) with the
    hand itself, grouped by suit, on a line of its own where it is visible, and the kitty. Hidden
    cards appear only as counts.
    """
    n = len(state.hands)
    o = state.options
    offset = pass_offset(o, n, state.hand)
    phase = state.phase
    head = f"hand {state.hand}, dealer seat {state.dealer}, game to {o.target_score}"
    if offset == KEEP:
        head += "; no passing this hand"
    elif phase is Phase.PASS:
        head += f"; passing {PASS_COUNT} cards {_DIRECTION[offset]}"
    elif phase is not Phase.OVER:
        head += f"; cards were passed {_DIRECTION[offset]}"
    if phase is Phase.PLAY:
        head += "; hearts broken" if state.hearts_broken else "; hearts not broken"
    lines = [head, *_render_now(state)]
    width = max(len(str(v)) for v in state.scores)
    for s, held in enumerate(state.hands):
        line = f"seat {s}  score {state.scores[s]:>{width}}  {len(held):>2} card{'' if len(held) == 1 else 's'}"
        if phase is Phase.PASS:
            chosen = state.passes[s]
            line += f"  passes to seat {(s + offset) % n}: "
            if not chosen:
                line += "none chosen yet"
            elif HIDDEN in chosen:
                line += f"{len(chosen)} of {PASS_COUNT} chosen" if len(chosen) < PASS_COUNT else "all chosen"
            else:
                line += " ".join(map(str, chosen))
                line += f" ({PASS_COUNT - len(chosen)} more to choose)" if len(chosen) < PASS_COUNT else ""
        else:
            tricks = len(state.won[s]) // n
            line += f"  {tricks} trick{'' if tricks == 1 else 's'}"
            taken = [c for c in state.won[s] if c in PENALTY]
            if taken:
                got = penalty(taken)
                line += f", {got} point{'' if got == 1 else 's'}: " + " ".join(map(str, sorted_hand(taken)))
        lines.append(line)
        if held and HIDDEN not in held:
            lines.append("        " + by_suit(held))
    if state.kitty:
        k = len(state.kitty)
        taker = state.kitty_taker
        where = "for the winner of the first trick" if taker is None else f"taken by seat {taker}"
        if HIDDEN in state.kitty:
            lines.append(f"kitty: {k} cards face down, {where}")
        else:
            got = penalty(state.kitty)
            worth = f" ({got} point{'' if got == 1 else 's'})" if got else ""
            lines.append(f"kitty: {' '.join(map(str, sorted_hand(state.kitty)))}{worth}, {where}")
    return "\n".join(lines)


def _render_now(state: State) -> list[str]:
    """The lines of `render` that say what is happening and who is to act."""
    n = len(state.hands)
    phase = state.phase
    if phase is Phase.PASS:
        return [f"{seats_text(sorted(to_act(state)))} to choose cards to pass"]
    if phase is Phase.MOON:
        s = _shooter(state)
        return [
            f"seat {s} took all {HAND_POINTS} points and shoots the moon; seat {s} chooses:",
            f"moon add (+{MOON_POINTS} to every other seat) or moon subtract (-{MOON_POINTS} to seat {s})",
        ]
    if phase is Phase.OVER:
        best = sorted(winners(state))
        verb = "wins" if len(best) == 1 else "share the win"
        return [f"game over after hand {state.hand}: {seats_text(best)} {verb} with {min(state.scores)} points"]
    trick = state.trick
    number = f"trick {_tricks_done(state) + 1} of {hand_size(n, state.options)}"
    if not trick.cards:
        first = not any(state.won) and state.options.opener is Opener.LOW_CLUB
        return [f"{number}: seat {trick.leader} to lead" + (" the lowest club" if first else "")]
    plays = [f"seat {trick.leader} led {trick.cards[0]}"]
    plays += [f"seat {trick.seats[i]} played {c}" for i, c in enumerate(trick.cards) if i]
    led = trick.cards[0].suit
    word = _SUIT_WORD[led] + "s" if led is not None else "a card"
    return [
        f"{number}: {', '.join(plays)}",
        f"seat {_next_seat(state)} to play ({word} led; seat {trick_winner(trick, order=ACE_HIGH)} winning so far)",
    ]

