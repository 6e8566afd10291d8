"""The database: engines for SQLite and PostgreSQL, and transactions that retry once.

Every state change runs in one transaction (:meth:`Database.write`). On SQLite a write
transaction starts with ``BEGIN IMMEDIATE``, so two writers queue instead of failing on
a lock upgrade, and the writers of one process take turns on a lock of their own first
(SQLite's busy wait polls with growing sleeps, which a queue avoids); on PostgreSQL the
rows a change depends on are locked (``SELECT ... FOR UPDATE``) or changed by one
conditional ``UPDATE``, and reads run without a transaction (each statement sees what was
committed before it, as in the ``READ COMMITTED`` transactions PostgreSQL gives by default,
without the round trips of ``BEGIN`` and ``COMMIT``).

A connection the database dropped (a restart) is noticed before use: a connection that
sat in the pool for more than :data:`IDLE_PING` seconds is pinged first (one busy with
requests is not: a ping per transaction would cost a round trip each), and a transaction
that fails on a lost connection is run again once from the start (the failure also makes
the pool replace every connection it holds).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from contextlib import nullcontext
from typing import Any, TypeVar

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.exc import DBAPIError, DisconnectionError, OperationalError
from sqlalchemy.orm import Session

T = TypeVar("T")


def to_json(value: Any) -> str:
    """JSON columns as the database keeps them: never ``NaN`` or ``Infinity`` (PostgreSQL
    refuses them, and SQLite would give back what no later read can use)."""
    return json.dumps(value, allow_nan=False)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL mode, a busy timeout and explicit BEGINs."""
    if url.startswith("sqlite"):
        if url in ("sqlite://", "sqlite:///:memory:"):
            raise ValueError("the service needs a SQLite file, not an in-memory database")
        engine = create_engine(url, pool_pre_ping=True, json_serializer=to_json,
                               connect_args={"timeout": 30, "check_same_thread": False})
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    engine = create_engine(url, pool_size=10, max_overflow=20, pool_recycle=1800,
                           json_serializer=to_json)
    ping, lost = engine.dialect.do_ping, engine.dialect.loaded_dbapi.Error

    def ping_if_idle(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        idle_since = record.info.get("idle_since")  # None: a new connection, not idle
        if idle_since is None or time.monotonic() - idle_since <= IDLE_PING:
            return
        try:
            ping(dbapi_connection)
        except lost as error:  # the pool throws it away and checks out another one
            raise DisconnectionError(f"a pooled connection is gone: {error}") from error

    event.listen(engine, "checkin", _idle_since)
    event.listen(engine, "checkout", ping_if_idle)
    return engine


IDLE_PING = 1.0
"""Seconds a pooled connection may sit unused before it is pinged on its next checkout."""


def _idle_since(_dbapi_connection: Any, record: Any) -> None:
    record.info["idle_since"] = time.monotonic()


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # transactions are begun by _sqlite_begin
    cursor = dbapi_connection.cursor()
    for pragma in ("journal_mode=WAL", "busy_timeout=30000", "foreign_keys=ON",
                   "synchronous=NORMAL"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _sqlite_begin(connection: Any) -> None:
    write = connection.get_execution_options().get("write", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def _transient(error: DBAPIError) -> bool:
    """A failure worth one more try: a dropped connection or a database busy or restarting."""
    return error.connection_invalidated or isinstance(error, OperationalError)


class Database:
    """One database's engine and its read and write transactions."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._writer = self.engine.execution_options(write=True)
        self._reader = self.engine if self.is_sqlite else self.engine.execution_options(
            isolation_level="AUTOCOMMIT")
        self._turns = threading.Lock() if self.is_sqlite else nullcontext()

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def read(self, work: Callable[[Session], T]) -> T:
        """Run ``work``, which only reads (on PostgreSQL, outside a transaction)."""
        return self._run(self._reader, work)

    def write(self, work: Callable[[Session], T]) -> T:
        """Run ``work`` in one write transaction: all of it is committed, or none."""
        with self._turns:
            return self._run(self._writer, work)

    def _run(self, bind: Engine, work: Callable[[Session], T]) -> T:
        for attempt in (1, 2):
            try:
                with Session(bind, expire_on_commit=False) as session, session.begin():
                    return work(session)
            except DBAPIError as error:
                if attempt == 2 or not _transient(error):
                    raise
        raise AssertionError("unreachable")

    def dispose(self) -> None:
        self.engine.dispose()
