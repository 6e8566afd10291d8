"""A roll, steps 1 to 6 ("Un tour, étape par étape"), threat order and targeting."""

import pytest

from tests.rulesets.cryptids.helpers import board, cryptid, fight, on, start

NEVER = on({"total": 13}, {"damage": 1})  # a damage dealer that never fires on plain dice


def hit(n=1, target=None, when=7):
    effect = {"damage": n} | ({"target": target} if target else {})
    return on({"total": when}, effect)


@pytest.mark.rule("battle.flow.a", "roll.step-1.dice")
def test_every_roll_throws_two_six_sided_dice():
    f = fight([cryptid("a", 30, 1, hit(1))], [cryptid("b", 900, 1, NEVER)], seed=5)
    rolls = f.of("roll")
    assert len(rolls) == f.outcome.rolls == 36
    assert all(1 <= r["first"] <= 6 and 1 <= r["second"] <= 6 for r in rolls)
    assert all(r["total"] == r["first"] + r["second"] for r in rolls)
    assert f.battle.rng.draws == 2 * 36  # two dice per roll, nothing else drawn
    assert {r["first"] for r in rolls} == {r["second"] for r in rolls} == set(range(1, 7))


@pytest.mark.rule("battle.flow.b", "roll.step-4.triggers", "triggers.dice")
def test_abilities_trigger_according_to_the_result():
    a = cryptid("a", 9, 2, hit(1, when=7), on({"totals": [3, 5]}, {"damage": 2}),
                on({"range": [9, 10]}, {"damage": 3}), on("doubles", {"damage": 4}))
    b = cryptid("b", 40, 1, NEVER)
    dice = [3, 4, 1, 2, 2, 3, 4, 5, 6, 4, 1, 1, 6, 5]  # 7, 3, 5, 9, 10, doubles 2, 11
    f = fight([a], [b], dice)
    lost = [d["amount"] for d in f.of("damage")][:6]
    assert lost == [1, 2, 2, 3, 3, 4]
    assert [e.kind for e in f.roll_events(7)] == ["roll"]  # 11 triggers nothing
    assert f.kinds("act.")[:6] == ["act.total", "act.totals", "act.totals", "act.range",
                                   "act.range", "act.doubles"]


@pytest.mark.rule("triggers.dice")
def test_odd_and_even_read_the_total():
    a = cryptid("a", 9, 2, on("odd", {"damage": 1}), on("even", {"damage": 2}))
    f = fight([a], [cryptid("b", 40, 1, NEVER)], [3, 4, 3, 3, 6, 5, 1, 1])
    dealt = [[e.data["amount"] for e in f.roll_events(n) if e.kind == "damage"] for n in (1, 2, 3, 4)]
    assert dealt == [[1], [2], [1], [2]]  # 7 odd, 6 even, 11 odd, 2 even: one ability each


@pytest.mark.rule("battle.flow.c", "end.side-empty")
def test_rolls_go_on_until_a_board_is_empty():
    f = fight([cryptid("a", 9, 2, hit(2))], [cryptid("b", 5, 1, NEVER)],
              [3, 4, 1, 1, 3, 4, 2, 2, 6, 1])
    assert f.outcome.rolls == 5 and f.outcome.winner == "left"
    assert f.outcome.reason == "side-empty"
    assert f.kinds("result.") == ["result.left"]


@pytest.mark.rule("threat.order", "roll.step-4.threat-order.a", "roll.step-4.threat-order.b")
def test_abilities_resolve_by_threat_across_both_boards():
    left = [cryptid("low", 20, 1, hit(1)), cryptid("high", 20, 6, hit(1))]
    right = [cryptid("mid", 20, 4, hit(1)), cryptid("top", 20, 9, hit(1))]
    f = fight(left, right, [3, 4])
    acting = f.who("act.total")[:4]
    assert acting == ["Top", "High", "Mid", "Low"]
    assert f.of("order")[0]["order"][0]["en"] == "Top (9)"


