"""``/api/lab/jobs``: a lab question asked on the server gives the command's numbers; jobs
are their player's, bounded, cancellable, and survive a restart (issue 33)."""

from __future__ import annotations

import html
import io
import json
import os
import re
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pyarrow.parquet as pq
import pytest
from sqlalchemy import event, update

from rulekeeper.lab.batch import BatchSpec
from rulekeeper.lab.names import RulesetWords, entity_names
from rulekeeper.server import lab_jobs
from rulekeeper.server.auth import Me
from rulekeeper.server.db import Database
from rulekeeper.server.lab_runner import claim
from rulekeeper.server.models import StoredLabJob, now
from tests.core.test_cli import run
from tests.server.conftest import make_client, migrated_again, sign_up

HP = "cryptids.cryptids.bigfoot.hp"
SWEEP = {"kind": "sweep", "ruleset": "cryptids", "games": 60, "seed": 7,
         "vary": [{"set": HP, "values": [4, 30]}]}


def wait(client, headers, job_id, states=("done", "failed", "cancelled"), limit=90.0):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        job = client.get(f"/api/lab/jobs/{job_id}", headers=headers).json()
        if job["state"] in states:
            return job
        time.sleep(0.2)
    raise AssertionError(f"job {job_id} still {job['state']} after {limit} s: {job}")


@pytest.fixture
def lab(db_url, tmp_path):
    with make_client(db_url, lab_folder=tmp_path / "lab", lab_at_once=1) as client:
        yield client


def test_a_job_gives_the_commands_answer_and_its_games(lab, tmp_path, capsys, monkeypatch):
    me = sign_up(lab, "designer")
    asked = lab.post("/api/lab/jobs", json=SWEEP, headers=me)
    assert asked.status_code == 202, asked.text
    assert asked.json()["state"] == "queued"
    assert asked.json()["progress"]["planned"] == 120
    job = wait(lab, me, asked.json()["id"])
    assert job["state"] == "done", job
    assert job["progress"]["done"] == 120 and job["progress"]["elapsed"] > 0

    code, out, err = run(["sweep", "cryptids", "--games", "60", "--seed", "7", "--set",
                          f"{HP}=4,30", "--json"], capsys, monkeypatch)
    assert code == 0, err
    assert job["result"] == json.loads(out)  # the same numbers, to the last digit
    assert job["result"]["against_first"][0]["significant"]  # a stronger bigfoot (right) wins more

    games = lab.get(job["results"], headers=me)
    assert games.status_code == 200
    table = pq.read_table(io.BytesIO(games.content))
    assert table.num_rows == 120
    page = lab.get(job["report"], headers=me)
    assert page.status_code == 200 and "attachment" in page.headers["content-disposition"]
    assert "sweep report" in page.text and "bigfoot.hp=30" in page.text
    assert [j["id"] for j in lab.get("/api/lab/jobs", headers=me).json()] == [job["id"]]

    other = sign_up(lab, "someone-else")
    for method, path in (("GET", ""), ("DELETE", ""), ("GET", "/results"), ("GET", "/report")):
        assert lab.request(method, f"/api/lab/jobs/{job['id']}{path}",
                           headers=other).status_code == 404
    assert lab.get("/api/lab/jobs", headers=other).json() == []
    assert lab.delete(f"/api/lab/jobs/{job['id']}", headers=me).json()["state"] == "done"


