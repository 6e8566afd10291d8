"""The lab works for every registered ruleset: new rulesets join automatically.

For each: a batch is identical on 1 and 2 workers, its results survive the
Parquet store, the summary and the report are built (with the ruling sweep), and
every ``odds`` command offers the shared ``--json`` output.
"""

import pytest
import typer

from rulekeeper.core import registry
from rulekeeper.lab import store
from rulekeeper.lab.batch import BatchSpec
from rulekeeper.lab.report import Report, ruling_sweep
from rulekeeper.lab.run import Plan, run_batch
from rulekeeper.lab.summary import Summary
from tests.lab.conftest import TEST_RULESETS

RULESETS = sorted(set(registry.ids()) | set(TEST_RULESETS))
ODDS = [(name, app) for group, name, app in registry.commands() if group == "odds"]


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
    page = Report(back, ruling_batches=ruling_sweep(back, 6)).html()
    assert "<h2>Sensitivity to the rulings</h2>" in page


def without_json(app):
    """The commands of a Typer app that lack a --json option."""
    command = typer.main.get_command(app)
    commands = list(getattr(command, "commands", {}).values()) or [command]
    return [c.name for c in commands if not any("--json" in getattr(p, "opts", [])
                                                for p in c.params)]


@pytest.mark.parametrize("name,app", ODDS)
def test_every_odds_command_offers_json(name, app):
    assert without_json(app) == []


def test_the_json_check_finds_a_command_without_json():
    app = typer.Typer()

    @app.command()
    def good(as_json: bool = typer.Option(False, "--json")) -> None: ...

    @app.command()
    def bad(n: int = 1) -> None: ...

    assert without_json(app) == ["bad"]
