"""The one output format of every ``rulekeeper odds`` command: a table, or JSON with ``--json``.

Exact answers are fractions (from icepool or enumeration); Monte Carlo answers are
floats with a 95% interval.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rich.console import Console
from rich.table import Table

from rulekeeper.lab.stats import wilson

Probability = Fraction | float


@dataclass
class OddsReport:
    """The answer to an odds question.

    Attributes:
        title: the question, e.g. ``"3 attack dice against 2 defence dice"``.
        outcomes: named probabilities (``{"hit": Fraction(5, 12), "miss": ...}``).
        intervals: 95% intervals of estimated (Monte Carlo) outcomes, by name.
        distributions: named distributions (``{"damage": {1: p1, 2: p2}}``).
        means: named expected values.
        notes: how it was computed (exact, games played, cut-offs...).
    """

    title: str
    outcomes: dict[str, Probability] = field(default_factory=dict)
    intervals: dict[str, tuple[float, float]] = field(default_factory=dict)
    distributions: dict[str, Mapping[Any, Probability]] = field(default_factory=dict)
    means: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def estimate(self, name: str, successes: int, trials: int) -> None:
        """Add a Monte Carlo outcome: ``successes`` of ``trials``, with its Wilson 95% interval.

        >>> report = OddsReport("2 dice, 10 000 rolls")
        >>> report.estimate("double", 1650, 10_000)
        >>> report.outcomes["double"], [round(x, 4) for x in report.intervals["double"]]
        (0.165, [0.1579, 0.1724])
        """
        estimate = wilson(successes, trials)
        self.outcomes[name] = estimate.value
        self.intervals[name] = (estimate.low, estimate.high)

    def to_json(self) -> dict[str, Any]:
        def number(p: Probability) -> dict[str, Any]:
            out: dict[str, Any] = {"probability": float(p)}
            if isinstance(p, Fraction):
                out["exact"] = f"{p.numerator}/{p.denominator}"
            return out

        return {
            "title": self.title,
            "outcomes": {
                name: number(p) | ({"interval": list(self.intervals[name])}
                                   if name in self.intervals else {})
                for name, p in self.outcomes.items()},
            "distributions": {name: [{"value": v} | number(p) for v, p in dist.items()]
                              for name, dist in self.distributions.items()},
            "means": self.means,
            "notes": self.notes,
        }

    def show(self, as_json: bool = False, console: Console | None = None) -> None:
        """Print the report as tables, or as JSON.

        A long distribution of whole numbers is shown in ranges of about 5% each (``--json``
        lists every value), and an exact fraction whose denominator passes 10**9 as a
        decimal approximation.
        """
        if as_json:
            print(json.dumps(self.to_json(), indent=2, ensure_ascii=False))
            return
        if console is None:
            from rulekeeper.cli_args import console as shared
            console = shared
        table = Table("outcome", "probability", "exact / 95% interval", title=self.title)
        for name, p in self.outcomes.items():
            detail = (_exact(p) if isinstance(p, Fraction) else
                      "{:.1%} – {:.1%}".format(*self.intervals[name]) if name in self.intervals
                      else "")
            table.add_row(name, f"{float(p):.2%}", detail)
        if self.outcomes:
            console.print(table)
        for name, dist in self.distributions.items():
            rows = _ranges(dist)
            shown = Table(name, "probability", title=f"distribution of {name}")
            for label, p in rows:
                shown.add_row(label, f"{float(p):.2%}")
            console.print(shown)
            if len(rows) < len(dist):
                console.print(f"[dim]{len(dist)} values in {len(rows)} ranges; --json lists "
                              f"each value[/dim]")
        for name, mean in self.means.items():
            console.print(f"mean {name}: {mean:.3f}")
        for note in self.notes:
            console.print(f"[dim]{note}[/dim]")


LARGEST_SHOWN_DENOMINATOR = 10**9
"""Past this denominator, an exact fraction is shown as a decimal approximation."""
MOST_ROWS = 30
"""A distribution of more values than this is shown in ranges."""
RANGES = 20
"""About how many ranges a long distribution is shown in (each holds about 1/RANGES)."""


def _exact(p: Fraction) -> str:
    """A fraction as ``n/d``, or as ``≈ 0.0123456789`` when ``d`` is too long to read.

    >>> _exact(Fraction(1, 3)), _exact(Fraction(1, 3**40))
    ('1/3', '≈ 8.22526334e-20')
    """
    if p.denominator > LARGEST_SHOWN_DENOMINATOR:
        return f"≈ {float(p):.9g}"
    return f"{p.numerator}/{p.denominator}"


def _ranges(dist: Mapping[Any, Probability]) -> list[tuple[str, Probability]]:
    """The rows of a distribution: one per value; or, for more than :data:`MOST_ROWS` whole
    numbers in increasing order, ranges of consecutive values of about 1/:data:`RANGES` of
    the probability each (a value that alone holds that much keeps a row of its own).

    >>> _ranges({0: 0.5, 1: 0.5})
    [('0', 0.5), ('1', 0.5)]
    >>> [label for label, _ in _ranges({v: 0.01 for v in range(100)})][:2]
    ['0–4', '5–9']
    """
    values = list(dist)
    whole = all(isinstance(v, int) and not isinstance(v, bool) for v in values)
    if len(values) <= MOST_ROWS or not whole or values != sorted(values):
        return [(str(v), p) for v, p in dist.items()]
    share = sum(float(p) for p in dist.values()) / RANGES
    rows: list[tuple[str, Probability]] = []
    group: list[tuple[int, Probability]] = []
    for value, p in dist.items():
        if group and float(p) >= share:  # a value that alone holds a share keeps its own row
            rows.append(_range_row(group))
            group = []
        group.append((value, p))
        if sum(float(q) for _, q in group) >= share * (1 - 1e-9):
            rows.append(_range_row(group))
            group = []
    if group:
        rows.append(_range_row(group))
    return rows


def _range_row(group: list[tuple[int, Probability]]) -> tuple[str, Probability]:
    low, high = group[0][0], group[-1][0]
    total: Probability = sum(p for _, p in group)
    return (str(low) if low == high else f"{low}–{high}"), total
