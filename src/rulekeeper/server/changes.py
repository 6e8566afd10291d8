"""Storing a change of a game, whoever makes it: a player's decision or undo, a player
joining, a searching bot's move, a clock running out.

:func:`store` writes, in the change's transaction and only if the game is still at the
version the change was worked out from, the new record and version and what the lists and
clocks read (whose turn since when, open seats, the clock and its deadline), and announces
the change to every app process (:mod:`.live`). :func:`after` runs once it is committed: it
wakes this process's streams (SQLite) and asks for a searching bot's move.
:func:`in_background` is the whole round for the changes no request waits for.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from sqlalchemy import CursorResult, update
from sqlalchemy.orm import Session

from rulekeeper.core.errors import ReplayMismatch, UsageError
from rulekeeper.core.game import Game, replay
from rulekeeper.server import clocks, live
from rulekeeper.server.bots import searching_turn
from rulekeeper.server.errors import Conflict, Gone
from rulekeeper.server.models import StoredGame, now

log = logging.getLogger("rulekeeper.server")


def bots_of(stored: StoredGame) -> dict[str, str]:
    """The game's bot seats: seat to bot name."""
    return {s.seat: s.bot for s in stored.seats if s.bot is not None}


def take(state: Any, stored: StoredGame) -> Game:
    """The game at the stored version: kept by this process; else an older version it
    keeps, played on to the stored record (another process made the changes since); else
    the record replayed. A record this server no longer replays is :class:`Gone` (410,
    logged), never a 500: e.g. options stored before a bound refused them."""
    cache = state.games
    game: Game | None = cache.pop(stored.id, stored.version)
    if game is not None:
        return game
    with rebuilding(f"game {stored.id}"):
        older: Game | None = cache.pop_latest(stored.id, stored.version)
        if older is not None and older.catch_up(stored.record):
            return older
        return replay(stored.record)


@contextmanager
def rebuilding(what: str) -> Iterator[None]:
    """Around the replay of a stored record (a game's, a run's, a battle's): a record this
    server no longer replays is :class:`Gone` (410, the reason logged), never a 500."""
    try:
        yield
    except (ReplayMismatch, UsageError) as error:
        log.warning("%s does not replay: %s", what, error)
        raise Gone(f"{what} can no longer be rebuilt from its record on this server (this "
                   f"was logged)") from None


def derived(stored: StoredGame, game: Game, at: datetime) -> dict[str, Any]:
    """The columns kept equal to the game: turn, seats out of play, clock, open seats (after
    a change at ``at``; the pending seat before it is charged for its time)."""
    used = clocks.settle(stored, at)
    turn = game.pending.player if game.pending is not None else None
    bots = bots_of(stored)
    open_seats = sum(1 for s in stored.seats if s.open)
    values: dict[str, Any] = {
        "over": game.over, "result": game.result.to_json() if game.result else None,
        "turn": turn, "bot_turn": turn in bots, "turn_since": at,
        "out_seats": out_of_play(game),
        "open_seats": open_seats, "clock_used": used, "deadline": None, "updated_at": at}
    if stored.clock is not None and turn is not None and turn not in bots and not open_seats:
        values["deadline"] = clocks.deadline(stored.clock, used, turn, at)
    return values


def out_of_play(game: Game) -> list[str]:
    """The seats of ``game`` out of play while it goes on (its board's ``out``, as every seat
    sees it; none once it is over)."""
    return [] if game.over else sorted(game.table_view(None).out)


def store(session: Session, stored: StoredGame, expected: int, game: Game,
          deciders: list[str], change: dict[str, Any], at: datetime) -> None:
    """Store the changed game if it is still at ``expected`` (else :class:`Conflict`)."""
    values = {"record": game.record().model_dump(mode="json"), "version": expected + 1,
              "deciders": deciders, "last_change": change, **derived(stored, game, at)}
    done: CursorResult[Any] = session.execute(  # type: ignore[assignment]
        update(StoredGame).where(StoredGame.id == stored.id, StoredGame.version == expected)
        .values(**values))
    if done.rowcount != 1:
        raise Conflict(f"version {expected} is stale: game {stored.id} changed meanwhile")
    for key, value in values.items():
        setattr(stored, key, value)
    live.announce(session, stored.id)


def closing(why: str, at: datetime) -> dict[str, Any]:
    """The columns of a game closed before its end at ``at`` (``why``: ``expired``,
    ``cancelled``; :data:`.seats.CLOSED`): over, without a result, nobody's turn, no clock
    running, a new version (which ends its streams). Its record stays as it was."""
    return {"over": True, "closed": why, "version": StoredGame.version + 1,
            "last_change": {"kind": why}, "turn": None, "bot_turn": False, "deadline": None,
            "updated_at": at}


def after(state: Any, stored: StoredGame, game: Game) -> None:
    """Once a change is committed: keep the game, wake this process's streams of it, and
    ask for the move of a searching bot whose turn it is."""
    state.games.keep(stored.id, stored.version, game)
    live.changed(state, stored.id)
    if searching_turn(game, bots_of(stored)):
        state.searches.ask(stored.id, stored.created_by)


Work = Callable[[StoredGame, Game, list[str], datetime], "dict[str, Any] | None"]


def in_background(state: Any, game_id: str, work: Work, at: datetime | None = None) -> bool:
    """Read the game, let ``work`` change it at ``at`` (now by default; it returns the
    change, or None when there is nothing to do) and store it; False when there was nothing
    to do or another change came first (the caller's next round sees that one)."""
    stored: StoredGame | None = state.db.read(lambda s: s.get(StoredGame, game_id))
    if stored is None or stored.over:
        return False
    game = take(state, stored)
    deciders = list(stored.deciders)
    at = at or now()
    version = stored.version
    change = work(stored, game, deciders, at)
    if change is None:
        state.games.keep(stored.id, version, game)
        return False
    try:
        state.db.write(lambda s: store(s, stored, version, game, deciders, change, at))
    except Conflict:
        return False
    after(state, stored, game)
    return True
