"""The web page's endpoints: boards from board files and seats' views, rule texts, seats,
frames of a record, replays of a log file; the pages and their assets; ``make demo``'s serve."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from rulekeeper.agents import decide, make_agent
from rulekeeper.core import registry
from rulekeeper.core.board import Board
from rulekeeper.core.game import new_game
from rulekeeper.core.records import log_lines
from rulekeeper.core.view import TableView
from rulekeeper.server.web.frames import film
from tests.server.conftest import sign_up
from tests.server.live import SERVING, START_WAIT, WAIT


def test_the_pages_and_their_assets_are_served(client):
    for path in ("/", "/play", "/play/dire-alliance-battle-v3", "/replay"):
        page = client.get(path)
        assert page.status_code == 200 and page.text.startswith("<!doctype html>")
    for asset in ("style.css", "common.js", "board.js", "cards.js", "account.js", "viewer.js",
                  "cryptids.js", "play.js", "replay.js"):
        assert client.get(f"/static/{asset}").status_code == 200
    assert client.get("/static/nothing.js").status_code == 404


def test_a_browser_at_an_address_that_is_no_page_gets_a_page_saying_so(client):
    """A mistyped or cut link (``/plya``, ``/watch?game=ID``) showed the API's JSON refusal
    in the browser; a browser asking for a page gets a page (404) that says so and links the
    site's pages. The API, assets and callers that do not ask for HTML keep the JSON."""
    html = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    for path in ("/plya", "/watch", "/play/x/y"):
        page = client.get(path, headers=html)
        assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
        assert "/static/missing.js" in page.text
    for path, headers in (("/plya", {}), ("/api/nothing", html), ("/static/nothing.js", html)):
        answer = client.get(path, headers=headers)
        assert answer.status_code == 404
        assert answer.json() == {"error": "no such page or API route"}
    assert client.post("/plya", headers=html).json() == {"error": "no such page or API route"}


def test_no_page_source_is_left_half_merged():
    """A merge's conflict markers in a page's script stop it from loading at all (play.js
    once shipped with them: /play showed nothing)."""
    static = Path(__file__).parents[2] / "src/rulekeeper/server/web/static"
    for source in [*static.glob("*.js"), *static.glob("*.html"), *static.glob("*.css")]:
        lines = source.read_text(encoding="utf-8").splitlines()
        assert not [line for line in lines if line.startswith(("<<<<<<< ", ">>>>>>> ")) or line == "======="], source.name


def test_a_board_is_its_file_with_line_of_sight_from_core(client):
    geometry = client.get("/api/rulesets/dire-alliance-battle/board").json()
    ruleset = registry.load("dire-alliance-battle")
    content, _ = ruleset.load_content()
    board = Board(content.board("darkwood"))
    assert [a["id"] for a in geometry["areas"]] == list(board.ids)
    for area in geometry["areas"]:
        assert area["sees"] == [b for b in board.seen_from(area["id"]) if b != area["id"]]
        assert 0 <= area["point"][0] <= geometry["size"][0]
    assert len(geometry["walls"]) == len(board.spec.walls)
    crypt = client.get("/api/rulesets/enemy-attacks/board").json()
    stairs = next(a for a in crypt["areas"] if a["id"] == "stairs")
    assert stairs["height"] == 1 and stairs["capacity"] == 2 and stairs["tags"] == ["stairs"]
    assert len(stairs["outline"]) == 4
    dungeon = client.get("/api/rulesets/combat-encounter/board").json()
    points = [tuple(a["point"]) for a in dungeon["areas"]]
    assert len(set(points)) == len(points), "rooms without coordinates are laid out apart"
    assert all(a["sees"] is None for a in dungeon["areas"])
    rows = client.get("/api/rulesets/cryptids/board").json()
    assert rows["kind"] == "rows" and rows["areas"] == []
    assert rows["sides"]["left"] == {"label": "Left", "colour": "#b3261e"}
    refused = client.get("/api/rulesets/dire-alliance-battle/board?scenario=nowhere")
    assert refused.status_code == 400 and "nowhere" in refused.json()["error"]
    assert client.get("/api/rulesets/chess/board").status_code in (400, 404)


def test_the_automations_event_kinds(client):
    assert "raid.activate" in client.get("/api/rulesets/dire-alliance-raid/automation").json()
    assert client.get("/api/rulesets/combat-encounter/automation").json() == []


