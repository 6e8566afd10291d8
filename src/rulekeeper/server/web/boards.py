"""From a ruleset's board file and a seat's view to the web page's board model.

Each ruleset writes its view in its own shape; the page draws one shape. This module is
the only place that knows both. It reads the board files (areas, sight points or
outlines, walls, heights, capacities) for :func:`geometry`, and nothing but a seat's
view for :func:`table`, so what the page receives is exactly what that seat may know.

The geometry (same for every seat, sent once)::

    {"kind": "areas", "name": ..., "size": [w, h],
     "areas": [{"id", "name", "point": [x, y], "polygon": [[x, y], ...] | None,
                "capacity", "height", "tags", "neighbours", "sees"}],
     "walls": [[[x, y], [x, y]], ...]}

with screen coordinates (y down) in board units; ``sees`` is line of sight worked out
by :class:`rulekeeper.core.board.Board`. Rulesets without a board give
``{"kind": "rows"}`` (the cryptids' rows) or ``{"kind": "none"}``.

The table (for one seat, at one moment)::

    {"headline": "...",
     "areas": {area: {"pieces": [piece], "marks": [{"kind", "name", "owner"}], "filled"}},
     "offboard": [piece],              # pieces the seat knows of but not where they are
     "rows": {name: [cryptid | None]},  # the cryptids' rows, for "rows" boards
     "panels": [{"title", "seat", "facts": [[label, value]], "piles": [pile]}]}

    piece = {"id", "name", "side", "kind", "statuses": [...], "stats", "hp": [now, max]}
    pile = {"name", "cards": [{"name", "text"}] | None, "count"}   # None: hidden
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rulekeeper.core.board import Board, BoardSpec
from rulekeeper.core.ruleset import Ruleset

Json = dict[str, Any]

AUTOMATION: dict[str, tuple[str, ...]] = {
    "dire-alliance-raid": ("raid.activate", "raid.ready", "raid.try", "raid.cannot",
                           "raid.idle", "raid.effect.skipped", "raid.enemy.move", "raid.nearest",
                           "raid.order", "raid.target", "raid.no-minion", "raid.spawn",
                           "raid.villain.card", "raid.star", "tie.decided"),
    "enemy-attacks": ("enemy-turn", "target", "no-target", "would-be-target", "enemy-moves",
                      "enemy-stays", "still-no-target", "exception-kept", "exception-refused",
                      "exception-taken", "area-attack", "no-attack"),
    "cryptids": ("order", "order.coin", "target.", "act."),
    "cryptids-run": ("match.", "order", "order.coin", "target.", "act."),
}
"""Event kinds (a trailing dot: a prefix) in which the rules decide for the enemies or the
automated side: the log shows them as the automation's reasons."""


def automated(ruleset: Ruleset[Any], kind: str) -> bool:
    """Whether an event of ``kind`` is the automation explaining itself (see AUTOMATION)."""
    return any(kind.startswith(k) if k.endswith(".") else kind == k
               for k in AUTOMATION.get(ruleset.meta.name, ()))


# -- geometry -------------------------------------------------------------------------------


def geometry(ruleset: Ruleset[Any], content: Any, scenario: str | None) -> Json:
    """The board a game of ``ruleset`` is played on, as the page draws it."""
    name = ruleset.meta.name
    if name == "dire-alliance-battle":
        return areas_geometry(content.board(_by_id(content.scenarios, scenario).board))
    if name == "dire-alliance-raid":
        return areas_geometry(content.board(_by_id(content.raids, scenario).board))
    if name == "enemy-attacks":
        return areas_geometry(content.board)
    if name == "combat-encounter":
        return areas_geometry(content.dungeon, start=content.dungeon.start)
    if name in ("cryptids", "cryptids-run"):
        return {"kind": "rows"}
    return {"kind": "none"}


def _by_id(items: Iterable[Any], wanted: str | None) -> Any:
    items = list(items)
    return next((i for i in items if i.id == wanted), items[0])


MARGIN = 1.2
"""Board units left around the areas."""


