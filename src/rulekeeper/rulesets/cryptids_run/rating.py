"""The rating: openskill's Plackett-Luce model, one battle at a time, applied at the run's end.

'Chaque bataille modifie votre classement, et le total est appliqué à la fin de la
partie.' Each battle's change is what openskill's Plackett-Luce update would make of
the player's rating (as stored when the run began) against the opponent snapshot's
rating (as it was when the snapshot was taken), a tie rated as a draw. A run sums the
changes of its battles; only when it ends is the sum applied, once.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Literal, NamedTuple

from openskill.models import PlackettLuce

from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.cryptids_run.snapshots import Rating

MODEL = "openskill Plackett-Luce"
"""The rating model, as the docs name it."""

Result = Literal["win", "loss", "tie"]
RANKS: dict[Result, list[float]] = {"win": [0, 1], "loss": [1, 0], "tie": [0, 0]}
"""openskill ranks (lower is better) of the player and the opponent; a tie is a draw."""


@cache
def _model() -> PlackettLuce:
    return PlackettLuce()


class Change(NamedTuple):
    """A change of rating: what is added to ``mu`` and to ``sigma``."""

    mu: float
    sigma: float


@cites("rating.model")
def change(player: Rating, opponent: Rating, result: Result) -> Change:
    """The change one battle makes to the player's rating (``mu`` and ``sigma`` deltas).

    >>> c = change(Rating(mu=25, sigma=25 / 3), Rating(mu=25, sigma=25 / 3), "tie")
    >>> round(c.mu, 6), c.sigma < 0
    (0.0, True)
    """
    model = _model()
    me = model.rating(mu=player.mu, sigma=player.sigma)
    them = model.rating(mu=opponent.mu, sigma=opponent.sigma)
    [[after], _] = model.rate([[me], [them]], ranks=RANKS[result])
    return Change(after.mu - player.mu, after.sigma - player.sigma)


def total(changes: Iterable[Change]) -> Change:
    """The sum of a run's changes.

    >>> total([Change(1.5, -0.25), Change(-0.5, -0.25)])
    Change(mu=1.0, sigma=-0.5)
    """
    mu = sigma = 0.0
    for c in changes:
        mu += c.mu
        sigma += c.sigma
    return Change(mu, sigma)


def applied(rating: Rating, changes: Change, sigma_floor: float) -> Rating:
    """The rating once a run's total change is applied (uncertainty kept above the floor)."""
    return Rating(mu=rating.mu + changes.mu, sigma=max(sigma_floor, rating.sigma + changes.sigma))


SHOWN_SIGMAS = 3
"""The one rating a player is shown: ``mu - 3 sigma``."""


def shown(rating: Rating) -> float:
    """The rating a player is shown, and the leaderboard's order: ``mu - 3 sigma``, a skill
    the player very likely has (0 for a new player; it rises with wins, and as the
    uncertainty falls with every battle).

    >>> shown(Rating(mu=25, sigma=25 / 3))
    0.0
    """
    return rating.mu - SHOWN_SIGMAS * rating.sigma


def shown_change(rating: Rating, changes: Change, sigma_floor: float) -> float:
    """How much the shown rating moves when ``changes`` are applied to ``rating``."""
    return shown(applied(rating, changes, sigma_floor)) - shown(rating)
