"""How the page draws a battle: the two rows of cryptids, with the roll."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.core.view import Board, Cryptid, Drawing, Side, TableView

AUTOMATION = ("order", "order.coin", "target.", "act.")
"""The battle's event kinds in which the rules decide for the cryptids (threat order, coin
flips, targeting, abilities)."""


def fighter(c: Mapping[str, Any]) -> Cryptid:
    """A cryptid of a battle's row (``Fighter.view``)."""
    return Cryptid(id=c["id"], name=c["name"], hp=(c["hp"], c["max_hp"]), threat=c["threat"],
                   attack=c["attack"], shield=c["shield"], statuses=c["statuses"])


class RowsDrawing(Drawing):
    """A battle: the left and right rows."""

    sides = {"left": Side(label="Left", colour="#b3261e"),
             "right": Side(label="Right", colour="#1f4e9c")}
    automation = AUTOMATION

    def board(self, content: Any, scenario: str | None) -> Board:
        return Board(kind="rows")

    def table(self, state: Mapping[str, Any], content: Any) -> TableView:
        return TableView(headline=f"roll {state['roll']} · total {state['total']}",
                         rows={side: [fighter(c) for c in row]
                               for side, row in state["rows"].items()})
