"""What the player sees of their run: the shop (gold, offers, row) and the run around it.

The view is JSON data; the bots decide from it (abilities are given as written in the
content, so a bot needs no content of its own), :func:`render` draws it for the
terminal and :class:`ShopDrawing` for the page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rulekeeper.core.view import Ability, Board, Cryptid, Drawing, Side, TableView
from rulekeeper.rulesets.cryptids.abilities import texts
from rulekeeper.rulesets.cryptids.messages import title
from rulekeeper.rulesets.cryptids.view import AUTOMATION
from rulekeeper.rulesets.cryptids_run import rating
from rulekeeper.rulesets.cryptids_run.shop import Shopkeeper, Stock
from rulekeeper.rulesets.cryptids_run.snapshots import Fielded

if TYPE_CHECKING:
    from rulekeeper.rulesets.cryptids_run.table import RunTable


def run_view(table: RunTable, player: str | None) -> dict[str, Any]:
    """The run as the player sees it: the shop and the run around it."""
    state = table.state
    if state is None:
        return {}
    rules = table.prepared.stock.rules
    floor, mine = rules.rating.sigma_floor, state.rating
    change = state.change
    return {**shop_view(state.keeper), "player": state.player, "run": state.run,
            "lives": state.lives, "victories": state.victories,
            "victories_needed": rules.run.victories,
            "rating": {**mine.model_dump(), "shown": rating.shown(mine)},
            "rating_change": {"mu": change.mu, "sigma": change.sigma,
                              "shown": rating.shown_change(mine, change, floor)},
            "battles": [{**b.summary, "rating_change": {
                **b.summary["rating_change"],
                "shown": rating.shown_change(mine, b.change, floor)}}
                for b in state.battles], "over": state.over}


def shop_view(keeper: Shopkeeper) -> dict[str, Any]:
    """The shop as the player sees it."""
    shop, stock, rules = keeper.shop, keeper.stock, keeper.rules
    offers = [None if o is None else {**stock.offer_data(o.cryptid), "frozen": o.frozen}
              for o in shop.offers]
    places = [None if p is None else {
        "cryptid": p.cryptid, "name": title(stock.name(p.cryptid)), "tier": stock.tier(p.cryptid),
        "ability": stock.ability_data(p.cryptid, p.ability), "hp": p.hp, "threat": p.threat,
        "combined": p.combined, "changes": [c.model_dump(mode="json") for c in p.changes]}
        for p in shop.places]
    buying = keeper.buying
    if buying is not None:  # the cryptid bought, named, with the abilities to choose from
        buying = {**stock.offer_data(buying["cryptid"]), "place": buying["place"]}
    return {"round": keeper.round, "gold": shop.gold, "actions": shop.actions,
            "action_limit": rules.actions, "offers": offers, "places": places,
            "prices": rules.prices.model_dump(), "combine": rules.combine.model_dump(),
            "buying": buying}


def row_view(row: Iterable[Fielded], stock: Stock) -> list[dict[str, Any]]:
    """A snapshot's row as the page shows it: each cryptid named, its stats, how many
    copies it absorbed, its ability in words (from the snapshot: the stock may have changed
    since)."""
    return [{"cryptid": f.cryptid, "name": title(stock.name(f.cryptid)),
             "tier": stock.tier(f.cryptid), "hp": f.hp, "threat": f.threat,
             "combined": f.combined,
             "ability": {"id": f.ability.id, "name": dict(f.ability.name),
                         "text": texts(f.ability, stock.names)}} for f in row]


def summons_view(rows: Iterable[Iterable[Fielded]], stock: Stock) -> dict[str, Any]:
    """The cryptids these rows' abilities may summon (and theirs may, in turn), each named
    with its card's abilities in words, by id."""
    found: dict[str, Any] = {}
    waiting = [e.summon for row in rows for f in row for e in f.ability.do if e.summon]
    while waiting:
        cryptid = waiting.pop()
        if cryptid in found or cryptid not in stock.cards:
            continue
        card = stock.cards[cryptid]
        found[cryptid] = {"cryptid": cryptid, "name": title(card.name),
                          "abilities": [{"text": texts(a, stock.names)} for a in card.abilities]}
        waiting += [e.summon for a in card.abilities for e in a.do if e.summon]
    return found


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
        abilities = "; or ".join(f"{a['name']['en']}: {a['text']['en']}"
                                 for a in offer["abilities"])
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
                     f"{place['ability']['text']['en']}")
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

    sides = {"player": Side(label="You", colour="#7a2e1d"),
             "opponents": Side(label="Opponents", colour="#1f4e9c"),  # who wins a run
             "offers": Side(label="Offers", colour="#5b4a2f"),  # the rows' titles
             "row": Side(label="Your row", colour="#7a2e1d")}
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
