"""The table a game of enemy-attacks is played on: the skirmish in play (figures, their
areas, and the board questions the rules ask), the setup options, and the typed table
every rules function receives.

Figures are Heroes, Non-Hero Allies (together, Allies) and Enemies. A figure in
play stands in exactly one area; a wounded-out, exhausted or defeated figure has
left the board (``area`` is None).
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from pydantic import Field, StrictInt

from rulekeeper.core.board import Board, BoardSpec
from rulekeeper.core.entities import Measure
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import NoOptions, Table
from rulekeeper.rulesets.enemy_attacks.models import (
    MAX_HEROES,
    PLACES,
    EnemyAttacksContent,
    EnemySpec,
    Face,
    HeroSpec,
    NonHeroSpec,
    Scenario,
)
from rulekeeper.rulesets.enemy_attacks.rulings import EnemyAttacksRulings, Range, SizeCapacity

STAIRS = "stairs"
"""Area tag: a figure may walk between this area and a neighbour of another height."""
UNREACHABLE = float("inf")
"""The walking distance to an area no walk reaches (ledges are not walked)."""


@dataclass(eq=False, kw_only=True)
class Figure:
    id: str
    name: str
    size: str = "normal"
    area: str | None
    conditions: list[str] = field(default_factory=list)

    @property
    def in_play(self) -> bool:
        return self.area is not None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} in {self.area}>"


def player_name(seat: str) -> str:
    """The name of a player's seat, as the page's sides name it.

    >>> player_name("p2")
    'Player 2'
    """
    return f"Player {seat.removeprefix('p')}"


@dataclass(eq=False, kw_only=True, repr=False)
class Ally(Figure):
    """A Hero or a Non-Hero Ally."""

    taunt: int
    levels: Mapping[str, int]
    controller: str

    @property
    def player(self) -> str:
        """Its controller as the players read it (``Player 2``), never the seat's id."""
        return player_name(self.controller)


@dataclass(eq=False, kw_only=True, repr=False)
class Hero(Ally):
    """A Hero: its health is its stamina chips, each ready, spent or wounded."""

    spec: HeroSpec
    chips: int
    spent: int = 0
    wounded: int = 0

    @property
    def ready(self) -> int:
        return self.chips - self.spent - self.wounded

    @property
    def health(self) -> int:
        return self.chips - self.wounded


@dataclass(eq=False, kw_only=True, repr=False)
class NonHeroAlly(Ally):
    spec: NonHeroSpec
    health: int


@dataclass(eq=False, kw_only=True, repr=False)
class Enemy(Figure):
    spec: EnemySpec
    health: int


@dataclass(frozen=True)
class ActionDieInPlay:
    """The Action die of this game: face names (equally likely entries) and what each gives."""

    names: tuple[str, ...]
    faces: Mapping[str, Face]

    @classmethod
    def of(cls, content: EnemyAttacksContent, option: str) -> ActionDieInPlay:
        """The die that ruling action-die's ``option`` picks from dice.yaml."""
        die = content.dice.action_die
        return cls(tuple(die.dice[option]), die.faces)


@dataclass
class Drops:
    """What defeat boxes placed in one area."""

    item_cards: list[str] = field(default_factory=list)
    item_tokens: int = 0
    stars: int = 0


class Terrain:
    """The board and the questions the rules ask of it, answered once per content."""

    @cites("sample.board.areas")
    def __init__(self, spec: BoardSpec) -> None:
        self.board = Board(spec)
        self._walk = {a: self._walk_from(a) for a in self.board.ids}
        self._crossed: dict[tuple[str, str], list[str]] = {}

    def walkable(self, here: str, there: str) -> bool:
        """Whether a figure may cross this border (sample.board.movement): same height, or one
        of the two areas is stairs."""
        a, b = self.board.areas[here], self.board.areas[there]
        return a.height == b.height or STAIRS in a.tags or STAIRS in b.tags

    def _walk_from(self, start: str) -> dict[str, int]:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in self.board.neighbours(here):
                if nxt not in seen and self.walkable(here, nxt):
                    seen[nxt] = seen[here] + 1
                    queue.append(nxt)
        return seen

    def walk_distance(self, a: str, b: str) -> float:
        """Borders crossed on the shortest walk (ledges excluded); ``inf`` when none."""
        return self._walk[a].get(b, UNREACHABLE)

    def crossed(self, a: str, b: str) -> list[str]:
        """The areas the line of sight from ``a`` to ``b`` passes through (not a or b)."""
        key = (a, b)
        if key not in self._crossed:
            self._crossed[key] = [] if a == b else self.board.areas_crossed(a, b)
        return self._crossed[key]


