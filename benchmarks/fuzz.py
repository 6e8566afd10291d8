"""The long run of the fuzzing harness (issue 12; the strategies are in tests/fuzzing.py).

For every registered ruleset and every kind of case (valid-shaped content, broken content,
``--set`` values, dice scripts), hypothesis makes ``--examples`` cases; each is loaded and
played (3 games: random agents, first-option agents, random) under a time budget. It
prints, per ruleset and kind, the cases tried, how many played, were refused with one
line and failed, the slowest case, and then each distinct failure with a case that shows
it. Nothing is raised on a failure, so the run counts them all.

Run: .venv/bin/python benchmarks/fuzz.py [--examples 100] [--budget 5] [--ruleset ID]
     [--seed N]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from tests.fuzzing import Case, Outcome, cases, check  # noqa: E402

from rulekeeper.core import registry  # noqa: E402

KINDS = ("valid", "broken", "set", "dice")


def signature(outcome: Outcome) -> str:
    """A failure without its numbers and folder names, so that alike failures count once."""
    return re.sub(r"/tmp/fuzz-\w+|\d+", "#", outcome.detail)[:160]


def run(ruleset_id: str, kind: str, examples: int, budget: float, start_seed: int,
        failures: dict[str, tuple[Case, Outcome]]) -> tuple[Counter[str], float]:
    counts: Counter[str] = Counter()
    slowest = 0.0

    @seed(start_seed)
    @settings(max_examples=examples, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(cases(ruleset_id, kind))
    def one(case: Case) -> None:
        nonlocal slowest
        outcome = check(case, budget)
        counts[outcome.kind] += 1
        slowest = max(slowest, outcome.seconds)
        if outcome.kind == "failure":
            failures.setdefault(signature(outcome), (case, outcome))

    one()
    return counts, slowest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=100, help="cases per ruleset and kind")
    parser.add_argument("--budget", type=float, default=5.0, help="CPU seconds per case")
    parser.add_argument("--ruleset", action="append", help="only these rulesets")
    parser.add_argument("--seed", type=int, default=0, help="hypothesis's seed")
    args = parser.parse_args()
    failures: dict[str, tuple[Case, Outcome]] = {}
    started = time.perf_counter()
    total: Counter[str] = Counter()
    print("| ruleset | kind | cases | played | refused (one line) | failures | slowest (s) |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for ruleset_id in args.ruleset or registry.ids():
        for kind in KINDS:
            counts, slowest = run(ruleset_id, kind, args.examples, args.budget, args.seed,
                                  failures)
            total.update(counts)
            print(f"| {ruleset_id} | {kind} | {sum(counts.values())} | {counts['played']} | "
                  f"{counts['refused']} | {counts['failure']} | {slowest:.2f} |", flush=True)
    print(f"\n{sum(total.values())} cases in {time.perf_counter() - started:.0f} s: "
          f"{total['played']} played, {total['refused']} refused, {total['failure']} failures "
          f"({len(failures)} distinct)")
    for case, outcome in failures.values():
        print(f"\n- {outcome.detail}\n  case: {case.describe()[:600]}")


if __name__ == "__main__":
    main()
