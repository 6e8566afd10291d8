"""Memory of a long batch: the peak resident size of ``simulate --out`` as the games grow.

Results stream to their file, so the peak should not grow with the number of games. For
each batch size it runs ``rulekeeper simulate RULESET --games N --out FILE`` in a fresh
process and samples its resident set size (``/proc/PID/status``, Linux) every 0.2 s.

Run: .venv/bin/python benchmarks/lab_memory.py [--ruleset cryptids] [--games 2000 20000 100000]
     [--python OTHER/bin/python]   # the same batches with another install (before/after)
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def resident_kb(pid: int) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def peak(python: str, ruleset: str, games: int) -> tuple[int, float]:
    """The peak resident size (kB) and the wall time of one batch."""
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        process = subprocess.Popen(
            [python, "-c", "from rulekeeper.cli import main; main()", "simulate", ruleset,
             "--games", str(games), "--out", str(Path(folder) / "r.parquet")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        highest = 0
        while process.poll() is None:
            highest = max(highest, resident_kb(process.pid))
            time.sleep(0.2)
        return highest, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="cryptids")
    parser.add_argument("--games", type=int, nargs="+", default=[2_000, 20_000, 100_000])
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    print(f"| games | peak resident MB | seconds |  ({args.ruleset}, {args.python})")
    print("|---|---|---|")
    for games in args.games:
        highest, seconds = peak(args.python, args.ruleset, games)
        print(f"| {games:,} | {highest / 1024:.0f} | {seconds:.1f} |", flush=True)


if __name__ == "__main__":
    main()