@pytest.mark.parametrize(("body", "status", "says"), [
    ({"kind": "guess", "ruleset": "cryptids"}, 400, "kind"),
    ({"kind": "simulate", "ruleset": "nope"}, 400, "unknown ruleset"),
    ({"kind": "simulate", "ruleset": "cryptids", "content": "/etc"}, 400, "no folder"),
    ({"kind": "simulate", "ruleset": "cryptids", "games": 10**6}, 400, "at most 20,000"),
    ({"kind": "matchup", "ruleset": "cryptids", "games": 10, "contenders": ["x"] * 64}, 400,
     "up to 40,960 games"),
    ({"kind": "sweep", "ruleset": "cryptids", "vary": [
        {"set": HP, "values": list(range(1000))},
        {"set": "cryptids.cryptids.yeti.hp", "values": list(range(1000))}]}, 400,
     "1,000,000 variants"),
    ({"kind": "simulate", "ruleset": "cryptids", "set": {"cryptids.cryptids.nobody.hp": 3}}, 400,
     "nobody"),
    # a content value's error names its set path (which /lab marks), in our words
    ({"kind": "simulate", "ruleset": "combat-encounter", "set": {
        "items.cards.longsword.damage": "1d8+"}}, 400,
     "set.items.cards.longsword.damage: '1d8+' is not dice notation"),
    ({"kind": "sweep", "ruleset": "combat-encounter", "vary": [{
        "set": "characters.cards.knight.loadout.weapons.0", "values": ["hand-axe", "lngsword"]}]},
     400, "set.characters.cards.knight.loadout.weapons.0: character 'knight': 'lngsword' is not"),
    ({"kind": "tune", "ruleset": "cryptids", "games": 10, "max_games": 10, "vary": [
        {"set": "cryptids.cryptids.bigfoot.hpp", "range": "1..3"}]}, 400,
     "set.cryptids.cryptids.bigfoot.hpp: no field 'hpp' here (did you mean 'hp'?)"),
    ({"kind": "simulate", "ruleset": "cryptids", "games": -1}, 400, "games"),
    ({"kind": "sweep", "ruleset": "cryptids", "vary": [{"set": HP, "range": "1..3"}]}, 400,
     "not a range"),
    ({"kind": "simulate", "ruleset": "cryptids", "agents": ["human"]}, 400, "bots only"),
    ({"kind": "simulate", "ruleset": "dire-alliance-battle", "games": 10,
      "agents": ["mcts:budget=3600s", "mcts:budget=3600s"]}, 400, "at most 1s or 2,000"),
    ({"kind": "matchup", "ruleset": "dire-alliance-battle", "games": 10,
      "contenders": ["heuristic", "mcts:budget=100000"]}, 400, "at most 1s or 2,000"),
    ({"kind": "matchup", "ruleset": "cryptids", "games": 10, "contenders": ["duo"]}, 400,
     "needs at least two contenders, one for each side of a game"),
    ({"kind": "tune", "ruleset": "cryptids", "vary": [{"set": HP, "range": "6..40"}]}, 400,
     "(a narrower range, or fewer games at most for a value: max_games is 3,200)"),
    # the kind in our words, not the model library's ("Input tag 'simulat' found using...")
    ({"kind": "simulat", "ruleset": "cryptids"}, 400, "kind: 'simulat' is not a lab question "
     "(did you mean 'simulate'?); kinds: simulate, sweep, matchup, tune, compare, culprits"),
    ({"ruleset": "cryptids", "games": 10}, 400, "kind: missing; kinds: simulate, sweep, "),
    # numbers are numbers ("games": true had asked 1 game, "10" 10)
    ({"kind": "simulate", "ruleset": "cryptids", "games": True}, 400,
     "simulate.games: Input should be a valid integer"),
    ({"kind": "sweep", "ruleset": "cryptids", "games": "10", "vary": [{"set": HP, "values": [4]}]},
     400, "sweep.games: Input should be a valid integer"),
    ({"kind": "simulate", "ruleset": "cryptids", "seed": True}, 400,
     "simulate.seed: a seed is a whole number, not true or false"),
    ({"kind": "simulate", "ruleset": "combat-encounter", "options": {"players": "3"}}, 400,
     'options.players: Input should be a valid integer, not "3"'),
])
def test_a_bad_question_is_refused_before_it_is_queued(body, status, says, tmp_path):
    with make_client(f"sqlite:///{tmp_path / 'db'}", lab_folder=tmp_path, lab_jobs=False) as c:
        me = sign_up(c, "designer")
        answer = c.post("/api/lab/jobs", json=body, headers=me)
        assert answer.status_code == status and says in answer.json()["error"], answer.text
        assert c.get("/api/lab/jobs", headers=me).json() == []


def test_the_kinds_a_refusal_lists_are_the_questions():
    from typing import get_args

    from rulekeeper.lab.questions import KINDS, Question

    union = get_args(get_args(Question)[0])
    assert tuple(q.model_fields["kind"].default for q in union) == KINDS


