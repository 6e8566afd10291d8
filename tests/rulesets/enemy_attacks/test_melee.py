"""Melee attacks: who may be attacked, and whom the Enemy attacks."""

import pytest

from tests.rulesets.enemy_attacks.helpers import events, figure, pass_heroes, start

NO_DICE = ["blank"] * 12


def melee_target(game):
    """The target of the first enemy attack, or None when none happened."""
    targets = events(pass_heroes(game), "target")
    return targets[0]["target"] if targets else None


@pytest.mark.rule("melee.eligible.same-area")
def test_an_ally_in_the_enemys_area_is_attacked():
    game = start(heroes=[("ayla", "a")], enemies=[("ghoul", "a")], dice=NO_DICE)
    assert melee_target(game) == "Ayla Swiftbow"
    assert figure(game, "ayla").wounded == 3  # 3 damage, Might 1 die blank


@pytest.mark.rule("melee.eligible.same-area")
def test_the_own_area_needs_no_capacity_or_sight_condition():
    # a huge colossus alone with the hero in an area of capacity 4: not at capacity, still attacked
    game = start(heroes=[("ayla", "a")], enemies=[("colossus", "a")], caps={"a": 4},
                 dice=NO_DICE)
    assert melee_target(game) == "Ayla Swiftbow"


@pytest.mark.rule("melee.eligible.adjacent-at-capacity")
def test_an_ally_in_an_adjacent_area_at_maximum_capacity_is_attacked():
    # b holds 1 place and Ayla fills it
    game = start(heroes=[("ayla", "b")], enemies=[("ghoul", "a")], caps={"b": 1}, dice=NO_DICE)
    assert melee_target(game) == "Ayla Swiftbow"
    assert "at maximum capacity" in events(game, "target")[0]["eligible"][0]
    assert figure(game, "ghoul").area == "a"  # it attacked without moving


@pytest.mark.rule("melee.eligible.adjacent-at-capacity")
def test_enemies_fill_capacity_too():
    # b holds 2 places: Ayla and a gargoyle fill it
    game = start(heroes=[("ayla", "b")], enemies=[("ghoul", "a"), ("gargoyle", "b")],
                 caps={"b": 2}, dice=NO_DICE)
    assert melee_target(game) == "Ayla Swiftbow"
    assert figure(game, "ghoul").area == "a"  # it attacked from a: b had no place for it
    assert "B at maximum capacity" in events(game, "target")[0]["eligible"][0]


@pytest.mark.rule("melee.eligible.adjacent-at-capacity")
def test_an_ally_in_an_adjacent_area_with_a_free_place_is_not_attacked_from_afar():
    # b holds 2 places and Ayla fills one: the ghoul in a may not attack her there, it moves in
    game = pass_heroes(start(heroes=[("ayla", "b")], enemies=[("ghoul", "a")], caps={"b": 2},
                             dice=NO_DICE))
    assert [e.kind for e in game.events if e.kind in ("target", "enemy-moves")] == [
        "enemy-moves", "target"]
    assert events(game, "enemy-moves")[0]["origin"] == "A"


@pytest.mark.rule("melee.adjacent.same-height-only", "melee.into-adjacent.normal-allies")
def test_a_hero_may_not_melee_into_an_adjacent_area_of_another_height():
    # a (height 0) holds 1 place and the ghoul fills it; Brannoc stands in u (height 1)
    offered = start(heroes=[("brannoc", "u")], enemies=[("ghoul", "a")], caps={"a": 1}).pending
    assert offered.kind == "hero-turn"
    assert "melee-ghoul" not in [o.id for o in offered.options]
    level = start(heroes=[("brannoc", "u")], enemies=[("ghoul", "a")], caps={"a": 1},
                  heights={"u": 0}).pending
    assert "melee-ghoul" in [o.id for o in level.options]


@pytest.mark.rule("melee.eligible.only-if")
def test_an_adjacent_area_with_room_is_not_attacked_the_enemy_moves_in():
    game = start(heroes=[("ayla", "b")], enemies=[("ghoul", "a")], caps={"b": 2}, dice=NO_DICE)
    pass_heroes(game)
    no_target = events(game, "no-target")
    assert no_target and "B has room for the Ghoul" in no_target[0]["why"]
    assert events(game, "enemy-moves")[0]["destination"] == "B"
    assert events(game, "target")[0]["target"] == "Ayla Swiftbow"  # after moving in
    assert game.events[[e.kind for e in game.events].index("no-target")].rule == \
        "melee.eligible.only-if"


@pytest.mark.rule("melee.eligible.only-if")
def test_an_ally_two_areas_away_is_not_attacked():
    game = start(heroes=[("ayla", "c")], enemies=[("ghoul", "a")], caps={"c": 1}, dice=NO_DICE)
    pass_heroes(game)
    assert "distance 2" in events(game, "no-target")[0]["why"]
    # it moves to b, from where c is an adjacent area at maximum capacity
    assert figure(game, "ghoul").area == "b"
    assert events(game, "target")[0]["target"] == "Ayla Swiftbow"


