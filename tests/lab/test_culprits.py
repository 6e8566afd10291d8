"""Answers that name the culprit (issue 33): each entity's measures, declared once by its
ruleset and recorded by its games, ranked; and the ablation of its main stat."""

from __future__ import annotations

import io
import json

import pytest

from rulekeeper.core import registry
from rulekeeper.core.entities import Entities, MainStat, Measure, key, parse
from rulekeeper.core.errors import RulesetError
from rulekeeper.lab import store
from rulekeeper.lab.batch import BatchSpec, play_one
from rulekeeper.lab.report import Report
from tests.core.test_cli import run

WEREWOLF = "cryptids.cryptids.werewolf.hp"


def test_the_declaration_names_each_measure_once():
    assert parse(key("left", "jersey-devil", Measure.KILLS)) == ("left", "jersey-devil",
                                                                 Measure.KILLS)
    assert parse("survived.left.yeti") is None and parse("entity.red.x.luck") is None
    declared = Entities((Measure.DAMAGE, Measure.SURVIVED))
    out: dict[str, float] = {}
    declared.record(out, "red", "butcher", {Measure.SURVIVED: True})
    assert out == {"entity.red.butcher.damage": 0.0, "entity.red.butcher.survived": 1.0}
    with pytest.raises(RulesetError, match="not declared"):
        declared.record(out, "red", "butcher", {Measure.KILLS: 1})
    with pytest.raises(RulesetError, match="do not measure"):
        Entities((Measure.DAMAGE,), rank_by=Measure.KILLS)
    stat = MainStat("hp", "teams.*.hp", lowest=1)
    assert dict(stat.find({"teams": {"a": {"hp": 1}, "b": {"hp": "—"}}})) == {
        "a": ("teams.a.hp", 1), "b": ("teams.b.hp", "—")}
    assert stat.steps(1) == (None, 2) and stat.steps(5) == (4, 6) and stat.steps("—") == (
        None, None)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_battle_measures_are_each_fighters_share_of_the_seats_counts(seed):
    """Every fighter once; what the fighters of a seat dealt, claimed and lost adds up, to
    the unit, to the seat's own counts (which the rules' code keeps apart)."""
    result = play_one(BatchSpec("dire-alliance-battle"), seed, 0)
    found: dict[tuple[str, str], dict[Measure, float]] = {}
    for name, value in result.metrics.items():
        if (parsed := parse(name)) is not None:
            found.setdefault(parsed[:2], {})[parsed[2]] = value
    assert found and all(len(m) == 5 for m in found.values())
    assert len({entity for _, entity in found}) == len(found)  # each fighter once
    for seat, other in (("red", "blue"), ("blue", "red")):
        mine = [m for (side, _), m in found.items() if side == seat]
        metrics = result.metrics
        assert sum(m[Measure.DAMAGE] for m in mine) == metrics[f"{seat}_damage_dealt"]
        assert sum(m[Measure.OBJECTIVES] for m in mine) == metrics[f"{seat}_objectives"]
        assert sum(1 - m[Measure.SURVIVED] for m in mine) == metrics[f"{seat}_defeated"]
        assert sum(m[Measure.KILLS] for m in mine) == metrics[f"{other}_defeated"]
        for m in mine:
            survived = (m[Measure.ROUNDS] == result.rounds) or not m[Measure.SURVIVED]
            assert survived and 1 <= m[Measure.ROUNDS] <= result.rounds


def measures_of(result) -> dict[tuple[str, str], dict[Measure, float]]:
    found: dict[tuple[str, str], dict[Measure, float]] = {}
    for name, value in result.metrics.items():
        if (parsed := parse(name)) is not None:
            found.setdefault(parsed[:2], {})[parsed[2]] = value
    return found


@pytest.mark.parametrize("seed", [1, 2])
def test_enemy_attacks_measures_add_up_to_the_tallies(seed):
    result = play_one(BatchSpec("enemy-attacks"), seed, 0)
    found, metrics = measures_of(result), result.metrics
    heroes = [m for (side, _), m in found.items() if side == "heroes"]
    enemies = [m for (side, _), m in found.items() if side == "enemies"]
    assert sum(m[Measure.DAMAGE] for m in heroes) == metrics["damage_to_enemies"] > 0
    assert sum(m[Measure.DAMAGE] for m in enemies) == metrics["damage_to_allies"]
    assert sum(m[Measure.KILLS] for m in heroes) == metrics["enemies_defeated"] == sum(
        1 - m[Measure.SURVIVED] for m in enemies)
    assert sum(m[Measure.KILLS] for m in enemies) <= sum(1 - m[Measure.SURVIVED] for m in heroes)


@pytest.mark.parametrize("seed", [1, 2])
def test_combat_encounter_measures_are_each_players(seed):
    result = play_one(BatchSpec("combat-encounter"), seed, 0)
    found = measures_of(result)
    assert {side for side, _ in found} == {"p1", "p2"}
    for (seat, _), m in found.items():
        assert m[Measure.DAMAGE] == result.metrics[f"damage.{seat}"]
        assert m[Measure.SURVIVED] == (result.winner == seat)
    assert sum(m[Measure.KILLS] for m in found.values()) == result.metrics["deaths"]


