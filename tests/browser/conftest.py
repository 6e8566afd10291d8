"""Browser tests: a real ``rulekeeper serve`` on a SQLite file, driven by Playwright through
Debian's chromium (``/usr/bin/chromium``; never a downloaded browser). Every page a test opens
is watched: a console error or an uncaught exception fails the test. Screenshots of the
pages are taken in a temporary folder, or in docs/web/ (which docs/web.md shows) when
``RULEKEEPER_SCREENSHOTS=docs/web`` is set: a test run does not change the repository's files.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

import pytest

from tests.browser import calls
from tests.server.live import LiveServer

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = Path(os.environ.get("RULEKEEPER_SCREENSHOTS") or
             Path(os.environ.get("TMPDIR", "/tmp")) / "rulekeeper-screenshots").resolve()
PAGE_WAIT = 30_000
"""Milliseconds a page action (a click, a selector waited for) or an ``expect`` waits for the
page by default: generous, for a loaded machine (CI runs two test processes on two cores,
each beside its server and Chromium); Playwright's ``expect`` waited 5 s."""
CLOCK_WAIT = 60_000
"""Milliseconds a test waits for a game's clock to run out and the server to end the game
(the clock's own seconds, then the server's sweep, on a loaded machine)."""
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}



@pytest.fixture(scope="session")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("web") / "rulekeeper.db"
    # a searching bot (mcts) searches 20 iterations a decision: a few hundredths of a second
    with LiveServer(f"sqlite:///{db}", RULEKEEPER_SEARCH_BUDGET="20",
                    RULEKEEPER_ODDS_BATTLES="2000") as live:
        yield live


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("CI must install Debian's chromium (see .ci/run)")
        pytest.skip("no /usr/bin/chromium (apt-get install chromium)")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=PAGE_WAIT)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                              args=FLAGS)
        yield chromium
        chromium.close()


class Watched:
    """A browser page on the test server, with its console errors collected."""

    def __init__(self, page, base: str) -> None:
        self.page, self.base = page, base
        self.errors: list[str] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.set_default_timeout(PAGE_WAIT)

    def open(self, path: str) -> None:
        self.page.goto(self.base + path)

    def sign_up(self, name: str) -> None:
        self.page.fill("#signup-name", name)
        self.page.click("#signup")

    def shot(self, name: str, full_page: bool = False) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


@pytest.fixture
def web(browser, server):
    """A fresh browser context (its own storage: no token) at 1280x800."""
    yield from watched_page(browser, server.url, DESKTOP)


@pytest.fixture
def phone(browser, server):
    """A fresh browser context at 390x844, as a phone shows the page (touch, no hover)."""
    yield from watched_page(browser, server.url, PHONE, has_touch=True, is_mobile=True)


def watched_page(browser, url: str, viewport: dict[str, int], **options):
    context = browser.new_context(viewport=viewport, **options)
    watched = Watched(context.new_page(), url)
    yield watched
    context.close()
    assert watched.errors == [], f"console errors: {watched.errors}"


def unique(name: str, request) -> str:
    """A player name unique to the test (the server is shared by the session): ``name``, the
    test's name cut short, and 6 hex digits of the test's whole id (two tests whose names
    begin alike, cut to the same 20 letters, took the same name)."""
    digest = hashlib.sha256(request.node.nodeid.encode()).hexdigest()[:6]
    return (name + re.sub(r"[^a-z0-9]", "", request.node.name.lower()))[:14] + digest


def record_of(web) -> dict:
    """The record of the game the page shows, as its player downloads it."""
    game = web.page.evaluate("new URLSearchParams(location.search).get('game')")
    token = web.page.evaluate("localStorage.getItem('rk.token')")
    log = calls.get(f"{web.base}/api/games/{game}/record",
                    headers={"Authorization": f"Bearer {token}"}).text
    return json.loads(log.splitlines()[0])["record"]


@pytest.fixture
def people(browser, server):
    """``people(n)``: n browser contexts, each its own person (its own storage, no token)."""
    opened: list[tuple[object, Watched]] = []

    def open_(count: int) -> list[Watched]:
        for _ in range(count):
            context = browser.new_context(viewport=DESKTOP)
            opened.append((context, Watched(context.new_page(), server.url)))
        return [w for _, w in opened[-count:]]

    yield open_
    for context, _ in opened:
        context.close()
    errors = [e for _, w in opened for e in w.errors]
    assert errors == [], f"console errors: {errors}"