def areas_geometry(spec: BoardSpec, start: str | None = None) -> Json:
    """Areas, walls and line of sight; areas without a sight point are laid out in columns
    by their distance (in borders) from ``start`` (or the first area)."""
    board = Board(spec)
    points = {a.id: a.sight for a in spec.areas if a.sight is not None}
    if len(points) < len(spec.areas):
        points = layered(board, start or board.ids[0])
    xs = [p[0] for p in points.values()] + [x for a in spec.areas for x, _ in a.polygon or ()]
    ys = [p[1] for p in points.values()] + [y for a in spec.areas for _, y in a.polygon or ()]
    for wall in spec.walls:
        xs += [wall[0][0], wall[1][0]]
        ys += [wall[0][1], wall[1][1]]
    left, top = min(xs) - MARGIN, max(ys) + MARGIN

    def screen(p: Iterable[float]) -> list[float]:
        x, y = p
        return [round(x - left, 3), round(top - y, 3)]  # y grows north in the board files

    return {
        "kind": "areas", "id": spec.id, "name": spec.name or spec.id, "sample": spec.sample,
        "size": [round(max(xs) + MARGIN - left, 3), round(top - min(ys) + MARGIN, 3)],
        "areas": [{"id": a.id, "name": a.name or a.id, "point": screen(points[a.id]),
                   "polygon": [screen(p) for p in a.polygon] if a.polygon else None,
                   "capacity": a.capacity, "height": a.height, "tags": list(a.tags),
                   "neighbours": list(a.neighbours),
                   "sees": ([b for b in board.seen_from(a.id) if b != a.id]
                            if a.sight is not None else None)}
                  for a in spec.areas],
        "walls": [[screen(w[0]), screen(w[1])] for w in spec.walls],
    }


def layered(board: Board, start: str) -> dict[str, tuple[float, float]]:
    """Points for areas drawn without coordinates: one column per distance from ``start``."""
    columns: dict[int, list[str]] = {}
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        here, depth = queue.popleft()
        columns.setdefault(depth, []).append(here)
        for nxt in board.neighbours(here):
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, depth + 1))
    far = max(columns, default=0) + 1
    columns[far] = [a for a in board.ids if a not in seen]  # unreachable rooms, if any
    tallest = max(len(c) for c in columns.values())
    points = {}
    for depth, ids in columns.items():
        for row, area in enumerate(ids):
            points[area] = (depth * 3.0, (tallest - len(ids)) * 1.0 + row * 2.0)
    return points


# -- a seat's table -------------------------------------------------------------------------


def table(ruleset: Ruleset[Any], state: Mapping[str, Any] | None) -> Json:
    """The page's model of ``state``, a seat's view (``Game.view(seat)["state"]``)."""
    if not state:
        return {"headline": "", "areas": {}, "offboard": [], "rows": {}, "panels": []}
    adapter = ADAPTERS.get(ruleset.meta.name)
    if adapter is None:
        return {"headline": "", "areas": {}, "offboard": [], "rows": {}, "panels": []}
    out: Json = {"headline": "", "areas": {}, "offboard": [], "rows": {}, "panels": []}
    out.update(adapter(state))
    return out


def pile(name: str, cards: list[Json] | None, count: int | None = None) -> Json:
    """A pile of cards; ``cards`` None when the seat may not see them (only the count)."""
    return {"name": name, "cards": cards,
            "count": len(cards) if cards is not None and count is None else count}


def named(names: Mapping[str, str], cards: Iterable[str],
          texts: Mapping[str, str] | None = None) -> list[Json]:
    return [{"id": c, "name": names.get(c, c), "text": (texts or {}).get(c, "")} for c in cards]


def _stats(f: Mapping[str, Any]) -> str:
    return f"Melee {f['melee']} · Shoot {f['shoot']} · Defense {f['defense']}"


def dire_alliance_battle(state: Mapping[str, Any]) -> Json:
    names = state["cards"]
    areas = {}
    for area in state["areas"]:
        pieces = [{"id": f["id"], "name": f["name"], "side": f["side"], "kind": "fighter",
                   "statuses": [s for s in ("stunned", "sated") if f[s]],
                   "stats": _stats(f) + "".join(f" · {k}" for k in f["keywords"]),
                   "text": f["special"] or "", "hp": None}
                  for f in area["fighters"]]
        marks = ([{"kind": "objective", "name": o["name"], "owner": o["owner"]}
                  for o in area["objectives"]]
                 + [{"kind": s["kind"], "name": s["name"], "owner": s["holder"]}
                    for s in area["sites"]]
                 + [{"kind": "token", "name": t["token"], "owner": t["seat"]}
                    for t in area["tokens"]])
        areas[area["id"]] = {"pieces": pieces, "marks": marks, "filled": len(pieces)}
    panels = []
    for seat, p in state["players"].items():
        supply = [{"id": c, "name": f"{names.get(c, c)} ×{n}", "text": ""}
                  for c, n in p["supply"].items()]
        panels.append({
            "seat": seat, "title": f"{seat}: {p['faction_name']}, led by {p['leader_name']}",
            "facts": [["objectives claimed", str(len(p["claimed"]))],
                      ["defeated", ", ".join(p["defeated"]) or "none"]],
            "piles": [pile("hand", None if p["hand"] is None else named(names, p["hand"]),
                           p["hand_size"]),
                      pile("in play", named(names, p["play"])),
                      pile("deck", None, p["deck"]),
                      pile("discard", named(names, p["discard"])),
                      pile("graveyard", named(names, p["graveyard"])),
                      pile("supply", supply, sum(p["supply"].values()))]})
    scenario = state["scenario"]
    return {"headline": f"{scenario['name']} · round {state['round']} · {state['turn']} "
                        f"({state['active']} plays) · aggressor {state['aggressor']} · "
                        f"dread pile {state['dread_pile']}",
            "areas": areas, "panels": panels}


