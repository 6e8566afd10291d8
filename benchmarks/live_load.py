"""Load benchmark of live play: many two-player games, both players and a spectator streaming.

Starts ``rulekeeper serve`` on a loopback port (a new PostgreSQL database, or a SQLite file)
with ``--workers`` app processes, then plays ``--games`` Dire Alliance battles at once: in each,
one simulated person creates the game with the other seat open, a second takes it with its
invitation, and both follow their seat's Server-Sent Events stream while a third watches with
the game's watch link. The person whose turn it is (as their stream, or their last answer,
says) thinks for a moment and answers with the first option. Measured: each decision's
latency (``POST .../decisions``), and the push: from the moment the mover has the answer to
the moment the other player's stream brings that version (negative when the push came
first). Afterwards the database is read back: every game's version and decisions must be
those the players were answered (no move lost, none made twice), every record replaying.
Traffic goes to 127.0.0.1 only; the run is bounded in time and in decisions.

Run from the repository root:
    .venv/bin/python benchmarks/live_load.py --db postgresql+psycopg://postgres@127.0.0.1:54329/postgres
    .venv/bin/python benchmarks/live_load.py --db sqlite --workers 1 --games 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import select

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.service_load import cpu_seconds, database_url, percentile, profile
from tests.server.live import LiveServer

from rulekeeper.core.game import replay
from rulekeeper.server.db import Database
from rulekeeper.server.models import StoredGame


@dataclass
class Table:
    """One game as its three clients see it."""

    id: str = ""
    watch: str = ""
    answered: dict[int, tuple[str, float]] = field(default_factory=dict)
    """version -> the seat that made it, and when its answer came"""
    arrived: dict[str, dict[int, float]] = field(default_factory=lambda: defaultdict(dict))
    """seat -> version -> when that seat's stream brought it"""
    decisions: int = 0  # decisions answered 200
    version: int = 0  # the last version a player was answered
    views: dict[str, asyncio.Queue[dict[str, Any]]] = field(default_factory=dict)


@dataclass
class Stats:
    decide: list[float] = field(default_factory=list)
    push: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    messages: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    repeated: int = 0  # a stream message of a version the stream had already brought

    def error(self, what: str) -> None:
        self.errors[what] += 1


def client(base: str, token: str | None = None) -> httpx.AsyncClient:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.AsyncClient(base_url=base, headers=headers, timeout=httpx.Timeout(60, read=None),
                             limits=httpx.Limits(max_connections=4))


async def sign_up(base: str, name: str, stats: Stats) -> str | None:
    async with client(base) as http:
        answer = await http.post("/api/players", json={"name": name})
        if answer.status_code != 201:
            stats.error(f"POST /api/players: {answer.status_code}")
            return None
        return str(answer.json()["token"])


async def follow(http: httpx.AsyncClient, url: str, who: str, table: Table, stats: Stats,
                 queue: asyncio.Queue[dict[str, Any]] | None) -> None:
    """Read a stream until cancelled (``who``: a seat, or ``spectator``): note when each
    version arrives; a seat's stream passes its views on (``queue``)."""
    seen: set[int] = set()
    try:
        async with http.stream("GET", url) as response:
            if response.status_code != 200:
                stats.error(f"{who} stream: {response.status_code}")
                return
            data: list[str] = []
            version = -1
            async for line in response.aiter_lines():
                if line.startswith("id: "):
                    version = int(line[4:])
                elif line.startswith("data: "):
                    data.append(line[6:])
                elif line == "" and data:
                    arrived = time.perf_counter()
                    stats.messages["spectator" if queue is None else "player"] += 1
                    stats.repeated += version in seen
                    seen.add(version)
                    if queue is not None:
                        table.arrived[who][version] = arrived
                        mover, answered = table.answered.get(version, (who, 0.0))
                        if mover != who:  # another seat's move, answered before it came
                            stats.push.append(arrived - answered)
                        queue.put_nowait(json.loads(data[0]))
                    data = []
    except httpx.HTTPError as error:
        stats.error(f"{who} stream: {type(error).__name__}")


