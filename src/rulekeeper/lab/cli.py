"""The lab's commands: ``simulate``, ``sweep``, ``matchup`` and ``report``.

The statistics, Parquet and plotting libraries are imported inside the commands,
so that the other commands start quickly.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from rulekeeper.cli_args import (
    EXTRA,
    AgentsOpt,
    ContentOpt,
    RulesetArg,
    RulingOpt,
    ScenarioOpt,
    SeedOpt,
    SetOpt,
    agent_list,
    console,
    content_sets,
    extra_options,
)
from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.core.rulings import parse_assignments
from rulekeeper.lab.batch import BatchSpec

if TYPE_CHECKING:
    from rulekeeper.lab.run import Plan
    from rulekeeper.lab.store import Batch
    from rulekeeper.lab.summary import Summary
    from rulekeeper.lab.sweep import Axis, Comparison

progress_console = Console(stderr=True)

GamesOpt = Annotated[int, typer.Option(min=1, help="games per batch")]
SideOpt = Annotated[str | None, typer.Option(
    "--side", help="the side whose win, tie and loss are counted (default: the first seat, "
              "or the heroes in a co-op ruleset)")]
WorkersOpt = Annotated[int, typer.Option(
    min=0, help="worker processes, or Ray tasks in flight (0 with ray: one per cluster CPU)")]
BackendOpt = Annotated[str, typer.Option(help="where games run: process (this machine) or ray")]
RayAddressOpt = Annotated[str | None, typer.Option(
    "--ray-address", help="Ray cluster to join (auto, or HEAD_IP:PORT) "
                          "(default: $RAY_ADDRESS, else a local Ray)")]
ChunkOpt = Annotated[int | None, typer.Option(min=1, help="games per task (default: automatic)")]
OutOpt = Annotated[Path | None, typer.Option(
    "--out", "-o", help="write every game's result to this Parquet file")]
JsonOpt = Annotated[bool, typer.Option("--json", help="print JSON")]


def add_commands(app: typer.Typer) -> None:
    """Add the lab's commands to the ``rulekeeper`` app."""
    app.command(context_settings=EXTRA)(simulate)
    app.command(context_settings=EXTRA)(sweep)
    app.command(context_settings=EXTRA)(matchup)
    app.command()(report)


def make_spec(ctx: typer.Context, ruleset: str, agents: str | None, scenario: str | None,
              ruling: list[str] | None, content: str | None,
              set_: list[str] | None) -> BatchSpec:
    return BatchSpec(registry.resolve_id(ruleset), tuple(agent_list(agents) or ()), scenario,
                     extra_options(ctx.args), parse_assignments(ruling or []), content,
                     content_sets(set_))


def sides_of(spec: BatchSpec) -> list[str]:
    """The names a winner can take (seats, or sides such as heroes and enemies); the first
    is the side counted by default."""
    ruleset = registry.load(spec.ruleset)
    return list(ruleset.sides(ruleset.parse_options(spec.options)))


def make_plan(workers: int, backend: str, ray_address: str | None, chunk: int | None) -> Plan:
    from rulekeeper.lab.run import Plan

    if ray_address is not None and backend != "ray":
        raise UsageError("--ray-address needs --backend ray")
    return Plan(workers, backend, ray_address, chunk)


@contextmanager
def progress_bar(total: int, description: str) -> Iterator[Callable[[int], None]]:
    """A Rich progress bar on stderr; yields the function that advances it.

    It refreshes from the caller's thread (no timer thread), so worker processes
    can still be forked.
    """
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("games"), TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, console=progress_console, auto_refresh=False,
                  transient=True) as progress:
        task = progress.add_task(description, total=total)
        last = 0.0

        def advance(games: int) -> None:
            nonlocal last
            progress.advance(task, games)
            now = time.monotonic()
            if now - last > 0.1:
                progress.refresh()
                last = now

        yield advance


def side_note(summary: Summary, seats: Sequence[str]) -> str | None:
    """A hint when the side counted never won while others did (e.g. ``--side heroes``)."""
    if summary.outcomes["win"].value > 0 or not summary.winners:
        return None
    others = [w for w in summary.winners if w != "tie"]
    if not others:
        return None
    return (f"note: {summary.side} won no game; winners were {', '.join(others)}. "
            f"Choose the side counted with --side (sides: {', '.join(seats)}).")


