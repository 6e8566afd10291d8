"""What a seat may know (``view``) and a readable picture of it (``render``).

A hand is shown only to its owner; deck order is hidden from everyone (only the
count is shown). The board is listed area by area with fighters, objectives,
sites and tokens; the board's adjacency and sight are included for bots.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rulekeeper.rulesets.dire_alliance.battle_state import Battle
from rulekeeper.rulesets.dire_alliance.state import Fighter


def fighter_view(f: Fighter) -> dict[str, Any]:
    return {"id": f.id, "name": f.name, "side": f.side, "card": f.card, "form": f.form.id,
            "melee": f.form.melee, "shoot": f.form.shoot, "defense": f.form.defense,
            "keywords": list(f.form.keywords), "stunned": f.stunned, "sated": f.sated,
            "special": f.form.special.name if f.form.special else None,
            "effects": [e.model_dump(exclude_none=True)
                        for e in (f.form.special.effects if f.form.special else [])]}


def battle_view(t: Battle, player: str | None) -> dict[str, Any]:
    areas = []
    for area in t.board.ids:
        areas.append({
            "id": area, "name": t.area_name(area),
            "neighbours": list(t.board.neighbours(area)),
            "sees": [b for b in t.board.seen_from(area) if b != area],
            "fighters": [fighter_view(f) for f in t.in_area(area)],
            "objectives": [{"id": o.id, "name": o.name, "owner": o.owner}
                           for o in t.objectives.values() if o.area == area and not o.claimed_by],
            "sites": [{"id": s.id, "name": s.name, "kind": s.kind, "holder": s.holder}
                      for s in t.sites.values() if s.area == area],
            "tokens": [{"seat": seat, "token": token} for (seat, token), where in t.tokens.items()
                       if where == area],
        })
    players = {}
    for seat, piles in t.sides.items():
        players[seat] = {
            "faction": t.factions[seat], "leader": t.leaders[seat],
            "faction_name": t.faction_names[seat], "leader_name": t.leader_names[seat],
            "hand": sorted(piles.hand) if player in (None, seat) else None,
            "hand_size": len(piles.hand), "deck": len(piles.deck),
            "discard": sorted(piles.discard), "graveyard": sorted(piles.graveyard),
            "supply": dict(piles.supply), "play": list(piles.play),
            "claimed": list(piles.claimed),
            "defeated": [f.name for f in t.fighters.values() if f.side == seat and f.defeated],
        }
    return {
        "scenario": {"id": t.scenario.id, "name": t.scenario.name,
                     "text": t.scenario.text,
                     "goal": t.scenario.goal.model_dump(),
                     "interact": (t.scenario.interact.model_dump(exclude_none=True)
                                  if t.scenario.interact else None),
                     "round_limit": t.scenario.round_limit},
        "round": t.round, "turn": t.turn, "active": t.active,
        "aggressor": t.aggressor, "dread_pile": t.dread,
        "rulings": dict(t.rulings),
        "asking": {"actor": t.asking[0], "about": t.asking[1]},
        "cards": dict(t.card_names),
        "dice": {"combat": list(t.dice.combat.face_names),
                 "vampire": list(t.dice.vampire.face_names)},
        "areas": areas, "players": players,
    }


def _fighter_text(f: Mapping[str, Any]) -> str:
    marks = [m for m in ("stunned", "sated") if f[m]]
    stats = f"M{f['melee']} S{f['shoot']} D{f['defense']}"
    keywords = "".join(f", {k}" for k in f["keywords"])
    return f"{f['side']} {f['name']} ({stats}{keywords}{''.join(', ' + m for m in marks)})"


def _cards(names: Mapping[str, str], cards: list[str]) -> str:
    counted = Counter(names.get(c, c) for c in cards)
    return ", ".join(f"{n} x{k}" if k > 1 else n for n, k in sorted(counted.items())) or "none"


def render_battle(view: Mapping[str, Any]) -> str:
    state = view["state"]
    names = state["cards"]
    lines = [f"{state['scenario']['name']}: round {state['round']}, {state['turn']}"
             f" ({state['active']} plays); aggressor {state['aggressor']}; "
             f"dread pile {state['dread_pile']}",
             "", "Board (area: fighters; objectives; sites)  [adjacent areas]"]
    by_id = {a["id"]: a["name"] for a in state["areas"]}
    for area in state["areas"]:
        parts = [", ".join(_fighter_text(f) for f in area["fighters"]) or "-"]
        parts += [f"objective: {o['name']} ({o['owner']})" for o in area["objectives"]]
        parts += [f"{s['name']} ({s['holder'] or 'untaken'})" for s in area["sites"]]
        parts += [f"{t['seat']}'s {t['token']}" for t in area["tokens"]]
        near = ", ".join(by_id[n] for n in area["neighbours"])
        lines.append(f"  {area['name']}: {'; '.join(parts)}  [{near}]")
    lines.append("")
    for seat, p in state["players"].items():
        hand = (_cards(names, p["hand"]) if p["hand"] is not None
                else f"{p['hand_size']} card(s), hidden")
        lines.append(f"{seat}: {p['faction_name']}, led by {p['leader_name']}; claimed "
                     f"{len(p['claimed'])} objective(s); deck {p['deck']}")
        lines.append(f"  hand: {hand}")
        if p["play"]:
            lines.append(f"  in play: {_cards(names, p['play'])}")
        lines.append(f"  discard: {_cards(names, p['discard'])}")
        lines.append(f"  graveyard: {_cards(names, p['graveyard'])}")
        supply = ", ".join(f"{names.get(c, c)} {n}" for c, n in p["supply"].items())
        lines.append(f"  supply: {supply}")
        if p["defeated"]:
            lines.append(f"  defeated: {', '.join(p['defeated'])}")
    return "\n".join(lines)
