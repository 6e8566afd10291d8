"""Cards compiled for battle: each cryptid's abilities sorted once into compact tables.

A :class:`Card` holds, for every dice result (total and doubles), the tuple of
abilities that fire on it, and one tuple per other trigger kind, so the battle
never interprets a declaration during a roll. Teams are compiled once
(:func:`lineup`) and reused by every battle between them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from rulekeeper.rulesets.cryptids.effects import Effect, ModifyTotal, Summon, compile_effect
from rulekeeper.rulesets.cryptids.schema import Ability, Cryptid, CryptidsContent, Member, Team

DICE_TABLE = 41
"""Dice results are tabled for totals 0..40 (modified totals beyond are matched directly)."""


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


NONE: tuple[Act, ...] = ()
Fired = tuple[tuple[int, tuple[Act, ...]], ...]
"""Which cards of a team fire on a trigger: their index in the team and their abilities."""
KINDS = ("modifiers", "each_roll", "hurt", "ally_hurt", "healed", "death", "ally_death",
         "battle_start")
"""The :class:`Card` attributes that hold the abilities of each trigger kind but dice."""


class Card:
    """A cryptid as the battle uses it: stats and abilities by trigger."""

    __slots__ = ("acts", "ally_death", "ally_hurt", "battle_start", "damages", "death",
                 "each_roll", "healed", "hp", "hurt", "id", "modifiers", "name", "on_dice",
                 "threat", "tier")

    def __init__(self, cryptid: Cryptid, hp: int | None = None, threat: int | None = None,
                 abilities: list[Ability] | None = None) -> None:
        self.id = cryptid.id
        self.name: Mapping[str, str] = cryptid.name
        self.tier = cryptid.tier
        self.hp = hp if hp is not None else cryptid.hp
        self.threat = threat if threat is not None else cryptid.threat
        self.acts = tuple(Act(a) for a in (abilities if abilities is not None
                                           else cryptid.abilities))
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
        self.damages = False
        """Whether it can deal damage (set once its summons are linked)."""

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
    def can_damage(self) -> bool:
        """Whether any of its abilities can deal damage (summoning a damage dealer counts)."""
        return _can_damage(self, set())


def _can_damage(card: Card, seen: set[str]) -> bool:
    """Abilities that can still fire during the rolls; battle-start ones are spent by then."""
    seen.add(card.id)
    for act in card.acts:
        if act.kind == "battle-start":
            continue
        for effect in act.effects:
            if isinstance(effect, Summon):
                if effect.card is not None and effect.card.id not in seen and _can_damage(
                        effect.card, seen):
                    return True
            elif effect.deals_damage:
                return True
    return False


class Catalogue:
    """The compiled cards of a content's ``cryptids.yaml``, summons linked."""

    def __init__(self, content: CryptidsContent) -> None:
        self.content = content
        self.cards = {c.id: Card(c) for c in content.cryptids.cryptids}
        for card in self.cards.values():
            self.link(card)
        for card in self.cards.values():
            card.damages = card.can_damage

    def link(self, card: Card) -> Card:
        for summon in card.summons:
            summon.card = self.cards[summon.card_id]
        card.damages = card.can_damage
        return card

    def card(self, member: Member) -> Card:
        """The card of a team member, with its shop changes (HP, threat, abilities)."""
        if member.hp is None and member.threat is None and member.abilities is None:
            return self.cards[member.cryptid]
        cryptid = self.content.cryptids.find(member.cryptid)
        return self.link(Card(cryptid, member.hp, member.threat, member.abilities))


@dataclass(frozen=True)
class Lineup:
    """A compiled team: its name and its cards, left to right."""

    name: Mapping[str, str] | str
    cards: tuple[Card, ...]

    @cached_property
    def ids(self) -> frozenset[str]:
        return frozenset(c.id for c in self.cards)

    @cached_property
    def on_dice(self) -> tuple[Fired, ...]:
        """For each dice result (``total * 2 + doubles``): which cards fire (index, abilities)."""
        return tuple(tuple((index, card.on_dice[key]) for index, card in enumerate(self.cards)
                           if card.on_dice[key])
                     for key in range(DICE_TABLE * 2))

    @cached_property
    def by_kind(self) -> dict[str, Fired]:
        """For each other trigger (a :class:`Card` attribute: ``each_roll``, ``ally_hurt``...):
        which cards have such abilities, as (index, abilities)."""
        return {kind: tuple((index, getattr(card, kind)) for index, card in enumerate(self.cards)
                            if getattr(card, kind))
                for kind in KINDS}

    @property
    def label(self) -> Mapping[str, str]:
        return self.name if isinstance(self.name, Mapping) else {"en": self.name}


def lineup(team: Team, catalogue: Catalogue) -> Lineup:
    """Compile a team once; every battle between the same teams reuses it."""
    return Lineup(team.name, tuple(catalogue.card(m) for m in team.cryptids))
