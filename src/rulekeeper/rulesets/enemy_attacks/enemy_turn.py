"""An Enemy's turn (sample rules ``sample.enemy-turn.*``), run by the rules with no seat.

Attack if it can; otherwise move one area toward its would-be target, then
attack if it now can. An Enemy whose attack shows no attack does neither.
"""

from __future__ import annotations

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.events import counted
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.enemy_attacks.attack import break_tie, enemy_attack
from rulekeeper.rulesets.enemy_attacks.rulings import WouldBeDistance
from rulekeeper.rulesets.enemy_attacks.table import UNREACHABLE, Ally, Enemy, EnemyAttacksTable
from rulekeeper.rulesets.enemy_attacks.targeting import Candidate, best, not_eligible


def enemy_turn(table: EnemyAttacksTable, enemy: Enemy) -> Asks[None]:
    """One Enemy's turn, one step of the game's work budget."""
    table.spend()
    st = table.state
    st.active = enemy.id
    table.emit("enemy-turn", "sample.round.order", enemy=enemy.name, area=st.area_name(enemy.area))
    attack = enemy.spec.attack
    if attack.kind == "none":
        cites("sample.enemy-turn.no-attack-stays")
        table.emit("no-attack", "no-attack.no-attack", enemy=enemy.name)
        return
    cites("sample.enemy-turn.attack-if-able")
    if (yield from enemy_attack(table, enemy)):
        return
    only_if = "melee.eligible.only-if" if attack.kind == "melee" else "ranged.eligible.only-if"
    if table.logging:
        table.emit("no-target", only_if, enemy=enemy.name,
                   why=", ".join(not_eligible(st, enemy, [])) or "no Ally in play")
    goal = yield from would_be_target(table, enemy)
    if goal is None:
        return
    here, there = enemy.area, goal.area
    assert here is not None and there is not None
    walk = st.terrain.walk_distance
    steps = [a for a in st.moves(enemy) if walk(a, there) < walk(here, there)]
    if not steps:
        table.emit("enemy-stays", "sample.enemy-turn.move-toward", enemy=enemy.name,
                   target=goal.name, area=st.area_name(here))
        return
    to = steps[0]
    if len(steps) > 1:
        choice = yield Decision(
            st.lead, "enemy-move",
            options((f"area-{a}", f"{st.area_name(a)} ({_room(st.free(a))})") for a in steps),
            "sample.enemy-turn.move-toward",
            f"{enemy.name} moves toward {goal.name}: the players choose the way.")
        to = next(a for a in steps if f"area-{a}" == choice)
    enemy.area = to
    table.emit("enemy-moves", "sample.enemy-turn.move-toward", enemy=enemy.name,
               origin=st.area_name(here), destination=st.area_name(to), target=goal.name)
    if not (yield from enemy_attack(table, enemy)):
        table.emit("still-no-target", "sample.enemy-turn.attack-after-move", enemy=enemy.name)


def _room(free: float) -> str:
    """An area's free places, in words (an area without capacity has unlimited room)."""
    return "unlimited room" if free == float("inf") else counted(int(free), "free place",
                                                                   "free places")


def would_be_target(table: EnemyAttacksTable, enemy: Enemy) -> Asks[Ally | None]:
    """The closest Ally the Enemy can walk to (walking distance, whatever ruling range says),
    ties to the highest Taunt, then ruling taunt-tie. An Ally no walk reaches (on a ledge with
    no stairs) is never its would-be target: it would stand still for ever."""
    st = table.state
    here = enemy.area
    assert here is not None
    cites("ruling.would-be-distance")
    walking = table.rulings.would_be_distance is WouldBeDistance.WALKING
    measure = "walking distance" if walking else "distance"
    reachable = []
    for ally in st.allies_in_play():
        assert ally.area is not None
        distance = (st.terrain.walk_distance if walking else st.distance)(here, ally.area)
        if distance != UNREACHABLE:
            reachable.append(Candidate(ally, distance, f"{measure} {distance:g}"))
    if not reachable:
        table.emit("enemy-stays", "sample.enemy-turn.would-be-target", enemy=enemy.name,
                   target="any Ally", area=st.area_name(here))
        return None
    tied, reason = best(reachable, closest_first=True, measure=measure,
                        only="the only Ally it can walk to" if walking
                        else "the only Ally in play")
    if len(tied) == 1:
        table.emit("would-be-target", "sample.enemy-turn.would-be-target", enemy=enemy.name,
                   target=tied[0].ally.name, reason=reason)
        return tied[0].ally
    table.emit("would-be-tied", "sample.enemy-turn.would-be-target", enemy=enemy.name,
               candidates=[c.text() for c in reachable], reason=reason,
               tied=[c.ally.name for c in tied])
    return (yield from break_tie(table, tied, reason, f"{enemy.name}'s would-be target"))