@pytest.mark.rule("threat.order", "roll.step-4.threat-order.a")
def test_of_two_abilities_on_a_roll_the_higher_threat_resolves_first():
    f = fight([cryptid("low", 20, 1, hit(1))], [cryptid("high", 20, 6, hit(1))], [3, 4])
    assert f.who("act.total")[:2] == ["High", "Low"]
    g = fight([cryptid("high", 20, 6, hit(1))], [cryptid("low", 20, 1, hit(1))], [3, 4])
    assert g.who("act.total")[:2] == ["High", "Low"]


@pytest.mark.rule("targeting.single.highest-threat", "threat.value.b")
def test_a_single_target_ability_hits_the_highest_threat():
    f = fight([cryptid("a", 9, 1, hit(1))],
              [cryptid("x", 9, 2, NEVER), cryptid("y", 9, 5, NEVER), cryptid("z", 9, 3, NEVER)],
              [3, 4])
    assert f.of("damage")[0]["target"]["en"] == "Y"
    assert f.of("target.threat")[0]["threat"] == 5


@pytest.mark.rule("targeting.single.highest-threat", "targeting.single.tie-leftmost",
                  "ruling.zero-hp-target")
@pytest.mark.parametrize("log", [True, False])
def test_the_default_target_is_the_same_with_and_without_the_log(log):
    # battle-start hits, then no one can deal damage: the board after roll 1 shows who was hit
    opener = cryptid("opener", 20, 9, on("battle-start", {"damage": 5}))
    second = cryptid("second", 20, 1, on("battle-start", {"damage": 2}))
    mend = on({"total": 13}, {"heal": 1})
    foes = [cryptid("x", 9, 2, mend), cryptid("y", 5, 5, mend), cryptid("z", 9, 5, mend),
            cryptid("w", 9, 3, mend)]
    skip = fight([opener, second], foes, [3, 4], log=log)
    # opener: highest threat 5, leftmost of the tie (Y, not Z), Y falls to 0;
    # second: Y is no target at 0 HP, so the highest threat left is Z
    assert skip.outcome.reason == "no-damage"
    assert board(skip.battle)[1] == [("x", 9), ("z", 7), ("w", 9)]
    allow = fight([opener, second], foes, [3, 4], log=log, zero_hp_target="allow")
    assert board(allow.battle)[1] == [("x", 9), ("z", 9), ("w", 9)]  # the 2 went to Y, lost


@pytest.mark.rule("targeting.single.tie-leftmost", "battle.shop.d")
def test_a_tie_on_threat_hits_the_leftmost():
    x, y = cryptid("x", 9, 5, NEVER), cryptid("y", 9, 5, NEVER)
    a = cryptid("a", 9, 1, hit(1))
    first = fight([a], [x, y], [3, 4])
    assert first.of("damage")[0]["target"]["en"] == "X"
    assert [t["en"] for t in first.of("target.threat-tie")[0]["tied"]] == ["X", "Y"]
    swapped = fight([a], [y, x], [3, 4])  # the order chosen in the shop decides
    assert swapped.of("damage")[0]["target"]["en"] == "Y"


@pytest.mark.rule("targeting.override.b")
def test_lowest_hp_targeting():
    a = cryptid("a", 9, 1, hit(1, "lowest-hp"))
    f = fight([a], [cryptid("x", 9, 5, NEVER), cryptid("y", 4, 1, NEVER)], [3, 4])
    assert f.of("damage")[0]["target"]["en"] == "Y"
    assert f.of("target.lowest-hp")[0]["hp"] == 4


