"""The rulings of a duel: where its rules are silent, a named answer with its options."""

from __future__ import annotations

from enum import StrEnum

from rulekeeper.core.rulings import CoreRulings, ruling


class TieBreak(StrEnum):
    DICE = "dice"
    NONE = "none"


class DuelRulings(CoreRulings):
    """The rulings in force (the ruling id is the field's name with dashes: ``tie-break``)."""

    tie_break: TieBreak = ruling("How is a tie of equal cards broken?", TieBreak.DICE)
