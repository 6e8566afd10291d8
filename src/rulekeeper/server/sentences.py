"""The events' sentences as the service shows them to people.

An event's sentence is rendered when it is shown, from its data (``Messages.render``): the
events a game produces, and its record, stay as they are. The engine's own events (its clocks,
``clock.bot`` and ``clock.forfeit``, and its work budget, ``work-budget.tie`` and
``work-budget.judged``: :data:`~rulekeeper.core.ruleset.CORE_TEMPLATES`) are worded here
rather than by the ruleset: in the language asked for (:data:`ENGINE`'s catalogs,
``locale/fr/LC_MESSAGES/engine.po``), and naming the seat, the side and the winner by their
names in that language (``Blue``, ``Bleu``) where their data holds ids (``blue``).

A pending decision's prompt and its options' labels are made in English too; a view sent to a
page has them in the page's language (:func:`worded_view`, :func:`worded_decision`: the
ruleset's catalogs, by the text or by the template it reads as), their ids unchanged: a
record stores option ids only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rulekeeper.core.events import Event, Messages
from rulekeeper.core.ruleset import CORE_TEMPLATES, Ruleset
from rulekeeper.server.errors import ApiError

ENGINE = Messages({kind: CORE_TEMPLATES[kind] for kind in (
    "clock.bot", "clock.forfeit", "work-budget.tie", "work-budget.judged")},
                  Path(__file__).with_name("locale"))
"""The engine's events worded here, and their translations."""
NAMED = ("seat", "side", "winner")
"""The fields of those events that hold a seat's or a side's id."""


def sentences(ruleset: Ruleset, seats: Sequence[str], lang: str) -> Callable[[Event], str]:
    """Each event's sentence in ``lang`` for a game of ``ruleset`` with ``seats``: the
    ruleset's, but for the engine's own events (see the module)."""
    render = ruleset.messages.render
    words = ruleset.messages.wording(lang)
    names = {seat: words(side.label) for seat, side in ruleset.drawing.coloured(seats).items()}

    def sentence(event: Event) -> str:
        if event.kind not in ENGINE.templates:
            return render(event, lang)
        named = {key: names.get(value, value) if key in NAMED else value
                 for key, value in event.data.items()}
        return ENGINE.render(Event(event.kind, event.rule, named, event.to), lang)

    return sentence


def worded_decision(pending: Mapping[str, Any], words: Callable[[str], str]) -> dict[str, Any]:
    """A decision's JSON (``Decision.to_json``) with its prompt and its options' labels put
    through ``words`` (``Messages.wording``: the page's language); ids, kind and rule kept."""
    return {**pending, "prompt": words(pending["prompt"]),
            "options": [{**o, "label": words(o["label"])} for o in pending["options"]]}


def worded_view(view: dict[str, Any], ruleset: Ruleset, lang: str) -> dict[str, Any]:
    """A seat's ``Game.view`` with its pending decision (if any) worded in ``lang``."""
    if not view.get("pending"):
        return view
    return {**view, "pending": worded_decision(view["pending"],
                                               ruleset.messages.wording(lang))}


def check_lang(ruleset: Ruleset, lang: str) -> None:
    """Refuse (400) a language ``ruleset`` is not worded in."""
    if lang not in ruleset.messages.languages:
        raise ApiError(f"lang {lang!r} is not available; languages: "
                       f"{', '.join(ruleset.messages.languages)}")