@pytest.mark.rule("roll.step-2.status.a", "roll.step-2.status.b", "effects.damage-over-time")
def test_damage_over_time_applies_at_step_2_of_the_next_rolls():
    a = cryptid("a", 20, 2, on({"total": 7}, {"damage-over-time": 2, "rolls": 2}),
                on({"total": 12}, {"damage": 1}))
    b = cryptid("b", 20, 1, on({"total": 6}, {"damage": 1}))
    f = fight([a], [b], [3, 4, 3, 3, 1, 5, 1, 5])
    assert f.of("status")[0] == {"who": {"en": "A", "fr": "A"}, "target": {"en": "B", "fr": "B"},
                                 "amount": 2, "rolls": 2}
    roll2 = [e.kind for e in f.roll_events(2)]
    assert roll2[:4] == ["roll", "status.tick", "damage.status", "act.total"]
    assert [e.kind for e in f.roll_events(3)][:3] == ["roll", "status.tick", "damage.status"]
    assert "status.ends" in [e.kind for e in f.roll_events(3)]
    assert "status.tick" not in [e.kind for e in f.roll_events(4)]
    assert [d["hp"] for d in f.of("damage.status")][:2] == [18, 16]
    assert f.outcome.damage[0] >= 4  # status damage counts for the side that applied it
    assert f.outcome.damage[0] == sum(d["amount"] for d in f.of("damage.status")
                                      + [x for x in f.of("damage") if x["who"]["en"] == "A"])


@pytest.mark.rule("roll.step-2.status.a", "threat.order")
def test_statuses_apply_in_threat_order():
    low = cryptid("low", 9, 1, on("battle-start", {"damage-over-time": 1, "rolls": 1}), NEVER)
    high = cryptid("high", 9, 4, on("battle-start", {"damage-over-time": 1, "rolls": 1}), NEVER)
    f = fight([low], [high], [3, 4])
    assert [e.data["who"]["en"] for e in f.roll_events(1) if e.kind == "status.tick"] == [
        "High", "Low"]


@pytest.mark.rule("roll.step-4.threat-order.a", "threat.order")
def test_two_cryptids_of_one_board_with_equal_threat_act_leftmost_first():
    # X stands left of Y, both of threat 3 on the left board: X acts first
    x = cryptid("x", 9, 3, on({"total": 7}, {"damage": 1}))
    y = cryptid("y", 9, 3, on({"total": 7}, {"damage": 2}))
    f = fight([x, y], [cryptid("e", 9, 1, NEVER)], [3, 4])
    assert [e.data["who"]["en"] for e in f.roll_events(1) if e.kind == "act.total"] == ["X", "Y"]
    assert [d["amount"] for d in f.of("damage")][:2] == [1, 2]


@pytest.mark.rule("roll.step-2.status.b", "roll.step-5.chain.a", "targeting.override.a")
def test_status_damage_triggers_reactions_but_has_no_attacker():
    poisoner = cryptid("poisoner", 20, 1, on("battle-start", {"damage-over-time": 2, "rolls": 1}),
                       NEVER)
    thorny = cryptid("thorny", 20, 1, on("hurt", {"damage": 3, "target": "attacker"}),
                     on("hurt", {"damage": 1}))
    f = fight([thorny], [poisoner], [1, 2])
    roll1 = [e.kind for e in f.roll_events(1)]
    assert roll1[:4] == ["roll", "status.tick", "damage.status", "act.hurt"]
    assert f.of("target.none")[0]["who"]["en"] == "Thorny"  # no attacker to hit back
    assert board(f.battle) == ([("thorny", 18)], [("poisoner", 19)])  # only the plain hit


@pytest.mark.rule("roll.step-3.every-roll", "triggers.each-roll", "roll.step-2.status.a")
def test_every_roll_abilities_fire_at_step_3_each_roll():
    a = cryptid("a", 30, 1, on("each-roll", {"damage": 1}))
    poisoner = cryptid("p", 30, 9, on("battle-start", {"damage-over-time": 1, "rolls": 30}),
                       on({"total": 7}, {"damage": 1}))
    f = fight([a], [poisoner], [3, 4] * 3 + [2, 3] * 33)
    assert len(f.of("act.each-roll")) == f.outcome.rolls
    roll1 = [e.kind for e in f.roll_events(1)]
    assert roll1.index("status.tick") < roll1.index("act.each-roll") < roll1.index("act.total")


@pytest.mark.rule("roll.step-3.dice-modifiers.a", "roll.step-3.dice-modifiers.b",
                  "effects.modify-total")
