"""rulekeeper: a rules engine and simulation lab for tabletop combat."""

from rulekeeper.core.game import Game, new_game, replay
from rulekeeper.core.version import VERSION as __version__

__all__ = ["Game", "__version__", "new_game", "replay"]
