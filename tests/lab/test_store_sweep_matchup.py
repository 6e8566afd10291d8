"""The results store (Parquet, DuckDB), sweeps with paired comparisons, and matchup matrices."""

from collections import Counter

import duckdb
import pyarrow.parquet as pq
import pytest

from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.ruleset import NoOptions
from rulekeeper.lab import store
from rulekeeper.lab.batch import BatchSpec
from rulekeeper.lab.matchup import Matchup, side_fields
from rulekeeper.lab.run import Plan, run_batch
from rulekeeper.lab.summary import Summary
from rulekeeper.lab.sweep import Axis, compare, parse_axes, run_variants, split_values, variants
from tests.lab.skirmish import Skirmish

SPEC = BatchSpec("skirmish-v1", ("random",))
OGRE = "teams.brutes.fighters.ogre.power"


def test_parquet_round_trip_and_duckdb_query(tmp_path):
    results = run_batch(SPEC, 150, 2)
    run = store.Run("simulate", "left", ["left", "right"], ["damage_left", "damage_right"],
                    [store.Batch("", {}, SPEC, 2, results)])
    path = tmp_path / "results.parquet"
    store.write(path, run)
    back = store.read(path)
    assert back.batches[0].results == results
    assert back.batches[0].spec.rulings == {"work-budget": "tie", "initiative": "left"}
    assert (back.side, back.kind, back.seats) == ("left", "simulate", ["left", "right"])

    con = duckdb.connect()
    [(win_rate, ogre_survived, damage)] = con.execute(
        f"SELECT avg((outcome = 'win')::INT), sum(metrics.\"survived.ogre\"), "
        f"avg(metrics.damage_left) FROM '{path}'").fetchall()
    assert win_rate == pytest.approx(Summary.of(results, "left").outcomes["win"].value)
    assert ogre_survived == sum(1 for r in results if "survived.ogre" in r.metrics)
    assert damage == pytest.approx(sum(r.metrics["damage_left"] for r in results) / 150)
    by_winner = dict(con.execute(f"SELECT winner, count(*) FROM '{path}' GROUP BY winner")
                     .fetchall())
    assert by_winner == Counter(r.winner for r in results)


class StoppedMidWrite:
    """A spool whose writes stop (as Ctrl+C or SIGTERM does) once ``left`` more bytes are
    written, if it is set: half way through a batch of games."""

    def __init__(self, spool) -> None:
        self.spool, self.left = spool, None

    def write(self, data) -> int:
        if self.left is not None and len(data) > self.left:
            self.spool.write(bytes(data)[:self.left])
            self.left = None
            raise KeyboardInterrupt
        if self.left is not None:
            self.left -= len(data)
        return self.spool.write(data)

    def __getattr__(self, name):
        return getattr(self.spool, name)


def test_a_stop_in_the_middle_of_a_batch_keeps_the_whole_batches_before_it(tmp_path,
                                                                          monkeypatch):
    """A stop while a batch's games were written to the spool left half a message there; the
    file then could not be written ("Expected to be able to read 104824 bytes for message
    body") and every finished game was lost. The games of the whole batches are kept."""
    first, second = run_batch(SPEC, 40, 2), run_batch(SPEC, 40, 3)
    path = tmp_path / "results.parquet"
    spool = store.tempfile.TemporaryFile
    monkeypatch.setattr(store.tempfile, "TemporaryFile", lambda **kw: StoppedMidWrite(spool(**kw)))
    with pytest.raises(KeyboardInterrupt), store.Writer(
            path, "simulate", "left", ["left", "right"], ["damage_left"]) as writer:
        writer.add(store.Batch("", {}, SPEC, 2, first), first)
        writer._spool.left = 300
        writer.add(store.Batch("", {}, SPEC, 3, second), second)
    assert writer.games == 40
    assert store.read(path).batches[0].results == first


def test_reading_a_foreign_or_missing_file_is_a_usage_error(tmp_path):
    import pyarrow as pa

    pq.write_table(pa.table({"x": [1]}), tmp_path / "other.parquet")
    with pytest.raises(UsageError, match="not written by rulekeeper"):
        store.read(tmp_path / "other.parquet")
    with pytest.raises(UsageError, match="cannot read"):
        store.read(tmp_path / "missing.parquet")


