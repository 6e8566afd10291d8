"""Control, Interact, special actions and their vocabulary, the leaders' special rules."""

import pytest

from rulekeeper.core.game import new_game
from rulekeeper.core.ruleset import GameOver
from rulekeeper.rulesets.dire_alliance import actions, special
from rulekeeper.rulesets.dire_alliance import battle as flow

from .helpers import battle, deal, drive, events, fighter, place, start, table


def options(game, fighter_id, **kw):
    return [i for i, _ in actions.options(table(game), fighter(game, fighter_id), **kw)]


@pytest.mark.rule("battle.action.control", "battle.status.stunned-prevents.control")
def test_control_claims_an_enemy_objective_unless_a_ready_enemy_is_there():
    game = start()
    place(game, red_empyreal="marsh", blue_butcher="marsh")
    assert "control:marsh-site" not in options(game, "red.empyreal")
    fighter(game, "blue.butcher").stunned = True  # a stunned enemy does not block
    assert "control:marsh-site" in options(game, "red.empyreal")
    place(game, red_devoted="old-mill")  # its own objective: nothing to claim
    assert not [i for i in options(game, "red.devoted") if i.startswith("control")]
    drive(actions.perform(table(game), fighter(game, "red.empyreal"), "control:marsh-site"))
    t = table(game)
    assert t.sides["red"].claimed == ["marsh-site"]
    assert t.objectives["marsh-site"].claimed_by == "red"
    assert "control:marsh-site" not in options(game, "red.empyreal")


@pytest.mark.rule("battle.overview.winner", "battle.game.goal", "battle.game.end.a",
                  "battle.game.end.b", "battle.round.beaten-path-win")
def test_the_third_objective_ends_the_game_at_once():
    game = start()
    t = table(game)
    card = game.pending.ids[0]  # red's first playable card; its fighter stands on an objective
    mover = next(f for f in t.fighters.values() if f.card == card and f.side == "red")
    place(game, **{mover.id.replace(".", "_"): "cairn"})
    for site in ("marsh-site", "lych-gate-site"):
        t.objectives[site].claimed_by = "red"
        t.sides["red"].claimed.append(site)
    game.step(card)
    game.step(game.pending.ids[-1] if game.pending.kind == "play-card" else game.pending.ids[0])
    if game.pending.kind == "activate":
        game.step(mover.id)
    game.step("control:cairn-site")
    assert game.over and game.result.winner == "red" and game.result.reason == "objectives"
    assert events(game)[-1]["kind"] == "won"
    assert t.sides["red"].play  # immediately: the other played card was never resolved
    assert game.result.metrics["red_objectives"] == 1


@pytest.mark.rule("battle.action.interact.a", "battle.action.interact.b",
                  "battle.sample.standing-stones.interact", "battle.round.other-scenarios",
                  "battle.scenario.sheet")
def test_interact_takes_a_ritual_stone_in_the_standing_stones():
    game = start(scenario="standing-stones")
    b = battle(game)
    interact = b.scenario.interact
    place(game, red_devoted="crossroads", blue_butcher="crossroads")
    assert "interact" not in options(game, "red.devoted", interact=interact)
    fighter(game, "blue.butcher").stunned = True
    assert "interact" in options(game, "red.devoted", interact=interact)
    assert "interact" not in options(start(), "red.devoted")  # Beaten Path has no Interact
    drive(actions.perform(table(game), fighter(game, "red.devoted"), "interact", interact))
    assert table(game).sites["crossroads-stone"].holder == "red"
    assert events(game, "mark")[0]["site"] == "Centre Stone"
    # a sheet may give the Interact action to certain fighters only
    game = new_game("dire-alliance-battle", "standing-stones",
                    content_set={"scenarios.standing-stones.interact.fighters": ["devoted"]})
    interact = battle(game).scenario.interact
    place(game, red_devoted="well", red_empyreal="well")
    assert "interact" in options(game, "red.devoted", interact=interact)
    assert "interact" not in options(game, "red.empyreal", interact=interact)


@pytest.mark.rule("battle.sample.standing-stones.goal", "battle.sample.round-limit",
                  "battle.round.other-scenarios")
