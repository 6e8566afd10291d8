"""A search's estimate of an unfinished Raid (``evaluate``; not a rule).

The heroes' chance is a logistic of what the state shows (``signs``): how near each side is
to its goal, the objectives an enemy stands on unopposed, the heroes' cards left to lose,
where the heroes stand (from the villain, with an enemy, from the objectives), how far the
enemies are from the objectives, the villain deck left, the round and the party's size.
The weights (``WEIGHTS``) are fitted to how games of the heuristic heroes end, by
``benchmarks/raid_estimate.py``, one set for each kind of hero goal: defeating the villain
(Into the Darkwood) or holding sites (the Barrow Stones). It reads the state directly (no
view): a search calls it once per iteration.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from rulekeeper.rulesets.dire_alliance.raid import goals
from rulekeeper.rulesets.dire_alliance.raid.pieces import HEROES

if TYPE_CHECKING:
    from rulekeeper.core.board import Board
    from rulekeeper.rulesets.dire_alliance.raid.table import Raid
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter

FAR = 6
"""Distances (borders) count up to this many; farther is as far."""
SAFE = 4
"""A hero with this many cards left to lose (or more) is in no peril."""

WEIGHTS: dict[str, dict[str, float]] = {
    "villain": {
        "bias": 0.606,
        "progress": 7.505,
        "claims": -2.36,
        "pressed": 0.794,
        "peril": -0.734,
        "cards": 2.415,
        "fewest cards": -0.204,
        "from the villain": -2.52,
        "engaged": -0.569,
        "unguarded": -2.268,
        "unreached": 3.249,
        "villain deck": 0.836,
        "round": -6.941,
        "party": -3.147,
    },
    "sites": {
        "bias": 4.077,
        "progress": 3.558,
        "claims": -1.972,
        "pressed": 0.425,
        "peril": -1.135,
        "cards": 2.333,
        "fewest cards": -1.348,
        "from the villain": 1.173,
        "engaged": 0.013,
        "unguarded": -3.307,
        "unreached": 0.151,
        "villain deck": -0.831,
        "round": -6.229,
        "party": -3.648,
    },
}
"""The logistic's weight of each sign, by the kind of hero goal; fitted by
``benchmarks/raid_estimate.py --games 600 --fit`` (600 games of each scenario, 1 to 4
heroes; held-out log loss 0.593 and 0.553, against 0.712 and 0.835 for the estimate it
replaced and 0.691 and 0.689 for the base rate), which prints them in this form."""


def goal_kind(t: Raid) -> str:
    """``sites`` when the heroes win by holding sites alone, else ``villain``."""
    goal = t.scenario.hero_goal
    return "sites" if goal.sites is not None and not goal.defeat_villain else "villain"


def signs(t: Raid) -> dict[str, float]:
    """What the estimate reads in a state, each about 0 to 1 (``peril``: 0 to the party's
    size)."""
    near = goals.progress(t)
    board = t.board
    heroes = t.hero_figures()
    enemies = [f for f in t.fighters.values() if f.on_board and f.team != HEROES]
    areas = [t.objectives[o].area for o in t.objectives_in_play()]
    cards = [len(h.losable()) for h in t.heroes.values()]
    villain = t.the_villain
    pressed = sum(1 for a in areas if not t.heroes_in(a) and any(f.team != HEROES
                                                                  for f in t.in_area(a)))
    return {
        "progress": near["heroes"],
        "claims": near["enemies"],
        "pressed": pressed / goals.LOSING_OBJECTIVES,
        "peril": sum(max(0, SAFE - n) / SAFE for n in cards),
        "cards": mean([n / 10 for n in cards]),
        "fewest cards": min(cards, default=0) / 10,
        "from the villain": mean([far(board, h.area, villain.fighter.area) / FAR
                                  for h in heroes]),
        "engaged": mean([float(any(e.area == h.area for e in enemies)) for h in heroes]),
        "unguarded": mean([nearest(board, a, heroes) / FAR for a in areas]),
        "unreached": mean([nearest(board, a, enemies) / FAR for a in areas]),
        "villain deck": len(villain.deck) / 10,
        "round": t.round / 10,
        "party": t.players / 4,
    }


def far(board: Board, a: str | None, b: str | None) -> float:
    """The borders from ``a`` to ``b``, at most ``FAR`` (``FAR`` when either is off the
    board)."""
    return float(min(board.distance(a, b), FAR)) if a and b else float(FAR)


def nearest(board: Board, area: str | None, group: list[Fighter]) -> float:
    """The borders from ``area`` to the nearest of ``group``, at most ``FAR`` (``FAR`` when
    either is off the board, or the group is empty)."""
    if not area:
        return float(FAR)
    borders = board.distances_from(area)
    out = FAR
    for fighter in group:
        where = fighter.area
        if where and where in borders:  # (an area it cannot reach is as far as FAR)
            out = min(out, borders[where])
    return float(out)


def mean(values: list[float]) -> float:
    """The values' mean (0 for none), added in their order."""
    total = 0.0
    for value in values:
        total += value
    return total / len(values) if values else 0.0


def chances(t: Raid) -> dict[str, float]:
    """Each side's chance to win, a logistic of the weighted signs (added in their order)."""
    weights = WEIGHTS[goal_kind(t)]
    weighed = 0.0
    for sign, value in signs(t).items():
        weighed += weights[sign] * value
    z = weights["bias"] + weighed
    heroes = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
    return {"heroes": heroes, "enemies": 1 - heroes}