class Skirmish:
    """The state of one game (``table.state``)."""

    def __init__(self, content: EnemyAttacksContent, terrain: Terrain, scenario: Scenario,
                 seats: tuple[str, ...], rulings: EnemyAttacksRulings) -> None:
        self.terrain = terrain
        self.board = terrain.board
        self.scenario = scenario
        self.seats = seats
        cites("sample.players.group-decisions")
        self.lead = seats[0]
        cites("ruling.range", "ruling.size-capacity", "ruling.action-die")
        self.walking = rulings.range is Range.WALKING
        self.sizes = rulings.size_capacity is SizeCapacity.SIZES
        self.die = ActionDieInPlay.of(content, rulings.action_die)
        heroes = {h.id: h for h in content.allies.heroes}
        others = {a.id: a for a in content.allies.non_hero_allies}
        enemies = {e.id: e for e in content.enemies.enemies}
        cites("sample.figures.kinds", "sample.figures.control")
        self.heroes = [_hero(heroes[p.figure], p.key, p.area, seats[i % len(seats)])
                       for i, p in enumerate(scenario.heroes)]
        self.others = [_non_hero(others[p.figure], p.key, p.area, self.lead)
                       for p in scenario.allies]
        cites("sample.figures.enemy")
        self.enemies = [Enemy(id=p.key, name=_copy_name(enemies[p.figure].name, p.key, p.figure),
                              size=enemies[p.figure].size, area=p.area, spec=enemies[p.figure],
                              health=enemies[p.figure].health)
                        for p in scenario.enemies]
        self.allies: list[Ally] = [*self.heroes, *self.others]
        self.figures: dict[str, Figure] = {f.id: f for f in self.everyone()}
        self.items = {i.id: i.name for i in content.items.items}
        self.item_deck = list(scenario.item_deck)
        self.drops: dict[str, Drops] = {}
        self.round = 0
        self.phase = "setup"
        self.active: str | None = None
        self.used: list[str] = []
        """What the active Hero has used of its turn: "action", "manoeuvre"."""
        self.waiting: list[str] = []
        """The Heroes (ids) yet to take their turn in this round's Hero phase."""
        self.next_enemy = 0
        """The place, among the Enemies, of the next Enemy turn in the Enemy phase."""
        self.tally: Counter[str] = Counter()
        self.credits: dict[str, dict[Measure, float]] = {}
        """What each figure did (by id): its measures for the game's metrics."""

    def credit(self, figure: Figure | None, measure: Measure, amount: float = 1) -> None:
        """Count ``amount`` more of a measure to a figure (None: no figure did it)."""
        if figure is not None and amount:
            done = self.credits.setdefault(figure.id, {})
            done[measure] = done.get(measure, 0) + amount

    def fell(self, figure: Figure) -> None:
        """A figure leaves play (defeated, wounded out, exhausted): its rounds end here."""
        self.credits.setdefault(figure.id, {})[Measure.ROUNDS] = self.round

    def measures(self, figure: Figure) -> dict[Measure, float]:
        """A figure's measures at the end of the game."""
        done = self.credits.get(figure.id, {})
        return {**done, Measure.SURVIVED: float(figure.in_play),
                Measure.ROUNDS: self.round if figure.in_play else done.get(Measure.ROUNDS, 0)}

    def everyone(self) -> Iterator[Figure]:
        yield from self.heroes
        yield from self.others
        yield from self.enemies

    # ---------------------------------------------------------------- places and movement

    def places(self, figure: Figure) -> int:
        """Places the figure fills (ruling size-capacity)."""
        return PLACES[figure.size] if self.sizes else 1

    def filled(self, area: str) -> int:
        return sum(self.places(f) for f in self.everyone() if f.area == area)

    @cites("sample.board.capacity")
    def free(self, area: str) -> float:
        """Free places of an area; an area without capacity has unlimited room."""
        capacity = self.board.areas[area].capacity
        return float("inf") if capacity is None else capacity - self.filled(area)

    def at_capacity_for(self, figure: Figure, area: str) -> bool:
        """Whether capacity prevents ``figure`` from moving into ``area`` (fewer free places
        than it fills); for a normal-sized figure: the area is at maximum capacity."""
        return self.free(area) < self.places(figure)

    def moves(self, figure: Figure) -> list[str]:
        """The adjacent areas ``figure`` may move into now (sample.board.movement)."""
        here = figure.area
        assert here is not None
        cites("sample.board.movement")
        return [n for n in self.board.neighbours(here)
                if self.terrain.walkable(here, n) and not self.at_capacity_for(figure, n)]

    def distance(self, a: str, b: str) -> float:
        """Distance between areas (ruling range): fewest borders, or fewest walkable borders."""
        return self.terrain.walk_distance(a, b) if self.walking else self.board.distance(a, b)

    def within(self, area: str, distance: int) -> list[str]:
        """The areas at most ``distance`` from ``area`` (ruling range), in board order."""
        if self.walking:
            return [a for a in self.board.ids if self.terrain.walk_distance(area, a) <= distance]
        near = set(self.board.within(area, distance))
        return [a for a in self.board.ids if a in near]

    # ---------------------------------------------------------------- who is where

    def in_area(self, area: str) -> list[Figure]:
        return [f for f in self.everyone() if f.area == area]

    def allies_in(self, area: str) -> list[Ally]:
        return [a for a in self.allies if a.area == area]

    def heroes_in(self, area: str) -> list[Hero]:
        return [h for h in self.heroes if h.area == area]

    def allies_in_play(self) -> list[Ally]:
        return [a for a in self.allies if a.area is not None]

    def enemies_in_play(self) -> list[Enemy]:
        return [e for e in self.enemies if e.area is not None]

    def area_name(self, area: str | None) -> str:
        if area is None:
            return "off the board"
        return self.board.areas[area].name or area

    def health_text(self, figure: Figure) -> str:
        if isinstance(figure, Hero):
            return (f"{figure.health}/{figure.chips} chips ({figure.ready} ready, "
                    f"{figure.spent} spent, {figure.wounded} wounded)")
        assert isinstance(figure, NonHeroAlly | Enemy)
        return f"{figure.health}/{figure.spec.health} health"

    def drops_in(self, area: str) -> Drops:
        return self.drops.setdefault(area, Drops())


