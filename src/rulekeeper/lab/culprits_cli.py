"""``rulekeeper culprits``: who is too strong (:mod:`rulekeeper.lab.culprits`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any

import typer
from rich.table import Table

from rulekeeper.cli_args import (
    EXTRA,
    AgentsOpt,
    ContentOpt,
    ForceOpt,
    RulesetArg,
    RulingOpt,
    ScenarioOpt,
    SeedOpt,
    SetOpt,
    check_results,
    console,
)
from rulekeeper.core.entities import Measure
from rulekeeper.lab.cli import (
    BackendOpt,
    ChunkOpt,
    EngineOpt,
    GamesOpt,
    JsonOpt,
    OutOpt,
    RayAddressOpt,
    SideOpt,
    WorkersOpt,
    ask_fields,
    make_plan,
    play_run,
)
from rulekeeper.lab.culprits import ABLATION_GAMES, MOST_ENTITIES


def culprits(ctx: typer.Context, ruleset: RulesetArg, games: GamesOpt = 200,
             ablation_games: Annotated[int, typer.Option(
                 min=0, help="games of each ablation batch: the batch's first, same seeds "
                             "(at most --games; 0: no ablation)")] = ABLATION_GAMES,
             entities: Annotated[int, typer.Option(
                 min=0, help="entities ablated at most, the strongest first (each plays two "
                             "batches)")] = MOST_ENTITIES,
             seed: SeedOpt = 0, agents: AgentsOpt = None, scenario: ScenarioOpt = None,
             ruling: RulingOpt = None, content: ContentOpt = None, set_: SetOpt = None,
             side: SideOpt = None, workers: WorkersOpt = 1, backend: BackendOpt = "process",
             ray_address: RayAddressOpt = None, chunk: ChunkOpt = None, out: OutOpt = None,
             force: ForceOpt = False, engine: EngineOpt = None,
             as_json: JsonOpt = False) -> None:
    """Rank the fighters, heroes or cryptids from strongest to weakest, with intervals.

    Each one's measures (damage dealt, kills, objectives, survival...) over the games it
    played, then the ablation: the first --ablation-games games played again with its main
    stat one step down and one step up, and its side's win-rate change (paired).
    Ruleset options go last.
    """
    from rulekeeper.lab.questions import CulpritsQuestion, build

    fields = ask_fields(ctx, ruleset, agents, scenario, ruling, content, set_, seed, side,
                        engine)
    run = build(CulpritsQuestion, **fields, games=games, ablation_games=ablation_games,
                entities=entities).prepare()
    plan = make_plan(workers, backend, ray_address, chunk)
    check_results(out, force)
    recorder = play_run(run, out, plan, f"culprits {run.spec.ruleset}")
    answer = run.to_json(recorder)
    if as_json:
        print(json.dumps(answer, indent=2, default=str))
        return
    found = answer["culprits"]
    console.print(measures_table(found, f"{run.spec.ruleset}: {games} games, strongest first"))
    if found["ablation"]:
        console.print(ablation_table(found))
    if found["note"]:
        console.print(found["note"], highlight=False)
    if out is not None:
        console.print(f"Results written to {out}; next: rulekeeper report {out} -o "
                      f"report.html", highlight=False)


def _mean(estimate: Mapping[str, float] | None, share: bool = False) -> str:
    if estimate is None:
        return "-"
    value, low, high = estimate["value"], estimate["low"], estimate["high"]
    if share:
        return f"{value:.0%} ({100 * low:.0f}–{100 * high:.0f})"
    return f"{value:.2f} ({low:.2f}–{high:.2f})"


def _change(change: Mapping[str, Any] | None) -> str:
    if change is None:
        return "-"
    d = change["difference"]
    star = " *" if change["significant"] else ""
    return f"{100 * d['value']:+.1f} ({100 * d['low']:+.1f}, {100 * d['high']:+.1f}){star}"


def measures_table(found: Mapping[str, Any], title: str) -> Table:
    """Each entity once, strongest first: its measures' means and its side's win rate."""
    measures = [m for m in Measure if any(m.value in e["means"] for e in found["entities"])]
    table = Table("#", "entity", "side", "games", *(m.text for m in measures),
                  "side's win", title=title)
    for rank, entity in enumerate(found["entities"], 1):
        table.add_row(str(rank), entity["entity"], entity["side"], str(entity["games"]),
                      *(_mean(entity["means"].get(m.value), m is Measure.SURVIVED)
                        for m in measures), _mean(entity["win"], True))
    return table


def ablation_table(found: Mapping[str, Any]) -> Table:
    """Each ablated entity: its side's win-rate change one step down and one step up."""
    table = Table("entity", "main stat", "down: win change (points)", "up: win change",
                  title=f"ablation: {found['ablation_games']} games each, same seeds "
                        f"(* significant, Holm)")
    for row in found["ablation"]:
        down = f"{row['value']}→{row['down']}" if row["down"] is not None else ""
        up = f"{row['value']}→{row['up']}" if row["up"] is not None else ""
        table.add_row(f"{row['entity']} ({row['side']})", row["stat"],
                      f"{down}: {_change(row['down_change'])}" if down else "-",
                      f"{up}: {_change(row['up_change'])}" if up else "-")
    return table


def add_commands(to: typer.Typer) -> None:
    to.command(context_settings=EXTRA)(culprits)
