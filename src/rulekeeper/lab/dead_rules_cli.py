"""``rulekeeper dead-rules``: the rules that never fired over a batch (:mod:`.dead_rules`)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
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
    console,
)
from rulekeeper.lab.cli import JsonOpt, ask_fields


def dead_rules(ctx: typer.Context, ruleset: RulesetArg,
               games: Annotated[int, typer.Option(min=1, max=100_000,
                                                  help="games played, logs on")] = 100,
               seed: SeedOpt = 0, agents: AgentsOpt = None, scenario: ScenarioOpt = None,
               ruling: RulingOpt = None, content: ContentOpt = None, set_: SetOpt = None,
               rare: Annotated[float, typer.Option(
                   min=0, max=1, help="a rule fired in fewer than this share of the games is "
                                      "rare")] = 0.01,
               everything: Annotated[bool, typer.Option(
                   "--all", help="list every rule, not only the never and rarely fired")] = False,
               as_json: JsonOpt = False) -> None:
    """The rules of the index that never fired over a batch of bot games, or fired in only a
    few of them. Ruleset options go last."""
    from rulekeeper.lab.progress import progress_bar
    from rulekeeper.lab.questions import DeadRulesQuestion, build

    run = build(DeadRulesQuestion, **ask_fields(ctx, ruleset, agents, scenario, ruling,
                                                content, set_, seed, None),
                games=games, rare=rare).prepare()
    with progress_bar(games, f"dead rules of {run.spec.ruleset}") as step:
        run.count(step)
    if as_json:
        print(json.dumps(run.answer(), indent=2))
        return
    found = run.citations.fired()
    shown = [f for f in found if everything or f.verdict(rare) in ("never", "rare")]
    table = Table("rule", "section", "games fired", "share", "verdict",
                  title=f"{run.spec.ruleset}: rules over {games:,} games (seed {seed})")
    table.columns[0].no_wrap = True
    for rule in shown:
        table.add_row(rule.id, rule.section, f"{rule.games:,}", f"{rule.share:.1%}",
                      rule.verdict(rare))
    console.print(table)
    counts = {v: sum(f.verdict(rare) == v for f in found) for v in ("never", "rare")}
    console.print(f"{counts['never']} rule(s) never fired and {counts['rare']} fired in fewer "
                  f"than {rare:.0%} of {games:,} games, of {len(found)} in the index "
                  f"(descriptive rules cannot fire).", highlight=False)


def add_commands(to: typer.Typer) -> None:
    to.command("dead-rules", context_settings=EXTRA)(dead_rules)
