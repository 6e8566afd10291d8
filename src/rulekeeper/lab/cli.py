"""The lab's commands: ``simulate``, ``sweep``, ``matchup`` and ``report`` (``tune``: tune_cli.py).

The statistics, Parquet and plotting libraries are imported inside the commands,
so that the other commands start quickly.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from rulekeeper.cli_args import (
    EXTRA,
    AgentOptionOpt,
    AgentsOpt,
    ContentOpt,
    ForceOpt,
    RulesetArg,
    RulingOpt,
    ScenarioOpt,
    SeedOpt,
    SetOpt,
    agent_list,
    check_output,
    check_results,
    console,
    content_sets,
    extra_options,
    language,
    stop_signals,
    write_bytes,
    write_text,
)
from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.core.rulings import parse_assignments
from rulekeeper.lab.batch import GameResult
from rulekeeper.lab.names import contender_name, entity_names
from rulekeeper.lab.progress import progress_bar, progress_console

if TYPE_CHECKING:
    from rulekeeper.lab.questions import Recorder, Run
    from rulekeeper.lab.run import Plan
    from rulekeeper.lab.store import Batch
    from rulekeeper.lab.summary import Summary
    from rulekeeper.lab.sweep import Axis, Comparison, Variant

MOST_GAMES = 100_000_000
"""The most games of one batch: results stream to their file, and a sweep keeps one byte
per game and variant for its paired tests."""

GamesOpt = Annotated[int, typer.Option(min=1, max=MOST_GAMES, help="games per batch")]
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
EngineOpt = Annotated[str | None, typer.Option(
    "--engine", help="the engine that plays the games, for a ruleset with several (a compiled "
                     "kernel, the readable python engine; default: the ruleset's first): the "
                     "same games either way")]
OutOpt = Annotated[Path | None, typer.Option(
    "--out", "-o", help="write every game's result to this Parquet file")]
JsonOpt = Annotated[bool, typer.Option("--json", help="print JSON")]
PlotOpt = Annotated[Path | None, typer.Option(
    "--plot", help="write the figure to this PNG file")]


def add_commands(app: typer.Typer) -> None:
    """Add the lab's commands to the ``rulekeeper`` app."""
    app.command(context_settings=EXTRA)(simulate)
    app.command(context_settings=EXTRA)(sweep)
    app.command(context_settings=EXTRA)(matchup)
    app.command()(report)


def ask_fields(ctx: typer.Context, ruleset: str, agents: str | None, scenario: str | None,
               ruling: list[str] | None, content: str | None, set_: list[str] | None,
               seed: int, side: str | None, engine: str | None = None) -> dict[str, Any]:
    """What every question takes (:class:`rulekeeper.lab.questions.Ask`), from the flags."""
    return {"ruleset": ruleset, "agents": agent_list(agents) or [], "scenario": scenario,
            "options": extra_options(ctx.args), "rulings": parse_assignments(ruling or []),
            "content": content, "set": content_sets(set_), "seed": seed, "side": side,
            "engine": engine}


def make_plan(workers: int, backend: str, ray_address: str | None, chunk: int | None) -> Plan:
    from rulekeeper.lab.run import Plan

    if ray_address is not None and backend != "ray":
        raise UsageError("--ray-address needs --backend ray")
    most = 4 * (os.cpu_count() or 1)
    if backend == "process" and workers > most:
        raise UsageError(f"--workers {workers}: at most {most} on this machine "
                         f"(4 per CPU)")
    return Plan(workers, backend, ray_address, chunk)




