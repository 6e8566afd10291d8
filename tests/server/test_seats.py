"""Seats for people anywhere: open seats with invitations, joining, public games and the
lobby, co-operative games of several people, and the list of your games."""

import threading
import time

import pytest

from rulekeeper.core.game import replay
from rulekeeper.server import changes
from rulekeeper.server.models import StoredGame
from tests.server.conftest import sign_up

BATTLE = "dire-alliance-battle"


def invited(client, headers, ruleset=BATTLE, open_seats=("blue",), **body):
    seats = {s: {"kind": "open"} for s in open_seats}
    view = client.post("/api/games", json={"ruleset": ruleset, "seats": seats, **body},
                       headers=headers)
    assert view.status_code == 201, view.text
    return view.json()


def invite_of(view, seat):
    return next(s["invite"] for s in view["seats"] if s["seat"] == seat)


def changed(code: str) -> str:
    """``code`` with its first character changed (whatever it was)."""
    return ("y" if code[0] == "x" else "x") + code[1:]


def join(client, headers, view, seat, invite=None):
    body = {"seat": seat} if invite is None else {"seat": seat, "invite": invite}
    return client.post(f"/api/games/{view['id']}/join", json=body, headers=headers)


def test_an_invitation_tells_its_holder_who_invites_to_what_and_nothing_more(client):
    alice, bob = (sign_up(client, n) for n in ("alice", "bob"))
    view = invited(client, alice, BATTLE, ("blue",), scenario="standing-stones")
    url = f"/api/games/{view['id']}/invitation"
    blue = {"seat": "blue", "invite": invite_of(view, "blue")}
    read = client.get(url, params=blue)  # no token: whoever holds the link
    assert read.status_code == 200, read.text
    assert read.json() == {
        "game": view["id"], "ruleset": "dire-alliance-battle-v3",
        "title": "Dire Alliance: Horror — Battle Mode", "scenario": "The Standing Stones",
        "seat": "blue", "seat_name": "Blue", "inviter": "alice", "players": ["alice"],
        "bots": 0, "clock": None}
    for lang in ("fr", "FR", "fr-FR", "fr_fr"):  # read as every route reads a lang
        french = client.get(url, params={**blue, "lang": lang}).json()
        assert (french["scenario"], french["seat_name"]) == ("Les Pierres levées", "Bleu")
    unworded = client.get(url, params={**blue, "lang": "zz"})  # as every route: not English
    assert unworded.status_code == 400
    assert unworded.json() == {"error": "lang 'zz' is not available; languages: en, fr"}
    wrong = client.get(url, params={**blue, "invite": "x" * 16, "lang": "zz"})
    assert wrong.status_code == 404  # the invitation first: a wrong one learns nothing more
    for wrong in (blue["invite"][:-2], changed(blue["invite"])):  # cut short, or changed
        refused = client.get(url, params={**blue, "invite": wrong})
        assert refused.status_code == 404 and "unknown" in refused.json()["error"]
    assert client.get(url, params={"seat": "red", "invite": blue["invite"]}).status_code == 409
    assert client.get("/api/games/nope/invitation", params=blue).status_code == 404
    assert join(client, bob, view, "blue", blue["invite"]).status_code == 200
    used = client.get(url, params=blue)
    assert used.status_code == 409 and used.json() == {
        "error": "seat blue is taken", "refusal": "seat-taken", "facts": {"seat": "blue"}}
    made_up = client.get(url, params={**blue, "invite": changed(blue["invite"])})
    assert made_up.status_code == 404 and "unknown" in made_up.json()["error"]  # not "used"


