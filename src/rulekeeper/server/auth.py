"""Players' bearer tokens (stored as SHA-256 hashes) and per-token rate limits.

A token is 32 random bytes, so a plain SHA-256 of it is as good as a slow password hash
and costs nothing per request. A player may rotate or revoke their token; each process
remembers the tokens it has checked for a few seconds (:class:`KnownTokens`). Rate limits
are counted per app process with the ``limits`` library (a moving window); behind a proxy
with several processes, each counts its own share. A request that carries no token this
process has found in the database (none, or a made-up one) is counted to its client's
address (:class:`Anonymous`): anonymous reads, sign-ups and made-up tokens are bounded too;
and every request, a known token's too, counts to its address's ceiling (``ceiling``, higher
than the anonymous limit): many accounts behind one address share it, not a rate each.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.types import ASGIApp, Receive, Scope, Send

from rulekeeper.core.lru import Lru
from rulekeeper.server import addresses
from rulekeeper.server.errors import TooManyRequests, Unauthorized, error_response
from rulekeeper.server.models import Player


def new_token() -> str:
    return "rk_" + secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


WHOSE = {"token": "per token", "signup": "per address",
         "address": "per address without a token",
         "ceiling": "per address, with a token or without"}
"""Whom each named limit counts, as its refusal says it."""


class RateLimits:
    """Named limits (``"50/second;1500/minute"``) checked per key."""

    def __init__(self, **limits: str) -> None:
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._items: dict[str, list[RateLimitItem]] = {
            name: parse_many(text) for name, text in limits.items()}

    def check(self, name: str, key: str) -> None:
        """Count one request of ``key``; over the limit raises :class:`TooManyRequests`."""
        for item in self._items[name]:
            if not self._limiter.hit(item, name, key):
                reset = self._limiter.get_window_stats(item, name, key).reset_time
                raise TooManyRequests(f"too many requests: at most {item} "
                                      f"{WHOSE[name]}",
                                      retry_after=reset - time.time())


@dataclass(frozen=True)
class Me:
    """The player making the request."""

    id: int
    name: str


TOKEN_TTL = 5.0
"""Seconds a process trusts a token it checked before it asks the database again."""


class KnownTokens:
    """Token hashes found in the database in the last ``ttl`` seconds, and their players (at
    most ``size``): a token rotated or revoked by another process stops working here within
    ``ttl`` seconds (at once in the process that changed it)."""

    def __init__(self, size: int = 10_000, ttl: float = TOKEN_TTL) -> None:
        self.ttl = ttl
        self._known = Lru[str, tuple[Me, float]](items=size)

    def get(self, hashed: str) -> Me | None:
        found = self._known.get(hashed)
        if found is None or time.monotonic() - found[1] > self.ttl:
            return None
        return found[0]

    def seen(self, hashed: str) -> bool:
        """Whether the token was found in the database here, however long ago (and not
        forgotten since): its requests count to its own rate, not to its address's, while
        :meth:`get` has it checked again after ``ttl`` seconds."""
        return self._known.get(hashed) is not None

    def add(self, hashed: str, me: Me) -> None:
        self._known.put(hashed, (me, time.monotonic()))

    def forget(self, hashed: str) -> None:
        self._known.pop(hashed)


_bearer = HTTPBearer(auto_error=False, description="the token POST /api/players returned")


def bearer_hash(credentials: Annotated[
        HTTPAuthorizationCredentials | None, Depends(_bearer)]) -> str:
    """The hash of the token the request carries (401 without one)."""
    if credentials is None:
        raise Unauthorized("this call needs 'Authorization: Bearer TOKEN' "
                           "(POST /api/players gives a token)")
    return token_hash(credentials.credentials)


TokenHash = Annotated[str, Depends(bearer_hash)]


def current_player(request: Request, hashed: TokenHash) -> Me:
    """The player whose token the request carries (401 without a valid one)."""
    if getattr(request.state, COUNTED, None) != hashed:  # (:class:`Anonymous` counted it)
        request.app.state.limits.check("token", hashed)
    known: KnownTokens = request.app.state.tokens
    me = known.get(hashed)
    if me is not None:
        return me

    def find(session: Session) -> Me | None:
        row = session.execute(select(Player.id, Player.name).where(
            Player.token_hash == hashed)).one_or_none()
        return Me(row.id, row.name) if row else None

    me = request.app.state.db.read(find)
    if me is None:
        raise Unauthorized("unknown token")
    known.add(hashed, me)
    return me


CurrentPlayer = Annotated[Me, Depends(current_player)]


def still_holds(session: Session, me: Me, hashed: str) -> None:
    """Refuse (401) once ``me`` no longer holds the token whose hash is ``hashed`` (it was
    rotated or revoked, by any process): what outlives its request (a live stream) asks the
    database again at each read, rather than trusting the token checked when it began."""
    if session.scalar(select(Player.id).where(Player.id == me.id,
                                              Player.token_hash == hashed)) is None:
        raise Unauthorized("unknown token")


COUNTED = "token_counted"
"""The request state's name for the token hash whose limit a request was counted to."""


class Anonymous:
    """The ASGI middleware that counts each HTTP request carrying no token this process
    has seen (:meth:`KnownTokens.seen`: none, or one never found in the database here; a
    token seen long ago still counts to itself, while :func:`current_player` checks it
    again, so that a player idle a while is not left to an address others may have spent)
    to its client's address, under the limit ``address``: 429
    with ``Retry-After`` beyond it. A request carrying a known token is counted to that
    token, whatever its route (one that needs no token too: a token must not open the
    anonymous routes without a limit), and :func:`current_player` does not count it
    again. Every request, with a known token or without, counts to its address's
    ``ceiling`` first: fifty accounts made behind one address share that, not fifty
    tokens' rates (people behind one NAT share it too, so it is higher)."""

    def __init__(self, app: ASGIApp, limits: RateLimits, tokens: KnownTokens) -> None:
        self.app = app
        self.limits = limits
        self.tokens = tokens

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            known = self._known(scope)
            address = addresses.of_scope(scope)
            try:
                self.limits.check("ceiling", address)
                if known is None:
                    self.limits.check("address", address)
                else:
                    self.limits.check("token", known)
                    scope.setdefault("state", {})[COUNTED] = known
            except TooManyRequests as error:
                await error_response(429, error.message, **(error.headers or {}))(
                    scope, receive, send)
                return
        await self.app(scope, receive, send)

    def _known(self, scope: Scope) -> str | None:
        """The hash of the request's token, if this process has seen it."""
        for name, value in scope["headers"]:
            if name == b"authorization":
                scheme, _, token = value.decode("latin-1").partition(" ")
                hashed = token_hash(token.strip())  # (as HTTPBearer reads it)
                if scheme.lower() == "bearer" and self.tokens.seen(hashed):
                    return hashed
                return None
        return None
