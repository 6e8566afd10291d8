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
        """Print the report as tables, or as JSON."""
        if as_json:
            print(json.dumps(self.to_json(), indent=2, ensure_ascii=False))
            return
        console = console or Console()
        table = Table("outcome", "probability", "exact / 95% interval", title=self.title)
        for name, p in self.outcomes.items():
            detail = (f"{p.numerator}/{p.denominator}" if isinstance(p, Fraction) else
                      "{:.1%} – {:.1%}".format(*self.intervals[name]) if name in self.intervals
                      else "")
            table.add_row(name, f"{float(p):.2%}", detail)
        if self.outcomes:
            console.print(table)
        for name, dist in self.distributions.items():
            rows = Table(name, "probability", title=f"distribution of {name}")
            for value, p in dist.items():
                rows.add_row(str(value), f"{float(p):.2%}")
            console.print(rows)
        for name, mean in self.means.items():
            console.print(f"mean {name}: {mean:.3f}")
        for note in self.notes:
            console.print(f"[dim]{note}[/dim]")
