"""Cards compiled for battle: each cryptid's abilities sorted once into compact tables.

A :class:`Card` holds, for every dice result (total and doubles), the tuple of
abilities that fire on it, and one tuple per other trigger kind, so the battle
never interprets a declaration during a roll. An ability's effects are compiled from
their declarations (``{damage: 3, target: lowest-hp}``) into small objects holding their
amounts and target rule (:class:`Effect`); what each does is :mod:`.effects`'. Teams
are compiled once (:func:`lineup`) and reused by every battle between them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.cryptids.models import (
    MAX_TOTAL,
    Ability,
    Cryptid,
    CryptidsContent,
    Member,
    Team,
)
from rulekeeper.rulesets.cryptids.models import Effect as Declaration

DICE_TABLE = 41
"""Dice results are tabled for totals 0..40 (modified totals beyond are matched directly)."""
DICE_RESULTS = frozenset((a + b, a == b) for a in range(1, 7) for b in range(1, 7))
"""What two dice show, as the triggers read it: (total, doubles), 15 results."""
SHIFTS = frozenset(range(-MAX_TOTAL - 12, MAX_TOTAL + 11))
"""The changes of every total that matter: beyond them, no dice trigger on a total fires."""


class Effect:
    """An effect compiled from its declaration: ``kind`` is the declaration's key."""

    __slots__ = ()
    kind: ClassVar[str]
    deals_damage: ClassVar[bool] = False

    def __init__(self, spec: Declaration) -> None:
        """Compiled from its declaration (its amount and target rule)."""


class Damage(Effect):
    """``{damage: N}``: N (plus the actor's attack and the sudden death bonus) to each target."""

    __slots__ = ("amount", "selector")
    kind = "damage"
    deals_damage = True

    def __init__(self, spec: Declaration) -> None:
        self.amount = spec.damage or 0
        self.selector = spec.selector or ""


class DamageOverTime(Effect):
    """``{damage-over-time: N, rolls: R}``: N at step 2 of each of the next R rolls."""

    __slots__ = ("amount", "rolls", "selector")
    kind = "damage-over-time"
    deals_damage = True

    def __init__(self, spec: Declaration) -> None:
        self.amount = spec.damage_over_time or 0
        self.rolls = spec.rolls or 1
        self.selector = spec.selector or ""


class Heal(Effect):
    """``{heal: N}``: N HP to each target, up to its maximum (ruling overheal)."""

    __slots__ = ("amount", "selector")
    kind = "heal"

    def __init__(self, spec: Declaration) -> None:
        self.amount = spec.heal or 0
        self.selector = spec.selector or ""


class Shield(Effect):
    """``{shield: N}``: absorbs N damage before HP; shields add up and last until used."""

    __slots__ = ("amount", "selector")
    kind = "shield"

    def __init__(self, spec: Declaration) -> None:
        self.amount = spec.shield or 0
        self.selector = spec.selector or ""


class BuffThreat(Effect):
    """``{buff-threat: N}``: raises the targets' threat (from the next ordering)."""

    __slots__ = ("amount", "selector")
    kind = "buff-threat"

    def __init__(self, spec: Declaration) -> None:
        self.amount = spec.buff_threat or 0
        self.selector = spec.selector or ""


class BuffAttack(Effect):
    """``{buff-attack: N}``: adds N to each damage instance the targets' abilities deal."""

    __slots__ = ("amount", "selector")
    kind = "buff-attack"

    def __init__(self, spec: Declaration) -> None:
        self.amount = spec.buff_attack or 0
        self.selector = spec.selector or ""


class ModifyTotal(Effect):
    """``{modify-total: +N}``: changes the dice total before anything reads it (step 3)."""

    __slots__ = ("amount",)
    kind = "modify-total"

    def __init__(self, spec: Declaration) -> None:
        self.amount = spec.modify_total or 0


class Reroll(Effect):
    """``{reroll: true}``: the roll stops here and restarts at step 1 (reroll.restart.a)."""

    __slots__ = ()
    kind = "reroll"


class Summon(Effect):
    """``{summon: ID}``: a new cryptid right of the summoner (its place if it died)."""

    __slots__ = ("card", "card_id")
    kind = "summon"

    def __init__(self, spec: Declaration) -> None:
        self.card_id = spec.summon or ""
        self.card: Card | None = None
        """Linked once the catalogue is compiled (:class:`Catalogue`)."""


