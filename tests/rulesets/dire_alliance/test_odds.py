"""Exact attack odds (icepool) against enumeration and sampling; the odds command."""

import io
import itertools
import json
import sys
from fractions import Fraction

import pytest

from rulekeeper import cli
from rulekeeper.core.registry import load
from rulekeeper.core.rng import Rng
from rulekeeper.rulesets.dire_alliance.dice import BLOCK, DRAIN, HIT, DiceSet, is_hit


def dice(**rulings):
    ruleset = load("dire-alliance-battle")
    content, _ = ruleset.load_content()
    return DiceSet.from_content(content.components, ruleset.ruling_set(rulings))


def enumerate_odds(d, attack, defense, sated, defender_sated):
    """Every face combination, judged by the rule's own words (not the engine's is_hit):
    no HIT is a miss, more BLOCK than HIT is a miss, else a hit."""
    combat, vampire = d.combat.face_names, d.vampire.face_names
    attack_sets = itertools.product(*([combat] * attack + [vampire] * sated))
    defense_sets = list(itertools.product(*([combat] * defense + [vampire] * defender_sated)))
    hit = drain = total = 0
    for a in attack_sets:
        hits = sum(f == HIT for f in a)
        for b in defense_sets:
            total += 1
            blocks = sum(f == BLOCK for f in b)
            if not (hits == 0 or blocks > hits):
                hit += 1
                drain += DRAIN in a
    return Fraction(hit, total), Fraction(drain, total)


@pytest.mark.rule("battle.attack.apply-results.count", "battle.attack.apply-results.a",
                  "battle.attack.apply-results.b", "battle.attack.apply-results.c",
                  "battle.keyword.vampire.die.attack", "battle.keyword.vampire.die.defend")
@pytest.mark.parametrize(("attack", "defense", "sated", "defender_sated"), [
    (1, 1, False, False), (3, 2, False, False), (2, 3, False, False), (3, 2, True, False),
    (2, 2, False, True), (2, 1, True, True), (0, 2, True, False), (4, 0, False, False),
    (1, 0, False, False), (0, 0, False, False)])
@pytest.mark.parametrize("combat", ["default", "hit-heavy"])
def test_exact_odds_equal_enumeration(attack, defense, sated, defender_sated, combat):
    d = dice(**{"combat-die": combat})
    odds = d.odds(attack, defense, sated, defender_sated)
    assert (odds.hit, odds.drain) == enumerate_odds(d, attack, defense, sated, defender_sated)
    assert odds.hit + odds.miss == 1
    assert odds.miss_no_hit == d.hits(attack, sated).probability(0)


def test_exact_odds_agree_with_rolled_dice():
    d = dice()
    rng = Rng(5)
    n = 20000
    hits = sum(is_hit(d.roll(rng, 3, True).hits, d.roll(rng, 2, False).blocks) for _ in range(n))
    p = float(d.odds(3, 2, True, False).hit)
    assert abs(hits / n - p) < 4 * (p * (1 - p) / n) ** 0.5


def run(args, capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["rulekeeper", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code = 0
    try:
        cli.main()
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 0
    out = capsys.readouterr()
    return code, out.out, out.err


def test_odds_command_prints_exact_fractions(capsys, monkeypatch):
    code, out, _ = run(["odds", "dire-alliance", "attack", "--attack", "3", "--defense", "2",
                        "--sated", "--json"], capsys, monkeypatch)
    data = json.loads(out)
    expected = dice().odds(3, 2, True, False)
    assert code == 0 and data["outcomes"]["hit"]["exact"] == (
        f"{expected.hit.numerator}/{expected.hit.denominator}")
    assert "hit with DRAIN ESSENCE (heal on a Melee)" in data["outcomes"]
    code, out, _ = run(["odds", "dire-alliance", "attack", "--attack", "3", "--defense", "2"],
                       capsys, monkeypatch)
    assert code == 0 and "53/81" in out and "HIT results" in out
    code, _, err = run(["odds", "dire-alliance", "attack", "--attack", "3", "--defense", "2",
                        "--ruling", "vampire-die=nope"], capsys, monkeypatch)
    assert code == 2 and err.startswith("error: ruling 'vampire-die' has no option")
