"""Many requests on one game at once: exactly one change per version, nothing lost."""

from concurrent.futures import ThreadPoolExecutor

from rulekeeper.core.game import replay
from rulekeeper.server.models import StoredGame
from tests.server.conftest import sign_up


def stored(client, game_id):
    return client.app.state.db.read(lambda s: s.get(StoredGame, game_id))


def test_the_same_decision_sent_at_once_is_applied_once(client):
    alice = sign_up(client, "alice")
    view = client.post("/api/games", json={"ruleset": "dire-alliance-battle", "seed": 4},
                       headers=alice).json()
    body = {"seat": "red", "option": view["view"]["pending"]["options"][0]["id"], "version": 0}
    url = f"/api/games/{view['id']}/decisions"
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: client.post(url, json=body, headers=alice), range(8)))
    codes = sorted(a.status_code for a in answers)
    assert set(codes) <= {200, 409} and codes.count(200) >= 1
    assert {a.json()["version"] for a in answers if a.status_code == 200} == {1}
    row = stored(client, view["id"])
    game = replay(row.record)
    assert row.version == 1 and row.deciders == ["red"] and game.decisions == [body["option"]]


def test_different_decisions_at_once_one_wins_the_others_get_409(client):
    alice = sign_up(client, "alice")
    view = client.post("/api/games", json={"ruleset": "dire-alliance-battle", "seed": 4},
                       headers=alice).json()
    options = [o["id"] for o in view["view"]["pending"]["options"]]
    url = f"/api/games/{view['id']}/decisions"

    def send(option):
        return option, client.post(url, json={"seat": "red", "option": option, "version": 0},
                                   headers=alice)

    with ThreadPoolExecutor(len(options) * 2) as pool:
        answers = list(pool.map(send, options * 2))
    winners = {option for option, a in answers if a.status_code == 200}
    assert len(winners) == 1
    assert all(a.status_code == 409 for option, a in answers if option not in winners)
    row = stored(client, view["id"])
    assert row.version == 1 and replay(row.record).decisions == list(winners)


def test_players_acting_on_their_own_games_at_once_lose_nothing(client):
    players = [sign_up(client, f"p{i}") for i in range(6)]
    games = [client.post("/api/games", json={"ruleset": "enemy-attacks", "seed": i,
                                             "options": {"players": 1}}, headers=h).json()
             for i, h in enumerate(players)]

    def play(index):
        headers, view = players[index], games[index]
        for _ in range(5):
            if view["over"]:
                break
            body = {"seat": view["seat"], "option": view["view"]["pending"]["options"][0]["id"],
                    "version": view["version"]}
            response = client.post(f"/api/games/{view['id']}/decisions", json=body,
                                   headers=headers)
            assert response.status_code == 200, response.text
            view = response.json()
        return view

    with ThreadPoolExecutor(len(players)) as pool:
        finals = list(pool.map(play, range(len(players))))
    for final in finals:
        row = stored(client, final["id"])
        assert row.version == final["version"]
        assert len(replay(row.record).decisions) == len(row.deciders)
