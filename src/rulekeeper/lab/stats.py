"""Statistics of batches: proportions and means with 95% intervals, and paired tests.

Win, tie and loss rates get Wilson score intervals (good at small counts and near 0 or
1); means of counts get a quasi-Poisson score interval, which stays at 0 and up
(:func:`count_interval`), and other means Student's t intervals. Variants of a sweep
play the same seeds, so they are compared game by game: McNemar's exact test for the win
indicator, with the exact interval of the same family (:func:`paired_proportions`);
p-values of several comparisons are adjusted with Holm's method, and their intervals
with Bonferroni's (a wider interval, so one that excludes 0 is always significant). Two
independent groups (games with and without a card) get the odds ratio's logit interval
with the Wald test of the same statistic (:func:`association`).

scipy is imported only by the tests of sweeps and reports, and only ``scipy.special``
(the binomial distribution and the inverse incomplete beta function: a fifth of
``scipy.stats``' 0.8 s of loading): a summary's t quantiles come from :func:`t975`
(scipy's values, and a series past 29 degrees of freedom), so that ``rulekeeper simulate``
starts quickly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import odds as core_odds


def _special() -> Any:
    """scipy.special, imported on first use."""
    from scipy import special

    return special


def binomial_p(k: int, n: int) -> float:
    """The two-sided exact binomial test of ``k`` successes in ``n`` at 1/2 (scipy's
    ``binomtest(k, n, 0.5).pvalue``, to 1e-11): the null is symmetric, so twice the
    smaller tail.

    >>> binomial_p(0, 12), binomial_p(6, 12), round(binomial_p(2, 12), 5)
    (0.00048828125, 1.0, 0.03857)
    """
    if 2 * k == n:
        return 1.0
    return min(1.0, 2 * float(_special().bdtr(min(k, n - k), n, 0.5)))


def clopper_pearson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The exact (Clopper-Pearson) interval of a binomial proportion, ``k`` in ``n`` (scipy's
    ``binomtest(k, n).proportion_ci(confidence, method="exact")``, which finds the same
    bounds by root-finding, to 1e-12).

    >>> [round(x, 4) for x in clopper_pearson(3, 10)]
    [0.0667, 0.6525]
    """
    tail = (1 - confidence) / 2
    special = _special()
    low = 0.0 if k == 0 else float(special.betaincinv(k, n - k + 1, tail))
    high = 1.0 if k == n else float(special.betaincinv(k + 1, n - k, 1 - tail))
    return low, high


Z95 = core_odds.Z95
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

    def interval(self) -> str:
        """``"48–56%"``: a share's interval alone, in whole percents."""
        return f"{100 * self.low:.0f}–{100 * self.high:.0f}%"

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
    low, high = core_odds.wilson(successes, n, z)
    return Estimate(successes / n if n else 0.0, low, high, n)


T975 = (12.7062047362, 4.3026527297, 3.1824463053, 2.7764451052, 2.5705818356, 2.4469118511,
        2.3646242516, 2.3060041352, 2.2621571628, 2.2281388520, 2.2009851601, 2.1788128297,
        2.1603686565, 2.1447866879, 2.1314495456, 2.1199052992, 2.1098155778, 2.1009220402,
        2.0930240544, 2.0859634473, 2.0796138447, 2.0738730679, 2.0686576104, 2.0638985616,
        2.0595385528, 2.0555294386, 2.0518305165, 2.0484071418, 2.0452296421)
"""Student's t 97.5% quantiles for 1 to 29 degrees of freedom (scipy's ``t.ppf``, to 1e-10;
``tests/lab/test_stats.py`` checks them)."""


