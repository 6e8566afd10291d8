"""Cryptid battles per second, logging off, one core, 5-vs-5 sample teams.

Measures the battle function itself (what the odds and the lab call) and, for
comparison, whole games through ``new_game`` (records, options, content cache).

Run: .venv/bin/python benchmarks/cryptids_battles.py [--battles N] [--profile]
"""

from __future__ import annotations

import argparse
import itertools
import time

from rulekeeper.core import registry
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import Rng, derive_seed
from rulekeeper.rulesets.cryptids.battle import Battle
from rulekeeper.rulesets.cryptids.rulings import BattleRulings

TEAMS = ["french-legends", "backwoods", "lake-monsters", "night-flyers", "hunters", "guardians",
         "tricksters", "swamp"]


def battles(n: int, repeats: int = 5) -> tuple[float, float]:
    """Battles per second of the battle function (best of ``repeats`` runs of ``n`` battles,
    in CPU time of this process), and the mean rolls per battle.

    The 56 ordered pairs of the 8 sample 5-vs-5 teams take turns; seeds are drawn
    before timing.
    """
    ruleset = registry.load("cryptids")
    content = ruleset.load_content()[0]
    pairs = [(ruleset.lineup(content, a), ruleset.lineup(content, b))
             for a, b in itertools.permutations(TEAMS, 2)]
    rulings = BattleRulings()
    seeds = [derive_seed(0, i) for i in range(n)]
    best = float("inf")
    for _ in range(repeats):
        rolls = 0
        started = time.process_time()
        for i in range(n):
            left, right = pairs[i % len(pairs)]
            rolls += Battle(left, right, Rng(seeds[i]), rulings).run().rolls
        best = min(best, time.process_time() - started)
    return n / best, rolls / n


def games(n: int) -> float:
    """Whole games per second through new_game (log=False)."""
    started = time.process_time()
    for i in range(n):
        a, b = TEAMS[i % 8], TEAMS[(i + 3) % 8]
        new_game("cryptids", seed=i, options={"left": a, "right": b}, log=False)
    return n / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--battles", type=int, default=10_000)
    parser.add_argument("--profile", action="store_true", help="profile with cProfile")
    args = parser.parse_args()
    battles(500, 1)  # warm-up: content loading and compilation
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("battles(n, 1)", globals(), {"n": args.battles}, "/tmp/cryptids.prof")
        pstats.Stats("/tmp/cryptids.prof").sort_stats("tottime").print_stats(15)
        return
    rate, rolls = battles(args.battles)
    print(f"battle function: {rate:10,.0f} battles/s ({rolls:.1f} rolls per battle)")
    print(f"new_game:        {games(args.battles // 5):10,.0f} games/s")


if __name__ == "__main__":
    main()