def test_split_values_and_axes():
    assert split_values("1,2,3") == ["1", "2", "3"]
    axes = parse_axes("skirmish-v1", [f"{OGRE}=1,3"], ["right=rogues,knights"], ["initiative=*"])
    assert axes == [Axis(OGRE, (1, 3)), Axis("option:right", ("rogues", "knights")),
                    Axis("ruling:initiative", ("left", "coin"))]
    found = variants(SPEC, axes)
    assert len(found) == 8
    assert found[0].label == f"{OGRE}=1, option:right=rogues, ruling:initiative=left"
    assert found[-1].spec.content_set == {OGRE: 3}
    assert found[-1].spec.options == {"right": "knights"}
    assert found[-1].spec.rulings == {"initiative": "coin"}


@pytest.mark.parametrize("args,message", [
    ({"rulings": ["initiatve=left,coin"]}, "did you mean 'initiative'"),
    ({"rulings": ["initiative=left,dice"]}, "options: left, coin"),
    ({"sets": ["x=1,,2"]}, "empty value"),
])
def test_bad_axes_are_usage_errors(args, message):
    with pytest.raises(UsageError, match=message):
        parse_axes("skirmish-v1", **args)


def test_nothing_to_sweep():
    with pytest.raises(UsageError, match="nothing to sweep"):
        variants(SPEC, parse_axes("skirmish-v1", [f"{OGRE}=2"]))


def test_sweep_pairs_games_and_finds_real_differences():
    found = variants(SPEC, parse_axes("skirmish-v1", [f"{OGRE}=1,1,3"]))
    batches = run_variants(found, 200, 9, Plan(workers=2))
    assert [r.seed for r in batches[0].results] == [r.seed for r in batches[2].results]
    # Identical variants play identical games: no difference at all.
    assert batches[0].results == batches[1].results
    same, weaker_vs_stronger, _ = compare(batches, "left")
    assert same.difference.value == 0 and same.p == 1.0 and not same.significant
    assert weaker_vs_stronger.difference.value > 0.3 and weaker_vs_stronger.significant
    wins = [Summary.of(b.results, "left").outcomes["win"].value for b in batches]
    assert weaker_vs_stronger.difference.value == pytest.approx(wins[2] - wins[0])


def test_compare_refuses_unpaired_batches():
    a = store.Batch("a", {}, SPEC, 1, run_batch(SPEC, 20, 1))
    b = store.Batch("b", {}, SPEC, 2, run_batch(SPEC, 20, 2))
    with pytest.raises(UsageError, match="same seeds"):
        compare([a, b], "left")


def test_side_fields_follow_the_seat_names():
    assert side_fields("skirmish-v1", {}) == (["left"], ["right"])

    class Options(NoOptions):
        red_faction: str = "shroud"
        red_leader: str = "countess"
        blue_faction: str = "grievers"
        blue_leader: str = "caretaker"

    class Factions(Skirmish):
        meta = RulesetMeta(name="factions", version=1, title="Factions",
                                    players=("red", "blue"), chance=True,
                                    hidden_information=False, max_length=10)
        options_model = Options

    registry.register("factions-v1", Factions)
    try:
        assert side_fields("factions-v1", {}) == (["red_faction", "red_leader"],
                                                   ["blue_faction", "blue_leader"])
    finally:
        registry.unregister("factions-v1")
    with pytest.raises(UsageError, match="give --row and --col"):
        side_fields("duel-v1", {})

    class Seats(Factions):
        meta = RulesetMeta(name="seats", version=1, title="Seats", players=("p1", "p2"),
                                    chance=True, hidden_information=False, max_length=10)

    registry.register("seats-v1", Seats)
    try:  # seats named otherwise: the usual red/blue option names still pair up
        assert side_fields("seats-v1", {}) == (["red_faction", "red_leader"],
                                                ["blue_faction", "blue_leader"])
    finally:
        registry.unregister("seats-v1")


