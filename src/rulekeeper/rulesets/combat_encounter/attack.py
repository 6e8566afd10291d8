"""Attacks: targets and options, the Attack Check and its resolution, the Attack Critical
Failure Effect (Dropped Weapons), and Damage Calculation (06_COMBAT_ENCOUNTER).

An attack option is a Weapon slot (``weapon-1``, ``weapon-2``) or the Mystic Dagger used
as a Melee or Ranged option (``dagger-melee``, ``dagger-ranged``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.combat_encounter.checks import AttackCheck, critical_rewards, stat_check
from rulekeeper.rulesets.combat_encounter.damage import DamageDice
from rulekeeper.rulesets.combat_encounter.death import death_process
from rulekeeper.rulesets.combat_encounter.rulings import CritFixedDamage, KaosNatural1
from rulekeeper.rulesets.combat_encounter.stats import current_defense, current_stat
from rulekeeper.rulesets.combat_encounter.table import WEAPON_SLOTS, CombatTable, Encounter, Player

DAGGER_OPTIONS = ("dagger-melee", "dagger-ranged")


@dataclass(frozen=True)
class AttackMode:
    """What a Melee or a Ranged Attack uses, and the rules that say so.

    Attributes:
        stat: the current Stat of its Attack Check and of its Damage.
        procedure: the rule of its procedure (target, option, check, resolution, Damage).
        check: the rule making its Attack Check a Check of ``stat``.
        check_rules: the other rules its Attack Check applies.
        damage_rules: the rules adding ``stat`` to its Damage.
        dagger_critical: the Mystic Dagger's Critical Damage formula in this mode.
    """

    stat: str
    procedure: str
    check: str
    check_rules: tuple[str, ...]
    damage_rules: tuple[str, ...]
    dagger_critical: str


MODES = {
    "melee": AttackMode(
        "brawn", "combat.melee-attack.procedure", "combat.melee-attack.check-brawn",
        ("combat.attack.melee-uses-brawn", "combat.attack-check.melee-is-brawn",
         "combat.melee-attack.current-brawn", "combat.melee-attack.defense-ref",
         "combat.summary.melee-attack-check"),
        ("combat.melee-attack.damage-adds-brawn", "combat.melee-attack.damage-ref",
         "combat.damage.melee-brawn", "combat.weapon-damage.melee-adds-brawn"),
        "combat.mystic-dagger.critical-melee-damage"),
    "ranged": AttackMode(
        "quickness", "combat.ranged-attack.procedure", "combat.ranged-attack.check-quickness",
        ("combat.attack.ranged-uses-quickness", "combat.attack-check.ranged-is-quickness",
         "combat.ranged-attack.current-quickness", "combat.ranged-attack.defense-ref",
         "combat.summary.ranged-attack-check"),
        ("combat.ranged-attack.damage-adds-quickness", "combat.ranged-attack.damage-ref",
         "combat.damage.ranged-quickness", "combat.weapon-damage.ranged-adds-quickness"),
        "combat.mystic-dagger.critical-ranged-damage"),
}
"""The two kinds of Attack, by the mode of the option used."""


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


@cites("combat.attack.melee-or-ranged")
def attack_options(table: CombatTable, player: Player,
                   encounter: Encounter) -> list[AttackOption]:
    """The available Melee and Ranged options: Equipped Weapons that are not Dropped (nor
    recovered this Combat Turn), and the Mystic Dagger, always, in both modes."""
    found = []
    for slot in WEAPON_SLOTS:
        item_id = player.slots[slot]
        if item_id is None:
            continue
        if slot in player.dropped or slot == encounter.recovered:
            cites("combat.attack.dropped-unavailable", "combat.dropped-weapon.cannot-attack")
            continue
        item = table.prepared.items[item_id]
        assert item.mode is not None
        cites("combat.attack.melee-weapon", "combat.attack.ranged-weapon",
              "combat.melee-attack.requirement", "combat.ranged-attack.requirement",
              "combat.weapon-damage.own-die-or-value")  # its own mode and Damage
        found.append(AttackOption(slot, item.name, item.mode, table.prepared.damage[item_id],
                                  slot))
    cites("combat.attack.mystic-dagger-always-available", "combat.attack.dagger-fallback",
          "sample.player.mystic-dagger")  # whatever the Weapons above
    for key in DAGGER_OPTIONS:
        mode = key.partition("-")[2]
        cites("combat.attack.mystic-dagger-either", "combat.mystic-dagger.either-option",
              "combat.mystic-dagger.melee-damage", "combat.mystic-dagger.ranged-damage")
        found.append(AttackOption(key, "Mystic Dagger", mode, table.prepared.dagger[mode], None))
    return found


def attack_option(table: CombatTable, player: Player, encounter: Encounter,
                  key: str) -> AttackOption:
    return next(o for o in attack_options(table, player, encounter) if o.key == key)


@cites("combat.attack.one-target", "combat.attack.target-in-same-encounter",
       "combat.attack.not-self")
def attack_targets(encounter: Encounter, seat: str) -> list[str]:
    """The Combatants ``seat`` may Attack now: any other Combatant, except during the first
    Combatant's first Combat Turn, when only the other member of the initiating pair may be
    attacked, while that one is still a Combatant."""
    others = [s for s in encounter.order if s != seat]
    if encounter.first == seat:
        cites("combat.attack.first-attack-restriction", "combat.first-attack.initiating-pair-only",
              "combat.first-attack.initiator-targets-primary",
              "combat.first-attack.target-targets-initiator",
              "combat.first-attack.all-attack-sources", "combat.summary.first-attack-target")
        required = encounter.target if seat == encounter.initiator else encounter.initiator
        if required in encounter.order:
            return [required]
        cites("combat.first-attack.lapses-if-target-gone")
    return others


@cites("combat.attack.one-option")
def attack(table: CombatTable, encounter: Encounter, seat: str, target: str,
           key: str) -> Asks[None]:
    """Procedure of a Melee or Ranged Attack: target, option, Attack Check, resolution, Damage."""
    state = table.state
    attacker, victim = state.player(seat), state.player(target)
    option = attack_option(table, attacker, encounter, key)
    cites("combat.summary.attack")
    mode = MODES[option.mode]
    cites("combat.attack-check.defense-tn", "combat.calculate-defense.current",
          "combat.calculate-defense.target-number", "combat.calculate-defense.recalculated")
    defense = current_defense(table.prepared, victim)
    state.metrics["attacks"] += 1
    table.emit("attack.declared", mode.procedure, who=attacker.label, target=victim.label,
               mode=option.mode, weapon=option.name, damage=str(option.damage),
               stat=mode.stat, defense=defense)
    cites("combat.attack-check.definition", "combat.attack-check.contextual-label",
          "combat.attack-check.stat-check-plus", "combat.attack-check.standard-kinds",
          "combat.attack-check.resolution-ref", "combat.attack.current-stats", *mode.check_rules)
    lifts = table.rulings.kaos_natural_1 is KaosNatural1.TURNS_CHECK
    check = yield from stat_check(
        table, seat, mode.stat, f"{option.mode} attack", mode.check, tn=defense,
        attack=AttackCheck(option.name, option.dagger, lifts),
        extra={"target": target, "weapon": option.name, "dagger": option.dagger,
               "mode": option.mode})
    natural = check.natural
    critical = natural == 20
    if critical:
        state.metrics["criticals"] += 1
        hit, rule = True, "combat.attack-check.natural-20"
        cites("combat.summary.critical-hit.a")
    elif natural == 1:
        cites("combat.attack-check.natural-1-critical-failure")
        turns = lifts and check.kaos > 0
        hit = turns and check.total >= defense
        rule = ("combat.ruling.kaos-natural-1" if turns
                else "combat.attack-check.critical-failure-fails")
    else:
        hit = check.total >= defense
        rule = ("combat.attack-check.success-at-or-above" if hit
                else "combat.attack-check.fail-below")
        cites("combat.summary.hit")
    table.emit("attack.result", rule, who=attacker.label, target=victim.label,
               natural=natural, total=check.total, defense=defense,
               outcome=("critical hit" if critical else "hit" if hit else
                        "critical failure" if natural == 1 else "miss"))
    if natural == 1:
        state.metrics["critical_failures"] += 1
        critical_failure_effect(table, attacker, option, check.kaos)
    elif 1 in check.rolls:
        table.emit("weapon.kept", "combat.attack-critical-failure.not-if-rerolled",
                   who=attacker.label, weapon=option.name, why="the natural 1 was rerolled")
    cites("combat.attack-critical-failure.not-replace-core")
    critical_rewards(table, seat, natural)
    if hit:
        state.metrics["hits"] += 1
        yield from deal_damage(table, attacker, victim, option, critical)


@cites("combat.attack-critical-failure.additional", "combat.summary.critical-failure")
def critical_failure_effect(table: CombatTable, attacker: Player, option: AttackOption,
                            kaos: int) -> None:
    """A natural 1 drops the Weapon used, unless it is the Mystic Dagger or Kaos raised it."""
    if option.dagger:
        cites("combat.mystic-dagger.never-dropped",
              "combat.mystic-dagger.no-critical-failure-effect")
        table.emit("weapon.kept", "combat.attack-critical-failure.not-mystic-dagger",
                   who=attacker.label, weapon=option.name, why="the Mystic Dagger is never Dropped")
    elif kaos > 0:
        cites("combat.attack-check.kaos-on-natural-1-keeps-weapon")
        table.emit("weapon.kept", "combat.attack-critical-failure.not-if-kaos",
                   who=attacker.label, weapon=option.name, why="Kaos was spent on the natural 1")
    else:
        assert option.slot is not None
        cites("combat.dropped-weapon.definition", "combat.dropped-weapon.flip-face-down",
              "combat.dropped-weapon.stays-in-slot", "combat.dropped-weapon.not-discarded")
        attacker.dropped.add(option.slot)  # face down, in its slot: the slot stays filled
        table.state.metrics["drops"] += 1
        table.emit("weapon.dropped", "combat.attack-critical-failure.weapon-dropped",
                   who=attacker.label, weapon=option.name, slot=table.slot_called(option.slot))


def damage_roll(table: CombatTable, option: AttackOption, critical: bool) -> tuple[int, str]:
    """The option's Damage before the Stat, and the rule that computed it."""
    rng, damage = table.rng, option.damage
    cites("combat.weapon-damage.modifiers")  # a Damage modifier is part of the Damage value
    if not critical:
        return damage.roll(rng), "combat.weapon-damage.use-weapon"
    if option.dagger:
        return damage.roll(rng, 2, 2), MODES[option.mode].dagger_critical
    if damage.fixed:
        doubled = table.rulings.crit_fixed_damage is CritFixedDamage.DOUBLE
        return damage.flat * (2 if doubled else 1), "combat.ruling.crit-fixed-damage"
    return damage.roll(rng, dice_times=2), "combat.summary.critical-hit.b"


