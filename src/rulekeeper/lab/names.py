"""How the lab names a content item: by the name its content gives it, not by its id.

The terminal's answers, the HTML report and /lab (``lab.js``'s ``namesOf``, which walks the
same sample) all name a fighter, a cryptid or a team this way: ``Cole Ashby``, not ``cole``;
``le Dahu`` in French.

And how it says the ids its answers hold (an end reason, a main stat: ``every-enemy-defeated``,
``melee``) in another language: by the words the ruleset's catalogs give them
(:func:`id_words`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import suppress
from typing import Any

from rulekeeper.core import registry
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.sentences import ENGINE
from rulekeeper.lab.batch import BatchSpec


def entity_names(spec: BatchSpec, lang: str = "en") -> dict[str, str]:
    """The names the batch's content gives its items, by id, in ``lang`` where a name is
    given per language (English where it has none). Empty when this rulekeeper cannot load
    that content (the ids are shown then).

    >>> names = entity_names(BatchSpec("cryptids"), "fr")
    >>> names["dahu"], names["hunters"]
    ('le Dahu', 'Chasseurs')
    """
    try:
        content, _ = registry.load(spec.ruleset).load_content(spec.content, spec.content_set)
    except RulekeeperError:
        return {}
    names: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            item, name = node.get("id"), node.get("name")
            if isinstance(item, str) and name is not None and item not in names:
                names[item] = str(name.get(lang, name.get("en", item))
                                  if isinstance(name, dict) else name)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(content.model_dump(mode="json", by_alias=True))
    return names


def contender_name(contender: str, names: Mapping[str, str]) -> str:
    """A matchup's contender (values of a seat's options, ``:``-separated) by the names of
    its parts, as /lab's heat map names it.

    >>> contender_name("shroud:countess", {"shroud": "The Shroud", "countess": "The Countess"})
    'The Shroud · The Countess'
    >>> contender_name("teams/mine.yaml", {})
    'teams/mine.yaml'
    """
    return " · ".join(names.get(part, part) for part in contender.split(":"))


def id_words(ruleset_id: str, lang: str) -> Callable[[str], str]:
    """An id of the ruleset's that the lab's answers show (an end reason, a main stat) in
    ``lang``: its words (the id with spaces for its dashes: ``every enemy defeated``) as the
    ruleset's board catalog (``view.po``) or the engine's (its own ends: ``work budget``)
    word them; an id no catalog words stays as it is (English: every id).

    >>> said = id_words("cryptids", "fr")
    >>> said("roll-cap"), said("hp"), said("work-budget"), said("x-y")
    ('limite de lancers', 'PV', 'budget de travail', 'x-y')
    """
    engine, words = ENGINE.catalog(lang), registry.load(ruleset_id).messages.wording(lang)

    def said(name: str) -> str:
        english = re.sub(r"[-_]", " ", name)
        worded = engine.get(english) or words(english)
        return name if worded == english else worded

    return said


def answer_ids(result: Mapping[str, Any]) -> Iterator[str]:
    """The ids a lab job's answer (the command's ``--json``) shows as they are: the end
    reasons of its batches and the main stats its culprits' ablation steps."""
    for summary in [result.get("summary"), *(v.get("summary") for v in
                                             result.get("variants", ()))]:
        for end in (summary or {}).get("ends", ()):
            yield end["reason"]
    for step in (result.get("culprits") or {}).get("ablation", ()):
        yield step["stat"]


def answer_words(ruleset_id: str, result: Mapping[str, Any] | None,
                 lang: str) -> dict[str, str]:
    """The ids of a lab job's answer (:func:`answer_ids`) by their words in ``lang``, those a
    catalog words (none for a ruleset this rulekeeper does not play)."""
    said: dict[str, str] = {}
    with suppress(RulekeeperError):
        words = id_words(ruleset_id, lang)
        said = {name: words(name) for name in answer_ids(result or {})}
    return {name: worded for name, worded in said.items() if worded != name}
