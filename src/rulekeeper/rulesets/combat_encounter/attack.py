"""Attacks: targets and options, the Attack Check and its resolution, the Attack Critical
Failure Effect (Dropped Weapons), and Damage Calculation (06_COMBAT_ENCOUNTER).

An attack option is a Weapon slot (``weapon-1``, ``weapon-2``) or the Mystic Dagger used
as a Melee or Ranged option (``dagger-melee``, ``dagger-ranged``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekeeper.rulesets.combat_encounter.checks import Asks, critical_rewards, stat_check
from rulekeeper.rulesets.combat_encounter.damage import DamageDice
from rulekeeper.rulesets.combat_encounter.death import death_process
from rulekeeper.rulesets.combat_encounter.state import WEAPON_SLOTS, Ctx, Encounter, Player
from rulekeeper.rulesets.combat_encounter.stats import current_defense, current_stat

DAGGER_OPTIONS = ("dagger-melee", "dagger-ranged")
STAT_OF = {"melee": "brawn", "ranged": "quickness"}


@dataclass(frozen=True, slots=True)
class AttackOption:
    """What an Attack is made with."""

    key: str
    name: str
    mode: str
    damage: DamageDice
    slot: str | None

    @property
    def dagger(self) -> bool:
        return self.slot is None


def attack_options(ctx: Ctx, player: Player, encounter: Encounter) -> list[AttackOption]:
    """The available Melee and Ranged options: Equipped Weapons that are not Dropped (nor
    recovered this Combat Turn), and the Mystic Dagger, always, in both modes."""
    found = []
    for slot in WEAPON_SLOTS:
        item_id = player.slots[slot]
        if item_id is None or slot in player.dropped or slot == encounter.recovered:
            continue
        item = ctx.cat.items[item_id]
        assert item.mode is not None
        found.append(AttackOption(slot, item.name, item.mode, ctx.cat.damage[item_id], slot))
    for key in DAGGER_OPTIONS:
        mode = key.partition("-")[2]
        found.append(AttackOption(key, "Mystic Dagger", mode, ctx.cat.dagger[mode], None))
    return found


def attack_option(ctx: Ctx, player: Player, encounter: Encounter, key: str) -> AttackOption:
    return next(o for o in attack_options(ctx, player, encounter) if o.key == key)


def attack_targets(encounter: Encounter, seat: str) -> list[str]:
    """The Combatants ``seat`` may Attack now: any other Combatant, except during the first
    Combatant's first Combat Turn, when only the other member of the initiating pair may be
    attacked, while that one is still a Combatant."""
    others = [s for s in encounter.order if s != seat]
    if encounter.first == seat:
        required = encounter.target if seat == encounter.initiator else encounter.initiator
        if required in encounter.order:
            return [required]
    return others


def attack(ctx: Ctx, encounter: Encounter, seat: str, target: str, key: str) -> Asks:
    """Procedure of a Melee or Ranged Attack: target, option, Attack Check, resolution, Damage."""
    attacker, victim = ctx.player(seat), ctx.player(target)
    option = attack_option(ctx, attacker, encounter, key)
    mode, stat = option.mode, STAT_OF[option.mode]
    defense = current_defense(ctx.cat, victim)
    ctx.state.metrics["attacks"] += 1
    ctx.emit("attack.declared", f"combat.{mode}-attack.procedure", who=attacker.label,
             target=victim.label, mode=mode, weapon=option.name, damage=str(option.damage),
             stat=stat, defense=defense)
    check = yield from stat_check(
        ctx, seat, stat, f"{mode} attack", f"combat.{mode}-attack.check-{stat}", tn=defense,
        kaos=True, extra={"target": target, "weapon": option.name, "dagger": option.dagger,
                          "mode": mode})
    natural = check.natural
    critical = natural == 20
    if critical:
        ctx.state.metrics["criticals"] += 1
        hit, rule = True, "combat.attack-check.natural-20"
    elif natural == 1:
        turns = ctx.rulings["kaos-natural-1"] == "turns-check" and check.kaos > 0
        hit = turns and check.total >= defense
        rule = ("combat.ruling.kaos-natural-1" if turns
                else "combat.attack-check.critical-failure-fails")
    else:
        hit = check.total >= defense
        rule = ("combat.attack-check.success-at-or-above" if hit
                else "combat.attack-check.fail-below")
    ctx.emit("attack.result", rule, who=attacker.label, target=victim.label,
             natural=natural, total=check.total, defense=defense,
             outcome=("critical hit" if critical else "hit" if hit else
                      "critical failure" if natural == 1 else "miss"))
    if natural == 1:
        ctx.state.metrics["critical_failures"] += 1
        critical_failure_effect(ctx, attacker, option, check.kaos)
    elif 1 in check.rolls:
        ctx.emit("weapon.kept", "combat.attack-critical-failure.not-if-rerolled",
                 who=attacker.label, weapon=option.name, why="the natural 1 was rerolled")
    critical_rewards(ctx, seat, natural)
    if hit:
        ctx.state.metrics["hits"] += 1
        yield from deal_damage(ctx, attacker, victim, option, critical)


def critical_failure_effect(ctx: Ctx, attacker: Player, option: AttackOption,
                            kaos: int) -> None:
    """A natural 1 drops the Weapon used, unless it is the Mystic Dagger or Kaos raised it."""
    if option.dagger:
        ctx.emit("weapon.kept", "combat.attack-critical-failure.not-mystic-dagger",
                 who=attacker.label, weapon=option.name, why="the Mystic Dagger is never Dropped")
    elif kaos > 0:
        ctx.emit("weapon.kept", "combat.attack-critical-failure.not-if-kaos",
                 who=attacker.label, weapon=option.name, why="Kaos was spent on the natural 1")
    else:
        assert option.slot is not None
        attacker.dropped.add(option.slot)
        ctx.state.metrics["drops"] += 1
        ctx.emit("weapon.dropped", "combat.attack-critical-failure.weapon-dropped",
                 who=attacker.label, weapon=option.name, slot=option.slot)


def damage_roll(ctx: Ctx, option: AttackOption, critical: bool) -> tuple[int, str]:
    """The option's Damage before the Stat, and the rule that computed it."""
    rng, damage = ctx.table.rng, option.damage
    if not critical:
        return damage.roll(rng), "combat.weapon-damage.use-weapon"
    if option.dagger:
        return (damage.roll(rng, 2, 2),
                f"combat.mystic-dagger.critical-{option.mode}-damage")
    if damage.fixed:
        doubled = ctx.rulings["crit-fixed-damage"] == "double"
        return damage.flat * (2 if doubled else 1), "combat.ruling.crit-fixed-damage"
    return damage.roll(rng, dice_times=2), "combat.summary.critical-hit.b"


def deal_damage(ctx: Ctx, attacker: Player, victim: Player, option: AttackOption,
                critical: bool) -> Asks:
    """Damage = the option's Damage + the Stat of the Attack, at least 1; then Death at 0."""
    base, rule = damage_roll(ctx, option, critical)
    stat = STAT_OF[option.mode]
    value = current_stat(ctx.cat, attacker, stat)
    amount = max(1, base + value)
    victim.health -= amount
    ctx.state.metrics["combat_damage"] += amount
    ctx.state.metrics[f"damage.{attacker.seat}"] += amount
    ctx.emit("damage", rule, who=attacker.label, target=victim.label, base=base, stat=stat,
             value=value, amount=amount, health=max(victim.health, 0),
             critical="critical " if critical else "")
    if victim.health <= 0:
        ctx.emit("death.triggered", "combat.damage.death-at-zero", who=victim.label,
                 health=victim.health)
        yield from death_process(ctx, victim.seat, killer=attacker.seat)
