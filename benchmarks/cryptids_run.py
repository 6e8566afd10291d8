"""Speed of cryptids-run: a whole run of a greedy bot, and a league of bots on 1 and 2 workers.

    python benchmarks/cryptids_run.py [--runs 200] [--league-runs 100] [--agents greedy,random]

A run is played with logging off against the offline pool (bot-filled, built once
before timing). The league is played twice, on 1 and on 2 worker processes, and the
two results are compared (they must be identical).
"""

from __future__ import annotations

import argparse
import time

from rulekeeper.core.game import new_game
from rulekeeper.lab.league import LeagueSpec, play_league
from rulekeeper.rulesets.cryptids_run.bots import GreedyShopper
from rulekeeper.rulesets.cryptids_run.heuristic import HeuristicShopper
from rulekeeper.rulesets.cryptids_run.ruleset import drive


def runs(count: int, bot: type = GreedyShopper) -> tuple[float, float]:
    """Milliseconds per run, wall clock and CPU (the pool is filled and the code warm)."""
    drive(new_game("cryptids-run", seed=10**6, log=False), bot("player", 0))
    started, cpu = time.perf_counter(), time.process_time()
    for seed in range(count):
        drive(new_game("cryptids-run", seed=seed, log=False), bot("player", seed))
    return ((time.perf_counter() - started) / count * 1000,
            (time.process_time() - cpu) / count * 1000)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--heuristic-runs", type=int, default=10)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--league-runs", type=int, default=100)
    parser.add_argument("--agents", default="greedy,random")
    args = parser.parse_args()
    wall, cpu = runs(args.runs)
    print(f"greedy run, logging off: {wall:.1f} ms per run, {cpu:.1f} ms of CPU ({args.runs} runs)")
    if args.heuristic_runs:
        wall, cpu = runs(args.heuristic_runs, HeuristicShopper)
        print(f"heuristic run, logging off: {wall:.0f} ms per run, {cpu:.0f} ms of CPU "
              f"({args.heuristic_runs} runs)")
    spec = LeagueSpec(players=args.players, runs=args.league_runs,
                      agents=tuple(args.agents.split(",")), seed=0)
    results = {}
    for workers in (1, 2):
        started, cpu = time.perf_counter(), time.process_time()
        results[workers] = play_league(spec, workers)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        played, pool = results[workers]
        print(f"league {spec.players} x {spec.runs} runs "
              f"({args.agents}), {workers} worker(s): {elapsed:.1f} s, "
              f"{len(played) / elapsed:.1f} runs/s, {len(pool)} snapshots"
              + (f", {cpu:.1f} s of CPU" if workers == 1 else ""))
    print("identical on 1 and 2 workers:", results[1] == results[2])


if __name__ == "__main__":
    main()