def dire_alliance_raid(state: Mapping[str, Any]) -> Json:
    cards = state["cards"]
    villain_cards = state["villain_cards"]
    villain = state["villain"]
    names = {c: s["name"] for c, s in cards.items()}
    texts = {c: s["text"] for c, s in cards.items()}
    areas = {}
    for area in state["areas"]:
        pieces = []
        for f in area["figures"]:
            hp = [villain["health"] - villain["wounds"], villain["health"]] \
                if f["kind"] == "villain" else None
            side = f.get("colour") or ("villain" if f["kind"] == "villain" else f["team"])
            rank = f" (rank {f['rank']})" if f["rank"] else ""
            pieces.append({"id": f["id"], "name": f["name"] + rank, "side": side,
                           "kind": f["kind"], "statuses": ["stunned"] if f["stunned"] else [],
                           "stats": _stats(f), "text": f.get("star") or "", "hp": hp})
        marks = ([{"kind": "objective", "name": o["name"], "owner": None}
                  for o in area["objectives"]]
                 + [{"kind": s["kind"], "name": s["name"],
                     "owner": "sealed" if s["holder"] else None} for s in area["sites"]])
        areas[area["id"]] = {"pieces": pieces, "marks": marks, "filled": len(pieces)}
    row = [{"id": c, "name": villain_cards[c]["name"],
            "text": " / ".join(villain_cards[c]["actions"])} for c in villain["row"]]
    bag = [{"id": k, "name": f"{m['name']} ×{m['in_bag']}",
            "text": " / ".join(m["actions"])} for k, m in state["minions"].items()]
    panels = [{
        "seat": None, "title": f"Villain: {villain['name']} (rank {villain['rank']})",
        "facts": [["wounds", f"{villain['wounds']} of {villain['health']}"],
                  ["stats", _stats(villain["stats"])],
                  ["objectives claimed", f"{len(state['claimed'])} of "
                                         f"{state['objectives_to_lose']}"]],
        "piles": [pile("villain row", row), pile("villain deck", None, villain["deck"]),
                  pile("villain discard", named(
                      {c: s["name"] for c, s in villain_cards.items()}, villain["discard"])),
                  pile("minion bag", bag, state["bag"])]}]
    for seat, h in state["heroes"].items():
        action_row = [{"id": c["card"], "name": names.get(c["card"], c["card"])
                       + ("" if c["faceup"] else " (face down)")
                       + "".join(f" [{t}]" for t in c["tokens"]),
                       "text": texts.get(c["card"], "")} for c in h["row"]]
        panels.append({
            "seat": seat, "title": f"{seat}: {h['name']}, {h['class']}"
                                   + (" — defeated" if h["defeated"] else ""),
            "facts": [["stats", _stats(h["stats"])], ["base", _stats(h["base"])],
                      ["exerted", "yes" if h["exerted"] else "no"]],
            "piles": [pile("action row", action_row),
                      pile("hand", None if h["hand"] is None
                           else named(names, h["hand"], texts), h["hand_size"]),
                      pile("deck", None, h["deck"]),
                      pile("discard", named(names, h["discard"], texts)),
                      pile("damage pile", named(names, h["damage"], texts)),
                      pile("supply", [{"id": c, "name": f"{names.get(c, c)} ×{n}", "text": ""}
                                      for c, n in h["supply"].items()],
                           sum(h["supply"].values()))]})
    return {"headline": f"{state['scenario']['name']} · round {state['round']} · "
                        f"{state['phase']} phase · heroes' goal: "
                        f"{state['scenario']['hero_goal']['text']}",
            "areas": areas, "panels": panels}


