"""The work budget of both modes: a game that reaches its decisions or its automated steps
ends by the work-budget ruling, as a tie or judged by the rules' own count."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rulekeeper.agents import RandomAgent
from rulekeeper.core import registry
from rulekeeper.core.game import Game, new_game, replay
from rulekeeper.rulesets.dire_alliance.raid.ruleset import DireAllianceRaid
from rulekeeper.rulesets.dire_alliance.ruleset import DireAllianceBattle

pytestmark = pytest.mark.rule("core.work-budget")


def small(base: type[Any], **limits: int) -> str:
    """Register ``base`` with a smaller budget; its id."""
    meta = dataclasses.replace(base.meta, name=base.meta.name + "-small", **limits)
    registry.register(meta.id, type("Small", (base,), {"meta": meta}))
    return meta.id


@pytest.fixture
def cleanup():
    made: list[str] = []
    yield made
    for ruleset_id in made:
        registry.unregister(ruleset_id)


def play(game: Game, seed: int = 0) -> Game:
    agents = {seat: RandomAgent(seat, seed + i) for i, seat in enumerate(game.seats)}
    while not game.over:
        game.step(agents[game.pending.player].choose(None, game.pending))
    return game


def ended_by_budget(game: Game, arranged: bool = False) -> dict[str, Any]:
    """The closing event's data and kind (a game whose table the test arranged by hand does
    not replay)."""
    last = game.events[-1]
    assert last.rule == "core.work-budget"
    assert game.result is not None and game.result.reason == "work-budget"
    if not arranged:
        assert replay(game.record()).result == game.result
    return dict(last.data) | {"kind": last.kind}


@pytest.mark.parametrize("base", [DireAllianceBattle, DireAllianceRaid])
def test_a_game_reaching_its_decision_budget_ends_in_a_tie(base, cleanup):
    cleanup.append(small(base, max_length=25))
    game = play(new_game(cleanup[0]))
    assert len(game.decisions) == 25
    assert ended_by_budget(game) == {"kind": "work-budget.tie", "limit": 25, "what": "decisions"}
    assert game.result.winner is None
    assert game.result.metrics  # the game's numbers are still reported


def test_a_raid_reaching_its_steps_budget_is_judged_by_the_nearer_goal(cleanup):
    cleanup.append(small(DireAllianceRaid, max_steps=1))
    judged = {"work-budget": "judge"}
    game = new_game(cleanup[0], rulings=judged)
    game.table.state.the_villain.wounds = 3  # the heroes are nearer their goal
    play(game)
    assert ended_by_budget(game, arranged=True) == {"kind": "work-budget.judged", "limit": 1, "what": "steps",
                                     "winner": "heroes"}
    assert game.result.winner == "heroes"
    # neither side nearer its goal: a tie, even when judged
    even = play(new_game(cleanup[0], rulings=judged))
    assert ended_by_budget(even)["kind"] == "work-budget.tie"
    assert even.table.steps == 2 and even.table.state.claimed == []


def test_a_battle_reaching_its_steps_budget_is_judged_by_the_objectives_held(cleanup):
    cleanup.append(small(DireAllianceBattle, max_steps=1))
    game = new_game(cleanup[0], rulings={"work-budget": "judge"})
    t = game.table.state
    t.objectives["marsh-site"].claimed_by = "red"
    t.sides["red"].claimed.append("marsh-site")
    play(game, seed=3)
    assert ended_by_budget(game, arranged=True) == {"kind": "work-budget.judged", "limit": 1, "what": "steps",
                                     "winner": "red"}
    assert game.events[-2].kind != "won"  # the budget, not a goal, ended it
