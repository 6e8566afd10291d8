"""rulekeeper battle cryptids and rulekeeper odds cryptids (built from the odds question)."""

import json

import pytest

from rulekeeper.core.errors import DiceScriptError
from rulekeeper.core.game import new_game
from tests.core.test_cli import run


def test_battle_prints_the_log_with_rules(capsys, monkeypatch):
    code, out, _ = run(["battle", "cryptids", "--left", "duo", "--right", "lone-yeti",
                        "--dice", "3+4,6+6"], capsys, monkeypatch)
    assert code == 0
    assert "Roll 1: 3 + 4 = 7." in out and "Roll 2: 6 + 6 = 12." in out
    assert "[roll.step-1.dice]" in out and "Jackalope triggers on doubles." in out
    assert "wins after" in out or "A tie after" in out


def test_battle_in_french_and_replay(tmp_path, capsys, monkeypatch):
    log = tmp_path / "b.jsonl"
    code, out, _ = run(["battle", "cryptids", "--left", "hunters", "--right", "guardians",
                        "--lang", "fr", "--seed", "4", "--log", str(log)], capsys, monkeypatch)
    assert code == 0 and "Bataille\u00a0: Chasseurs (gauche) contre Gardiens (droite)." in out
    assert "Lancer 1\u00a0:" in out
    code, out, _ = run(["replay", str(log), "--explain", "--lang", "fr"], capsys, monkeypatch)
    assert code == 0 and "cryptids-v1 reproduit" in out and "Lancer 1\u00a0:" in out


@pytest.mark.parametrize(("lang", "said"), [
    ("FR", "Lancer 1\u00a0:"), ("fr-FR", "Lancer 1\u00a0:"), ("fr_fr", "Lancer 1\u00a0:"),
    ("EN", "Roll 1:"), ("en-GB", "Roll 1:")])
def test_lang_is_read_in_any_case_and_with_a_region(capsys, monkeypatch, lang, said):
    for command in ("battle", "play"):
        code, out, _ = run([command, "cryptids", "--lang", lang, "--seed", "4"], capsys,
                           monkeypatch)
        assert code == 0 and said in out, (command, lang)


MINE = ("name: {en: Mine, fr: La mienne}\ncryptids:\n  - yeti\n  - {cryptid: nessie, hp: 14}\n"
        "  - cryptid: jackalope\n    abilities:\n      - when: {totals: [6, 8]}\n"
        "        do: [{damage-over-time: 1, rolls: 2, target: lowest-hp}, {heal: 1}]\n")


