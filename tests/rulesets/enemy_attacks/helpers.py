"""A small test board and scenario builder for enemy-attacks tests.

The board (2 x 2 areas, sight points at the centres)::

    y 2-4   u (h1)   v (h1)   w (h1, stairs)
    y 0-2   a (h0)   b (h0)   c (h0)   d (h0)   e (h0)

Borders: a-b-c-d-e in a row; u-v-w; u-a and v-b are ledges (different heights, no stairs);
w-c is walkable (w is stairs). A wall inside d (x = 7.5) blocks sight from c or d to e.
The sight line from a to c passes through b; a to d through b and c.
Every area holds 3 places unless ``caps`` says otherwise.

Sample figures (content/allies.yaml): Heroes brannoc (Taunt 4; Might 3, Agility 1, Will 1),
ayla (2; 1, 3, 1), miren (1; 1, 1, 3), tobin (3; 2, 2, 2); Non-Hero Allies torchbearer
(Taunt 2, health 3; Might 1, Agility 2, Will 1), hound (3, health 4; 2, 2, 0).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulekeeper.core.game import Game, new_game

CELLS = {"a": (0, 0, 0), "b": (1, 0, 0), "c": (2, 0, 0), "d": (3, 0, 0), "e": (4, 0, 0),
         "u": (0, 1, 1), "v": (1, 1, 1), "w": (2, 1, 1)}
NEIGHBOURS = {"a": ["b", "u"], "b": ["a", "c", "v"], "c": ["b", "d", "w"], "d": ["c", "e"],
              "e": ["d"], "u": ["a", "v"], "v": ["b", "u", "w"], "w": ["c", "v"]}


def board(caps: Mapping[str, int | None] | None = None,
          heights: Mapping[str, int] | None = None) -> dict[str, Any]:
    areas = []
    for area, (col, row, height) in CELLS.items():
        x, y = col * 2, row * 2
        areas.append({
            "id": area, "name": area.upper(), "neighbours": NEIGHBOURS[area],
            "sight": [x + 1, y + 1], "capacity": (caps or {}).get(area, 3),
            "height": (heights or {}).get(area, height), "tags": ["stairs"] if area == "w" else [],
            "polygon": [[x, y], [x + 2, y], [x + 2, y + 2], [x, y + 2]]})
    return {"id": "test", "sample": True, "areas": areas, "walls": [[[7.5, 0.5], [7.5, 1.5]]]}


Place = tuple[str, str] | tuple[str, str, str]


def _placements(items: Sequence[Place]) -> list[dict[str, str]]:
    out = []
    for item in items:
        entry = {"figure": item[0], "area": item[1]}
        if len(item) == 3:
            entry["id"] = item[2]  # type: ignore[misc]
        out.append(entry)
    return out


def start(heroes: Sequence[Place] = (("brannoc", "a"),), enemies: Sequence[Place] = (),
          allies: Sequence[Place] = (), *, caps: Mapping[str, int | None] | None = None,
          heights: Mapping[str, int] | None = None, dice: Sequence[int | str] = (),
          rulings: Mapping[str, str] | None = None, players: int = 1, rounds: int = 1,
          sets: Mapping[str, Any] | None = None, seed: int = 0, log: bool = True,
          ruleset: str = "enemy-attacks") -> Game:
    """A game on the test board with these figures (``(content id, area[, id in play])``);
    ``ruleset`` may name an older version (``enemy-attacks-v3``)."""
    scenario = {"id": "test", "name": "Test", "rounds": rounds,
                "heroes": _placements(heroes), "allies": _placements(allies),
                "enemies": _placements(enemies or [("gargoyle", "e")]),
                "item_deck": ["healing-draught", "rune-blade", "warding-charm", "rope", "lantern"]}
    content_set = {"board": board(caps, heights),
                   "scenarios": {"sample": True, "scenarios": [scenario]}, **(sets or {})}
    return new_game(ruleset, dice=list(dice), rulings=rulings, seed=seed,
                    options={"players": players}, content_set=content_set, log=log)


def attack_card(**card: Any) -> dict[str, Any]:
    """``sets`` entry replacing the ghoul's attack card: ``attack_card(kind="ranged", ...)``."""
    return {"enemies.enemies.ghoul.attack": card}


def pass_heroes(game: Game) -> Game:
    """Let every Hero pass its turn this round; stop at the next decision of another kind
    (the Enemies' turns run) or at the next round's first Hero decision."""
    started = game.table.state.round
    while (game.pending is not None and game.pending.kind in ("hero-order", "hero-turn")
           and game.table.state.round == started):
        game.step("end" if game.pending.kind == "hero-turn" else game.pending.options[0].id)
    return game


def events(game: Game, kind: str) -> list[Mapping[str, Any]]:
    """The data of every event of this kind."""
    return [e.data for e in game.events if e.kind == kind]


def rules_cited(game: Game) -> list[str]:
    return [e.rule for e in game.events]


def figure(game: Game, fid: str) -> Any:
    return game.table.state.figures[fid]


def sentences(game: Game) -> list[str]:
    return [game.ruleset.messages.render(e) for e in game.events]
