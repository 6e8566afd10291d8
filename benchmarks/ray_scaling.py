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
says how much work each way costs.

Run: .venv/bin/python benchmarks/ray_scaling.py [--games 300] [--ruleset dire-alliance-battle]
     [--write docs/benchmarks.md]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.pages import write_section  # noqa: E402

from rulekeeper.lab.batch import BatchSpec, GameResult  # noqa: E402
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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def ray_head() -> Iterator[tuple[str, int]]:
    """A Ray head on loopback running this tree's code; yields its address and session."""
    port = free_port()
    temp = tempfile.mkdtemp(prefix="rk-ray-bench-", dir="/tmp")
    env = os.environ | {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_AUTH_MODE": "disabled",
                        "PYTHONPATH": os.pathsep.join(filter(None, [
                            str(ROOT / "src"), str(ROOT), os.environ.get("PYTHONPATH", "")]))}
    os.environ.update({"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_AUTH_MODE": "disabled"})
    head = subprocess.Popen(
        [str(Path(sys.executable).with_name("ray")), "start", "--head", "--block",
         "--node-ip-address", "127.0.0.1", "--port", str(port), "--num-cpus", "2",
         "--include-dashboard", "false", "--disable-usage-stats", "--temp-dir", temp,
         "--object-store-memory", str(100 << 20)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            if head.poll() is not None:
                raise SystemExit("ray start exited")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("the Ray head did not start within 120 s") from None
                time.sleep(0.2)
        yield f"127.0.0.1:{port}", head.pid
    finally:
        if "ray" in sys.modules:
            sys.modules["ray"].shutdown()
        head.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            head.wait(30)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(head.pid, signal.SIGKILL)  # what is left of the cluster's own group
        shutil.rmtree(temp, ignore_errors=True)


def timed(run: Callable[[], list[GameResult]],
          cluster_cpu: Callable[[], float | None]) -> tuple[list[GameResult], float, float]:
    """The results, the wall-clock seconds and the CPU seconds (here and in the cluster)."""
    cpu, cluster, started = own_cpu(), cluster_cpu(), time.perf_counter()
    results = run()
    wall = time.perf_counter() - started
    used = own_cpu() - cpu
    after = cluster_cpu()
    if cluster is not None and after is not None:
        used += after - cluster
    return results, wall, used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", default="dire-alliance-battle")
    parser.add_argument("--write", type=Path, help="a docs page to put the table in")
    args = parser.parse_args()
    spec = BatchSpec(args.ruleset, ())
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    run_batch(spec, 4, args.seed + 1)  # imports, content, the bots' first odds
    rows: list[tuple[str, int, float, float, bool]] = []
    reference: list[GameResult] | None = None

    def measure(where: str, workers: int, plan: Plan,
                cluster_cpu: Callable[[], float | None] = lambda: 0.0) -> None:
        nonlocal reference
        results, wall, used = timed(lambda: run_batch(spec, args.games, args.seed, plan),
                                    cluster_cpu)
        reference = results if reference is None else reference
        rows.append((where, workers, wall, used, results == reference))
        print(f"{where}, {workers} worker(s): {wall:.1f} s, CPU {used:.1f} s", file=sys.stderr)

    measure("here", 1, Plan(workers=1))
    measure("here", 2, Plan(workers=2))
    with ray_head() as (address, session):
        def cluster() -> float | None:
            return session_cpu(session)

        # Connect and start the workers once (a cluster's, not a batch's, cost).
        run_batch(spec, 4, args.seed + 1, Plan(workers=2, backend="ray", ray_address=address))
        measure("Ray on loopback", 1, Plan(workers=1, backend="ray", ray_address=address),
                cluster)
        measure("Ray on loopback", 2, Plan(workers=2, backend="ray", ray_address=address),
                cluster)
    base = rows[0][2]
    lines = ["| where | workers | wall clock (s) | games/s | speed-up (wall) | CPU per game (ms) "
             "| same results |", "|---|---:|---:|---:|---:|---:|---|"]
    for where, workers, wall, used, same in rows:
        lines.append(f"| {where} | {workers} | {wall:.1f} | {args.games / wall:,.1f} "
                     f"| {base / wall:.2f}× | {used / args.games * 1000:.0f} "
                     f"| {'yes' if same else 'NO'} |")
    text = (f"### Ray on loopback\n\n`benchmarks/ray_scaling.py --games {args.games} "
            f"--ruleset {args.ruleset}` ({os.cpu_count()} CPUs, Python "
            f"{platform.python_version()}, load average {load:.1f} at the start): one batch "
            f"of {args.games} games (default bots, logging off) here and on a Ray cluster the "
            f"script starts on 127.0.0.1 with this tree's code (2 CPUs); every way gives the "
            f"same per-game results as the first. CPU counts this process, its worker "
            f"processes and the cluster's.\n\n" + "\n".join(lines) + "\n")
    print(text)
    if args.write:
        write_section(args.write, "ray-scaling", text)


if __name__ == "__main__":
    main()