def test_a_record_replays_from_anywhere_though_its_team_file_changed(tmp_path, capsys,
                                                                    monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-team.yaml").write_text(MINE)
    for command in ("play", "battle"):
        code, out, _ = run([command, "cryptids", "--right", "my-team.yaml", "--log", "b.jsonl",
                            "--seed", "3", "--force"], capsys, monkeypatch)
        assert code == 0 and "La mienne" not in out and "Mine (right)" in out
        (tmp_path / "my-team.yaml").write_text("name: Other\ncryptids: [mothman]\n")
        monkeypatch.chdir("/")
        code, out, err = run(["replay", str(tmp_path / "b.jsonl")], capsys, monkeypatch)
        assert code == 0 and "Reproduced cryptids-v1" in out, err
        (tmp_path / "my-team.yaml").unlink()
        code, out, err = run(["replay", str(tmp_path / "b.jsonl")], capsys, monkeypatch)
        assert code == 0 and "Reproduced cryptids-v1" in out, err
        monkeypatch.chdir(tmp_path)
        (tmp_path / "my-team.yaml").write_text(MINE)


def test_lab_batches_with_team_files_agree_on_worker_processes(tmp_path, monkeypatch):
    from rulekeeper.lab.batch import BatchSpec
    from rulekeeper.lab.run import Plan, run_batch

    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-team.yaml").write_text(MINE)
    spec = BatchSpec("cryptids", options={"left": "my-team.yaml", "right": "hunters"})
    serial = run_batch(spec, 30, 4)
    assert run_batch(spec, 30, 4, Plan(workers=2, chunk=7)) == serial
    assert {r.metrics.get("played.left.jackalope") for r in serial} == {1}
    by_id = run_batch(BatchSpec("cryptids", options={"left": "duo", "right": "hunters"}), 30, 4)
    assert [r.metrics for r in by_id] != [r.metrics for r in serial]


def test_bad_arguments_are_one_line_errors(tmp_path, capsys, monkeypatch):
    code, _, err = run(["battle", "cryptids", "--left", "nope"], capsys, monkeypatch)
    assert code == 2 and err.startswith("error: --left: no team 'nope'")
    assert "Traceback" not in err
    code, _, err = run(["battle", "cryptids", "--lang", "de"], capsys, monkeypatch)
    assert code == 2 and "--lang 'de': cryptids-v1 has no sentences in that language" in err
    code, _, err = run(["battle", "cryptids", "--dice", "3+9"], capsys, monkeypatch)
    assert code == 2 and "9 is not a value of any die of cryptids-v1 (numbers 1 to 6)" in err
    bad = tmp_path / "t.yaml"
    bad.write_text("name: X\ncryptids: [yeti, nessy]\n")
    for command in (["odds", "cryptids", "--games", "5"], ["battle", "cryptids"],
                    ["play", "cryptids"]):
        code, _, err = run([*command, "--left", str(bad)], capsys, monkeypatch)
        assert code == 1, command
        assert err == (f"error: {bad}:2: cryptids.1.cryptid: unknown cryptid "
                       f"'nessy' (did you mean 'nessie'?)\n")
    bad.write_text("name: X\ncryptids: yeti\n")
    code, _, err = run(["battle", "cryptids", "--right", str(bad)], capsys, monkeypatch)
    assert code == 1 and err == f"error: {bad}:2: cryptids: Input should be a valid list\n"
    code, _, err = run(["battle", "cryptids", "--right", str(tmp_path / "gone.yaml")], capsys,
                       monkeypatch)
    assert code == 2 and err == f"error: --right: no team file '{tmp_path / 'gone.yaml'}'\n"
    code, _, err = run(["battle", "cryptids", "--left", "Hunters"], capsys, monkeypatch)
    assert code == 2 and "no team 'Hunters' (did you mean 'hunters'?)" in err
    code, _, err = run(["battle", "cryptids", "--ruling", "overheal=maybe"], capsys, monkeypatch)
    assert code == 2 and "options: cap, allow" in err


@pytest.mark.parametrize("command", ["play", "battle"])
@pytest.mark.parametrize(("dice", "says"), [("3+4+5", "roll 2 has only one (5)"),
                                            ("3", "roll 1 has only one (3)")])
def test_dice_pair_up(command, dice, says, capsys, monkeypatch):
    code, out, err = run([command, "cryptids", "--dice", dice], capsys, monkeypatch)
    assert code == 2 and out == ""
    assert err == f"error: --dice: each roll is two values a+b (e.g. 3+4,6+6); {says}\n"
    with pytest.raises(DiceScriptError, match="roll 2 has only one"):
        new_game("cryptids", dice=[6, 6, 1])
    with pytest.raises(DiceScriptError, match="7 is not a value of any die"):
        new_game("cryptids", dice=[6, 7])  # refused before the game starts
    rolls = [e.data for e in new_game("cryptids", dice=[6, 6, 1, 2]).events if e.kind == "roll"]
    assert [(r["first"], r["second"]) for r in rolls[:2]] == [(6, 6), (1, 2)]


def test_odds_monte_carlo_json(capsys, monkeypatch):
    code, out, _ = run(["odds", "cryptids", "--left", "duo", "--right", "lone-kraken",
                        "--games", "300", "--json"], capsys, monkeypatch)
    assert code == 0
    data = json.loads(out)
    assert set(data["outcomes"]) == {"left wins", "tie", "right wins"}
    assert all(len(o["interval"]) == 2 for o in data["outcomes"].values())
    assert {"rolls", "left HP", "right HP"} <= set(data["distributions"])


def test_odds_exact_and_its_cut_off(tmp_path, capsys, monkeypatch):
    for name, text in (("a.yaml", "name: A\ncryptids: [tsuchinoko]\n"),
                       ("b.yaml", "name: B\ncryptids: [fresno-nightcrawler]\n")):
        (tmp_path / name).write_text(text)
    code, out, _ = run(["odds", "cryptids", "--left", str(tmp_path / "a.yaml"), "--right",
                        str(tmp_path / "b.yaml"), "--exact", "--json"], capsys, monkeypatch)
    assert code == 0
    data = json.loads(out)
    assert "exact" in data["outcomes"]["left wins"]
    assert abs(sum(o["probability"] for o in data["outcomes"].values()) - 1) < 1e-12
    code, _, err = run(["odds", "cryptids", "--exact", "--max-states", "100"], capsys,
                       monkeypatch)
    assert code == 2 and "passed 100 battle states" in err
