"""``mcts`` on the command line: ``--agents mcts:...`` and ``--agent-option``."""

from __future__ import annotations

import json

from rulekeeper.core.game import replay
from rulekeeper.core.records import read_log
from tests.core.test_cli import run


def test_play_with_mcts_and_an_agent_option(tmp_path, capsys, monkeypatch):
    log = tmp_path / "nim.jsonl"
    code, out, _ = run(["play", "nim", "--agents", "mcts,random", "--agent-option",
                        "budget=200", "--log", str(log)], capsys, monkeypatch)
    assert code == 0 and "Game over: winner north" in out
    record = read_log(log).record
    assert record.decisions[0] == "3" and replay(record).result.winner == "north"


def test_simulate_with_mcts_specs(capsys, monkeypatch):
    code, out, _ = run(["simulate", "nim", "--games", "4", "--agents", "mcts:budget=150,random",
                        "--json"], capsys, monkeypatch)
    assert code == 0
    assert json.loads(out)["summary"]["outcomes"]["win"]["value"] == 1.0


def test_a_bad_agent_option_is_one_line(capsys, monkeypatch):
    code, _, err = run(["simulate", "nim", "--games", "2", "--agents", "mcts",
                        "--agent-option", "budget=soon"], capsys, monkeypatch)
    assert code == 2 and "give iterations" in err and "Traceback" not in err
    code, _, err = run(["play", "nim", "--agent-option", "budget=5"], capsys, monkeypatch)
    assert code == 2 and "--agent-option needs --agents" in err
