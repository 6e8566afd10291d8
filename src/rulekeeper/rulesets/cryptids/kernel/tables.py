"""The kernel's one adapter: the engine's compiled cards and rulings as flat arrays.

Everything the kernel knows of content comes through here, read from what the engine
compiled already (:class:`~rulekeeper.rulesets.cryptids.cards.Card`: its abilities by
trigger, its dice tables, its strikes; each effect's ``kind`` and fields): the kernel
interprets no declaration, so the two cannot read content differently. Content outside
the kernel's vocabulary (:data:`.layout.EFFECTS`, ``TARGETS``, ``TRIGGERS``) raises
:class:`Unsupported`, and the engine plays it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from rulekeeper.core.rulings import WorkBudget
from rulekeeper.rulesets.cryptids.cards import Card, Lineup
from rulekeeper.rulesets.cryptids.kernel import layout as L
from rulekeeper.rulesets.cryptids.rulings import (
    CryptidsRulings,
    DeathsOnReroll,
    HealAtZero,
    LastReroll,
    LowestHpTie,
    NoDamagePossible,
    Overheal,
    ReactionOrder,
    RerollCounts,
    SuddenDeath,
    TieOrder,
    ZeroHpTarget,
)


class Unsupported(Exception):
    """Content the kernel cannot run: the engine plays it (the reason says what)."""


def rulings_row(given: CryptidsRulings) -> np.ndarray:
    """The rulings as the kernel reads them: numbers in :data:`.layout.RULINGS`' order."""
    row = {
        "ties_by_side": given.tie_order is not TieOrder.POSITION,
        "ties_by_coin": given.tie_order is TieOrder.COIN,
        "ties_to_left": given.tie_order is TieOrder.LEFT_FIRST,
        "strike": given.sudden_death is SuddenDeath.STRIKE,
        "reroll_counts": given.reroll_counts is RerollCounts.YES,
        "reaction_depth": int(given.reaction_depth),
        "no_damage_check": given.no_damage_possible is NoDamagePossible.AFTER_DEATHS,
        "deaths_stay": given.deaths_on_reroll is DeathsOnReroll.STAY,
        "overheal_cap": given.overheal is Overheal.CAP,
        "zero_hp_targets": given.zero_hp_target is ZeroHpTarget.ALLOW,
        "heal_at_zero": given.heal_at_zero is HealAtZero.YES,
        "reactions_by_threat": given.reaction_order is ReactionOrder.THREAT,
        "lowest_hp_by_threat": given.lowest_hp_tie is LowestHpTie.THREAT,
        "last_reroll_deaths": given.last_reroll is LastReroll.DEATHS,
        "budget_judged": given.work_budget is WorkBudget.JUDGE,
    }
    return np.array([int(row[name]) for name in L.RULINGS], np.int64)


