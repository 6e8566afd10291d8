"""What the players see (everything but the item deck's order), its text picture and how
the page draws it (``CrawlerDrawing``)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rulekeeper.core.content import Model
from rulekeeper.core.events import counted
from rulekeeper.core.rules_index import cites
from rulekeeper.core.view import (
    Board,
    Drawing,
    Mark,
    Panel,
    Piece,
    Place,
    Side,
    Status,
    TableView,
    areas_board,
)
from rulekeeper.rulesets.enemy_attacks.models import EnemyAttacksContent, attack_text
from rulekeeper.rulesets.enemy_attacks.table import Enemy, Figure, Skirmish, player_name


def state_view(st: Skirmish) -> dict[str, Any]:
    """The game as JSON-able data. Nothing is hidden but the order of the item deck."""
    where: dict[str, list[Figure]] = {area: [] for area in st.board.ids}
    for figure in st.everyone():
        if figure.area is not None:
            where[figure.area].append(figure)
    return {
        "scenario": st.scenario.name,
        "round": st.round,
        "rounds": st.scenario.rounds,
        "phase": st.phase,
        "active": st.active,
        "used": list(st.used),
        "players": {seat: [h.id for h in st.heroes if h.controller == seat] for seat in st.seats},
        "areas": [_area(st, a, where[a]) for a in st.board.ids],
        "heroes": [{
            "id": h.id, "name": h.name, "area": h.area, "controller": h.controller,
            "might": h.levels["might"], "agility": h.levels["agility"], "will": h.levels["will"],
            "taunt": h.taunt, "chips": h.chips, "ready": h.ready, "spent": h.spent,
            "wounded": h.wounded, "conditions": list(h.conditions),
            "attacks": [_dump(a) for a in h.spec.attacks],
        } for h in st.heroes],
        "allies": [{
            "id": a.id, "name": a.name, "area": a.area, "controller": a.controller,
            "might": a.levels["might"], "agility": a.levels["agility"], "will": a.levels["will"],
            "taunt": a.taunt, "health": a.health, "max_health": a.spec.health,
            "conditions": list(a.conditions),
        } for a in st.others],
        "enemies": [_enemy(st, e) for e in st.enemies],
        "item_deck": len(st.item_deck),
    }


def _area(st: Skirmish, area: str, figures: list[Figure]) -> dict[str, Any]:
    spec = st.board.areas[area]
    drops = st.drops.get(area)
    return {
        "id": area, "name": spec.name or area, "height": spec.height, "capacity": spec.capacity,
        "filled": sum(st.places(f) for f in figures), "tags": list(spec.tags),
        "neighbours": list(st.board.neighbours(area)),
        "figures": [f.id for f in figures],
        "drops": {"item_cards": [st.items[c] for c in drops.item_cards],
                  "item_tokens": drops.item_tokens, "stars": drops.stars} if drops else None,
    }


def _enemy(st: Skirmish, enemy: Enemy) -> dict[str, Any]:
    box = enemy.spec.box
    return {
        "id": enemy.id, "name": enemy.name, "size": enemy.size, "area": enemy.area,
        "health": enemy.health, "max_health": enemy.spec.health,
        "attack": _dump(enemy.spec.attack),
        "card": attack_text(enemy.spec.attack),
        "box": _dump(box) if box else None,
    }


def _dump(model: Model) -> dict[str, Any]:
    """A card's data as a fresh JSON-able dict (serialised once per card: cards are immutable;
    their data nests one level at most)."""
    return {key: dict(value) if isinstance(value, dict) else value
            for key, value in _serialised(model).items()}


@lru_cache(maxsize=4096)  # content can come with each request: bounded
def _serialised(model: Model) -> dict[str, Any]:
    return model.model_dump(mode="json", exclude_none=True)


def render(view: Mapping[str, Any]) -> str:
    """The board as a list of areas with their figures and drops; Enemies show their cards.

    Plain text without square brackets (the terminal reads them as markup).
    """
    state = view["state"]
    if not state:
        return ""
    heroes = {h["id"]: h for h in state["heroes"]}
    allies = {a["id"]: a for a in state["allies"]}
    enemies = {e["id"]: e for e in state["enemies"]}
    acting = f", {_acting(state, heroes, allies, enemies)} acts" if state["active"] else ""
    if state["used"]:
        acting += f" ({' and '.join(state['used'])} used)"
    lines = [f"{state['scenario']}: round {state['round']} of {state['rounds']}, "
             f"{state['phase']}{acting}; item deck "
             f"{counted(state['item_deck'], 'card', 'cards')}"]
    for area in state["areas"]:
        filled = (f"{counted(area['filled'], 'place', 'places')} filled, no limit"
                  if area["capacity"] is None else
                  f"{area['filled']} of {counted(area['capacity'], 'place', 'places')} filled")
        stairs = ", stairs" if "stairs" in area["tags"] else ""
        lines.append(f"{area['id']} ({area['name']}): height {area['height']}{stairs}, "
                     f"{filled}; next to {', '.join(area['neighbours'])}")
        lines += ["    " + _figure(fid, heroes, allies, enemies) for fid in area["figures"]]
        if area["drops"]:
            drops = area["drops"]
            items = "".join(f"{card}, " for card in drops["item_cards"])
            lines.append(f"    placed here: {items}"
                         f"{counted(drops['item_tokens'], 'item token', 'item tokens')}, "
                         f"{counted(drops['stars'], 'star', 'stars')}")
    gone = [f["name"] for group in (heroes, allies, enemies) for f in group.values()
            if f["area"] is None]
    if gone:
        lines.append("off the board: " + ", ".join(gone))
    return "\n".join(lines)


def _acting(state: Mapping[str, Any], *groups: Mapping[str, Any]) -> str:
    """The name of the figure whose turn it is (the state keeps its id)."""
    return next((group[state["active"]]["name"] for group in groups if state["active"] in group),
                state["active"])


def _figure(fid: str, heroes: Mapping[str, Any], allies: Mapping[str, Any],
            enemies: Mapping[str, Any]) -> str:
    if fid in heroes:
        h = heroes[fid]
        return (f"Hero {h['name']} ({player_name(h['controller'])}): Might {h['might']}, Agility "
                f"{h['agility']}, Will {h['will']}, Taunt {h['taunt']}; chips {h['ready']} "
                f"ready, {h['spent']} spent, {h['wounded']} wounded" + _conditions(h))
    if fid in allies:
        a = allies[fid]
        return (f"Ally {a['name']} ({player_name(a['controller'])}): Might {a['might']}, Agility "
                f"{a['agility']}, Will {a['will']}, Taunt {a['taunt']}; health "
                f"{a['health']}/{a['max_health']}" + _conditions(a))
    e = enemies[fid]
    box = e["box"] or {}
    extra = ""
    if "defeat" in box:
        extra = "; defeat: " + ", ".join(counted(n, *DROPS[k])
                                         for k, n in box["defeat"].items() if n)
    elif "reminder" in box:
        cites("defeat-box.reminder")  # shown to the players; its ability is the scenario's
        extra = f"; reminder: {box['reminder']}"
    return (f"Enemy {e['name']} ({e['size']}): health {e['health']}/{e['max_health']}; "
            f"{e['card']}{extra}")


DROPS = {"item_cards": ("item card", "item cards"), "item_tokens": ("item token", "item tokens"),
         "stars": ("star", "stars")}
"""The drops of a defeat box, singular and plural."""


def _conditions(figure: Mapping[str, Any]) -> str:
    return f"; {', '.join(figure['conditions'])}" if figure["conditions"] else ""


# -- the page's drawing ---------------------------------------------------------------------


def _levels(f: Mapping[str, Any]) -> str:
    return f"Might {f['might']} · Agility {f['agility']} · Will {f['will']} · Taunt {f['taunt']}"


class CrawlerDrawing(Drawing):
    """The crypt as the page draws it: heroes and allies in their players' colours, enemies
    (square) with their health, drops; each player's heroes' chips, the enemies' cards."""

    sides = {"p1": Side(label="Player 1", colour="#b3261e"),
             "p2": Side(label="Player 2", colour="#1f4e9c"),
             "p3": Side(label="Player 3", colour="#2f6b2f"),
             "p4": Side(label="Player 4", colour="#8a5a00"),
             "enemy": Side(label="Enemies", colour="#5b1d6e"),
             "heroes": Side(label="Heroes", colour="#2f6b2f"),  # who wins: the sides
             "enemies": Side(label="Enemies", colour="#5b1d6e")}
    automation = ("enemy-turn", "target", "no-target", "would-be-target", "enemy-moves",
                  "enemy-stays", "still-no-target", "exception-kept", "exception-refused",
                  "exception-taken", "exception-agreed", "area-attack", "no-attack")

    def board(self, content: EnemyAttacksContent, scenario: str | None) -> Board:
        return areas_board(content.board)

    @staticmethod
    def out(players: Mapping[str, list[str]],
            heroes: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
        """The seats whose every Hero is wounded out: they take no more Hero turns (the
        first seat, the lead player, still makes the group's decisions)."""
        found = {}
        lead = next(iter(players), None)
        for seat, ids in players.items():
            if ids and all(heroes[h]["wounded"] >= heroes[h]["chips"] for h in ids):
                why = (f"{heroes[ids[0]]['name']} is wounded out" if len(ids) == 1 else
                       f"its {len(ids)} heroes are wounded out")  # (view.po: {n:d})
                found[seat] = why + (" · it still makes the group's decisions"
                                     if seat == lead else "")
        return found

    def table(self, state: Mapping[str, Any], content: EnemyAttacksContent) -> TableView:
        heroes = {h["id"]: h for h in state["heroes"]}
        allies = {a["id"]: a for a in state["allies"]}
        enemies = {e["id"]: e for e in state["enemies"]}

        def conditions(f: Mapping[str, Any]) -> list[Status]:
            return [Status(name=c, symbol=c[:1]) for c in f["conditions"]]

        def piece(fid: str) -> Piece:
            if fid in heroes:
                h = heroes[fid]
                return Piece(id=fid, name=h["name"], side=h["controller"], kind="hero",
                             statuses=conditions(h),
                             stats=f"{_levels(h)} · chips {h['ready']} ready, {h['spent']} "
                                   f"spent, {h['wounded']} wounded",
                             hp=(h["chips"] - h["wounded"], h["chips"]))
            if fid in allies:
                a = allies[fid]
                return Piece(id=fid, name=a["name"], side=a["controller"], kind="ally",
                             statuses=conditions(a), stats=_levels(a),
                             hp=(a["health"], a["max_health"]))
            e = enemies[fid]
            size = [Status(name=e["size"], symbol=e["size"][:1].upper())
                    ] if e["size"] != "normal" else []
            return Piece(id=fid, name=e["name"], side="enemy", kind="enemy", shape="square",
                         statuses=size, stats=e["card"], hp=(e["health"], e["max_health"]))

        areas = {}
        for area in state["areas"]:
            drops = area["drops"] or {}
            marks = [Mark(kind="item", name=card) for card in drops.get("item_cards", [])]
            if drops.get("item_tokens"):
                marks.append(Mark(kind="item", name=counted(drops["item_tokens"], "item token",
                                                            "item tokens")))
            if drops.get("stars"):
                marks.append(Mark(kind="star", name=counted(drops["stars"], "star", "stars"),
                                  shape="diamond"))
            areas[area["id"]] = Place(pieces=[piece(f) for f in area["figures"]], marks=marks,
                                      filled=area["filled"])
        panels = []
        for seat, ids in state["players"].items():
            facts = [(heroes[fid]["name"],
                      f"{heroes[fid]['ready']} ready, {heroes[fid]['spent']} spent, "
                      f"{heroes[fid]['wounded']} wounded of {heroes[fid]['chips']} chips"
                      + "".join(f", {c}" for c in heroes[fid]["conditions"])) for fid in ids]
            facts += [(a["name"], f"health {a['health']} of {a['max_health']}")
                      for a in allies.values() if a["controller"] == seat]
            panels.append(Panel(seat=seat, title=self.sides[seat].label, facts=facts))
        panels.append(Panel(title="Enemies",
                            facts=[(e["name"], f"{e['health']}/{e['max_health']} · {e['card']}")
                                   for e in enemies.values()]
                            + [("item deck", str(state["item_deck"]))]))
        acting = (f" · {_acting(state, heroes, allies, enemies)} acts" if state["active"]
                  else "")
        return TableView(
            headline=f"{state['scenario']} · round {state['round']} of {state['rounds']} · "
                     f"{state['phase']}{acting}",
            out=self.out(state["players"], heroes),
            areas=areas, panels=panels,
            offboard=[piece(f) for group in (heroes, allies, enemies)
                      for f, v in group.items() if v["area"] is None])
