"""Where the service keeps its data and the limits it applies."""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from limits import parse_many

from rulekeeper.agents.mcts import Budget
from rulekeeper.core.errors import UsageError
from rulekeeper.rulesets.cryptids_run.odds import BATTLES as ODDS_BATTLES

DATA_ENV = "RULEKEEPER_DATA"
DB_ENV = "RULEKEEPER_DB"
ODDS_ENV = "RULEKEEPER_ODDS_BATTLES"


def data_dir() -> Path:
    """The data folder: ``$RULEKEEPER_DATA``, else ``$XDG_DATA_HOME/rulekeeper``."""
    if os.environ.get(DATA_ENV):
        return Path(os.environ[DATA_ENV])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "rulekeeper"


def default_db_url() -> str:
    """``$RULEKEEPER_DB``, else a SQLite file in the data folder (created here if missing)."""
    if os.environ.get(DB_ENV):
        return os.environ[DB_ENV]
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'rulekeeper.db'}"


@dataclass(frozen=True)
class Settings:
    """How one app process runs.

    Attributes:
        db_url: a SQLAlchemy URL (``sqlite:///file.db``, ``postgresql+psycopg://...``).
        rate_limit: requests allowed per token, in the ``limits`` notation.
        signup_limit: player creations allowed per client address (a minute's and a
            day's: each account is a row kept for good). Counted in each process's memory,
            as the other rates: ``serve --workers N`` allows N times as many, and a restart
            forgets them.
        address_limit: requests allowed per client address that carry no token the
            process knows (anonymous reads, sign-ups, made-up tokens; :class:`.auth.Anonymous`).
        address_ceiling: requests allowed per client address, with a known token or without
            (many accounts behind one address share it; higher than ``address_limit``, for
            the people behind one NAT).
        max_body: the largest request body accepted, in bytes.
        bot_pool: seed the snapshot pool with the bot players' snapshots at start.
        search_budget: how long a searching bot (``mcts``) searches each decision: its
            budget, in the agent's notation (``1s``, ``500ms``, ``200`` iterations).
        odds_battles: battles played for a cryptids battle's odds (``$RULEKEEPER_ODDS_BATTLES``).
        work_lanes: calls that play or replay games computing at once (:mod:`.costs`): one
            per process, since Python's threads compute one at a time (the GIL); a second
            lane would only make every call wait for the GIL more.
        calls_in_flight: such calls of one player running or waiting at once.
        work_budget: lane seconds such calls of one player may use a minute.
        address_in_flight: such calls of one client address (its players' and spectators')
            running or waiting at once.
        address_budget: lane seconds such calls of one client address may use a minute.
        replay_events: the most events ``POST /api/replay`` plays back (413 beyond).
        page_events: the most events one answer of a game's view holds, a seat's or a
            spectator's (the rest are read with ``since``), and one message of its stream.
        searches_waiting: games of one player waiting for a searching bot's move (a new
            one beyond is refused with 429).
        open_games: unfinished games one player made (a new one beyond is refused with 429).
        address_games: unfinished games made from one client address, whatever accounts
            made them (a new one beyond is refused with 429): one person's many free
            accounts cannot fill the lobby or the database.
        address_games_a_day: games made from one client address in the last 24 hours,
            finished or not, whatever accounts made them (a new one beyond is refused with
            429): games over once made, or resigned at once, each stored, had no bound.
        address_runs_a_day: cryptids runs started from one client address in the last 24
            hours, whatever accounts started them (a new one beyond is refused with 429; a
            player's run in progress is always returned): each run stores at most
            ``run.rounds`` battles (30) and as many rows of its shops.
        invitations: seats one player may keep for another player, invited by name, in
            games going on that the other has not answered (one more is refused with 429):
            nobody fills another's invitations.
        invitations_held: seats one player may have kept for them by anyone, in games going
            on, that they have not answered (an invitation beyond is refused with 429; the
            oldest stay): many accounts of one person cannot fill another's invitations.
        lobby_days: days a public game waiting for players may go without a change (a
            move, a player joining) before the sweep closes it as expired (:mod:`.upkeep`).
        streams: live streams of one player open at once (429 beyond).
        address_streams: live streams of one client address (its players' and
            spectators') open at once (429 beyond).
        lab_jobs: run lab jobs in this process's dispatcher thread (:mod:`.lab_runner`);
            a job asked of a server without it waits in the queue.
        lab_workers: worker processes a lab job plays on (the local pool).
        lab_ray: a Ray cluster's address: lab jobs play there instead.
        lab_folder: where lab jobs' results files are kept (default: ``lab`` in the data
            folder).
        lab_games: the most games one lab job may play.
        lab_at_once: lab jobs of one player queued or running at once.
        lab_address_at_once: lab jobs of one client address queued or running at once,
            whatever accounts asked them.
        lab_address_jobs_a_day: lab jobs one client address may ask in 24 hours, whatever
            accounts asked them (each keeps its results and report in ``lab_folder``).
        lab_queue: lab jobs queued at once, in all.
        lab_games_a_day: games one player's lab jobs may ask in 24 hours.
        lab_seconds: the longest a lab job runs; past it, it stops with the games it has
            played (:mod:`.lab_runner`).
        lab_search_seconds: the largest time budget a lab job's ``mcts`` agents may have.
        lab_search_iterations: the largest iteration budget a lab job's ``mcts`` agents
            may have.
    """

    db_url: str
    rate_limit: str = "50/second;1500/minute"
    signup_limit: str = "60/minute;1000/day"
    address_limit: str = "100/second;3000/minute"
    address_ceiling: str = "200/second;6000/minute"
    max_body: int = 64 * 1024
    bot_pool: bool = True
    search_budget: str = "1s"
    odds_battles: int = ODDS_BATTLES
    work_lanes: int = 1
    calls_in_flight: int = 4
    work_budget: float = 20.0
    address_in_flight: int = 4
    address_budget: float = 30.0
    replay_events: int = 5_000
    page_events: int = 1_000
    searches_waiting: int = 4
    open_games: int = 20
    address_games: int = 200
    address_games_a_day: int = 2_000
    address_runs_a_day: int = 1_000
    invitations: int = 3
    invitations_held: int = 50
    lobby_days: float = 7.0
    streams: int = 8
    address_streams: int = 16
    lab_jobs: bool = True
    lab_workers: int = 1
    lab_ray: str | None = None
    lab_folder: Path | None = None
    lab_games: int = 20_000
    lab_at_once: int = 2
    lab_address_at_once: int = 4
    lab_address_jobs_a_day: int = 500
    lab_queue: int = 100
    lab_games_a_day: int = 100_000
    lab_seconds: float = 600.0
    lab_search_seconds: float = 1.0
    lab_search_iterations: int = 2_000

    @classmethod
    def from_env(cls) -> Settings:
        """The settings a worker process started by ``rulekeeper serve`` reads."""
        return cls(db_url=default_db_url(), **env_settings())


