"""What the player sees of their run: the shop (gold, offers, row) and the run around it.

The view is JSON data; the bots decide from it (abilities are given as written in the
content, so a bot needs no content of its own), :func:`render` draws it for the
terminal and :class:`ShopDrawing` for the page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rulekeeper.core.view import Ability, Board, Cryptid, Drawing, Side, TableView
from rulekeeper.rulesets.cryptids.view import AUTOMATION
from rulekeeper.rulesets.cryptids_run.shop import Shopkeeper

if TYPE_CHECKING:
    from rulekeeper.rulesets.cryptids_run.table import RunTable


def run_view(table: RunTable, player: str | None) -> dict[str, Any]:
    """The run as the player sees it: the shop and the run around it."""
    state = table.state
    if state is None:
        return {}
    change = state.change
    return {**shop_view(state.keeper), "player": state.player, "run": state.run,
            "lives": state.lives, "victories": state.victories,
            "victories_needed": table.prepared.stock.rules.run.victories,
            "rating": state.rating.model_dump(),
            "rating_change": {"mu": change.mu, "sigma": change.sigma},
            "battles": [b.summary for b in state.battles], "over": state.over}


def shop_view(keeper: Shopkeeper) -> dict[str, Any]:
    """The shop as the player sees it."""
    shop, stock, rules = keeper.shop, keeper.stock, keeper.rules
    offers = [None if o is None else {**stock.offer_data(o.cryptid), "frozen": o.frozen}
              for o in shop.offers]
    places = [None if p is None else {
        "cryptid": p.cryptid, "name": dict(stock.name(p.cryptid)),
        "ability": stock.ability_data(p.cryptid, p.ability), "hp": p.hp, "threat": p.threat,
        "combined": p.combined, "changes": [c.model_dump(mode="json") for c in p.changes]}
        for p in shop.places]
    buying = keeper.buying
    if buying is not None:
        buying = {**buying, "hp": stock.hp(buying["cryptid"]),
                  "abilities": stock.offer_data(buying["cryptid"])["abilities"]}
    return {"round": keeper.round, "gold": shop.gold, "actions": shop.actions,
            "action_limit": rules.actions, "offers": offers, "places": places,
            "prices": rules.prices.model_dump(), "combine": rules.combine.model_dump(),
            "buying": buying}


def render(state: Mapping[str, Any]) -> str:
    """A text picture of a run's view."""
    if not state:
        return ""
    rating, change = state["rating"], state["rating_change"]
    lines = [f"Round {state['round']}: {state['lives']} lives, {state['victories']} of "
             f"{state['victories_needed']} victories, {state['gold']} gold. Rating "
             f"{rating['mu']:.1f} (±{rating['sigma']:.1f}); this run so far "
             f"{change['mu']:+.2f}, applied when it ends."]
    lines.append("Offers:")
    for number, offer in enumerate(state["offers"], 1):
        if offer is None:
            lines.append(f"  {number}. (bought)")
            continue
        frozen = " [frozen]" if offer["frozen"] else ""
        abilities = "; or ".join(f"{a['name']['en']}: {a['text']}" for a in offer["abilities"])
        lines.append(f"  {number}. {offer['name']['en']}, tier {offer['tier']}, {offer['hp']} HP, "
                     f"threat {offer['threat']}{frozen} — {abilities}")
    lines.append("Row, left to right:")
    for number, place in enumerate(state["places"], 1):
        if place is None:
            lines.append(f"  {number}. (empty)")
            continue
        combined = f", combined ×{place['combined']}" if place["combined"] else ""
        lines.append(f"  {number}. {place['name']['en']}, {place['hp']} HP, threat "
                     f"{place['threat']}{combined} — {place['ability']['name']['en']}: "
                     f"{place['ability']['text']}")
    if state["battles"]:
        last = state["battles"][-1]
        lines.append(f"Last battle (round {last['round']}): {last['result']} against "
                     f"{last['opponent']}.")
    return "\n".join(lines)


def _card(c: Mapping[str, Any] | None) -> Cryptid | None:
    """An offer or a place of the row (a place keeps one ability, an offer shows both)."""
    if c is None:
        return None
    abilities = [c["ability"]] if "ability" in c else c["abilities"]
    return Cryptid(id=c["cryptid"], name=c["name"], hp=(c["hp"], c["hp"]), threat=c["threat"],
                   frozen=c.get("frozen", False),
                   abilities=[Ability(name=a["name"], text=a["text"]) for a in abilities])


class ShopDrawing(Drawing):
    """The shop: the offers and the player's row."""

    sides = {"player": Side(label="You", colour="#7a2e1d")}
    automation = ("match.", *AUTOMATION)

    def board(self, content: Any, scenario: str | None) -> Board:
        return Board(kind="rows")

    def table(self, state: Mapping[str, Any], content: Any) -> TableView:
        return TableView(
            headline=f"round {state['round']} · {state['lives']} lives · "
                     f"{state['victories']} of {state['victories_needed']} victories · "
                     f"{state['gold']} gold",
            rows={"offers": [_card(o) for o in state["offers"]],
                  "row": [_card(p) for p in state["places"]]})