async def play(http: httpx.AsyncClient, seat: str, table: Table, stats: Stats,
               queue: asyncio.Queue[dict[str, Any]], deadline: list[float], budget: list[int],
               think: float) -> None:
    """Decide whenever the seat's stream (or its last answer) says it is its turn, until
    the deadline (set once every game is ready) or the decision budget is reached."""
    view: dict[str, Any] | None = None
    while time.monotonic() < deadline[0] and budget[0] > 0:
        if view is None or view["turn"] != seat or view["version"] < table.version:
            try:
                view = await asyncio.wait_for(queue.get(), deadline[0] - time.monotonic())
            except TimeoutError:
                return
            continue
        if view["over"]:
            return
        await asyncio.sleep(think * random.random() * 2)
        budget[0] -= 1
        body = {"seat": seat, "version": view["version"],
                "option": view["view"]["pending"]["options"][0]["id"]}
        started = time.perf_counter()
        try:
            answer = await http.post(f"/api/games/{table.id}/decisions", json=body,
                                     params={"since": view["events_total"]})
        except httpx.HTTPError as error:
            stats.error(f"POST decisions: {type(error).__name__}")
            return
        done = time.perf_counter()
        if answer.status_code != 200:
            stats.error(f"POST decisions: {answer.status_code} {answer.text[:80]}")
            return
        stats.decide.append(done - started)
        view = answer.json()
        table.decisions += 1
        table.version = view["version"]
        table.answered[view["version"]] = (seat, done)
        for other, arrivals in list(table.arrived.items()):
            pushed = arrivals.get(view["version"])
            if other != seat and pushed is not None:  # the push came before the answer
                stats.push.append(pushed - done)


async def game(index: int, base: str, tokens: tuple[str, str], stats: Stats,
               deadline: list[float],
               budget: list[int], think: float, ready: asyncio.Barrier, go: asyncio.Event,
               ) -> Table:
    table = Table()
    red_http, blue_http, watcher = client(base, tokens[0]), client(base, tokens[1]), client(base)
    tasks: list[asyncio.Task[None]] = []
    try:
        created = await red_http.post("/api/games", json={
            "ruleset": "dire-alliance-battle", "seats": {"blue": {"kind": "open"}}})
        view = created.json()
        table.id, table.watch = view["id"], view["watch"]
        invite = next(s["invite"] for s in view["seats"] if s["seat"] == "blue")
        joined = await blue_http.post(f"/api/games/{table.id}/join",
                                      json={"seat": "blue", "invite": invite})
        if joined.status_code != 200:
            stats.error(f"POST join: {joined.status_code}")
            return table
        table.version = joined.json()["version"]
        queues = {"red": asyncio.Queue[dict[str, Any]](), "blue": asyncio.Queue[dict[str, Any]]()}
        key = table.watch.partition("key=")[2]
        for seat, http in (("red", red_http), ("blue", blue_http)):
            tasks.append(asyncio.create_task(follow(
                http, f"/api/games/{table.id}/events?seat={seat}", seat, table, stats,
                queues[seat])))
        tasks.append(asyncio.create_task(follow(
            watcher, f"/api/games/{table.id}/watch/events?key={key}", "spectator", table,
            stats, None)))
        await ready.wait()  # every game and stream set up before the clock starts
        await go.wait()
        players = [asyncio.create_task(play(http, seat, table, stats, queues[seat], deadline,
                                            budget, think))
                   for seat, http in (("red", red_http), ("blue", blue_http))]
        await asyncio.gather(*players)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for http in (red_http, blue_http, watcher):
            await http.aclose()
    return table


def recount(db_url: str, tables: list[Table]) -> dict[str, int]:
    """Read every game back: its version and decisions against what the players were
    answered, its record replayed."""
    database = Database(db_url)
    rows = {r.id: r for r in database.read(lambda s: s.scalars(select(StoredGame)).all())}
    database.dispose()
    lost = duplicated = broken = 0
    for table in tables:
        row = rows.get(table.id)
        if row is None:
            lost += table.decisions
            continue
        decisions = len(row.record["decisions"])
        lost += max(0, table.decisions - decisions) + (row.version < table.version)
        duplicated += max(0, decisions - table.decisions) + (row.version > table.version)
        game = replay(row.record)
        broken += len(game.decisions) != decisions or len(row.deciders) != decisions
    return {"games": len(rows), "decisions": sum(len(r.record["decisions"]) for r in rows.values()),
            "lost": lost, "duplicated": duplicated, "broken": broken}


