import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.core.errors import DiceScriptError
from rulekeeper.core.rng import Rng, derive_seed, parse_dice_script, seeded, shuffle


def test_same_seed_same_rolls():
    a, b = Rng(42), Rng(42)
    assert [a.roll(6) for _ in range(50)] == [b.roll(6) for _ in range(50)]


def test_rolls_stay_on_the_die():
    rng = Rng(1)
    rolls = [rng.roll(20) for _ in range(2000)]
    assert min(rolls) == 1 and max(rolls) == 20


def test_derived_seeds_depend_only_on_batch_seed_and_index():
    seeds = [derive_seed(9, i) for i in range(100)]
    assert len(set(seeds)) == 100
    assert seeds[37] == derive_seed(9, 37)
    assert derive_seed(10, 37) != seeds[37]


def test_scripted_dice_come_first_then_random_rolls_resume():
    scripted = Rng(5, [6, 6, 1])
    plain = Rng(5)
    assert [scripted.roll(6) for _ in range(3)] == [6, 6, 1]
    assert scripted.scripted_left == 0
    assert 1 <= scripted.roll(6) <= 6
    assert plain.scripted_left == 0


def test_scripted_faces_by_name_or_index():
    rng = Rng(0, ["block", 1])
    faces = ["HIT", "BLOCK", "blank"]
    assert rng.roll_index(faces) == 1
    assert rng.roll_index(faces) == 0


@pytest.mark.parametrize("script,sides", [([7], 6), (["HIT"], 6), ([0], 20)])
def test_scripted_value_that_does_not_fit_is_refused(script, sides):
    with pytest.raises(DiceScriptError):
        Rng(0, script).roll(sides)


def test_scripted_unknown_face_is_refused():
    with pytest.raises(DiceScriptError, match="not a face"):
        Rng(0, ["CRIT"]).roll_index(["HIT", "blank"])


def test_parse_dice_script():
    assert parse_dice_script("3+4,6+6") == [3, 4, 6, 6]
    assert parse_dice_script("HIT, blank,2") == ["HIT", "blank", 2]
    with pytest.raises(DiceScriptError):
        parse_dice_script("3,,4")


def test_shuffle_and_choice_are_seeded():
    a, b = Rng(3), Rng(3)
    xs, ys = list(range(20)), list(range(20))
    a.shuffle(xs)
    b.shuffle(ys)
    assert xs == ys != list(range(20))
    assert a.choice("abcdef") == b.choice("abcdef")


def test_rolled_lists_the_dice_once_asked_and_not_the_other_draws():
    watched, plain = Rng(5, [4, "BLOCK"]), Rng(5, [4, "BLOCK"])
    watched.rolled = []
    faces = ["HIT", "BLOCK", "blank"]
    assert (watched.roll(6), watched.roll_index(faces)) == (plain.roll(6), plain.roll_index(faces))
    for rng in (watched, plain):  # draws that are no die roll are not listed
        rng.shuffle([1, 2, 3])
        rng.choice("ab")
    rolls = [watched.roll(20) for _ in range(3)]
    assert rolls == [plain.roll(20) for _ in range(3)]
    assert watched.rolled == [(6, 3), (tuple(faces), 1), *((20, r - 1) for r in rolls)]
    assert plain.rolled is None


def test_a_generator_set_at_a_snapshot_draws_what_the_original_draws_next():
    rng = Rng(7, [5, 3])
    rng.roll(6)
    rng.roll(6)
    snapshot = rng.snapshot()
    again = Rng.at(7, snapshot)
    assert again.seed == 7 and again.draws == rng.draws and again.rolled is None
    assert [again.roll(6) for _ in range(20)] == [rng.roll(6) for _ in range(20)]
    scripted = Rng.at(7, Rng(7, [2]).snapshot())
    assert scripted.scripted_left == 1 and scripted.roll(6) == 2


def test_a_generator_reseeded_at_a_snapshot_is_one_set_there_then_reseeded():
    rng = Rng(7, [5, 3, 2])
    rng.roll(6)
    snapshot = rng.snapshot()
    at = Rng.at(7, snapshot)
    at.reseed(99)
    reseeded = Rng.reseeded_at(7, snapshot, 99)
    assert (reseeded.seed, reseeded.draws, reseeded.scripted_left) == (7, 1, 2)
    assert reseeded.snapshot() == at.snapshot()  # without ever setting the snapshot's state
    draws = [(r.roll(6), r.roll(6), r.roll(6), r.below(1000)) for r in (at, reseeded)]
    assert draws[0] == draws[1] and draws[0][:2] == (3, 2)  # the script first, then chance


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), length=st.integers(0, 300),
       drawn=st.integers(0, 5))
def test_shuffle_is_the_standard_librarys_permutation_draw_for_draw(seed, length, drawn):
    """``rng.shuffle`` (compiled in the build) gives the permutation ``random.shuffle``
    gives, and leaves the generator where it leaves it, whatever was drawn before."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for generator in (ours, theirs):
        for _ in range(drawn):
            generator.random()
    mine, reference = list(range(length)), list(range(length))
    shuffle(ours, mine)
    theirs.shuffle(reference)
    assert mine == reference
    assert ours.getstate() == theirs.getstate()


def test_rng_shuffle_is_the_standard_librarys_for_many_seeds_and_lengths():
    for seed in range(200):
        for length in (0, 1, 2, 3, 7, 8, 9, 31, 32, 33, 64, 100, 257):
            rng, reference = Rng(seed), random.Random(seed)
            items = [f"card{i}" for i in range(length)]
            expected = list(items)
            rng.shuffle(items)
            reference.shuffle(expected)
            assert items == expected, (seed, length)
            assert rng.snapshot()[0] == reference.getstate()


def test_a_generator_pickles_and_copies_where_it_stands():
    rng = Rng(11, [4, 2, 5])
    rng.roll(6)
    rng.rolled = [(6, 0)]
    copies = [pickle.loads(pickle.dumps(rng)), copy.deepcopy(rng), copy.copy(rng)]
    for again in copies:
        assert (again.seed, again.draws, again.rolled, again.snapshot()) == (
            rng.seed, rng.draws, rng.rolled, rng.snapshot())
    rolls = [rng.roll(6) for _ in range(5)]
    assert all([again.roll(6) for _ in range(5)] == rolls for again in copies)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**200))
def test_a_generator_seeded_without_random_init_is_random_random(seed):
    """``seeded`` and ``Rng.reseed`` (the C generator seeded at once) stand where
    ``random.Random(seed)`` and ``Random.seed`` stand, gaussian included."""
    reference = random.Random(seed)
    made = seeded(seed)
    assert made.getstate() == reference.getstate()
    rng, other = Rng(3), Rng(3)
    rng.reseed(seed)
    other._random.gauss(0, 1)  # a gaussian kept, which seeding forgets
    other.reseed(seed)
    assert rng.snapshot() == other.snapshot() == (reference.getstate(), (), 0)
    assert [made.random() for _ in range(5)] == [reference.random() for _ in range(5)]
