"""Disengage and Flee: leaving Combat to an adjacent Room."""

import pytest

from tests.rulesets.combat_encounter.helpers import answer, data, kinds, options_of, player, start

IN_HALL = {"rooms": "p1=hall,p2=hall,p3=hall"}  # the Great Hall borders the Jelly Pit
OGRE_DECK = {"encounters.cards": [{"id": "ogre", "name": "Ogre", "text": "Take 5 Damage.",
                                   "effects": [{"damage": 5}]}]}
QUIET_DECK = {"encounters.cards": [{"id": "quiet", "name": "Quiet Corridor", "text": "-"}]}


@pytest.mark.rule("combat.disengage.cost", "combat.disengage.adjacent-room", "combat.disengage.procedure",
                  "combat.disengage.action-type", "combat.disengage.not-move-action",
                  "combat.disengage.no-perception-check", "combat.disengage.no-random-encounter",
                  "combat.combatants.leave.c", "combat.summary.disengage",
                  "combat.variables.disengage-cost", "combat.variables.lookup")
def test_disengage_spends_the_cost_moves_and_leaves_combat_with_no_check_or_encounter():
    game = start(options={"players": 3}, knight__kaos=3)
    disengages = [o for o in options_of(game) if o.startswith("disengage:")]
    assert disengages == ["disengage:hall", "disengage:armory"]  # the Entrance's neighbours
    answer(game, "disengage:armory")
    knight = player(game, "p1")
    assert (knight.kaos, knight.room) == (1, "armory")
    assert game.table.state.encounter.order == ["p2", "p3"]
    assert data(game, "combat.leaves")[0]["how"] == "disengaged"
    assert not data(game, "encounter.drawn")
    assert data(game, "check.roll") == []  # no Perception Check (and p3 alone needs no order)
    assert game.table.state.actions_left == 1  # not a Move Action: no Turn Action spent
    assert game.pending.player == "p2"


@pytest.mark.rule("combat.disengage.cannot-afford.a", "combat.disengage.cannot-afford.b",
                  "combat.variables.lookup", "combat.disengage.cost")
@pytest.mark.parametrize("cost, kaos, offered", [(2, 1, False), (2, 2, True), (1, 1, True),
                                                 (3, 2, False)])
def test_disengage_needs_the_disengage_cost_and_flee_is_always_there(cost, kaos, offered):
    game = start(knight__kaos=kaos, sets={"variables.DISENGAGE_COST": cost})
    ids = options_of(game)
    assert any(o.startswith("disengage:") for o in ids) == offered
    assert {"flee:hall", "flee:armory"} <= set(ids)
    if offered:
        answer(game, "disengage:hall")
        assert player(game, "p1").kaos == kaos - cost
        assert data(game, "disengage")[0]["kaos"] == cost


@pytest.mark.rule("combat.disengage.jelly-cube", "combat.disengage.end-of-turn-consequences",
                  "sample.game.jelly-cube-end-of-turn")
def test_disengaging_into_a_jelly_cube_room_hurts_at_the_end_of_ones_own_turn():
    game = start([10], options={"players": 3, **IN_HALL}, knight__kaos=2)
    answer(game, "disengage:jelly-pit")
    assert player(game, "p1").room == "jelly-pit" and player(game, "p1").health == 12
    answer(game, "flee:crypt")  # p2 flees: p3 alone, Combat ends; p1's Player Turn continues
    assert game.pending.player == "p1" and game.pending.kind == "turn-action"
    assert player(game, "p1").health == 12  # Combat Turns are not Player Turns
    answer(game, "end-turn")
    assert data(game, "damage.other")[-1] == {"who": "Player 1 (Sir Brannock)", "amount": 1,
                                               "source": "the Jelly Cube", "health": 11}


@pytest.mark.rule("combat.flee.procedure", "combat.flee.action-type", "combat.flee.adjacent-room",
                  "combat.flee.not-move-action", "combat.flee.no-perception-check",
                  "combat.flee.draws-random-encounter", "combat.flee.random-encounter-ref",
                  "combat.combatants.leave.d", "combat.summary.flee", "sample.random-encounters.deck")
def test_flee_moves_leaves_pauses_and_draws_one_random_encounter():
    game = start(options={"players": 3}, sets=QUIET_DECK)
    assert [o for o in options_of(game) if o.startswith("flee:")] == ["flee:hall", "flee:armory"]
    answer(game, "flee:hall")
    assert player(game, "p1").room == "hall"
    seq = [k for k in kinds(game) if k in ("flee", "combat.leaves", "order.removed", "combat.paused",
                                           "encounter.drawn", "encounter.resolved",
                                           "combat.resumes")]
    assert seq == ["flee", "combat.leaves", "order.removed", "combat.paused", "encounter.drawn",
                   "encounter.resolved", "combat.resumes"]
    assert data(game, "encounter.drawn")[0]["card"] == "Quiet Corridor"
    assert data(game, "check.roll") == []  # no Perception Check (and p3 alone needs no order)
    assert game.table.state.actions_left == 1
    assert game.table.state.discard == ["quiet"]


@pytest.mark.rule("combat.flee.jelly-cube", "combat.flee.end-of-turn-consequences")
def test_fleeing_into_a_jelly_cube_room_is_allowed_and_hurts_later():
    game = start([10], options={"players": 3, **IN_HALL}, sets=QUIET_DECK)
    assert "flee:jelly-pit" in options_of(game)
    answer(game, "flee:jelly-pit", "flee:crypt")
    answer(game, "end-turn")
    assert player(game, "p1").health == 11


@pytest.mark.rule("combat.end-condition.flee-delay", "combat.flee.procedure")
def test_the_end_check_waits_for_the_fleeing_combatants_random_encounter():
    game = start(sets=QUIET_DECK)
    answer(game, "flee:hall")  # one Combatant remains, but the Random Encounter comes first
    seq = kinds(game)
    assert seq.index("encounter.resolved") < seq.index("combat.ends")


@pytest.mark.rule("combat.flee.procedure", "sample.death.death-process", "sample.game.victory-checks.a",
                  "combat.turn.victory-ends-game")
def test_a_deadly_random_encounter_is_resolved_before_combat_goes_on():
    game = start(knight__health=5, sets=OGRE_DECK)
    answer(game, "flee:hall")  # the Ogre kills p1: p2 is the last Surviving Player
    assert game.over and game.result.winner == "p2"
    seq = kinds(game)
    assert seq[-3:] == ["damage.other", "death", "victory"]
    assert "combat.ends" not in seq
    assert not data(game, "loot.opportunity")  # not Combat Damage


@pytest.mark.rule("combat.ruling.flee-next", "combat.flee.procedure")
@pytest.mark.parametrize("ruling, resumes", [("follower", "p3"), ("first", "p1")])
def test_after_a_flee_combat_resumes_as_the_ruling_says(ruling, resumes):
    game = start([15, 5], options={"players": 4}, rulings={"flee-next": ruling}, sets=QUIET_DECK)
    assert game.table.state.encounter.order == ["p1", "p2", "p3", "p4"]
    answer(game, "decline", "flee:hall")
    assert game.pending.player == resumes
    assert data(game, "combat.resumes") == [{"who": game.table.state.players[resumes].label}]
