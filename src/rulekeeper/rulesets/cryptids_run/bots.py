"""The shop's bots: ``random`` and ``greedy`` (the ``heuristic`` one is in heuristic.py).

Both decide from the player's view (abilities as the content writes them).

- ``random``: picks a kind of action at random (buy, sell, move, freeze, reroll, end),
  then one of its options; so it ends a shop after a few actions.
- ``greedy``: buys the strongest offer it can afford, by a static estimate of strength
  (:func:`strength`); combines a copy onto its cryptid when it can; with a full row,
  sells its weakest cryptid for a much stronger offer; rerolls while it has gold to
  spare; keeps the stronger of a cryptid's abilities.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rulekeeper.core.decisions import Decision

DICE = {total: (6 - abs(total - 7)) / 36 for total in range(2, 13)}
"""The chance of each 2d6 total."""
ONE_WORD = {"doubles": 1 / 6, "odd": 1 / 2, "even": 1 / 2, "each-roll": 1.0, "hurt": 0.4,
            "ally-hurt": 0.5, "healed": 0.1, "ally-death": 0.1, "death": 0.1,
            "battle-start": 0.1}
"""How often a one-word trigger fires in a roll, roughly (once-only ones spread over ~10)."""
WORTH = {"damage": 1.0, "damage-over-time": 1.0, "heal": 0.6, "shield": 0.8,
         "buff-attack": 2.0, "buff-threat": 0.3, "modify-total": 0.5, "reroll": 0.5,
         "summon": 1.5, "swap": 0.1}
"""What one point of each effect is worth, in damage."""
SPREAD = {"all-enemies": 3.0, "all-allies": 3.0, "adjacent": 2.0, "adjacent-allies": 1.5}
DAMAGE_WEIGHT = 10
"""How much one expected damage a roll counts against one HP."""


def _chance(when: Any) -> float:
    if isinstance(when, str):
        return ONE_WORD.get(when, 0.0)
    if "total" in when:
        return DICE.get(when["total"], 0.0)
    if "totals" in when:
        return sum(DICE.get(t, 0.0) for t in set(when["totals"]))
    low, high = when["range"]
    return sum(DICE.get(t, 0.0) for t in range(low, high + 1))


def _worth(effect: Mapping[str, Any]) -> float:
    kind = next(k for k in WORTH if k in effect)
    amount = effect[kind] if isinstance(effect[kind], int | float) and not isinstance(
        effect[kind], bool) else 1
    if kind == "damage-over-time":
        amount *= effect.get("rolls", 1)
    return WORTH[kind] * abs(amount) * SPREAD.get(effect.get("target", ""), 1.0)


def ability_strength(ability: Mapping[str, Any]) -> float:
    """Roughly the damage (or its worth) an ability brings each roll."""
    return _chance(ability["when"]) * sum(_worth(e) for e in ability["do"])


def strength(hp: int, ability: Mapping[str, Any]) -> float:
    """A cryptid's strength: its HP plus its ability's worth.

    >>> strength(4, {"when": {"total": 8}, "do": [{"damage": 2}]}) > strength(4, {
    ...     "when": {"total": 2}, "do": [{"damage": 2}]})
    True
    """
    return hp + DAMAGE_WEIGHT * ability_strength(ability)


def offer_strength(offer: Mapping[str, Any]) -> float:
    return max(strength(offer["hp"], a) for a in offer["abilities"])


def best_ability(abilities: Sequence[Mapping[str, Any]], hp: int) -> str:
    return str(max(abilities, key=lambda a: strength(hp, a))["id"])


def state_of(view: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return (view or {}).get("state") or {}


class RandomShopper:
    """Picks a kind of action at random, then one of its options."""

    uses_view = False

    def __init__(self, seat: str = "", seed: int = 0) -> None:
        self._random = random.Random(seed)

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        kinds: dict[str, list[str]] = {}
        for option in decision.ids:
            kinds.setdefault(option.split("-")[0], []).append(option)
        chosen = sorted(kinds)[int(self._random.random() * len(kinds))]
        found = kinds[chosen]
        return found[int(self._random.random() * len(found))]


class GreedyShopper:
    """Buys the strongest offer it can afford (see the module's doc)."""

    uses_view = True
    REPLACE_MARGIN = 1.25
    """An offer replaces the weakest cryptid of a full row when this much stronger."""

    def __init__(self, seat: str = "", seed: int = 0) -> None:
        self.seat = seat
        self._strengths: dict[tuple[str, str, int], float] = {}

    def offer_strength(self, offer: Mapping[str, Any]) -> float:
        key = (offer["cryptid"], "", offer["hp"])
        if key not in self._strengths:
            self._strengths[key] = offer_strength(offer)
        return self._strengths[key]

    def place_strength(self, place: Mapping[str, Any]) -> float:
        key = (place["cryptid"], place["ability"]["id"], place["hp"])
        if key not in self._strengths:
            self._strengths[key] = strength(place["hp"], place["ability"])
        return self._strengths[key]

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        state = state_of(view)
        if decision.kind == "ability":
            buying = state["buying"]
            return best_ability(buying["abilities"], buying["hp"])
        return self.shop(state, decision)

    def shop(self, state: Mapping[str, Any], decision: Decision) -> str:
        legal = set(decision.ids)
        places: list[Any] = state["places"]
        ranked = sorted(((self.offer_strength(o), -n, n) for n, o in enumerate(state["offers"], 1)
                         if o is not None), reverse=True)
        for _, _, number in ranked:
            buy = self._buy(number, state, legal)
            if buy is not None:
                return buy
        row = [(self.place_strength(p), n) for n, p in enumerate(places, 1) if p]
        if row and ranked and all(places):
            weakest, at = min(row)
            if ranked[0][0] > self.REPLACE_MARGIN * weakest and f"sell-{at}" in legal:
                return f"sell-{at}"
        prices = state["prices"]
        if "reroll" in legal and state["gold"] >= prices["reroll"] + prices["buy"]:
            return "reroll"
        return "end"

    @staticmethod
    def _buy(number: int, state: Mapping[str, Any], legal: set[str]) -> str | None:
        offer = state["offers"][number - 1]
        places = state["places"]
        for at, place in enumerate(places, 1):
            if place is not None and place["cryptid"] == offer["cryptid"] and (
                    f"buy-{number}-{at}" in legal):
                return f"buy-{number}-{at}"
        for at, place in enumerate(places, 1):
            if place is None and f"buy-{number}-{at}" in legal:
                return f"buy-{number}-{at}"
        return None
