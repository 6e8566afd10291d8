"""What a seat sees of a duel (its own hand; of the other's, how many cards), and its picture."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tests.core.duel.table import DuelTable


def view(table: DuelTable, player: str | None) -> dict[str, Any]:
    state = table.state
    return {
        "round": state.round,
        "won": dict(state.won),
        "hands": {seat: (sorted(hand) if player in (None, seat) else len(hand))
                  for seat, hand in state.hands.items()},
    }


def render(view: Mapping[str, Any]) -> str:
    return f"round {view['state']['round']}, hands {view['state']['hands']}"
