"""Time of a battle's odds, as the server works them out after each end-shop.

    python benchmarks/cryptids_odds.py [--runs 4] [--battles 2000] [--write docs/benchmarks.md]

Greedy bot runs are played (logging off) and the record of each of their battles is kept; then
:func:`~rulekeeper.rulesets.cryptids_run.odds.win_chance` works out each battle's odds from
``--battles`` battles with each engine (the compiled kernel, the server's; the Python engine),
and the CPU time of each answer is counted. Loading the kernel (from numba's cache) is timed
apart: a server process pays it once, at its first battle.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.pages import write_section  # noqa: E402

from rulekeeper.core import registry  # noqa: E402
from rulekeeper.core.game import new_game  # noqa: E402
from rulekeeper.rulesets.cryptids.kernel import engines  # noqa: E402
from rulekeeper.rulesets.cryptids_run.bots import GreedyShopper  # noqa: E402
from rulekeeper.rulesets.cryptids_run.odds import win_chance  # noqa: E402
from rulekeeper.rulesets.cryptids_run.ruleset import drive  # noqa: E402


def records(runs: int) -> list[dict]:
    """The records of the battles of ``runs`` greedy runs (empty rows fight no battle)."""
    found = []
    for seed in range(runs):
        game = new_game("cryptids-run", seed=seed, log=False)
        drive(game, GreedyShopper("player", seed))
        found += [r.model_dump(mode="json") for b in game.table.state.battles
                  if (r := b.record()) is not None]
    return found


def timed(battles: list[dict], count: int, engine: str) -> list[float]:
    """Milliseconds of CPU of each battle's odds."""
    arena = registry.load("cryptids-run").arena
    spent = []
    for record in battles:
        began = time.process_time()
        win_chance(record, arena, count, engine=engine)
        spent.append((time.process_time() - began) * 1000)
    return spent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--battles", type=int, default=2000)
    parser.add_argument("--write", type=Path, help="write the figures into this docs page")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    began = time.perf_counter()
    engines.load()
    loading = time.perf_counter() - began
    battles = records(args.runs)
    rows = []
    for engine in engines.ENGINES:
        spent = sorted(timed(battles, args.battles, engine))
        rows.append(f"| {engine} | {statistics.median(spent):.0f} | "
                    f"{spent[int(len(spent) * 0.95)]:.0f} | {spent[-1]:.0f} |")
    text = (f"### A battle's odds (issue 32)\n\n`benchmarks/cryptids_odds.py`: the odds the "
            f"server works out after each end-shop (`cryptids_run.odds.win_chance`, "
            f"{args.battles:,} battles of the same two rows and rulings), for the "
            f"{len(battles)} battles of {args.runs} greedy runs; CPU milliseconds per battle's "
            f"odds (load average {load:.1f} when it started). Loading the kernel from numba's "
            f"cache took {loading:.1f} s (once per process; compiling it, the first time "
            f"after an install, takes about 40 s).\n\n"
            f"| engine | median ms | p95 ms | max ms |\n|---|---|---|---|\n" + "\n".join(rows))
    print(text)
    if args.write:
        write_section(args.write, "cryptids-odds", text)


if __name__ == "__main__":
    main()
