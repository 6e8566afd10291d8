"""The skeleton every ruleset package keeps (core/layout.py): the example package keeps it,
and a package that departs from it is told where."""

from __future__ import annotations

from rulekeeper.core.layout import LAYOUT, Need, departures
from tests.core import test_skeleton
from tests.core.duel import Duel


def test_the_example_package_keeps_the_skeleton():
    assert departures(Duel) == []


def test_a_ruleset_outside_the_skeleton_is_told_where_it_departs():
    found = departures(test_skeleton.March)  # a whole ruleset in a test module
    assert "March is defined in tests.core.test_skeleton, not in a ruleset.py" in found
    assert "tests.core has no table.py" in found and "tests.core has no rules.yaml" in found
    assert ("March.ruling_set is declared in tests.core.test_skeleton, not in "
            "tests.core.rulings") in found
    assert "March.templates is not tests.core.messages.TEMPLATES" not in found  # no messages.py
    assert "March.content_dir is not its content/ (nor its base ruleset's)" in found


def test_every_part_of_the_skeleton_says_what_it_holds():
    names = [part.name for part in LAYOUT]
    assert len(names) == len(set(names))
    assert {p.name for p in LAYOUT if p.need is Need.EVERY} >= {
        "ruleset.py", "table.py", "models.py", "rulings.py", "messages.py", "view.py",
        "rules.yaml", "content/"}


def test_the_setup_options_are_in_options_py_only_beside_a_compiled_table(monkeypatch):
    """A package whose table.py is in the compiled build keeps its options (a pydantic
    model, which mypyc cannot compile) in options.py; any other keeps them in table.py."""
    from rulekeeper.core import registry

    battle = type(registry.load("dire-alliance-battle"))
    package = "rulekeeper.rulesets.dire_alliance"
    assert f"{package}.table" in battle.compiled and departures(battle) == []
    monkeypatch.setattr(battle, "compiled", tuple(m for m in battle.compiled
                                                  if m != f"{package}.table"))
    assert departures(battle) == [f"DireAllianceBattle.options_model is declared in "
                                  f"{package}.options, not in {package}.table"]
