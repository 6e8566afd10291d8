"""The HTTP API for games: any ruleset, seats held by players or bots, stored as records."""

import json

import pytest

from rulekeeper.core import registry
from rulekeeper.core.game import RECORD_FORMAT, replay
from rulekeeper.server.models import StoredGame
from tests.core.test_cli import run
from tests.server.conftest import accepted, make_client, sign_up

BATTLE = "dire-alliance-battle"


def first_option(view):
    return view["view"]["pending"]["options"][0]["id"]


def decide(client, headers, view, option=None, version=None):
    body = {"seat": view["seat"], "option": option or first_option(view),
            "version": view["version"] if version is None else version}
    return client.post(f"/api/games/{view['id']}/decisions", json=body, headers=headers)


def test_a_game_against_a_bot_is_played_to_its_end(client, tmp_path, capsys, monkeypatch):
    alice = sign_up(client, "alice")
    view = client.post("/api/games", json={"ruleset": "enemy-attacks", "options": {"players": 1},
                                           "seed": 3}, headers=alice).json()
    assert view["seats"] == [{"seat": "p1", "kind": "human", "player": "alice", "bot": None,
                              "invite": None, "invited": None, "side": "heroes"}]
    steps = 0
    while not view["over"]:
        response = decide(client, alice, view)
        assert response.status_code == 200, response.text
        assert response.json()["version"] == view["version"] + 1
        view = response.json()
        steps += 1
    assert view["result"]["winner"] is not None or view["result"]["reason"]
    record = client.get(f"/api/games/{view['id']}/record", headers=alice)
    lines = [json.loads(line) for line in record.text.splitlines()]
    assert lines[0]["format"] == RECORD_FORMAT and lines[0]["lang"] == "en"
    game = replay(lines[0]["record"])
    assert game.over and len(game.decisions) == steps
    assert [line["event"] for line in lines[1:]] == [e.to_json() for e in game.events]
    (tmp_path / "game.jsonl").write_text(record.text)
    code, out, err = run(["replay", str(tmp_path / "game.jsonl")], capsys, monkeypatch)
    assert code == 0 and f"{steps} decisions" in out, err


def test_bots_move_on_the_server_until_a_person_must_decide(client):
    alice = sign_up(client, "alice")
    view = client.post("/api/games", json={
        "ruleset": BATTLE, "seed": 5,
        "seats": {"red": {"kind": "bot", "bot": "random"}, "blue": {"kind": "human"}}},
        headers=alice).json()
    assert view["seat"] == "blue"
    stored = client.app.state.db.read(lambda s: s.get(StoredGame, view["id"]))
    assert stored.deciders and set(stored.deciders) == {"red"}  # red moved first, alone
    assert view["turn"] == "blue" and view["view"]["pending"]["player"] == "blue"
    after = decide(client, alice, view).json()
    assert after["turn"] == "blue"


def test_a_stale_version_gets_409_and_an_exact_repeat_gets_the_same_state(client):
    alice = sign_up(client, "alice")
    view = client.post("/api/games", json={"ruleset": BATTLE, "seed": 1}, headers=alice).json()
    first = decide(client, alice, view)
    repeat = decide(client, alice, view)
    assert first.status_code == repeat.status_code == 200
    assert repeat.json()["version"] == first.json()["version"] == 1
    assert repeat.json()["view"] == first.json()["view"]
    other = [o["id"] for o in view["view"]["pending"]["options"]][1]
    stale = decide(client, alice, view, option=other)
    assert stale.status_code == 409
    assert stale.json() == {"error": f"version 0 is stale: game {view['id']} is at version 1",
                            "refusal": "stale-version", "facts": {"version": 0, "now": 1}}
    ahead = decide(client, alice, view, option=other, version=7)
    assert ahead.status_code == 409
    assert ahead.json() == {"error": f"version 7 is ahead: game {view['id']} is only at "
                                     f"version 1",
                            "refusal": "version-ahead", "facts": {"version": 7, "now": 1}}


