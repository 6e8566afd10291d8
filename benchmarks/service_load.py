"""Load benchmark of the online service: concurrent simulated players over HTTP.

Starts ``rulekeeper serve`` on a loopback port (SQLite file or a new PostgreSQL database),
then N simulated players (asyncio + httpx, one connection each) sign up and play whole
cryptids runs (``--scenario runs``: shop actions, end-shop, a look at the battle and its
odds) or Dire Alliance battles against a bot (``--scenario games``) until the time or
request budget is spent. Each request's latency is noted per endpoint; afterwards the
database is read back and every acknowledged change recounted, so a lost or duplicated update
shows. Traffic goes to 127.0.0.1 only; the run is bounded in time and in requests.

Run from the repository root:
    .venv/bin/python benchmarks/service_load.py --db sqlite --workers 1 --players 50
    .venv/bin/python benchmarks/service_load.py --db postgresql+psycopg://postgres@127.0.0.1:54329/postgres
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, func, select
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.live import LiveServer
from tests.server.runs_client import shop_action

from rulekeeper.core.game import replay
from rulekeeper.rulesets.cryptids_run.odds import BATTLES as ODDS_BATTLES
from rulekeeper.server.db import Database
from rulekeeper.server.models import StoredBattle, StoredGame, StoredRun, StoredSnapshot


class Stats:
    """Latencies per endpoint, errors, and what the server acknowledged."""

    think = 0.0
    """Mean pause after each answer, in seconds (a person reading and choosing)."""

    def __init__(self) -> None:
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.acknowledged: dict[str, int] = {}  # game or run id -> last confirmed version
        self.battles: dict[str, set[str]] = defaultdict(set)  # run id -> battle ids answered

    async def call(self, client: httpx.AsyncClient, endpoint: str, method: str, url: str,
                   **kwargs: Any) -> httpx.Response | None:
        started = time.perf_counter()
        try:
            response = await client.request(method, url, **kwargs)
        except httpx.HTTPError as error:
            self.errors[f"{endpoint}: {type(error).__name__}"] += 1
            return None
        self.latency[endpoint].append(time.perf_counter() - started)
        if self.think:
            await asyncio.sleep(self.think * (0.5 + random.random()))
        if response.status_code >= 400:
            self.errors[f"{endpoint}: {response.status_code} {response.text[:80]}"] += 1
            return None
        return response


async def sign_up(index: int, base: str, stats: Stats) -> str | None:
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        signed = await stats.call(client, "POST /api/players", "POST", "/api/players",
                                  json={"name": f"load{index}"})
        return str(signed.json()["token"]) if signed is not None else None


async def play_games(token: str, index: int, base: str, stats: Stats, deadline: float,
                     budget: list[int]) -> None:
    """A player of the games API: Dire Alliance battles against the heuristic bot."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        client.headers["Authorization"] = f"Bearer {token}"
        while time.monotonic() < deadline and budget[0] > 0:
            created = await stats.call(client, "POST /api/games", "POST", "/api/games",
                                       json={"ruleset": "dire-alliance-battle", "seed": index})
            if created is None:
                return
            view = created.json()
            stats.acknowledged[view["id"]] = view["version"]
            while not view["over"] and time.monotonic() < deadline and budget[0] > 0:
                budget[0] -= 1
                body = {"seat": view["seat"], "version": view["version"],
                        "option": view["view"]["pending"]["options"][0]["id"]}
                answer = await stats.call(client, "POST /api/games/{id}/decisions", "POST",
                                          f"/api/games/{view['id']}/decisions", json=body)
                if answer is None:
                    return
                view = answer.json()
                stats.acknowledged[view["id"]] = view["version"]
                if view["version"] % 5 == 0:
                    await stats.call(client, "GET /api/games/{id}", "GET",
                                     f"/api/games/{view['id']}", params={"since": 10_000})


