"""How an odds answer is shown: Rich tables with exact fractions, intervals and ranges."""

import json
from fractions import Fraction

from rulekeeper.cli_odds import show
from rulekeeper.core.odds import Odds


def test_tables_show_percentages_fractions_and_means(capsys):
    odds = Odds("1 die", {"hit": Fraction(1, 3), "miss": Fraction(2, 3)},
                distributions={"damage": {0: Fraction(2, 3), 1: Fraction(1, 3)}},
                means={"damage": 1 / 3}, notes=["exact [not markup]"])
    show(odds, as_json=False)
    out = capsys.readouterr().out
    assert "33.33%" in out and "1/3" in out and "mean damage: 0.333" in out
    assert "exact [not markup]" in out
    show(odds, as_json=True)
    assert json.loads(capsys.readouterr().out) == odds.to_json()


def test_an_estimate_shows_its_interval(capsys):
    odds = Odds("mc")
    odds.estimate("kill", 412, 1000)
    show(odds, as_json=False)
    out = capsys.readouterr().out
    assert "41.20%" in out and "38.2% – 44.3%" in out


def test_several_answers_are_shown_in_turn_or_as_a_json_list(capsys):
    answers = [Odds("first", {"a": 1.0}), Odds("second", {"b": 0.5})]
    show(answers, as_json=True)
    assert [a["title"] for a in json.loads(capsys.readouterr().out)] == ["first", "second"]
    show(answers, as_json=False)
    out = capsys.readouterr().out
    assert out.index("first") < out.index("second")


def test_a_long_distribution_is_shown_in_ranges_and_json_keeps_every_value(capsys):
    dist = {0: Fraction(1, 2)} | {v: Fraction(1, 400) for v in range(10, 210)}
    odds = Odds("wide", distributions={"damage": dist})
    show(odds, as_json=False)
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if "%" in line]
    assert len(rows) == 11  # the miss alone, then ten ranges of 5%
    assert "│ 0 " in rows[0] and "50.00%" in rows[0]
    assert "│ 10–29 " in rows[1] and "5.00%" in rows[1] and "│ 190–209 " in rows[-1]
    assert "201 values in 11 ranges; --json lists each value" in out
    listed = odds.to_json()["distributions"]["damage"]
    assert len(listed) == 201 and listed[1] == {"value": 10, "probability": 1 / 400,
                                                "exact": "1/400"}


def test_a_short_distribution_keeps_a_row_per_value(capsys):
    show(Odds("short", distributions={"d": {v: Fraction(1, 30) for v in range(30)}}), False)
    out = capsys.readouterr().out
    assert len([line for line in out.splitlines() if "%" in line]) == 30 and "ranges" not in out


def test_a_huge_exact_fraction_is_shown_as_an_approximation(capsys):
    tiny = Fraction(1, 3**40)
    odds = Odds("odds", {"all ones": tiny, "else": 1 - tiny})
    show(odds, False)
    out = capsys.readouterr().out
    assert "≈ 8.22526334e-20" in out and "≈ 1" in out and str(3**40) not in out
    assert odds.to_json()["outcomes"]["all ones"]["exact"] == f"1/{3**40}"


def test_a_value_that_alone_holds_a_share_keeps_a_row_of_its_own():
    from rulekeeper.lab.odds import _ranges

    dist = {v: 0.005 for v in range(100)}
    dist[45] = 0.505  # half the chance: not hidden in the range of the values before it
    labels = [label for label, _ in _ranges(dist)]
    assert "40–44" in labels and "45" in labels
