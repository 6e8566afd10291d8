from fractions import Fraction

import icepool

from rulekeeper.core.dice import (
    Face,
    FaceDie,
    Pool,
    count,
    d20,
    distribution,
    probability,
    roll_total,
    symbol_counts,
)
from rulekeeper.core.rng import Rng

COMBAT = FaceDie("combat", ["HIT", "HIT", "BLOCK", "BLOCK", "blank", "blank"])
DOUBLE = FaceDie("double", ["HIT+HIT", "HIT+BLOCK", "blank"])


def test_numeric_dice_and_totals():
    rng = Rng(0, [20, 3, 4])
    assert d20.roll(rng) == 20
    assert roll_total(rng, 2, 6) == 7
    assert distribution(d20.exact())[20] == Fraction(1, 20)


def test_faces_parse_symbols():
    assert Face.parse("blank").symbols == ()
    assert Face.parse("HIT+HIT").count("HIT") == 2
    assert Face.parse("HIT+BLOCK").symbols == ("HIT", "BLOCK")


def test_face_die_rolls_scripted_faces():
    rng = Rng(0, ["HIT+BLOCK", 1, "blank"])
    faces = [DOUBLE.roll(rng) for _ in range(3)]
    assert [f.name for f in faces] == ["HIT+BLOCK", "HIT+HIT", "blank"]
    assert count(faces, "HIT") == 3
    assert symbol_counts(faces) == {"HIT": 3, "BLOCK": 1}


def test_pool_rolls_every_die():
    pool = Pool.of((COMBAT, 2), (DOUBLE, 1))
    faces = pool.roll(Rng(0, ["HIT", "BLOCK", "HIT+HIT"]))
    assert count(faces, "HIT") == 3 and count(faces, "BLOCK") == 1


def test_pool_exact_count_distribution():
    hits = Pool.of((COMBAT, 3)).count_distribution("HIT")
    assert distribution(hits) == {0: Fraction(8, 27), 1: Fraction(12, 27),
                                  2: Fraction(6, 27), 3: Fraction(1, 27)}


def test_probability_that_attack_beats_defence():
    hits = Pool.of((COMBAT, 1)).count_distribution("HIT")
    blocks = Pool.of((COMBAT, 1)).count_distribution("BLOCK")
    # one die each: a hit (1/3) that is not out-blocked (block 1/3 beats it)
    p = probability(lambda h, b: h >= 1 and h >= b, hits, blocks)
    assert p == Fraction(1, 3) * Fraction(2, 3) + Fraction(1, 3) * Fraction(1, 3)


def test_multi_symbol_faces_in_exact_counts():
    assert distribution(DOUBLE.count_die("HIT")) == {0: Fraction(1, 3), 1: Fraction(1, 3),
                                                     2: Fraction(1, 3)}


def test_probability_matches_sampling():
    rng = Rng(11)
    trials = 20000
    wins = sum(roll_total(rng, 2, 6) >= 10 for _ in range(trials))
    exact = probability(lambda t: t >= 10, 2 @ icepool.d(6))
    assert exact == Fraction(1, 6)
    assert abs(wins / trials - float(exact)) < 0.015