def test_a_matchup_of_factions_and_leaders_is_queued(tmp_path):
    """The README's matchup (``-c shroud:countess -c grievers:kramer``) asked on the server:
    its contenders are options, not agents whose searches the caps would read."""
    with make_client(f"sqlite:///{tmp_path / 'db'}", lab_folder=tmp_path, lab_jobs=False) as c:
        me = sign_up(c, "designer")
        answer = c.post("/api/lab/jobs", headers=me, json={
            "kind": "matchup", "ruleset": "dire-alliance-battle", "games": 4,
            "contenders": ["shroud:countess", "grievers:kramer"]})
        assert answer.status_code == 202, answer.text
        assert answer.json()["progress"]["planned"] == 16


def test_quotas_refuse_with_429(tmp_path):
    with make_client(f"sqlite:///{tmp_path / 'db'}", lab_folder=tmp_path, lab_jobs=False,
                     lab_at_once=1, lab_games_a_day=150) as client:
        me = sign_up(client, "designer")
        first = client.post("/api/lab/jobs", json=SWEEP, headers=me)
        assert first.status_code == 202
        again = client.post("/api/lab/jobs", json=SWEEP, headers=me)
        assert again.status_code == 429 and "at most 1" in again.json()["error"]
        assert "Retry-After" in again.headers
        client.delete(f"/api/lab/jobs/{first.json()['id']}", headers=me)
        more = client.post("/api/lab/jobs", json={**SWEEP, "games": 100}, headers=me)
        assert more.status_code == 429 and "24 hours" in more.json()["error"]  # 200 > 150
        assert client.post("/api/lab/jobs", json=SWEEP, headers=me).status_code == 202


def test_a_job_cancelled_once_it_ran_counts_the_games_it_played(tmp_path):
    """The games a day are not given back by cancelling a job that ran (found by a hostile
    client: a job cancelled just before its end counted no game, so a player's games had no
    bound); a job cancelled before it started counts none."""
    with make_client(f"sqlite:///{tmp_path / 'db'}", lab_folder=tmp_path, lab_jobs=False,
                     lab_games_a_day=150) as client:
        me = sign_up(client, "designer")
        asked = client.post("/api/lab/jobs", json={**SWEEP, "games": 50}, headers=me)
        assert asked.status_code == 202, asked.text
        db = client.app.state.db
        job = db.write(lambda s: claim(s, "here:1"))
        assert job is not None and job.id == asked.json()["id"]
        db.write(lambda s: s.execute(update(StoredLabJob).where(StoredLabJob.id == job.id)
                                     .values(done=90)))  # it played 90 of its 100
        assert client.delete(f"/api/lab/jobs/{job.id}", headers=me).json()["state"] == \
            "cancelled"
        more = client.post("/api/lab/jobs", json={**SWEEP, "games": 40}, headers=me)
        assert more.status_code == 429, more.text  # 90 + 2 × 40 > 150 (a sweep of 2 values)
        assert "would make 170 in 24 hours" in more.json()["error"]
        fewer = client.post("/api/lab/jobs", json={**SWEEP, "games": 30}, headers=me)
        assert fewer.status_code == 202, fewer.text  # 90 + 60; cancelled unstarted, it counts 0
        assert client.delete(f"/api/lab/jobs/{fewer.json()['id']}", headers=me).status_code \
            == 200
        assert client.post("/api/lab/jobs", json={**SWEEP, "games": 30},
                           headers=me).status_code == 202


