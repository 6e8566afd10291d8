"""An Enemy attack: its target, the hero exception, and what it does to each attacked Ally.

The order follows the text: the Enemy picks its target (melee or ranged/magic
targeting), the players may move the attack onto a Hero in that area (Exception),
then each attacked Ally (every Ally in the affected areas, for an area attack)
suffers the attack (``damage.strike``: reactive check, obstructed aim, damage or
stamina loss, condition).
"""

from __future__ import annotations

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.enemy_attacks.damage import strike
from rulekeeper.rulesets.enemy_attacks.models import attack_text
from rulekeeper.rulesets.enemy_attacks.rulings import ExceptionScope, PointBlank, TauntTie
from rulekeeper.rulesets.enemy_attacks.table import Ally, Enemy, EnemyAttacksTable
from rulekeeper.rulesets.enemy_attacks.targeting import (
    Candidate,
    area_reach,
    best,
    candidates,
    not_eligible,
    obstruction,
)


def enemy_attack(table: EnemyAttacksTable, enemy: Enemy) -> Asks[bool]:
    """The Enemy attacks if its attack has an eligible Ally; returns whether it attacked."""
    st = table.state
    attack = enemy.spec.attack
    found = candidates(st, enemy)
    if not found:
        return False
    melee = attack.kind == "melee"
    tied, reason = best(found, closest_first=not melee)
    rule = _target_rule(found, melee, st.places(enemy) > 1)
    eligible = [c.text() for c in found] if table.logging else []
    others = _others(not_eligible(st, enemy, found)) if table.logging else ""
    if len(tied) == 1:
        target = tied[0].ally
        table.emit("target", rule, enemy=enemy.name, attack=attack.kind, eligible=eligible,
                   others=others, target=target.name, reason=reason)
    else:
        table.emit("target-tied", rule, enemy=enemy.name, attack=attack.kind, eligible=eligible,
                   others=others, reason=reason, tied=[c.ally.name for c in tied])
        target = yield from break_tie(table, tied, reason, f"{enemy.name}'s target")
    st.tally["enemy_attacks"] += 1
    if attack.area is not None:
        yield from _area_attack(table, enemy, target, attack.area)
        return True
    target = yield from hero_exception(table, enemy, target)
    blocked: list[str] = []
    if not melee:
        cites("damage.obstructed-aim.enemy")
        blocked = obstruction(st, enemy, target,
                              table.rulings.point_blank is PointBlank.OTHERS_ONLY)
    yield from strike(table, enemy, target, blocked, area=False)
    return True


def break_tie(table: EnemyAttacksTable, tied: list[Candidate], reason: str,
              what: str) -> Asks[Ally]:
    """One of the Allies the rules leave tied (ruling taunt-tie), once the caller has said who
    they are and why; ``what`` names the choice (``Ghoul's target``)."""
    st = table.state
    if table.rulings.taunt_tie is TauntTie.RANDOM:
        chosen = table.rng.choice([c.ally for c in tied])
        how = "drawn at random among the tied Allies"
    else:
        choice = yield Decision(
            st.lead, "taunt-tie",
            options((f"ally-{c.ally.id}", f"{c.ally.name} ({st.health_text(c.ally)})")
                    for c in tied),
            "ruling.taunt-tie", f"{what}: {reason}. The players choose which of them.")
        chosen = next(c.ally for c in tied if f"ally-{c.ally.id}" == choice)
        how = "the players chose among the tied Allies"
    table.emit("tie-broken", "ruling.taunt-tie", what=what, target=chosen.name, how=how)
    return chosen


def hero_exception(table: EnemyAttacksTable, enemy: Enemy, target: Ally) -> Asks[Ally]:
    """A Hero in the attacked Ally's area may take the attack instead, if both players agree."""
    st = table.state
    if (enemy.spec.attack.kind == "melee"
            and table.rulings.exception_scope is ExceptionScope.RANGED_MAGIC):
        return target
    cites("ruling.exception-scope")
    assert target.area is not None
    heroes = [h for h in st.heroes_in(target.area) if h is not target]
    if not heroes:
        return target
    card = attack_text(enemy.spec.attack)
    choice = yield Decision(
        target.controller, "hero-exception",
        options([(f"keep-{target.id}",
                  f"{target.name} takes the attack ({st.health_text(target)})")]
                + [(f"hero-{h.id}", f"{h.name} takes it instead ({st.health_text(h)})")
                   for h in heroes]),
        "exception.hero-may-become-target",
        f"{enemy.name} attacks {target.name} ({card}): may a Hero in the same area take the "
        "attack?")
    if choice == f"keep-{target.id}":
        table.emit("exception-kept", "exception.hero-may-become-target", target=target.name,
                   heroes=[h.name for h in heroes])
        return target
    hero = next(h for h in heroes if f"hero-{h.id}" == choice)
    if hero.controller != target.controller:
        answer = yield Decision(
            hero.controller, "hero-exception-agree",
            options([(f"agree-{hero.id}", f"agree: {hero.name} takes the attack"),
                     (f"refuse-{hero.id}", f"refuse: {target.name} stays the target")]),
            "exception.players-agree",
            f"{target.player} asks that {hero.name} take {enemy.name}'s attack ({card}) "
            f"instead of {target.name}: do you agree?")
        if answer.startswith("refuse"):
            table.emit("exception-refused", "exception.players-agree", player=hero.controller,
                       hero=hero.name, target=target.name)
            return target
    st.tally["hero_exceptions"] += 1
    if hero.controller == target.controller:
        table.emit("exception-taken", "exception.players-agree", hero=hero.name,
                   target=target.name, player=target.controller)
    else:
        table.emit("exception-agreed", "exception.players-agree", hero=hero.name,
                   target=target.name, player=target.controller, partner=hero.controller)
    return hero


def _area_attack(table: EnemyAttacksTable, enemy: Enemy, target: Ally,
                 hex_range: int) -> Asks[None]:
    """Every Ally in the affected areas is attacked, the targeted one first, none of them
    with obstructed aim."""
    st = table.state
    assert target.area is not None
    areas, unseen = area_reach(st, target.area, hex_range)
    cites("area.affects-every-ally")
    hit = [target] + [a for area in areas for a in st.allies_in(area) if a is not target]
    if table.logging:
        table.emit("area-attack", "area.range.from-target-area", enemy=enemy.name,
                   hex=hex_range, origin=st.area_name(target.area),
                   areas=[st.area_name(a) for a in areas],
                   unseen=(f" (in range but out of its line of sight: "
                           f"{', '.join(st.area_name(a) for a in unseen)})" if unseen else ""),
                   allies=[a.name for a in hit])
    for ally in hit:
        if ally.in_play:
            cites("area.no-obstructed-aim")
            yield from strike(table, enemy, ally, [], area=True)


def _target_rule(found: list[Candidate], melee: bool, oversized: bool) -> str:
    """The rule that settled the target, or left it tied (ruling taunt-tie breaks the tie)."""
    if melee:
        if len(found) > 1:
            return "melee.target.highest-taunt"
        if found[0].distance == 0:
            return "melee.eligible.same-area"
        return ("melee.into-adjacent.large-huge-enemies" if oversized else
                "melee.eligible.adjacent-at-capacity")
    if len(found) == 1:
        return "ranged.eligible.in-range"
    nearest = min(c.distance for c in found)
    closest = [c for c in found if c.distance == nearest]
    return "ranged.target.closest" if len(closest) == 1 else "ranged.target.tie-taunt"


def _others(reasons: list[str]) -> str:
    return f"; not eligible: {', '.join(reasons)}" if reasons else ""