class Tables:
    """Cards and lineups laid out for the kernel, added as battles need them.

    ``card`` and ``lineup`` return offsets in :meth:`array`; a card (with the cards it
    may summon) is laid out once, however many lineups field it.
    """

    def __init__(self) -> None:
        self.words = np.zeros(1 << 14, np.int64)
        self.size = L.HEADER + 1
        self.words[L.H_EMPTY] = L.HEADER  # an empty list: [0]
        self.cards: dict[int, int] = {}
        """Laid out cards: their offset by the id of the engine's card."""
        self.kept: list[Card] = []
        """The engine's cards, in their kernel number's order (held, so ids stay theirs)."""
        self.lineups: dict[int, tuple[Lineup, int]] = {}

    def array(self) -> np.ndarray:
        """The tables as the kernel reads them."""
        return self.words[:self.size]

    def lineup(self, lineup: Lineup) -> int:
        """A team: ``[n, card, ..., brings modifiers]``."""
        known = self.lineups.get(id(lineup))
        if known is not None and known[0] is lineup:
            return known[1]
        cards = [self.card(card) for card in lineup.cards]
        at = self._put([len(cards), *cards, int(lineup.brings_modifiers)])
        self.lineups[id(lineup)] = (lineup, at)
        return at

    def card(self, card: Card) -> int:
        """A card's record (:data:`.layout.CARD` fields), with those it may summon."""
        known = self.cards.get(id(card))
        if known is not None:
            return known
        at = self._put([0] * L.CARD)
        self.cards[id(card)] = at
        self.kept.append(card)
        record = [0] * L.CARD
        record[L.C_HP] = card.hp
        record[L.C_THREAT] = card.threat
        record[L.C_MODIFIER] = card.modifier
        record[L.C_HAS_MODIFIERS] = int(bool(card.modifiers))
        record[L.C_BRINGS_MODIFIERS] = int(card.brings_modifiers)
        record[L.C_INDEX] = len(self.kept) - 1
        record[L.C_STRIKES] = self._put(
            [int(shift in card.strikes) for shift in range(L.SHIFT_LOW, L.SHIFT_HIGH + 1)])
        acts = {id(act): self._act(act) for act in card.acts}
        lists: dict[tuple[int, ...], int] = {(): L.HEADER}

        def listed(group: Iterable[Any]) -> int:
            offsets = tuple(acts[id(act)] for act in group)
            if offsets not in lists:
                lists[offsets] = self._put([len(offsets), *offsets])
            return lists[offsets]

        record[L.C_ACTS] = listed(card.acts)
        for index, kind in enumerate(L.KINDS):
            record[L.C_KINDS + index] = listed(getattr(card, kind))
        named = {t for act in card.acts if act.trigger.on_dice for t in act.trigger.totals}
        # a total no trigger names fires what any other total of its parity fires
        unnamed = {(parity, doubles): listed(card.dice_acts(L.DICE_HIGH - 1 + parity, doubles))
                   for parity in (0, 1) for doubles in (False, True)}
        record[L.C_DICE] = self._put([
            listed(card.dice_acts(total, doubles)) if total in named
            else unnamed[(total & 1, doubles)]
            for total in range(L.DICE_LOW, L.DICE_HIGH + 1) for doubles in (False, True)])
        self.words[at:at + L.CARD] = record
        return at

    def _act(self, act: Any) -> int:
        kind = act.kind
        if kind not in L.TRIGGERS:
            raise Unsupported(f"the trigger {kind!r}")
        trigger = act.trigger
        any_total = kind in ("doubles", "odd", "even")
        totals = 0
        if trigger.on_dice and not any_total:
            totals = self._put([int(t in trigger.totals)
                                for t in range(L.TOTAL_LOW, L.TOTAL_HIGH + 1)])
        effects: list[int] = [len(act.effects)]
        summons: list[tuple[int, Card]] = []
        for effect in act.effects:
            record = self._effect(effect)
            if effect.kind == "summon":
                summons.append((len(effects) + L.E_CARD, effect.card))
            effects += record
        at = self._put([L.TRIGGERS.index(kind), int(trigger.on_dice), int(any_total), totals,
                        int(act.deals_damage), int(act.heals), 0])
        self.words[at + L.A_EFFECTS] = start = self._put(effects)
        for place, card in summons:  # after the record: a card may summon itself
            self.words[start + place] = self.card(card)
        return at

    @staticmethod
    def _effect(effect: Any) -> list[int]:
        kind = effect.kind
        if kind not in L.EFFECTS:
            raise Unsupported(f"the effect {kind!r}")
        record = [0] * L.EFFECT
        record[L.E_KIND] = L.EFFECTS.index(kind)
        record[L.E_AMOUNT] = getattr(effect, "amount", 0)
        record[L.E_ROLLS] = getattr(effect, "rolls", 0)
        selector = getattr(effect, "selector", None)
        if selector is not None:
            if selector not in L.TARGETS:
                raise Unsupported(f"the target {selector!r}")
            record[L.E_TARGET] = L.TARGETS.index(selector)
        record[L.E_STEP] = getattr(effect, "step", 0)
        if kind == "summon" and effect.card is None:
            raise Unsupported("a summon of an unlinked card")
        return record

    def _put(self, values: Sequence[int]) -> int:
        at = self.size
        end = at + len(values)
        if end > len(self.words):
            grown = np.zeros(max(end, 2 * len(self.words)), np.int64)
            grown[:at] = self.words[:at]
            self.words = grown
        self.words[at:end] = values
        self.size = end
        return at

    def card_ids(self) -> list[str]:
        """The cryptid id of each card, by its kernel number."""
        return [card.id for card in self.kept]
