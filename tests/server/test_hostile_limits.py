"""Issue 30, third round: what one person with many free accounts, or with none, could still
take from everyone else. Requests without a token are bounded per address; the lab's queue
is shared by address; a game whose clock plays it on is charged to its creator; a player's
pending invitations are bounded whoever sends them."""

from __future__ import annotations

import contextlib
import json
import threading
import time
import warnings
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from sqlalchemy import update

from rulekeeper.server import live, upkeep
from rulekeeper.server.config import Settings
from rulekeeper.server.errors import TooManyRequests
from rulekeeper.server.lab_runner import claim
from rulekeeper.server.models import StoredGame, StoredLabJob, StoredRun, now
from tests.server.conftest import make_client, sign_up

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # (as tests/server/conftest.py imports it)
    from fastapi.testclient import TestClient


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
            assert refused.headers["X-Frame-Options"] == "DENY"  # (as on every answer)
        refused = client.post("/api/players", json={"name": "bob"})
        assert refused.status_code == 429  # sign-ups are requests without a token too
        for _ in range(10):  # a player's token, once known, counts for itself
            assert client.get("/api/lobby", headers=alice).status_code == 200
        client.app.state.tokens.ttl = 0  # alice idle a while: her token is checked again,
        for _ in range(3):  # still counted to itself, not to the address others spent
            assert client.get("/api/players/me", headers=alice).status_code == 200
        assert client.get("/api/lobby", headers={"Authorization": "Bearer rk_made-up"}
                          ).status_code == 429  # (a token never found still counts there)


def test_many_known_tokens_of_one_address_share_its_ceiling(db_url):
    """Accounts made behind one address each have a token's rate, but every request of the
    address, with a known token or without, counts to its ceiling: 429 with Retry-After
    beyond it, whichever of its tokens asks; another address is not concerned."""
    with make_client(db_url, address_ceiling="10/minute") as client:
        tokens = [sign_up(client, f"p{i}") for i in range(3)]  # 3
        for headers in tokens:  # 6: each token checked once (then known)
            assert client.get("/api/players/me", headers=headers).status_code == 200
        for headers in tokens:  # 9: the known tokens' own rates are far from spent
            assert client.get("/api/lobby", headers=headers).status_code == 200
        assert client.get("/api/lobby", headers=tokens[0]).status_code == 200  # 10
        for headers in (*tokens, {}):
            refused = client.get("/api/lobby", headers=headers)
            assert refused.status_code == 429
            assert refused.json() == {"error": "too many requests: at most 10 per 1 minute per "
                                               "address, with a token or without"}
            assert 1 <= int(refused.headers["Retry-After"]) <= 60
        assert client.post("/api/players", json={"name": "p9"}).status_code == 429
        elsewhere = TestClient(client.app, client=("192.0.2.7", 50000))  # (the app runs)
        assert elsewhere.get("/api/lobby", headers=tokens[1]).status_code == 200


def test_a_player_holds_so_many_invitations_whoever_sends_them(db_url):
    """Many accounts of one person each keep 3 seats for their victim at most: the victim
    holds at most ``invitations_held`` unanswered in all; the oldest stay, a new one is
    429 naming the player, nothing stored."""
    with make_client(db_url, invitations_held=2) as client:
        bob = sign_up(client, "bob")
        senders = [sign_up(client, name) for name in ("alice", "carol", "dave")]

        def inviting(headers):
            return client.post("/api/games", headers=headers, json={
                "ruleset": "dire-alliance-battle",
                "seats": {"blue": {"kind": "human", "player": "bob"}}})

        first, second = (inviting(sender) for sender in senders[:2])
        assert first.status_code == second.status_code == 201, first.text
        refused = inviting(senders[2])
        assert refused.status_code == 429, refused.status_code
        assert refused.json()["error"] == (
            "seats.blue: bob holds 2 invitations not answered yet (at most 2): they can be "
            "invited again once they take or decline one")
        assert refused.headers["Retry-After"]
        assert client.get("/api/games", headers=senders[2]).json() == []  # nothing stored
        held = client.get("/api/invitations", headers=bob).json()
        assert sorted(i["game"] for i in held) == sorted(
            answer.json()["id"] for answer in (first, second))  # the oldest stay
        declined = client.post(f"/api/games/{first.json()['id']}/decline", headers=bob,
                               json={"seat": "blue"})
        assert declined.status_code == 204
        assert inviting(senders[2]).status_code == 201


