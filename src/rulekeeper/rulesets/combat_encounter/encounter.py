"""A Combat Encounter, from its initiation sequence to its end (06_COMBAT_ENCOUNTER).

1. Combat Room, 2. initiating Player, 3. primary target, 4. Combatants, 5. Combat Order,
6. Combat Turns until fewer than two Combatants remain; then Dropped Weapons are
restored and the Combat Encounter state is removed. What each Combat Action does is in
:mod:`.actions`.
"""

from __future__ import annotations

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.combat_encounter.actions import combat_actions, take_combat_action
from rulekeeper.rulesets.combat_encounter.clock import tick
from rulekeeper.rulesets.combat_encounter.inventory import apply_move
from rulekeeper.rulesets.combat_encounter.order import determine_combat_order
from rulekeeper.rulesets.combat_encounter.rulings import FleeNext
from rulekeeper.rulesets.combat_encounter.table import CombatTable, Encounter

INITIATION = {"ambush": ("combat.overview.initiation.a", "combat.initiation.ambush-initiator"),
              "challenge": ("combat.overview.initiation.b",
                            "combat.initiation.challenge-initiator"),
              "gong": ("combat.overview.initiation.c", "combat.initiation.other-rule-initiator")}
"""How a Combat Encounter begins, by kind: the rule that begins it, the rule naming its
initiating Player."""


@cites("combat.overview.interrupts-gameplay", "combat.encounter.pauses-gameplay",
       "combat.encounter.fully-resolved", "sample.game.combat-encounters",
       "combat.summary.combat-encounter", "combat.initiation.sequence")
def combat_encounter(table: CombatTable, kind: str, initiator: str, target: str,
                     initiator_won: bool | None = None) -> Asks[None]:
    """Run a Combat Encounter begun by ``kind`` (ambush, challenge, gong) to its end.

    It interrupts whatever called it (a Turn Action, a rule) and returns only when it has
    ended: nothing of normal gameplay happens in between.
    """
    begins_rule, initiator_rule = INITIATION[kind]
    state = table.state
    state.metrics["encounters"] += 1
    cites("combat.encounter.portrait-position", "combat.combat-room.fixed-at-start",
          "combat.encounter.in-a-room", "combat.encounter.combat-room",
          "combat.combat-room.definition")
    room = state.player(initiator).room  # 1. the Combat Room: the initiator's Portrait's
    assert room is not None
    table.emit("combat.begins", begins_rule, by=kind,
               interrupted="the Player Turn of " + state.label(state.active)
               if state.active else "no Player Turn")
    table.emit("combat.room", "combat.initiation.combat-room-of-initiator",
               room=table.prepared.room_name(room))
    cites("combat.initiation.initiating-player", "combat.first-attack.identify-pair")
    table.emit("combat.initiator", initiator_rule, who=state.label(initiator))
    table.emit("combat.target", "combat.initiation.primary-target", who=state.label(target))
    encounter = Encounter(room, kind, initiator, target)
    others = identify_combatants(table, encounter)
    state.encounter = encounter
    yield from determine_combat_order(table, encounter, others, initiator_won)
    encounter.first = encounter.order[0]
    yield from combat_turns(table, encounter)
    end_encounter(table, encounter)


@cites("combat.combatants.definition", "combat.combatants.initiator",
       "combat.combatants.primary-target", "combat.summary.combatants")
def identify_combatants(table: CombatTable, encounter: Encounter) -> list[str]:
    """The initiating pair and every other non-Hidden Surviving Player in the Combat Room;
    returns the others (seat order). The pair loses Hidden on becoming Combatants."""
    state = table.state
    for seat in (encounter.initiator, encounter.target):
        player = state.player(seat)
        if "hidden" in player.statuses:
            player.statuses.remove("hidden")
            table.emit("status.lost", "sample.actions.hide", who=player.label, status="Hidden")
    others: list[str] = []
    hidden: list[str] = []
    for seat, player in state.players.items():
        if seat in (encounter.initiator, encounter.target) or not player.alive:
            continue
        if player.room == encounter.room:
            cites("combat.combat-room.portrait-required")
            (hidden if "hidden" in player.statuses else others).append(seat)
    encounter.order = [encounter.initiator, encounter.target, *others]
    table.emit("combat.combatants", "combat.combatants.others-in-room",
               combatants=[state.label(s) for s in encounter.order])
    for seat in hidden:  # told to each Hidden Player alone: the others do not know they are here
        table.emit("combat.hidden", "combat.combatants.hidden-excluded", to=(seat,),
                   who=state.label(seat), room=table.prepared.room_name(encounter.room))
    return others


