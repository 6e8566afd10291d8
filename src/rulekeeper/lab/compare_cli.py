"""``rulekeeper compare``: a balance gate (:mod:`rulekeeper.lab.compare`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from rulekeeper.cli_args import (
    EXTRA,
    AgentsOpt,
    ContentOpt,
    ForceOpt,
    ScenarioOpt,
    SeedOpt,
    check_results,
    console,
    content_sets,
)
from rulekeeper.core.errors import UsageError
from rulekeeper.core.rulings import parse_assignments
from rulekeeper.lab.cli import (
    BackendOpt,
    ChunkOpt,
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
from rulekeeper.lab.compare import MOVED_EXIT, Cell

ChangeOpt = Annotated[list[str] | None, typer.Option(
    help="a content value of that version: path.to.field=value (repeatable)")]
RulingChangeOpt = Annotated[list[str] | None, typer.Option(
    help="a ruling of that version: id=option (repeatable)")]
FolderOpt = Annotated[str | None, typer.Option(
    help="a content folder laid over the sample for that version")]


def compare(ctx: typer.Context,
            what: Annotated[str, typer.Argument(
                metavar="RULESET|OLD.parquet", help="a ruleset (old and new are played now), "
                "or the old results file (written by another release, same command)")],
            new_file: Annotated[Path | None, typer.Argument(
                metavar="[NEW.parquet]", help="with a results file: the new one")] = None,
            old_set: ChangeOpt = None, new_set: ChangeOpt = None,
            old_ruling: RulingChangeOpt = None, new_ruling: RulingChangeOpt = None,
            old_content: FolderOpt = None, new_content: FolderOpt = None,
            contender: Annotated[list[str] | None, typer.Option(
                "--contender", "-c", help="matchups between these contenders (a matchup "
                                          "matrix; default: the batch as set up)")] = None,
            threshold: Annotated[float, typer.Option(
                min=0, max=1, help="a matchup moved when its paired change is significant "
                                   "and at least this large (0.05: 5 points)")] = 0.05,
            games: GamesOpt = 200, seed: SeedOpt = 0, side: SideOpt = None,
            agents: AgentsOpt = None, scenario: ScenarioOpt = None, content: ContentOpt = None,
            workers: WorkersOpt = 1, backend: BackendOpt = "process",
            ray_address: RayAddressOpt = None, chunk: ChunkOpt = None, out: OutOpt = None,
            force: ForceOpt = False, as_json: JsonOpt = False) -> None:
    """Which matchups moved between an old and a new version, on the same seeds.

    Exits with 3 when any matchup moved past --threshold (significant after Holm's
    adjustment): a balance gate for CI. Ruleset options go last.
    """
    if new_file is not None or what.endswith(".parquet"):
        return compare_files(Path(what), new_file, side, threshold, as_json)
    from rulekeeper.lab.questions import CompareQuestion, build

    fields = ask_fields(ctx, what, agents, scenario, None, content, None, seed, side)
    run = build(CompareQuestion, **fields, games=games, threshold=threshold,
                contenders=contender or [],
                old={"set": content_sets(old_set, "--old-set"), "content": old_content,
                     "rulings": parse_assignments(old_ruling or [], "--old-ruling")},
                new={"set": content_sets(new_set, "--new-set"), "content": new_content,
                     "rulings": parse_assignments(new_ruling or [], "--new-ruling")}).prepare()
    plan = make_plan(workers, backend, ray_address, chunk)
    check_results(out, force)
    recorder = play_run(run, out, plan, f"compare {what}: {len(run.pairs)} matchup(s), old "
                                        f"and new")
    show(run.to_json(recorder), run.cells(recorder),
         f"{what}: old ({run.old}) against new ({run.new}), {games} games each, same seeds",
         as_json)


def compare_files(old: Path, new: Path | None, side: str | None, threshold: float,
                  as_json: bool) -> None:
    from rulekeeper.lab import store
    from rulekeeper.lab.compare import compare_files as compared

    if new is None:
        raise UsageError(f"{old}: give the new results file too (compare OLD.parquet "
                         f"NEW.parquet), or a ruleset")
    side, cells = compared(store.read(old), store.read(new), side, threshold,
                           (str(old), str(new)))
    answer = {"side": side, "old": str(old), "new": str(new), "threshold": threshold,
              "cells": [c.to_json() for c in cells],
              "moved": [c.label for c in cells if c.moved]}
    show(answer, cells, f"{old} against {new}, game by game", as_json)


def show(answer: dict[str, object], cells: list[Cell], title: str, as_json: bool) -> None:
    """Print the answer; exit with :data:`MOVED_EXIT` when a matchup moved."""
    moved = [c for c in cells if c.moved]
    if as_json:
        print(json.dumps(answer, indent=2))
    else:
        side = answer["side"]
        table = Table("matchup", f"old {side} win", f"new {side} win", "change (95%)",
                      "p (Holm)", "moved", title=title)
        for cell in cells:
            d = cell.difference
            table.add_row(cell.label or "(as set up)", cell.old.percent(), cell.new.percent(),
                          f"{100 * d.value:+.1f} ({100 * d.low:+.1f}, {100 * d.high:+.1f})",
                          "<0.001" if cell.adjusted < 0.001 else f"{cell.adjusted:.3f}",
                          "yes" if cell.moved else "no")
        console.print(table)
        limit = f"{100 * cells[0].threshold:g} points" if cells else ""
        console.print(f"{len(moved)} of {len(cells)} matchup(s) moved past {limit}: "
                      f"exit {MOVED_EXIT}." if moved else
                      f"No matchup moved past {limit}.", highlight=False)
    if moved:
        raise typer.Exit(MOVED_EXIT)


def add_commands(to: typer.Typer) -> None:
    to.command(context_settings=EXTRA)(compare)