def test_two_jobs_asked_at_once_are_counted_one_after_the_other(db_url, tmp_path):
    """A job's quotas are counted in the transaction that queues it: a second job asked
    while the first's transaction is open waits for it, and is refused. (Found by a hostile
    client: on PostgreSQL, jobs asked at once each saw none of the others, so a player had
    4 jobs queued where 1 is allowed, and as many more games a day.)"""
    with make_client(db_url, lab_folder=tmp_path, lab_jobs=False, lab_at_once=1) as client:
        me = sign_up(client, "designer")
        state = client.app.state
        who = Me(**client.get("/api/players/me", headers=me).json())
        ready, go = threading.Event(), threading.Event()

        def first(session):  # a job asked, its transaction not yet committed
            lab_jobs.admit(session, who, "testclient", 10, state.lab_limits)
            session.add(StoredLabJob(id="first", player_id=who.id, kind="simulate",
                                     ruleset="cryptids-v1", state="queued", question={},
                                     planned=10, done=0, attempts=0, created_at=now()))
            session.flush()
            ready.set()
            go.wait(10)

        with ThreadPoolExecutor(2) as pool:
            asked = pool.submit(state.db.write, first)
            assert ready.wait(10)
            second = pool.submit(client.post, "/api/lab/jobs", json=SWEEP, headers=me)
            time.sleep(1.0)  # (the second waits for the first, or is already answered)
            go.set()
            asked.result()
            refused = second.result()
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"] == ("you have 1 lab jobs queued or running (at most "
                                           "1): wait for one, or cancel one")
        assert [j["id"] for j in client.get("/api/lab/jobs", headers=me).json()] == ["first"]


def test_a_job_cancelled_while_the_runner_claims_it_stays_cancelled(db_url, tmp_path):
    """The runner's claim and a player's cancel of the same queued job, at once: the job
    ends cancelled, never running. (Found by a hostile client: on PostgreSQL a cancel
    committed while the runner chose its job was written over by the claim, and the job
    cancelled ran to its end, its games counted.)"""
    with make_client(db_url, lab_folder=tmp_path, lab_jobs=False) as client:
        me = sign_up(client, "designer")
        db = client.app.state.db
        job = client.post("/api/lab/jobs", json=SWEEP, headers=me).json()
        choosing, go, claiming = threading.Event(), threading.Event(), []

        def pause(_conn, _cursor, statement, *_args):  # the claim, between read and write
            if threading.get_ident() in claiming and "max(lab_jobs.started_at)" in statement:
                choosing.set()
                go.wait(10)

        def claim_it(session):
            claiming.append(threading.get_ident())
            return claim(session, "here:1")

        event.listen(db.engine, "before_cursor_execute", pause)
        try:
            with ThreadPoolExecutor(2) as pool:
                claimed = pool.submit(db.write, claim_it)
                assert choosing.wait(10)
                cancelled = pool.submit(client.delete, f"/api/lab/jobs/{job['id']}",
                                        headers=me)
                time.sleep(1.0)  # (the cancel waits for the claim, or is already answered)
                go.set()
                claimed.result()
                assert cancelled.result().status_code == 200
        finally:
            event.remove(db.engine, "before_cursor_execute", pause)
        assert client.get(f"/api/lab/jobs/{job['id']}", headers=me).json()["state"] == \
            "cancelled"


def test_a_cancelled_job_stops_and_frees_the_lane(lab):
    me = sign_up(lab, "designer")
    long = lab.post("/api/lab/jobs", json={"kind": "simulate", "ruleset": "enemy-attacks",
                                           "games": 20_000}, headers=me).json()
    running = wait(lab, me, long["id"], states=("running",))
    assert running["progress"]["planned"] == 20_000
    cancelled = lab.delete(f"/api/lab/jobs/{long['id']}", headers=me)
    assert cancelled.status_code == 200 and cancelled.json()["state"] == "cancelled"
    short = lab.post("/api/lab/jobs", json={**SWEEP, "games": 10}, headers=me)
    assert short.status_code == 202, short.text  # the cancelled one no longer counts
    assert wait(lab, me, short.json()["id"])["state"] == "done"
    assert wait(lab, me, long["id"])["state"] == "cancelled"
    assert lab.get(f"/api/lab/jobs/{long['id']}/results", headers=me).status_code == 404


