"""``rulekeeper dead-rules``: each rule of the index counts the games whose events cite it
(issue 33)."""

from __future__ import annotations

import json

from rulekeeper.agents import play_out, seat_agents
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import derive_seed
from tests.core.test_cli import run


def test_each_rule_counts_the_games_whose_events_cite_it(capsys, monkeypatch):
    code, out, err = run(["dead-rules", "cryptids", "--games", "6", "--seed", "4", "--json"],
                         capsys, monkeypatch)
    assert code == 0, err
    rules = {r["id"]: r for r in json.loads(out)["rules"]}
    cited = []
    for index in range(6):  # the same games, played here
        seed = derive_seed(4, index)
        game = new_game("cryptids", None, None, {}, seed)
        play_out(game, seat_agents(game.ruleset, game.seats, None, seed))
        cited.append({event.rule for event in game.events})
    for rule_id, rule in rules.items():
        assert rule["games"] == sum(rule_id in c for c in cited), rule_id
    assert rules["roll.step-1.dice"]["verdict"] == "fires"  # every battle rolls
    assert rules["roll.step-1.dice"]["share"] == 1.0
    never = [r for r in rules.values() if r["verdict"] == "never"]
    assert never and all(r["games"] == 0 for r in never)
    code, out, _ = run(["dead-rules", "cryptids", "--games", "6", "--seed", "4"], capsys,
                       monkeypatch)
    assert code == 0 and f"{len(never)} rule(s) never fired" in out
