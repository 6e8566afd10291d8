"""Per-entity measures: what each fighter, hero, villain or cryptid did in a game.

A ruleset declares once (:class:`Entities`, its ``entities``) which :class:`Measure` its
game metrics record for each entity, and the entity's main stat (:class:`MainStat`, the
content value the lab's ablation steps one down and one up). Its metrics then carry one
number per entity and measure, under :func:`key` (``entity.<side>.<id>.<measure>``):
every measure of every entity that took part in the game, zeros included, so that an
entity's games are the games that have its keys.

>>> key("red", "butcher", Measure.DAMAGE)
'entity.red.butcher.damage'
>>> parse("entity.red.butcher.damage")
('red', 'butcher', <Measure.DAMAGE: 'damage'>)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from rulekeeper.core.errors import RulesetError

PREFIX = "entity."


class Measure(StrEnum):
    """What is counted of an entity in one game."""

    DAMAGE = "damage"
    """Damage it dealt to enemies."""
    KILLS = "kills"
    """Enemies it defeated (the damage that defeated them was its)."""
    OBJECTIVES = "objectives"
    """Objectives it claimed."""
    SURVIVED = "survived"
    """1 when it was still in play at the end, else 0."""
    ROUNDS = "rounds"
    """The rounds it was in play: the round it was defeated in, else the game's rounds."""

    @property
    def text(self) -> str:
        return TEXTS[self]


TEXTS = {Measure.DAMAGE: "damage dealt", Measure.KILLS: "kills",
         Measure.OBJECTIVES: "objectives claimed", Measure.SURVIVED: "survived",
         Measure.ROUNDS: "rounds in play"}


def key(side: str, entity: str, measure: Measure) -> str:
    """The metric that holds one measure of one entity (``side``: the side it plays for, a
    name a winner can take)."""
    return f"{PREFIX}{side}.{entity}.{measure.value}"


@lru_cache(maxsize=4096)
def parse(metric: str) -> tuple[str, str, Measure] | None:
    """The side, entity and measure of a :func:`key`; None for another metric. (Remembered:
    a batch's games repeat the same few hundred keys, and a report reads every one.)"""
    if not metric.startswith(PREFIX):
        return None
    side, _, rest = metric[len(PREFIX):].partition(".")
    entity, _, measure = rest.rpartition(".")
    if not side or not entity or measure not in Measure.__members__.values():
        return None
    return side, entity, Measure(measure)


@dataclass(frozen=True)
class MainStat:
    """An entity's main stat, where the content holds it.

    ``path`` is a content path (as ``--set`` writes it) whose ``*`` stand for any key or
    item id; the last ``*`` is the entity's id. ``step`` is one step of the stat, and
    ``lowest`` the least value it may take.

    >>> stat = MainStat("melee", "factions.*.fighters.*.melee")
    >>> dict(stat.find({"factions": [{"id": "g", "fighters": [{"id": "butcher", "melee": 3}]}]}))
    {'butcher': ('factions.g.fighters.butcher.melee', 3)}
    """

    name: str
    path: str
    step: int = 1
    lowest: int = 0

    def find(self, content: Any) -> Iterator[tuple[str, tuple[str, Any]]]:
        """Each entity of ``content`` (data as its files hold it): its id, the stat's path
        and its value there."""
        yield from _expand(content, self.path.split("."), [], None)

    def steps(self, value: Any) -> tuple[int | None, int | None]:
        """One step down and one step up from ``value`` (None: none that way; a value that is
        not a number has neither)."""
        if isinstance(value, bool) or not isinstance(value, int):
            return None, None
        down = value - self.step
        return (down if down >= self.lowest else None), value + self.step


def _expand(data: Any, parts: list[str], done: list[str],
            entity: str | None) -> Iterator[tuple[str, tuple[str, Any]]]:
    if not parts:
        if entity is not None:
            yield entity, (".".join(done), data)
        return
    head, rest = parts[0], parts[1:]
    if head != "*":
        child = _child(data, head)
        if child is not None:
            yield from _expand(child, rest, [*done, head], entity)
        return
    for name, child in _children(data):
        yield from _expand(child, rest, [*done, name], name)


def _children(data: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(data, Mapping):
        yield from ((str(k), v) for k, v in data.items())
    elif isinstance(data, list):
        yield from ((str(item["id"]), item) for item in data
                    if isinstance(item, Mapping) and "id" in item)


def _child(data: Any, name: str) -> Any:
    return next((child for key_, child in _children(data) if key_ == name), None)


@dataclass(frozen=True)
class Entities:
    """What a ruleset's metrics record of each entity, and its entities' main stats.

    ``rank_by`` is the measure that ranks them from strongest to weakest (default: the
    first). A ruleset that declares no main stat gets measures without ablation.
    """

    measures: tuple[Measure, ...] = ()
    main_stats: tuple[MainStat, ...] = ()
    rank_by: Measure | None = None

    def __post_init__(self) -> None:
        if self.rank_by is not None and self.rank_by not in self.measures:
            raise RulesetError(f"entities rank by {self.rank_by}, which they do not measure")

    @property
    def ranking(self) -> Measure | None:
        return self.rank_by or (self.measures[0] if self.measures else None)

    def record(self, out: dict[str, float], side: str, entity: str,
               values: Mapping[Measure, float]) -> None:
        """Put an entity's measures into a game's metrics: every declared one (zero when not
        given); a measure it does not declare is a :class:`RulesetError`."""
        extra = set(values) - set(self.measures)
        if extra:
            raise RulesetError(f"measures {sorted(extra)} are not declared")
        for measure in self.measures:
            out[key(side, entity, measure)] = float(values.get(measure, 0))
