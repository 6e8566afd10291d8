"""Odds of a matchup: Monte Carlo agrees with exact enumeration."""

from fractions import Fraction

from rulekeeper.core.odds import wilson
from rulekeeper.rulesets.cryptids.odds import (
    DICE_CLASSES,
    Enumeration,
    branches,
    exact,
    monte_carlo,
)
from rulekeeper.rulesets.cryptids.rulings import CryptidsRulings
from tests.rulesets.cryptids.helpers import cryptid, on, teams

NEVER = on({"total": 13}, {"damage": 1})


def test_branches_enumerate_every_draw_with_its_probability():
    def step(chooser):
        first = chooser.roll(6)
        return (first, chooser.below(3)) if first == 6 else (first,)

    found = dict((result, Fraction(1, w)) for w, result in branches(step))
    assert len(found) == 5 + 3
    assert found[(1,)] == Fraction(1, 6) and found[(6, 2)] == Fraction(1, 18)
    assert sum(found.values()) == 1
    given = {result: w for w, result in branches(step, dice=(6, 6))}  # the dice given apart: only the other draws
    assert given == {(6, 0): 3, (6, 1): 3, (6, 2): 3}


def test_the_dice_are_thrown_once_per_result_the_board_tells_apart():
    left, right = teams([cryptid("a", 1, 1, on({"total": 7}, {"damage": 1}))],
                        [cryptid("b", 1, 1, NEVER)])
    enumeration = Enumeration(left, right, CryptidsRulings({}))
    cards = (left.cards[0], right.cards[0])
    assert sorted(enumeration.dice(cards)) == [(6, (1, 6)), (30, (1, 1))]  # 7, and the rest
    assert sum(count for count, _ in enumeration.dice((right.cards[0],))) == 36
    tilt = teams([cryptid("t", 1, 1, on("each-roll", {"modify-total": 1}))],
                 [cryptid("u")])[0].cards[0]
    assert len(enumeration.dice((tilt, *cards))) == len(DICE_CLASSES) == 15  # totals shift
    assert sum(count for _, _, count in DICE_CLASSES) == 36


def test_exact_matches_a_closed_form():
    # left hits the only enemy (1 HP) on a 7; nothing else happens: left wins unless no 7
    # comes in 36 rolls, and then equal HP is a tie
    left, right = teams([cryptid("a", 1, 1, on({"total": 7}, {"damage": 1}))],
                        [cryptid("b", 1, 1, NEVER)])
    report = exact(left, right, CryptidsRulings({}))
    assert report.outcomes["left wins"] == 1 - Fraction(5, 6) ** 36
    assert report.outcomes["tie"] == Fraction(5, 6) ** 36
    assert report.outcomes["right wins"] == 0
    assert report.distributions["rolls"][1] == Fraction(1, 6)


def small_matchup():
    return teams([cryptid("a", 5, 2, on({"totals": [6, 7]}, {"damage": 2}),
                          on("doubles", {"damage": 1, "target": "random-enemy"})),
                  cryptid("c", 3, 2, on("odd", {"heal": 1, "target": "lowest-hp-ally"}))],
                 [cryptid("b", 8, 2, on({"range": [8, 10]}, {"damage": 2}),
                          on("hurt", {"damage": 1, "target": "attacker"}))])


def test_monte_carlo_agrees_with_exact():
    left, right = small_matchup()
    rulings = CryptidsRulings({})
    truth = exact(left, right, rulings)
    assert sum(truth.outcomes.values()) == 1
    games = 4000
    estimate = monte_carlo(left, right, rulings, games, seed=3)
    for name, p in truth.outcomes.items():
        low, high = wilson(round(estimate.outcomes[name] * games), games, z=3.29)  # 99.9%
        assert low <= float(p) <= high, (name, float(p), low, high)
    assert abs(estimate.means["rolls"] - truth.means["rolls"]) < 0.5
    assert abs(estimate.means["left HP"] - truth.means["left HP"]) < 0.5


def test_exact_has_a_cut_off():
    import pytest

    from rulekeeper.core.errors import UsageError

    left, right = small_matchup()
    with pytest.raises(UsageError, match="passed 50 battle states"):
        exact(left, right, CryptidsRulings({}), max_states=50)


def test_monte_carlo_is_the_same_on_any_number_of_workers():
    left, right = small_matchup()
    one = monte_carlo(left, right, CryptidsRulings({}), 2500, seed=7, workers=1)
    assert monte_carlo(left, right, CryptidsRulings({}), 2500, seed=7, workers=2) == one
    assert monte_carlo(left, right, CryptidsRulings({}), 2500, seed=8, workers=2) != one