def enemy_attacks(state: Mapping[str, Any]) -> Json:
    heroes = {h["id"]: h for h in state["heroes"]}
    allies = {a["id"]: a for a in state["allies"]}
    enemies = {e["id"]: e for e in state["enemies"]}

    def piece(fid: str) -> Json:
        if fid in heroes:
            h = heroes[fid]
            return {"id": fid, "name": h["name"], "side": h["controller"], "kind": "hero",
                    "statuses": list(h["conditions"]),
                    "stats": f"Might {h['might']} · Agility {h['agility']} · Will {h['will']}"
                             f" · Taunt {h['taunt']} · chips {h['ready']} ready, {h['spent']} "
                             f"spent, {h['wounded']} wounded",
                    "text": "", "hp": [h["chips"] - h["wounded"], h["chips"]]}
        if fid in allies:
            a = allies[fid]
            return {"id": fid, "name": a["name"], "side": a["controller"], "kind": "ally",
                    "statuses": list(a["conditions"]),
                    "stats": f"Might {a['might']} · Agility {a['agility']} · Will {a['will']}"
                             f" · Taunt {a['taunt']}",
                    "text": "", "hp": [a["health"], a["max_health"]]}
        e = enemies[fid]
        return {"id": fid, "name": e["name"], "side": "enemy", "kind": "enemy",
                "statuses": [e["size"]] if e["size"] != "normal" else [],
                "stats": e["card"], "text": "", "hp": [e["health"], e["max_health"]]}

    areas = {}
    for area in state["areas"]:
        drops = area["drops"] or {}
        marks = [{"kind": "item", "name": card, "owner": None}
                 for card in drops.get("item_cards", [])]
        if drops.get("item_tokens"):
            marks.append({"kind": "item", "name": f"{drops['item_tokens']} item token(s)",
                          "owner": None})
        if drops.get("stars"):
            marks.append({"kind": "star", "name": f"{drops['stars']} star(s)", "owner": None})
        areas[area["id"]] = {"pieces": [piece(f) for f in area["figures"]], "marks": marks,
                             "filled": area["filled"]}
    panels = []
    for seat, ids in state["players"].items():
        facts = []
        for fid in ids:
            h = heroes[fid]
            facts.append([h["name"], f"{h['ready']} ready, {h['spent']} spent, "
                                     f"{h['wounded']} wounded of {h['chips']} chips"
                                     + "".join(f", {c}" for c in h["conditions"])])
        facts += [[a["name"], f"health {a['health']} of {a['max_health']}"]
                  for a in allies.values() if a["controller"] == seat]
        panels.append({"seat": seat, "title": seat, "facts": facts, "piles": []})
    panels.append({"seat": None, "title": "Enemies", "piles": [],
                   "facts": [[e["name"], f"{e['health']}/{e['max_health']} · {e['card']}"]
                             for e in enemies.values()]
                   + [["item deck", str(state["item_deck"])]]})
    acting = f" · {state['active']} acts" if state["active"] else ""
    return {"headline": f"{state['scenario']} · round {state['round']} of {state['rounds']} · "
                        f"{state['phase']}{acting}",
            "areas": areas, "panels": panels,
            "offboard": [piece(f) for group in (heroes, allies, enemies)
                         for f, v in group.items() if v["area"] is None]}


