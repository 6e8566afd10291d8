"""Tiny rulesets whose best decisions are known, for the search agents' tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pydantic import Field

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.ruleset import GameOver, NoOptions, Procedure, Ruleset, Table
from tests.core.duel import Duel


class NimOptions(NoOptions):
    stones: int = Field(7, ge=1, le=1000)


class Nim(Ruleset):
    """Seven stones (option ``stones``); north and south take 1, 2 or 3 in turn; who takes
    the last one wins. Perfect play leaves a multiple of four: from seven, take three.
    """

    meta = RulesetMeta(name="nim", version=1, title="Nim", players=("north", "south"),
                       chance=False, hidden_information=False, max_length=1000)
    content_model = Duel.content_model
    content_dir = Duel.content_dir
    options_model = NimOptions

    def play(self, table: Table) -> Procedure:
        table.state = {"stones": table.options.stones, "turn": 0}
        return self.moves(table)

    def resume(self, table: Table) -> Procedure:
        return self.moves(table)

    def moves(self, table: Table) -> Procedure:
        state = table.state
        while True:
            seat = table.seats[state["turn"] % 2]
            takes = [n for n in (1, 2, 3) if n <= state["stones"]]
            taken = yield Decision(seat, "take", options((str(n), f"take {n}") for n in takes),
                                   "nim.take", f"{state['stones']} stones left")
            state["stones"] -= int(taken)
            state["turn"] += 1
            if state["stones"] == 0:
                raise GameOver(seat, "last-stone", state["turn"])
            table.checkpoint()

    def view(self, table: Table, player: str | None) -> dict[str, Any]:
        return dict(table.state)


class Gamble(Ruleset):
    """North bets ``safe`` (wins unless a d6 shows 6) or ``risky`` (wins only on a 6)."""

    meta = RulesetMeta(name="gamble", version=1, title="Gamble", players=("north", "south"),
                       chance=True, hidden_information=False, max_length=2)
    content_model = Duel.content_model
    content_dir = Duel.content_dir

    def play(self, table: Table) -> Procedure:
        bet = yield Decision("north", "bet", options([("risky", "win on a 6"),
                                                      ("safe", "win unless a 6")]),
                             "gamble.bet", "Bet")
        six = table.rng.roll(6) == 6
        raise GameOver("north" if six == (bet == "risky") else "south", "roll")


class RerunNim(Nim):
    """Nim without ``resume``: its forks re-run the game."""

    meta = replace(Nim.meta, name="rerun-nim")
    resume = Ruleset.resume  # type: ignore[assignment]


GAMES = {"nim-v1": Nim, "rerun-nim-v1": RerunNim, "gamble-v1": Gamble}
