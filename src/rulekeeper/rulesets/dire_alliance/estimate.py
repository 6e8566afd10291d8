"""A search's estimate of an unfinished Battle Mode game (``evaluate``; not a rule).

Each seat's *standing* adds what it has won (objectives claimed, sites held), what it has
left to fight with (fighters on the board, fighter cards between them and defeat) and where
its fighters stand: near an objective they may claim, on one that no ready enemy guards (a
claim is one action away), or stunned. A logistic of the lead in standing is each seat's
chance. It reads the state directly (no view): a search calls it once per iteration.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from rulekeeper.rulesets.dire_alliance.cards import DREAD

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.table import Battle
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter

STANDING = {"objective": 3.0, "site": 2.0, "fighter": 1.5, "card": 0.3,
            "approach": 0.25, "unguarded": 0.75, "stunned": 0.4}
"""What each thing is worth in standing. ``approach`` is earned for every border less than
``REACH`` between a fighter and the nearest objective it may claim; ``unguarded`` for
standing on one with no ready enemy there; ``stunned`` is lost by a stunned fighter."""
REACH = 3
SPREAD = 3.0
"""The lead in standing that makes a side about three times as likely to win as the other."""


def standing(t: Battle, seat: str) -> float:
    """What ``seat`` has won, has left, and how well its fighters stand."""
    area = t.sides[seat]
    cards = sum(card != DREAD for card in (*area.hand, *area.deck, *area.discard, *area.play))
    value = (STANDING["objective"] * len(area.claimed)
             + STANDING["site"] * sum(1 for s in t.sites.values() if s.holder == seat)
             + STANDING["card"] * cards)
    claimable: dict[str, list[str]] = {}
    for fighter in t.on_board(seat):
        value += STANDING["fighter"] + position(t, fighter, claimable)
    return value


def position(t: Battle, fighter: Fighter, claimable: dict[str, list[str]]) -> float:
    """How well ``fighter`` stands: near (or on) an objective it may claim, ready.
    ``claimable`` keeps, by team, the areas of the objectives it may claim (found once for
    the fighters of a side)."""
    here = fighter.area
    assert here is not None
    targets = claimable.get(fighter.team)
    if targets is None:
        targets = claimable[fighter.team] = [o.area for o in t.objectives.values()
                                             if o.owner != fighter.team and o.claimed_by is None]
    value = -STANDING["stunned"] if fighter.stunned else 0.0
    if not targets:
        return value
    away = t.board.distances_from(here)
    near = min(away.get(a, math.inf) for a in targets)
    value += STANDING["approach"] * max(0.0, REACH - near)
    if near == 0 and not t.ready_enemies_in(here, fighter.team):
        value += STANDING["unguarded"]
    return value


def chances(t: Battle) -> dict[str, float]:
    """Each seat's chance to win, a logistic of the aggressor's lead in standing."""
    lead = standing(t, t.aggressor) - standing(t, t.defender)
    ahead = 1 / (1 + math.exp(-lead / SPREAD))
    return {t.aggressor: ahead, t.defender: 1 - ahead}
