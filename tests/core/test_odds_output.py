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
