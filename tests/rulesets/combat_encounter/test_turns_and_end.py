"""Combat Turns, Death during Combat, Victory, the end of a Combat Encounter and what resumes."""

import pytest

from rulekeeper.core import registry
from rulekeeper.core.rules_index import load_rules
from rulekeeper.core.ruleset import GameOver
from rulekeeper.rulesets.combat_encounter.death import victory_check
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

THIRD_AWAY = {"players": 3, "rooms": "p3=hall"}  # p3 survives elsewhere: no Victory at once
QUIET_DECK = {"encounters.cards": [{"id": "quiet", "name": "Quiet Corridor", "text": "-"}]}


def between(game, first, last):
    seq = kinds(game)
    return seq[seq.index(first):seq.index(last) + 1]


@pytest.mark.rule("combat.turn.standard-combat-actions", "combat.turn.actions.b", "combat.turn.actions.a",
                  "combat.turn.free-actions-rules", "sample.actions.free-actions",
                  "combat.summary.combat-turn", "combat.turn.definition")
def test_a_combat_turn_offers_free_actions_and_one_combat_action():
    game = start([1], knight__kaos=2)
    answer(game, "attack:p2:weapon-1", "kaos:0", "decline")  # p1 drops its Longsword
    kinds_offered = {o.split(":")[0] for o in options_of(game)}
    assert kinds_offered == {"attack", "recover", "disengage", "flee", "stow", "decline"}
    answer(game, "stow:armor")  # a Free Action: the Combat Action is still to choose
    assert game.pending.player == "p1" and game.pending.kind == "combat-action"
    assert not [o for o in options_of(game) if o.startswith(("stow:", "equip:"))]  # once
    assert rules(game)[-1] == "combat.turn.actions.a"
    answer(game, "decline")
    assert game.pending.player == "p2"
    assert [d["turn"] for d in data(game, "combat.turn")] == [1, 2, 3, 4]


@pytest.mark.rule("combat.turn.may-decline")
def test_a_combatant_may_decline():
    game = start()
    answer(game, "decline")
    assert data(game, "combat.declined") == [{"who": "Player 1 (Sir Brannock)"}]
    assert game.pending.player == "p2" and player(game, "p2").health == 10


@pytest.mark.rule("combat.turn.not-player-turn", "combat.turn.player-turn-unaffected",
                  "combat.overview.interrupts-gameplay", "combat.encounter.pauses-gameplay",
                  "combat.encounter.fully-resolved", "sample.game.combat-encounters",
                  "combat.end.resume-interrupted", "combat.end.active-player-continues",
                  "sample.game.jelly-cube-end-of-turn")
def test_combat_interrupts_the_player_turn_which_then_continues():
    game = start(options={"rooms": "p1=jelly-pit,p2=jelly-pit"})
    answer(game, "decline", "decline", "decline", "flee:hall")
    assert game.table.state.active == "p1"
    assert between(game, "combat.begins", "combat.removed").count("turn.begins") == 0
    assert "damage.other" not in kinds(game)  # four Combat Turns in the Jelly Pit: no Damage
    assert kinds(game)[-2:] == ["combat.removed", "turn.continues"]
    assert data(game, "turn.continues") == [{"who": "Player 1 (Sir Brannock)", "actions": 1}]
    assert game.pending.player == "p1" and game.pending.kind == "turn-action"
    answer(game, "end-turn")
    assert data(game, "damage.other")[0]["who"] == "Player 1 (Sir Brannock)"
    # p2 fought and fled; it still takes its own Player Turn
    assert game.pending.player == "p2" and data(game, "turn.begins")[-1]["who"] == "Player 2 (Wren)"


@pytest.mark.rule("combat.combatants.leave.a", "combat.overview.loot-opportunity",
                  "sample.death.combat-death-loot-opportunity", "sample.loot.management-window",
                  "combat.ruling.sample-death", "sample.death.death-process",
                  "combat.turn.victory-check-after-death", "combat.turn.resume-if-condition",
                  "combat.end-condition.check-points", "combat.end-condition.ends-immediately")
def test_a_combat_death_gives_the_killer_a_loot_opportunity_then_combat_ends():
    game = start([15, 7], options=THIRD_AWAY)
    answer(game, "attack:p2:weapon-1")  # 7 + 3 = 10: Wren dies
    wren = player(game, "p2")
    assert not wren.alive and wren.room is None and "p2" not in game.table.state.encounter.order
    assert game.pending.kind == "loot" and game.pending.player == "p1"
    assert options_of(game) == ["none", "take:amulet-of-warding"]
    answer(game, "take:amulet-of-warding")
    assert game.pending.kind == "loot-equip"
    assert options_of(game)[0] == "done"
    answer(game, "done")
    assert "amulet-of-warding" in player(game, "p1").backpack and wren.backpack == []
    seq = between(game, "death.triggered", "combat.ends")
    assert seq == ["death.triggered", "death", "combat.leaves", "order.removed",
                   "loot.opportunity", "loot.taken", "loot.closed", "combat.ends"]
    assert game.table.state.encounter is None


@pytest.mark.rule("combat.ruling.sample-death")
def test_without_loot_a_combat_death_is_only_a_death():
    game = start([15, 7], options=THIRD_AWAY, rulings={"sample-death": "no-loot"})
    answer(game, "attack:p2:weapon-1")
    assert not data(game, "loot.opportunity") and not player(game, "p2").alive
    assert game.pending.kind == "turn-action"


