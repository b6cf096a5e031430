"""Fixed chance: a deck in a known order for a card game, known rolls for a dice game.

Tests, lessons and replays of real games use this instead of a seed.
"""

from __future__ import annotations

from parlour.core.cards import standard_pack
from parlour.games import farkle, hearts

# The pack in its standard order, top card first; seat 3 deals, so seat 0 gets the first card.
deck = [str(card) for card in standard_pack()]
state = hearts.new_game(deck=deck, dealer=3, seed=1)
for seat, cards in enumerate(state.hands):
    print(f"seat {seat}:", " ".join(map(str, cards)))
print("first moves:", ", ".join(str(m) for m in hearts.legal_moves(state)[:5]), "...")

try:
    hearts.new_game(deck=deck[:-1])
except ValueError as error:
    print("a short deck is refused:", error)

# Dice: the faces to come, in order, before the seeded generator takes over.
roll = farkle.new_game(seed=1, rolls=[1, 1, 1, 5, 2, 3])
roll = farkle.apply(roll, farkle.Roll(player=0))
print("farkle holds after rolling 1 1 1 5 2 3:", ", ".join(str(m) for m in farkle.legal_moves(roll)))
