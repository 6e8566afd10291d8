"""rulekeeper: a rules engine and simulation lab for tabletop combat."""

from rulekeeper.core.game import Game, new_game, replay

__all__ = ["Game", "new_game", "replay"]
__version__ = "0.1.0"