def test_modifiers_change_the_total_before_anything_reads_it():
    shifter = cryptid("shifter", 20, 0, on("each-roll", {"modify-total": 1}))
    reader = cryptid("reader", 20, 9, on("each-roll", {"damage": 1}),
                     on({"total": 7}, {"damage": 5}), on({"total": 6}, {"damage": 3}),
                     on("doubles", {"damage": 2}))
    f = fight([shifter, reader], [cryptid("b", 60, 1, NEVER)], [3, 3])
    roll1 = f.roll_events(1)
    kinds = [e.kind for e in roll1]
    # the modifier (threat 0) acts before the every-roll ability of threat 9
    assert kinds[1:5] == ["act.each-roll", "modify", "act.each-roll", "target.threat"]
    assert roll1[2].data["before"] == 6 and roll1[2].data["total"] == 7
    fired = [(e.kind, e.data.get("total")) for e in roll1 if e.kind.startswith("act.")]
    assert ("act.total", 7) in fired and ("act.doubles", 7) in fired  # doubles reads the dice
    assert [d["amount"] for d in f.of("damage")][:3] == [1, 5, 2]  # the 6-ability stays quiet


@pytest.mark.rule("roll.step-4.triggers")
@pytest.mark.parametrize("declared,amounts", [(("total", "odd"), [1, 2]), (("odd", "total"), [2, 1])])
def test_a_cryptids_abilities_resolve_in_the_order_declared(declared, amounts):
    ability = {"total": on({"total": 7}, {"damage": 1}), "odd": on("odd", {"damage": 2})}
    a = cryptid("a", 9, 1, *(ability[k] for k in declared))
    f = fight([a], [cryptid("b", 40, 1, NEVER)], [3, 4])
    assert [e.data["amount"] for e in f.roll_events(1) if e.kind == "damage"] == amounts


@pytest.mark.rule("roll.step-4.zero-hp-skip")
def test_a_cryptid_at_zero_hp_before_its_turn_does_not_trigger():
    killer = cryptid("killer", 9, 5, hit(3))
    victim = cryptid("victim", 3, 1, hit(4))
    f = fight([killer], [victim], [3, 4])
    assert f.who("skip") == ["Victim"]
    assert f.battle.rows[0][0].hp == 9 and f.outcome.winner == "left"


@pytest.mark.rule("roll.step-5.reactions-immediate", "roll.step-5.chain.a", "triggers.reactions")
def test_a_reaction_resolves_before_the_next_ability_in_the_order():
    first = cryptid("first", 20, 9, hit(1))
    thorny = cryptid("thorny", 20, 5, on("hurt", {"damage": 2, "target": "attacker"}))
    later = cryptid("later", 20, 3, hit(1))
    f = fight([first, later], [thorny], [3, 4])
    order = [(e.kind, e.data.get("who", {}).get("en")) for e in f.roll_events(1)
             if e.kind.startswith("act.")]
    assert order == [("act.total", "First"), ("act.hurt", "Thorny"), ("act.total", "Later"),
                     ("act.hurt", "Thorny")]
    hurt = next(e for e in f.events if e.kind == "act.hurt")
    assert hurt.rule == "roll.step-5.chain.a"
    assert f.of("damage")[1] == {"who": {"en": "Thorny", "fr": "Thorny"},
                                 "target": {"en": "First", "fr": "First"},
                                 "amount": 2, "before": 20, "hp": 18}  # hit back at once


@pytest.mark.rule("roll.step-5.chain.a", "triggers.reactions")
def test_a_cryptid_brought_to_zero_does_not_react_to_the_hit():
    thorny = cryptid("thorny", 2, 5, on("hurt", {"damage": 4, "target": "attacker"}))
    keeper = cryptid("keeper", 9, 1, NEVER)
    a = cryptid("a", 9, 1, hit(2), hit(1, when=8))
    f = fight([a], [thorny, keeper], [3, 4])
    assert not f.of("act.hurt") and not f.of("skip")  # not even called, to be skipped
    assert board(f.battle)[0] == [("a", 9)]


