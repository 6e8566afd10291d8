"""How a Combat Encounter begins: initiation, Combat Room, initiating pair, Combatants."""

import pytest

from rulekeeper.rulesets.combat_encounter.death import leave_combat
from tests.rulesets.combat_encounter.helpers import (
    answer,
    data,
    kinds,
    options_of,
    player,
    rules,
    start,
    table,
)


def five_players(dice=(), **kw):
    """p1 Ambushes p2 in the Entrance; p3 is there too (the only other Combatant: no Combat
    Order Check), p4 is there but Hidden, p5 is in the Great Hall."""
    return start(dice, options={"players": 5, "hidden": "p4", "rooms": "p5=hall"}, **kw)


@pytest.mark.rule("combat.overview.initiation.a", "sample.actions.ambush",
                  "combat.initiation.ambush-initiator", "combat.initiation.initiating-player",
                  "combat.initiation.primary-target", "combat.combatants.initiator",
                  "combat.combatants.primary-target", "combat.first-attack.identify-pair",
                  "combat.summary.combat-encounter")
def test_an_ambush_begins_a_combat_encounter_with_the_ambusher_and_the_target():
    game = start()
    assert data(game, "ambush") == [{"who": "Player 1 (Sir Brannock)", "target": "Player 2 (Wren)"}]
    assert data(game, "combat.begins")[0]["by"] == "ambush"
    assert data(game, "combat.initiator") == [{"who": "Player 1 (Sir Brannock)"}]
    assert data(game, "combat.target") == [{"who": "Player 2 (Wren)"}]
    encounter = game.table.state.encounter
    assert (encounter.initiator, encounter.target) == ("p1", "p2")
    assert encounter.order == ["p1", "p2"]
    assert not [k for k in kinds(game) if k.startswith("check.")]  # an Ambush makes no Check


@pytest.mark.rule("combat.overview.initiation.b", "combat.initiation.challenge-initiator",
                  "sample.actions.challenge", "combat.summary.combat-encounter")
def test_only_an_accepted_challenge_begins_a_combat_encounter():
    game = start(options={"start": "challenge"})
    assert game.pending.player == "p2" and game.pending.kind == "challenge-response"
    answer(game, "decline")
    assert game.table.state.encounter is None and not data(game, "combat.begins")
    # the Challenge used p1's Turn Action; p1 has one left
    assert game.pending.player == "p1" and game.pending.kind == "turn-action"
    assert game.table.state.actions_left == 1
    game = start([5, 12], options={"start": "challenge"})
    answer(game, "accept")
    assert data(game, "combat.begins")[0]["by"] == "challenge"
    assert data(game, "combat.initiator") == [{"who": "Player 1 (Sir Brannock)"}]  # though p1 lost
    assert game.table.state.encounter.order == ["p2", "p1"]


@pytest.mark.rule("combat.overview.initiation.c", "combat.initiation.other-rule-initiator",
                  "sample.game.opening-gong", "combat.end.outside-turn")
def test_another_rule_initiates_combat_outside_any_player_turn():
    game = start([2, 1], options={"start": "gong", "players": 3, "initiator": "p2",
                                  "target": "p3"})
    assert data(game, "gong") == [{"who": "Player 2 (Wren)", "target": "Player 3 (Grub)"}]
    assert data(game, "combat.begins")[0] == {"by": "gong", "interrupted": "no Player Turn"}
    assert game.table.state.encounter.order[:2] == ["p2", "p3"]
    assert "turn.begins" not in kinds(game)
    # p2 flees (a Quiet Corridor or worse), p3 and p1 remain; p3 flees: Combat ends and gameplay
    # resumes with the first Player Turn of Turn Order, p1's
    answer(game, "flee:hall")
    while game.pending.kind != "turn-action":
        answer(game, next(o for o in options_of(game) if o.startswith("flee:")))
    assert data(game, "gameplay.resumes") == [{"who": "Player 1 (Sir Brannock)"}]
    assert kinds(game).index("combat.removed") < kinds(game).index("gameplay.resumes") < \
        kinds(game).index("turn.begins")
    assert game.pending.player == "p1"


@pytest.mark.rule("combat.initiation.sequence", "combat.encounter.in-a-room",
                  "combat.encounter.combat-room", "combat.combat-room.definition",
                  "combat.initiation.combat-room-of-initiator")
