"""How much the Battle heuristic bot should want the initiative (docs/tuning.md, step 14).

The heuristic bot claims initiative with a played card when ``CLAIM_INITIATIVE`` (8) is worth
more than the card's activation, and plays a dread card as defender for twice that. This
plays a bot with another value against the sample bot in the default matchup, each at both
seats (the same seeds for either seat), and prints the other value's win rate with a 95%
Wilson interval: below 50% at every value, the sample value is the best of those tried.

Run: .venv/bin/python benchmarks/claim_value.py [--values 4,6,10,12,16] [--games 200]
     [--workers 2]
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool

from scipy.stats import binomtest

from rulekeeper.agents import play_out
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import derive_seed
from rulekeeper.rulesets.dire_alliance import bots


def claimer(value: float) -> type[bots.HeuristicBot]:
    """The heuristic bot with ``value`` in place of ``CLAIM_INITIATIVE``."""
    return type("Claimer", (bots.HeuristicBot,), {"claim_initiative": value})


def one(job: tuple[float, int, str]) -> bool:
    """Game ``index`` with the other value at ``seat``: did it win?"""
    value, index, seat = job
    seed = derive_seed(14, index)
    game = new_game("dire-alliance-battle", seed=seed, log=False)
    agents = {s: (claimer(value) if s == seat else bots.HeuristicBot)(s, derive_seed(seed, n))
              for n, s in enumerate(game.seats)}
    play_out(game, agents)
    assert game.result is not None
    return game.result.winner == seat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--values", default="4,6,10,12,16")
    parser.add_argument("--games", type=int, default=200, help="games at each seat")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    try:
        values = [float(v) for v in args.values.split(",")]
    except ValueError:
        parser.error(f"--values takes numbers separated by commas, not {args.values!r}")
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    print(f"| claim value | its wins against the sample's {bots.CLAIM_INITIATIVE:g} (95%) |")
    print("|---:|---|")
    with Pool(args.workers) as pool:
        for value in values:
            jobs = [(value, i, seat) for i in range(args.games) for seat in ("red", "blue")]
            wins = sum(pool.map(one, jobs, chunksize=10))
            ci = binomtest(wins, len(jobs)).proportion_ci(method="wilson")
            print(f"| {value:g} | {100 * wins / len(jobs):.1f}% ({100 * ci.low:.1f}–"
                  f"{100 * ci.high:.1f}) of {len(jobs)} |")


if __name__ == "__main__":
    main()
