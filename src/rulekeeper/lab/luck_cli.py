"""``rulekeeper luck LOG``: the luck ledger of a finished game (:mod:`.luck`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from rulekeeper.cli_args import SeedOpt, console
from rulekeeper.lab.cli import JsonOpt


def luck(log: Annotated[Path, typer.Argument(help="a log file (rulekeeper play --log), or a "
                                                  "record")],
         samples: Annotated[int, typer.Option(min=1, max=64, help="worlds imagined per option "
                                                                  "judged")] = 4,
         options: Annotated[int, typer.Option(min=1, max=64, help="the most options judged per "
                                                                  "decision")] = 8,
         depth: Annotated[int | None, typer.Option(
             min=0, max=200, help="decisions the bot plays in each world before it is scored "
                                  "(default: the ruleset's search depth, or 8)")] = None,
         max_steps: Annotated[int, typer.Option(
             min=1, max=5000, help="the longest game judged, in decisions")] = 400,
         top: Annotated[int, typer.Option(min=1, max=100, help="swings listed")] = 10,
         seed: SeedOpt = 0, as_json: JsonOpt = False) -> None:
    """A finished game's result: how much came from the dice, how much from the decisions.

    The ruleset's strong bot judges each decision's cost (the best option's chance to win
    less the chosen one's) and each roll's luck (the chance after the dice less the chance
    expected before them), summed per seat."""
    from rulekeeper.core.records import read_log
    from rulekeeper.lab.luck import Judge, ledger

    book = ledger(read_log(log).record, Judge(samples, options, depth, max_steps=max_steps),
                  seed)
    data = book.to_json(top)
    if as_json:
        print(json.dumps(data, indent=2))
        return
    totals = Table("seat", "decisions", "their cost", "dice's luck", "luck − cost",
                   title=f"{book.ruleset}: luck ledger ({book.winner or 'no one'} won; judge: "
                         f"{book.bot}, {samples} worlds an option)")
    for seat, row in data["totals"].items():
        totals.add_row(seat, str(int(row["decisions"])), f"{0.0 - row['cost']:+.2f}",
                       f"{row['luck']:+.2f}", f"{row['luck'] - row['cost']:+.2f}")
    console.print(totals)
    swings = Table("step", "kind", "seat", "chance to win", "what",
                   title=f"the {len(data['swings'])} largest swings")
    for swing in data["swings"]:
        swings.add_row(str(swing["step"] + 1), swing["kind"], swing["seat"],
                       f"{swing['amount']:+.2f}", swing["what"])
    console.print(swings)
    console.print(f"{len(book.decisions)} decisions with a choice and {len(book.chances)} "
                  f"chance steps judged; chances to win, 0 to 1.", highlight=False)


def add_commands(to: typer.Typer) -> None:
    to.command("luck")(luck)