class Swap(Effect):
    """``{swap: left|right}``: the cryptid swaps places with its neighbour on that side."""

    __slots__ = ("step",)
    kind = "swap"

    def __init__(self, spec: Declaration) -> None:
        self.step = -1 if spec.swap == "left" else 1


EFFECTS: dict[str, type[Effect]] = {e.kind: e for e in (
    Damage, DamageOverTime, Heal, Shield, BuffThreat, BuffAttack, ModifyTotal, Reroll, Summon,
    Swap)}
"""Each effect of the vocabulary by its declaration's key."""


def compile_effect(spec: Declaration) -> Effect:
    """The compiled effect of one declaration."""
    return EFFECTS[spec.kind](spec)


class Act:
    """A compiled ability: its trigger kind, its trigger (for dice) and its effects."""

    __slots__ = ("effects", "kind", "trigger")

    def __init__(self, ability: Ability) -> None:
        self.trigger = ability.when
        self.kind = ability.when.kind
        self.effects: tuple[Effect, ...] = tuple(compile_effect(e) for e in ability.do)

    @property
    def modifies_total(self) -> bool:
        return any(isinstance(e, ModifyTotal) for e in self.effects)

    @property
    def deals_damage(self) -> bool:
        return any(e.deals_damage for e in self.effects)

    @property
    def heals(self) -> bool:
        return any(isinstance(e, Heal) for e in self.effects)

    def fires_on(self, results: frozenset[tuple[int, bool]]) -> bool:
        """Whether this dice ability fires on one of these (total, doubles) results."""
        return any(self.trigger.matches(total, doubles) for total, doubles in results)

    @property
    def shifts(self) -> frozenset[int]:
        """The changes of every total (``SHIFTS``) under which it fires on some throw."""
        if self.kind == "each-roll" or self.kind in ("doubles", "odd", "even"):
            return SHIFTS
        if not self.trigger.on_dice:
            return frozenset()
        return frozenset(t - base for t in self.trigger.totals for base in range(2, 13)
                         if t - base in SHIFTS)


NONE: tuple[Act, ...] = ()
Fired = tuple[tuple[int, tuple[Act, ...]], ...]
"""Which cards of a team fire on a trigger: their index in the team and their abilities."""
KINDS = ("modifiers", "each_roll", "hurt", "ally_hurt", "healed", "death", "ally_death",
         "battle_start")
"""The :class:`Card` attributes that hold the abilities of each trigger kind but dice."""


class Card:
    """A cryptid as the battle uses it: stats and abilities by trigger."""

    __slots__ = ("abilities", "acts", "ally_death", "ally_hurt", "battle_start",
                 "brings_modifiers", "death", "each_roll", "healed", "hp", "hurt", "id",
                 "modifier", "modifiers", "name", "on_dice", "strikes", "threat", "tier")

    @cites("threat.value.b", "triggers.dice", "triggers.each-roll", "triggers.reactions",
            "triggers.deaths")
    def __init__(self, cryptid: Cryptid, hp: int | None = None, threat: int | None = None,
                 abilities: list[Ability] | None = None) -> None:
        self.id = cryptid.id
        self.name: Mapping[str, str] = cryptid.name
        self.tier = cryptid.tier
        self.hp = hp if hp is not None else cryptid.hp
        self.threat = threat if threat is not None else cryptid.threat
        self.abilities = tuple(abilities if abilities is not None else cryptid.abilities)
        """Its abilities as declared (the card's, or a team member's own)."""
        self.acts = tuple(Act(a) for a in self.abilities)
        by_kind = {kind: tuple(a for a in self.acts if a.kind == kind) for kind in (
            "each-roll", "hurt", "ally-hurt", "healed", "death", "ally-death", "battle-start")}
        self.modifiers = tuple(a for a in by_kind["each-roll"] if a.modifies_total)
        self.each_roll = tuple(a for a in by_kind["each-roll"] if not a.modifies_total)
        self.hurt = by_kind["hurt"]
        self.ally_hurt = by_kind["ally-hurt"]
        self.healed = by_kind["healed"]
        self.death = by_kind["death"]
        self.ally_death = by_kind["ally-death"]
        self.battle_start = by_kind["battle-start"]
        self.on_dice = [self.dice_acts(total, doubles)
                        for total in range(DICE_TABLE) for doubles in (False, True)]
        self.modifier = sum(e.amount for a in self.modifiers for e in a.effects
                            if isinstance(e, ModifyTotal))
        """How much its every-roll abilities change the total, all told."""
        self.strikes = frozenset(shift for a in self.acts if a.deals_damage
                                 for shift in a.shifts)
        """The changes of the total (``SHIFTS``) at which it deals damage by itself on some
        throw: a damaging ability on every roll or on a dice result (no reaction, death or
        summon needed)."""
        self.brings_modifiers = False
        """Whether it may summon (directly or not) a cryptid that changes the total (set once
        its summons are linked)."""

    def __repr__(self) -> str:
        return f"<Card {self.id}>"

    def dice_acts(self, total: int, doubles: bool) -> tuple[Act, ...]:
        """The abilities that fire on this (modified) total; indexed as ``total * 2 + doubles``."""
        found = tuple(a for a in self.acts
                      if a.trigger.on_dice and a.trigger.matches(total, doubles))
        return found or NONE

    @property
    def summons(self) -> list[Summon]:
        return [e for a in self.acts for e in a.effects if isinstance(e, Summon)]

    @property
    def summoned(self) -> list[Card]:
        """The cards it may summon, directly or through them (linked cards only)."""
        found: list[Card] = []
        todo = [self]
        while todo:
            for summon in todo.pop().summons:
                if summon.card is not None and summon.card not in found:
                    found.append(summon.card)
                    todo.append(summon.card)
        return found