@pytest.mark.rule("melee.adjacent.same-height-only")
def test_no_melee_into_an_adjacent_area_of_another_height_even_at_capacity():
    # u (height 1) is adjacent to a (height 0), holds 1 place, and Ayla fills it
    game = start(heroes=[("ayla", "u")], enemies=[("ghoul", "a")], caps={"u": 1}, dice=NO_DICE)
    pass_heroes(game)
    assert events(game, "target") == []
    assert "different height" in events(game, "no-target")[0]["why"]
    # same layout with u at height 0: attacked
    game = start(heroes=[("ayla", "u")], enemies=[("ghoul", "a")], caps={"u": 1},
                 heights={"u": 0}, dice=NO_DICE)
    assert melee_target(game) == "Ayla Swiftbow"


@pytest.mark.rule("melee.adjacent.same-height-only", "melee.into-adjacent.large-huge-enemies")
def test_large_enemies_never_melee_across_heights_either():
    game = start(heroes=[("ayla", "u")], enemies=[("ogre", "a")], caps={"u": 1}, dice=NO_DICE)
    pass_heroes(game)
    assert events(game, "target") == []


@pytest.mark.rule("melee.target.highest-taunt")
def test_the_highest_taunt_is_attacked():
    game = start(heroes=[("ayla", "a"), ("brannoc", "a"), ("miren", "a")],
                 enemies=[("ghoul", "a")], caps={"a": 4}, dice=NO_DICE)
    assert melee_target(game) == "Brannoc the Shield"
    target = events(game, "target")[0]
    assert "highest Taunt 4" in target["reason"] and len(target["eligible"]) == 3


@pytest.mark.rule("melee.target.highest-taunt")
def test_an_adjacent_full_area_competes_with_the_own_area_on_taunt_alone():
    # Ayla (Taunt 2) shares the ghoul's area; Brannoc (Taunt 4) fills the adjacent b
    game = start(heroes=[("ayla", "a"), ("brannoc", "b")], enemies=[("ghoul", "a")],
                 caps={"b": 1}, dice=NO_DICE)
    assert melee_target(game) == "Brannoc the Shield"


@pytest.mark.rule("melee.into-adjacent.large-huge-enemies")
@pytest.mark.parametrize("enemy,capacity,attacks", [
    ("ogre", 2, True),       # large: 1 free place < 2
    ("ogre", 3, False),      # large: 2 free places, it may enter
    ("colossus", 3, True),   # huge: 2 free places < 3
    ("colossus", 4, False),  # huge: 3 free places, it may enter
    ("ghoul", 2, False),     # normal: 1 free place, it may enter
])
def test_large_and_huge_enemies_melee_into_areas_they_cannot_enter(enemy, capacity, attacks):
    game = start(heroes=[("ayla", "b")], enemies=[(enemy, "a")], caps={"a": 4, "b": capacity},
                 dice=NO_DICE)
    pass_heroes(game)
    first = game.events[[e.kind for e in game.events].index("enemy-turn") + 1]
    assert (first.kind == "target") == attacks
    if attacks:
        assert figure(game, enemy).area == "a"
        assert "too few for a" in first.data["eligible"][0]
        assert first.rule == "melee.into-adjacent.large-huge-enemies"
    else:
        assert events(game, "enemy-moves")[0]["destination"] == "B"


@pytest.mark.rule("melee.into-adjacent.normal-allies")
def test_a_hero_melees_into_an_adjacent_area_at_maximum_capacity():
    game = start(heroes=[("brannoc", "a")], enemies=[("ghoul", "b")], caps={"b": 1},
                 dice=["two", "two", "blank"])
    assert "melee-ghoul" in game.pending.ids
    game.step("melee-ghoul")
    assert figure(game, "ghoul").health == 0
    attack = events(game, "hero-attack")[0]
    assert attack["why"] == "adjacent area at maximum capacity"
    assert [e.rule for e in game.events if e.kind == "hero-attack"] == \
        ["melee.into-adjacent.normal-allies"]


@pytest.mark.rule("melee.into-adjacent.normal-allies")
@pytest.mark.parametrize("hero_area,enemy_area,caps", [
    ("a", "b", {"b": 2}),  # b has a free place: the Hero would move in instead
    ("b", "v", {"v": 1}),  # v is full but one level up (a ledge)
])
def test_a_hero_may_not_melee_into_an_area_with_room_or_another_height(hero_area, enemy_area,
                                                                        caps):
    game = start(heroes=[("brannoc", hero_area)], enemies=[("ghoul", enemy_area)], caps=caps)
    assert "melee-ghoul" not in game.pending.ids