LAB_JOB = {"kind": "simulate", "ruleset": "cryptids", "games": 10, "seed": 1}


def test_the_labs_queue_is_shared_by_address_whatever_accounts_ask(db_url, tmp_path):
    """50 free accounts of one person, 2 jobs each, filled the queue (100) and every other
    designer was refused: now one address holds at most ``lab_address_at_once`` jobs queued
    or running, and the lane goes to addresses in turn, then to their players in turn."""
    with make_client(db_url, lab_folder=tmp_path, lab_jobs=False, lab_at_once=1,
                     lab_address_at_once=3) as client:
        sybils = [sign_up(client, f"sybil{i}") for i in range(4)]
        asked = [client.post("/api/lab/jobs", json=LAB_JOB, headers=s) for s in sybils]
        assert [a.status_code for a in asked] == [202, 202, 202, 429]
        assert asked[3].json()["error"] == (
            "your address has 3 lab jobs queued or running, whatever accounts asked them (at "
            "most 3): wait for one, or cancel one")
        assert asked[3].headers["Retry-After"]
        elsewhere = TestClient(client.app, client=("192.0.2.7", 50000))  # another person
        designer = sign_up(elsewhere, "designer")
        theirs = elsewhere.post("/api/lab/jobs", json=LAB_JOB, headers=designer)
        assert theirs.status_code == 202, theirs.text
        db = client.app.state.db

        def next_job() -> str:
            job = db.write(lambda s: claim(s, "here:1"))
            db.write(lambda s: s.execute(update(StoredLabJob).where(
                StoredLabJob.id == job.id).values(state="done", finished_at=now())))
            return job.id

        ids = [a.json()["id"] for a in asked[:3]]
        # the address that waited longest first: the designer's job before the 2nd sybil's
        assert [next_job() for _ in range(4)] == [ids[0], theirs.json()["id"], ids[1], ids[2]]



def test_an_address_asks_so_many_lab_jobs_a_day_whatever_accounts_ask(db_url, tmp_path):
    """Each job keeps its results and report (about 84 KB for one game) and the lane runs
    10 to 20 small jobs a minute: one address kept busy filled the lab's folder by a gigabyte
    or two a day. Now it asks at most ``lab_address_jobs_a_day`` jobs in 24 hours, done,
    cancelled or waiting, whatever accounts asked them; another address is not refused,
    and a job a day old no longer counts."""
    with make_client(db_url, lab_folder=tmp_path, lab_jobs=False,
                     lab_address_jobs_a_day=3) as client:
        sybils = [sign_up(client, f"sybil{i}") for i in range(3)]
        ids = [client.post("/api/lab/jobs", json=LAB_JOB, headers=s).json()["id"]
               for s in sybils]
        db = client.app.state.db
        db.write(lambda s: s.execute(update(StoredLabJob).where(StoredLabJob.id.in_(ids[:2]))
                                     .values(state="done", finished_at=now())))
        client.delete(f"/api/lab/jobs/{ids[2]}", headers=sybils[2])
        refused = client.post("/api/lab/jobs", json=LAB_JOB, headers=sign_up(client, "sybil3"))
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"] == (
            "your address asked 3 lab jobs in 24 hours, whatever accounts asked them (at most "
            "3): try again tomorrow")
        assert refused.headers["Retry-After"]
        french = client.post("/api/lab/jobs?lang=fr", json=LAB_JOB, headers=sybils[0])
        assert french.json()["error"].replace("\xa0", " ") == (
            "votre adresse a demandé 3 tâches du labo en 24 heures, quels que soient les comptes "
            "qui les ont demandées (au plus 3) : réessayez demain")
        elsewhere = TestClient(client.app, client=("192.0.2.7", 50000))
        assert elsewhere.post("/api/lab/jobs", json=LAB_JOB,
                              headers=sign_up(elsewhere, "designer")).status_code == 202
        db.write(lambda s: s.execute(update(StoredLabJob).where(StoredLabJob.id == ids[0])
                                     .values(created_at=now() - timedelta(days=1, minutes=1))))
        again = client.post("/api/lab/jobs", json=LAB_JOB, headers=sybils[0])
        assert again.status_code == 202, again.text

