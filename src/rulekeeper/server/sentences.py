"""The events' sentences and pending decisions as the service shows them to people.

An event's sentence, the engine's own events' too (its clocks, its work budget), is worded by
:func:`rulekeeper.core.sentences.sentences`, as the terminal's is.

A pending decision's prompt and its options' labels are made in English too; a view sent to a
page has them in the page's language (:func:`worded_view`, :func:`worded_decision`: the
ruleset's catalogs, by the text or by the template it reads as), their ids unchanged: a
record stores option ids only.

A ruling's question and its options' labels are said in the page's language by the same
catalogs (:func:`worded_ruling`: the ruleset's ``rulings.po``, the engine's ``engine.po`` for
the engine's own rulings); an option's msgid is ``"ruling-id: option"``, its id unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

from fastapi import Depends, Query, Request
from pydantic import AfterValidator

from rulekeeper.core.events import language
from rulekeeper.core.ruleset import Ruleset
from rulekeeper.core.rulings import Ruling
from rulekeeper.core.sentences import ENGINE
from rulekeeper.lab.names import spaced_id
from rulekeeper.server.errors import ApiError
from rulekeeper.server.refusals import answer_in

SPOKEN = AfterValidator(language)
"""A call's ``lang`` read as :func:`language` reads it (``Annotated[str, Query(), SPOKEN]``)."""
Said = Annotated[str, Query(max_length=8, description="the language of the answer, and of "
                                                      "its refusals (en, fr; FR, fr-FR too)"),
                 SPOKEN]


def said_in(request: Request, lang: Said = "en") -> None:
    """A route's dependency, listed before its player's and its lane's (whose refusals it
    says too): the route's refusals are said in its ``lang`` (:mod:`.refusals`), as the
    page that asked speaks."""
    answer_in(request, lang)


SAID_IN = Depends(said_in)
"""``APIRouter(dependencies=[SAID_IN, ...])``: every route of a router the pages call refuses
in its request's ``lang`` (a bad game id, a record that does not replay, a luck ledger too
long), listed first so that it says the refusals of the dependencies after it too."""


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


def ruling_words(ruleset: Ruleset[Any], lang: str) -> Callable[[str], str]:
    """The words of ``lang`` for the rulings of ``ruleset``: the engine's catalog for its own
    rulings (the work budget, the clock), else the ruleset's."""
    engine, words = ENGINE.catalog(lang), ruleset.messages.wording(lang)
    return lambda text: engine.get(text) or words(text)


def worded_ruling(ruling: Ruling, words: Callable[[str], str]) -> dict[str, Any]:
    """A ruling as a form shows it: its question, and each option's label by its id
    (``labels``), in the words of ``words`` (:func:`ruling_words`); an option no catalog
    words is labelled by its id spaced (:func:`~rulekeeper.lab.names.spaced_id`:
    ``after-deaths`` is *after deaths*, as the lab's answers and its report say it; not
    ``kaos-step : 1``, the text asked with only the language's spacing, a no-break space
    before its colon in French)."""
    labels = {option: words(f"{ruling.id}: {option}") for option in ruling.options}
    return {"id": ruling.id, "question": words(ruling.question), "options": list(ruling.options),
            "labels": {option: spaced_id(option) if unspaced(said) == f"{ruling.id}: {option}"
                       else said for option, said in labels.items()},
            "default": ruling.default}


def unspaced(text: str) -> str:
    """``text`` without the no-break spaces a language puts around its punctuation
    (:func:`~rulekeeper.core.events.spaced`).

    >>> unspaced("kaos-step\u00a0: 1")
    'kaos-step: 1'
    """
    return text.replace("\u00a0", "").replace("\u202f", "")


def check_lang(ruleset: Ruleset, lang: str) -> None:
    """Refuse (400) a language ``ruleset`` is not worded in."""
    if lang not in ruleset.messages.languages:
        raise ApiError(f"lang {lang!r} is not available; languages: "
                       f"{', '.join(ruleset.messages.languages)}")