def test_the_initiation_sequence_runs_in_order():
    game = five_players()
    sequence = [k for k in kinds(game) if k.startswith(("combat.", "order."))]
    assert sequence[:9] == ["combat.begins", "combat.room", "combat.initiator", "combat.target",
                            "combat.combatants", "combat.hidden", "order.pair", "order.alone",
                            "order.set"]
    assert sequence[9] == "combat.turn"
    assert data(game, "combat.room") == [{"room": "Entrance"}]
    assert game.table.state.encounter.room == player(game, "p1").room == "entrance"


@pytest.mark.rule("combat.combatants.others-in-room", "combat.combatants.hidden-excluded",
                  "combat.combat-room.portrait-required", "combat.encounter.portrait-position",
                  "combat.combatants.definition", "combat.summary.combatants")
def test_combatants_are_the_pair_and_the_other_non_hidden_players_in_the_room():
    game = five_players()
    assert game.table.state.encounter.order == ["p1", "p2", "p3"]
    assert data(game, "combat.hidden") == [{"who": "Player 4 (Vesper)", "room": "Entrance"}]
    # p5's Portrait is elsewhere: not a Combatant, never a target
    assert not [o for o in options_of(game) if "p5" in o or "p4" in o]


@pytest.mark.rule("combat.combatants.initiator", "sample.actions.hide")
def test_a_hidden_initiator_becomes_a_combatant_and_is_no_longer_hidden():
    # an Ambusher's Hidden ends when its Player Turn begins, so the Opening Gong (no Player
    # Turn) is the way a Hidden Player initiates Combat; p3 stays Hidden and out of Combat
    game = start(options={"start": "gong", "players": 3, "hidden": "p1,p3"})
    assert "turn.begins" not in kinds(game)
    assert game.table.state.encounter.order == ["p1", "p2"]
    assert "hidden" not in player(game, "p1").statuses
    assert player(game, "p3").statuses == ["hidden"]
    lost = kinds(game).index("status.lost")
    assert kinds(game).index("combat.target") < lost < kinds(game).index("combat.combatants")
    assert data(game, "status.lost") == [{"who": "Player 1 (Sir Brannock)", "status": "Hidden"}]


@pytest.mark.rule("combat.encounter.definition", "combat.combat-room.fixed-at-start",
                  "combat.combat-room.combatants-stay", "combat.combatants.stop-on-leave",
                  "combat.combatants.leave.d")
def test_the_combat_room_stays_fixed_and_combatants_stay_until_they_leave():
    game = five_players()
    encounter = game.table.state.encounter
    assert len(encounter.order) >= 2
    answer(game, "flee:hall")  # p1 flees to the Great Hall
    assert encounter.room == "entrance" and player(game, "p1").room == "hall"
    assert "p1" not in encounter.order
    assert all(player(game, s).room == "entrance" for s in encounter.order)
    assert game.table.state.encounter is encounter  # two Combatants remain: Combat goes on


@pytest.mark.rule("combat.combatants.leave.b", "combat.combatants.leave.e",
                  "combat.combatants.stop-on-leave")
def test_falling_final_death_or_removal_by_a_rule_takes_a_combatant_out():
    # the sample has no Player Fall, Final Death or removing rule: the engine's hook is used
    for how in ("fell", "final-death", "removed"):
        game = five_players()
        leave_combat(table(game), "p3", how, "combat.combatants.leave.e")
        assert game.table.state.encounter.order == ["p1", "p2"]
        assert data(game, "combat.leaves")[-1]["how"] == how
        assert rules(game)[-1] == "combat.order.remove-leaver"


@pytest.mark.rule("combat.initiation.combat-room-of-initiator", "combat.encounter.combat-room",
                  "combat.encounter.in-a-room",
                  "combat.combat-room.definition", "combat.combat-room.portrait-required",
                  "combat.encounter.portrait-position")
def test_the_combat_room_is_the_initiators_room_wherever_it_is():
    # the pair's Portraits are in the Great Hall, p3's in the start Room (the Entrance)
    game = start(options={"players": 3, "rooms": "p1=hall,p2=hall"})
    encounter = game.table.state.encounter
    assert encounter.room == "hall" and data(game, "combat.room") == [{"room": "Great Hall"}]
    assert encounter.order == ["p1", "p2"]  # p3 is not in the Combat Room
    assert sorted(o for o in options_of(game) if o.startswith("flee:")) == [
        "flee:crypt", "flee:entrance", "flee:jelly-pit"]  # the Great Hall's neighbours
