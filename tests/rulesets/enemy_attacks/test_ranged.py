"""Ranged and magic attacks: range, line of sight, closest target, Taunt ties."""

import pytest

from tests.rulesets.enemy_attacks.helpers import events, figure, pass_heroes, start

NO_DICE = ["blank"] * 12
RANGE_2 = {"enemies.enemies.cultist.attack.range": 2}


def first_target(game):
    targets = events(pass_heroes(game), "target")
    return targets[0] if targets else None


@pytest.mark.rule("ranged.eligible.in-range", "ranged.range.maximum")
def test_an_ally_at_the_maximum_range_is_attacked_one_further_is_not():
    game = start(heroes=[("ayla", "c")], enemies=[("cultist", "a")], sets=RANGE_2, dice=NO_DICE)
    target = first_target(game)
    assert target["target"] == "Ayla Swiftbow" and "distance 2 of range 2" in target["eligible"][0]
    assert figure(game, "cultist").area == "a"
    game = start(heroes=[("ayla", "d")], enemies=[("cultist", "a")], sets=RANGE_2, dice=NO_DICE)
    pass_heroes(game)
    assert "distance 3 beyond range 2" in events(game, "no-target")[0]["why"]


@pytest.mark.rule("ranged.eligible.in-range")
def test_magic_attacks_follow_the_same_rules():
    sets = {"enemies.enemies.witch.attack.area": None, "enemies.enemies.witch.attack.range": 2}
    game = start(heroes=[("ayla", "c")], enemies=[("witch", "a")], sets=sets, dice=NO_DICE)
    assert first_target(game)["target"] == "Ayla Swiftbow"
    game = start(heroes=[("ayla", "d")], enemies=[("witch", "a")], sets=sets, dice=NO_DICE)
    assert events(pass_heroes(game), "no-target")


@pytest.mark.rule("ranged.eligible.line-of-sight", "sample.board.line-of-sight")
def test_an_ally_in_range_but_out_of_sight_is_not_attacked():
    # the wall inside d blocks sight from c to e (distance 2)
    game = start(heroes=[("ayla", "e")], enemies=[("cultist", "c")], dice=NO_DICE)
    pass_heroes(game)
    assert "Ayla Swiftbow (not in line of sight)" in events(game, "no-target")[0]["why"]
    assert events(game, "target") == []


@pytest.mark.rule("ranged.eligible.line-of-sight")
def test_height_does_not_stop_a_ranged_attack():
    # v is height 1 above b; the cultist in b shoots up across the ledge
    game = start(heroes=[("ayla", "v")], enemies=[("cultist", "b")], dice=NO_DICE)
    assert first_target(game)["target"] == "Ayla Swiftbow"


@pytest.mark.rule("ranged.eligible.only-if")
def test_with_no_ally_in_range_and_sight_the_enemy_does_not_attack():
    game = start(heroes=[("ayla", "e")], enemies=[("cultist", "c")], dice=NO_DICE)
    pass_heroes(game)
    assert events(game, "target") == [] and events(game, "attack-result") == []
    assert figure(game, "cultist").area == "d"  # it moved instead, and still cannot see e
    assert [e.rule for e in game.events if e.kind == "no-target"] == ["ranged.eligible.only-if"]


@pytest.mark.rule("ranged.eligible.only-if")
def test_an_ally_in_sight_but_out_of_range_is_not_attacked():
    # range 2: Ayla in d is in plain sight of a, 3 borders away; the cultist moves to b
    game = start(heroes=[("ayla", "d")], enemies=[("cultist", "a")], sets=RANGE_2, dice=NO_DICE)
    pass_heroes(game)
    assert game.table.state.board.sees("a", "d")
    assert events(game, "no-target")[0]["why"] == "Ayla Swiftbow (distance 3 beyond range 2)"
    assert figure(game, "cultist").area == "b" and figure(game, "ayla").wounded == 3


@pytest.mark.rule("ranged.range.minimum-zero")
def test_an_ally_in_the_enemys_own_area_may_be_shot():
    game = start(heroes=[("ayla", "a")], enemies=[("cultist", "a")], dice=NO_DICE)
    target = first_target(game)
    assert target["target"] == "Ayla Swiftbow" and "distance 0" in target["eligible"][0]


@pytest.mark.rule("ranged.target.closest")
def test_the_closest_ally_is_attacked_whatever_its_taunt():
    # Ayla (Taunt 2) at distance 1, Brannoc (Taunt 4) at distance 2
    game = start(heroes=[("ayla", "b"), ("brannoc", "c")], enemies=[("cultist", "a")],
                 dice=NO_DICE)
    target = first_target(game)
    assert target["target"] == "Ayla Swiftbow" and target["reason"] == "closest at distance 1"
    assert [e.rule for e in game.events if e.kind == "target"] == ["ranged.target.closest"]


@pytest.mark.rule("ranged.target.tie-taunt")
def test_a_tie_on_distance_goes_to_the_highest_taunt():
    # Ayla in a and Brannoc in c are both 1 from the cultist in b
    game = start(heroes=[("ayla", "a"), ("brannoc", "c")], enemies=[("cultist", "b")],
                 dice=NO_DICE)
    target = first_target(game)
    assert target["target"] == "Brannoc the Shield"
    assert target["reason"] == "closest at distance 1 (2 tied), then highest Taunt 4"
    assert [e.rule for e in game.events if e.kind == "target"] == ["ranged.target.tie-taunt"]


@pytest.mark.rule("ranged.target.tie-taunt", "ranged.target.closest")
def test_heights_do_not_break_a_distance_tie():
    # Ayla in v (height 1) and Brannoc in c (height 0), both at distance 1 from b
    game = start(heroes=[("ayla", "v"), ("brannoc", "c")], enemies=[("cultist", "b")],
                 dice=NO_DICE)
    assert first_target(game)["target"] == "Brannoc the Shield"
    game = start(heroes=[("ayla", "v"), ("miren", "c")], enemies=[("cultist", "b")],
                 dice=NO_DICE)
    assert first_target(game)["target"] == "Ayla Swiftbow"  # Taunt 2 beats Miren's 1


@pytest.mark.rule("ranged.target.tie-taunt")
def test_a_farther_ally_with_higher_taunt_never_wins():
    game = start(heroes=[("ayla", "a"), ("miren", "a"), ("brannoc", "c")],
                 enemies=[("cultist", "a")], dice=NO_DICE)
    assert first_target(game)["target"] == "Ayla Swiftbow"
