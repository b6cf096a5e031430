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

from typing import TYPE_CHECKING

from parlour.bots.players import BOT_NAMES, Observer, make_bot, play_game
from parlour.bots.random_bot import Bot, RandomBot, moves_of
from parlour.bots.tournament import BotRecord, TournamentResult, tournament, wilson_interval

if TYPE_CHECKING:
    from parlour.bots.heuristic import HeuristicBot
    from parlour.bots.ismcts import ISMCTSBot

__all__ = [
    "BOT_NAMES",
    "Bot",
    "BotRecord",
    "HeuristicBot",
    "ISMCTSBot",
    "Observer",
    "RandomBot",
    "TournamentResult",
    "make_bot",
    "moves_of",
    "play_game",
    "tournament",
    "wilson_interval",
]


def __getattr__(name: str) -> object:
    """`HeuristicBot` and `ISMCTSBot` are imported on first use (the rummy rules build a meld
    engine; the search brings its inference)."""
    if name == "HeuristicBot":
        from parlour.bots.heuristic import HeuristicBot

        return HeuristicBot
    if name == "ISMCTSBot":
        from parlour.bots.ismcts import ISMCTSBot

        return ISMCTSBot
    raise AttributeError(f"module 'parlour.bots' has no attribute {name!r}")
