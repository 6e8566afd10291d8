"""Live play: each change of a game pushed to its players' and spectators' streams.

Every change is announced. On PostgreSQL it is a ``NOTIFY`` on the channel
:data:`CHANNEL` in the change's own transaction (so it is heard only if the change is
committed), and every app process hears it on one connection of its own that ``LISTEN``\\s
(:func:`listen`, which reconnects, waking every stream to read again, when the database
drops it): several app processes need no other broker. On SQLite the process wakes its own
streams once the change is committed, and (a file has no ``NOTIFY``) reads the versions of
the games its streams follow twice a second, waking those another process changed
(:func:`poll`: ``serve --workers 2``, or two servers, on one file).

A stream (:func:`stream`) is Server-Sent Events: it waits for its game's announcements and
sends, at each new version, a message whose ``id`` is the version and whose ``data`` is
the view it serves (a seat's, or a spectator's) as JSON; a comment every
:data:`KEEP_ALIVE` seconds keeps proxies from closing it. A client that reconnects with
``Last-Event-ID`` gets nothing until the game moves past that version. A player, and a client
address, has at most so many streams open at once (:class:`Followers`).

A stream's opening (its game read, rebuilt and checked: :func:`opening`) and each of its
reads (the view it sends) run in a lane of :mod:`.costs`, charged to its payers (its player
and address, or its spectator's address) as a plain read of the game is: a client that
opens streams without pause, or many streams of games it makes change, spends its work
budget (the opening is then a 429; a stream whose read is refused ends, and its
reconnection is the 429).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import weakref
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import anyio
from fastapi import Request, Response
from fastapi.responses import StreamingResponse
from sqlalchemy import select, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from rulekeeper.core.game import Game
from rulekeeper.server.costs import Busy, Costs, Payer
from rulekeeper.server.db import Database
from rulekeeper.server.errors import Gone, TooManyRequests, Unauthorized
from rulekeeper.server.models import StoredGame

log = logging.getLogger("rulekeeper.server")

CHANNEL = "rulekeeper_games"
KEEP_ALIVE = 15.0
"""Seconds between the comments that keep a quiet stream open."""
RETRY_MS = 1000
"""How long a disconnected client waits before it reconnects (the ``retry`` field)."""


class Hub:
    """The streams of this process waiting for their games to change."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: dict[str, set[asyncio.Event]] = {}
        self._reading: dict[str, asyncio.Lock] = {}

    def start(self) -> None:
        """Bind to the running event loop (the app's, at start)."""
        self._loop = asyncio.get_running_loop()

    def wake(self, game_id: str) -> None:
        """Wake the streams of ``game_id`` (on the event loop's thread)."""
        for event in self._waiting.get(game_id, ()):
            event.set()

    def wake_all(self) -> None:
        for events in self._waiting.values():
            for event in events:
                event.set()

    def followed(self) -> list[str]:
        """The games this process's streams follow (on the event loop's thread)."""
        return list(self._waiting)

    def publish(self, game_id: str) -> None:
        """Wake the streams of ``game_id`` from any thread."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self.wake, game_id)

    @contextlib.contextmanager
    def watching(self, game_id: str) -> Iterator[asyncio.Event]:
        """An event set whenever ``game_id`` changes, for as long as the block runs."""
        event = asyncio.Event()
        self._waiting.setdefault(game_id, set()).add(event)
        self._reading.setdefault(game_id, asyncio.Lock())
        try:
            yield event
        finally:
            waiting = self._waiting.get(game_id)
            if waiting is not None:
                waiting.discard(event)
                if not waiting:
                    del self._waiting[game_id]
                    del self._reading[game_id]

    def reading(self, game_id: str) -> asyncio.Lock:
        """The lock the streams of ``game_id`` read it under, one at a time: each finds
        the game as the one before kept it, rather than rebuilding it at once."""
        return self._reading[game_id]

    @property
    def streams(self) -> int:
        return sum(len(events) for events in self._waiting.values())


class Followers:
    """The live streams of each player and each client address in this process: at most
    ``player`` and ``address`` of them at once (429 beyond). A stream counts from its
    request's start (:meth:`opening`, around the route: an open may wait for its game in a
    worker thread) to its end (:meth:`follow`), so a client holds neither more connections
    nor more of the app's threads than that."""

    def __init__(self, player: int, address: int) -> None:
        self.player = player
        self.address = address
        self._open: dict[Payer, int] = {}
        self._lock = threading.RLock()  # (a stream's count may be given back by the GC)

    @contextlib.contextmanager
    def opening(self, *payers: Payer) -> Iterator[None]:
        """Around a stream's route: refused past a payer's limit (the stream it returns
        counts on by :meth:`follow`). The check and the count are one hold of the lock, so
        streams opened at the same instant are counted one after the other."""
        counting = contextlib.ExitStack()
        with self._lock:
            for payer in payers:
                most, whom = (self.address, "address") if isinstance(payer, str) else \
                    (self.player, "player")
                if self._open.get(payer, 0) >= most:
                    raise TooManyRequests(f"too many live streams open: at most {most} per "
                                          f"{whom} (close a game's page)", retry_after=5)
            counting.enter_context(self.counted(payers))
        with counting:
            yield

    def follow(self, body: AsyncIterator[str], payers: tuple[Payer, ...]) -> AsyncIterator[str]:
        """``body``, counted until it ends or is dropped unread (a client gone before its
        stream began: then its ``finally`` never runs)."""
        stack = contextlib.ExitStack()
        stack.enter_context(self.counted(payers))
        weakref.finalize(body, stack.close)

        async def sent() -> AsyncIterator[str]:
            with stack:
                async for chunk in body:
                    yield chunk

        return sent()

    @contextlib.contextmanager
    def counted(self, payers: tuple[Payer, ...]) -> Iterator[None]:
        with self._lock:
            for payer in payers:
                self._open[payer] = self._open.get(payer, 0) + 1
        try:
            yield
        finally:
            with self._lock:
                for payer in payers:
                    self._open[payer] -= 1
                    if not self._open[payer]:
                        del self._open[payer]


