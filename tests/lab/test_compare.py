"""``rulekeeper compare``: the balance gate flags a planted change and passes an unchanged
one (issue 33)."""

from __future__ import annotations

import json

from rulekeeper.lab.compare import MOVED_EXIT
from tests.core.test_cli import run

HP = "cryptids.cryptids.bigfoot.hp"
SAME = ["--games", "100", "--seed", "2"]


def test_a_planted_change_is_flagged_and_an_unchanged_one_is_not(capsys, monkeypatch):
    code, out, err = run(["compare", "cryptids", "--new-set", f"{HP}=30", *SAME, "--json"],
                         capsys, monkeypatch)
    assert code == MOVED_EXIT, err
    answer = json.loads(out)
    cell = answer["cells"][0]
    assert cell["moved"] and cell["significant"] and cell["difference"]["value"] < -0.05
    assert answer["moved"] == [""]
    # a change that cannot touch the game (a name) never moves: same seeds, same games
    code, out, err = run(["compare", "cryptids", "--new-set", f"{HP}=30", "--old-set",
                          f"{HP}=30", "--new-set", "cryptids.cryptids.bigfoot.name.en=Sas",
                          *SAME], capsys, monkeypatch)
    assert code == 0, err
    assert "No matchup moved past 5 points." in out
    # past the threshold only: a planted change smaller than the threshold passes the gate
    code, out, err = run(["compare", "cryptids", "--new-set", f"{HP}=30", "--threshold",
                          "0.5", *SAME], capsys, monkeypatch)
    assert code == 0, err


def test_two_results_files_of_the_same_command_are_compared_game_by_game(
        tmp_path, capsys, monkeypatch):
    old, new = tmp_path / "old.parquet", tmp_path / "new.parquet"
    for path, hp in ((old, 7), (new, 30)):
        code, _, err = run(["simulate", "cryptids", *SAME, "--set", f"{HP}={hp}", "--out",
                            str(path)], capsys, monkeypatch)
        assert code == 0, err
    code, out, err = run(["compare", str(old), str(new)], capsys, monkeypatch)
    assert code == MOVED_EXIT and "1 of 1 matchup(s) moved" in out, err
    code, out, err = run(["compare", str(old), str(old)], capsys, monkeypatch)
    assert code == 0 and "No matchup moved" in out, err
    code, _, err = run(["compare", "cryptids", *SAME], capsys, monkeypatch)
    assert code == 2 and "old and new are the same" in err
    code, _, err = run(["compare", str(old)], capsys, monkeypatch)
    assert code == 2 and "give the new results file too" in err
