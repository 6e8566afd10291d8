"""Dire Alliance Raid Mode: games per second (logging off) and the heroes' win rates for 1 to 4
heroes, for each bot (every hero seat played by that bot).

Run: .venv/bin/python benchmarks/dire_alliance_raid.py [--games 1000] [--bots random,heuristic]
     [--heroes 1,2,3,4] [--scenario into-the-darkwood] [--villain hollow-king] [--jobs 2]
Game i of a batch is a pure function of (bot, heroes, scenario, villain, seed, i), so the
figures do not depend on --jobs.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from rulekeeper.agents import play_out, seat_agents
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import derive_seed

RULESET = "dire-alliance-raid"


def play(job: tuple[str, int, str | None, str, int, int]) -> tuple[str, int, int]:
    """One game: its outcome (``win`` or the heroes' losing reason), decisions and rounds."""
    bot, heroes, scenario, villain, seed, index = job
    game_seed = derive_seed(seed, index)
    game = new_game(RULESET, scenario, seed=game_seed, options={"heroes": heroes,
                                                               "villain": villain}, log=False)
    play_out(game, seat_agents(game.ruleset, game.seats, [bot], game_seed))
    assert game.result is not None
    outcome = "win" if game.result.winner == "heroes" else game.result.reason
    return outcome, len(game.decisions), game.result.rounds


def batch(bot: str, heroes: int, args: argparse.Namespace) -> dict[str, object]:
    jobs = [(bot, heroes, args.scenario, args.villain, args.seed, i) for i in range(args.games)]
    started = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play, jobs, chunksize=20))
    else:
        results = [play(job) for job in jobs]
    elapsed = time.perf_counter() - started
    outcomes = Counter(r[0] for r in results)
    return {"bot": bot, "heroes": heroes, "games": args.games, "wins": outcomes["win"],
            "outcomes": dict(outcomes), "decisions": sum(r[1] for r in results) / args.games,
            "rounds": sum(r[2] for r in results) / args.games,
            "games_per_s": args.games / elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bots", default="random,heuristic")
    parser.add_argument("--heroes", default="1,2,3,4")
    parser.add_argument("--scenario", default=None)
    parser.add_argument("--villain", default="hollow-king")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args()
    print("| bot | heroes | games | heroes win | losses (reason: games) | rounds | decisions "
          f"| games/s ({args.jobs} worker(s)) |")
    print("|---|---|---|---|---|---|---|---|")
    for bot in args.bots.split(","):
        for heroes in (int(h) for h in args.heroes.split(",")):
            row = batch(bot, heroes, args)
            outcomes = row["outcomes"]
            assert isinstance(outcomes, dict)
            losses = ", ".join(f"{k}: {v}" for k, v in sorted(outcomes.items()) if k != "win")
            wins = row["wins"]
            assert isinstance(wins, int)
            print(f"| {bot} | {heroes} | {args.games} | {wins} ({wins / args.games:.1%}) | "
                  f"{losses} | {row['rounds']:.1f} | {row['decisions']:.0f} | "
                  f"{row['games_per_s']:.1f} |", flush=True)


if __name__ == "__main__":
    main()
