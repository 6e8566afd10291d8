"""The state of a game: Players, the Combat Encounter in progress, the Random Encounter deck."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rulekeeper.rulesets.combat_encounter.models import Character

WEAPON_SLOTS = ("weapon-1", "weapon-2")
SLOT_KINDS = {"weapon-1": "weapon", "weapon-2": "weapon", "armor": "armor",
              "plot-armor": "plot-armor"}


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
    sighted: str | None = None
    """While Hidden: the Room the others last saw it in (None: Hidden since the setup)."""
    hidden_moves: int = 0
    """While Hidden: the Move Actions it took since (the others see that it moved)."""

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
    turn_order: list[str] = field(default_factory=list)
    next_turn: int = 0
    """The place in Turn Order of the next Player Turn."""
    active: str | None = None
    actions_left: int = 0
    check: dict[str, Any] | None = None
    metrics: Counter[str] = field(default_factory=Counter)

    def player(self, seat: str) -> Player:
        return self.players[seat]

    def label(self, seat: str) -> str:
        return self.players[seat].label

    def surviving(self) -> list[str]:
        return [seat for seat, p in self.players.items() if p.alive]
