"""Service fixtures: every service test runs on SQLite and on PostgreSQL.

PostgreSQL is reached through ``RULEKEEPER_TEST_POSTGRES`` (a URL to a server where
databases may be created; ``.ci/postgres`` starts one). Each test gets a new database.
Without the variable the PostgreSQL half is skipped, except in CI, where it fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import uuid
import warnings
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2, not yet on every machine
    from fastapi.testclient import TestClient

from rulekeeper.server import migrate
from rulekeeper.server.app import create_app
from rulekeeper.server.config import Settings

PG_ENV = "RULEKEEPER_TEST_POSTGRES"
FEW_ODDS_BATTLES = 100
"""Battles for a battle's odds in the service tests (2,000 where a test checks the odds)."""


def postgres_admin() -> str | None:
    url = os.environ.get(PG_ENV)
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"CI must configure PostgreSQL ({PG_ENV}; see .ci/postgres)")
        pytest.skip(f"no PostgreSQL configured ({PG_ENV})")
    return url


@contextlib.contextmanager
def fresh_database(kind: str, folder: Path) -> Iterator[str]:
    """A fresh, empty database URL: a SQLite file in ``folder``, or a new PostgreSQL
    database (dropped at the end)."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'rulekeeper.db'}"
        return
    admin_url = postgres_admin()
    name = f"rk_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    try:
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A fresh, empty database URL: a SQLite file, or a new PostgreSQL database."""
    with fresh_database(request.param, tmp_path) as url:
        yield url


def make_client(db_url: str, **settings) -> TestClient:
    settings.setdefault("rate_limit", "10000/second")
    settings.setdefault("signup_limit", "10000/second")
    settings.setdefault("address_limit", "10000/second")
    settings.setdefault("address_ceiling", "10000/second")
    settings.setdefault("odds_battles", FEW_ODDS_BATTLES)
    settings.setdefault("calls_in_flight", 1000)
    settings.setdefault("work_budget", 1e6)
    settings.setdefault("address_in_flight", 1000)
    settings.setdefault("address_budget", 1e6)
    settings.setdefault("searches_waiting", 1000)  # tests/server/test_capacity.py sets it
    settings.setdefault("open_games", 1000)  # tests/server/test_seats.py sets it
    settings.setdefault("streams", 1000)
    settings.setdefault("address_streams", 1000)
    return TestClient(create_app(Settings(db_url=db_url, **settings)))


@pytest.fixture
def client(db_url):
    with make_client(db_url) as test_client:
        yield test_client


def sign_up(client, name: str) -> dict[str, str]:
    """A new player's authorization header."""
    response = client.post("/api/players", json={"name": name})
    assert response.status_code == 201, response.text
    return {"Authorization": f"Bearer {response.json()['token']}"}


def accepted(client, view, seat: str, player: dict[str, str], creator: dict[str, str]):
    """A game whose creator named another ``player`` for ``seat``, once that player took it
    (an invitation by name): the creator's view of it now."""
    joined = client.post(f"/api/games/{view['id']}/join", headers=player, json={"seat": seat})
    assert joined.status_code == 200, joined.text
    return client.get(f"/api/games/{view['id']}", headers=creator).json()


def alone(scenario: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine in its own event loop, in a thread of its own (a browser test of the
    same session may have left a loop running in this one), and give what it returns."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, scenario).result()


def migrated_again(db_url: str, revision: str, table: str, column: str,
                   query: str, **params: Any) -> Any:
    """The database taken back to ``revision`` (``table`` then has no ``column``), upgraded to
    the newest again, and the value ``query`` then finds."""
    engine = create_engine(db_url, poolclass=NullPool)
    config = migrate._config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)
    with engine.connect() as connection:
        assert column not in {c["name"] for c in sa.inspect(connection).get_columns(table)}
    migrate.upgrade(engine)
    with engine.connect() as connection:
        found = connection.execute(sa.text(query), params).scalar_one()
    engine.dispose()
    return found