@pytest.mark.rule("roll.step-5.chain.b", "triggers.reactions", "effects.heal")
def test_healing_triggers_healed_reactions():
    healer = cryptid("healer", 9, 5, on({"total": 7}, {"heal": 2, "target": "lowest-hp-ally"}))
    glad = cryptid("glad", 8, 1, on("healed", {"damage": 3}))
    enemy = cryptid("enemy", 30, 1, on("battle-start", {"damage": 4, "target": "lowest-hp"}))
    f = fight([healer, glad], [enemy], [3, 4])
    heal = f.of("heal")[0]
    assert heal["target"]["en"] == "Glad" and heal["before"] == 4 and heal["hp"] == 6
    react = next(e for e in f.events if e.kind == "act.healed")
    assert react.rule == "roll.step-5.chain.b"
    assert f.of("damage")[-1]["amount"] == 3


@pytest.mark.rule("roll.step-5.chain.b", "ruling.overheal")
def test_healing_that_raises_no_hp_triggers_no_healed_reaction():
    healer = cryptid("healer", 9, 5, on({"total": 7}, {"heal": 2, "target": "all-allies"}))
    glad = cryptid("glad", 8, 1, on("healed", {"damage": 3}))
    battle, events = start([healer, glad], [cryptid("enemy", 30, 1, NEVER)], [3, 4])
    battle.begin()
    battle.throw()
    assert [e.kind for e in events if e.kind.startswith(("heal", "act.healed"))] == [
        "heal.full", "heal.full"]
    assert board(battle)[1] == [("enemy", 30)]


@pytest.mark.rule("roll.step-5.chain.c")
def test_reactions_chain_into_further_reactions():
    a = cryptid("a", 30, 9, hit(1), on("hurt", {"damage": 1, "target": "attacker"}))
    b = cryptid("b", 4, 1, on("hurt", {"damage": 1, "target": "attacker"}))
    f = fight([a], [b], [3, 4])
    reactions = [e for e in f.events if e.kind == "act.hurt"]
    # B 4 HP: hit (3), B hits back, A answers (2), ... until B falls to 0 and reacts no more
    assert [e.data["who"]["en"] for e in reactions] == ["B", "A", "B", "A", "B", "A"]
    assert [e.rule for e in reactions] == ["roll.step-5.chain.a"] + ["roll.step-5.chain.c"] * 5
    assert f.outcome.winner == "left" and f.outcome.rolls == 1


@pytest.mark.rule("roll.step-6.deaths.a")
def test_cryptids_at_zero_hp_leave_the_board_at_the_end_of_the_roll():
    a = cryptid("a", 9, 9, hit(5))
    d = cryptid("d", 9, 1, on({"total": 7}, {"damage": 1, "target": "all-enemies"}))
    b = cryptid("b", 5, 5, NEVER)
    c = cryptid("c", 9, 1, NEVER)
    f = fight([a, d], [b, c], [3, 4], zero_hp_target="allow")
    kinds = f.kinds("zero", "death", "act.", "damage")
    assert kinds.index("zero") < kinds.index("act.total", 1) < kinds.index("death")
    assert f.of("damage.wasted")[0]["target"]["en"] == "B"  # still on the board, at 0 HP
    assert [d["who"]["en"] for d in f.of("death")][:1] == ["B"]
    assert f.roll_events(1)[-1].kind == "death"
    battle, _ = start([a, d], [b, c], [3, 4])
    battle.begin()
    battle.throw()
    assert board(battle)[1] == [("c", 8)]  # B left the board at the end of roll 1


@pytest.mark.rule("roll.step-6.deaths.b", "triggers.deaths")
def test_death_abilities_trigger_at_step_6():
    a = cryptid("a", 20, 9, hit(5))
    omen = cryptid("omen", 5, 1, on("death", {"damage": 3}))
    mourner = cryptid("mourner", 20, 0, on("ally-death", {"buff-attack": 2}),
                      on({"total": 8}, {"damage": 1}))
    f = fight([a], [omen, mourner], [3, 4, 4, 4])
    roll1 = [e.kind for e in f.roll_events(1)]
    assert roll1.index("death") < roll1.index("act.death") < roll1.index("act.ally-death")
    assert [e.rule for e in f.roll_events(1) if e.kind == "act.death"] == ["roll.step-6.deaths.b"]
    assert [(d["amount"], d["hp"]) for d in f.of("damage")[:3]] == [(5, 0), (3, 17), (3, 14)]
    # omen's death hit a for 3; on roll 2 mourner hits for 1 + attack 2


