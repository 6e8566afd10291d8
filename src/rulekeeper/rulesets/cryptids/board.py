"""The boards: each side's row of cryptids, left to right, a cryptid on it, and what the
rules read of a battle's boards (:class:`Field`).

"l'ordre dans lequel ils se placent" (battle.shop.d): a row keeps the order the team
was fielded in; places are counted from each row's own left.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rulekeeper.rulesets.cryptids.cards import Card
from rulekeeper.rulesets.cryptids.rulings import CryptidsRulings

SIDES = ("left", "right")

Emit = Callable[..., None]
"""A game's ``table.emit``: ``emit(kind, rule, **data)``."""


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
        """Its name in events (numbered when a battle fields the same card twice)."""

    def __repr__(self) -> str:
        return f"<{self.card.id} {SIDES[self.side]} {self.pos} hp={self.hp}>"


def renumber(row: list[Fighter], start: int = 0) -> None:
    """After a row changed from place ``start`` on: each cryptid's place in it."""
    for pos in range(start, len(row)):
        row[pos].pos = pos


class Dice(Protocol):
    """What the battle draws from: a game's :class:`~rulekeeper.core.rng.Rng` or an enumerator."""

    def roll(self, sides: int) -> int: ...

    def below(self, n: int) -> int: ...

    def coin(self) -> bool: ...


class Field(Protocol):
    """What the rules read of a battle's boards (the battle itself, :mod:`.battle`)."""

    @property
    def rows(self) -> list[list[Fighter]]:
        """Each side's row, left to right."""

    @property
    def zeroes(self) -> bool:
        """Whether a cryptid fell to 0 HP since step 6 last ran (else all on the board live)."""

    @property
    def rulings(self) -> CryptidsRulings: ...

    @property
    def rng(self) -> Dice: ...

    @property
    def emit(self) -> Emit | None:
        """The game's ``table.emit``; None when nobody reads the battle (no event is built)."""
