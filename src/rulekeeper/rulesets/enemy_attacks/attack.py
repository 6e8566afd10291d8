"""An Enemy attack: its target, the hero exception, and what it does to each attacked Ally.

The order follows the text: the Enemy picks its target (melee or ranged/magic
targeting), the players may move the attack onto a Hero in that area (Exception),
then each attacked Ally (every Ally in the affected areas, for an area attack)
rolls its reactive check against damage or stamina loss, obstructed aim reduces a
ranged or magic attack, and the condition shown is gained or not.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.events import counted
from rulekeeper.core.ruleset import Table
from rulekeeper.rulesets.enemy_attacks.checks import check
from rulekeeper.rulesets.enemy_attacks.health import damage_ally, stamina_loss_hero
from rulekeeper.rulesets.enemy_attacks.state import Ally, Enemy, Hero, Skirmish
from rulekeeper.rulesets.enemy_attacks.targeting import (
    Candidate,
    area_reach,
    best,
    candidates,
    not_eligible,
    obstruction,
)

T = TypeVar("T")
Step = Generator[Decision, str, T]
"""A procedure of the rules: yields decisions, receives option ids, returns a T."""
Chosen = tuple[Ally, str]
"""An Ally and the reason it was chosen, in words."""


def enemy_attack(table: Table, enemy: Enemy) -> Step[bool]:
    """The Enemy attacks if its attack has an eligible Ally; returns whether it attacked."""
    st: Skirmish = table.state
    attack = enemy.spec.attack
    found = candidates(st, enemy)
    if not found:
        return False
    melee = attack.kind == "melee"
    tied, reason = best(found, closest_first=not melee)
    target, reason = yield from break_tie(table, tied, reason, f"{enemy.name}'s target")
    st.tally["enemy_attacks"] += 1
    if table.logging:
        table.emit("target", _target_rule(found, tied, melee, st.places(enemy) > 1),
                   enemy=enemy.name,
                   attack=attack.kind,
                   eligible=[c.text() for c in found],
                   others=_others(not_eligible(st, enemy, found)), target=target.name,
                   reason=reason)
    if attack.area is not None:
        yield from _area_attack(table, enemy, target, attack.area)
        return True
    target = yield from hero_exception(table, enemy, target)
    blocked: list[str] = []
    if not melee:
        blocked = obstruction(st, enemy, target, table.rulings["point-blank"] == "others-only")
    yield from strike(table, enemy, target, blocked, area=False)
    return True


def break_tie(table: Table, tied: list[Candidate], reason: str, what: str) -> Step[Chosen]:
    """One Ally of those the rules leave tied (ruling taunt-tie), and the reason completed."""
    if len(tied) == 1:
        return tied[0].ally, reason
    st: Skirmish = table.state
    if table.rulings["taunt-tie"] == "random":
        chosen = table.rng.choice([c.ally for c in tied])
        return chosen, f"{reason}; drawn at random among them: {chosen.name}"
    choice = yield Decision(
        st.lead, "taunt-tie",
        options((f"ally-{c.ally.id}", f"{c.ally.name} ({st.health_text(c.ally)})") for c in tied),
        "ruling.taunt-tie", f"{what}: {reason}. The players choose which of them.")
    chosen_ally = next(c.ally for c in tied if f"ally-{c.ally.id}" == choice)
    return chosen_ally, f"{reason}; the players chose {chosen_ally.name}"


def hero_exception(table: Table, enemy: Enemy, target: Ally) -> Step[Ally]:
    """A Hero in the attacked Ally's area may take the attack instead, if both players agree."""
    st: Skirmish = table.state
    if enemy.spec.attack.kind == "melee" and table.rulings["exception-scope"] == "ranged-magic":
        return target
    assert target.area is not None
    heroes = [h for h in st.heroes_in(target.area) if h is not target]
    if not heroes:
        return target
    choice = yield Decision(
        target.controller, "hero-exception",
        options([(f"keep-{target.id}",
                  f"{target.name} takes the attack ({st.health_text(target)})")]
                + [(f"hero-{h.id}", f"{h.name} takes it instead ({st.health_text(h)})")
                   for h in heroes]),
        "exception.hero-may-become-target",
        f"{enemy.name} attacks {target.name}: may a Hero in the same area take the attack?")
    if choice == f"keep-{target.id}":
        table.emit("exception-kept", "exception.hero-may-become-target", target=target.name,
                   heroes=[h.name for h in heroes])
        return target
    hero = next(h for h in heroes if f"hero-{h.id}" == choice)
    players = [target.controller]
    if hero.controller != target.controller:
        answer = yield Decision(
            hero.controller, "hero-exception-agree",
            options([(f"agree-{hero.id}", f"agree: {hero.name} takes the attack"),
                     (f"refuse-{hero.id}", f"refuse: {target.name} stays the target")]),
            "exception.players-agree",
            f"{target.controller} asks that {hero.name} take {enemy.name}'s attack instead of "
            f"{target.name}: do you agree?")
        if answer.startswith("refuse"):
            table.emit("exception-refused", "exception.players-agree", player=hero.controller,
                       hero=hero.name, target=target.name)
            return target
        players.append(hero.controller)
    st.tally["hero_exceptions"] += 1
    table.emit("exception-taken", "exception.players-agree", hero=hero.name, target=target.name,
               players=players)
    return hero


def _area_attack(table: Table, enemy: Enemy, target: Ally, hex_range: int) -> Step[None]:
    st: Skirmish = table.state
    assert target.area is not None
    areas, unseen = area_reach(st, target.area, hex_range)
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
            yield from strike(table, enemy, ally, [], area=True)


