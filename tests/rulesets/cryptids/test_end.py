"""Winning the battle ("Gagner le combat") and sudden death."""

import pytest

from rulekeeper.rulesets.cryptids.ruleset import result
from tests.rulesets.cryptids.helpers import board, cryptid, fight, on

NEVER = on({"total": 13}, {"damage": 1})
MEND = on({"total": 13}, {"heal": 1})  # no damage at all


@pytest.mark.rule("end.simultaneous-draw")
def test_both_sides_emptied_together_is_a_tie():
    a = cryptid("a", 1, 1, on("battle-start", {"damage-over-time": 1, "rolls": 3}), NEVER)
    f = fight([a], [a], [3, 4])
    assert f.outcome.winner is None and f.outcome.reason == "both-empty"
    assert f.outcome.rolls == 1 and f.kinds("result.") == ["result.tie"]


@pytest.mark.rule("end.limit.a", "end.limit.c")
def test_at_36_rolls_the_higher_total_hp_wins():
    strong = cryptid("strong", 50, 1, NEVER)
    weak = [cryptid("w1", 20, 1, NEVER), cryptid("w2", 20, 1, NEVER)]
    f = fight([strong], weak, seed=3, no_damage_possible="never")
    assert f.outcome.rolls == 36 and f.outcome.reason == "roll-cap"
    assert f.of("end.roll-cap")[0] == {"roll": 36, "left": 50, "right": 40}
    assert f.outcome.winner == "left" and f.outcome.hp == (50, 40)


@pytest.mark.rule("end.side-empty", "end.limit.a")
def test_a_side_emptied_on_roll_36_loses_it_is_not_decided_by_hp():
    a = cryptid("a", 5, 1, on({"total": 7}, {"damage": 9}))
    b = cryptid("b", 9, 1, NEVER)
    f = fight([a], [b], [1, 2] * 35 + [3, 4])
    assert f.outcome.rolls == 36
    assert f.outcome.reason == "side-empty" and f.outcome.winner == "left"
    assert not f.of("end.roll-cap")


@pytest.mark.rule("end.limit.a", "ruling.reroll-counts")
def test_a_reroll_asked_on_roll_36_ends_the_battle_by_hp():
    storm = cryptid("storm", 900, 1, on({"total": 2}, {"reroll": True}))
    foe = cryptid("foe", 800, 1, NEVER)
    f = fight([storm], [foe], [1, 2] * 35 + [1, 1], no_damage_possible="never")
    assert f.of("reroll.cap") == [{"roll": 36}] and not f.of("reroll.next")
    assert f.outcome.rolls == 36 and f.outcome.reason == "roll-cap"
    assert f.outcome.winner == "left" and f.battle.rng.draws == 72


@pytest.mark.rule("end.limit.c")
def test_the_hp_that_count_are_those_remaining():
    opener = cryptid("opener", 30, 1, on("battle-start", {"damage": 25}), NEVER)
    big = cryptid("big", 50, 1, NEVER)
    f = fight([opener], [big], seed=3, no_damage_possible="never")
    assert f.outcome.reason == "roll-cap" and f.outcome.hp == (30, 25)
    assert f.outcome.winner == "left"  # 30 remaining against 25, whatever the maximum


@pytest.mark.rule("end.limit.b", "end.limit.c", "ruling.no-damage-possible")
def test_when_neither_side_can_deal_damage_hp_decide():
    f = fight([cryptid("a", 5, 1, MEND)], [cryptid("b", 7, 1, MEND)], seed=1)
    assert f.outcome.rolls == 1 and f.outcome.reason == "no-damage"
    assert f.outcome.winner == "right"
    assert f.of("end.no-damage")[0] == {"roll": 1, "left": 5, "right": 7}


@pytest.mark.rule("ruling.no-damage-possible")
def test_no_damage_possible_counts_statuses_and_summons():
    # a poisoned side can still be damaged: the battle goes on until the status wears off
    poison = cryptid("p", 9, 1, on("battle-start", {"damage-over-time": 1, "rolls": 3},
                                   {"summon": "tok"}))  # spent after the start
    tok = cryptid("tok", 1, 0, MEND, tier="token")
    f = fight([cryptid("a", 9, 1, MEND)], [poison], extra=[tok], seed=2)
    assert f.outcome.reason == "no-damage" and f.outcome.rolls == 3
    summoner = cryptid("s", 9, 1, on({"total": 12}, {"summon": "biter"}))
    biter = cryptid("biter", 1, 0, on({"total": 7}, {"damage": 1}), tier="token")
    g = fight([summoner], [cryptid("b", 99, 1, MEND)], [3, 4] * 3, extra=[biter], seed=2)
    assert g.outcome.reason != "no-damage"  # summoning a damage dealer can deal damage
    assert g.outcome.rolls > 3


