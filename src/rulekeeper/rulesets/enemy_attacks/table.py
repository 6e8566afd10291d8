"""The table a game of enemy-attacks is played on: what every rules function receives."""

from __future__ import annotations

from pydantic import Field, StrictInt

from rulekeeper.core.ruleset import NoOptions, Table
from rulekeeper.rulesets.enemy_attacks.models import MAX_HEROES, EnemyAttacksContent
from rulekeeper.rulesets.enemy_attacks.rulings import EnemyAttacksRulings
from rulekeeper.rulesets.enemy_attacks.state import Skirmish, Terrain


class EnemyAttacksOptions(NoOptions):
    players: StrictInt = Field(2, ge=1, le=MAX_HEROES,
                               description="players; Heroes are dealt in turn")


class EnemyAttacksTable(Table):
    __slots__ = ()
    state: Skirmish
    content: EnemyAttacksContent
    options: EnemyAttacksOptions
    prepared: Terrain
    rulings: EnemyAttacksRulings
