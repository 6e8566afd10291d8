"""What a seat sees of a battle (everything: nothing is hidden), its text picture, and how
the page draws it (``RowsDrawing``: the two rows of cryptids, with the roll)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rulekeeper.core.view import Ability, Board, Cryptid, Drawing, Side, TableView
from rulekeeper.rulesets.cryptids.abilities import texts
from rulekeeper.rulesets.cryptids.battle import Battle
from rulekeeper.rulesets.cryptids.board import SIDES, Fighter
from rulekeeper.rulesets.cryptids.cards import Card
from rulekeeper.rulesets.cryptids.messages import title
from rulekeeper.rulesets.cryptids.table import CryptidsTable


def view(table: CryptidsTable, player: str | None) -> dict[str, Any]:
    battle = table.state
    if not isinstance(battle, Battle):
        return {}
    return {
        "roll": battle.roll,
        "total": battle.total,
        "teams": {SIDES[s]: dict(battle.lineups[s].label) for s in (0, 1)},
        "rows": {SIDES[s]: [fighter_view(f) for f in battle.rows[s]] for s in (0, 1)},
    }


def fighter_view(fighter: Fighter) -> dict[str, Any]:
    """A cryptid of a row: its stats now and its abilities in words, in every language."""
    return {"id": fighter.card.id, "name": title(fighter.label), "hp": fighter.hp,
            "max_hp": fighter.max_hp, "threat": fighter.threat, "attack": fighter.attack,
            "shield": fighter.shield,
            "statuses": [{"damage_over_time": a, "rolls": n} for a, n, _ in fighter.dots],
            "abilities": [{"text": dict(text)} for text in card_abilities(fighter.card)]}


@lru_cache(maxsize=1024)
def card_abilities(card: Card) -> tuple[Mapping[str, str], ...]:
    """A card's abilities in words in every language, the cryptids they summon named (kept
    per card: a played-back battle takes the view at each of its events)."""
    names = {s.card_id: s.card.name for s in card.summons if s.card is not None}
    return tuple(texts(a, names) for a in card.abilities)


def render(view: Mapping[str, Any]) -> str:
    state = view.get("state", view)
    if not state:
        return ""
    lines = [f"roll {state['roll']}, total {state['total']}"]
    for side in SIDES:
        lines.append(f"{side} ({state['teams'][side]['en']}):")
        for place, f in enumerate(state["rows"][side], 1):
            extra = "".join([f", shield {f['shield']}" if f["shield"] else "",
                             f", attack +{f['attack']}" if f["attack"] else "",
                             "".join(f", {s['damage_over_time']} per roll for {s['rolls']}"
                                     for s in f["statuses"])])
            lines.append(f"  {place}. {f['name']['en']}: {f['hp']}/{f['max_hp']} HP, "
                         f"threat {f['threat']}{extra}")
            lines.extend(f"       {a['text']['en']}" for a in f.get("abilities", ()))
    return "\n".join(lines)


# -- the page's drawing ---------------------------------------------------------------------

AUTOMATION = ("order", "order.coin", "target.", "act.")
"""The battle's event kinds in which the rules decide for the cryptids (threat order, coin
flips, targeting, abilities)."""


def row_card(c: Mapping[str, Any]) -> Cryptid:
    """A cryptid of a battle's row (as :func:`fighter_view` gives it)."""
    return Cryptid(id=c["id"], name=c["name"], hp=(c["hp"], c["max_hp"]), threat=c["threat"],
                   attack=c["attack"], shield=c["shield"], statuses=c["statuses"],
                   abilities=[Ability(text=a["text"]) for a in c.get("abilities", ())])


class RowsDrawing(Drawing):
    """A battle: the left and right rows."""

    sides = {"left": Side(label="Left", colour="#b3261e"),
             "right": Side(label="Right", colour="#1f4e9c")}
    automation = AUTOMATION

    def board(self, content: Any, scenario: str | None) -> Board:
        return Board(kind="rows")

    def table(self, state: Mapping[str, Any], content: Any) -> TableView:
        return TableView(headline=f"roll {state['roll']} · total {state['total']}",
                         rows={side: [row_card(c) for c in row]
                               for side, row in state["rows"].items()})
