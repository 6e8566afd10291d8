"""Soak test of Dire Alliance Raid Mode: many bot games with the invariant checker after every
step (card conservation of every hero, of the villain's cards and of the minion bag; one area
per figure; defeated figures off the board; claimed objectives), every tenth game logged,
its events rendered and its record replayed event for event. Not part of the test suite.

Games vary with their index: 1 to 4 heroes, both scenarios, both villains, every option of
the rulings raid-ties and raid-row-icons, random or heuristic heroes.

Run: .venv/bin/python benchmarks/dire_alliance_raid_soak.py [--games 10000] [--seed 0] [--jobs 2]
"""

from __future__ import annotations

import argparse
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from rulekeeper.agents import seat_agents
from rulekeeper.core.game import new_game, replay
from rulekeeper.core.rng import derive_seed

RULESET = "dire-alliance-raid"
SCENARIOS = ("into-the-darkwood", "barrow-stones")
VILLAINS = ("hollow-king", "widow-thorne")


def soak_one(job: tuple[int, int]) -> tuple[str, int, list[str]]:
    """Play game ``index``; its outcome, decisions and the problems found (empty: clean)."""
    index, seed = job
    try:
        game_seed = derive_seed(seed, index)
        logged = index % 10 == 0
        rulings = {"raid-ties": ("heroes", "hard")[index % 2],
                   "raid-row-icons": ("face-up", "all")[(index // 2) % 2]}
        options = {"heroes": 1 + index % 4, "villain": VILLAINS[(index // 4) % 2]}
        game = new_game(RULESET, SCENARIOS[(index // 8) % 2], rulings=rulings, seed=game_seed,
                        options=options, log=logged)
        bots = ["heuristic"] if index % 5 == 0 else ["random"]
        agents = seat_agents(game.ruleset, game.seats, bots, game_seed)
        while game.pending is not None:
            decision = game.pending
            agent = agents[decision.player]
            view = game.view(decision.player) if agent.uses_view else None
            game.step(agent.choose(view, decision))
            wrong = game.ruleset.invariant_violations(game.table)
            if wrong:
                return "violation", len(game.decisions), [
                    f"game {index} step {len(game.decisions)}: {w}" for w in wrong]
        assert game.result is not None
        problems: list[str] = []
        if logged:
            for event in game.events:
                game.ruleset.messages.render(event)
            again = replay(game.record())
            if [e.to_json() for e in again.events] != [e.to_json() for e in game.events]:
                problems.append(f"game {index}: the replay differs")
        outcome = "heroes win" if game.result.winner == "heroes" else game.result.reason
        return f"{outcome}", len(game.decisions), problems
    except Exception:  # a crash is a finding: record it and go on
        return "error", 0, [f"game {index}: {traceback.format_exc(limit=4)}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args()
    started = time.perf_counter()
    jobs = [(i, args.seed) for i in range(args.games)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(soak_one, jobs, chunksize=25))
    else:
        results = [soak_one(job) for job in jobs]
    elapsed = time.perf_counter() - started
    outcomes = Counter(r[0] for r in results)
    problems = [p for r in results for p in r[2]]
    decisions = sum(r[1] for r in results)
    print(f"{args.games} games in {elapsed:.0f} s ({args.jobs} worker(s)), {decisions:,} "
          f"decisions (longest game {max(r[1] for r in results)})")
    print(f"outcomes: {dict(sorted(outcomes.items()))}")
    print(f"{len(problems)} problem(s)")
    for problem in problems[:20]:
        print(problem)
    raise SystemExit(1 if problems else 0)


if __name__ == "__main__":
    main()
