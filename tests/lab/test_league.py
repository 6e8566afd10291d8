"""Leagues of bot players sharing one snapshot pool (cryptids-run)."""

import json
import sys

import pytest

from rulekeeper import cli
from rulekeeper.lab.league import LeagueSpec, LeagueSummary, play_league

SPEC = LeagueSpec(players=3, runs=2, agents=("greedy", "random"), seed=4)


def run(args, capsys, monkeypatch, stdin=""):
    import io
    monkeypatch.setattr(sys, "argv", ["rulekeeper", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = 0
    try:
        cli.main()
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(scope="module")
def serial():
    return play_league(SPEC, 1)


def test_a_league_gives_the_same_results_on_one_or_two_workers(serial):
    assert play_league(SPEC, 2) == serial
    runs, pool = serial
    assert len(runs) == 6 and {r.player for r in runs} == {"p1", "p2", "p3"}
    assert len({s.id for s in pool}) == len(pool) > 6


@pytest.mark.rule("rating.change.b")
def test_each_run_starts_from_the_rating_its_player_ended_the_last_one_with(serial):
    runs, _ = serial
    for player in ("p1", "p2", "p3"):
        first, second = [r for r in runs if r.player == player]
        assert first.mu_before == 25.0 and second.mu_before == pytest.approx(first.mu)
        assert second.mu == pytest.approx(second.mu_before + second.metrics["rating.change.mu"])


@pytest.mark.rule("opponent.snapshot.b", "opponent.snapshot.c")
def test_players_meet_each_others_snapshots_of_their_round(serial):
    _, pool = serial
    assert {s.player for s in pool} == {"p1", "p2", "p3"}
    assert all(not s.ghost for s in pool)


def test_the_summary_counts_picks_and_wins_of_cryptids_and_abilities(serial):
    runs, _ = serial
    summary = LeagueSummary(SPEC, runs)
    cryptids = {r.key: r for r in summary.cryptids()}
    bought = sum(r.metrics.get("bought.mothman", 0) for r in runs)
    assert cryptids["mothman"].bought == bought and cryptids["mothman"].offered >= bought
    fielded = sum(r.fielded for r in summary.cryptids())
    assert fielded == sum(v for r in runs for k, v in r.metrics.items()
                          if k.startswith("fielded.") and k.count(".") == 1)
    abilities = summary.abilities()
    assert all("." in r.key for r in abilities)
    assert sum(r.bought for r in abilities) == sum(
        v for r in runs for k, v in r.metrics.items() if k.startswith("chosen."))
    players = summary.players()
    assert [p["agent"] for p in players] == ["greedy", "random", "greedy"]


def test_simulate_and_report_a_league(tmp_path, capsys, monkeypatch):
    out = tmp_path / "league.json"
    code, text, err = run(["simulate", "cryptids-run", "--players", "2", "--runs", "1",
                           "--agents", "greedy,random", "--out", str(out)], capsys, monkeypatch)
    assert code == 0, err
    assert "Players" in text and "pick rate" in text and "2 runs of 2 players" in text
    assert json.loads(out.read_text())["format"] == 1
    page = tmp_path / "league.html"
    code, text, err = run(["report", str(out), "-o", str(page)], capsys, monkeypatch)
    assert code == 0, err
    assert "Win rate: battles won" in page.read_text() and "<img" in page.read_text()
    code, _, err = run(["report", str(out), "-o", str(page), "--force", "--lang", "fr"],
                       capsys, monkeypatch)
    assert code == 2 and "is a league's file, whose report is in English only" in err


def test_league_results_are_parquet_and_a_name_of_another_format_is_refused(
        tmp_path, capsys, monkeypatch):
    from rulekeeper.lab import league

    league_args = ["simulate", "cryptids-run", "--players", "2", "--runs", "1", "--agents",
                   "greedy,random"]
    out = tmp_path / "league.parquet"
    code, _, err = run([*league_args, "--out", str(out)], capsys, monkeypatch)
    assert code == 0, err
    assert out.read_bytes()[:4] == b"PAR1" and league.is_league_file(out)
    spec, runs, pool = league.read(out)
    assert (spec.players, len(runs), pool) == (2, 2, pool) and runs[0].metrics
    code, _, err = run(["report", str(out), "-o", str(tmp_path / "l.html")], capsys, monkeypatch)
    assert code == 0, err
    code, _, err = run([*league_args, "--out", str(tmp_path / "league.csv")], capsys,
                       monkeypatch)
    assert code == 2 and "writes Parquet or JSON; name the file league.parquet" in err


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "0"], "--players must be a whole number of at least 1"),
    (["--rounds", "3"], "a league takes --players and --runs, not --rounds"),
    (["--agents", "human"], "simulations play bots only"),
    (["--agents", "greedyy"], "unknown agent 'greedyy'"),
    (["--games", "10"], "--games is not an option of a league"),
])
def test_bad_league_arguments_get_one_line(args, message, capsys, monkeypatch):
    code, _, err = run(["simulate", "cryptids-run", "--runs", "1", *args], capsys, monkeypatch)
    assert code == 2 and message in err and "Traceback" not in err


def test_a_person_plays_a_run_at_the_terminal(capsys, monkeypatch):
    moves = "1\n1\n" + "end\n" * 40  # buy an offer, keep its first ability, then end shops
    code, text, err = run(["play", "cryptids-run", "--seed", "3"], capsys, monkeypatch, moves)
    assert code == 0, err
    assert "Round 1: 5 lives" in text and "Offers:" in text and "Game over" in text


def test_play_with_a_bot_and_replay_its_battles(tmp_path, capsys, monkeypatch):
    log = tmp_path / "run.jsonl"
    code, text, err = run(["play", "cryptids-run", "--agents", "greedy", "--lang", "fr",
                           "--log", str(log)], capsys, monkeypatch)
    assert code == 0, err and "Manche 1" in text
    code, text, err = run(["replay", str(log)], capsys, monkeypatch)
    assert code == 0 and "Reproduced cryptids-run-v1" in text
