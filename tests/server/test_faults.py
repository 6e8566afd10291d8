"""Faults: a real server killed with SIGKILL mid-play, and a database that drops connections."""

import contextlib
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import select, text

from rulekeeper.core.game import replay
from rulekeeper.server import upkeep
from rulekeeper.server.db import Database
from rulekeeper.server.models import StoredGame
from tests.server.conftest import make_client, sign_up
from tests.server.live import WAIT, LiveServer


def test_a_real_uvicorn_process_serves_the_api(db_url):
    with LiveServer(db_url, workers=2) as server:
        assert "rulekeeper serve: http://127.0.0.1:" in server.banner
        assert "2 workers" in server.banner
        alice = sign_up(httpx.Client(base_url=server.url), "alice")
        with httpx.Client(base_url=server.url, headers=alice) as client:
            view = client.post("/api/games", json={"ruleset": "cryptids"}).json()
            assert view["over"] and client.get(f"/api/games/{view['id']}").status_code == 200
            assert client.get("/docs").status_code == 200


@pytest.mark.parametrize("workers", [1, 2])
def test_serve_on_port_0_listens_on_a_free_port_and_names_it(tmp_path, workers):
    """``serve --port 0`` binds a free port itself and names it in its start-up lines, for a
    person and for a script: the tests' servers start so (a port the caller found free, bound
    by the server later, could be taken in between). Its workers share the one socket."""
    with LiveServer(f"sqlite:///{tmp_path / 'zero.db'}", workers=workers) as server:
        lines = server.output().splitlines()
        assert server.port > 0 and server.url == f"http://127.0.0.1:{server.port}"
        assert lines[0].startswith(f"rulekeeper serve: {server.url}/ (API docs: /docs)")
        assert f"ready: open {server.url}/" in lines
        assert httpx.get(server.url + "/api/health", timeout=30).json()["status"] == "ok"
        with httpx.Client(base_url=server.url, timeout=30) as client:  # new connections, each
            assert all(client.get("/api/health", headers={"Connection": "close"}).status_code
                       == 200 for _ in range(10))


def play_until_stopped(url, headers, game_id, stop, acknowledged):
    """Decide the first option again and again; note each version the server confirmed."""
    with httpx.Client(base_url=url, headers=headers, timeout=WAIT) as client:
        view = client.get(f"/api/games/{game_id}").json()
        while not stop.is_set() and not view["over"]:
            body = {"seat": view["seat"], "option": view["view"]["pending"]["options"][0]["id"],
                    "version": view["version"]}
            try:
                response = client.post(f"/api/games/{game_id}/decisions", json=body)
            except httpx.HTTPError:
                return  # the server is gone
            assert response.status_code == 200, response.text
            view = response.json()
            acknowledged[game_id] = view["version"]


def test_sigkill_mid_play_loses_nothing_committed_and_leaves_nothing_half_written(db_url):
    server = LiveServer(db_url).start()
    with httpx.Client(base_url=server.url) as signup:
        players = [sign_up(signup, f"p{i}") for i in range(4)]
    games = []
    for i, headers in enumerate(players):
        created = httpx.post(server.url + "/api/games", headers=headers, json={
            "ruleset": "dire-alliance-battle", "seed": i,
            "seats": {"blue": {"kind": "bot", "bot": "random"}}})
        games.append(created.json()["id"])
    stop, acknowledged = threading.Event(), {}
    threads = [threading.Thread(target=play_until_stopped,
                                args=(server.url, h, g, stop, acknowledged))
               for h, g in zip(players, games, strict=True)]
    for thread in threads:
        thread.start()
    while len(acknowledged) < len(games) or min(acknowledged.values()) < 3:
        if not any(t.is_alive() for t in threads):
            break
        time.sleep(0.02)
    server.kill()  # in the middle of the players' requests
    stop.set()
    for thread in threads:
        thread.join(20)
    assert min(acknowledged.values()) >= 3

    database = Database(db_url)
    rows = database.read(lambda s: s.scalars(select(StoredGame)).all())
    for row in rows:
        game = replay(row.record)  # every stored record replays, its events digest checked
        assert len(game.decisions) == len(row.deciders) == len(row.record["decisions"])
        assert row.version >= acknowledged[row.id]  # nothing the server confirmed is lost
    database.dispose()

    with LiveServer(db_url) as restarted:  # every game goes on from its last committed state
        for headers, game_id in zip(players, games, strict=True):
            with httpx.Client(base_url=restarted.url, headers=headers) as client:
                view = client.get(f"/api/games/{game_id}").json()
                if not view["over"]:
                    body = {"seat": view["seat"], "version": view["version"],
                            "option": view["view"]["pending"]["options"][0]["id"]}
                    moved = client.post(f"/api/games/{game_id}/decisions", json=body)
                    assert moved.status_code == 200 and moved.json()["version"] > view["version"]


def postgres_only(db_url):
    if not db_url.startswith("postgresql"):
        pytest.skip("SQLite has no server to lose")