@contextmanager
def recording(out: Path | None, run: Run) -> Iterator[Recorder]:
    """The batches of a run, kept in ``out`` (when given) however the command ends.

    Stopped by Ctrl-C or SIGTERM, the file is written with every finished game, the
    command says how many, and exits with 130 (or 143).
    """
    from rulekeeper.lab.questions import Recorder

    writer = None
    if out is not None:  # pyarrow is imported only then
        from rulekeeper.lab.store import Writer

        writer = Writer(out, run.kind, run.side, run.seats, run.declared, run.extra)
    recorder = Recorder(writer, run.side, run.declared, run.paired)
    with stop_signals() as stop:
        try:
            yield recorder
        except KeyboardInterrupt:
            if writer is not None:
                writer.close()
                kept = f"{writer.games:,} finished games kept in {out}"
            else:
                kept = f"{recorder.games:,} games finished; none kept (--out FILE keeps them)"
            progress_console.print(f"Stopped: {kept}.", highlight=False, soft_wrap=True)
            raise typer.Exit(stop.exit_code) from None
        except BaseException:
            if writer is not None:
                writer.discard()
            raise
    if writer is not None:
        writer.close()


def play_run(run: Run, out: Path | None, plan: Plan, description: str) -> Recorder:
    """Play a run with a progress bar, its games kept in ``out``."""
    with recording(out, run) as recorder, progress_bar(run.planned, description) as step:
        run.play(recorder, plan, step)
    return recorder


def side_note(summary: Summary, seats: Sequence[str]) -> str | None:
    """A hint when the side counted never won while others did (e.g. ``--side heroes``)."""
    if summary.outcomes["win"].value > 0 or not summary.winners:
        return None
    others = [w for w in summary.winners if w != "tie"]
    if not others:
        return None
    return (f"note: {summary.side} won no game; winners were {', '.join(others)}. "
            f"Choose the side counted with --side (sides: {', '.join(seats)}).")


class JsonGames:
    """``simulate --json``: every game printed as it finishes, then the summary (also when
    the batch is stopped), so that the output need not wait for, nor hold, the batch."""

    def __init__(self) -> None:
        self.count = 0
        print('{"games": [', end="")

    def add(self, results: list[GameResult]) -> None:
        from rulekeeper.lab.questions import game_json

        for result in results:
            print(("," if self.count else "") + "\n  " + json.dumps(
                game_json(result), default=str), end="")
            self.count += 1

    def end(self, summary: dict[str, Any]) -> None:
        print("\n],\n\"summary\": " + json.dumps(summary, indent=2, default=str) + "}")


