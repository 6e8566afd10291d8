"""A search's estimate of an unfinished game (``evaluate``, not a rule): the side ahead in
standing (Battle) or in progress to its goal (Raid) is the likelier winner."""

from __future__ import annotations

import pytest

from rulekeeper.core.game import new_game
from rulekeeper.rulesets.dire_alliance import estimate
from rulekeeper.rulesets.dire_alliance.raid import estimate as raid_estimate


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


def test_a_raid_is_estimated_by_the_progress_to_the_goals_and_the_cards_left():
    game = new_game("dire-alliance-raid", seed=1, log=False)
    t = game.table.state
    start = game.ruleset.evaluate(game.table)
    assert start == raid_estimate.chances(t) and abs(sum(start.values()) - 1) < 1e-9
    t.the_villain.wounds = t.the_villain.health // 2
    wounded = raid_estimate.chances(t)["heroes"]
    assert wounded > start["heroes"] + 0.2
    t.claimed.extend(["a", "b"])
    assert raid_estimate.chances(t)["heroes"] < wounded
    hero = next(iter(t.heroes.values()))
    piles = hero.piles
    before = raid_estimate.chances(t)["heroes"]
    piles.graveyard.extend(piles.deck + piles.discard + piles.hand[1:])
    piles.deck.clear()
    piles.discard.clear()
    del piles.hand[1:]
    assert len(hero.losable()) == 1 and raid_estimate.chances(t)["heroes"] < before


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


def test_a_raid_estimate_reads_its_weights_by_the_kind_of_hero_goal():
    darkwood = new_game("dire-alliance-raid", seed=1, log=False).table.state
    barrow = new_game("dire-alliance-raid", "barrow-stones", seed=1, log=False).table.state
    assert raid_estimate.goal_kind(darkwood) == "villain"
    assert raid_estimate.goal_kind(barrow) == "sites"
    for t in (darkwood, barrow):
        assert set(raid_estimate.signs(t)) | {"bias"} == set(raid_estimate.WEIGHTS["villain"])
    # holding a site is progress in the Barrow Stones, and the estimate rises with it
    start = raid_estimate.chances(barrow)["heroes"]
    site = next(iter(barrow.sites.values()))
    site.holder = "heroes"
    assert raid_estimate.chances(barrow)["heroes"] > start


def test_a_raid_estimate_reads_the_borders_to_the_nearest_hero_and_enemy():
    game = new_game("dire-alliance-raid", seed=1, options={"heroes": 2}, log=False)
    t = game.table.state
    areas = [t.objectives[o].area for o in t.objectives_in_play()]
    hero = t.hero_figures()[0]
    board = t.board
    expected = min(min(board.distance(areas[0], h.area), raid_estimate.FAR)
                   for h in t.hero_figures())
    assert raid_estimate.nearest(board, areas[0], t.hero_figures()) == float(expected)
    assert raid_estimate.nearest(board, None, [hero]) == raid_estimate.FAR
    assert raid_estimate.nearest(board, areas[0], []) == raid_estimate.FAR
    before = raid_estimate.signs(t)
    for area in areas:  # every hero stands on an objective: none is left unguarded
        t.place(t.hero_figures()[areas.index(area) % 2], area)
    guarded = raid_estimate.signs(t)
    assert guarded["unguarded"] < before["unguarded"]
    enemies = [f for f in t.fighters.values() if f.on_board and not t.is_hero(f)]
    for moved in (None, enemies[0]):
        if moved is not None:
            t.place(moved, areas[-1])
        nearest = [min(min(board.distance(a, e.area), raid_estimate.FAR) for e in enemies)
                   for a in areas]
        assert raid_estimate.signs(t)["unreached"] == pytest.approx(
            sum(n / raid_estimate.FAR for n in nearest) / len(areas))
    assert 0 in nearest  # the enemy moved stands on an objective