def strike(table: Table, enemy: Enemy, ally: Ally, blocked: list[str], area: bool) -> Step[None]:
    """The attack on one attacked Ally: reactive check, reductions, effect, condition."""
    attack = enemy.spec.attack
    took = 0
    if attack.effect != "none":
        assert attack.ability is not None
        successes = yield from check(table, ally, attack.ability,
                                     f"a reactive check against {enemy.name}'s attack")
        took = _apply(table, enemy, ally, successes, blocked, area)
    if attack.condition and ally.in_play:
        yield from _condition(table, enemy, ally, took)


def _apply(table: Table, enemy: Enemy, ally: Ally, successes: int, blocked: list[str],
           area: bool) -> int:
    """Reduce the damage or stamina loss shown and apply it; returns what the Ally took."""
    st: Skirmish = table.state
    attack = enemy.spec.attack
    stamina = attack.effect == "stamina"
    hero_stamina = stamina and isinstance(ally, Hero)
    penalty = 1 if blocked and not (
        hero_stamina and table.rulings["obstructed-stamina"] == "damage-only") else 0
    shown = max(attack.value - penalty, 0)
    if table.rulings["reactive-check"] == "per-success":
        final = max(shown - successes, 0)
    else:
        final = 0 if successes >= shown else shown
    if penalty:
        st.tally["obstructed_aim"] += 1
    if table.logging:
        table.emit("attack-result", _result_rule(stamina, ally, penalty), ally=ally.name,
                   enemy=enemy.name, final=final,
                   effect="stamina loss" if hero_stamina else "damage",
                   how=_how(enemy, ally, successes, penalty, blocked, area, final,
                            table.rulings["reactive-check"] == "all-or-nothing"))
    if hero_stamina:
        assert isinstance(ally, Hero)
        return stamina_loss_hero(table, ally, final)
    return damage_ally(table, ally, final)


def _how(enemy: Enemy, ally: Ally, successes: int, penalty: int, blocked: list[str], area: bool,
         final: int, all_or_nothing: bool) -> str:
    """How the value shown became the final amount, in words."""
    attack = enemy.spec.attack
    stamina = attack.effect == "stamina"
    parts = [f"{attack.value} {'stamina loss' if stamina else 'damage'} shown"]
    if stamina and not isinstance(ally, Hero):
        parts[0] += " (taken as damage by a Non-Hero Ally)"
    if area:
        parts.append("area attack: no obstructed aim")
    elif penalty:
        parts.append(f"-1 obstructed aim ({'; '.join(blocked)})")
    elif blocked:
        parts.append(f"aim obstructed ({'; '.join(blocked)}), which does not reduce a Hero's "
                     "stamina loss (ruling obstructed-stamina)")
    elif attack.kind != "melee":
        parts.append("aim not obstructed")
    checked = counted(successes, "check success", "check successes")
    if all_or_nothing:
        parts.append(f"{checked} {'prevent' if successes != 1 else 'prevents'} "
                     f"{'it all' if final == 0 else 'nothing'} (all-or-nothing)")
    else:
        parts.append(f"-{checked}")
    return ", ".join(parts) + f" = {final}"


def _condition(table: Table, enemy: Enemy, ally: Ally, took: int) -> Step[None]:
    """Gain the condition shown after the attack (conditions.*)."""
    attack = enemy.spec.attack
    condition = attack.condition
    assert condition is not None
    if attack.active_check is not None:
        need = attack.active_check.need
        successes = yield from check(table, ally, attack.active_check.ability,
                                     f"an active check against {enemy.name}'s attack "
                                     f"(needs {need})")
        if successes < need:
            _gain(table, ally, condition, "conditions.active-check.fail",
                  f"failed the active check ({counted(successes, 'success', 'successes')}, "
                  f"{need} needed)")
        else:
            table.emit("condition-avoided", "conditions.active-check.pass", ally=ally.name,
                       condition=condition, why="passed the active check ("
                       f"{counted(successes, 'success', 'successes')}, {need} needed)")
    elif attack.effect != "none":
        if took:
            _gain(table, ally, condition, "conditions.after-damage.gained",
                  f"took {took} from the attack")
        else:
            table.emit("condition-avoided", "conditions.after-damage.not-if-none",
                       ally=ally.name, condition=condition, why="took nothing from the attack")
    else:
        _gain(table, ally, condition, "conditions.no-damage-no-check.gained",
              "the attack shows it with no damage, stamina loss or check")


def _gain(table: Table, ally: Ally, condition: str, rule: str, why: str) -> None:
    st: Skirmish = table.state
    if condition in ally.conditions:
        table.emit("condition-held", rule, ally=ally.name, condition=condition, why=why)
        return
    ally.conditions.append(condition)
    st.tally["conditions_gained"] += 1
    table.emit("condition-gained", rule, ally=ally.name, condition=condition, why=why)


def _target_rule(found: list[Candidate], tied: list[Candidate], melee: bool,
                 oversized: bool) -> str:
    """The rule that settled the target."""
    if len(tied) > 1:
        return "ruling.taunt-tie"
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


def _result_rule(stamina: bool, ally: Ally, penalty: int) -> str:
    if penalty:
        return "obstructed-aim.reduce-by-1"
    if not stamina:
        return "damage.reactive-check.reduces"
    if isinstance(ally, Hero):
        return "stamina.hero.reactive-check.each-success"
    return "stamina.non-hero.loss-as-damage"


def _others(reasons: list[str]) -> str:
    return f"; not eligible: {', '.join(reasons)}" if reasons else ""