def deal_damage(table: CombatTable, attacker: Player, victim: Player, option: AttackOption,
                critical: bool) -> Asks[None]:
    """Damage = the option's Damage + the Stat of the Attack, at least 1; then Death at 0."""
    base, rule = damage_roll(table, option, critical)
    mode = MODES[option.mode]
    cites("combat.damage.value-plus-stat", "combat.damage.current-stats", "combat.summary.damage",
          *mode.damage_rules)
    value = current_stat(table.prepared, attacker, mode.stat)
    cites("combat.damage.minimum-1", "combat.damage.less-than-1-deals-1",
          "combat.mystic-dagger.critical-minimum-1")
    amount = max(1, base + value)
    cites("combat.damage.reduces-health", "combat.damage.reduce-health",
          "combat.calculate-defense.not-reduced-by-damage")
    victim.health -= amount
    table.state.metrics["combat_damage"] += amount
    table.state.metrics[f"damage.{attacker.seat}"] += amount
    table.emit("damage", rule, who=attacker.label, target=victim.label, base=base,
               stat=mode.stat, value=value, amount=amount, health=max(victim.health, 0),
               critical="critical " if critical else "")
    if victim.health <= 0:
        table.emit("death.triggered", "combat.damage.death-at-zero", who=victim.label,
                   health=victim.health)
        cites("combat.overview.death-pauses", "combat.turn.death-pauses-turn")
        yield from death_process(table, victim.seat, killer=attacker.seat)
