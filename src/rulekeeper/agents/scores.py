"""How a game's end counts for a seat: the side it plays, and its score (win 1, tie ½, loss 0)."""

from __future__ import annotations

from typing import Any

from rulekeeper.core.ruleset import Ruleset


def side_of(ruleset: Ruleset[Any], options: Any, seat: str) -> str:
    """The side ``seat`` plays: the seat itself when it is a side (``red``), else the first
    side that is no seat (every hero seat of a co-operative game plays ``heroes``).

    Rulesets list the players' side first among :meth:`Ruleset.sides`.
    """
    sides = ruleset.sides(options)
    if seat in sides:
        return seat
    seats = ruleset.seats(options)
    return next((side for side in sides if side not in seats), seat)


def score(side: str, winner: str | None) -> float:
    """1 when ``side`` won, 0.5 for a tie (no winner), 0 when another side won.

    >>> score("heroes", "heroes"), score("heroes", None), score("heroes", "enemies")
    (1.0, 0.5, 0.0)
    """
    if winner is None:
        return 0.5
    return 1.0 if winner == side else 0.0
