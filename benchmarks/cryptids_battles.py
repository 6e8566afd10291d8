"""Cryptid battles per second, logging off, one core, 5-vs-5 sample teams.

Measures the battle function itself (what the odds and the lab call) and, for
comparison, whole games through ``new_game`` (records, options, content cache).

Run: .venv/bin/python benchmarks/cryptids_battles.py [--battles N] [--profile]
     .venv/bin/python benchmarks/cryptids_battles.py --instructions [--battles N]
     .venv/bin/python benchmarks/cryptids_battles.py --against REV [--rounds R] [--battles N]

``--instructions`` counts machine instructions per battle with valgrind (cachegrind):
the script runs once with N battles and once with none, both after the same warm-up,
and divides the difference by N. Unlike the time, the count does not depend on what
else the machine runs (it varies by about 0.5% from run to run).

``--against REV`` compares this tree's battle function with the one of git revision
REV in the same run: REV's ``src`` is exported to a temporary folder, and the two take
turns (R rounds, each a fresh process measuring the best of 5 runs), then their
instruction counts; it prints each round and the ratio of the best rates.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rulekeeper.core import registry
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import Rng, derive_seed
from rulekeeper.rulesets.cryptids.battle import Battle
from rulekeeper.rulesets.cryptids.cards import Lineup
from rulekeeper.rulesets.cryptids.rulings import CryptidsRulings

TEAMS = ["french-legends", "backwoods", "lake-monsters", "night-flyers", "hunters", "guardians",
         "tricksters", "swamp"]


def instructions(n: int) -> float:
    """Machine instructions per battle, by cachegrind (see the module doc)."""
    counts = []
    for battles_run in (0, n):
        done = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
             sys.executable, __file__, "--battles", str(n), "--run", str(battles_run)],
            capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
        found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        assert found is not None, done.stderr
        counts.append(int(found.group(1).replace(",", "")))
    return (counts[1] - counts[0]) / n


Pairs = list[tuple[Lineup, Lineup]]


def prepare(n: int) -> tuple[Pairs, list[int]]:
    """The 56 ordered pairs of the 8 sample 5-vs-5 teams, and the seeds of ``n`` battles."""
    ruleset = registry.load("cryptids")
    content = ruleset.load_content()[0]
    pairs = [(ruleset.lineup(content, a), ruleset.lineup(content, b))
             for a, b in itertools.permutations(TEAMS, 2)]
    return pairs, [derive_seed(0, i) for i in range(n)]


def default_rulings() -> Any:
    """The default rulings as the battle of this ``src`` reads them: typed, or (``--against``
    a revision before the typed reads) the flattened ``BattleRulings`` it had then."""
    try:
        from rulekeeper.rulesets.cryptids.rulings import BattleRulings  # type: ignore[attr-defined]
    except ImportError:
        return CryptidsRulings({})
    return BattleRulings()


def play(pairs: Pairs, seeds: list[int], n: int) -> int:
    """``n`` battles, the pairs taking turns, default rulings: the rolls they took."""
    rulings = default_rulings()
    rolls = 0
    for i in range(n):
        left, right = pairs[i % len(pairs)]
        rolls += Battle(left, right, Rng(seeds[i]), rulings).run().rolls
    return rolls


def battles(n: int, repeats: int = 5) -> tuple[float, float]:
    """Battles per second of the battle function (best of ``repeats`` runs of ``n`` battles,
    in CPU time of this process), and the mean rolls per battle. Seeds are drawn before
    timing."""
    pairs, seeds = prepare(n)
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        rolls = play(pairs, seeds, n)
        best = min(best, time.process_time() - started)
    return n / best, rolls / n


def games(n: int) -> float:
    """Whole games per second through new_game (log=False)."""
    started = time.process_time()
    for i in range(n):
        a, b = TEAMS[i % 8], TEAMS[(i + 3) % 8]
        new_game("cryptids", seed=i, options={"left": a, "right": b}, log=False)
    return n / (time.process_time() - started)


def against(rev: str, rounds: int, n: int) -> None:
    """This tree against git revision ``rev``, taking turns (see the module doc)."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "-C", str(root), "archive", rev, "src"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        trees = {rev: {**os.environ, "PYTHONPATH": str(Path(folder, "src"))},
                 "this tree": {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}}
        best = dict.fromkeys(trees, 0.0)
        for round_ in range(1, rounds + 1):
            for name, env in trees.items():
                done = subprocess.run([sys.executable, __file__, "--battles", str(n), "--rate"],
                                      capture_output=True, text=True, check=True, env=env)
                rate = float(done.stdout)
                best[name] = max(best[name], rate)
                print(f"round {round_}, {name:>9}: {rate:10,.0f} battles/s", flush=True)
        for name, env in trees.items():
            done = subprocess.run([sys.executable, __file__, "--battles", str(min(n, 2000)),
                                   "--instructions"], capture_output=True, text=True,
                                  check=True, env=env)
            print(f"{name:>9}: {done.stdout.strip()}")
        print(f"best rates: this tree / {rev} = {best['this tree'] / best[rev]:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--battles", type=int, default=10_000)
    parser.add_argument("--profile", action="store_true", help="profile with cProfile")
    parser.add_argument("--instructions", action="store_true",
                        help="machine instructions per battle, counted by valgrind")
    parser.add_argument("--against", metavar="REV",
                        help="compare with the battle function of this git revision")
    parser.add_argument("--rounds", type=int, default=3, help="turns each with --against")
    parser.add_argument("--run", type=int, help=argparse.SUPPRESS)  # what --instructions counts
    parser.add_argument("--rate", action="store_true", help=argparse.SUPPRESS)  # for --against
    args = parser.parse_args()
    if args.against:
        against(args.against, args.rounds, args.battles)
        return
    battles(500, 1)  # warm-up: content loading and compilation
    if args.run is not None:
        pairs, seeds = prepare(args.battles)
        play(pairs, seeds, args.run)
        return
    if args.instructions:
        print(f"{instructions(args.battles):,.0f} machine instructions per battle")
        return
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("battles(n, 1)", globals(), {"n": args.battles}, "/tmp/cryptids.prof")
        pstats.Stats("/tmp/cryptids.prof").sort_stats("tottime").print_stats(15)
        return
    rate, rolls = battles(args.battles)
    if args.rate:
        print(rate)
        return
    print(f"battle function: {rate:10,.0f} battles/s ({rolls:.1f} rolls per battle)")
    print(f"new_game:        {games(args.battles // 5):10,.0f} games/s")


if __name__ == "__main__":
    main()
