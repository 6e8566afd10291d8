"""Security headers on every response, pages without inline script, and the API references'
scripts shipped in the package as vendored (tests/browser/test_offline.py loads every page
with the network cut)."""

from __future__ import annotations

import hashlib
import re

from rulekeeper.server.web.pages import STATIC
from tests.server.conftest import sign_up

PAGES = ["/", "/play", "/play/dire-alliance-battle-v1", "/replay", "/docs", "/redoc"]


def policy(response) -> dict[str, str]:
    directives = (d.strip().split(" ", 1) for d in response.headers["content-security-policy"]
                  .split(";"))
    return {d[0]: d[1] if len(d) > 1 else "" for d in directives}


def test_every_response_carries_the_security_headers(client):
    alice = sign_up(client, "alice")
    responses = [client.get(p) for p in PAGES] + [
        client.get("/static/common.js"), client.get("/openapi.json"),
        client.get("/api/leaderboard", headers=alice), client.get("/api/nothing"),
        client.post("/api/players", content=b'{"name": NaN}',
                    headers={"content-type": "application/json"}),
        client.post("/api/players", json={"name": "x" * 70_000})]
    assert [r.status_code for r in responses[-3:]] == [404, 422, 413]
    for response in responses:
        assert response.headers["x-frame-options"] == "DENY"
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "no-referrer"
        csp = policy(response)
        assert csp["frame-ancestors"] == "'none'" and csp["default-src"] == "'self'"
        assert csp["script-src"] == "'self'", "no inline script, no other site"
        assert "http" not in response.headers["content-security-policy"]
    for response in responses[:4]:  # the page's own documents: no inline style either
        assert policy(response)["style-src"] == "'self'"


def test_no_page_holds_an_inline_script_or_handler():
    for page in STATIC.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        for script in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in script, f"{page.name}: inline script {script}"
        assert not re.search(r"\son[a-z]+\s*=", html), f"{page.name}: an inline handler"
        assert not re.search(r"(src|href)=\"(https?:)?//", html), f"{page.name}: another site"


def test_the_vendored_scripts_are_the_pinned_ones():
    vendor = STATIC / "vendor"
    listed = re.findall(r"^([0-9a-f]{64})  (\S+)", (vendor / "README.md").read_text(), re.M)
    assert len(listed) == 3
    for digest, name in listed:
        assert hashlib.sha256((vendor / name).read_bytes()).hexdigest() == digest, name
    for folder in vendor.iterdir():
        if folder.is_dir():
            assert (folder / "LICENSE").is_file(), f"{folder.name} ships without its licence"
            assert any(folder.name in (STATIC / page).read_text()
                       for page in ("docs.html", "redoc.html")), f"{folder.name} is not used"
