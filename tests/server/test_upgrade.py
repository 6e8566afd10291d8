"""Games and runs stored by an older release go on after an upgrade.

A database is built at revision 0002 (the schema of rulekeeper 0.1.0) and filled as that
release's server left it: games in progress and a cryptids run, each stored as its record,
taken from the golden corpus (unfinished games written by the 1 December 2026 release and
the first release with runs). The app of today then starts (it migrates the database:
migration 0003 stores each record in today's format) and the players carry on.
"""

from __future__ import annotations

import gzip
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy import create_engine
from sqlalchemy.pool import NullPool

from rulekeeper.core.game import RECORD_FORMAT, replay
from rulekeeper.server import migrate
from rulekeeper.server.auth import token_hash
from tests.server.conftest import make_client

CORPUS = Path(__file__).parent.parent / "records"
TOKEN = "an-old-players-token-" + "x" * 24


def unfinished(ruleset: str) -> dict[str, Any]:
    """The record, as that release wrote it, of the oldest release's game of ``ruleset`` a
    person stopped midway (a 0.1.0 server stored the same record)."""
    path = sorted(CORPUS.glob(f"*/{ruleset}-unfinished.jsonl.gz"))[0]
    head = json.loads(gzip.decompress(path.read_bytes()).decode().partition("\n")[0])
    record: dict[str, Any] = head["record"]
    return record


def loaded(value: Any) -> dict[str, Any]:
    """A JSON column's value (PostgreSQL gives the data, SQLite the text)."""
    data: dict[str, Any] = value if isinstance(value, dict) else json.loads(value)
    return data


def deciders(record: dict[str, Any]) -> list[str]:
    """The seat that made each decision of a record."""
    exact = replay(record, check=False).record()  # names the version that reproduces it
    game = replay(exact.model_copy(update={"decisions": []}), check=False)
    seats = []
    for option in record["decisions"]:
        assert game.pending is not None
        seats.append(game.pending.player)
        game.step(option)
    return seats


def table(name: str, columns: str) -> sa.TableClause:
    """A table of revision 0002, as much of it as the test writes (JSON columns typed)."""
    json_columns = {"record", "deciders", "last_change"}
    return sa.table(name, *(sa.column(c, sa.JSON if c in json_columns else None)
                            for c in columns.split()))


GAMES = ("enemy-attacks", "combat-encounter", "dire-alliance-battle", "dire-alliance-raid")


def fill_as_0_1_0(url: str) -> dict[str, dict[str, Any]]:
    """A database at revision 0002 holding one player, their games in progress and their run;
    returns the stored records by id."""
    engine = create_engine(url, poolclass=NullPool)
    migrate.upgrade(engine, "0002")
    now = datetime.now(UTC)
    players = table("players", "id name name_key token_hash created_at")
    games = table("games", "id ruleset record version deciders last_change over created_by "
                           "created_at updated_at")
    seats = table("game_seats", "game_id seat position player_id bot")
    runs = table("runs", "id player_id record version round lives victories over winner "
                         "rating_change last_change created_at updated_at")
    stored: dict[str, dict[str, Any]] = {}
    with engine.begin() as db:
        db.execute(players.insert().values(id=1, name="Ada", name_key="ada",
                                           token_hash=token_hash(TOKEN), created_at=now))
        for number, ruleset in enumerate(GAMES):
            record = unfinished(ruleset)
            game_id = f"old{number}"
            stored[game_id] = record
            made = deciders(record)
            db.execute(games.insert().values(
                id=game_id, ruleset=record["ruleset"], record=record,
                version=len(made), deciders=made, last_change=None, over=False, created_by=1,
                created_at=now, updated_at=now))
            for position, seat in enumerate(replay(record, check=False).seats):
                db.execute(seats.insert().values(
                    game_id=game_id, seat=seat, position=position,
                    player_id=1 if position == 0 else None,
                    bot=None if position == 0 else "random"))
        run = unfinished("cryptids-run")
        state = replay(run, log=False).table.state
        stored["oldrun"] = run
        db.execute(runs.insert().values(
            id="oldrun", player_id=1, record=run, version=len(run["decisions"]),
            round=state.round, lives=state.lives, victories=state.victories, over=False,
            winner=None, rating_change=0.0, last_change=None, created_at=now, updated_at=now))
    engine.dispose()
    return stored


def test_games_and_runs_of_an_older_release_go_on_after_the_upgrade(db_url):
    stored = fill_as_0_1_0(db_url)
    assert all(r["ruleset"].endswith("-v1") for r in stored.values())
    auth = {"Authorization": f"Bearer {TOKEN}"}
    with make_client(db_url) as client:  # today's app: the database is migrated at start
        for game_id in (k for k in stored if k != "oldrun"):
            seen = client.get(f"/api/games/{game_id}", headers=auth)
            assert seen.status_code == 200, seen.text
            body = seen.json()
            first = replay(stored[game_id], check=False).seats[0]  # Ada's seat, stopped on her turn
            assert body["turn"] == first and not body["over"] and body["closed"] is None
            assert all(s["invited"] is None for s in body["seats"])  # (revision 0009's)
            option = body["view"]["pending"]["options"][0]["id"]
            went_on = client.post(f"/api/games/{game_id}/decisions", headers=auth, json={
                "seat": first, "option": option, "version": body["version"]})
            assert went_on.status_code == 200, went_on.text
            assert went_on.json()["version"] > body["version"]
        run = client.get("/api/runs/oldrun", headers=auth)
        assert run.status_code == 200, run.text
        version = run.json()["version"]
        option = run.json()["pending"]["options"][0]["id"]  # stopped at an ability's choice
        went_on = client.post("/api/runs/oldrun/actions", headers=auth,
                              json={"action": option, "version": version})
        assert went_on.status_code == 200, went_on.text
        assert went_on.json()["version"] == version + 1
        listed = client.get("/api/runs", headers=auth).json()  # what it did before: all seen
        assert [(r["id"], r["unseen"], r["unseen_empty_row"]) for r in listed] == [
            ("oldrun", None, None)]
    engine = create_engine(db_url, poolclass=NullPool)
    with engine.connect() as db:
        records = dict(db.execute(sa.text("SELECT id, record FROM games")).all())
        records |= dict(db.execute(sa.text("SELECT id, record FROM runs")).all())
    engine.dispose()
    for game_id, value in records.items():
        record = loaded(value)
        assert record["format"] == RECORD_FORMAT, game_id
        assert record["content_sample"], game_id
        named = stored[game_id]["ruleset"].rsplit("-v", 1)[0]
        assert record["ruleset"].startswith(named + "-v")


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_migration_leaves_a_record_that_does_not_replay_as_it_was(db_url, caplog):
    stored = fill_as_0_1_0(db_url)
    broken = {**stored["old0"], "decisions": ["no-such-option"]}
    engine = create_engine(db_url, poolclass=NullPool)
    with engine.begin() as db:
        db.execute(sa.text("UPDATE games SET record = :r WHERE id = 'old0'"),
                   {"r": json.dumps(broken)})
    with caplog.at_level("WARNING"):
        migrate.upgrade(engine)
    with engine.connect() as db:
        kept = loaded(db.execute(sa.text("SELECT record FROM games WHERE id = 'old0'"))
                      .scalar_one())
        other = loaded(db.execute(sa.text("SELECT record FROM games WHERE id = 'old1'"))
                       .scalar_one())
    engine.dispose()
    assert kept == broken and other["format"] == RECORD_FORMAT
    assert "games old0: its record does not replay" in caplog.text
