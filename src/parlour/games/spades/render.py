"""Spades as text: the table-side picture `render` draws of a state or a view.

It reads the state only, so a view renders as what that seat may see: hidden cards (another
seat's hand, or one's own before picking it up) appear only as counts.
"""

from __future__ import annotations

from parlour.core.cards import ACE_HIGH, HIDDEN
from parlour.core.text import by_suit, seats_text
from parlour.core.tricks import trick_winner

from .options import HAND_SIZE, TEAMS, TRUMP
from .rules import _SUIT_WORD, Phase, State, _next_seat
from .scoring import game_result

_BID, _PLAY, _OVER = Phase.BID, Phase.PLAY, Phase.OVER


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The hand, dealer and target; what happens now (who is to bid or look, the trick so far and
    who is winning it, or the result); one line per side (score, bags, bid, tricks); then one
    line per seat (its bid, tricks and cards held) with the hand itself by suit where the viewer
    may see it. Hidden cards appear only as counts.
    """
    o = state.options
    phase = state.phase
    head = f"hand {state.hand}, dealer seat {state.dealer}, game to {o.target_score}"
    if o.mercy_rule:
        head += f" (or down to {o.mercy_threshold})"
    if phase is _PLAY and o.spades_broken:
        head += "; spades broken" if state.broken else "; spades not broken"
    lines = [head, *_render_now(state)]
    bids = state.auction.bids
    for side, seats in enumerate(TEAMS):
        contract = sum(b.amount or 0 for b in (bids[s] for s in seats) if b is not None)
        taken = sum(len(state.won[s]) // 4 for s in seats)
        line = f"side {side} (seats {seats[0]}, {seats[1]})  score {state.team_scores[side]}  bags {state.bags[side]}"
        if phase is not _BID:
            line += f"  bid {contract}, {taken} trick{'' if taken == 1 else 's'}"
        lines.append(line)
    for s, held in enumerate(state.hands):
        bid = bids[s]
        tricks = len(state.won[s]) // 4
        said = "not bid yet" if bid is None else f"bid {bid}"
        line = f"seat {s}  {said}  {tricks} trick{'' if tricks == 1 else 's'}"
        line += f"  {len(held)} card{'' if len(held) == 1 else 's'}"
        if not state.looked[s] and phase is _BID:
            line += "  (cards not picked up)"
        lines.append(line)
        if held and HIDDEN not in held:
            lines.append("        " + by_suit(held))
    return "\n".join(lines)


def _render_now(state: State) -> list[str]:
    phase = state.phase
    if phase is _OVER:
        side = game_result(state.team_scores, state.options)
        assert side is not None
        won, lost = state.team_scores[side], state.team_scores[1 - side]
        return [f"game over after hand {state.hand}: side {side} ({seats_text(TEAMS[side])}) wins {won} to {lost}"]
    if phase is _BID:
        seat = state.auction.turn
        assert seat is not None
        if not state.looked[seat]:
            return [f"seat {seat} to bid double nil before looking, or look at its cards"]
        return [f"seat {seat} to bid"]
    trick = state.trick
    number = f"trick {sum(map(len, state.won)) // 4 + 1} of {HAND_SIZE}"
    if not trick.cards:
        return [f"{number}: seat {trick.leader} to lead"]
    plays = [f"seat {trick.leader} led {trick.cards[0]}"]
    plays += [f"seat {trick.seats[i]} played {c}" for i, c in enumerate(trick.cards) if i]
    led = trick.cards[0].suit
    word = _SUIT_WORD[led] + "s" if led is not None else "a card"
    best = trick_winner(trick, order=ACE_HIGH, trump=TRUMP)
    return [
        f"{number}: {', '.join(plays)}",
        f"seat {_next_seat(state)} to play ({word} led; seat {best} winning so far)",
    ]
