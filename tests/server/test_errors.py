"""Every bad body, parameter or route gets a 4xx JSON error with one message; never a 500."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from rulekeeper.server.models import StoredGame, StoredRun
from tests.server.conftest import sign_up

JSON = {"content-type": "application/json"}


@pytest.fixture
def game(client):
    """alice's game (GAME in the paths below) and run (RUN)."""
    alice = sign_up(client, "alice")
    view = client.post("/api/games", json={"ruleset": "dire-alliance-battle", "seed": 1},
                       headers=alice).json()
    run = client.post("/api/runs", headers=alice).json()
    return client, alice, view["id"], run["id"]


BAD = [
    # (method, path, body (raw bytes or JSON), expected status, error starts with)
    ("post", "/api/players", b"{not json", 422, "the body is not valid JSON"),
    ("post", "/api/players", b"[1, 2]", 422, "the body must be a JSON object"),
    ("post", "/api/players", None, 422, "a JSON body is required"),
    ("post", "/api/players", {"name": 5}, 422, "name: "),
    ("post", "/api/players", {"name": "ok", "extra": 1}, 201, ""),
    ("post", "/api/players", {"name": "x" * 70_000}, 413, "the request body is larger than"),
    ("post", "/api/games", {"ruleset": "nope"}, 400, "unknown ruleset 'nope'"),
    ("post", "/api/games", {"ruleset": "cryptids", "options": {"left": "../secret.yaml"}}, 400,
     "a request cannot name a file or folder of the server"),
    ("post", "/api/games", {"ruleset": "cryptids", "options": {"left": "nobody"}}, 400,
     "Left: 'nobody' is not one of French Legends"),
    ("post", "/api/games", {"ruleset": "dire-alliance-battle", "scenario": "zzz"}, 400,
     "dire-alliance-battle-v3 has no scenario 'zzz'"),
    ("post", "/api/games", {"ruleset": "dire-alliance-battle", "rulings": {"x": "y"}}, 400,
     "unknown ruling 'x'"),
    ("post", "/api/games", {"ruleset": "dire-alliance-battle", "seats": {"green": {
        "kind": "human"}}}, 400, "seats: dire-alliance-battle-v3 has no seat 'green'"),
    ("post", "/api/games", {"ruleset": "dire-alliance-battle", "seats": {"blue": {
        "kind": "bot", "bot": "genius"}}}, 400, "seats.blue: no bot 'genius'"),
    ("post", "/api/games", {"ruleset": "dire-alliance-battle", "seats": {"blue": {
        "kind": "human", "player": "nobody"}}}, 400, "seats.blue: no player is called"),
    ("post", "/api/games", {"ruleset": "dire-alliance-battle", "seats": {"blue": {
        "kind": "alien"}}}, 422, "seats.blue.kind: "),
    ("post", "/api/games", {"ruleset": "dire-alliance-battle", "seed": -1}, 422, "seed: "),
    ("post", "/api/games", {"ruleset": "dire-alliance-battle", "seed": 2**70}, 422, "seed: "),
    ("post", "/api/games", {"ruleset": "enemy-attacks", "options": {"players": 99}}, 400,
     "Players: "),
    ("post", "/api/games", {"ruleset": "enemy-attacks", "options": {"players": "many"}}, 400,
     "Players: "),
    ("post", "/api/games", {"ruleset": "enemy-attacks", "scenario": "gallery-ambush",
                            "options": {"players": 3}}, 400,
     "Players: at most 2 in this scenario (one Hero each), not 3"),
    ("post", "/api/games", {"ruleset": "combat-encounter", "options": {
        "characters": ["knight", "knight"]}}, 400, "characters: a character is named twice"),
    ("post", "/api/games", {"ruleset": "combat-encounter", "options": {
        "start": "random", "target": "p2"}}, 400, "a random start draws the initiating pair"),
    ("post", "/api/games?lang=de", {"ruleset": "cryptids"}, 400, "lang 'de' is not available"),
    ("get", "/api/games/GAME?lang=" + "x" * 9, None, 422, "query.lang: "),
    ("get", "/api/games/GAME?since=-1", None, 422, "query.since: "),
    ("get", "/api/games/GAME?since=abc", None, 422, "query.since: "),
    ("get", "/api/games/GAME?seat=green", None, 404, "game GAME has no seat 'green'"),
    ("get", "/api/games?limit=0", None, 422, "query.limit: "),
    ("get", "/api/games/" + "g" * 33, None, 422, "path.game_id: "),
    ("post", "/api/games/GAME/decisions", {"seat": "red", "option": "nope", "version": 0}, 400,
     "'nope' is not an option of 'play-card'"),
    ("post", "/api/games/GAME/decisions", {"seat": "red", "option": "x", "version": -1}, 422,
     "version: "),
    ("post", "/api/games/GAME/decisions", {"seat": "red", "version": 0}, 422, "option: "),
    ("post", "/api/games/GAME/decisions", {"seat": "red", "option": "x", "version": "1"}, 422,
     "version: Input should be a valid integer"),  # a number as text is not one
    ("post", "/api/games/GAME/decisions", {"seat": "red", "option": "x", "version": 7}, 409,
     "version 7 is ahead: game GAME is only at version 0"),
    ("post", "/api/games/GAME/undo", {"seat": "red", "version": 0}, 400,
     "red has no decision to undo"),
    ("post", "/api/games/GAME/undo", {"seat": "red", "version": 0, "x": 1}, 422, "x: "),
    ("post", "/api/runs/RUN/actions", {"action": "buy-1-9", "version": 0}, 400,
     "buy-1-9: "),
    ("post", "/api/runs/RUN/actions", {"action": "", "version": 0}, 422, "action: "),
    ("post", "/api/runs/RUN/actions", {"action": "x" * 41, "version": 0}, 422, "action: "),
    ("post", "/api/runs/RUN/actions", {"action": "reroll"}, 422, "version: "),
    ("post", "/api/runs/RUN/actions", {"action": "reroll", "version": 3}, 409,
     "version 3 is ahead: run RUN is only at version 0"),
    ("post", "/api/runs/RUN/end-shop", {"version": 0, "dice": [6, 6]}, 422, "dice: "),
    ("post", "/api/runs/RUN/end-shop", {"version": 1}, 409,
     "version 1 is ahead: run RUN is only at version 0"),
    ("get", "/api/runs/nope", None, 404, "no run 'nope' of yours"),
    ("get", "/api/runs/RUN/record", None, 403, "the run's record is given once"),
    ("get", "/api/battles/nope", None, 404, "no battle 'nope' of yours"),
    ("get", "/api/players/no%20one", None, 422, "path.name: "),
    ("get", "/api/players/nobody", None, 404, "no player is called 'nobody'"),
    ("get", "/api/leaderboard?limit=1000", None, 422, "query.limit: "),
    ("post", "/api/players", {"name": "bot-7"}, 400, "the name 'bot-7' is kept"),
    ("put", "/api/games", None, 405, "this route does not take that method"),
    ("get", "/api/nothing", None, 404, "no such page or API route"),
]


