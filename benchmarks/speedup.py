"""Designer batches and searches, before and after a change, measured in one run.

``--before SRC`` names the ``src`` folder of the code to compare against (a worktree of an
older commit: ``git worktree add --detach /tmp/before 1d65f23``); its games run in child
processes of this same Python with ``PYTHONPATH=SRC``, taking turns with this tree's, so
that both see the same machine. Figures are processor time of the child (``time.process_time``),
which other jobs on the machine disturb much less than wall-clock time.

- ``games``: games per CPU second of each ruleset with its default bots (``simulate``'s
  batch: the lab's own ``play_one`` path, logging off), and a check that both sides played
  the same games: winner, reason, rounds, decisions, metrics and the digest of every
  decision, game by game.
- ``mcts``: iterations per 100 ms of ``mcts`` (each ruleset's own search settings) at the
  first decisions with a choice of a game the heuristic bot plays; and, at an iteration
  budget, whether both sides make the same decisions.
- ``walkthrough``: the README's designer walk-through (``simulate`` 2,000 games, ``sweep``
  3 x 1,000, ``report``), timed command by command (wall clock and CPU of the commands).

Both sides play their own sample content unless ``--content FOLDER`` gives both the same
(its files replace the sample's): compare Raid speed on the same content when one tree's
sample changed (a folder with the Raid's files of one tree: ``boards classes components
factions heroes raid_sides raids villains``.yaml of ``rulesets/dire_alliance/content``); the
check of the same games says when the content differed.

``--before source`` compares this tree's compiled build with its Python source.

Run: .venv/bin/python benchmarks/speedup.py games --before /tmp/before/src [--games 40]
     .venv/bin/python benchmarks/speedup.py mcts --before /tmp/before/src [--decisions 20]
     .venv/bin/python benchmarks/speedup.py walkthrough [--before /tmp/before/src]
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
ROOT = HERE.parents[1]

BATCHES: dict[str, tuple[str, dict[str, Any]]] = {
    "battle": ("dire-alliance-battle", {}),
    "raid": ("dire-alliance-raid", {"heroes": 2}),
    "enemy-attacks": ("enemy-attacks", {}),
    "combat-encounter": ("combat-encounter", {}),
}
"""The batches measured: the ruleset and its setup options (the others' defaults)."""
WARM_UP = 5
"""Games played before the clock starts (other seeds): what a long batch pays once, the
imports, the content and the exact odds its bots ask first, does not weigh on the rate."""
SEARCHES = {"battle": ("dire-alliance-battle", {}), "raid": ("dire-alliance-raid", {"heroes": 2})}


# --- in a child process: play, and say what happened ---------------------------------------


def child_games(ruleset: str, options: dict[str, Any], games: int, seed: int,
                content: str | None = None) -> dict[str, Any]:
    """Play ``games`` games of a batch as ``simulate`` does (default bots, logging off), on
    ``content`` (a folder replacing the sample's files) when given."""
    from rulekeeper.agents import play_out, seat_agents
    from rulekeeper.core.game import new_game
    from rulekeeper.core.rng import derive_seed

    # simulate's games are unlabelled since issue 31's fourth round; older code labels all.
    unlabelled = {"labels": False} if "labels" in inspect.signature(new_game).parameters else {}

    def one(index: int) -> dict[str, Any]:
        game_seed = derive_seed(seed, index)
        game = new_game(ruleset, seed=game_seed, options=options, log=False, content=content,
                        content_replace=content is not None, **unlabelled)
        play_out(game, seat_agents(game.ruleset, game.seats, None, game_seed))
        result = game.result
        assert result is not None
        return {"winner": result.winner, "reason": result.reason, "rounds": result.rounds,
                "decisions": len(game.decisions),
                "choices": hashlib.sha256(" ".join(game.decisions).encode()).hexdigest()[:16],
                "metrics": dict(sorted(result.metrics.items()))}

    for index in range(games, games + WARM_UP):  # imports, content, compiled tables, odds
        one(index)
    started = time.process_time()
    rows = [one(i) for i in range(games)]
    return {"cpu": time.process_time() - started, "rows": rows}


def as_before(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """A game of the code after, less the metrics the code before did not record yet (the
    per-entity ``entity.*`` measures came later): what the check of the same games compares."""
    return {**after, "metrics": {key: value for key, value in after["metrics"].items()
                                 if key in before["metrics"] or not key.startswith("entity.")}}


def child_mcts(ruleset: str, options: dict[str, Any], decisions: int, budget: str,
               seed: int, content: str | None = None) -> dict[str, Any]:
    """``mcts:budget=BUDGET`` (the ruleset's own settings) at the first ``decisions``
    decisions with a choice of a game the heuristic bot plays: its iterations and choices."""
    from rulekeeper.agents import decide, make_agent, seat_agents
    from rulekeeper.core.game import new_game

    game = new_game(ruleset, seed=seed, options=options, log=False, content=content,
                    content_replace=content is not None)
    bots = seat_agents(game.ruleset, game.seats, None, seed)
    iterations, seconds, choices = [], 0.0, []
    while game.pending is not None and len(iterations) < decisions:
        seat = game.pending.player
        if len(game.pending.options) > 1:
            agent = make_agent(f"mcts:budget={budget}", game.ruleset, seat, len(iterations))
            choices.append(decide(agent, game))
            iterations.append(agent.last.iterations)
            seconds += agent.last.seconds
        game.step(decide(bots[seat], game))
    return {"iterations": iterations, "seconds": seconds, "choices": choices}


# --- in the parent: run both sides, compare ------------------------------------------------


SOURCE = Path("source")
"""``--before source``: the code before is this tree's Python source, without the compiled
build (``rulekeeper compile``) the code after uses."""


def run_child(src: Path | None, call: str, **kwargs: Any) -> dict[str, Any]:
    """Run ``call(**kwargs)`` of this script in a child Python, with ``src`` first on its
    path when given (the code before), or with the compiled build off (``SOURCE``)."""
    env = dict(os.environ)
    if src == SOURCE:
        env["RULEKEEPER_COMPILED"] = "0"
    elif src is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(src), env.get("PYTHONPATH", "")]).rstrip(
            os.pathsep)
    out = subprocess.run([sys.executable, str(HERE), "--child", call, json.dumps(kwargs)],
                         env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"child {call} ({src or 'this tree'}) failed:\n{out.stderr}")
    found: dict[str, Any] = json.loads(out.stdout)
    return found


