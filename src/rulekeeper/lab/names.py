"""How the lab names a content item: by the name its content gives it, not by its id.

The terminal's answers, the HTML report and /lab (``lab.js``'s ``namesOf``, which walks the
same sample) all name a fighter, a cryptid or a team this way: ``Cole Ashby``, not ``cole``;
``le Dahu`` in French.

And how it says the ids its answers hold (an end reason, a main stat: ``every-enemy-defeated``,
``melee``) in another language: by the words the ruleset's catalogs give them
(:func:`id_words`); and, for the HTML report, its sides (``left``: *Left*, *Gauche*), its
metrics (``lives-lost.left``: *lives lost (Left)*) and its rulings (the question, the
option's label) as the ruleset words them (:func:`ruleset_words`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import registry
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.events import spaced
from rulekeeper.core.ruleset import Ruleset
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
    ``lang``, as :meth:`RulesetWords.id` says it, but an id no catalog words stays as it is
    (English: every id).

    >>> said = id_words("cryptids", "fr")
    >>> said("roll-cap"), said("hp"), said("work-budget"), said("x-y")
    ('limite de lancers', 'PV', 'budget de travail', 'x-y')
    """
    words = RulesetWords.of(ruleset_id, lang)
    return lambda name: words.worded(spaced_id(name)) or name


def answer_ids(result: Mapping[str, Any]) -> Iterator[str]:
    """The ids a lab job's answer (the command's ``--json``) shows as they are: the end
    reasons of its batches and the main stats its culprits' ablation steps."""
    for summary in [result.get("summary"), *(v.get("summary") for v in
                                             result.get("variants", ()))]:
        for end in (summary or {}).get("ends", ()):
            yield end["reason"]
    for step in (result.get("culprits") or {}).get("ablation", ()):
        yield step["stat"]


def answer_measures(ruleset_id: str, result: Mapping[str, Any]) -> Iterator[str]:
    """The measures a lab job's answer gives means of (its batches' ``means``) that its
    ruleset does not declare (``damage.p1``, a metric per seat its games made: the page
    words the declared ones from ``GET /api/rulesets``' ``measures``, and the lab's own,
    rounds and decisions, itself)."""
    try:
        declared = {"rounds", "decisions", *registry.load(ruleset_id).metrics}
    except RulekeeperError:
        return
    for summary in [result.get("summary"), *(v.get("summary") for v in
                                             result.get("variants", ()))]:
        yield from (name for name in (summary or {}).get("means", {}) if name not in declared)


def answer_words(ruleset_id: str, result: Mapping[str, Any] | None,
                 lang: str) -> dict[str, str]:
    """The ids of a lab job's answer (:func:`answer_ids`) by their words in ``lang``, those a
    catalog words (none for a ruleset this rulekeeper does not play); and its undeclared
    measures (:func:`answer_measures`) that want more than their names spaced, as the report
    says them (:meth:`RulesetWords.metric`: a metric per seat the ruleset does not declare,
    ``kills.left``, is *kills (Left)*, in English too).

    >>> answer_words("cryptids", {"summary": {"means": {"kills.left": {}, "rounds": {}}}}, "en")
    {'kills.left': 'kills (Left)'}
    """
    words = id_words(ruleset_id, lang)
    said = {name: words(name) for name in answer_ids(result or {})}
    measured = RulesetWords.of(ruleset_id, lang)
    said |= {name: measured.metric(name) for name in answer_measures(ruleset_id, result or {})}
    return {name: worded for name, worded in said.items()
            if worded not in (name, spaced_id(name))}


def spaced_id(name: str) -> str:
    """An id no catalog words, as words: each dash, underscore and dot a space. /lab's pages
    space an id by the same rule (``common.js``'s ``spaced``; ``tests/server/test_spaced.py``
    runs both on the same ids), so an id reads alike in the forms, the answers and the report.

    >>> spaced_id("every-enemy-defeated"), spaced_id("rating.change.mu")
    ('every enemy defeated', 'rating change mu')
    """
    return re.sub(r"[-_.]", " ", name)


