"""The events' sentences and pending decisions as the service shows them to people.

An event's sentence, the engine's own events' too (its clocks, its work budget), is worded by
:func:`rulekeeper.core.sentences.sentences`, as the terminal's is.

A pending decision's prompt and its options' labels are made in English too; a view sent to a
page has them in the page's language (:func:`worded_view`, :func:`worded_decision`: the
ruleset's catalogs, by the text or by the template it reads as), their ids unchanged: a
record stores option ids only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rulekeeper.core.ruleset import Ruleset
from rulekeeper.server.errors import ApiError


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
