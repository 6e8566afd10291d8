"""The lab works for every registered ruleset: new rulesets join automatically.

For each: a batch is identical on 1 and 2 workers, its results survive the
Parquet store, the summary and the report are built (with the ruling sweep, whose games
taken from the file are those the variant plays), and
every odds question it declares is an ``odds`` command with its parameters and ``--json``.
"""

import pytest

from rulekeeper.cli_odds import declared, flag
from rulekeeper.core import registry
from rulekeeper.lab import store
from rulekeeper.lab.batch import BatchSpec
from rulekeeper.lab.report import Report, ruling_sweep
from rulekeeper.lab.run import Plan, run_batch
from rulekeeper.lab.summary import Summary
from tests.core.test_cli import run
from tests.lab.conftest import TEST_RULESETS

RULESETS = sorted(set(registry.ids()) | set(TEST_RULESETS))


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_lab_pipeline(ruleset_id, tmp_path):
    ruleset = registry.load(ruleset_id)
    spec = BatchSpec(ruleset_id)
    serial = run_batch(spec, 24, 3)
    assert run_batch(spec, 24, 3, Plan(workers=2, chunk=5)) == serial
    seats = list(ruleset.seats(ruleset.parse_options({})))
    summary = Summary.of(serial, seats[0], ruleset.metrics)
    assert summary.games == 24
    assert sum(round(e.value * 24) for e in summary.outcomes.values()) == 24
    assert set(ruleset.metrics) <= set(summary.means)
    run = store.Run("simulate", seats[0], seats, list(ruleset.metrics),
                    [store.Batch("", {}, spec, 3, serial)])
    store.write(tmp_path / "r.parquet", run)
    back = store.read(tmp_path / "r.parquet")
    assert back.batches[0].results == serial
    sweep = ruling_sweep(back, 6)
    # the games reused from the file (they did not consult the ruling changed) are the games
    for batch in sweep:
        assert batch.results == run_batch(batch.spec, 6, 3), batch.label
    page = Report(back, ruling_batches=sweep).html()
    assert "<h2>Sensitivity to the rulings</h2>" in page


@pytest.mark.parametrize("group", sorted(declared()))
def test_every_odds_question_is_a_command_with_its_parameters_and_json(group, capsys,
                                                                      monkeypatch):
    _, declaration = declared()[group]
    for question in declaration.load():
        fields = question.params.model_fields
        assert all(f.description for f in fields.values()), question
        assert question.params.model_config.get("extra") == "forbid"
        words = [group] + ([question.name] if question.name else [])
        code, out, _ = run(["odds", *words, "--help"], capsys, monkeypatch)
        assert code == 0
        for name, field in fields.items():
            assert flag(name, field) in out
        assert "--json" in out