def test_holding_every_stone_wins_and_the_limit_counts_stones_then_objectives():
    game = start(scenario="standing-stones")
    t = table(game)
    t.sites["well-stone"].holder = "blue"
    t.sites["witch-hollow-stone"].holder = "blue"
    place(game, blue_butcher="crossroads")
    with pytest.raises(GameOver) as over:
        drive(actions.perform(t, fighter(game, "blue.butcher"), "interact",
                              battle(game).scenario.interact))
    assert (over.value.winner, over.value.reason) == ("blue", "sites")
    t.sites["crossroads-stone"].holder = "red"
    assert flow.at_limit(battle(game))[0] == "blue"  # 2 stones to 1
    t.sites["well-stone"].holder = None
    t.sides["blue"].claimed.append("bog-site")
    assert flow.at_limit(battle(game))[0] == "blue"  # stones tied, more objectives
    t.sides["blue"].claimed.clear()
    assert flow.at_limit(battle(game)) == (None, "a draw")


@pytest.mark.rule("battle.sample.round-limit")
def test_at_the_limit_the_first_criterion_decides_though_the_next_favours_the_other():
    # The Standing Stones read stones, then objectives: more stones win against more objectives
    game = start(scenario="standing-stones")
    t = table(game)
    t.sites["well-stone"].holder = "blue"
    t.sites["witch-hollow-stone"].holder = "blue"
    t.sites["crossroads-stone"].holder = "red"
    t.sides["red"].claimed.append("bog-site")
    assert flow.at_limit(battle(game))[0] == "blue"


@pytest.mark.rule("battle.sample.round-limit", "battle.game.rounds")
def test_a_game_at_its_round_limit_ends_in_a_draw_without_objectives():
    game = new_game("dire-alliance-battle", content_set={"scenarios.beaten-path.round_limit": 1})
    while not game.over:
        decision = game.pending
        game.step("pass" if "pass" in decision.ids else "keep" if "keep" in decision.ids
                  else decision.ids[0])
    assert game.result.reason == "round-limit" and game.result.winner is None
    assert game.result.rounds == 1 and events(game, "limit")


@pytest.mark.rule("battle.action.special.definition", "battle.action.special.name",
                  "battle.action.one-per-activation", "battle.action.discard-card",
                  "battle.fighter.active")
def test_an_activation_is_one_action_then_the_card_is_discarded():
    game = start()
    b = battle(game)
    deal(game, "red", hand=["empyreal", "empyreal", "devoted", "hypnotist"])
    _, asked = drive(flow.take_turn(b, "red", "aggressor", 1), "empyreal", "empyreal",
                     "focus:red.empyreal", "move:bog")
    action = asked[2]
    assert action.options[0].id == "special"
    assert action.options[0].label.startswith("➤ Blood Frenzy")
    assert [d.kind for d in asked] == ["play-card"] * 2 + ["action"] * 2  # one action each
    assert len(events(game, "activate")) == 2
    assert [e["rule"] for e in events(game, "discard.played")] == [
        "battle.action.discard-card"] * 2
    assert table(game).sides["red"].discard.count("empyreal") == 4  # 2 played + 2 gained


@pytest.mark.rule("battle.status.forced-actions.a", "battle.status.forced-actions.b",
                  "battle.sample.leader.kramer", "battle.status.stunned")