@pytest.mark.parametrize("method, path, body, status, message", BAD,
                         ids=[f"{m} {p[:40]} {status}" for m, p, _, status, _ in BAD])
def test_a_bad_request_gets_one_clear_error(game, method, path, body, status, message):
    client, alice, game_id, run_id = game
    kwargs = {"headers": alice}
    if isinstance(body, bytes):
        kwargs = {"headers": {**alice, **JSON}, "content": body}
    elif body is not None:
        kwargs["json"] = body
    def ids(text):
        return text.replace("GAME", game_id).replace("RUN", run_id)

    before = client.app.state.db.read(lambda s: (
        s.scalar(select(func.count()).select_from(StoredGame)),
        s.scalar(select(StoredRun.version).where(StoredRun.id == run_id))))
    response = getattr(client, method)(ids(path), **kwargs)
    assert response.status_code == status, response.text
    after = client.app.state.db.read(lambda s: (
        s.scalar(select(func.count()).select_from(StoredGame)),
        s.scalar(select(StoredRun.version).where(StoredRun.id == run_id))))
    assert after == before or status < 400  # a refused request changes nothing
    if status >= 400:
        error = response.json()["error"]
        assert isinstance(error, str) and error.startswith(ids(message))
        assert "Traceback" not in error and "\n" not in error
        assert "--" not in error  # the page's words, never a command line's flags


OPEN = {"/api/runs/rules"}
"""Routes under those prefixes anyone may read, signed in or not (the how-to's numbers)."""


