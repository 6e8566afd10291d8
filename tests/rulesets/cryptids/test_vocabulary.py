"""The trigger vocabulary designed for rulekeeper ("Dés et déclencheurs", docs/cryptids.md)."""

import pytest

from tests.rulesets.cryptids.helpers import board, cryptid, fight, on, start

NEVER = on({"total": 13}, {"damage": 1})


def row(*threats):
    return [cryptid(f"e{i}", 9, t, NEVER) for i, t in enumerate(threats)]


@pytest.mark.rule("triggers.battle-start")
def test_battle_start_abilities_fire_once_before_roll_1():
    a = cryptid("a", 9, 1, on("battle-start", {"damage": 2}))
    f = fight([a], row(1), [3, 4], seed=1)
    kinds = f.kinds()
    assert kinds.index("act.battle-start") < kinds.index("roll")
    assert len(f.of("act.battle-start")) == 1
    assert f.of("damage")[0]["hp"] == 7


@pytest.mark.rule("triggers.battle-start", "end.side-empty")
def test_deaths_at_the_start_are_handled_before_roll_1():
    a = cryptid("a", 9, 1, on("battle-start", {"damage": 9}))
    f = fight([a], row(1))
    assert f.outcome.rolls == 0 and f.outcome.winner == "left" and not f.of("roll")


@pytest.mark.rule("effects.damage", "targeting.override.a")
def test_damage_to_all_enemies_and_adjacent_enemies():
    everyone = cryptid("a", 9, 1, on({"total": 7}, {"damage": 1, "target": "all-enemies"}))
    f = fight([everyone], row(1, 2, 3, 4), [3, 4])
    assert [d["target"]["en"] for d in f.of("damage")][:4] == ["E0", "E1", "E2", "E3"]
    splash = cryptid("a", 9, 1, on({"total": 7}, {"damage": 1, "target": "adjacent"}))
    g = fight([splash], row(1, 2, 5, 3, 4), [3, 4])
    assert [d["target"]["en"] for d in g.of("damage")][:3] == ["E1", "E2", "E3"]


@pytest.mark.rule("effects.damage", "targeting.override.a")
def test_random_enemy_is_seeded():
    rand = cryptid("a", 9, 1, on({"total": 7}, {"damage": 1, "target": "random-enemy"}))
    picked = [fight([rand], row(1, 2, 3), [3, 4], seed=s).of("damage")[0]["target"]["en"]
              for s in range(20)]
    assert set(picked) == {"E0", "E1", "E2"}
    assert picked == [fight([rand], row(1, 2, 3), [3, 4], seed=s).of("damage")[0]["target"]["en"]
                      for s in range(20)]
    candidates = fight([rand], row(1, 2, 3), [3, 4]).of("target.random")[0]["candidates"]
    assert [c["en"] for c in candidates] == ["E0", "E1", "E2"]


@pytest.mark.rule("effects.damage")
def test_hp_never_go_below_zero():
    a = cryptid("a", 9, 1, on({"total": 7}, {"damage": 9}))
    f = fight([a], [cryptid("e0", 9, 1, NEVER), cryptid("tiny", 3, 5, NEVER)], [3, 4])
    assert f.of("damage")[0] == {"who": {"en": "A", "fr": "A"},
                                 "target": {"en": "Tiny", "fr": "Tiny"},
                                 "amount": 3, "before": 3, "hp": 0}
    assert f.outcome.damage[0] == 3 + 9  # tiny's 3 HP, then e0's 9 on a later 7


@pytest.mark.rule("targeting.override.a", "triggers.reactions")
def test_attacker_is_the_cryptid_whose_ability_dealt_the_damage():
    thorny = cryptid("thorny", 20, 1, on("hurt", {"damage": 3, "target": "attacker"}))
    big = cryptid("big", 20, 9, NEVER)
    small = cryptid("small", 20, 1, on({"total": 7}, {"damage": 1}))
    battle, _ = start([big, small], [thorny], [3, 4])
    battle.begin()
    battle.throw()
    assert board(battle) == ([("big", 20), ("small", 17)], [("thorny", 19)])


