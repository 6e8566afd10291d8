"""Statistics of batches: proportions and means with 95% intervals, and paired tests.

Win, tie and loss rates get Wilson score intervals (good at small counts and near
0 or 1); means get Student's t intervals. Variants of a sweep play the same seeds,
so they are compared game by game: McNemar's exact test for the win indicator,
and a t interval of the paired differences; p-values of several comparisons are
adjusted with Holm's method.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


def _scipy() -> Any:
    """scipy.stats, imported on first use (it takes a moment to load)."""
    from scipy import stats

    return stats

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""

ALPHA = 0.05
"""The significance level of the lab's tests."""


@dataclass(frozen=True)
class Estimate:
    """A value with its 95% interval, estimated from ``n`` games."""

    value: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        """Half the interval's width: the estimate is ``value ± half_width`` at most."""
        return max(self.value - self.low, self.high - self.value)

    def to_json(self) -> dict[str, float | int]:
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}

    def percent(self) -> str:
        """``"52.0% (48.1–55.9)"``."""
        return f"{self.value:.1%} ({100 * self.low:.1f}–{100 * self.high:.1f})"

    def number(self) -> str:
        """``"3.25 (3.10–3.40)"``."""
        return f"{self.value:.4g} ({self.low:.4g}–{self.high:.4g})"


def p_text(p: float) -> str:
    """A p-value for people.

    >>> p_text(0.04321), p_text(0.0)
    ('0.043', '<0.001')
    """
    return f"{p:.2g}" if p >= 0.001 else "<0.001"


def wilson(successes: int, n: int, z: float = Z95) -> Estimate:
    """The proportion ``successes / n`` with its Wilson score interval.

    >>> e = wilson(5, 10)
    >>> round(e.value, 2), round(e.low, 4), round(e.high, 4)
    (0.5, 0.2366, 0.7634)
    >>> wilson(0, 0)
    Estimate(value=0.0, low=0.0, high=1.0, n=0)
    """
    if n == 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - margin)
    high = 1.0 if successes == n else min(1.0, centre + margin)
    return Estimate(p, low, high, n)


def mean_interval(values: Sequence[float]) -> Estimate:
    """The mean with its Student's t 95% interval (a point when fewer than 2 values).

    >>> e = mean_interval([1, 2, 3, 4])
    >>> e.value, round(e.low, 3), round(e.high, 3)
    (2.5, 0.446, 4.554)
    """
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, mean, mean, n)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    margin = float(_scipy().t.ppf(0.975, n - 1)) * math.sqrt(variance / n)
    return Estimate(mean, mean - margin, mean + margin, n)


def mcnemar(before: Sequence[bool], after: Sequence[bool]) -> float:
    """Two-sided p-value of McNemar's exact test on paired yes/no outcomes.

    Only the discordant pairs count: games won before and lost after, and the other
    way round; under no difference each is as likely.

    >>> mcnemar([True] * 10 + [False] * 10, [True] * 10 + [False] * 10)
    1.0
    >>> round(mcnemar([False] * 12, [True] * 12), 5)
    0.00049
    """
    if len(before) != len(after):
        raise ValueError("paired samples differ in length")
    worse = sum(1 for b, a in zip(before, after, strict=True) if b and not a)
    better = sum(1 for b, a in zip(before, after, strict=True) if a and not b)
    if worse + better == 0:
        return 1.0
    return float(_scipy().binomtest(worse, worse + better, 0.5).pvalue)


def paired_difference(before: Sequence[float], after: Sequence[float]) -> Estimate:
    """The mean of ``after - before`` over the pairs, with its t interval.

    >>> paired_difference([0, 1, 0, 1], [1, 1, 1, 1]).value
    0.5
    """
    if len(before) != len(after):
        raise ValueError("paired samples differ in length")
    return mean_interval([a - b for b, a in zip(before, after, strict=True)])


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of p-values for several comparisons.

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    adjusted = [0.0] * len(pvalues)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(pvalues) - rank) * pvalues[i]))
        adjusted[i] = round(running, 12)
    return adjusted


def newcombe(first: Estimate, second: Estimate) -> Estimate:
    """``first - second`` of two independent proportions, with Newcombe's interval.

    The interval combines the two Wilson intervals (method 10 of Newcombe, 1998).

    >>> d = newcombe(wilson(30, 50), wilson(20, 50))
    >>> round(d.value, 2), round(d.low, 3), round(d.high, 3)
    (0.2, 0.005, 0.375)
    """
    value = first.value - second.value
    low = value - math.hypot(first.value - first.low, second.high - second.value)
    high = value + math.hypot(first.high - first.value, second.value - second.low)
    return Estimate(value, low, high, min(first.n, second.n))


def two_proportions(wins_a: int, n_a: int, wins_b: int, n_b: int) -> float:
    """Two-sided p-value of Fisher's exact test: do two groups win at different rates?

    >>> two_proportions(5, 10, 5, 10)
    1.0
    """
    if min(n_a, n_b) == 0:
        return 1.0
    table = [[wins_a, n_a - wins_a], [wins_b, n_b - wins_b]]
    return float(_scipy().fisher_exact(table).pvalue)
