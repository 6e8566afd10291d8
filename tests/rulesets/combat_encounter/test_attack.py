"""Attacks, Attack Checks and Damage (06_COMBAT_ENCOUNTER > ATTACK ... DAMAGE_CALCULATION).

p1 Sir Brannock: Brawn 3, Quickness -1, Longsword 1d8 (melee), Defense 14, Health 12.
p2 Wren: Brawn 1, Quickness 3, Short Bow 1d6 (ranged), Hand Axe 1d6+1 (melee), Defense 13,
Health 10. p1 Ambushes p2; the dice are scripted.
"""

import pytest

from tests.rulesets.combat_encounter.helpers import (
    answer,
    data,
    kinds,
    options_of,
    player,
    rules,
    start,
)


def result(game):
    return [(r["natural"], r["total"], r["defense"], r["outcome"]) for r in data(game, "attack.result")]


def damage(game):
    return [(d["base"], d["stat"], d["value"], d["amount"]) for d in data(game, "damage")]


@pytest.mark.rule("combat.attack-check.success-at-or-above", "combat.summary.hit",
                  "combat.attack.melee-uses-brawn", "combat.melee-attack.check-brawn",
                  "combat.attack-check.melee-is-brawn", "combat.summary.melee-attack-check",
                  "combat.melee-attack.procedure", "combat.melee-attack.damage-adds-brawn",
                  "combat.weapon-damage.melee-adds-brawn", "combat.damage.melee-brawn",
                  "combat.damage.value-plus-stat", "combat.weapon-damage.use-weapon",
                  "combat.damage.reduces-health", "combat.damage.reduce-health",
                  "combat.melee-attack.damage-ref", "combat.attack.melee-weapon",
                  "combat.summary.damage", "combat.summary.attack", "sample.core.stat-check",
                  "combat.attack-check.definition", "combat.attack-check.stat-check-plus",
                  "combat.attack-check.resolution-ref")
def test_a_melee_attack_that_equals_defense_hits_and_deals_weapon_damage_plus_brawn():
    game = start([10, 4])
    answer(game, "attack:p2:weapon-1")
    assert data(game, "attack.declared")[0] | {} == {
        "who": "Player 1 (Sir Brannock)", "target": "Player 2 (Wren)", "mode": "melee", "weapon": "Longsword",
        "damage": "1d8", "stat": "brawn", "defense": 13}
    assert result(game) == [(10, 13, 13, "hit")]
    assert damage(game) == [(4, "brawn", 3, 7)]
    assert player(game, "p2").health == 3
    seq = [k for k in kinds(game) if k.startswith(("attack.", "check.", "damage"))]
    assert seq == ["attack.declared", "check.roll", "attack.result", "damage"]


@pytest.mark.rule("combat.attack-check.fail-below", "combat.melee-attack.procedure")
def test_an_attack_below_defense_misses_and_rolls_no_damage():
    game = start([9, 4])
    answer(game, "attack:p2:weapon-1")
    assert result(game) == [(9, 12, 13, "miss")]
    assert damage(game) == [] and player(game, "p2").health == 10
    assert game.table.rng.scripted_left == 1  # the Damage die was never rolled


@pytest.mark.rule("combat.attack.ranged-uses-quickness", "combat.ranged-attack.check-quickness",
                  "combat.attack-check.ranged-is-quickness", "combat.summary.ranged-attack-check",
                  "combat.ranged-attack.procedure", "combat.ranged-attack.damage-adds-quickness",
                  "combat.weapon-damage.ranged-adds-quickness", "combat.damage.ranged-quickness",
                  "combat.ranged-attack.damage-ref", "combat.attack.ranged-weapon",
                  "combat.ranged-attack.requirement", "combat.attack.melee-or-ranged",
                  "combat.attack-check.standard-kinds", "combat.attack-check.fail-below",
                  "combat.ranged-attack.action-type")
