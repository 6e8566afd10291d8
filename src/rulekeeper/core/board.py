"""Boards made of areas: adjacency, distance in borders, line of sight, capacity, height.

A board file lists areas (id, neighbours, sight point, optional capacity, height
and outline polygon), the wall segments that block sight, and explicit sight
overrides. Line of sight between two areas is the straight line between their
sight points; it is blocked when it touches a wall, unless an override says
otherwise. Figures never block sight.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from shapely import LineString, Polygon, STRtree

from rulekeeper.core.board_spec import (
    MAX_AREAS,
    MAX_CAPACITY,
    MAX_HEIGHT,
    MAX_POINTS,
    MAX_WALLS,
    AreaSpec,
    BoardSpec,
    Coordinate,
    Point,
    SightOverride,
)

__all__ = ["MAX_AREAS", "MAX_CAPACITY", "MAX_HEIGHT", "MAX_POINTS", "MAX_WALLS", "AreaSpec",
           "Board", "BoardSpec", "Coordinate", "Point", "SightOverride"]


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
        self._wall_tree: STRtree | None = None
        self._outline_of: dict[str, Polygon] | None = None

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

    def distance(self, a: str, b: str) -> int | float:
        """Borders crossed on the shortest path (an ``int``); ``inf`` when there is none.
        (Typed ``int | float``: compiled code reads a ``float`` as a C double, which would
        make the count ``2.0``.)"""
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

    def _walls(self) -> STRtree:
        """The walls as a tree for sight lines to query, made once (the first time a
        wall may block a line)."""
        if self._wall_tree is None:
            self._wall_tree = STRtree([LineString(w) for w in self.spec.walls])
        return self._wall_tree

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
        return len(self._walls().query(line, predicate="intersects")) == 0

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

    def _outlines(self) -> dict[str, Polygon]:
        """The areas' outlines, made once."""
        if self._outline_of is None:
            self._outline_of = {a.id: Polygon(a.polygon) for a in self.spec.areas if a.polygon}
        return self._outline_of

    def areas_crossed(self, a: str, b: str) -> list[str]:
        """The areas other than ``a`` and ``b`` whose outline the sight line passes through."""
        line = self._line(a, b)
        if line is None:
            return []
        return [i for i, poly in self._outlines().items()
                if i not in (a, b) and line.crosses(poly)]

    def to_json(self) -> dict[str, Any]:
        return self.spec.model_dump(mode="json")
