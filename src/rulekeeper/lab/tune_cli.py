"""``rulekeeper tune``: the value of a parameter that brings a side's win rate to a target."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from rulekeeper.cli_args import (
    EXTRA,
    AgentsOpt,
    ContentOpt,
    ForceOpt,
    RulesetArg,
    ScenarioOpt,
    SeedOpt,
    check_results,
    console,
)
from rulekeeper.core.errors import UsageError
from rulekeeper.lab.cli import (
    MOST_GAMES,
    BackendOpt,
    ChunkOpt,
    EngineOpt,
    JsonOpt,
    OutOpt,
    RayAddressOpt,
    SideOpt,
    WorkersOpt,
    ask_fields,
    make_plan,
    play_run,
)

if TYPE_CHECKING:
    from rulekeeper.lab.tune import Answer, Dial, Search

TuneSetOpt = Annotated[list[str] | None, typer.Option(
    "--set", help="content value to tune: path.to.field=LOW..HIGH (every integer), "
                  "LOW..HIGH:STEP, or v1,v2,v3 in order (repeatable: all turn together; a "
                  "single value is fixed)")]
TuneOptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", help="setup option to tune: name=LOW..HIGH or v1,v2 (repeatable)")]
TuneRulingOpt = Annotated[list[str] | None, typer.Option(
    "--ruling", help="ruling to tune: id=a,b in order, or id=* (a single option is fixed)")]


def tune(ctx: typer.Context, ruleset: RulesetArg, set_: TuneSetOpt = None,
         option: TuneOptionOpt = None, ruling: TuneRulingOpt = None,
         target: Annotated[float, typer.Option(help="the side's win rate sought")] = 0.5,
         tolerance: Annotated[float, typer.Option(
             help="done when the answer's interval is within target ± this")] = 0.03,
         side: SideOpt = None, agents: AgentsOpt = None, scenario: ScenarioOpt = None,
         content: ContentOpt = None, seed: SeedOpt = 0,
         games: Annotated[int, typer.Option(
             min=1, max=MOST_GAMES, help="games of a value's first look; each later look "
                                         "doubles them")] = 100,
         max_games: Annotated[int, typer.Option(
             "--max-games", min=1, max=MOST_GAMES, help="the most games of one value")] = 3200,
         workers: WorkersOpt = 1, backend: BackendOpt = "process",
         ray_address: RayAddressOpt = None, chunk: ChunkOpt = None, out: OutOpt = None,
         force: ForceOpt = False, engine: EngineOpt = None, as_json: JsonOpt = False) -> None:
    """Find the value that brings the side's win rate to the target, on paired seeds.

    Values far from the target are dismissed after a few games; games go where the answer
    is uncertain. Ruleset options go last. The search assumes the win rate moves one way
    along the range (lab/tune.py).
    """
    from rulekeeper.lab.questions import TuneQuestion, build, varies

    found = varies(set_ or [], option or [], ruling or [], ranges=True)
    if not found:
        raise UsageError("nothing to tune: give a --set, --option or --ruling with a range "
                         "or two or more values (path=LOW..HIGH, id=a,b)")
    run = build(TuneQuestion, **ask_fields(ctx, ruleset, agents, scenario, None, content, None,
                                           seed, side, engine),
                games=games, vary=found, target=target, tolerance=tolerance,
                max_games=max_games).prepare()
    plan = make_plan(workers, backend, ray_address, chunk)
    check_results(out, force)
    recorder = play_run(run, out, plan, f"tune {run.base.ruleset} (at most {run.planned:,} "
                                        f"games)")
    if as_json:
        print(json.dumps(run.to_json(recorder), indent=2, default=str))
        return
    search, dial, answer, side = run.search, run.dial, run.answer, run.side
    level = f"{100 * search.level:.3g}%"
    table = Table("step", "/".join(a.short for a in dial.axes), "games",
                  f"{side} win ({level})", "verdict",
                  title=f"{run.base.ruleset}: tuning {side}'s win rate to {search.target:.0%} ± "
                        f"{100 * tolerance:.3g} (same seeds for every value)")
    for number, look in enumerate(search.path, 1):
        table.add_row(str(number), dial.short(look.position), f"{look.estimate.n:,}",
                      look.estimate.percent(), look.verdict)
    console.print(table)
    for line in answer_lines(search, dial, answer, side, recorder.games, out):
        console.print(line, highlight=False, soft_wrap=True)


def answer_lines(search: Search, dial: Dial, answer: Answer, side: str, games: int,
                 out: Path | None) -> list[str]:
    """What the search found, in words."""
    best = dial.label(answer.position)
    win = f"win rate ({side}) {answer.estimate.percent()} in {answer.estimate.n:,} games"
    goal = f"{search.target:.0%} ± {100 * search.tolerance:.3g}"
    if answer.status == "fits":
        lines = [f"Answer: {best}: {win}, within {goal}."]
    elif answer.status == "between" and answer.bracket is not None:
        low, high = answer.bracket
        lines = [f"Answer: {best} (nearest): {win}. The target lies between "
                 f"{dial.short(low)} ({search.estimate(low).value:.1%}) and {dial.short(high)} "
                 f"({search.estimate(high).value:.1%}): no value of the range fits {goal}."]
    elif answer.status == "out-of-range":
        first, last = 0, search.count - 1
        lines = [f"Out of reach: at {dial.short(first)} {side} wins "
                 f"{search.estimate(first).percent()}, at {dial.short(last)} "
                 f"{search.estimate(last).percent()}. Nearest: {best}."]
    else:
        lines = [f"Not settled: {best}: {win}; the interval holds {search.target:.0%} but is "
                 f"wider than ± {100 * search.tolerance:.3g} after --max-games "
                 f"{search.schedule[-1]:,}."]
    lines.append(f"{games:,} games; intervals at {100 * search.level:.3g}% (95% over each "
                 f"value's {len(search.schedule)} looks, Bonferroni).")
    if out is not None:
        lines.append(f"Results written to {out}.")
    return lines


def add_commands(to: typer.Typer) -> None:
    to.command(context_settings=EXTRA)(tune)