def test_a_ranged_attack_uses_quickness_to_hit_and_for_damage():
    game = start([11, 2])
    answer(game, "decline", "attack:p1:weapon-1")
    assert game.pending.player == "p1"  # the Ranged Attack was p2's one Combat Action
    assert data(game, "attack.declared")[0]["stat"] == "quickness"
    assert data(game, "check.roll")[0]["purpose"] == "ranged attack"
    assert result(game) == [(11, 14, 14, "hit")]
    assert damage(game) == [(2, "quickness", 3, 5)]
    # one below the Defense misses, and a missed Ranged Attack resolves no Damage
    game = start([10, 2])
    answer(game, "decline", "attack:p1:weapon-1")
    assert result(game) == [(10, 13, 14, "miss")]
    assert damage(game) == [] and player(game, "p1").health == 12
    assert game.table.rng.scripted_left == 1  # the Damage die was never rolled


@pytest.mark.rule("combat.weapon-damage.modifiers", "combat.melee-attack.requirement",
                  "combat.attack.one-option")
def test_a_weapon_damage_modifier_is_applied_during_damage_calculation():
    game = start([13, 1])
    answer(game, "decline", "attack:p1:weapon-2")  # Hand Axe 1d6+1, melee, Brawn 1
    assert data(game, "attack.declared")[0]["mode"] == "melee"
    assert damage(game) == [(2, "brawn", 1, 3)]


@pytest.mark.rule("combat.attack-check.natural-20", "combat.summary.critical-hit.a",
                  "combat.summary.critical-hit.b", "sample.core.natural-results",
                  "sample.core.critical-success-reward")
def test_a_natural_20_hits_any_defense_and_rolls_the_damage_dice_twice():
    game = start([20, 3, 5], ranger__defense=40, ranger__health=30)
    answer(game, "attack:p2:weapon-1")
    assert result(game) == [(20, 23, 42, "critical hit")]
    assert damage(game) == [(8, "brawn", 3, 11)]  # 3 + 5, Brawn once
    assert player(game, "p1").rerolls == 1  # Critical Success reward
    # the Hand Axe's +1 is added once on a critical: 2d6 + 1 + Brawn 1
    game = start([20, 1, 1], knight__defense=40)
    answer(game, "decline", "attack:p1:weapon-2")
    assert damage(game) == [(3, "brawn", 1, 4)]


@pytest.mark.rule("combat.attack-check.natural-1-critical-failure",
                  "combat.attack-check.critical-failure-fails", "combat.attack-critical-failure.additional",
                  "combat.attack-critical-failure.weapon-dropped", "combat.attack-critical-failure.not-replace-core",
                  "combat.summary.critical-failure", "sample.core.critical-failure-reward",
                  "sample.core.natural-results")
def test_a_natural_1_fails_any_defense_and_drops_the_weapon_after_the_check():
    game = start([1], ranger__defense=-20)
    answer(game, "attack:p2:weapon-1")
    assert result(game) == [(1, 4, -18, "critical failure")]
    assert rules(game)[kinds(game).index("attack.result")] == \
        "combat.attack-check.critical-failure-fails"
    assert kinds(game).index("attack.result") < kinds(game).index("weapon.dropped")
    assert player(game, "p1").dropped == {"weapon-1"}
    assert player(game, "p1").kaos == 1  # the core Critical Failure reward still applies
    assert damage(game) == []


@pytest.mark.rule("combat.attack-critical-failure.not-if-rerolled", "combat.attack-check.rerolls-before-kaos",
                  "combat.attack-check.kaos-after-rerolls", "sample.core.reroll-tokens",
                  "combat.summary.critical-failure")
def test_a_rerolled_natural_1_drops_nothing_and_rerolls_come_before_kaos():
    game = start([1, 15, 2], keep=("knight",))  # Sir Brannock: 1 Reroll Token, 1 Kaos
    answer(game, "attack:p2:weapon-1")
    assert game.pending.kind == "reroll"
    answer(game, "reroll")
    assert game.pending.kind == "kaos"  # no tokens left: Kaos now, after the rerolls
    answer(game, "kaos:0")
    assert result(game) == [(15, 18, 13, "hit")]
    assert player(game, "p1").dropped == set() and player(game, "p1").rerolls == 0
    assert data(game, "weapon.kept")[0]["why"] == "the natural 1 was rerolled"
    # a reroll that shows a natural 1 again still drops the Weapon
    game = start([7, 1], keep=("knight",))
    answer(game, "attack:p2:weapon-1", "reroll", "kaos:0")
    assert player(game, "p1").dropped == {"weapon-1"}


