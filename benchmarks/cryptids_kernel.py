"""The compiled kernel of cryptid battles: the same battles as the engine, and how fast.

Run: .venv/bin/python benchmarks/cryptids_kernel.py speed [--battles N]
     .venv/bin/python benchmarks/cryptids_kernel.py differential [--examples N]
     .venv/bin/python benchmarks/cryptids_kernel.py odds [--games N]
     .venv/bin/python benchmarks/cryptids_kernel.py league [--runs N]

``speed``: battles per CPU second of the 5-vs-5 sample teams (the 56 ordered pairs of
benchmarks/cryptids_battles.py taking turns, default rulings) for, in the same run:
the compiled kernel; the readable engine (``Battle(...).run()``); and the *bare loop*:
the kernel's own functions run by the Python interpreter (numba's ``NUMBA_DISABLE_JIT``,
in a subprocess), which is the same arithmetic as a plain Python loop over arrays. Then
the CPU time of 10,000 battles of one matchup (seeds derived as the odds derive them).

``differential``: the kernel against the engine, battle by battle, at scale: every ordered
pair of sample teams under random ruling combinations, and random content from the fuzzing
generators (tests/fuzzing.py) under the rulings they draw. Exits 1 at the first difference.

``odds``: ``rulekeeper odds cryptids --games N`` with the kernel, N/100 with the Python
engine, wall and CPU time (the command's own processes, workers included).

``league``: ``rulekeeper simulate cryptids-run --players 8 --runs N`` with each engine.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tests.fuzzing

from rulekeeper.core import registry  # noqa: E402
from rulekeeper.core.rng import Rng, derive_seed  # noqa: E402
from rulekeeper.rulesets.cryptids.battle import Battle  # noqa: E402
from rulekeeper.rulesets.cryptids.kernel import engines  # noqa: E402
from rulekeeper.rulesets.cryptids.rulings import RULINGS, CryptidsRulings  # noqa: E402

TEAMS = ["french-legends", "backwoods", "lake-monsters", "night-flyers", "hunters", "guardians",
         "tricksters", "swamp"]


def pairs() -> list:
    ruleset = registry.load("cryptids")
    content = ruleset.load_content()[0]
    return [(ruleset.lineup(content, a), ruleset.lineup(content, b))
            for a, b in itertools.permutations(TEAMS, 2)]


def kernel_rate(n: int) -> float:
    """Battles per CPU second of the kernel: the 56 pairs taking turns, battle i seeded
    derive_seed(0, i) (best of 3)."""
    every = pairs()
    chosen = [every[i % len(every)] for i in range(n)]
    seeds = [derive_seed(0, i) for i in range(n)]
    engines.play(chosen[:10], CryptidsRulings({}), seeds[:10], "kernel")  # load
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        engines.play(chosen, CryptidsRulings({}), seeds, "kernel")
        best = min(best, time.process_time() - started)
    return n / best


def engine_rate(n: int) -> float:
    every = pairs()
    seeds = [derive_seed(0, i) for i in range(n)]
    rulings = CryptidsRulings({})
    started = time.process_time()
    for i in range(n):
        left, right = every[i % len(every)]
        Battle(left, right, Rng(seeds[i]), rulings).run()
    return n / (time.process_time() - started)


def bare_rate(n: int) -> float:
    """The kernel's functions run by the interpreter, in a subprocess."""
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
            f"from benchmarks.cryptids_kernel import kernel_once; print(kernel_once({n}))")
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env=env)
    return float(done.stdout.strip().splitlines()[-1])


def kernel_once(n: int) -> float:
    """One timed run of ``n`` battles through the kernel's entry point."""
    every = pairs()
    chosen = [every[i % len(every)] for i in range(n)]
    seeds = [derive_seed(0, i) for i in range(n)]
    engines.play(chosen[:2], CryptidsRulings({}), seeds[:2], "kernel")
    started = time.process_time()
    engines.play(chosen, CryptidsRulings({}), seeds, "kernel")
    return n / (time.process_time() - started)


def one_matchup(n: int = 10_000) -> float:
    """CPU seconds of ``n`` battles of one matchup, as the odds play them (best of 5)."""
    pair = pairs()[0:1]
    engines.play(pair, CryptidsRulings({}), (0, 0, 10), "kernel")
    best = float("inf")
    for _ in range(5):
        started = time.process_time()
        engines.play(pair, CryptidsRulings({}), (0, 0, n), "kernel")
        best = min(best, time.process_time() - started)
    return best


