"""``POST /api/games/{id}/resign``: a seated player resigns a started game at any moment,
whoever's decision is pending; the game ends in one transaction (its record keeps the
resignation, and replays it), the other side wins, and the other players and spectators are
told by the event's sentence. A stale version, a game over or a seat not yours: 4xx."""

import pytest

from rulekeeper.core.game import RESIGNATION, replay
from rulekeeper.server.models import StoredGame
from tests.server.conftest import accepted, sign_up

pytestmark = pytest.mark.rule("core.resign")


def duel(client):
    """A game of two people: alice (red, to play first) and bob (blue)."""
    alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
    created = client.post("/api/games", headers=alice, json={
        "ruleset": "dire-alliance-battle",
        "seats": {"red": {"kind": "human"}, "blue": {"kind": "human", "player": "bob"}}})
    assert created.status_code == 201, created.text
    return accepted(client, created.json(), "blue", bob, alice), alice, bob


def resign(client, view, headers, seat=None, version=None, lang=""):
    return client.post(f"/api/games/{view['id']}/resign{lang}", headers=headers, json={
        "seat": seat or view["seat"], "version": view["version"] if version is None else version})


def test_a_player_resigns_while_the_other_decides_and_the_other_side_wins(client):
    view, alice, bob = duel(client)
    assert view["turn"] == "red" and not view["can_cancel"]
    blue = client.get(f"/api/games/{view['id']}?seat=blue", headers=bob).json()
    answer = resign(client, blue, bob)
    assert answer.status_code == 200, answer.text
    over = answer.json()
    assert over["over"] and over["turn"] is None and over["version"] == view["version"] + 1
    assert over["result"]["winner"] == "red" and over["result"]["reason"] == "resigned"
    assert over["events"][-1]["kind"] == "resign"
    assert over["events"][-1]["text"] == "Blue: resignation, and the game is lost (losing side: Blue)"
    red = client.get(f"/api/games/{view['id']}?lang=fr", headers=alice).json()
    assert red["over"] and red["result"]["winner"] == "red"
    assert red["events"][-1]["text"] == "Bleu\u00a0: abandon, et la partie est perdue (camp perdant\u00a0: Bleu)"
    key = view["watch"].partition("key=")[2]
    watched = client.get(f"/api/games/{view['id']}/watch?key={key}").json()
    assert watched["over"] and watched["events"][-1]["kind"] == "resign"
    assert client.get("/api/games", headers=alice).json()[0]["result"]["reason"] == "resigned"
    row = client.app.state.db.read(lambda s: s.get(StoredGame, view["id"]))
    assert row.over and row.turn is None and row.last_change == {"kind": "resign",
                                                                 "seat": "blue"}
    assert row.record["inputs"] == [{"kind": RESIGNATION, "value": {"seat": "blue"}, "at": 0}]
    again = replay(row.record)
    assert again.result.to_json() == over["result"]
    # a retried request gets the same answer; another change of that version is stale
    assert resign(client, blue, bob).json()["version"] == over["version"]
    late = client.post(f"/api/games/{view['id']}/decisions", headers=alice, json={
        "seat": "red", "version": view["version"],
        "option": view["view"]["pending"]["options"][0]["id"]})
    assert late.status_code == 409


def test_resigning_a_game_over_or_with_a_stale_version_is_409(client):
    view, alice, bob = duel(client)
    stale = resign(client, view, alice, version=view["version"] - 1)
    assert stale.status_code == 409 and "is stale" in stale.json()["error"]
    assert resign(client, view, alice).status_code == 200
    again = resign(client, view, bob, seat="blue", version=view["version"] + 1)
    assert again.status_code == 409
    assert again.json()["error"] == "the game is over; it can no longer be resigned"
    french = resign(client, view, bob, seat="blue", version=view["version"] + 1, lang="?lang=fr")
    assert french.status_code == 409
    assert french.json()["error"].replace("\u202f", " ") == (
        "la partie est terminée ; elle ne peut plus être abandonnée")


def test_only_the_player_holding_the_seat_resigns_it(client):
    view, alice, bob = duel(client)
    carol = sign_up(client, "carol")
    assert resign(client, view, bob, seat="red").status_code == 403
    assert resign(client, view, carol, seat="red").status_code == 404
    assert resign(client, view, alice, seat="green").status_code == 404
    for body in ({"seat": "red"}, {"seat": "red", "version": "1"},
                 {"seat": "red", "version": 1, "winner": "red"}, {}):
        answer = client.post(f"/api/games/{view['id']}/resign", headers=alice, json=body)
        assert answer.status_code == 422 or 400 <= answer.status_code < 500, answer.text
    assert client.post(f"/api/games/{view['id']}/resign", json={
        "seat": "red", "version": view["version"]}).status_code == 401
    still = client.get(f"/api/games/{view['id']}", headers=alice).json()
    assert not still["over"] and still["version"] == view["version"]


def test_a_game_waiting_for_a_player_is_cancelled_not_resigned(client):
    alice = sign_up(client, "alice")
    view = client.post("/api/games", headers=alice, json={
        "ruleset": "dire-alliance-battle", "seats": {"blue": {"kind": "open"}}}).json()
    answer = resign(client, view, alice)
    assert answer.status_code == 409
    assert answer.json()["error"] == "the game waits for a player to take blue"


def test_a_player_resigns_a_game_against_a_bot(client):
    alice = sign_up(client, "alice")
    view = client.post("/api/games", headers=alice, json={
        "ruleset": "dire-alliance-raid", "options": {"heroes": 2}, "seed": 3,
        "seats": {"hero1": {"kind": "human"}, "hero2": {"kind": "bot"}}}).json()
    over = resign(client, view, alice).json()
    assert over["over"] and over["result"] == {**over["result"], "winner": "enemies",
                                               "reason": "resigned"}
