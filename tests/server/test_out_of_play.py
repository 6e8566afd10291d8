"""Your games' list says which seats are out of play (a board's ``out``) from a column kept
at every change, not a replay per request; migration 0010 fills it for the games stored in
progress before it."""

from __future__ import annotations

from tests.browser.test_out_of_play import OPTIONS, SEED, choices
from tests.server.conftest import make_client, migrated_again, sign_up


def play_until_p2_dies(client, bob) -> dict:
    """Bob's combat encounter of 3 (p1 a bot) played until p2's Wren dies; the game goes on."""
    view = client.post("/api/games", headers=bob, json={
        "ruleset": "combat-encounter", "options": OPTIONS, "seed": SEED,
        "seats": {"p1": {"kind": "bot", "bot": "first"}, "p2": {"kind": "human"},
                  "p3": {"kind": "human"}}}).json()
    for seat, option in choices():
        answer = client.post(f"/api/games/{view['id']}/decisions", headers=bob, json={
            "seat": seat, "option": option, "version": view["version"]})
        assert answer.status_code == 200, answer.text
        view = answer.json()
    assert not view["over"] and view["turn"] == "p3"
    return view


def test_the_list_of_your_games_says_which_seats_are_out_of_play(db_url):
    with make_client(db_url) as client:
        bob = sign_up(client, "bob")
        fresh = client.post("/api/games", headers=bob, json={
            "ruleset": "combat-encounter", "options": OPTIONS}).json()
        view = play_until_p2_dies(client, bob)
        listed = {g["id"]: g for g in client.get("/api/games", headers=bob).json()}
    assert listed[view["id"]]["out"] == ["p2"] and listed[view["id"]]["turn"] == "p3"
    assert listed[fresh["id"]]["out"] == []


def test_migration_0010_fills_the_seats_out_of_play_of_the_games_in_progress(db_url):
    with make_client(db_url) as client:
        bob = sign_up(client, "bob")
        view = play_until_p2_dies(client, bob)
    out = migrated_again(db_url, "0009", "games", "out_seats",  # 0009: no such column
                         "SELECT out_seats FROM games WHERE id = :id", id=view["id"])
    assert out in (["p2"], '["p2"]')  # (SQLite gives the JSON's text)
    with make_client(db_url) as client:
        listed = client.get("/api/games", headers=bob).json()
    assert [g["out"] for g in listed] == [["p2"]]