def test_an_open_seat_is_taken_with_its_invitation_only(client):
    alice, bob, carol = (sign_up(client, n) for n in ("alice", "bob", "carol"))
    view = invited(client, alice)
    blue = next(s for s in view["seats"] if s["seat"] == "blue")
    assert blue["kind"] == "open" and blue["player"] is None and len(blue["invite"]) >= 16
    assert view["watch"].startswith(f"/watch/{view['id']}?key=")
    # nobody decides while a seat is open
    option = view["view"]["pending"]["options"][0]["id"]
    early = client.post(f"/api/games/{view['id']}/decisions", headers=alice,
                        json={"seat": "red", "option": option, "version": 0})
    assert early.status_code == 409
    assert early.json() == {"error": "the game waits for a player to take blue"}
    wrong = join(client, bob, view, "blue", "not-the-invitation")
    assert wrong.status_code == 403
    assert wrong.json() == {"error": "this is not the invitation to seat blue"}
    assert join(client, bob, view, "blue").status_code == 403  # a private game needs it
    assert join(client, bob, view, "blue", "é").status_code == 403  # any text: no 500
    assert client.get(f"/api/games/{view['id']}/invitation?seat=blue&invite=é").status_code == 404
    assert client.get(f"/api/games/{view['id']}/watch?key=é").status_code == 404
    assert join(client, bob, view, "green", "x").json()["error"].startswith(
        f"game {view['id']} has no seat 'green'")
    joined = join(client, bob, view, "blue", invite_of(view, "blue"))
    assert joined.status_code == 200, joined.text
    seated = joined.json()
    assert seated["seat"] == "blue" and seated["version"] == 1
    assert [(s["seat"], s["kind"], s["player"], s["invite"]) for s in seated["seats"]] == [
        ("red", "human", "alice", None), ("blue", "human", "bob", None)]
    assert seated["view"]["state"]["players"]["red"]["hand"] is None  # bob sees only his
    taken = join(client, carol, view, "blue", invite_of(view, "blue"))
    assert taken.status_code == 409 and taken.json() == {
        "error": "seat blue is taken", "refusal": "seat-taken", "facts": {"seat": "blue"}}
    made_up = join(client, carol, view, "blue", "not-the-invitation")
    assert made_up.status_code == 403  # a code never given out is not said to be used
    assert made_up.json() == {"error": "this is not the invitation to seat blue"}
    played = client.post(f"/api/games/{view['id']}/decisions", headers=alice,
                         json={"seat": "red", "option": option, "version": 1})
    assert played.status_code == 200, played.text


def test_a_finished_game_takes_nobody(client):
    alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
    view = invited(client, alice)
    client.app.state.db.write(lambda s: setattr(s.get(StoredGame, view["id"]), "over", True))
    over = join(client, bob, view, "blue", invite_of(view, "blue"))
    assert over.status_code == 409
    assert over.json() == {"error": f"game {view['id']} is over; no seat can be taken"}


def test_a_join_waits_for_a_game_out_elsewhere_without_holding_the_database(client):
    """A game another thread has out and changes (a searching bot's move: taken, searched,
    then stored) is waited for by a join before its transaction: the move is stored, then
    the join, at once. (A join that took the game inside its transaction held SQLite's
    writers while it waited, so the move waited for the join: both, and every write of the
    process, stalled for the cache's whole wait.)"""
    alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
    view = invited(client, alice, "enemy-attacks", ("p2",))
    state = client.app.state
    state.games.wait = 30.0  # (a join held for all of it stands well clear of a busy machine)
    out = threading.Event()

    def slow_move(stored, game, deciders, at):
        out.set()
        time.sleep(0.5)  # a search
        return {"kind": "bot", "seat": "p1", "option": "nothing"}

    mover = threading.Thread(target=changes.in_background, args=(state, view["id"], slow_move))
    mover.start()
    assert out.wait(60)  # (the mover's thread started: its work, not a time bound)
    began = time.monotonic()
    joined = join(client, bob, view, "p2", invite_of(view, "p2"))
    took = time.monotonic() - began
    mover.join()
    assert joined.status_code == 200, joined.text
    assert joined.json()["version"] == 2  # the move (version 1), then the join
    assert took < 15, f"the join took {took:.1f} s"  # (the move's 0.5 s, then the join)
    stored = state.db.read(lambda s: s.get(StoredGame, view["id"]))
    assert [s.player.name for s in stored.seats if s.seat == "p2"] == ["bob"]
    assert stored.last_change == {"kind": "join", "seat": "p2", "player": "bob"}


def test_two_people_joining_one_seat_one_gets_it(client):
    alice, bob, carol = (sign_up(client, n) for n in ("alice", "bob", "carol"))
    view = invited(client, alice)
    first = join(client, bob, view, "blue", invite_of(view, "blue"))
    second = join(client, carol, view, "blue", invite_of(view, "blue"))
    assert (first.status_code, second.status_code) == (200, 409)


