"""Game-agnostic parts shared by every game: cards, dice, dominoes, randomness, seats, the game
protocol and registry, serialization, and the family primitives (tricks, melds, shedding, dice
scoring). Games call these functions; nothing here knows about any one game."""
