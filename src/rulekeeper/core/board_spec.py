"""Boards as content files write them: areas, walls and sight overrides, checked as they are
read (pydantic models; :mod:`rulekeeper.core.board` plays on them). A module of their own:
the compiled build compiles the board's queries, not the models."""

from __future__ import annotations

from collections import Counter
from typing import Annotated

from pydantic import AllowInfNan, Field, Strict, StrictInt, field_validator, model_validator
from shapely import Polygon
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
