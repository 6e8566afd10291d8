"""Stamina loss from an Enemy attack, and conditions."""

import pytest

from tests.rulesets.enemy_attacks.helpers import attack_card, events, figure, pass_heroes, start

NO_DICE = ["blank"] * 12
# the witch's card without its area value: magic 3, 3 stamina loss, Will check, then cursed
SINGLE = {"enemies.enemies.witch.attack.area": None}


def hexed(heroes=(), allies=(), enemies=(("witch", "a"),), dice=NO_DICE, sets=SINGLE, **kw):
    return pass_heroes(start(heroes=heroes or [("brannoc", "b")], allies=allies,
                             enemies=enemies, dice=dice, sets=sets, **kw))


@pytest.mark.rule("stamina.attack.stamina-loss", "sample.health.hero-stamina-loss")
def test_a_stamina_attack_spends_chips_instead_of_wounding():
    game = hexed()
    brannoc = figure(game, "brannoc")
    assert (brannoc.ready, brannoc.spent, brannoc.wounded) == (4, 3, 0)
    assert events(game, "attack-result")[0]["effect"] == "stamina loss"


@pytest.mark.rule("stamina.non-hero.identical-to-damage", "stamina.non-hero.loss-as-damage")
def test_a_non_hero_ally_takes_stamina_loss_as_damage():
    game = hexed(heroes=[("brannoc", "e")], allies=[("torchbearer", "b")], dice=["one"])
    torch = figure(game, "torchbearer")
    assert torch.health == 1  # 3 - 1 success, as damage
    check = events(game, "check")[0]
    assert check["figure"] == "Torchbearer" and check["ability"] == "Will"
    assert [e.rule for e in game.events if e.kind == "attack-result"] == \
        ["stamina.non-hero.loss-as-damage"]
    assert "cursed" in torch.conditions


@pytest.mark.rule("stamina.non-hero.identical-to-damage", "ruling.obstructed-stamina")
@pytest.mark.parametrize("ruling", ["reduces", "damage-only"])
def test_obstructed_aim_always_reduces_a_non_heros_stamina_loss(ruling):
    game = hexed(heroes=[("brannoc", "e")], allies=[("torchbearer", "c")],
                 enemies=[("witch", "a"), ("gargoyle", "c")],
                 rulings={"obstructed-stamina": ruling})
    assert figure(game, "torchbearer").health == 1  # 3 - 1 obstructed aim


@pytest.mark.rule("ruling.obstructed-stamina", "obstructed-aim.reduce-by-1")
@pytest.mark.parametrize("ruling,lost", [("reduces", 2), ("damage-only", 3)])
def test_ruling_obstructed_stamina_for_heroes(ruling, lost):
    game = hexed(heroes=[("brannoc", "c")], enemies=[("witch", "a"), ("gargoyle", "c")],
                 rulings={"obstructed-stamina": ruling})
    assert figure(game, "brannoc").spent == lost
    if ruling == "damage-only":
        assert "does not reduce a Hero's stamina loss" in events(game, "attack-result")[0]["how"]


@pytest.mark.rule("stamina.hero.reactive-check.rolled", "stamina.hero.reactive-check.ability")
@pytest.mark.parametrize("ability,dice", [("will", 1), ("might", 3)])
def test_a_hero_rolls_a_reactive_check_with_the_ability_shown(ability, dice):
    game = hexed(sets={**SINGLE, "enemies.enemies.witch.attack.ability": ability})
    check = events(game, "check")[0]
    assert check["figure"] == "Brannoc the Shield" and check["dice"] == dice
    assert check["ability"] == ability.title()


@pytest.mark.rule("stamina.hero.reactive-check.each-success")
@pytest.mark.parametrize("face,lost", [("blank", 3), ("one", 2), ("two", 1)])
def test_each_success_reduces_the_stamina_loss_by_one(face, lost):
    game = hexed(dice=[face])
    assert figure(game, "brannoc").spent == lost and figure(game, "brannoc").wounded == 0


@pytest.mark.rule("stamina.hero.reactive-check.each-success", "ruling.reactive-check",
                  "ruling.hero-stamina-check")