def simulate(ctx: typer.Context, ruleset: RulesetArg,
             games: Annotated[int | None, typer.Option(
                 min=1, max=MOST_GAMES, help="number of games; with --until-ci the most to "
                                             "play (default: 100, or 100000 with --until-ci)")
             ] = None,
             seed: SeedOpt = 0, agents: AgentsOpt = None, agent_option: AgentOptionOpt = None,
             scenario: ScenarioOpt = None,
             ruling: RulingOpt = None, content: ContentOpt = None, set_: SetOpt = None,
             side: SideOpt = None, workers: WorkersOpt = 1, backend: BackendOpt = "process",
             ray_address: RayAddressOpt = None, chunk: ChunkOpt = None, out: OutOpt = None,
             force: ForceOpt = False, engine: EngineOpt = None,
             until_ci: Annotated[float | None, typer.Option(
                 "--until-ci", help="stop once the win, tie and loss 95% intervals are all "
                                    "within ± this (0.01: ±1 point); checked every 100 games")
             ] = None,
             as_json: JsonOpt = False) -> None:
    """Play a batch of games between bots and summarize the results.

    Ruleset options go last (e.g. --rounds 2). Stopped (Ctrl-C), it keeps every finished
    game in --out. A league game (cryptids-run) plays a league of bot players sharing one
    snapshot pool: --players N --runs N (lab/league.py).
    """
    if getattr(registry.load(ruleset), "league", False):
        from rulekeeper.lab.league_cli import simulate_league
        from rulekeeper.lab.questions import check_engine

        others = {"--games": games, "--scenario": scenario, "--side": side, "--chunk": chunk,
                  "--until-ci": until_ci, "--ray-address": ray_address,
                  "--backend": None if backend == "process" else backend}
        return simulate_league(ctx, ruleset, seed, agents, ruling, content, set_, workers, out,
                               force, as_json, [name for name, value in others.items() if value],
                               check_engine(ruleset, engine))
    from rulekeeper.lab.questions import SimulateQuestion, build
    from rulekeeper.lab.summary import seat_setup

    agents = ",".join(agent_list(agents, agent_option) or []) or None
    run = build(SimulateQuestion, **ask_fields(ctx, ruleset, agents, scenario, ruling, content,
                                               set_, seed, side, engine),
                games=games, until_ci=until_ci).prepare()
    plan = make_plan(workers, backend, ray_address, chunk)
    check_results(out, force)
    printer = JsonGames() if as_json else None
    run.also = printer.add if printer is not None else None
    with recording(out, run) as recorder:
        try:
            with progress_bar(run.planned, f"simulate {run.spec.ruleset}") as advance:
                run.play(recorder, plan, advance)
        finally:
            if printer is not None:
                printer.end(run.to_json(recorder)["summary"] if recorder.tallies else {})
    if printer is not None:
        return
    elapsed = time.perf_counter() - run.started
    summary = run.summary(recorder)
    console.print(summary.render(run.spec.ruleset, seat_setup(run.spec)))
    lines = [f"{summary.games:,} games in {elapsed:.2f} s ({summary.games / elapsed:,.0f} "
             f"games/s, {plan.backend}, {plan.workers or 'all'} worker(s))."]
    if until_ci is not None:
        widest = max(e.half_width for e in summary.outcomes.values())
        state = "reached" if widest <= until_ci else "not reached"
        lines.append(f"--until-ci {until_ci}: {state} (widest interval ±{widest:.4f}) after "
                     f"{summary.games:,} games.")
    if out is not None:
        lines.append(f"Results written to {out}; next: rulekeeper report {out} -o report.html")
    note = side_note(summary, run.seats)
    for line in [*lines, *([note] if note else [])]:
        console.print(line, highlight=False)


SweepSetOpt = Annotated[list[str] | None, typer.Option(
    "--set", help="content values to try: path.to.field=v1,v2,v3 (repeatable; a single value "
                  "applies to every variant)")]
SweepOptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", help="setup options to try: name=v1,v2 (repeatable)")]
SweepRulingOpt = Annotated[list[str] | None, typer.Option(
    "--ruling", help="ruling options to try: id=a,b, or id=* for all (repeatable)")]


