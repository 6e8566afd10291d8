"""How a Raid ends (raid.game.*) and claiming objectives (raid.objective.*).

The game ends at once: the heroes win when they complete the scenario's hero goal; they
lose when the villain completes its goal, when a hero is defeated (``damage``), when the
villain deck is empty as a card must be drawn (``enemies``), or when the enemies claim
their third objective.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.entities import Measure
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import GameOver

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.raid.table import Raid
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter, Objective

LOSING_OBJECTIVES = 3
"""The enemies' third claimed objective ends the game (raid.game.lose.third-objective)."""


REASONS = {
    "villain-defeated": "the villain is defeated",
    "sites": "the scenario's sites are held",
    "objectives": "the enemies claimed their third objective",
    "villain-goal": "the villain completed its goal",
    "hero-defeated": "a hero is defeated",
    "villain-deck-empty": "the villain deck is empty when a villain card must be drawn",
}
RULES = {
    "villain-defeated": "raid.game.into-the-darkwood",
    "sites": "raid.game.end.heroes-win",
    "objectives": "raid.game.lose.third-objective",
    "villain-goal": "raid.game.end.villain-goal",
    "hero-defeated": "raid.game.end.hero-dies",
    "villain-deck-empty": "raid.game.end.villain-deck-empty",
}


def check(t: Raid, team: str) -> None:
    """End the game at once (raise :class:`GameOver`) when ``team`` has reached its goal."""
    if team == "heroes":
        goal = t.scenario.hero_goal
        if goal.defeat_villain and t.the_villain.fighter.defeated:
            raise GameOver("heroes", "villain-defeated")
        held = sum(1 for s in t.sites.values() if s.holder == "heroes")
        cites("raid.sample.barrow-stones")
        if goal.sites is not None and held >= goal.sites:
            raise GameOver("heroes", "sites")
        return
    if len(t.claimed) >= LOSING_OBJECTIVES:
        raise GameOver("enemies", "objectives")
    wanted = t.scenario.villain_goal.minions
    if wanted is not None and len(t.minions()) >= wanted:
        raise GameOver("enemies", "villain-goal")


@cites("raid.objective.enemy-play-area")
def claim(t: Raid, enemy: Fighter, objective: Objective, rule: str) -> None:
    """The objective leaves the board for the enemy play area (raid.objective.enemy-play-area)."""
    objective.claimed_by = "enemies"
    t.claimed.append(objective.id)
    t.bump("objectives_claimed")
    t.credit(enemy, Measure.OBJECTIVES)
    t.emit("raid.claim", rule, enemy=enemy.name, objective=objective.name,
           claimed=len(t.claimed))
    t.check_goal("enemies")


def progress(t: Raid) -> dict[str, float]:
    """How near each side is to its goal, from 0 to 1: the heroes by the villain's wounds
    (or the sites they hold), the enemies by their objectives (or their minions on the
    board), whichever is nearer."""
    hero_goal, villain_goal = t.scenario.hero_goal, t.scenario.villain_goal
    villain = t.the_villain
    heroes = [villain.wounds / villain.health] if hero_goal.defeat_villain else []
    if hero_goal.sites is not None:
        heroes.append(sum(1 for s in t.sites.values() if s.holder == "heroes")
                      / hero_goal.sites)
    enemies = [len(t.claimed) / LOSING_OBJECTIVES]
    if villain_goal.minions is not None:
        enemies.append(len(t.minions()) / villain_goal.minions)
    return {"heroes": max(heroes, default=0.0), "enemies": max(enemies)}


def judge(t: Raid) -> str | None:
    """The side nearer its goal (ruling work-budget=judge); None when they are as near."""
    near = progress(t)
    if near["heroes"] == near["enemies"]:
        return None
    return max(near, key=lambda side: near[side])


def announce(t: Raid, over: GameOver) -> None:
    """The event that ends the game, citing the rule that ended it."""
    kind = "raid.won" if over.winner == "heroes" else "raid.lost"
    t.emit(kind, RULES[over.reason], reason=REASONS[over.reason])
