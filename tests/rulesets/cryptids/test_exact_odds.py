"""The exact odds give, to the last digit, the answers the enumeration gave before it was made
faster (issue 17): each case's outcomes and distributions, as fractions, were computed with
the code of that time and stored in ``exact_odds.json``.

The cases cover what the enumeration must get right: random targets, coin-flip ties,
rerolls (counted or not), damage over time, summons, death abilities, total modifiers,
shields, buffs, swaps, sudden death (bonus and strike), heals over the maximum.
Regenerate (only if the rules change on purpose): ``.venv/bin/python -m
tests.rulesets.cryptids.test_exact_odds --write``.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rulekeeper.core import registry
from rulekeeper.rulesets.cryptids.cards import Lineup
from rulekeeper.rulesets.cryptids.odds import exact
from rulekeeper.rulesets.cryptids.rulings import CryptidsRulings
from tests.rulesets.cryptids.helpers import cryptid, on, teams

DATA = Path(__file__).parent / "exact_odds.json"

KIT = cryptid("kit", 1, 1, on({"total": 7}, {"damage": 1}))
WISP = cryptid("wisp", 1, 1, on({"total": 5}, {"damage": 1}))
STORM = cryptid("storm", 3, 5, on({"total": 2}, {"reroll": True}),
                on({"range": [11, 12]}, {"damage": 2, "target": "all-enemies"}))
LEECH = cryptid("leech", 3, 3, on({"totals": [6, 8]}, {"damage-over-time": 1, "rolls": 2}))
PAIR = ([cryptid("a", 2, 2, on("odd", {"damage": 1, "target": "random-enemy"})),
         cryptid("b", 2, 1, on({"total": 7}, {"shield": 1}))],
        [cryptid("c", 2, 2, on("even", {"damage": 1, "target": "random-enemy"})),
         cryptid("d", 2, 1, on("hurt", {"buff-attack": 1}))])

CASES: dict[str, tuple[list[Any], list[Any], dict[str, str]]] = {
    "summon-hurt": ([cryptid("burrow", 3, 2, on("doubles", {"summon": "kit"}),
                             on({"total": 8}, {"damage": 2}))],
                    [cryptid("bite", 4, 2, on("hurt", {"damage": 1, "target": "attacker"}),
                             on({"total": 9}, {"damage": 1}))], {}),
    "reroll-dot": ([STORM], [LEECH], {}),
    "reroll-dot-not-counted": ([STORM], [LEECH], {"reroll-counts": "no"}),
    "reroll-dot-process": ([STORM], [LEECH], {"deaths-on-reroll": "process"}),
    "modifiers": ([cryptid("tilt", 3, 1, on("each-roll", {"modify-total": -1}),
                           on({"totals": [3, 11]}, {"damage": 2, "target": "lowest-hp"}))],
                  [cryptid("lift", 4, 3, on("each-roll", {"modify-total": 1}),
                           on({"range": [11, 13]}, {"damage": 3}))], {}),
    "death-summon": ([cryptid("maker", 2, 2, on({"total": 10}, {"damage": 1}),
                              on("death", {"summon": "wisp"}))],
                     [cryptid("avenger", 3, 2, on({"total": 6}, {"damage": 2}),
                              on("death", {"damage": 2}))], {}),
    "strike": ([cryptid("owl", 6, 4, on("even", {"damage": 1, "target": "random-enemy"}))],
               [cryptid("worm", 3, 1, on({"range": [9, 10]}, {"damage": 2}))],
               {"sudden-death": "strike"}),
    "overheal": ([cryptid("healer", 3, 2, on({"totals": [2, 12]}, {"heal": 2}),
                          on({"total": 6}, {"damage": 1}))],
                 [cryptid("thorn", 4, 2, on("hurt", {"damage": 1, "target": "attacker"}),
                          on({"total": 5}, {"damage": 1}))], {"overheal": "allow"}),
    "coin-ties": (*PAIR, {"tie-order": "coin"}),
    "position-ties": (*PAIR, {}),
    "swap-buffs": ([cryptid("imp", 2, 4, on({"total": 10}, {"damage": 2}),
                            on("odd", {"swap": "right"})),
                    cryptid("goat", 3, 1, on({"total": 8}, {"damage": 1, "target": "adjacent"}))],
                   [cryptid("ward", 4, 2, on("battle-start", {"buff-threat": 3}),
                            on("ally-hurt", {"shield": 1, "target": "that-ally"}),
                            on({"totals": [4, 7]}, {"damage": 1, "target": "lowest-hp"})),
                    cryptid("wolf", 2, 2, on("ally-death", {"buff-attack": 1}),
                            on({"total": 6}, {"damage": 1}))], {}),
    "sample-dahu-vouivre": (["dahu"], ["vouivre"], {}),
    "sample-owlman-fresno": (["owlman"], ["fresno-nightcrawler"], {}),
}
"""Name: left cryptids, right cryptids (declarations, or ids of sample cards), rulings."""
EXTRA = [KIT, WISP]


def lineups(left: list[Any], right: list[Any]) -> tuple[Lineup, Lineup]:
    if isinstance(left[0], dict):
        return teams(left, right, EXTRA)
    ruleset = registry.load("cryptids")
    cards = ruleset.prepared(ruleset.load_content()[0]).cards
    return (Lineup("L", tuple(cards[c] for c in left)),
            Lineup("R", tuple(cards[c] for c in right)))


def answer(name: str) -> dict[str, Any]:
    """A case's exact answer, every fraction as text."""
    left, right, rulings = CASES[name]
    report = exact(*lineups(left, right), CryptidsRulings(rulings))
    return {"outcomes": {k: str(v) for k, v in report.outcomes.items()},
            "distributions": {k: {str(v): str(p) for v, p in d.items()}
                              for k, d in report.distributions.items()},
            "states": report.notes[0].split(" over ")[1].split(" ")[0]}


@pytest.mark.parametrize("name", sorted(CASES))
def test_exact_odds_are_those_of_before(name):
    stored = json.loads(DATA.read_text())[name]
    found = answer(name)
    assert found == stored
    assert sum(Fraction(p) for p in found["outcomes"].values()) == 1


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    DATA.write_text(json.dumps({name: answer(name) for name in CASES}, indent=1,
                               sort_keys=True) + "\n")
