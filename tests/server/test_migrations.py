"""The migrations shipped in the package build exactly the tables the models describe."""

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from rulekeeper.server import migrate
from rulekeeper.server.db import Database
from rulekeeper.server.models import Base


def test_the_migrations_give_the_models_tables_and_upgrade_twice_changes_nothing(db_url):
    database = Database(db_url)
    assert migrate.current(database.engine) is None
    assert migrate.upgrade(database.engine) == migrate.head() == "0003_play"
    assert migrate.upgrade(database.engine) == "0003_play"
    with database.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    database.dispose()


def test_db_upgrade_command(db_url, capsys, monkeypatch):
    from tests.core.test_cli import run

    code, out, _ = run(["db", "upgrade", "--db", db_url], capsys, monkeypatch)
    assert code == 0 and out.strip().endswith("is at revision 0003_play")
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
