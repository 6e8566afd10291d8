"""The FastAPI app: ``create_app(settings)``; ``rulekeeper serve`` runs it under uvicorn."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from rulekeeper import __version__
from rulekeeper.core.game import Game
from rulekeeper.server import (
    cache,
    errors,
    games,
    guard,
    lab_jobs,
    lab_odds,
    live,
    migrate,
    players,
    pool,
    runs,
    seats,
    standings,
    upkeep,
    watch,
    web,
)
from rulekeeper.server.auth import Anonymous, KnownTokens, RateLimits
from rulekeeper.server.bots import Searches
from rulekeeper.server.cache import GameCache
from rulekeeper.server.config import Settings, data_dir
from rulekeeper.server.costs import Costs
from rulekeeper.server.db import Database
from rulekeeper.server.headers import SecurityHeaders
from rulekeeper.server.lab_jobs import LabLimits
from rulekeeper.server.lab_runner import Backend, Dispatcher


def create_app(settings: Settings | None = None, *, upgrade: bool = True) -> FastAPI:
    """The app on ``settings`` (default: from the environment ``rulekeeper serve`` sets).

    With ``upgrade`` the database is migrated to the newest revision first.
    """
    settings = settings or Settings.from_env()
    pool.run_ruleset().load_content()  # the runs' ruleset loaded before the first request
    db = Database(settings.db_url)
    if upgrade:
        prepare(db, settings.bot_pool)

    folder = settings.lab_folder or data_dir() / "lab"
    dispatcher = Dispatcher(db, folder, Backend(settings.lab_workers, settings.lab_ray),
                            settings.lab_seconds)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.hub.start()
        if settings.lab_jobs:
            dispatcher.start()
        tasks = [asyncio.create_task(upkeep.sweeping(app.state))]
        if db.is_sqlite:  # other processes on the file: their changes, read each second
            tasks.append(asyncio.create_task(live.poll(db, app.state.hub)))
        else:
            tasks.append(asyncio.create_task(live.listen(settings.db_url, app.state.hub)))
        yield
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        app.state.searches.close()
        dispatcher.stop()
        db.dispose()

    app = FastAPI(title="rulekeeper", version=__version__, lifespan=lifespan,
                  description="Play any rulekeeper ruleset, and the cryptids online game.",
                  docs_url=None, redoc_url=None,  # the web page serves them, from the package
                  responses=errors.documented(413, 422, 429))
    app.state.db = db
    app.state.settings = settings
    app.state.games = GameCache[Game](lambda game: len(game.events))
    app.state.runs = GameCache[runs.LiveRun](lambda run: len(run.game.events))
    app.state.snapshots = pool.KeptSnapshots()
    app.state.odds = runs.OddsDesk(settings.odds_battles)
    app.state.tokens = KnownTokens()
    app.state.limits = RateLimits(token=settings.rate_limit, signup=settings.signup_limit,
                                  address=settings.address_limit,
                                  ceiling=settings.address_ceiling)
    app.state.lab_folder = folder
    app.state.odds_limits = lab_odds.OddsLimits()
    app.state.lab_limits = LabLimits(settings.lab_games, settings.lab_at_once,
                                     settings.lab_games_a_day, queue=settings.lab_queue,
                                     address_at_once=settings.lab_address_at_once,
                                     address_jobs_a_day=settings.lab_address_jobs_a_day,
                                     search_seconds=settings.lab_search_seconds,
                                     search_iterations=settings.lab_search_iterations)
    app.state.costs = Costs(lanes=settings.work_lanes, in_flight=settings.calls_in_flight,
                            budget=settings.work_budget,
                            address_in_flight=settings.address_in_flight,
                            address_budget=settings.address_budget)
    app.state.hub = live.Hub()
    app.state.followers = live.Followers(settings.streams, settings.address_streams)
    app.state.searches = Searches(lambda game_id: upkeep.move_searching_bot(app.state, game_id))
    errors.install(app, web.pages.missing_page)
    app.include_router(players.router)
    app.include_router(games.rulesets_router)
    app.include_router(games.router)
    app.include_router(seats.router)
    app.include_router(seats.invitations)
    app.include_router(watch.router)
    app.include_router(runs.rules_router)  # before /api/runs/{run_id}
    app.include_router(runs.router)
    app.include_router(runs.battles_router)
    app.include_router(standings.router)
    app.include_router(lab_jobs.router)
    app.include_router(lab_jobs.content_router)
    app.include_router(lab_odds.router)
    web.install(app)  # the web page (issue 15)

    @app.get("/api/health", tags=["service"])
    def health() -> dict[str, str]:
        """The service answers and its database too."""
        db.read(lambda s: s.connection().exec_driver_sql("SELECT 1"))
        return {"status": "ok", "version": __version__}

    app.add_middleware(cache.Lending)
    app.add_middleware(errors.CatchBugs)
    app.add_middleware(guard.Guard, limit=settings.max_body)
    app.add_middleware(Anonymous, limits=app.state.limits, tokens=app.state.tokens)
    app.add_middleware(SecurityHeaders)
    return app


def prepare(db: Database, bot_pool: bool = True) -> str | None:
    """Migrate the database to the newest revision and (with ``bot_pool``) seed the snapshot
    pool with the bot players' snapshots, before any worker starts; returns the revision."""
    revision = migrate.upgrade(db.engine)
    if bot_pool:
        db.write(pool.seed_pool)
    return revision


def worker_app() -> FastAPI:
    """The app of a worker process started by ``rulekeeper serve`` (already migrated)."""
    return create_app(upgrade=False)
