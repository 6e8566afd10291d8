"""Reference outcomes of seeded cryptid battles, to check that a speed change changes nothing.

Plays ``--battles`` seeded battles over every ordered pair of the sample teams and a
spread of ruling combinations, logging off, and (for every fifth battle) the same
battle logging on; records per battle the outcome, every cryptid left on the board
(id, HP, shield, threat, attack, statuses), the number of draws and, logging on, the
events. It ends with the exact odds (every distribution) of a one-against-one
matchup, which exercise the state keys of the exact enumeration. ``--write FILE``
stores the records (JSON lines); ``--check FILE`` compares and names the first
battle that differs. The digest printed sums up all records.

Run: .venv/bin/python benchmarks/cryptids_reference.py --write /tmp/ref.jsonl
     .venv/bin/python benchmarks/cryptids_reference.py --check /tmp/ref.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import sys
from collections.abc import Iterator
from typing import Any

from rulekeeper.core import registry
from rulekeeper.core.rng import Rng, derive_seed
from rulekeeper.rulesets.cryptids.battle import Battle
from rulekeeper.rulesets.cryptids.odds import exact
from rulekeeper.rulesets.cryptids.rulings import RULINGS, CryptidsRulings

COMBINED = ("tie-order", "sudden-death", "reroll-counts", "reaction-depth", "no-damage-possible",
            "deaths-on-reroll", "overheal", "zero-hp-target", "heal-at-zero", "reaction-order",
            "lowest-hp-tie")
"""The rulings combined, those of the first reference (later ones keep their default, so
that a reference stays comparable)."""


def ruling_combinations(count: int = 40) -> list[dict[str, str]]:
    """About ``count`` combinations spread over every option of the rulings of ``COMBINED``,
    defaults first."""
    options = [[(r.id, o) for o in r.options] for r in RULINGS if r.id in COMBINED]
    picks = list(itertools.product(*options))
    return [{}] + [dict(p) for p in picks[:: max(1, len(picks) // count)]]


def _recorder(events: list[Any]) -> Any:
    def emit(kind: str, rule: str, **data: Any) -> None:
        events.append([kind, rule, data])
    return emit


def records(battles: int, log_every: int = 5) -> Iterator[dict[str, Any]]:
    ruleset = registry.load("cryptids")
    content = ruleset.load_content()[0]
    teams = [t.id for t in content.teams.teams]
    pairs = list(itertools.permutations(teams, 2))
    combos = ruling_combinations()
    for index in range(battles):
        left, right = pairs[index % len(pairs)]
        rulings = combos[index % len(combos)]
        seed = derive_seed(11, index)
        runs = [False, True] if index % log_every == 0 else [False]
        record: dict[str, Any] = {"index": index, "left": left, "right": right,
                                  "rulings": rulings, "seed": seed}
        for log in runs:
            events: list[Any] = []
            emit = _recorder(events)
            rng = Rng(seed)
            battle = Battle(ruleset.lineup(content, left), ruleset.lineup(content, right), rng,
                            CryptidsRulings(rulings), emit if log else None)
            o = battle.run()
            found = {
                "winner": o.winner, "reason": o.reason, "rolls": o.rolls, "hp": list(o.hp),
                "damage": list(o.damage), "rerolls": o.rerolls,
                "fielded": [sorted(s) for s in o.fielded],
                "survivors": [sorted(s) for s in o.survivors],
                "defeated": [sorted(s) for s in o.defeated],
                "rows": [[[f.card.id, f.hp, f.shield, f.threat, f.attack, f.dots] for f in row]
                         for row in battle.rows],
                "draws": rng.draws}
            if log:
                if found != record["outcome"]:
                    raise SystemExit(f"battle {index}: logging on and off differ")
                record["events"] = hashlib.sha256(
                    json.dumps(events, sort_keys=True, default=str).encode()).hexdigest()
            else:
                record["outcome"] = found
        yield record


def exact_odds(left: str = "lone-kraken", right: str = "lone-yeti") -> dict[str, Any]:
    ruleset = registry.load("cryptids")
    content = ruleset.load_content()[0]
    report = exact(ruleset.lineup(content, left), ruleset.lineup(content, right),
                   CryptidsRulings({}))
    return {"exact": [left, right], "outcomes": {k: str(v) for k, v in report.outcomes.items()},
            "distributions": {k: {str(v): str(p) for v, p in d.items()}
                              for k, d in report.distributions.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--battles", type=int, default=5_000)
    parser.add_argument("--write", help="store the records in this file (JSON lines)")
    parser.add_argument("--check", help="compare with the records of this file")
    args = parser.parse_args()
    lines = [json.dumps(r, sort_keys=True) for r in records(args.battles)]
    lines.append(json.dumps(exact_odds(), sort_keys=True))
    print("digest", hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16],
          f"({args.battles} battles and exact odds)")
    if args.write:
        with open(args.write, "w") as out:
            out.write("\n".join(lines) + "\n")
    if args.check:
        with open(args.check) as stored:
            expected = stored.read().splitlines()
        for line, want in zip(lines, expected, strict=False):
            if line != want:
                print("first difference:\n  now:", line[:600], "\n  was:", want[:600])
                sys.exit(1)
        if len(lines) != len(expected):
            sys.exit(f"{len(lines)} battles now, {len(expected)} stored")
        print("identical to", args.check)


if __name__ == "__main__":
    main()
