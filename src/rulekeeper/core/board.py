"""Boards made of areas: adjacency, distance in borders, line of sight, capacity, height.

A board file lists areas (id, neighbours, sight point, optional capacity, height
and outline polygon), the wall segments that block sight, and explicit sight
overrides. Line of sight between two areas is the straight line between their
sight points; it is blocked when it touches a wall, unless an override says
otherwise. Figures never block sight.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Annotated, Any

from pydantic import AllowInfNan, Field, Strict, StrictInt, field_validator, model_validator
from shapely import LineString, Polygon, STRtree
from shapely.validation import explain_validity

from rulekeeper.core.content import Model, invalid

Coordinate = Annotated[float, Strict(), AllowInfNan(False)]
"""A finite number (an integer will do; ``true`` will not)."""
Point = tuple[Coordinate, Coordinate]

MAX_AREAS = 500
MAX_CAPACITY = 100
MAX_HEIGHT = 100
MAX_POINTS = 1_000
MAX_WALLS = 10_000


class AreaSpec(Model):
    """One area of a board."""

    id: str
    name: str = ""
    neighbours: list[str] = Field(max_length=MAX_AREAS,
                                  description="ids of the areas sharing a border with this one")
    sight: Point | None = Field(None, description="the area's line-of-sight point (x, y)")
    capacity: StrictInt | None = Field(None, ge=0, le=MAX_CAPACITY,
                                       description="places for figures; None is unlimited")
    height: StrictInt = Field(0, ge=-MAX_HEIGHT, le=MAX_HEIGHT)
    polygon: list[Point] | None = Field(None, max_length=MAX_POINTS,
                                        description="outline, for areas a line crosses: at "
                                                    "least 3 distinct points, not crossing itself")
    tags: list[str] = Field(default_factory=list, description="ruleset-specific marks")

    @field_validator("polygon")
    @classmethod
    def _outline(cls, points: list[Point] | None) -> list[Point] | None:
        if points is None:
            return None
        if len(set(points)) < 3:
            raise invalid((), f"an outline needs at least 3 distinct points, got "
                              f"{len(set(points))}", points)
        if not (outline := Polygon(points)).is_valid:
            raise invalid((), f"the outline must enclose an area without crossing itself "
                              f"({explain_validity(outline)})", points)
        return points

    @model_validator(mode="after")
    def _neighbours(self) -> AreaSpec:
        seen: Counter[str] = Counter()
        for index, other in enumerate(self.neighbours):
            if other == self.id:
                raise invalid(("neighbours", index), f"area {self.id!r} lists itself as a "
                                                     "neighbour", other)
            if seen[other]:
                raise invalid(("neighbours", index), f"area {self.id!r} lists neighbour "
                                                     f"{other!r} twice", other)
            seen[other] += 1
        return self


class SightOverride(Model):
    """An explicit answer for one pair of areas, overriding the geometry."""

    between: tuple[str, str]
    sees: bool


class BoardSpec(Model):
    """A board as written in a content file."""

    id: str
    name: str = ""
    sample: bool = Field(True, description="true for content written for rulekeeper, not published")
    areas: list[AreaSpec] = Field(max_length=MAX_AREAS)
    walls: list[tuple[Point, Point]] = Field(default_factory=list, max_length=MAX_WALLS)
    sight_overrides: list[SightOverride] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check_areas(self) -> BoardSpec:
        areas = {}
        for index, area in enumerate(self.areas):
            if area.id in areas:
                raise invalid(("areas", index, "id"), f"area id {area.id!r} is used twice",
                              area.id)
            areas[area.id] = area
        for index, area in enumerate(self.areas):
            for at, other in enumerate(area.neighbours):
                where = ("areas", index, "neighbours", at)
                if other not in areas:
                    raise invalid(where, f"area {area.id!r} names unknown neighbour {other!r}",
                                  other)
                if area.id not in areas[other].neighbours:
                    raise invalid(where, f"area {other!r} does not list {area.id!r} as a "
                                         "neighbour", other)
        for index, override in enumerate(self.sight_overrides):
            for end, name in enumerate(override.between):
                if name not in areas:
                    raise invalid(("sight_overrides", index, "between", end),
                                  f"sight override names unknown area {name!r}", name)
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
        self._seen: dict[str, tuple[str, ...]] = {}
        self._visible: dict[str, frozenset[str]] = {}

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

    def distances_from(self, area: str) -> Mapping[str, int]:
        """Borders crossed from ``area`` to every area it reaches (a table built once)."""
        return self._distance[area]

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
        found = self._sight.get((a, b))
        if found is None:
            found = self._sight[a, b] = self._compute_sight(a, b)
        return found

    def _compute_sight(self, a: str, b: str) -> bool:
        override = self._overrides.get(frozenset((a, b)))
        if override is not None:
            return override
        line = self._line(a, b)
        if line is None or not self.spec.walls:
            return line is not None
        return len(self._walls.query(line, predicate="intersects")) == 0

    def seen_from(self, area: str) -> list[str]:
        seen = self._seen.get(area)
        if seen is None:
            seen = self._seen[area] = tuple(b for b in self.ids if self.sees(area, b))
        return list(seen)

    def visible(self, area: str) -> frozenset[str]:
        """The areas a figure in ``area`` sees, ``area`` included, as a set: ``b in
        board.visible(a)`` is ``board.sees(a, b)``, without a call (rules that look at every
        figure on the board ask it often). Worked out once an area, like each sight line: a
        board never changes."""
        found = self._visible.get(area)
        if found is None:
            found = self._visible[area] = frozenset(self.seen_from(area))
        return found

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