async def run(base: str, games: int, seconds: float, decisions: int, think: float,
              stats: Stats, on_start: Any = None) -> tuple[list[Table], float]:
    tokens = await asyncio.gather(*(sign_up(base, f"p{i}", stats) for i in range(2 * games)))
    pairs = [(tokens[2 * i], tokens[2 * i + 1]) for i in range(games)]
    ready = asyncio.Barrier(sum(None not in pair for pair in pairs) + 1)
    go = asyncio.Event()
    deadline = [0.0]
    budget = [decisions]

    async def start_clock() -> float:
        await ready.wait()
        await asyncio.sleep(0.5)  # the streams' first messages
        stats.decide.clear()
        stats.push.clear()
        deadline[0] = time.monotonic() + seconds
        go.set()
        if on_start is not None:
            on_start()
        return time.perf_counter()

    clock = asyncio.create_task(start_clock())
    tables = await asyncio.gather(*(
        game(i, base, pair, stats, deadline, budget, think, ready, go)  # type: ignore[arg-type]
        for i, pair in enumerate(pairs) if None not in pair))
    return list(tables), time.perf_counter() - await clock


def workers_of(pid: int) -> set[int]:
    """The processes ``pid`` started (uvicorn's workers), from /proc."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(stat.parent.name))
        except (OSError, ValueError):
            continue
    return found


def report(label: str, stats: Stats, counts: dict[str, int], elapsed: float, cpu: float) -> str:
    def ms(values: list[float], q: int) -> str:
        return f"{percentile(values, q) * 1000:.0f}" if values else "-"

    return "\n".join([
        f"### {label}", "",
        f"{len(stats.decide)} decisions in {elapsed:.0f} s ({len(stats.decide) / elapsed:.1f}/s); "
        f"stream messages: {stats.messages['player']} to players, "
        f"{stats.messages['spectator']} to spectators; server CPU {cpu:.1f} s "
        f"({cpu / max(len(stats.decide), 1) * 1000:.0f} ms a decision, its pushes included, from "
        f"the moment every game was set up)", "",
        "| measure | count | p50 ms | p95 ms | p99 ms | max ms |", "|---|---|---|---|---|---|",
        f"| decision (`POST /api/games/{{id}}/decisions`) | {len(stats.decide)} | "
        f"{ms(stats.decide, 50)} | {ms(stats.decide, 95)} | {ms(stats.decide, 99)} | "
        f"{max(stats.decide, default=0) * 1000:.0f} |",
        f"| push: answer to the other player's stream message | {len(stats.push)} | "
        f"{ms(stats.push, 50)} | {ms(stats.push, 95)} | {ms(stats.push, 99)} | "
        f"{max(stats.push, default=0) * 1000:.0f} |", "",
        f"errors: {sum(stats.errors.values())} {dict(stats.errors) or ''}; games "
        f"{counts['games']}, decisions stored {counts['decisions']}, lost "
        f"{counts['lost']}, duplicated {counts['duplicated']}, records not replaying "
        f"{counts['broken']}; a stream bringing a version twice: {stats.repeated}"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="sqlite",
                        help="sqlite, or a PostgreSQL server URL where a database may be created")
    parser.add_argument("--workers", type=int, default=2, help="app processes")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60, help="time budget")
    parser.add_argument("--decisions", type=int, default=20_000, help="decision budget")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean pause of a player before each decision, in seconds")
    parser.add_argument("--profile", type=Path, metavar="FILE",
                        help="sample the server's processes with py-spy and write the stacks "
                             "there (collapsed, for flamegraph tools)")
    args = parser.parse_args()
    random.seed(0)
    stats = Stats()
    with tempfile.TemporaryDirectory() as folder:
        url, drop = database_url(args.db, Path(folder))
        try:
            with LiveServer(url, workers=args.workers) as server:
                assert server.process is not None
                pid = server.process.pid
                workers = workers_of(pid)
                measured: dict[str, Any] = {}

                def on_start() -> None:  # once every game is set up and streaming
                    measured["cpu"] = cpu_seconds(pid)
                    measured["profiler"] = profile(pid, args.profile, args.seconds)

                tables, elapsed = asyncio.run(run(server.url, args.games, args.seconds,
                                                  args.decisions, args.think, stats, on_start))
                cpu = cpu_seconds(pid) - measured["cpu"]
                profiler = measured["profiler"]
                if workers_of(server.process.pid) != workers:
                    stats.error("an app process was replaced during the run")
                if profiler is not None:
                    profiler.wait(60)
                    print(f"py-spy stacks of the server: {args.profile}")
                print(f"server output: {server.log}")
            counts = recount(url, tables)
        finally:
            if drop:
                drop()
    kind = "SQLite" if args.db == "sqlite" else "PostgreSQL"
    print(report(f"{kind}, {args.workers} app process(es), {args.games} games (2 players and "
                 f"a spectator streaming each), think {args.think:g} s", stats, counts,
                 elapsed, cpu))


if __name__ == "__main__":
    main()