def test_kramer_card_activates_both_and_galvanize_makes_a_stunned_rutger_fight():
    game = start(dice=["HIT", "HIT", "HIT", "HIT", "blank", "blank"])
    b = battle(game)
    b.aggressor = "blue"
    deal(game, "blue", hand=["kramer", "butcher", "caretaker", "mourner"])
    place(game, blue_kramer="crossroads", blue_rutger="cairn", red_empyreal="cairn")
    rutger = fighter(game, "blue.rutger")
    rutger.stunned = True
    galvanize = fighter(game, "blue.kramer").form.special.effects[0]
    # only Rutger can perform a Melee (an enemy in his area): not Kramer, not the others
    assert special.commanded(b, fighter(game, "blue.kramer"), galvanize, None) == [rutger]
    _, asked = drive(flow.take_turn(b, "blue", "aggressor", 1), "kramer", "butcher",
                     "blue.kramer", "special", "blue.butcher", "pass", "pass")
    assert not [d for d in asked if d.kind == "target"]  # one fighter to choose: not asked
    activate = next(d for d in asked if d.kind == "activate")
    assert set(activate.ids) == {"blue.kramer", "blue.rutger", "blue.butcher"}
    assert events(game, "command")[0]["target"] == "Rutger"
    assert events(game, "attack")[0]["attacker"] == "Rutger"  # 4 dice, stunned or not
    assert rutger.stunned  # it stays stunned until it is activated
    # damage to Rutger loses a Dr. Kramer card
    deal(game, "blue", hand=["kramer", "caretaker"])
    drive(table(game).suffer_damage(rutger, "battle.attack.deal-damage"))
    assert table(game).sides["blue"].graveyard == ["kramer"]


RETURN_TO_THE_COFFIN = {"leaders.countess.fighters.countess.special": {
    "name": "Return to the Coffin", "text": "You are placed in your coffin's area, then heal twice.",
    "effects": [{"teleport": "coffin"}, {"heal": 2}]}}
"""The Countess's special before the balance pass (docs/tuning.md): the teleport verb's test."""


@pytest.mark.rule("battle.sample.leader.countess")
def test_the_countess_starts_in_her_coffin_and_blood_mist_carries_her_one_area_sated():
    game = start()
    t = table(game)
    countess = fighter(game, "red.countess")
    assert t.tokens[("red", "coffin")] == "red-camp" == countess.area and not countess.sated
    _, asked = drive(actions.perform(t, countess, "special"), "hanging-tree")
    assert [d.kind for d in asked] == ["area"]
    assert countess.area == "hanging-tree" and countess.sated


@pytest.mark.rule("battle.sample.vocabulary")
def test_teleport_takes_the_countess_back_to_her_coffin_where_she_heals():
    game = new_game("dire-alliance-battle", content_set=RETURN_TO_THE_COFFIN)
    t = table(game)
    assert t.tokens[("red", "coffin")] == "red-camp" == fighter(game, "red.countess").area
    place(game, red_countess="crossroads")
    deal(game, "red", graveyard=["countess", "countess"], hand=["empyreal"])
    drive(actions.perform(t, fighter(game, "red.countess"), "special"), "heal", "heal")
    assert fighter(game, "red.countess").area == "red-camp"
    assert t.sides["red"].graveyard == [] and t.sides["red"].discard.count("countess") == 2


@pytest.mark.rule("battle.sample.leader.ellis")
def test_ellis_takes_his_wolf_form_and_reverts_when_damaged():
    game = start(blue_leader="ellis", dice=["HIT", "HIT", "HIT", "HIT", "blank", "blank"])
    place(game, blue_ellis="cairn", red_empyreal="crossroads", red_devoted="crossroads")
    t = table(game)
    ellis = fighter(game, "blue.ellis")
    # Shed the Skin: the wolf form, a withdraw into the Crossroads, then two cards gained
    supply = t.sides["blue"].supply["ellis"]
    _, asked = drive(actions.perform(t, ellis, "special"), "crossroads")
    assert [d.kind for d in asked] == ["area"]
    assert ellis.form.id == "wolf" and ellis.form.melee == 4 and ellis.area == "crossroads"
    assert t.sides["blue"].supply["ellis"] == supply - 2
    assert "➤ Pounce" in dict(actions.options(t, ellis))["special"]
    drive(actions.perform(t, ellis, "melee:red.devoted"))
    assert events(game, "attack")[-1]["dice"] == 4
    deal(game, "blue", hand=["ellis", "butcher"])
    drive(t.suffer_damage(ellis, "battle.attack.deal-damage"))
    assert ellis.form.id == "ellis" and ellis.form.melee == 2 and events(game, "form.revert")


@pytest.mark.rule("battle.sample.leader.hush")
def test_mister_hush_cannot_be_shot():
    game = start(red_leader="hush")
    place(game, red_hush="hanging-tree", red_devoted="hanging-tree", blue_mourner="crossroads")
    shots = [i for i in options(game, "blue.mourner") if i.startswith("shoot")]
    assert shots == ["shoot:red.devoted"]


