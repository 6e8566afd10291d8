"""What a search may imagine of a game (``determinize``): the Room of another Hidden Player
is drawn among those it could have reached since it was last seen, from the seat's
knowledge alone; everything the seat sees stays as it is."""

from __future__ import annotations

from rulekeeper.agents import decide, make_agent
from rulekeeper.core.game import new_game
from rulekeeper.rulesets.combat_encounter.hidden import reachable
from tests.rulesets.combat_encounter.helpers import answer, start

HIDDEN_P3 = {"players": 3, "hidden": "p3"}


def hidden_in(room: str):
    return new_game("combat-encounter", seed=1, log=False,
                    options={**HIDDEN_P3, "rooms": {"p3": room}})


def test_a_player_hidden_since_the_setup_may_be_in_any_room_of_the_seats_worlds():
    game = hidden_in("crypt")
    seen = game.view("p1")["state"]
    worlds = [game.sample("p1", n) for n in range(30)]
    assert all(w.view("p1")["state"] == seen for w in worlds)
    assert all(game.ruleset.invariant_violations(w.table) == [] for w in worlds)
    assert len({w.table.state.player("p3").room for w in worlds}) > 3
    assert {game.sample("p3", n).table.state.player("p3").room for n in range(5)} == {"crypt"}


def test_the_world_and_the_search_depend_only_on_the_seats_view():
    games = [hidden_in("crypt"), hidden_in("hall")]
    assert games[0].view("p1") == games[1].view("p1")
    assert games[0].sample("p1", 4).view(None) == games[1].sample("p1", 4).view(None)
    searches = []
    for game in games:
        agent = make_agent("mcts:budget=30", game.ruleset, "p1", 3)
        searches.append((decide(agent, game), agent.last.visits))
    assert searches[0] == searches[1]


def test_a_hidden_player_is_imagined_where_its_moves_since_hiding_could_reach():
    # p1 Hides in the entrance, then Moves to the hall (a natural 20: no Random Encounter)
    game = start([20], options={"players": 3, "start": "challenge"})
    answer(game, "decline", "end-turn", "end-turn", "end-turn", "hide", "move:hall")
    p1 = game.table.state.player("p1")
    assert (p1.room, p1.sighted, p1.hidden_moves) == ("hall", "entrance", 1)
    cat = game.table.prepared
    could = set(cat.board.neighbours("entrance")) - cat.jelly_rooms
    assert reachable(cat, "entrance", 1) == could and len(could) > 1
    assert {game.sample("p2", n).table.state.player("p1").room for n in range(30)} == could
    assert reachable(cat, "entrance", 0) == {"entrance"}
    assert reachable(cat, None, 0) == set(cat.room_names)
