"""Dropped Weapons and the Recover Dropped Weapon Combat Action."""

import pytest

from rulekeeper.rulesets.combat_encounter.actions import recover_dropped_weapon
from rulekeeper.rulesets.combat_encounter.attack import attack_options
from tests.rulesets.combat_encounter.helpers import (
    answer,
    data,
    kinds,
    options_of,
    player,
    start,
    table,
)

SPARE = {"characters.cards.knight.loadout": {"weapons": ["longsword"], "armor": "chain-mail",
                                             "backpack": ["spear"]}}


def dropped_game(dice=(1,), **kw):
    """p1 rolls a natural 1 with the Longsword: it is Dropped."""
    game = start(list(dice), sets=kw.pop("sets", SPARE), **kw)
    assert "recover:weapon-1" not in options_of(game)
    answer(game, "attack:p2:weapon-1")
    return game


@pytest.mark.rule("combat.dropped-weapon.definition", "combat.dropped-weapon.flip-face-down",
                  "combat.dropped-weapon.stays-in-slot", "combat.dropped-weapon.occupies-slot",
                  "combat.dropped-weapon.not-discarded")
def test_a_dropped_weapon_is_face_down_in_its_slot_which_stays_occupied():
    game = dropped_game()
    knight = player(game, "p1")
    assert knight.slots["weapon-1"] == "longsword" and knight.dropped == {"weapon-1"}
    assert data(game, "weapon.dropped") == [{"who": "Player 1 (Sir Brannock)", "weapon": "Longsword",
                                             "slot": "Weapon Slot 1"}]
    view = game.view("p2")["state"]["players"]["p1"]["weapons"]
    assert view == [{"slot": "weapon-1", "id": "longsword", "name": "Longsword", "mode": "melee",
                     "damage": "1d8", "dropped": True}]
    answer(game, "decline")
    moves = [o for o in options_of(game) if o.startswith(("equip:", "stow:"))]
    # the Spear may go to the empty weapon-2 only; the Dropped Longsword cannot be moved
    assert moves == ["equip:spear:weapon-2", "stow:armor"]


@pytest.mark.rule("combat.recover-weapon.requirement", "combat.recover-weapon.procedure",
                  "combat.recover-weapon.uses-combat-action", "combat.recover-weapon.action-type",
                  "combat.recover-weapon.available-immediately")
def test_recovering_uses_the_combat_action_and_the_weapon_is_back_next_turn():
    game = dropped_game()
    answer(game, "decline")
    assert "recover:weapon-1" in options_of(game)
    answer(game, "recover:weapon-1")
    knight = player(game, "p1")
    assert knight.dropped == set()  # face up at once
    assert data(game, "weapon.recovered")[0]["weapon"] == "Longsword"
    assert game.pending.player == "p2"  # the Combat Action is used
    answer(game, "decline")
    assert "attack:p2:weapon-1" in options_of(game)


@pytest.mark.rule("combat.recover-weapon.no-attack-same-turn", "combat.recover-weapon.available-immediately")
def test_a_recovered_weapon_cannot_attack_in_the_same_combat_turn():
    # Recover Dropped Weapon is the Combat Action, so only another rule could grant an Attack
    # in the same Combat Turn: the options of such an Attack, right after recovering
    game = dropped_game()
    answer(game, "decline")
    knight, encounter = player(game, "p1"), game.table.state.encounter
    assert encounter.current == "p1"
    recover_dropped_weapon(table(game), encounter, "p1", "weapon-1")
    assert knight.dropped == set()
    assert [o.key for o in attack_options(table(game), knight, encounter)] == [
        "dagger-melee", "dagger-ranged"]


@pytest.mark.rule("combat.recover-weapon.procedure", "combat.recover-weapon.requirement")
def test_recover_flips_only_the_chosen_dropped_weapon():
    # Wren rolls a natural 1 with her Short Bow, then (with the 1 Kaos it gave her unspent) with
    # her Hand Axe: both are Dropped; she recovers the Hand Axe only
    game = start([1, 1])
    answer(game, "decline", "attack:p1:weapon-1", "decline", "attack:p1:weapon-2", "kaos:0",
           "decline")
    assert player(game, "p2").dropped == {"weapon-1", "weapon-2"}
    assert [o for o in options_of(game) if o.startswith("recover:")] == [
        "recover:weapon-1", "recover:weapon-2"]
    answer(game, "recover:weapon-2")
    assert player(game, "p2").dropped == {"weapon-1"}
    assert data(game, "weapon.recovered") == [{"who": "Player 2 (Wren)", "weapon": "Hand Axe",
                                               "slot": "Weapon Slot 2"}]


@pytest.mark.rule("combat.dropped-weapon.restored-at-end", "combat.dropped-weapon.restore-face-up",
                  "combat.end.restore-dropped-weapons")
def test_dropped_weapons_are_restored_face_up_when_combat_ends():
    game = dropped_game(dice=(1,), sets={})
    answer(game, "flee:hall")  # p2 flees: one Combatant remains
    assert data(game, "weapon.restored") == [{"who": "Player 1 (Sir Brannock)", "weapon": "Longsword",
                                              "slot": "Weapon Slot 1"}]
    assert kinds(game).index("combat.ends") < kinds(game).index("weapon.restored")
    assert player(game, "p1").dropped == set() and player(game, "p1").slots["weapon-1"] == "longsword"


@pytest.mark.rule("combat.dropped-weapon.restored-at-end", "combat.end.restore-dropped-weapons")
def test_a_weapon_dropped_by_a_combatant_who_left_is_restored_too():
    # p1 drops its Longsword and then flees; p2 and p3 fight on until p3 flees
    game = start([1], options={"players": 3})
    answer(game, "attack:p2:weapon-1", "decline", "decline", "flee:hall")
    assert player(game, "p1").dropped == {"weapon-1"} and game.table.state.encounter
    answer(game, "decline", "flee:hall")
    assert player(game, "p1").dropped == set()
    assert [d["who"] for d in data(game, "weapon.restored")] == ["Player 1 (Sir Brannock)"]


@pytest.mark.rule("combat.dropped-weapon.not-loot", "sample.loot.loot")
def test_a_dropped_weapon_is_not_loot():
    # p2 drops its Short Bow, then p1 kills p2 (p3, elsewhere, survives: no Victory yet);
    # the Loot Opportunity offers only the Backpack
    game = start([1, 15, 8], options={"players": 3, "rooms": "p3=hall"}, ranger__health=1)
    answer(game, "decline", "attack:p1:weapon-1")
    assert player(game, "p2").dropped == {"weapon-1"}
    answer(game, "attack:p2:weapon-1")
    assert game.pending.kind == "loot"
    assert options_of(game) == ["none", "take:amulet-of-warding"]
    assert data(game, "loot.opportunity")[0]["not_loot"] == ["Short Bow"]