def simulate(ctx: typer.Context, ruleset: RulesetArg,
             games: Annotated[int | None, typer.Option(
                 min=1, help="number of games; with --until-ci the most to play "
                             "(default: 100, or 100000 with --until-ci)")] = None,
             seed: SeedOpt = 0, agents: AgentsOpt = None, scenario: ScenarioOpt = None,
             ruling: RulingOpt = None, content: ContentOpt = None, set_: SetOpt = None,
             side: SideOpt = None, workers: WorkersOpt = 1, backend: BackendOpt = "process",
             ray_address: RayAddressOpt = None, chunk: ChunkOpt = None, out: OutOpt = None,
             until_ci: Annotated[float | None, typer.Option(
                 "--until-ci", help="stop once the win, tie and loss 95% intervals are all "
                                    "within ± this (0.01: ±1 point); checked every 100 games")
             ] = None,
             as_json: JsonOpt = False) -> None:
    """Play a batch of games between bots and summarize the results.

    Ruleset options go last (e.g. --rounds 2). A league game (cryptids-run) plays a league
    of bot players sharing one snapshot pool: --players N --runs N (lab/league.py).
    """
    if getattr(registry.load(ruleset), "league", False):
        from rulekeeper.lab.league_cli import simulate_league

        others = {"--games": games, "--scenario": scenario, "--side": side, "--chunk": chunk,
                  "--until-ci": until_ci, "--ray-address": ray_address,
                  "--backend": None if backend == "process" else backend}
        return simulate_league(ctx, ruleset, seed, agents, ruling, content, set_, workers, out,
                               as_json, [name for name, value in others.items() if value])
    from rulekeeper.lab import store
    from rulekeeper.lab.run import UntilNarrow, run_batch
    from rulekeeper.lab.summary import Summary

    spec = make_spec(ctx, ruleset, agents, scenario, ruling, content, set_)
    plan = make_plan(workers, backend, ray_address, chunk)
    seats = sides_of(spec)
    side = side or seats[0]
    until = UntilNarrow(side, until_ci) if until_ci is not None else None
    total = games or (100_000 if until else 100)
    started = time.perf_counter()
    with progress_bar(total, f"simulate {spec.ruleset}") as advance:
        results = run_batch(spec, total, seed, plan, progress=advance, until=until)
    elapsed = time.perf_counter() - started
    declared = list(registry.load(spec.ruleset).metrics)
    summary = Summary.of(results, side, declared)
    if out is not None:
        store.write(out, store.Run("simulate", side, seats, declared,
                                   [store.Batch("", {}, spec, seed, results)]))
    if as_json:
        print(json.dumps({"summary": summary.to_json() | {"seconds": round(elapsed, 3)},
                          "games": [r._asdict() for r in results]}, indent=2, default=str))
        return
    console.print(summary.render(spec.ruleset))
    lines = [f"{len(results):,} games in {elapsed:.2f} s ({len(results) / elapsed:,.0f} games/s"
             f", {plan.backend}, {plan.workers or 'all'} worker(s))."]
    if until is not None:
        widest = max(e.half_width for e in summary.outcomes.values())
        state = "reached" if widest <= until.half_width else "not reached"
        lines.append(f"--until-ci {until_ci}: {state} (widest interval ±{widest:.4f}) after "
                     f"{len(results):,} games.")
    if out is not None:
        lines.append(f"Results written to {out}; next: rulekeeper report {out} -o report.html")
    note = side_note(summary, seats)
    for line in [*lines, *([note] if note else [])]:
        console.print(line, highlight=False)


SweepSetOpt = Annotated[list[str] | None, typer.Option(
    "--set", help="content values to try: path.to.field=v1,v2,v3 (repeatable; a single value "
                  "applies to every variant)")]
SweepOptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", help="setup options to try: name=v1,v2 (repeatable)")]
SweepRulingOpt = Annotated[list[str] | None, typer.Option(
    "--ruling", help="ruling options to try: id=a,b, or id=* for all (repeatable)")]
PlotOpt = Annotated[Path, typer.Option("--plot", help="where to write the figure (PNG)")]


