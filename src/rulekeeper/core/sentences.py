"""The events' sentences as people read them: on the service's pages and in the terminal.

An event's sentence is rendered when it is shown, from its data (``Messages.render``): the
events a game produces, and its record, stay as they are. The engine's own events (its clocks,
``clock.bot`` and ``clock.forfeit``, a seat's resignation, ``resign``, and its work budget,
``work-budget.tie`` and ``work-budget.judged``: :data:`~rulekeeper.core.ruleset.CORE_TEMPLATES`)
are worded here rather than by the ruleset: in the language asked for (:data:`ENGINE`'s catalogs,
``core/locale/fr/LC_MESSAGES/engine.po``). Every event names a seat or a side by its name
in that language where a field's value is its id (``hero1 plays Sister Maren``: *Hero 1 plays
Sister Maren*; the engine's ``winner``: *Bleu*).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rulekeeper.core.events import Event, Messages
from rulekeeper.core.ruleset import CORE_TEMPLATES, Ruleset

ENGINE = Messages({kind: CORE_TEMPLATES[kind] for kind in (
    "clock.bot", "clock.forfeit", "resign", "work-budget.tie", "work-budget.judged")},
                  Path(__file__).with_name("locale"))
"""The engine's events worded here, and their translations."""


def side_names(ruleset: Ruleset[Any], seats: Sequence[str], lang: str) -> dict[str, str]:
    """The name in ``lang`` of each seat and side of a game of ``ruleset`` with ``seats``,
    by id (``{"blue": "Bleu"}``)."""
    words = ruleset.messages.wording(lang)
    return {seat: words(side.label) for seat, side in ruleset.drawing.coloured(seats).items()}


def sentences(ruleset: Ruleset[Any], seats: Sequence[str], lang: str) -> Callable[[Event], str]:
    """Each event's sentence in ``lang`` for a game of ``ruleset`` with ``seats``: the
    ruleset's, but for the engine's own events (see the module)."""
    render = ruleset.messages.render
    names = side_names(ruleset, seats, lang)

    def sentence(event: Event) -> str:
        data = event.data
        if any(type(value) is str and value in names for value in data.values()):
            named = {key: names[value] if type(value) is str and value in names else value
                     for key, value in data.items()}
            event = Event(event.kind, event.rule, named, event.to)
        return (render if event.kind not in ENGINE.templates else ENGINE.render)(event, lang)

    return sentence
