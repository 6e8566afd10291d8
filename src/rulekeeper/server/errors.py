"""Every error the API gives is JSON with one clear message: ``{"error": "..."}``.

A user's mistake is a 4xx: 400 for a request the rules refuse (an illegal decision, an
unknown ruleset), 401/403/404 for who may see what, 409 for a stale version, 413 for a
body too large, 422 for a body or parameter of the wrong shape, 429 for too many requests.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rulekeeper.core.errors import UsageError

log = logging.getLogger("rulekeeper.server")


class ApiError(Exception):
    """A refused request: its HTTP status and one message."""

    status = 400

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status


class NotFound(ApiError):
    status = 404


class Forbidden(ApiError):
    status = 403


class Conflict(ApiError):
    status = 409


class Unauthorized(ApiError):
    status = 401


class TooManyRequests(ApiError):
    status = 429


def error_response(status: int, message: str, **headers: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers or None)


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
    return f"{place}: {message}" if place else message


def install(app: FastAPI) -> None:
    """Turn every failure into ``{"error": message}`` with its status."""

    @app.exception_handler(ApiError)
    async def _api(_request: Request, error: ApiError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if error.status == 401 else {}
        return error_response(error.status, error.message, **headers)

    @app.exception_handler(UsageError)
    async def _usage(_request: Request, error: UsageError) -> JSONResponse:
        return error_response(400, str(error))

    @app.exception_handler(RequestValidationError)
    async def _shape(_request: Request, error: RequestValidationError) -> JSONResponse:
        return error_response(422, validation_message(error))

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        message = error.detail if isinstance(error.detail, str) else "request refused"
        if error.status_code == 404 and message == "Not Found":
            message = "no such page or API route"
        elif error.status_code == 405:
            message = "this route does not take that method"
        return error_response(error.status_code, message)

    @app.exception_handler(Exception)
    async def _bug(request: Request, error: Exception) -> JSONResponse:
        log.exception("internal error on %s %s", request.method, request.url.path)
        return error_response(500, "internal error (a bug in rulekeeper; it was logged)")


class BodyLimit:
    """Refuse a request body larger than ``limit`` bytes with a JSON 413, before the app reads it.

    (Starlette's own limit answers a declared oversize length in plain text.)
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.limit:
                await self._refuse(scope, receive, send)
                return
            more = message.get("more_body", False)
        body = b"".join(chunks)
        given = False

        async def replay() -> Message:
            nonlocal given
            if given:
                return await receive()
            given = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = error_response(413, f"the request body is larger than {self.limit} bytes")
        await response(scope, receive, send)
