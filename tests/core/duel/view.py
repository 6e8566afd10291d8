"""What a seat sees of a duel (its own hand; of the other's, how many cards), its picture, and
how the page draws it: each duellist on their side of the table, the cards played face down in
the middle, the hands (the other seat's as a count) and the rounds won."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.core.board import AreaSpec, BoardSpec
from rulekeeper.core.view import (
    Board,
    Card,
    Drawing,
    Mark,
    Panel,
    Piece,
    Pile,
    Place,
    Side,
    TableView,
    areas_board,
)
from tests.core.duel.table import DuelTable

TABLE = BoardSpec(id="duel-table", name="The duel table", areas=[
    AreaSpec(id="north-side", name="North's side", neighbours=["middle"], sight=(0, 0)),
    AreaSpec(id="middle", name="The middle", neighbours=["north-side", "south-side"],
             sight=(3, 0)),
    AreaSpec(id="south-side", name="South's side", neighbours=["middle"], sight=(6, 0))])
"""Each seat's side of the table and the middle, where the cards go face down."""


class DuelDrawing(Drawing):
    sides = {"north": Side(label="North", colour="#1f4e9c"),
             "south": Side(label="South", colour="#b3261e")}

    def board(self, content: Any, scenario: str | None) -> Board:
        return areas_board(TABLE)

    def table(self, state: Mapping[str, Any], content: Any) -> TableView:
        areas = {a: Place() for a in ("north-side", "middle", "south-side")}
        for seat in state["hands"]:
            won = [Mark(kind="round won", name=f"round won by {seat}", owner=seat,
                        shape="diamond")] * state["won"][seat]
            areas[f"{seat}-side"] = Place(pieces=[Piece(id=seat, name=seat.capitalize(),
                                                        side=seat, kind="duellist")],
                                          marks=won, filled=1)
        areas["middle"].marks = [
            Mark(kind="card", name=f"{seat}'s card, face down"
                 + (f" ({card})" if card is not None else ""), owner=seat)
            for seat, card in state["down"].items()]
        panels = [Panel(seat=seat, title=seat.capitalize(),
                        facts=[("rounds won", str(state["won"][seat]))],
                        piles=[Pile.hidden("hand", hand) if isinstance(hand, int) else
                               Pile.open("hand", [Card(id=str(c), name=str(c),
                                                       text=f"a card worth {c}") for c in hand])])
                  for seat, hand in state["hands"].items()]
        return TableView(headline=f"round {state['round']}", areas=areas, panels=panels)


def view(table: DuelTable, player: str | None) -> dict[str, Any]:
    state = table.state
    return {
        "round": state.round,
        "won": dict(state.won),
        "hands": {seat: (sorted(hand) if player in (None, seat) else len(hand))
                  for seat, hand in state.hands.items()},
        "down": {seat: card if player in (None, seat) else None
                 for seat, card in state.down.items()},
    }


def render(view: Mapping[str, Any]) -> str:
    return f"round {view['state']['round']}, hands {view['state']['hands']}"
