"""The client's address behind a reverse proxy: ``X-Forwarded-For`` is believed only from the
proxies ``serve --forwarded-allow-ips`` names (none by default), so a client cannot choose the
address its sign-ups are counted under."""

from __future__ import annotations

import httpx
import pytest

from tests.server.live import LiveServer


@pytest.mark.parametrize("trusted, codes", [
    ((), [201, 201, 429, 429]),  # the header is ignored: every sign-up is 127.0.0.1's
    (("--forwarded-allow-ips", "127.0.0.1"), [201, 201, 201, 201]),  # one address each
])
def test_x_forwarded_for_counts_only_from_a_configured_proxy(tmp_path, trusted, codes):
    with LiveServer(f"sqlite:///{tmp_path / 'proxy.db'}", args=trusted,
                    RULEKEEPER_SIGNUP_LIMIT="2/minute") as live:
        answers = [httpx.post(f"{live.url}/api/players", json={"name": f"p{n}"},
                              headers={"X-Forwarded-For": f"203.0.113.{n}"}, timeout=30)
                   for n in range(4)]
    assert [a.status_code for a in answers] == codes
