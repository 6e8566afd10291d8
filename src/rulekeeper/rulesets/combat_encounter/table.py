"""The table a game of combat-encounter is played on, typed: what every procedure receives.

The state of a game (Players, the Combat Encounter in progress, the Random Encounter
deck), the setup options (``--players 4 --start challenge ...``) and the table.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from rulekeeper.core.ruleset import SEATS_OF_THE_GAME, NoOptions, Table
from rulekeeper.rulesets.combat_encounter.catalogue import Catalogue
from rulekeeper.rulesets.combat_encounter.models import Character, CombatContent
from rulekeeper.rulesets.combat_encounter.rulings import CombatRulings

WEAPON_SLOTS = ("weapon-1", "weapon-2")
SLOT_KINDS = {"weapon-1": "weapon", "weapon-2": "weapon", "armor": "armor",
              "plot-armor": "plot-armor"}
SLOT_NAMES = {"weapon-1": "Weapon Slot 1", "weapon-2": "Weapon Slot 2", "armor": "Armor Slot",
              "plot-armor": "Plot Armor Slot"}
"""Each slot as the rules call it."""
NAMES = "names-not-ids"
"""The change (version 4) after which the events name seats and slots (``Player 1``, ``Weapon
Slot 1``) where they held their ids (``p1``, ``weapon-1``)."""


def seat_name(seat: str) -> str:
    """A seat as people call it: ``p1`` is Player 1 (the board's side, the decisions' and,
    since version 4, the events' word for it)."""
    return f"Player {seat[1:]}"


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
    called: str
    """What the events call the seat: its name (``Player 1``) since version 4, its id before."""
    statuses: list[str] = field(default_factory=list)
    dropped: set[str] = field(default_factory=set)
    alive: bool = True
    sighted: str | None = None
    """While Hidden: the Room the others last saw it in (None: Hidden since the setup)."""
    hidden_moves: int = 0
    """While Hidden: the Move Actions it took since (the others see that it moved)."""

    @property
    def label(self) -> str:
        """The Player in the events: ``Player 1 (Sir Brannock)`` (``p1 (Sir Brannock)`` before
        version 4)."""
        return f"{self.called} ({self.character.name})"

    @property
    def shown(self) -> str:
        """The Player in the decisions, whatever the version: ``Player 1 (Sir Brannock)``."""
        return f"{seat_name(self.seat)} ({self.character.name})"

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

    def shown(self, seat: str) -> str:
        return self.players[seat].shown

    def surviving(self) -> list[str]:
        return [seat for seat, p in self.players.items() if p.alive]


def _words(value: Any) -> Any:
    """``"p2,p3"`` (command line) or a list."""
    if isinstance(value, str):
        return [w.strip() for w in value.split(",") if w.strip()]
    return value


def _pairs(value: Any) -> Any:
    """``"p3=hall,p4=crypt"`` (command line) or a mapping."""
    if isinstance(value, str):
        pairs = [w.partition("=") for w in value.split(",") if w.strip()]
        if any(not sep for _, sep, _ in pairs):
            raise ValueError("expected seat=room pairs, e.g. p3=hall,p4=crypt")
        return {k.strip(): v.strip() for k, _, v in pairs}
    return value


class CombatOptions(NoOptions):
    """Setup options of combat-encounter (``--players 4 --start challenge ...``)."""

    players: int = Field(2, ge=2, le=6, title="Players", description="number of Players")
    start: Literal["ambush", "challenge", "gong", "random"] = Field(
        "ambush", title="Opening Combat Encounter",
        description="how the opening Combat Encounter begins")
    initiator: str | None = Field(None, title="Initiator",
                                  description="the initiating Player (default: Player 1)",
                                  json_schema_extra=SEATS_OF_THE_GAME)
    target: str | None = Field(None, title="Primary target",
                               description="the primary target (default: Player 2)",
                               json_schema_extra=SEATS_OF_THE_GAME)
    hidden: list[str] = Field(default_factory=list, title="Hidden Players",
                              description="Players who start Hidden",
                              json_schema_extra=SEATS_OF_THE_GAME)
    rooms: dict[str, str] = Field(default_factory=dict, title="Rooms",
                                  description="seat=room: Portraits not in the start Room")
    characters: list[str] = Field(default_factory=list, title="Characters",
                                  description="Character ids by seat (default: content order)")
    time_limit: int = Field(100, ge=1, le=1000, title="Time limit",
                            description="Player Turns and Combat Turns before the dungeon "
                                        "collapses")

    _hidden = field_validator("hidden", "characters", mode="before")(_words)
    _rooms = field_validator("rooms", mode="before")(_pairs)

    @model_validator(mode="after")
    def _seats_exist(self) -> CombatOptions:
        seats = [f"p{i}" for i in range(1, self.players + 1)]
        if self.start == "random":
            given = [name for name, value in (("initiator", self.initiator),
                                              ("target", self.target),
                                              ("hidden", self.hidden)) if value]
            if given:
                raise ValueError(f"a random start draws the initiating pair and the Hidden "
                                 f"Players: it cannot be combined with {' or '.join(given)}")
        else:
            self.initiator, self.target = self.initiator or "p1", self.target or "p2"
            for name, seat in (("initiator", self.initiator), ("target", self.target)):
                if seat not in seats:
                    raise ValueError(f"{name} {seat!r} is not a seat ({', '.join(seats)})")
            if self.initiator == self.target:
                raise ValueError("the initiator cannot be its own primary target")
            if self.target in self.hidden:
                raise ValueError(f"the primary target {self.target} cannot be Hidden")
        for seat in [*self.hidden, *self.rooms]:
            if seat not in seats:
                raise ValueError(f"{seat!r} is not a seat ({', '.join(seats)})")
        if len(self.characters) > self.players:
            raise ValueError("more characters than players")
        return self


class CombatTable(Table):
    """A game's dice, log, rulings and options, its :class:`State` and the content's
    :class:`Catalogue` (``prepared``)."""

    __slots__ = ()
    state: State
    content: CombatContent
    options: CombatOptions
    prepared: Catalogue
    rulings: CombatRulings

    def slot_called(self, slot: str) -> str:
        """A slot in the events: its name (``Weapon Slot 1``) since version 4, its id before."""
        return SLOT_NAMES[slot] if self.ruleset.made(NAMES) else slot


def emit_where(table: CombatTable, seat: str, kind: str, rule: str, unseen: str, secret: str,
               **data: Any) -> None:
    """An event that tells where ``seat`` is (``data[secret]``: its Room, or what is in it).

    While ``seat`` is Hidden only ``seat`` sees it; the other seats see the event
    ``unseen`` instead, without ``secret``.
    """
    if not table.logging:
        return
    if "hidden" not in table.state.player(seat).statuses:
        table.emit(kind, rule, **data)
        return
    table.emit(kind, rule, to=(seat,), **data)
    table.emit(unseen, rule, to=tuple(s for s in table.seats if s != seat),
               **{key: value for key, value in data.items() if key != secret})