def env_settings() -> dict[str, Any]:
    """The settings besides the database, from the environment (``rulekeeper serve`` checks
    them before it starts: a bad value raises ValueError, naming its variable)."""
    s = Settings
    return {
        "rate_limit": _limits("RULEKEEPER_RATE_LIMIT", s.rate_limit),
        "signup_limit": _limits("RULEKEEPER_SIGNUP_LIMIT", s.signup_limit),
        "address_limit": _limits("RULEKEEPER_ADDRESS_LIMIT", s.address_limit),
        "address_ceiling": _limits("RULEKEEPER_ADDRESS_CEILING", s.address_ceiling),
        "search_budget": _budget("RULEKEEPER_SEARCH_BUDGET", s.search_budget),
        "odds_battles": _count(ODDS_ENV, s.odds_battles),
        "work_lanes": _count("RULEKEEPER_WORK_LANES", s.work_lanes),
        "calls_in_flight": _count("RULEKEEPER_CALLS_IN_FLIGHT", s.calls_in_flight),
        "work_budget": _seconds("RULEKEEPER_WORK_BUDGET", s.work_budget),
        "address_in_flight": _count("RULEKEEPER_ADDRESS_IN_FLIGHT", s.address_in_flight),
        "address_budget": _seconds("RULEKEEPER_ADDRESS_BUDGET", s.address_budget),
        "replay_events": _count("RULEKEEPER_REPLAY_EVENTS", s.replay_events),
        "page_events": _count("RULEKEEPER_PAGE_EVENTS", s.page_events),
        "searches_waiting": _count("RULEKEEPER_SEARCHES_WAITING", s.searches_waiting),
        "open_games": _count("RULEKEEPER_OPEN_GAMES", s.open_games),
        "address_games": _count("RULEKEEPER_ADDRESS_GAMES", s.address_games),
        "address_games_a_day": _count("RULEKEEPER_ADDRESS_GAMES_A_DAY", s.address_games_a_day),
        "address_runs_a_day": _count("RULEKEEPER_ADDRESS_RUNS_A_DAY", s.address_runs_a_day),
        "invitations": _count("RULEKEEPER_INVITATIONS", s.invitations),
        "invitations_held": _count("RULEKEEPER_INVITATIONS_HELD", s.invitations_held),
        "lobby_days": _env("RULEKEEPER_LOBBY_DAYS", s.lobby_days, _positive,
                           "a number of days more than 0"),
        "streams": _count("RULEKEEPER_STREAMS", s.streams),
        "address_streams": _count("RULEKEEPER_ADDRESS_STREAMS", s.address_streams),
        "lab_workers": _count("RULEKEEPER_LAB_WORKERS", s.lab_workers),
        "lab_ray": os.environ.get("RULEKEEPER_LAB_RAY") or None,
        "lab_games": _count("RULEKEEPER_LAB_GAMES", s.lab_games),
        "lab_at_once": _count("RULEKEEPER_LAB_AT_ONCE", s.lab_at_once),
        "lab_address_at_once": _count("RULEKEEPER_LAB_ADDRESS_AT_ONCE", s.lab_address_at_once),
        "lab_address_jobs_a_day": _count("RULEKEEPER_LAB_ADDRESS_JOBS_A_DAY",
                                         s.lab_address_jobs_a_day),
        "lab_queue": _count("RULEKEEPER_LAB_QUEUE", s.lab_queue),
        "lab_games_a_day": _count("RULEKEEPER_LAB_GAMES_A_DAY", s.lab_games_a_day),
        "lab_seconds": _seconds("RULEKEEPER_LAB_SECONDS", s.lab_seconds),
        "lab_search_seconds": _seconds("RULEKEEPER_LAB_SEARCH_SECONDS", s.lab_search_seconds),
        "lab_search_iterations": _count("RULEKEEPER_LAB_SEARCH_ITERATIONS",
                                        s.lab_search_iterations),
    }


