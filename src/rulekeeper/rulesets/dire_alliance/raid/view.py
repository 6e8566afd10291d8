"""What a hero's seat may know of a Raid (``raid_view``) and a readable picture of it
(``render_raid``). A hand is shown to its own seat only; the villain deck's order is hidden
(its count is shown); the bag's contents follow from the minions on the board, so they are
shown by kind."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rulekeeper.rulesets.dire_alliance import picture
from rulekeeper.rulesets.dire_alliance.raid.goals import LOSING_OBJECTIVES
from rulekeeper.rulesets.dire_alliance.raid.heroes import modifiers_text
from rulekeeper.rulesets.dire_alliance.raid.models import Modifiers
from rulekeeper.rulesets.dire_alliance.raid.table import Raid
from rulekeeper.rulesets.dire_alliance.tabletop import Fighter


def figure_view(t: Raid, f: Fighter) -> dict[str, Any]:
    kind = "hero" if t.is_hero(f) else "villain" if t.is_villain(f) else "minion"
    out: dict[str, Any] = {"id": f.id, "name": f.name, "kind": kind, "seat": f.side,
                           "team": f.team, "stunned": f.stunned, "rank": t.rank(f),
                           **{k: t.stat(f, k) for k in ("melee", "shoot", "defense")}}
    if kind == "minion":
        spec = t.kinds[f.card]
        out |= {"minion": spec.id, "colour": spec.colour,
                "star": spec.star.name if spec.star else None}
    return out


def printed(t: Raid) -> dict[str, Any]:
    """The parts of the view that never change: cards, villain cards, minions, the board."""
    if not t.printed:
        t.printed.update({
            "board": {a: {"name": t.area_name(a), "neighbours": list(t.board.neighbours(a)),
                          "sees": [b for b in t.board.seen_from(a) if b != a]}
                      for a in t.board.ids},
            "villain_cards": {c: {"name": s.name, "modifiers": s.modifiers.model_dump(),
                                  "minion": s.minion, "actions": [a.text for a in s.actions]}
                              for c, s in t.villain_cards.items()},
            "minions": {k: {"name": s.name, "colour": s.colour, "rank": s.rank,
                            "melee": s.melee, "shoot": s.shoot, "defense": s.defense,
                            "count": s.count, "actions": [a.text for a in s.actions]}
                        for k, s in t.kinds.items()},
            "cards": {c: {"name": s.name, "modifiers": s.modifiers.model_dump(),
                          "icons": s.icons, "special": s.special.name if s.special else None,
                          "text": s.special.text if s.special else "",
                          "effects": [e.model_dump(exclude_none=True)
                                      for e in (s.special.effects if s.special else [])]}
                      for c, s in t.cards.items()},
        })
    return t.printed


def raid_view(t: Raid, player: str | None) -> dict[str, Any]:
    static = printed(t)
    areas = []
    for area in t.board.ids:
        areas.append({
            "id": area, **static["board"][area],
            "figures": [figure_view(t, f) for f in t.in_area(area)],
            "objectives": [{"id": o.id, "name": o.name} for o in t.objectives.values()
                           if o.area == area and o.claimed_by is None],
            "sites": [{"id": s.id, "name": s.name, "kind": s.kind, "holder": s.holder}
                      for s in t.sites.values() if s.area == area],
        })
    villain = t.the_villain
    heroes = {}
    for seat, hero in t.heroes.items():
        piles = hero.piles
        heroes[seat] = {
            "id": hero.fighter.id, "name": hero.name, "class": hero.hero_class.name,
            "area": hero.fighter.area, "defeated": hero.fighter.defeated,
            "base": {k: getattr(hero.spec, k) for k in ("melee", "shoot", "defense")},
            "stats": {k: t.stat(hero.fighter, k) for k in ("melee", "shoot", "defense")},
            "row": [{"card": c.card, "faceup": c.faceup, "tokens": list(c.tokens)}
                    for c in hero.row],
            "hand": sorted(piles.hand) if player in (None, seat) else None,
            "hand_size": len(piles.hand), "deck": len(piles.deck),
            "discard": sorted(piles.discard), "damage": sorted(piles.graveyard),
            "supply": dict(piles.supply), "exerted": hero.exerted, "done": hero.done,
        }
    on_board = Counter(m.card for m in t.minions())
    return {
        "mode": "raid",
        "scenario": {"id": t.scenario.id, "name": t.scenario.name,
                     "text": t.scenario.text,
                     "hero_goal": t.scenario.hero_goal.model_dump(),
                     "villain_goal": t.scenario.villain_goal.model_dump(),
                     "interact": (t.scenario.interact.model_dump(exclude_none=True)
                                  if t.scenario.interact else None)},
        "round": t.round, "phase": t.phase, "last_actor": t.last_actor,
        "rulings": dict(t.rulings),
        "areas": areas,
        "villain": {"id": villain.fighter.id, "name": villain.spec.name, "rank": villain.spec.rank,
                    "area": villain.fighter.area, "defeated": villain.fighter.defeated,
                    "wounds": villain.wounds, "health": villain.health,
                    "stats": {k: t.stat(villain.fighter, k)
                              for k in ("melee", "shoot", "defense")},
                    "row": list(villain.row), "deck": len(villain.deck),
                    "discard": list(villain.discard)},
        "villain_cards": static["villain_cards"],
        "minions": {k: s | {"in_bag": s["count"] - on_board[k]}
                    for k, s in static["minions"].items()},
        "bag": len(t.bag),
        "claimed": [t.objectives[o].name for o in t.claimed],
        "objectives_to_lose": LOSING_OBJECTIVES,
        "heroes": heroes,
        "cards": static["cards"],
        "dice": {"combat": list(t.dice.combat.face_names),
                 "vampire": list(t.dice.vampire.face_names)},
    }


def _stats(s: Mapping[str, Any]) -> str:
    return f"{s['melee']}/{s['shoot']}/{s['defense']}"


def _card(state: Mapping[str, Any], card: str) -> str:
    spec = state["cards"][card]
    icons = "/".join(spec["icons"]) or "no icons"
    action = f"; ➤ {spec['special']}" if spec["special"] else ""
    return f"{spec['name']} ({modifiers_text_of(spec['modifiers'])}; {icons}{action})"


def _row_card(state: Mapping[str, Any], c: Mapping[str, Any]) -> str:
    """A card of an action row: face up with its modifiers, or face down (none apply)."""
    spec = state["cards"][c["card"]]
    tokens = "".join(f" +{t}" for t in c["tokens"])
    if c["faceup"]:
        return f"{spec['name']} up ({modifiers_text_of(spec['modifiers'])}){tokens}"
    return f"{spec['name']} down (no modifiers){tokens}"


def modifiers_text_of(mods: Mapping[str, int]) -> str:
    return modifiers_text(Modifiers(**mods))


def _figure(state: Mapping[str, Any], f: Mapping[str, Any]) -> str:
    stunned = "*" if f["stunned"] else ""
    if f["kind"] == "hero":
        return f"{f['name']} ({f['seat']}) {_stats(f)}{stunned}"
    if f["kind"] == "villain":
        return f"{f['name']} (villain, {f['rank'] or 'unranked'}) {_stats(f)}{stunned}"
    printed = state["minions"][f["minion"]]  # its stats as printed (★: its star ability)
    return f"{f['name']} {f['colour']} {f['rank'] or '-'} {_stats(printed)}{stunned}"


def _area_contents(state: Mapping[str, Any], area: Mapping[str, Any]) -> list[str]:
    return picture.groups([_figure(state, f) for f in area["figures"]],
                          [f"objective: {o['name']}" for o in area["objectives"]],
                          [f"{s['name']} ({'sealed' if s['holder'] else 'unsealed'})"
                           for s in area["sites"]])


def render_raid(view: Mapping[str, Any]) -> str:
    """The villain and its row, the minions' ranks and actions, the board, each hero, then
    the round and phase (last, next to the question asked)."""
    state = view["state"]
    villain = state["villain"]
    scenario = state["scenario"]
    lines = picture.wrapped("", [f"{scenario['name']}.", "Heroes:",
                                 *scenario["hero_goal"]["text"].split(), "Enemies:",
                                 *scenario["villain_goal"]["text"].split()], 2, " ")
    claimed = f" ({', '.join(state['claimed'])})" if state["claimed"] else ""
    lines += picture.wrapped(
        "", [f"{villain['name']} ({villain['rank'] or 'unranked'}) {_stats(villain['stats'])}"
             + (" DEFEATED" if villain["defeated"] else ""),
             f"wounds {villain['wounds']} of {villain['health']}",
             f"villain deck {villain['deck']}",
             f"objectives claimed {len(state['claimed'])} of "
             f"{state['objectives_to_lose']}{claimed}"])
    for card in villain["row"]:
        spec = state["villain_cards"][card]
        lines += picture.wrapped(f"  row: {spec['name']} ({modifiers_text_of(spec['modifiers'])}; "
                                 f"minions {spec['minion']}): ", spec["actions"], 4, " | ")
    lines.append(f"Minions (colour, rank, M/S/D, in the bag of {state['bag']}): actions in order")
    for m in state["minions"].values():
        lines += picture.wrapped(f"  {m['name']} {m['colour']} {m['rank'] or '-'} {_stats(m)}, "
                                 f"{m['in_bag']}: ", m["actions"], 4, " | ")
    lines.append("Board: M/S/D; *stunned")
    lines += picture.board(state["areas"],
                           {a["id"]: _area_contents(state, a) for a in state["areas"]})
    for seat, hero in state["heroes"].items():
        marks = [m for m, on in (("exerted", hero["exerted"]), ("done", hero["done"]),
                                 ("DEFEATED", hero["defeated"])) if on]
        lines.append(f"{seat}: {hero['name']}, {hero['class']}, {_stats(hero['stats'])} "
                     f"(base {_stats(hero['base'])}); deck {hero['deck']}, hand "
                     f"{hero['hand_size']}" + "".join(f", {m}" for m in marks))
        if hero["hand"] is not None:
            lines += picture.wrapped("  hand: ", [_card(state, c) for c in hero["hand"]]
                                     or ["empty"], 4, ", ")
        names = {c: state["cards"][c]["name"] for c in state["cards"]}
        row = picture.groups([_row_card(state, c) for c in hero["row"]] or ["empty"])
        lines += picture.wrapped("  row: ", [*row[:-1], row[-1] + ";",
                                             f"discard: {picture.cards(names, hero['discard'])};",
                                             f"damage: {picture.cards(names, hero['damage'])}"],
                                 4, " ")
    last = state["last_actor"]
    lines.append(f"Round {state['round']}, {state['phase']} phase"
                 + (f"; the last to act: {state['heroes'][last]['name']}" if last else ""))
    return "\n".join(lines)