def test_undo_takes_back_your_decision_and_the_bots_replies(client):
    alice = sign_up(client, "alice")
    view = client.post("/api/games", json={"ruleset": BATTLE, "seed": 2}, headers=alice).json()
    assert not view["can_undo"]
    moved = decide(client, alice, view).json()
    assert moved["can_undo"]
    undone = client.post(f"/api/games/{view['id']}/undo",
                         json={"seat": "red", "version": moved["version"]}, headers=alice)
    assert undone.status_code == 200
    assert undone.json()["view"] == view["view"] and undone.json()["version"] == 2
    again = client.post(f"/api/games/{view['id']}/undo", json={"seat": "red", "version": 2},
                        headers=alice)
    assert again.status_code == 400 and "no decision to undo" in again.json()["error"]
    # the same undo again later: a repeat of the last change, but from a version long past
    moved = decide(client, alice, undone.json()).json()
    last = client.post(f"/api/games/{view['id']}/undo", json={"seat": "red", "version": 3},
                       headers=alice)
    assert last.status_code == 200 and last.json()["version"] == 4
    stale = client.post(f"/api/games/{view['id']}/undo", json={"seat": "red", "version": 1},
                        headers=alice)
    assert moved["version"] == 3 and stale.status_code == 409
    assert stale.json()["refusal"] == "stale-version"


def test_a_decision_is_undone_only_while_no_other_person_has_decided_since(client):
    alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
    made = client.post("/api/games", headers=alice, json={
        "ruleset": BATTLE,
        "seats": {"red": {"kind": "human"}, "blue": {"kind": "human", "player": "bob"}}})
    assert made.status_code == 201, made.text
    view = accepted(client, made.json(), "blue", bob, alice)
    view = {**view, "seat": "red"}
    while view["turn"] == "red":
        view = decide(client, alice, view).json()
    blue = client.get(f"/api/games/{view['id']}", headers=bob).json()
    moved = decide(client, bob, blue)
    assert moved.status_code == 200, moved.text
    red = client.get(f"/api/games/{view['id']}", headers=alice, params={"seat": "red"}).json()
    assert not red["can_undo"]
    undo = client.post(f"/api/games/{view['id']}/undo", headers=alice,
                       json={"seat": "red", "version": red["version"]})
    assert undo.status_code == 400 and "no decision to undo" in undo.json()["error"]
    assert client.get(f"/api/games/{view['id']}", headers=bob).json()["version"] == \
        red["version"]  # bob's decision stands


def test_a_restarted_server_loses_nothing(db_url):
    with make_client(db_url) as client:
        alice = sign_up(client, "alice")
        view = client.post("/api/games", json={"ruleset": BATTLE, "seed": 9},
                           headers=alice).json()
        for _ in range(3):
            view = decide(client, alice, view).json()
    with make_client(db_url) as restarted:
        again = restarted.get(f"/api/games/{view['id']}", headers=alice)
        assert again.status_code == 200
        assert again.json()["view"] == view["view"] and again.json()["version"] == 3


def test_events_are_rendered_in_the_asked_language_from_since(client):
    alice = sign_up(client, "alice")
    view = client.post("/api/games", json={"ruleset": "cryptids"}, headers=alice).json()
    assert view["over"] and view["events_total"] > 3
    french = client.get(f"/api/games/{view['id']}?lang=fr&since=1", headers=alice).json()
    assert [e["n"] for e in french["events"]] == list(range(1, view["events_total"]))
    assert french["events"][0]["text"] != view["events"][1]["text"]
    assert "Dahu" in view["events"][1]["text"] and "le Dahu" in french["events"][0]["text"]


def read_stream(client, path, headers):
    """The views a stream sends (it ends with the game)."""
    with client.stream("GET", path, headers=headers) as stream:
        return [json.loads(line.removeprefix("data: ")) for line in stream.iter_lines()
                if line.startswith("data: ")]


