"""Attacks (battle.attack.*), multiple targets, the Vampire keyword and the dice rulings."""

import pytest

from rulekeeper.rulesets.dire_alliance import actions
from rulekeeper.rulesets.dire_alliance.attack import attack

from .helpers import deal, drive, events, fighter, place, start, table


def melee(game, attacker, target, *answers):
    t = table(game)
    return drive(attack(t, fighter(game, attacker), [fighter(game, target)], "melee"), *answers)


@pytest.mark.rule("battle.attack.purpose", "battle.attack.sources", "battle.attack.roles",
                  "battle.attack.sequence", "battle.attack.gather-dice.melee",
                  "battle.attack.gather-dice.defense", "battle.attack.roll-dice",
                  "battle.attack.apply-results.count", "battle.attack.apply-results.c",
                  "battle.attack.deal-damage", "battle.attack.stun-target",
                  "battle.action.melee", "battle.fighters.kinds")
def test_a_hit_deals_damage_then_stuns():
    # Empyreal (melee 3) against the Butcher (defense 3): the attacker's BLOCK and the
    # defender's HIT count for nothing; 1 HIT against 1 BLOCK is a hit
    game = start(dice=["HIT", "BLOCK", "BLOCK", "HIT", "BLOCK", "blank"])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads")
    deal(game, "blue", hand=["butcher", "caretaker", "mourner", "gravedigger"])
    t = table(game)
    options = dict(actions.options(t, fighter(game, "red.empyreal")))
    assert "melee:blue.butcher" in options
    drive(actions.perform(t, fighter(game, "red.empyreal"), "melee:blue.butcher"))
    roll = events(game, "attack")[0]
    assert (roll["dice"], roll["hits"], roll["attacker"]) == (3, 1, "Empyreal")
    assert events(game, "defense")[0]["dice"] == 3 and events(game, "defense")[0]["blocks"] == 1
    assert [e["kind"] for e in events(game)][-7:] == [
        "hit", "damage", "lose.hand", "draw", "draw.cards", "stunned", "sated"]
    assert fighter(game, "blue.butcher").stunned
    assert t.sides["blue"].graveyard == ["butcher"]
    assert t.rng.scripted_left == 0
    # a leader is a fighter: it attacks and can be attacked the same way
    game = start(dice=["HIT", "HIT", "blank", "blank", "blank"])
    place(game, red_countess="crossroads", blue_kramer="crossroads")
    melee(game, "red.countess", "blue.kramer")
    assert fighter(game, "blue.kramer").stunned


@pytest.mark.rule("battle.attack.apply-results.a")
def test_no_hit_is_a_miss_even_against_no_block():
    game = start(dice=["BLOCK", "blank", "blank", "blank", "HIT"])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads")
    damaged, _ = melee(game, "red.empyreal", "blue.butcher")
    assert damaged == [] and events(game, "miss.no-hit")
    assert not fighter(game, "blue.butcher").stunned
    assert table(game).sides["blue"].graveyard == []


@pytest.mark.rule("battle.attack.apply-results.b", "battle.attack.apply-results.c")
def test_more_blocks_than_hits_miss_and_a_tie_hits():
    game = start(dice=["HIT", "blank", "blank", "BLOCK", "BLOCK"])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads")
    damaged, _ = melee(game, "red.empyreal", "blue.butcher")
    assert damaged == [] and events(game, "miss.blocked")[0]["blocks"] == 2
    game = start(dice=["HIT", "HIT", "blank", "BLOCK", "BLOCK"])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads")
    damaged, _ = melee(game, "red.empyreal", "blue.butcher")
    assert [f.id for f in damaged] == ["blue.butcher"]


@pytest.mark.rule("battle.action.shoot.a", "battle.action.shoot.b",
                  "battle.attack.choose-target.shoot", "battle.attack.gather-dice.shoot",
                  "battle.attack.choose-target.melee", "battle.line-of-sight.purpose")
