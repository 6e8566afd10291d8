"""Speed of combat-encounter: games per second by bots and seat count, with logging off and
on, and the time of one exact odds question.

Run: .venv/bin/python benchmarks/combat_encounter_speed.py [--games 1000]
"""

from __future__ import annotations

import argparse
import time

from rulekeeper.agents import play_out, seat_agents
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import derive_seed
from rulekeeper.rulesets.combat_encounter.odds import AttackQuestion, exact_odds


def games_per_second(games: int, agents: list[str], players: int, log: bool) -> tuple[float, float]:
    """(games per second, decisions per second)."""
    decisions = 0
    started = time.perf_counter()
    for index in range(games):
        seed = derive_seed(0, index)
        game = new_game("combat-encounter", seed=seed, options={"players": players}, log=log)
        play_out(game, seat_agents(game.ruleset, game.seats, agents, seed))
        decisions += len(game.decisions)
    elapsed = time.perf_counter() - started
    return games / elapsed, decisions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    games_per_second(20, ["random"], 2, False)  # warm-up: imports and content
    print("| bots | players | events logged | games/s | decisions/s |")
    print("|---|---|---|---|---|")
    for agents, players, log in ((["random"], 2, False), (["random"], 4, False),
                                 (["random"], 6, False), (["heuristic"], 2, False),
                                 (["heuristic"], 4, False), (["heuristic"], 4, True)):
        rate, steps = games_per_second(args.games, agents, players, log)
        print(f"| {agents[0]} | {players} | {'yes' if log else 'no'} | {rate:,.0f} | "
              f"{steps:,.0f} |")
    started = time.perf_counter()
    exact_odds(AttackQuestion(3, 14, "1d8+1", kaos=2, rerolls=1))
    print(f"\nexact odds of one Attack (stat 3, Defense 14, 1d8+1, 2 Kaos, 1 Reroll Token): "
          f"{(time.perf_counter() - started) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