def test_a_seats_view_and_stream_come_in_pages(db_url):
    with make_client(db_url, page_events=5) as client:
        alice = sign_up(client, "alice")
        created = client.post("/api/games", json={"ruleset": "cryptids"}, headers=alice)
        assert created.status_code == 201, created.text
        view = created.json()
        game, total = view["id"], view["events_total"]
        record = client.app.state.db.read(lambda s: s.get(StoredGame, game)).record
        seen = [e.kind for e in replay(record).events if e.visible_to(view["seat"])]
        assert view["over"] and total == len(seen) > 10 and len(view["events"]) == 5
        pages = [view]
        while pages[-1]["events"][-1]["n"] + 1 < total:  # read on from the events read
            since = pages[-1]["events"][-1]["n"] + 1
            pages.append(client.get(f"/api/games/{game}?since={since}", headers=alice).json())
        assert all(len(p["events"]) <= 5 and p["events_total"] == total for p in pages)
        events = [e for p in pages for e in p["events"]]
        assert [e["n"] for e in events] == list(range(total))
        assert [e["kind"] for e in events] == seen
        fewer = client.get(f"/api/games/{game}?since=2&limit=3", headers=alice).json()
        assert fewer["events"] == events[2:5]
        capped = client.get(f"/api/games/{game}?limit=1000", headers=alice).json()
        assert capped["events"] == events[:5]  # never more than the server's page
        assert client.get(f"/api/games/{game}?limit=0", headers=alice).status_code == 422
        streamed = read_stream(client, f"/api/games/{game}/events", alice)
        assert len(streamed) > 1 and all(len(p["events"]) <= 5 for p in streamed)
        assert [e for p in streamed for e in p["events"]] == events


def test_a_decisions_answer_holds_a_page_of_events(db_url):
    with make_client(db_url, page_events=2) as client:
        alice = sign_up(client, "alice")
        view = client.post("/api/games", json={"ruleset": BATTLE, "seats": {
            "red": {"kind": "human"}, "blue": {"kind": "human"}}}, headers=alice).json()
        assert len(view["events"]) == 2 < view["events_total"]
        decided = client.post(f"/api/games/{view['id']}/decisions?since=0", headers=alice,
                              json={"seat": view["turn"], "version": view["version"],
                                    "option": client.get(
                                        f"/api/games/{view['id']}?seat={view['turn']}",
                                        headers=alice).json()["view"]["pending"]["options"][0]
                                    ["id"]}).json()
        assert [e["n"] for e in decided["events"]] == [0, 1]
        assert decided["events_total"] > 2


def test_the_ruleset_list_describes_what_a_game_form_needs(client):
    rulesets = {r["id"]: r for r in client.get("/api/rulesets").json()}
    battle = rulesets["dire-alliance-battle-v3"]
    assert battle["seats"] == ["red", "blue"] and "heuristic" in battle["bots"]
    assert "red_faction" in battle["options"]["properties"]
    assert rulesets["cryptids-v1"]["languages"] == ["en", "fr"]
    assert battle["scenarios"] == [{"id": "beaten-path", "label": "Beaten Path"},
                                   {"id": "standing-stones", "label": "The Standing Stones"}]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_side_that_can_win_and_every_seat_has_a_name(client, lang):
    """The page says who won and who sits where by these names (never ``enemies``,
    ``red``): every ruleset declares one for each side and seat, in each language."""
    served = client.get(f"/api/rulesets?lang={lang}").json()
    assert set(registry.BUILT_IN) <= {info["id"] for info in served}
    for info in served:
        if info["id"] not in registry.BUILT_IN:
            continue  # a tiny game another test registered, without names
        ruleset = registry.load(info["id"])
        for side in {*ruleset.sides(ruleset.parse_options({})), *info["seats"]}:
            assert info["sides"][side] not in ("", side), (info["id"], side)
    french = {r["id"]: r for r in client.get("/api/rulesets?lang=fr").json()}
    assert french["enemy-attacks-v5"]["sides"]["enemies"] == "Ennemis"
    assert french["dire-alliance-battle-v3"]["scenarios"][0]["label"] == "Chemin battu"


