"""The effects of the trigger vocabulary, each a short declaration carrying its application.

An effect is compiled once from its declaration (``{damage: 3, target: lowest-hp}``)
into a small object whose ``apply(battle, actor, other, depth, rule)`` does what it
says: ``actor`` is the cryptid whose ability resolves, ``other`` the cryptid the
trigger is about (the attacker for ``hurt``, the ally for ``ally-hurt`` and
``ally-death``), ``depth`` the reaction depth and ``rule`` the rule id that made the
ability resolve (cited by the events). Dealing damage and healing are also what
statuses and sudden death strikes do, so they are functions of their own
(:func:`deal`, :func:`heal`); the reactions they trigger resolve through the battle's
step 5 (:meth:`Battle.react`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.cryptids.board import Fighter, renumber
from rulekeeper.rulesets.cryptids.models import ROW_LIMIT
from rulekeeper.rulesets.cryptids.models import Effect as Declaration
from rulekeeper.rulesets.cryptids.targeting import allies, enemies

if TYPE_CHECKING:
    from rulekeeper.rulesets.cryptids.battle import Battle, Entry
    from rulekeeper.rulesets.cryptids.cards import Card

REROLL_GUARD = 10
"""Under reroll-counts ``no``, a roll is rerolled at most this many times (the next is ignored)."""


class Rerolled(Exception):
    """An ability rerolled: the roll stops at once and restarts at step 1 (reroll.restart.a)."""


class Effect:
    """Base of compiled effects: ``kind`` is the declaration's key."""

    __slots__ = ()
    kind: ClassVar[str]
    deals_damage: ClassVar[bool] = False

    def __init__(self, spec: Declaration) -> None:
        """Compiled from its declaration (its amount and target rule)."""

    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        raise NotImplementedError


class Damage(Effect):
    """``{damage: N}``: N (plus the actor's attack and the sudden death bonus) to each target."""

    __slots__ = ("amount", "selector")
    kind = "damage"
    deals_damage = True

    def __init__(self, spec: Declaration) -> None:
        self.amount = spec.damage or 0
        self.selector = spec.selector or ""

    @cites("effects.damage", "sudden-death.bonus.a")
    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        amount = self.amount + actor.attack + battle.bonus
        if self.selector == "threat":  # the common case, without a list
            target = None
            anyone = not battle.zeroes or battle.rulings.zero_hp_targets
            for foe in battle.rows[1 - actor.side]:  # targeting.default_target, inlined
                if (anyone or foe.hp > 0) and (target is None or foe.threat > target.threat):
                    target = foe
            if target is None:
                battle.log.no_target(actor, rule)
                return
            battle.log.aim_threat(actor, target)
            deal(battle, actor, target, amount, depth, rule, actor.side)
            return
        for target in enemies(battle, actor, self.selector, other, rule):
            deal(battle, actor, target, amount, depth, rule, actor.side)


class DamageOverTime(Effect):
    """``{damage-over-time: N, rolls: R}``: N at step 2 of each of the next R rolls."""

    __slots__ = ("amount", "rolls", "selector")
    kind = "damage-over-time"
    deals_damage = True

    def __init__(self, spec: Declaration) -> None:
        self.amount = spec.damage_over_time or 0
        self.rolls = spec.rolls or 1
        self.selector = spec.selector or ""

    @cites("effects.damage-over-time")
    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        for target in enemies(battle, actor, self.selector, other, rule):
            target.dots.append([self.amount, self.rolls, actor.side])
            battle.statuses += 1
            battle.recheck = True
            battle.log.afflict(actor, target, self.amount, self.rolls, rule)


class Heal(Effect):
    """``{heal: N}``: N HP to each target, up to its maximum (ruling overheal)."""

    __slots__ = ("amount", "selector")
    kind = "heal"

    def __init__(self, spec: Declaration) -> None:
        self.amount = spec.heal or 0
        self.selector = spec.selector or ""

    @cites("effects.heal")
    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        for target in allies(battle, actor, self.selector, other, rule):
            heal(battle, actor, target, self.amount, depth, rule)


class Shield(Effect):
    """``{shield: N}``: absorbs N damage before HP; shields add up and last until used."""

    __slots__ = ("amount", "selector")
    kind = "shield"

    def __init__(self, spec: Declaration) -> None:
        self.amount = spec.shield or 0
        self.selector = spec.selector or ""

    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        for target in allies(battle, actor, self.selector, other, rule):
            target.shield += self.amount
            battle.log.shield(actor, target, self.amount, rule)


class BuffThreat(Effect):
    """``{buff-threat: N}``: raises the targets' threat (from the next ordering)."""

    __slots__ = ("amount", "selector")
    kind = "buff-threat"

    def __init__(self, spec: Declaration) -> None:
        self.amount = spec.buff_threat or 0
        self.selector = spec.selector or ""

    @cites("effects.buff")
    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        for target in allies(battle, actor, self.selector, other, rule):
            target.threat += self.amount
            battle.log.buff(actor, target, "threat", self.amount, rule)


class BuffAttack(Effect):
    """``{buff-attack: N}``: adds N to each damage instance the targets' abilities deal."""

    __slots__ = ("amount", "selector")
    kind = "buff-attack"

    def __init__(self, spec: Declaration) -> None:
        self.amount = spec.buff_attack or 0
        self.selector = spec.selector or ""

    @cites("effects.buff")
    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        for target in allies(battle, actor, self.selector, other, rule):
            target.attack += self.amount
            battle.log.buff(actor, target, "attack", self.amount, rule)


