"""The lab's commands: simulate, sweep, matchup and report, as a designer runs them."""

import json

import pyarrow.parquet as pq
import pytest

from rulekeeper.lab import store
from tests.core.test_cli import run

OGRE = "teams.brutes.fighters.ogre.power"


def games_of(out):
    return json.loads(out)["games"]


def test_simulate_is_identical_on_one_and_two_workers_and_writes_parquet(tmp_path, capsys,
                                                                          monkeypatch):
    args = ["simulate", "skirmish", "--games", "120", "--seed", "4", "--json"]
    code, one, _ = run(args, capsys, monkeypatch)
    assert code == 0
    out = tmp_path / "r.parquet"
    code, two, _ = run([*args, "--workers", "2", "--chunk", "13", "--out", str(out)], capsys,
                       monkeypatch)
    assert code == 0 and games_of(one) == games_of(two) and out.exists()
    summary = json.loads(one)["summary"]
    assert summary["games"] == 120 and summary["side"] == "left"
    assert set(summary["outcomes"]) == {"win", "tie", "loss"}
    assert {"rounds", "decisions", "damage_left", "damage_right"} <= set(summary["means"])
    win = summary["outcomes"]["win"]
    assert win["low"] <= win["value"] <= win["high"]


def test_simulate_table_side_and_ruleset_options(capsys, monkeypatch):
    code, out, _ = run(["simulate", "skirmish", "--games", "50", "--side", "right",
                        "--left", "knights"], capsys, monkeypatch)
    assert code == 0
    assert "seen from right" in out and "won by right" in out and "damage_left" in out
    assert "50 games in" in out


def test_until_ci_stops_early_at_a_multiple_of_100(capsys, monkeypatch):
    code, out, _ = run(["simulate", "skirmish", "--until-ci", "0.05", "--workers", "2",
                        "--json"], capsys, monkeypatch)
    games = games_of(out)
    assert code == 0 and len(games) % 100 == 0 and 100 <= len(games) < 1000
    code, out, _ = run(["simulate", "skirmish", "--until-ci", "0.05"], capsys, monkeypatch)
    assert "reached (widest interval" in out and f"after {len(games)} games" in out


def test_a_side_no_winner_can_be_is_refused_before_any_game(capsys, monkeypatch):
    for command in (["simulate", "skirmish"], ["sweep", "skirmish", "--set", f"{OGRE}=1,2"]):
        code, out, err = run([*command, "--side", "heroes", "--games", "5"], capsys, monkeypatch)
        assert code == 2 and out == ""
        assert err == "error: --side 'heroes': no winner can be 'heroes'; sides: left, right\n"


def test_side_that_never_wins_gets_a_hint():
    from rulekeeper.lab.batch import GameResult
    from rulekeeper.lab.cli import side_note
    from rulekeeper.lab.summary import Summary

    summary = Summary.of([GameResult(0, 1, "left", "ko", 3, 0, {})], "right")
    assert side_note(summary, ["left", "right"]) == (
        "note: right won no game; winners were left. Choose the side counted with --side "
        "(sides: left, right).")


def test_sweep_table_plot_and_significance(tmp_path, capsys, monkeypatch):
    plot, out = tmp_path / "s.png", tmp_path / "s.parquet"
    code, text, _ = run(["sweep", "skirmish", "--set", f"{OGRE}=1,2,3", "--games", "150",
                         "--plot", str(plot), "--out", str(out), "--workers", "2"],
                        capsys, monkeypatch)
    assert code == 0, text
    assert plot.read_bytes().startswith(b"\x89PNG") and out.exists()
    assert "ogre.power" in text and "first" in text and "yes" in text
    code, text, _ = run(["sweep", "skirmish", "--set", f"{OGRE}=1,3", "--games", "150",
                         "--json", "--plot", str(plot), "--force"], capsys, monkeypatch)
    data = json.loads(text)
    assert [v["params"] for v in data["variants"]] == [{OGRE: 1}, {OGRE: 3}]
    [against] = data["against_first"]
    assert against["significant"] and against["difference"]["value"] > 0.3


def test_sweep_of_a_ruling_and_an_option(tmp_path, capsys, monkeypatch):
    code, text, _ = run(["sweep", "skirmish", "--ruling", "initiative=*", "--option",
                         "right=rogues,knights", "--games", "60", "--plot",
                         str(tmp_path / "p.png")], capsys, monkeypatch)
    assert code == 0 and "coin" in text and "knights" in text
    assert "Other significant pairs" in text


