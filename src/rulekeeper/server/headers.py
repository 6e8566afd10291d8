"""Security headers on every response: the pages run only the package's own scripts, load
nothing from another site, and are shown in no other site's frame.

The page's scripts are files under ``/static`` (no inline script or handler anywhere). The
API references (``/docs``: Swagger UI, ``/redoc``: Redoc, both shipped in the package) set
styles inline, and Redoc searches in a worker it builds from a ``blob:``: their pages allow
those two things more, and nothing else.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

PAGES = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
         "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
         "form-action 'self'; frame-ancestors 'none'")
"""The Content-Security-Policy of every response."""
REFERENCES = PAGES.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'").replace(
    "; object-src", "; worker-src 'self' blob:; object-src")
"""The policy of the API references' pages (``/docs``, ``/redoc``)."""

COMMON = [(b"x-frame-options", b"DENY"), (b"x-content-type-options", b"nosniff"),
          (b"referrer-policy", b"no-referrer"), (b"cross-origin-opener-policy", b"same-origin")]


class SecurityHeaders:
    """The ASGI middleware that adds the headers to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = REFERENCES if scope["path"] in ("/docs", "/redoc") else PAGES

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *COMMON,
                                      (b"content-security-policy", policy.encode())]
            await send(message)

        await self.app(scope, receive, with_headers)