def t975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (a 95% interval's).

    Below 30 degrees of freedom, scipy's values (:data:`T975`); from 30 on, the
    Cornish-Fisher series in ``1/df`` to the fourth order, within 4e-8 of scipy's there
    and closer beyond. Either way no scipy import, which costs a command a second.

    >>> round(t975(4), 6), round(t975(30), 6), round(t975(10**6), 6)
    (2.776445, 2.042272, 1.959966)
    """
    if df < 1:
        raise ValueError("a t quantile needs 1 degree of freedom or more")
    if df <= len(T975):
        return T975[df - 1]
    z = Z95
    terms = ((z**3 + z) / 4,
             (5 * z**5 + 16 * z**3 + 3 * z) / 96,
             (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
             (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160)
    return z + sum(term / df**power for power, term in enumerate(terms, 1))


class Running:
    """A mean and its variance, kept value by value (Welford's method): no value is stored.

    A mean of counts (every value a whole number, none negative: rounds, hits, drops) gets
    the score interval of :func:`count_interval`, which never leaves 0 and up; any other
    mean gets Student's t interval.

    >>> running = Running()
    >>> for v in (1, 2, 3, 4.5):
    ...     running.add(v)
    >>> e = running.estimate()
    >>> e.value, round(e.low, 3), round(e.high, 3)
    (2.625, 0.249, 5.001)
    """

    __slots__ = ("counts", "mean", "n", "squares")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.squares = 0.0
        self.counts = True
        """Whether every value so far is a whole number and not negative."""

    def add(self, value: float) -> None:
        self.n += 1
        delta = value - self.mean
        self.mean += delta / self.n
        self.squares += delta * (value - self.mean)
        if self.counts and (value < 0 or value != int(value)):
            self.counts = False

    def estimate(self) -> Estimate:
        """The mean with its 95% interval (a point when fewer than 2 values)."""
        if self.n == 0:
            return Estimate(math.nan, math.nan, math.nan, 0)
        if self.n < 2:
            return Estimate(self.mean, self.mean, self.mean, self.n)
        variance = self.squares / (self.n - 1)
        if self.counts:
            return count_interval(self.mean, variance, self.n)
        margin = t975(self.n - 1) * math.sqrt(variance / self.n)
        return Estimate(self.mean, self.mean - margin, self.mean + margin, self.n)


def count_interval(mean: float, variance: float, n: int) -> Estimate:
    """The mean of ``n`` counts with its quasi-Poisson score interval (95%).

    The variance of a count's mean is taken as proportional to the mean, ``phi * mu / n``,
    with the dispersion ``phi`` estimated from the sample (``variance / mean``), and the
    interval holds every ``mu`` with ``(mean - mu)**2 <= t**2 * phi * mu / n`` (Wilson's
    construction; ``t`` is Student's quantile for ``n - 1`` degrees of freedom). At the
    sample mean its variance is the t interval's, so at large counts the two agree; near 0
    it narrows as a count's spread must, and its lower end is never below 0 (a t interval
    of rare events goes below, and clipping it leaves the upper end too short). A sample
    with no spread gets a point, as the t interval does.

    >>> e = count_interval(0.005, 0.004975, 200)   # 1 drop in 200 games
    >>> round(e.low, 5), round(e.high, 5)
    (0.00088, 0.02847)
    >>> count_interval(1.0, 0.0, 200).low
    1.0
    """
    if mean <= 0 or variance <= 0:
        return Estimate(mean, mean, mean, n)
    a = t975(n - 1) ** 2 * variance / mean / (2 * n)
    root = math.sqrt(2 * a * mean + a * a)
    return Estimate(mean, max(0.0, mean + a - root), mean + a + root, n)


def mean_interval(values: Sequence[float]) -> Estimate:
    """The mean with its 95% interval (a point when fewer than 2 values): for counts, the
    score interval of :func:`count_interval`, else Student's t.

    >>> e = mean_interval([1, 2, 3, 4.5])
    >>> e.value, round(e.low, 3), round(e.high, 3)
    (2.625, 0.249, 5.001)
    """
    running = Running()
    for value in values:
        running.add(value)
    return running.estimate()


def discordant(before: Sequence[int], after: Sequence[int]) -> tuple[int, int]:
    """The discordant pairs: games won before and lost after, and lost before and won after."""
    if len(before) != len(after):
        raise ValueError("paired samples differ in length")
    worse = sum(1 for b, a in zip(before, after, strict=True) if b and not a)
    better = sum(1 for b, a in zip(before, after, strict=True) if a and not b)
    return worse, better


def mcnemar(before: Sequence[int], after: Sequence[int]) -> float:
    """Two-sided p-value of McNemar's exact test on paired yes/no outcomes.

    Only the discordant pairs count: games won before and lost after, and the other
    way round; under no difference each is as likely.

    >>> mcnemar([True] * 10 + [False] * 10, [True] * 10 + [False] * 10)
    1.0
    >>> round(mcnemar([False] * 12, [True] * 12), 5)
    0.00049
    """
    worse, better = discordant(before, after)
    if worse + better == 0:
        return 1.0
    return binomial_p(worse, worse + better)


def paired_proportions(before: Sequence[int], after: Sequence[int],
                       confidence: float = 0.95) -> Estimate:
    """``after``'s rate minus ``before``'s over paired games, with an exact interval that
    goes with McNemar's exact test.

    The difference is ``(2 share - 1) rate``: ``share`` is the part of the discordant pairs
    won only after, ``rate`` the part of all pairs that are discordant. Each has its
    Clopper-Pearson interval (:func:`clopper_pearson`), and the difference's interval is the
    range of ``(2 share - 1) rate`` over both: the rate is not taken as known, so a few
    discordant pairs, or none, give a wide interval, not a point. The share's sign decides
    the bounds' signs and its null 1/2 is symmetric, so the interval excludes 0 exactly when
    McNemar's p is below ``1 - confidence``.

    >>> d = paired_proportions([False] * 12 + [True] * 8, [True] * 12 + [True] * 8)
    >>> d.value, round(d.low, 3), round(d.high, 3)
    (0.6, 0.17, 0.809)
    >>> none = paired_proportions([True] * 5 + [False] * 5, [True] * 5 + [False] * 5)
    >>> none.value, round(none.low, 3), round(none.high, 3)
    (0.0, -0.308, 0.308)
    """
    worse, better = discordant(before, after)
    pairs, n = len(before), worse + better
    if pairs == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    rate_low, rate_high = clopper_pearson(n, pairs, confidence)
    share_low, share_high = clopper_pearson(better, n, confidence) if n else (0.0, 1.0)
    low, high = 2 * share_low - 1, 2 * share_high - 1  # the widest rate widens each bound
    return Estimate((better - worse) / pairs, low * (rate_high if low < 0 else rate_low),
                    high * (rate_high if high > 0 else rate_low), pairs)


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


def association(wins_a: int, n_a: int, wins_b: int, n_b: int, z: float = Z95
                ) -> tuple[Estimate, float]:
    """Do two groups win at different rates? The odds ratio (group a's odds of winning over
    group b's) with Woolf's logit interval, and the p-value of the Wald test of the same log
    odds ratio, so the interval leaves out 1 exactly when p is below 0.05 (for the default
    ``z``). A table with an empty cell gets Haldane's 1/2 in every cell. Closed forms: a
    report weighs hundreds of entities in a moment (scipy's exact conditional interval takes
    a tenth of a second each).

    >>> ratio, p = association(30, 50, 20, 50)
    >>> round(ratio.value, 2), round(ratio.low, 2), round(ratio.high, 2), round(p, 4)
    (2.25, 1.01, 5.01, 0.047)
    >>> association(1, 0, 3, 4)[1]
    1.0
    """
    if min(n_a, n_b) == 0:
        return Estimate(math.nan, 0.0, math.inf, 0), 1.0
    cells: list[float] = [wins_a, n_a - wins_a, wins_b, n_b - wins_b]
    if 0 in cells:
        cells = [c + 0.5 for c in cells]
    log_ratio = math.log(cells[0] * cells[3] / (cells[1] * cells[2]))
    error = math.sqrt(sum(1 / c for c in cells))
    p = math.erfc(abs(log_ratio) / error / math.sqrt(2))
    return Estimate(math.exp(log_ratio), math.exp(log_ratio - z * error),
                    math.exp(log_ratio + z * error), min(n_a, n_b)), p