def sweep(ctx: typer.Context, ruleset: RulesetArg, set_: SweepSetOpt = None,
          option: SweepOptionOpt = None, ruling: SweepRulingOpt = None, games: GamesOpt = 200,
          seed: SeedOpt = 0, agents: AgentsOpt = None, scenario: ScenarioOpt = None,
          content: ContentOpt = None, side: SideOpt = None, workers: WorkersOpt = 1,
          backend: BackendOpt = "process", ray_address: RayAddressOpt = None,
          chunk: ChunkOpt = None, out: OutOpt = None, plot: PlotOpt = None,
          force: ForceOpt = False, engine: EngineOpt = None, as_json: JsonOpt = False) -> None:
    """Run one batch per variant (same seeds) and say which differences are significant.

    Variants are every combination of the values given. Ruleset options go last.
    """
    from rulekeeper.lab import plots
    from rulekeeper.lab.questions import SweepQuestion, build, varies
    from rulekeeper.lab.sweep import by_first_axis, value_text

    fields = ask_fields(ctx, ruleset, agents, scenario, None, content, None, seed, side,
                        engine)
    found = varies(set_ or [], option or [], ruling or [])
    if not found:
        raise UsageError("nothing to sweep: give at least one --set, --option or --ruling "
                         "with two or more values (path=v1,v2)")
    run = build(SweepQuestion, **fields, games=games, vary=found).prepare()
    plan = make_plan(workers, backend, ray_address, chunk)
    check_results(out, force)
    check_output(plot, "--plot", force)
    recorder = play_run(run, out, plan, f"sweep {run.variants[0].spec.ruleset}: "
                                        f"{len(run.variants)} variants")
    summaries = [t.summary() for t in recorder.tallies]
    first, pairs = run.comparisons(recorder)
    side, varying, variants = run.side, run.axes, run.variants
    if plot is not None:
        x, series = by_first_axis(varying, [s.outcomes["win"] for s in summaries])
        marks = [False, *(c.significant for c in first)] if len(series) == 1 else []
        figure = plots.rates(
            [value_text(v) for v in x], series,
            f"{run.variants[0].spec.ruleset}, {side}: win rate (95% intervals"
            + ("; * differs from the first)" if marks else ")"), varying[0].key, x, marks)
        write_bytes(plot, figure, "--plot")
    if as_json:
        print(json.dumps(run.to_json(recorder), indent=2, default=str))
        return
    console.print(sweep_table(f"{variants[0].spec.ruleset}: {len(variants)} variants × "
                              f"{games} games, same seeds", side, varying, variants, summaries,
                              first))
    short = {v.label: "/".join(value_text(x) for x in v.params.values()) for v in variants}
    others = [c for c in pairs if c.significant and c.first != variants[0].label]
    if len(variants) > 2:
        console.print(f"Other significant pairs ({'/'.join(a.short for a in varying)}; Holm "
                      f"over all {len(pairs)} pairs): " + ("; ".join(
                          f"{short[c.second]} vs {short[c.first]} {c.difference.value:+.1%}"
                          for c in others) or "none."), highlight=False)
    written = [f"plot written to {plot}"] if plot else []
    written += [f"results to {out}"] if out else []
    if written:
        console.print("; ".join(written).capitalize() + ".", highlight=False)


def sweep_table(title: str, side: str, axes: Sequence[Axis], found: Sequence[Variant],
                summaries: Sequence[Summary], first: Sequence[Comparison]) -> Table:
    """One row per variant: its values, outcomes, and its paired difference from the first."""
    from rulekeeper.lab.stats import p_text
    from rulekeeper.lab.sweep import value_text

    level = f"{100 * first[0].confidence:.4g}%" if first else "95%"
    table = Table(title=title + " (rates in %)")
    for axis in axes:
        table.add_column(axis.short, no_wrap=True)
    for header in (f"{side} win (95%)", "tie", "loss", "rounds", f"win − first ({level})",
                   "p (Holm)", "signif."):
        table.add_column(header, justify="right")
    against = {c.second: c for c in first}
    for variant, summary in zip(found, summaries, strict=True):
        win, c = summary.outcomes["win"], against.get(variant.label)
        d = c.difference if c else None
        table.add_row(*(value_text(variant.params[a.key]) for a in axes),
                      f"{100 * win.value:.1f} ({100 * win.low:.1f}–{100 * win.high:.1f})",
                      f"{100 * summary.outcomes['tie'].value:.1f}",
                      f"{100 * summary.outcomes['loss'].value:.1f}",
                      f"{summary.means['rounds'].value:.3g}",
                      f"{100 * d.value:+.1f} ({100 * d.low:+.1f}, {100 * d.high:+.1f})"
                      if d else "first",
                      p_text(c.adjusted) if c else "",
                      ("[green]yes[/green]" if c.significant else "no") if c else "")
    if len(first) > 1:
        table.caption = (f"Paired exact intervals (McNemar's family), {level} each: "
                         f"Bonferroni over the {len(first)} comparisons with the first.")
    return table


def fields_of(text: str | None) -> list[str] | None:
    """``--row``/``--col``: option names, comma-separated."""
    if text is None:
        return None
    return [f.strip().replace("-", "_") for f in text.split(",") if f.strip()]


RowOpt = Annotated[str | None, typer.Option(
    help="options that seat the row contender (first seat), comma-separated "
         "(default: found by seat name, e.g. left or red_faction,red_leader)")]
ColOpt = Annotated[str | None, typer.Option(
    help="options that seat the column contender (second seat)")]


