"""Setup: the options of a game, the Players with their Characters, and the opening.

A game opens with a Combat Encounter: by default Player p1 Ambushes p2 on p1's first
Player Turn, every Portrait in the dungeon's start Room. ``--start challenge`` opens
with a Challenge, ``--start gong`` with the sample Opening Gong (a rule that initiates
Combat outside any Player Turn), ``--start random`` draws kind, pair and Hidden Players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from rulekeeper.core.errors import UsageError
from rulekeeper.core.ruleset import NoOptions
from rulekeeper.core.rulings import did_you_mean
from rulekeeper.rulesets.combat_encounter.state import WEAPON_SLOTS, Catalog, Player, State

Kind = Literal["ambush", "challenge", "gong"]


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

    players: int = Field(2, ge=2, le=6, description="number of Players (seats p1..pN)")
    start: Literal["ambush", "challenge", "gong", "random"] = Field(
        "ambush", description="how the opening Combat Encounter begins")
    initiator: str = Field("p1", description="the initiating Player")
    target: str = Field("p2", description="the primary target")
    hidden: list[str] = Field(default_factory=list, description="seats that start Hidden")
    rooms: dict[str, str] = Field(default_factory=dict,
                                  description="seat=room: Portraits not in the start Room")
    characters: list[str] = Field(default_factory=list,
                                  description="Character ids by seat (default: content order)")
    time_limit: int = Field(100, ge=1, le=1000,
                            description="Player Turns and Combat Turns before the dungeon "
                                        "collapses")

    _hidden = field_validator("hidden", "characters", mode="before")(_words)
    _rooms = field_validator("rooms", mode="before")(_pairs)

    @model_validator(mode="after")
    def _seats_exist(self) -> CombatOptions:
        seats = [f"p{i}" for i in range(1, self.players + 1)]
        for name, seat in (("initiator", self.initiator), ("target", self.target)):
            if seat not in seats:
                raise ValueError(f"{name} {seat!r} is not a seat ({', '.join(seats)})")
        if self.initiator == self.target:
            raise ValueError("the initiator cannot be its own primary target")
        for seat in [*self.hidden, *self.rooms]:
            if seat not in seats:
                raise ValueError(f"{seat!r} is not a seat ({', '.join(seats)})")
        if self.target in self.hidden and self.start != "random":
            raise ValueError(f"the primary target {self.target} cannot be Hidden")
        if len(self.characters) > self.players:
            raise ValueError("more characters than players")
        return self


@dataclass(frozen=True)
class Opening:
    """How the opening Combat Encounter begins."""

    kind: Kind
    initiator: str
    target: str
    hidden: tuple[str, ...]


def players_for(cat: Catalog, options: CombatOptions, seats: tuple[str, ...]) -> dict[str, Player]:
    """A Player per seat, with their Character's Health, tokens and starting items."""
    known = cat.characters
    chosen = list(options.characters)
    rest = [c for c in known if c not in chosen]
    for character_id in chosen:
        if character_id not in known:
            raise UsageError(f"option --characters: no character {character_id!r}"
                             f"{did_you_mean(character_id, known)}; characters: "
                             f"{', '.join(known)}")
    if len(set(chosen)) != len(chosen):
        raise UsageError("option --characters: a character is named twice")
    ids = chosen + rest
    if len(ids) < len(seats):
        raise UsageError(f"the content has {len(known)} characters for {len(seats)} players")
    start = cat.content.dungeon.start
    for seat, room in options.rooms.items():
        if room not in cat.room_names:
            raise UsageError(f"option --rooms: {seat}={room}: no room {room!r}"
                             f"{did_you_mean(room, cat.room_names)}")
    players = {}
    for seat, character_id in zip(seats, ids, strict=False):
        character = known[character_id]
        out = character.loadout
        weapons = [*out.weapons, None, None][:2]
        slots: dict[str, str | None] = dict(zip(WEAPON_SLOTS, weapons, strict=True))
        slots["armor"], slots["plot-armor"] = out.armor, out.plot_armor
        players[seat] = Player(seat, character, options.rooms.get(seat, start), character.health,
                               character.kaos, character.rerolls, slots, list(out.backpack))
    return players


def opening_for(state: State, options: CombatOptions, rng: Any) -> Opening:
    """The opening, from the options or drawn at random (``--start random``)."""
    seats = list(state.players)
    if options.start != "random":
        opening = Opening(options.start, options.initiator, options.target,
                          tuple(options.hidden))
    else:
        kind: Kind = rng.choice(("ambush", "challenge", "gong"))
        initiator = rng.choice(seats)
        room = state.players[initiator].room
        targets = [s for s in seats if s != initiator and state.players[s].room == room]
        if not targets:
            raise UsageError("--start random: nobody shares a Room with the initiator")
        target = rng.choice(targets)
        hidden = tuple(s for s in seats if s not in (initiator, target) and rng.below(4) == 0)
        opening = Opening(kind, initiator, target, hidden)
    if state.players[opening.target].room != state.players[opening.initiator].room:
        raise UsageError(f"the primary target {opening.target} is not in the Room of the "
                         f"initiator {opening.initiator}")
    return opening
