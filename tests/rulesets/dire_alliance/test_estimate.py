"""A search's estimate of an unfinished game (``evaluate``, not a rule): the side ahead in
standing (Battle) or in progress to its goal (Raid) is the likelier winner."""

from __future__ import annotations

from rulekeeper.core.game import new_game
from rulekeeper.rulesets.dire_alliance import estimate
from rulekeeper.rulesets.dire_alliance.raid import goals


def test_a_battle_side_with_a_fighter_fewer_or_an_objective_more_is_estimated_accordingly():
    game = new_game("dire-alliance-battle", seed=1, log=False)
    t = game.table.state
    even = game.ruleset.evaluate(game.table)
    assert abs(sum(even.values()) - 1) < 1e-9
    lost = t.on_board("blue")[0]
    lost.area = None
    behind = estimate.chances(t)
    assert behind["red"] > even["red"] and behind["blue"] < even["blue"]
    t.sides["blue"].claimed.extend(["o1", "o2"])
    assert estimate.chances(t)["blue"] > behind["blue"]


def test_a_raid_is_estimated_by_the_lead_in_progress_to_the_goals():
    game = new_game("dire-alliance-raid", seed=1, log=False)
    t = game.table.state
    start = game.ruleset.evaluate(game.table)
    assert start == {"heroes": 0.5, "enemies": 0.5}  # nobody is nearer its goal yet
    t.the_villain.wounds = t.the_villain.health // 2
    assert goals.chances(t)["heroes"] > 0.8
    t.claimed.extend(["a", "b"])
    assert goals.chances(t)["heroes"] < 0.5