def clocked(client, headers):
    """A game against a bot on a clock of 1 s whose bot decides for a late seat: left
    alone, the sweep plays it on by itself."""
    created = client.post("/api/games", headers=headers, json={
        "ruleset": "dire-alliance-battle", "clock": {"decision": 1, "expiry": "bot"}})
    assert created.status_code == 201, created.text
    return created.json()["id"]


def clock_moves(client, game_id) -> int:
    return len(client.app.state.db.read(lambda s: s.get(StoredGame, game_id)).deciders)


def test_games_a_clock_plays_on_are_charged_to_their_creator(db_url, monkeypatch):
    """A clock whose bot decides for a late seat lets a game play itself in the server's
    sweep. Six accounts of one address made 120 such games and another player's clock ran
    out 11 to 15 s late: the sweep took clocks by deadline, and charged nobody. Now
    creators are served in turn, and each expiry is charged to the game's creator and to
    their address: past either budget, their games wait."""
    monkeypatch.setattr(upkeep, "BATCH", 2)
    # the sweeps are the test's: the app's own, every second, played the 1 s clocks already
    # run out when making the games took a loaded machine over a second (1 == 2 below)
    monkeypatch.setattr(upkeep, "SWEEP_EVERY", 3600.0)
    with make_client(db_url) as client:
        sybils = [sign_up(client, name) for name in ("sybil1", "sybil2")]
        theirs = [clocked(client, sybils[0]) for _ in range(3)] + [clocked(client, sybils[1])]
        elsewhere = TestClient(client.app, client=("192.0.2.7", 50000))
        victim = sign_up(elsewhere, "victim")
        mine = clocked(elsewhere, victim)  # its clock runs out last
        state, costs = client.app.state, client.app.state.costs
        sybil1 = client.get("/api/players/me", headers=sybils[0]).json()["id"]
        made = costs.spent(sybil1, time.monotonic())  # (making its games)
        later = now() + timedelta(seconds=5)
        assert upkeep.sweep(state, later) == 2  # a batch: each creator's first game...
        assert [clock_moves(client, game) for game in [*theirs, mine]] == [1, 0, 0, 1, 0]
        assert upkeep.sweep(state, later) == 2  # ...then the next in turn, the victim's
        assert [clock_moves(client, game) for game in [*theirs, mine]] == [1, 1, 0, 1, 1]
        assert costs.spent(sybil1, time.monotonic()) > made  # the sweep's work: its creator's
        costs.address_budget = costs.spent("address testclient", time.monotonic())
        before = [clock_moves(client, game) for game in theirs]
        later += timedelta(seconds=5)
        assert upkeep.sweep(state, later) == 1  # the victim's game, not the sybils'
        assert [clock_moves(client, game) for game in theirs] == before
        assert clock_moves(client, mine) == 2
        costs.address_budget = 1e6
        costs.budget = 1e-9  # each player's own budget spent, whatever their address's
        later += timedelta(seconds=5)
        assert upkeep.sweep(state, later) == 0
        costs.budget = 1e6
        assert upkeep.sweep(state, later) == 2


