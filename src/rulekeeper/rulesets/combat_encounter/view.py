"""What a seat may know of a game (JSON-able), its text picture for the terminal, and how
the page draws it (``DungeonDrawing``).

Hidden from a seat: the Room of another Player who is Hidden, and the order of the
Random Encounter deck. Everything else is open.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.core.events import counted
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
from rulekeeper.rulesets.combat_encounter.models import CombatContent
from rulekeeper.rulesets.combat_encounter.stats import (
    current_defense,
    current_stat,
    defense_sources,
)
from rulekeeper.rulesets.combat_encounter.table import WEAPON_SLOTS, CombatTable, Player, seat_name


def player_view(table: CombatTable, player: Player, viewer: str | None) -> dict[str, Any]:
    cat = table.prepared
    sees_room = viewer in (None, player.seat) or "hidden" not in player.statuses
    weapons = []
    for slot in WEAPON_SLOTS:
        item_id = player.slots[slot]
        if item_id is not None:
            item = cat.items[item_id]
            weapons.append({"slot": slot, "id": item_id, "name": item.name, "mode": item.mode,
                            "damage": item.damage, "dropped": slot in player.dropped})

    def named(item_id: str | None) -> str | None:
        return None if item_id is None else cat.items[item_id].name

    return {
        "seat": player.seat,
        "character": player.character.id,
        "name": player.character.name,
        "alive": player.alive,
        "room": player.room if sees_room else None,
        "health": player.health,
        "max_health": player.character.health,
        "kaos": player.kaos,
        "rerolls": player.rerolls,
        "stats": {s: current_stat(cat, player, s) for s in ("brawn", "quickness", "perception")},
        "defense": current_defense(cat, player),
        "defense_sources": [{"source": k, "name": n, "value": v}
                            for k, n, v in defense_sources(cat, player)],
        "weapons": weapons,
        "armor": named(player.slots["armor"]),
        "plot_armor": named(player.slots["plot-armor"]),
        "backpack": [cat.items[i].name for i in player.backpack],
        "statuses": [cat.statuses[s].name for s in player.statuses],
    }


def game_view(table: CombatTable, viewer: str | None) -> dict[str, Any]:
    state, cat = table.state, table.prepared
    players = {seat: player_view(table, p, viewer) for seat, p in state.players.items()}
    encounter = state.encounter
    return {
        "clock": state.clock,
        "time_limit": table.options.time_limit,
        "round": state.round,
        "active": state.active,
        "turn_actions_left": state.actions_left,
        "disengage_cost": cat.content.variables.DISENGAGE_COST,
        "mystic_dagger": {"melee": str(cat.dagger["melee"]), "ranged": str(cat.dagger["ranged"])},
        "kaos_step": table.rulings.kaos_bonus,
        "rulings": table.rulings.chosen,
        "rooms": [{"id": a.id, "name": cat.room_names[a.id], "neighbours": list(a.neighbours),
                   "jelly_cube": a.id in cat.jelly_rooms,
                   "players": [s for s, p in players.items() if p["room"] == a.id]}
                  for a in cat.content.dungeon.areas],
        "players": players,
        "encounter": None if encounter is None else {
            "room": encounter.room, "kind": encounter.kind, "initiator": encounter.initiator,
            "target": encounter.target, "order": list(encounter.order),
            "current": encounter.current, "first_turn_restriction": encounter.first,
            "turns": encounter.turns},
        "check": state.check,
        "deck": {"cards": len(state.deck), "discard": [cat.cards[c].name for c in state.discard]},
    }


def _weapons(p: Mapping[str, Any]) -> str:
    shown = [f"{w['name']} {w['damage']} {w['mode']}" + (" [DROPPED, face down]"
                                                           if w["dropped"] else "")
             for w in p["weapons"]]
    return "; ".join([*shown, "Mystic Dagger"])


def _line(p: Mapping[str, Any]) -> str:
    s = p["stats"]
    return (f"{p['seat']} {p['name']}: Health {p['health']}/{p['max_health']}, "
            f"Defense {p['defense']}, Brawn {s['brawn']}, Quickness {s['quickness']}, "
            f"Perception {s['perception']}, Kaos {p['kaos']}, Rerolls {p['rerolls']}")


def render(view: Mapping[str, Any]) -> str:
    """The terminal picture: the Combat Encounter (order, Combatants), Rooms, Players."""
    state = view["state"]
    players = state["players"]
    lines = [f"Round {state['round']} · dungeon clock {state['clock']}/{state['time_limit']}"
             + (f" · Player Turn of {state['active']} "
                f"({counted(state['turn_actions_left'], 'Turn Action', 'Turn Actions')} left)"
                if state["active"] else "")]
    encounter = state["encounter"]
    if encounter:
        room = next(r["name"] for r in state["rooms"] if r["id"] == encounter["room"])
        lines.append(f"COMBAT in {room} ({encounter['kind']}: {encounter['initiator']} -> "
                     f"{encounter['target']}), Combat Turn {encounter['turns']}")
        for number, seat in enumerate(encounter["order"], 1):
            mark = ">" if seat == encounter["current"] else " "
            lines.append(f" {mark}{number}. {_line(players[seat])}")
            lines.append(f"      weapons: {_weapons(players[seat])}")
        if encounter["first_turn_restriction"]:
            lines.append(f"   first Combat Turn of {encounter['first_turn_restriction']}: "
                         "may only Attack the other of the initiating pair")
    check = state["check"]
    if check:
        against = "" if check["tn"] is None else f" against {check['tn']}"
        lines.append(f"Check: {check['seat']} {check['purpose']} natural {check['natural']} + "
                     f"{check['value']} + {check['bonus']} = {check['total']}{against}")
    lines.append("Rooms:")
    for room in state["rooms"]:
        jelly = " [Jelly Cube]" if room["jelly_cube"] else ""
        lines.append(f"  {room['name']}{jelly}: {', '.join(room['players']) or '-'}")
    lines.append("Players:")
    names = {room["id"]: room["name"] for room in state["rooms"]}
    for p in players.values():
        if not p["alive"]:
            lines.append(f"  {p['seat']} {p['name']}: dead")
            continue
        where = names.get(p["room"], "(hidden)")
        lines.append(f"  {_line(p)} · {where}")
        lines.append(f"    weapons: {_weapons(p)} · armor {p['armor'] or '-'} · plot armor "
                     f"{p['plot_armor'] or '-'} · backpack {', '.join(p['backpack']) or '-'}"
                     + (f" · {', '.join(p['statuses'])}" if p["statuses"] else ""))
    lines.append(f"Random Encounter deck: {counted(state['deck']['cards'], 'card', 'cards')}, "
                 f"{len(state['deck']['discard'])} discarded")
    return "\n".join(lines)


# -- the page's drawing ---------------------------------------------------------------------


DEAD = Status(name="dead", symbol="✝", dim=True)
SYMBOLS = {"Hidden": "?"}
"""A status's mark beside a Player's piece (else its first letter)."""


class DungeonDrawing(Drawing):
    """The dungeon as the page draws it: Rooms laid out by distance from the start (the
    file has no coordinates), each Player's figure in their seat's colour, labelled from
    their Character's name; each Player's weapons and backpack; the Random Encounter deck.
    A dead Player is out of play (death is final) while the others play on."""

    sides = {seat: Side(label=seat_name(seat), colour=colour)
             for seat, colour in (("p1", "#b3261e"), ("p2", "#1f4e9c"), ("p3", "#2f6b2f"),
                                  ("p4", "#8a5a00"), ("p5", "#5b1d6e"), ("p6", "#0f6b6b"))}

    def board(self, content: CombatContent, scenario: str | None) -> Board:
        return areas_board(content.dungeon, start=content.dungeon.start)

    def table(self, state: Mapping[str, Any], content: CombatContent) -> TableView:
        players = state["players"]

        def piece(p: Mapping[str, Any]) -> Piece:
            statuses = [Status(name=s, symbol=SYMBOLS.get(s, s[:1])) for s in p["statuses"]]
            s = p["stats"]
            return Piece(id=p["seat"], name=p["name"], side=p["seat"],
                         kind="player", statuses=statuses + ([] if p["alive"] else [DEAD]),
                         stats=f"Defense {p['defense']} · Brawn {s['brawn']} · Quickness "
                               f"{s['quickness']} · Perception {s['perception']}",
                         hp=(p["health"], p["max_health"]))

        areas = {r["id"]: Place(pieces=[piece(players[s]) for s in r["players"]],
                                marks=([Mark(kind="monster", name="Jelly Cube")]
                                       if r["jelly_cube"] else []),
                                filled=len(r["players"])) for r in state["rooms"]}
        panels = []
        for seat, p in players.items():
            weapons = [Card(id=w["id"], name=w["name"] + (" (dropped)" if w["dropped"] else ""),
                            text=f"{w['mode']}, {w['damage']}") for w in p["weapons"]]
            panels.append(Panel(
                seat=seat, title=f"{self.sides[seat].label}: {p['name']}"
                + ("" if p["alive"] else " — dead"),
                facts=[("health", f"{p['health']} of {p['max_health']}"),
                       ("defense", str(p["defense"])), ("Kaos", str(p["kaos"])),
                       ("rerolls", str(p["rerolls"])), ("armor", p["armor"] or "none"),
                       ("plot armor", p["plot_armor"] or "none"),
                       ("statuses", ", ".join(p["statuses"]) or "none")],
                piles=[Pile.open("weapons", weapons),
                       Pile.open("backpack", [Card(id=n, name=n) for n in p["backpack"]])]))
        panels.append(Panel(
            title="Random Encounter deck",
            piles=[Pile.hidden("deck", state["deck"]["cards"]),
                   Pile.open("discard", [Card(id=n, name=n) for n in state["deck"]["discard"]])]))
        encounter = state["encounter"]
        rooms = {r["id"]: r["name"] for r in state["rooms"]}
        named = {seat: side.label for seat, side in self.sides.items()}
        fight = (f" · combat in {rooms[encounter['room']]}, order "
                 f"{' → '.join(named.get(f, f) for f in encounter['order'])}"
                 if encounter else "")
        turn = (f" · {named.get(state['active'], state['active'])}'s turn" if state["active"]
                else "")
        return TableView(
            headline=f"round {state['round']} · dungeon clock {state['clock']} of "
                     f"{state['time_limit']}{turn}{fight}",
            out={seat: f"{p['name']} is dead" for seat, p in players.items() if not p["alive"]},
            areas=areas, panels=panels,
            offboard=[piece(p) for p in players.values() if p["room"] is None and p["alive"]])
