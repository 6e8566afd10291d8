"""``rulekeeper odds combat-encounter attack``: exact odds (icepool), checked by sampling the
game's own Attack procedure."""

import json
import sys
from fractions import Fraction

import pytest

from rulekeeper import cli
from rulekeeper.rulesets.combat_encounter.odds import AttackQuestion, exact_odds, sample_odds


def outcomes(report):
    return {k: v for k, v in report.outcomes.items()}


@pytest.mark.rule("combat.attack-check.success-at-or-above", "combat.attack-check.natural-20",
                  "combat.attack-check.natural-1-critical-failure", "combat.summary.critical-hit.b")
def test_exact_odds_without_tokens():
    report = exact_odds(AttackQuestion(stat=3, defense=14, weapon="1d8+1"))
    # a hit needs 11..20 (11 + 3 = 14 hits), a critical is a 20, a drop a 1
    assert outcomes(report) == {"hit": Fraction(1, 2), "critical": Fraction(1, 20),
                                "drop": Fraction(1, 20), "miss": Fraction(1, 2)}
    damage = report.distributions["damage"]
    assert damage[0] == Fraction(1, 2)
    assert damage[5] == Fraction(9, 20) / 8  # non-critical hits: 1d8 + 1 + 3, one value of 8
    assert max(damage) == 2 * 8 + 1 + 3  # critical: the dice twice, the +1 and the Stat once
    assert sum(damage.values()) == 1


@pytest.mark.rule("combat.attack-check.kaos-increases", "combat.attack-check.rerolls-before-kaos")
def test_kaos_and_rerolls_raise_the_odds_and_kaos_saves_the_weapon():
    base = exact_odds(AttackQuestion(3, 14, "1d8+1"))
    kaos = exact_odds(AttackQuestion(3, 14, "1d8+1", kaos=2))
    both = exact_odds(AttackQuestion(3, 14, "1d8+1", kaos=2, rerolls=1))
    assert kaos.outcomes["hit"] == Fraction(12, 20)  # 9 and 10 are turned into hits
    assert kaos.outcomes["drop"] == 0  # 1 Kaos keeps the Weapon on a natural 1
    # 1..10 miss before Kaos and are rerolled once; then only 1..8 miss with 2 Kaos: 1/2 x 8/20
    assert both.outcomes["hit"] == 1 - Fraction(1, 2) * Fraction(8, 20)
    assert base.outcomes["hit"] < kaos.outcomes["hit"] < both.outcomes["hit"]
    dagger = exact_odds(AttackQuestion(3, 14, "2", dagger=True))
    assert dagger.outcomes["drop"] == 0  # the Mystic Dagger is never Dropped
    assert max(dagger.distributions["damage"]) == 2 * 2 + 3


@pytest.mark.parametrize("question", [
    AttackQuestion(3, 14, "1d8+1", kaos=2, rerolls=1),
    AttackQuestion(0, 12, "2d4", rerolls=2),
    AttackQuestion(-2, 9, "3", kaos=1, rulings=(("kaos-natural-1", "turns-check"),)),
    # a natural 1 + 3 already reaches 4: the 1 Kaos that keeps the Weapon also turns the check
    AttackQuestion(3, 4, "1d6", kaos=1, rulings=(("kaos-natural-1", "turns-check"),)),
])
def test_exact_odds_agree_with_sampled_attacks(question):
    exact = exact_odds(question)
    sampled = sample_odds(question, 4000, seed=3)
    for name in ("hit", "critical", "drop"):
        p, estimate = float(exact.outcomes[name]), sampled.outcomes[name]
        sigma = (p * (1 - p) / 4000) ** 0.5
        assert abs(p - estimate) <= 4 * sigma + 1e-9, name
    assert abs(exact.means["damage"] - sampled.means["damage"]) < 0.35


def run(args, capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["rulekeeper", *args])
    try:
        cli.main()
        code = 0
    except SystemExit as done:
        code = done.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_odds_command_prints_a_table_or_json(capsys, monkeypatch):
    code, out, _ = run(["odds", "combat-encounter", "attack", "--stat", "3", "--defense", "14",
                        "--weapon", "1d8+1", "--kaos", "2", "--rerolls", "1", "--json"],
                       capsys, monkeypatch)
    assert code == 0
    data = json.loads(out)
    assert data["outcomes"]["hit"]["exact"] == "4/5"
    assert {d["value"] for d in data["distributions"]["damage"]} >= {0, 5, 20}
    code, out, _ = run(["odds", "combat-encounter", "attack", "--stat", "3", "--defense", "14",
                        "--weapon", "1d8+1"], capsys, monkeypatch)
    assert code == 0 and "critical" in out and "1/20" in out and "distribution of damage" in out


@pytest.mark.parametrize("args, message", [
    (["--weapon", "1d8*2"], "--weapon"),
    (["--weapon", "1d8", "--ruling", "kaos-step=9"], "kaos-step"),
    (["--weapon", "100d100"], "--weapon: '100d100' rolls 100 dice; a Damage value rolls at most 20"),
    (["--weapon", "1d1000"], "--weapon: '1d1000': a d1000 has more sides than a Damage die may "
                             "have (100)"),
])
def test_bad_odds_arguments_are_one_line(args, message, capsys, monkeypatch):
    code, _, err = run(["odds", "combat-encounter", "attack", "--stat", "1", "--defense", "10",
                        *args], capsys, monkeypatch)
    assert code == 2 and message in err and "Traceback" not in err
    assert err.count("\n") == 1


@pytest.mark.rule("combat.ruling.kaos-natural-1", "combat.attack-check.kaos-on-natural-1-keeps-weapon")
@pytest.mark.parametrize("ruling, hit", [("prevents-drop", Fraction(19, 20)), ("turns-check", 1)])
def test_the_kaos_that_keeps_the_weapon_on_a_natural_1_hits_only_under_turns_check(ruling, hit):
    # stat 3 against Defense 4 with 1 Kaos: every roll but a natural 1 hits without Kaos; on a
    # natural 1 the attacker spends 1 Kaos to keep its Weapon: 1 + 3 + 1 = 5 reaches 4
    report = exact_odds(AttackQuestion(3, 4, "1d6", kaos=1, rulings=(("kaos-natural-1", ruling),)))
    assert report.outcomes["hit"] == hit and report.outcomes["drop"] == 0
    assert report.means["kaos spent"] == 1 / 20
