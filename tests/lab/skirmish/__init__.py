"""Skirmish: a tiny two-team ruleset written for the lab's tests.

Setup options ``left`` and ``right`` name the two teams (content file teams.yaml),
as cryptids' options do. Each round, left then right (ruling ``initiative``:
``left`` always first, or a ``coin`` flip each round) choose one of their
fighters still standing; it hits a random standing enemy for its power. A fighter
at 0 health is defeated. The last side standing wins; after 8 rounds it is a tie.

Its results carry per-entity metrics (``played.<id>``, ``survived.<id>``,
``defeated.<id>``) like the real rulesets' do.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Any

from pydantic import Field

from rulekeeper.core.content import Model
from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.errors import UsageError
from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.ruleset import GameOver, NoOptions, Procedure, Result, Ruleset, Table
from rulekeeper.core.rulings import CoreRulings, ruling

HERE = Path(__file__).parent
SIDES = ("left", "right")


class Fighter(Model):
    id: str
    power: int = Field(ge=0)
    health: int = Field(ge=1)


class Team(Model):
    id: str
    fighters: list[Fighter] = Field(min_length=1)


class SkirmishContent(Model):
    teams: list[Team]


class Initiative(StrEnum):
    LEFT = "left"
    COIN = "coin"


class SkirmishRulings(CoreRulings):
    initiative: Initiative = ruling("Who acts first in a round?", Initiative.LEFT)


class SkirmishOptions(NoOptions):
    left: str = "brutes"
    right: str = "rogues"


class Skirmish(Ruleset):
    meta = RulesetMeta(name="skirmish", version=1, title="Skirmish", players=SIDES,
                       chance=True, hidden_information=False, max_length=100)
    ruling_set = SkirmishRulings
    content_model = SkirmishContent
    content_dir = HERE / "content"
    options_model = SkirmishOptions
    metrics = ("damage_left", "damage_right")
    templates = {"hit": "{fighter} hits {target} for {damage}"}

    def play(self, table: Table) -> Procedure:
        teams = {team.id: team for team in table.content.teams}
        health: dict[str, dict[str, int]] = {}
        power: dict[str, dict[str, int]] = {}
        for side in SIDES:
            name = getattr(table.options, side)
            if name not in teams:
                raise UsageError(f"no team {name!r}; teams: {', '.join(teams)}")
            health[side] = {f.id: f.health for f in teams[name].fighters}
            power[side] = {f.id: f.power for f in teams[name].fighters}
        damage = dict.fromkeys(SIDES, 0)
        played: set[str] = set()
        defeated: set[str] = set()
        table.state = {"health": health, "damage": damage, "played": played,
                       "defeated": defeated}
        for number in range(1, 9):
            order = SIDES if table.rulings.initiative is Initiative.LEFT or not table.rng.coin() \
                else SIDES[::-1]
            for side in order:
                enemy = "right" if side == "left" else "left"
                standing = [f for f, h in health[side].items() if h > 0]
                targets = [f for f, h in health[enemy].items() if h > 0]
                if not standing or not targets:
                    continue
                fighter = yield Decision(side, "fighter", options((f, f) for f in standing),
                                         "skirmish.act", f"Round {number}: who strikes?")
                played.add(fighter)
                target = table.rng.choice(targets)
                hit = min(power[side][fighter], health[enemy][target])
                health[enemy][target] -= hit
                damage[side] += hit
                if health[enemy][target] == 0:
                    defeated.add(target)
                table.emit("hit", "skirmish.hit", fighter=fighter, target=target, damage=hit)
            alive = [s for s in SIDES if any(h > 0 for h in health[s].values())]
            if len(alive) < 2:
                raise GameOver(alive[0] if alive else None, "last-standing", number)
        raise GameOver(None, "time", 8)

    def game_over(self, table: Table, over: GameOver) -> Result:
        state = table.state
        metrics: dict[str, float] = {f"damage_{side}": state["damage"][side] for side in SIDES}
        metrics |= {f"played.{f}": 1 for f in state["played"]}
        metrics |= {f"defeated.{f}": 1 for f in state["defeated"]}
        metrics |= {f"survived.{f}": 1 for side in SIDES
                    for f, h in state["health"][side].items() if h}
        return Result(over.winner, over.reason, over.rounds or 0, metrics)

    def view(self, table: Table, player: str | None) -> dict[str, Any]:
        return {"health": table.state["health"]}
