"""Players: a token given once and stored hashed, unique names, bearer authentication."""

import hashlib

import pytest
from sqlalchemy import select

from rulekeeper.server.models import Player
from tests.server.conftest import make_client, sign_up


def test_sign_up_gives_a_token_once_and_stores_only_its_hash(client):
    response = client.post("/api/players", json={"name": "Alice"})
    assert response.status_code == 201
    token = response.json()["token"]
    me = client.get("/api/players/me", headers={"Authorization": f"Bearer {token}"})
    assert me.json() == {"id": response.json()["id"], "name": "Alice"}
    stored = client.app.state.db.read(lambda s: s.scalars(select(Player)).one())
    assert stored.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in (stored.token_hash, stored.name)
    assert "token" not in me.json()


def test_names_are_unique_whatever_the_case(client):
    sign_up(client, "alice")
    again = client.post("/api/players", json={"name": "ALICE"})
    assert again.status_code == 409 and again.json() == {"error": "the name 'ALICE' is taken"}


@pytest.mark.parametrize("name", ["a", "x" * 21, "with space", "-dash-first", "é-accent",
                                  "semi;colon", "", "<script>"])
def test_bad_names_are_refused(client, name):
    response = client.post("/api/players", json={"name": name})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error.startswith("name: "), error
    if len(name) >= 2 and len(name) <= 20:  # the form a name needs, in words, not as a pattern
        assert error == ("name: a player's name is 2 to 20 letters, digits, - or _, starting "
                         "with a letter or digit")


def test_a_profile_of_a_name_no_player_can_have_says_the_form_of_a_name(client):
    token = client.post("/api/players", json={"name": "alice"}).json()["token"]
    response = client.get("/api/players/a%20b", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 422
    assert response.json()["error"] == ("path.name: a player's name is 2 to 20 letters, "
                                        "digits, - or _, starting with a letter or digit")


@pytest.mark.parametrize("header", [None, "Bearer nope", "Basic YWxpY2U6eA==", "Bearer "])
def test_calls_need_a_valid_bearer_token(client, header):
    headers = {"Authorization": header} if header is not None else {}
    response = client.get("/api/players/me", headers=headers)
    assert response.status_code == 401
    assert response.json()["error"] in (
        "unknown token",
        "this call needs 'Authorization: Bearer TOKEN' (POST /api/players gives a token)")


def test_each_token_has_a_rate_limit(db_url):
    with make_client(db_url, rate_limit="3/minute") as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        codes = [client.get("/api/players/me", headers=alice).status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        refused = client.get("/api/players/me", headers=alice)
        assert refused.json()["error"] == "too many requests: at most 3 per 1 minute per token"
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        assert client.get("/api/players/me", headers=bob).status_code == 200


def test_sign_ups_have_a_rate_limit_per_address(db_url):
    with make_client(db_url, signup_limit="2/minute") as client:
        codes = [client.post("/api/players", json={"name": f"p{i}"}).status_code
                 for i in range(3)]
        assert codes == [201, 201, 429]


def test_a_token_is_rotated_and_the_old_one_stops_working(client):
    alice = sign_up(client, "alice")
    rotated = client.post("/api/players/me/token", headers=alice)
    assert rotated.status_code == 200
    new = {"Authorization": f"Bearer {rotated.json()['token']}"}
    assert rotated.json()["name"] == "alice" and new != alice
    assert client.get("/api/players/me", headers=alice).status_code == 401
    assert client.post("/api/players/me/token", headers=alice).status_code == 401
    assert client.get("/api/players/me", headers=new).json()["name"] == "alice"
    stored = client.app.state.db.read(lambda s: s.scalars(select(Player)).one())
    assert stored.token_hash == hashlib.sha256(rotated.json()["token"].encode()).hexdigest()


def test_a_revoked_token_stops_working_in_every_process(db_url):
    with make_client(db_url) as one, make_client(db_url) as other:
        alice = sign_up(one, "alice")
        assert other.get("/api/players/me", headers=alice).status_code == 200  # known there
        assert one.delete("/api/players/me/token", headers=alice).status_code == 204
        assert one.get("/api/players/me", headers=alice).status_code == 401
        other.app.state.tokens.ttl = 0  # the other process asks again after its few seconds
        assert other.get("/api/players/me", headers=alice).status_code == 401
        assert one.delete("/api/players/me/token", headers=alice).status_code == 401
