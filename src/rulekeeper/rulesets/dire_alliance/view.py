"""What a seat may know (``view``), a readable picture of it (``render``) and how the page
draws it (``BattleDrawing``).

A hand is shown only to its owner; deck order is hidden from everyone (only the
count is shown); played cards and discard piles are open. The board is listed area by
area with its borders, what it sees, fighters, objectives, sites and tokens.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.core.decisions import Decision
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
    Status,
    TableView,
    areas_board,
)
from rulekeeper.rulesets.dire_alliance import picture
from rulekeeper.rulesets.dire_alliance.cards import DREAD
from rulekeeper.rulesets.dire_alliance.messages import count
from rulekeeper.rulesets.dire_alliance.models import DireAllianceContent, Form
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
        "rulings": t.rulings.chosen,
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


# -- the page's drawing ---------------------------------------------------------------------


def stats_text(f: Mapping[str, Any]) -> str:
    """``Melee 2 · Shoot 1 · Defense 1`` (a fighter's, a hero's, a villain's values)."""
    return f"Melee {f['melee']} · Shoot {f['shoot']} · Defense {f['defense']}"


def form_text(form: Form) -> str:
    """What a fighter's card says: its values, keywords and special action."""
    keywords = "".join(f" · {k}" for k in form.keywords)
    special = f" · ➤ {form.special.name}: {form.special.text}" if form.special else ""
    return f"{stats_text(form.model_dump())}{keywords}{special}"


def card_texts(content: DireAllianceContent, players: Mapping[str, Any]) -> dict[str, str]:
    """What the cards of the factions and leaders in play say, by card id (worked out once
    per content and pairing)."""
    key = (id(content), *((p["faction"], p["leader"]) for p in players.values()))
    known = _TEXTS.get(key)
    if known is None or known[0] is not content:
        texts = {DREAD: "A dread card: it activates no fighter and does nothing when played."}
        for p in players.values():
            faction, leader = content.faction(p["faction"]), content.leader(p["leader"])
            texts |= {f.id: form_text(f) for f in faction.fighters}
            texts[leader.id] = leader.rule
        known = _TEXTS[key] = (content, texts)
    return known[1]


_TEXTS: dict[tuple[Any, ...], tuple[DireAllianceContent, dict[str, str]]] = {}


def cards_of(ids: list[str], names: Mapping[str, str], texts: Mapping[str, str]) -> list[Card]:
    return [Card(id=c, name=names.get(c, c), text=texts.get(c, "")) for c in ids]


STUNNED = Status(name="stunned", symbol="z", dim=True)
SATED = Status(name="sated", symbol="♥")


class BattleDrawing(Drawing):
    """A Battle as the page draws it: fighters in areas, objectives, sites and tokens; each
    player's hand (hidden from the other), piles and supply."""

    sides = {"red": Side(label="Red", colour="#b3261e"),
             "blue": Side(label="Blue", colour="#1f4e9c")}

    def board(self, content: DireAllianceContent, scenario: str | None) -> Board:
        chosen = next((s for s in content.scenarios if s.id == scenario),
                      next(s for s in content.scenarios if s.mode == "battle"))
        return areas_board(content.board(chosen.board))

    def table(self, state: Mapping[str, Any], content: DireAllianceContent) -> TableView:
        names = state["cards"]
        texts = card_texts(content, state["players"])
        areas = {}
        for area in state["areas"]:
            pieces = [Piece(id=f["id"], name=f["name"], side=f["side"], kind="fighter",
                            statuses=[s for s, on in ((STUNNED, f["stunned"]),
                                                      (SATED, f["sated"])) if on],
                            stats=stats_text(f) + "".join(f" · {k}" for k in f["keywords"]),
                            text=f["special"] or "")
                      for f in area["fighters"]]
            marks = ([Mark(kind="objective", name=o["name"], owner=o["owner"], shape="diamond")
                      for o in area["objectives"]]
                     + [Mark(kind=s["kind"], name=s["name"], owner=s["holder"])
                        for s in area["sites"]]
                     + [Mark(kind="token", name=t["token"], owner=t["seat"])
                        for t in area["tokens"]])
            areas[area["id"]] = Place(pieces=pieces, marks=marks, filled=len(pieces))
        panels = []
        for seat, p in state["players"].items():
            supply = [Card(id=c, name=f"{names.get(c, c)} ×{n}", text=texts.get(c, ""))
                      for c, n in p["supply"].items()]
            hand = (Pile.hidden("hand", p["hand_size"]) if p["hand"] is None
                    else Pile.open("hand", cards_of(p["hand"], names, texts)))
            panels.append(Panel(
                seat=seat, title=f"{self.sides[seat].label}: {p['faction_name']}, "
                                 f"led by {p['leader_name']}",
                facts=[("objectives claimed", str(len(p["claimed"]))),
                       ("defeated", ", ".join(p["defeated"]) or "none")],
                piles=[hand, Pile.open("in play", cards_of(p["play"], names, texts)),
                       Pile.hidden("deck", p["deck"]),
                       Pile.open("discard", cards_of(p["discard"], names, texts)),
                       Pile.open("graveyard", cards_of(p["graveyard"], names, texts)),
                       Pile.open("supply", supply, sum(p["supply"].values()))]))
        scenario = state["scenario"]
        named = {seat: side.label for seat, side in self.sides.items()}
        plays = f" ({named[state['active']]} plays)" if state["active"] in named else ""
        return TableView(
            headline=f"{scenario['name']} · round {state['round']} · {state['turn']}{plays} · "
                     f"aggressor {named.get(state['aggressor'], state['aggressor'])} · "
                     f"dread pile {state['dread_pile']}",
            areas=areas, panels=panels)

    def targets(self, pending: Decision, table: TableView,
                state: Mapping[str, Any]) -> dict[str, list[str]]:
        """Options naming areas or fighters, and cards naming the fighters they activate."""
        found = super().targets(pending, table, state)
        fighters: dict[str, list[str]] = {}
        for area in state["areas"]:
            for f in area["fighters"]:
                fighters.setdefault(f["card"], []).append(f["id"])
        for option in pending.ids:
            if option not in found and option in fighters:
                found[option] = fighters[option]
        return found
