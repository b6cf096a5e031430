"""Euchre as text: the table-side picture `render` draws of a state or a view.

One line for the hand (number, dealer, target, the two sides' scores), one for trump and its
maker (or the turned card), what happens now (the calls so far and who is to call, the dealer's
discard, the defenders' choice, the trick with who played what, or the result), then one line
per seat with its hand, grouped by suit, where it is visible. It reads the state only, so a view
renders as what that seat may see.
"""

from __future__ import annotations

from typing import Final

from parlour.core import tricks
from parlour.core.cards import HIDDEN, Card, Rank, Suit
from parlour.core.text import by_suit, seats_text

from .options import _SUIT_WORD, HAND_SIZE, ORDER
from .rules import _CALL, _DEFEND, _DISCARD, _OVER, _PLAY, State, _next_seat, _seat_to_act, _tricks_of, _wrap, winners
from .tables import _POWER, _SUIT_OF

def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The hand (number, dealer, target), trump and its maker or the turned card, what happens now
    (the calls so far and who is to call, the dealer's discard, the defenders' choice, the trick
    with who played what, or the result), then one line per seat (side, score, cards held,
    tricks, sitting out) with the hand itself, grouped by suit, where it is visible.
    """
    o = state.options
    lines = [f"hand {state.hand}, dealer seat {state.dealer}, game to {o.target_score}; "
             f"score: seats 0+2 {state.points[0]}, seats 1+3 {state.points[1]}"]  # fmt: skip
    auction = state.auction
    making = state.making
    if making is not None:
        trump = making.trump
        right, left = Card(Rank.JACK, trump), Card(Rank.JACK, _MATE[trump])
        alone = " alone" if making.alone else ""
        defender = "" if making.lone_defender is None else f"; seat {making.lone_defender} defends alone"
        made = f"made by seat {making.maker}{alone}{defender}"
        lines.append(f"trump {trump} (right bower {right}, left bower {left}), {made}")
    elif state.upcard:
        down = auction.round == 2
        lines.append(f"turned {'down' if down else 'up'}: {state.upcard[0]}")
    calls = [f"seat {c.player} {_wrap(c)}" for c in auction.calls]
    if state.phase is _CALL:
        if calls:
            lines.append("calls: " + ", ".join(calls))
        seat = auction.turn
        forced = " (stuck: must name a suit)" if auction.forced else ""
        what = "order up or pass" if auction.round == 1 else "name a suit or pass"
        lines.append(f"round {auction.round}: seat {seat} to {what}{forced}")
    elif state.phase is _DISCARD:
        lines.append(f"seat {state.dealer} (dealer) takes the turned card {state.upcard[0]} and discards one card")
    elif state.phase is _DEFEND:
        lines.append(f"seat {_seat_to_act(state)} chooses whether to defend alone")
    else:
        lines.extend(_render_play(state))
    taken = _tricks_of(state)
    for s, held in enumerate(state.hands):
        size = len(held)
        line = f"seat {s}  side {s % 2}  {size} card{'' if size == 1 else 's'}"
        if state.phase in (_PLAY, _OVER):
            line += f"  {taken[s]} trick{'' if taken[s] == 1 else 's'}"
        if s in state.out:
            line += "  sits out"
        if s == state.dealer:
            line += "  dealer"
        lines.append(line)
        if held and HIDDEN not in held:
            lines.append("        " + by_suit(held))
    if state.discard and HIDDEN not in state.discard:
        lines.append(f"discarded: {state.discard[0]}")
    return "\n".join(lines)


_MATE: Final = {
    Suit.CLUBS: Suit.SPADES, Suit.SPADES: Suit.CLUBS, Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS,
}  # fmt: skip
"""The other suit of each suit's colour (whose jack is the left bower)."""


def _render_play(state: State) -> list[str]:
    """The lines of `render` for the play and the end."""
    trump = state.trump
    assert trump is not None and state.maker is not None
    if state.phase is _OVER:
        best = sorted(winners(state))
        return [f"game over after hand {state.hand}: {seats_text(best)} win with {max(state.points)} points"]
    taken = _tricks_of(state)
    side = state.maker % 2
    made = taken[side] + taken[side + 2]
    trick = state.trick
    head = f"trick {sum(taken) + 1} of {HAND_SIZE}, makers {made} trick{'' if made == 1 else 's'}"
    if not trick.cards:
        return [f"{head}: seat {trick.leader} to lead"]
    plays = [f"seat {s} {'led' if i == 0 else 'played'} {c}" for i, (s, c) in enumerate(zip(trick.seats, trick.cards))]
    led = _SUIT_OF[trump](trick.cards[0])
    word = _SUIT_WORD[led] + "s" if led is not None else "a card"
    ahead = tricks.trick_winner(trick, order=ORDER, trump=trump, suit_of=_SUIT_OF[trump], power=_POWER[trump])
    now = f"seat {_next_seat(state)} to play ({word} led; seat {ahead} winning so far)"
    return [f"{head}: {', '.join(plays)}", now]
