"""Tuning: the value of a parameter that brings a side's win rate to a target.

The parameter is a dial: one or more content paths, options or rulings, each with an
ordered list of values (``LOW..HIGH`` for numbers), turned together: at position ``i``
of ``n`` each takes the value at the same fraction of its own list. The search
assumes the win rate moves one way along the dial (more HP, more wins) and bisects:

1. Each value it looks at plays games in *looks* of doubling size (100, 200, 400, ...
   up to ``most``), all values on the same seeds (game ``i`` of every value starts from
   the same seed, so their differences are the parameter's, not the dice's). After each
   look its win rate's interval says: ``below`` the target, ``above`` it, ``fits`` (the
   whole interval within target ± tolerance), or nothing yet, and it plays the next
   look. A value far from the target is decided after one look; games are spent where
   the answer is uncertain. Each look's interval is at level ``1 - (1 - confidence) / L``
   for ``L`` planned looks (Bonferroni), so that the repeated looks at a value keep the
   ``confidence`` overall.
2. The two ends of the dial first: if both are on the same side of the target, it is out
   of reach and the nearer end is the answer.
3. Then the middle of the bracket, until a value fits or the bracket is two neighbours
   (the target lies between two values of the dial: the nearer is the answer).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from rulekeeper.core.errors import UsageError
from rulekeeper.core.rulings import parse_assignments
from rulekeeper.lab.stats import Estimate, wilson
from rulekeeper.lab.sweep import Axis, parse_axes, value_text

MOST_VALUES = 10**9
"""The longest range of integers (never listed: bisection looks at a few dozen values)."""
MOST_DECIMALS = 10_000
"""The most values of a range of decimals."""
FLOAT_STEPS = 20
"""A range of decimals without a step is cut into this many steps."""

RANGE = re.compile(r"^\s*(-?[\d.]+(?:e-?\d+)?)\s*\.\.\s*(-?[\d.]+(?:e-?\d+)?)"
                   r"(?:\s*:\s*([\d.]+(?:e-?\d+)?))?\s*$")


def number(text: str, what: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            raise UsageError(f"{what}: {text!r} is not a number") from None


def values_of(text: str, what: str) -> Sequence[Any] | None:
    """The values of ``LOW..HIGH`` (every integer) or ``LOW..HIGH:STEP``; None if ``text``
    is not a range.

    >>> list(values_of("2..5", "x")), values_of("0..1:0.25", "x"), values_of("1,2", "x")
    ([2, 3, 4, 5], [0.0, 0.25, 0.5, 0.75, 1.0], None)
    """
    found = RANGE.match(text)
    if found is None:
        if re.match(r"^\s*-?[\d.]+\s*\.\.", text):
            raise UsageError(f"{what}: {text!r} is not a range LOW..HIGH or LOW..HIGH:STEP")
        return None
    low, high = number(found.group(1), what), number(found.group(2), what)
    step = number(found.group(3), what) if found.group(3) else None
    if high <= low:
        raise UsageError(f"{what}: the range {text!r} must go up (LOW..HIGH, LOW < HIGH)")
    if isinstance(low, int) and isinstance(high, int) and isinstance(step, int | None):
        out: Sequence[Any] = range(low, high + 1, step or 1)
    else:
        step = step or (high - low) / FLOAT_STEPS
        if step <= 0:
            raise UsageError(f"{what}: the step must be above 0")
        count = math.floor((high - low) / step + 1e-9) + 1
        if count > MOST_DECIMALS:
            raise UsageError(f"{what}: {count:,} values; at most {MOST_DECIMALS:,}")
        out = [round(low + i * step, 12) for i in range(count)]
    if len(out) > MOST_VALUES:
        raise UsageError(f"{what}: {len(out):,} values; at most {MOST_VALUES:,}")
    if len(out) < 2:
        raise UsageError(f"{what}: the range {text!r} holds one value")
    return out


@dataclass(frozen=True)
class Dial:
    """What the search turns: every varying axis moves together; fixed ones apply to all."""

    axes: tuple[Axis, ...]
    fixed: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.axes:
            raise UsageError("nothing to tune: give a --set, --option or --ruling with a range "
                             "or two or more values (path=LOW..HIGH, id=a,b)")

    def __len__(self) -> int:
        return max(len(a.values) for a in self.axes)

    def params(self, position: int) -> dict[str, Any]:
        """The values at ``position`` (0 .. len-1): each axis at the same fraction of its list.

        >>> d = Dial((Axis("a", range(0, 11)), Axis("b", ("x", "y"))))
        >>> d.params(0), d.params(4), d.params(6), d.params(10)
        ({'a': 0, 'b': 'x'}, {'a': 4, 'b': 'x'}, {'a': 6, 'b': 'y'}, {'a': 10, 'b': 'y'})
        """
        count = len(self)
        out = dict(self.fixed)
        for axis in self.axes:
            size = len(axis.values)
            out[axis.key] = axis.values[round(position * (size - 1) / (count - 1))
                                        if count > 1 else 0]
        return out

    def label(self, position: int) -> str:
        return ", ".join(f"{a.key}={value_text(self.params(position)[a.key])}"
                         for a in self.axes)

    def short(self, position: int) -> str:
        """The varying values only, ``/``-separated: a table cell."""
        return "/".join(value_text(self.params(position)[a.key]) for a in self.axes)


def parse_dial(ruleset_id: str, sets: Iterable[str] = (), options: Iterable[str] = (),
               rulings: Iterable[str] = ()) -> Dial:
    """The dial of ``--set path=LOW..HIGH|v1,v2``, ``--option`` (same) and ``--ruling id=a,b|*``.

    A single value (``path=3``) is fixed: it applies at every position.
    """
    ranged: list[Axis] = []
    listed_sets: list[str] = []
    listed_options: list[str] = []
    for flag, given, listed, prefix in (("--set", sets, listed_sets, ""),
                                        ("--option", options, listed_options, "option:")):
        for key, text in parse_assignments(given, flag).items():
            found = values_of(text, f"{flag} {key}")
            if found is None:
                listed.append(f"{key}={text}")
            else:
                ranged.append(Axis(prefix + key.replace("-", "_") if prefix else key,
                                   found))  # type: ignore[arg-type]
    axes = ranged + parse_axes(ruleset_id, listed_sets, listed_options, rulings)
    return Dial(tuple(a for a in axes if len(a.values) > 1),
                {a.key: a.values[0] for a in axes if len(a.values) == 1})


Play = Callable[[int, int, int], Sequence[bool]]
"""``play(position, first, stop)``: whether the side won games ``first..stop-1`` at that
position of the dial (game ``i`` of every position starts from the same seed)."""


@dataclass(frozen=True)
class Look:
    """One look at a value: its games so far and what their interval says."""

    position: int
    estimate: Estimate
    verdict: str
    """``below``, ``above``, ``fits``, or ``unsure`` (none yet; the last look's: none at all)."""

    def to_json(self) -> dict[str, Any]:
        return {"position": self.position, "games": self.estimate.n,
                "win": self.estimate.to_json(), "verdict": self.verdict}


@dataclass(frozen=True)
class Answer:
    """Where the search ended.

    Attributes:
        position: the best value found (the one that fits, else the nearest the target).
        estimate: its win rate, with the interval at the looks' level.
        status: ``fits`` (the interval is within target ± tolerance), ``between`` (the
            target lies between two neighbouring values, both decided), ``out-of-range``
            (both ends on one side of the target), or ``unsure`` (the best value's interval
            holds the target but is wider than the tolerance after the most games).
        bracket: the neighbouring positions the target lies between (when known).
    """

    position: int
    estimate: Estimate
    status: str
    bracket: tuple[int, int] | None


class Search:
    """A bisection with sequential looks (see the module's text).

    Args:
        count: the positions of the dial.
        target: the win rate sought.
        tolerance: how near the target the interval must be.
        first: the games of a value's first look; each later look doubles them.
        most: the most games of one value.
        confidence: the confidence of a value's interval over all its looks.
    """

    def __init__(self, count: int, target: float, tolerance: float, first: int = 100,
                 most: int = 3200, confidence: float = 0.95) -> None:
        if not 0 < target < 1:
            raise UsageError(f"--target must be between 0 and 1, got {target}")
        if not 0 < tolerance < 0.5:
            raise UsageError(f"--tolerance must be between 0 and 0.5, got {tolerance}")
        if first > most:
            raise UsageError(f"--games {first} is more than --max-games {most}")
        self.count, self.target, self.tolerance = count, target, tolerance
        self.schedule = looks(first, most)
        self.level = 1 - (1 - confidence) / len(self.schedule)
        self.z = NormalDist().inv_cdf(1 - (1 - self.level) / 2)
        self.wins: dict[int, int] = {}
        self.games: dict[int, int] = {}
        self.path: list[Look] = []
        self.verdicts: dict[int, str] = {}

    def estimate(self, position: int) -> Estimate:
        return wilson(self.wins[position], self.games[position], self.z)

    def verdict(self, estimate: Estimate) -> str:
        if estimate.high < self.target:
            return "below"
        if estimate.low > self.target:
            return "above"
        if (self.target - self.tolerance <= estimate.low
                and estimate.high <= self.target + self.tolerance):
            return "fits"
        return "unsure"

    def look(self, position: int, play: Play) -> str:
        """Play a value's looks until its interval decides (or its games run out)."""
        if position in self.verdicts:
            return self.verdicts[position]
        verdict = "unsure"
        for size in self.schedule:
            done = self.games.get(position, 0)
            won = play(position, done, size)
            if len(won) != size - done:
                raise ValueError(f"played {len(won)} games, not {size - done}")
            self.wins[position] = self.wins.get(position, 0) + sum(map(bool, won))
            self.games[position] = size
            estimate = self.estimate(position)
            verdict = self.verdict(estimate)
            self.path.append(Look(position, estimate, verdict))
            if verdict != "unsure":
                break
        self.verdicts[position] = verdict
        return verdict

    def side(self, position: int) -> str:
        """Below or above the target: the verdict, else the point estimate's side."""
        verdict = self.verdicts[position]
        if verdict in ("below", "above"):
            return verdict
        return "below" if self.estimate(position).value < self.target else "above"

    def nearest(self, positions: Iterable[int]) -> int:
        return min(positions, key=lambda p: (abs(self.estimate(p).value - self.target), p))

    def run(self, play: Play) -> Answer:
        low, high = 0, self.count - 1
        for end in (low, high):
            if self.look(end, play) == "fits":
                return self.answer(end, "fits", None)
        if self.count == 1:
            return self.answer(0, self.verdicts[0], None)
        if self.side(low) == self.side(high):
            unsure = any(self.verdicts[p] == "unsure" for p in (low, high))
            return self.answer(self.nearest((low, high)), "unsure" if unsure else
                               "out-of-range", None)
        while high - low > 1:
            middle = (low + high) // 2
            if self.look(middle, play) == "fits":
                return self.answer(middle, "fits", None)
            if self.side(middle) == self.side(low):
                low = middle
            else:
                high = middle
        best = self.nearest(self.verdicts)
        decided = all(self.verdicts[p] in ("below", "above") for p in (low, high))
        return self.answer(best, "between" if decided and best in (low, high) else "unsure",
                           (low, high))

    def answer(self, position: int, status: str, bracket: tuple[int, int] | None) -> Answer:
        return Answer(position, self.estimate(position), status, bracket)


def looks(first: int, most: int) -> list[int]:
    """A value's games after each look: doubling from ``first``, the last ``most``.

    >>> looks(100, 3200), looks(100, 500), looks(7, 7)
    ([100, 200, 400, 800, 1600, 3200], [100, 200, 400, 500], [7])
    """
    out = [first]
    while out[-1] < most:
        out.append(min(most, 2 * out[-1]))
    return out