@pytest.mark.rule("reroll.restart.a", "effects.reroll")
def test_a_reroll_stops_the_roll():
    storm = cryptid("storm", 20, 9, on({"total": 2}, {"reroll": True}, {"damage": 9}))
    slow = cryptid("slow", 20, 1, on({"total": 2}, {"damage": 1}))
    f = fight([storm], [slow], [1, 1, 3, 4])
    roll1 = [e.kind for e in f.roll_events(1)]
    assert roll1 == ["roll", "order", "act.total", "reroll"]
    assert 9 not in [d["amount"] for d in f.of("damage")]  # the effect after the reroll never came


@pytest.mark.rule("reroll.restart.b", "reroll.damage-stays")
def test_a_reroll_restarts_at_step_1_and_damage_stays():
    hitter = cryptid("hitter", 20, 9, on({"total": 2}, {"damage": 2}),
                     on("battle-start", {"damage-over-time": 1, "rolls": 5}))
    storm = cryptid("storm", 20, 5, on({"total": 2}, {"reroll": True}))
    ticker = cryptid("ticker", 20, 0, on("each-roll", {"shield": 1}))
    f = fight([hitter, ticker], [storm], [1, 1, 3, 4])
    kinds = f.kinds()
    assert kinds[kinds.index("reroll"):kinds.index("reroll") + 4] == [
        "reroll", "reroll.next", "status.tick", "damage.status"]  # step 1 again, step 2 again
    assert [e.kind for e in f.roll_events(2)].count("act.each-roll") == 1  # and step 3 again
    assert len(f.of("act.each-roll")) == f.outcome.rolls  # every throw, the rerolled one too
    assert len(f.of("status.tick")[:2]) == 2
    assert f.of("reroll.next")[0] == {"roll": 2, "rerolled": 1, "first": 3, "second": 4,
                                      "total": 7}  # ruling reroll-counts, default yes
    assert f.of("damage")[0]["amount"] == 2 and f.of("damage")[0]["hp"] == 17
    assert [d["hp"] for d in f.of("damage.status")][:2] == [19, 16]  # the hit stayed


@pytest.mark.rule("reroll.restart.b", "roll.step-3.dice-modifiers.a")
def test_dice_modifiers_do_not_carry_over_a_reroll():
    shifter = cryptid("shifter", 20, 1, on("each-roll", {"modify-total": 1}),
                      on({"total": 3}, {"reroll": True}), on({"total": 7}, {"damage": 1}),
                      on({"total": 8}, {"damage": 4}))
    f = fight([shifter], [cryptid("b", 40, 1, NEVER)], [1, 1, 3, 3])
    # 1 + 1 + 1 = 3 rerolls; the new roll 3 + 3 gets +1 once: 7, not 8
    assert [d["total"] for d in f.of("modify")][:2] == [3, 7]
    assert [d["amount"] for d in f.of("damage")][:1] == [1]


@pytest.mark.rule("roll.step-2.status.b", "effects.damage-over-time")
def test_a_status_applied_during_step_2_first_ticks_on_the_next_roll():
    # low is poisoned at the start; each tick hurts it, it hits back, and the hit poisons it
    # again (2 damage for 1 roll): that new status belongs to the next roll's step 2
    low = cryptid("low", 30, 1, on("hurt", {"damage": 1}), NEVER)
    sting = cryptid("sting", 30, 1, on("battle-start", {"damage-over-time": 1, "rolls": 5}),
                    on("hurt", {"damage-over-time": 2, "rolls": 1}), NEVER)
    battle, events = start([low], [sting], [1, 2, 1, 2])
    battle.begin()
    battle.throw()
    ticks = [e.data["amount"] for e in events if e.kind == "status.tick"]
    assert ticks == [1]
    assert board(battle) == ([("low", 29)], [("sting", 29)])
    battle.throw()
    assert [e.data["amount"] for e in events if e.kind == "status.tick"][1:] == [1, 2]
