"""A database an older release's own server filled goes on under today's.

``old_databases/`` holds the rows of such databases, written by the old release's server
over HTTP (see the README there): its revision id as that release stamped it, its games,
seats, invitations and clocks, a run with its battle and the snapshot pool. The test builds
that release's tables, puts the rows back, starts today's app on it (which migrates it) and
the players carry on, on SQLite and PostgreSQL.
"""

from __future__ import annotations

import gzip
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import create_engine
from sqlalchemy.pool import NullPool

from rulekeeper.server import migrate
from tests.server.conftest import make_client

OLD = Path(__file__).parent / "old_databases"


def stored(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(gzip.decompress((OLD / name).read_bytes()))
    return data


def as_column(value: Any, column: sa.Column[Any]) -> Any:
    """A value as the old release's SQLite file held it, for ``column`` of any database."""
    if value is None:
        return None
    if isinstance(column.type, sa.JSON):
        return json.loads(value)
    if isinstance(column.type, sa.DateTime):
        return datetime.fromisoformat(value)
    if isinstance(column.type, sa.Boolean):
        return bool(value)
    return value


def build_0003_play(url: str, old: dict[str, Any]) -> None:
    """The tables of 4 December 2026 (revision ``0003_play``: today's 0004 added straight onto
    0002), holding the old server's rows."""
    engine = create_engine(url, poolclass=NullPool)
    migrate.upgrade(engine, "0002")
    with engine.begin() as db:  # 0003 (its records) never ran at that release
        db.execute(sa.text("UPDATE alembic_version SET version_num = '0003'"))
    migrate.upgrade(engine, "0004")
    metadata = sa.MetaData()
    metadata.reflect(engine)
    with engine.begin() as db:
        db.execute(sa.text("UPDATE alembic_version SET version_num = :r"),
                   {"r": old["revision"]})
        for name, table in old["tables"].items():
            columns = metadata.tables[name].c
            db.execute(metadata.tables[name].insert(), [
                {c: as_column(v, columns[c]) for c, v in zip(table["columns"], row,
                                                                          strict=True)}
                for row in table["rows"]])
        if db.dialect.name == "postgresql":  # the old server's inserts moved its sequences
            for name, column in (("players", "id"), ("snapshots", "seq")):
                db.execute(sa.text(f"SELECT setval(pg_get_serial_sequence('{name}', "
                                   f"'{column}'), (SELECT max({column}) FROM {name}))"))
    engine.dispose()


def play_on(client, game_id: str, tokens: dict[str, dict[str, str]], most: int) -> dict[str, Any]:
    """The game's own players make up to ``most`` decisions (its first options)."""
    game = client.get(f"/api/games/{game_id}", headers=next(iter(tokens.values()))).json()
    for _ in range(most):
        if game["over"] or game["turn"] not in tokens:
            break
        headers = tokens[game["turn"]]
        seen = client.get(f"/api/games/{game_id}", headers=headers,
                          params={"seat": game["turn"]}).json()
        option = seen["view"]["pending"]["options"][0]["id"]
        went = client.post(f"/api/games/{game_id}/decisions", headers=headers, json={
            "seat": game["turn"], "option": option, "version": seen["version"]})
        assert went.status_code == 200, went.text
        game = went.json()
    return game


def test_a_database_of_the_4_december_release_goes_on(db_url):
    """Revision ``0003_play`` (main, 4 to 5 December 2026) was renamed 0004 since: today's
    release once refused such a database as a newer release's."""
    old = stored("2026-12-04-1be93d5.json.gz")
    assert old["revision"] == "0003_play"
    build_0003_play(db_url, old)
    ids = old["ids"]
    ada, bob = ({"Authorization": f"Bearer {old['tokens'][n]}"} for n in ("ada", "bob"))
    games = old["tables"]["games"]
    at = {name: games["columns"].index(name) for name in ("id", "version")}
    versions = {row[at["id"]]: row[at["version"]] for row in games["rows"]}
    with make_client(db_url) as client:  # migrates at start
        listed = {g["id"] for g in client.get("/api/games", headers=ada).json()}
        assert listed == {ids["solo"], ids["together"], ids["invitation"]}
        assert {g["id"] for g in client.get("/api/games", headers=bob).json()} == {
            ids["together"]}
        for game_id in listed:
            seen = client.get(f"/api/games/{game_id}", headers=ada)
            assert seen.status_code == 200, seen.text
            assert seen.json()["version"] == versions[game_id] and not seen.json()["over"]
            frames = client.get(f"/api/games/{game_id}/frames", headers=ada)
            assert frames.status_code == 200, frames.text
        together = client.get(f"/api/games/{ids['together']}", headers=ada).json()
        assert together["clock"] is not None and together["watch"]
        watched = client.get(together["watch"].replace("/watch/", "/api/games/", 1)
                             .replace("?", "/watch?", 1))
        assert watched.status_code == 200, watched.text
        solo = play_on(client, ids["solo"], {"p1": ada}, 6)
        assert solo["version"] > versions[ids["solo"]]
        record = client.get(f"/api/games/{ids['solo']}/record", headers=ada)
        assert record.status_code == 200
        again = client.post("/api/replay", headers=ada,
                            json=json.loads(record.text.splitlines()[0]))
        assert again.status_code == 200, again.text
        went = play_on(client, ids["together"], {"red": ada, "blue": bob}, 6)
        assert went["version"] > versions[ids["together"]]
        invitation = client.get(f"/api/games/{ids['invitation']}", headers=ada).json()
        invite = next(s["invite"] for s in invitation["seats"] if s["seat"] == "p2")
        joined = client.post(f"/api/games/{ids['invitation']}/join", headers=bob,
                             json={"seat": "p2", "invite": invite})
        assert joined.status_code == 200, joined.text
        assert play_on(client, ids["invitation"], {"p1": ada, "p2": bob}, 4)["version"] > 0
        run = client.get(f"/api/runs/{ids['run']}", headers=bob)
        assert run.status_code == 200, run.text
        assert run.json()["version"] == old["tables"]["runs"]["rows"][0][3]
        battle = run.json()["battles"][0]["id"]
        for path in (f"/api/battles/{battle}", f"/api/battles/{battle}/frames"):
            assert client.get(path, headers=bob).status_code == 200, path
        option = run.json()["pending"]["options"][0]["id"]  # left at a bought one's ability
        went = client.post(f"/api/runs/{ids['run']}/actions", headers=bob,
                           json={"action": option, "version": run.json()["version"]})
        assert went.status_code == 200, went.text
        ended = client.post(f"/api/runs/{ids['run']}/end-shop", headers=bob,
                            json={"version": went.json()["version"]})
        assert ended.status_code == 200, ended.text
    engine = create_engine(db_url, poolclass=NullPool)
    assert migrate.current(engine) == migrate.head()
    engine.dispose()
