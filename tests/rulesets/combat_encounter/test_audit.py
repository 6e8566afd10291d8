"""The audit's points of issue 18: readings settled and what a player is told."""

import pytest

from rulekeeper.core.errors import UsageError
from rulekeeper.core.game import new_game
from tests.rulesets.combat_encounter.helpers import answer, data, kinds, options_of, start

OGRE_DECK = {"encounters.cards": [{"id": "ogre", "name": "Ogre", "text": "Take 5 Damage.",
                                   "effects": [{"damage": 5}]}]}


@pytest.mark.rule("combat.order.ambush.others-quickness-check",
                  "combat.order.ambush.naturals-trigger-rewards")
def test_a_single_other_combatant_makes_no_combat_order_check_and_gets_no_reward():
    game = start([20], options={"players": 3})  # the 20 is p1's Attack Check, not p3's
    assert game.table.state.encounter.order == ["p1", "p2", "p3"]
    assert data(game, "order.alone") == [{"who": "Player 3 (Grub)"}]
    assert data(game, "check.roll") == [] and data(game, "check.reward") == []
    assert game.ruleset.messages.render(next(e for e in game.events if e.kind == "order.alone")) \
        == ("Player 3 (Grub) is the only other Combatant: third in Combat Order, with no Combat Order "
            "Check (there is nobody to contest)")
    answer(game, "attack:p2:weapon-1")
    assert data(game, "check.roll")[0]["natural"] == 20


@pytest.mark.rule("combat.order.challenge.others-quickness-check")
def test_under_a_challenge_a_single_other_combatant_makes_no_check_either():
    game = start([15, 3], options={"players": 3, "start": "challenge"})
    answer(game, "accept")
    assert [d["purpose"] for d in data(game, "check.roll")] == ["Challenge", "Challenge"]
    assert game.table.state.encounter.order == ["p1", "p2", "p3"]
    assert [e.rule for e in game.events if e.kind == "order.alone"] == [
        "combat.order.challenge.others-quickness-check"]


def test_two_other_combatants_still_contest():
    game = start([12, 5], options={"players": 4})
    assert [d["who"] for d in data(game, "check.roll")] == ["Player 3 (Grub)", "Player 4 (Vesper)"]
    assert game.table.state.encounter.order == ["p1", "p2", "p3", "p4"]  # 11 against 9
    assert data(game, "order.alone") == []


@pytest.mark.rule("sample.game.opening-gong")
def test_the_opening_gong_cites_its_own_rule_for_the_order():
    game = start(options={"start": "gong"})
    pair = next(e for e in game.events if e.kind == "order.pair")
    assert (pair.rule, pair.data["why"]) == ("sample.game.opening-gong", "the Opening Gong")
    assert "combat.order.ambush.initiator-first" not in [e.rule for e in game.events]
    ambush = start()
    assert next(e for e in ambush.events if e.kind == "order.pair").rule == \
        "combat.order.ambush.initiator-first"


@pytest.mark.parametrize(("options", "given"), [
    ({"hidden": "p3"}, "hidden"), ({"initiator": "p1"}, "initiator"),
    ({"target": "p3"}, "target"),
    ({"initiator": "p2", "target": "p1", "hidden": "p3"}, "initiator or target or hidden")])
def test_start_random_refuses_the_options_it_draws(options, given):
    with pytest.raises(UsageError) as error:
        new_game("combat-encounter", options={"players": 3, "start": "random", **options})
    message = str(error.value)
    assert "\n" not in message
    assert message.startswith("options: a random start draws the initiating pair and the Hidden "
                              f"Players: it cannot be combined with {given} (")


def test_start_random_alone_and_the_other_starts_with_those_options_still_play():
    game = new_game("combat-encounter", seed=4, options={"players": 3, "start": "random"})
    assert game.record().options["initiator"] is None
    game = new_game("combat-encounter", options={"players": 3, "start": "gong",
                                                 "initiator": "p2", "target": "p3"})
    assert (game.table.state.encounter.initiator, game.table.state.encounter.target) == (
        "p2", "p3")
    assert start().record().options["initiator"] == "p1"  # the defaults are kept in the record


@pytest.mark.rule("combat.attack-check.critical-failure-fails",
                  "combat.attack-check.kaos-on-natural-1-keeps-weapon")
