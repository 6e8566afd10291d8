"""A person at the terminal: sees their view, picks a numbered option.

In another language than English (``play --lang fr``), the question and its options are said
as the web page says them (the ruleset's catalogs, ``Messages.wording``), the panel names the
ruleset and the seat in that language, and the agent's own sentences come from the command
line's catalog (``rulekeeper/locale``); the board's picture stays in English.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from rulekeeper.core.decisions import Decision
from rulekeeper.core.events import Event, Messages
from rulekeeper.core.ruleset import Ruleset
from rulekeeper.core.sentences import side_names


class QuitGame(Exception):
    """The person chose to stop playing."""


class TakeBack(Exception):
    """The person asked to take back their last decision (``u``)."""


class Resign(Exception):
    """The person resigned the game (``resign``): their side loses (``Game.resign``)."""


TEXTS = {
    "help": "Type the number of an option (or its id) to choose it; u takes back your last "
            "decision; resign resigns the game; ? shows this help; q quits. This question is "
            "asked by rule {rule}.",
    "again": "Type a number from 1 to {count}, an option id, u to take back, resign, ? for "
             "help or q to quit.",
}
"""The agent's own sentences (their French: the command line's catalog, ``cli.po``)."""
MESSAGES = Messages(TEXTS, Path(__file__).parents[1] / "locale")


class HumanAgent:
    """Asks a person, at the terminal, for each decision of their seat."""

    uses_view = True

    def __init__(self, ruleset: Ruleset, seat: str, console: Console | None = None,
                 lang: str = "en") -> None:
        self.ruleset = ruleset
        self.seat = seat
        self.console = console or Console()
        self.lang = lang
        self.words = ruleset.messages.wording(lang)
        self.seat_name = side_names(ruleset, (seat,), lang).get(seat, seat)

    def say(self, key: str, **data: Any) -> str:
        """The agent's sentence ``key`` in its language."""
        return MESSAGES.render(Event(key, "human", data), self.lang)

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        words = self.words
        picture = self.ruleset.render(view) if view is not None else ""
        if picture:
            title = escape(f"{words(self.ruleset.meta.title)} — {self.seat_name}")
            self.console.print(Panel(Text(picture), title=title))
        self.console.print(f"[bold]{escape(words(decision.prompt))}[/bold]  "
                           f"[dim]({escape(decision.rule)})[/dim]")
        for number, option in enumerate(decision.options, 1):
            self.console.print(f"  [cyan]{number}[/cyan]. {escape(words(option.label))}",
                               highlight=False)
        while True:
            answer = self.console.input("[bold]> [/bold]").strip()
            if answer in {"q", "quit"}:
                raise QuitGame
            if answer in {"u", "undo"}:
                raise TakeBack
            if answer == "resign":
                raise Resign
            if answer in {"?", "help"}:
                self.console.print(escape(self.say("help", rule=decision.rule)),
                                   highlight=False)
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
                return decision.options[int(answer) - 1].id
            if answer in decision.ids:
                return answer
            self.console.print(f"[red]{escape(self.say('again', count=len(decision.options)))}"
                               "[/red]")
