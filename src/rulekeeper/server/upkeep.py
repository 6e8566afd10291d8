"""What the server does for its games when no request asks: a searching bot's move, a turn
clock that runs out, a game left waiting, and the sweep that finds them.

Every app process sweeps each :data:`SWEEP_EVERY` seconds (:func:`sweeping`, started with
the app): the games whose clock ran out get their expiry (:func:`expire_clock`; their
creators in turn, each expiry's time charged to the game's creator and their address, and a
creator past their work budget waits for it: :mod:`.costs`), a
searching bot's turn left waiting too long (its search was lost with a stopped process) is
searched again, and a game still waiting for players that nothing changed for the
server's ``lobby_days`` (a public one, or a private one waiting only for players invited by
name) is closed as expired (:func:`close_waiting`): it leaves the lobby and its creator's
count of unfinished games, its record kept as it was. Several processes may sweep the same
game: each change is stored only if the game is still at the version it was worked out
from, so one of them makes it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import datetime, timedelta
from typing import Any

import anyio
from sqlalchemy import func, or_, select, update
from sqlalchemy.orm import Session

from rulekeeper.agents import decide
from rulekeeper.core.game import Game
from rulekeeper.server import changes, clocks, live
from rulekeeper.server.bots import STALLED, agent, play_quick_bots, searching_turn
from rulekeeper.server.changes import bots_of
from rulekeeper.server.models import GameSeat, StoredGame, now

log = logging.getLogger("rulekeeper.server")

SWEEP_EVERY = 1.0
"""Seconds between two sweeps of an app process."""
BATCH = 50
"""The most games of each kind one sweep looks at."""
CANDIDATES = 4
"""Clocks run out read by one sweep, in :data:`BATCH` times this: those of creators past
their work budget are passed over (they wait), the others expired, at most a batch."""


def move_searching_bot(state: Any, game_id: str) -> None:
    """The move of the searching bot whose turn it is (run by :class:`.bots.Searches`),
    then the quick bots' after it: charged to the game's creator and their address, as a
    clock's expiry is; a creator past either work budget waits (the sweep asks again for
    a search left waiting :data:`.bots.STALLED`)."""

    def work(stored: StoredGame, game: Game, deciders: list[str],
             _at: datetime) -> dict[str, Any] | None:
        bots = bots_of(stored)
        if not searching_turn(game, bots):
            return None
        payers = state.costs.payers_of(stored.created_by)
        if not state.costs.spare(payers, time.monotonic()):
            return None
        began = time.monotonic()
        try:
            assert game.pending is not None
            seat = game.pending.player
            bot = agent(bots[seat], game.ruleset, seat, game, state.settings.search_budget)
            option = decide(bot, game)
            game.step(option)
            deciders.append(seat)
            play_quick_bots(game, bots, deciders)
        finally:
            ended = time.monotonic()
            state.costs.charge(payers, ended, ended - began)
        return {"kind": "bot", "seat": seat, "option": option}

    changes.in_background(state, game_id, work)


def expire_clock(state: Any, game_id: str, at: datetime) -> bool:
    """Apply the expiry of the game's pending seat if its clock ran out by ``at``."""

    def work(stored: StoredGame, game: Game, deciders: list[str],
             at: datetime) -> dict[str, Any] | None:
        if (not clocks.running(stored) or stored.deadline is None
                or clocks.aware(stored.deadline) > at or game.pending is None):
            return None
        seat = game.pending.player
        clocks.expire(stored, game, deciders)
        play_quick_bots(game, bots_of(stored), deciders)
        return {"kind": "clock", "seat": seat}

    return changes.in_background(state, game_id, work, at)


def sweep(state: Any, at: datetime) -> int:
    """Expire the clocks that ran out by ``at``, their creators in turn (each creator's
    oldest first, then their second...), charging each expiry to the game's creator (a
    creator past their work budget waits: :meth:`.costs.Costs.spare`); ask again for
    stalled searches; close the games left waiting (:func:`close_waiting`). Returns how many
    clocks were expired."""

    def due(session: Session) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
        turn = func.row_number().over(partition_by=StoredGame.created_by,
                                      order_by=(StoredGame.deadline, StoredGame.id))
        ran_out = select(StoredGame.id, StoredGame.created_by, StoredGame.deadline,
                         turn.label("turn")).where(StoredGame.deadline <= at,
                                                   StoredGame.over.is_(False)).subquery()
        stalled = select(StoredGame.id, StoredGame.created_by).where(
            StoredGame.bot_turn.is_(True), StoredGame.over.is_(False),
            StoredGame.turn_since < at - STALLED)
        return ([(game_id, creator) for game_id, creator in session.execute(
                    select(ran_out.c.id, ran_out.c.created_by)
                    .order_by(ran_out.c.turn, ran_out.c.deadline, ran_out.c.id)
                    .limit(BATCH * CANDIDATES))],
                [(game_id, creator) for game_id, creator in session.execute(
                    stalled.limit(BATCH))])

    expired, stalled = state.db.read(due)
    for game_id, creator in stalled:
        state.searches.ask(game_id, creator)
    close_waiting(state, at)
    costs = state.costs
    tried = done = 0
    for game_id, creator in expired:
        if tried == BATCH:
            break
        payers = costs.payers_of(creator)
        if not costs.spare(payers, time.monotonic()):
            continue  # (its creator's budget is spent: the game waits for it)
        tried += 1
        began = time.monotonic()
        try:
            done += expire_clock(state, game_id, at)
        finally:
            ended = time.monotonic()
            costs.charge(payers, ended, ended - began)
    return done


def close_waiting(state: Any, at: datetime) -> list[str]:
    """Close as expired the games still waiting for players at ``at`` that nothing changed
    for the server's ``lobby_days`` (at most :data:`BATCH` a sweep), in one transaction:
    public games, and private games whose every open seat is kept for a player invited by
    name (a private game's invitation codes are its players', who may still send them).
    Their records stay as they were. Returns their ids."""
    cutoff = at - timedelta(days=state.settings.lobby_days)
    coded = select(GameSeat.game_id).where(  # an open seat taken with its invitation code
        GameSeat.game_id == StoredGame.id, GameSeat.player_id.is_(None),
        GameSeat.bot.is_(None), GameSeat.invited_id.is_(None))
    left = (or_(StoredGame.public.is_(True), ~coded.exists()), StoredGame.over.is_(False),
            StoredGame.open_seats > 0, StoredGame.updated_at < cutoff)

    def due(session: Session) -> list[str]:
        return list(session.scalars(select(StoredGame.id).where(*left).limit(BATCH)))

    def close(session: Session) -> list[str]:
        closed = list(session.scalars(  # (those still left: a join may have come meanwhile)
            update(StoredGame).where(StoredGame.id.in_(found), *left)
            .values(**changes.closing("expired", at))
            .returning(StoredGame.id)))
        for game_id in closed:
            live.announce(session, game_id)
        return closed

    found = state.db.read(due)
    if not found:
        return []
    closed: list[str] = state.db.write(close)
    for game_id in closed:
        log.info("game %s expired: no change since %s", game_id, cutoff)
        live.changed(state, game_id)
    return closed


async def sweeping(state: Any) -> None:
    """Sweep every :data:`SWEEP_EVERY` seconds until cancelled (off the event loop)."""
    while True:
        await asyncio.sleep(SWEEP_EVERY)
        try:
            await anyio.to_thread.run_sync(sweep, state, now())
        except Exception:  # a database away for a moment: the next sweep tries again
            log.exception("the sweep of clocks and bots failed")