def test_seats_follow_the_options(client):
    seats = client.get("/api/rulesets/dire-alliance-raid/seats",
                       params={"options": json.dumps({"heroes": 3})}).json()
    assert seats == ["hero1", "hero2", "hero3"]
    for bad, status in (("{", 422), ('{"heroes": NaN}', 422), ("[1]", 400),
                        (json.dumps({"heroes": 9}), 400), (json.dumps({"team": "/etc/passwd"}), 400)):
        answer = client.get("/api/rulesets/dire-alliance-raid/seats", params={"options": bad})
        assert answer.status_code == status, bad
    answer = client.get("/api/rulesets/dire-alliance-raid/seats",
                        params={"options": json.dumps({"heroes": 9})})
    assert answer.json()["error"] == "Heroes: Input should be at least 1 and at most 4"  # the form's
    answer = client.get("/api/rulesets/combat-encounter/seats", params={"options": json.dumps(
        {"players": 3, "start": "random", "initiator": "p3"})})
    assert answer.json()["error"] == ("a random start draws the initiating pair and the Hidden "
                                      "Players: it cannot be combined with initiator")


def test_the_sides_a_winner_can_take_follow_the_options(client):
    """What /lab offers to count the wins of: the seats of a duel, a co-op game's sides."""
    def sides(ruleset, **options):
        return client.get(f"/api/rulesets/{ruleset}/sides",
                          params={"options": json.dumps(options)}).json()

    assert sides("combat-encounter", players=3) == ["p1", "p2", "p3"]
    assert sides("dire-alliance-raid", heroes=3) == ["heroes", "enemies"]
    assert sides("dire-alliance-battle") == ["red", "blue"]
    assert sides("combat-encounter", players=9) == {
        "error": "Players: Input should be at least 2 and at most 6"}


def test_a_seats_board_holds_nothing_the_seat_may_not_see(client):
    red = sign_up(client, "reddy")
    view = client.post("/api/games", json={"ruleset": "dire-alliance-battle", "seed": 3},
                       headers=red).json()
    board = client.get(f"/api/games/{view['id']}/board", headers=red).json()
    panels = {p["seat"]: p for p in board["table"]["panels"]}
    hand = {p["name"]: p for p in panels["blue"]["piles"]}["hand"]
    assert hand["cards"] is None and hand["count"] == 4
    assert {p["name"]: p for p in panels["red"]["piles"]}["hand"]["cards"]
    pieces = [p.id for p in TableView.model_validate(board["table"]).pieces()]
    assert "red.countess" in pieces
    targets = board["table"]["targets"]
    assert targets and all(i in pieces or i in board["table"]["areas"]
                           for ids in targets.values() for i in ids)
    other = sign_up(client, "nosy")
    assert client.get(f"/api/games/{view['id']}/board", headers=other).status_code == 404
    assert client.get(f"/api/games/{view['id']}/frames", headers=other).status_code == 404
    assert client.get(f"/api/games/{view['id']}/board?seat=blue",
                      headers=red).status_code == 403
    frames = client.get(f"/api/games/{view['id']}/frames", headers=red).json()
    assert frames["seat"] == "red"  # the game goes on: as red saw it
    for frame in frames["frames"]:
        for panel in frame["panels"]:
            if panel["seat"] == "blue":
                assert {p["name"]: p for p in panel["piles"]}["hand"]["cards"] is None


def test_boards_come_in_the_pages_language(client):
    english = client.get("/api/rulesets/dire-alliance-battle/board").json()
    french = client.get("/api/rulesets/dire-alliance-battle/board?lang=fr").json()
    assert [a["id"] for a in french["areas"]] == [a["id"] for a in english["areas"]]
    assert {a["name"] for a in english["areas"]} >= {"Old Mill", "Witch Hollow"}
    assert {a["name"] for a in french["areas"]} >= {"Vieux moulin", "Creux de la sorcière"}
    assert french["sides"]["red"]["label"] == "Rouge"
    # a language the ruleset has not: its board as it is, not an error
    assert client.get("/api/rulesets/dire-alliance-battle/board?lang=de").json() == english
    red = sign_up(client, "rouge")
    view = client.post("/api/games", json={"ruleset": "dire-alliance-battle", "seed": 3},
                       headers=red).json()
    board = client.get(f"/api/games/{view['id']}/board?lang=fr", headers=red).json()
    panels = {p["seat"]: p for p in board["table"]["panels"]}
    assert {p["name"] for p in panels["red"]["piles"]} >= {"main", "pioche", "cimetière"}
    assert "manche 1" in board["table"]["headline"]
    assert board["table"]["targets"] == client.get(
        f"/api/games/{view['id']}/board", headers=red).json()["table"]["targets"]  # ids stay
    frames = client.get(f"/api/games/{view['id']}/frames?lang=fr", headers=red).json()
    assert any("manche 1" in f["headline"] for f in frames["frames"])
    assert frames["geometry"]["sides"]["blue"]["label"] == "Bleu"
    assert frames["title"] == "Dire Alliance\u00a0: Horreur — mode Bataille"
    titles = {r["id"]: r["title"] for r in client.get("/api/rulesets?lang=fr").json()}
    assert titles["cryptids-v1"] == "Cryptides\u00a0: bataille"