def matchup(ctx: typer.Context, ruleset: RulesetArg,
            contender: Annotated[list[str], typer.Option(
                "--contender", "-c", help="a contender, repeatable: the values of a seat's "
                                          "options, colon-separated (a team id or YAML path; "
                                          "faction:leader)")],
            row: RowOpt = None, col: ColOpt = None,
            games: GamesOpt = 100, seed: SeedOpt = 0,
            cell_seeds: Annotated[bool, typer.Option(
                "--cell-seeds", help="each cell plays its own seeds (derived from --seed and "
                                     "the cell) instead of the same seeds in every cell")] = False,
            agents: AgentsOpt = None,
            scenario: ScenarioOpt = None, ruling: RulingOpt = None, content: ContentOpt = None,
            set_: SetOpt = None, workers: WorkersOpt = 1, backend: BackendOpt = "process",
            ray_address: RayAddressOpt = None, chunk: ChunkOpt = None, out: OutOpt = None,
            plot: PlotOpt = None, force: ForceOpt = False, engine: EngineOpt = None,
            as_json: JsonOpt = False) -> None:
    """Every contender against every contender: the row's win rate in each cell.

    By default every cell plays the same seeds, which compares the cells on the same luck;
    with ``--cell-seeds`` the cells are independent, which measures what all the cells share
    (the first seat's edge) on every game rather than on ``--games`` seeds' worth of luck.
    Ruleset options go last.
    """
    from rulekeeper.lab import plots
    from rulekeeper.lab.questions import MatchupQuestion, build

    run = build(MatchupQuestion, **ask_fields(ctx, ruleset, agents, scenario, ruling, content,
                                              set_, seed, None, engine),
                games=games, contenders=contender, row=fields_of(row), col=fields_of(col),
                cell_seeds=cell_seeds).prepare()
    plan = make_plan(workers, backend, ray_address, chunk)
    check_results(out, force)
    check_output(plot, "--plot", force)
    name = run.variants[0].spec.ruleset
    recorder = play_run(run, out, plan, f"matchup {name}: {len(run.variants)} pairings")
    matrix = run.matrix(recorder)
    named = entity_names(run.variants[0].spec)  # "Hunters", not "hunters", as /lab
    names = [contender_name(c, named) for c in run.matchup.contenders]
    side, seats = run.side, run.seats
    if plot is not None:
        write_bytes(plot, plots.heatmap(names, names, [[e.value for e in r] for r in matrix],
                                        f"{name}: row's win rate ({side})",
                                        f"{side} ({', '.join(run.rows)})",
                                        f"{seats[1]} ({', '.join(run.cols)})"), "--plot")
    if as_json:
        print(json.dumps(run.to_json(recorder), indent=2))
        return
    table = Table(f"{side} \\ {seats[1]}", *names, "mean",
                  title=f"{name}: row's win rate, {games} games per cell (±95%)")
    for row_name, cells in zip(names, matrix, strict=True):
        mean = sum(e.value for e in cells) / len(cells)
        table.add_row(row_name, *[f"{e.value:.0%} ±{e.half_width:.0%}" for e in cells],
                      f"{mean:.0%}")
    console.print(table)
    written = [f"plot written to {plot}"] if plot else []
    written += [f"results to {out}"] if out else []
    if written:
        console.print("; ".join(written).capitalize() + ".", highlight=False)


