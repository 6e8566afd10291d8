"""Reference games of every ruleset, to check that a redesign changes no behaviour.

For each registered ruleset (or those named with ``--ruleset``) it plays seeded games
over every scenario, each ruling option (one at a time, the others at their default),
a few setup options and two agent sets (random, and the ruleset's default bot), and
keeps per game the winner, reason, rounds, decisions, metrics and a digest of the
events (their data and their English sentences; French too where the ruleset has it).
``--write DIR`` stores one JSON file per ruleset; ``--check DIR`` replays and names the
first game that differs.

Run: .venv/bin/python benchmarks/reference.py --write /tmp/ref
     .venv/bin/python benchmarks/reference.py --check /tmp/ref
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rulekeeper.agents import play_out, seat_agents
from rulekeeper.core import registry
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import derive_seed

OPTIONS: dict[str, list[dict[str, Any]]] = {
    "dire-alliance-battle": [{}, {"red_faction": "grievers", "red_leader": "kramer",
                                  "blue_faction": "shroud", "blue_leader": "countess"}],
    "dire-alliance-raid": [{"heroes": n} for n in (1, 2, 3, 4)],
    "enemy-attacks": [{"players": n} for n in (1, 2)],
    "combat-encounter": [{"players": n} for n in (2, 4, 6)] + [{"start": "random"}],
    "cryptids": [{}, {"left": "hunters", "right": "guardians"}, {"left": "swamp", "right": "duo"}],
}
"""Setup options per ruleset name (options not listed keep their defaults)."""


def configs(ruleset_id: str) -> Iterator[dict[str, Any]]:
    ruleset = registry.load(ruleset_id)
    content = ruleset.load_content()[0]
    scenarios = ruleset.scenarios(content) or [None]
    rulings: list[dict[str, str]] = [{}] + [
        {r.id: option} for r in ruleset.rulings for option in r.options
        if option != r.default and r.id != "work-budget"]
    agent_sets = ["random"] + ([ruleset.default_bot] if ruleset.default_bot != "random" else [])
    for scenario in scenarios:
        for options in OPTIONS.get(ruleset.meta.name, [{}]):
            for ruling in rulings:
                for agents in agent_sets:
                    yield {"scenario": scenario, "options": options, "rulings": ruling,
                           "agents": agents}


def play(ruleset_id: str, config: dict[str, Any], seed: int, log: bool) -> dict[str, Any]:
    game = new_game(ruleset_id, config["scenario"], None, config["rulings"], seed,
                    options=config["options"], log=log)
    agents = seat_agents(game.ruleset, game.seats, [config["agents"]] * len(game.seats), seed)
    play_out(game, agents)
    result = game.result
    assert result is not None
    found: dict[str, Any] = {"winner": result.winner, "reason": result.reason,
                             "rounds": result.rounds, "decisions": len(game.decisions),
                             "choices": digest(" ".join(game.decisions)),
                             "metrics": dict(sorted(result.metrics.items()))}
    if log:
        messages = game.ruleset.messages
        events = [[e.to_json()] + [messages.render(e, lang) for lang in messages.locales]
                  for e in game.events]
        found["events"] = digest(json.dumps(events, sort_keys=True, default=str))
    return found


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def reference(ruleset_id: str, games: int,
              known: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The games of every configuration (or of the ``known`` ones, in their stored order, so
    that a ruling added since the reference was written leaves the others' seeds alone)."""
    out = []
    for number, config in enumerate(configs(ruleset_id) if known is None else known):
        for i in range(games):
            seed = derive_seed(number, i)
            log = i == 0
            found = play(ruleset_id, config, seed, log)
            out.append({"config": config, "seed": seed} | found)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path)
    group.add_argument("--check", type=Path)
    parser.add_argument("--ruleset", action="append", help="default: every registered ruleset")
    parser.add_argument("--games", type=int, default=6, help="games per configuration")
    args = parser.parse_args()
    names = args.ruleset or [registry.load(i).meta.name for i in registry.ids()]
    failed = False
    for name in names:
        folder = args.write or args.check
        path = folder / f"{name}.json"
        if args.write:
            folder.mkdir(parents=True, exist_ok=True)
            rows = reference(name, args.games)
            path.write_text(json.dumps({"format": 1, "games": args.games, "rows": rows}))
            print(f"{name}: {len(rows)} games written to {path}")
            continue
        stored = json.loads(path.read_text())
        known: list[dict[str, Any]] = []
        for row in stored["rows"]:
            if row["config"] not in known:
                known.append(row["config"])
        added = [c for c in configs(name) if c not in known]
        if added:
            print(f"{name}: {len(added)} configurations not in the reference (not compared): "
                  + "; ".join(json.dumps(c["rulings"] or c["options"]) for c in added))
        rows = reference(name, stored["games"], known)
        for old, new in zip(stored["rows"], rows, strict=True):
            if old != new:
                diff = sorted(k for k in old if old[k] != new.get(k))
                print(f"{name}: game {old['config']} seed {old['seed']} differs in {diff}")
                failed = True
                break
        else:
            print(f"{name}: {len(rows)} games identical")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