@pytest.mark.rule("combat.attack-check.kaos-increases", "combat.ruling.kaos-step", "sample.core.kaos")
@pytest.mark.parametrize("step, spent, outcome", [("1", 1, "miss"), ("1", 2, "hit"),
                                                  ("2", 1, "hit"), ("3", 1, "hit")])
def test_kaos_raises_the_final_result_by_the_kaos_step(step, spent, outcome):
    # Wren: Kaos 2; 9 + 3 = 12 against Sir Brannock's 14
    game = start([9, 3], rulings={"kaos-step": step}, ranger__kaos=2)
    answer(game, "decline", "attack:p1:weapon-1")
    assert options_of(game) == ["kaos:0", "kaos:1", "kaos:2"]  # no more than held
    answer(game, f"kaos:{spent}")
    assert data(game, "check.kaos")[0]["bonus"] == spent * int(step)
    assert result(game)[0][1] == 12 + spent * int(step)
    assert result(game)[0][3] == outcome
    assert player(game, "p2").kaos == 2 - spent


@pytest.mark.rule("combat.attack-check.kaos-on-natural-1-keeps-weapon", "combat.attack-critical-failure.not-if-kaos",
                  "combat.ruling.kaos-natural-1", "combat.attack-check.critical-failure-fails")
@pytest.mark.parametrize("ruling, spent, outcome", [("prevents-drop", 2, "critical failure"),
                                                    ("turns-check", 2, "hit"),
                                                    ("prevents-drop", 1, "critical failure"),
                                                    ("turns-check", 1, "hit")])
def test_kaos_on_a_natural_1_keeps_the_weapon_and_the_ruling_decides_the_hit(ruling, spent,
                                                                              outcome):
    # Wren, Kaos 2: natural 1 + Quickness 3 + Kaos against a Defense of 5 (Sir Brannock 2 + 1 + 2)
    game = start([1, 4], rulings={"kaos-natural-1": ruling}, ranger__kaos=2, knight__defense=2)
    answer(game, "decline", "attack:p1:weapon-1", f"kaos:{spent}")
    assert result(game) == [(1, 4 + spent, 5, outcome)]
    assert player(game, "p2").dropped == set()  # a single Kaos is enough to keep the Weapon
    assert data(game, "weapon.kept")[0]["why"] == "Kaos was spent on the natural 1"
    assert len(data(game, "damage")) == (1 if outcome == "hit" else 0)
    # Kaos spent, 1 back: still a Critical Failure reward
    assert player(game, "p2").kaos == 2 - spent + 1


@pytest.mark.rule("combat.ruling.kaos-natural-1", "combat.attack-check.success-at-or-above")
def test_kaos_on_a_natural_1_short_of_the_defense_misses_even_under_turns_check():
    # Wren, Kaos 2: natural 1 + Quickness 3 + 2 Kaos = 6 against a Defense of 7 (4 + 1 + 2)
    game = start([1, 4], rulings={"kaos-natural-1": "turns-check"}, ranger__kaos=2,
                 knight__defense=4)
    answer(game, "decline", "attack:p1:weapon-1", "kaos:2")
    assert result(game) == [(1, 6, 7, "critical failure")]
    assert player(game, "p2").dropped == set()  # the Kaos still keeps the Weapon
    assert not data(game, "damage")


@pytest.mark.rule("combat.attack.mystic-dagger-either", "combat.mystic-dagger.either-option",
                  "combat.mystic-dagger.melee-damage", "combat.mystic-dagger.ranged-damage",
                  "combat.attack.mystic-dagger-always-available", "sample.player.mystic-dagger",
                  "combat.damage.minimum-1", "combat.damage.less-than-1-deals-1")