def test_a_job_left_running_by_a_stopped_server_is_resumed_or_failed(db_url, tmp_path):
    folder = tmp_path / "lab"
    with make_client(db_url, lab_folder=folder, lab_jobs=False) as client:
        me = sign_up(client, "designer")
        ids = [client.post("/api/lab/jobs", json={**SWEEP, "games": 10}, headers=me).json()["id"]
               for _ in range(2)]
    dead = os.fork()  # a process id that is surely gone: its server died
    if dead == 0:
        os._exit(0)
    os.waitpid(dead, 0)
    db = Database(db_url)
    silent = now().replace(year=2000)
    db.write(lambda s: s.execute(update(StoredLabJob).where(StoredLabJob.id == ids[0]).values(
        state="running", runner=f"{socket.gethostname()[:60]}:{dead}", attempts=1,
        started_at=silent, beat_at=now())))
    db.write(lambda s: s.execute(update(StoredLabJob).where(StoredLabJob.id == ids[1]).values(
        state="running", runner="elsewhere:1", attempts=2, started_at=silent, beat_at=silent)))
    db.dispose()
    with make_client(db_url, lab_folder=folder) as client:
        resumed = wait(client, me, ids[0])
        assert resumed["state"] == "done" and resumed["progress"]["done"] == 20
        failed = wait(client, me, ids[1])
        assert failed["state"] == "failed" and "server stopped" in failed["error"]


def test_a_culprits_job_gives_the_commands_culprits(lab, capsys, monkeypatch):
    me = sign_up(lab, "designer")
    body = {"kind": "culprits", "ruleset": "cryptids", "games": 40, "seed": 3,
            "ablation_games": 20, "entities": 2}
    asked = lab.post("/api/lab/jobs", json=body, headers=me)
    assert asked.status_code == 202, asked.text
    assert asked.json()["progress"]["planned"] == 40 + 2 * 2 * 20  # the ablation is counted
    job = wait(lab, me, asked.json()["id"])
    assert job["state"] == "done", job
    code, out, err = run(["culprits", "cryptids", "--games", "40", "--seed", "3",
                          "--ablation-games", "20", "--entities", "2", "--json"],
                         capsys, monkeypatch)
    assert code == 0, err
    assert job["result"] == json.loads(out)  # the same culprits, to the last digit
    assert len(job["result"]["culprits"]["ablation"]) == 2
    assert "Culprits" in lab.get(job["report"], headers=me).text


def test_a_dead_rules_job_gives_the_commands_rules_and_keeps_no_games(lab, capsys,
                                                                     monkeypatch):
    """/lab had no way to ask which rules never fired: a ``dead-rules`` job answers what
    ``rulekeeper dead-rules --json`` prints, and says it keeps no games (404, not a 500)."""
    me = sign_up(lab, "designer")
    body = {"kind": "dead-rules", "ruleset": "cryptids", "games": 8, "seed": 4, "rare": 0.3}
    asked = lab.post("/api/lab/jobs", json=body, headers=me)
    assert asked.status_code == 202, asked.text
    assert asked.json()["progress"]["planned"] == 8
    job = wait(lab, me, asked.json()["id"])
    assert job["state"] == "done", job
    assert job["progress"]["done"] == 8
    code, out, err = run(["dead-rules", "cryptids", "--games", "8", "--seed", "4", "--rare",
                          "0.3", "--json"], capsys, monkeypatch)
    assert code == 0, err
    assert job["result"] == json.loads(out)
    assert {r["verdict"] for r in job["result"]["rules"]} >= {"never", "fires"}
    assert job["results"] is None and job["report"] is None
    for what in ("results", "report"):
        missing = lab.get(f"/api/lab/jobs/{job['id']}/{what}", headers=me)
        assert missing.status_code == 404 and "keeps no games" in missing.json()["error"]
        french = lab.get(f"/api/lab/jobs/{job['id']}/{what}?lang=fr", headers=me)
        assert "elle ne garde aucune partie" in french.json()["error"], french.text


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # (the lab's clock, not the DB's)
def test_a_job_stops_at_its_time_cap_with_the_games_it_played(db_url, tmp_path):
    # The cap checked is the product's (a job stops at it with the games it finished), so
    # it must leave the job time to finish a first chunk of 50 games, its process and pool
    # started, on a loaded machine: 30 s (5 s was not always enough: CI once took 3 s for
    # that chunk), with so many games asked that no machine plays them all in 30 s.
    with make_client(db_url, lab_folder=tmp_path / "lab", lab_seconds=30,
                     lab_games=1_000_000, lab_games_a_day=1_000_000) as lab:
        me = sign_up(lab, "designer")
        long = lab.post("/api/lab/jobs", json={"kind": "simulate", "ruleset": "enemy-attacks",
                                               "games": 1_000_000}, headers=me).json()
        job = wait(lab, me, long["id"], limit=300)
        assert job["state"] == "done", job["error"]
        assert "time cap (30 s)" in job["result"]["stopped"]
        assert 0 < job["progress"]["done"] < 1_000_000
        games = pq.read_table(io.BytesIO(lab.get(job["results"], headers=me).content))
        assert games.num_rows == job["progress"]["done"]
    # a search slower than the cap: no game ends, the job fails and frees the lane (a short
    # cap here: a loaded machine only makes the games slower still)
    with make_client(db_url, lab_folder=tmp_path / "lab", lab_seconds=5) as lab:
        me = sign_up(lab, "slow")
        slow = lab.post("/api/lab/jobs", json={
            "kind": "simulate", "ruleset": "dire-alliance-battle", "games": 2,
            "agents": ["mcts:budget=1s", "mcts:budget=1s"]}, headers=me).json()
        failed = wait(lab, me, slow["id"])
        assert failed["state"] == "failed" and "before any game finished" in failed["error"]