def test_cryptids_survival_is_its_flag():
    result = play_one(BatchSpec("cryptids"), 1, 0)
    survived = {name.removeprefix("survived.") for name in result.metrics
                if name.startswith("survived.")}
    measured = {f"{p[0]}.{p[1]}" for name, value in result.metrics.items()
                if (p := parse(name)) is not None and value == 1}
    assert survived == measured and survived


def test_a_planted_strong_cryptid_ranks_first_and_its_hp_is_worth_wins(capsys, monkeypatch,
                                                                       tmp_path):
    out = tmp_path / "culprits.parquet"
    code, text, err = run(["culprits", "cryptids", "--games", "300", "--ablation-games", "300",
                           "--entities", "1", "--seed", "7", "--set", f"{WEREWOLF}=16",
                           "--out", str(out), "--json"], capsys, monkeypatch)
    assert code == 0, err
    found = json.loads(text)["culprits"]
    assert found["rank_by"] == "survived"
    assert found["strongest"][0] == "werewolf (left)"
    assert len({(e["side"], e["entity"]) for e in found["entities"]}) == len(found["entities"])
    [ablation] = found["ablation"]
    assert (ablation["entity"], ablation["value"], ablation["down"], ablation["up"]) == (
        "werewolf", 16, 15, 17)
    down = ablation["down_change"]["difference"]
    assert down["value"] < 0 and down["n"] == 300  # one HP less: its side wins less

    code, text, err = run(["culprits", "cryptids", "--games", "300", "--ablation-games", "0",
                           "--seed", "7", "--json"], capsys, monkeypatch)
    assert json.loads(text)["culprits"]["strongest"][0] != "werewolf (left)"  # as given

    page = Report(store.read(out)).html()  # the report shows the same ranks and changes
    assert "Culprits" in page and "Werewolf" in page and "16→15" in page
    assert "Werewolf hp 16→15" in page  # a step: the entity by its name, the stat's words
    assert "survived.<wbr>" not in page.split("Culprits")[1].split("Impact")[0]


def test_a_ruleset_without_main_stats_gets_measures_only(capsys, monkeypatch):
    monkeypatch.setattr(type(registry.load("cryptids")), "entities",
                        Entities((Measure.SURVIVED,)))
    code, text, err = run(["culprits", "cryptids", "--games", "20", "--seed", "1"], capsys,
                          monkeypatch)
    assert code == 0, err
    assert "declares no main stat for its entities: measures only, no ablation." in text
    assert "Werewolf" in text and "ablation:" not in text  # (by its name, as /lab)


def test_the_terminal_names_culprits_as_the_report_and_lab_do(capsys, monkeypatch):
    """``rulekeeper culprits`` printed ids (``dahu``) where the report and /lab name each
    entity as its content does (``Dahu``): both tables now take the same names."""
    from rulekeeper.lab.names import entity_names

    code, text, err = run(["culprits", "cryptids", "--games", "12", "--ablation-games", "12",
                           "--entities", "2", "--seed", "3", "--left", "french-legends"],
                          capsys, monkeypatch)
    assert code == 0, err
    names = entity_names(BatchSpec("cryptids"))
    measures, ablation = text.split("ablation:")
    cells = [line.split("│")[2].strip() for line in measures.splitlines()
             if line.startswith("│") and line.split("│")[1].strip().isdigit()]
    ablated = [line.split("│")[1].strip() for line in ablation.splitlines()
               if line.startswith("│") and "(" in line.split("│")[1]]
    assert len(cells) > 5 and len(ablated) == 2
    assert set(cells) <= set(names.values()) and "Dahu" in cells and "dahu" not in cells
    assert all(cell.rsplit(" (", 1)[0] in names.values() for cell in ablated)


def test_the_terminals_table_cuts_no_interval():
    """At 120 characters, ten columns of "12.00 (10.06–14.32)" left no room: Rich cut the
    rounds' interval to "(10.06–14.…". Each mean stands over its interval now."""
    from rich.console import Console

    from rulekeeper.lab.culprits import Standing
    from rulekeeper.lab.culprits_cli import measures_table
    from rulekeeper.lab.stats import Estimate, wilson

    means = {Measure.DAMAGE: Estimate(2.35, 1.66, 3.33, 20),  # a Battle's, as it printed
             Measure.KILLS: Estimate(0.05, 0.01, 0.31, 20),
             Measure.OBJECTIVES: Estimate(0.4, 0.2, 0.79, 20),
             Measure.SURVIVED: wilson(19, 20), Measure.ROUNDS: Estimate(12.0, 10.06, 14.32, 20)}
    standings = [Standing("blue", "gravedigger", 20, means, wilson(10, 20))]
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(measures_table(standings, "t", {"gravedigger": "Gravedigger"}))
    shown = console.export_text()
    assert "…" not in shown, shown
    for interval in ("(1.66–3.33)", "(0.01–0.31)", "(0.20–0.79)", "(76–99)", "(10.06–14.32)",
                     "(30–70)"):
        assert interval in shown, shown
    assert max(map(len, shown.splitlines())) <= 120


def test_the_terminals_matchup_names_contenders_as_the_content_does(capsys, monkeypatch):
    """``rulekeeper matchup`` headed its matrix with ids (``swamp``) where /lab and the
    report say *Swamp Things*."""
    code, text, err = run(["matchup", "cryptids", "-c", "hunters", "-c", "swamp", "--games",
                           "2"], capsys, monkeypatch)
    assert code == 0, err
    assert "│ Swamp Things │" in text and "│ swamp " not in text
