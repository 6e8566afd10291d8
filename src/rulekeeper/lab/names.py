"""How the lab names a content item: by the name its content gives it, not by its id.

The terminal's answers, the HTML report and /lab (``lab.js``'s ``namesOf``, which walks the
same sample) all name a fighter, a cryptid or a team this way: ``Cole Ashby``, not ``cole``;
``le Dahu`` in French.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.core import registry
from rulekeeper.core.errors import RulekeeperError
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
