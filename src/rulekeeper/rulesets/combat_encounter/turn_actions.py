"""The Turn Actions of a Player Turn (sample 05_ACTIONS): Move, Hide, Ambush, Challenge.

Ambush and an accepted Challenge begin a Combat Encounter, which interrupts the Player
Turn; afterwards the turn continues, or ends if the Active Player died.
"""

from __future__ import annotations

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.combat_encounter.checks import critical_rewards, stat_check
from rulekeeper.rulesets.combat_encounter.encounter import combat_encounter
from rulekeeper.rulesets.combat_encounter.inventory import equip_moves
from rulekeeper.rulesets.combat_encounter.random_encounters import draw_random_encounter
from rulekeeper.rulesets.combat_encounter.table import CombatTable, emit_where


@cites("sample.actions.turn-actions", "sample.game.rooms")
def turn_actions(table: CombatTable, seat: str, free: bool) -> list[tuple[str, str]]:
    """The Turn Actions (and Equip moves, when ``free``) open to the Active Player."""
    player = table.state.player(seat)
    cat = table.prepared
    room = player.room
    assert room is not None
    found = [(f"move:{r}", f"Move to {cat.room_name(r)}")
             for r in cat.board.neighbours(room) if r not in cat.jelly_rooms]
    if "hidden" not in player.statuses:
        found.append(("hide", "Hide"))
    for other in targets_in_room(table, seat):
        label = table.state.shown(other)
        found += [(f"ambush:{other}", f"Ambush {label}"),
                  (f"challenge:{other}", f"Challenge {label}")]
    if free:
        found += equip_moves(table, player)
    found.append(("end-turn", "End the turn"))
    return found


def targets_in_room(table: CombatTable, seat: str) -> list[str]:
    """Surviving, non-Hidden other Players whose Portrait is in ``seat``'s Room."""
    room = table.state.player(seat).room
    return [s for s, p in table.state.players.items()
            if s != seat and p.alive and p.room == room and "hidden" not in p.statuses]


def turn_action(table: CombatTable, seat: str, choice: str) -> Asks[None]:
    action, _, arg = choice.partition(":")
    player = table.state.player(seat)
    if action == "move":
        yield from move(table, seat, arg)
    elif action == "hide":
        player.statuses.append("hidden")
        player.sighted, player.hidden_moves = player.room, 0
        table.emit("status.gained", "sample.actions.hide", who=player.label, status="Hidden")
    elif action == "ambush":
        table.emit("ambush", "sample.actions.ambush", who=player.label,
                   target=table.state.label(arg))
        yield from combat_encounter(table, "ambush", seat, arg)
        after_combat(table, seat)
    else:
        yield from challenge(table, seat, arg)


def move(table: CombatTable, seat: str, room: str) -> Asks[None]:
    """Move Action, its Perception Check, and a Random Encounter if the check fails."""
    player = table.state.player(seat)
    player.room = room
    player.hidden_moves += 1
    emit_where(table, seat, "move", "sample.actions.move.a", "move.hidden", "room",
               who=player.label, room=table.prepared.room_name(room))
    tn = table.prepared.content.game.perception_tn
    check = yield from stat_check(table, seat, "perception", "Move Action Perception",
                                  "sample.actions.move.b", tn=tn)
    passed = check.natural == 20 or (check.natural != 1 and check.total >= tn)
    table.emit("perception.result", "sample.core.natural-results" if check.natural in (1, 20)
               else "sample.actions.move.b", who=player.label, total=check.total, tn=tn,
               outcome="succeeds" if passed else "fails")
    critical_rewards(table, seat, check.natural)
    if not passed:
        yield from draw_random_encounter(table, seat, "sample.actions.move.c")


def challenge(table: CombatTable, seat: str, target: str) -> Asks[None]:
    """Challenge Action: the target accepts or declines; if accepted, a Contested Quickness
    Check (a tie is not a win) and a Combat Encounter."""
    player, other = table.state.player(seat), table.state.player(target)
    table.emit("challenge", "sample.actions.challenge", who=player.label, target=other.label)
    answer = yield Decision(target, "challenge-response",
                            options([("accept", "Accept the Challenge"),
                                     ("decline", "Decline the Challenge")]),
                            "sample.actions.challenge",
                            f"{player.shown} challenges {other.character.name}")
    if answer == "decline":
        table.emit("challenge.declined", "combat.overview.initiation.b", who=other.label)
        return
    table.emit("challenge.accepted", "combat.overview.initiation.b", who=other.label)
    mine = yield from stat_check(table, seat, "quickness", "Challenge",
                                 "sample.core.contested-check")
    theirs = yield from stat_check(table, target, "quickness", "Challenge",
                                   "sample.core.contested-check")
    won = mine.total > theirs.total
    table.emit("challenge.result", "sample.actions.challenge", who=player.label,
               mine=mine.total, theirs=theirs.total, target=other.label,
               outcome="wins" if won else "does not win")
    critical_rewards(table, seat, mine.natural)
    critical_rewards(table, target, theirs.natural)
    yield from combat_encounter(table, "challenge", seat, target, won)
    after_combat(table, seat)


@cites("combat.end.resume-interrupted")
def after_combat(table: CombatTable, seat: str) -> None:
    """The interrupted Player Turn continues, or ends if the Active Player died."""
    player = table.state.player(seat)
    if player.alive:
        table.emit("turn.continues", "combat.end.active-player-continues", who=player.label,
                   actions=table.state.actions_left)
    else:
        table.emit("turn.ended", "combat.end.active-player-turn-ends", who=player.label)