def test_the_lane_goes_to_the_player_whose_last_job_started_longest_ago(db_url, tmp_path):
    with make_client(db_url, lab_folder=tmp_path, lab_jobs=False, lab_at_once=3) as client:
        first, other = sign_up(client, "first"), sign_up(client, "other")
        ids = [client.post("/api/lab/jobs", json={**SWEEP, "games": 10}, headers=who).json()["id"]
               for who in (first, first, other)]
    db = Database(db_url)
    try:
        db.write(lambda s: s.execute(update(StoredLabJob).where(StoredLabJob.id == ids[0])
                                     .values(state="done", started_at=now())))
        claimed = db.write(lambda s: claim(s, "here:1"))
        assert claimed.id == ids[2]  # not first's older job: first just had the lane
    finally:
        db.dispose()


def test_a_job_asked_in_french_has_its_report_in_french(lab):
    """/lab in French asks with ``?lang=fr``: the job keeps the language and its report,
    written when it ends, is French (its numbers too); a language without a report is 400."""
    me = sign_up(lab, "designer")
    refused = lab.post("/api/lab/jobs?lang=de", json=SWEEP, headers=me)
    assert refused.status_code == 400
    assert refused.json()["error"] == "lang 'de' is not available; languages: en, fr"
    asked = lab.post("/api/lab/jobs?lang=fr", json={**SWEEP, "games": 20}, headers=me)
    assert asked.status_code == 202, asked.text
    assert asked.json()["lang"] == "fr"
    job = wait(lab, me, asked.json()["id"])
    assert job["state"] == "done" and job["lang"] == "fr", job
    page = lab.get(job["report"], headers=me).text
    assert "<html lang='fr'>" in page and "<h2>Taux de victoire</h2>" in page
    assert "rapport de balayage" in page and "Win rates" not in page
    assert re.search(r"<td>\d+,\d\u202f% \(\d+,\d–\d+,\d\)</td>", page)  # 52,5 % (37,5–67,1)


def test_revision_0011_a_job_asked_before_it_has_its_report_in_english(db_url, tmp_path):
    """A job stored before revision 0011 has no language (NULL): it answers ``en`` and its
    report, written when it runs after the upgrade, is in English."""
    folder = tmp_path / "lab"
    with make_client(db_url, lab_folder=folder, lab_jobs=False) as client:
        me = sign_up(client, "designer")
        job_id = client.post("/api/lab/jobs?lang=fr", json={**SWEEP, "games": 10},
                             headers=me).json()["id"]
    lang = migrated_again(db_url, "0010", "lab_jobs", "lang",  # 0010: the job has no language
                          "SELECT lang FROM lab_jobs WHERE id = :id", id=job_id)
    assert lang is None
    with make_client(db_url, lab_folder=folder) as client:
        assert client.get(f"/api/lab/jobs/{job_id}", headers=me).json()["lang"] == "en"
        job = wait(client, me, job_id)
        assert job["state"] == "done", job
        page = client.get(job["report"], headers=me).text
    assert "<html lang='en'>" in page and "<h2>Win rates</h2>" in page
    assert "Taux de victoire" not in page