def machine() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{os.cpu_count()} CPUs, Python {platform.python_version()}, load average "
            f"{load:.1f} at the start")


def games(args: argparse.Namespace) -> None:
    print(f"Games per CPU second, default bots, logging off ({machine()}); best of "
          f"{args.rounds} runs of {args.games} games, before and after taking turns.\n")
    print("| ruleset | before (games/s) | after (games/s) | speed-up | same games |")
    print("|---|---:|---:|---:|---|")
    for name in args.only or BATCHES:
        ruleset, options = BATCHES[name]
        cpu: dict[str, list[float]] = {"before": [], "after": []}
        rows: dict[str, list[Any]] = {}
        for _ in range(args.rounds):
            for side, src in (("before", args.before), ("after", None)):
                found = run_child(src, "child_games", ruleset=ruleset, options=options,
                                  games=args.games, seed=args.seed, content=args.content)
                cpu[side].append(found["cpu"])
                rows[side] = found["rows"]
        rows["after"] = [as_before(b, a) for b, a in zip(rows["before"], rows["after"],
                                                          strict=True)]
        same = rows["before"] == rows["after"]
        if not same:
            first = next(i for i, (a, b) in enumerate(zip(rows["before"], rows["after"],
                                                          strict=True)) if a != b)
            print(f"{name}: game {first} differs: {rows['before'][first]} / "
                  f"{rows['after'][first]}", file=sys.stderr)
        before, after = args.games / min(cpu["before"]), args.games / min(cpu["after"])
        label = f"{ruleset} {json.dumps(options) if options else ''}".strip()
        print(f"| {label} | {before:,.1f} | {after:,.1f} | **{after / before:.2f}×** | "
              f"{'yes' if same else 'NO'} ({args.games} games) |", flush=True)


