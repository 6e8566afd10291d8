"""Cancelling a game: its creator closes a game no other person holds a seat of (its other
seats open, kept for an invited player, or bots'), as an expired game is closed; and a
private game waiting only for players invited by name expires as a public one does."""

from datetime import timedelta

from rulekeeper.core.game import replay
from rulekeeper.server import upkeep
from rulekeeper.server.models import StoredGame, now
from tests.server.conftest import make_client, sign_up
from tests.server.test_seats import BATTLE, invite_of, invited, join


def cancel(client, headers, view):
    return client.post(f"/api/games/{view['id']}/cancel", headers=headers)


def test_the_creator_cancels_a_game_nobody_else_sits_at_and_it_is_kept(client):
    alice, bob, carol = (sign_up(client, n) for n in ("alice", "bob", "carol"))
    view = client.post("/api/games", headers=alice, json={
        "ruleset": "enemy-attacks", "options": {"players": 3}, "public": True,
        "clock": {"decision": 60},
        "seats": {"p2": {"kind": "open"}, "p3": {"kind": "human", "player": "bob"}}}).json()
    alone = client.post("/api/games", headers=alice, json={"ruleset": BATTLE}).json()  # a bot
    assert view["can_cancel"] and alone["can_cancel"]
    listed = {g["id"]: g for g in client.get("/api/games", headers=alice).json()}
    assert listed[view["id"]]["can_cancel"] and listed[alone["id"]]["can_cancel"]
    record = client.app.state.db.read(lambda s: s.get(StoredGame, view["id"])).record
    assert cancel(client, bob, view).status_code == 404  # invited, holding no seat: not his
    assert cancel(client, carol, view).status_code == 404

    done = cancel(client, alice, view)
    assert done.status_code == 200, done.text
    seen = done.json()
    assert seen["over"] and seen["closed"] == "cancelled" and seen["result"] is None
    assert seen["version"] == view["version"] + 1
    assert not seen["can_cancel"] and not seen["can_undo"]
    assert seen["events"] == view["events"]  # nothing played: the record as it was
    row = client.app.state.db.read(lambda s: s.get(StoredGame, view["id"]))
    assert row.record == record and replay(row.record).events
    assert (row.over, row.closed, row.deadline, row.turn) == (True, "cancelled", None, None)
    assert client.get(f"/api/games/{view['id']}/record", headers=alice).status_code == 200
    watched = client.get(f"/api/games/{view['id']}/watch").json()
    assert watched["over"] and watched["closed"] == "cancelled"
    listed = {g["id"]: g for g in client.get("/api/games", headers=alice).json()}
    assert listed[view["id"]]["closed"] == "cancelled" and listed[view["id"]]["over"]
    assert not listed[view["id"]]["can_cancel"] and listed[alone["id"]]["can_cancel"]
    assert client.get("/api/lobby").json() == []
    assert client.get("/api/invitations", headers=bob).json() == []

    again = cancel(client, alice, view)
    assert again.status_code == 409
    assert again.json() == {"error": f"game {view['id']} is already cancelled"}
    for taken in (join(client, carol, view, "p2"), join(client, bob, view, "p3")):
        assert taken.status_code == 409
        assert taken.json() == {"error": f"game {view['id']} was cancelled by the player who "
                                         f"made it, and nothing can change it now"}
    link = client.get(f"/api/games/{view['id']}/invitation",
                      params={"seat": "p2", "invite": invite_of(view, "p2")})
    assert link.status_code == 409 and "cancelled" in link.json()["error"]
    option = view["view"]["pending"]["options"][0]["id"]
    moved = client.post(f"/api/games/{view['id']}/decisions", headers=alice, json={
        "seat": view["seat"], "option": option, "version": seen["version"]})
    assert moved.status_code == 409 and "cancelled" in moved.json()["error"]
    assert upkeep.close_waiting(client.app.state, now() + timedelta(days=30)) == []
    assert cancel(client, alice, alone).status_code == 200  # against a bot, mid-game


