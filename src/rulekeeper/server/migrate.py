"""Alembic migrations shipped in the package, applied at start and by `rulekeeper db upgrade`."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Connection, Engine, text

from rulekeeper.core.errors import UsageError

SCRIPTS = "rulekeeper.server:migrations"

RENAMED = {"0003_play": ("0003", "0004")}
"""Revisions main stamped on databases for a while under another id, renamed since: each is
taken on by running the shipped revisions up to the first of the pair and counting the second
as done. ``0003_play`` (4 to 5 December 2026, rulekeeper 0.1.0 serving /play together) added
the tables of today's 0004 straight onto 0002: its records still need 0003."""


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
        _take_on_renamed(connection, config)
        _refuse_unknown(connection)
        command.upgrade(config, to)
    return head()


def _take_on_renamed(connection: Connection, config: Config) -> None:
    """A database at a revision of :data:`RENAMED` is brought to the revision it is, by the
    shipped ids (on the caller's connection: all or nothing with the rest of the upgrade)."""
    revision = MigrationContext.configure(connection).get_current_revision()
    if revision not in RENAMED:
        return
    run_to, same_as = RENAMED[revision]
    below = ScriptDirectory.from_config(config).get_revision(run_to).down_revision
    stamp = "UPDATE alembic_version SET version_num = :to"
    connection.execute(text(stamp), {"to": below})
    command.upgrade(config, run_to)
    connection.execute(text(stamp), {"to": same_as})


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
