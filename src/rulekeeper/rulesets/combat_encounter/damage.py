"""Damage values written in dice notation (``1d6+1``, ``2d4``, ``3``), read by the d20 package.

The notation is parsed by ``d20`` into its syntax tree; this module only reduces the
tree to the dice groups and the flat part of a Damage value. Rolls go through the
game's :class:`~rulekeeper.core.rng.Rng` (so scripted dice work) and exact
distributions come from icepool. Only sums and differences of dice and whole
numbers are Damage values; anything else (``4d6kh3``, ``1d6*2``) is refused, and so
is a value of more than :data:`MAX_DICE` dice or a die of more than :data:`MAX_SIDES`
sides (exact odds of ``100d100`` would take minutes; no weapon rolls that).

>>> dmg = DamageDice.parse("1d8+1")
>>> dmg.dice, dmg.flat, dmg.fixed
(((1, 1, 8),), 1, False)
>>> dmg.roll(Rng(0, [5]))
6
>>> dmg.roll(Rng(0, [5, 7]), dice_times=2)
13
>>> float(dmg.exact().mean())
5.5
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import d20
import icepool
from d20 import ast as dice_ast

from rulekeeper.core.rng import Rng

DiceGroup = tuple[int, int, int]
"""(sign, count, sides): ``-2d4`` is ``(-1, 2, 4)``."""

MAX_DICE = 20
"""The most dice a Damage value rolls in all (a Critical Hit rolls them twice)."""
MAX_SIDES = 100
"""The most sides of one die of a Damage value."""


@dataclass(frozen=True)
class DamageDice:
    """A Damage value: dice groups plus a flat number, from dice notation.

    Attributes:
        notation: the text as written in the content (``"1d6+1"``).
        dice: the dice groups (sign, count, sides).
        flat: the sum of the whole numbers.
    """

    notation: str
    dice: tuple[DiceGroup, ...]
    flat: int

    @staticmethod
    @lru_cache(maxsize=4096)  # content can come with each request: bounded
    def parse(notation: str) -> DamageDice:
        """Read ``notation`` with d20; a ValueError names what is not a Damage value."""
        try:
            tree = d20.parse(str(notation))
        except d20.RollSyntaxError:
            raise ValueError(f"{notation!r} is not dice notation (a Damage value is written "
                             f"like 1d6+1)") from None
        dice: list[DiceGroup] = []
        flat = _reduce(tree.roll, 1, dice, str(notation))
        count = sum(number for _, number, _ in dice)
        if count > MAX_DICE:
            raise ValueError(f"{notation!r} rolls {count} dice; a Damage value rolls at most "
                             f"{MAX_DICE}")
        return DamageDice(str(notation), tuple(dice), flat)

    @property
    def fixed(self) -> bool:
        """A fixed Damage value (no dice)."""
        return not self.dice

    @property
    def mean(self) -> float:
        """The mean Damage."""
        return self.flat + sum(sign * count * (sides + 1) / 2 for sign, count, sides in self.dice)

    def roll(self, rng: Rng, dice_times: int = 1, flat_times: int = 1) -> int:
        """Roll every die ``dice_times`` times and add the flat part ``flat_times`` times."""
        total = self.flat * flat_times
        for sign, count, sides in self.dice:
            total += sign * sum(rng.roll(sides) for _ in range(count * dice_times))
        return total

    def exact(self, dice_times: int = 1, flat_times: int = 1) -> icepool.Die[int]:
        """The exact distribution of :meth:`roll` with the same arguments."""
        total: icepool.Die[int] = icepool.Die([self.flat * flat_times])
        for sign, count, sides in self.dice:
            group = (count * dice_times) @ icepool.d(sides)
            total = total + group if sign > 0 else total - group
        return total

    def __str__(self) -> str:
        return self.notation


def _reduce(node: dice_ast.Node, sign: int, dice: list[DiceGroup], text: str) -> int:
    """Collect the dice groups of ``node`` into ``dice``; return its flat part."""
    if isinstance(node, dice_ast.Literal) and isinstance(node.value, int):
        return sign * node.value
    if isinstance(node, dice_ast.Dice) and isinstance(node.size, int):
        if node.num < 1 or node.size < 1:
            raise ValueError(f"{text!r}: {node} rolls no die")
        if node.size > MAX_SIDES:
            raise ValueError(f"{text!r}: a d{node.size} has more sides than a Damage die may "
                             f"have ({MAX_SIDES})")
        dice.append((sign, node.num, node.size))
        return 0
    if isinstance(node, dice_ast.Parenthetical):
        return _reduce(node.value, sign, dice, text)
    if isinstance(node, dice_ast.UnOp) and node.op in "+-":
        return _reduce(node.value, -sign if node.op == "-" else sign, dice, text)
    if isinstance(node, dice_ast.BinOp) and node.op in ("+", "-"):
        left = _reduce(node.left, sign, dice, text)
        return left + _reduce(node.right, -sign if node.op == "-" else sign, dice, text)
    raise ValueError(f"{text!r}: only dice and whole numbers joined by + or - are Damage "
                     f"values, not {node}")
