"""No internal id is shown where a person reads (issue 32): the sentences of every event in
every language, the decisions' prompts and options, and what the page draws of every
ruleset's table carry names, never the content's ids (``jackalope-kit``, the tag
``jelly-cube``). The browser test ``tests/browser/test_no_ids.py`` reads the pages
themselves."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from rulekeeper.agents import RandomAgent
from rulekeeper.core import registry
from rulekeeper.core.game import Game, new_game

SLUG = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)+$")
"""An id written as words joined by hyphens: no person writes it so (single words may be
names too: ``kappa``)."""
NOT_SHOWN = {"id", "side", "kind", "owner", "seat", "cryptid", "when", "do", "target", "targets"}
"""Keys of the seat's typed table (core/view.py) whose values the page uses, never shows."""
STEPS = 120


def content_ids(value: Any) -> Iterator[str]:
    """The ids of a content (``id`` fields and ``tags``, at any depth) written as words
    joined by hyphens."""
    if hasattr(value, "model_dump"):
        value = value.model_dump(mode="json", by_alias=True)
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "id" and isinstance(item, str) and SLUG.match(item):
                yield item
            elif key == "tags" and isinstance(item, list):
                yield from (t for t in item if isinstance(t, str) and SLUG.match(t))
            else:
                yield from content_ids(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from content_ids(item)


@cache
def every_id() -> frozenset[str]:
    """The ids of every ruleset's content (a run shows the battle's cryptids, say)."""
    return frozenset(i for r in registry.ids()
                     for i in content_ids(registry.load(r).load_content()[0]))


def finder(ids: frozenset[str]) -> re.Pattern[str]:
    """A pattern that finds any of ``ids`` as a word of a sentence."""
    alternatives = "|".join(map(re.escape, sorted(ids, key=len, reverse=True)))
    return re.compile(rf"(?<![\w.-])({alternatives})(?![\w-])")


def shown(value: Any, key: str | None = None) -> Iterator[str]:
    """The strings of the page's table a person reads."""
    if key in NOT_SHOWN:
        return
    if isinstance(value, dict):
        for k, item in value.items():
            yield from shown(item, k)
    elif isinstance(value, list):
        for item in value:
            yield from shown(item, key)
    elif isinstance(value, str):
        yield value


def read(game: Game, steps: int) -> Iterator[str]:
    """What a person reads of a game played by random agents for ``steps`` decisions."""
    ruleset = game.ruleset
    agents = {seat: RandomAgent(seat, i) for i, seat in enumerate(game.seats)}
    for _ in range(steps):
        pending = game.pending
        if pending is None:
            break
        yield pending.prompt
        yield from (o.label for o in pending.options)
        yield from shown(game.table_view(pending.player).model_dump(mode="json"))
        game.step(agents[pending.player].choose(None, pending))
    for locale in ruleset.messages.locales:
        yield from (ruleset.messages.render(e, locale) for e in game.events)


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_no_content_id_is_shown_in_events_decisions_or_tables(ruleset_id):
    assert set(content_ids(registry.load(ruleset_id).load_content()[0])), "ids to look for"
    found = finder(every_id())
    for seed in range(2):
        for text in read(new_game(ruleset_id, seed=seed), STEPS):
            assert not found.search(text), f"{found.search(text)[0]!r} is shown: {text!r}"


def test_the_check_finds_an_id_where_a_name_is_missing():
    """The check itself: an ability that summons, said without the names of the cryptids,
    shows an id, and is caught; said with them, it is not."""
    from rulekeeper.rulesets.cryptids.abilities import describe

    ruleset = registry.load("cryptids-run")
    content = ruleset.load_content()[0]
    litter = ruleset.stock(content).entries["jackalope"].ability("litter")
    found = finder(every_id())
    assert found.search(describe(litter, {}))[0] == "jackalope-kit"
    for lang in ("en", "fr"):
        assert not found.search(describe(litter, ruleset.stock(content).names, lang))
