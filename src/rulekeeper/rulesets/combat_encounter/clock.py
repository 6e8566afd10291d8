"""The dungeon clock (sample 02_GAME_STRUCTURE > TIME_LIMIT): every Player Turn and every
Combat Turn advances it; once the time limit is used up the dungeon collapses and the game
ends at once without a winner. It bounds the length of a game.
"""

from __future__ import annotations

from rulekeeper.core.ruleset import Result
from rulekeeper.rulesets.combat_encounter.state import Ctx, GameOver


def tick(ctx: Ctx) -> None:
    """A turn is about to begin: count it, or end the game if no time is left."""
    state = ctx.state
    if state.clock >= ctx.options.time_limit:
        ctx.emit("clock.collapse", "sample.game.time-limit", turns=state.clock)
        raise GameOver(Result(None, "time-limit", state.round))
    state.clock += 1