@pytest.mark.rule("targeting.override.a", "effects.shield")
@pytest.mark.parametrize("target,shielded", [
    (None, ["C"]), ("self", ["C"]), ("all-allies", ["A", "B", "C", "D"]),
    ("adjacent-allies", ["B", "D"]), ("lowest-hp-ally", ["D"])])
def test_friendly_targets(target, shielded):
    effect = {"shield": 2} | ({"target": target} if target else {})
    c = cryptid("c", 9, 1, on({"total": 7}, effect))
    mine = [cryptid("a", 9, 1, NEVER), cryptid("b", 9, 1, NEVER), c, cryptid("d", 4, 1, NEVER)]
    battle, events = start(mine, row(1), [3, 4])
    battle.begin()
    battle.throw()
    assert [e.data["target"]["en"] for e in events if e.kind == "shield"] == shielded
    assert [f.shield for f in battle.rows[0]] == [2 if f.card.name["en"] in shielded else 0
                                                  for f in battle.rows[0]]


@pytest.mark.rule("targeting.override.a", "triggers.deaths")
def test_the_adjacent_allies_of_a_dead_cryptid_are_those_either_side_of_its_place():
    # C dies between A and B: its death ability shields A and B, not D
    c = cryptid("c", 3, 9, on("death", {"shield": 2, "target": "adjacent-allies"}))
    mine = [cryptid("a", 9, 1, NEVER), c, cryptid("b", 9, 1, NEVER), cryptid("d", 9, 1, NEVER)]
    hitter = cryptid("hitter", 30, 1, on({"total": 7}, {"damage": 5}))
    battle, events = start(mine, [hitter], [3, 4])
    battle.begin()
    battle.throw()
    assert [e.data["target"]["en"] for e in events if e.kind == "shield"] == ["A", "B"]
    assert [(f.card.id, f.shield) for f in battle.rows[0]] == [("a", 2), ("b", 2), ("d", 0)]


@pytest.mark.rule("effects.damage", "effects.buff")
def test_attack_buff_adds_to_each_damage_instance():
    a = cryptid("a", 9, 1, on("doubles", {"buff-attack": 2}), on({"total": 7}, {"damage": 1}))
    f = fight([a], row(1), [2, 2, 3, 4])
    assert f.of("buff.attack")[0]["value"] == 2
    assert f.of("damage")[0]["amount"] == 3


@pytest.mark.rule("effects.buff")
def test_threat_buff_changes_targeting_and_order():
    taunt = cryptid("taunt", 9, 1, on("battle-start", {"buff-threat": 5}), NEVER)
    other = cryptid("other", 9, 3, NEVER)
    a = cryptid("a", 30, 1, on({"total": 7}, {"damage": 1}))
    f = fight([a], [other, taunt], [3, 4])
    assert f.of("buff.threat")[0]["value"] == 6
    assert f.of("damage")[0]["target"]["en"] == "Taunt"


@pytest.mark.rule("effects.buff", "roll.step-4.triggers")
def test_a_threat_buff_changes_the_order_from_the_next_roll():
    boost = on({"total": 7}, {"buff-threat": 10, "target": "adjacent-allies"})
    a = cryptid("a", 20, 5, boost)
    b = cryptid("b", 20, 1, on({"total": 7}, {"damage": 1}))
    c = cryptid("c", 20, 3, on({"total": 7}, {"damage": 1}))
    f = fight([a, b], [c], [3, 4, 3, 4])
    acting = [[e.data["who"]["en"] for e in f.roll_events(n) if e.kind == "act.total"]
              for n in (1, 2)]
    assert acting == [["A", "C", "B"], ["B", "A", "C"]]  # the order of roll 1 was fixed


