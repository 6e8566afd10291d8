"""combat-encounter's older versions play as they did (core/versions.py; history.py)."""

import pytest

from rulekeeper.core.game import new_game, replay
from tests.rulesets.combat_encounter.helpers import data, start


@pytest.mark.rule("combat.ruling.lone-order-check")
def test_a_lone_combatant_rolls_its_order_check_under_rolled_and_wins_its_reward():
    game = start([20], options={"players": 3}, rulings={"lone-order-check": "rolled"})
    assert data(game, "order.alone") == []
    assert [(d["who"], d["natural"]) for d in data(game, "check.roll")] == [("Player 3 (Grub)", 20)]
    assert [d["who"] for d in data(game, "check.reward")] == ["Player 3 (Grub)"]
    assert game.table.state.encounter.order == ["p1", "p2", "p3"]
    assert start([20], options={"players": 3}).table.rulings["lone-order-check"] == "none"


def test_versions_1_and_2_pin_the_rolled_check_and_tell_the_older_way():
    old = start([20], options={"players": 3, "start": "gong"}, ruleset="combat-encounter-v2")
    assert old.record().rulings["lone-order-check"] == "rolled"
    assert data(old, "check.reward") != []
    pair = next(e for e in old.events if e.kind == "order.pair")
    assert pair.rule == "combat.order.ambush.initiator-first"  # version 3: the Gong's own rule
    hidden = {"players": 4, "hidden": ["p4"]}
    old = start([12, 5], options=hidden, ruleset="combat-encounter-v2")
    assert [d["status"] for d in data(old, "status.gained")] == ["Hidden"]
    assert data(old, "setup.hidden.own") == []
    new = start([12, 5], options=hidden)
    assert data(new, "status.gained") == [] and len(data(new, "setup.hidden.own")) == 1


def test_a_version_1_record_of_a_random_start_holds_the_defaults_it_ignored():
    game = new_game("combat-encounter-v2", seed=4, options={"players": 3, "start": "random"})
    record = game.record().model_dump(mode="json")
    record["options"].update(initiator="p1", target="p2")  # as version 1 and 2 recorded it
    assert replay(record).events == game.events


def test_version_1_offers_every_amount_of_kaos_held():
    """p1 (the knight) holds 12 Kaos and rolls a 2 against p2's Defense."""
    sets = {"characters.cards.knight.kaos": 12, "characters.cards.knight.rerolls": 0}
    old = start([2], keep=("knight",), sets=sets, ruleset="combat-encounter-v1")
    new = start([2], keep=("knight",), sets=sets)
    for game in (old, new):
        game.step("attack:p2:weapon-1")
    assert old.pending is not None and new.pending is not None
    assert [o.id for o in old.pending.options] == [f"kaos:{n}" for n in range(13)]
    assert len(new.pending.options) < 13
