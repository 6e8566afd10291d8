"""One client cannot take the service's shared capacity: a replay's work and answer are
bounded, and the work of the accounts one address makes is charged to that address."""

import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from rulekeeper.core import registry
from rulekeeper.core.game import new_game
from rulekeeper.server.bots import Searches
from tests.server.conftest import make_client, sign_up
from tests.server.live import LiveServer
from tests.server.runs_client import play_shop


def long_battle() -> dict:
    """A cryptids battle of every cryptid at 999 HP: hundreds of events."""
    sample, _ = registry.load("cryptids").content_set.raw()
    hp = {f"cryptids.cryptids.{c['id']}.hp": 999 for c in sample["cryptids"]["cryptids"]}
    game = new_game("cryptids", seed=1, content_set=hp)
    assert len(game.events) > 300
    return game.record().model_dump(mode="json")


def test_a_replay_of_more_events_than_the_server_plays_back_is_refused(db_url):
    with make_client(db_url, replay_events=300) as client:
        me = sign_up(client, "alice")
        refused = client.post("/api/replay", json=long_battle(), headers=me)
        assert refused.status_code == 413, refused.text
        assert "at most 300 are played back here" in refused.json()["error"]
        short = new_game("cryptids", seed=1).record().model_dump(mode="json")
        assert client.post("/api/replay", json=short, headers=me).status_code == 200


def test_the_frames_of_a_stored_game_or_battle_are_bounded_as_a_replay(db_url):
    """Found by a hostile client: a stored game's or battle's frames (the board at every
    event) had no bound, where ``POST /api/replay`` of the same record has one: a long game
    played against quick bots took the lane for as long as its film."""
    with make_client(db_url) as client:  # played back whole under the default bound
        me = sign_up(client, "alice")
        game = client.post("/api/games", json={"ruleset": "cryptids", "seed": 1},
                           headers=me).json()
        battle = play_shop(client, me, client.post("/api/runs", headers=me).json())["battle"]
        paths = (f"/api/games/{game['id']}/frames", f"/api/battles/{battle['id']}/frames")
        answers = [client.get(path, headers=me) for path in paths]
        assert [answer.status_code for answer in answers] == [200, 200]
    # a bound below both films' lengths (the battle's opponent is not fixed, nor its length)
    bound = min(len(answer.json()["events"]) for answer in answers) - 2
    assert bound >= 2
    with make_client(db_url, replay_events=bound) as client:
        for path in paths:
            refused = client.get(path, headers=me)
            assert refused.status_code == 413, refused.text[:200]
            assert f"events; at most {bound} are played back here" in refused.json()["error"]


def test_the_accounts_of_one_address_share_its_work_budget(db_url):
    with make_client(db_url, address_budget=0.001) as client:
        record = new_game("cryptids", seed=1).record().model_dump(mode="json")
        first = client.post("/api/replay", json=record, headers=sign_up(client, "alice"))
        assert first.status_code == 200
        fresh = client.post("/api/replay", json=record, headers=sign_up(client, "bob"))
        assert fresh.status_code == 429 and "Retry-After" in fresh.headers
        assert "an address" in fresh.json()["error"]


def test_searches_serve_their_players_in_turn():
    moved, gate = [], threading.Event()
    searches = Searches(moved.append)
    try:
        searches._pool.submit(gate.wait, 10)  # the worker is busy: the games queue
        for game_id, creator in (("a1", 1), ("a2", 1), ("a3", 1), ("b1", 2), ("a1", 1)):
            searches.ask(game_id, creator)
        gate.set()
        searches._pool.submit(lambda: None).result(10)
        assert moved == ["a1", "b1", "a2", "a3"]  # bob's game is not behind all of alice's
    finally:
        searches.close()


def test_a_search_asked_for_while_the_process_stops_is_left_to_the_sweep():
    moved: list[str] = []
    searches = Searches(moved.append)
    searches.close()
    searches.ask("a1", 1)  # a search that ended during shut-down asks for the next move
    assert moved == [] and not searches._queued


def test_a_player_has_only_so_many_games_waiting_for_a_search(db_url):
    seats = {"red": {"kind": "bot", "bot": "mcts"}, "blue": {"kind": "human"}}
    body = {"ruleset": "dire-alliance-battle", "seats": seats}
    with make_client(db_url, search_budget="3", searches_waiting=2) as client:
        gate = threading.Event()
        client.app.state.searches._pool.submit(gate.wait, 30)  # the searches wait
        try:
            alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
            for _ in range(2):
                assert client.post("/api/games", json=body, headers=alice).status_code == 201
            refused = client.post("/api/games", json=body, headers=alice)
            assert refused.status_code == 429 and "Retry-After" in refused.headers
            assert "2 of your games wait for a searching bot" in refused.json()["error"]
            assert client.post("/api/games", json=body, headers=bob).status_code == 201
            human_first = {**body, "seats": {"red": {"kind": "human"},
                                             "blue": {"kind": "bot", "bot": "mcts"}}}
            assert client.post("/api/games", json=human_first, headers=alice).status_code == 201
        finally:
            gate.set()


def exchange(port: int, sent: bytes, wait: float) -> bytes:
    """What the server answers to ``sent`` within ``wait`` seconds (b"" if nothing), the
    connection then closed by the server, or by the test."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as sock:
        sock.sendall(sent)
        answer = b""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                break
            if not chunk:  # closed by the server
                return answer or b"closed"
            answer += chunk
        return answer or b"still open"


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # (the HTTP layer's, not the DB's)
def test_upgrade_requests_are_answered_as_any_other_and_log_nothing(db_url):
    """The service offers no WebSocket: a request asking for one (or h2c) is answered as
    HTTP, and writes nothing to the server's log (uvicorn logged two warnings for each: any
    client could fill the log at its request rate)."""
    upgrade = (b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\n"
               b"Upgrade: %s\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
               b"Sec-WebSocket-Version: 13\r\n\r\n")
    with LiveServer(db_url) as server:
        answers = [exchange(server.port, upgrade % kind, 3) for kind in (b"websocket", b"h2c")]
        assert [a.split(b"\r\n")[0] for a in answers] == [b"HTTP/1.1 200 OK"] * 2
        assert b'"status":"ok"' in answers[0]
        assert "Unsupported upgrade" not in server.output()
        assert "WebSocket" not in server.output()


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # (the HTTP layer's, not the DB's)
def test_slow_or_oversized_requests_are_cut(db_url):
    with LiveServer(db_url, RULEKEEPER_READ_WAIT="1") as server:
        with ThreadPoolExecutor(5) as pool:
            answers = list(pool.map(lambda sent: exchange(server.port, sent, 10), [
                b"",  # nothing at all
                b"GET /api/health HTTP/1.1\r\nHost: x\r\n",  # headers never ended
                b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: 60000\r\n\r\n{\"name\":",  # a body never sent
                b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n",
                b"GET /api/health HTTP/1.1\r\nHost: x\r\n" + b"X-A: b\r\n" * 5000 + b"\r\n",
            ]))
        assert answers[0].startswith(b"HTTP/1.1 408"), answers[0]
        assert answers[1].startswith(b"HTTP/1.1 408") and b"within 1 s" in answers[1]
        assert answers[2] == b"closed"
        assert answers[3].startswith(b"HTTP/1.1 431") and b"16,384 bytes" in answers[3]
        assert answers[4].startswith(b"HTTP/1.1 431")
        healthy = exchange(server.port, b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n", 3)
        assert healthy.startswith(b"HTTP/1.1 200"), healthy  # kept alive, still open