async def play_runs(token: str, index: int, base: str, stats: Stats, deadline: float,
                    budget: list[int]) -> None:
    """A player of the cryptids online game: whole runs, buying while it can."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        client.headers["Authorization"] = f"Bearer {token}"
        while time.monotonic() < deadline and budget[0] > 0:
            started = await stats.call(client, "POST /api/runs", "POST", "/api/runs")
            if started is None:
                return
            run = started.json()
            while not run["over"] and time.monotonic() < deadline and budget[0] > 0:
                budget[0] -= 1
                action = shop_action(run)
                if action is None:
                    answer = await stats.call(client, "POST /api/runs/{id}/end-shop", "POST",
                                              f"/api/runs/{run['id']}/end-shop",
                                              json={"version": run["version"]})
                    if answer is None:
                        return
                    ended = answer.json()
                    run = ended["run"]
                    if ended["battle"]:
                        stats.battles[run["id"]].add(ended["battle"]["id"])
                        seen = await stats.call(client, "GET /api/battles/{id}", "GET",
                                                f"/api/battles/{ended['battle']['id']}")
                        if seen is not None and seen.json()["odds"] is None:  # as the page
                            await stats.call(client, "GET /api/battles/{id}/odds", "GET",
                                             f"/api/battles/{ended['battle']['id']}/odds")
                else:
                    answer = await stats.call(client, "POST /api/runs/{id}/actions", "POST",
                                              f"/api/runs/{run['id']}/actions",
                                              json={"action": action, "version": run["version"]})
                    if answer is None:
                        return
                    run = answer.json()
                stats.acknowledged[run["id"]] = run["version"]
            await stats.call(client, "GET /api/runs/{id}", "GET", f"/api/runs/{run['id']}")
        await stats.call(client, "GET /api/leaderboard", "GET", "/api/leaderboard")


def recount_runs(db_url: str, stats: Stats) -> dict[str, int]:
    """Read every run back: versions, battles and snapshots against the runs' records."""
    database = Database(db_url)

    def work(session: Any) -> dict[str, int]:
        lost = duplicated = broken = 0
        runs = session.scalars(select(StoredRun)).all()
        for row in runs:
            state = replay(row.record, log=False).table.state
            lost += row.version < stats.acknowledged.get(row.id, -1)
            broken += (row.round, row.lives, row.victories) != (state.round, state.lives,
                                                                state.victories)
            fought = [b for b in state.battles if b.fought is not None]
            stored = set(session.scalars(select(StoredBattle.id).where(
                StoredBattle.run_id == row.id)))
            duplicated += max(0, len(stored) - len(fought))
            lost += max(0, len(fought) - len(stored)) + len(stats.battles[row.id] - stored)
            snapshots = session.scalar(select(func.count()).select_from(StoredSnapshot).where(
                StoredSnapshot.run == row.id))
            duplicated += max(0, snapshots - sum(1 for s in state.snapshots if s.row))
        lost += len(set(stats.acknowledged) - {r.id for r in runs})
        return {"games": len(runs), "lost": lost, "duplicated": duplicated, "broken": broken}

    counts: dict[str, int] = database.read(work)
    database.dispose()
    return counts


