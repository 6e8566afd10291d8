"""Turn clocks on the server: chosen at creation, charged to the seat whose decision is
pending, applied by the server's sweep with nobody's page open, kept in the record."""

import json
from datetime import timedelta

import pytest

from rulekeeper.core.game import EXPIRY, replay
from rulekeeper.core.records import read_log
from rulekeeper.core.sentences import ENGINE
from rulekeeper.server import upkeep
from rulekeeper.server.models import StoredGame, now
from tests.server.conftest import accepted, sign_up
from tests.server.test_page_words import fields

pytestmark = pytest.mark.rule("core.clock-expiry")


def duel(client, clock, players=None):
    alice, bob = players or (sign_up(client, "alice"), sign_up(client, "bob"))
    created = client.post("/api/games", headers=alice, json={
        "ruleset": "dire-alliance-battle", "clock": clock,
        "seats": {"red": {"kind": "human"}, "blue": {"kind": "human", "player": "bob"}}})
    assert created.status_code == 201, created.text
    return accepted(client, created.json(), "blue", bob, alice), alice, bob


def stored(client, game_id):
    return client.app.state.db.read(lambda s: s.get(StoredGame, game_id))


def test_a_clock_that_runs_out_lets_the_seats_bot_decide(client):
    view, alice, _ = duel(client, {"decision": 60, "total": 600})
    clock = view["clock"]
    assert (clock["decision"], clock["total"], clock["expiry"], clock["bot"]) == (
        60, 600, "bot", "heuristic")
    assert view["turn"] == "red" and clock["deadline"] and clock["used"] == {}
    assert upkeep.sweep(client.app.state, now()) == 0  # not yet
    assert upkeep.sweep(client.app.state, now() + timedelta(seconds=61)) == 1
    row = stored(client, view["id"])
    assert row.version == 2 and row.deciders == ["clock:red"]  # (1: bob took his seat)
    assert 59 < row.clock_used["red"] < 120
    assert row.record["inputs"] == [{"kind": EXPIRY, "value": {"seat": "red", "ruling": "bot"},
                                     "at": 0}]
    game = replay(row.record)
    assert len(game.decisions) == 1
    assert "clock.bot" in [e.kind for e in game.events]
    after = client.get(f"/api/games/{view['id']}", headers=alice).json()
    assert after["version"] == 2 and not after["can_undo"]  # the clock's move stays


def test_a_clock_that_runs_out_forfeits_the_game(client):
    moved, alice, bob = duel(client, {"total": 30, "expiry": "forfeit"})
    while moved["turn"] == "red":
        option = moved["view"]["pending"]["options"][0]["id"]
        moved = client.post(f"/api/games/{moved['id']}/decisions", headers=alice, json={
            "seat": "red", "option": option, "version": moved["version"]}).json()
    assert moved["turn"] == "blue" and 0 < moved["clock"]["used"]["red"] < 30
    view = moved
    assert upkeep.sweep(client.app.state, now() + timedelta(seconds=31)) == 1
    over = client.get(f"/api/games/{view['id']}", headers=bob).json()
    assert over["over"] and over["result"]["winner"] == "red"
    assert over["result"]["reason"] == "forfeit"
    game = replay(stored(client, view["id"]).record)
    assert game.over and game.result.winner == "red"
    assert client.get("/api/games", headers=bob).json()[0]["result"]["reason"] == "forfeit"


