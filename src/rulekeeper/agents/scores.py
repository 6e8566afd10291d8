"""How a game's end counts for a side: its score (win 1, tie ½, loss 0); the side a seat
plays is ``Ruleset.side_of``."""

from __future__ import annotations


def score(side: str, winner: str | None) -> float:
    """1 when ``side`` won, 0.5 for a tie (no winner), 0 when another side won.

    >>> score("heroes", "heroes"), score("heroes", None), score("heroes", "enemies")
    (1.0, 0.5, 0.0)
    """
    if winner is None:
        return 0.5
    return 1.0 if winner == side else 0.0
