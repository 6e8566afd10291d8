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
            "above measure them): ogre played") in page
    assert "<td>ogre played</td>" not in page


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
    assert "Who acts first in a round? coin" in page and "initiative=coin" not in page
    assert "damage left" in page and "ogre survived" in page
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


@pytest.fixture(scope="module")
def cryptids_matchup():
    """A small matchup of cryptid teams, whose games measure every cryptid."""
    from rulekeeper.lab.matchup import Matchup

    found = Matchup(("left",), ("right",), ("french-legends", "hunters"))
    base = BatchSpec("cryptids-v1")
    batches = [store.Batch(v.label, v.params, v.spec, 3, run_batch(v.spec, 12, 3))
               for v in found.variants(base)]
    return store.Run("matchup", "left", ["left", "right"], [], batches,
                     {"contenders": list(found.contenders)})


def culprit_cells(page):
    """The entity column of the report's culprits table."""
    section = page.split("<h2>")[4]
    return re.findall(r"<tr><td>\d+</td><td>([^<]*)</td>", section)


@pytest.mark.parametrize(("lang", "dahu", "hunters"), [("en", "Dahu", "Hunters"),
                                                       ("fr", "le Dahu", "Chasseurs")])
def test_the_report_names_culprits_and_contenders_as_the_content_does(cryptids_matchup, lang,
                                                                       dahu, hunters):
    """The lab page names a culprit by the name its content gives it (``le Dahu`` in
    French); the report named it by its id (``dahu``). Its heat map's contenders too."""
    report = Report(cryptids_matchup, lang=lang)
    cells = culprit_cells(report.html())
    assert dahu in cells and "dahu" not in cells and len(cells) == 10
    assert report.named("hunters") == hunters and report.named("no-such-id") == "no-such-id"


@pytest.mark.parametrize(("lang", "cell", "old"), [
    ("en", "French Legends vs Hunters", "old: French Legends vs Hunters"),
    ("fr", "Légendes de France contre Chasseurs", "ancien\u00a0: Légendes de France contre "
                                                 "Chasseurs")])
def test_a_matchups_and_a_comparisons_batches_are_named_by_their_contenders(
        cryptids_matchup, lang, cell, old):
    """The report's tables named a matchup's cells ``french-legends vs hunters`` and a
    comparison's ``old: french-legends vs hunters``, English in a French report too, where
    /lab names them by their contenders' names: now both say them alike."""
    html_of = Report(cryptids_matchup, lang=lang).html()
    assert f"<td>{cell}</td>" in html_of.replace("&#x27;", "'")
    assert "french-legends vs" not in html_of
    batch = next(b for b in cryptids_matchup.batches if b.label == "french-legends vs hunters")
    compared = [store.Batch(f"{which}: {batch.label}", {"compare": which, **batch.params},
                            batch.spec, 3, batch.results) for which in ("old", "new")]
    alone = [store.Batch(which, {"compare": which}, batch.spec, 3, batch.results)
             for which in ("old", "new")]
    for batches, first in ((compared, old), (alone, old.partition(":")[0].rstrip("\u00a0"))):
        report = Report(store.Run("compare", "left", ["left", "right"], [], batches), lang=lang)
        assert report.label(batches[0]) == first
    assert Report(store.Run("compare", "left", ["left", "right"], [], alone),
                  lang=lang).label(alone[1]) == {"en": "new", "fr": "nouveau"}[lang]


def test_the_report_shows_ids_where_it_cannot_load_the_content(cryptids_matchup):
    batch = cryptids_matchup.batches[0]
    moved = store.Batch(batch.label, batch.params,
                        BatchSpec("cryptids-v1", content="/no/such/folder"), 3, batch.results)
    run = store.Run("simulate", "left", ["left", "right"], [], [moved])
    assert "dahu" in culprit_cells(Report(run).html())


