"""The boards: each side's row of cryptids, left to right, and a cryptid on it.

"l'ordre dans lequel ils se placent" (battle.shop.d): a row keeps the order the team
was fielded in; places are counted from each row's own left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulekeeper.rulesets.cryptids.cards import Card

SIDES = ("left", "right")


class Fighter:
    """A cryptid on the board: its card and its current state."""

    __slots__ = ("attack", "card", "dots", "gone", "hp", "label", "max_hp", "pos", "shield",
                 "side", "threat")

    def __init__(self, card: Card, side: int, pos: int) -> None:
        self.card = card
        self.side = side
        self.pos = pos
        self.hp = self.max_hp = card.hp
        self.threat = card.threat
        self.attack = self.shield = 0
        self.dots: list[list[int]] = []
        """Damage over time: ``[amount, rolls left, side that applied it]``."""
        self.gone = False
        """Off the board: it died (step 6)."""
        self.label: Any = card.name
        """Its name in events (numbered by the log when a battle fields it twice)."""

    def __repr__(self) -> str:
        return f"<{self.card.id} {SIDES[self.side]} {self.pos} hp={self.hp}>"


def renumber(row: list[Fighter], start: int = 0) -> None:
    """After a row changed from place ``start`` on: each cryptid's place in it."""
    for pos in range(start, len(row)):
        row[pos].pos = pos
