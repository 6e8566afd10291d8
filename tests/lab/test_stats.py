"""The lab's statistics against scipy's own implementations and hand computations."""

import math
import random

import numpy as np
import pytest
from scipy import stats as sp

from rulekeeper.lab.stats import (
    association,
    binomial_p,
    clopper_pearson,
    holm,
    mcnemar,
    mean_interval,
    paired_proportions,
    t975,
    wilson,
)


@pytest.mark.parametrize("k,n", [(0, 10), (1, 10), (37, 100), (99, 100), (100, 100), (5000, 9999)])
def test_wilson_matches_scipy(k, n):
    expected = sp.binomtest(k, n).proportion_ci(method="wilson")
    got = wilson(k, n)
    assert got.value == k / n
    assert got.low == pytest.approx(expected.low, abs=1e-12)
    assert got.high == pytest.approx(expected.high, abs=1e-12)


@pytest.mark.parametrize("n", [*range(1, 41), 199, 1000, 1001, 3000])
def test_the_exact_binomial_test_and_interval_match_scipy_stats(n):
    """McNemar's test and its interval use scipy.special (a fifth of scipy.stats' loading
    time), with scipy.stats' own values: its root-finding's tolerance apart."""
    for k in sorted({0, 1, n // 3, n // 2, (n + 1) // 2, n - 1, n}):
        expected = sp.binomtest(k, n, 0.5)
        assert binomial_p(k, n) == pytest.approx(expected.pvalue, rel=1e-10)
        for confidence in (0.95, 1 - 0.05 / 9):
            bounds = expected.proportion_ci(confidence, method="exact")
            assert clopper_pearson(k, n, confidence) == pytest.approx(
                (bounds.low, bounds.high), abs=1e-11)


def test_wilson_half_width_shrinks_like_one_over_root_n():
    assert wilson(50, 100).half_width == pytest.approx(0.0962, abs=1e-4)
    assert wilson(5000, 10000).half_width == pytest.approx(0.0098, abs=1e-4)


def test_mean_interval_matches_scipy_t_interval():
    values = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5.5]  # not all whole: not counts
    mean = sum(values) / len(values)
    low, high = sp.t.interval(0.95, len(values) - 1, loc=mean, scale=sp.sem(values))
    got = mean_interval(values)
    assert (got.value, got.low, got.high) == pytest.approx((mean, low, high))
    assert mean_interval([7]).low == 7 and math.isnan(mean_interval([]).value)


def test_mean_interval_of_a_negative_metric_is_the_t_interval():
    values = [-2, 0, 1, 3, 0, -1]
    low, high = sp.t.interval(0.95, 5, loc=sum(values) / 6, scale=sp.sem(values))
    assert (mean_interval(values).low, mean_interval(values).high) == pytest.approx((low, high))


def test_mean_interval_of_rare_counts_stays_at_zero_and_up():
    values = [0] * 199 + [1]  # 1 drop in 200 games: the t interval's low end is -0.0049
    got = mean_interval(values)
    assert 0 < got.low < 0.005 < got.high
    # the quasi-Poisson score interval: every mu with (mean - mu)^2 <= t^2 phi mu / n
    phi = float(np.var(values, ddof=1)) / got.value
    bound = sp.t.ppf(0.975, 199) ** 2 * phi / 200
    for mu in (got.low, got.high):
        assert (got.value - mu) ** 2 == pytest.approx(bound * mu)
    # and it covers an exact Poisson interval's upper end (Garwood: 0.0279)
    assert got.high >= sp.chi2.ppf(0.975, 4) / 400


def test_mean_interval_of_counts_agrees_with_t_when_counts_are_large():
    rng = np.random.default_rng(1)
    values = [int(v) for v in rng.poisson(40, 2000)]
    got = mean_interval(values)
    low, high = sp.t.interval(0.95, 1999, loc=float(np.mean(values)), scale=sp.sem(values))
    assert got.low == pytest.approx(low, rel=1e-3) and got.high == pytest.approx(high, rel=1e-3)
    assert mean_interval([1, 1, 1]).low == 1  # no spread: a point, as t gives


def test_mcnemar_counts_only_discordant_pairs():
    # 3 games won only before, 9 only after, 20 won by both, 8 lost by both.
    before = [True] * 3 + [False] * 9 + [True] * 20 + [False] * 8
    after = [False] * 3 + [True] * 9 + [True] * 20 + [False] * 8
    assert mcnemar(before, after) == pytest.approx(sp.binomtest(3, 12, 0.5).pvalue)
    assert mcnemar(before, before) == 1.0
    with pytest.raises(ValueError):
        mcnemar([True], [])


def pairs(worse, better, both=5, neither=5):
    before = [True] * worse + [False] * better + [True] * both + [False] * neither
    after = [False] * worse + [True] * better + [True] * both + [False] * neither
    return before, after


def test_paired_proportions_is_the_difference_with_the_exact_intervals_of_share_and_rate():
    before, after = pairs(3, 9)
    d = paired_proportions(before, after)
    share = sp.binomtest(9, 12).proportion_ci(method="exact")
    rate = sp.binomtest(12, 22).proportion_ci(method="exact")
    assert d.value == pytest.approx(6 / 22) and d.n == 22
    assert (d.low, d.high) == pytest.approx(((2 * share.low - 1) * rate.high,
                                             (2 * share.high - 1) * rate.high))


def test_a_few_discordant_games_give_a_wide_interval_not_a_point():
    # 10 games, none discordant: a change of 30 points either way is not ruled out.
    none = paired_proportions(*pairs(0, 0))
    rate = sp.binomtest(0, 10).proportion_ci(method="exact")
    assert (none.value, none.n) == (0, 10)
    assert (none.low, none.high) == pytest.approx((-rate.high, rate.high))
    # Every discordant game won after: the change may well be larger than the one seen.
    up = paired_proportions(*pairs(0, 1))
    assert up.value == pytest.approx(1 / 11) and up.high > 0.3 and up.low < 0


def test_the_interval_covers_the_true_change_at_least_95_times_in_100():
    rng = random.Random(7)
    for worse, better, games in ((0.0, 0.1, 30), (0.2, 0.0, 100), (0.1, 0.2, 30)):
        true = better - worse
        covered = 0
        for _ in range(400):
            draws = [rng.random() for _ in range(games)]
            before = [x < worse for x in draws]
            after = [worse <= x < worse + better for x in draws]
            d = paired_proportions(before, after)
            covered += d.low - 1e-12 <= true <= d.high + 1e-12
        assert covered >= 0.95 * 400, (worse, better, games, covered)


@pytest.mark.parametrize("worse", range(0, 30, 3))
@pytest.mark.parametrize("better", range(0, 40, 4))
def test_an_interval_excludes_zero_exactly_when_mcnemar_is_significant(worse, better):
    before, after = pairs(worse, better, both=7, neither=11)
    d, p = paired_proportions(before, after), mcnemar(before, after)
    assert (d.low > 0 or d.high < 0) == (p < 0.05)


@pytest.mark.parametrize("df", [*range(1, 201), 999, 10**6])
def test_t_quantile_agrees_with_scipy(df):
    assert t975(df) == pytest.approx(sp.t.ppf(0.975, df), abs=4e-8)


def test_holm_adjustment():
    # Worked example: sorted p 0.01, 0.02, 0.03, 0.04 times 4, 3, 2, 1, made monotone.
    assert holm([0.04, 0.01, 0.03, 0.02]) == pytest.approx([0.06, 0.04, 0.06, 0.06])
    assert holm([]) == []


@pytest.mark.parametrize("table", [(30, 50, 20, 50), (9, 10, 2, 10), (40, 70, 3, 60),
                                   (7, 20, 7, 20), (512, 1000, 470, 1000)])
def test_association_is_the_log_odds_ratio_with_its_interval_and_wald_test(table):
    from scipy.stats.contingency import odds_ratio

    wins_a, n_a, wins_b, n_b = table
    counts = [[wins_a, n_a - wins_a], [wins_b, n_b - wins_b]]
    ratio, p = association(*table)
    expected = odds_ratio(counts, kind="sample")  # Woolf's interval, as scipy computes it
    assert ratio.value == pytest.approx(expected.statistic)
    assert (ratio.low, ratio.high) == pytest.approx(tuple(expected.confidence_interval()))
    log_error = math.log(ratio.high / ratio.value) / 1.959963984540054
    assert p == pytest.approx(2 * sp.norm.sf(abs(math.log(ratio.value)) / log_error))
    assert (ratio.low > 1 or ratio.high < 1) == (p < 0.05)


@pytest.mark.parametrize("table", [(0, 12, 5, 9), (12, 12, 3, 9), (5, 5, 0, 5)])
def test_an_empty_cell_gets_haldanes_half(table):
    wins_a, n_a, wins_b, n_b = table
    a, b, c, d = (x + 0.5 for x in (wins_a, n_a - wins_a, wins_b, n_b - wins_b))
    ratio, p = association(*table)
    assert ratio.value == pytest.approx(a * d / (b * c))
    assert 0 < ratio.low < ratio.value < ratio.high < math.inf and 0 < p <= 1
    assert (ratio.low > 1 or ratio.high < 1) == (p < 0.05)
    assert association(1, 0, 3, 4)[1] == 1.0