def test_no_decision_or_undo_comes_after_a_clock_ran_out(client, monkeypatch):
    """Found by a hostile client: a seat whose clock ran out could still decide (or undo,
    starting its clock again) until the sweep came, and so dodge a forfeit."""
    sweep = upkeep.sweep
    monkeypatch.setattr(upkeep, "sweep", lambda state, at: 0)  # the sweep is late
    view, alice, bob = duel(client, {"decision": 60, "expiry": "forfeit"})
    moved = view
    while moved["turn"] == "red":
        moved = client.post(f"/api/games/{view['id']}/decisions", headers=alice, json={
            "seat": "red", "option": moved["view"]["pending"]["options"][0]["id"],
            "version": moved["version"]}).json()
    assert moved["turn"] == "blue" and moved["can_undo"]
    past = now() - timedelta(seconds=1)
    client.app.state.db.write(lambda s: setattr(s.get(StoredGame, view["id"]), "deadline", past))
    blue = client.get(f"/api/games/{view['id']}", headers=bob).json()
    late = client.post(f"/api/games/{view['id']}/decisions", headers=bob, json={
        "seat": "blue", "option": blue["view"]["pending"]["options"][0]["id"],
        "version": blue["version"]})
    undo = client.post(f"/api/games/{view['id']}/undo", headers=alice,
                       json={"seat": "red", "version": blue["version"]})
    for answer in (late, undo):
        assert answer.status_code == 409, answer.text
        assert answer.json()["error"].startswith("blue's clock ran out at ")
        assert answer.json()["error"].endswith(": the clock's ruling (forfeit) decides for that "
                                               "seat now")
    assert stored(client, view["id"]).version == blue["version"]  # nothing changed
    assert sweep(client.app.state, now()) == 1
    over = client.get(f"/api/games/{view['id']}", headers=alice).json()
    assert over["over"] and over["result"]["winner"] == "red"


def test_a_clock_waits_for_open_seats_and_bots_have_none(client):
    alice = sign_up(client, "alice")
    view = client.post("/api/games", headers=alice, json={
        "ruleset": "dire-alliance-battle", "clock": {"decision": 5},
        "seats": {"blue": {"kind": "open"}}}).json()
    assert view["clock"]["deadline"] is None  # blue's seat is open: no clock runs yet
    assert upkeep.sweep(client.app.state, now() + timedelta(hours=1)) == 0
    bots = client.post("/api/games", headers=alice, json={
        "ruleset": "dire-alliance-battle", "clock": {"decision": 5},
        "seats": {"red": {"kind": "bot"}, "blue": {"kind": "human"}}}).json()
    assert bots["turn"] == "blue" and bots["clock"]["deadline"]


@pytest.mark.parametrize("clock, message", [
    ({}, "clock: give seconds per decision, in total, or both"),
    ({"decision": 0}, "clock.decision: "),
    ({"decision": 5, "bot": "mcts"}, "clock.bot: 'mcts' cannot decide for a seat"),
    ({"decision": 5, "expiry": "resign"}, "clock.expiry: "),
])
def test_a_bad_clock_is_refused_with_one_message(client, clock, message):
    alice = sign_up(client, "alice")
    refused = client.post("/api/games", headers=alice,
                          json={"ruleset": "dire-alliance-battle", "clock": clock})
    assert refused.status_code in (400, 422)
    assert refused.json()["error"].startswith(message)


def test_forfeit_needs_two_sides(client):
    alice = sign_up(client, "alice")
    refused = client.post("/api/games", headers=alice, json={
        "ruleset": "combat-encounter", "options": {"players": 3},
        "clock": {"decision": 5, "expiry": "forfeit"}})
    assert refused.status_code == 400
    assert refused.json()["error"] == ("clock.expiry: a game of more than two sides cannot be "
                                       "forfeited by one seat; choose bot")


def test_a_clocks_event_is_shown_in_the_pages_language_naming_the_seats(client, tmp_path):
    """Display only: the event keeps its data (seat ids), the game's events and record are
    the engine's; the sentence shown names the sides, in English or French."""
    moved, alice, bob = duel(client, {"decision": 30, "expiry": "forfeit"})
    bot, _, _ = duel(client, {"decision": 30}, (alice, bob))
    assert upkeep.sweep(client.app.state, now() + timedelta(seconds=31)) == 2
    shown = {}
    for lang in ("en", "fr"):
        over = client.get(f"/api/games/{moved['id']}?lang={lang}", headers=bob).json()
        event = over["events"][-1]
        assert event["kind"] == "clock.forfeit"
        assert event["data"] == {"seat": moved["turn"], "side": moved["turn"]}
        frames = client.get(f"/api/games/{moved['id']}/frames?lang={lang}", headers=bob).json()
        assert frames["events"][-1]["text"] == event["text"]
        played = client.get(f"/api/games/{bot['id']}?lang={lang}", headers=alice).json()
        shown[lang] = [event["text"], next(e["text"] for e in played["events"]
                                           if e["kind"] == "clock.bot")]
    assert shown == {
        "en": ["Red: the clock runs out, and the game is lost by forfeit (losing side: Red)",
               "Red: the clock runs out, and the seat's bot decides"],
        "fr": ["Rouge\u00a0: la pendule tombe, et la partie est perdue par forfait (camp perdant\u00a0: Rouge)",
               "Rouge\u00a0: la pendule tombe, et le bot de la place décide"]}
    game = replay(stored(client, moved["id"]).record)  # the engine's events, unchanged
    assert game.ruleset.messages.render(game.events[-1]) == (
        "red: the clock runs out, and the game is lost by forfeit (losing side: red)")
    # the downloaded log file says it as the page does, and replays (its events are checked)
    for lang, (forfeit, _) in shown.items():
        log = client.get(f"/api/games/{moved['id']}/record?lang={lang}", headers=bob)
        path = tmp_path / f"{lang}.jsonl"
        path.write_bytes(log.content)
        assert json.loads(log.text.splitlines()[-1])["text"] == forfeit
        assert read_log(path).events == game.events
        assert replay(read_log(path).record, events=game.events).result == game.result