def sweep(ctx: typer.Context, ruleset: RulesetArg, set_: SweepSetOpt = None,
          option: SweepOptionOpt = None, ruling: SweepRulingOpt = None, games: GamesOpt = 200,
          seed: SeedOpt = 0, agents: AgentsOpt = None, scenario: ScenarioOpt = None,
          content: ContentOpt = None, side: SideOpt = None, workers: WorkersOpt = 1,
          backend: BackendOpt = "process", ray_address: RayAddressOpt = None,
          chunk: ChunkOpt = None, out: OutOpt = None, plot: PlotOpt = Path("sweep.png"),
          as_json: JsonOpt = False) -> None:
    """Run one batch per variant (same seeds) and say which differences are significant.

    Variants are every combination of the values given. Ruleset options go last.
    """
    from rulekeeper.lab import plots, store
    from rulekeeper.lab.summary import Summary
    from rulekeeper.lab.sweep import (
        by_first_axis,
        compare,
        parse_axes,
        run_variants,
        value_text,
        variants,
    )

    base = make_spec(ctx, ruleset, agents, scenario, None, content, None)
    plan = make_plan(workers, backend, ray_address, chunk)
    axes = parse_axes(base.ruleset, set_ or [], option or [], ruling or [])
    found = variants(base, axes)
    seats = sides_of(found[0].spec)
    side = side or seats[0]
    with progress_bar(games * len(found), f"sweep {base.ruleset}: {len(found)} variants") as step:
        batches = run_variants(found, games, seed, plan, step)
    declared = list(registry.load(base.ruleset).metrics)
    summaries = [Summary.of(b.results, side, declared) for b in batches]
    first = compare(batches, side, [(0, j) for j in range(1, len(batches))])
    pairs = compare(batches, side)
    varying = [a for a in axes if len(a.values) > 1]
    x, series = by_first_axis(varying, [s.outcomes["win"] for s in summaries])
    marks = [False, *(c.significant for c in first)] if len(series) == 1 else []
    plot.write_bytes(plots.rates(
        [value_text(v) for v in x], series,
        f"{base.ruleset}: {side}'s win rate (95% intervals"
        + ("; * differs from the first)" if marks else ")"), varying[0].key, x, marks))
    if out is not None:
        store.write(out, store.Run("sweep", side, seats, declared, batches,
                                   {"axes": [a.to_json() for a in varying]}))
    if as_json:
        print(json.dumps({"side": side, "variants": [
            {"label": b.label, "params": b.params, "summary": s.to_json()}
            for b, s in zip(batches, summaries, strict=True)],
            "against_first": [c.to_json() for c in first],
            "pairs": [c.to_json() for c in pairs]}, indent=2, default=str))
        return
    console.print(sweep_table(f"{base.ruleset}: {len(batches)} variants × {games} games, "
                              "same seeds", side, varying, batches, summaries, first))
    short = {b.label: "/".join(value_text(v) for v in b.params.values()) for b in batches}
    others = [c for c in pairs if c.significant and c.first != batches[0].label]
    if len(batches) > 2:
        console.print(f"Other significant pairs ({'/'.join(a.short for a in varying)}; Holm "
                      f"over all {len(pairs)} pairs): " + ("; ".join(
                          f"{short[c.second]} vs {short[c.first]} {c.difference.value:+.1%}"
                          for c in others) or "none."), highlight=False)
    console.print(f"Plot written to {plot}" + (f"; results to {out}" if out else ""),
                  highlight=False)


def sweep_table(title: str, side: str, axes: Sequence[Axis], batches: Sequence[Batch],
                summaries: Sequence[Summary], first: Sequence[Comparison]) -> Table:
    """One row per variant: its values, outcomes, and its paired difference from the first."""
    from rulekeeper.lab.stats import p_text
    from rulekeeper.lab.sweep import value_text

    table = Table(title=title + " (rates in %)")
    for axis in axes:
        table.add_column(axis.short, no_wrap=True)
    for header in (f"{side} win (95%)", "tie", "loss", "rounds", "win − first (95%)", "p",
                   "signif."):
        table.add_column(header, justify="right")
    against = {c.second: c for c in first}
    for batch, summary in zip(batches, summaries, strict=True):
        win, c = summary.outcomes["win"], against.get(batch.label)
        d = c.difference if c else None
        table.add_row(*(value_text(batch.params[a.key]) for a in axes),
                      f"{100 * win.value:.1f} ({100 * win.low:.1f}–{100 * win.high:.1f})",
                      f"{100 * summary.outcomes['tie'].value:.1f}",
                      f"{100 * summary.outcomes['loss'].value:.1f}",
                      f"{summary.means['rounds'].value:.3g}",
                      f"{100 * d.value:+.1f} ({100 * d.low:+.1f}, {100 * d.high:+.1f})"
                      if d else "first",
                      p_text(c.adjusted) if c else "",
                      ("[green]yes[/green]" if c.significant else "no") if c else "")
    return table


def _fields(text: str) -> list[str]:
    return [f.strip().replace("-", "_") for f in text.split(",") if f.strip()]