@pytest.mark.rule("ruling.no-damage-possible")
def test_no_damage_possible_can_be_switched_off():
    f = fight([cryptid("a", 5, 1, MEND)], [cryptid("b", 7, 1, MEND)], seed=1,
              no_damage_possible="never")
    assert f.outcome.rolls == 36 and f.outcome.reason == "roll-cap"
    assert f.outcome.winner == "right"


@pytest.mark.rule("end.hp-tie-draw")
def test_equal_hp_is_a_tie():
    f = fight([cryptid("a", 6, 1, MEND)], [cryptid("b", 6, 1, MEND)], seed=1)
    assert f.outcome.winner is None and f.outcome.reason == "no-damage"
    assert f.kinds("result.") == ["result.tie"]


@pytest.mark.rule("end.draw.a", "end.draw.b")
def test_a_tie_costs_no_life_and_is_no_win():
    tie = result(fight([cryptid("a", 6, 1, MEND)], [cryptid("b", 6, 1, MEND)], seed=1).outcome)
    assert tie.winner is None
    assert tie.metrics["lives-lost.left"] == tie.metrics["lives-lost.right"] == 0
    assert tie.metrics["wins.left"] == tie.metrics["wins.right"] == 0
    loss = result(fight([cryptid("a", 6, 1, MEND)], [cryptid("b", 7, 1, MEND)], seed=1).outcome)
    assert loss.metrics["lives-lost.left"] == 1 and loss.metrics["lives-lost.right"] == 0
    assert loss.metrics["wins.right"] == 1 and loss.metrics["wins.left"] == 0


@pytest.mark.rule("sudden-death.start", "sudden-death.bonus.a", "sudden-death.bonus.b",
                  "ruling.sudden-death")
def test_sudden_death_adds_a_growing_bonus_from_roll_16():
    a = cryptid("a", 500, 1, on("each-roll", {"damage": 1}))
    f = fight([a], [cryptid("b", 500, 1, NEVER)], seed=4)
    dealt = [d["amount"] for d in f.of("damage")]
    assert dealt[:15] == [1] * 15
    assert dealt[15:21] == [2, 3, 4, 5, 6, 7]  # +(roll - 15), growing to the end
    assert dealt[35] == 22
    assert [d["bonus"] for d in f.of("sudden-death.bonus")][:2] == [1, 2]
    assert not f.of("act.strike")


@pytest.mark.rule("sudden-death.bonus.a", "roll.step-2.status.b", "effects.buff")
def test_the_bonus_reaches_reactions_but_not_statuses():
    a = cryptid("a", 500, 2, on("each-roll", {"damage": 1}))
    b = cryptid("b", 500, 1, on("battle-start", {"damage-over-time": 1, "rolls": 36},
                                {"buff-attack": 3}),
                on("hurt", {"damage": 1, "target": "attacker"}))
    f = fight([a], [b], seed=4)
    for roll, bonus in ((1, 0), (15, 0), (16, 1), (20, 5), (36, 21)):
        events = f.roll_events(roll)
        ticks = [e.data["amount"] for e in events if e.kind == "damage.status"]
        hits = [(e.data["who"]["en"], e.data["amount"]) for e in events if e.kind == "damage"]
        assert ticks == [1], roll  # a status is no cryptid: no attack, no sudden death bonus
        assert hits == [("A", 1 + bonus), ("B", 1 + 3 + bonus)], roll


@pytest.mark.rule("ruling.sudden-death")
def test_sudden_death_strike_makes_every_cryptid_strike():
    quiet = cryptid("quiet", 500, 1, NEVER)
    f = fight([quiet], [cryptid("b", 500, 1, NEVER)], seed=4, sudden_death="strike")
    strikes = f.of("act.strike")
    assert len(strikes) == 2 * 21  # both cryptids, rolls 16 to 36
    assert [d["amount"] for d in f.of("damage")][:4] == [1, 1, 2, 2]
    assert f.outcome.hp == (500 - 231, 500 - 231) and f.outcome.winner is None