def mcts(args: argparse.Namespace) -> None:
    print(f"mcts iterations per 100 ms ({machine()}); the first {args.decisions} decisions "
          f"with a choice of a game the heuristic bot plays (seed {args.seed}); each "
          f"ruleset's own search settings.\n")
    print("| ruleset | before: iterations a decision | after | speed-up | same choices at "
          f"{args.iterations} iterations |")
    print("|---|---:|---:|---:|---|")
    for name in args.only or SEARCHES:
        ruleset, options = SEARCHES[name]
        means: dict[str, list[float]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            for side, src in (("before", args.before), ("after", None)):
                found = run_child(src, "child_mcts", ruleset=ruleset, options=options,
                                  decisions=args.decisions, budget="100ms", seed=args.seed,
                                  content=args.content)
                means[side].append(statistics.mean(found["iterations"]))
        fixed = {side: run_child(src, "child_mcts", ruleset=ruleset, options=options,
                                 decisions=args.decisions, budget=str(args.iterations),
                                 seed=args.seed, content=args.content)["choices"]
                 for side, src in (("before", args.before), ("after", None))}
        before, after = max(means["before"]), max(means["after"])
        print(f"| {ruleset} | {before:,.1f} | {after:,.1f} | **{after / before:.2f}×** | "
              f"{'yes' if fixed['before'] == fixed['after'] else 'NO'} |", flush=True)


WALKTHROUGH = [
    ["simulate", "dire-alliance-battle", "--games", "2000", "--seed", "1", "--workers", "2",
     "--out", "battle.parquet"],
    ["sweep", "dire-alliance-battle", "--set", "factions.grievers.fighters.butcher.melee=2,3,4",
     "--games", "1000", "--seed", "1", "--workers", "2", "--plot", "butcher.png", "--out",
     "butcher.parquet"],
    ["report", "battle.parquet", "-o", "battle.html", "--ruling-games", "200"],
]
"""The README's walk-through, command by command."""


def walkthrough(args: argparse.Namespace) -> None:
    sides = [("after", None)] + ([("before", args.before)] if args.before else [])
    print(f"The README's designer walk-through ({machine()}), each command's wall-clock "
          f"time and the CPU time of it and its workers.\n")
    print("| code | command | wall clock (s) | CPU (s) |")
    print("|---|---|---:|---:|")
    for side, src in sides:
        folder = Path(tempfile.mkdtemp(prefix="walkthrough-"))
        env = dict(os.environ)
        if src is not None:
            env["PYTHONPATH"] = str(src)
        total_wall = total_cpu = 0.0
        try:
            for command in WALKTHROUGH:
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                started = time.perf_counter()
                subprocess.run([str(Path(sys.executable).parent / "rulekeeper"), *command],
                               cwd=folder, env=env, check=True, capture_output=True)
                wall = time.perf_counter() - started
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                total_wall += wall
                total_cpu += cpu
                print(f"| {side} | `rulekeeper {' '.join(command)}` | {wall:.1f} | {cpu:.1f} |",
                      flush=True)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        print(f"| {side} | **all three** | **{total_wall:.1f}** | {total_cpu:.1f} |", flush=True)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        call, kwargs = sys.argv[2], json.loads(sys.argv[3])
        print(json.dumps({"child_games": child_games, "child_mcts": child_mcts}[call](**kwargs)))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["games", "mcts", "walkthrough"])
    parser.add_argument("--before", type=Path, help="the src folder of the code before, or "
                        "'source': this tree without its compiled build")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=30,
                        help="mcts: the iteration budget whose choices are compared")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each side (best kept)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", help="a batch or search by name")
    parser.add_argument("--content", help="games, mcts: a content folder both sides play "
                        "(replacing the sample's files), for trees whose samples differ")
    args = parser.parse_args()
    if args.what in ("games", "mcts") and args.before is None:
        parser.error(f"{args.what} compares with the code before: give --before SRC")
    {"games": games, "mcts": mcts, "walkthrough": walkthrough}[args.what](args)


if __name__ == "__main__":
    main()
