"""The heuristic bot: it reads only its view and beats the random bot."""

from rulekeeper.agents import RandomAgent, play_out, seat_agents
from rulekeeper.core.game import new_game
from rulekeeper.rulesets.dire_alliance.bots import HeuristicBot, Reading

from .helpers import place, start


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
    reading = Reading(game.view("red")["state"], "red")
    empyreal = reading.fighters["red.empyreal"]
    assert reading.action(empyreal, "control:cairn-site") > reading.action(empyreal, "move:crossroads")
    place(game, blue_mourner="cairn", blue_gravedigger="cairn")
    reading = Reading(game.view("red")["state"], "red")
    empyreal = reading.fighters["red.empyreal"]
    # the Mourner (defense 1) is likelier to be hit than the Gravedigger (defense 2)
    assert reading.action(empyreal, "melee:blue.mourner") > reading.action(
        empyreal, "melee:blue.gravedigger")
    assert reading.threat(empyreal, "cairn") > reading.threat(empyreal, "red-camp")


def test_it_decides_from_its_view_only():
    game = start()
    bot = HeuristicBot("red", 1)
    choice = bot.choose(game.view("red"), game.pending)
    assert choice in game.pending.ids
    assert RandomAgent("blue", 1).choose(None, game.pending) in game.pending.ids