def test_connections_the_database_dropped_are_replaced(db_url):
    postgres_only(db_url)
    with make_client(db_url) as client:
        alice = sign_up(client, "alice")
        assert client.get("/api/players/me", headers=alice).status_code == 200
        assert client.get("/api/leaderboard", headers=alice).status_code == 200  # pooled
        database = Database(db_url)
        database.write(lambda s: s.execute(text(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()")))
        database.dispose()
        assert client.get("/api/players/me", headers=alice).status_code == 200
        assert client.get("/api/leaderboard", headers=alice).status_code == 200  # a read
        assert client.post("/api/games", json={"ruleset": "cryptids"},
                           headers=alice).status_code == 201


def test_a_transaction_cut_by_a_lost_connection_runs_again_once(db_url):
    postgres_only(db_url)
    database = Database(db_url)
    tries = []

    def work(session):
        tries.append(1)
        if len(tries) == 1:
            session.execute(text("SELECT pg_terminate_backend(pg_backend_pid())"))
        return session.execute(text("SELECT 41 + 1")).scalar()

    assert database.write(work) == 42 and len(tries) == 2
    database.dispose()


@contextlib.contextmanager
def own_cluster(pg_bin: str) -> Iterator[tuple[str, Callable[[], None]]]:
    """A PostgreSQL cluster of the test's own, on a Unix socket only, and what restarts it.
    (The session's cluster is shared by every xdist worker: restarting it cut the
    connections of the tests the other workers ran, whose next statement then failed.)"""
    folder = Path(tempfile.mkdtemp(prefix="rulekeeper-pg-"))
    as_root = os.geteuid() == 0  # PostgreSQL refuses to run as root: as .ci/postgres does

    def pg(command: str) -> None:
        subprocess.run(["su", "postgres", "-c", command] if as_root else ["sh", "-c", command],
                       check=True, capture_output=True, timeout=120)

    if as_root:
        shutil.chown(folder, "postgres")
    data, log = folder / "data", folder / "log"
    try:
        pg(f"{pg_bin}/initdb -D {data} -A trust -U postgres")
        pg(f"{pg_bin}/pg_ctl -D {data} -l {log} -w -o \"-c listen_addresses='' -k {folder}\" "
           f"start")
        yield (f"postgresql+psycopg://postgres@/postgres?host={folder}",
               lambda: pg(f"{pg_bin}/pg_ctl -D {data} -l {log} -w -m fast restart"))
    finally:
        with contextlib.suppress(subprocess.SubprocessError):
            pg(f"{pg_bin}/pg_ctl -D {data} -w -m immediate stop")
        shutil.rmtree(folder, ignore_errors=True)


def test_the_service_survives_a_database_restart(monkeypatch):
    pg_bin = os.environ.get("RK_PG_BIN")
    if not pg_bin:
        pytest.skip("no PostgreSQL programs named (RK_PG_BIN, set by .ci/postgres)")
    # no sweep meanwhile: it would meet the pool's lost connection first (every second), and
    # the calls below would pass however the service took it
    monkeypatch.setattr(upkeep, "SWEEP_EVERY", 3600.0)
    with own_cluster(pg_bin) as (db_url, restart), make_client(db_url) as client:
        alice = sign_up(client, "alice")
        restart()
        assert client.get("/api/players/me", headers=alice).status_code == 200
        assert client.get("/api/leaderboard", headers=alice).status_code == 200  # a read
        assert client.post("/api/runs", headers=alice).status_code == 201  # a write


def shop_until_stopped(url, headers, stop, acknowledged):
    """Play runs (shop actions and end-shops) until stopped; note each confirmed version."""
    from tests.server.runs_client import shop_action

    with httpx.Client(base_url=url, headers=headers, timeout=WAIT) as client:
        try:
            run = client.post("/api/runs").json()
            while not stop.is_set() and not run["over"]:
                action = shop_action(run)
                if action is None:
                    response = client.post(f"/api/runs/{run['id']}/end-shop",
                                           json={"version": run["version"]})
                    run = response.json()["run"] if response.status_code == 200 else run
                else:
                    response = client.post(f"/api/runs/{run['id']}/actions",
                                           json={"action": action, "version": run["version"]})
                    run = response.json() if response.status_code == 200 else run
                assert response.status_code == 200, response.text
                acknowledged[run["id"]] = run["version"]
        except httpx.HTTPError:
            return  # the server is gone


def test_sigkill_in_the_middle_of_runs_leaves_every_run_at_its_last_committed_state(db_url):
    from rulekeeper.server.models import StoredBattle, StoredRun, StoredSnapshot
    from tests.server.runs_client import play_shop

    server = LiveServer(db_url).start()
    with httpx.Client(base_url=server.url) as signup:
        players = [sign_up(signup, f"p{i}") for i in range(4)]
    stop, acknowledged = threading.Event(), {}
    threads = [threading.Thread(target=shop_until_stopped,
                                args=(server.url, h, stop, acknowledged)) for h in players]
    for thread in threads:
        thread.start()
    while len(acknowledged) < len(players) or min(acknowledged.values()) < 12:
        if not any(t.is_alive() for t in threads):
            break
        time.sleep(0.02)
    server.kill()
    stop.set()
    for thread in threads:
        thread.join(20)
    assert len(acknowledged) == len(players) and min(acknowledged.values()) >= 12

    database = Database(db_url)

    def check(session):
        for row in session.scalars(select(StoredRun)):
            game = replay(row.record, log=False)
            state = game.table.state
            assert row.version >= acknowledged[row.id]
            assert (row.round, row.lives, row.victories) == (state.round, state.lives,
                                                             state.victories)
            fought = sorted(b.round for b in state.battles if b.fought is not None)
            stored = sorted(session.scalars(select(StoredBattle.round).where(
                StoredBattle.run_id == row.id)))
            assert stored == fought  # every battle with its run, none without
            rounds = sorted(session.scalars(select(StoredSnapshot.round).where(
                StoredSnapshot.run == row.id)))
            assert rounds == sorted(s.round for s in state.snapshots if s.row)

    database.read(check)
    database.dispose()
    with LiveServer(db_url) as restarted:
        for headers in players:
            with httpx.Client(base_url=restarted.url, headers=headers) as client:
                run = client.post("/api/runs").json()  # the run in progress, as committed
                assert client.get(f"/api/runs/{run['id']}").json()["version"] == run["version"]
                if not run["over"]:
                    done = play_shop(client, {}, run)  # to the end of this round's shop
                    assert done["run"]["version"] > run["version"]
