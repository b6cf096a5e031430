"""What one seat may see, and saving a game to JSON and reading it back.

A view is a state of the same class with the other hands hidden; JSON keeps states, views,
moves and options exactly, so a saved game resumes where it stopped.
"""

from __future__ import annotations

import parlour
from parlour.games import hearts

state = hearts.new_game(seed=7)
for _ in range(12):  # every seat chooses its three cards to pass
    state = hearts.apply(state, hearts.legal_moves(state)[0])

mine = hearts.view(state, 0)
print("seat 0 sees its own hand:", " ".join(map(str, mine.hands[0])))
print("and seat 1's hand as:   ", " ".join(map(str, mine.hands[1])))
print("the view has no random source:", mine.rng is None)
print("what the last move caused:", "; ".join(map(str, mine.events)))

text = parlour.to_json(state)
again = parlour.from_json(text)
print(f"JSON: {len(text)} characters, reads back equal: {again == state}")
assert isinstance(again, hearts.State)
move = hearts.legal_moves(again)[0]
print("the saved game goes on:", move, "->", hearts.to_act(hearts.apply(again, move)))

try:
    parlour.from_json(text.replace('"hand": 1', '"hand": -1'))
except ValueError as error:
    print("tampered JSON is refused:", error)
