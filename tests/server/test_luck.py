"""The luck ledger's endpoints: ``GET /api/games/{id}/luck`` (a finished game of yours) and
``POST /api/luck`` (a log file's game)."""

from __future__ import annotations

import json

from rulekeeper.agents import decide, make_agent
from rulekeeper.core.game import new_game, replay
from rulekeeper.core.records import log_lines
from rulekeeper.lab.luck import Judge, ledger
from tests.server.conftest import sign_up


def finished_game(client, me) -> dict:
    """A combat-encounter game of ``me`` (p1) against the bot, played to the end."""
    view = client.post("/api/games", json={"ruleset": "combat-encounter", "seed": 1},
                       headers=me).json()
    for _ in range(60):
        pending = view["view"].get("pending")
        if view.get("result") or view["view"].get("result") or not pending:
            break
        view = client.post(f"/api/games/{view['id']}/decisions", headers=me, json={
            "seat": "p1", "option": pending["options"][0]["id"],
            "version": view["version"]}).json()
    return view


def test_a_finished_games_ledger_is_the_ledger_of_its_record(client):
    me = sign_up(client, "lucky")
    view = finished_game(client, me)
    answer = client.get(f"/api/games/{view['id']}/luck", headers=me)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    log = client.get(f"/api/games/{view['id']}/record", headers=me).text
    record = json.loads(log.splitlines()[0])["record"]
    assert data == ledger(record, Judge(samples=2, max_steps=400)).to_json()
    assert set(data["totals"]) == {"p1", "p2"} and data["rolls"]
    assert all({"step", "kind", "seat", "amount"} <= set(s) for s in data["swings"])
    # a game that is not yours, or none, is 404; bad input a 4xx with one message
    other = sign_up(client, "unlucky")
    assert client.get(f"/api/games/{view['id']}/luck", headers=other).status_code == 404
    assert client.get("/api/games/nope/luck", headers=me).status_code == 404
    assert client.get(f"/api/games/{view['id']}/luck?samples=0", headers=me).status_code == 422
    assert client.get(f"/api/games/{view['id']}/luck?samples=99", headers=me).status_code == 422
    assert client.get(f"/api/games/{view['id']}/luck").status_code == 401


def test_a_game_not_over_too_long_or_broken_is_refused_in_one_message(client):
    me = sign_up(client, "early")
    going = client.post("/api/games", json={"ruleset": "combat-encounter", "seed": 1},
                        headers=me).json()
    refused = client.get(f"/api/games/{going['id']}/luck", headers=me)
    assert refused.status_code == 400 and "not over" in refused.json()["error"]
    game = new_game("enemy-attacks", seed=2)
    while game.pending is not None:
        game.step(decide(make_agent("heuristic", game.ruleset, game.pending.player, 0), game))
    head, *_ = log_lines(game)
    answer = client.post("/api/luck", json=head, headers=me)
    assert answer.status_code == 200 and answer.json()["ruleset"] == "enemy-attacks-v5"
    broken = {**head, "record": {**head["record"], "decisions": ["no-such-option"]}}
    refused = client.post("/api/luck", json=broken, headers=me)
    assert refused.status_code == 400 and "decision 1" in refused.json()["error"]
    assert client.post("/api/luck", json={"hello": 1}, headers=me).status_code == 400
    edited = {**head, "record": {**head["record"], "content_set": {"nope.hp": 3}}}
    refused = client.post("/api/luck", json=edited, headers=me)  # named as /api/replay does
    assert refused.status_code == 400 and "content_set.nope.hp: " in refused.json()["error"]
    long = {**head, "record": {**head["record"],
                               "decisions": head["record"]["decisions"] * 10}}
    assert client.post("/api/luck", json=long, headers=me).status_code in (400, 413)


def test_a_ledger_that_takes_too_long_is_a_413_not_a_lane_held(client, monkeypatch):
    """A hostile record of the most decisions allowed held the single work lane for 9 s (another
    player's call waited behind it): the ledger stops at ``LUCK_SECONDS`` on the clock."""
    from rulekeeper.server.web import api

    me = sign_up(client, "patient")
    view = finished_game(client, me)
    monkeypatch.setattr(api, "LUCK_SECONDS", 0.0)
    refused = client.get(f"/api/games/{view['id']}/luck", headers=me)
    assert refused.status_code == 413
    assert "took more than 0 s" in refused.json()["error"], refused.text


def test_a_swing_names_its_options_by_their_labels_in_the_pages_language(client):
    """A decision's swing said the options' ids (``stow:armor (best: decline)``), in English
    on a French page: it names them by their labels, in the request's language."""
    me = sign_up(client, "labels")
    game = new_game("enemy-attacks", seed=2)
    while game.pending is not None:
        game.step(decide(make_agent("heuristic", game.ruleset, game.pending.player, 0), game))
    head, *_ = log_lines(game)
    said = {lang: client.post(f"/api/luck?lang={lang}", json=head, headers=me).json()
            for lang in ("en", "fr")}
    english = [s for s in said["en"]["swings"] if s["kind"] == "decision"]
    french = [s for s in said["fr"]["swings"] if s["kind"] == "decision"]
    assert english and len(english) == len(french)
    costs = {d["step"]: d for d in said["en"]["decisions"]}
    for swing in english:
        asked = replay_to(game, swing["step"]).pending
        cost = costs[swing["step"]]
        assert swing["chosen"] == asked.option(cost["chosen"]).label
        assert swing["best"] == asked.option(cost["best"]).label
        assert swing["what"] == f"{swing['chosen']} (best: {swing['best']})"
    assert "end the turn" in [s["chosen"] for s in english]
    assert "finir le tour" in [s["chosen"] for s in french]
    assert {s["step"] for s in french} == {s["step"] for s in english}


def replay_to(game, step):
    """The game replayed up to decision ``step`` (its pending decision then)."""
    record = game.record()
    return replay(record.model_copy(update={"decisions": record.decisions[:step],
                                            "events_digest": None}), check=False)