@cites("combat.order.definition", "combat.order.determined-once", "combat.order.unchanged",
       "combat.encounter.definition", "combat.end-condition.continues")
def combat_turns(table: CombatTable, encounter: Encounter) -> Asks[None]:
    """Combat Turns in Combat Order, wrapping around, while two or more Combatants remain.

    Combat Order is never redetermined: a Combatant who leaves is only taken out of it.
    """
    actor = encounter.order[0]
    while True:
        place = encounter.order.index(actor)
        after = encounter.order[place + 1:] + encounter.order[:place + 1]
        fled = yield from combat_turn(table, encounter, actor)
        # after the Combat Turn (a Flee's Random Encounter included) and every removal in it
        cites("combat.end-condition.check-points", "combat.turn.resume-if-condition",
              "combat.end-condition.ends-immediately", "combat.summary.end",
              "combat.turn.fully-resolved")
        if len(encounter.order) < 2:
            return
        if encounter.first == actor:
            encounter.first = None
            # said only of a Combatant still fighting (since version 3)
            if actor in encounter.order or not table.ruleset.made("first-over-in-combat"):
                table.emit("first-attack.over", "combat.first-attack.normal-after-first-turn",
                           who=table.state.label(actor))
        if fled and table.rulings.flee_next is FleeNext.FIRST:
            actor = encounter.order[0]
            table.emit("combat.resumes", "combat.ruling.flee-next", who=table.state.label(actor))
            continue
        following = next(s for s in after if s in encounter.order)
        if fled:
            table.emit("combat.resumes", "combat.flee.procedure",
                       who=table.state.label(following))
        elif after.index(following) >= len(after) - place - 1:
            table.emit("order.wraps", "combat.order.wraps", who=table.state.label(following))
        actor = following


@cites("combat.turn.not-player-turn", "combat.summary.combat-turn")
def combat_turn(table: CombatTable, encounter: Encounter, seat: str) -> Asks[bool]:
    """One Combat Turn: an optional Equip Free Action, then one Combat Action or none.

    It is not a Player Turn: no Turn Action is spent and no end-of-turn effect follows.
    Returns True when the Combatant fled.
    """
    tick(table)
    player = table.state.player(seat)
    encounter.current, encounter.recovered = seat, None
    encounter.turns += 1
    restricted = encounter.first == seat
    table.emit("combat.turn", "combat.turn.definition", who=player.label, turn=encounter.turns,
               note=" (first Combat Turn: may only Attack the other of the initiating pair)"
               if restricted else "")
    free = True
    while True:
        choice = yield Decision(seat, "combat-action",
                                options(combat_actions(table, encounter, seat, free)),
                                "combat.turn.actions.b",
                                f"{player.character.name}, choose a Combat Action")
        if not choice.startswith(("equip:", "stow:")):
            break
        cites("combat.turn.free-actions-rules")
        apply_move(table, player, choice, "combat.turn.actions.a")
        free = False
    fled = yield from take_combat_action(table, encounter, seat, choice)
    encounter.current = None
    return fled


def end_encounter(table: CombatTable, encounter: Encounter) -> None:
    """Fewer than two Combatants remain: restore every Dropped Weapon, remove the state."""
    table.emit("combat.ends", "combat.end-condition.end",
               remaining=[table.state.label(s) for s in encounter.order] or ["nobody"])
    cites("combat.dropped-weapon.restored-at-end", "combat.dropped-weapon.restore-face-up")
    for player in table.state.players.values():
        for slot in sorted(player.dropped):
            table.emit("weapon.restored", "combat.end.restore-dropped-weapons", who=player.label,
                       weapon=table.prepared.items[str(player.slots[slot])].name,
                       slot=table.slot_called(slot))
        player.dropped.clear()
    table.state.encounter = None
    table.emit("combat.removed", "combat.end.remove-state")