@pytest.mark.rule("effects.shield")
def test_shields_add_up_and_last_until_used():
    wall = cryptid("wall", 9, 1, on("battle-start", {"shield": 2}, {"shield": 2}), NEVER)
    a = cryptid("a", 9, 1, on({"total": 7}, {"damage": 3}))
    battle, _ = start([a], [wall], [3, 4, 1, 2, 3, 4])
    battle.begin()
    battle.throw()
    battle.throw()  # a 3: nothing happens, the shield stays
    assert board(battle)[1] == [("wall", 9)] and battle.rows[1][0].shield == 1
    battle.throw()
    assert board(battle)[1] == [("wall", 7)] and battle.rows[1][0].shield == 0


@pytest.mark.rule("effects.shield")
def test_shield_absorbs_damage_before_hp_and_then_no_hurt_reaction():
    wall = cryptid("wall", 9, 1, on("battle-start", {"shield": 3}),
                   on("hurt", {"damage": 1, "target": "attacker"}))
    a = cryptid("a", 9, 1, on({"total": 7}, {"damage": 2}))
    f = fight([a], [wall], [3, 4, 3, 4])
    assert f.of("damage.shield")[:2] == [
        {"target": {"en": "Wall", "fr": "Wall"}, "absorbed": 2, "shield": 1},
        {"target": {"en": "Wall", "fr": "Wall"}, "absorbed": 1, "shield": 0}]
    assert f.of("damage")[0]["amount"] == 1 and f.of("damage")[0]["hp"] == 8
    assert [e.kind for e in f.roll_events(1)].count("act.hurt") == 0
    assert [e.kind for e in f.roll_events(2)].count("act.hurt") == 1


@pytest.mark.rule("effects.damage-over-time")
def test_damage_over_time_stacks():
    a = cryptid("a", 9, 1, on("battle-start", {"damage-over-time": 1, "rolls": 2},
                              {"damage-over-time": 2, "rolls": 1}), NEVER)
    f = fight([a], [cryptid("b", 20, 1, NEVER)], [1, 2, 1, 2, 1, 2])
    ticks = [[e.data["amount"] for e in f.roll_events(n) if e.kind == "damage.status"]
             for n in (1, 2, 3)]
    assert ticks == [[1, 2], [1], []]


@pytest.mark.rule("triggers.reactions")
def test_an_ally_is_another_cryptid_of_the_same_side():
    lone = cryptid("lone", 9, 5, on("ally-hurt", {"shield": 5}))
    pal = cryptid("pal", 9, 1, on("ally-hurt", {"shield": 1}))
    a = cryptid("a", 9, 1, on({"total": 7}, {"damage": 2}))
    f = fight([a], [lone, pal], [3, 4])
    assert f.who("act.ally-hurt")[:1] == ["Pal"]  # lone was hit: only its ally reacts
    assert [e.kind for e in f.roll_events(1)].count("act.ally-hurt") == 1
    g = fight([a], [cryptid("enemy", 9, 1, on("ally-hurt", {"shield": 1}))], [3, 4])
    assert not g.of("act.ally-hurt")  # an enemy is no ally


@pytest.mark.rule("effects.heal", "triggers.reactions")
def test_ally_hurt_reactions_reach_that_ally():
    medic = cryptid("medic", 9, 0, on("ally-hurt", {"heal": 1, "target": "that-ally"}))
    front = cryptid("front", 9, 5, NEVER)
    a = cryptid("a", 9, 1, on({"total": 7}, {"damage": 3}))
    f = fight([a], [front, medic], [3, 4])
    assert f.of("act.ally-hurt")[0]["other"]["en"] == "Front"
    assert f.of("heal")[0] == {"who": {"en": "Medic", "fr": "Medic"},
                               "target": {"en": "Front", "fr": "Front"},
                               "amount": 1, "before": 6, "hp": 7}