@pytest.mark.rule("sample.loot.management-window", "sample.actions.free-actions")
def test_the_loot_window_lets_each_item_move_once():
    # Wren carries a Spear in her Backpack; Sir Brannock takes it and equips it
    game = start([15, 7], options=THIRD_AWAY,
                 sets={"characters.cards.ranger.loadout.backpack": ["spear"]})
    answer(game, "attack:p2:weapon-1", "take:spear")
    assert "equip:spear:weapon-2" in options_of(game)
    answer(game, "equip:spear:weapon-2")
    assert player(game, "p1").slots["weapon-2"] == "spear"
    assert "stow:weapon-2" not in options_of(game)  # the Spear has moved once already
    answer(game, "done")
    assert data(game, "loot.closed")


@pytest.mark.rule("combat.turn.victory-ends-game", "sample.game.victory-checks.a",
                  "combat.turn.victory-check-after-death", "sample.game.surviving-player",
                  "sample.death.combat-death-loot-opportunity")
def test_victory_ends_the_game_at_once():
    game = start([15, 7])
    answer(game, "attack:p2:weapon-1")
    assert game.over and game.result.winner == "p1" and game.result.reason == "last-survivor"
    assert kinds(game)[-1] == "victory"
    assert "loot.opportunity" not in kinds(game) and "combat.ends" not in kinds(game)


@pytest.mark.rule("sample.game.victory-checks.b", "sample.game.surviving-player")
def test_no_surviving_player_ends_the_game_without_a_winner():
    game = start()
    for p in game.table.state.players.values():
        p.alive = False
    with pytest.raises(GameOver) as over:
        victory_check(table(game))
    assert over.value.winner is None and over.value.reason == "no-survivor"
    game = start(options={"players": 3})
    player(game, "p3").alive = False
    victory_check(table(game))  # two Surviving Players: the game goes on


@pytest.mark.rule("combat.end.active-player-turn-ends", "combat.turn.fallen-not-zombie",
                  "combat.end.turn-order-positions", "sample.game.turn-order")
def test_an_initiator_who_dies_ends_their_turn_and_is_skipped_later():
    game = start([5, 15, 2], options=THIRD_AWAY, knight__health=3)
    answer(game, "attack:p2:weapon-1", "attack:p1:weapon-2", "none", "done")
    assert not player(game, "p1").alive
    assert data(game, "turn.ended") == [{"who": "Player 1 (Sir Brannock)"}]
    assert "turn.continues" not in kinds(game)
    assert game.pending.player == "p2" and game.pending.kind == "turn-action"
    answer(game, "end-turn", "end-turn")
    assert data(game, "turn.skipped") == [{"who": "Player 1 (Sir Brannock)"}]
    # the dead Player never comes back into any Combat
    assert all("p1" not in o for o in options_of(game))


@pytest.mark.rule("combat.end-condition.continues", "combat.turn.resume-if-condition",
                  "combat.end-condition.check-points", "combat.turn.fully-resolved")
def test_combat_goes_on_while_two_combatants_remain():
    game = start([15, 5, 15, 8], options={"players": 5, "rooms": "p5=hall"}, sets=QUIET_DECK)
    order = game.table.state.encounter.order
    assert order == ["p1", "p2", "p3", "p4"]
    answer(game, "attack:p2:weapon-1")  # 8 + 3 = 11 > 10: Wren dies; p1 loots nothing
    answer(game, "none", "done")
    assert game.table.state.encounter.order == ["p1", "p3", "p4"]
    assert game.pending.player == "p3"  # Combat resumed with the next Combatant
    # p1's Combat Turn (with the Death and the Loot Opportunity) ended before p3's began
    after_death = kinds(game)[kinds(game).index("death"):]
    closed = after_death.index("loot.closed")
    assert "combat.turn" not in after_death[:closed]
    assert after_death[closed + 1:] == ["first-attack.over", "combat.turn"]
    answer(game, "flee:hall")  # exactly two Combatants remain: Combat goes on with p4
    encounter = game.table.state.encounter
    assert encounter is not None and encounter.order == ["p1", "p4"]
    assert game.pending.player == "p4" and game.pending.kind == "combat-action"
    answer(game, "decline")
    assert game.pending.player == "p1" and game.pending.kind == "combat-action"


@pytest.mark.rule("combat.end-condition.end", "combat.end-condition.ends-immediately",
                  "combat.end.remove-state", "combat.summary.end", "combat.end-condition.check-points")
def test_combat_ends_as_soon_as_fewer_than_two_combatants_remain():
    game = start(knight__kaos=2)
    answer(game, "disengage:hall")
    seq = kinds(game)
    assert seq[seq.index("order.removed") + 1] == "combat.ends"
    assert "combat.turn" not in seq[seq.index("disengage"):]
    assert game.table.state.encounter is None
    assert game.view("p1")["state"]["encounter"] is None
    assert data(game, "combat.ends") == [{"remaining": ["Player 2 (Wren)"]}]


@pytest.mark.rule("combat.attack-check.contextual-label")
def test_an_attack_check_is_recorded_as_a_stat_check_with_an_attack_context():
    game = start([10, 4])
    answer(game, "attack:p2:weapon-1")
    roll = next(e for e in game.events if e.kind == "check.roll")
    assert (roll.data["stat"], roll.data["purpose"]) == ("brawn", "melee attack")
    assert roll.rule == "combat.melee-attack.check-brawn"


@pytest.mark.rule("combat.overview.scope")
def test_the_rule_index_covers_every_topic_the_text_defines():
    sections = {e.section for e in load_rules(registry.load("combat-encounter").rules_files)}
    for topic in ("COMBAT_ENCOUNTER", "COMBAT_TURN", "ATTACK", "ATTACK_CHECK", "CALCULATE_DEFENSE",
                  "DAMAGE_CALCULATION", "DROPPED_WEAPONS", "DISENGAGE", "FLEE",
                  "END_OF_COMBAT_ENCOUNTER", "RECOVER_DROPPED_WEAPON"):
        assert f"06_COMBAT_ENCOUNTER > {topic}" in sections
