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


def test_a_database_from_a_newer_release_is_refused_untouched(db_url, capsys, monkeypatch):
    from sqlalchemy import text

    from tests.core.test_cli import run

    database = Database(db_url)
    migrate.upgrade(database.engine)
    with database.engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    code, _, err = run(["db", "upgrade", "--db", db_url], capsys, monkeypatch)
    assert code == 2 and "revision '9999'" in err and "upgrade rulekeeper" in err
    assert "Traceback" not in err
    assert migrate.current(database.engine) == "9999"
    database.dispose()


def test_three_processes_starting_at_once_on_a_new_database_all_migrate_it(db_url):
    """``serve`` migrates at start: three started at once on a new SQLite file (or
    PostgreSQL database) each find it migrated or migrate it; none fails on a lock."""
    import subprocess
    import sys

    starts = [subprocess.Popen([sys.executable, "-c", "from rulekeeper.cli import main; main()",
                                "db", "upgrade", "--db", db_url], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT) for _ in range(3)]
    outputs = [start.communicate(timeout=120)[0].decode() for start in starts]
    assert [start.returncode for start in starts] == [0, 0, 0], outputs
    assert all(out.strip().endswith(f"is at revision {migrate.head()}") for out in outputs)
