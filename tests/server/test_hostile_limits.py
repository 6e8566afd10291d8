"""Issue 30, third round: what one person with many free accounts, or with none, could still
take from everyone else. Requests without a token are bounded per address; the lab's queue
is shared by address; a game whose clock plays it on is charged to its creator; a player's
pending invitations are bounded whoever sends them."""

from __future__ import annotations

from tests.server.conftest import make_client, sign_up


def test_requests_without_a_known_token_are_limited_per_address(db_url):
    with make_client(db_url, address_limit="6/minute") as client:
        alice = sign_up(client, "alice")  # 1: a sign-up has no token yet
        assert client.get("/api/players/me", headers=alice).status_code == 200  # 2: not known yet
        for path in ("/api/leaderboard", "/api/lobby", "/api/rulesets", "/api/health"):
            assert client.get(path).status_code == 200  # 3 to 6
        for headers in ({}, {"Authorization": "Bearer rk_made-up"}):
            refused = client.get("/api/lobby", headers=headers)
            assert refused.status_code == 429
            assert refused.json() == {"error": "too many requests: at most 6 per 1 minute per "
                                               "address without a token"}
            assert 1 <= int(refused.headers["Retry-After"]) <= 60
        refused = client.post("/api/players", json={"name": "bob"})
        assert refused.status_code == 429  # sign-ups are requests without a token too
        for _ in range(10):  # a player's token, once known, counts for itself
            assert client.get("/api/lobby", headers=alice).status_code == 200