def test_the_natural_1_prompts_say_it_fails_and_that_kaos_only_saves_the_weapon():
    game = start([1], keep=("knight",), ranger__defense=1)  # Final Result 4 against Defense 3
    answer(game, "attack:p2:weapon-1")
    assert game.pending.kind == "reroll"
    assert game.pending.prompt == (
        "melee attack check: natural 1, Final Result 4 against 3: a Critical Failure, it fails "
        "whatever Kaos is spent; Longsword is Dropped unless the 1 is rerolled or Kaos is spent "
        "on it. Reroll?")
    answer(game, "keep")
    assert game.pending.kind == "kaos"
    assert game.pending.prompt.endswith("it fails whatever Kaos is spent; Longsword is Dropped "
                                        "unless the 1 is rerolled or Kaos is spent on it. "
                                        "Spend Kaos?")
    assert [o.label for o in game.pending.options] == [
        "Spend no Kaos (Longsword is Dropped)",
        "Spend 1 Kaos (keeps Longsword; the check fails all the same)"]
    answer(game, "kaos:1")
    assert data(game, "attack.result")[-1]["outcome"] == "critical failure"


def test_under_turns_check_the_natural_1_prompt_says_kaos_can_make_it_hit():
    game = start([1], keep=("knight",), rulings={"kaos-natural-1": "turns-check"},
                 ranger__defense=3)  # Final Result 4 against Defense 5
    answer(game, "attack:p2:weapon-1", "keep")
    assert "a Critical Failure, it fails unless Kaos spent on it reaches the Defense" in \
        game.pending.prompt
    assert [o.label for o in game.pending.options] == [
        "Spend no Kaos (Longsword is Dropped)", "Spend 1 Kaos (Final Result 5, keeps Longsword)"]


def test_with_the_mystic_dagger_the_natural_1_prompt_says_kaos_changes_nothing():
    game = start([1], keep=("knight",))
    answer(game, "attack:p2:dagger-melee", "keep")
    assert game.pending.prompt.endswith(
        "a Critical Failure, it fails whatever Kaos is spent (the Mystic Dagger is never "
        "Dropped). Spend Kaos?")
    assert [o.label for o in game.pending.options] == [
        "Spend no Kaos", "Spend 1 Kaos (changes nothing: the check fails all the same)"]


def test_other_naturals_keep_the_short_prompt():
    game = start([7], keep=("knight",))
    answer(game, "attack:p2:weapon-1")
    assert game.pending.prompt == "melee attack check: natural 7, Final Result 10 against 13. " \
                                  "Reroll?"


@pytest.mark.rule("combat.first-attack.normal-after-first-turn")
def test_a_first_combatant_who_fled_and_died_is_not_said_to_complete_the_first_turn():
    game = start(options={"players": 3}, sets=OGRE_DECK, knight__health=4)
    answer(game, "flee:hall")  # the Ogre's 5 Damage kills Sir Brannock; p2 and p3 fight on
    assert "death" in kinds(game) and game.table.state.encounter.order == ["p2", "p3"]
    assert data(game, "first-attack.over") == []
    assert game.pending.player == "p2" and "attack:p3:weapon-1" in options_of(game)
    fled = start(options={"players": 3}, sets={"encounters.cards": [
        {"id": "quiet", "name": "Quiet Corridor", "text": "-"}]})
    answer(fled, "flee:hall")  # p1 fled and lives: still no longer a Combatant
    assert data(fled, "first-attack.over") == []
    stays = start(options={"players": 3})
    answer(stays, "decline")
    assert data(stays, "first-attack.over") == [{"who": "Player 1 (Sir Brannock)"}]


@pytest.mark.rule("sample.game.setup")
def test_a_hidden_player_gets_one_setup_line_and_the_others_one():
    game = new_game("combat-encounter", options={"players": 3, "hidden": "p3",
                                                 "rooms": "p3=crypt"})
    first_turn = kinds(game).index("turn.begins")
    setup = game.events[:first_turn]
    render = game.ruleset.messages.render
    about_p3 = {seat: [render(e) for e in setup
                       if e.visible_to(seat) and e.data.get("who") in ("Player 3", "Player 3 (Grub)")]
                for seat in ("p1", "p2", "p3")}
    assert about_p3["p3"] == ["Player 3 plays Grub and starts Hidden in Crypt"]
    for seat in ("p1", "p2"):
        assert about_p3[seat] == ["Player 3 plays Grub and starts Hidden (their Room is not "
                                  "shown)"]
    assert game.table.state.players["p3"].statuses == ["hidden"]