def test_shoot_targets_seen_enemies_elsewhere_and_melee_enemies_here():
    game = start(dice=["HIT", "HIT", "HIT", "blank", "blank"])
    place(game, blue_mourner="crossroads", red_empyreal="crossroads", red_devoted="hanging-tree",
          red_hypnotist="witch-hollow", red_unbroken="bog")
    t = table(game)
    mourner = fighter(game, "blue.mourner")
    ids = [i for i, _ in actions.options(t, mourner)]
    shots = sorted(i for i in ids if i.startswith("shoot:"))
    # Hanging Tree and Witch Hollow are seen from the Crossroads, the Sunken Bog is not;
    # the Empyreal shares the Mourner's area: never a Shoot target, but a Melee one
    assert shots == ["shoot:red.devoted", "shoot:red.hypnotist"]
    assert [i for i in ids if i.startswith("melee:")] == ["melee:red.empyreal"]
    drive(actions.perform(t, mourner, "shoot:red.devoted"))
    assert events(game, "attack")[0]["dice"] == 3 and events(game, "attack")[0]["how"] == "shoot"
    assert events(game, "action")[0]["rule"] == "battle.action.shoot.a"


@pytest.mark.rule("battle.multiple-targets.attack-roll", "battle.multiple-targets.defense-rolls")
def test_one_attack_roll_and_a_defense_roll_for_each_target():
    game = start(red_faction="grievers", red_leader="countess", blue_faction="shroud",
                 blue_leader="hush",
                 dice=["HIT", "HIT", "blank",          # the Butcher's one roll: 2 HIT
                       "BLOCK", "BLOCK", "BLOCK",      # Unbroken (defense 3): 3 BLOCK, a miss
                       "BLOCK", "BLOCK"])              # Empyreal (defense 2): 2 BLOCK, a hit
    place(game, red_butcher="crossroads", blue_unbroken="crossroads", blue_empyreal="crossroads")
    t = table(game)
    butcher = fighter(game, "red.butcher")
    drive(actions.perform(t, butcher, "special"), "blue.unbroken")
    assert len(events(game, "attack")) == 1
    assert [(e["target"], e["faces"]) for e in events(game, "defense")] == [
        ("Unbroken", "BLOCK, BLOCK, BLOCK"), ("Empyreal", "BLOCK, BLOCK")]
    assert events(game, "miss.blocked")[0]["target"] == "Unbroken"
    assert events(game, "hit")[0]["target"] == "Empyreal"
    assert t.rng.scripted_left == 0


@pytest.mark.rule("battle.multiple-targets.affect", "battle.sample.keyword.dreadful")
def test_a_dreadful_target_reduces_the_whole_attack_roll():
    game = start(red_faction="grievers", red_leader="countess", blue_faction="shroud",
                 blue_leader="kramer",
                 dice=["HIT", "HIT",                   # 3 - 1 dice for the Butcher
                       "blank", "blank"])              # the Empyreal (Rutger: defense 0)
    # the Empyreal stands first in the area and is the target chosen; Rutger comes second
    place(game, red_butcher="crossroads", blue_empyreal="crossroads", blue_rutger="crossroads")
    t = table(game)
    drive(actions.perform(t, fighter(game, "red.butcher"), "special"), "blue.empyreal")
    assert [e["target"] for e in events(game, "defense")] == ["Empyreal", "Rutger"]
    assert events(game, "attack.dreadful")[0]["target"] == "Rutger"
    assert events(game, "attack")[0]["dice"] == 2
    assert sorted(e["target"] for e in events(game, "hit")) == ["Empyreal", "Rutger"]
    assert t.rng.scripted_left == 0
    single = start(red_faction="grievers", red_leader="countess", blue_faction="shroud",
                   blue_leader="kramer", dice=["HIT", "HIT"])
    place(single, red_butcher="crossroads", blue_rutger="crossroads")
    melee(single, "red.butcher", "blue.rutger")
    assert events(single, "attack")[0]["dice"] == 2


@pytest.mark.rule("battle.multiple-attacks")
def test_each_of_several_attacks_rolls_separately():
    game = start(dice=["HIT", "blank", "blank", "blank",
                       "blank", "blank", "blank", "blank"])
    place(game, red_devoted="crossroads", blue_butcher="crossroads")
    first, _ = melee(game, "blue.butcher", "red.devoted")
    second, _ = melee(game, "blue.butcher", "red.devoted")
    assert len(first) == 1 and second == []
    assert len(events(game, "attack")) == 2 and len(events(game, "defense")) == 2


@pytest.mark.rule("battle.keyword.vampire.sated")
def test_a_vampire_is_sated_by_melee_damage_only():
    game = start(dice=["HIT", "blank", "blank", "blank", "blank"])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads")
    melee(game, "red.empyreal", "blue.butcher")
    empyreal = fighter(game, "red.empyreal")
    assert empyreal.sated and events(game, "sated")[0]["fighter"] == "Empyreal"
    # the Hypnotist damages with a Shoot: no sated token
    game = start(dice=["HIT", "blank", "blank", "blank"])
    place(game, red_hypnotist="hanging-tree", blue_butcher="crossroads")
    t = table(game)
    drive(attack(t, fighter(game, "red.hypnotist"), [fighter(game, "blue.butcher")], "shoot"))
    assert fighter(game, "blue.butcher").stunned and not fighter(game, "red.hypnotist").sated