@dataclass(frozen=True)
class RulesetWords:
    """A ruleset's ids as a page says them in one language: by the words its board and its
    catalogs give them, as /lab's forms do; an id none words, spaced (``side-empty``: *side
    empty*), never as it is.

    >>> en, fr = RulesetWords.of("cryptids", "en"), RulesetWords.of("cryptids", "fr")
    >>> en.side("left"), fr.side("left"), en.id("side-empty"), fr.id("roll-cap")
    ('Left', 'Gauche', 'side empty', 'limite de lancers')
    >>> en.metric("lives-lost.left"), fr.metric("lives-lost.left"), en.metric("rolls")
    ('lives lost (Left)', 'vies perdues (gauche)', 'rolls')
    >>> fr.ruling("overheal", "allow")
    ('Un soin peut-il porter les PV au-dessus du maximum\u202f?', 'permis')
    >>> en.ruling("tie-order", "left-first")[1]
    'left first'
    >>> en.title, fr.title
    ('Cryptids: battle', 'Cryptides\\xa0: bataille')
    """

    lang: str
    words: Callable[[str], str]
    """The ruleset's catalogs (the engine's first, for its own ids: ``work budget``)."""
    sides: Mapping[str, str]
    """Each side the ruleset draws (its seats, and heroes, enemies...) by its label."""
    questions: Mapping[str, str]
    """Each ruling's question, by its id."""
    title: str
    """The ruleset's title (its id for a ruleset this rulekeeper does not play)."""
    per_item: Callable[[str], str | None] = lambda name: None
    """A metric per content item in words (``Ruleset.metric_words``), None for the others."""

    @classmethod
    def of(cls, ruleset_id: str, lang: str) -> RulesetWords:
        """The words of ``ruleset_id`` in ``lang``; for a ruleset this rulekeeper does not
        play, none (every id spaced)."""
        try:
            ruleset = registry.load(ruleset_id)
        except RulekeeperError:
            return cls(lang, lambda text: text, {}, {}, ruleset_id)
        return cls.of_ruleset(ruleset, lang)

    @classmethod
    def of_ruleset(cls, ruleset: Ruleset[Any], lang: str) -> RulesetWords:
        """The words of a loaded ruleset in ``lang``."""
        engine, catalog = ENGINE.catalog(lang), ruleset.messages.wording(lang)
        drawn = ruleset.drawing.coloured(ruleset.meta.players)
        return cls(lang, lambda text: engine.get(text) or catalog(text),
                   {side: drawn[side].label for side in drawn},
                   {ruling.id: ruling.question for ruling in ruleset.rulings},
                   catalog(ruleset.meta.title), lambda name: ruleset.metric_words(name, lang))

    def worded(self, english: str) -> str | None:
        """``english`` in the language where a catalog words it (None where none does: a
        text the catalog misses may come back with the language's spacing only)."""
        said = self.words(english)
        return None if said in (english, spaced(english, self.lang)) else said

    def id(self, name: str) -> str:
        """An id (an end reason, a main stat) in words."""
        return self.worded(spaced_id(name)) or spaced_id(name)

    def side(self, name: str) -> str:
        """A side (a winner, the side a report is seen from) by its label, in words."""
        label = self.sides.get(name)
        return self.words(label) if label is not None else self.id(name)

    def metric(self, name: str) -> str:
        """A metric in words: the catalog's words for the whole, else those of a per-side
        metric's measure with its side's (``lives-lost.left``: *lives lost (Left)*), else
        a metric per content item as its ruleset words it (``offered.black-shuck``:
        *offered (Black Shuck)*), else the metric spaced."""
        worded = self.worded(spaced_id(name)) or self.per_item(name)
        measure, dot, side = name.rpartition(".")
        if worded is None and dot and side in self.sides:
            return f"{self.metric(measure)} ({self.side(side)})"
        return worded or spaced_id(name)

    def ruling(self, ruling: str, option: str) -> tuple[str, str]:
        """A ruling's question and the label of one of its options (the option spaced where
        no catalog labels it), in words."""
        question = self.questions.get(ruling)
        label = self.worded(f"{ruling}: {option}") or spaced_id(option)
        return (self.words(question) if question else self.id(ruling)), label