def test_the_lobby_lists_public_games_waiting_and_joining_needs_no_invitation(client):
    alice, bob, carol = (sign_up(client, n) for n in ("alice", "bob", "carol"))
    private = invited(client, alice)
    public = invited(client, alice, "dire-alliance-raid", ("hero2", "hero3"),
                     options={"heroes": 3}, public=True, scenario="barrow-stones")
    lobby = client.get("/api/lobby").json()  # no token needed to look
    assert [g["id"] for g in lobby] == [public["id"]]
    entry = lobby[0]
    assert entry["ruleset"].startswith("dire-alliance-raid-v") and entry["scenario"] == "barrow-stones"
    assert entry["open"] == ["hero2", "hero3"] and entry["waiting"] == ["alice"]
    assert entry["since"] and all(s["invite"] is None for s in entry["seats"])
    assert private["id"] not in {g["id"] for g in lobby}
    assert join(client, bob, public, "hero2").status_code == 200
    assert client.get("/api/lobby").json()[0]["open"] == ["hero3"]
    assert join(client, carol, public, "hero3").status_code == 200
    assert client.get("/api/lobby").json() == []  # full: out of the lobby
    assert client.get("/api/lobby?ruleset=nosuch").status_code == 400


def test_the_lobby_shows_one_rulesets_games_and_the_newest_first_when_asked(client):
    alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
    first = invited(client, alice, public=True)
    raid = invited(client, bob, "dire-alliance-raid", ("hero2",), options={"heroes": 2},
                   public=True)
    last = invited(client, bob, public=True)
    ids = [first["id"], raid["id"], last["id"]]
    assert [g["id"] for g in client.get("/api/lobby").json()] == ids
    assert [g["id"] for g in client.get("/api/lobby?order=newest").json()] == ids[::-1]
    battles = client.get(f"/api/lobby?ruleset={BATTLE}&order=newest").json()
    assert [g["id"] for g in battles] == [last["id"], first["id"]]
    assert [g["id"] for g in client.get("/api/lobby?order=newest&limit=1").json()] == \
        [last["id"]]
    refused = client.get("/api/lobby?order=oldest")
    assert refused.status_code == 422
    assert refused.json()["error"] == "query.order: Input should be 'waiting' or 'newest'"


def test_the_raid_seats_four_people_each_with_a_hero_and_combat_six(client):
    people = [sign_up(client, n) for n in ("ann", "ben", "cat", "dan", "eve", "fay")]
    raid = invited(client, people[0], "dire-alliance-raid", ("hero2", "hero3", "hero4"),
                   options={"heroes": 4})
    for who, seat in zip(people[1:4], ("hero2", "hero3", "hero4"), strict=True):
        assert join(client, who, raid, seat, invite_of(raid, seat)).status_code == 200
    views = [client.get(f"/api/games/{raid['id']}", headers=who).json() for who in people[:4]]
    assert [v["seat"] for v in views] == ["hero1", "hero2", "hero3", "hero4"]
    for view in views:
        heroes = view["view"]["state"]["heroes"]
        assert [h["hand"] is not None for h in heroes.values()] == [
            seat == view["seat"] for seat in heroes]
    seats = [f"p{n}" for n in range(2, 7)]
    combat = invited(client, people[0], "combat-encounter", seats, options={"players": 6})
    for who, seat in zip(people[1:], seats, strict=True):
        assert join(client, who, combat, seat, invite_of(combat, seat)).status_code == 200
    final = client.get(f"/api/games/{combat['id']}", headers=people[5]).json()
    assert [s["player"] for s in final["seats"]] == ["ann", "ben", "cat", "dan", "eve", "fay"]


