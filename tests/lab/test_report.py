"""The HTML report: every section, computed from the results."""

import base64
import re

import pytest

from rulekeeper.lab import store
from rulekeeper.lab.batch import BatchSpec
from rulekeeper.lab.report import Report, impacts, ruling_sweep, ruling_variants
from rulekeeper.lab.run import run_batch
from rulekeeper.lab.sweep import parse_axes, run_variants, variants

SPEC = BatchSpec("skirmish-v1", ("random",))


@pytest.fixture(scope="module")
def simulated():
    results = run_batch(SPEC, 300, 11)
    return store.Run("simulate", "left", ["left", "right"], ["damage_left", "damage_right"],
                     [store.Batch("", {}, SPEC, 11, results)])


def test_impact_compares_games_with_and_without_each_entity(simulated):
    results = simulated.batches[0].results
    found = {i.key: i for i in impacts(results, "left")[0]}
    assert {"played.ogre", "survived.ogre", "survived.thief"} <= set(found)
    # each flag says something no other says: a mirror (defeated.thief, when the thief plays
    # every game, is the games without survived.thief) is shown once
    assert "defeated.thief" not in found
    vectors = {k: tuple(bool(r.metrics.get(k)) for r in results) for k in found}
    assert len({min(v, tuple(not f for f in v)) for v in vectors.values()}) == len(found)
    survived = [r for r in results if "survived.ogre" in r.metrics]
    wins_with = sum(r.winner == "left" for r in survived)
    ogre = found["survived.ogre"]
    assert (ogre.with_.n, ogre.with_.value) == (len(survived), wins_with / len(survived))
    assert ogre.without.n == len(results) - len(survived)
    # The brutes win when their ogre survives: a large, significant difference.
    assert ogre.difference > 0.5 and ogre.p < 0.001 and ogre.odds.low > 1


def test_an_entity_in_every_game_is_counted_not_compared():
    from rulekeeper.lab.batch import GameResult

    results = [GameResult(i, i, "left" if i % 2 else "right", "ko", 1, 0,
                          {"played.ogre": 1} | ({"survived.ogre": 1} if i % 2 else {}))
               for i in range(20)]
    found, everywhere = impacts(results, "left")
    assert everywhere == ["played.ogre"] and [i.key for i in found] == ["survived.ogre"]
    run = store.Run("simulate", "left", ["left", "right"], [],
                    [store.Batch("", {}, SPEC, 1, results)])
    page = Report(run).impact().replace("<wbr>", "")
    assert ("1 more entity is in every game or in none (nothing to compare here; the culprits "
            "above measure them): played.ogre") in page
    assert "<td>played.ogre</td>" not in page


def test_each_entity_once_a_mirrored_flag_is_left_out():
    from rulekeeper.lab.batch import GameResult

    results = [GameResult(i, i, "left" if i % 3 else "right", "ko", 1, 0,
                          {"played.ogre": 1, ("survived.ogre" if i % 3 else "defeated.ogre"): 1})
               for i in range(30)]
    found, _ = impacts(results, "left")
    assert [i.key for i in found] == ["survived.ogre"]  # not its mirror, defeated.ogre


def test_ruling_sensitivity_reruns_each_option_on_the_same_seeds(simulated):
    assert [v.label for v in ruling_variants(simulated.batches[0])] == [
        "rulings in force", "initiative=coin"]
    batches = ruling_sweep(simulated, 100)
    assert batches[0].results == simulated.batches[0].results[:100]
    assert batches[1].spec.rulings["initiative"] == "coin"
    assert batches[1].results == run_batch(batches[1].spec, 100, 11)


def test_the_rulings_in_force_are_the_files_own_games_when_it_holds_them(simulated,
                                                                          monkeypatch):
    from rulekeeper.lab import report

    played, counted = [], []
    real = report.run_batch
    monkeypatch.setattr(report, "run_batch",
                        lambda spec, games, *args, **kw: played.append(spec) or real(
                            spec, games, *args, **kw))
    batches = ruling_sweep(simulated, 100, progress=counted.append)
    assert [spec.rulings.get("initiative") for spec in played] == ["coin"]  # not replayed
    assert batches[0].results == simulated.batches[0].results[:100]
    assert sum(counted) == 200  # the progress bar counts the file's games too
    # more games than the file holds: the rulings in force are played again, the same games
    played.clear()
    batches = ruling_sweep(simulated, 320)
    assert len(played) == 2 and batches[0].results[:300] == simulated.batches[0].results


def test_report_has_every_section_and_embeds_its_figures(simulated):
    page = Report(simulated, ruling_batches=ruling_sweep(simulated, 80)).html()
    for heading in ("Win rates", "Game length", "Metrics", "Impact of each card, fighter or "
                    "cryptid", "Sensitivity to the rulings"):
        assert f"<h2>{heading}</h2>" in page
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(images) == 4
    assert all(base64.b64decode(i).startswith(b"\x89PNG") for i in images)
    page = page.replace("<wbr>", "")
    assert "initiative=coin" in page and "damage_left" in page and "survived.ogre" in page
    assert "http" not in page.replace("http-equiv", "")


def test_report_of_a_ruling_sweep_uses_the_files_variants():
    found = variants(SPEC, parse_axes("skirmish-v1", rulings=["initiative=left,coin"]))
    run = store.Run("sweep", "right", ["left", "right"], [], run_variants(found, 60, 1),
                    {"axes": [{"key": "ruling:initiative", "values": ["left", "coin"]}]})
    page = Report(run).html()
    assert "from the variants of this file" in page
    assert "<td>seen from</td><td>right</td>" in page


def test_report_without_rulings_or_entities_says_so():
    results = run_batch(BatchSpec("duel-v1"), 30, 1)
    run = store.Run("simulate", "north", ["north", "south"], [],
                    [store.Batch("", {}, BatchSpec("duel-v1"), 1, results)])
    page = Report(run).html()
    assert "carry no per-entity metrics" in page and "Not measured" in page


def test_ruling_section_keeps_variants_that_differ_only_by_rulings():
    axes = parse_axes("skirmish-v1", ["teams.brutes.fighters.ogre.power=1,3"],
                      rulings=["initiative=left,coin"])
    run = store.Run("sweep", "left", ["left", "right"], [],
                    run_variants(variants(SPEC, axes), 40, 1),
                    {"axes": [a.to_json() for a in axes]})
    rulings = Report(run).rulings()
    assert "ogre.power=1, ruling:initiative=coin" in rulings
    assert "ogre.power=3" not in rulings


def test_a_stopped_sweep_is_compared_on_the_games_every_variant_played():
    found = variants(SPEC, parse_axes("skirmish-v1", ["teams.brutes.fighters.ogre.power=1,3"]))
    batches = run_variants(found, 60, 2)
    batches[1].results = batches[1].results[:25]  # stopped during the second variant
    run = store.Run("sweep", "left", ["left", "right"], [], batches,
                    {"axes": [{"key": "teams.brutes.fighters.ogre.power", "values": [1, 3]}]})
    from rulekeeper.lab.sweep import compare

    [comparison] = compare(batches, "left", [(0, 1)])
    assert comparison.difference.n == 25
    first_25 = store.Batch(batches[0].label, {}, SPEC, 2, batches[0].results[:25])
    assert compare([first_25, batches[1]], "left", [(0, 1)]) == [comparison]
    assert "Paired differences in win rate" in Report(run).html()
