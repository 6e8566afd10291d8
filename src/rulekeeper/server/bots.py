"""The bots a game's seats may have on the server, and how they move there.

A seat list offers exactly the bots the server can run for the ruleset (:func:`offered`):
each agent that can be made for its seats (``mcts`` only where the ruleset can imagine
what a seat cannot know; it never peeks). Each bot decides from a seed derived from the
game's seed and the decision's number, so a game stays a pure function of its record.

Quick bots answer inside the request that brought their turn. A searching bot (``mcts``)
searches within its budget (the server's ``search_budget``), in the background, one search
at a time per app process, in a worker thread (never on the event loop): the request that
brought its turn answers at once, and the bot's move reaches the players by their streams
(:mod:`.live`). Players are served in turn, and a player may have only so many games
waiting for a search (:func:`admit`). A search lost with its process is started again by
any app process (:meth:`Searches.sweep`).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import timedelta
from functools import cache

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from rulekeeper.agents import Agent, agent_names, decide, make_agent
from rulekeeper.core import registry
from rulekeeper.core.errors import RulekeeperError, UsageError
from rulekeeper.core.game import Game
from rulekeeper.core.rng import derive_seed
from rulekeeper.core.ruleset import Ruleset
from rulekeeper.server.errors import ApiError, TooManyRequests
from rulekeeper.server.models import StoredGame

log = logging.getLogger("rulekeeper.server")

SEARCHING = ("mcts",)
"""The bots that search the game (``search(game)``) rather than answer from a view."""


@cache
def offered(ruleset_id: str) -> tuple[str, ...]:
    """The bots a seat of ``ruleset_id`` may have: those the server can make for it."""
    ruleset = registry.load(ruleset_id)
    seat = ruleset.meta.players[0]
    names = []
    for name in agent_names(ruleset):
        if name == "human":
            continue
        try:
            make_agent(name, ruleset, seat, 0)
        except RulekeeperError:
            continue  # e.g. mcts where the ruleset cannot hide what a seat does not know
        names.append(name)
    return tuple(names)


def bot_seed(game: Game) -> int:
    """The seed of the bot that answers the game's pending decision."""
    return derive_seed(game.record().seed, 1000 + len(game.decisions))


def agent(name: str, ruleset: Ruleset, seat: str, game: Game, budget: str) -> Agent:
    """The bot ``name`` for ``seat``'s pending decision; a searching bot gets ``budget``."""
    spec = f"{name}:budget={budget}" if name in SEARCHING else name
    return make_agent(spec, ruleset, seat, bot_seed(game))


def play_quick_bots(game: Game, bots: Mapping[str, str], deciders: list[str]) -> None:
    """Let the quick bots decide while the pending decision is theirs (bounded by the
    ruleset's work budget); stop at a person's decision or a searching bot's."""
    while game.pending is not None:
        seat = game.pending.player
        name = bots.get(seat)
        if name is None or name in SEARCHING:
            return
        with bot_trouble(name, game.ruleset, seat):
            option = decide(agent(name, game.ruleset, seat, game, ""), game)
        game.step(option)
        deciders.append(seat)


@contextmanager
def bot_trouble(name: str, ruleset: Ruleset, seat: str) -> Iterator[None]:
    """A bot that cannot choose on the server makes the request's 400 (and is logged)."""
    try:
        yield
    except UsageError as error:
        raise ApiError(f"seats.{seat}: {error}") from None
    except Exception as error:
        log.warning("bot %r cannot play %s", name, ruleset.meta.id, exc_info=error)
        raise ApiError(f"seats.{seat}: the bot {name!r} cannot play {ruleset.meta.id} on "
                       f"this server") from None


def searching_turn(game: Game, bots: Mapping[str, str]) -> bool:
    """Whether the pending decision is a searching bot's."""
    return game.pending is not None and bots.get(game.pending.player) in SEARCHING


class Searches:
    """Searching bots' moves for one app process: ``move(game_id)`` is run in a worker
    thread, one game at a time, each game once however often it is asked for.

    The games waiting are served by their creators in turn (the next game is the oldest of
    the creator served longest ago), so one player's many games delay another player's by
    at most one search each: a bound of :data:`WAITING` games a player (:func:`admit`) keeps
    the queue short as well.
    """

    def __init__(self, move: Callable[[str], None]) -> None:
        self._move = move
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rulekeeper-search")
        self._queued: set[str] = set()
        self._waiting: OrderedDict[int, deque[str]] = OrderedDict()  # by creator, in turn
        self._lock = threading.Lock()
        self._closed = False

    def ask(self, game_id: str, creator: int) -> None:
        """Move the game's searching bot soon (nothing if it is already asked for, or if
        the process is stopping: a search finished then may ask for the next one, which
        another process's sweep makes once it has stalled)."""
        with self._lock:
            if self._closed or game_id in self._queued:
                return
            self._queued.add(game_id)
            self._waiting.setdefault(creator, deque()).append(game_id)
            self._pool.submit(self._run)

    def _next(self) -> str:
        """The next game: the oldest of the creator whose turn it is (then last in turn)."""
        with self._lock:
            creator, games = next(iter(self._waiting.items()))
            game_id = games.popleft()
            del self._waiting[creator]
            if games:
                self._waiting[creator] = games
            self._queued.discard(game_id)
            return game_id

    def _run(self) -> None:
        game_id = self._next()
        try:
            self._move(game_id)
        except Exception:  # a bug: logged, and the sweep tries again later
            log.exception("the searching bot of game %s failed", game_id)

    def close(self) -> None:
        with self._lock:
            self._closed = True
        self._pool.shutdown(wait=False, cancel_futures=True)


WAITING = 4
"""Games of one player waiting for a searching bot's move, at most (by default)."""


def admit(session: Session, player_id: int, most: int) -> None:
    """Refuse (429) a new game whose searching bot would make more than ``most`` of the
    player's games wait for a search."""
    waiting = session.scalar(select(func.count()).where(
        StoredGame.created_by == player_id, StoredGame.bot_turn.is_(True),
        StoredGame.over.is_(False))) or 0
    if waiting >= most:
        raise TooManyRequests(f"{waiting} of your games wait for a searching bot's move (at "
                              f"most {most}): wait for them, or play a quicker bot",
                              retry_after=5)


STALLED = timedelta(seconds=30)
"""A searching bot's turn older than this is searched again by whichever process sweeps
(its search was lost with a stopped process)."""
