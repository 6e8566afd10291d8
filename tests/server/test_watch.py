"""Spectators see a game's public view: for a public game anyone, for another game whoever
has its watch link; never a hand, a deck's order, the seed or an invitation."""

import json
from urllib.parse import parse_qs, urlparse

from rulekeeper.core.game import SPECTATOR, replay
from rulekeeper.server.models import StoredGame
from tests.server.conftest import make_client, sign_up


def played(client, headers, public=False, decisions=6):
    view = client.post("/api/games", headers=headers, json={
        "ruleset": "dire-alliance-battle", "public": public,
        "seats": {"red": {"kind": "human"}, "blue": {"kind": "human"}}}).json()
    for _ in range(decisions):
        view = client.post(f"/api/games/{view['id']}/decisions", headers=headers, json={
            "seat": view["turn"], "version": view["version"],
            "option": client.get(f"/api/games/{view['id']}?seat={view['turn']}",
                                 headers=headers).json()["view"]["pending"]["options"][0]["id"],
        }).json()
    return view


def test_a_game_is_watched_by_its_watch_link_or_by_anyone_when_public(client):
    alice = sign_up(client, "alice")
    private = played(client, alice, decisions=0)
    key = parse_qs(urlparse(private["watch"]).query)["key"][0]
    hidden = client.get(f"/api/games/{private['id']}/watch")
    assert hidden.status_code == 404
    assert hidden.json()["error"].startswith(f"no game {private['id']!r} to watch")
    assert client.get(f"/api/games/{private['id']}/watch?key=wrong").status_code == 404
    assert client.get(f"/api/games/{private['id']}/watch?key={key}").status_code == 200
    public = played(client, alice, public=True, decisions=0)
    assert public["watch"] == f"/watch/{public['id']}"
    assert client.get(f"/api/games/{public['id']}/watch").status_code == 200
    assert client.get("/api/games/nosuch/watch").status_code == 404


def test_no_hidden_value_reaches_a_spectator(client):
    alice = sign_up(client, "alice")
    view = played(client, alice, public=True)
    record = client.app.state.db.read(lambda s: s.get(StoredGame, view["id"])).record
    game = replay(record)
    hands = {seat: p["hand"] for seat, p in game.view(None)["state"]["players"].items()}
    assert all(hands.values()), "both hands hold cards (so the test could fail)"
    answer = client.get(f"/api/games/{view['id']}/watch")
    watched = answer.json()
    assert all(p["hand"] is None and p["hand_size"] == len(hands[seat])
               for seat, p in watched["view"]["state"]["players"].items())
    assert watched["view"]["pending"] is None
    public = [e for e in game.events if e.visible_to(SPECTATOR)]
    assert len(public) < len(game.events)  # some events are a seat's own (its draws)
    assert watched["events_total"] == len(public) == len(watched["events"])
    assert [e["kind"] for e in watched["events"]] == [e.kind for e in public]
    assert str(record["seed"]) not in answer.text
    assert all(s["invite"] is None for s in watched["seats"])
    assert isinstance(watched["view"]["state"]["players"]["red"]["deck"], int)  # a count
    board = client.get(f"/api/games/{view['id']}/watch/board").json()
    for panel in board["table"]["panels"]:
        hand = next((p for p in panel["piles"] if p["name"] == "hand"), None)
        if hand is not None:
            assert hand["cards"] is None
    assert not board["table"]["targets"]


def test_a_spectators_answer_is_paged(client):
    alice = sign_up(client, "alice")
    game = played(client, alice, public=True)["id"]
    whole = client.get(f"/api/games/{game}/watch").json()
    assert whole["events_total"] == len(whole["events"]) > 4
    first = client.get(f"/api/games/{game}/watch?limit=3").json()
    rest = client.get(f"/api/games/{game}/watch?since=3&limit=1000").json()
    assert len(first["events"]) == 3 and first["events_total"] == whole["events_total"]
    assert first["events"] + rest["events"] == whole["events"]
    assert client.get(f"/api/games/{game}/watch?limit=0").status_code == 422


def test_spectators_calls_run_in_lanes_charged_to_their_address(db_url):
    with make_client(db_url, address_budget=0.001) as tight:
        game = played(tight, sign_up(tight, "alice"), public=True, decisions=0)["id"]
        # the game's creation spent the address's budget: its spectators wait their turn
        for path in ("watch", "watch/board"):
            answer = tight.get(f"/api/games/{game}/{path}")
            assert answer.status_code == 429 and "Retry-After" in answer.headers
            assert "an address" in answer.json()["error"]


def test_the_spectators_answers_and_stream_send_a_long_game_in_pages(db_url):
    with make_client(db_url, page_events=5) as client:
        alice = sign_up(client, "alice")
        created = client.post("/api/games", headers=alice, json={"ruleset": "cryptids",
                                                                  "public": True})
        assert created.status_code == 201, created.text
        game = created.json()["id"]
        first = client.get(f"/api/games/{game}/watch?limit=1000").json()
        assert first["over"] and first["events_total"] > 10 and len(first["events"]) == 5
        whole = first["events"]
        while len(whole) < first["events_total"]:
            whole += client.get(f"/api/games/{game}/watch?since={len(whole)}").json()["events"]
        assert [e["n"] for e in whole] == list(range(first["events_total"]))
        with client.stream("GET", f"/api/games/{game}/watch/events") as stream:
            pages = [json.loads(line.removeprefix("data: ")) for line in stream.iter_lines()
                     if line.startswith("data: ")]
        assert all(len(page["events"]) <= 5 for page in pages)
        assert [e for page in pages for e in page["events"]] == whole
