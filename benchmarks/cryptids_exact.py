"""Exact cryptid odds on the sample teams cut to their first N cryptids: time and states.

For each N (``--sizes``, default 1 to 3) and each pair of sample teams (``--pairs``), the
exact odds of the first N cryptids of the left team against the first N of the right one,
under the default rulings; prints the CPU time, the memoised states met and the odds, or
where the cut-off (``--max-states``) stopped it. ``--write FILE`` stores the answers
(fractions as text) and ``--check FILE`` compares with stored ones: the enumeration
made faster must give the same answers as before.

Run: .venv/bin/python benchmarks/cryptids_exact.py --sizes 1 2 3
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.rulesets.cryptids.cards import Lineup
from rulekeeper.rulesets.cryptids.odds import exact
from rulekeeper.rulesets.cryptids.rulings import CryptidsRulings

PAIRS = ("french-legends:backwoods", "lake-monsters:night-flyers", "hunters:guardians")


def cut(team: str, size: int) -> Lineup:
    ruleset = registry.load("cryptids")
    content = ruleset.load_content()[0]
    whole = ruleset.lineup(content, team)
    return Lineup(f"{team}[:{size}]", whole.cards[:size])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--pairs", nargs="+", default=list(PAIRS))
    parser.add_argument("--max-states", type=int, default=2_000_000)
    parser.add_argument("--write", type=Path)
    parser.add_argument("--check", type=Path)
    args = parser.parse_args()
    answers: dict[str, Any] = {}
    stored = json.loads(args.check.read_text()) if args.check else {}
    failed = False
    print("| matchup | N | states | CPU s | left wins | tie | right wins |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for size in args.sizes:
        for pair in args.pairs:
            left, right = pair.split(":")
            name = f"{left}:{right}:{size}"
            started = time.process_time()
            try:
                report = exact(cut(left, size), cut(right, size), CryptidsRulings({}),
                               args.max_states)
            except UsageError as error:
                spent = time.process_time() - started
                print(f"| {left} v {right} | {size} | > {args.max_states:,} | {spent:.1f} | "
                      f"cut off: {str(error).split(';')[0]} |||", flush=True)
                continue
            spent = time.process_time() - started
            states = report.notes[0].split(" over ")[1].split(" ")[0]
            odds = [float(report.outcomes[k]) for k in ("left wins", "tie", "right wins")]
            print(f"| {left} v {right} | {size} | {states} | {spent:.2f} | "
                  + " | ".join(f"{p:.4f}" for p in odds) + " |", flush=True)
            answers[name] = {
                "outcomes": {k: str(v) for k, v in report.outcomes.items()},
                "distributions": {k: {str(v): str(p) for v, p in d.items()}
                                  for k, d in report.distributions.items()}}
            if name in stored and stored[name] != answers[name]:
                print(f"{name}: differs from {args.check}")
                failed = True
    if args.write:
        args.write.write_text(json.dumps(answers, sort_keys=True) + "\n")
    if args.check:
        print(f"compared {len(set(stored) & set(answers))} answers with {args.check}: "
              + ("some differ" if failed else "all equal"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