def test_a_game_another_person_holds_a_seat_of_is_not_cancelled(client):
    alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
    view = invited(client, alice)
    assert join(client, bob, view, "blue", invite_of(view, "blue")).status_code == 200
    refused = cancel(client, alice, view)
    assert refused.status_code == 409
    assert refused.json() == {"error": f"bob holds a seat of game {view['id']}: a game with "
                                       f"another player cannot be cancelled; it ends when it "
                                       f"is played out, by its clock, or when a player "
                                       f"resigns",
                              "refusal": "others-seated", "facts": {"players": ["bob"]}}
    assert not client.get(f"/api/games/{view['id']}", headers=alice).json()["can_cancel"]
    theirs = cancel(client, bob, view)
    assert theirs.status_code == 403
    assert theirs.json() == {"error": f"only the player who made game {view['id']} may "
                                      f"cancel it"}
    assert not client.get(f"/api/games/{view['id']}", headers=bob).json()["can_cancel"]
    assert not client.app.state.db.read(lambda s: s.get(StoredGame, view["id"])).over
    assert client.post("/api/games/nope/cancel", headers=alice).status_code == 404
    assert client.post(f"/api/games/{view['id']}/cancel").status_code == 401


def test_a_game_over_is_not_cancelled(client):
    alice = sign_up(client, "alice")
    view = client.post("/api/games", headers=alice, json={
        "ruleset": "combat-encounter", "seed": 1, "options": {"time_limit": 1}}).json()
    while not view["over"]:
        view = client.post(f"/api/games/{view['id']}/decisions", headers=alice, json={
            "seat": view["seat"], "version": view["version"],
            "option": view["view"]["pending"]["options"][0]["id"]}).json()
    assert not view["can_cancel"]
    refused = cancel(client, alice, view)
    assert refused.status_code == 409 and "is over" in refused.json()["error"]


def test_a_cancelled_game_leaves_its_creators_count_of_unfinished_games(db_url):
    with make_client(db_url, open_games=2) as client:
        alice = sign_up(client, "alice")
        made = [invited(client, alice), invited(client, alice)]
        refused = client.post("/api/games", headers=alice, json={"ruleset": BATTLE})
        assert refused.status_code == 429
        assert refused.json()["error"] == (
            "you have 2 unfinished games you made (at most 2): finish one, or cancel one "
            "nobody else has joined, before you start another")
        assert cancel(client, alice, made[0]).status_code == 200
        assert client.post("/api/games", headers=alice, json={
            "ruleset": BATTLE}).status_code == 201


def test_a_private_game_waiting_only_for_players_invited_by_name_expires(db_url):
    with make_client(db_url, open_games=2) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        named = client.post("/api/games", headers=alice, json={
            "ruleset": BATTLE, "seats": {"blue": {"kind": "human", "player": "bob"}}}).json()
        coded = client.post("/api/games", headers=alice, json={  # a code to send, too
            "ruleset": "enemy-attacks", "options": {"players": 3},
            "seats": {"p2": {"kind": "open"}, "p3": {"kind": "human", "player": "bob"}}}).json()
        assert client.post("/api/games", headers=alice, json={
            "ruleset": BATTLE}).status_code == 429
        state = client.app.state
        assert upkeep.close_waiting(state, now() + timedelta(days=6, hours=23)) == []
        assert upkeep.close_waiting(state, now() + timedelta(days=7, minutes=1)) == [
            named["id"]]
        seen = client.get(f"/api/games/{named['id']}", headers=alice).json()
        assert seen["over"] and seen["closed"] == "expired" and seen["result"] is None
        assert [i["game"] for i in client.get("/api/invitations", headers=bob).json()] == [
            coded["id"]]
        taken = join(client, bob, named, "blue")
        assert taken.status_code == 409 and "expired" in taken.json()["error"]
        assert client.post("/api/games", headers=alice, json={  # it counts no more
            "ruleset": BATTLE}).status_code == 201
        assert not client.get(f"/api/games/{coded['id']}", headers=alice).json()["over"]