@cites("sample.figures.hero", "sample.health.hero-chips")  # every chip starts ready
def _hero(spec: HeroSpec, key: str, area: str, seat: str) -> Hero:
    return Hero(id=key, name=spec.name, area=area, taunt=spec.taunt, levels=_levels(spec),
                controller=seat, spec=spec, chips=spec.stamina)


@cites("sample.figures.non-hero-ally")
def _non_hero(spec: NonHeroSpec, key: str, area: str, seat: str) -> NonHeroAlly:
    return NonHeroAlly(id=key, name=spec.name, area=area, taunt=spec.taunt, levels=_levels(spec),
                       controller=seat, spec=spec, health=spec.health)


def _levels(spec: HeroSpec | NonHeroSpec) -> dict[str, int]:
    return {"might": spec.might, "agility": spec.agility, "will": spec.will}


def _copy_name(name: str, key: str, figure: str) -> str:
    """``Cultist Archer`` for the first copy, ``Cultist Archer (cultist-2)`` for others."""
    return name if key == figure else f"{name} ({key})"


class EnemyAttacksOptions(NoOptions):
    players: StrictInt = Field(2, ge=1, le=MAX_HEROES,
                               description="one Hero each, dealt in turn")


class EnemyAttacksTable(Table):
    __slots__ = ()
    state: Skirmish
    content: EnemyAttacksContent
    options: EnemyAttacksOptions
    prepared: Terrain
    rulings: EnemyAttacksRulings