@pytest.mark.parametrize(("path", "body"), [
    ("/api/lab/jobs", {"kind": "simulate", "ruleset": "cryptids", "games": 2,
                       "set": {"cryptids.cryptids.bigfoot.name.en": "\ud800"}}),
    ("/api/lab/jobs", {"kind": "sweep", "ruleset": "cryptids", "games": 2, "vary": [
        {"set": "cryptids.cryptids.bigfoot.name.en", "values": ["x", "a\udfffb"]}]}),
    ("/api/games", {"ruleset": "cryptids", "options": {"left": {
        "file": "\ud800", "team": {"name": "x", "cryptids": [{"cryptid": "dahu"}]}}}}),
    ("/api/games", {"ruleset": "cryptids", "options": {"\ud800": 1}}),
])
def test_a_lone_surrogate_in_a_json_body_is_a_422(client, path, body):
    """JSON's escapes can write half of a UTF-16 pair alone (``"\\ud800"``), which Python
    reads into text no encoder takes: a lab job's content value and a game's team so given
    were 500s (hashing the content, writing the record), on every database."""
    me = sign_up(client, "probe")
    text = json.dumps(body)  # (ASCII: each surrogate as its escape)
    answer = client.post(path, headers={**me, "Content-Type": "application/json"},
                         content=text)
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"].startswith("the body holds a lone UTF-16 surrogate (\\ud")
    assert client.get("/api/games", headers=me).json() == []
    assert client.get("/api/lab/jobs", headers=me).json() == []
    paired = text.replace("\\ud800", "\\ud83d\\ude00").replace("\\udfff", "\\ud83d\\ude00")
    assert client.post(path, headers={**me, "Content-Type": "application/json"},
                       content=paired).status_code < 500  # an emoji escaped is a character


def test_players_joining_one_seat_at_once_seat_exactly_one(client):
    """Six players take the one open seat of a public game at the same instant: one gets
    it, the others a 409, and the game goes on with that one (no seat given twice, no
    version skipped)."""
    alice = sign_up(client, "alice")
    joiners = [sign_up(client, f"joiner{i}") for i in range(6)]
    game = client.post("/api/games", headers=alice, json={
        "ruleset": "dire-alliance-battle", "public": True, "seats": {"blue": {"kind": "open"}}})
    assert game.status_code == 201, game.text
    game_id = game.json()["id"]
    start = threading.Barrier(len(joiners))

    def join(headers):
        start.wait(10)
        return client.post(f"/api/games/{game_id}/join", headers=headers, json={"seat": "blue"})

    with ThreadPoolExecutor(len(joiners)) as pool:
        answers = list(pool.map(join, joiners))
    assert sorted(a.status_code for a in answers) == [200] + [409] * 5, [a.text for a in answers]
    winner = joiners[next(i for i, a in enumerate(answers) if a.status_code == 200)]
    name = client.get("/api/players/me", headers=winner).json()["name"]
    view = client.get(f"/api/games/{game_id}", headers=alice).json()
    assert view["version"] == 1 and [s["player"] for s in view["seats"]] == ["alice", name]
    assert [g["id"] for g in client.get("/api/games", headers=winner).json()] == [game_id]


def test_a_sweep_of_too_many_variants_is_refused_before_its_check(client):
    """Each variant of a sweep has its content checked in the request that asks it: 998
    values of one path held the one lane for 45 s (every other player's calls waited, then
    503). A lab job asks at most 64 variants: more is a 400 before any is checked."""
    me = sign_up(client, "designer")
    sweep = {"kind": "sweep", "ruleset": "cryptids", "games": 1, "vary": [
        {"set": "cryptids.cryptids.bigfoot.hp", "values": list(range(1, 14))},
        {"set": "cryptids.cryptids.dahu.hp", "values": [1, 2, 3, 4, 5]}]}
    refused = client.post("/api/lab/jobs", headers=me, json=sweep)
    assert refused.status_code == 400, refused.text
    assert refused.json()["error"] == ("vary: 65 variants (every combination of the values "
                                       "given); a lab job on the server asks at most 64")
    assert client.get("/api/lab/jobs", headers=me).json() == []


def test_streams_opened_at_the_same_instant_are_counted_one_after_the_other(monkeypatch):
    """A stream's opening checked its player's count and added to it under two holds of the
    lock: openings at the same instant could each pass the check before any was counted.
    (The count is made slow here, as a busy process may make it, to make the race certain.)"""
    followers = live.Followers(player=2, address=100)
    counted = live.Followers.counted

    @contextlib.contextmanager
    def slowly(self, payers):
        time.sleep(0.05)
        with counted(self, payers):
            yield

    monkeypatch.setattr(live.Followers, "counted", slowly)
    start, opened, refused = threading.Barrier(6), [], []
    release = threading.Event()

    def open_one():
        start.wait(60)
        try:
            with followers.opening(7, "address here"):
                opened.append(1)
                release.wait(60)
        except TooManyRequests:
            refused.append(1)
            return "refused"
        return "opened"

    with ThreadPoolExecutor(6) as pool:
        answers = [pool.submit(open_one) for _ in range(6)]
        try:  # until each opening is open (held) or refused: not a time a busy machine may take
            deadline = time.monotonic() + 60
            while len(opened) + len(refused) < 6 and time.monotonic() < deadline:
                time.sleep(0.01)
            assert len(opened) == 2
        finally:
            release.set()
        assert sorted(a.result() for a in answers) == ["opened"] * 2 + ["refused"] * 4


def test_a_searching_bots_move_is_charged_to_the_games_creator(db_url):
    """A searching bot's move (seconds of search, in the background) was charged to nobody:
    now to the game's creator and their address, and a creator past their work budget waits
    for it (the sweep asks again for a search left waiting)."""
    with make_client(db_url, search_budget="3") as client:
        state, costs = client.app.state, client.app.state.costs
        asked: list[str] = []
        state.searches.ask = lambda game_id, _creator: asked.append(game_id)
        alice = sign_up(client, "alice")
        view = client.post("/api/games", headers=alice, json={
            "ruleset": "enemy-attacks", "seed": 1,
            "seats": {"p1": {"kind": "human"}, "p2": {"kind": "bot", "bot": "mcts"}}}).json()
        game_id = view["id"]
        while not asked:
            pending = view["view"]["pending"]
            answer = client.post(f"/api/games/{game_id}/decisions", headers=alice, json={
                "seat": pending["player"], "option": pending["options"][0]["id"],
                "version": view["version"]})
            assert answer.status_code == 200, answer.text
            view = answer.json()
        me = client.get("/api/players/me", headers=alice).json()["id"]

        def version() -> int:
            return state.db.read(lambda s: s.get(StoredGame, game_id)).version

        waiting, spent = version(), costs.spent(me, time.monotonic())
        costs.budget = spent / 2  # alice's budget spent: her bot waits
        upkeep.move_searching_bot(state, game_id)
        assert version() == waiting and costs.spent(me, time.monotonic()) == spent
        costs.budget = 1e6
        upkeep.move_searching_bot(state, game_id)
        assert version() == waiting + 1
        assert costs.spent(me, time.monotonic()) > spent  # the search: its creator's


def test_the_new_refusals_are_said_in_the_pages_language(db_url):
    """The /play and /lab pages ask in French (``?lang=fr``): the new limits are said so."""

    def said(answer):  # (French's space before ':' is a narrow one)
        return answer.json()["error"].replace("\xa0", " ").replace("\u202f", " ")

    with make_client(db_url, invitations_held=1, lab_address_at_once=1, lab_jobs=False) as client:
        bob, alice, carol = (sign_up(client, name) for name in ("bob", "alice", "carol"))
        invite = {"ruleset": "dire-alliance-battle",
                  "seats": {"blue": {"kind": "human", "player": "bob"}}}
        assert client.post("/api/games", headers=alice, json=invite).status_code == 201
        refused = client.post("/api/games?lang=fr", headers=carol, json=invite)
        assert refused.status_code == 429 and said(refused) == (
            "seats.blue : bob a 1 invitation sans réponse (au plus 1) : on pourra l'inviter de "
            "nouveau quand il en aura accepté ou décliné une")
        assert client.post("/api/lab/jobs", headers=alice, json=LAB_JOB).status_code == 202
        refused = client.post("/api/lab/jobs?lang=fr", headers=carol, json=LAB_JOB)
        assert refused.status_code == 429 and said(refused).startswith(
            "votre adresse a 1 tâche du labo en attente ou en cours, quels que soient")
        sweep = {"kind": "sweep", "ruleset": "cryptids", "games": 1, "vary": [
            {"set": "cryptids.cryptids.bigfoot.hp", "values": list(range(1, 66))}]}
        refused = client.post("/api/lab/jobs?lang=fr", headers=bob, json=sweep)
        assert refused.status_code == 400 and said(refused) == (
            "vary : 65 variantes (toutes les combinaisons des valeurs données) ; une tâche du "
            "labo sur le serveur en demande au plus 64")


def test_a_known_token_does_not_open_the_routes_that_need_none_without_a_limit(db_url):
    """A token the process knows skips the per-address limit: it is counted to its token's
    limit instead, on every route (the lobby needs no token, and a token sent with it had
    made every such request free of any limit), once only on routes that need a token."""
    with make_client(db_url, rate_limit="6/minute", address_limit="1000/minute") as client:
        alice = sign_up(client, "alice")
        assert client.get("/api/players/me", headers=alice).status_code == 200  # 1: now known
        for _ in range(3):
            assert client.get("/api/lobby", headers=alice).status_code == 200  # 2 to 4
        assert client.get("/api/games", headers=alice).status_code == 200  # 5 (not 5 and 6)
        assert client.get("/api/lobby", headers=alice).status_code == 200  # 6
        refused = client.get("/api/lobby", headers=alice)
        assert refused.status_code == 429
        assert refused.json()["error"] == "too many requests: at most 6 per 1 minute per token"
        assert client.get("/api/lobby").status_code == 200  # the address's own limit


LOBBY_GAME = {"ruleset": "dire-alliance-battle", "public": True,
              "seats": {"red": {"kind": "human"}, "blue": {"kind": "open"}}}


def test_the_unfinished_games_of_one_address_are_bounded_whatever_accounts_make_them(db_url):
    """20 unfinished games a player, and 60 free accounts a minute an address: one address
    filled the lobby with 100 public games in 3 s (1,200 a minute, each kept 7 days). Now
    an address holds at most ``address_games`` unfinished games, whatever accounts made
    them; another address is not held back, and a game finished or cancelled frees its
    place."""
    with make_client(db_url, address_games=3) as client:
        sybils = [sign_up(client, f"sybil{i}") for i in range(4)]
        made = [client.post("/api/games", headers=s, json=LOBBY_GAME) for s in sybils]
        assert [m.status_code for m in made] == [201, 201, 201, 429]
        assert made[3].json()["error"] == (
            "your address has 3 unfinished games made from it, whatever accounts made them "
            "(at most 3): finish one, or cancel one nobody else has joined, before you start "
            "another")
        assert made[3].headers["Retry-After"]
        assert len(client.get("/api/lobby").json()) == 3  # nothing stored for the 4th
        elsewhere = TestClient(client.app, client=("192.0.2.7", 50000))  # another person
        theirs = elsewhere.post("/api/games", headers=sign_up(elsewhere, "someone"),
                                json=LOBBY_GAME)
        assert theirs.status_code == 201, theirs.text
        cancelled = client.post(f"/api/games/{made[0].json()['id']}/cancel", headers=sybils[0])
        assert cancelled.status_code == 200, cancelled.text
        again = client.post("/api/games?lang=fr", headers=sybils[3], json=LOBBY_GAME)
        assert again.status_code == 201, again.text
        refused = client.post("/api/games?lang=fr", headers=sybils[3], json=LOBBY_GAME)
        assert refused.status_code == 429
        assert refused.json()["error"].replace("\xa0", " ").replace("\u202f", " ").startswith(
            "3 parties inachevées ont été créées depuis votre adresse, quels que soient")


def test_an_ipv6_client_is_counted_by_its_network_not_each_address(db_url):
    """A host on IPv6 holds a /64 (2^64 addresses) and may send each request from a new
    one: counted by full address, each found fresh sign-ups, request limits, budgets and
    shares. Every per-address limit counts an IPv6 client by its /64; an IPv4 address
    written as IPv6 (a dual-stack socket's) is that IPv4 address."""
    with make_client(db_url, signup_limit="3/minute", address_games=2) as client:
        def at(host: str) -> TestClient:
            return TestClient(client.app, client=(host, 50000))

        names = iter(f"p{i}" for i in range(100))
        one_host = [at(f"2001:db8:1:2::{n:x}") for n in range(1, 5)]  # one /64
        signed = [c.post("/api/players", json={"name": next(names)}) for c in one_host]
        assert [s.status_code for s in signed] == [201, 201, 201, 429]
        assert at("2001:db8:1:3::1").post(  # the next /64: another client
            "/api/players", json={"name": next(names)}).status_code == 201
        mapped = [at(h).post("/api/players", json={"name": next(names)})
                  for h in ("192.0.2.7", "::ffff:192.0.2.7", "192.0.2.7", "::ffff:192.0.2.7")]
        assert [m.status_code for m in mapped] == [201, 201, 201, 429]
        tokens = [{"Authorization": f"Bearer {s.json()['token']}"} for s in signed[:3]]
        made = [c.post("/api/games", headers=t, json=LOBBY_GAME)
                for c, t in zip(one_host, tokens, strict=False)]
        assert [m.status_code for m in made] == [201, 201, 429]
        assert "your address has 2 unfinished games" in made[2].json()["error"]
    with make_client(db_url, address_limit="3/minute") as client:
        lobby = [TestClient(client.app, client=(f"2001:db8:9:9::{n}", 1)).get("/api/lobby")
                 for n in range(1, 5)]
        assert [answer.status_code for answer in lobby] == [200, 200, 200, 429]


def test_the_games_one_address_makes_a_day_are_bounded_finished_or_not(db_url):
    """Found in the fifth round: a game over once made (a cryptids battle), or resigned at
    once, left the count of unfinished games as it came, so one address stored a game a
    request (300 in 11 s, about 4 KB each: gigabytes a day). Now an address makes at most
    ``address_games_a_day`` games in 24 hours, finished or not, whatever accounts made
    them; another address is not held back, and a game a day old frees its place."""
    with make_client(db_url, address_games_a_day=3) as client:
        made = bounded_a_day(
            client, lambda c, headers, query="": c.post(
                f"/api/games{query}", headers=headers, json={"ruleset": "cryptids"}),
            StoredGame, "your address made 3 games in the last 24 hours, whatever accounts "
                        "made them (at most 3): try again later",
            "3 parties ont été créées depuis votre adresse ces dernières 24 heures")
        assert all(m.json()["over"] for m in made[:3])


def test_the_runs_one_address_starts_a_day_are_bounded_whatever_accounts_start_them(db_url):
    """Found in the fifth round: a player has one run at a time, but free accounts each
    start one, and each run stores up to 30 battles and 30 rows: the runs of one address
    grew the database with the request rates only. Now an address starts at most
    ``address_runs_a_day`` runs in 24 hours whatever accounts started them; a player's run
    in progress is returned to them still, another address is not held back, and a run a
    day old frees its place."""
    with make_client(db_url, address_runs_a_day=3) as client:
        made = bounded_a_day(
            client, lambda c, headers, query="": c.post(f"/api/runs{query}", headers=headers),
            StoredRun, "your address started 3 runs in the last 24 hours, whatever accounts "
                       "started them (at most 3): try again later",
            "3 parties ont été commencées depuis votre adresse ces dernières 24 heures")
        for headers, start in zip(made.sybils, made[:3], strict=False):  # at the bound:
            mine = client.post("/api/runs", headers=headers)  # a run in progress is theirs
            assert mine.status_code == 200 and mine.json()["id"] == start.json()["id"]


class Made(list):
    """What :func:`bounded_a_day` made (the answers), and the accounts that asked."""

    sybils: list[dict[str, str]]


def bounded_a_day(client, make, model, refused: str, french: str) -> Made:
    """One address, at most 3 of ``model`` a day (``make(client, headers, query="")`` asks
    for one as a new account of the client's): the fourth is 429 (``refused``, ``french``
    on a French page) with ``Retry-After`` when the oldest is a day old, whatever account
    asks; another address is not held back; one made 25 hours ago frees its place."""
    sybils = [sign_up(client, f"sybil{i}") for i in range(5)]
    made = Made(make(client, sybils[i]) for i in range(4))
    made.sybils = sybils
    assert [m.status_code for m in made] == [201, 201, 201, 429], made[-1].text
    assert made[3].json()["error"] == refused
    assert 86_000 < int(made[3].headers["Retry-After"]) <= 86_400
    said = make(client, sybils[4], "?lang=fr")
    assert said.status_code == 429
    assert said.json()["error"].replace("\xa0", " ").replace("\u202f", " ").startswith(french)
    elsewhere = TestClient(client.app, client=("192.0.2.7", 50000))
    theirs = make(elsewhere, sign_up(elsewhere, "someone"))
    assert theirs.status_code == 201, theirs.text
    client.app.state.db.write(lambda s: s.execute(update(model).where(
        model.id == made[0].json()["id"]).values(created_at=now() - timedelta(hours=25))))
    again = make(client, sybils[3])
    assert again.status_code == 201, again.text
    assert make(client, sybils[4]).status_code == 429  # (at the bound again)
    return made


def test_an_address_signs_up_so_many_players_a_day(db_url, monkeypatch):
    """Found in the fifth round: sign-ups were bounded by the minute only (60 a minute an
    address: 86,400 accounts a day, each a row kept for good). The default limit has a day
    window too, which the limiter keeps across its minutes: the 1,001st sign-up of a day is
    429, said in the page's language, and a day later the address signs up again."""
    clock = [time.time()]
    monkeypatch.setattr(time, "time", lambda: clock[0])  # (the limiter's clock)
    with make_client(db_url, signup_limit=Settings.signup_limit) as client:
        for n in range(1000):
            client.app.state.limits.check("signup", "testclient")  # (as POST /api/players)
            if n % 60 == 59:
                clock[0] += 61  # the next minute
        refused = client.post("/api/players", json={"name": "late"})
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"] == ("too many requests: at most 1000 per 1 day per "
                                           "address")
        assert 85_000 < int(refused.headers["Retry-After"]) <= 86_400
        french = client.post("/api/players?lang=fr", json={"name": "late"})
        assert french.json()["error"].replace("\xa0", " ").replace("\u202f", " ") == (
            "trop de requêtes : au plus 1000 par jour par adresse")
        elsewhere = TestClient(client.app, client=("192.0.2.7", 50000))
        assert elsewhere.post("/api/players", json={"name": "other"}).status_code == 201
        clock[0] += 86_400
        assert client.post("/api/players", json={"name": "late"}).status_code == 201