class ModifyTotal(Effect):
    """``{modify-total: +N}``: changes the dice total before anything reads it (step 3)."""

    __slots__ = ("amount",)
    kind = "modify-total"

    def __init__(self, spec: Declaration) -> None:
        self.amount = spec.modify_total or 0

    @cites("effects.modify-total")
    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        before = battle.total
        battle.total += self.amount
        battle.log.modify(actor, self.amount, before, battle.total, rule)


class Reroll(Effect):
    """``{reroll: true}``: the roll stops here and restarts at step 1 (reroll.restart.a)."""

    __slots__ = ()
    kind = "reroll"

    @cites("effects.reroll")
    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        if not battle.rulings.reroll_counts and battle.rerolls >= REROLL_GUARD:
            battle.log.reroll_ignored(actor, REROLL_GUARD)
            return
        battle.rerolls_total += 1
        battle.log.reroll(actor, battle.roll)
        raise Rerolled


class Summon(Effect):
    """``{summon: ID}``: a new cryptid right of the summoner (its place if it died)."""

    __slots__ = ("card", "card_id")
    kind = "summon"

    def __init__(self, spec: Declaration) -> None:
        self.card_id = spec.summon or ""
        self.card: Card | None = None
        """Linked once the catalogue is compiled (:class:`~.cards.Catalogue`)."""

    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        card = self.card
        assert card is not None
        row = battle.rows[actor.side]
        if len(row) >= ROW_LIMIT:
            battle.log.summon_full(actor, card, ROW_LIMIT)
            return
        place = min(actor.pos if actor.gone else actor.pos + 1, len(row))
        fighter = Fighter(card, actor.side, place)
        row.insert(place, fighter)
        renumber(row, place)
        battle.arrive(fighter)
        battle.log.summon(actor, fighter, rule)


class Swap(Effect):
    """``{swap: left|right}``: the cryptid swaps places with its neighbour on that side."""

    __slots__ = ("step",)
    kind = "swap"

    def __init__(self, spec: Declaration) -> None:
        self.step = -1 if spec.swap == "left" else 1

    @cites("effects.swap")
    def apply(self, battle: Battle, actor: Fighter, other: Fighter | None, depth: int,
              rule: str) -> None:
        row = battle.rows[actor.side]
        other_pos = actor.pos + self.step
        if actor.gone or not 0 <= other_pos < len(row):
            battle.log.swap_none(actor, rule)
            return
        neighbour = row[other_pos]
        row[actor.pos], row[other_pos] = neighbour, actor
        neighbour.pos, actor.pos = actor.pos, other_pos
        battle.log.swap(actor, neighbour, rule)


EFFECTS: dict[str, type[Effect]] = {e.kind: e for e in (
    Damage, DamageOverTime, Heal, Shield, BuffThreat, BuffAttack, ModifyTotal, Reroll, Summon,
    Swap)}
"""Each effect of the vocabulary by its declaration's key."""


def compile_effect(spec: Declaration) -> Effect:
    """The compiled effect of one declaration."""
    return EFFECTS[spec.kind](spec)


def deal(battle: Battle, source: Fighter | None, target: Fighter, amount: int, depth: int,
         rule: str, credit: int) -> None:
    """Damage: the shield absorbs first, HP never goes below 0; then reactions (step 5).

    ``source`` is the cryptid whose ability deals it (None for a status), ``credit``
    the side whose damage it counts as.
    """
    before = target.hp
    if before <= 0:
        battle.log.wasted(source, target, amount)
        return
    absorbed = 0
    if target.shield:
        absorbed = amount if target.shield >= amount else target.shield
        target.shield -= absorbed
        amount -= absorbed
        if amount <= 0:
            battle.log.damage(source, target, absorbed, before, rule)
            return
    hp = target.hp = before - amount if amount < before else 0
    battle.dealt[credit] += before - hp
    if not hp:
        battle.zeroes = battle.recheck = True
        battle.fallen.append(target)
    battle.log.damage(source, target, absorbed, before, rule)
    side = target.side
    if target.card.hurt or battle.ally_hurt[side]:
        entries: list[Entry] = []
        own = hp > 0 and bool(target.card.hurt)
        if own:
            entries.append((target, target.card.hurt, source))
        if battle.ally_hurt[side]:
            for ally in battle.rows[side]:
                if ally.card.ally_hurt and ally is not target and ally.hp > 0:
                    entries.append((ally, ally.card.ally_hurt, target))
        if entries:
            battle.react(entries, depth + 1,
                         "roll.step-5.chain.a" if depth == 0 else "roll.step-5.chain.c", own)


def heal(battle: Battle, source: Fighter, target: Fighter, amount: int, depth: int,
         rule: str) -> None:
    """Healing, up to the maximum (ruling overheal); HP it raises trigger ``healed``."""
    before = target.hp
    after = before + amount
    if battle.rulings.overheal_cap and after > target.max_hp:
        after = max(before, target.max_hp)
    if after == before:
        battle.log.heal_full(source, target)
        return
    target.hp = after
    battle.log.heal(source, target, before, rule)
    if target.card.healed:
        battle.react([(target, target.card.healed, source)], depth + 1,
                     "roll.step-5.chain.b" if depth == 0 else "roll.step-5.chain.c", True)
