"""Matchmaking: 'Vous affrontez un instantané de la troupe d'un autre joueur à la même manche.'

When a player ends the shop, their run asks for an opponent (``table.outside
("opponent", request)``; the request carries the new snapshot). A :class:`Matchmaker`
answers it over a :class:`~rulekeeper.rulesets.cryptids_run.pool.SnapshotPool`: it
adds the snapshot to the pool, then picks a snapshot taken at the same round by
another player:

1. Bands of rating (``mu``) around the player's, widened in turn (content:
   ``matchmaking.bands``), then any rating: the first band holding a candidate is
   used, and its closest rating is chosen (equal ones: a draw seeded by the request).
2. Never the player's own snapshots; not the player met last time, when any other
   player has a snapshot at that round (else that player again).
3. No snapshot at that round: a ghost, built by a bot from the shop's rules (ghosts.py).

The answer (:class:`Match`) explains the choice: the bands tried and what they held,
the nearest candidates, and why this one; the run logs it as events. Being an outside
input, it is kept in the run's record: a replay needs no pool.
"""

from __future__ import annotations

import math
import random
from typing import Any, Literal

from pydantic import Field

from rulekeeper.core.content import Model
from rulekeeper.core.errors import UsageError
from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.cryptids_run.ghosts import GHOST_BOT, Ghosts
from rulekeeper.rulesets.cryptids_run.models import MatchmakingRules
from rulekeeper.rulesets.cryptids_run.pool import SnapshotPool
from rulekeeper.rulesets.cryptids_run.snapshots import Rating, Snapshot

OPPONENT = "opponent"
"""The kind of outside input a run asks for when its shop ends."""


class MatchRequest(Model):
    """What a run tells matchmaking when it asks for an opponent."""

    round: int = Field(ge=1)
    player: str
    run: str
    rating: Rating = Field(description="the player's rating (as stored when the run began)")
    last_opponent: str | None = Field(default=None, description="the player met in the last battle")
    seed: int = Field(description="for a draw between equal candidates, and for a ghost")
    snapshot: Snapshot = Field(description="the row just frozen, to add to the pool")


class Band(Model):
    """One band tried: ``± band`` around the rating (None: any rating), and what it held."""

    band: float | None
    found: int
    again: bool = Field(default=False, description="the player met last time is allowed back")


class Candidate(Model):
    snapshot: str
    player: str
    mu: float


class Match(Model):
    """Matchmaking's answer: the opponent snapshot and why it was chosen."""

    opponent: Snapshot
    bands: tuple[Band, ...] = ()
    candidates: tuple[Candidate, ...] = Field(default=(), description="the nearest, closest first")
    reason: Literal["closest", "drawn", "again", "ghost"]
    """``closest``: the only closest rating; ``drawn``: drawn among equally close ones;
    ``again``: no other player at this round, the player met last time again; ``ghost``."""
    bot: str | None = Field(default=None, description="the bot that built a ghost")


@cites("opponent.snapshot.b", "opponent.snapshot.c", "rating.matchmaking")
def match(request: MatchRequest, pool: SnapshotPool, rules: MatchmakingRules,
          ghosts: Ghosts) -> Match:
    """Choose the opponent of ``request`` from ``pool`` (see the module's doc)."""
    mu = request.rating.mu
    exclude = {request.player}  # never one's own snapshots
    if request.last_opponent is not None:
        exclude.add(request.last_opponent)  # matchmaking.not-twice
    bands: list[Band] = []
    for band in [*rules.bands, None]:  # matchmaking.band: widened until someone is near
        low, high = (mu - band, mu + band) if band is not None else (-math.inf, math.inf)
        found = pool.candidates(request.round, exclude=exclude, low=low, high=high,
                                limit=rules.candidates)  # opponent.snapshot.c: same round
        bands.append(Band(band=band, found=len(found)))
        if found:
            return _closest(request, found, bands, rules, again=False)
    if request.last_opponent is not None:
        found = pool.candidates(request.round, exclude={request.player}, low=-math.inf,
                                high=math.inf, limit=rules.candidates)
        if found:
            bands.append(Band(band=None, found=len(found), again=True))
            return _closest(request, found, bands, rules, again=True)
    ghost = ghosts.ghost(request.round, request.rating, request.seed)
    return Match(opponent=ghost, bands=tuple(bands), reason="ghost", bot=GHOST_BOT)


def _closest(request: MatchRequest, found: list[Snapshot], bands: list[Band],
             rules: MatchmakingRules, again: bool) -> Match:
    """matchmaking.closest: the closest rating; equally close ones drawn by the request's seed."""
    mu = request.rating.mu
    ranked = sorted(found, key=lambda s: abs(s.rating.mu - mu))  # stable: newest first on ties
    best = abs(ranked[0].rating.mu - mu)
    tied = [s for s in ranked if abs(s.rating.mu - mu) == best]
    chosen = tied[random.Random(request.seed).randrange(len(tied))]
    reason: Literal["closest", "drawn", "again"] = (
        "again" if again else "drawn" if len(tied) > 1 else "closest")
    shown = tuple(Candidate(snapshot=s.id, player=s.player, mu=s.rating.mu)
                  for s in ranked[:rules.shown])
    return Match(opponent=chosen, bands=tuple(bands), candidates=shown, reason=reason)


class Matchmaker:
    """The source of a run's opponents (``new_game(..., source=Matchmaker(pool, ...))``).

    Asked for an ``opponent``, it adds the request's snapshot to the pool (unless its row
    is empty) and answers with :func:`match`, as JSON data.
    """

    def __init__(self, pool: SnapshotPool, ghosts: Ghosts) -> None:
        self.pool = pool
        self.ghosts = ghosts

    def __call__(self, kind: str, request: dict[str, Any]) -> dict[str, Any]:
        if kind != OPPONENT:
            raise UsageError(f"matchmaking answers {OPPONENT!r} requests, not {kind!r}")
        asked = MatchRequest.model_validate(request)
        if asked.snapshot.row:
            self.pool.add(asked.snapshot)
        found = match(asked, self.pool, self.ghosts.stock.rules.matchmaking, self.ghosts)
        return found.model_dump(mode="json")