@pytest.mark.rule("effects.summon")
def test_summon_puts_a_cryptid_right_of_the_summoner():
    kit = cryptid("kit", 1, 0, NEVER, tier="token")
    mother = cryptid("mother", 9, 1, on({"total": 7}, {"summon": "kit"}))
    f = fight([mother, cryptid("b", 9, 1, NEVER)], row(1), [3, 4], extra=[kit])
    assert f.of("summon")[0]["place"] == 2
    assert "kit" in f.outcome.fielded[0]
    full, events = start([mother] + [cryptid(f"x{i}", 9, 1, NEVER) for i in range(6)], row(1),
                         [3, 4], extra=[kit])
    full.begin()
    full.throw()
    assert [e.data["limit"] for e in events if e.kind.startswith("summon")] == [7]
    assert len(full.rows[0]) == 7 and "kit" not in [f.card.id for f in full.rows[0]]


@pytest.mark.rule("effects.summon", "triggers.deaths")
def test_a_death_summon_takes_the_place_of_the_dead():
    wisp = cryptid("wisp", 2, 0, NEVER, tier="token")
    drac = cryptid("drac", 3, 9, on("death", {"summon": "wisp"}))
    a = cryptid("a", 30, 1, on({"total": 7}, {"damage": 5}))
    f = fight([a], [cryptid("b", 9, 1, NEVER), drac], [3, 4], extra=[wisp])
    roll1 = [e.kind for e in f.roll_events(1)]
    assert roll1.index("death") < roll1.index("act.death") < roll1.index("summon")
    assert f.of("summon")[0]["place"] == 2  # where the Drac stood, right of B


@pytest.mark.rule("effects.summon", "roll.step-6.deaths.b")
def test_a_death_summon_takes_the_place_of_the_dead_when_others_die_too():
    wisp = cryptid("wisp", 2, 0, NEVER, tier="token")
    drac = cryptid("drac", 2, 1, on("death", {"summon": "wisp"}))
    bomb = cryptid("bomb", 30, 1, on({"total": 7}, {"damage": 2, "target": "all-enemies"}))
    mine = [cryptid("a", 9, 1, NEVER), cryptid("b", 2, 1, NEVER), drac, cryptid("d", 9, 1, NEVER)]
    battle, _ = start(mine, [bomb], [3, 4], extra=[wisp])
    battle.begin()
    battle.throw()
    # b and the Drac fall together; the Drac stood between a and d: the wisp stands there
    assert board(battle)[0] == [("a", 7), ("wisp", 2), ("d", 7)]


@pytest.mark.rule("effects.swap")
def test_swap_changes_places():
    mover = cryptid("mover", 9, 1, on({"total": 7}, {"swap": "left"}))
    f = fight([cryptid("b", 9, 1, NEVER), mover], row(1), [3, 4, 3, 4],
              no_damage_possible="never")
    assert f.of("swap")[0]["place"] == 1 and f.of("swap")[0]["other"]["en"] == "B"
    assert f.of("swap.none")  # at the left end on the second 7
    a = cryptid("a", 9, 1, on({"total": 8}, {"damage": 1}))
    twins = [cryptid("t1", 9, 5, NEVER), cryptid("t2", 9, 5, on({"total": 7}, {"swap": "left"}))]
    g = fight([a], twins, [3, 4, 4, 4])
    assert g.of("damage")[0]["target"]["en"] == "T2"  # now the leftmost of the tie


@pytest.mark.rule("effects.modify-total", "effects.reroll", "triggers.each-roll")
def test_modify_total_and_reroll_only_where_the_steps_allow():
    from rulekeeper.rulesets.cryptids.models import Ability

    Ability.model_validate({"when": "each-roll", "do": [{"modify-total": -1}]})
    with pytest.raises(ValueError, match="modify-total only goes with the each-roll"):
        Ability.model_validate({"when": {"total": 7}, "do": [{"modify-total": 1}]})
    with pytest.raises(ValueError, match="reroll only goes with a dice trigger"):
        Ability.model_validate({"when": "hurt", "do": [{"reroll": True}]})
