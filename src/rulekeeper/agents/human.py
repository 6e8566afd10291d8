"""A person at the terminal: sees their view, picks a numbered option."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from rulekeeper.core.decisions import Decision
from rulekeeper.core.ruleset import Ruleset


class QuitGame(Exception):
    """The person chose to stop playing."""


class TakeBack(Exception):
    """The person asked to take back their last decision (``u``)."""


HELP = ("Type the number of an option (or its id) to choose it; u takes back your last "
        "decision; ? shows this help; q quits.")


class HumanAgent:
    """Asks a person, at the terminal, for each decision of their seat."""

    uses_view = True

    def __init__(self, ruleset: Ruleset, seat: str, console: Console | None = None) -> None:
        self.ruleset = ruleset
        self.seat = seat
        self.console = console or Console()

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        picture = self.ruleset.render(view) if view is not None else ""
        if picture:
            title = escape(f"{self.ruleset.meta.title} — {self.seat}")
            self.console.print(Panel(Text(picture), title=title))
        self.console.print(f"[bold]{escape(decision.prompt)}[/bold]  "
                           f"[dim]({escape(decision.rule)})[/dim]")
        for number, option in enumerate(decision.options, 1):
            self.console.print(f"  [cyan]{number}[/cyan]. {escape(option.label)}", highlight=False)
        while True:
            answer = self.console.input("[bold]> [/bold]").strip()
            if answer in {"q", "quit"}:
                raise QuitGame
            if answer in {"u", "undo"}:
                raise TakeBack
            if answer in {"?", "help"}:
                self.console.print(escape(f"{HELP} This question is asked by rule "
                                          f"{decision.rule}."), highlight=False)
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
                return decision.options[int(answer) - 1].id
            if answer in decision.ids:
                return answer
            self.console.print(f"[red]Type a number from 1 to {len(decision.options)}, "
                               "an option id, u to take back, ? for help or q to quit.[/red]")
