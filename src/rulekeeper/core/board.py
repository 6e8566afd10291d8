"""Boards made of areas: adjacency, distance in borders, line of sight, capacity, height.

A board file lists areas (id, neighbours, sight point, optional capacity, height
and outline polygon), the wall segments that block sight, and explicit sight
overrides. Line of sight between two areas is the straight line between their
sight points; it is blocked when it touches a wall, unless an override says
otherwise. Figures never block sight.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import cached_property
from typing import Any

from pydantic import Field, model_validator
from shapely import LineString, Polygon, STRtree

from rulekeeper.core.content import Model

Point = tuple[float, float]


class AreaSpec(Model):
    """One area of a board."""

    id: str
    name: str = ""
    neighbours: list[str] = Field(description="ids of the areas sharing a border with this one")
    sight: Point | None = Field(None, description="the area's line-of-sight point (x, y)")
    capacity: int | None = Field(None, ge=0, description="places for figures; None is unlimited")
    height: int = 0
    polygon: list[Point] | None = Field(None, description="outline, for areas a line crosses")
    tags: list[str] = Field(default_factory=list, description="ruleset-specific marks")


class SightOverride(Model):
    """An explicit answer for one pair of areas, overriding the geometry."""

    between: tuple[str, str]
    sees: bool


class BoardSpec(Model):
    """A board as written in a content file."""

    id: str
    name: str = ""
    sample: bool = Field(True, description="true for content written for rulekeeper, not published")
    areas: list[AreaSpec]
    walls: list[tuple[Point, Point]] = Field(default_factory=list)
    sight_overrides: list[SightOverride] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check_areas(self) -> BoardSpec:
        ids = [a.id for a in self.areas]
        if len(set(ids)) != len(ids):
            raise ValueError(f"area ids repeat: {sorted({i for i in ids if ids.count(i) > 1})}")
        known = set(ids)
        for area in self.areas:
            for other in area.neighbours:
                if other not in known:
                    raise ValueError(f"area {area.id!r} names unknown neighbour {other!r}")
                if area.id not in next(a for a in self.areas if a.id == other).neighbours:
                    raise ValueError(f"area {other!r} does not list {area.id!r} as a neighbour")
        for override in self.sight_overrides:
            for end in override.between:
                if end not in known:
                    raise ValueError(f"sight override names unknown area {end!r}")
        return self


class Board:
    """A board ready for play: queries are answered from tables built once.

    >>> spec = BoardSpec(id="b", areas=[
    ...     AreaSpec(id="a", neighbours=["b"], sight=(0, 0)),
    ...     AreaSpec(id="b", neighbours=["a", "c"], sight=(1, 0)),
    ...     AreaSpec(id="c", neighbours=["b"], sight=(2, 0))],
    ...     walls=[((1.5, -1), (1.5, 1))])
    >>> board = Board(spec)
    >>> board.distance("a", "c"), board.sees("a", "b"), board.sees("a", "c")
    (2, True, False)
    """

    def __init__(self, spec: BoardSpec) -> None:
        self.spec = spec
        self.areas = {a.id: a for a in spec.areas}
        self.ids = tuple(self.areas)
        self._neighbours = {a.id: tuple(a.neighbours) for a in spec.areas}
        self._distance = {a: self._bfs(a) for a in self.ids}
        self._overrides: dict[frozenset[str], bool] = {
            frozenset(o.between): o.sees for o in spec.sight_overrides
        }
        self._sight: dict[tuple[str, str], bool] = {}

    def __repr__(self) -> str:
        return f"Board({self.spec.id!r}, {len(self.ids)} areas)"

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        """A board never changes (its sight cache only remembers answers): a copy of a
        game's state shares it."""
        return self

    def neighbours(self, area: str) -> tuple[str, ...]:
        return self._neighbours[area]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self._neighbours[a]

    def _bfs(self, start: str) -> dict[str, int]:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in self._neighbours[here]:
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    queue.append(nxt)
        return seen

    def distance(self, a: str, b: str) -> float:
        """Borders crossed on the shortest path; ``inf`` when there is none."""
        return self._distance[a].get(b, float("inf"))

    def within(self, area: str, borders: int) -> list[str]:
        """The areas at most ``borders`` borders away, ``area`` included."""
        return [b for b, d in self._distance[area].items() if d <= borders]

    def steps_toward(self, here: str, goal: str, allowed: Iterable[str] | None = None) -> list[str]:
        """The neighbours of ``here`` that lie on a shortest path to ``goal``.

        ``allowed`` limits the areas that may be entered (e.g. areas with room).
        """
        if here == goal:
            return []
        ok = set(self.ids if allowed is None else allowed) | {goal}
        dist = self._distances_within(goal, ok)
        best = min((dist.get(n, float("inf")) for n in self._neighbours[here] if n in ok),
                   default=float("inf"))
        if best == float("inf"):
            return []
        return [n for n in self._neighbours[here] if n in ok and dist.get(n) == best]

    def _distances_within(self, goal: str, ok: set[str]) -> dict[str, int]:
        if len(ok) == len(self.ids) + (0 if goal in self.ids else 1):
            return self._distance[goal]
        seen = {goal: 0}
        queue = deque([goal])
        while queue:
            here = queue.popleft()
            for nxt in self._neighbours[here]:
                if nxt in ok and nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    queue.append(nxt)
        return seen

    @cached_property
    def _walls(self) -> STRtree:
        return STRtree([LineString(w) for w in self.spec.walls])

    def _line(self, a: str, b: str) -> LineString | None:
        pa, pb = self.areas[a].sight, self.areas[b].sight
        return None if pa is None or pb is None else LineString([pa, pb])

    def sees(self, a: str, b: str) -> bool:
        """Whether a figure in area ``a`` sees area ``b`` (an area always sees itself)."""
        if a == b:
            return True
        key = (a, b)
        if key not in self._sight:
            self._sight[key] = self._compute_sight(a, b)
        return self._sight[key]

    def _compute_sight(self, a: str, b: str) -> bool:
        override = self._overrides.get(frozenset((a, b)))
        if override is not None:
            return override
        line = self._line(a, b)
        if line is None or not self.spec.walls:
            return line is not None
        return len(self._walls.query(line, predicate="intersects")) == 0

    def seen_from(self, area: str) -> list[str]:
        return [b for b in self.ids if self.sees(area, b)]

    @cached_property
    def _outlines(self) -> dict[str, Polygon]:
        return {a.id: Polygon(a.polygon) for a in self.spec.areas if a.polygon}

    def areas_crossed(self, a: str, b: str) -> list[str]:
        """The areas other than ``a`` and ``b`` whose outline the sight line passes through."""
        line = self._line(a, b)
        if line is None:
            return []
        return [i for i, poly in self._outlines.items()
                if i not in (a, b) and line.crosses(poly)]

    def to_json(self) -> dict[str, Any]:
        return self.spec.model_dump(mode="json")