def speed(n: int) -> None:
    started = time.perf_counter()
    engines.load()
    print(f"kernel loaded (or compiled) in {time.perf_counter() - started:.1f} s wall")
    kernel = kernel_rate(n)
    engine = engine_rate(min(n, 5_000))
    bare = bare_rate(200)
    print(f"compiled kernel: {kernel:12,.0f} battles/s")
    print(f"Python engine:   {engine:12,.0f} battles/s  (kernel {kernel / engine:.1f}x)")
    print(f"bare loop:       {bare:12,.0f} battles/s  (kernel {kernel / bare:.0f}x; the "
          f"kernel's code run by the interpreter)")
    print(f"10,000 battles of one matchup: {one_matchup() * 1000:.1f} ms of CPU")


def differential(examples: int) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    from tests.fuzzing import cases, write_content

    from rulekeeper.core.errors import RulekeeperError

    options = [[(r.id, o) for o in r.options] for r in RULINGS]
    combinations = [dict(p) for p in itertools.product(*options)]
    random.Random(0).shuffle(combinations)
    checked = [0]

    def compare(battle_pairs: list, rulings: CryptidsRulings, seeds: tuple[int, int, int],
                what: str) -> None:
        kernel = engines.play(battle_pairs, rulings, seeds, "kernel", sets=True)
        python = engines.play(battle_pairs, rulings, seeds, "python", sets=True)
        for i in range(len(kernel.out)):
            if kernel.outcome(i) != python.outcome(i):
                print(f"DIFFERENT: {what}, battle {seeds[1] + i} of seed {seeds[0]}:\n"
                      f"  kernel {kernel.outcome(i)}\n  engine {python.outcome(i)}")
                sys.exit(1)
        checked[0] += len(kernel.out)

    started = time.perf_counter()
    every = pairs()
    for index, pair in enumerate(every * 4):
        rulings = combinations[index % len(combinations)]
        compare([pair], CryptidsRulings(rulings), (index, 0, 200), f"sample pair {index}")
    print(f"sample teams: {checked[0]:,} battles the same "
          f"({time.perf_counter() - started:.0f} s)")
    ruleset = registry.load("cryptids")

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def fuzzed(data: st.DataObject) -> None:
        case = data.draw(cases("cryptids", data.draw(st.sampled_from(("valid", "set")))))
        folder = Path(tempfile.mkdtemp(prefix="kernel-")) if case.data is not None else None
        try:
            if folder is not None:
                write_content(case.data, folder)
            try:
                content = ruleset.load_content(str(folder) if folder else None, case.sets,
                                               True)[0]
                lineups = [ruleset.lineup(content, t.id) for t in content.teams.teams][:5]
            except RulekeeperError:
                return
            for left, right in itertools.product(lineups, repeat=2):
                compare([(left, right)], CryptidsRulings(case.rulings),
                        (case.seed, 0, 40), case.describe())
        finally:
            if folder is not None:
                shutil.rmtree(folder, ignore_errors=True)

    before = checked[0]
    fuzzed()
    print(f"random content: {checked[0] - before:,} battles the same over {examples} "
          f"examples; {checked[0]:,} in all ({time.perf_counter() - started:.0f} s)")


def command(args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of a rulekeeper command (children included)."""
    before = os.times()
    started = time.perf_counter()
    subprocess.run([str(Path(sys.executable).parent / "rulekeeper"), *args], check=True,
                   stdout=subprocess.DEVNULL)
    after = os.times()
    return (time.perf_counter() - started,
            after.children_user + after.children_system - before.children_user
            - before.children_system)


def odds(games: int) -> None:
    """The kernel plays ``games``; the Python engine a hundredth of them (it would take
    minutes), for comparison."""
    for engine, count in (("kernel", games), ("python", max(1, games // 100))):
        wall, cpu = command(["odds", "cryptids", "--left", "hunters", "--right", "guardians",
                             "--games", str(count), "--engine", engine, "--json"])
        print(f"odds cryptids --games {count:,} --engine {engine}: {wall:.1f} s wall, "
              f"{cpu:.1f} s CPU")


def league(runs: int) -> None:
    for engine in engines.ENGINES:
        wall, cpu = command(["simulate", "cryptids-run", "--players", "8", "--runs", str(runs),
                             "--agents", "heuristic,greedy", "--engine", engine, "--json"])
        print(f"simulate cryptids-run --players 8 --runs {runs} --engine {engine}: "
              f"{wall:.1f} s wall, {cpu:.1f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("speed", "differential", "odds", "league"))
    parser.add_argument("--battles", type=int, default=100_000)
    parser.add_argument("--examples", type=int, default=300)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=100)
    args = parser.parse_args()
    if args.what == "speed":
        speed(args.battles)
    elif args.what == "differential":
        differential(args.examples)
    elif args.what == "odds":
        odds(args.games)
    else:
        league(args.runs)


if __name__ == "__main__":
    main()
