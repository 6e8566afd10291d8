"""Soak of combat-encounter: many bot games, every step checked.

Each game is played to its end with invariants checked after every decision; every
tenth game is also replayed from its record and must give the same events. The bots,
seat counts, openings and rulings vary from game to game. Not part of the test suite.

Run: .venv/bin/python benchmarks/combat_encounter_soak.py [--games 10000] [--seed 0]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from rulekeeper.agents import seat_agents
from rulekeeper.core import registry
from rulekeeper.core.game import new_game, replay
from rulekeeper.core.rng import derive_seed

RULESET = "combat-encounter"
STARTS = ("ambush", "challenge", "gong", "random")
AGENTS = (["random"], ["heuristic"], ["heuristic", "random"], ["random", "heuristic"])
RULINGS = {"crit-fixed-damage": ("double", "single"), "kaos-step": ("1", "2", "3"),
           "sample-death": ("loot-one", "no-loot"), "kaos-natural-1": ("prevents-drop",
                                                                      "turns-check"),
           "order-tie-rewards": ("final-roll", "every-roll"), "flee-next": ("follower", "first")}


def setup(index: int) -> tuple[dict[str, object], dict[str, str], list[str]]:
    """The options, rulings and agents of game ``index`` (all its choices vary with it)."""
    players = 2 + index % 5
    options: dict[str, object] = {"players": players, "start": STARTS[index // 5 % 4]}
    if index % 7 == 0 and players > 2 and options["start"] != "random":  # random draws them
        options["hidden"] = f"p{players}"
    rulings = {key: values[(index // 3 + n) % len(values)]
               for n, (key, values) in enumerate(RULINGS.items())}
    return options, rulings, AGENTS[index % 4]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    ruleset = registry.load(RULESET)
    outcomes: Counter[str] = Counter()
    problems: list[str] = []
    decisions = longest = 0
    started = time.perf_counter()
    for index in range(args.games):
        seed = derive_seed(args.seed, index)
        options, rulings, names = setup(index)
        game = new_game(RULESET, seed=seed, options=options, rulings=rulings,
                        log=index % 10 == 0)
        agents = seat_agents(ruleset, game.seats, names, seed)
        while game.pending is not None:
            decision = game.pending
            agent = agents[decision.player]
            game.step(agent.choose(game.view(decision.player) if agent.uses_view else None,
                                   decision))
            wrong = ruleset.invariant_violations(game.table)
            if wrong:
                problems.append(f"game {index} (seed {seed}) step {len(game.decisions)}: {wrong}")
                break
        if game.result is None:
            continue
        if index % 10 == 0:
            again = replay(game.record())
            if [e.to_json() for e in again.events] != [e.to_json() for e in game.events]:
                problems.append(f"game {index} (seed {seed}): the replay differs")
        outcomes[game.result.reason] += 1
        decisions += len(game.decisions)
        longest = max(longest, len(game.decisions))
    elapsed = time.perf_counter() - started
    print(f"{args.games} games in {elapsed:.1f} s ({args.games / elapsed:,.0f} games/s), "
          f"{decisions:,} decisions (longest game {longest}, limit "
          f"{ruleset.meta.max_length})")
    print("endings:", dict(outcomes))
    print(f"problems: {len(problems)}")
    for problem in problems[:20]:
        print("  ", problem)
    if problems:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
