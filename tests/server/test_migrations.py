"""The migrations shipped in the package build exactly the tables the models describe."""

import pytest
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


def test_revision_0005_marks_the_bot_players_rows_as_ghosts(db_url):
    from alembic import command
    from sqlalchemy import insert, select

    from rulekeeper.server.models import StoredSnapshot, now

    database = Database(db_url)
    config = migrate._config()
    with database.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0004")
    rows = {"bot-1:1": "bot-1", "ann-1:1": "ann"}
    with database.engine.begin() as connection:
        for id_, player in rows.items():
            connection.execute(insert(StoredSnapshot.__table__).values(
                id=id_, run=id_[:-2], player=player, round=1, mu=25.0, ghost=False,
                data={"id": id_, "player": player, "ghost": False}, created_at=now()))
    migrate.upgrade(database.engine)
    with database.engine.connect() as connection:
        found = {i: (g, d["ghost"]) for i, g, d in connection.execute(select(
            StoredSnapshot.id, StoredSnapshot.ghost, StoredSnapshot.data))}
    assert found == {"bot-1:1": (True, True), "ann-1:1": (False, False)}
    database.dispose()


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


def test_an_upgrade_that_fails_part_way_leaves_the_database_as_it_was(db_url):
    """Every migration of an upgrade runs in one transaction: when a later one fails, the
    earlier ones are undone too, and the database stays at its revision, upgradable again."""
    from sqlalchemy import inspect, text
    from sqlalchemy.exc import DBAPIError

    database = Database(db_url)
    assert migrate.upgrade(database.engine, "0004") == migrate.head()
    assert migrate.current(database.engine) == "0004"
    with database.engine.begin() as connection:  # in the way of 0006, after 0005 is done
        connection.execute(text("CREATE TABLE lab_jobs (x INTEGER)"))
    with pytest.raises(DBAPIError, match="lab_jobs"):
        migrate.upgrade(database.engine)
    assert migrate.current(database.engine) == "0004"
    columns = {c["name"] for c in inspect(database.engine).get_columns("battles")}
    assert "lives_lost" not in columns  # 0005's columns were undone with it
    with database.engine.begin() as connection:
        connection.execute(text("DROP TABLE lab_jobs"))
    assert migrate.upgrade(database.engine) == migrate.head()
    assert migrate.current(database.engine) == migrate.head()
    database.dispose()