@pytest.mark.rule("battle.keyword.vampire.die.attack", "battle.keyword.vampire.die.apply",
                  "battle.keyword.hit-block")
def test_a_sated_attacker_adds_the_vampire_die_and_its_hit_counts():
    # 3 combat blanks and a vampire HIT: one hit
    game = start(dice=["blank", "blank", "blank", "HIT", "blank", "blank"])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads")
    fighter(game, "red.empyreal").sated = True
    damaged, _ = melee(game, "red.empyreal", "blue.butcher")
    assert events(game, "attack")[0]["faces"] == "blank, blank, blank, HIT"
    assert len(damaged) == 1
    # a vampire BLOCK in attack counts for nothing
    game = start(dice=["blank", "blank", "blank", "BLOCK", "blank", "blank"])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads")
    fighter(game, "red.empyreal").sated = True
    damaged, _ = melee(game, "red.empyreal", "blue.butcher")
    assert damaged == [] and events(game, "miss.no-hit")


@pytest.mark.rule("battle.keyword.vampire.die.defend", "battle.keyword.hit-block",
                  "battle.keyword.vampire.lose-sated")
def test_a_sated_defender_adds_the_vampire_die_and_loses_the_token_when_damaged():
    game = start(dice=["HIT", "HIT", "blank", "blank", "blank", "BLOCK"])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads")
    empyreal = fighter(game, "red.empyreal")
    empyreal.sated = True
    damaged, _ = melee(game, "blue.butcher", "red.empyreal")
    assert events(game, "defense")[0]["faces"] == "blank, blank, BLOCK"
    assert damaged == [empyreal]  # 2 HIT against 1 BLOCK
    assert not empyreal.sated and events(game, "sated.lost")
    # a vampire HIT in defense counts for nothing
    game = start(dice=["HIT", "blank", "blank", "blank", "blank", "HIT"])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads")
    fighter(game, "red.empyreal").sated = True
    damaged, _ = melee(game, "blue.butcher", "red.empyreal")
    assert len(damaged) == 1


@pytest.mark.rule("battle.keyword.drain-essence")
def test_drain_essence_on_a_damaging_melee_lets_the_vampire_heal():
    game = start(dice=["HIT", "blank", "blank", "DRAIN ESSENCE", "blank", "blank"])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads")
    deal(game, "red", graveyard=["empyreal"], deck=["empyreal"] + ["devoted"] * 2)
    empyreal = fighter(game, "red.empyreal")
    empyreal.sated = True
    _, asked = melee(game, "red.empyreal", "blue.butcher", "heal")
    assert asked[0].kind == "heal"
    assert table(game).sides["red"].graveyard == [] and "empyreal" in table(game).sides[
        "red"].discard
    # DRAIN ESSENCE on a miss does nothing
    game = start(dice=["blank", "blank", "blank", "DRAIN ESSENCE", "blank", "blank"])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads")
    fighter(game, "red.empyreal").sated = True
    _, asked = melee(game, "red.empyreal", "blue.butcher")
    assert asked == [] and not events(game, "drain")


@pytest.mark.rule("battle.ruling.combat-die")
@pytest.mark.parametrize(("option", "third_face"), [
    ("default", "BLOCK"), ("hit-heavy", "HIT"), ("block-heavy", "BLOCK")])
def test_combat_die_faces_come_from_the_ruling(option, third_face):
    game = start(rulings={"combat-die": option}, dice=[3, 3, 3, 6, 6])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads")
    damaged, _ = melee(game, "red.empyreal", "blue.butcher")
    faces = table(game).dice.combat.face_names
    assert faces[2] == third_face and faces.count("HIT") == (3 if option == "hit-heavy" else 2)
    assert bool(damaged) == (third_face == "HIT")