class Catalogue:
    """The compiled cards of a content's ``cryptids.yaml``, summons linked."""

    def __init__(self, content: CryptidsContent) -> None:
        self.content = content
        self.cards = {c.id: Card(c) for c in content.cryptids.cryptids}
        for card in self.cards.values():
            for summon in card.summons:
                summon.card = self.cards[summon.card_id]
        for card in self.cards.values():
            self.link(card)
        self.lineups: dict[str, Lineup] = {}
        """The content's teams compiled so far, by team id or by a team file's data."""

    def link(self, card: Card) -> Card:
        for summon in card.summons:
            summon.card = self.cards[summon.card_id]
        card.brings_modifiers = any(c.modifiers for c in card.summoned)
        return card

    @cites("battle.shop.c")
    def card(self, member: Member) -> Card:
        """The card of a team member, with its shop changes (HP, threat, abilities)."""
        if member.hp is None and member.threat is None and member.abilities is None:
            return self.cards[member.cryptid]
        cryptid = self.content.cryptids.find(member.cryptid)
        return self.link(Card(cryptid, member.hp, member.threat, member.abilities))


@cites("opponent.snapshot.a")
@dataclass(frozen=True)
class Lineup:
    """A compiled team: its name and its cards, left to right, with the tables battles read
    (computed once, as the team is compiled)."""

    name: Mapping[str, str] | str
    cards: tuple[Card, ...]
    ids: frozenset[str] = field(init=False, compare=False)
    on_dice: tuple[Fired, ...] = field(init=False, repr=False, compare=False)
    """For each dice result (``total * 2 + doubles``): which cards fire (index, abilities)."""
    by_kind: dict[str, Fired] = field(init=False, repr=False, compare=False)
    """For each other trigger (a :class:`Card` attribute: ``each_roll``, ``ally_hurt``...):
    which cards have such abilities, as (index, abilities)."""
    brings_modifiers: bool = field(init=False, repr=False, compare=False)
    """Whether it may summon a cryptid that changes the total."""
    flags: tuple[bool, bool, bool] = field(init=False, repr=False, compare=False)
    """Whether any of its cards reacts to an ally hurt, to an ally's death, acts every roll."""

    def __post_init__(self) -> None:
        cards = self.cards
        computed = {
            "ids": frozenset(c.id for c in cards),
            "on_dice": tuple(tuple((index, card.on_dice[key]) for index, card in enumerate(cards)
                                   if card.on_dice[key])
                             for key in range(DICE_TABLE * 2)),
            "by_kind": {kind: tuple((index, getattr(card, kind))
                                    for index, card in enumerate(cards) if getattr(card, kind))
                        for kind in KINDS},
            "brings_modifiers": any(c.brings_modifiers for c in cards),
            "flags": (any(c.ally_hurt for c in cards), any(c.ally_death for c in cards),
                      any(c.each_roll or c.modifiers for c in cards))}
        for name, value in computed.items():
            object.__setattr__(self, name, value)

    @property
    def label(self) -> Mapping[str, str]:
        return self.name if isinstance(self.name, Mapping) else {"en": self.name}


@cites("battle.shop.b")
def lineup(team: Team, catalogue: Catalogue) -> Lineup:
    """Compile a team once; every battle between the same teams reuses it."""
    return Lineup(team.name, tuple(catalogue.card(m) for m in team.cryptids))
