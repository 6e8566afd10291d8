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


def test_a_battle_fighter_on_an_objective_it_may_claim_is_estimated_better_than_far_off():
    game = new_game("dire-alliance-battle", seed=1, log=False)
    t = game.table.state
    start = estimate.chances(t)["red"]
    fighter = t.on_board("red")[0]
    target = next(o.area for o in t.objectives.values() if o.owner == "blue")
    t.place(fighter, target)
    on_it = estimate.chances(t)["red"]
    assert on_it > start
    guard = t.on_board("blue")[0]
    t.place(guard, target)  # a ready enemy guards it: the claim is no longer an action away
    assert start < estimate.chances(t)["red"] < on_it
    guarded = estimate.chances(t)["red"]
    guard.stunned = True  # a stunned guard guards nothing, and is worth less to its side
    assert estimate.chances(t)["red"] > on_it > guarded


def test_a_raid_estimate_fears_a_pressed_objective_and_a_hero_near_defeat():
    game = new_game("dire-alliance-raid", seed=1, log=False)
    t = game.table.state
    villain = t.the_villain.fighter
    t.place(villain, t.objectives["grey"].area)  # unopposed on an objective
    pressed = goals.chances(t)["heroes"]
    assert pressed < 0.5
    hero = next(iter(t.heroes.values()))
    t.place(hero.fighter, villain.area)
    assert goals.chances(t)["heroes"] == 0.5  # a hero stands there too
    piles = hero.piles
    piles.graveyard.extend(piles.deck + piles.discard + piles.hand[1:])
    piles.deck.clear()
    piles.discard.clear()
    del piles.hand[1:]
    assert len(hero.losable()) == 1 and goals.chances(t)["heroes"] < 0.5