def test_matchup_matrix(tmp_path, capsys, monkeypatch):
    code, text, _ = run(["matchup", "skirmish", "-c", "brutes", "-c", "rogues", "--games", "80",
                         "--plot", str(tmp_path / "m.png"), "--json"], capsys, monkeypatch)
    data = json.loads(text)
    assert code == 0 and data["row"] == ["left"] and data["col"] == ["right"]
    assert len(data["win"]) == 2 and data["win"][0][1]["value"] > 0.5
    code, text, _ = run(["matchup", "skirmish", "-c", "brutes", "-c", "knights", "--games",
                         "40", "--plot", str(tmp_path / "m2.png")], capsys, monkeypatch)
    assert code == 0 and "left \\ right" in text and "knights" in text


@pytest.mark.parametrize("flag,seeds", [([], 1), (["--cell-seeds"], 4)])
def test_matchup_cells_share_their_seeds_unless_told(flag, seeds, tmp_path, capsys,
                                                     monkeypatch):
    out = tmp_path / "m.parquet"
    code, _, _ = run(["matchup", "skirmish", "-c", "brutes", "-c", "rogues", "--games", "6",
                      "--seed", "3", "-o", str(out), *flag], capsys, monkeypatch)
    table = pq.read_table(out, columns=["variant", "batch_seed", "seed"]).to_pylist()
    cells = {(row["variant"], row["batch_seed"]) for row in table}
    assert code == 0 and len({label for label, _ in cells}) == 4
    assert len({batch for _, batch in cells}) == seeds
    assert len({row["seed"] for row in table}) == 6 * seeds  # game i's seed is the cell's


def test_report_from_simulate(tmp_path, capsys, monkeypatch):
    results, page = tmp_path / "r.parquet", tmp_path / "report.html"
    run(["simulate", "skirmish", "--games", "100", "--out", str(results)], capsys, monkeypatch)
    code, text, _ = run(["report", str(results), "-o", str(page), "--ruling-games", "50"],
                        capsys, monkeypatch)
    assert code == 0 and "Report written" in text
    html = page.read_text()
    assert "Sensitivity to the rulings" in html and "Who acts first in a round? coin" in html
    assert html.count("data:image/png;base64,") == 4
    code, _, _ = run(["report", str(results), "-o", str(page), "--force", "--lang", "fr-FR"],
                     capsys, monkeypatch)
    french = page.read_text()
    assert code == 0 and "<html lang='fr'>" in french and "Taux de victoire" in french
    assert "Win rates" not in french


@pytest.mark.parametrize("args,message", [
    (["simulate", "skirmish", "--backend", "spark"], "unknown backend 'spark'"),
    (["simulate", "skirmish", "--ray-address", "auto"], "--ray-address needs --backend ray"),
    (["simulate", "skirmish", "--until-ci", "0.7"], "--until-ci must be between"),
    (["simulate", "skirmish", "--backend", "ray", "--ray-address", "ray://h:10001"],
     "cannot stream"),
    (["simulate", "skirmish", "--left", "ghosts"], "no team 'ghosts'"),
    (["simulate", "skirmish", "--workers", "0"], "--workers must be at least 1"),
    (["sweep", "skirmish", "--set", f"{OGRE}=2"], "nothing to sweep"),
    (["sweep", "skirmish", "--ruling", "initiative=dice,left"], "no option 'dice'"),
    (["matchup", "duel", "-c", "a", "-c", "b"], "give --row and --col"),
    (["matchup", "skirmish", "-c", "a", "--row", "left"], "give both --row and --col"),
    (["report", "/no/such.parquet"], "cannot read"),
])
def test_bad_usage_is_one_line(args, message, capsys, monkeypatch):
    code, _, err = run(args, capsys, monkeypatch)
    assert code == 2, err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.timeout(300)
def test_simulate_on_ray_matches_the_process_pool(ray_cluster, capsys, monkeypatch):
    args = ["simulate", "skirmish", "--games", "90", "--seed", "8", "--json"]
    code, local, _ = run([*args, "--workers", "2"], capsys, monkeypatch)
    code, on_ray, err = run([*args, "--backend", "ray", "--ray-address", ray_cluster,
                             "--workers", "0"], capsys, monkeypatch)
    assert code == 0, err
    assert games_of(local) == games_of(on_ray)