@pytest.mark.rule("ruling.sudden-death", "targeting.single.highest-threat")
@pytest.mark.parametrize("log", [True, False])
def test_a_strike_hits_the_default_target(log):
    quiet = cryptid("quiet", 500, 1, NEVER)
    low, high = cryptid("low", 500, 1, NEVER), cryptid("high", 500, 5, NEVER)
    f = fight([quiet], [low, high], seed=4, sudden_death="strike", log=log)
    assert board(f.battle) == ([("quiet", 500 - 2 * 231)], [("low", 500), ("high", 500 - 231)])


@pytest.mark.rule("ruling.sudden-death", "roll.step-5.chain.a")
def test_a_cryptid_brought_to_zero_during_its_turn_does_not_strike():
    # roll 16 (total 7): A hits Thorny for 1 + 1, whose thorns bring A to 0 before its strike
    a = cryptid("a", 2, 5, on({"total": 7}, {"damage": 1}))
    thorny = cryptid("thorny", 20, 1, on("hurt", {"damage": 1, "target": "attacker"}))
    f = fight([a], [thorny], [1, 2] * 15 + [3, 4], sudden_death="strike")
    assert f.outcome.rolls == 16 and f.outcome.winner == "right"
    assert not f.of("act.strike")
    assert board(f.battle) == ([], [("thorny", 18)])


@pytest.mark.rule("ruling.no-damage-possible", "ruling.sudden-death")
def test_under_strike_every_side_can_deal_damage():
    f = fight([cryptid("a", 5, 1, MEND)], [cryptid("b", 7, 1, MEND)], seed=1,
              sudden_death="strike")
    assert f.outcome.reason == "side-empty" and f.outcome.rolls == 18  # strikes of 1, 2, 3
    assert f.outcome.winner == "right"


# -- "aucun camp ne peut infliger de dégâts à l'autre", as exactly as the board tells ----------

def ends_without_damage(left, right, dice=(), **rulings):
    f = fight(left, right, list(dice), seed=4, **rulings)
    return f.outcome.reason == "no-damage" and f.outcome.rolls == 1


@pytest.mark.rule("end.limit.b", "ruling.no-damage-possible")
def test_an_ability_on_a_total_the_dice_cannot_make_deals_no_damage():
    foe = cryptid("b", 9, 1, MEND)
    assert ends_without_damage([cryptid("a", 9, 1, NEVER)], [foe])  # 13: two dice cannot
    # every roll's total one higher: 13 can happen, and 2 cannot
    plus = on("each-roll", {"modify-total": 1})
    assert not ends_without_damage([cryptid("a", 9, 1, plus, NEVER)], [foe])
    two = on({"total": 2}, {"damage": 1})
    assert ends_without_damage([cryptid("a", 9, 1, plus, two)], [foe])
    assert not ends_without_damage([cryptid("a", 9, 1, two)], [foe])
    # a cryptid that changes the total may be summoned: every total counts then
    adder = cryptid("adder", 3, 0, plus, tier="token")
    caller = cryptid("c", 9, 1, on("doubles", {"summon": "adder"}), NEVER)
    assert fight([caller], [foe], [3, 4], seed=4, extra=[adder]).outcome.reason != "no-damage"


@pytest.mark.rule("end.limit.b", "ruling.no-damage-possible", "triggers.reactions")
def test_a_reaction_to_damage_nobody_can_deal_deals_no_damage():
    spite = on("hurt", {"damage": 2, "target": "attacker"})
    sting = on("ally-hurt", {"damage": 2})
    assert ends_without_damage([cryptid("a", 9, 1, spite), cryptid("a2", 9, 1, sting)],
                               [cryptid("b", 9, 1, spite)])
    biter = cryptid("b", 9, 1, spite, on({"total": 7}, {"damage": 1}))
    assert not ends_without_damage([cryptid("a", 9, 1, spite)], [biter], [1, 2])
    # healed reactions count when their side can heal
    glad = cryptid("glad", 9, 1, on("healed", {"damage": 2}))
    healer = cryptid("healer", 9, 1, on("odd", {"heal": 1, "target": "all-allies"}))
    assert ends_without_damage([glad], [cryptid("b", 9, 1, MEND)])
    assert not ends_without_damage([glad, healer], [cryptid("b", 9, 1, MEND)], [1, 2])


@pytest.mark.rule("end.limit.b", "ruling.no-damage-possible", "effects.summon")
def test_a_summon_counts_by_what_it_brings_and_when_it_can_happen():
    foe = cryptid("b", 99, 1, MEND)
    biter = cryptid("biter", 1, 0, on({"total": 7}, {"damage": 1}), tier="token")
    meek = cryptid("meek", 1, 0, on("hurt", {"damage": 1}), tier="token")
    for when, summoned, ends in [(12, "biter", False), (13, "biter", True), (12, "meek", True)]:
        summoner = cryptid("s", 9, 1, on({"total": when}, {"summon": summoned}))
        f = fight([summoner], [foe], [1, 2], seed=2, extra=[biter, meek])
        assert (f.outcome.reason == "no-damage" and f.outcome.rolls == 1) == ends, when


