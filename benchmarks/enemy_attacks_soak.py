"""Soak test of enemy-attacks: many bot games, every step checked. Not part of the test suite.

Game i plays scenario, player count, bots and rulings chosen from i (every ruling
option and both scenarios come up), checks the ruleset's invariants after every
decision, and every 50th game is replayed from its record with logging on and its
events compared. Any exception, invariant violation or replay difference is a
failure, printed with what reproduces it; the exit code is 1 if there was any.

Run: .venv/bin/python benchmarks/enemy_attacks_soak.py [--games 10000] [--workers N]
"""

from __future__ import annotations

import argparse
import os
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rulekeeper.agents import seat_agents
from rulekeeper.core import registry
from rulekeeper.core.game import new_game, replay
from rulekeeper.core.rng import derive_seed

RULESET = "enemy-attacks"
BOTS = (("heuristic",), ("random",), ("heuristic", "random"), ("random", "heuristic"))


def spec(index: int) -> dict[str, Any]:
    """What game ``index`` plays (a pure function of the index)."""
    ruleset = registry.load(RULESET)
    scenarios = ["crypt-skirmish", "gallery-ambush"]
    scenario = scenarios[index % 2]
    players = 1 + (index // 2) % (4 if scenario == "crypt-skirmish" else 2)
    rulings = {r.id: r.options[(index // (3 + n)) % len(r.options)]
               for n, r in enumerate(ruleset.rulings)}
    return {"scenario": scenario, "players": players, "rulings": rulings,
            "bots": BOTS[index % len(BOTS)], "seed": derive_seed(2024, index)}


def play_checked(index: int) -> dict[str, Any]:
    """Play game ``index`` with invariants checked after every step."""
    game_spec = spec(index)
    try:
        check_replay = index % 50 == 0
        game = new_game(RULESET, game_spec["scenario"], rulings=game_spec["rulings"],
                        seed=game_spec["seed"], options={"players": game_spec["players"]},
                        log=check_replay)
        agents = seat_agents(game.ruleset, game.seats, list(game_spec["bots"]),
                             game_spec["seed"])
        while not game.over:
            decision = game.pending
            assert decision is not None
            agent = agents[decision.player]
            game.step(agent.choose(game.view(decision.player) if agent.uses_view else None,
                                   decision))
            problems = game.ruleset.invariant_violations(game.table)
            if problems:
                raise AssertionError(f"after decision {len(game.decisions)}: {problems}")
        if check_replay:
            again = replay(game.record())
            if [e.to_json() for e in again.events] != [e.to_json() for e in game.events]:
                raise AssertionError("replay produced other events")
        result = game.result
        assert result is not None
        return {"index": index, "winner": result.winner, "reason": result.reason,
                "rounds": result.rounds, "decisions": len(game.decisions)}
    except Exception:  # a soak reports every failure and goes on
        return {"index": index, "failure": traceback.format_exc(), "spec": game_spec}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(play_checked, range(args.games), chunksize=50))
    elapsed = time.perf_counter() - started
    failures = [r for r in rows if "failure" in r]
    done = [r for r in rows if "failure" not in r]
    winners = Counter(r["winner"] for r in done)
    reasons = Counter(r["reason"] for r in done)
    print(f"{RULESET} soak: {args.games} games, {args.workers} workers, {elapsed:.1f} s "
          f"({args.games / elapsed:,.0f} games/s, invariants checked after every decision)")
    print(f"  winners: {dict(winners)}")
    print(f"  reasons: {dict(reasons)}")
    if done:
        print(f"  mean rounds {sum(r['rounds'] for r in done) / len(done):.2f}, "
              f"mean decisions {sum(r['decisions'] for r in done) / len(done):.1f}, "
              f"most decisions {max(r['decisions'] for r in done)} "
              f"(limit {registry.load(RULESET).meta.max_length})")
    print(f"  replays checked: {sum(1 for r in done if r['index'] % 50 == 0)}")
    print(f"  failures: {len(failures)}")
    for failure in failures[:5]:
        print(f"--- game {failure['index']}: {failure['spec']}\n{failure['failure']}")
    raise SystemExit(1 if failures else 0)


if __name__ == "__main__":
    main()
