"""Players that choose moves through the public game API only.

A bot is anything with a `choose(game, state, player)` method (the `Bot` protocol), so smarter
players (rule-based, search, learned) plug into the CLI, benchmarks and user code alike.

>>> import parlour
>>> from parlour.bots import RandomBot
>>> hearts = parlour.game("hearts")
>>> state = hearts.new_game(seed=3)
>>> seat = min(hearts.to_act(state))
>>> move = RandomBot(seed=1).choose(hearts, state, seat)
>>> move in hearts.legal_moves(state), move.player == seat
(True, True)
"""

from __future__ import annotations

from parlour.bots.players import BOT_NAMES, Observer, make_bot, play_game
from parlour.bots.random_bot import Bot, RandomBot, moves_of
from parlour.bots.tournament import BotRecord, TournamentResult, tournament, wilson_interval

__all__ = [
    "BOT_NAMES",
    "Bot",
    "BotRecord",
    "Observer",
    "RandomBot",
    "TournamentResult",
    "make_bot",
    "moves_of",
    "play_game",
    "tournament",
    "wilson_interval",
]
