from pathlib import Path

from rulekeeper.core import registry
from rulekeeper.core.rules_index import find_rule_tests, load_rules


def test_rules_files_load_and_tests_are_found():
    ruleset = registry.load("duel")
    ids = [e.id for e in load_rules(ruleset.rules_files)]
    assert ids[0] == "duel.deal"
    found = find_rule_tests(Path(__file__).parents[1])
    assert "tests/core/test_game.py::test_scripted_dice_decide_a_tie" in found["duel.tie-break"]


def test_module_and_class_marks_are_found(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text(
        "import pytest\npytestmark = pytest.mark.rule('a.b')\n"
        "@pytest.mark.rule('c.d')\ndef test_one(): pass\n"
        "@pytest.mark.rule('e.f')\nclass TestK:\n    def test_two(self): pass\n")
    found = find_rule_tests(tests)
    assert found == {"a.b": ["tests/test_x.py::test_one"], "c.d": ["tests/test_x.py::test_one"],
                     "e.f": ["tests/test_x.py::TestK::test_two"]} | {"a.b": ["tests/test_x.py::test_one", "tests/test_x.py::TestK::test_two"]}
