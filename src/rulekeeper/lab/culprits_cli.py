"""``rulekeeper culprits``: who is too strong (:mod:`rulekeeper.lab.culprits`)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Annotated

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
from rulekeeper.lab.culprits import (
    ABLATION_GAMES,
    MOST_ENTITIES,
    Ablation,
    Standing,
    change_text,
    mean_text,
    measured,
    step_text,
)
from rulekeeper.lab.names import entity_names


def culprits(ctx: typer.Context, ruleset: RulesetArg, games: GamesOpt = 200,
             ablation_games: Annotated[int, typer.Option(
                 min=0, help="games of each ablation batch: the batch's first, same seeds "
                             "(at most --games; 0: no ablation)")] = ABLATION_GAMES,
             entities: Annotated[int, typer.Option(
                 min=0, help="entities ablated at most: the strongest and the weakest in "
                             "turn (each plays two batches)")] = MOST_ENTITIES,
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
    if as_json:
        print(json.dumps(run.to_json(recorder), indent=2, default=str))
        return
    standings, found = run.culprits()
    names = entity_names(run.spec)
    console.print(measures_table(standings, f"{run.spec.ruleset}: {games} games, strongest "
                                            f"first", names))
    if found:
        console.print(ablation_table(found, run.ablation_games, names))
    if run.note:
        console.print(run.note, highlight=False)
    if out is not None:
        console.print(f"Results written to {out}; next: rulekeeper report {out} -o "
                      f"report.html", highlight=False)


def measures_table(standings: Sequence[Standing], title: str,
                   names: Mapping[str, str]) -> Table:
    """Each entity once, strongest first: its measures' means and its side's win rate; an
    entity by the name its content gives it (``names``, by id), else its id."""
    measures = measured(standings)
    table = Table("#", "entity", "side", "games", *(m.text for m in measures),
                  "side's win", title=title)
    for rank, s in enumerate(standings, 1):
        table.add_row(str(rank), names.get(s.entity, s.entity), s.side, str(s.games),
                      *(_stacked(mean_text(m, s.means.get(m))) for m in measures),
                      _stacked(mean_text(Measure.SURVIVED, s.win)))
    for column in table.columns:  # never cut to "(10.06–14.…" where the console is narrow
        column.overflow = "fold"
    return table


def _stacked(text: str) -> str:
    """A mean over its interval, on two lines: ten columns of intervals fit 120 characters.

    >>> _stacked("12.00 (10.06–14.32)")
    '12.00\n(10.06–14.32)'
    """
    return text.replace(" (", "\n(", 1)


def ablation_table(found: Sequence[Ablation], games: int, names: Mapping[str, str]) -> Table:
    """Each ablated entity (by its name, as :func:`measures_table`): its side's win-rate
    change one step down and one step up."""
    table = Table("entity", "main stat", "one step down", "win change (points)",
                  "one step up", "win change (points)",
                  title=f"ablation: {games} games each, same seeds (* significant, Holm)")
    for a in found:
        k = a.knob
        table.add_row(f"{names.get(k.entity, k.entity)} ({k.side})", k.stat, step_text(k, k.down),
                      change_text(a.down), step_text(k, k.up), change_text(a.up))
    return table


def add_commands(to: typer.Typer) -> None:
    to.command(context_settings=EXTRA)(culprits)
