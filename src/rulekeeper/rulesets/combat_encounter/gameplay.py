"""Normal gameplay around Combat (sample 02_GAME_STRUCTURE): the opening, Turn Order,
Player Turns and the end of a Player Turn.

Player Turns follow Turn Order; each gives the Active Player Turn Actions
(:mod:`.turn_actions`) and the Equip Free Action. A Player ending their own turn in a
Jelly Cube Room takes Damage. Taking part in Combat changes nobody's place in Turn Order.
"""

from __future__ import annotations

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks, Procedure
from rulekeeper.rulesets.combat_encounter.clock import tick
from rulekeeper.rulesets.combat_encounter.death import death_process
from rulekeeper.rulesets.combat_encounter.encounter import combat_encounter
from rulekeeper.rulesets.combat_encounter.inventory import apply_move
from rulekeeper.rulesets.combat_encounter.setup import Opening
from rulekeeper.rulesets.combat_encounter.table import CombatTable, emit_where
from rulekeeper.rulesets.combat_encounter.turn_actions import turn_action, turn_actions


def play_game(table: CombatTable, opening: Opening) -> Procedure:
    """The opening Combat Encounter, then rounds of Turn Order until the game ends (by
    :class:`~rulekeeper.core.ruleset.GameOver`: Victory, no Surviving Player, the clock)."""
    state = table.state
    seats = list(state.players)
    first = seats[0]
    if opening.kind == "gong":
        table.emit("gong", "sample.game.opening-gong", who=state.label(opening.initiator),
                   target=state.label(opening.target))
        yield from combat_encounter(table, "gong", opening.initiator, opening.target)
        table.emit("gameplay.resumes", "combat.end.outside-turn", who=state.label(first))
    else:
        first = opening.initiator
    start = seats.index(first)
    state.turn_order = seats[start:] + seats[:start]
    cites("combat.turn.player-turn-unaffected")  # Combatants keep their Player Turns
    if opening.kind == "gong":
        table.checkpoint()  # the opening Combat Encounter is over
        yield from player_turns(table, None)
    else:
        yield from player_turns(table, opening)  # its first Turn Action is the opening


def player_turns(table: CombatTable, opening: Opening | None) -> Procedure:
    """Player Turns in Turn Order, a round at a time, from ``state.next_turn`` (a checkpoint
    after each); ``opening`` makes the first one's first Turn Action the opening one."""
    state = table.state
    while True:
        if state.next_turn == 0:
            state.round += 1
            table.emit("round", "sample.game.turn-order", round=state.round,
                       order=[state.label(s) for s in state.turn_order])
        seat = state.turn_order[state.next_turn]
        if not state.player(seat).alive:
            table.emit("turn.skipped", "combat.end.turn-order-positions",
                       who=state.label(seat))
        else:
            yield from player_turn(table, seat, opening)
            opening = None
        state.next_turn = (state.next_turn + 1) % len(state.turn_order)
        table.checkpoint()


def player_turn(table: CombatTable, seat: str, opening: Opening | None) -> Asks[None]:
    """One Player Turn; ``opening`` makes its first Turn Action the opening one."""
    tick(table)
    state, player = table.state, table.state.player(seat)
    state.active, state.actions_left = seat, table.prepared.content.game.turn_actions
    table.emit("turn.begins", "sample.game.turn-order", who=player.label,
               actions=state.actions_left)
    if "hidden" in player.statuses:
        player.statuses.remove("hidden")
        table.emit("status.lost", "sample.actions.hide", who=player.label, status="Hidden")
    free = True
    while state.actions_left > 0 and player.alive:
        if opening is not None:
            choice, opening = f"{opening.kind}:{opening.target}", None
        else:
            choice = yield Decision(seat, "turn-action",
                                    options(turn_actions(table, seat, free)),
                                    "sample.actions.turn-actions",
                                    f"{player.character.name}, choose a Turn Action "
                                    f"({state.actions_left} left)")
        if choice.startswith(("equip:", "stow:")):
            apply_move(table, player, choice, "sample.actions.free-actions")
            free = False
            continue
        if choice == "end-turn":
            break
        state.actions_left -= 1
        yield from turn_action(table, seat, choice)
    if player.alive and player.room in table.prepared.jelly_rooms:
        yield from jelly_cube(table, seat)
    table.emit("turn.ends", "sample.game.turn-order", who=player.label)
    state.active = None


@cites("combat.disengage.end-of-turn-consequences", "combat.flee.end-of-turn-consequences")
def jelly_cube(table: CombatTable, seat: str) -> Asks[None]:
    """End of one's own Player Turn in a Jelly Cube Room: Damage (not Combat Damage).

    This is the end-of-turn consequence a Disengage or a Flee into that Room may bring.
    """
    player = table.state.player(seat)
    amount = table.prepared.content.game.jelly_cube_damage
    player.health -= amount
    emit_where(table, seat, "damage.other", "sample.game.jelly-cube-end-of-turn",
               "damage.other.hidden", "source", who=player.label, amount=amount,
               source="the Jelly Cube", health=max(player.health, 0))
    if player.health <= 0:
        yield from death_process(table, seat)
