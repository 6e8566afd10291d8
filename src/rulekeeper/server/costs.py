"""Limits on the calls that play or replay games, the ones that cost CPU.

Such a call (a game created, a decision and the bots' replies, a record replayed, frames,
a run's battle) runs in one of the process's *lanes* (:attr:`Costs.lanes`, one by default);
a call waits for a free lane at most :attr:`Costs.wait` seconds (then 503). The calls
waiting are served by their payers in turn (:class:`Turns`): a free lane goes to the payer
served longest ago, so one player's many calls delay another's by at most one call each.
Per player, at most
:attr:`Costs.in_flight` such calls run or wait at once, and their lane time in the last
:attr:`Costs.window` seconds is at most :attr:`Costs.budget` seconds; past either, the call
is refused at once with 429 and ``Retry-After``. Each call is charged to the player's
address too, which has its own limits (:attr:`Costs.address_in_flight`,
:attr:`Costs.address_budget`): accounts made by one client share its address's budget.
The other calls (the leaderboard, the lists, sign-up) never wait for a lane, so one player
hammering replays slows nobody else's page: at most ``lanes`` threads compute at a time.

A spectator's calls (no token) run in lanes too, charged to the client's address
(:data:`Watcher`): a crowd of anonymous watchers of one address is refused at its limits.
So do the live streams' openings and each of their reads (:mod:`.live`), charged to the
stream's player and address, or its spectator's address.

The work the server does for a game when no request asks (a turn clock that runs out and
lets a bot decide: :mod:`.upkeep`) is charged to the game's creator and to the address
their last costly call came from (:meth:`Costs.payers_of`); a creator past either budget
waits for it (:meth:`Costs.spare`), so games that play themselves on a clock cost their
maker's budget, not everyone's sweep.

The counts are per app process, like the rate limits.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated

from fastapi import Depends, Request

from rulekeeper.core.lru import Lru
from rulekeeper.server import addresses
from rulekeeper.server.auth import CurrentPlayer, Me
from rulekeeper.server.errors import ApiError, TooManyRequests

Payer = int | str
"""Whom a call's lane time is charged to: a player's id, or ``address HOST``."""


class Busy(ApiError):
    """503: every lane stayed taken for as long as a call may wait."""

    status = 503


class Turns:
    """The lanes of one event loop, given to the calls waiting by their payers in turn.

    A free lane goes to the oldest waiting call of the payer served longest ago (one never
    served, or not lately, first; between such payers, the one whose call came first).
    So a payer who queues several calls goes ahead of another who comes just after by one
    call at most, whatever the order they came in; each payer's own calls keep theirs.
    """

    def __init__(self, lanes: int) -> None:
        self.free = lanes
        self._waiting: dict[Payer, deque[tuple[int, asyncio.Future[None]]]] = {}
        self._served = Lru[Payer, int](items=100_000)  # payer: when it last had a lane
        self._ticks = itertools.count()

    async def take(self, payer: Payer, wait: float) -> None:
        """A lane for a call of ``payer``, within ``wait`` seconds (else TimeoutError)."""
        if self.free and not self._waiting:
            self.free -= 1
            self._served.put(payer, next(self._ticks))
            return
        place = (next(self._ticks), asyncio.get_running_loop().create_future())
        waiting = self._waiting.setdefault(payer, deque())
        waiting.append(place)
        try:
            async with asyncio.timeout(wait):
                await asyncio.shield(place[1])
        except BaseException:  # gave up (timed out, or the client left)
            if place[1].done():  # the lane came just then: the next call's
                self.give()
            else:
                waiting.remove(place)
                if not waiting:
                    del self._waiting[payer]
            raise

    def give(self) -> None:
        """A lane is free: to the next call in turn (else it stays free)."""
        if not self._waiting:
            self.free += 1
            return

        def turn(payer: Payer) -> tuple[int, int]:
            served = self._served.get(payer)
            return -1 if served is None else served, self._waiting[payer][0][0]

        payer = min(self._waiting, key=turn)
        waiting = self._waiting[payer]
        _, future = waiting.popleft()
        if not waiting:
            del self._waiting[payer]
        self._served.put(payer, next(self._ticks))
        future.set_result(None)


class Costs:
    """Lanes, calls in flight and lane time per player and per address (see the module)."""

    def __init__(self, lanes: int = 1, in_flight: int = 4, budget: float = 20.0,
                 window: float = 60.0, wait: float = 15.0, address_in_flight: int = 4,
                 address_budget: float = 30.0) -> None:
        self.lanes = lanes
        self.in_flight = in_flight
        self.budget = budget
        self.address_in_flight = address_in_flight
        self.address_budget = address_budget
        self.window = window
        self.wait = wait
        self._flying: dict[Payer, int] = {}
        self._spent = Lru[Payer, deque[tuple[float, float]]](items=100_000)
        self._address_of = Lru[int, str](items=100_000)  # player: their last call's address
        self._charging = threading.RLock()  # (the sweep charges from its own thread)
        self._turns: Turns | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def spent(self, player: Payer, now: float) -> float:
        """The lane seconds ``player``'s calls used in the last window."""
        with self._charging:
            spent = self._spent.get(player)
            if spent is None:
                return 0.0
            while spent and spent[0][0] <= now - self.window:
                spent.popleft()
            return sum(seconds for _, seconds in spent)

    def charge(self, payers: tuple[Payer, ...], ended: float, seconds: float) -> None:
        """Charge ``seconds`` of work, ended at ``ended``, to each of ``payers``."""
        with self._charging:
            for payer in payers:
                spent = self._spent.get(payer) or deque()
                spent.append((ended, seconds))
                self._spent.put(payer, spent)

    def remember(self, player: int, address: str) -> None:
        """``player``'s calls come from ``address`` (``address HOST``), as far as this
        process saw last."""
        self._address_of.put(player, address)

    def payers_of(self, player: int) -> tuple[Payer, ...]:
        """Whom work done for ``player`` without a request is charged to: them, and the
        address of their last costly call here (if any)."""
        address = self._address_of.get(player)
        return (player,) if address is None else (player, address)

    def spare(self, payers: tuple[Payer, ...], now: float) -> bool:
        """Whether each of ``payers`` has lane time left in the window."""
        return all(self.spent(payer, now) < self.limits(payer)[1] for payer in payers)

    def _admit(self, player: Payer, now: float, at_once: bool = True) -> None:
        whose = "an address" if isinstance(player, str) else "a player"
        in_flight, budget = self.limits(player)
        if at_once and self._flying.get(player, 0) >= in_flight:
            raise TooManyRequests(f"too many calls at once: at most {in_flight} that play "
                                  f"or replay games, per {whose.split()[1]}", retry_after=1)
        over = self.spent(player, now) - budget
        if over >= 0:
            with self._charging:
                spent = list(self._spent.get(player) or ())
            # wait until enough of the oldest calls leave the window
            freed, retry = 0.0, self.window
            for ended, seconds in spent:
                freed += seconds
                if freed > over:
                    retry = ended + self.window - now
                    break
            raise TooManyRequests(f"too much work: the calls that play or replay games may use "
                                  f"{budget:g} s {whose} every {self.window:g} s",
                                  retry_after=retry)

    def limits(self, payer: Payer) -> tuple[int, float]:
        """The calls in flight and the lane seconds a minute ``payer`` may have."""
        if isinstance(payer, str):
            return self.address_in_flight, self.address_budget
        return self.in_flight, self.budget

    def _lanes(self) -> Turns:
        loop = asyncio.get_running_loop()
        if self._turns is None or self._loop is not loop:  # one per event loop (tests run several)
            self._turns, self._loop = Turns(self.lanes), loop
        return self._turns

    @asynccontextmanager
    async def lane(self, *payers: Payer, at_once: bool = True) -> AsyncIterator[None]:
        """Hold a lane for one call, charged to each of ``payers`` (a player and their
        address, or a spectator's address; see the module), and waiting its turn as the
        first of them's. Without ``at_once`` the call is neither limited by nor counted in
        the payers' calls in flight (a live stream's read: its game's change asks for it,
        not its client, whose own calls it must not crowd out); its lane time is."""
        for payer in payers:
            self._admit(payer, time.monotonic(), at_once)
        flying = payers if at_once else ()
        for payer in flying:
            self._flying[payer] = self._flying.get(payer, 0) + 1
        try:
            lanes = self._lanes()
            try:
                await lanes.take(payers[0], self.wait)
            except TimeoutError:
                raise Busy("the server is busy: try again in a moment",
                           headers={"Retry-After": "5"}) from None
            began = time.monotonic()
            try:
                yield
            finally:
                lanes.give()
                ended = time.monotonic()
                self.charge(payers, ended, ended - began)
        finally:
            for payer in flying:
                self._flying[payer] -= 1
                if not self._flying[payer]:
                    del self._flying[payer]


def address(request: Request) -> str:
    """Whom a call without a token is charged to: its client's address."""
    return f"address {addresses.of_request(request)}"


async def costly_player(request: Request, me: CurrentPlayer) -> AsyncIterator[Me]:
    """The player, for a call that plays or replays games: it runs in a lane."""
    costs: Costs = request.app.state.costs
    costs.remember(me.id, address(request))
    async with costs.lane(me.id, address(request)):
        yield me


async def costly_watcher(request: Request) -> AsyncIterator[None]:
    """A spectator's call (no token): it runs in a lane, charged to its address."""
    costs: Costs = request.app.state.costs
    async with costs.lane(address(request)):
        yield


Watcher = Depends(costly_watcher)
"""A route's dependency: a spectator's call runs in a lane (see the module)."""
Costly = Depends(costly_player)
"""A router's or a route's dependency: its calls run in lanes (see the module)."""
CostlyPlayer = Annotated[Me, Costly]
