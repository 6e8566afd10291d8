"""The rulings of a run: its battles' (a run adds none of its own).

A run passes them to each of its battles, so a lab sweep of a battle ruling over runs
changes every battle of every run.
"""

from __future__ import annotations

from rulekeeper.rulesets.cryptids.rulings import CryptidsRulings


class RunRulings(CryptidsRulings):
    """The rulings in force in a run: the battle's, the engine's ``work-budget`` first."""