def test_the_setup_forms_options_are_worded_in_the_pages_language(client):
    """An option's title and description come in the page's language where the ruleset's
    board catalog has them (combat-encounter's view.po), and a seat is named, never ``p1``."""
    for lang, initiator in (("en", "the initiating Player (default: Player 1)"),
                            ("fr", "le joueur qui engage le combat (par défaut\u00a0: Joueur 1)")):
        served = {r["id"]: r for r in client.get(f"/api/rulesets?lang={lang}").json()}
        combat = served[registry.load("combat-encounter").meta.id]
        fields = combat["options"]["properties"]
        assert fields["initiator"]["description"] == initiator
        assert "p1" not in json.dumps(fields) and fields["start"]["enum"][0] == "ambush"
    assert (fields["players"]["title"], fields["start"]["title"]) == (
        "Joueurs", "Rencontre de combat d'ouverture")
    assert [c["label"] for c in combat["choices"]["start"]][:2] == ["une embuscade", "un défi"]


def test_the_rule_texts_that_events_cite_are_served(client):
    alice = sign_up(client, "alice")
    view = client.post("/api/games", json={"ruleset": "cryptids"}, headers=alice).json()
    rules = {r["id"]: r for r in client.get("/api/rulesets/cryptids/rules").json()}
    assert {e["rule"] for e in view["events"]} <= set(rules)
    assert all(r["text"] and r["section"] for r in rules.values())
    missing = client.get("/api/rulesets/cryptid/rules")
    assert missing.status_code == 400 and "did you mean 'cryptids'" in missing.json()["error"]


def test_an_answer_is_the_game_at_its_version_whatever_a_searching_bot_does_next(db_url):
    """The change is answered with the game as stored at its version, even when the
    searching bot whose turn it brings takes the game and moves before the answer is
    written (here the search runs at once, in the request's own thread: the fastest a
    search thread can be). An answer made after would show the bot's move as that version."""
    from rulekeeper.server import upkeep

    with make_client(db_url, search_budget="3") as client:
        state = client.app.state
        state.searches.ask = lambda game_id, _creator: upkeep.move_searching_bot(state, game_id)
        alice = sign_up(client, "alice")
        view = client.post("/api/games", headers=alice, json={
            "ruleset": "enemy-attacks", "seed": 1,
            "seats": {"p1": {"kind": "human"}, "p2": {"kind": "bot", "bot": "mcts"}}}).json()
        game, moved = view["id"], 0
        while not view["over"] and moved < 3:
            answer = decide(client, alice, view)
            assert answer.status_code == 200, answer.text
            view = answer.json()
            stored = state.db.read(lambda s: s.get(StoredGame, game))
            if stored.version == view["version"]:
                continue  # p1 plays on: no bot's turn
            moved += 1  # the bot moved before the answer was written: it is not in it
            assert stored.version > view["version"] and stored.last_change["kind"] == "bot"
            assert view["turn"] == "p2" and view["view"]["pending"] is None
            mine = len(stored.deciders) - stored.deciders[::-1].index("p1")  # (then the bot's)
            at_version = replay({**stored.record, "events_digest": None,
                                 "decisions": stored.record["decisions"][:mine]})
            assert view["events_total"] == sum(e.visible_to("p1") for e in at_version.events)
            view = client.get(f"/api/games/{game}", headers=alice).json()
        assert moved


def test_a_change_worked_out_from_an_older_version_is_not_stored(client):
    """Two changes read the same version: the second to store is refused (409, and the
    game is read again), never written over the first."""
    from rulekeeper.server import changes
    from rulekeeper.server.errors import Conflict
    from rulekeeper.server.models import now

    alice = sign_up(client, "alice")
    view = client.post("/api/games", json={"ruleset": BATTLE}, headers=alice).json()
    state = client.app.state
    old = state.db.read(lambda s: s.get(StoredGame, view["id"]))
    game = replay(old.record)
    assert decide(client, alice, view).status_code == 200  # version 1
    kept = state.db.read(lambda s: s.get(StoredGame, view["id"])).record
    with pytest.raises(Conflict):
        state.db.write(lambda s: changes.store(s, old, 0, game, [], {"kind": "late"}, now()))
    row = state.db.read(lambda s: s.get(StoredGame, view["id"]))
    assert row.version == 1 and row.record == kept and row.last_change["kind"] == "decision"