@pytest.mark.parametrize("face,lost", [("blank", 3), ("one", 2), ("two", 1)])
def test_all_or_nothing_leaves_a_heros_stamina_loss_reduced_per_success(face, lost):
    """The text: "each success reduces the stamina loss by 1"; the ruling reads "reduce the
    damage" only."""
    game = hexed(dice=[face], rulings={"reactive-check": "all-or-nothing"})
    assert figure(game, "brannoc").spent == lost
    how = events(game, "attack-result")[0]["how"]
    assert "all-or-nothing" not in how and how.endswith(f"= {lost}")


@pytest.mark.rule("stamina.non-hero.identical-to-damage", "ruling.reactive-check")
@pytest.mark.parametrize("faces,health", [(["one"], 0), (["two", "one"], 3)])
def test_all_or_nothing_applies_to_a_non_heros_stamina_loss_which_is_damage(faces, health):
    # the Torchbearer (3 health, Will 1) against 3 stamina loss: 1 success prevents nothing
    game = hexed(heroes=[("brannoc", "e")], allies=[("torchbearer", "b")], dice=faces,
                 rulings={"reactive-check": "all-or-nothing"},
                 sets={**SINGLE, "allies.non_hero_allies.torchbearer.will": len(faces)})
    assert figure(game, "torchbearer").health == health
    assert "(all-or-nothing)" in events(game, "attack-result")[0]["how"]


@pytest.mark.rule("stamina.hero.reactive-check.like-damage-check", "sample.check.face.stamina-hero")
def test_the_stamina_check_works_like_the_damage_check():
    # extra dice and the stamina face, as in a damage check
    game = hexed(dice=["stamina"])
    assert game.pending.kind == "spend-stamina" and game.pending.ids == (
        "spend-0", "spend-1", "spend-2")
    game.step("spend-2")
    brannoc = figure(game, "brannoc")
    assert brannoc.spent == 2 + 1 and brannoc.wounded == 0  # 2 spent by choice, 1 lost
    game = hexed(dice=["extra", "one"])
    assert figure(game, "brannoc").spent == 1


@pytest.mark.rule("stamina.hero.losing-stamina", "sample.health.hero-stamina-loss")
def test_stamina_loss_beyond_the_ready_chips_becomes_damage():
    game = hexed(sets={**SINGLE, "allies.heroes.brannoc.stamina": 2})
    brannoc = figure(game, "brannoc")
    assert (brannoc.spent, brannoc.wounded) == (1, 1)  # 2 chips spent, 1 loss as damage
    lost = events(game, "hero-stamina-lost")[0]
    assert (lost["spent"], lost["excess"]) == (2, 1)
    assert events(game, "hero-damaged")[0]["damage"] == 1


# ---------------------------------------------------------------- conditions

@pytest.mark.rule("conditions.after-damage.gained")
def test_a_condition_after_damage_is_gained_when_damage_is_taken():
    game = pass_heroes(start(heroes=[("brannoc", "a")], enemies=[("ghoul", "a")],
                             dice=["two", "blank", "blank"]))
    assert figure(game, "brannoc").wounded == 1 and figure(game, "brannoc").conditions == [
        "poisoned"]
    assert [e.rule for e in game.events if e.kind == "condition-gained"] == [
        "conditions.after-damage.gained"]


@pytest.mark.rule("conditions.after-damage.gained")
def test_a_condition_after_stamina_loss_is_gained_when_stamina_is_lost():
    game = hexed(dice=["two"])
    assert figure(game, "brannoc").spent == 1 and figure(game, "brannoc").conditions == ["cursed"]


@pytest.mark.rule("conditions.after-damage.not-if-none")
@pytest.mark.parametrize("dice", [["two", "two", "blank"], ["two", "one", "blank"]])
def test_no_condition_when_the_damage_is_reduced_to_nothing(dice):
    game = pass_heroes(start(heroes=[("brannoc", "a")], enemies=[("ghoul", "a")], dice=dice))
    assert figure(game, "brannoc").wounded == 0 and figure(game, "brannoc").conditions == []
    assert events(game, "condition-avoided")[0]["why"] == "took nothing from the attack"


