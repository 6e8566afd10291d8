"""The odds of a run's battle: the player's chance to win that exact battle.

The battle's record holds both rows (inline teams), its seed and its rulings; the same
two rows are fought again :data:`BATTLES` times by the battle ruleset's Monte Carlo
(:func:`rulekeeper.rulesets.cryptids.odds.monte_carlo`, battle *i* seeded from the
battle's own seed), so the answer is a pure function of the record, with its 95% Wilson
interval.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, Field

from rulekeeper.rulesets.cryptids.kernel import engines
from rulekeeper.rulesets.cryptids.odds import monte_carlo
from rulekeeper.rulesets.cryptids.rulings import CryptidsRulings
from rulekeeper.rulesets.cryptids_run.fight import Arena

BATTLES = 2000
"""Battles played for one answer: about ±2 points at 95%."""


class WinChance(BaseModel):
    """The player's (left row's) chance to win a battle, and its 95% interval."""

    chance: float = Field(ge=0, le=1)
    low: float = Field(ge=0, le=1)
    high: float = Field(ge=0, le=1)
    battles: int = Field(ge=1, description="battles the Monte Carlo played")


def win_chance(record: Mapping[str, Any], arena: Arena, battles: int = BATTLES,
               engine: str = engines.DEFAULT) -> WinChance:
    """The left row's chance to win the battle of ``record`` (a ``cryptids-v1`` record of a
    run's battle, as JSON): its two rows, its rulings, ``battles`` battles played by
    ``engine`` (the same answer from either)."""
    options = record["options"]
    left, right = (arena.lineup(options[side]["team"]) for side in ("left", "right"))
    odds = monte_carlo(left, right, CryptidsRulings(record.get("rulings") or {}), battles,
                       seed=int(record["seed"]), engine=engine)
    low, high = odds.intervals["left wins"]
    return WinChance(chance=float(odds.outcomes["left wins"]), low=low, high=high, battles=battles)
