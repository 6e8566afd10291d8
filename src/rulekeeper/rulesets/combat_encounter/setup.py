"""Setup: the Players with their Characters, the Random Encounter deck, and the opening.

A game opens with a Combat Encounter: by default Player p1 Ambushes p2 on p1's first
Player Turn, every Portrait in the dungeon's start Room. ``--start challenge`` opens
with a Challenge, ``--start gong`` with the sample Opening Gong (a rule that initiates
Combat outside any Player Turn), ``--start random`` draws kind, pair and Hidden Players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from rulekeeper.core.errors import UsageError
from rulekeeper.core.rulings import did_you_mean
from rulekeeper.rulesets.combat_encounter.catalogue import Catalogue
from rulekeeper.rulesets.combat_encounter.random_encounters import build_deck
from rulekeeper.rulesets.combat_encounter.table import (
    NAMES,
    WEAPON_SLOTS,
    CombatOptions,
    CombatTable,
    Player,
    State,
    emit_where,
    seat_name,
)

Kind = Literal["ambush", "challenge", "gong"]

@dataclass(frozen=True)
class Opening:
    """How the opening Combat Encounter begins."""

    kind: Kind
    initiator: str
    target: str
    hidden: tuple[str, ...]


def players_for(cat: Catalogue, options: CombatOptions, seats: tuple[str, ...],
                named: bool) -> dict[str, Player]:
    """A Player per seat, with their Character's Health, tokens and starting items; the
    events call its seat by its name (``Player 1``) when ``named``, else by its id."""
    known = cat.characters
    chosen = list(options.characters)
    rest = [c for c in known if c not in chosen]
    for character_id in chosen:
        if character_id not in known:
            raise UsageError(f"characters: no character {character_id!r}"
                             f"{did_you_mean(character_id, known)}; characters: "
                             f"{', '.join(known)}")
    if len(set(chosen)) != len(chosen):
        raise UsageError("characters: a character is named twice")
    ids = chosen + rest
    if len(ids) < len(seats):
        raise UsageError(f"the content has {len(known)} characters for {len(seats)} players")
    start = cat.content.dungeon.start
    for seat, room in options.rooms.items():
        if room not in cat.room_names:
            raise UsageError(f"rooms: {seat}={room}: no room {room!r}"
                             f"{did_you_mean(room, cat.room_names)}")
    players = {}
    for seat, character_id in zip(seats, ids, strict=False):
        character = known[character_id]
        out = character.loadout
        weapons = [*out.weapons, None, None][:2]
        slots: dict[str, str | None] = dict(zip(WEAPON_SLOTS, weapons, strict=True))
        slots["armor"], slots["plot-armor"] = out.armor, out.plot_armor
        players[seat] = Player(seat, character, options.rooms.get(seat, start), character.health,
                               character.kaos, character.rerolls, slots, list(out.backpack),
                               seat_name(seat) if named else seat)
    return players


def opening_for(state: State, options: CombatOptions, rng: Any) -> Opening:
    """The opening, from the options or drawn at random (``--start random``)."""
    seats = list(state.players)
    if options.start != "random":
        assert options.initiator is not None and options.target is not None
        opening = Opening(options.start, options.initiator, options.target,
                          tuple(options.hidden))
    else:
        kind: Kind = rng.choice(("ambush", "challenge", "gong"))
        initiator = rng.choice(seats)
        room = state.players[initiator].room
        targets = [s for s in seats if s != initiator and state.players[s].room == room]
        if not targets:
            raise UsageError("a random start: nobody shares a Room with the drawn initiator")
        target = rng.choice(targets)
        hidden = tuple(s for s in seats if s not in (initiator, target) and rng.below(4) == 0)
        opening = Opening(kind, initiator, target, hidden)
    if state.players[opening.target].room != state.players[opening.initiator].room:
        raise UsageError(f"the primary target {opening.target} is not in the Room of the "
                         f"initiator {opening.initiator}")
    return opening


def set_up(table: CombatTable) -> Opening:
    """The Players, the shuffled deck, the Portraits' Rooms and Hidden Players, announced;
    returns how the opening Combat Encounter begins."""
    state = State(players_for(table.prepared, table.options, table.seats,
                              table.ruleset.made(NAMES)), deck=[])
    table.state = state
    state.deck = build_deck(table)
    opening = opening_for(state, table.options, table.rng)
    for seat in opening.hidden:
        state.players[seat].statuses.append("hidden")
    own_line = table.ruleset.made("hidden-setup-line")
    for player in state.players.values():  # one line for each seat: a Hidden one's Room to it
        kind = "setup.hidden.own" if own_line and player.seat in opening.hidden else "setup"
        emit_where(table, player.seat, kind, "sample.game.setup", "setup.hidden", "room",
                   who=player.called, character=player.character.name,
                   room=table.prepared.room_name(player.room))
    if table.options.start == "random":
        table.emit("setup.random", "sample.game.setup", by=opening.kind,
                   initiator=state.players[opening.initiator].label,
                   target=state.players[opening.target].label,
                   hidden=[state.players[s].label for s in opening.hidden] or ["nobody"])
    for seat in () if own_line else opening.hidden:  # before version 3: one more line each
        table.emit("status.gained", "sample.game.setup", who=state.players[seat].label,
                   status="Hidden")
    return opening
