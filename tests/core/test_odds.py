"""The odds answer as plain data: exact fractions, Monte Carlo estimates with Wilson intervals."""

from fractions import Fraction

import pytest
from scipy import stats as sp

from rulekeeper.core.odds import Odds, wilson


def test_json_gives_floats_and_exact_fractions():
    odds = Odds("1 die", {"hit": Fraction(1, 3), "miss": Fraction(2, 3)},
                distributions={"damage": {0: Fraction(2, 3), 1: Fraction(1, 3)}},
                means={"damage": 1 / 3}, notes=["exact"])
    data = odds.to_json()
    assert data["outcomes"]["hit"] == {"probability": 1 / 3, "exact": "1/3"}
    assert data["distributions"]["damage"][1] == {"value": 1, "probability": 1 / 3, "exact": "1/3"}
    assert data["means"] == {"damage": 1 / 3} and data["notes"] == ["exact"]


def test_estimates_carry_intervals():
    data = Odds("mc", {"win": 0.5}, intervals={"win": (0.45, 0.55)}).to_json()
    assert data["outcomes"]["win"] == {"probability": 0.5, "interval": [0.45, 0.55]}


@pytest.mark.parametrize("successes,trials", [(412, 1000), (0, 50), (50, 50), (1, 3), (7, 7000)])
def test_estimate_is_the_wilson_interval_of_scipy(successes, trials):
    odds = Odds("kill in one attack (Monte Carlo)")
    odds.estimate("kill", successes, trials)
    expected = sp.binomtest(successes, trials).proportion_ci(method="wilson")
    kill = odds.to_json()["outcomes"]["kill"]
    assert kill["probability"] == successes / trials and "exact" not in kill
    assert kill["interval"] == pytest.approx([expected.low, expected.high], abs=1e-12)
    assert wilson(successes, trials) == tuple(kill["interval"])
