"""Wager: a one-decision game for the luck ledger's tests.

Seat ``a`` bets on a d6: ``four`` wins on 4 or more (odds 1/2), ``six`` only on a 6 (1/6);
``b`` wins otherwise. Then ``a`` may bet once more, the same way, if the first roll lost
(``again``), which makes a position whose value lies between the two rolls.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.ruleset import GameOver, Procedure, Ruleset, Table
from tests.lab import skirmish

NEED = {"four": 4, "six": 6}


class Wager(Ruleset):
    meta = RulesetMeta(name="wager", version=1, title="Wager", players=("a", "b"),
                       chance=True, hidden_information=False, max_length=10)
    bots = {"steady": "tests.lab.wager:Steady"}
    default_bot = "steady"
    content_model = skirmish.SkirmishContent  # no content of its own: Skirmish's, unused
    content_dir = skirmish.HERE / "content"
    templates = {"roll": "{seat} rolls {roll}"}

    def play(self, table: Table) -> Procedure:
        for number in (1, 2):
            table.state = number
            bet = yield Decision("a", "bet", options((b, b) for b in NEED), "wager.bet",
                                 f"Bet {number}: four or six?")
            roll = table.rng.roll(6)
            table.emit("roll", "wager.roll", seat="a", roll=roll)
            if roll >= NEED[bet]:
                raise GameOver("a", "roll", 1)
        raise GameOver("b", "roll", 1)

    def view(self, table: Table, player: str | None) -> dict[str, Any]:
        return {}

    def evaluate(self, table: Table) -> Mapping[str, float] | None:
        """The exact chance to win, at a bet, of ``a`` betting ``four`` from there on."""
        chance = {1: 0.75, 2: 0.5}[table.state]
        return {"a": chance, "b": 1 - chance}


class Steady:
    """Always bets ``four``."""

    uses_view = False

    def __init__(self, seat: str = "", seed: int = 0) -> None:
        self.seat = seat

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        return "four"
