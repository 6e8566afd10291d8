"""Move, opportunity attacks and withdraw."""

import pytest

from rulekeeper.rulesets.dire_alliance import actions
from rulekeeper.rulesets.dire_alliance.movement import withdraw

from .helpers import deal, drive, events, fighter, place, start, table


@pytest.mark.rule("battle.action.move.a", "battle.action.basic")
def test_move_goes_into_an_adjacent_area():
    game = start()
    place(game, red_empyreal="crossroads")
    t = table(game)
    ids = [i for i, _ in actions.options(t, fighter(game, "red.empyreal"))]
    assert sorted(i[5:] for i in ids if i.startswith("move:")) == sorted(
        t.board.neighbours("crossroads"))
    assert {i.split(":")[0] for i in ids} == {"special", "move", "focus"}
    drive(actions.perform(t, fighter(game, "red.empyreal"), "move:cairn"))
    assert fighter(game, "red.empyreal").area == "cairn"
    assert events(game, "move")[0]["destination"] == "Stone Cairn"


@pytest.mark.rule("battle.action.move.b", "battle.opportunity-attack.trigger",
                  "battle.opportunity-attack.order", "battle.opportunity-attack.free",
                  "battle.opportunity-attack.normal-steps")
def test_ready_enemies_in_the_area_left_may_attack_in_their_controllers_order():
    # the Mourner then the Butcher attack the leaving Devoted; both miss
    game = start(dice=["blank", "blank", "blank", "blank", "blank"])
    place(game, red_devoted="crossroads", blue_butcher="crossroads", blue_mourner="crossroads")
    t = table(game)
    discard_before = list(t.sides["blue"].discard)
    _, asked = drive(actions.perform(t, fighter(game, "red.devoted"), "move:hanging-tree"),
                     "blue.mourner", "blue.butcher")
    assert [d.player for d in asked] == ["blue", "blue"]
    assert set(asked[0].ids) == {"blue.mourner", "blue.butcher", "none"}
    assert asked[0].rule == "battle.opportunity-attack.order"
    assert [e["attacker"] for e in events(game, "opportunity")] == ["Mourner", "Butcher"]
    assert [e["dice"] for e in events(game, "attack")] == [1, 3]  # melee values: free Melee
    assert fighter(game, "red.devoted").area == "hanging-tree"
    assert t.sides["blue"].discard == discard_before  # no card played for them
    # the controller may decline
    game = start()
    place(game, red_devoted="crossroads", blue_butcher="crossroads")
    drive(actions.perform(table(game), fighter(game, "red.devoted"), "move:cairn"), "none")
    assert not events(game, "attack") and events(game, "opportunity.declined")


@pytest.mark.rule("battle.opportunity-attack.stunned",
                  "battle.status.stunned-prevents.opportunity-attacks")
def test_a_stunned_enemy_makes_no_opportunity_attack():
    game = start()
    place(game, red_devoted="crossroads", blue_butcher="crossroads")
    fighter(game, "blue.butcher").stunned = True
    _, asked = drive(actions.perform(table(game), fighter(game, "red.devoted"), "move:cairn"))
    assert asked == [] and fighter(game, "red.devoted").area == "cairn"


@pytest.mark.rule("battle.opportunity-attack.stops.a", "battle.opportunity-attack.stops.b",
                  "battle.opportunity-attack.normal-steps")
def test_damaged_and_stunned_by_an_opportunity_attack_it_finishes_the_move_and_stops():
    # Empyreal's Blood Frenzy: Move, then Melee. The Butcher's opportunity attack hits.
    game = start(dice=["HIT", "HIT", "HIT", "blank", "blank"])
    place(game, red_empyreal="crossroads", blue_butcher="crossroads", blue_mourner="cairn")
    t = table(game)
    drive(actions.perform(t, fighter(game, "red.empyreal"), "special"),
          "cairn", "blue.butcher")
    empyreal = fighter(game, "red.empyreal")
    assert empyreal.area == "cairn" and empyreal.stunned
    # the normal attack steps: a hit, one damage (a card to the graveyard), then the stun
    assert [e["target"] for e in events(game, "hit")] == ["Empyreal"]
    assert t.sides["red"].graveyard == ["empyreal"]
    assert events(game, "stunned")[0]["fighter"] == "Empyreal"
    assert events(game, "move.stops") and events(game, "effect.stopped")
    assert len(events(game, "attack")) == 1  # the Melee of the special action never happens


@pytest.mark.rule("battle.action.move.c", "battle.withdraw.move",
                  "battle.withdraw.no-opportunity-attacks")
def test_withdraw_moves_without_opportunity_attacks():
    game = start()
    place(game, red_devoted="crossroads", blue_butcher="crossroads")
    withdraw(table(game), fighter(game, "red.devoted"), "cairn")
    assert fighter(game, "red.devoted").area == "cairn" and not events(game, "opportunity")
    # the Devoted's special action withdraws after its sate: no decision for blue
    game = start()
    place(game, red_devoted="crossroads", red_empyreal="crossroads", blue_butcher="crossroads")
    _, asked = drive(actions.perform(table(game), fighter(game, "red.devoted"), "special"),
                     "hanging-tree")
    assert [d.player for d in asked] == ["red"] and fighter(game, "red.empyreal").sated
    # into an adjacent area (or it may stay)
    assert sorted(asked[0].ids) == sorted([*table(game).board.neighbours("crossroads"), "stay"])
    assert fighter(game, "red.devoted").area == "hanging-tree"


def test_a_mover_defeated_by_an_opportunity_attack_does_not_move():
    game = start(dice=["HIT", "HIT", "HIT", "blank"])
    place(game, red_devoted="crossroads", blue_butcher="crossroads")
    deal(game, "red", hand=["empyreal"], graveyard=["devoted", "devoted"])
    drive(actions.perform(table(game), fighter(game, "red.devoted"), "move:cairn"),
          "blue.butcher")
    devoted = fighter(game, "red.devoted")
    assert devoted.defeated and devoted.area is None and not events(game, "move")


@pytest.mark.rule("battle.opportunity-attack.order", "battle.suffer-damage.defeated")
def test_no_more_opportunity_attacks_once_the_mover_is_defeated():
    # the Butcher's opportunity attack defeats the Devoted: the Mourner is not asked
    game = start(dice=["HIT", "HIT", "HIT", "blank"])
    place(game, red_devoted="crossroads", blue_butcher="crossroads", blue_mourner="crossroads")
    deal(game, "red", hand=["empyreal"], graveyard=["devoted", "devoted"])
    _, asked = drive(actions.perform(table(game), fighter(game, "red.devoted"), "move:cairn"),
                     "blue.butcher")
    assert [d.kind for d in asked] == ["opportunity-attack"]
    assert fighter(game, "red.devoted").defeated
    assert [e["attacker"] for e in events(game, "opportunity")] == ["Butcher"]
    assert len(events(game, "attack")) == 1