async def opening(request: Request, payers: tuple[Payer, ...],
                  opened: Callable[[], Response]) -> Response:
    """A stream's route: ``opened`` (its work: the game read, rebuilt and checked, then
    :func:`stream`), counted as one of ``payers``' streams (:class:`Followers`) and run
    in a worker thread in a lane charged to them (:class:`~.costs.Costs`); 429 past
    either's limits."""
    state = request.app.state
    costs: Costs = state.costs
    with state.followers.opening(*payers):
        async with costs.lane(*payers):
            return await anyio.to_thread.run_sync(opened)


def announce(session: Session, game_id: str) -> None:
    """Tell every app process that ``game_id`` changed, once this transaction commits
    (PostgreSQL; on SQLite :func:`changed` does it after the commit)."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("SELECT pg_notify(:channel, :game)"),
                        {"channel": CHANNEL, "game": game_id})


def changed(state: Any, game_id: str) -> None:
    """After a committed change: on SQLite, wake this process's streams of the game."""
    if state.db.is_sqlite:
        state.hub.publish(game_id)


async def listen(url: str, hub: Hub) -> None:
    """Hear the announcements of every app process (PostgreSQL) until cancelled."""
    import psycopg

    conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    delay = 0.5
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                hub.wake_all()  # anything missed while not listening is read again
                delay = 0.5
                async for notice in conn.notifies():
                    hub.wake(notice.payload)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the database went away: listen again soon
            log.warning("listening for game changes failed (%s); again in %.1f s", error, delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 10.0)


POLL = 0.5
"""Seconds between two reads of the followed games' versions on SQLite (:func:`poll`)."""


async def poll(db: Database, hub: Hub, every: float = POLL) -> None:
    """On SQLite, until cancelled: wake the streams of each followed game whose version moved
    since the last read (or that was not followed then), so that a change another process
    made on the same file reaches them within ``every`` seconds. A stream woken for nothing
    reads its game's version once and sends nothing."""
    known: dict[str, int] = {}
    while True:
        await asyncio.sleep(every)
        followed = hub.followed()
        try:
            versions = await anyio.to_thread.run_sync(versions_of, db, followed) \
                if followed else {}
        except Exception as error:  # the file busy or gone a moment: read again next time
            log.warning("reading the followed games' versions failed (%s)", error)
            continue
        for game_id, version in versions.items():
            if known.get(game_id) != version:
                hub.wake(game_id)
        known = versions


