"""Dire Alliance Battle Mode: random-vs-random games per second on one core (logging off),
and the heuristic bot's win rate against the random bot from both seats.

Run: .venv/bin/python benchmarks/dire_alliance.py [--games N] [--bot-games N]
"""

from __future__ import annotations

import argparse
import time

from rulekeeper.agents import play_out, seat_agents
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import derive_seed
from rulekeeper.lab.batch import BatchSpec, run_serial

RULESET = "dire-alliance-battle"


def throughput(games: int, seed: int) -> tuple[float, float]:
    """Games per second and mean decisions per game, random against random."""
    spec = BatchSpec(RULESET, ("random",))
    list(run_serial(spec, 5, seed))  # warm-up: content loading and imports
    started = time.perf_counter()
    results = list(run_serial(spec, games, seed))
    elapsed = time.perf_counter() - started
    return games / elapsed, sum(r.decisions for r in results) / games


def bot_win_rate(games: int, seed: int) -> dict[str, int]:
    """Heuristic against random; the heuristic takes red in even games and blue in odd ones."""
    tally = {"heuristic": 0, "random": 0, "draw": 0}
    for index in range(games):
        game = new_game(RULESET, seed=derive_seed(seed, index), log=False)
        heuristic = "red" if index % 2 == 0 else "blue"
        names = ["heuristic", "random"] if heuristic == "red" else ["random", "heuristic"]
        play_out(game, seat_agents(game.ruleset, game.seats, names, derive_seed(seed, index)))
        assert game.result is not None
        winner = game.result.winner
        tally["draw" if winner is None else "heuristic" if winner == heuristic else "random"] += 1
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--bot-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.games:
        rate, decisions = throughput(args.games, args.seed)
        print(f"{RULESET}: {rate:,.1f} random-vs-random games/s on one core "
              f"({decisions:.0f} decisions per game)")
    if args.bot_games:
        started = time.perf_counter()
        tally = bot_win_rate(args.bot_games, args.seed)
        share = tally["heuristic"] / args.bot_games
        print(f"heuristic vs random, {args.bot_games} games (both seats): {tally}; "
              f"heuristic wins {share:.1%} ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