def test_my_games_say_whose_turn_it_is_and_since_when(client):
    alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
    view = invited(client, alice)
    join(client, bob, view, "blue", invite_of(view, "blue"))
    option = view["view"]["pending"]["options"][0]["id"]
    client.post(f"/api/games/{view['id']}/decisions", headers=alice,
                json={"seat": "red", "option": option, "version": 1})
    mine = {who: client.get("/api/games", headers=h).json()[0]
            for who, h in (("alice", alice), ("bob", bob))}
    turn = mine["alice"]["turn"]
    assert mine["alice"]["mine"] == ["red"] and mine["bob"]["mine"] == ["blue"]
    assert mine["alice"]["your_turn"] == (turn == "red")
    assert mine["bob"]["your_turn"] == (turn == "blue")
    assert mine["bob"]["since"] and not mine["bob"]["over"] and mine["bob"]["result"] is None
    assert mine["bob"]["title"].startswith("Dire Alliance")


def test_my_games_give_each_seats_side_so_a_partner_is_told_from_an_opponent(client):
    """Each seat of the games list names its side (``Ruleset.side_of``): the heroes of a
    co-operative game share one, against the ruleset's own enemies; a duel's two seats play
    two sides. The list of /replay says "with" or "against" from it."""
    alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
    together = invited(client, alice, "enemy-attacks", ("p2",), options={"players": 2})
    join(client, bob, together, "p2", invite_of(together, "p2"))
    duel = invited(client, alice)
    join(client, bob, duel, "blue", invite_of(duel, "blue"))
    raid = invited(client, bob, "dire-alliance-raid", (), options={"heroes": 2})
    for who, headers in (("alice", alice), ("bob", bob)):
        listed = {g["id"]: g for g in client.get("/api/games", headers=headers).json()}
        sides = {game: {s["seat"]: s["side"] for s in listed[game]["seats"]}
                 for game in listed}
        assert sides[together["id"]] == {"p1": "heroes", "p2": "heroes"}, who
        assert sides[duel["id"]] == {"red": "red", "blue": "blue"}, who
    assert {s["seat"]: s["side"] for s in raid["seats"]} == {"hero1": "heroes",
                                                            "hero2": "heroes"}


def test_a_game_whose_stored_options_no_longer_parse_is_listed_with_no_sides(client):
    """A record whose options its ruleset no longer takes (one renamed since): the list still
    answers, each seat of that game with no side (the page then says "against")."""
    alice = sign_up(client, "alice")
    view = invited(client, alice, "enemy-attacks", ("p2",), options={"players": 2})

    def renamed(session):
        stored = session.get(StoredGame, view["id"])
        stored.record = {**stored.record, "options": {"gone": 1}}

    client.app.state.db.write(renamed)
    listed = client.get("/api/games", headers=alice)
    assert listed.status_code == 200, listed.text
    assert [s["side"] for s in listed.json()[0]["seats"]] == [None, None]


def test_a_seed_is_chosen_only_by_who_holds_every_seat(client):
    alice = sign_up(client, "alice")
    refused = client.post("/api/games", headers=alice, json={
        "ruleset": BATTLE, "seed": 3, "seats": {"blue": {"kind": "open"}}})
    assert refused.status_code == 400 and refused.json()["error"].startswith("seed: ")
    nobody = client.post("/api/games", headers=alice, json={
        "ruleset": BATTLE, "seats": {"red": {"kind": "open"}, "blue": {"kind": "bot"}}})
    assert nobody.status_code == 400
    assert nobody.json()["error"] == ("seats: you hold no seat; hold one yourself (the others "
                                      "may be bots or open)")