def versions_of(db: Database, games: list[str]) -> dict[str, int]:
    """The stored version of each of ``games``, by id."""
    return db.read(lambda session: {game_id: version for game_id, version in session.execute(
        select(StoredGame.id, StoredGame.version).where(StoredGame.id.in_(games)))})


class Sent:
    """Where a stream's events stand: the number of the next event to send, the decisions
    and outside inputs the game had then, and how many events it had (more than were sent:
    the stream sends the next page at once). A game whose decisions or inputs no longer
    begin with those was taken back (an undo, perhaps with decisions since): its events
    from there are not the ones sent, so every event is sent again (from 0)."""

    def __init__(self, since: int) -> None:
        self.events = since
        self.played: tuple[list[str], list[Any]] = ([], [])
        self.total = 0

    def since(self, game: Game) -> int:
        decisions, inputs = self.played
        used = game.table.inputs.used
        same = game.decisions[:len(decisions)] == decisions and used[:len(inputs)] == inputs
        return self.events if same else 0

    def sent(self, game: Game, events: int, total: int) -> None:
        self.events, self.total = events, total
        self.played = (list(game.decisions), list(game.table.inputs.used))

    @property
    def behind(self) -> bool:
        """Whether the last message held only a page of the events (more are to send)."""
        return self.events < self.total


Message = tuple[int, bool, str]
"""What a stream sends: the version, whether the game is over, the view's JSON."""


def stream(request: Request, game_id: str, last: int | None,
           read: Callable[[int | None], Message | None], sent: Sent,
           payers: tuple[Payer, ...]) -> StreamingResponse:
    """Server-Sent Events of one game: ``read(last_version)`` gives the message of the
    version after ``last_version`` (None: nothing newer, and no page left to send), in a
    worker thread. A message may hold only a page of the events: while ``sent`` is
    behind, ``read`` is called again at once (and the stream of a game over goes on).

    A client reconnecting with ``Last-Event-ID`` (``last``) gets nothing until the game
    moves past that version. A game whose record stops replaying (``read`` raises
    :class:`Gone`, logged) ends the stream: the client's reconnection is answered 410; so
    does a token rotated or revoked (``read`` raises :class:`Unauthorized`), then 401. The
    stream counts as ``payers``' (:class:`Followers`), and each ``read`` runs in a lane
    charged to them: past their work budget the stream ends (its reconnection is a 429).
    """
    hub: Hub = request.app.state.hub
    followers: Followers = request.app.state.followers
    costs: Costs = request.app.state.costs

    async def events() -> AsyncIterator[str]:
        seen = last
        with hub.watching(game_id) as changes:
            yield f"retry: {RETRY_MS}\n\n"
            while True:
                changes.clear()
                try:
                    async with hub.reading(game_id), costs.lane(*payers, at_once=False):
                        message = await anyio.to_thread.run_sync(read, seen)
                except (Gone, Unauthorized, TooManyRequests, Busy):  # its record no longer
                    # replays (logged), its token was rotated or revoked, its payers spent
                    return  # their work: the reconnection gets 410, 401, 429
                if message is not None:
                    version, over, data = message
                    seen = version
                    yield f"id: {version}\nevent: view\ndata: {data}\n\n"
                    if sent.behind:
                        continue  # the next page of events
                    if over:
                        return
                try:
                    await asyncio.wait_for(changes.wait(), KEEP_ALIVE)
                except TimeoutError:
                    yield ": keep-alive\n\n"

    return StreamingResponse(followers.follow(events(), payers),
                             media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


def last_event_id(request: Request) -> int | None:
    """The version a reconnecting client saw last (``Last-Event-ID``), if it is one."""
    value = request.headers.get("last-event-id", "").strip()
    return int(value) if value.isdigit() and len(value) < 12 else None
