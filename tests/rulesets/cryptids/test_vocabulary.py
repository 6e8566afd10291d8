"""The trigger vocabulary designed for rulekeeper ("Dés et déclencheurs", docs/cryptids.md)."""

import pytest

from tests.rulesets.cryptids.helpers import cryptid, fight, on

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


@pytest.mark.rule("effects.damage", "effects.buff")
def test_attack_buff_adds_to_each_damage_instance():
    a = cryptid("a", 9, 1, on("doubles", {"buff-attack": 2}), on({"total": 7}, {"damage": 1}))
    f = fight([a], row(1), [2, 2, 3, 4])
    assert f.of("buff.attack")[0]["value"] == 2
    assert f.of("damage")[0]["amount"] == 3


@pytest.mark.rule("effects.buff", "threat.value.b")
def test_threat_buff_changes_targeting_and_order():
    taunt = cryptid("taunt", 9, 1, on("battle-start", {"buff-threat": 5}), NEVER)
    other = cryptid("other", 9, 3, NEVER)
    a = cryptid("a", 30, 1, on({"total": 7}, {"damage": 1}))
    f = fight([a], [other, taunt], [3, 4])
    assert f.of("buff.threat")[0]["value"] == 6
    assert f.of("damage")[0]["target"]["en"] == "Taunt"


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
    full = fight([mother] + [cryptid(f"x{i}", 9, 1, NEVER) for i in range(6)], row(1), [3, 4],
                 extra=[kit])
    assert full.of("summon.full")[0]["limit"] == 7


@pytest.mark.rule("effects.summon", "triggers.deaths")
def test_a_death_summon_takes_the_place_of_the_dead():
    wisp = cryptid("wisp", 2, 0, NEVER, tier="token")
    drac = cryptid("drac", 3, 9, on("death", {"summon": "wisp"}))
    a = cryptid("a", 30, 1, on({"total": 7}, {"damage": 5}))
    f = fight([a], [cryptid("b", 9, 1, NEVER), drac], [3, 4], extra=[wisp])
    roll1 = [e.kind for e in f.roll_events(1)]
    assert roll1.index("death") < roll1.index("act.death") < roll1.index("summon")
    assert f.of("summon")[0]["place"] == 2  # where the Drac stood, right of B


@pytest.mark.rule("effects.swap")
def test_swap_changes_places():
    mover = cryptid("mover", 9, 1, on({"total": 7}, {"swap": "left"}))
    f = fight([cryptid("b", 9, 1, NEVER), mover], row(1), [3, 4, 3, 4])
    assert f.of("swap")[0]["place"] == 1 and f.of("swap")[0]["other"]["en"] == "B"
    assert f.of("swap.none")  # at the left end on the second 7
    a = cryptid("a", 9, 1, on({"total": 8}, {"damage": 1}))
    twins = [cryptid("t1", 9, 5, NEVER), cryptid("t2", 9, 5, on({"total": 7}, {"swap": "left"}))]
    g = fight([a], twins, [3, 4, 4, 4])
    assert g.of("damage")[0]["target"]["en"] == "T2"  # now the leftmost of the tie


@pytest.mark.rule("effects.modify-total", "effects.reroll", "triggers.each-roll")
def test_modify_total_and_reroll_only_where_the_steps_allow():
    from rulekeeper.rulesets.cryptids.schema import Ability

    Ability.model_validate({"when": "each-roll", "do": [{"modify-total": -1}]})
    with pytest.raises(ValueError, match="modify-total only goes with the each-roll"):
        Ability.model_validate({"when": {"total": 7}, "do": [{"modify-total": 1}]})
    with pytest.raises(ValueError, match="reroll only goes with a dice trigger"):
        Ability.model_validate({"when": "hurt", "do": [{"reroll": True}]})