def _count(name: str, default: int) -> int:
    """A whole number of 1 or more from the environment variable ``name``."""
    return _env(name, default, _whole, "a whole number of 1 or more")


def _seconds(name: str, default: float) -> float:
    """A number of seconds, more than 0, from the environment variable ``name``."""
    return _env(name, default, _positive, "a number of seconds more than 0")


def _limits(name: str, default: str) -> str:
    """Rate limits in the ``limits`` notation (``"10/second;100/minute"``) from ``name``."""
    return _env(name, default, _checked(parse_many),
                "rate limits such as '10/second;100/minute'")


def _budget(name: str, default: str) -> str:
    """A searching bot's budget (``1s``, ``500ms``, ``200`` iterations) from ``name``."""
    return _env(name, default, _checked(Budget.parse),
                "a search budget such as 1s, 500ms or 200 (iterations)")


T = TypeVar("T")


def _env(name: str, default: T, read: Callable[[str], T], wanted: str) -> T:
    """The environment variable ``name`` as ``read`` takes it (``default`` when unset or
    empty); one that ``read`` refuses is a ValueError naming ``name`` and what is ``wanted``."""
    value = os.environ.get(name)
    if not value:
        return default
    try:
        return read(value)
    except (ValueError, UsageError):
        raise ValueError(f"${name} must be {wanted}, not {value!r}") from None


def _whole(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise ValueError(text)
    return int(text)


def _positive(text: str) -> float:
    number = float(text)
    if not 0 < number < math.inf:
        raise ValueError(text)
    return number


def _checked(parse: Callable[[str], Any]) -> Callable[[str], str]:
    """The text itself, once ``parse`` takes it (the settings keep the text)."""

    def read(text: str) -> str:
        parse(text)
        return text

    return read