@pytest.mark.rule("battle.sample.vocabulary")
def test_push_pull_stun_sate_ready_and_skipped_effects():
    # Unbroken's Shoulder Charge: Move, then push an enemy in its area
    game = start()
    place(game, red_unbroken="hanging-tree", blue_butcher="crossroads")
    t = table(game)
    _, asked = drive(actions.perform(t, fighter(game, "red.unbroken"), "special"), "crossroads",
                     "cairn")
    assert fighter(game, "blue.butcher").area == "cairn" and events(game, "push")
    assert sorted(asked[-1].ids) == sorted(t.board.neighbours("crossroads"))
    # Hypnotist's Mesmerize: pull an adjacent seen enemy into its area, then stun it
    place(game, red_hypnotist="crossroads", blue_mourner="hanging-tree")
    drive(actions.perform(t, fighter(game, "red.hypnotist"), "special"), "blue.mourner")
    mourner = fighter(game, "blue.mourner")
    assert mourner.area == "crossroads" and mourner.stunned
    # the Caretaker heals (no card in the graveyard) then readies a friendly fighter here
    place(game, blue_caretaker="crossroads")
    drive(actions.perform(t, fighter(game, "blue.caretaker"), "special"), "blue.mourner")
    assert not mourner.stunned and events(game, "ready")
    # Mister Hush's Whisper with no enemy in his area: the stun is skipped, he withdraws one
    # area and gains a card
    game = start(blue_leader="hush")
    place(game, blue_hush="crossroads")
    supply = table(game).sides["blue"].supply["hush"]
    _, asked = drive(actions.perform(table(game), fighter(game, "blue.hush"), "special"),
                     "cairn")
    assert events(game, "effect.skipped")[0]["verb"] == "stun"
    assert [d.kind for d in asked] == ["area"]
    assert fighter(game, "blue.hush").area == "cairn"
    assert table(game).sides["blue"].supply["hush"] == supply - 1


@pytest.mark.rule("battle.sample.vocabulary")
def test_a_push_of_two_goes_on_away_from_the_pushers_area():
    game = new_game("dire-alliance-battle",
                    content_set={"factions.shroud.fighters.unbroken.special.effects.1.push": 2})
    place(game, red_unbroken="crossroads", blue_butcher="crossroads")
    t = table(game)
    _, asked = drive(actions.perform(t, fighter(game, "red.unbroken"), "special"), "stay",
                     "cairn", "marsh")
    # from the Stone Cairn: only the areas two borders from the Crossroads, not back nor
    # sideways
    assert sorted(asked[-1].ids) == ["blue-camp", "marsh", "well"]
    assert fighter(game, "blue.butcher").area == "marsh"



@pytest.mark.parametrize("ruleset, options, asks", [
    ("dire-alliance-battle", {}, {"action", "play-card", "target"}),
    ("dire-alliance-raid", {"heroes": 2}, {"hero-action", "action"})])
def test_a_game_no_one_reads_offers_the_same_options_labelled_by_their_ids(ruleset, options,
                                                                             asks):
    """``labels=False`` (batches, search worlds) skips the work of the labels of the asks
    made most (a fighter's or hero's actions, the cards to play, attack targets), not an
    option: an option keeps its label or is labelled by its id."""
    from rulekeeper.agents import decide, seat_agents

    games = {labels: new_game(ruleset, seed=3, options=options, labels=labels)
             for labels in (True, False)}
    bots = seat_agents(games[True].ruleset, games[True].seats, None, 3)
    bare = 0
    while not games[True].over:
        asked = {labels: game.pending for labels, game in games.items()}
        assert asked[True].ids == asked[False].ids
        for option in asked[False].options:
            label = asked[True].option(option.id).label
            assert label != option.id
            if asked[True].kind in asks and option.label != label:
                bare += 1
                assert option.label == option.id
        option = decide(bots[asked[True].player], games[True])
        for game in games.values():
            game.step(option)
    assert bare > 50
    assert games[False].events == games[True].events
    assert games[False].result == games[True].result
