"""The work budget: decisions and automated steps (Enemy turns, extra dice) end a game by the
engine's work-budget ruling; under ``work-budget=judge`` the side that lost the smaller share
of its health wins."""

from __future__ import annotations

import dataclasses
import time

import pytest

from rulekeeper.agents import play_out, seat_agents
from rulekeeper.core import registry
from rulekeeper.core.game import new_game, replay
from rulekeeper.rulesets.enemy_attacks.ruleset import MAX_STEPS
from tests.rulesets.enemy_attacks.helpers import figure, start

HEXER = {"id": "hexer", "name": "Hexer", "health": 99,
         "attack": {"kind": "magic", "range": 9, "area": 9, "effect": "none",
                    "condition": "hexed", "active_check": {"ability": "will", "need": 2}}}
"""An Enemy that only hexes: nobody takes damage from it, so only the budget ends the game."""
CHAINS = {"dice.action_die.dice.default": ["one"] + ["chain"] * 99,
          "dice.action_die.faces.chain": {"extra": 1},
          "enemies.enemies": [HEXER]}
"""An Action die whose every roll is, on average, a chain of 100 dice ending with one success."""


def _hexed_game(rulings: dict[str, str]):
    enemies = [("hexer", area, f"h{i}") for i, area in enumerate("cccdddeee")]
    return start(heroes=[("brannoc", "a"), ("miren", "b")], enemies=enemies, sets=CHAINS,
                 rounds=20, caps={"c": 9, "d": 9, "e": 9}, rulings=rulings)


@pytest.mark.rule("core.work-budget", "sample.check.face.extra")
@pytest.mark.parametrize("option", ["tie", "judge"])
def test_long_extra_dice_chains_end_the_game_at_the_steps_budget(option):
    game = _hexed_game({"work-budget": option})
    began = time.process_time()
    play_out(game, seat_agents(game.ruleset, game.seats, ["first"], 0))
    assert time.process_time() - began < 1
    assert game.result is not None and game.result.reason == "work-budget"
    last = game.events[-1]
    assert last.rule == "core.work-budget" and last.data["what"] == "steps"
    assert last.data["limit"] == MAX_STEPS and game.table.steps == MAX_STEPS + 1
    assert not [e for e in game.events if e.kind == "game-over"]  # the engine's event closes it
    # the Heroes hurt the Hexers (one success per die), nobody hurt the Heroes
    assert game.result.winner == ("heroes" if option == "judge" else None)
    assert game.result.metrics["damage_to_enemies"] > 0
    assert game.result.metrics["damage_to_allies"] == 0
    assert replay(game.record()).result == game.result


@pytest.mark.rule("core.work-budget")
def test_the_decisions_budget_ends_the_game(monkeypatch):
    ruleset = registry.load("enemy-attacks")
    monkeypatch.setattr(type(ruleset), "meta", dataclasses.replace(ruleset.meta, max_length=3))
    game = new_game("enemy-attacks", seed=2)
    play_out(game, seat_agents(game.ruleset, game.seats, ["heuristic"], 0))
    assert len(game.decisions) == 3
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == (None, "work-budget")
    assert game.events[-1].rule == "core.work-budget"
    assert game.events[-1].data == {"limit": 3, "what": "decisions"}
    assert game.result.metrics["played.brannoc"] == 1


@pytest.mark.rule("core.work-budget")
def test_judge_compares_the_shares_of_health_lost():
    game = start(heroes=[("brannoc", "a")], enemies=[("ghoul", "e"), ("gargoyle", "e")])
    judge = game.ruleset.judge
    assert judge(game.table) is None  # nothing lost on either side
    figure(game, "brannoc").wounded = 1  # 1 of 7 chips
    assert judge(game.table) == "enemies"
    figure(game, "ghoul").health = 2  # 2 of the Enemies' 9 health
    assert judge(game.table) == "heroes"
    figure(game, "brannoc").wounded = 2  # 2 of 7 against 2 of 9
    assert judge(game.table) == "enemies"
