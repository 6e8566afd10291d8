"""The cryptids online game over HTTP: runs, shop actions, end-shop, battles, ratings."""

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import func, select

from rulekeeper.core.game import replay
from rulekeeper.server.models import StoredBattle, StoredRun, StoredSnapshot
from tests.core.test_cli import run as run_cli
from tests.server.conftest import make_client, sign_up
from tests.server.runs_client import play_shop, shop_action


@pytest.fixture
def lone(db_url):
    """A service whose pool holds only its players' snapshots (no bot players)."""
    with make_client(db_url, bot_pool=False) as client:
        yield client


def count(client, model, *where):
    return client.app.state.db.read(
        lambda s: s.scalar(select(func.count()).select_from(model).where(*where)))


@pytest.mark.rule("rating.change.b")
def test_two_players_play_whole_runs_against_each_others_snapshots(lone, tmp_path, capsys,
                                                                   monkeypatch):
    client = lone
    players = {name: sign_up(client, name) for name in ("alice", "bob")}
    runs = {name: client.post("/api/runs", headers=h).json() for name, h in players.items()}
    met, ended = {"alice": set(), "bob": set()}, {}
    order = ["alice", "bob"]
    while len(ended) < 2:
        for name in order:  # who ends the shop first changes every round
            if name in ended:
                continue
            done = play_shop(client, players[name], runs[name])
            runs[name] = done["run"]
            if done["battle"]:
                met[name].add(done["battle"]["opponent"])
                assert done["battle"]["outcome"] == done["outcome"]
            profile = client.get(f"/api/players/{name}", headers=players[name]).json()
            if runs[name]["over"]:
                ended[name] = runs[name]
                assert profile["mu"] == pytest.approx(
                    runs[name]["result"]["metrics"]["rating.mu"])
            else:  # the rating total is applied only when the run ends
                assert profile["mu"] is None and profile["playing"]
        order.reverse()
    assert met == {"alice": {"bob", "ghost"}, "bob": {"alice", "ghost"}}
    board = client.get("/api/leaderboard").json()
    assert {row["name"] for row in board} == {"alice", "bob"} and board[0]["rank"] == 1
    for name, final in ended.items():
        assert final["over"] and (final["lives"] == 0 or final["victories"] == 10)
        battles = [b for b in final["battles"] if b["id"]]
        assert count(client, StoredBattle, StoredBattle.run_id == final["id"]) == len(battles)
        history = client.get("/api/runs", headers=players[name]).json()
        assert [(h["id"], h["over"]) for h in history] == [(final["id"], True)]
        battle = client.get(f"/api/battles/{battles[-1]['id']}?lang=fr",
                            headers=players[name]).json()
        assert battle["events"][0]["text"].startswith("Bataille : ")
        assert battle["record"]["ruleset"] == "cryptids-v1"
        log = client.get(f"/api/battles/{battles[-1]['id']}/record", headers=players[name])
        (tmp_path / f"{name}.jsonl").write_text(log.text)
        code, out, err = run_cli(["replay", str(tmp_path / f"{name}.jsonl")], capsys, monkeypatch)
        assert code == 0 and "Reproduced cryptids-v1" in out, err
        record = client.get(f"/api/runs/{final['id']}/record", headers=players[name])
        game = replay(json.loads(record.text.splitlines()[0])["record"])
        assert game.over and game.result.metrics["victories"] == final["victories"]


def test_bot_ghosts_seed_the_pool_so_a_lone_player_meets_opponents_at_once(client):
    alice = sign_up(client, "alice")
    assert count(client, StoredSnapshot, StoredSnapshot.round == 1) >= 4
    done = play_shop(client, alice, client.post("/api/runs", headers=alice).json())
    assert done["battle"]["opponent"].startswith("bot-") and not done["battle"]["ghost"]
    assert count(client, StoredSnapshot, StoredSnapshot.player == "alice") == 1


def test_one_run_at_a_time_and_a_repeated_start_returns_it(client):
    alice = sign_up(client, "alice")
    first = client.post("/api/runs", headers=alice)
    again = client.post("/api/runs", headers=alice)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]
    assert count(client, StoredRun) == 1


