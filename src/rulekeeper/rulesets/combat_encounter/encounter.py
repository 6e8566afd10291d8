"""A Combat Encounter, from its initiation sequence to its end (06_COMBAT_ENCOUNTER).

1. Combat Room, 2. initiating Player, 3. primary target, 4. Combatants, 5. Combat Order,
6. Combat Turns until fewer than two Combatants remain; then Dropped Weapons are
restored and the Combat Encounter state is removed.
"""

from __future__ import annotations

from rulekeeper.core.decisions import Decision, options
from rulekeeper.rulesets.combat_encounter.attack import attack, attack_options, attack_targets
from rulekeeper.rulesets.combat_encounter.checks import Asks
from rulekeeper.rulesets.combat_encounter.clock import tick
from rulekeeper.rulesets.combat_encounter.death import leave_combat
from rulekeeper.rulesets.combat_encounter.inventory import apply_move, equip_moves
from rulekeeper.rulesets.combat_encounter.order import determine_combat_order
from rulekeeper.rulesets.combat_encounter.random_encounters import draw_random_encounter
from rulekeeper.rulesets.combat_encounter.state import Ctx, Encounter

INITIATION = {"ambush": ("combat.overview.initiation.a", "combat.initiation.ambush-initiator"),
              "challenge": ("combat.overview.initiation.b",
                            "combat.initiation.challenge-initiator"),
              "gong": ("combat.overview.initiation.c", "combat.initiation.other-rule-initiator")}


def combat_encounter(ctx: Ctx, kind: str, initiator: str, target: str,
                     initiator_won: bool | None = None) -> Asks:
    """Run a Combat Encounter begun by ``kind`` (ambush, challenge, gong) to its end."""
    begins_rule, initiator_rule = INITIATION[kind]
    state = ctx.state
    state.metrics["encounters"] += 1
    room = ctx.player(initiator).room
    assert room is not None
    ctx.emit("combat.begins", begins_rule, by=kind,
             interrupted="the Player Turn of " + ctx.player(state.active).label
             if state.active else "no Player Turn")
    ctx.emit("combat.room", "combat.initiation.combat-room-of-initiator", room=ctx.room_name(room))
    ctx.emit("combat.initiator", initiator_rule, who=ctx.player(initiator).label)
    ctx.emit("combat.target", "combat.initiation.primary-target", who=ctx.player(target).label)
    encounter = Encounter(room, kind, initiator, target)
    others = identify_combatants(ctx, encounter)
    state.encounter = encounter
    yield from determine_combat_order(ctx, encounter, others, initiator_won)
    encounter.first = encounter.order[0]
    yield from combat_turns(ctx, encounter)
    end_encounter(ctx, encounter)


def identify_combatants(ctx: Ctx, encounter: Encounter) -> list[str]:
    """The initiating pair and every other non-Hidden Surviving Player in the Combat Room;
    returns the others (seat order). The pair loses Hidden on becoming Combatants."""
    for seat in (encounter.initiator, encounter.target):
        player = ctx.player(seat)
        if "hidden" in player.statuses:
            player.statuses.remove("hidden")
            ctx.emit("status.lost", "sample.actions.hide", who=player.label, status="Hidden")
    others: list[str] = []
    hidden: list[str] = []
    for seat, player in ctx.state.players.items():
        if seat in (encounter.initiator, encounter.target) or not player.alive:
            continue
        if player.room == encounter.room:
            (hidden if "hidden" in player.statuses else others).append(seat)
    encounter.order = [encounter.initiator, encounter.target, *others]
    ctx.emit("combat.combatants", "combat.combatants.others-in-room",
             combatants=[ctx.player(s).label for s in encounter.order])
    for seat in hidden:  # told to each Hidden Player alone: the others do not know they are here
        ctx.emit("combat.hidden", "combat.combatants.hidden-excluded", to=(seat,),
                 who=ctx.player(seat).label, room=ctx.room_name(encounter.room))
    return others


def combat_turns(ctx: Ctx, encounter: Encounter) -> Asks:
    """Combat Turns in Combat Order, wrapping around, while two or more Combatants remain."""
    actor = encounter.order[0]
    while True:
        place = encounter.order.index(actor)
        after = encounter.order[place + 1:] + encounter.order[:place + 1]
        fled = yield from combat_turn(ctx, encounter, actor)
        if len(encounter.order) < 2:
            return
        if encounter.first == actor:
            encounter.first = None
            ctx.emit("first-attack.over", "combat.first-attack.normal-after-first-turn",
                     who=ctx.player(actor).label)
        if fled and ctx.rulings["flee-next"] == "first":
            actor = encounter.order[0]
            ctx.emit("combat.resumes", "combat.ruling.flee-next", who=ctx.player(actor).label)
            continue
        following = next(s for s in after if s in encounter.order)
        if fled:
            ctx.emit("combat.resumes", "combat.flee.procedure", who=ctx.player(following).label)
        elif after.index(following) >= len(after) - place - 1:
            ctx.emit("order.wraps", "combat.order.wraps", who=ctx.player(following).label)
        actor = following


