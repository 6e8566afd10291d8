"""The leaderboard and players' public profiles (finished runs only: a run in progress is
its player's alone)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi import Path as UrlPath
from pydantic import BaseModel, Field
from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from rulekeeper.rulesets.cryptids_run.rating import SHOWN_SIGMAS
from rulekeeper.server.auth import CurrentPlayer
from rulekeeper.server.errors import NotFound, documented
from rulekeeper.server.models import Player, StoredRun
from rulekeeper.server.players import NAME_PATTERN
from rulekeeper.server.runs import RunSummary, summary
from rulekeeper.server.sentences import SAID_IN

router = APIRouter(tags=["runs"], dependencies=[SAID_IN], responses=documented(401, 404, 429))


class Standing(BaseModel):
    rank: int
    name: str
    mu: float
    sigma: float
    ordinal: float = Field(description="mu - 3 sigma: the rating players are shown, what the "
                                       "board ranks by")
    runs: int = Field(description="finished runs")
    won: int = Field(description="runs ended with the victories needed")
    best: int = Field(description="most victories in a run")


class Profile(BaseModel):
    name: str
    mu: float | None = Field(description="None until the player's first run ends")
    sigma: float | None
    runs: int
    won: int
    best: int
    playing: bool = Field(description="a run is in progress")
    recent: list[RunSummary] = Field(description="the last finished runs, newest first")


def _finished() -> tuple[Any, ...]:
    return (func.count(StoredRun.id),
            func.coalesce(func.sum(case((StoredRun.winner == "player", 1), else_=0)), 0),
            func.coalesce(func.max(StoredRun.victories), 0))


@router.get("/api/leaderboard", response_model=list[Standing])
def leaderboard(request: Request, limit: Annotated[int, Query(ge=1, le=200)] = 50,
                ) -> list[Standing]:
    """Players ranked by their shown cryptids rating, ``mu - 3 sigma`` (a skill they very
    likely have; only players with a finished run)."""
    ordinal = Player.mu - SHOWN_SIGMAS * Player.sigma

    def work(session: Session) -> list[Standing]:
        rows = session.execute(
            select(Player.name, Player.mu, Player.sigma, *_finished())
            .join(StoredRun, (StoredRun.player_id == Player.id) & StoredRun.over.is_(True))
            .where(Player.mu.is_not(None)).group_by(Player.id)
            .order_by(ordinal.desc(), Player.name).limit(limit)).all()
        return [Standing(rank=rank, name=name, mu=mu, sigma=sigma,
                         ordinal=mu - SHOWN_SIGMAS * sigma, runs=runs, won=won, best=best)
                for rank, (name, mu, sigma, runs, won, best) in enumerate(rows, 1)]

    result: list[Standing] = request.app.state.db.read(work)
    return result


@router.get("/api/players/{name}", response_model=Profile)
def profile(name: Annotated[str, UrlPath(pattern=NAME_PATTERN)], _me: CurrentPlayer,
            request: Request) -> Profile:
    """A player's rating, finished runs and record."""

    def work(session: Session) -> Profile:
        player = session.scalar(select(Player).where(Player.name_key == name.lower()))
        if player is None:
            raise NotFound(f"no player is called {name!r}")
        runs, won, best = session.execute(select(*_finished()).where(
            StoredRun.player_id == player.id, StoredRun.over.is_(True))).one()
        playing = session.scalar(select(StoredRun.id).where(
            StoredRun.player_id == player.id, StoredRun.over.is_(False)).limit(1)) is not None
        recent = session.scalars(select(StoredRun).where(
            StoredRun.player_id == player.id, StoredRun.over.is_(True))
            .order_by(StoredRun.updated_at.desc()).limit(10))
        return Profile(name=player.name, mu=player.mu, sigma=player.sigma, runs=runs, won=won,
                       best=best, playing=playing, recent=[summary(r) for r in recent])

    result: Profile = request.app.state.db.read(work)
    return result