def test_the_heat_map_goes_from_red_to_blue_as_the_pages():
    """Red for a row that always loses, blue for one that always wins: the page's colours,
    not red to green, which one reader in twelve cannot tell apart."""
    import io

    from matplotlib.image import imread

    from rulekeeper.lab import plots

    picture = imread(io.BytesIO(plots.heatmap(["a", "b"], ["a", "b"], [[0.0, 1.0], [1.0, 0.0]],
                                              "t", "row", "column")))
    height, width = picture.shape[:2]
    reds = [tuple(p[:3]) for line in picture for p in line
            if abs(p[0] - 0xb3 / 255) < 0.02 and abs(p[1] - 0x26 / 255) < 0.02
            and abs(p[2] - 0x1e / 255) < 0.02]
    blues = [tuple(p[:3]) for line in picture for p in line
             if abs(p[0] - 0x1f / 255) < 0.02 and abs(p[1] - 0x4e / 255) < 0.02
             and abs(p[2] - 0x9c / 255) < 0.02]
    greens = [p for line in picture for p in line if p[1] > p[0] + 0.2 and p[1] > p[2] + 0.2]
    assert len(reds) > 0.02 * height * width and len(blues) > 0.02 * height * width
    assert greens == []


def _as_seen(colour, matrix):
    """An sRGB colour as a reader with a red-green deficiency sees it (Machado, Oliveira and
    Fernandes 2009, severity 1: the matrix on linear RGB), in sRGB from 0 to 1."""
    def linear(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    def back(x):
        x = min(1.0, max(0.0, x))
        return 12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055

    rgb = [linear(c) for c in colour[:3]]
    return [back(sum(m * c for m, c in zip(row, rgb, strict=True))) for row in matrix]


DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                (-0.011820, 0.042940, 0.968881))
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
              (-0.003882, -0.048116, 1.051998))


@pytest.mark.parametrize(("lang", "rate"), [("en", "52%"), ("fr", "52\u202f%")])
def test_the_outcome_bars_are_told_apart_without_red_and_green(lang, rate):
    """The report's outcome bars were green and red, which a deuteranope or a protanope
    (one man in twelve) sees as two olives: a win is now the heat map's blue, a loss its red,
    and each also has a pattern and its rate written, for a page printed in grey."""
    import math

    from matplotlib.colors import to_rgb

    from rulekeeper.lab import plots
    from rulekeeper.lab.report_words import Words
    from rulekeeper.lab.stats import wilson

    outcomes = [{"win": wilson(52, 100), "tie": wilson(8, 100), "loss": wilson(40, 100)}]
    axes = plots.outcome_figure(["as given"], outcomes, "t", Words(lang)).axes[0]
    bars = {container.get_label(): container.patches[0] for container in axes.containers
            if hasattr(container, "patches")}
    colours = {name: to_rgb(bar.get_facecolor()) for name, bar in bars.items()}
    words = Words(lang)
    win, loss = colours[words.word("win")], colours[words.word("loss")]
    assert win == to_rgb(plots.HEAT[1]) and loss == to_rgb(plots.HEAT[0])  # as the heat map
    for deficiency in (DEUTERANOPIA, PROTANOPIA):
        assert math.dist(_as_seen(win, deficiency), _as_seen(loss, deficiency)) > 0.45
    assert len({bar.get_hatch() or "" for bar in bars.values()}) == 3  # three patterns
    assert rate in [text.get_text() for text in axes.texts]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "for means, a quasi-Poisson score interval where every value is a count"),
    ("fr", "pour les moyennes, un intervalle de score quasi-Poisson quand chaque valeur est "
           "un compte")])
def test_the_footer_says_the_intervals_the_means_get(simulated, lang, said):
    """Means of counts get a score interval (lab.stats.count_interval), not Student's t."""
    footer = Report(simulated, lang=lang).html().split("<p class='note'>")[-1]
    assert said in footer.replace("\u202f", " ").replace("\u00a0", " ")
    assert "Student" in footer  # the other means


def test_the_facts_table_has_no_empty_header_row(simulated):
    """The table of the page's facts (ruleset, games, seats...) opened with an empty grey
    header band."""
    page = Report(simulated).html()
    assert "<tr><th></th><th></th></tr>" not in page
    assert "<table class='facts'><tr><td>" in page  # the facts start at once


@pytest.mark.parametrize(("lang", "survived", "played"), [
    ("en", "Dahu survived", "Dahu (Left) played"),
    ("fr", "le Dahu\u00a0: a survécu", "le Dahu (Gauche)\u00a0: en jeu")])
def test_the_impact_names_each_flags_entity_as_the_culprits(lang, survived, played):
    """The impact section said ``survived.dahu`` where the culprits above say *Dahu*."""
    report = Report(store.Run("simulate", "left", ["left", "right"], [],
                              [store.Batch("", {}, BatchSpec("cryptids-v1"), 1, [])]), lang=lang)
    assert report.flag("survived.dahu") == survived
    assert report.flag("played.left.dahu") == played
    assert report.flag("damage_left") == "damage_left"