def test_the_mystic_dagger_serves_both_modes_with_its_own_damage():
    game = start([12, 12])
    assert {"attack:p2:dagger-melee", "attack:p2:dagger-ranged"} <= set(options_of(game))
    answer(game, "attack:p2:dagger-melee")  # 12 + 3 hits 13: Damage 2 + Brawn 3
    assert damage(game) == [(2, "brawn", 3, 5)]
    answer(game, "decline", "attack:p2:dagger-ranged")  # 12 - 1 misses 13
    assert result(game)[1][3] == "miss"
    game = start([20], knight__quickness=-8)
    answer(game, "attack:p2:dagger-ranged")  # critical: 1 x 2 - 9 < 1: 1 Damage
    assert damage(game) == [(2, "quickness", -9, 1)]


@pytest.mark.rule("combat.mystic-dagger.critical-melee-damage", "combat.mystic-dagger.critical-ranged-damage",
                  "combat.mystic-dagger.critical-minimum-1")
@pytest.mark.parametrize("option, base, brawn, stat, amount", [
    ("dagger-melee", 4, 3, 3, 7),  # 2 x 2 + Brawn 3
    ("dagger-ranged", 2, 3, -1, 1),  # 2 x 1 + Quickness -1 (Chain Mail)
    ("dagger-melee", 4, -7, -7, 1),  # 4 - 7 is below 1: 1 Damage
])
def test_mystic_dagger_critical_damage_doubles_its_base_and_adds_the_stat_once(option, base, brawn,
                                                                                stat, amount):
    game = start([20], knight__brawn=brawn)
    answer(game, f"attack:p2:{option}")
    assert damage(game)[0] == (base, "brawn" if option == "dagger-melee" else "quickness", stat,
                               amount)
    assert player(game, "p2").health == 10 - amount
    assert rules(game)[kinds(game).index("damage")] == \
        f"combat.mystic-dagger.critical-{option.split('-')[1]}-damage"
    # with dice in the dagger's value, its base is rolled twice (both rolls counted)
    game = start([20, 2, 3], sets={"game.mystic_dagger.melee": "1d4"})
    answer(game, "attack:p2:dagger-melee")
    assert damage(game)[0][0] == 5


@pytest.mark.rule("combat.mystic-dagger.never-dropped", "combat.mystic-dagger.no-critical-failure-effect",
                  "combat.attack-critical-failure.not-mystic-dagger", "combat.summary.critical-failure")
def test_a_natural_1_with_the_mystic_dagger_drops_nothing():
    game = start([1])
    answer(game, "attack:p2:dagger-melee")
    assert player(game, "p1").dropped == set()
    assert data(game, "weapon.kept")[0]["why"] == "the Mystic Dagger is never Dropped"
    assert not data(game, "weapon.dropped")
    answer(game, "decline")  # p2; on p1's next Combat Turn everything is still available
    assert [o for o in options_of(game) if o.startswith("attack:")] == [
        "attack:p2:weapon-1", "attack:p2:dagger-melee", "attack:p2:dagger-ranged"]


@pytest.mark.rule("combat.ruling.crit-fixed-damage")
@pytest.mark.parametrize("ruling, base", [("double", 4), ("single", 2)])
def test_a_critical_with_fixed_damage_follows_the_ruling(ruling, base):
    # p2 Vesper's Throwing Knives: fixed 2, ranged, Quickness 3 + 1
    game = start([20], options={"characters": "knight,rogue"}, rulings={"crit-fixed-damage": ruling})
    answer(game, "decline", "attack:p1:weapon-1")
    assert damage(game) == [(base, "quickness", 4, base + 4)]


@pytest.mark.rule("combat.attack.dropped-unavailable", "combat.dropped-weapon.cannot-attack",
                  "combat.attack.dagger-fallback", "combat.melee-attack.requirement")
def test_a_dropped_weapon_cannot_attack_but_the_dagger_still_can():
    game = start([1])
    answer(game, "attack:p2:weapon-1", "decline")
    attacks = [o for o in options_of(game) if o.startswith("attack:")]
    assert attacks == ["attack:p2:dagger-melee", "attack:p2:dagger-ranged"]


@pytest.mark.rule("combat.attack.one-target", "combat.attack.target-in-same-encounter",
                  "combat.attack.not-self", "combat.attack.action-type", "combat.attack.is-combat-action",
                  "combat.melee-attack.action-type")
