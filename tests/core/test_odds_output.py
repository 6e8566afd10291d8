import json
from fractions import Fraction

from rulekeeper.lab.odds import OddsReport


def test_odds_report_json_and_table(capsys):
    report = OddsReport("1 die", {"hit": Fraction(1, 3), "miss": Fraction(2, 3)},
                        distributions={"damage": {0: Fraction(2, 3), 1: Fraction(1, 3)}},
                        means={"damage": 1 / 3}, notes=["exact"])
    report.show(as_json=True)
    data = json.loads(capsys.readouterr().out)
    assert data["outcomes"]["hit"] == {"probability": 1 / 3, "exact": "1/3"}
    assert data["distributions"]["damage"][1] == {"value": 1, "probability": 1 / 3, "exact": "1/3"}
    report.show()
    out = capsys.readouterr().out
    assert "33.33%" in out and "1/3" in out and "mean damage: 0.333" in out


def test_estimates_carry_intervals(capsys):
    OddsReport("mc", {"win": 0.5}, intervals={"win": (0.45, 0.55)}).show(as_json=True)
    assert json.loads(capsys.readouterr().out)["outcomes"]["win"]["interval"] == [0.45, 0.55]


def test_a_long_distribution_is_shown_in_ranges_and_json_keeps_every_value(capsys):
    dist = {0: Fraction(1, 2)} | {v: Fraction(1, 400) for v in range(10, 210)}
    report = OddsReport("wide", distributions={"damage": dist})
    report.show()
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if "%" in line]
    assert len(rows) == 11  # the miss alone, then ten ranges of 5%
    assert "│ 0 " in rows[0] and "50.00%" in rows[0]
    assert "│ 10–29 " in rows[1] and "5.00%" in rows[1] and "│ 190–209 " in rows[-1]
    assert "201 values in 11 ranges; --json lists each value" in out
    report.show(as_json=True)
    listed = json.loads(capsys.readouterr().out)["distributions"]["damage"]
    assert len(listed) == 201 and listed[1] == {"value": 10, "probability": 1 / 400,
                                                "exact": "1/400"}


def test_a_short_distribution_keeps_a_row_per_value(capsys):
    OddsReport("short", distributions={"d": {v: Fraction(1, 30) for v in range(30)}}).show()
    out = capsys.readouterr().out
    assert len([line for line in out.splitlines() if "%" in line]) == 30 and "ranges" not in out


def test_a_huge_exact_fraction_is_shown_as_an_approximation(capsys):
    tiny = Fraction(1, 3**40)
    report = OddsReport("odds", {"all ones": tiny, "else": 1 - tiny})
    report.show()
    out = capsys.readouterr().out
    assert "≈ 8.22526334e-20" in out and "≈ 1" in out and str(3**40) not in out
    report.show(as_json=True)
    assert json.loads(capsys.readouterr().out)["outcomes"]["all ones"]["exact"] == f"1/{3**40}"
