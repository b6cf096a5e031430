"""One module per game. Use `parlour.game(name)` for generic code, or import a module directly:

>>> from parlour.games import hearts
>>> state = hearts.new_game(seed=7)
"""
