"""What a seat may know (``view``) and a readable picture of it (``render``).

A hand is shown only to its owner; deck order is hidden from everyone (only the
count is shown); played cards and discard piles are open. The board is listed area by
area with its borders, what it sees, fighters, objectives, sites and tokens.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.rulesets.dire_alliance import picture
from rulekeeper.rulesets.dire_alliance.messages import count
from rulekeeper.rulesets.dire_alliance.table import Battle
from rulekeeper.rulesets.dire_alliance.tabletop import Fighter


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


KEYWORDS = {"vampire": "V", "resilient": "R", "dreadful": "D", "unseen": "U"}
"""How the picture marks a fighter's keywords."""
LEGEND = "M/S/D; V vampire, R resilient, D dreadful, U unseen; *stunned +sated"


def _fighter_text(f: Mapping[str, Any]) -> str:
    keys = " " + "".join(KEYWORDS[k] for k in f["keywords"]) if f["keywords"] else ""
    marks = ("*" if f["stunned"] else "") + ("+" if f["sated"] else "")
    return f"{f['name']} {f['melee']}/{f['shoot']}/{f['defense']}{keys}{marks}"


def _area_contents(area: Mapping[str, Any]) -> list[str]:
    sides = []
    for side in dict.fromkeys(f["side"] for f in area["fighters"]):
        mine = [_fighter_text(f) for f in area["fighters"] if f["side"] == side]
        sides.append([f"{side} {mine[0]}", *mine[1:]])
    return picture.groups(
        *sides, [f"{o['owner']}'s {o['name'].removeprefix('the ')}" for o in area["objectives"]],
        [f"{s['name']} ({s['holder'] or 'untaken'})" for s in area["sites"]],
        [f"{t['seat']}'s {t['token']}" for t in area["tokens"]])


def render_battle(view: Mapping[str, Any]) -> str:
    """The board, then each player's cards, then the round's state (last, next to the
    question asked)."""
    state = view["state"]
    names = state["cards"]
    scenario = state["scenario"]
    goal = scenario["goal"]
    wins = [f"{goal['objectives']} objectives" if goal["objectives"] else "",
            f"{goal['sites']} sites" if goal["sites"] else ""]
    lines = [f"{scenario['name']}: {' or '.join(w for w in wins if w)} win; play stops "
             f"after round {scenario['round_limit']}",
             f"Board: {LEGEND}"]
    lines += picture.board(state["areas"], {a["id"]: _area_contents(a) for a in state["areas"]})
    for seat, p in state["players"].items():
        hand = (picture.cards(names, p["hand"]) if p["hand"] is not None
                else f"{count(p['hand_size'], 'card')}, hidden")
        lines.append(f"{seat}: {p['faction_name']} led by {p['leader_name']}; claimed "
                     f"{len(p['claimed'])}; deck {p['deck']}")
        lines += picture.wrapped("  hand: ", [hand], 4)
        piles = [f"in play: {picture.cards(names, p['play'])}"] if p["play"] else []
        piles += [f"discard: {picture.cards(names, p['discard'])}",
                  f"graveyard: {picture.cards(names, p['graveyard'])}"]
        if p["defeated"]:
            piles.append(f"defeated: {', '.join(p['defeated'])}")
        lines += picture.wrapped("  ", piles, 4)
        lines += picture.wrapped("  supply: ", [f"{names.get(c, c)} {n}"
                                                for c, n in p["supply"].items()], 4, ", ")
    active = f": {state['active']} plays" if state["active"] else ""
    lines.append(f"Round {state['round']} of {scenario['round_limit']}, {state['turn']}{active}; "
                 f"aggressor {state['aggressor']}; dread pile {state['dread_pile']}")
    return "\n".join(lines)
