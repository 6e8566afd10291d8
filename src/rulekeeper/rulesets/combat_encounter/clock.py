"""The dungeon clock (sample 02_GAME_STRUCTURE > TIME_LIMIT): every Player Turn and every
Combat Turn advances it; once the time limit is used up the dungeon collapses and the game
ends at once without a winner. It bounds the length of a game.
"""

from __future__ import annotations

from rulekeeper.core.ruleset import GameOver
from rulekeeper.rulesets.combat_encounter.table import CombatTable


def tick(table: CombatTable) -> None:
    """A turn is about to begin: count it, or end the game if no time is left."""
    state = table.state
    if state.clock >= table.options.time_limit:
        table.emit("clock.collapse", "sample.game.time-limit", turns=state.clock)
        raise GameOver(None, "time-limit")
    state.clock += 1
