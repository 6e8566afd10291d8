"""The effects of the trigger vocabulary, compiled from their declarations.

Each effect is a small object with one method, ``apply(battle, actor, other, depth,
rule)``: ``actor`` is the cryptid whose ability resolves, ``other`` the cryptid the
trigger is about (the attacker for ``hurt``, the ally for ``ally-hurt`` and
``ally-death``), ``depth`` the reaction depth and ``rule`` the rule id that made the
ability resolve (cited by the events).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.rulesets.cryptids.schema import Effect as EffectSpec

if TYPE_CHECKING:
    from rulekeeper.rulesets.cryptids.battle import Battle, Fighter
    from rulekeeper.rulesets.cryptids.cards import Card


class Effect:
    """Base of compiled effects."""

    __slots__ = ()
    deals_damage = False

    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        raise NotImplementedError


class Damage(Effect):
    __slots__ = ("amount", "selector")
    deals_damage = True

    def __init__(self, amount: int, selector: str) -> None:
        self.amount = amount
        self.selector = selector

    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        amount = self.amount + actor.attack + battle.bonus
        if self.selector == "threat" and not battle.log:  # the hot path, without a list
            target = None
            zero = not battle.zeroes or battle.rulings.zero_hp_targets
            for foe in battle.rows[1 - actor.side]:  # battle.default_target, inlined
                if (zero or foe.hp > 0) and (target is None or foe.threat > target.threat):
                    target = foe
            if target is not None:
                battle.deal(actor, target, amount, depth, rule, actor.side)
            return
        for target in battle.enemies(actor, self.selector, other, rule):
            battle.deal(actor, target, amount, depth, rule, actor.side)


class DamageOverTime(Effect):
    __slots__ = ("amount", "rolls", "selector")
    deals_damage = True

    def __init__(self, amount: int, rolls: int, selector: str) -> None:
        self.amount = amount
        self.rolls = rolls
        self.selector = selector

    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        for target in battle.enemies(actor, self.selector, other, rule):
            battle.afflict(actor, target, self.amount, self.rolls, rule)


class Heal(Effect):
    __slots__ = ("amount", "selector")

    def __init__(self, amount: int, selector: str) -> None:
        self.amount = amount
        self.selector = selector

    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        for target in battle.allies(actor, self.selector, other, rule):
            battle.heal(actor, target, self.amount, depth, rule)


class Shield(Effect):
    __slots__ = ("amount", "selector")

    def __init__(self, amount: int, selector: str) -> None:
        self.amount = amount
        self.selector = selector

    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        for target in battle.allies(actor, self.selector, other, rule):
            battle.protect(actor, target, self.amount, rule)


class Buff(Effect):
    __slots__ = ("amount", "selector", "stat")

    def __init__(self, stat: str, amount: int, selector: str) -> None:
        self.stat = stat
        self.amount = amount
        self.selector = selector

    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        for target in battle.allies(actor, self.selector, other, rule):
            battle.buff(actor, target, self.stat, self.amount, rule)


class ModifyTotal(Effect):
    __slots__ = ("amount",)

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        battle.modify_total(actor, self.amount, rule)


class Reroll(Effect):
    __slots__ = ()

    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        battle.reroll(actor, rule)


class Summon(Effect):
    __slots__ = ("card", "card_id")

    def __init__(self, card_id: str) -> None:
        self.card_id = card_id
        self.card: Card | None = None

    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        assert self.card is not None
        battle.summon(actor, self.card, rule)


class Swap(Effect):
    __slots__ = ("direction",)

    def __init__(self, direction: str) -> None:
        self.direction = direction

    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        battle.swap(actor, -1 if self.direction == "left" else 1, rule)


def compile_effect(spec: EffectSpec) -> Effect:
    """The compiled effect of one declaration."""
    kind = spec.kind
    selector = spec.selector or ""
    if kind == "damage":
        return Damage(spec.damage or 0, selector)
    if kind == "damage-over-time":
        return DamageOverTime(spec.damage_over_time or 0, spec.rolls or 1, selector)
    if kind == "heal":
        return Heal(spec.heal or 0, selector)
    if kind == "shield":
        return Shield(spec.shield or 0, selector)
    if kind == "buff-threat":
        return Buff("threat", spec.buff_threat or 0, selector)
    if kind == "buff-attack":
        return Buff("attack", spec.buff_attack or 0, selector)
    if kind == "modify-total":
        return ModifyTotal(spec.modify_total or 0)
    if kind == "reroll":
        return Reroll()
    if kind == "summon":
        return Summon(spec.summon or "")
    return Swap(spec.swap or "right")