def test_the_contents_schema_gives_every_bound_by_json_schemas_names(lab):
    """/lab's content fields follow the schema's minimum and maximum: a cryptid's hp (1 to
    999) had them under Pydantic's names (ge, le), so the page let -3 through to the server."""
    schema = lab.get("/api/lab/rulesets/cryptids/content").json()["schema"]
    hp = schema["$defs"]["Cryptid"]["properties"]["hp"]
    assert (hp["minimum"], hp["maximum"]) == (1, 999)
    left = re.findall(r'"(ge|le|gt|lt)": ', json.dumps(schema))
    assert left == []


def test_a_jobs_end_reasons_main_stats_and_steps_are_in_the_pages_language(lab):
    """/lab reads a job with its ``lang``: the ids its answer holds (the ways the games
    ended, the culprits' main stat) come with their words (``words``); the French report
    names each ablation step by its entity's name and its stat's words, not by ids."""
    me = sign_up(lab, "designer")
    asked = []
    for body in ({"kind": "simulate", "ruleset": "cryptids", "games": 20, "seed": 2},
                 {"kind": "culprits", "ruleset": "cryptids", "games": 20, "seed": 3,
                  "ablation_games": 10, "entities": 1}):  # (one job at a time each)
        asked.append(lab.post("/api/lab/jobs?lang=fr", headers=me, json=body))
        assert asked[-1].status_code == 202, asked[-1].text
        assert wait(lab, me, asked[-1].json()["id"])["state"] == "done"
    simulate, culprits = asked
    read = {lang: lab.get(f"/api/lab/jobs/{simulate.json()['id']}?lang={lang}", headers=me).json()
            for lang in ("en", "fr")}
    reasons = {end["reason"] for end in read["fr"]["result"]["summary"]["ends"]}
    assert reasons and read["en"]["words"] == {}
    assert set(read["fr"]["words"]) == reasons, read["fr"]["words"]
    assert not set(read["fr"]["words"].values()) & reasons
    if "side-empty" in reasons:
        assert read["fr"]["words"]["side-empty"] == "rangée vidée"
    job = lab.get(f"/api/lab/jobs/{culprits.json()['id']}?lang=fr", headers=me).json()
    (step,) = job["result"]["culprits"]["ablation"]
    assert step["stat"] == "hp" and job["words"]["hp"] == "PV"
    page = lab.get(job["report"], headers=me).text
    name = entity_names(BatchSpec("cryptids"), "fr")[step["entity"]]
    for value in (step["down"], step["up"]):
        assert f"<td>{html.escape(name)} PV {step['value']}→{value}</td>" in page
        assert f"{step['entity']} hp {step['value']}→{value}" not in page
    assert "<td>PV</td>" in page


def test_a_jobs_measures_per_seat_are_said_as_the_report_says_them(lab):
    """A metric per seat that the ruleset does not declare (combat-encounter's
    ``damage.p1``) was *damage p1* on /lab (its name spaced) where the report says *damage
    (Player 1)*: the job's ``words`` give it as the report does, in each language."""
    me = sign_up(lab, "seats")
    asked = lab.post("/api/lab/jobs", headers=me, json={
        "kind": "simulate", "ruleset": "combat-encounter", "games": 4, "seed": 1})
    assert asked.status_code == 202, asked.text
    assert wait(lab, me, asked.json()["id"])["state"] == "done"
    read = {lang: lab.get(f"/api/lab/jobs/{asked.json()['id']}?lang={lang}", headers=me).json()
            for lang in ("en", "fr")}
    assert "damage.p1" in read["en"]["result"]["summary"]["means"]
    for lang, job in read.items():
        said = RulesetWords.of("combat-encounter", lang)
        assert job["words"]["damage.p1"] == said.metric("damage.p1")
    assert read["en"]["words"]["damage.p1"] == "damage (Player 1)"
    assert read["fr"]["words"]["damage.p1"].endswith("(Joueur 1)")