def test_the_readme_walk_through(tmp_path, capsys, monkeypatch):
    """simulate, then sweep, then report, as README shows them (with a test ruleset)."""
    battle, sweep, page = tmp_path / "battle.parquet", tmp_path / "sweep.parquet", tmp_path / "r.html"
    code, _, err = run(["simulate", "skirmish", "--games", "200", "--seed", "1", "--workers", "2",
                        "--out", str(battle)], capsys, monkeypatch)
    assert code == 0, err
    code, _, err = run(["sweep", "skirmish", "--set", f"{OGRE}=2,3,4", "--games", "100", "--seed",
                        "1", "--workers", "2", "--plot", str(tmp_path / "b.png"), "--out",
                        str(sweep)], capsys, monkeypatch)
    assert code == 0, err
    for results in (battle, sweep):
        code, _, err = run(["report", str(results), "-o", str(page), "--ruling-games", "20",
                            "--force"], capsys, monkeypatch)
        assert code == 0 and "<h2>Impact of each card, fighter or cryptid</h2>" in page.read_text()


@pytest.mark.parametrize("seed", ["-3", str(10**26)])
def test_seeds_of_any_size_are_played_and_kept(seed, tmp_path, capsys, monkeypatch):
    for command in (["simulate", "skirmish"], ["sweep", "skirmish", "--set", f"{OGRE}=1,2"],
                    ["matchup", "skirmish", "-c", "brutes", "-c", "rogues"]):
        out = tmp_path / f"{command[0]}.parquet"
        code, _, err = run([*command, "--games", "5", "--seed", seed, "--out", str(out)], capsys,
                           monkeypatch)
        assert code == 0, err
        assert {b.seed for b in store.read(out).batches} == {int(seed)}
        code, _, err = run(["report", str(out), "-o", str(tmp_path / f"{command[0]}.html")],
                           capsys, monkeypatch)
        assert code == 0, err
    log = tmp_path / "g.jsonl"
    code, _, err = run(["play", "duel", "--agents", "random", "--seed", seed, "--log", str(log)],
                       capsys, monkeypatch)
    if int(seed) < 0:  # a batch's seed may be negative; a game's would replay as its opposite
        assert code == 2 and "seed is a whole number, 0 or more" in err and not log.exists()
        return
    assert code == 0, err
    code, out, err = run(["replay", str(log)], capsys, monkeypatch)
    assert code == 0 and "Reproduced" in out, err


def test_simulate_names_what_each_seat_played_and_its_bot(capsys, monkeypatch):
    code, out, _ = run(["simulate", "dire-alliance-battle", "--games", "2", "--agents",
                        "random,first", "--red-leader", "countess"], capsys, monkeypatch)
    assert code == 0
    assert "│ red  │ faction shroud, leader countess │ random │" in out
    assert "│ blue │ faction grievers, leader kramer │ first  │" in out


def test_simulate_puts_each_winner_with_its_end_reasons(capsys, monkeypatch):
    code, out, _ = run(["simulate", "skirmish", "--games", "60", "--seed", "2", "--json"],
                       capsys, monkeypatch)
    done = json.loads(out)
    ends = done["summary"]["ends"]
    games = done["games"]
    from collections import Counter

    expected = Counter((g["winner"] or "tie", g["reason"]) for g in games)
    assert {(e["winner"], e["reason"]): e["games"] for e in ends} == dict(expected)
    code, out, _ = run(["simulate", "skirmish", "--games", "60", "--seed", "2"], capsys,
                       monkeypatch)
    assert code == 0
    table = out[out.index("how games ended"):out.index("means")]
    rows = {tuple(cell.strip() for cell in line.split("│")[1:4])
            for line in table.splitlines() if line.startswith("│")}
    assert len(expected) > 1
    assert rows == {(w, r, str(n)) for (w, r), n in expected.items()}


def test_simulate_means_of_rare_counts_stay_at_zero_and_up(capsys, monkeypatch):
    code, out, _ = run(["simulate", "combat-encounter", "--games", "200", "--json"], capsys,
                       monkeypatch)
    assert code == 0
    means = json.loads(out)["summary"]["means"]
    drops = means["drops"]
    assert 0 < drops["value"] < 0.05  # rare: a t interval would go below 0 here
    assert all(m["low"] >= 0 for m in means.values())
