"""``rulekeeper dead-rules``: each rule of the index counts the games whose events cite it
(issue 33)."""

from __future__ import annotations

import json

import pytest

from rulekeeper.agents import play_out, seat_agents
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import derive_seed
from rulekeeper.lab.questions import DeadRulesQuestion
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


def test_a_batch_stopped_part_way_answers_for_the_games_it_finished():
    """A lab job's time cap stops the count as Ctrl-C does: the answer is that of the games
    finished (the same as a batch of that many), never more games cited than played."""
    run = DeadRulesQuestion(ruleset="cryptids", games=6, seed=4).prepare()

    def stop_after_three(_games):
        if run.citations.games == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run.count(stop_after_three)
    answer = run.answer()
    shorter = DeadRulesQuestion(ruleset="cryptids", games=3, seed=4).prepare()
    shorter.count()
    assert answer["games"] == 3 and answer == shorter.answer() | {"games": 3}
    assert max(r["games"] for r in answer["rules"]) == 3
