"""The lab's throughput: games/s of every registered ruleset at 1 and 2 workers, and overhead.

For each ruleset, with random bots and logging off, it times (best of ``--repeats``):

- a bare loop calling the engine: ``new_game``, seat the agents, ``play_out``;
- the lab on 1 worker: ``run_batch`` (the same games, kept as results);
- the lab on 2 worker processes (pool start-up included).

Overhead is how much slower the lab on 1 worker is than the bare loop; scaling is
the 2-worker throughput over the 1-worker one. On a machine shared with other
work, wall-clock scaling understates what 2 idle cores give, so the script also
reports the CPU time per game (this process and its workers) and the scaling it
implies on 2 idle cores: 2 x (CPU per game on 1 worker) / (CPU per game on 2).

Run: .venv/bin/python benchmarks/lab.py [--seconds 3] [--write docs/benchmarks.md]
     [--register duel-v1=tests.core.duel:Duel]   # rulesets not registered by entry points
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.pages import write_section  # noqa: E402

from rulekeeper.agents import play_out, seat_agents  # noqa: E402
from rulekeeper.core import registry  # noqa: E402
from rulekeeper.core.game import new_game  # noqa: E402
from rulekeeper.core.rng import derive_seed  # noqa: E402
from rulekeeper.lab.batch import BatchSpec  # noqa: E402
from rulekeeper.lab.run import Plan, run_batch  # noqa: E402


def bare_loop(spec: BatchSpec, games: int, seed: int) -> None:
    """What the lab does for each game, without the lab: the engine and the agents only."""
    ruleset = registry.load(spec.ruleset)
    for index in range(games):
        game_seed = derive_seed(seed, index)
        game = new_game(spec.ruleset, seed=game_seed, log=False)
        play_out(game, seat_agents(ruleset, game.seats, list(spec.agents), game_seed))


def cpu() -> float:
    """CPU seconds used by this process and its finished children (the pool's workers)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def rate(run: Callable[..., object], spec: BatchSpec, games: int, seed: int,
         *extra: object) -> tuple[float, float]:
    """Games per second of ``run(spec, games, seed, *extra)``, and CPU seconds per game."""
    started, used = time.perf_counter(), cpu()
    run(spec, games, seed, *extra)
    return games / (time.perf_counter() - started), (cpu() - used) / games


def measure(ruleset_id: str, seconds: float, repeats: int) -> dict[str, float]:
    spec = BatchSpec(ruleset_id, ("random",))
    bare_loop(spec, 10, 0)  # imports and content loading
    games = 20
    while (probe := rate(bare_loop, spec, games, 1)[0]) * 0.5 > games:
        games *= 4
    games = max(40, int(probe * seconds))
    best = {"bare": 0.0, "lab1": 0.0, "lab2": 0.0}
    cpu_per_game = {"lab1": float("inf"), "lab2": float("inf")}
    for repeat in range(repeats):
        seed = 100 + repeat
        runs = {"bare": rate(bare_loop, spec, games, seed),
                "lab1": rate(run_batch, spec, games, seed),
                "lab2": rate(run_batch, spec, games, seed, Plan(workers=2))}
        for name, (speed, used) in runs.items():
            best[name] = max(best[name], speed)
            if name in cpu_per_game:
                cpu_per_game[name] = min(cpu_per_game[name], used)
    return best | {"games": games, "idle_scaling": 2 * cpu_per_game["lab1"] / cpu_per_game["lab2"]}


def table(rows: dict[str, dict[str, float]]) -> str:
    lines = ["| ruleset | games per run | bare loop (games/s) | lab, 1 worker | lab, 2 workers "
             "| lab overhead | scaling 2 vs 1 (wall) | scaling on 2 idle cores (CPU time) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for ruleset_id, m in rows.items():
        overhead = 1 - m["lab1"] / m["bare"]
        lines.append(f"| {ruleset_id} | {m['games']:,.0f} | {m['bare']:,.0f} | {m['lab1']:,.0f} "
                     f"| {m['lab2']:,.0f} | {overhead:+.1%} | {m['lab2'] / m['lab1']:.2f}× "
                     f"| {m['idle_scaling']:.2f}× |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="target time of one run")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--register", action="append", default=[],
                        help="id=module:Class, a ruleset to add (e.g. the tests' Duel)")
    parser.add_argument("--write", type=Path, help="update the lab section of this Markdown file")
    args = parser.parse_args()
    for item in args.register:
        ruleset_id, _, entry = item.partition("=")
        registry.register(ruleset_id, entry)
    rows = {}
    load = os.getloadavg()[0]
    for ruleset_id in registry.ids():
        rows[ruleset_id] = measure(ruleset_id, args.seconds, args.repeats)
        print(f"{ruleset_id}: {rows[ruleset_id]}", file=sys.stderr)
    machine = (f"{os.cpu_count()} CPUs, Python {platform.python_version()}, "
               f"{platform.system()} {platform.machine()}")
    text = (f"## Simulation lab\n\nMeasured with `benchmarks/lab.py` ({machine}; random bots, "
            f"logging off, best of {args.repeats} runs of about {args.seconds:g} s; the "
            f"2-worker runs include starting the worker pool; load average {load:.1f} "
            f"when it started).\n\n{table(rows)}\n")
    print(text)
    if args.write:
        write_section(args.write, "lab", text)


if __name__ == "__main__":
    main()
