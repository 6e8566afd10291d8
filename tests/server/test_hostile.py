"""Issue 30: requests of a hostile client. Each is refused in one clear 4xx, before any work,
with nothing stored; no request names a file of the server; no bot offered is a 500."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest
import uvicorn
from sqlalchemy import func, select

from rulekeeper.core import registry
from rulekeeper.core.content import CONTENTS_KEPT
from rulekeeper.core.files import REFUSED
from rulekeeper.core.game import new_game
from rulekeeper.server.app import create_app
from rulekeeper.server.config import Settings
from rulekeeper.server.models import StoredGame
from tests.server.conftest import make_client, sign_up

JSON = {"content-type": "application/json"}


def stored_games(client) -> int:
    return client.app.state.db.read(
        lambda s: s.scalar(select(func.count()).select_from(StoredGame)))


@pytest.fixture
def alice(client):
    return sign_up(client, "alice")


def team_file(folder):
    """A valid team file (a request that read it would start a game with it)."""
    path = folder / "team.yaml"
    path.write_text("name: mine\ncryptids:\n  - {cryptid: dahu}\n", encoding="utf-8")
    return path


def test_no_option_or_record_names_a_file_whatever_exists_on_disk(client, alice, tmp_path):
    team = team_file(tmp_path)
    yaml_folder = registry.load("cryptids").content_dir
    teams = [str(team), str(tmp_path / "missing.yaml"), "/etc/passwd", "Passwd", "../team"]
    answers = []
    for left in teams:
        answers.append(client.post("/api/games", headers=alice,
                                   json={"ruleset": "cryptids", "options": {"left": left}}))
        answers.append(client.get("/api/rulesets/cryptids/seats", headers=alice,
                                  params={"options": json.dumps({"left": left})}))
    for folder in (tmp_path / "missing", team, tmp_path, yaml_folder):
        record = {"ruleset": "cryptids-v1", "content_dir": str(folder), "content_digest": "x",
                  "seed": 1}
        answers.append(client.post("/api/replay", headers=alice, json=record))
        answers.append(client.post("/api/replay", headers=alice, json={
            "format": 2, "record": record}))
    assert [(a.status_code, a.json()) for a in answers] == [(400, {"error": REFUSED})] * len(
        answers)
    assert stored_games(client) == 0


def test_a_team_carried_by_a_request_is_never_read_from_the_file_it_names(client, alice,
                                                                         tmp_path):
    """A record's team comes with the file it was read from, or the snapshot it comes from
    (a run's battles): on the server that name only labels the team it carries."""
    named = tmp_path / "named.yaml"
    answers = []
    for on_disk in ("name: other\ncryptids:\n  - {cryptid: kappa}\n", "[not: yaml", None):
        if on_disk is None:
            named.unlink()
        else:
            named.write_text(on_disk, encoding="utf-8")
        for team in ({"name": "x", "cryptids": [{"cryptid": "dahu"}]},
                     {"name": "x", "cryptids": [{"cryptid": "no-such-cryptid"}]}):
            answer = client.post("/api/games", headers=alice, json={
                "ruleset": "cryptids", "seed": 1,
                "options": {"left": {"file": str(named), "team": team}}})
            view = answer.json()
            answers.append((answer.status_code, view.get("error") or view["view"]["state"]))
    assert answers[0][0] == 201 and answers[1][0] == 400
    assert str(named) in answers[1][1] and "no-such-cryptid" in answers[1][1]
    assert answers == answers[:2] * 3  # the same, whatever the named file holds


@pytest.mark.parametrize("body, message", [
    ('{"ruleset": "cryptids-run", "options": {"mu": NaN}}', "NaN is not a JSON number"),
    ('{"ruleset": "cryptids-run", "options": {"mu": Infinity}}', "Infinity is not a JSON"),
    ('{"ruleset": "cryptids-run", "options": {"mu": -Infinity}}', "-Infinity is not a JSON"),
    ('{"ruleset": "cryptids-run", "options": {"mu": 1e400}}', "1e400 is too large a number"),
    ('{"ruleset": "cryptids-run", "seed": ' + "9" * 5000 + "}", "a number has 5000 digits"),
    ('{"ruleset": "cryptids", "options": ' + "[" * 3000 + "]" * 3000 + "}",
     "the body is nested more than 32 deep"),
])
def test_json_python_reads_but_the_api_refuses_is_a_422(client, alice, body, message):
    for kind in (JSON, {}):  # FastAPI reads a body without a type as JSON too
        answer = client.post("/api/games", headers={**alice, **kind}, content=body)
        assert answer.status_code == 422 and answer.json()["error"].startswith(message)
    assert stored_games(client) == 0


@pytest.mark.parametrize("mu", ["NaN", "inf", "-Infinity"])
def test_a_number_option_that_is_not_finite_is_refused_before_any_work(client, alice, mu):
    answer = client.post("/api/games", headers=alice,
                         json={"ruleset": "cryptids-run", "options": {"mu": mu}})
    assert answer.status_code == 400  # the form's words; a number as text: refused as text
    assert answer.json()["error"] == f'Mu: Input should be a valid number, not "{mu}"'
    assert stored_games(client) == 0
    assert client.get("/api/games", headers=alice).json() == []


@pytest.mark.parametrize(("body", "message"), [
    ({"ruleset": "cryptids", "seed": True}, "seed: Input should be a valid integer"),
    ({"ruleset": "cryptids", "seed": "5"}, "seed: Input should be a valid integer"),
    ({"ruleset": "cryptids", "seed": 5.0}, "seed: Input should be a valid integer"),
    ({"ruleset": "cryptids", "public": "yes"}, "public: Input should be a valid boolean"),
    ({"ruleset": "cryptids", "public": 1}, "public: Input should be a valid boolean"),
    ({"ruleset": "dire-alliance-battle", "clock": {"decision": True}},
     "clock.decision: Input should be a valid integer"),
    ({"ruleset": "dire-alliance-battle", "clock": {"total": "600"}},
     "clock.total: Input should be a valid integer"),
    ({"ruleset": "combat-encounter", "options": {"time_limit": True}},
     "Time limit: Input should be a valid integer, not true"),
    ({"ruleset": "combat-encounter", "options": {"players": "3"}},
     'Players: Input should be a valid integer, not "3"'),
    ({"ruleset": "cryptids-run", "options": {"sigma": False}},
     "Sigma: Input should be a valid number, not false"),
])
def test_a_number_given_as_text_or_true_false_is_refused(client, alice, body, message):
    """Found by a hostile client: ``"clock": {"decision": true}`` made a clock of 1 s a
    decision, ``"seed": true`` seed 1, ``"time_limit": true`` a limit of 1 (the record kept
    ``true``): booleans are not numbers here, as in content files and ``--set``."""
    answer = client.post("/api/games", headers=alice, json=body)
    assert answer.status_code in (400, 422) and answer.json()["error"].startswith(message), \
        answer.text
    assert stored_games(client) == 0
    seats = client.get(f"/api/rulesets/{body['ruleset']}/seats",
                       params={"options": json.dumps(body.get("options", {}))})
    assert seats.status_code == (400 if "options" in body else 200)


def test_a_version_or_round_given_as_text_or_true_false_is_refused(client, alice):
    view = client.post("/api/games", headers=alice,
                       json={"ruleset": "dire-alliance-battle", "seed": 1}).json()
    option = view["view"]["pending"]["options"][0]["id"]
    for version in (False, "0", 0.0):
        for path, body in (("decisions", {"seat": "red", "option": option}),
                           ("undo", {"seat": "red"})):
            answer = client.post(f"/api/games/{view['id']}/{path}", headers=alice,
                                 json={**body, "version": version})
            assert answer.status_code == 422, answer.text
            assert answer.json()["error"] == "version: Input should be a valid integer"
    assert client.get(f"/api/games/{view['id']}", headers=alice).json()["version"] == 0
    run = client.post("/api/runs", headers=alice).json()
    for path, body in (("actions", {"action": "reroll", "version": False}),
                       ("end-shop", {"version": "0"}), ("empty-row-seen", {"round": True})):
        answer = client.post(f"/api/runs/{run['id']}/{path}", headers=alice, json=body)
        assert answer.status_code == 422 and "should be a valid integer" in answer.text
    assert client.get(f"/api/runs/{run['id']}", headers=alice).json()["version"] == 0
    job = client.post("/api/lab/jobs", headers=alice, json={
        "kind": "simulate", "ruleset": "combat-encounter", "games": 10,
        "options": {"time_limit": True}})
    assert job.status_code == 400
    assert job.json()["error"] == "options.time_limit: Input should be a valid integer, not true"


def test_a_game_without_a_seat_for_its_creator_is_refused_before_any_work(client, alice):
    bob = sign_up(client, "bob")
    for seats in ({"red": {"kind": "bot"}, "blue": {"kind": "bot"}},
                  {"red": {"kind": "human", "player": "bob"}, "blue": {"kind": "bot"}}):
        answer = client.post("/api/games", headers=alice,
                             json={"ruleset": "dire-alliance-battle", "seats": seats})
        assert answer.status_code == 400
        assert answer.json()["error"].startswith("seats: you hold no seat")
    assert stored_games(client) == 0
    assert client.get("/api/games", headers=bob).json() == []


def test_no_bot_offered_makes_a_500(client, alice):
    """Every bot ``GET /api/rulesets`` offers, in every seat: a game, or a clear 400."""
    for info in client.get("/api/rulesets", headers=alice).json():
        seats = info["seats"][:info["min_seats"]]
        if len(seats) < 2:
            continue
        for bot in info["bots"]:
            for seat in seats:
                spec = {s: {"kind": "bot", "bot": bot} if s == seat else {"kind": "human"}
                        for s in seats}
                answer = client.post("/api/games", headers=alice, json={
                    "ruleset": info["id"], "seats": spec, "seed": 3})
                assert answer.status_code in (201, 400), (info["id"], bot, answer.text)
                view = answer.json()
                if answer.status_code == 400:
                    assert view["error"].startswith(f"seats.{seat}: "), view
                    continue
                pending = view["view"]["pending"]
                if pending:  # a person's decision: then the bot answers it
                    decided = client.post(f"/api/games/{view['id']}/decisions", headers=alice,
                                          json={"seat": view["seat"], "version": view["version"],
                                                "option": pending["options"][0]["id"]})
                    assert decided.status_code in (200, 400), (info["id"], bot, decided.text)


def _request(sock: socket.socket, path: str) -> bytes:
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length")))
    while len(body) < length:
        body += sock.recv(4096)
    return head


def test_after_a_500_the_connection_serves_the_next_request(db_url):
    app = create_app(Settings(db_url=db_url, bot_pool=False))

    @app.get("/api/boom")
    def boom() -> None:
        raise RuntimeError("a bug")

    # the test's own socket, bound here: a port found free, then bound by the server, could
    # be taken between the two by another worker's connection (the server then never started,
    # and the test waited for it for ever)
    listening = socket.create_server(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="critical"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 60
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            assert _request(sock, "/api/boom").startswith(b"HTTP/1.1 500")
            assert _request(sock, "/api/health").startswith(b"HTTP/1.1 200")
    finally:
        server.should_exit = True
        thread.join(10)
        listening.close()


def test_distinct_contents_in_requests_keep_memory_bounded(client, alice):
    """Each record's ``content_set`` loads a content: the ruleset keeps only the last ones,
    answered or refused."""
    ruleset = registry.load("cryptids")
    for hp in range(2, 2 + 2 * CONTENTS_KEPT):
        game = new_game("cryptids", seed=1, content_set={"cryptids.cryptids.dahu.hp": hp})
        record = game.record().model_dump(mode="json")
        assert client.post("/api/replay", headers=alice, json=record).status_code == 200
        broken = {**record, "content_digest": "0" * 16}
        assert client.post("/api/replay", headers=alice, json=broken).status_code == 400
    assert len(ruleset.library.loaded) <= CONTENTS_KEPT
    assert len(ruleset._prepared) <= CONTENTS_KEPT


def run_against(hp: int) -> dict:
    """A cryptids run's record after its first battle, its opponent's cryptids set at ``hp``."""
    run = new_game("cryptids-run", seed=3)
    run.step(next(o.id for o in run.pending.options if o.id.startswith("buy")))
    if run.pending.kind == "ability":
        run.step(run.pending.options[0].id)
    run.step("end")
    record = run.record().model_dump(mode="json")
    for fielded in record["inputs"][0]["value"]["opponent"]["row"]:
        fielded["hp"] = hp
    return {**record, "events_digest": None}


def test_a_run_whose_opponent_breaks_the_bounds_of_content_is_refused(client, alice):
    answer = client.post("/api/replay", headers=alice, json=run_against(hp=10**9))
    assert answer.status_code == 400
    assert answer.json()["error"].endswith("the opponent input is not a match: row.0.hp: Input "
                                           "should be less than or equal to 999")
    assert client.post("/api/replay", headers=alice, json=run_against(hp=7)).status_code == 200


@pytest.mark.timeout(60)  # a stream served by mistake would never end
def test_a_stream_opened_with_a_token_rotated_on_another_process_is_a_401_at_once(db_url):
    """A process trusts a token it checked for a few seconds; a stream's opening asks the
    database. (Found by a hostile client: reconnecting with a token rotated on another
    process got an empty 200 stream for up to 5 s, which a browser's EventSource takes as
    a stream to reconnect to, before the 401.)"""
    with make_client(db_url) as one, make_client(db_url, bot_pool=False) as two:
        erin = sign_up(one, "erin")
        view = one.post("/api/games", headers=erin, json={"ruleset": "dire-alliance-battle"})
        assert view.status_code == 201, view.text
        url = f"/api/games/{view.json()['id']}/events"
        assert one.get("/api/players/me", headers=erin).status_code == 200  # one knows it now
        assert two.post("/api/players/me/token", headers=erin).status_code == 200
        refused = one.get(url, headers=erin)
        assert refused.status_code == 401, refused.text
        assert refused.json() == {"error": "unknown token"}


@pytest.mark.parametrize("url", [
    "/api/games/%00", "/api/games/a%00b/invitation?seat=blue&invite=x", "/api/runs/%00",
    "/api/battles/%00", "/api/lab/jobs/%00", "/api/games/g/watch?key=%00",
    "/api/lobby?ruleset=a%00",
])
def test_a_nul_character_in_the_address_is_a_422(client, alice, url):
    """No id or parameter holds a NUL character, and PostgreSQL's text refuses one. (Found
    by a hostile client: on PostgreSQL, ``GET /api/games/%00`` and the other reads by id
    were 500s.)"""
    refused = client.get(url, headers=alice)
    assert refused.status_code == 422, refused.text
    assert refused.json() == {"error": "the address holds a NUL character (%00), which no "
                                       "id or parameter has"}


@pytest.mark.parametrize("body, message", [
    ('{"ruleset": "cryptids-run", "options": {"mu": NaN}}', "NaN is not a JSON number"),
    ('{"ruleset": "cryptids", "options": ' + "[" * 3000 + "]" * 3000 + "}",
     "the body is nested more than 32 deep"),
])
def test_a_second_content_type_does_not_hide_a_json_body(client, alice, body, message):
    """FastAPI reads a body as JSON by the first Content-Type; the checks before the app
    read every one. (Found by a hostile client: ``Content-Type: application/json`` then
    ``Content-Type: text/plain`` took the JSON body past the checks, NaN and nesting 3,000
    deep included.)"""
    headers = [*alice.items(), ("content-type", "application/json"),
               ("content-type", "text/plain")]
    refused = client.post("/api/games", content=body, headers=headers)
    assert refused.status_code == 422, refused.text
    assert message in refused.json()["error"]
    assert stored_games(client) == 0


def test_a_body_sent_without_its_length_is_cut_at_the_bound(client):
    """A body sent in chunks, with no Content-Length, is counted as it comes: past the
    bound it is a 413, as a body that declares its length."""

    def chunks():
        for _ in range(10):
            yield b'"' + b"x" * 9_998 + b'"'

    refused = client.post("/api/players", content=chunks(),
                          headers={"Content-Type": "application/json"})
    assert refused.status_code == 413, refused.text
    assert refused.json()["error"].startswith("the request body is larger than")