def test_matchup_matrix_cells_are_the_row_sides_batches():
    found = Matchup(("left",), ("right",), ("brutes", "rogues", "knights"))
    specs = found.variants(SPEC)
    assert [v.label for v in specs][:2] == ["brutes vs brutes", "brutes vs rogues"]
    batches = run_variants(specs, 60, 4)
    matrix = found.matrix([Summary.of(b.results, "left").outcomes["win"] for b in batches])
    direct = run_batch(BatchSpec("skirmish-v1", ("random",),
                                 options={"left": "rogues", "right": "knights"}), 60, 4)
    assert matrix[1][2].value == Summary.of(direct, "left").outcomes["win"].value
    assert len(matrix) == 3 and all(len(row) == 3 for row in matrix)


def test_matchup_contenders_with_two_values():
    m = Matchup(("red_faction", "red_leader"), ("blue_faction", "blue_leader"),
                ("shroud:countess", "grievers:butcher"))
    assert m.variants(BatchSpec("x-v1"))[1].params == {
        "option:red_faction": "shroud", "option:red_leader": "countess",
        "option:blue_faction": "grievers", "option:blue_leader": "butcher"}
    with pytest.raises(UsageError, match="should give 2 values"):
        Matchup(("a", "b"), ("c", "d"), ("x", "y:z"))
    with pytest.raises(UsageError, match="at least two"):
        Matchup(("left",), ("right",), ("brutes",))
    assert m.values("shroud:countess") == ["shroud", "countess"]
    assert Matchup(("left",), ("right",), ("1", "teams/a:b.yaml")).values("teams/a:b.yaml") == [
        "teams/a:b.yaml"]


def test_a_contender_refused_is_said_of_its_place_and_the_questions_own_refusal_is_not():
    """The server says a contender's refusal of its field (``contenders.1``); a refusal of
    the question itself (an unknown bot) is not put on a contender."""
    from rulekeeper.lab.matchup import ContenderError
    from rulekeeper.lab.questions import parse_question

    ask = {"kind": "matchup", "ruleset": "cryptids", "games": 2, "contenders": ["duo", "nope"]}
    with pytest.raises(ContenderError) as refused:
        parse_question(ask).prepare()
    assert refused.value.field == "contenders.1"
    assert refused.value.problem.startswith("no team 'nope'")
    assert "file" not in refused.value.problem and "file" in str(refused.value)  # terminal's
    with pytest.raises(UsageError) as refused:
        parse_question({**ask, "contenders": ["duo", "hunters"], "agents": ["nobot"]}).prepare()
    assert not isinstance(refused.value, ContenderError)


def test_several_comparisons_share_the_confidence_their_intervals_are_at():
    # three variants, three comparisons: each interval at 1 - 0.05/3 (Bonferroni), so
    # that one without 0 is significant after Holm's adjustment
    from rulekeeper.lab.stats import paired_proportions
    from rulekeeper.lab.sweep import Wins

    won = ([1] * 12 + [0] * 8, [1] * 4 + [0] * 16, [1] * 18 + [0] * 2)
    wins = [Wins(label, range(20), w) for label, w in zip("abc", won, strict=True)]
    found = compare(wins)
    assert [c.to_json()["confidence"] for c in found] == [pytest.approx(1 - 0.05 / 3)] * 3
    ab = paired_proportions(won[0], won[1], 1 - 0.05 / 3)
    assert (found[0].difference.low, found[0].difference.high) == (ab.low, ab.high)


def test_compare_refuses_batches_of_other_games_and_other_seeds():
    from rulekeeper.lab.sweep import Wins

    a = Wins("a", [0, 1, 2], [1, 0, 1], [10, 11, 12])
    b = Wins("b", [1, 2, 3], [1, 1, 0], [98, 97, 96])  # games 1 and 2 of another batch
    with pytest.raises(UsageError, match="same seeds"):
        compare([a, b])


def test_a_comparison_is_significant_by_its_adjusted_p_not_its_own():
    from rulekeeper.lab.sweep import Wins

    a = [0] * 19 + [1]
    b = [1] * 8 + [0] * 12  # 8 games won only by b, 1 only by a: McNemar's p 0.039
    found = compare([Wins("a", range(20), a), Wins("b", range(20), b),
                     Wins("c", range(20), a)])
    assert found[0].p < 0.05 and found[0].adjusted > 0.05
    assert not found[0].significant and not found[0].to_json()["significant"]
