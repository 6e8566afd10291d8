"""The Combat Actions (06_COMBAT_ENCOUNTER): Attack, Recover Dropped Weapon, Disengage,
Flee, or none. A Combatant takes at most one per Combat Turn.

An option id names the action and its arguments: ``attack:<target>:<option>``,
``recover:<slot>``, ``disengage:<room>``, ``flee:<room>``, ``decline``; the Equip Free
Action adds ``equip:<item>:<slot>`` and ``stow:<slot>`` (:mod:`.inventory`).
"""

from __future__ import annotations

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.combat_encounter.attack import attack, attack_options, attack_targets
from rulekeeper.rulesets.combat_encounter.death import leave_combat
from rulekeeper.rulesets.combat_encounter.inventory import equip_moves
from rulekeeper.rulesets.combat_encounter.random_encounters import draw_random_encounter
from rulekeeper.rulesets.combat_encounter.table import CombatTable, Encounter


@cites("combat.turn.standard-combat-actions")
def combat_actions(table: CombatTable, encounter: Encounter, seat: str,
                   free: bool) -> list[tuple[str, str]]:
    """The Combat Actions open to ``seat`` now (plus the Equip Free Action when ``free``)."""
    state, cat = table.state, table.prepared
    player = state.player(seat)
    cites("combat.attack.action-type", "combat.attack.is-combat-action",
          "combat.melee-attack.action-type", "combat.ranged-attack.action-type")
    found = [(f"attack:{target}:{o.key}",
              f"Attack {state.shown(target)} with {o.name} ({o.mode}, {o.damage})")
             for target in attack_targets(encounter, seat)
             for o in attack_options(table, player, encounter)]
    cites("combat.recover-weapon.action-type", "combat.recover-weapon.requirement")
    found += [(f"recover:{slot}", f"Recover Dropped {cat.items[str(player.slots[slot])].name}")
              for slot in sorted(player.dropped)]
    cites("combat.disengage.adjacent-room", "combat.flee.adjacent-room",
          "combat.encounter.portrait-position")
    neighbours = cat.board.neighbours(encounter.room)
    cites("combat.variables.lookup", "combat.variables.disengage-cost")
    cost = cat.content.variables.DISENGAGE_COST
    cites("combat.disengage.action-type", "combat.disengage.cost",
          "combat.disengage.cannot-afford.a", "combat.disengage.cannot-afford.b")
    if player.kaos >= cost:
        found += [(f"disengage:{room}", f"Disengage to {cat.room_name(room)} ({cost} Kaos)")
                  for room in neighbours]
    cites("combat.flee.action-type")
    found += [(f"flee:{room}", f"Flee to {cat.room_name(room)} (draw a Random Encounter)")
              for room in neighbours]
    if free:
        cites("combat.turn.actions.a")
        found += equip_moves(table, player)
    found.append(("decline", "Decline to take a Combat Action"))
    return found


def take_combat_action(table: CombatTable, encounter: Encounter, seat: str,
                       choice: str) -> Asks[bool]:
    """Resolve the chosen Combat Action in full; True when the Combatant fled."""
    action, _, rest = choice.partition(":")
    if action == "attack":
        target, _, key = rest.partition(":")
        yield from attack(table, encounter, seat, target, key)
    elif action == "recover":
        recover_dropped_weapon(table, encounter, seat, rest)
    elif action == "disengage":
        disengage(table, seat, rest)
    elif action == "flee":
        yield from flee(table, seat, rest)
        return True
    else:
        cites("combat.first-attack.not-forced")
        table.emit("combat.declined", "combat.turn.may-decline", who=table.state.label(seat))
    return False


@cites("combat.recover-weapon.uses-combat-action", "combat.recover-weapon.available-immediately",
       "combat.recover-weapon.no-attack-same-turn")
def recover_dropped_weapon(table: CombatTable, encounter: Encounter, seat: str,
                           slot: str) -> None:
    """Flip one Dropped Weapon face up: it can Attack again, but not this Combat Turn."""
    player = table.state.player(seat)
    player.dropped.discard(slot)
    encounter.recovered = slot
    table.emit("weapon.recovered", "combat.recover-weapon.procedure", who=player.label,
               weapon=table.prepared.items[str(player.slots[slot])].name,
               slot=table.slot_called(slot))


@cites("combat.disengage.not-move-action", "combat.disengage.no-perception-check",
       "combat.disengage.no-random-encounter", "combat.disengage.jelly-cube",
       "combat.summary.disengage")
def disengage(table: CombatTable, seat: str, room: str) -> None:
    """Spend [DISENGAGE_COST], move to the adjacent Room, leave Combat and Combat Order.

    Not a Move Action: no Perception Check, no Random Encounter; a Jelly Cube Room is open.
    """
    player = table.state.player(seat)
    cost = table.prepared.content.variables.DISENGAGE_COST
    player.kaos -= cost
    player.room = room
    table.state.metrics["disengages"] += 1
    table.emit("disengage", "combat.disengage.procedure", who=player.label, kaos=cost,
               room=table.prepared.room_name(room), jelly=" (a Jelly Cube is there)"
               if room in table.prepared.jelly_rooms else "")
    leave_combat(table, seat, "disengaged", "combat.combatants.leave.c")


@cites("combat.flee.not-move-action", "combat.flee.no-perception-check",
       "combat.flee.jelly-cube", "combat.end-condition.flee-delay", "combat.summary.flee")
def flee(table: CombatTable, seat: str, room: str) -> Asks[None]:
    """Move to the adjacent Room, leave Combat, pause it, draw and resolve one Random
    Encounter (with any Death and Victory Check it causes); the Combat End Condition is
    checked only after that (by the caller)."""
    player = table.state.player(seat)
    player.room = room
    table.state.metrics["flees"] += 1
    table.emit("flee", "combat.flee.procedure", who=player.label,
               room=table.prepared.room_name(room),
               jelly=" (a Jelly Cube is there)" if room in table.prepared.jelly_rooms else "")
    leave_combat(table, seat, "fled", "combat.combatants.leave.d")
    table.emit("combat.paused", "combat.flee.procedure", who=player.label)
    cites("combat.flee.random-encounter-ref")
    yield from draw_random_encounter(table, seat, "combat.flee.draws-random-encounter")
