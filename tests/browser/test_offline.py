"""Every page of the service, loaded with the network cut except the server itself: no page
asks another site for anything (and any attempt fails the test), and none breaks its
Content-Security-Policy (a violation is a console error, which fails the test too)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import unique

PAGES = ["/", "/play", "/play/dire-alliance-battle-v1", "/replay", "/docs", "/redoc"]


@pytest.fixture
def cut_off(web):
    """The page's browser context, with every request to another host aborted and kept."""
    server = urlsplit(web.base).netloc
    elsewhere: list[str] = []

    def route(route_) -> None:
        url = route_.request.url
        if urlsplit(url).scheme in ("data", "blob") or urlsplit(url).netloc == server:
            route_.continue_()
        else:
            elsewhere.append(url)
            route_.abort()

    web.page.context.route("**/*", route)
    yield web
    assert elsewhere == [], f"requests to other sites: {elsewhere}"


def test_every_page_loads_with_only_the_server_reachable(cut_off, request):
    page = cut_off.page
    cut_off.open("/play")
    cut_off.sign_up(unique("offline", request))
    page.wait_for_selector("[data-ruleset]")
    for path in PAGES:
        cut_off.open(path)
        page.wait_for_load_state("networkidle")
    cut_off.open("/docs")
    page.wait_for_selector(".swagger-ui .opblock")
    assert page.locator(".swagger-ui .opblock").count() > 20, "the routes are listed"
    cut_off.shot("docs")
    cut_off.open("/redoc")
    page.wait_for_selector("#redoc h1")
    assert "rulekeeper" in page.inner_text("#redoc h1")
    cut_off.shot("redoc")