@pytest.mark.parametrize("ruleset", ["enemy-attacks", BATTLE])
def test_mcts_plays_on_the_server_in_the_background(db_url, ruleset):
    # a search budget in iterations keeps the bot's choices a function of its seed
    from tests.server.conftest import make_client

    with make_client(db_url, search_budget="3") as client:
        alice = sign_up(client, "alice")
        seats = {"p1": {"kind": "human"}, "p2": {"kind": "bot", "bot": "mcts"}}
        if ruleset == BATTLE:
            seats = {"red": {"kind": "bot", "bot": "mcts"}, "blue": {"kind": "human"}}
        created = client.post("/api/games", headers=alice, json={
            "ruleset": ruleset, "seed": 1, "seats": seats})
        assert created.status_code == 201, created.text
        offered = next(r for r in client.get("/api/rulesets").json()
                       if r["id"].startswith(ruleset))["bots"]
        assert "mcts" in offered
        view = created.json()
        game_id = view["id"]
        for _ in range(40):  # the bot's first turn comes soon after a person's decision
            stored = client.app.state.db.read(lambda s: s.get(StoredGame, game_id))
            if "mcts" in [s.bot for s in stored.seats if s.seat in stored.deciders]:
                break
            view = client.get(f"/api/games/{view['id']}", headers=alice).json()
            if view["view"]["pending"]:
                client.post(f"/api/games/{view['id']}/decisions", headers=alice, json={
                    "seat": view["seat"], "version": view["version"],
                    "option": view["view"]["pending"]["options"][0]["id"]})
            else:
                client.app.state.searches._pool.submit(lambda: None).result(30)
        stored = client.app.state.db.read(lambda s: s.get(StoredGame, game_id))
        bot_seat = next(s.seat for s in stored.seats if s.bot == "mcts")
        assert bot_seat in stored.deciders
        assert replay(stored.record).decisions  # the record replays with the bot's moves


def test_naming_another_player_invites_them_and_seats_nobody_until_they_accept(client):
    """Nobody takes a seat for another player: the seat a creator names bob for stays open,
    kept for bob (no clock runs against him, nobody else takes it, the game waits) until
    bob takes it from his invitations."""
    alice, bob, carol = (sign_up(client, n) for n in ("alice", "bob", "carol"))
    made = client.post("/api/games", headers=alice, json={
        "ruleset": BATTLE, "public": True, "clock": {"decision": 60},
        "seats": {"red": {"kind": "human"}, "blue": {"kind": "human", "player": "Bob"}}})
    assert made.status_code == 201, made.text
    view = made.json()
    blue = next(s for s in view["seats"] if s["seat"] == "blue")
    assert blue == {"seat": "blue", "kind": "open", "player": None, "bot": None,
                    "invite": None, "invited": "bob", "side": "blue"}
    assert view["clock"]["deadline"] is None  # the game waits: no clock runs
    assert client.get(f"/api/games/{view['id']}", headers=bob).status_code == 404
    assert client.get("/api/games", headers=bob).json() == []  # not his game (yet)
    assert client.get("/api/lobby").json() == []  # its one open seat is kept for bob
    refused = join(client, carol, view, "blue")
    assert refused.status_code == 409 and "kept for the player invited" in refused.text
    option = view["view"]["pending"]["options"][0]["id"]
    waits = client.post(f"/api/games/{view['id']}/decisions", headers=alice, json={
        "seat": "red", "option": option, "version": view["version"]})
    assert waits.status_code == 409 and "waits for a player" in waits.text
    mine = client.get("/api/invitations", headers=bob)
    assert mine.status_code == 200, mine.text
    assert [(i["game"], i["seat"], i["inviter"], i["players"]) for i in mine.json()] == [
        (view["id"], "blue", "alice", ["alice"])]
    for lang in ("fr", "FR", "fr-FR"):  # read as every route reads a lang
        french = client.get("/api/invitations", headers=bob, params={"lang": lang}).json()
        assert [i["seat_name"] for i in french] == ["Bleu"]
    assert client.get("/api/invitations", headers=carol).json() == []
    assert client.get("/api/invitations").status_code == 401
    taken = join(client, bob, view, "blue")  # no invitation code: it is kept for him
    assert taken.status_code == 200, taken.text
    assert taken.json()["seat"] == "blue"
    seated = client.get(f"/api/games/{view['id']}", headers=alice).json()
    assert [(s["seat"], s["player"], s["invited"]) for s in seated["seats"]] == [
        ("red", "alice", None), ("blue", "bob", None)]
    assert seated["clock"]["deadline"]  # now red's clock runs
    assert client.get("/api/invitations", headers=bob).json() == []


def test_a_seat_taken_by_name_is_said_taken_whatever_the_code(client):
    """A seat kept for a player by name had a code nobody was given: once taken, asking for
    it again (a second click on Accept) is told the seat is taken, not a wrong code."""
    alice, bob = (sign_up(client, n) for n in ("alice", "bob"))
    made = client.post("/api/games", headers=alice, json={
        "ruleset": BATTLE, "seats": {"red": {"kind": "human"},
                                     "blue": {"kind": "human", "player": "bob"}}})
    assert made.status_code == 201, made.text
    view = made.json()
    assert join(client, bob, view, "blue").status_code == 200
    for code in (None, "made-up-code"):
        again = join(client, bob, view, "blue", code)
        assert again.status_code == 409 and again.json()["refusal"] == "seat-taken"


