"""Exact odds of Action dice checks: against enumeration, against sampling, and the command."""

import itertools
import json
import math
from collections import Counter
from fractions import Fraction

import pytest

from rulekeeper.core.dice import distribution
from rulekeeper.core.rng import Rng
from rulekeeper.rulesets.enemy_attacks.checks import count_faces, roll_action_dice
from rulekeeper.rulesets.enemy_attacks.models import Face
from rulekeeper.rulesets.enemy_attacks.odds import check_die, check_report
from rulekeeper.rulesets.enemy_attacks.table import ActionDieInPlay
from tests.core.test_cli import run

FACES = {"blank": Face(), "one": Face(successes=1), "two": Face(successes=2),
         "extra": Face(successes=1, extra=1), "stamina": Face(stamina=True)}
DEFAULT = ActionDieInPlay(("blank", "blank", "one", "one", "two", "extra", "stamina"), FACES)
NO_EXTRA = ActionDieInPlay(("blank", "one", "two", "stamina"), FACES)


@pytest.mark.rule("sample.check.dice", "sample.check.face.stamina-hero")
@pytest.mark.parametrize("dice,stamina", [(1, 0), (2, 0), (3, 2), (3, 5), (0, 0)])
def test_exact_equals_enumeration_without_extra_faces(dice, stamina):
    expected: Counter = Counter()
    for faces in itertools.product(NO_EXTRA.names, repeat=dice):
        successes, stamina_faces = count_faces(NO_EXTRA, list(faces))
        expected[successes + min(2 * stamina_faces, stamina)] += 1
    total = len(NO_EXTRA.names) ** dice
    assert distribution(check_die(NO_EXTRA, dice, stamina)) == {
        k: Fraction(n, total) for k, n in expected.items()}


@pytest.mark.rule("sample.check.face.extra")
def test_extra_dice_are_counted_exactly():
    dist = distribution(check_die(DEFAULT, 1))
    # no success: blank, blank or stamina (an extra face always gives one)
    assert dist[0] == Fraction(3, 7)
    # one success: a 1, or an extra followed by a die with none
    assert dist[1] == Fraction(2, 7) + Fraction(1, 7) * Fraction(3, 7)
    # two: a 2, an extra then a 1, or extra, extra, nothing
    assert dist[2] == Fraction(1, 7) + Fraction(1, 7) * Fraction(2, 7) + Fraction(1, 49) * \
        Fraction(3, 7)


@pytest.mark.rule("sample.check.face.extra")
def test_the_depth_cap_only_moves_the_far_tail():
    deep, shallow = (distribution(check_die(DEFAULT, 3, 2, depth)) for depth in (14, 4))
    for value in range(5):  # a 4-deep cap touches only chains of 5 or more dice
        assert deep[value] == shallow[value]
    assert deep[12] != shallow.get(12, 0)


@pytest.mark.rule("sample.check.face.extra", "sample.check.face.stamina-hero")
@pytest.mark.parametrize("dice,stamina", [(3, 2), (2, 0), (4, 1)])
def test_exact_agrees_with_sampling_the_games_own_dice(dice, stamina):
    exact = distribution(check_die(DEFAULT, dice, stamina))
    rng = Rng(20240501 + dice)
    samples = 40_000
    seen: Counter = Counter()
    for _ in range(samples):
        successes, faces = count_faces(DEFAULT, roll_action_dice(rng, DEFAULT, dice))
        seen[successes + min(2 * faces, stamina)] += 1
    for value, p in exact.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / samples)
        assert abs(seen[value] / samples - float(p)) <= 5 * sigma + 1e-9, value
    mean = sum(v * n for v, n in seen.items()) / samples
    assert mean == pytest.approx(float(check_die(DEFAULT, dice, stamina).mean()), abs=0.03)


def test_the_report_names_its_outcomes():
    report = check_report(DEFAULT, 3, 2, 2)
    assert report.outcomes["at least 2 successes"] == Fraction(2153, 2401)
    assert report.outcomes["fewer than 2"] == Fraction(248, 2401)
    assert "11+" in report.distributions["successes"]
    assert sum(report.distributions["successes"].values()) == 1


@pytest.mark.rule("ruling.action-die")
def test_the_command_prints_exact_odds(capsys, monkeypatch):
    code, out, _ = run(["odds", "enemy-attacks", "check", "--dice", "3", "--need", "2",
                        "--stamina", "2", "--json"], capsys, monkeypatch)
    data = json.loads(out)
    assert code == 0 and data["outcomes"]["at least 2 successes"]["exact"] == "2153/2401"
    code, out, _ = run(["odds", "enemy-attacks", "check", "--dice", "1",
                        "--ruling", "action-die=six-faces", "--json"], capsys, monkeypatch)
    assert json.loads(out)["outcomes"]["at least 1 success"]["exact"] == "2/3"
    code, out, _ = run(["odds", "enemy-attacks", "check", "--dice", "2", "--need", "3"],
                       capsys, monkeypatch)
    assert code == 0 and "at least 3 successes" in out and "exact (icepool)" in out


def test_the_command_reads_content(tmp_path, capsys, monkeypatch):
    (tmp_path / "dice.yaml").write_text(
        "action_die:\n  faces: {hit: {successes: 1}, miss: {}}\n"
        "  dice: {default: [hit, miss], six-faces: [hit]}\n")
    code, out, _ = run(["odds", "enemy-attacks", "check", "--dice", "2", "--need", "2",
                        "--content", str(tmp_path), "--json"], capsys, monkeypatch)
    assert code == 0 and json.loads(out)["outcomes"]["at least 2 successes"]["exact"] == "1/4"


@pytest.mark.parametrize("args,message", [
    (["--dice", "-1"], "--dice must be 0 or more"),
    (["--dice", "2", "--need", "-2"], "--need must be 0 or more"),
    (["--dice", "2", "--ruling", "action-die=d8"], "options: default, six-faces"),
    (["--dice", "2", "--content", "/no/such/dir"], "does not exist"),
])
def test_bad_arguments_are_one_line(args, message, capsys, monkeypatch):
    code, _, err = run(["odds", "enemy-attacks", "check", *args], capsys, monkeypatch)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
