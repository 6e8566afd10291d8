"""A hostile client's audit: a game over stays over, a rating option stays where openskill
computes, a refused request changes nothing, a stored game that no longer replays is a 410,
and no error names a file of the server or a command-line flag."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from sqlalchemy import func, select, update

import rulekeeper
from rulekeeper.core.game import replay
from rulekeeper.server import live, upkeep
from rulekeeper.server.costs import Costs
from rulekeeper.server.errors import Gone
from rulekeeper.server.models import StoredBattle, StoredGame, StoredRun, now
from tests.server.conftest import accepted, alone, make_client, sign_up
from tests.server.runs_client import play_shop
from tests.server.test_clocks import duel

SOURCE = str(Path(rulekeeper.__file__).parent)


def decide(client, headers, view, option=None):
    option = option or view["view"]["pending"]["options"][0]["id"]
    answer = client.post(f"/api/games/{view['id']}/decisions", headers=headers, json={
        "seat": view["view"]["pending"]["player"], "option": option,
        "version": view["version"]})
    assert answer.status_code == 200, answer.text
    return answer.json()


def undo(client, headers, view, seat=None):
    return client.post(f"/api/games/{view['id']}/undo", headers=headers,
                       json={"seat": seat or view["seat"], "version": view["version"]})


def stored(client, game_id):
    return client.app.state.db.read(lambda s: s.get(StoredGame, game_id))


def test_a_game_between_two_people_once_over_is_never_undone(client):
    """The record (the seed) is given once the game is over: an undo then would let its
    last player play on knowing every hidden card and future die."""
    alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
    view = client.post("/api/games", headers=alice, json={
        "ruleset": "enemy-attacks", "options": {"players": 2},
        "seats": {"p1": {"kind": "human"}, "p2": {"kind": "human", "player": "bob"}}}).json()
    view = accepted(client, view, "p2", bob, alice)
    players = {"alice": alice, "bob": bob}
    while not view["over"]:
        seat = view["turn"]
        holder = next(s["player"] for s in view["seats"] if s["seat"] == seat)
        view = decide(client, players[holder], client.get(
            f"/api/games/{view['id']}", headers=players[holder], params={"seat": seat}).json())
    last = stored(client, view["id"]).deciders[-1]
    holder = players[next(s["player"] for s in view["seats"] if s["seat"] == last)]
    assert client.get(f"/api/games/{view['id']}/record", headers=holder).status_code == 200
    mine = client.get(f"/api/games/{view['id']}", headers=holder, params={"seat": last}).json()
    assert mine["over"] and not mine["can_undo"]
    refused = undo(client, holder, mine, last)
    assert refused.status_code == 400
    assert refused.json() == {"error": "the game is over; its decisions can no longer be undone"}
    assert stored(client, view["id"]).version == view["version"]
    assert client.get(f"/api/games/{view['id']}", headers=holder).json()["over"]


def test_a_game_lost_against_bots_is_not_undone_either(client):
    alice = sign_up(client, "alice")
    view = client.post("/api/games", headers=alice, json={
        "ruleset": "enemy-attacks", "options": {"players": 1}, "seed": 3}).json()
    while not view["over"]:
        view = decide(client, alice, view)
    assert not view["can_undo"]
    assert undo(client, alice, view).status_code == 400
    assert stored(client, view["id"]).over


def test_the_winner_of_a_forfeit_cannot_undo_and_never_reads_an_inner_message(client):
    view, alice, _ = duel(client, {"total": 30, "expiry": "forfeit"})
    while view["turn"] == "red":
        view = decide(client, alice, view)
    assert upkeep.sweep(client.app.state, now() + timedelta(seconds=31)) == 1
    won = client.get(f"/api/games/{view['id']}", headers=alice).json()
    assert won["over"] and won["result"]["winner"] == "red" and not won["can_undo"]
    refused = undo(client, alice, won, "red")
    assert refused.status_code == 400 and "outside inputs" not in refused.text
    assert refused.json()["error"].startswith("the game is over")


def test_an_undo_takes_back_the_outside_inputs_after_it(client):
    """A cryptids run's end of shop receives its opponent from outside the rules: the
    undo forgets it (the stored record keeps only what the game used), and the game is
    the replay of its stored record."""
    alice = sign_up(client, "alice")
    view = client.post("/api/games", headers=alice,
                       json={"ruleset": "cryptids-run", "seed": 1}).json()
    view = decide(client, alice, view, "buy-1-1")
    view = decide(client, alice, view)
    before = view
    view = decide(client, alice, view, "end")
    assert stored(client, view["id"]).record["inputs"]
    assert view["can_undo"]
    undone = undo(client, alice, view)
    assert undone.status_code == 200, undone.text
    assert undone.json()["view"] == before["view"]
    record = stored(client, view["id"]).record
    assert record["inputs"] == [] and len(record["decisions"]) == 2
    assert replay(record).view("player") == undone.json()["view"]
    again = decide(client, alice, undone.json(), "end")  # the shop ends again: a new opponent
    assert again["version"] == undone.json()["version"] + 1


@pytest.mark.parametrize("options, message", [
    ({"sigma": 1e308}, "Sigma: Input should be more than 0 and at most 1000"),
    ({"sigma": 1000.5}, "Sigma: Input should be more than 0 and at most 1000"),
    ({"mu": -1e308}, "Mu: Input should be at least -4000 and at most 4000"),
    ({"mu": 1e308}, "Mu: Input should be at least -4000 and at most 4000"),
    ({"mu": 4000.5}, "Mu: Input should be at least -4000 and at most 4000"),
])
def test_a_rating_out_of_openskills_range_is_refused_at_creation(client, options, message):
    alice = sign_up(client, "alice")
    answer = client.post("/api/games", headers=alice,
                         json={"ruleset": "cryptids-run", "options": options})
    assert answer.status_code == 400 and answer.json() == {"error": message}
    assert client.app.state.db.read(
        lambda s: s.scalar(select(func.count()).select_from(StoredGame))) == 0


@pytest.mark.parametrize("path, value, message", [
    ("shop.rating.mu", 1e308, "set.shop.rating.mu: Input should be less than or equal to 1000"),
    ("shop.rating.sigma", 101, "set.shop.rating.sigma: Input should be less than or equal to "
                               "100"),
    ("shop.rating.sigma_floor", 1e308, "set.shop.rating.sigma_floor: Input should be less "
                                       "than or equal to 100"),
])
def test_a_content_rating_out_of_range_is_refused_to_a_lab_job(client, path, value, message):
    alice = sign_up(client, "alice")
    answer = client.post("/api/lab/jobs", headers=alice, json={
        "kind": "simulate", "ruleset": "cryptids-run", "games": 2, "set": {path: value}})
    assert answer.status_code == 400 and answer.json() == {"error": message}


def test_a_stored_game_that_no_longer_replays_is_gone_never_a_500(db_url):
    """A game stored before the rating's bounds with a sigma past them (as the service
    took then) no longer replays: every call about it says so in a 410."""
    with make_client(db_url) as client:
        alice = sign_up(client, "alice")
        view = client.post("/api/games", headers=alice,
                           json={"ruleset": "cryptids-run", "seed": 1}).json()
        game = stored(client, view["id"])
        record = {**game.record, "options": {**game.record["options"], "sigma": 1e308}}
        client.app.state.db.write(lambda s: s.execute(
            update(StoredGame).where(StoredGame.id == view["id"]).values(record=record)))
    with make_client(db_url) as client:  # (a process that has not kept the game)
        gone = f"game {view['id']} can no longer be rebuilt from its record on this server " \
               f"(this was logged)"
        base = f"/api/games/{view['id']}"
        answers = [client.get(base, headers=alice), client.get(f"{base}/board", headers=alice),
                   client.get(f"{base}/frames", headers=alice),
                   client.get(f"{base}/luck", headers=alice),
                   client.get(f"{base}/record", headers=alice),
                   client.get(f"{base}/watch", params={"key": game.watch_key}),
                   client.post(f"{base}/decisions", headers=alice, json={
                       "seat": "player", "option": "buy-1-1", "version": 0}),
                   undo(client, alice, {"id": view["id"], "seat": "player", "version": 0})]
        assert [(a.status_code, a.json()) for a in answers] == [(410, {"error": gone})] * 8


def test_a_live_stream_of_a_stored_game_that_no_longer_replays_is_gone_too(db_url, caplog):
    """A seat's stream and a spectator's answer 410 with the other calls' message, and the
    server logs one line for each, not a traceback."""
    with make_client(db_url) as client:
        alice = sign_up(client, "alice")
        view = client.post("/api/games", headers=alice, json={
            "ruleset": "cryptids-run", "seed": 1, "public": True}).json()
        game = stored(client, view["id"])
        record = {**game.record, "options": {**game.record["options"], "sigma": 1e308}}
        client.app.state.db.write(lambda s: s.execute(
            update(StoredGame).where(StoredGame.id == view["id"]).values(record=record)))
    with make_client(db_url) as client, caplog.at_level("WARNING", "rulekeeper.server"):
        gone = f"game {view['id']} can no longer be rebuilt from its record on this server " \
               f"(this was logged)"
        answers = []
        for path, headers in ((f"/api/games/{view['id']}/events", alice),
                              (f"/api/games/{view['id']}/watch/events", {})):
            with client.stream("GET", path, headers=headers) as answer:
                answer.read()
                answers.append((answer.status_code, answer.json()))
        assert answers == [(410, {"error": gone})] * 2
        said = [r for r in caplog.records if r.name == "rulekeeper.server"]
        assert [r.getMessage().split(":")[0] for r in said] == [
            f"game {view['id']} does not replay"] * 2
        assert not any(r.exc_info for r in caplog.records)


def test_a_stream_whose_game_stops_replaying_ends_and_its_reconnection_is_gone():
    """A game whose record stops replaying while followed (a change stored by a process of
    another release): its stream ends cleanly (the reconnection is then answered 410)."""
    state = SimpleNamespace(hub=live.Hub(), followers=live.Followers(2, 2), costs=Costs())
    reads = iter([(1, False, "{}")])

    def read(seen):
        message = next(reads, None)
        if message is None:
            raise Gone("game g can no longer be rebuilt from its record on this server")
        return message

    async def sent():
        answer = live.stream(SimpleNamespace(app=SimpleNamespace(state=state)), "g", None,
                             read, live.Sent(0), ("alice",))
        state.hub.wake("g")  # (a change: the stream reads again at once)
        chunks = []
        async for chunk in answer.body_iterator:
            chunks.append(chunk)
            state.hub.wake("g")
        return chunks

    assert alone(asyncio.wait_for(sent(), 5)) == [
        f"retry: {live.RETRY_MS}\n\n", "id: 1\nevent: view\ndata: {}\n\n"]
    assert state.hub.streams == 0


def test_a_join_refused_for_its_language_takes_no_seat(client):
    alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
    view = client.post("/api/games", headers=alice, json={
        "ruleset": "dire-alliance-battle", "seats": {"blue": {"kind": "open"}}}).json()
    invite = next(s["invite"] for s in view["seats"] if s["seat"] == "blue")
    body = {"seat": "blue", "invite": invite}
    refused = client.post(f"/api/games/{view['id']}/join", headers=bob, json=body,
                          params={"lang": "zz"})
    assert refused.status_code == 400 and refused.json()["error"].startswith(
        "lang 'zz' is not available")
    row = stored(client, view["id"])
    assert row.version == 0 and row.open_seats == 1
    joined = client.post(f"/api/games/{view['id']}/join", headers=bob, json=body)
    assert joined.status_code == 200 and joined.json()["version"] == 1


def test_no_error_names_a_file_of_the_server_or_a_command_line_flag(client):
    alice = sign_up(client, "alice")
    record = client.post("/api/games", headers=alice, json={
        "ruleset": "cryptids", "seed": 1}).json()
    log = client.get(f"/api/games/{record['id']}/record", headers=alice).text
    first = json.loads(log.splitlines()[0])["record"]

    def job(ruleset, **body):
        return client.post("/api/lab/jobs", headers=alice,
                           json={"kind": "simulate", "ruleset": ruleset, "games": 2, **body})

    answers = {
        "bigfoot": job("cryptids", set={"cryptids.cryptids.bigfoot.hp": 5000}),
        "twice": job("cryptids", set={"cryptids.cryptids.0.id": "chupacabra"}),
        "bands": job("cryptids-run", set={"shop.matchmaking.bands": [4, 2]}),
        "left": job("cryptids", options={"left": 5}),
        "nowhere": job("cryptids", set={"cryptids.nobody": 5}),
        "replayed": client.post("/api/replay", headers=alice, json={
            **first, "content_set": {"cryptids.cryptids.bigfoot.hp": 5000}}),
        "replayed twice": client.post("/api/replay", headers=alice, json={
            **first, "content_set": {"cryptids.cryptids.0.id": "chupacabra"}}),
        "replayed left": client.post("/api/replay", headers=alice, json={
            **first, "options": {"left": 5}}),
        "luck": client.post("/api/luck", headers=alice, json={**first, "options": {"left": 5}}),
    }
    said = {name: (a.status_code, a.json()["error"]) for name, a in answers.items()}
    for name, (status, error) in said.items():
        assert status == 400, (name, error)
        assert SOURCE not in error and "/content" not in error and "--" not in error, error
    assert said["bigfoot"][1] == ("set.cryptids.cryptids.bigfoot.hp: Input should be less "
                                  "than or equal to 999")
    assert said["left"][1] == "options.left: Input should be a valid string"
    assert said["replayed"][1].startswith("content_set.cryptids.cryptids.bigfoot.hp: ")
    assert "options.left: Input should be a valid string" in said["replayed left"][1]
    assert "options.left: Input should be a valid string" in said["luck"][1]
    assert said["twice"][1].startswith("set.cryptids.cryptids.0.id: cryptid id 'chupacabra' "
                                       "appears twice")  # the value changed, not its file
    assert said["bands"][1].startswith("set.shop.matchmaking.bands: "), said["bands"]


@pytest.mark.parametrize("kind", ["application/JSON", "Application/Json; charset=UTF-8"])
def test_the_json_checks_read_the_content_type_in_any_case(client, kind):
    alice = sign_up(client, "alice")
    answer = client.post("/api/games", headers={**alice, "Content-Type": kind},
                         content='{"ruleset": "cryptids-run", "options": {"mu": NaN}}')
    assert answer.status_code == 422
    assert answer.json() == {"error": "NaN is not a JSON number (numbers must be finite)"}


def test_a_body_that_is_not_utf8_is_a_documented_422(client):
    alice = sign_up(client, "alice")
    answer = client.post("/api/games", headers={**alice, "Content-Type": "application/json"},
                         content=b'{"ruleset": "cryptids\xff"}')
    assert answer.status_code == 422
    assert answer.json() == {"error": "the body is not UTF-8 text (JSON is)"}


def test_a_stored_run_that_no_longer_replays_is_gone_too(db_url):
    with make_client(db_url) as client:
        alice = sign_up(client, "alice")
        run = client.post("/api/runs", headers=alice).json()
        row = client.app.state.db.read(lambda s: s.get(StoredRun, run["id"]))
        record = {**row.record, "options": {**row.record["options"], "mu": -1e308}}
        client.app.state.db.write(lambda s: s.execute(
            update(StoredRun).where(StoredRun.id == run["id"]).values(record=record)))
    with make_client(db_url) as client:
        answer = client.get(f"/api/runs/{run['id']}", headers=alice)
        assert answer.status_code == 410 and answer.json() == {"error": (
            f"run {run['id']} can no longer be rebuilt from its record on this server (this "
            f"was logged)")}


def test_a_stored_battle_that_no_longer_replays_is_gone_but_the_same_file_is_a_400(db_url):
    """A battle stored by an older release that this one no longer reproduces: each call
    about it is a 410; the same record sent as a file is the sender's input, a 400."""
    with make_client(db_url) as client:
        alice = sign_up(client, "alice")
        battle = play_shop(client, alice, client.post("/api/runs", headers=alice).json())["battle"]
        row = client.app.state.db.read(lambda s: s.get(StoredBattle, battle["id"]))
        record = {**row.record, "events_digest": "0" * 16}
        client.app.state.db.write(lambda s: s.execute(
            update(StoredBattle).where(StoredBattle.id == battle["id"]).values(record=record)))
        gone = f"battle {battle['id']} can no longer be rebuilt from its record on this server " \
               f"(this was logged)"
        base = f"/api/battles/{battle['id']}"
        answers = [client.get(base, headers=alice), client.get(f"{base}/frames", headers=alice),
                   client.get(f"{base}/record", headers=alice)]
        assert [(a.status_code, a.json()) for a in answers] == [(410, {"error": gone})] * 3
        sent = client.post("/api/replay", headers=alice, json={"format": 3, "record": record})
        assert (sent.status_code, sent.json()) == (400, {
            "error": "the replayed events differ from the recorded ones"})
        # the cryptids page asks in its language: its refusals come back in it
        french = [client.get(f"{base}?lang=fr", headers=alice),
                  client.get(f"{base}/frames?lang=fr", headers=alice)]
        gone = f"la bataille {battle['id']} ne peut plus être reconstruite depuis son " \
               f"enregistrement sur ce serveur (c'est consigné dans le journal)"
        assert [(a.status_code, a.json()) for a in french] == [(410, {"error": gone})] * 2
        nobody = "/api/battles/nobody-1"
        unknown = [client.get(f"{nobody}?lang=fr", headers=alice),
                   client.get(f"{nobody}/frames?lang=fr", headers=alice),
                   client.get(f"{nobody}/odds?lang=fr", headers=alice),
                   client.post(f"{nobody}/seen?lang=fr", headers=alice)]
        assert [(a.status_code, a.json()["error"]) for a in unknown] == [
            (404, "pas de bataille 'nobody-1' à vous")] * 4