def test_an_invitation_by_name_declined_leaves_an_open_seat(client):
    alice, bob, carol = (sign_up(client, n) for n in ("alice", "bob", "carol"))
    view = client.post("/api/games", headers=alice, json={
        "ruleset": BATTLE, "seats": {"blue": {"kind": "human", "player": "bob"}}}).json()
    declined = client.post(f"/api/games/{view['id']}/decline", headers=bob,
                           json={"seat": "blue"})
    assert declined.status_code == 204, declined.text
    assert client.get("/api/invitations", headers=bob).json() == []
    again = client.post(f"/api/games/{view['id']}/decline", headers=bob, json={"seat": "blue"})
    assert again.status_code == 404
    assert client.post(f"/api/games/{view['id']}/decline", headers=carol,
                       json={"seat": "red"}).status_code == 404
    now_open = client.get(f"/api/games/{view['id']}", headers=alice).json()
    assert now_open["version"] == view["version"] + 1  # (the streams hear of it)
    blue = next(s for s in now_open["seats"] if s["seat"] == "blue")
    assert blue["kind"] == "open" and blue["invited"] is None and blue["invite"]
    assert join(client, bob, view, "blue").status_code == 403  # a private game: a code needed
    assert join(client, carol, view, "blue", blue["invite"]).status_code == 200


def test_a_player_may_have_so_many_unfinished_games_of_their_own(db_url):
    from tests.server.conftest import make_client

    with make_client(db_url, open_games=2) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        made = [invited(client, alice), invited(client, alice)]
        refused = client.post("/api/games", headers=alice, json={"ruleset": BATTLE})
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"] == ("you have 2 unfinished games you made (at most 2): "
                                           "finish one, or cancel one nobody else has "
                                           "joined, before you start another")
        assert refused.headers["Retry-After"]
        assert len(client.get("/api/games", headers=alice).json()) == 2  # nothing stored
        assert join(client, alice, invited(client, bob), "blue").status_code == 403
        mine = client.post("/api/games", headers=bob, json={"ruleset": BATTLE, "public": True,
                                                             "seats": {"blue": {"kind": "open"}}})
        assert mine.status_code == 201  # (bob's own count)
        assert join(client, alice, mine.json(), "blue").status_code == 200  # joining is free
        over = client.post("/api/games", headers=alice, json={
            "ruleset": "enemy-attacks", "options": {"players": 1}})
        assert over.status_code == 429
        client.app.state.db.write(lambda s: s.get(StoredGame, made[0]["id"]).__setattr__(
            "over", True))  # one of them ends: room for another
        assert client.post("/api/games", headers=alice, json={
            "ruleset": BATTLE}).status_code == 201


def test_a_public_game_left_waiting_expires_out_of_the_lobby_its_record_kept(client):
    from datetime import timedelta

    from rulekeeper.server import upkeep
    from rulekeeper.server.models import now

    alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
    public = invited(client, alice, public=True)
    private = invited(client, alice)
    full = invited(client, alice, public=True)
    assert join(client, bob, full, "blue").status_code == 200
    record = client.app.state.db.read(lambda s: s.get(StoredGame, public["id"])).record
    state = client.app.state
    assert upkeep.close_waiting(state, now() + timedelta(days=6, hours=23)) == []
    assert [g["id"] for g in client.get("/api/lobby").json()] == [public["id"]]
    assert upkeep.close_waiting(state, now() + timedelta(days=7, minutes=1)) == [public["id"]]
    assert client.get("/api/lobby").json() == []
    seen = client.get(f"/api/games/{public['id']}", headers=alice).json()
    assert seen["over"] and seen["closed"] == "expired" and seen["result"] is None
    assert seen["version"] == public["version"] + 1 and not seen["can_undo"]
    listed = {g["id"]: g for g in client.get("/api/games", headers=alice).json()}
    assert listed[public["id"]]["closed"] == "expired" and listed[public["id"]]["over"]
    assert listed[private["id"]]["closed"] is None and not listed[private["id"]]["over"]
    assert not listed[full["id"]]["over"]  # bob joined it: it is played, not waiting
    refused = join(client, bob, public, "blue")
    assert refused.status_code == 409 and "expired" in refused.json()["error"]
    option = public["view"]["pending"]["options"][0]["id"]
    moved = client.post(f"/api/games/{public['id']}/decisions", headers=alice, json={
        "seat": "red", "option": option, "version": seen["version"]})
    assert moved.status_code == 409 and "expired" in moved.json()["error"]
    row = client.app.state.db.read(lambda s: s.get(StoredGame, public["id"]))
    assert row.record == record and replay(row.record).events  # kept, and it replays
    assert client.get(f"/api/games/{public['id']}/record", headers=alice).status_code == 200
    assert upkeep.close_waiting(state, now() + timedelta(days=30)) == []  # once, and no other


