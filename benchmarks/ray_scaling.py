"""A batch here and on a Ray cluster on loopback, on 1 and 2 workers: speed-ups, same results.

It plays one batch (the ruleset's default bots, logging off) four ways and checks that
every way gives the same per-game results as the first:

- here, 1 worker (the readable serial path) and 2 worker processes (``--workers 2``);
- on a Ray cluster on 127.0.0.1 that the script starts itself (``ray start --head`` with
  this tree's code, 2 CPUs, stopped at the end), with 1 and 2 tasks in flight
  (``--backend ray --workers N``).

Times are wall clock (what a designer waits for, pool and task start-up included) and CPU
seconds: this process and its worker processes, and for Ray the processes of the cluster
(read from ``/proc``: Linux only, else not shown). On a machine other jobs share, the
wall-clock speed-up of 2 workers understates what 2 idle cores give; the CPU per game
says how much work each way costs, and each row says how much CPU the other jobs took
meanwhile (the machine's busy time, from ``/proc/stat``, less ours). With Linux's autogroup
scheduling on, the CPU is shared between sessions first: a pool's workers, in the driver's
session, get one session's share between them however many they are, while the Ray head
runs in a session of its own. So the script also measures, before each round, what 2
processes of a pure Python loop in this session get against 1 (the machine's "ceiling" for
2 workers at that time); ``--rounds N`` takes turns between 1 and 2 workers N times and
keeps each one's best.

Run: .venv/bin/python benchmarks/ray_scaling.py [--games 300] [--rounds 2]
     [--ruleset dire-alliance-battle] [--write docs/benchmarks.md]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.pages import write_section  # noqa: E402

from rulekeeper.lab.batch import BatchSpec, GameResult  # noqa: E402
from rulekeeper.lab.ray_head import ray_head  # noqa: E402
from rulekeeper.lab.run import Plan, run_batch  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def own_cpu() -> float:
    """CPU seconds of this process and its finished children (a pool's workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def session_cpu(session: int) -> float | None:
    """CPU seconds of the live processes of a session (the Ray cluster's), from /proc."""
    proc = Path("/proc")
    if not proc.is_dir():
        return None
    total = 0
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session:  # fields after the command: state, ppid, pgrp, session
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def machine_busy() -> float | None:
    """CPU seconds the whole machine has been busy (every process's), from /proc/stat."""
    try:
        fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
    except OSError:
        return None
    return (sum(fields) - fields[3] - fields[4]) / TICKS  # all but idle and iowait


def autogroup() -> str:
    """Whether Linux shares the CPU by session first (``sched_autogroup_enabled``)."""
    try:
        return {"1": "on", "0": "off"}[Path("/proc/sys/kernel/sched_autogroup_enabled")
                                       .read_text().strip()]
    except (OSError, KeyError):
        return "unknown"


@dataclass
class Row:
    """One way of playing the batch, best of its rounds (by wall clock)."""

    where: str
    workers: int
    wall: float = float("inf")
    cpu: float = 0.0
    others: float | None = None
    """The other jobs' CPU during that round, in cores (the machine's busy CPU less ours)."""
    same: bool = True


def timed(run: Callable[[], list[GameResult]], cluster_cpu: Callable[[], float | None]
          ) -> tuple[list[GameResult], float, float, float | None]:
    """The results, the wall-clock seconds, the CPU seconds (here and in the cluster) and
    the other jobs' CPU in cores."""
    cpu, cluster, busy, started = own_cpu(), cluster_cpu(), machine_busy(), time.perf_counter()
    results = run()
    wall = time.perf_counter() - started
    used = own_cpu() - cpu
    after, busy_after = cluster_cpu(), machine_busy()
    if cluster is not None and after is not None:
        used += after - cluster
    others = None if busy is None or busy_after is None else max(
        0.0, (busy_after - busy - used) / wall)
    return results, wall, used, others


def loop(n: int) -> None:
    """Pure Python work, nothing shared: what 2 processes of one session can get."""
    total = 0
    for i in range(n):
        total += i * i


def ceiling(n: int = 20_000_000) -> float:
    """The wall-clock speed-up of 2 forked processes doing twice the work of 1 (the same
    session as the pool's workers): what the machine gives 2 workers now."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    started = time.perf_counter()
    loop(n)
    one = time.perf_counter() - started
    started = time.perf_counter()
    workers = [context.Process(target=loop, args=(n,)) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return 2 * one / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1,
                        help="rounds of 1 then 2 workers, taking turns (best kept)")
    parser.add_argument("--ruleset", default="dire-alliance-battle")
    parser.add_argument("--write", type=Path, help="a docs page to put the table in")
    args = parser.parse_args()
    spec = BatchSpec(args.ruleset, ())
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    run_batch(spec, 4, args.seed + 1)  # imports, content, the bots' first odds
    rows: dict[tuple[str, int], Row] = {}
    reference: list[GameResult] | None = None
    ceilings: list[float] = []

    def measure(where: str, workers: int, plan: Plan,
                cluster_cpu: Callable[[], float | None] = lambda: 0.0) -> None:
        nonlocal reference
        results, wall, used, others = timed(
            lambda: run_batch(spec, args.games, args.seed, plan), cluster_cpu)
        reference = results if reference is None else reference
        row = rows.setdefault((where, workers), Row(where, workers))
        row.same = row.same and results == reference
        if wall < row.wall:
            row.wall, row.cpu, row.others = wall, used, others
        shown = "?" if others is None else f"{others:.1f}"
        print(f"{where}, {workers} worker(s): {wall:.1f} s, CPU {used:.1f} s, other jobs "
              f"{shown} cores", file=sys.stderr)

    for _ in range(args.rounds):
        ceilings.append(ceiling())
        measure("here", 1, Plan(workers=1))
        measure("here", 2, Plan(workers=2))
    with ray_head([ROOT / "src", ROOT]) as head:
        address = head.address

        def cluster() -> float | None:
            return session_cpu(head.session)

        # Connect and start the workers once (a cluster's, not a batch's, cost).
        run_batch(spec, 4, args.seed + 1, Plan(workers=2, backend="ray", ray_address=address))
        for _ in range(args.rounds):
            measure("Ray on loopback", 1, Plan(workers=1, backend="ray", ray_address=address),
                    cluster)
            measure("Ray on loopback", 2, Plan(workers=2, backend="ray", ray_address=address),
                    cluster)
    base = rows["here", 1].wall
    lines = ["| where | workers | wall clock (s) | games/s | speed-up (wall) | CPU per game (ms) "
             "| other jobs (cores) | same results |", "|---|---:|---:|---:|---:|---:|---:|---|"]
    for row in rows.values():
        others = "?" if row.others is None else f"{row.others:.1f}"
        lines.append(f"| {row.where} | {row.workers} | {row.wall:.1f} "
                     f"| {args.games / row.wall:,.1f} | {base / row.wall:.2f}× "
                     f"| {row.cpu / args.games * 1000:.0f} | {others} "
                     f"| {'yes' if row.same else 'NO'} |")
    text = (f"### Ray on loopback\n\n`benchmarks/ray_scaling.py --games {args.games} "
            f"--rounds {args.rounds} --ruleset {args.ruleset}` ({os.cpu_count()} CPUs, Python "
            f"{platform.python_version()}, load average {load:.1f} at the start, Linux's "
            f"autogroup scheduling {autogroup()}): one batch of {args.games} games (default "
            f"bots, logging off) here and on a Ray cluster the script starts on 127.0.0.1 with "
            f"this tree's code (2 CPUs), best of {args.rounds} round(s) each, 1 and 2 workers "
            f"taking turns; every way gives the same per-game results as the first. CPU counts "
            f"this process, its worker processes and the cluster's; the other jobs' CPU is the "
            f"machine's busy time less ours. Two processes of a pure Python loop (this session, "
            f"nothing shared) ran {', '.join(f'{c:.2f}' for c in ceilings)} times as fast as "
            f"one at the start of each round: what 2 workers could get then.\n\n"
            + "\n".join(lines) + "\n")
    print(text)
    if args.write:
        write_section(args.write, "ray-scaling", text)


if __name__ == "__main__":
    main()
