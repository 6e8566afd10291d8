"""One player floods the service with replays; does the leaderboard stay fast? (issue 30)

Starts ``rulekeeper serve`` on a loopback port (a new SQLite file, one app process). One
token sends ``--concurrency`` replays at once, again and again, of a whole Dire Alliance
Battle (two heuristic bots, about 230 decisions: the record of ``POST /api/replay``), while
another client reads ``GET /api/leaderboard`` every 0.2 s. After ``--seconds`` it prints the
leaderboard's latencies, the replays answered and refused, and the server's memory.

``--unlimited`` lifts the service's cost limits (lanes, calls in flight, lane time), which
is how the service ran before them. Traffic goes to 127.0.0.1 only; the run stops by itself.

Run: .venv/bin/python benchmarks/replay_flood.py [--seconds 30] [--concurrency 40] [--unlimited]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.live import LiveServer

from rulekeeper.agents import play_out, seat_agents
from rulekeeper.core.game import new_game
from rulekeeper.core.records import log_lines


def battle_head() -> dict[str, Any]:
    game = new_game("dire-alliance-battle", seed=4)
    play_out(game, seat_agents(game.ruleset, game.seats, ["heuristic"], 4))
    return log_lines(game)[0]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def flood(url: str, pid: int, seconds: float, concurrency: int) -> dict[str, Any]:
    head = battle_head()
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        token = (await client.post("/api/players", json={"name": "flood"})).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        stop = time.monotonic() + seconds
        answers: Counter[int | str] = Counter()
        board: list[float] = []
        memory = [rss_mb(pid)]

        async def replays() -> None:
            while time.monotonic() < stop:
                try:
                    response = await client.post("/api/replay", json=head, headers=auth)
                except httpx.TransportError as error:  # counted: the server cut a connection
                    answers[type(error).__name__] += 1
                    continue
                answers[response.status_code] += 1
                if response.status_code == 429:
                    await asyncio.sleep(0.05)  # a hostile client retries at once; bounded

        async def leaderboard() -> None:
            async with httpx.AsyncClient(base_url=url, timeout=120) as reader:
                while time.monotonic() < stop:
                    began = time.monotonic()
                    assert (await reader.get("/api/leaderboard")).status_code == 200
                    board.append(time.monotonic() - began)
                    memory.append(rss_mb(pid))
                    await asyncio.sleep(0.2)

        await asyncio.gather(leaderboard(), *(replays() for _ in range(concurrency)))
    quantiles = statistics.quantiles(board, n=20, method="inclusive")
    return {"leaderboard": len(board), "median": statistics.median(board),
            "p95": quantiles[18], "max": max(board), "answers": dict(answers),
            "rss_start": memory[0], "rss_peak": max(memory), "rss_end": rss_mb(pid)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--concurrency", type=int, default=40)
    parser.add_argument("--unlimited", action="store_true", help="without the cost limits")
    args = parser.parse_args()
    limits = ({"RULEKEEPER_WORK_LANES": "1000", "RULEKEEPER_CALLS_IN_FLIGHT": "1000",
               "RULEKEEPER_WORK_BUDGET": "1e9", "RULEKEEPER_ADDRESS_IN_FLIGHT": "1000",
               "RULEKEEPER_ADDRESS_BUDGET": "1e9"} if args.unlimited else
              {"RULEKEEPER_CALLS_IN_FLIGHT": "4", "RULEKEEPER_WORK_BUDGET": "20",  # the defaults
               "RULEKEEPER_ADDRESS_IN_FLIGHT": "4", "RULEKEEPER_ADDRESS_BUDGET": "30"})
    with tempfile.TemporaryDirectory() as folder, LiveServer(
            f"sqlite:///{folder}/flood.db", RULEKEEPER_RATE_LIMIT="50/second;1500/minute",
            **limits) as live:
        assert live.process is not None
        found = asyncio.run(flood(live.url, live.process.pid, args.seconds, args.concurrency))
    mode = "without limits" if args.unlimited else "with the limits"
    print(f"{mode}: {args.concurrency} replays at once for {args.seconds:.0f} s")
    print(f"leaderboard: {found['leaderboard']} reads, median {found['median'] * 1000:.0f} ms, "
          f"p95 {found['p95'] * 1000:.0f} ms, max {found['max'] * 1000:.0f} ms")
    print("replays answered:", ", ".join(f"{s}: {n}" for s, n in sorted(
        found["answers"].items(), key=str)))
    print(f"server memory: {found['rss_start']:.0f} MB at start, peak {found['rss_peak']:.0f} MB, "
          f"{found['rss_end']:.0f} MB at the end")


if __name__ == "__main__":
    main()
