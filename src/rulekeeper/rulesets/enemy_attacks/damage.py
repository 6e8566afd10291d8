"""What an Enemy attack does to one attacked Ally: the reactive check, obstructed aim, the
damage or stamina loss, and the condition shown (``damage.*``, ``obstructed-aim.*``,
``stamina.*``, ``conditions.*``)."""

from __future__ import annotations

from rulekeeper.core.events import counted
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.enemy_attacks.checks import check
from rulekeeper.rulesets.enemy_attacks.health import damage_ally, stamina_loss_hero
from rulekeeper.rulesets.enemy_attacks.rulings import (
    HeroStaminaCheck,
    ObstructedStamina,
    ReactiveCheck,
)
from rulekeeper.rulesets.enemy_attacks.table import Ally, Enemy, EnemyAttacksTable, Hero


def strike(table: EnemyAttacksTable, enemy: Enemy, ally: Ally, blocked: list[str],
           area: bool) -> Asks[None]:
    """The attack on one attacked Ally: reactive check, reductions, effect, condition."""
    attack = enemy.spec.attack
    took = 0
    if attack.effect != "none":
        assert attack.ability is not None
        cites("damage.reactive-check.rolled", "damage.reactive-check.ability",
              "stamina.hero.reactive-check.rolled", "stamina.hero.reactive-check.ability",
              "stamina.hero.reactive-check.like-damage-check")
        successes = yield from check(table, ally, attack.ability,
                                     f"a reactive check against {enemy.name}'s attack")
        took = _apply(table, enemy, ally, successes, blocked, area)
    if attack.condition and ally.in_play:
        yield from _condition(table, enemy, ally, took)


def _apply(table: EnemyAttacksTable, enemy: Enemy, ally: Ally, successes: int,
           blocked: list[str], area: bool) -> int:
    """Reduce the damage or stamina loss shown and apply it; returns what the Ally took."""
    st = table.state
    attack = enemy.spec.attack
    stamina = attack.effect == "stamina"
    hero_stamina = stamina and isinstance(ally, Hero)
    if not stamina:
        cites("damage.attack.damages-ally")
    elif not hero_stamina:
        cites("stamina.attack.stamina-loss", "stamina.non-hero.identical-to-damage")
    cites("obstructed-aim.once", "ruling.obstructed-stamina")  # 1 at most, if it applies
    penalty = 1 if blocked and not (
        hero_stamina and table.rulings.obstructed_stamina is ObstructedStamina.DAMAGE_ONLY) else 0
    shown = max(attack.value - penalty, 0)
    # A Hero's stamina loss drops by 1 per success whatever the ruling: the text says so.
    cites("ruling.reactive-check", "stamina.hero.reactive-check.each-success",
          "ruling.hero-stamina-check")
    as_damage = table.rulings.hero_stamina_check is HeroStaminaCheck.AS_DAMAGE
    all_or_nothing = (table.rulings.reactive_check is ReactiveCheck.ALL_OR_NOTHING
                      and (as_damage or not hero_stamina))
    final = (0 if successes >= shown else shown) if all_or_nothing else max(shown - successes, 0)
    if penalty:
        st.tally["obstructed_aim"] += 1
    if table.logging:
        table.emit("attack-result", _result_rule(stamina, ally, penalty), ally=ally.name,
                   enemy=enemy.name, final=final,
                   effect="stamina loss" if hero_stamina else "damage",
                   how=_how(enemy, ally, successes, penalty, blocked, area, final,
                            all_or_nothing))
    if hero_stamina:
        assert isinstance(ally, Hero)
        cites("stamina.attack.stamina-loss", "stamina.hero.losing-stamina")
        return stamina_loss_hero(table, ally, final, enemy)
    return damage_ally(table, ally, final, enemy)


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


def _condition(table: EnemyAttacksTable, enemy: Enemy, ally: Ally, took: int) -> Asks[None]:
    """Gain the condition shown after the attack (conditions.*)."""
    attack = enemy.spec.attack
    condition = attack.condition
    assert condition is not None
    if attack.active_check is not None:
        cites("conditions.active-check.rolled", "sample.check.active")
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


def _gain(table: EnemyAttacksTable, ally: Ally, condition: str, rule: str, why: str) -> None:
    st = table.state
    if condition in ally.conditions:
        table.emit("condition-held", rule, ally=ally.name, condition=condition, why=why)
        return
    ally.conditions.append(condition)
    st.tally["conditions_gained"] += 1
    table.emit("condition-gained", rule, ally=ally.name, condition=condition, why=why)


def _result_rule(stamina: bool, ally: Ally, penalty: int) -> str:
    if penalty:
        return "obstructed-aim.reduce-by-1"
    if not stamina:
        return "damage.reactive-check.reduces"
    if isinstance(ally, Hero):
        return "stamina.hero.reactive-check.each-success"
    return "stamina.non-hero.loss-as-damage"
