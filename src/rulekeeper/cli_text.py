"""The command line's own sentences, in English and in the languages of its Babel catalogs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulekeeper.core.events import Event, Messages

TEXTS = {
    "game-over": "Game over: {outcome}",  # why: the last event, printed just before
    "winner": "winner {winner}",
    "no-winner": "no winner",
    "stopped": "Game stopped.",
    "record-written": "Record written to {log}; replay it with: rulekeeper replay {log}",
    "reproduced": "Reproduced {ruleset}: {decisions:decision|decisions}, "
                  "{events:event|events}; the game is {state}.",
    "state-over": "over, {outcome} ({reason})",
    "state-waiting": "waiting for {seat}",
    "taken-back": "Your last decision is taken back.",
    "nothing-to-take-back": "There is no decision of yours to take back.",
}
MESSAGES = Messages(TEXTS, Path(__file__).parent / "locale")


def say(key: str, lang: str, **data: Any) -> str:
    """The sentence ``key`` in ``lang`` (English where the catalog has none)."""
    return MESSAGES.render(Event(key, "cli", data), lang)
