"""The migrations shipped in the package build exactly the tables the models describe."""

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from rulekeeper.server import migrate
from rulekeeper.server.db import Database
from rulekeeper.server.models import Base


def test_the_migrations_give_the_models_tables_and_upgrade_twice_changes_nothing(db_url):
    database = Database(db_url)
    assert migrate.current(database.engine) is None
    head = migrate.head()
    assert head is not None and migrate.upgrade(database.engine) == head
    assert migrate.upgrade(database.engine) == head
    assert migrate.current(database.engine) == head
    with database.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    database.dispose()


def test_db_upgrade_command(db_url, capsys, monkeypatch):
    from tests.core.test_cli import run

    code, out, _ = run(["db", "upgrade", "--db", db_url], capsys, monkeypatch)
    assert code == 0 and out.strip().endswith(f"is at revision {migrate.head()}")
    code, _, err = run(["db", "upgrade", "--db", "nosuchdb://x"], capsys, monkeypatch)
    assert code == 2 and err.startswith("error: --db 'nosuchdb://x': ")