@pytest.mark.rule("battle.ruling.vampire-die")
@pytest.mark.parametrize(("option", "drains"), [("default", 2), ("single-drain", 1)])
def test_vampire_die_faces_come_from_the_ruling(option, drains):
    game = start(rulings={"vampire-die": option}, dice=["blank", "blank", "blank", 2, 5, 5])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads")
    fighter(game, "red.empyreal").sated = True
    damaged, _ = melee(game, "red.empyreal", "blue.butcher")
    faces = table(game).dice.vampire.face_names
    assert faces.count("DRAIN ESSENCE") == drains
    # face 2 is DRAIN ESSENCE by default (no HIT: a miss), HIT with a single drain face
    assert bool(damaged) == (option == "single-drain")


@pytest.mark.rule("battle.action.melee", "battle.attack.choose-target.melee")
def test_melee_targets_every_enemy_in_its_area_and_no_one_else():
    game = start()
    place(game, red_empyreal="crossroads", red_devoted="crossroads", blue_butcher="crossroads",
          blue_caretaker="crossroads", blue_mourner="cairn")
    fighter(game, "blue.caretaker").stunned = True  # a stunned enemy is still a target
    ids = [i for i, _ in actions.options(table(game), fighter(game, "red.empyreal"))]
    assert sorted(i for i in ids if i.startswith("melee:")) == [
        "melee:blue.butcher", "melee:blue.caretaker"]


@pytest.mark.rule("battle.attack.deal-damage", "battle.suffer-damage.one-card")
def test_a_hit_deals_one_damage_however_many_hits_beat_the_blocks():
    # 3 HIT against no BLOCK: still one damage, one card to the graveyard
    game = start(dice=["HIT", "HIT", "HIT", "blank", "blank"])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads")
    deal(game, "blue", hand=["butcher", "caretaker"], deck=["butcher", "mourner"], graveyard=[])
    melee(game, "red.empyreal", "blue.butcher")
    blue = table(game).sides["blue"]
    assert blue.graveyard == ["butcher"] and len(events(game, "damage")) == 1
    assert blue.deck.count("butcher") == 1


@pytest.mark.rule("battle.keyword.drain-essence")
def test_drain_essence_on_a_damaging_shoot_gives_no_heal():
    # the sated Hypnotist shoots (2 dice and the vampire die) and damages the Butcher
    game = start(dice=["HIT", "blank", "DRAIN ESSENCE", "blank", "blank"])
    place(game, red_hypnotist="hanging-tree", blue_butcher="crossroads")
    deal(game, "red", graveyard=["hypnotist"], hand=["devoted"])
    hypnotist = fighter(game, "red.hypnotist")
    hypnotist.sated = True
    t = table(game)
    damaged, asked = drive(attack(t, hypnotist, [fighter(game, "blue.butcher")], "shoot"))
    assert damaged and asked == [] and not events(game, "drain")
    assert t.sides["red"].graveyard == ["hypnotist"]


@pytest.mark.rule("battle.status.retain", "battle.status.stunned")
def test_a_fighter_stunned_keeps_its_sated_token_and_its_form():
    # Mister Hush's Whisper stuns an enemy in his area (then he may withdraw)
    game = start(red_faction="grievers", red_leader="hush", blue_faction="shroud",
                 blue_leader="ellis")
    place(game, red_hush="crossroads", blue_empyreal="crossroads")
    empyreal = fighter(game, "blue.empyreal")
    empyreal.sated = True
    t = table(game)
    drive(actions.perform(t, fighter(game, "red.hush"), "special"), "stay")
    assert empyreal.stunned and empyreal.sated
    ellis = fighter(game, "blue.ellis")
    place(game, blue_ellis="crossroads", blue_empyreal="cairn")
    ellis.form = next(f for f in ellis.spec.forms if f.id == "wolf")
    drive(actions.perform(t, fighter(game, "red.hush"), "special"), "stay")
    assert ellis.stunned and ellis.form.id == "wolf"


@pytest.mark.rule("battle.attack.sequence", "battle.attack.stun-target")
def test_a_target_defeated_by_the_damage_is_not_stunned():
    game = start(dice=["HIT", "blank", "blank", "blank", "blank"])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads")
    deal(game, "blue", hand=["caretaker"], graveyard=["butcher", "butcher"])
    melee(game, "red.empyreal", "blue.butcher")
    butcher = fighter(game, "blue.butcher")
    assert butcher.defeated and not butcher.stunned and not events(game, "stunned")
    # the steps in order: roll, defense, hit, damage, defeat (no stun step for it)
    assert [e["kind"] for e in events(game)][-7:] == [
        "attack", "defense", "hit", "damage", "defeated", "dread", "sated"]
