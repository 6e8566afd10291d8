"""Speed of enemy-attacks: games per second (one process) and the exact odds of a check.

Rates are per second of this process's CPU time (``time.process_time``), which a busy
shared machine disturbs much less than wall-clock time; take the best of a few runs.

Run: .venv/bin/python benchmarks/enemy_attacks_bench.py [--games 1000]
"""

from __future__ import annotations

import argparse
import time

from rulekeeper.agents import play_out, seat_agents
from rulekeeper.core import registry
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import derive_seed
from rulekeeper.rulesets.enemy_attacks.odds import check_report
from rulekeeper.rulesets.enemy_attacks.table import ActionDieInPlay

RULESET = "enemy-attacks"


def games_per_second(games: int, bot: str, log: bool) -> tuple[float, float]:
    """Games per second and decisions per second for one bot on every seat."""
    decisions = 0
    started = time.process_time()
    for index in range(games):
        seed = derive_seed(7, index)
        game = new_game(RULESET, seed=seed, log=log)
        play_out(game, seat_agents(game.ruleset, game.seats, [bot], seed))
        decisions += len(game.decisions)
    elapsed = time.process_time() - started
    return games / elapsed, decisions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    games_per_second(5, "random", False)  # warm-up: imports, content, board geometry
    for bot, log in (("random", False), ("heuristic", False), ("random", True),
                     ("heuristic", True)):
        rate, steps = games_per_second(args.games, bot, log)
        print(f"{bot:10s} bots, events {'on ' if log else 'off'}: {rate:8,.0f} games/s "
              f"({steps:,.0f} decisions/s)")
    content, _ = registry.load(RULESET).load_content()
    die = ActionDieInPlay.of(content, "default")  # type: ignore[arg-type]
    for dice, need, stamina in ((3, 2, 2), (6, 4, 4)):
        started = time.process_time()
        check_report(die, dice, need, stamina)
        print(f"odds check --dice {dice} --need {need} --stamina {stamina}: "
              f"{(time.process_time() - started) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
