"""Tokens isolate players and seats: nobody sees or acts on what is not theirs."""

import pytest

from rulekeeper.core.game import replay
from rulekeeper.server.models import StoredGame
from tests.server.conftest import accepted, sign_up

BATTLE = "dire-alliance-battle"


@pytest.fixture
def duel(client):
    """alice (red) against bob (blue) in a Dire Alliance battle; carol is not in it."""
    alice, bob, carol = (sign_up(client, n) for n in ("alice", "bob", "carol"))
    view = client.post("/api/games", json={"ruleset": BATTLE, "seats": {
        "red": {"kind": "human"}, "blue": {"kind": "human", "player": "bob"}}},
        headers=alice).json()
    return client, accepted(client, view, "blue", bob, alice), alice, bob, carol


def test_an_opponents_hand_never_reaches_another_seat(duel):
    client, view, alice, bob, _ = duel
    assert view["turn"] == "red"
    red = client.get(f"/api/games/{view['id']}", headers=alice).json()
    blue = client.get(f"/api/games/{view['id']}", headers=bob).json()
    assert red["seat"] == "red" and blue["seat"] == "blue"
    assert red["view"]["state"]["players"]["red"]["hand"]  # alice sees her own hand...
    assert blue["view"]["state"]["players"]["red"]["hand"] is None  # ...bob does not
    assert blue["view"]["pending"] is None  # red's options would name red's cards
    stored = client.app.state.db.read(lambda s: s.get(StoredGame, view["id"]))
    events = replay(stored.record).events
    hidden = [e for e in events if not e.visible_to("blue")]
    assert [e.kind for e in hidden] == ["draw.cards"]  # red's draw is seen by red only
    assert blue["events_total"] == len(events) - len(hidden) == len(blue["events"])
    blue_texts = {e["text"] for e in blue["events"]}
    assert not any(e["text"] in blue_texts for e in red["events"] if e["kind"] == "draw.cards"
                   and e["data"]["seat"] == "red")


def test_a_seat_is_played_only_by_its_player(duel):
    client, view, _, bob, _ = duel
    body = {"seat": "red", "option": view["view"]["pending"]["options"][0]["id"],
            "version": view["version"]}
    refused = client.post(f"/api/games/{view['id']}/decisions", json=body, headers=bob)
    assert refused.status_code == 403 and refused.json() == {"error": "seat 'red' is not yours"}
    peek = client.get(f"/api/games/{view['id']}?seat=red", headers=bob)
    assert peek.status_code == 403
    out_of_turn = client.post(f"/api/games/{view['id']}/decisions",
                              json={**body, "seat": "blue"}, headers=bob)
    assert out_of_turn.status_code == 409
    assert out_of_turn.json()["error"] == "it is not blue's decision; red decides now"
    undo = client.post(f"/api/games/{view['id']}/undo",
                       json={"seat": "red", "version": view["version"]}, headers=bob)
    assert undo.status_code == 403


def test_the_record_waits_for_the_end_while_another_player_plays(duel):
    client, view, alice, bob, _ = duel
    for who in (alice, bob):
        refused = client.get(f"/api/games/{view['id']}/record", headers=who)
        assert refused.status_code == 403 and "once the game is over" in refused.json()["error"]


@pytest.mark.parametrize("seats, public", [
    ({"blue": {"kind": "open"}}, False),
    ({"blue": {"kind": "open"}}, True),
    ({"blue": {"kind": "human", "player": "bob"}}, False),
])
def test_the_record_waits_too_while_a_seat_waits_for_a_player(duel, seats, public):
    """Found by a hostile client: the maker of a game waiting for a player downloaded its
    record, seed included, and then knew the hand and every draw of whoever joined (even a
    stranger from the lobby)."""
    client, _, alice, _, _ = duel
    view = client.post("/api/games", json={"ruleset": BATTLE, "seats": seats,
                                           "public": public}, headers=alice).json()
    refused = client.get(f"/api/games/{view['id']}/record", headers=alice)
    assert refused.status_code == 403 and "once the game is over" in refused.json()["error"]
    assert client.post(f"/api/games/{view['id']}/cancel", headers=alice).status_code == 200
    assert client.get(f"/api/games/{view['id']}/record", headers=alice).status_code == 200
    alone = client.post("/api/games", json={"ruleset": BATTLE}, headers=alice).json()
    assert client.get(f"/api/games/{alone['id']}/record", headers=alice).status_code == 200


@pytest.mark.parametrize("method, path, body", [
    ("get", "", None),
    ("get", "?seat=red", None),
    ("get", "/record", None),
    ("post", "/decisions", {"seat": "red", "option": "x", "version": 0}),
    ("post", "/undo", {"seat": "red", "version": 0}),
])
def test_a_stranger_gets_404_on_every_game_endpoint(duel, method, path, body):
    client, view, _, _, carol = duel
    url = f"/api/games/{view['id']}{path}"
    response = getattr(client, method)(url, headers=carol, **({"json": body} if body else {}))
    assert response.status_code == 404
    assert response.json() == {"error": f"no game {view['id']!r} of yours"}
    assert client.get("/api/games", headers=carol).json() == []
