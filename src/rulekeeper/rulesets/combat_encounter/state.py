"""The state of a game: Players, the Combat Encounter in progress, the Random Encounter deck.

Procedures receive a :class:`Ctx`: the table (dice, rulings, log), the state and the
content catalog. Victory, or the dungeon clock running out, ends the game at once
from wherever it happens: :class:`GameOver` carries the result up to ``play``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rulekeeper.core.board import Board
from rulekeeper.core.ruleset import Result, Table
from rulekeeper.rulesets.combat_encounter.damage import DamageDice
from rulekeeper.rulesets.combat_encounter.models import (
    Character,
    CombatContent,
    EncounterCard,
    Item,
    Status,
)

WEAPON_SLOTS = ("weapon-1", "weapon-2")
SLOT_KINDS = {"weapon-1": "weapon", "weapon-2": "weapon", "armor": "armor",
              "plot-armor": "plot-armor"}


class GameOver(Exception):
    """The game ended (Victory, no Surviving Player, or the dungeon clock)."""

    def __init__(self, result: Result) -> None:
        super().__init__(result.reason)
        self.result = result


class Catalog:
    """The content, indexed by id, built once per content."""

    def __init__(self, content: CombatContent) -> None:
        self.content = content
        self.items: dict[str, Item] = {i.id: i for i in content.items.cards}
        self.statuses: dict[str, Status] = {s.id: s for s in content.statuses.statuses}
        self.characters: dict[str, Character] = {c.id: c for c in content.characters.cards}
        self.cards: dict[str, EncounterCard] = {c.id: c for c in content.encounters.cards}
        self.board = Board(content.dungeon)
        self.jelly_rooms = frozenset(a.id for a in content.dungeon.areas
                                     if "jelly-cube" in a.tags)
        self.room_names = {a.id: a.name or a.id for a in content.dungeon.areas}
        dagger = content.game.mystic_dagger
        self.dagger = {"melee": DamageDice.parse(dagger.melee),
                       "ranged": DamageDice.parse(dagger.ranged)}
        self.damage = {i.id: DamageDice.parse(i.damage) for i in content.items.cards
                       if i.damage is not None}


@dataclass(slots=True)
class Player:
    """One Player: Portrait position, Health, tokens, slots, Backpack and Statuses."""

    seat: str
    character: Character
    room: str | None
    health: int
    kaos: int
    rerolls: int
    slots: dict[str, str | None]
    backpack: list[str]
    statuses: list[str] = field(default_factory=list)
    dropped: set[str] = field(default_factory=set)
    alive: bool = True

    @property
    def label(self) -> str:
        return f"{self.seat} ({self.character.name})"

    def equipped(self) -> list[tuple[str, str]]:
        """(slot, item id) of every filled slot."""
        return [(slot, item) for slot, item in self.slots.items() if item is not None]


@dataclass(slots=True)
class Encounter:
    """A Combat Encounter in progress.

    Attributes:
        room: the Combat Room.
        kind: how it began: ``ambush``, ``challenge`` or ``gong`` (another rule).
        initiator, target: the initiating pair.
        order: Combat Order: the remaining Combatants, first to last.
        current: whose Combat Turn it is.
        first: the first Combatant, while their first Combat Turn is not complete.
        recovered: the Weapon slot recovered this Combat Turn (not usable to Attack).
        turns: Combat Turns taken.
    """

    room: str
    kind: str
    initiator: str
    target: str
    order: list[str] = field(default_factory=list)
    current: str | None = None
    first: str | None = None
    recovered: str | None = None
    turns: int = 0

    @property
    def combatants(self) -> list[str]:
        return list(self.order)


@dataclass(slots=True)
class State:
    """Everything a game's rules change."""

    players: dict[str, Player]
    deck: list[str]
    discard: list[str] = field(default_factory=list)
    encounter: Encounter | None = None
    clock: int = 0
    round: int = 0
    active: str | None = None
    actions_left: int = 0
    check: dict[str, Any] | None = None
    metrics: Counter[str] = field(default_factory=Counter)

    def surviving(self) -> list[str]:
        return [seat for seat, p in self.players.items() if p.alive]


class Ctx:
    """What every procedure of a game uses."""

    __slots__ = ("cat", "options", "rulings", "state", "table")

    def __init__(self, table: Table, state: State, cat: Catalog) -> None:
        self.table = table
        self.state = state
        self.cat = cat
        self.rulings = table.rulings
        self.options = table.options

    @property
    def logging(self) -> bool:
        return self.table.logging

    def emit(self, kind: str, rule: str, to: tuple[str, ...] | None = None, **data: Any) -> None:
        self.table.emit(kind, rule, to, **data)

    def emit_where(self, seat: str, kind: str, rule: str, unseen: str, secret: str,
                   **data: Any) -> None:
        """An event that tells where ``seat`` is (``data[secret]``: its Room, or what is in
        it). While ``seat`` is Hidden only ``seat`` sees it; the other seats see the event
        ``unseen`` instead, without ``secret``."""
        if not self.table.logging:
            return
        if "hidden" not in self.player(seat).statuses:
            self.emit(kind, rule, **data)
            return
        self.emit(kind, rule, to=(seat,), **data)
        self.emit(unseen, rule, to=tuple(s for s in self.table.seats if s != seat),
                  **{key: value for key, value in data.items() if key != secret})

    def player(self, seat: str) -> Player:
        return self.state.players[seat]

    def room_name(self, room: str | None) -> str:
        return self.cat.room_names.get(room or "", "nowhere")

