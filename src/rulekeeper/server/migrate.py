"""Alembic migrations shipped in the package, applied at start and by `rulekeeper db upgrade`."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Connection, Engine

from rulekeeper.core.errors import UsageError

SCRIPTS = "rulekeeper.server:migrations"


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", SCRIPTS)
    return config


def upgrade(engine: Engine, to: str = "head") -> str | None:
    """Bring the database to the newest revision (or to ``to``); returns the newest."""
    config = _config()
    # SQLite: BEGIN IMMEDIATE (see db.py), so processes starting at once on a new file queue
    # for the write lock instead of failing on a lock upgrade; PostgreSQL: an advisory lock
    with engine.execution_options(write=True).begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql("SELECT pg_advisory_xact_lock(7411)")
        config.attributes["connection"] = connection
        _refuse_unknown(connection)
        command.upgrade(config, to)
    return head()


def _refuse_unknown(connection: Connection) -> None:
    """A database migrated by a newer release is left alone, with one clear message."""
    revision = MigrationContext.configure(connection).get_current_revision()
    if revision is None:
        return
    try:
        ScriptDirectory.from_config(_config()).get_revision(revision)
    except CommandError:
        raise UsageError(
            f"the database is at revision {revision!r}, which this release of rulekeeper does "
            "not know (a newer release migrated it): upgrade rulekeeper, or name another "
            "database with --db") from None


def head() -> str | None:
    return ScriptDirectory.from_config(_config()).get_current_head()


def current(engine: Engine) -> str | None:
    """The database's revision (None for an empty database)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