@pytest.mark.rule("conditions.after-damage.gained", "conditions.after-damage.not-if-none")
def test_stamina_spent_on_the_check_is_not_loss_from_the_attack():
    # 2 successes and 1 stamina spent: the 3 damage is reduced to 0, so no condition
    game = pass_heroes(start(heroes=[("brannoc", "a")], enemies=[("ghoul", "a")],
                             dice=["stamina", "two", "blank"]))
    game.step("spend-1")
    brannoc = figure(game, "brannoc")
    assert (brannoc.spent, brannoc.wounded, brannoc.conditions) == (1, 0, [])
    assert events(game, "condition-avoided")[0]["why"] == "took nothing from the attack"


@pytest.mark.rule("conditions.after-damage.not-if-none")
def test_no_condition_when_the_stamina_loss_is_reduced_to_nothing():
    game = hexed(dice=["extra", "two"])
    assert figure(game, "brannoc").spent == 0 and figure(game, "brannoc").conditions == []


@pytest.mark.rule("conditions.active-check.rolled", "sample.check.active")
def test_an_active_check_is_rolled_after_the_reactive_check():
    # the colossus: 3 damage (Might), then an active Agility check needing 1, then knocked-down
    game = pass_heroes(start(heroes=[("brannoc", "a")], enemies=[("colossus", "a")],
                             caps={"a": 4}, dice=["blank", "blank", "blank", "one"]))
    checks = events(game, "check")
    assert [c["ability"] for c in checks] == ["Might", "Agility"]
    assert "active check" in checks[1]["purpose"] and "needs 1" in checks[1]["purpose"]


@pytest.mark.rule("conditions.active-check.fail")
@pytest.mark.parametrize("need,active", [(1, "blank"), (2, "one")])
def test_a_failed_active_check_gives_the_condition(need, active):
    # the reactive check prevents all 3 damage; the active check falls one short of the need
    card = {"enemies.enemies.colossus.attack.active_check.need": need}
    game = pass_heroes(start(heroes=[("brannoc", "a")], enemies=[("colossus", "a")],
                             caps={"a": 4}, dice=["two", "two", "blank", active], sets=card))
    brannoc = figure(game, "brannoc")
    assert brannoc.wounded == 0 and brannoc.conditions == ["knocked-down"]
    assert [e.rule for e in game.events if e.kind == "condition-gained"] == [
        "conditions.active-check.fail"]


@pytest.mark.rule("conditions.active-check.pass", "sample.check.active")
def test_a_passed_active_check_gives_no_condition_even_after_damage():
    game = pass_heroes(start(heroes=[("brannoc", "a")], enemies=[("colossus", "a")],
                             caps={"a": 4}, dice=["blank", "blank", "blank", "one"]))
    brannoc = figure(game, "brannoc")
    assert brannoc.wounded == 3 and brannoc.conditions == []
    assert [e.rule for e in game.events if e.kind == "condition-avoided"] == [
        "conditions.active-check.pass"]


@pytest.mark.rule("sample.check.active")
def test_the_active_check_needs_the_successes_shown():
    card = {"enemies.enemies.colossus.attack.active_check.need": 2}
    game = pass_heroes(start(heroes=[("brannoc", "a")], enemies=[("colossus", "a")],
                             caps={"a": 4}, dice=["two", "two", "blank", "one"], sets=card))
    assert figure(game, "brannoc").conditions == ["knocked-down"]  # 1 of 2: failed


@pytest.mark.rule("conditions.no-damage-no-check.gained")
def test_a_condition_without_damage_or_check_is_simply_gained():
    card = attack_card(kind="melee", condition="terrified")
    game = pass_heroes(start(heroes=[("brannoc", "a")], enemies=[("ghoul", "a")], sets=card))
    assert figure(game, "brannoc").conditions == ["terrified"]
    assert events(game, "check") == [] and events(game, "attack-result") == []
    assert [e.rule for e in game.events if e.kind == "condition-gained"] == [
        "conditions.no-damage-no-check.gained"]


@pytest.mark.rule("conditions.after-damage.gained")
def test_a_condition_already_held_is_not_gained_twice():
    game = pass_heroes(start(heroes=[("brannoc", "a")], enemies=[("ghoul", "a")], rounds=2,
                             dice=NO_DICE))
    pass_heroes(game)
    assert figure(game, "brannoc").conditions == ["poisoned"]
    assert len(events(game, "condition-held")) == 1
