"""Fit the Raid search estimate (``raid/estimate.py``) to how heuristic heroes' games end.

Plays ``--games`` games a scenario with the heuristic bot at every hero seat (1 to 4 heroes
in turn), reads the estimate's signs at every third decision with a choice, labels each
with whether the heroes won that game, and fits a logistic regression by Newton's method
(a little L2) for each kind of hero goal. One game in five is held out: its log loss is
printed for the base rate, for the ruleset's ``evaluate`` now, and for the new fit. With
``--fit`` the new weights are printed as ``WEIGHTS`` for estimate.py.

Run: .venv/bin/python benchmarks/raid_estimate.py [--games 600] [--seed 1000] [--workers 2]
     [--fit]
Game i of a scenario is a pure function of (scenario, seed, i), so the fit does not depend
on --workers.
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from rulekeeper.agents import decide, seat_agents
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import derive_seed
from rulekeeper.rulesets.dire_alliance.raid import estimate

RULESET = "dire-alliance-raid"
SCENARIOS = {"villain": "into-the-darkwood", "sites": "barrow-stones"}
EVERY = 3
L2 = 1e-3

Rows = list[tuple[dict[str, float], float]]


def play(job: tuple[str, int, int]) -> tuple[Rows, bool]:
    """One game's signs and the code's estimate at every ``EVERY``-th choice, and its end."""
    scenario, seed, index = job
    game_seed = derive_seed(seed, index)
    game = new_game(RULESET, scenario, seed=game_seed, options={"heroes": 1 + index % 4},
                    log=False)
    agents = seat_agents(game.ruleset, game.seats, ["heuristic"], game_seed)
    rows: Rows = []
    choices = 0
    while game.pending is not None:
        decision = game.pending
        if len(decision.options) > 1:
            if choices % EVERY == 0:
                now = game.ruleset.evaluate(game.table)
                assert now is not None
                rows.append((estimate.signs(game.table.state), now["heroes"]))
            choices += 1
        game.step(decide(agents[decision.player], game))
    assert game.result is not None
    return rows, game.result.winner == "heroes"


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Logistic regression weights (the first is the bias), by Newton's method."""
    a = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(a.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-a @ w))
        gradient = a.T @ (p - y) + L2 * w
        hessian = (a * (p * (1 - p))[:, None]).T @ a + L2 * np.eye(len(w))
        w -= np.linalg.solve(hessian, gradient)
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--fit", action="store_true", help="print the new WEIGHTS")
    args = parser.parse_args()
    weights: dict[str, dict[str, float]] = {}
    for kind, scenario in SCENARIOS.items():
        jobs = [(scenario, args.seed, i) for i in range(args.games)]
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(play, jobs, chunksize=4))
        names = list(next(s for rows, _ in games for s, _ in rows))
        x = np.array([[s[n] for n in names] for rows, _ in games for s, _ in rows])
        y = np.array([float(won) for rows, won in games for _ in rows])
        code = np.array([c for rows, _ in games for _, c in rows])
        held = np.array([i % 5 == 0 for i, (rows, _) in enumerate(games) for _ in rows])
        w = fit(x[~held], y[~held])
        p = 1 / (1 + np.exp(-(w[0] + x[held] @ w[1:])))
        base = np.full(held.sum(), y[~held].mean())
        wins = sum(won for _, won in games)
        print(f"{scenario}: {args.games} games (heroes won {wins}), {len(y)} states, "
              f"{held.sum()} held out; log loss: base rate {log_loss(base, y[held]):.3f}, "
              f"the code's estimate {log_loss(code[held], y[held]):.3f}, "
              f"the new fit {log_loss(p, y[held]):.3f}")
        weights[kind] = {"bias": round(float(w[0]), 3)} | {
            n: round(float(v), 3) for n, v in zip(names, w[1:], strict=True)}
    if args.fit:
        print("WEIGHTS: dict[str, dict[str, float]] = {")
        for kind, values in weights.items():
            print(f"    {kind!r}: {{")
            for name, value in values.items():
                print(f"        {name!r}: {value},")
            print("    },")
        print("}")
    assert all(math.isfinite(v) for values in weights.values() for v in values.values())


if __name__ == "__main__":
    main()