def matchup(ctx: typer.Context, ruleset: RulesetArg,
            contender: Annotated[list[str], typer.Option(
                "--contender", "-c", help="a contender, repeatable: a team (cryptids: id or "
                                          "YAML path) or faction:leader (dire-alliance-battle)")],
            row: Annotated[str | None, typer.Option(
                help="options that seat the row contender (first seat), comma-separated "
                     "(default: found by seat name, e.g. left or red_faction,red_leader)")] = None,
            col: Annotated[str | None, typer.Option(
                help="options that seat the column contender (second seat)")] = None,
            games: GamesOpt = 100, seed: SeedOpt = 0, agents: AgentsOpt = None,
            scenario: ScenarioOpt = None, ruling: RulingOpt = None, content: ContentOpt = None,
            set_: SetOpt = None, workers: WorkersOpt = 1, backend: BackendOpt = "process",
            ray_address: RayAddressOpt = None, chunk: ChunkOpt = None, out: OutOpt = None,
            plot: PlotOpt = Path("matchup.png"), as_json: JsonOpt = False) -> None:
    """Every contender against every contender: the row's win rate in each cell.

    Ruleset options go last.
    """
    from rulekeeper.lab import plots, store
    from rulekeeper.lab.matchup import Matchup, side_fields
    from rulekeeper.lab.sweep import run_variants

    spec = make_spec(ctx, ruleset, agents, scenario, ruling, content, set_)
    plan = make_plan(workers, backend, ray_address, chunk)
    if (row is None) != (col is None):
        raise UsageError("give both --row and --col, or neither")
    rows, cols = (_fields(row), _fields(col)) if row and col else \
        side_fields(spec.ruleset, spec.options)
    found = Matchup(tuple(rows), tuple(cols), tuple(contender))
    variants = found.variants(spec)
    seats = sides_of(variants[0].spec)
    side = seats[0]
    with progress_bar(games * len(variants), f"matchup {spec.ruleset}: "
                      f"{len(variants)} pairings") as step:
        batches = run_variants(variants, games, seed, plan, step)
    matrix = found.matrix(batches, side)
    names = list(found.contenders)
    plot.write_bytes(plots.heatmap(names, names, [[e.value for e in r] for r in matrix],
                                   f"{spec.ruleset}: row's win rate ({side})",
                                   f"{side} ({', '.join(rows)})",
                                   f"{seats[1]} ({', '.join(cols)})"))
    if out is not None:
        store.write(out, store.Run("matchup", side, seats,
                                   list(registry.load(spec.ruleset).metrics), batches,
                                   {"contenders": names, "row": rows, "col": cols}))
    if as_json:
        print(json.dumps({"side": side, "contenders": names, "row": rows, "col": cols,
                          "win": [[e.to_json() for e in r] for r in matrix]}, indent=2))
        return
    table = Table(f"{side} \\ {seats[1]}", *names, "mean",
                  title=f"{spec.ruleset}: row's win rate, {games} games per cell (±95%)")
    for name, cells in zip(names, matrix, strict=True):
        mean = sum(e.value for e in cells) / len(cells)
        table.add_row(name, *[f"{e.value:.0%} ±{e.half_width:.0%}" for e in cells], f"{mean:.0%}")
    console.print(table)
    console.print(f"Plot written to {plot}" + (f"; results to {out}" if out else ""),
                  highlight=False)


def report(file: Annotated[Path, typer.Argument(help="a results file (Parquet) written with "
                                                     "--out")],
           output: Annotated[Path, typer.Option("--output", "-o", help="the HTML file")] =
           Path("report.html"),
           side: SideOpt = None,
           ruling_games: Annotated[int, typer.Option(
               min=0, help="games per ruling option for the rulings section, when the file "
                           "sweeps no ruling (0: skip)")] = 200,
           workers: WorkersOpt = 1, backend: BackendOpt = "process",
           ray_address: RayAddressOpt = None) -> None:
    """Write an HTML report of a results file: win rates, game length, impact, rulings."""
    from rulekeeper.lab.league import is_league_file

    if is_league_file(file):
        from rulekeeper.lab.league_cli import report_league

        return report_league(file, output)
    from rulekeeper.lab import store
    from rulekeeper.lab.report import Report, ruling_sweep, ruling_variants, sweeps_rulings

    run = store.read(file)
    if not run.batches:
        raise UsageError(f"{file} holds no game")
    plan = make_plan(workers, backend, ray_address, None)
    extra: list[Any] = []
    if ruling_games and not sweeps_rulings(run) and run.ruleset in registry.ids():
        count = len(ruling_variants(run.batches[0]))
        if count > 1:
            with progress_bar(ruling_games * count, f"report: {count} ruling variants") as step:
                extra = ruling_sweep(run, ruling_games, plan, step)
    page = Report(run, side, extra).html()
    try:
        output.write_text(page, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write {output}: {error.strerror}") from None
    console.print(f"Report written to {output} ({run.games:,} games, "
                  f"{len(run.batches)} variant(s)).", highlight=False)