def recount(db_url: str, stats: Stats) -> dict[str, int]:
    """Read every game back: versions against what was acknowledged, records replayed."""
    database = Database(db_url)
    rows = database.read(lambda s: s.scalars(select(StoredGame)).all())
    database.dispose()
    stored = {row.id: row for row in rows}
    lost = sum(1 for game, version in stats.acknowledged.items()
               if game not in stored or stored[game].version < version)
    extra = sum(1 for game, row in stored.items()
                if row.version > stats.acknowledged.get(game, -1))
    broken = 0
    for row in rows:
        game = replay(row.record)
        broken += len(game.decisions) != len(row.deciders)
    return {"games": len(rows), "lost": lost, "duplicated": extra, "broken": broken}


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its children now running (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(stat.parent.name) == pid or int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def profile(pid: int, path: Path | None, seconds: float) -> subprocess.Popen[bytes] | None:
    """py-spy sampling the server and its workers for ``seconds`` (None: no path); only a
    thread holding the GIL is sampled, so the stacks show where the CPU goes."""
    if path is None:
        return None
    spy = Path(sys.executable).with_name("py-spy")
    return subprocess.Popen([str(spy), "record", "--pid", str(pid), "--subprocesses",
                             "--nonblocking", "--gil", "--rate", "50",
                             "--duration", str(int(seconds)), "--format", "raw",
                             "--output", str(path)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 \
        else values[0]


def report(stats: Stats, elapsed: float, counts: dict[str, int], label: str,
           cpu: float, client_cpu: float) -> str:
    total = sum(len(v) for v in stats.latency.values())
    total -= len(stats.latency.get("POST /api/players", []))  # signed up before the clock
    lines = [f"### {label}", "",
             f"load average (1 min) at the end: {os.getloadavg()[0]:.1f}; after the sign-ups, "
             f"server CPU {cpu:.1f} s, {cpu / max(total, 1) * 1000:.1f} ms a request; the "
             f"simulated players' CPU {client_cpu:.1f} s, "
             f"{client_cpu / max(total, 1) * 1000:.1f} ms a request", "",
             f"{total} requests in {elapsed:.1f} s after the sign-ups: "
             f"{total / elapsed:.0f} requests/s; "
             f"errors {sum(stats.errors.values())}; {counts['games']} games or runs, lost updates "
             f"{counts['lost']}, duplicated {counts['duplicated']}, records not replaying "
             f"{counts['broken']}", "",
             "| endpoint | requests | p50 ms | p95 ms | p99 ms |", "|---|---|---|---|---|"]
    for endpoint, values in sorted(stats.latency.items()):
        lines.append(f"| `{endpoint}` | {len(values)} | {percentile(values, 50) * 1000:.0f} | "
                     f"{percentile(values, 95) * 1000:.0f} | {percentile(values, 99) * 1000:.0f} |")
    for error, count in sorted(stats.errors.items()):
        lines.append(f"\nerror x{count}: {error}")
    return "\n".join(lines)


def database_url(kind: str, folder: Path) -> tuple[str, Any]:
    """A fresh database: a SQLite file, or a new database on the given PostgreSQL server."""
    if kind == "sqlite":
        return f"sqlite:///{folder / 'load.db'}", None
    admin = create_engine(kind, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    name = f"rk_load_{uuid.uuid4().hex[:8]}"
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return make_url(kind).set(database=name).render_as_string(hide_password=False), drop


async def sign_ups(players: int, base: str, stats: Stats) -> list[str | None]:
    return list(await asyncio.gather(*(sign_up(i, base, stats) for i in range(players))))


async def run_players(scenario: str, tokens: list[str | None], base: str, stats: Stats,
                      seconds: float, requests: int) -> float:
    deadline = time.monotonic() + seconds
    budget = [requests]
    started = time.perf_counter()
    play = play_runs if scenario == "runs" else play_games
    await asyncio.gather(*(play(token, i, base, stats, deadline, budget)
                           for i, token in enumerate(tokens) if token is not None))
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="sqlite",
                        help="sqlite, or a PostgreSQL server URL where a database may be created")
    parser.add_argument("--scenario", choices=("runs", "games"), default="runs")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60, help="time budget")
    parser.add_argument("--requests", type=int, default=20_000, help="request budget")
    parser.add_argument("--profile", type=Path, metavar="FILE",
                        help="sample the server's processes with py-spy while the players play "
                             "and write the stacks there (collapsed, for flamegraph tools)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean pause of a player after each answer, in seconds (0: none)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url, drop = database_url(args.db, Path(folder))
        try:
            stats = Stats()
            stats.think = args.think
            random.seed(0)
            # the service as deployed: each battle's odds worked out from 2,000 battles
            with LiveServer(url, workers=args.workers,
                            RULEKEEPER_ODDS_BATTLES=str(ODDS_BATTLES)) as server:
                assert server.process is not None
                tokens = asyncio.run(sign_ups(args.players, server.url, stats))
                # measured from here: the workers have started and the players signed up
                before, client_before = cpu_seconds(server.process.pid), time.process_time()
                profiler = profile(server.process.pid, args.profile, args.seconds)
                elapsed = asyncio.run(run_players(args.scenario, tokens, server.url, stats,
                                                  args.seconds, args.requests))
                cpu = cpu_seconds(server.process.pid) - before
                client_cpu = time.process_time() - client_before
                if profiler is not None:
                    profiler.wait(60)
                    print(f"py-spy stacks of the server: {args.profile}")
                print(f"server output: {server.log}")
            counts = (recount_runs if args.scenario == "runs" else recount)(url, stats)
        finally:
            if drop:
                drop()
    kind = "SQLite" if args.db == "sqlite" else "PostgreSQL"
    print(report(stats, elapsed, counts, f"{args.scenario}: {kind}, {args.workers} "
                                         f"worker(s), {args.players} players, think "
                                         f"{args.think:g} s", cpu, client_cpu))


if __name__ == "__main__":
    main()
