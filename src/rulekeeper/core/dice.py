"""Dice: numeric dice, custom-face dice from data, pools, and exact distributions.

Custom faces carry symbols: ``"HIT"``, ``"blank"`` (no symbol), ``"HIT+HIT"`` (two
symbols on one face). Exact distributions come from icepool.

>>> combat = FaceDie("combat", ["HIT", "HIT", "BLOCK", "BLOCK", "blank", "blank"])
>>> float(combat.count_die("HIT").probability(1))
0.3333333333333333
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import icepool

from rulekeeper.core.rng import Rng

BLANK = "blank"


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a custom die: its name as written and the symbols it carries."""

    name: str
    symbols: tuple[str, ...]

    @classmethod
    def parse(cls, name: str) -> Face:
        """``"HIT+BLOCK"`` carries HIT and BLOCK; ``"blank"`` and ``""`` carry nothing."""
        parts = [p.strip() for p in name.split("+") if p.strip()]
        return cls(name, tuple(p for p in parts if p.casefold() != BLANK))

    def count(self, symbol: str) -> int:
        """How many times this face shows ``symbol``."""
        return self.symbols.count(symbol)

    def __reduce__(self) -> tuple[Any, ...]:
        # copied and pickled by its fields (compiled, a frozen class takes no state after)
        return Face, (self.name, self.symbols)


@dataclass(frozen=True)
class NumericDie:
    """A die numbered 1..sides: d6, d20."""

    sides: int

    def roll(self, rng: Rng) -> int:
        return rng.roll(self.sides)

    def exact(self) -> icepool.Die[int]:
        return icepool.d(self.sides)

    def __str__(self) -> str:
        return f"d{self.sides}"

    def __reduce__(self) -> tuple[Any, ...]:
        return NumericDie, (self.sides,)


d6 = NumericDie(6)
d20 = NumericDie(20)


def roll_total(rng: Rng, count: int, sides: int) -> int:
    """The total of ``count`` dice with ``sides`` sides (``2d6``)."""
    return sum(rng.roll(sides) for _ in range(count))


@dataclass(frozen=True)
class FaceDie:
    """A die with named faces, read from content data."""

    name: str
    face_names: Sequence[str]
    faces: tuple[Face, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "face_names", tuple(self.face_names))
        object.__setattr__(self, "faces", tuple(Face.parse(n) for n in self.face_names))

    def __deepcopy__(self, memo: dict[int, Any]) -> FaceDie:
        """It never changes: a copied game state shares it (a checkpoint's copy)."""
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return FaceDie, (self.name, self.face_names)

    def roll(self, rng: Rng) -> Face:
        """Roll the die; a scripted value names the face (``HIT``) or gives its 1-based index."""
        return self.faces[rng.roll_index(self.face_names)]

    def count_die(self, symbol: str) -> icepool.Die[int]:
        """The exact distribution of how many ``symbol`` one roll shows."""
        return icepool.Die([f.count(symbol) for f in self.faces])


@dataclass(frozen=True)
class Pool:
    """A handful of custom dice rolled together, e.g. 3 combat dice and a vampire die."""

    dice: tuple[FaceDie, ...]

    @classmethod
    def of(cls, *groups: tuple[FaceDie, int]) -> Pool:
        """``Pool.of((combat, 3), (vampire, 1))``."""
        return cls(tuple(die for die, n in groups for _ in range(max(n, 0))))

    def roll(self, rng: Rng) -> list[Face]:
        return [die.roll(rng) for die in self.dice]

    def __reduce__(self) -> tuple[Any, ...]:
        return Pool, (self.dice,)

    def count_distribution(self, symbol: str) -> icepool.Die[int]:
        """The exact distribution of the number of ``symbol`` the whole pool shows."""
        total: icepool.Die[int] = icepool.Die([0])
        for die in self.dice:
            total = total + die.count_die(symbol)
        return total


def count(faces: Iterable[Face], symbol: str) -> int:
    """How many ``symbol`` a rolled set of faces shows."""
    return sum(f.count(symbol) for f in faces)


def symbol_counts(faces: Iterable[Face]) -> Counter[str]:
    """All symbols a rolled set of faces shows."""
    return Counter(s for f in faces for s in f.symbols)


def probability(predicate: Callable[..., bool], *dice: icepool.Die[Any]) -> Fraction:
    """The exact probability that ``predicate`` holds of independent rolls of ``dice``.

    >>> probability(lambda a, b: a > b, icepool.d(6), icepool.d(6))
    Fraction(5, 12)
    """
    outcome = icepool.map(lambda *values: bool(predicate(*values)), *dice,
                          star=False)  # (what icepool infers from the lambda: compiled, it cannot)
    return Fraction(outcome.probability(True))


def distribution(die: icepool.Die[Any]) -> dict[Any, Fraction]:
    """An icepool die as ``{outcome: exact probability}``."""
    return {outcome: Fraction(die.probability(outcome)) for outcome in die.outcomes()}
