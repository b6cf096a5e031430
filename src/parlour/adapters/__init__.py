"""Research adapters: every parlour game for PettingZoo and OpenSpiel users (optional extras).

- `parlour.adapters.actions`: moves spelled as short sequences of integer tokens, the fixed
  action space of each game (pure Python);
- `parlour.adapters.observations`: a fixed-length vector of what one seat sees (pure Python);
- `parlour.adapters.match`: one game played token by token, with its rewards (pure Python);
- `parlour.adapters.pettingzoo`: ``env("hearts")``, an AEC environment (``pip install
  'parlour[pettingzoo]'``);
- `parlour.adapters.openspiel`: ``load("hearts")``, a pyspiel game (``pip install
  'parlour[openspiel]'``).

Importing this package imports neither library; each adapter module imports its own.
"""
