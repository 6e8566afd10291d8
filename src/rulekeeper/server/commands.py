"""The ``rulekeeper serve`` and ``rulekeeper db upgrade`` commands."""

import os
from typing import Annotated

import typer

from rulekeeper.core.errors import UsageError

DbOpt = Annotated[str | None, typer.Option(
    "--db", help="database URL: sqlite:///FILE or postgresql+psycopg://USER@HOST/DB "
                 "(default: a SQLite file in the data folder, $RULEKEEPER_DATA)")]

db_app = typer.Typer(help="The service's database.", no_args_is_help=True)


def _migrated(url: str | None, seed: bool = False) -> tuple[str, str | None]:
    """The URL to use (the default one if None), migrated to the newest revision (and with
    ``seed``, the snapshot pool seeded with the bots' snapshots)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, DBAPIError

    from rulekeeper.server import migrate
    from rulekeeper.server.app import prepare
    from rulekeeper.server.config import default_db_url
    from rulekeeper.server.db import Database

    if url is None:
        url = default_db_url()
    elif not url.strip():
        raise UsageError("--db '': give a database URL (sqlite:///FILE or "
                         "postgresql+psycopg://USER@HOST/DB), or leave --db out for the default")
    try:
        shown = make_url(url).render_as_string(hide_password=True)
        database = Database(url)
    except (ArgumentError, ValueError) as error:
        raise UsageError(f"--db {url!r}: {error}") from None
    except ModuleNotFoundError as error:
        raise UsageError(f"--db {url!r}: no driver {error.name!r} is installed") from None
    try:
        revision = prepare(database) if seed else migrate.upgrade(database.engine)
    except DBAPIError as error:
        reason = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
        raise UsageError(f"cannot use the database {shown}: {reason}") from None
    finally:
        database.dispose()
    return url, revision


@db_app.command("upgrade")
def upgrade(db: DbOpt = None) -> None:
    """Apply the database migrations (serve also does it at start)."""
    from sqlalchemy.engine import make_url

    url, revision = _migrated(db)
    shown = make_url(url).render_as_string(hide_password=True)
    typer.echo(f"database {shown} is at revision {revision}")


def serve(db: DbOpt = None,
          host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
          port: Annotated[int, typer.Option(min=0, max=65535, help="port")] = 8000,
          workers: Annotated[int, typer.Option(min=1, max=64, help="app processes")] = 1,
          access_log: Annotated[bool, typer.Option(help="log every request")] = False,
          forwarded_allow_ips: Annotated[str, typer.Option(
              help="addresses of the reverse proxies whose X-Forwarded-For header names the "
                   "client, comma-separated (e.g. 127.0.0.1); default: none, the client is "
                   "the connection's address")] = "",
          ) -> None:
    """Run the online service (HTTP API, OpenAPI docs at /docs) under uvicorn."""
    import uvicorn
    from sqlalchemy.engine import make_url

    from rulekeeper.server.config import DB_ENV

    url, revision = _migrated(db, seed=True)
    os.environ[DB_ENV] = url  # the worker processes read it
    shown = make_url(url).render_as_string(hide_password=True)
    typer.echo(f"rulekeeper serve: http://{host}:{port}/ (API docs: /docs), database {shown} "
               f"(revision {revision}), {workers} worker{'s' if workers > 1 else ''}; "
               f"Ctrl+C stops", )
    proxies = [ip.strip() for ip in forwarded_allow_ips.split(",") if ip.strip()]
    uvicorn.run("rulekeeper.server.app:worker_app", factory=True, host=host, port=port,
                workers=workers, log_level="warning", access_log=access_log,
                proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None)


def add_commands(to: typer.Typer) -> None:
    to.command("serve")(serve)
    to.add_typer(db_app, name="db")