def report(file: Annotated[Path, typer.Argument(help="a results file (Parquet) written with "
                                                     "--out")],
           output: Annotated[Path, typer.Option("--output", "-o", help="the HTML file")] =
           Path("report.html"),
           force: ForceOpt = False,
           side: SideOpt = None,
           ruling_games: Annotated[int, typer.Option(
               min=0, max=MOST_GAMES,
               help="also play this many games per ruling option, on the file's content and "
                    "seed, to measure each ruling's effect (when the file sweeps no ruling)")
           ] = 0,
           workers: Annotated[int | None, typer.Option(
               min=0, help="worker processes for --ruling-games (default: one per CPU)")] = None,
           backend: BackendOpt = "process", ray_address: RayAddressOpt = None,
           lang: Annotated[str, typer.Option("--lang", callback=language, help=(
               "language of the report: en or fr, in any case, or as fr-FR (a league's report "
               "is in English only)"))]
           = "en") -> None:
    """Write an HTML report of a results file: win rates, game length, impact, rulings.

    It shows what the file holds; --ruling-games N also measures each ruling option.
    """
    from rulekeeper.lab.league import is_league_file
    from rulekeeper.lab.report_words import LANGUAGES

    if lang not in LANGUAGES:
        raise UsageError(f"--lang {lang!r}: the report is written in {', '.join(LANGUAGES)}")
    check_output(output, "--output", force)
    if is_league_file(file):
        if lang != "en":
            raise UsageError(f"--lang {lang}: {file} is a league's file, whose report is in "
                             "English only")
        from rulekeeper.lab.league_cli import report_league

        return report_league(file, output)
    from rulekeeper.lab import store
    from rulekeeper.lab.questions import pick_side
    from rulekeeper.lab.report import (
        Report,
        first_games,
        ruling_sweep,
        sweeps_rulings,
        to_play,
    )

    run = store.read(file)
    if not run.batches:
        raise UsageError(f"{file} holds no game")
    side = pick_side(side, run.seats, f"in {file}, no winner")
    extra: list[Any] = []
    if ruling_games and sweeps_rulings(run):
        console.print("The file sweeps rulings itself: the report compares its variants "
                      "(--ruling-games plays nothing).", highlight=False)
    elif ruling_games:
        plan = make_plan(workers if workers is not None else (os.cpu_count() or 1), backend,
                         ray_address, None)
        first = run.batches[0]
        check_replayable(file, first)
        planned = to_play(first, ruling_games)
        count = len(planned)
        if count > 1:
            reused = first_games(first, ruling_games) is not None
            which = ("each other ruling option; the rulings in force are the file's first "
                     "games" if reused else "the rulings in force and each other ruling option")
            played = sum(len(indices) for _, indices in planned)
            taken = (count - reused) * ruling_games - played
            console.print(f"Playing {count - reused} variants ({which}) × {ruling_games:,} "
                          f"games of "
                          f"{first.label or 'the batch'}, seed {first.seed}, on the content the "
                          f"file was played with (digest {str(first.digest)[:12]}), "
                          f"{plan.workers or 'all'} worker(s): {played:,} games played, "
                          f"{taken:,} reused (the file's games that did not consult the ruling "
                          f"a variant changes play the same).", highlight=False)
            with stop_signals(), progress_bar(ruling_games * count,
                                              f"report: {count} ruling variants") as step:
                extra = ruling_sweep(run, ruling_games, plan, step)
    page = Report(run, side, extra, lang).html()
    write_text(output, page, "--output")
    console.print(f"Report written to {output} ({run.games:,} games, "
                  f"{len(run.batches)} variant(s)).", highlight=False)


def check_replayable(file: Path, batch: Batch) -> None:
    """Refuse to play more games of a batch unless this rulekeeper plays them as the file's
    were: its ruleset registered, the same content (by digest)."""
    from rulekeeper.lab.batch import content_digest

    try:
        registry.resolve_id(batch.spec.ruleset)
    except UsageError:
        raise UsageError(f"--ruling-games: {file} was played with {batch.spec.ruleset}, which "
                         f"is not registered here") from None
    if batch.digest is None:
        raise UsageError(f"--ruling-games: {file} does not record its content's digest "
                         f"(written by an older rulekeeper): the games played now could not "
                         f"be checked to use the same content")
    where = batch.spec.content or "the sample content"
    now = content_digest(batch.spec)
    if now != batch.digest:
        raise UsageError(f"--ruling-games: {where} changed since {file} was written (content "
                         f"digest {batch.digest[:12]}, now {now[:12]}); new games would not "
                         f"compare with the file's")
