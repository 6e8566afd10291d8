"""Every error the API gives is JSON with one clear message: ``{"error": "..."}``, in
English, or in the language of a route that answers in its request's (:mod:`.refusals`).

A user's mistake is a 4xx: 400 for a request the rules refuse (an illegal decision, an
unknown ruleset), 401/403/404 for who may see what, 409 for a stale version (or one ahead),
413 for a body too large, 410 for a stored game that no longer replays here,
422 for a body or parameter of the wrong shape, 429 for too many requests.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Callable
from functools import cache
from pathlib import PurePath
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rulekeeper.core import registry
from rulekeeper.core.errors import (
    ContentError,
    OptionError,
    RulekeeperError,
    RulesetError,
)
from rulekeeper.lab.matchup import ContenderError
from rulekeeper.server.refusals import said

log = logging.getLogger("rulekeeper.server")


class ApiError(Exception):
    """A refused request: its HTTP status and one message; and, for a refusal a page acts on
    or says in its own words, what it is (``refusal``, an id: ``seat-taken``) and its facts
    (``facts``: the seat, the player's name, the counts), which no language changes."""

    status = 400

    def __init__(self, message: str, status: int | None = None,
                 headers: dict[str, str] | None = None, *, refusal: str | None = None,
                 facts: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.headers = headers or {}
        self.refusal, self.facts = refusal, facts
        if status is not None:
            self.status = status


class NotFound(ApiError):
    status = 404


class Forbidden(ApiError):
    status = 403


class Conflict(ApiError):
    status = 409


def not_at(version: int, what: str, stored: int | None) -> Conflict:
    """The 409 for a change naming ``version`` of ``what`` (``game ID``, ``run ID``), stored at
    ``stored``: a version behind is stale (another change came first), one ahead was never
    given (a client's own count, or a made-up one), and each says so; ``refusal`` names which
    (``stale-version``, ``version-ahead``), with both versions as its facts.

    >>> not_at(2, "game g1", 5).message
    'version 2 is stale: game g1 is at version 5'
    >>> ahead = not_at(9, "run r1", 5)
    >>> ahead.message, ahead.refusal, ahead.facts
    ('version 9 is ahead: run r1 is only at version 5', 'version-ahead', {'version': 9, 'now': 5})
    """
    facts = {"version": version, "now": stored}
    if stored is not None and version > stored:
        return Conflict(f"version {version} is ahead: {what} is only at version {stored}",
                        refusal="version-ahead", facts=facts)
    return Conflict(f"version {version} is stale: {what} is at version {stored}",
                    refusal="stale-version", facts=facts)


class Gone(ApiError):
    """A stored game this server can no longer rebuild from its record."""

    status = 410


class Unauthorized(ApiError):
    status = 401


class TooManyRequests(ApiError):
    """429, with the seconds to wait before trying again (``Retry-After``)."""

    status = 429

    def __init__(self, message: str, retry_after: float, *, refusal: str | None = None,
                 facts: dict[str, Any] | None = None) -> None:
        super().__init__(message, headers={"Retry-After": str(max(1, math.ceil(retry_after)))},
                         refusal=refusal, facts=facts)


class ErrorOut(BaseModel):
    """What every refused request gets: one line saying what is wrong."""

    error: str = Field(description="one line, never a traceback, in the request's ``lang`` "
                                   "where the route takes one")
    refusal: str | None = Field(None, description="a refusal a page acts on, by its id, the "
                                                  "same in every language (seat-taken, "
                                                  "no-such-player, too-many-games, "
                                                  "too-many-invitations, others-seated, "
                                                  "forfeit-of-many-sides); absent for others")
    facts: dict[str, Any] | None = Field(None, description="that refusal's facts (a seat, a "
                                                           "player's name, counts), with it "
                                                           "only")


MEANINGS = {
    400: "the rules refuse the request (an illegal decision, an unknown ruleset or option, a "
         "record that does not reproduce, a path named)",
    401: "no valid token", 403: "not yours to see or do", 404: "not found, or not yours",
    409: "a stale version (or one ahead of the stored one), or another seat's turn: read "
         "again",
    410: "a stored game this server can no longer rebuild from its record",
    413: "the body or the record is too large",
    422: "a body or parameter of the wrong shape (NaN, huge numbers, deep nesting included, "
         "a body not UTF-8)", 429: "too many requests or too much work: wait Retry-After seconds",
    503: "every lane stayed busy: try again after Retry-After seconds",
}


def documented(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of a route or router that may refuse with ``statuses``."""
    return {status: {"model": ErrorOut, "description": MEANINGS[status]} for status in statuses}


def error_response(status: int, message: str, **headers: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers or None)


PATTERNS: dict[str, str] = {}
"""What a field's pattern asks, in words, by the pattern (the modules that declare one add
it): a refusal says this, never the pattern itself."""


def validation_message(error: RequestValidationError) -> str:
    """One line for the first problem of a request's shape."""
    first: dict[str, Any] = error.errors()[0]
    where = [str(p) for p in first.get("loc", ())]
    kind = first.get("type", "")
    if kind == "json_invalid":
        return "the body is not valid JSON"
    if where == ["body"] and kind == "missing":
        return "a JSON body is required"
    if where == ["body"] and kind in ("model_attributes_type", "dict_type"):
        return "the body must be a JSON object (with Content-Type: application/json)"
    place = ".".join(where[1:] if where[:1] == ["body"] else where)
    message = str(first.get("msg", "is not valid")).removeprefix("Value error, ")
    if kind == "string_pattern_mismatch":
        message = PATTERNS.get(first.get("ctx", {}).get("pattern", ""), "is not of the form asked")
    return f"{place}: {message}" if place else message


SET_FIELDS = {"/api/replay": "content_set", "/api/luck": "content_set"}
"""The field of a request that holds content values by path, where it is not ``set``."""
FLAG = re.compile(r"(?<![\w-])--([a-z][a-z0-9-]*)")


def api_wording(error: RulekeeperError, route: str) -> str:
    """A user's error as the API says it: by the request's own field paths (``options.left``,
    ``set.cryptids.cryptids.bigfoot.hp``, a record's ``content_set.…``), never by a file or
    folder of the server (a sample's file is named by its name alone) nor a command-line
    flag (the command line's wording, which the core's errors carry, is translated here).

    >>> api_wording(OptionError("option --left: bad", "left", "bad"), "/api/games")
    'options.left: bad'
    >>> api_wording(ContentError("--set a.b", "no field 'b'; --max-games 3"), "/api/replay")
    "content_set.a.b: no field 'b'; max_games 3"
    >>> api_wording(ContenderError("--right: no team 'x'; or give a path to a team file", 1,
    ...                            "no team 'x'"), "/api/lab/jobs")
    "contenders.1: no team 'x'"
    """
    if isinstance(error, OptionError):
        return f"options.{error.option}: {error.problem}" if error.option else \
            f"options: {error.problem}"
    if isinstance(error, ContenderError):  # a lab job's contender: its field, no file offered
        return unflagged(f"{error.field}: {error.problem}", route)
    text = str(error).replace("Value error, ", "")  # pydantic's words, not ours
    file = error.file.split(" (with --set)")[0] if isinstance(error, ContentError) else ""
    if file in samples() or str(PurePath(file).parent) in samples():
        shown = f"the sample's {PurePath(file).name}" if file.endswith(".yaml") else \
            "the sample content"
        text = text.replace(file, shown, 1)
    return unflagged(text, route)


@cache
def samples() -> frozenset[str]:
    """The folders of the registered rulesets' sample content, on the server's disk."""
    return frozenset(str(registry.load(i).content_dir) for i in registry.ids())


def unflagged(text: str, route: str) -> str:
    """A message of the command line's words (which a core error carries, also inside a
    refusal of the service's own) in the API's: ``--set PATH`` is the request's ``set.PATH``,
    ``option --NAME`` its ``options.NAME``, any other ``--flag`` its field ``flag``.

    >>> unflagged("the record does not fit x-v1: option --sigma-floor: too big", "/api/luck")
    'the record does not fit x-v1: options.sigma_floor: too big'
    """
    sets = SET_FIELDS.get(route, "set")
    text = text.replace("(with --set)", f"(with {sets} values)")
    text = re.sub(r"--set (\S+?): ", rf"{sets}.\1: ", text)
    text = re.sub(r"option --([\w.-]+): ", lambda m: f"options.{m[1].replace('-', '_')}: ", text)
    return FLAG.sub(lambda m: m[1].replace("-", "_"), text)


def install(app: FastAPI, missing: Callable[[], Response] | None = None) -> None:
    """Turn every failure into ``{"error": message}`` with its status; a browser's request
    for an address that is no page gets ``missing()`` (a page saying so), if given."""

    @app.exception_handler(ApiError)
    async def _api(request: Request, error: ApiError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if error.status == 401 else {}
        message = said(request, unflagged(error.message, request.url.path))
        if error.refusal is None:
            return error_response(error.status, message, **headers, **error.headers)
        return JSONResponse(  # what the page acts on too, the same in every language
            {"error": message, "refusal": error.refusal, "facts": error.facts or {}},
            status_code=error.status, headers={**headers, **error.headers} or None)

    @app.exception_handler(RulekeeperError)
    async def _user(request: Request, error: RulekeeperError) -> JSONResponse:
        if isinstance(error, RulesetError):  # a ruleset broke the engine's contract: a bug
            return _bug(request, error)
        return error_response(400, said(request, api_wording(error, request.url.path)))

    @app.exception_handler(RequestValidationError)
    async def _shape(request: Request, error: RequestValidationError) -> JSONResponse:
        return error_response(422, said(request, validation_message(error)))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> Response:
        message = error.detail if isinstance(error.detail, str) else "request refused"
        if error.status_code == 404 and message == "Not Found":
            if missing is not None and browsing(request):
                return missing()
            message = "no such page or API route"
        elif error.status_code == 405:
            message = "this route does not take that method"
        return error_response(error.status_code, message)


def browsing(request: Request) -> bool:
    """Whether a request is a browser's for a page (not the API's, not an asset's)."""
    path = request.url.path
    return request.method == "GET" and "text/html" in request.headers.get("accept", "") \
        and not path.startswith(("/api/", "/static/"))


def _bug(request: Request, error: Exception) -> JSONResponse:
    log.error("internal error on %s %s", request.method, request.url.path, exc_info=error)
    return error_response(500, BUG)


BUG = "internal error (a bug in rulekeeper; it was logged)"


class CatchBugs:
    """Answer an exception no handler took with a JSON 500, and let the connection live.

    (Starlette's own last resort answers, then raises the exception again, and uvicorn
    closes the connection: the client's next request on it would be reset.)
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as error:
            if started:
                raise
            await _bug(Request(scope), error)(scope, receive, send)
