"""The table a duel is played on, typed: its state, its setup options, what the rules read."""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import Field

from rulekeeper.core.ruleset import NoOptions, Table
from tests.core.duel.models import DuelContent
from tests.core.duel.rulings import DuelRulings


class DuelOptions(NoOptions):
    rounds: int = Field(3, ge=1, le=3, description="rounds to play")


@dataclass
class DuelState:
    """Everything a duel keeps between two decisions (what views, checkpoints and
    searches read)."""

    hands: dict[str, list[int]]
    won: dict[str, int] = field(default_factory=lambda: {"north": 0, "south": 0})
    round: int = 0
    down: dict[str, int] = field(default_factory=dict)
    """The cards played face down this round, by seat."""
    shown: list[int] = field(default_factory=list)
    """Every card revealed so far."""


class DuelTable(Table):
    __slots__ = ()
    state: DuelState
    content: DuelContent
    options: DuelOptions
    rulings: DuelRulings
