"""Alembic migrations shipped in the package, applied at start and by `rulekeeper db upgrade`."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

SCRIPTS = "rulekeeper.server:migrations"


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", SCRIPTS)
    return config


def upgrade(engine: Engine, to: str = "head") -> str | None:
    """Bring the database to the newest revision (or to ``to``); returns the newest."""
    config = _config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # several app processes may start at once: one migrates, the others wait
            connection.exec_driver_sql("SELECT pg_advisory_xact_lock(7411)")
        config.attributes["connection"] = connection
        command.upgrade(config, to)
    return head()


def head() -> str | None:
    return ScriptDirectory.from_config(_config()).get_current_head()


def current(engine: Engine) -> str | None:
    """The database's revision (None for an empty database)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