def test_a_stale_version_gets_409_and_a_repeat_gets_the_same_answer(client):
    alice = sign_up(client, "alice")
    run = client.post("/api/runs", headers=alice).json()
    body = {"action": shop_action(run), "version": 0}
    first = client.post(f"/api/runs/{run['id']}/actions", json=body, headers=alice)
    repeat = client.post(f"/api/runs/{run['id']}/actions", json=body, headers=alice)
    assert first.status_code == repeat.status_code == 200 and repeat.json() == first.json()
    stale = client.post(f"/api/runs/{run['id']}/actions", json={"action": "reroll", "version": 0},
                        headers=alice)
    assert stale.status_code == 409
    assert stale.json()["error"] == f"version 0 is stale: run {run['id']} is at version 1"
    ended = client.post(f"/api/runs/{run['id']}/end-shop", json={"version": 0}, headers=alice)
    assert ended.status_code == 409


def test_end_shop_sent_many_times_at_once_gives_one_battle(client):
    alice = sign_up(client, "alice")
    run = client.post("/api/runs", headers=alice).json()
    while (action := shop_action(run)) is not None:
        run = client.post(f"/api/runs/{run['id']}/actions", headers=alice,
                          json={"action": action, "version": run["version"]}).json()
    url, body = f"/api/runs/{run['id']}/end-shop", {"version": run["version"]}
    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(lambda _: client.post(url, json=body, headers=alice), range(6)))
    assert {a.status_code for a in answers} <= {200, 409}
    battles = {a.json()["battle"]["id"] for a in answers if a.status_code == 200}
    assert len(battles) == 1
    assert count(client, StoredBattle, StoredBattle.run_id == run["id"]) == 1
    assert count(client, StoredSnapshot, StoredSnapshot.run == run["id"]) == 1
    stored = client.app.state.db.read(lambda s: s.get(StoredRun, run["id"]))
    assert stored.version == run["version"] + 1 and stored.round == 2


@pytest.mark.parametrize("action, message", [
    ("buy-9-1", "buy-9-1: there is no offer 9"),
    ("sell-1", "sell-1: "),
    ("end", "the shop is ended by POST /api/runs/{id}/end-shop"),
    ("fly-away", "fly-away: "),
])
def test_an_illegal_shop_action_is_refused_before_anything_changes(client, action, message):
    alice = sign_up(client, "alice")
    run = client.post("/api/runs", headers=alice).json()
    refused = client.post(f"/api/runs/{run['id']}/actions",
                          json={"action": action, "version": 0}, headers=alice)
    assert refused.status_code == 400 and refused.json()["error"].startswith(message)
    assert client.get(f"/api/runs/{run['id']}", headers=alice).json() == run


def test_nobody_reads_or_acts_on_another_players_run(db_url):
    with make_client(db_url, bot_pool=False) as client:
        alice, bob, carol = (sign_up(client, n) for n in ("alice", "bob", "carol"))
        run = client.post("/api/runs", headers=alice).json()
        done = play_shop(client, alice, run)  # alice meets a ghost: nobody else has a row
        bob_run = client.post("/api/runs", headers=bob).json()
        bob_done = play_shop(client, bob, bob_run)  # bob meets alice's snapshot
        assert bob_done["battle"]["opponent"] == "alice"
        rid, version = run["id"], done["run"]["version"]
        for method, path, body in [
                ("get", f"/api/runs/{rid}", None),
                ("post", f"/api/runs/{rid}/actions", {"action": "reroll", "version": version}),
                ("post", f"/api/runs/{rid}/end-shop", {"version": version}),
                ("get", f"/api/runs/{rid}/record", None)]:
            for stranger in (bob, carol):
                answer = getattr(client, method)(path, headers=stranger,
                                                 **({"json": body} if body else {}))
                assert answer.status_code == 404, (path, answer.text)
                assert answer.json() == {"error": f"no run {rid!r} of yours"}
        assert client.get("/api/runs", headers=carol).json() == []
        battle = done["battle"]["id"]
        assert client.get(f"/api/battles/{battle}", headers=carol).status_code == 404
        fought = bob_done["battle"]["id"]  # a battle is seen by both of its players
        assert client.get(f"/api/battles/{fought}", headers=alice).status_code == 200
        assert client.get(f"/api/battles/{fought}", headers=carol).status_code == 404
        refused = client.get(f"/api/runs/{rid}/record", headers=alice)
        assert refused.status_code == 403 and "once the run is over" in refused.json()["error"]
        assert client.get(f"/api/battles/{battle}?lang=de", headers=alice).status_code == 400