def combat_encounter(state: Mapping[str, Any]) -> Json:
    players = state["players"]

    def piece(p: Mapping[str, Any]) -> Json:
        return {"id": p["seat"], "name": f"{p['seat']} {p['name']}", "side": p["seat"],
                "kind": "player", "statuses": list(p["statuses"]) + ([] if p["alive"]
                                                                    else ["dead"]),
                "stats": f"Defense {p['defense']} · Brawn {p['stats']['brawn']} · Quickness "
                         f"{p['stats']['quickness']} · Perception {p['stats']['perception']}",
                "text": "", "hp": [p["health"], p["max_health"]]}

    areas = {r["id"]: {"pieces": [piece(players[s]) for s in r["players"]],
                       "marks": ([{"kind": "jelly-cube", "name": "Jelly Cube", "owner": None}]
                                 if r["jelly_cube"] else []),
                       "filled": len(r["players"])} for r in state["rooms"]}
    panels = []
    for seat, p in players.items():
        weapons = [{"id": w["id"], "name": w["name"] + (" (dropped)" if w["dropped"] else ""),
                    "text": f"{w['mode']}, {w['damage']}"} for w in p["weapons"]]
        panels.append({
            "seat": seat, "title": f"{seat}: {p['name']}" + ("" if p["alive"] else " — dead"),
            "facts": [["health", f"{p['health']} of {p['max_health']}"],
                      ["defense", str(p["defense"])], ["Kaos", str(p["kaos"])],
                      ["rerolls", str(p["rerolls"])], ["armor", p["armor"] or "none"],
                      ["plot armor", p["plot_armor"] or "none"],
                      ["statuses", ", ".join(p["statuses"]) or "none"]],
            "piles": [pile("weapons", weapons),
                      pile("backpack", [{"id": n, "name": n, "text": ""}
                                        for n in p["backpack"]])]})
    panels.append({"seat": None, "title": "Random Encounter deck", "facts": [],
                   "piles": [pile("deck", None, state["deck"]["cards"]),
                             pile("discard", [{"id": n, "name": n, "text": ""}
                                              for n in state["deck"]["discard"]])]})
    encounter = state["encounter"]
    fight = (f" · combat in {encounter['room']}, order {' → '.join(encounter['order'])}"
             if encounter else "")
    return {"headline": f"round {state['round']} · dungeon clock {state['clock']} of "
                        f"{state['time_limit']}" + (f" · {state['active']}'s turn"
                                                    if state["active"] else "") + fight,
            "areas": areas, "panels": panels,
            "offboard": [piece(p) for p in players.values()
                         if p["room"] is None and p["alive"]]}


def cryptids(state: Mapping[str, Any]) -> Json:
    rows = {side: [{"id": c["id"], "name": c["name"], "hp": [c["hp"], c["max_hp"]],
                    "threat": c["threat"], "attack": c["attack"], "shield": c["shield"],
                    "statuses": c["statuses"]} for c in row]
            for side, row in state["rows"].items()}
    return {"headline": f"roll {state['roll']} · total {state['total']}", "rows": rows}


def cryptids_run(state: Mapping[str, Any]) -> Json:
    def card(c: Mapping[str, Any] | None) -> Json | None:
        if c is None:
            return None
        return {"id": c["cryptid"], "name": c["name"], "hp": [c["hp"], c["hp"]],
                "threat": c["threat"], "attack": 0, "shield": 0, "statuses": [],
                "frozen": c.get("frozen", False),
                "abilities": [c["ability"]] if "ability" in c else c["abilities"]}

    return {"headline": f"round {state['round']} · {state['lives']} lives · "
                        f"{state['victories']} of {state['victories_needed']} victories · "
                        f"{state['gold']} gold",
            "rows": {"offers": [card(o) for o in state["offers"]],
                     "row": [card(p) for p in state["places"]]}}


ADAPTERS: dict[str, Callable[[Mapping[str, Any]], Json]] = {
    "dire-alliance-battle": dire_alliance_battle,
    "dire-alliance-raid": dire_alliance_raid,
    "enemy-attacks": enemy_attacks,
    "combat-encounter": combat_encounter,
    "cryptids": cryptids,
    "cryptids-run": cryptids_run,
}
"""Each ruleset's view to the page's table (by the ruleset's unversioned name)."""


# -- decisions on the board -----------------------------------------------------------------


def targets(pending: Mapping[str, Any] | None, ids: Iterable[str]) -> dict[str, list[str]]:
    """For each option of the pending decision, the areas and pieces it names.

    An option names an id when it is the id, or the id stands after its last ``:`` or
    ``-`` separated prefix (``move:old-mill``, ``move-west-hall``, ``attack:p2:weapon-1``).
    The page lights up those places, and clicking one picks out the options naming it.

    >>> targets({"options": [{"id": "move:bog"}, {"id": "stay"}]}, ["bog", "well"])
    {'move:bog': ['bog']}
    >>> targets({"options": [{"id": "move-west-hall"}]}, ["hall", "west-hall"])
    {'move-west-hall': ['west-hall']}
    """
    if not pending:
        return {}
    known = sorted(set(ids), key=len, reverse=True)
    out = {}
    for option in pending["options"]:
        oid = option["id"]
        parts = set(oid.split(":"))
        found = [i for i in known if i in parts or oid == i or oid.endswith(("-" + i, ":" + i))]
        found = [i for i in found if not any(o != i and o.endswith("-" + i) for o in found)]
        if found:
            out[oid] = found
    return out


def piece_ids(model: Mapping[str, Any]) -> list[str]:
    return [p["id"] for a in model["areas"].values() for p in a["pieces"]]
