"""What a hero's seat may know of a Raid (``raid_view``), a readable picture of it
(``render_raid``) and how the page draws it (``RaidDrawing``). A hand is shown to its own
seat only; the villain deck's order is hidden (its count is shown); the bag's contents
follow from the minions on the board, so they are shown by kind."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

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
    TableView,
    areas_board,
)
from rulekeeper.rulesets.dire_alliance import picture
from rulekeeper.rulesets.dire_alliance.raid.goals import LOSING_OBJECTIVES
from rulekeeper.rulesets.dire_alliance.raid.heroes import modifiers_text
from rulekeeper.rulesets.dire_alliance.raid.models import Modifiers, RaidContent
from rulekeeper.rulesets.dire_alliance.raid.table import Raid
from rulekeeper.rulesets.dire_alliance.tabletop import Fighter
from rulekeeper.rulesets.dire_alliance.view import STUNNED, stats_text


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
        "rulings": t.rulings.chosen,
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


# -- the page's drawing ---------------------------------------------------------------------


def card_text(spec: Mapping[str, Any]) -> str:
    """What a hero's card says: modifiers, icons, action."""
    icons = "/".join(spec["icons"]) or "no icons"
    action = f"; ➤ {spec['special']}: {spec['text']}" if spec["special"] else ""
    return f"{modifiers_text_of(spec['modifiers'])}; icons {icons}{action}"


class RaidDrawing(Drawing):
    """A Raid as the page draws it: the heroes (in their seats' colours), the villain and
    the minions (in their own colours) in areas; the villain's row, deck and bag; each hero's
    action row, hand (hidden from the others) and piles."""

    sides = {"hero1": Side(label="Hero 1", colour="#2f6b2f"),
             "hero2": Side(label="Hero 2", colour="#0f6b6b"),
             "hero3": Side(label="Hero 3", colour="#8a5a00"),
             "hero4": Side(label="Hero 4", colour="#a0527a"),
             "villain": Side(label="The villain", colour="#5b1d6e"),
             "grey": Side(label="Grey minions", colour="#777777"),
             "green": Side(label="Green minions", colour="#3b8f3b"),
             "yellow": Side(label="Yellow minions", colour="#c9a100"),
             "blue": Side(label="Blue minions", colour="#1f4e9c"),
             "red": Side(label="Red minions", colour="#b3261e"),
             "heroes": Side(label="Heroes", colour="#2f6b2f"),  # who wins: the sides
             "enemies": Side(label="Enemies", colour="#5b1d6e")}
    automation = ("raid.activate", "raid.ready", "raid.try", "raid.cannot", "raid.idle",
                  "raid.effect.skipped", "raid.enemy.move", "raid.nearest", "raid.order",
                  "raid.target", "raid.no-minion", "raid.spawn", "raid.villain.card",
                  "raid.star", "tie.decided")

    def board(self, content: RaidContent, scenario: str | None) -> Board:
        chosen = next((s for s in content.raids if s.id == scenario), content.raids[0])
        return areas_board(content.board(chosen.board))

    def table(self, state: Mapping[str, Any], content: RaidContent) -> TableView:
        cards = state["cards"]
        villain_cards = state["villain_cards"]
        villain = state["villain"]
        names = {c: s["name"] for c, s in cards.items()}
        texts = {c: card_text(s) for c, s in cards.items()}

        def named(ids: list[str]) -> list[Card]:
            return [Card(id=c, name=names.get(c, c), text=texts.get(c, "")) for c in ids]

        areas = {}
        for area in state["areas"]:
            pieces = []
            for f in area["figures"]:
                kind = f["kind"]
                hp = ((villain["health"] - villain["wounds"], villain["health"])
                      if kind == "villain" else None)
                side = {"hero": f["seat"], "villain": "villain"}.get(kind) or f["colour"]
                rank = f" (rank {f['rank']})" if f["rank"] else ""
                pieces.append(Piece(id=f["id"], name=f["name"] + rank, side=side, kind=kind,
                                    shape="round" if kind == "hero" else "square",
                                    statuses=[STUNNED] if f["stunned"] else [],
                                    stats=stats_text(f), text=f.get("star") or "", hp=hp))
            marks = ([Mark(kind="objective", name=o["name"], shape="diamond")
                      for o in area["objectives"]]
                     + [Mark(kind=s["kind"], name=s["name"],
                             owner="villain" if s["holder"] else None) for s in area["sites"]])
            areas[area["id"]] = Place(pieces=pieces, marks=marks, filled=len(pieces))
        row = [Card(id=c, name=villain_cards[c]["name"],
                    text=" / ".join(villain_cards[c]["actions"])) for c in villain["row"]]
        bag = [Card(id=k, name=f"{m['name']} ×{m['in_bag']}", text=" / ".join(m["actions"]))
               for k, m in state["minions"].items()]
        discard = [Card(id=c, name=villain_cards[c]["name"]) for c in villain["discard"]]
        panels = [Panel(
            title=f"Villain: {villain['name']} (rank {villain['rank']})",
            facts=[("wounds", f"{villain['wounds']} of {villain['health']}"),
                   ("stats", stats_text(villain["stats"])),
                   ("objectives claimed", f"{len(state['claimed'])} of "
                                          f"{state['objectives_to_lose']}")],
            piles=[Pile.open("villain row", row), Pile.hidden("villain deck", villain["deck"]),
                   Pile.open("villain discard", discard),
                   Pile.open("minion bag", bag, state["bag"])])]
        for seat, h in state["heroes"].items():
            action_row = [Card(id=c["card"], name=names.get(c["card"], c["card"])
                               + ("" if c["faceup"] else " (face down)")
                               + "".join(f" [{t}]" for t in c["tokens"]),
                               text=texts.get(c["card"], "")) for c in h["row"]]
            hand = (Pile.hidden("hand", h["hand_size"]) if h["hand"] is None
                    else Pile.open("hand", named(h["hand"])))
            supply = [Card(id=c, name=f"{names.get(c, c)} ×{n}", text=texts.get(c, ""))
                      for c, n in h["supply"].items()]
            panels.append(Panel(
                seat=seat, title=f"{self.sides[seat].label}: {h['name']}, {h['class']}"
                                 + (" — defeated" if h["defeated"] else ""),
                facts=[("stats", stats_text(h["stats"])), ("base", stats_text(h["base"])),
                       ("exerted", "yes" if h["exerted"] else "no")],
                piles=[Pile.open("action row", action_row), hand,
                       Pile.hidden("deck", h["deck"]),
                       Pile.open("discard", named(h["discard"])),
                       Pile.open("damage pile", named(h["damage"])),
                       Pile.open("supply", supply, sum(h["supply"].values()))]))
        scenario = state["scenario"]
        return TableView(
            headline=f"{scenario['name']} · round {state['round']} · {state['phase']} phase · "
                     f"heroes' goal: {scenario['hero_goal']['text']}",
            areas=areas, panels=panels)