def combat_actions(ctx: Ctx, encounter: Encounter, seat: str, free: bool) -> list[tuple[str, str]]:
    """The Combat Actions open to ``seat`` now (plus the Equip Free Action when ``free``)."""
    player = ctx.player(seat)
    labels = {s: ctx.player(s).label for s in encounter.order}
    found = [(f"attack:{target}:{o.key}",
              f"Attack {labels[target]} with {o.name} ({o.mode}, {o.damage})")
             for target in attack_targets(encounter, seat)
             for o in attack_options(ctx, player, encounter)]
    found += [(f"recover:{slot}", f"Recover Dropped {ctx.cat.items[str(player.slots[slot])].name}")
              for slot in sorted(player.dropped)]
    neighbours = ctx.cat.board.neighbours(encounter.room)
    cost = ctx.cat.content.variables.DISENGAGE_COST
    if player.kaos >= cost:
        found += [(f"disengage:{room}", f"Disengage to {ctx.room_name(room)} ({cost} Kaos)")
                  for room in neighbours]
    found += [(f"flee:{room}", f"Flee to {ctx.room_name(room)} (draw a Random Encounter)")
              for room in neighbours]
    if free:
        found += equip_moves(ctx, player)
    found.append(("decline", "Decline to take a Combat Action"))
    return found


def combat_turn(ctx: Ctx, encounter: Encounter, seat: str) -> Asks:
    """One Combat Turn: an optional Equip Free Action, then one Combat Action or none.

    Returns True when the Combatant fled.
    """
    tick(ctx)
    player = ctx.player(seat)
    encounter.current, encounter.recovered = seat, None
    encounter.turns += 1
    restricted = encounter.first == seat
    ctx.emit("combat.turn", "combat.turn.definition", who=player.label, turn=encounter.turns,
             note=" (first Combat Turn: may only Attack the other of the initiating pair)"
             if restricted else "")
    free = True
    while True:
        choice = yield Decision(seat, "combat-action",
                                options(combat_actions(ctx, encounter, seat, free)),
                                "combat.turn.actions.b", f"{player.label}: choose a Combat Action")
        if not choice.startswith(("equip:", "stow:")):
            break
        apply_move(ctx, player, choice, "combat.turn.actions.a")
        free = False
    action, _, rest = choice.partition(":")
    fled = False
    if action == "attack":
        target, _, key = rest.partition(":")
        yield from attack(ctx, encounter, seat, target, key)
    elif action == "recover":
        recover_dropped_weapon(ctx, encounter, seat, rest)
    elif action == "disengage":
        disengage(ctx, seat, rest)
    elif action == "flee":
        yield from flee(ctx, seat, rest)
        fled = True
    else:
        ctx.emit("combat.declined", "combat.turn.may-decline", who=player.label)
    encounter.current = None
    return fled


def recover_dropped_weapon(ctx: Ctx, encounter: Encounter, seat: str, slot: str) -> None:
    """Flip one Dropped Weapon face up; it is not used to Attack this Combat Turn."""
    player = ctx.player(seat)
    player.dropped.discard(slot)
    encounter.recovered = slot
    ctx.emit("weapon.recovered", "combat.recover-weapon.procedure", who=player.label,
             weapon=ctx.cat.items[str(player.slots[slot])].name, slot=slot)


def disengage(ctx: Ctx, seat: str, room: str) -> None:
    """Spend [DISENGAGE_COST], move to the adjacent Room, leave Combat and Combat Order.
    Not a Move Action: no Perception Check, no Random Encounter."""
    player = ctx.player(seat)
    cost = ctx.cat.content.variables.DISENGAGE_COST
    player.kaos -= cost
    player.room = room
    ctx.state.metrics["disengages"] += 1
    ctx.emit("disengage", "combat.disengage.procedure", who=player.label, kaos=cost,
             room=ctx.room_name(room), jelly=" (a Jelly Cube is there)"
             if room in ctx.cat.jelly_rooms else "")
    leave_combat(ctx, seat, "disengaged", "combat.combatants.leave.c")


def flee(ctx: Ctx, seat: str, room: str) -> Asks:
    """Move to the adjacent Room, leave Combat, pause it, draw and resolve one Random
    Encounter (with any Death and Victory Check it causes); then Combat may resume."""
    player = ctx.player(seat)
    player.room = room
    ctx.state.metrics["flees"] += 1
    ctx.emit("flee", "combat.flee.procedure", who=player.label, room=ctx.room_name(room),
             jelly=" (a Jelly Cube is there)" if room in ctx.cat.jelly_rooms else "")
    leave_combat(ctx, seat, "fled", "combat.combatants.leave.d")
    ctx.emit("combat.paused", "combat.flee.procedure", who=player.label)
    yield from draw_random_encounter(ctx, seat, "combat.flee.draws-random-encounter")


def end_encounter(ctx: Ctx, encounter: Encounter) -> None:
    """Fewer than two Combatants remain: restore every Dropped Weapon, remove the state."""
    ctx.emit("combat.ends", "combat.end-condition.end",
             remaining=[ctx.player(s).label for s in encounter.order] or ["nobody"])
    for player in ctx.state.players.values():
        for slot in sorted(player.dropped):
            ctx.emit("weapon.restored", "combat.end.restore-dropped-weapons", who=player.label,
                     weapon=ctx.cat.items[str(player.slots[slot])].name, slot=slot)
        player.dropped.clear()
    ctx.state.encounter = None
    ctx.emit("combat.removed", "combat.end.remove-state")
