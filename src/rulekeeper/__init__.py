"""rulekeeper: a rules engine and simulation lab for tabletop combat."""

from rulekeeper.core import compiled

compiled.use()  # the compiled build of the hottest modules, when it matches their sources


from rulekeeper.core.game import Game, new_game, replay  # noqa: E402
from rulekeeper.core.version import VERSION as __version__  # noqa: E402

__all__ = ["Game", "__version__", "new_game", "replay"]
