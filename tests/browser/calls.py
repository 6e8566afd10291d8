"""The requests the browser tests send the server themselves, beside their pages (sign-ups,
games made or moved for another player, records): httpx's, with one generous timeout here.

httpx's own is 5 s, which an answer can take on a loaded machine (CI runs two test processes
on two cores, each beside its server and Chromium): a test then failed on a request the
server was still answering. What the tests check of an answer is its content, never its
speed; a server that does not answer at all still fails the test, after :data:`TIMEOUT`.
"""

from __future__ import annotations

from typing import Any

import httpx

TIMEOUT = httpx.Timeout(60)
"""Seconds to connect, or to wait for any part of an answer."""


def get(url: str, **options: Any) -> httpx.Response:
    return httpx.get(url, timeout=TIMEOUT, **options)


def post(url: str, **options: Any) -> httpx.Response:
    return httpx.post(url, timeout=TIMEOUT, **options)


def client(base_url: str, **options: Any) -> httpx.Client:
    """A client on ``base_url`` (its connections kept for the requests that follow)."""
    return httpx.Client(base_url=base_url, timeout=TIMEOUT, **options)
