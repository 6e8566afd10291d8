"""The work budget: runaway chains of abilities end (budget.throw, and the engine's ruling
work-budget for a whole battle)."""

import time

import pytest

from rulekeeper.rulesets.cryptids.battle import PER_BATTLE, PER_THROW
from tests.rulesets.cryptids.helpers import cryptid, fight, on, start, teams


def spiky(name, hp=999):
    """Hits on every total; each time it is hurt, it hurts every enemy (a chain that widens)."""
    return cryptid(name, hp, 1, on({"range": [2, 12]}, {"damage": 1}),
                   on("hurt", {"damage": 1, "target": "all-enemies"}))


def grateful(name):
    """Heals itself each roll; each time it is healed, it heals every ally (overheal=allow)."""
    return cryptid(name, 10, 1, on("each-roll", {"heal": 1}),
                   on("healed", {"heal": 1, "target": "all-allies"}))


@pytest.mark.rule("budget.throw")
def test_a_throw_that_spends_its_budget_stops_and_the_battle_goes_on():
    battle, events = start([spiky("a"), spiky("b")], [spiky("c"), spiky("d")], [3, 4, 3, 4])
    battle.begin()
    assert battle.throw() is None
    stop = [e for e in events if e.kind == "budget.throw"]
    assert len(stop) == 1 and stop[0].rule == "budget.throw"
    assert stop[0].data == {"roll": 1, "limit": PER_THROW}
    assert battle.spent == PER_THROW  # the 501st reaction did not happen
    reactions = [e for e in events if e.kind == "act.hurt"]
    assert len(reactions) == PER_THROW and events.index(stop[0]) > events.index(reactions[-1])
    battle.throw()
    assert battle.roll == 2 and battle.spent == 2 * PER_THROW


def out_of_reach(lineups):
    """The teams with 1,000,000,000 HP each (content refuses more than 999: see test_content)."""
    for lineup in lineups:
        for card in lineup.cards:
            card.hp = 10 ** 9
    return lineups


@pytest.mark.rule("budget.throw")
@pytest.mark.timeout(10)
def test_a_widening_chain_of_hurt_reactions_ends():
    # issue 12: hurt reactions that hurt every enemy, two against two
    started = time.process_time()
    f = fight([spiky("a"), spiky("b")], [spiky("c"), spiky("d")], seed=1)
    assert time.process_time() - started < 1.0
    assert f.outcome.reason == "side-empty" and f.outcome.rolls == 4
    assert len(f.of("budget.throw")) == 3  # the first three throws stopped at their budget


@pytest.mark.rule("budget.battle", "core.work-budget")
@pytest.mark.timeout(10)
def test_a_battle_that_spends_its_budget_ends_as_a_tie_or_by_hp():
    # the same at HP 1e9 (as in issue 12): no one dies, the battle's budget ends it
    def battle(**rulings):
        return fight(*out_of_reach(teams([spiky("a"), spiky("b")], [spiky("c"), spiky("d")])),
                     seed=1, **rulings)

    started = time.process_time()
    f = battle(log=False)
    assert time.process_time() - started < 1.0
    assert f.outcome.reason == "work-budget" and f.battle.spent == PER_BATTLE
    assert f.outcome.rolls == PER_BATTLE // PER_THROW
    assert f.outcome.winner is None  # the engine's ruling work-budget: a tie by default
    tie = battle()
    assert tie.outcome == f.outcome
    assert tie.kinds("budget.", "end.", "result.")[-2:] == ["budget.battle", "result.tie"]
    assert [e.rule for e in tie.events if e.kind == "budget.battle"] == ["core.work-budget"]
    assert tie.of("result.tie")[0]["reason"] == "work-budget"
    judged = battle(work_budget="judge")  # the HP left decide
    assert judged.outcome.reason == "work-budget"
    assert judged.kinds("budget.battle", "end.", "result.") == [
        "budget.battle", "end.work-budget", "result." + (judged.outcome.winner or "tie")]
    hp = judged.of("end.work-budget")[0]
    assert (hp["left"], hp["right"]) == judged.outcome.hp
    assert judged.outcome.winner == ("left" if hp["left"] > hp["right"] else "right")


@pytest.mark.rule("budget.battle")
def test_a_battle_resolves_at_most_5000_reactions_and_death_abilities():
    f = fight(*out_of_reach(teams([spiky("a"), spiky("b")], [spiky("c"), spiky("d")])), seed=1,
              log=False)
    assert f.outcome.reason == "work-budget" and f.battle.spent == 5_000
    assert f.outcome.rolls == 10  # 500 a throw


@pytest.mark.rule("budget.battle", "ruling.overheal")
@pytest.mark.timeout(10)
def test_healing_that_heals_every_ally_ends_under_overheal_allow():
    enemy = cryptid("enemy", 10, 1, on({"total": 7}, {"damage": 1}))
    started = time.process_time()
    f = fight([grateful("a"), grateful("b")], [enemy], seed=1, log=False, overheal="allow")
    assert time.process_time() - started < 1.0
    assert f.outcome.reason == "work-budget" and f.outcome.winner is None
    capped = fight([grateful("a"), grateful("b")], [enemy], seed=1, log=False)
    assert capped.battle.spent < 200  # capped healing raises no HP: no chain


@pytest.mark.rule("budget.throw", "triggers.battle-start")
def test_the_start_of_the_battle_has_a_throw_budget():
    opener = cryptid("opener", 999, 9, on("battle-start", {"damage": 1, "target": "all-enemies"}))
    fragile = cryptid("fragile", 1, 1, on("death", {"damage": 1}))
    battle, events = start([opener, spiky("a"), spiky("b")], [spiky("c"), spiky("d"), fragile],
                           [3, 4])
    assert battle.begin() is None
    assert [e.kind for e in events if e.kind.startswith("budget")] == ["budget.start"]
    assert [f.card.id for f in battle.rows[1]] == ["c", "d"]  # fragile left, its death did not act
    assert not [e for e in events if e.kind == "act.death"]
