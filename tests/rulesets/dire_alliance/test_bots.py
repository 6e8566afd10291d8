"""The heuristic bot: it reads only what its seat may know and beats the random bot."""

import dataclasses

import pytest

from rulekeeper.agents import RandomAgent, decide, play_out, seat_agents
from rulekeeper.core.errors import RulesetError
from rulekeeper.core.game import new_game
from rulekeeper.rulesets.dire_alliance import actions
from rulekeeper.rulesets.dire_alliance import battle as flow
from rulekeeper.rulesets.dire_alliance.bots import HeuristicBot, Reading

from .helpers import battle, fighter, place, start, table


def test_heuristic_beats_random_from_both_seats():
    wins = 0
    for i in range(12):
        game = new_game("dire-alliance-battle", seed=100 + i, log=False)
        names = ["heuristic", "random"] if i % 2 == 0 else ["random", "heuristic"]
        play_out(game, seat_agents(game.ruleset, game.seats, names, i))
        wins += game.result.winner == ("red" if i % 2 == 0 else "blue")
    assert wins >= 10


def test_it_prefers_the_winning_control_and_the_likelier_hit():
    game = start()
    place(game, red_empyreal="cairn")
    reading = Reading(battle(game), "red")
    empyreal = reading.fighters["red.empyreal"]
    assert reading.action(empyreal, "control:cairn-site") > reading.action(empyreal, "move:crossroads")
    place(game, blue_mourner="cairn", blue_gravedigger="cairn")
    reading = Reading(battle(game), "red")
    empyreal = reading.fighters["red.empyreal"]
    # the Mourner (defense 1) is likelier to be hit than the Gravedigger (defense 2)
    assert reading.action(empyreal, "melee:blue.mourner") > reading.action(
        empyreal, "melee:blue.gravedigger")
    assert reading.threat(empyreal, "cairn") > reading.threat(empyreal, "red-camp")


def test_it_decides_from_the_table_as_its_seat_may_know_it():
    game = start()
    bot = HeuristicBot("red", 1)
    assert decide(bot, game) in game.pending.ids
    assert RandomAgent("blue", 1).choose(None, game.pending) in game.pending.ids
    with pytest.raises(RulesetError, match=r"agents\.decide"):
        bot.choose(game.view("red"), game.pending)  # it reads the table, not a view
    # what its seat cannot know (the other hand, both decks' order) drawn again changes
    # none of its scores, at any decision of a game
    bots = seat_agents(game.ruleset, game.seats, None, 2)
    for _ in range(120):
        seat = game.pending.player
        scores = bots[seat].weigh(game.table, game.pending)
        for world_seed in (1, 2):
            world = game.sample(seat, world_seed)
            assert bots[seat].weigh(world.table, world.pending) == scores
        game.step(decide(bots[seat], game))


def test_the_view_names_the_fighters_a_decision_is_for_and_about():
    game = start()
    place(game, red_devoted="crossroads", blue_butcher="crossroads", blue_mourner="crossroads")
    t = table(game)
    assert game.view("red")["state"]["asking"] == {"actor": None, "about": None}  # play-card
    activation = flow.activation(battle(game), fighter(game, "red.devoted"))
    decision = next(activation)
    assert decision.kind == "action"
    assert game.view("blue")["state"]["asking"] == {"actor": "red.devoted", "about": None}
    decision = activation.send("move:cairn")  # blue's opportunity attacks on the Devoted
    assert decision.kind == "opportunity-attack"
    assert game.view("blue")["state"]["asking"] == {"actor": None, "about": "red.devoted"}
    # the Unbroken's Shoulder Charge pushes the Butcher: where to is about the Butcher
    place(game, red_unbroken="hanging-tree", blue_butcher="crossroads", blue_mourner="well")
    special = actions.perform(t, fighter(game, "red.unbroken"), "special")
    assert next(special).kind == "area"  # its own move first
    assert t.asking == ("red.unbroken", None)
    decision = special.send("crossroads")
    assert decision.kind == "area" and decision.prompt.startswith("push")
    assert t.asking == ("red.unbroken", "blue.butcher")
    with pytest.raises(StopIteration):
        special.send("cairn")
    assert t.asking == (None, None)  # answered: no decision pending


def test_the_bot_finds_the_acting_fighter_by_id_not_by_its_name():
    # two red fighters named alike: the prompt cannot tell them apart, the view can
    game = new_game("dire-alliance-battle",
                    content_set={"factions.shroud.fighters.devoted.name": "Empyreal"})
    place(game, red_devoted="cairn", red_empyreal="red-camp")
    activation = flow.activation(battle(game), fighter(game, "red.devoted"))
    decision = next(activation)
    reading = Reading(battle(game), "red")
    assert reading.actor.id == "red.devoted" and reading.actor.area == "cairn"
    bot = HeuristicBot("red", 3)
    scores = {o.id: bot.score(reading, decision, o.id) for o in decision.options}
    assert scores == {o.id: reading.action(reading.actor, o.id) for o in decision.options}
    assert max(scores, key=scores.get) == "control:cairn-site"
    blind = dataclasses.replace(decision, prompt="?")
    assert bot.choose_from(game.table, blind) == "control:cairn-site"
