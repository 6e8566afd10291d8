"""OddsReport.estimate: Monte Carlo answers in the shared odds format, with Wilson intervals."""

import json

import pytest
from scipy import stats as sp

from rulekeeper.lab.odds import OddsReport


def test_estimate_fills_outcome_and_wilson_interval(capsys):
    report = OddsReport("kill in one attack (Monte Carlo)")
    report.estimate("kill", 412, 1000)
    expected = sp.binomtest(412, 1000).proportion_ci(method="wilson")
    report.show(as_json=True)
    kill = json.loads(capsys.readouterr().out)["outcomes"]["kill"]
    assert kill["probability"] == 0.412 and "exact" not in kill
    assert kill["interval"] == pytest.approx([expected.low, expected.high], abs=1e-12)
    report.show()
    assert "41.20%" in capsys.readouterr().out
