"""Bounded examples of the fuzzing harness (tests/fuzzing.py) for every ruleset; the long
run is benchmarks/fuzz.py. Derandomized, so that a run of the suite is repeatable."""

import pytest
from hypothesis import HealthCheck, given, settings

from rulekeeper.core import registry
from tests.fuzzing import Case, cases, check

FUZZ = settings(max_examples=5, derandomize=True, database=None, deadline=None,
                suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("kind", ["valid", "broken", "set", "dice"])
@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_made_up_input_plays_or_is_refused_in_one_line(ruleset_id, kind):
    @FUZZ
    @given(cases(ruleset_id, kind))
    def holds(case: Case) -> None:
        outcome = check(case, budget=5.0, games=2)
        assert outcome.kind != "failure", f"{outcome.detail}\ncase: {case.describe()}"

    holds()
