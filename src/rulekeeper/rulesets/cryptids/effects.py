"""What each effect of the trigger vocabulary does, in terms of what it asks of the battle.

An effect (compiled from its declaration: :mod:`.cards`) resolves as ``APPLY[kind](battle,
effect, actor, other, depth, rule)``: ``actor`` is the cryptid whose ability resolves,
``other`` the cryptid the trigger is about (the attacker for ``hurt``, the ally for
``ally-hurt`` and ``ally-death``), ``depth`` the reaction depth and ``rule`` the rule id
that made the ability resolve (cited by the events). It picks its targets by its target
rule (:mod:`.targeting`) and asks the battle for every change of state (:class:`Arena`):
the battle owns its state, and dealing damage, healing or summoning are what statuses,
sudden death strikes and reactions do too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.cryptids.board import Field, Fighter
from rulekeeper.rulesets.cryptids.cards import (
    BuffAttack,
    BuffThreat,
    Card,
    Damage,
    DamageOverTime,
    Heal,
    ModifyTotal,
    Reroll,
    Shield,
    Summon,
    Swap,
)
from rulekeeper.rulesets.cryptids.targeting import (
    aimed,
    allies,
    enemies,
    foes,
    highest_threat,
    no_target,
)


class Arena(Field, Protocol):
    """What an effect asks of the battle: the changes of state it makes (the battle's own
    methods, :class:`~.battle.Battle`) and the sudden death bonus."""

    @property
    def bonus(self) -> int: ...

    def deal(self, source: Fighter | None, target: Fighter, amount: int, depth: int, rule: str,
             credit: int) -> None: ...

    def heal(self, source: Fighter, target: Fighter, amount: int, depth: int,
             rule: str) -> None: ...

    def afflict(self, source: Fighter, target: Fighter, amount: int, rolls: int,
                rule: str) -> None: ...

    def shield(self, source: Fighter, target: Fighter, amount: int, rule: str) -> None: ...

    def buff(self, source: Fighter, target: Fighter, stat: str, amount: int,
             rule: str) -> None: ...

    def modify_total(self, source: Fighter, amount: int, rule: str) -> None: ...

    def reroll(self, source: Fighter) -> None: ...

    def summon(self, source: Fighter, card: Card, rule: str) -> None: ...

    def swap(self, fighter: Fighter, step: int, rule: str) -> None: ...


@cites("effects.damage", "sudden-death.bonus.a")
def damage(battle: Arena, effect: Damage, actor: Fighter, other: Fighter | None, depth: int,
           rule: str) -> None:
    """N damage, plus the actor's attack and the sudden death bonus, to each target."""
    amount = effect.amount + actor.attack + battle.bonus
    if effect.selector == "threat":  # the common case, without a list of targets
        candidates = foes(battle, actor)
        target = highest_threat(candidates)
        if target is None:
            no_target(battle, actor, rule)
            return
        if battle.emit is not None:
            aimed(battle, actor, target, candidates)
        battle.deal(actor, target, amount, depth, rule, actor.side)
        return
    for target in enemies(battle, actor, effect.selector, other, rule):
        battle.deal(actor, target, amount, depth, rule, actor.side)


@cites("effects.damage-over-time")
def damage_over_time(battle: Arena, effect: DamageOverTime, actor: Fighter,
                     other: Fighter | None, depth: int, rule: str) -> None:
    """N damage at step 2 of each of the next R rolls, on each target."""
    for target in enemies(battle, actor, effect.selector, other, rule):
        battle.afflict(actor, target, effect.amount, effect.rolls, rule)


@cites("effects.heal")
def heal(battle: Arena, effect: Heal, actor: Fighter, other: Fighter | None, depth: int,
         rule: str) -> None:
    """N HP to each target, up to its maximum (ruling overheal)."""
    for target in allies(battle, actor, effect.selector, other, rule):
        battle.heal(actor, target, effect.amount, depth, rule)


@cites("effects.shield")
def shield(battle: Arena, effect: Shield, actor: Fighter, other: Fighter | None, depth: int,
           rule: str) -> None:
    """A shield of N on each target."""
    for target in allies(battle, actor, effect.selector, other, rule):
        battle.shield(actor, target, effect.amount, rule)


@cites("effects.buff")
def buff_threat(battle: Arena, effect: BuffThreat, actor: Fighter, other: Fighter | None,
                depth: int, rule: str) -> None:
    for target in allies(battle, actor, effect.selector, other, rule):
        battle.buff(actor, target, "threat", effect.amount, rule)


@cites("effects.buff")
def buff_attack(battle: Arena, effect: BuffAttack, actor: Fighter, other: Fighter | None,
                depth: int, rule: str) -> None:
    for target in allies(battle, actor, effect.selector, other, rule):
        battle.buff(actor, target, "attack", effect.amount, rule)


@cites("effects.modify-total")
def modify_total(battle: Arena, effect: ModifyTotal, actor: Fighter, other: Fighter | None,
                 depth: int, rule: str) -> None:
    battle.modify_total(actor, effect.amount, rule)


@cites("effects.reroll")
def reroll(battle: Arena, effect: Reroll, actor: Fighter, other: Fighter | None, depth: int,
           rule: str) -> None:
    battle.reroll(actor)


@cites("effects.summon")
def summon(battle: Arena, effect: Summon, actor: Fighter, other: Fighter | None, depth: int,
           rule: str) -> None:
    card = effect.card
    assert card is not None
    battle.summon(actor, card, rule)


@cites("effects.swap")
def swap(battle: Arena, effect: Swap, actor: Fighter, other: Fighter | None, depth: int,
         rule: str) -> None:
    battle.swap(actor, effect.step, rule)


APPLY: dict[str, Callable[[Arena, Any, Fighter, Fighter | None, int, str], None]] = {
    Damage.kind: damage, DamageOverTime.kind: damage_over_time, Heal.kind: heal,
    Shield.kind: shield, BuffThreat.kind: buff_threat, BuffAttack.kind: buff_attack,
    ModifyTotal.kind: modify_total, Reroll.kind: reroll, Summon.kind: summon, Swap.kind: swap}
"""What each effect does, by its kind."""
