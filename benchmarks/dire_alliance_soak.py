"""Soak test of Dire Alliance Battle Mode: many random games, the invariant checker after
every step (card conservation, one area per fighter, defeated fighters off the board).
Not part of the test suite.

Run: .venv/bin/python benchmarks/dire_alliance_soak.py [--games 10000] [--seed 0]
"""

from __future__ import annotations

import argparse
import time
import traceback
from collections import Counter

from rulekeeper.agents import RandomAgent
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import derive_seed

RULESET = "dire-alliance-battle"
SCENARIOS = ("beaten-path", "standing-stones")
LEADERS = ("countess", "kramer", "ellis", "hush")


def soak_one(index: int, seed: int) -> tuple[str, list[str]]:
    """Play game ``index``: scenario and leaders vary with it. Returns its outcome and the
    invariant violations found (empty when clean)."""
    game_seed = derive_seed(seed, index)
    options = {"red_leader": LEADERS[index % 4], "blue_leader": LEADERS[(index // 4) % 4]}
    game = new_game(RULESET, SCENARIOS[index % 2], seed=game_seed, options=options, log=False)
    agents = {s: RandomAgent(s, game_seed + i) for i, s in enumerate(game.seats)}
    while game.pending is not None:
        game.step(agents[game.pending.player].choose(None, game.pending))
        wrong = game.ruleset.invariant_violations(game.table)
        if wrong:
            return "violation", [f"game {index} step {len(game.decisions)}: {w}" for w in wrong]
    assert game.result is not None
    return f"{game.result.winner or 'draw'} ({game.result.reason})", []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = time.perf_counter()
    outcomes: Counter[str] = Counter()
    problems: list[str] = []
    for index in range(args.games):
        try:
            outcome, wrong = soak_one(index, args.seed)
        except Exception:  # a crash is a finding: record it and go on
            outcome, wrong = "error", [f"game {index}: {traceback.format_exc(limit=3)}"]
        outcomes[outcome] += 1
        problems += wrong
    elapsed = time.perf_counter() - started
    print(f"{args.games} games in {elapsed:.0f} s; outcomes: {dict(sorted(outcomes.items()))}")
    print(f"{len(problems)} problem(s)")
    for problem in problems[:20]:
        print(problem)
    raise SystemExit(1 if problems else 0)


if __name__ == "__main__":
    main()
