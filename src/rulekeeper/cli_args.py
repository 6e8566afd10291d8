"""Arguments shared by the ``rulekeeper`` commands: option types and their parsers."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from rulekeeper.core.content import parse_value
from rulekeeper.core.errors import UsageError
from rulekeeper.core.rulings import parse_assignments

console = Console(width=None if sys.stdout.isatty() else 120)
"""Where the commands print; piped output gets wide tables instead of 80 columns."""

EXTRA = {"allow_extra_args": True, "ignore_unknown_options": True}
"""Context settings of commands that take a ruleset's own options last (``--heroes 2``)."""

RulesetArg = Annotated[str, typer.Argument(help="ruleset id, e.g. cryptids or cryptids-v1")]
ScenarioOpt = Annotated[str | None, typer.Option("--scenario", help="scenario id")]
SeedOpt = Annotated[int, typer.Option("--seed", help="random seed")]
AgentsOpt = Annotated[str | None, typer.Option(
    "--agents", help="agents by seat, comma-separated (random, first, human, or a ruleset bot)")]
RulingOpt = Annotated[list[str] | None, typer.Option("--ruling", help="id=option, repeatable")]
ContentOpt = Annotated[str | None, typer.Option(
    "--content", help="folder of YAML files laid over the sample content (by item id)")]
ReplaceOpt = Annotated[bool, typer.Option(
    "--content-replace", help="the --content files replace the sample's whole (default: they "
    "are laid over it by item id)")]
SetOpt = Annotated[list[str] | None, typer.Option(
    "--set", help="change one content value: path.to.field=value, repeatable")]
DiceOpt = Annotated[str | None, typer.Option(
    "--dice", help="scripted dice, e.g. 3+4,6+6 or HIT,BLOCK")]
LogOpt = Annotated[Path | None, typer.Option(
    "--log", help="write the record and events (JSON Lines)")]
LangOpt = Annotated[str, typer.Option("--lang", help="language of event sentences (en, fr)")]


def extra_options(args: list[str]) -> dict[str, Any]:
    """A ruleset's own options from the leftover arguments: ``--heroes 2`` or ``--hard``."""
    options: dict[str, Any] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--") or len(arg) < 3:
            raise UsageError(f"unexpected argument {arg!r}")
        name, eq, value = arg[2:].partition("=")
        if not eq:
            if i + 1 < len(args) and not args[i + 1].startswith("--"):
                value, i = args[i + 1], i + 1
            else:
                value = "true"
        options[name.replace("-", "_")] = parse_value(value)
        i += 1
    return options


def content_sets(items: list[str] | None) -> dict[str, Any]:
    return {k: parse_value(v) for k, v in parse_assignments(items or [], "--set").items()}


def agent_list(text: str | None) -> list[str] | None:
    return [a.strip() for a in text.split(",") if a.strip()] if text else None
