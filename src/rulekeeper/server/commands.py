"""The ``rulekeeper serve`` and ``rulekeeper db upgrade`` commands."""

import os
from typing import TYPE_CHECKING, Annotated, Any

import typer

from rulekeeper.core.errors import UsageError

if TYPE_CHECKING:
    import socket

    from rulekeeper.server.db import Database

DbOpt = Annotated[str | None, typer.Option(
    "--db", help="database URL: sqlite:///FILE or postgresql+psycopg://USER@HOST/DB "
                 "(default: a SQLite file in the data folder, $RULEKEEPER_DATA)")]

STOP_WAIT = 3
"""Seconds a stopping server waits for the requests under way; then it closes them (the
live streams, which never end by themselves: their clients reconnect elsewhere)."""

IDLE_WAIT = 75
"""Seconds an idle keep-alive connection stays open (uvicorn's 5 s closes the connection of
a player who thinks a little, and a request racing the close is lost; browsers keep theirs
about a minute, proxies such as nginx 75 s)."""
HEALTH_WAIT = 60
"""Seconds a worker may take to answer the supervisor's health check before it is killed
(uvicorn's 5 s kills a worker busy on a loaded machine, and its streams with it)."""

db_app = typer.Typer(help="The service's database.", no_args_is_help=True)


def _opened(url: str | None) -> tuple[str, "Database"]:
    """The URL to use (the default one if None) and its database, not yet connected to: a
    mistyped ``--db`` is refused here, before anything else is looked at."""
    from sqlalchemy.exc import ArgumentError

    from rulekeeper.server.config import default_db_url
    from rulekeeper.server.db import Database

    if url is None:
        url = default_db_url()
    elif not url.strip():
        raise UsageError("--db '': give a database URL (sqlite:///FILE or "
                         "postgresql+psycopg://USER@HOST/DB), or leave --db out for the default")
    try:
        return url, Database(url)
    except (ArgumentError, ValueError) as error:
        raise UsageError(f"--db {url!r}: {error}") from None
    except ModuleNotFoundError as error:
        raise UsageError(f"--db {url!r}: no driver {error.name!r} is installed") from None


def _migrated(url: str | None, seed: bool = False) -> tuple[str, str | None]:
    """The URL to use (the default one if None), migrated to the newest revision (and with
    ``seed``, the snapshot pool seeded with the bots' snapshots)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import DBAPIError

    from rulekeeper.server import migrate
    from rulekeeper.server.app import prepare

    url, database = _opened(url)
    shown = make_url(url).render_as_string(hide_password=True)
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


def listen_socket(host: str, port: int) -> "socket.socket":
    """The socket ``serve`` listens on, bound here before anything starts (a port another
    program listens on is refused in one line); port 0 picks a free port, which
    ``getsockname()`` then names. Bound once and handed to uvicorn, so no other program can
    take the port between the check and the start, and the ``--workers`` share it (the port
    0 picked is the one port of them all)."""
    import errno
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET  # (as uvicorn binds)
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except socket.gaierror as error:
        sock.close()
        raise UsageError(f"--host {host!r}: {error.strerror}") from None
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise UsageError(f"port {port} on {host} is already in use (another server?): "
                             f"choose another with --port, e.g. --port {port + 1}") from None
        raise UsageError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    sock.set_inheritable(True)
    return sock


def run_uvicorn(sock: "socket.socket", workers: int, **settings: Any) -> None:
    """uvicorn on the socket ``sock`` (bound, not yet listening: each process listens on it
    as it starts), in ``workers`` processes: what ``uvicorn.run`` does with a port it binds
    itself (``Server.run(sockets=...)``, the ``Multiprocess`` supervisor for several), with
    the socket bound by ``serve``."""
    import sys

    import uvicorn
    from uvicorn.supervisors import Multiprocess

    config = uvicorn.Config("rulekeeper.server.app:worker_app", factory=True, workers=workers,
                            **settings)
    server = uvicorn.Server(config)
    try:
        if workers > 1:
            Multiprocess(config, sockets=[sock]).run()
        else:
            config.load_app()
            server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    if workers == 1 and not server.started:
        sys.exit(3)  # uvicorn's STARTUP_FAILURE: the app did not start


def serve(db: DbOpt = None,
          host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
          port: Annotated[int, typer.Option(
              min=0, max=65535, help="port; 0: a free one, named by the start-up lines")] = 8000,
          workers: Annotated[int, typer.Option(min=1, max=64, help="app processes")] = 1,
          access_log: Annotated[bool, typer.Option(help="log every request")] = False,
          forwarded_allow_ips: Annotated[str, typer.Option(
              help="addresses of the reverse proxies whose X-Forwarded-For header names the "
                   "client, comma-separated (e.g. 127.0.0.1); default: none, the client is "
                   "the connection's address")] = "",
          ) -> None:
    """Run the online service (HTTP API, OpenAPI docs at /docs) under uvicorn."""
    from sqlalchemy.engine import make_url

    from rulekeeper.server.config import DB_ENV, env_settings
    from rulekeeper.server.connections import MAX_HEADERS, TimedH11
    from rulekeeper.server.warm import warm_every_ruleset

    _opened(db)[1].dispose()  # a mistyped --db first, the settings, the port, the migrations
    try:
        env_settings()  # (each worker reads them again as it starts)
    except ValueError as error:
        raise UsageError(str(error)) from None
    with listen_socket(host, port) as sock:
        port = sock.getsockname()[1]  # the port picked, with --port 0
        url, revision = _migrated(db, seed=True)
        os.environ[DB_ENV] = url  # the worker processes read it
        shown = make_url(url).render_as_string(hide_password=True)
        typer.echo(f"rulekeeper serve: http://{host}:{port}/ (API docs: /docs), database "
                   f"{shown} (revision {revision}), {workers} worker{'s' if workers > 1 else ''}; "
                   f"Ctrl+C stops")
        warm_every_ruleset(typer.echo)  # (no request waits for a kernel to load)
        typer.echo(f"ready: open http://{host}:{port}/")
        proxies = [ip.strip() for ip in forwarded_allow_ips.split(",") if ip.strip()]
        run_uvicorn(sock, workers, host=host, port=port,
                    http=TimedH11, h11_max_incomplete_event_size=MAX_HEADERS,
                    log_level="warning", access_log=access_log,
                    timeout_graceful_shutdown=STOP_WAIT,
                    timeout_worker_healthcheck=HEALTH_WAIT, timeout_keep_alive=IDLE_WAIT,
                    proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None)


def add_commands(to: typer.Typer) -> None:
    to.command("serve")(serve)
    to.add_typer(db_app, name="db")