def test_a_player_keeps_so_many_seats_for_another_who_has_not_answered(client):
    """Inviting by name puts a game in the other player's invitations: one player may keep
    at most 3 seats for another (the server's ``invitations``) that they have not taken or
    declined, in games going on; one more is refused (429), nothing stored. (Found by a
    hostile client: the 20 games each player may make were the only bound, and each game
    could name its victim in every seat.)"""
    alice, bob, carol = (sign_up(client, n) for n in ("alice", "bob", "carol"))

    def naming(headers, *seats, ruleset=BATTLE, **options):
        return client.post("/api/games", headers=headers, json={
            "ruleset": ruleset, "options": options,
            "seats": {s: {"kind": "human", "player": "bob"} for s in seats}})

    raid = naming(alice, "hero2", "hero3", ruleset="dire-alliance-raid", heroes=3)
    assert raid.status_code == 201, raid.text
    battle = naming(alice, "blue")
    assert battle.status_code == 201, battle.text
    refused = naming(alice, "blue")
    assert refused.status_code == 429, refused.text
    assert refused.json()["error"] == (
        "seats.blue: bob has 3 invitations of yours not answered yet (at most 3): wait until "
        "they take or decline one, or cancel a game you invited them to, before you invite "
        "them again")
    assert refused.headers["Retry-After"]
    assert naming(alice, "hero2", "hero3", "hero4", ruleset="dire-alliance-raid",
                  heroes=4).status_code == 429
    assert len(client.get("/api/invitations", headers=bob).json()) == 3
    assert len(client.get("/api/games", headers=alice).json()) == 2  # nothing stored
    assert naming(carol, "blue").status_code == 201  # (carol's own invitations)
    declined = client.post(f"/api/games/{battle.json()['id']}/decline", headers=bob,
                           json={"seat": "blue"})
    assert declined.status_code == 204
    assert naming(alice, "blue").status_code == 201  # answered: room for one more
    assert naming(alice, "blue").status_code == 429
    cancelled = client.post(f"/api/games/{raid.json()['id']}/cancel", headers=alice)
    assert cancelled.status_code == 200, cancelled.text
    assert naming(alice, "blue").status_code == 201
    assert len(client.get("/api/invitations", headers=bob).json()) == 3  # carol's, alice's 2


def test_one_game_naming_a_player_in_more_seats_than_the_bound_is_refused(db_url):
    """The seats kept for a player count the new game's own: one game may not name them in
    more seats than the server's ``invitations`` (found by the mutation audit: the bound
    counted only the games stored before)."""
    from tests.server.conftest import make_client

    with make_client(db_url, invitations=2) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        many = client.post("/api/games", headers=alice, json={
            "ruleset": "dire-alliance-raid", "options": {"heroes": 4},
            "seats": {s: {"kind": "human", "player": "bob"}
                      for s in ("hero2", "hero3", "hero4")}})
        assert many.status_code == 429, many.text
        assert many.json()["error"].startswith("seats.hero4: bob has 2 invitations of yours")
        assert client.get("/api/invitations", headers=bob).json() == []
        assert client.get("/api/games", headers=alice).json() == []  # nothing stored