def test_an_attack_is_the_combat_action_against_one_other_combatant():
    game = start([10, 1, 1, 5], options={"players": 4, "rooms": "p4=hall"})
    answer(game, "decline", "decline")  # p1, p2
    targets = {o.split(":")[1] for o in options_of(game) if o.startswith("attack:")}
    assert targets == {"p1", "p2"}  # p3 itself and p4 (elsewhere) are not targets
    answer(game, "attack:p1:weapon-1")  # Grub: 10 + 4 hits 14; War Hammer 2d4 rolls 1 and 1
    assert len(data(game, "attack.declared")) == 1
    assert [d["purpose"] for d in data(game, "check.roll")] == ["melee attack"]
    assert game.pending.player == "p1"  # one Attack: the Combat Action is used, the turn ends


@pytest.mark.rule("combat.damage.death-at-zero", "combat.overview.death-pauses",
                  "combat.turn.death-pauses-turn")
def test_health_at_zero_triggers_death_at_once():
    game = start([15, 7], options={"players": 3})
    # order p1, p2, p3 (the only other Combatant: no Combat Order Check); p1 hits p2 for 7 + 3
    answer(game, "attack:p2:weapon-1")
    assert player(game, "p2").health == 0
    seq = kinds(game)
    assert seq[seq.index("damage") + 1:seq.index("damage") + 3] == ["death.triggered", "death"]
    assert seq.index("death") < seq.index("loot.opportunity")
    assert "combat.turn" not in seq[seq.index("damage"):]


@pytest.mark.rule("combat.attack.melee-weapon", "combat.attack.ranged-weapon", "combat.attack.one-option",
                  "combat.melee-attack.requirement", "combat.ranged-attack.requirement",
                  "combat.attack.mystic-dagger-either", "combat.attack.melee-or-ranged")
def test_each_equipped_weapon_gives_its_own_mode_and_the_dagger_gives_both():
    # Wren: Short Bow (ranged) and Hand Axe (melee) Equipped; a Spear in her Backpack is not
    # Equipped and gives no option
    game = start(sets={"characters.cards.ranger.loadout.backpack": ["spear"]})
    answer(game, "decline")
    attacks = [(o.id, o.label) for o in game.pending.options if o.id.startswith("attack:")]
    assert attacks == [
        ("attack:p1:weapon-1", "Attack Player 1 (Sir Brannock) with Short Bow (ranged, 1d6)"),
        ("attack:p1:weapon-2", "Attack Player 1 (Sir Brannock) with Hand Axe (melee, 1d6+1)"),
        ("attack:p1:dagger-melee", "Attack Player 1 (Sir Brannock) with Mystic Dagger (melee, 2)"),
        ("attack:p1:dagger-ranged", "Attack Player 1 (Sir Brannock) with Mystic Dagger (ranged, 1)")]


@pytest.mark.rule("combat.melee-attack.current-brawn", "combat.ranged-attack.current-quickness",
                  "combat.attack.current-stats", "combat.damage.current-stats",
                  "combat.attack-check.stat-check-plus", "sample.core.stat-check",
                  "combat.melee-attack.check-brawn", "combat.ranged-attack.check-quickness")
def test_attack_checks_and_damage_use_the_current_stat_not_the_printed_one():
    # Sir Brannock is Poisoned (Brawn 3 - 1 = 2): 11 + 2 = 13 hits Wren's 13; Longsword 4 + 2
    game = start([11, 4])
    player(game, "p1").statuses.append("poisoned")
    answer(game, "attack:p2:weapon-1")
    assert (data(game, "check.roll")[0]["value"], result(game)) == (2, [(11, 13, 13, "hit")])
    assert damage(game) == [(4, "brawn", 2, 6)]
    # his Chain Mail gives Quickness 0 - 1 = -1: 14 - 1 = 13 hits; Mystic Dagger 1 - 1 = 0 -> 1
    game = start([14])
    answer(game, "attack:p2:dagger-ranged")
    assert (data(game, "check.roll")[0]["value"], result(game)) == (-1, [(14, 13, 13, "hit")])
    assert damage(game) == [(1, "quickness", -1, 1)]