@pytest.mark.rule("end.limit.b", "ruling.no-damage-possible", "reroll.restart.a")
@pytest.mark.parametrize("counts", ["yes", "no"])
def test_a_battle_whose_every_roll_is_rerolled_ends_when_no_damage_is_possible(counts):
    storm = cryptid("storm", 9, 1, on({"range": [2, 12]}, {"reroll": True}))
    f = fight([storm], [cryptid("b", 7, 1, MEND)], seed=1, reroll_counts=counts)
    assert f.outcome.reason == "no-damage" and f.outcome.rolls == 1 and f.outcome.rerolls == 1
    assert f.kinds("reroll", "end.") == ["reroll", "end.no-damage"]
    assert f.outcome.winner == "left"  # 9 HP against 7
    never = fight([storm], [cryptid("b", 7, 1, MEND)], seed=1, reroll_counts=counts,
                  no_damage_possible="never")
    assert never.outcome.reason == "roll-cap" and never.outcome.rolls == 36


@pytest.mark.rule("end.limit.b", "ruling.no-damage-possible", "ruling.deaths-on-reroll")
def test_a_death_still_to_come_counts():
    # roll 1: the status brings the victim to 0 HP, then the storm rerolls: the victim stays
    # on the board (deaths-on-reroll stay) and its death may deal damage at the next step 6
    poisoner = cryptid("poisoner", 9, 1, on("battle-start", {"damage-over-time": 1, "rolls": 1}))
    storm = cryptid("storm", 9, 1, on({"range": [2, 12]}, {"reroll": True}))
    vengeful = cryptid("victim", 1, 5, on("death", {"damage": 3}))
    meek = cryptid("victim", 1, 5, on("death", {"heal": 1}))
    going_on = fight([poisoner, storm], [vengeful, cryptid("b", 9, 1, MEND)], seed=1)
    assert going_on.outcome.reason == "roll-cap" and going_on.outcome.rolls == 36
    ended = fight([poisoner, storm], [meek, cryptid("b", 9, 1, MEND)], seed=1)
    assert ended.outcome.reason == "no-damage" and ended.outcome.rolls == 1


# -- a reroll on the 36th roll (ruling last-reroll) ---------------------------------------------

@pytest.mark.rule("ruling.last-reroll", "end.limit.a")
@pytest.mark.parametrize("option,winner,reason", [("end", "left", "roll-cap"),
                                                  ("deaths", "right", "roll-cap")])
def test_a_reroll_on_the_last_roll_handles_its_deaths_by_ruling(option, winner, reason):
    # roll 36: the killer brings the victim to 0 HP, then the storm asks for a reroll
    killer = cryptid("killer", 30, 9, on({"total": 2}, {"damage": 5}))
    storm = cryptid("storm", 20, 5, on({"total": 2}, {"reroll": True}))
    victim = cryptid("victim", 5, 8, on("death", {"damage": 15}))
    f = fight([killer, storm], [victim, cryptid("big", 40, 1, MEND)], [1, 2] * 35 + [1, 1],
              last_reroll=option)
    assert f.of("reroll.cap") == [{"roll": 36}]
    assert (f.outcome.winner, f.outcome.reason, f.outcome.rolls) == (winner, reason, 36)
    hp = f.of("end.roll-cap")[0]
    # the victim's death hits the killer for 15 + 21 (sudden death at roll 36): it falls too
    assert (hp["left"], hp["right"]) == ((50, 40) if option == "end" else (20, 40))
    assert bool(f.of("death")) == (option == "deaths")


@pytest.mark.rule("ruling.last-reroll", "end.side-empty")
def test_a_side_emptied_by_the_deaths_of_the_last_roll_loses():
    killer = cryptid("killer", 30, 9, on({"total": 2}, {"damage": 5}))
    storm = cryptid("storm", 20, 5, on({"total": 2}, {"reroll": True}))
    victim = cryptid("victim", 5, 8, MEND)
    f = fight([killer, storm], [victim], [1, 2] * 35 + [1, 1], last_reroll="deaths")
    assert (f.outcome.winner, f.outcome.reason) == ("left", "side-empty")