def test_frames_show_each_event_with_the_rows_as_they_were(client):
    me = sign_up(client, "watcher")
    view = client.post("/api/games", json={"ruleset": "cryptids", "seed": 5}, headers=me).json()
    assert view["over"]
    frames = client.get(f"/api/games/{view['id']}/frames?lang=fr", headers=me).json()
    assert len(frames["events"]) == view["events_total"]
    assert frames["events"][0]["text"].startswith("Bataille")
    damages = [e for e in frames["events"] if e["kind"] == "damage"]
    assert damages
    for event in damages:
        rows = frames["frames"][event["frame"]]["rows"]
        target = event["data"]["target"]
        # by the English name: a card's title drops the article a sentence's name keeps
        hps = [c["hp"][0] for row in rows.values() for c in row if c["name"]["en"] == target["en"]]
        assert max(event["data"]["hp"], 0) in [max(h, 0) for h in hps]
    assert frames["result"]["winner"] in ("left", "right", None)


def test_a_log_file_replays_into_frames(client):
    me = sign_up(client, "replayer")
    game = new_game("enemy-attacks", seed=2)
    for n in range(12):
        agent = make_agent("heuristic", game.ruleset, game.pending.player, n)
        game.step(decide(agent, game))
    head, *events = log_lines(game)
    answer = client.post("/api/replay", json=head, headers=me)
    assert answer.status_code == 200
    replayed = answer.json()
    assert [e["text"] for e in replayed["events"]] == [e["text"] for e in events]
    assert len(replayed["decisions"]) == 12
    assert client.post("/api/replay", json=head).status_code == 401
    broken = {**head, "record": {**head["record"], "decisions": ["no-such-option"]}}
    refused = client.post("/api/replay", json=broken, headers=me)
    assert refused.status_code == 400 and "decision 1" in refused.json()["error"]
    newer = client.post("/api/replay", json={**head, "format": 99}, headers=me)
    assert newer.status_code == 400 and "newer" in newer.json()["error"]
    assert client.post("/api/replay", json={"hello": 1}, headers=me).status_code == 400


@pytest.mark.parametrize("ruleset", sorted(registry.ids()))
def test_every_rulesets_view_becomes_a_board(ruleset):
    game = new_game(ruleset, seed=1)
    for n in range(8):
        if game.pending is None:
            break
        agent = make_agent("random", game.ruleset, game.pending.player, n)
        game.step(agent.choose(game.view(game.pending.player), game.pending))
    filmed = film(game.record(), game.seats[0], "en")
    assert filmed["events"] and filmed["frames"]
    assert all(0 <= e["frame"] < len(filmed["frames"]) for e in filmed["events"])
    last = filmed["frames"][filmed["events"][-1]["frame"]]
    seen = game.table_view(game.seats[0]).model_copy(update={"targets": {}})
    assert last == seen.model_dump(mode="json")
    kind = filmed["geometry"]["kind"]
    assert kind in ("areas", "rows")
    if kind == "areas":
        assert set(last["areas"]) == {a["id"] for a in filmed["geometry"]["areas"]}
    else:
        assert last["rows"]


def test_demo_plays_then_serves_the_page(tmp_path):
    """``demo --port 0``: the server picks a free port and names it (a port found free by the
    test could be taken by another before the demo, a minute of games later, binds it)."""
    env = {**os.environ, "RULEKEEPER_DATA": str(tmp_path)}
    log = tmp_path / "demo.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-c", "from rulekeeper.cli import main; main()", "demo", "--games",
             "1", "--port", "0"], stdout=output, stderr=subprocess.STDOUT, env=env,
            start_new_session=True)
    try:
        deadline = time.monotonic() + START_WAIT  # (its games, then the server's start)
        while time.monotonic() < deadline:
            assert process.poll() is None, log.read_text()
            named = SERVING.search(log.read_text())
            try:
                if named and (page := httpx.get(named["url"], timeout=WAIT)).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.3)
        else:
            raise AssertionError("demo did not serve the page")
        assert named is not None and "Cryptids online" in page.text
        ghosts = httpx.get(f"{named['url']}/api/health", timeout=WAIT).json()
        assert ghosts["status"] == "ok"
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(20)
    out = log.read_text()
    assert "Now open the address below" in out and "Ctrl+C stops" in out
    assert f"ready: open {named['url']}/" in out
    assert "rulekeeper demo" in out and (tmp_path / "rulekeeper.db").exists()
