"""What every request passes before the app sees it.

- It is handled as a request from the network (:func:`rulekeeper.core.files.remote`): a path
  it gives is refused, whatever exists on the server's disk.
- Its address (path and query) holds no NUL character (``%00``): no id or parameter has
  one, and PostgreSQL's text refuses it (422, where the database would fail).
- Its body is at most ``limit`` bytes (413 beyond, before the rest is read).
- A JSON body (a Content-Type naming JSON, in any case, or none; any of them, when it is
  given more than once) is refused (422) when it is
  not UTF-8 text, or when Python's JSON reader would take what JSON does not allow or what
  no request needs: ``NaN`` and ``Infinity``, numbers of more than :data:`MAX_DIGITS`
  digits, values nested more than :data:`MAX_DEPTH` deep, and text holding a lone UTF-16
  surrogate (``"\\ud800"``: JSON's escapes allow it, but it is no character, and no
  text holding it can be written as UTF-8, hashed or stored).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rulekeeper.core.files import remote
from rulekeeper.server.errors import ApiError, error_response

MAX_DEPTH = 32
"""The deepest nesting of lists and objects a JSON request may hold."""
MAX_DIGITS = 30
"""The most digits of a number in a JSON request (a 64-bit seed has 20)."""


class BadJson(ApiError):
    status = 422


def _number(text: str) -> int | float:
    digits = sum(c.isdigit() for c in text)
    if digits > MAX_DIGITS:
        raise BadJson(f"a number has {digits} digits; at most {MAX_DIGITS} are read")
    if not any(c in text for c in ".eE"):
        return int(text)
    number = float(text)
    if math.isinf(number):
        raise BadJson(f"{text} is too large a number (numbers must be finite)")
    return number


def _not_finite(name: str) -> Any:
    raise BadJson(f"{name} is not a JSON number (numbers must be finite)")


def parse_json(text: str | bytes, what: str = "the body") -> Any:
    """JSON as the API reads it: finite numbers of sane size, nested at most MAX_DEPTH deep.

    >>> parse_json('{"a": [1, 2.5]}')
    {'a': [1, 2.5]}
    >>> parse_json('{"mu": NaN}')
    Traceback (most recent call last):
    ...
    rulekeeper.server.guard.BadJson: NaN is not a JSON number (numbers must be finite)
    """
    try:
        value = json.loads(text, parse_int=_number, parse_float=_number,
                           parse_constant=_not_finite)
    except RecursionError:
        raise BadJson(f"{what} is nested more than {MAX_DEPTH} deep") from None
    except UnicodeDecodeError:
        raise BadJson(f"{what} is not UTF-8 text (JSON is)") from None
    except json.JSONDecodeError:
        raise BadJson(f"{what} is not valid JSON") from None
    _check_depth(value, what)
    if LONE.search(text if isinstance(text, str) else text.decode("utf-8", "replace")):
        _check_characters(value, what)
    return value


LONE = re.compile(r"\\u[dD][89a-fA-F]")
"""A JSON escape of a UTF-16 surrogate: half of a pair (an emoji, escaped), or alone."""


def _check_characters(value: Any, what: str) -> None:
    r"""Refuse text holding a lone surrogate, in a key or a value (a pair makes one
    character, and is read as it).

    >>> parse_json('["\\ud83d\\ude00"]')
    ['😀']
    >>> try:
    ...     parse_json('{"name": "\\ud800"}')
    ... except BadJson as error:
    ...     print(error.message)
    the body holds a lone UTF-16 surrogate (\ud800), which is no character
    """
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as error:
        lone = error.object[error.start]
        raise BadJson(f"{what} holds a lone UTF-16 surrogate (\\u{ord(lone):04x}), which is "
                      f"no character") from None


def _check_depth(value: Any, what: str) -> None:
    level = [value]
    for _ in range(MAX_DEPTH + 1):
        level = [child for node in level if isinstance(node, dict | list)
                 for child in (node.values() if isinstance(node, dict) else node)]
        if not level:
            return
    raise BadJson(f"{what} is nested more than {MAX_DEPTH} deep")


class Guard:
    """The ASGI middleware that applies the module's checks to every HTTP request."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if "\x00" in scope["path"] or b"%00" in scope["query_string"]:
            response = error_response(422, "the address holds a NUL character (%00), which "
                                           "no id or parameter has")
            await response(scope, receive, send)
            return
        headers = dict(scope["headers"])
        declared = headers.get(b"content-length")
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
        # every Content-Type given (a media type has no case): FastAPI reads the first, a
        # dict of the headers keeps the last, so a second one must not hide a JSON body
        kinds = [value.lower() for name, value in scope["headers"] if name == b"content-type"]
        if body and (not kinds or any(b"json" in kind for kind in kinds)):  # (no type: JSON)
            try:
                parse_json(body)
            except BadJson as error:
                if error.message != "the body is not valid JSON":  # the app says it so
                    await error_response(422, error.message)(scope, receive, send)
                    return
        given = False

        async def replay() -> Message:
            nonlocal given
            if given:
                return await receive()
            given = True
            return {"type": "http.request", "body": body, "more_body": False}

        with remote():
            await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = error_response(413, f"the request body is larger than {self.limit} bytes")
        await response(scope, receive, send)
