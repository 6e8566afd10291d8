"""The First Attack Target restriction and when it lapses."""

import pytest

from rulekeeper.rulesets.combat_encounter.attack import attack_targets
from tests.rulesets.combat_encounter.helpers import answer, data, options_of, start


def targets(game):
    return sorted({o.split(":")[1] for o in options_of(game) if o.startswith("attack:")})


@pytest.mark.rule("combat.first-attack.initiating-pair-only", "combat.attack.first-attack-restriction", "combat.summary.first-attack-target", "combat.first-attack.all-attack-sources",
                  "combat.first-attack.initiator-targets-primary",
                  "combat.first-attack.normal-after-first-turn")
def test_the_ambusher_may_first_attack_only_the_primary_target():
    game = start([8], options={"players": 3})
    assert game.table.state.encounter.order == ["p1", "p2", "p3"]
    assert targets(game) == ["p2"]
    # every Attack is built from the same target list
    assert attack_targets(game.table.state.encounter, "p1") == ["p2"]
    answer(game, "decline")
    assert data(game, "first-attack.over") == [{"who": "Player 1 (Sir Brannock)"}]
    assert targets(game) == ["p1", "p3"]  # p2 was never restricted
    answer(game, "decline", "decline")
    assert game.pending.player == "p1" and targets(game) == ["p2", "p3"]


@pytest.mark.rule("combat.first-attack.initiating-pair-only", "combat.attack.first-attack-restriction", "combat.summary.first-attack-target", "combat.first-attack.all-attack-sources",
                  "combat.first-attack.target-targets-initiator")
def test_a_primary_target_who_goes_first_may_only_attack_the_initiator():
    # Challenge: p1 2 - 1 = 1 loses to p2 10 + 3 = 13; p3's Combat Order Check 8
    game = start([2, 10, 8], options={"players": 3, "start": "challenge"})
    answer(game, "accept")
    assert game.table.state.encounter.order == ["p2", "p1", "p3"]
    assert game.pending.player == "p2" and targets(game) == ["p1"]


@pytest.mark.rule("combat.first-attack.not-forced")
def test_the_restriction_does_not_force_an_attack():
    game = start([8], options={"players": 3})
    assert {"decline", "flee:hall"} <= set(options_of(game))
    answer(game, "flee:hall")
    assert game.table.state.encounter.order == ["p2", "p3"]


@pytest.mark.rule("combat.first-attack.lapses-if-target-gone")
def test_the_restriction_lapses_when_the_required_target_is_gone():
    game = start([8], options={"players": 3})
    encounter = game.table.state.encounter
    encounter.order.remove("p2")  # as if p2 had left Combat before p1's Attack
    assert attack_targets(encounter, "p1") == ["p3"]
