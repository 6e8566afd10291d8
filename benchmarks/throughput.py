"""Games per second of every registered ruleset, random bots, logging off, one process.

Run: .venv/bin/python benchmarks/throughput.py [--games N]
"""

from __future__ import annotations

import argparse
import time

from rulekeeper.core import registry
from rulekeeper.lab.batch import BatchSpec, run_serial


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for ruleset_id in registry.ids():
        spec = BatchSpec(ruleset_id, ("random",))
        list(run_serial(spec, 5, args.seed))  # warm-up: content loading and imports
        started = time.perf_counter()
        list(run_serial(spec, args.games, args.seed))
        elapsed = time.perf_counter() - started
        print(f"{ruleset_id:28s} {args.games / elapsed:10,.1f} games/s")


if __name__ == "__main__":
    main()