def test_the_engines_clock_sentences_are_in_french_with_their_fields():
    french = ENGINE.catalog("fr")
    for template in ENGINE.templates.values():
        assert template in french, template
        assert fields(french[template]) == fields(template), template


@pytest.mark.parametrize("body, message", [
    ({"clock": {"decision": 5}},
     "clock: nobody decides in a game of Cryptids: battle: it has no clock to run"),
    ({"seats": {"left": {"kind": "human"}, "right": {"kind": "open"}}},
     "seats.right: nobody decides in a game of Cryptids: battle: no seat waits for a player"),
])
def test_a_game_nobody_decides_in_has_no_clock_and_no_seat_waiting(client, body, message):
    # it is over once made: the clock was kept and never ran, and the invitation to the open
    # seat was refused to whoever opened it (the game is over)
    alice = sign_up(client, "alice")
    refused = client.post("/api/games", headers=alice, json={"ruleset": "cryptids", **body})
    assert refused.status_code == 400
    assert refused.json()["error"] == message
    watched = client.post("/api/games", headers=alice, json={"ruleset": "cryptids"})
    assert watched.status_code == 201 and watched.json()["over"]  # a battle to watch: as before


def test_a_seats_total_clock_runs_out_after_the_time_it_has_left(client):
    """``total`` is for all of a seat's decisions: a turn's deadline is what the seat has
    left, not its whole total again."""
    view, alice, _ = duel(client, {"total": 600})
    client.app.state.db.write(lambda s: setattr(s.get(StoredGame, view["id"]), "clock_used",
                                                 {"blue": 590.0}))
    moved = view
    while moved["turn"] == "red":
        moved = client.post(f"/api/games/{view['id']}/decisions", headers=alice, json={
            "seat": "red", "option": moved["view"]["pending"]["options"][0]["id"],
            "version": moved["version"]}).json()
    row = stored(client, view["id"])
    left = (row.deadline - row.turn_since).total_seconds()
    assert moved["turn"] == "blue" and left == pytest.approx(10, abs=0.01)


def test_the_sweep_expires_no_clock_before_its_deadline(client):
    """A clock is expired at its deadline, not before, even for a game the sweep was asked
    about (a player may have moved since it looked)."""
    view, _, _ = duel(client, {"decision": 60, "expiry": "forfeit"})
    assert not upkeep.expire_clock(client.app.state, view["id"], now())
    row = stored(client, view["id"])
    assert row.version == view["version"] and not row.over


def test_a_bots_turn_and_a_clock_behind_another_process_charge_no_time():
    """Bots have no clock: a searching bot's turn charges its seat nothing; and a turn
    begun by a process whose clock is ahead of this one's charges nothing, never less
    than nothing."""
    from rulekeeper.server import clocks

    at = now()
    searching = StoredGame(clock={"decision": 60}, clock_used={"red": 3.0}, turn="blue",
                           bot_turn=True, open_seats=0, turn_since=at - timedelta(seconds=10),
                           over=False)
    assert clocks.settle(searching, at) == {"red": 3.0}
    ahead = StoredGame(clock={"decision": 60}, clock_used={"red": 3.0}, turn="red",
                       bot_turn=False, open_seats=0, turn_since=at + timedelta(seconds=5),
                       over=False)
    assert clocks.settle(ahead, at) == {"red": 3.0}