def test_the_openapi_docs_are_served_with_every_routes_errors(client):
    assert client.get("/docs").status_code == 200
    spec = client.get("/openapi.json").json()
    assert {"/api/players", "/api/games", "/api/games/{game_id}/decisions"} <= set(spec["paths"])
    assert "HTTPValidationError" not in spec["components"]["schemas"]  # ours is {"error"}
    error = {"$ref": "#/components/schemas/ErrorOut"}
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            refusals = {code: answer for code, answer in operation["responses"].items()
                        if code.startswith("4") or code == "503"}
            assert {"413", "422", "429"} <= set(refusals), (method, path)  # (429: by address)
            if path.startswith(("/api/games", "/api/runs", "/api/battles", "/api/replay")) \
                    and path not in OPEN:
                needed = {"400", "404", "429", "503"} | (  # a spectator needs no token,
                    set() if "/watch" in path or path.endswith("/invitation")  # nor an invitee
                    else {"401"})
                assert needed <= set(refusals), (method, path)
            for answer in refusals.values():
                assert answer["content"]["application/json"]["schema"] == error


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["ruleset", "name", "seat", "option", "version", "seats", "options",
                         "kind", "bot", "player", "seed", "rulings", "scenario", "action",
                         "x"]),
        children, max_size=5),
    max_leaves=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["/api/players", "/api/games", "/api/games/GAME/decisions",
                             "/api/games/GAME/undo", "/api/runs", "/api/runs/RUN/actions",
                             "/api/runs/RUN/end-shop"]), body=json_values)
def test_no_json_body_makes_a_500(game, path, body):
    client, alice, game_id, run_id = game
    response = client.post(path.replace("GAME", game_id).replace("RUN", run_id),
                           headers={**alice, **JSON}, content=json.dumps(body))
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert isinstance(response.json()["error"], str)


@pytest.mark.parametrize(("variable", "value", "message"), [
    ("RULEKEEPER_PAGE_EVENTS", "abc", "$RULEKEEPER_PAGE_EVENTS must be a whole number of 1 or "
                                      "more, not 'abc'"),
    ("RULEKEEPER_WORK_LANES", "-1", "$RULEKEEPER_WORK_LANES must be a whole number of 1 or "
                                    "more, not '-1'"),
    ("RULEKEEPER_WORK_BUDGET", "nan", "$RULEKEEPER_WORK_BUDGET must be a number of seconds "
                                      "more than 0, not 'nan'"),
    ("RULEKEEPER_RATE_LIMIT", "lots", "$RULEKEEPER_RATE_LIMIT must be rate limits such as "
                                      "'10/second;100/minute', not 'lots'"),
    ("RULEKEEPER_OPEN_GAMES", "0", "$RULEKEEPER_OPEN_GAMES must be a whole number of 1 or "
                                   "more, not '0'"),
    ("RULEKEEPER_ADDRESS_GAMES", "1e3", "$RULEKEEPER_ADDRESS_GAMES must be a whole number of "
                                        "1 or more, not '1e3'"),
    ("RULEKEEPER_ADDRESS_GAMES_A_DAY", "0", "$RULEKEEPER_ADDRESS_GAMES_A_DAY must be a whole "
                                            "number of 1 or more, not '0'"),
    ("RULEKEEPER_ADDRESS_RUNS_A_DAY", "many", "$RULEKEEPER_ADDRESS_RUNS_A_DAY must be a "
                                              "whole number of 1 or more, not 'many'"),
    ("RULEKEEPER_LOBBY_DAYS", "-2", "$RULEKEEPER_LOBBY_DAYS must be a number of days more "
                                    "than 0, not '-2'"),
    ("RULEKEEPER_SEARCH_BUDGET", "forever", "$RULEKEEPER_SEARCH_BUDGET must be a search "
                                            "budget such as 1s, 500ms or 200 (iterations), "
                                            "not 'forever'"),
])
def test_serve_refuses_a_bad_setting_in_one_line_before_it_starts(
        capsys, monkeypatch, tmp_path, variable, value, message):
    """A setting the service would trip on is named at once, before the port is looked at
    and anything is started (it was a traceback from the worker, after 'ready')."""
    import socket

    from tests.core.test_cli import run as run_cli

    monkeypatch.setenv(variable, value)
    with socket.socket() as taken:  # (the port comes after the settings)
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run_cli(["serve", "--port", str(port), "--db",
                                  f"sqlite:///{tmp_path / 'never.db'}"], capsys, monkeypatch)
    assert (code, out, err) == (2, "", f"error: {message}\n")
    assert not (tmp_path / "never.db").exists(), "nothing started"
