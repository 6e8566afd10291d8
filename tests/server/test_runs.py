"""The cryptids online game over HTTP: runs, shop actions, end-shop, battles, ratings."""

import json
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import func, select

from rulekeeper.core.game import new_game, replay
from rulekeeper.core.sentences import sentences
from rulekeeper.rulesets.cryptids.ruleset import FACTS
from rulekeeper.rulesets.cryptids_run.odds import win_chance
from rulekeeper.server.config import Settings
from rulekeeper.server.games import EventOut
from rulekeeper.server.models import StoredBattle, StoredRun, StoredSnapshot
from rulekeeper.server.pool import run_ruleset
from rulekeeper.server.runs import deciding
from tests.core.test_cli import run as run_cli
from tests.server.conftest import make_client, sign_up
from tests.server.runs_client import play_shop, shop_action


@pytest.fixture
def lone(db_url):
    """A service whose pool holds only its players' snapshots (no bot players)."""
    with make_client(db_url, bot_pool=False) as client:
        yield client


def count(client, model, *where):
    return client.app.state.db.read(
        lambda s: s.scalar(select(func.count()).select_from(model).where(*where)))


@pytest.mark.rule("rating.change.b")
def test_two_players_play_whole_runs_against_each_others_snapshots(lone, tmp_path, capsys,
                                                                   monkeypatch):
    client = lone
    players = {name: sign_up(client, name) for name in ("alice", "bob")}
    runs = {name: client.post("/api/runs", headers=h).json() for name, h in players.items()}
    met, ended = {"alice": set(), "bob": set()}, {}
    order = ["alice", "bob"]
    while len(ended) < 2:
        for name in order:  # who ends the shop first changes every round
            if name in ended:
                continue
            done = play_shop(client, players[name], runs[name])
            runs[name] = done["run"]
            if done["battle"]:
                met[name].add(done["battle"]["opponent"])
                assert done["battle"]["outcome"] == done["outcome"]
            profile = client.get(f"/api/players/{name}", headers=players[name]).json()
            if runs[name]["over"]:
                ended[name] = runs[name]
                assert profile["mu"] == pytest.approx(
                    runs[name]["result"]["metrics"]["rating.mu"])
            else:  # the rating total is applied only when the run ends
                assert profile["mu"] is None and profile["playing"]
        order.reverse()
    assert met == {"alice": {"bob", "ghost"}, "bob": {"alice", "ghost"}}
    board = client.get("/api/leaderboard").json()
    assert {row["name"] for row in board} == {"alice", "bob"} and board[0]["rank"] == 1
    for name, final in ended.items():
        assert final["over"] and (final["lives"] == 0 or final["victories"] == 10)
        battles = [b for b in final["battles"] if b["id"]]
        assert count(client, StoredBattle, StoredBattle.run_id == final["id"]) == len(battles)
        history = client.get("/api/runs", headers=players[name]).json()
        assert [(h["id"], h["over"]) for h in history] == [(final["id"], True)]
        battle = client.get(f"/api/battles/{battles[-1]['id']}?lang=fr",
                            headers=players[name]).json()
        assert battle["events"][0]["text"].startswith("Bataille\u00a0: ")
        assert battle["record"]["ruleset"] == "cryptids-v1"
        log = client.get(f"/api/battles/{battles[-1]['id']}/record", headers=players[name])
        (tmp_path / f"{name}.jsonl").write_text(log.text)
        code, out, err = run_cli(["replay", str(tmp_path / f"{name}.jsonl")], capsys, monkeypatch)
        assert code == 0 and "Reproduced cryptids-v1" in out, err
        record = client.get(f"/api/runs/{final['id']}/record", headers=players[name])
        game = replay(json.loads(record.text.splitlines()[0])["record"])
        assert game.over and game.result.metrics["victories"] == final["victories"]


def test_bot_ghosts_seed_the_pool_so_a_lone_player_meets_opponents_at_once(client):
    alice = sign_up(client, "alice")
    assert count(client, StoredSnapshot, StoredSnapshot.round == 1) >= 4
    done = play_shop(client, alice, client.post("/api/runs", headers=alice).json())
    # a bot player's row is a ghost: built by a bot, and said so
    assert done["battle"]["opponent"].startswith("bot-") and done["battle"]["ghost"]
    assert done["run"]["battles"][0]["ghost"] and done["run"]["battles"][0]["opponent"] == \
        done["battle"]["opponent"]
    assert count(client, StoredSnapshot, StoredSnapshot.player == "alice") == 1
    assert count(client, StoredSnapshot, StoredSnapshot.player.like("bot-%"),
                 StoredSnapshot.ghost.is_(False)) == 0


def test_a_battle_summary_tells_lives_victories_rows_and_the_odds(db_url):
    with make_client(db_url, odds_battles=Settings.odds_battles) as client:
        tell_the_story(client)


def tell_the_story(client):
    alice = sign_up(client, "alice")
    run = client.post("/api/runs", headers=alice).json()
    done = play_shop(client, alice, run)
    battle, after = done["battle"], done["run"]
    assert battle["lives"] == after["lives"] and battle["victories"] == after["victories"]
    assert battle["lives_lost"] == (1 if battle["outcome"] == "loss" else 0)  # round 1 costs 1
    assert battle["victories_needed"] == after["victories_needed"] == 10
    line = after["battles"][0]
    assert (line["lives_lost"], line["lives"], line["victories"]) == (
        battle["lives_lost"], battle["lives"], battle["victories"])
    # the rows as they fought: named, with their abilities in both languages
    mine = battle["rows"]["player"]
    assert [c["cryptid"] for c in mine] == [p["cryptid"] for p in after["row"] if p]
    assert mine[0]["name"]["fr"] and mine[0]["ability"]["text"]["fr"]
    assert battle["rows"]["opponent"] and "combined" in battle["rows"]["opponent"][0]
    # the odds: worked out once just after the answer, stored with the battle
    odds = client.get(f"/api/battles/{battle['id']}/odds", headers=alice).json()
    low, high = odds["odds_interval"]
    assert 0 <= low <= odds["odds"] <= high <= 1 and odds["odds_battles"] >= 2000
    stored = client.get(f"/api/battles/{battle['id']}", headers=alice).json()
    assert (stored["odds"], stored["odds_interval"]) == (odds["odds"], [low, high])
    expected = win_chance(stored["record"], run_ruleset().arena)
    assert odds["odds"] == expected.chance  # the record's own odds, computed from its seed
    arena = run_ruleset().arena  # the same answer whichever engine plays the battles
    assert win_chance(stored["record"], arena, 200, engine="python") == win_chance(
        stored["record"], arena, 200, engine="kernel")
    # why: the deaths and how it ended, each with its roll
    deciding = stored["deciding"]
    assert deciding[-1]["kind"].startswith("result.") and deciding[-1]["text"]
    assert all(m["kind"] == "death" or m["kind"].split(".")[0] in ("end", "result")
               for m in deciding)
    assert all(0 <= m["roll"] <= 36 for m in deciding)


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("teams", [("hunters", "guardians"), ("backwoods", "tricksters")])
def test_each_death_of_a_battles_story_comes_with_its_side_and_the_blow_that_caused_it(seed,
                                                                                       teams):
    """Why a cryptid died: the event that brought it to 0 HP (an ability's damage, damage
    over time...), with its sentence and rule, before its death; and whose it was, a
    summoned cryptid (a Jackalope Kit, a Will-o'-the-Wisp) too."""
    left, right = teams
    game = new_game("cryptids", seed=seed, options={"left": left, "right": right})
    said = sentences(game.ruleset, game.seats, "fr")
    events = list(game.events)
    story = deciding(events, [EventOut(n=n, kind=e.kind, rule=e.rule, text=said(e),
                                       data=dict(e.data)) for n, e in enumerate(events)])
    deaths = [m for m in story if m.kind == "death"]
    assert deaths
    for death in deaths:
        blow = death.cause
        assert blow is not None, death.text
        assert blow.n < death.n and blow.data["hp"] == 0 and blow.data["before"] > 0
        assert blow.data["target"] == death.data["who"] and blow.rule and blow.text
        summoned = [e for e in events[:death.n] if e.kind == "summon"
                    and e.data["summoned"] == death.data["who"]]
        lineup = [e.kind for e in events if e.kind.startswith("lineup.") and any(
            c["en"].startswith(death.data["who"]["en"] + " ") for c in e.data["cryptids"])]
        summoner = [e.kind for e in events if e.kind.startswith("lineup.") and summoned and any(
            c["en"].startswith(summoned[-1].data["who"]["en"] + " ") for c in e.data["cryptids"])]
        assert ["lineup." + death.side] == (summoner if summoned else lineup), death.text
    assert all(m.cause is None and m.side is None for m in story if m.kind != "death")


def test_a_death_by_damage_over_time_names_the_ability_that_put_it_on():
    """The blow of damage over time ("Beast of Gévaudan loses 1 HP: 1 → 0 HP") does not say
    whose it was: the story gives the ability that put it on the cryptid, with its roll
    ("Chupacabra puts damage over time on Beast of Gévaudan", roll 4); any other death none."""
    game = new_game("cryptids", seed=0, options={"left": "french-legends", "right": "hunters"})
    said = sentences(game.ruleset, game.seats, "en")
    events = list(game.events)
    story = deciding(events, [EventOut(n=n, kind=e.kind, rule=e.rule, text=said(e),
                                       data=dict(e.data)) for n, e in enumerate(events)])
    deaths = [m for m in story if m.kind == "death"]
    by_status = [m for m in deaths if m.cause is not None and m.cause.kind == "damage.status"]
    assert by_status and all(m.source is None for m in deaths if m not in by_status)
    for death in by_status:
        source = death.source
        assert source is not None and source.kind == "status" and source.n < death.cause.n
        assert source.data["target"] == death.data["who"] and source.rule
        assert 0 < source.roll <= death.roll
    first = by_status[0].source
    assert (first.roll, first.text) == (4, "Chupacabra puts damage over time on Beast of "
                                            "Gévaudan: 1 per roll for 3 rolls.")


def test_the_rating_shown_is_mu_minus_three_sigma_and_its_change_is_said(client):
    alice = sign_up(client, "alice")
    run = client.post("/api/runs", headers=alice).json()
    assert run["rating"]["shown"] == pytest.approx(run["rating"]["mu"] - 3 * run["rating"]["sigma"])
    done = play_shop(client, alice, run)
    change = done["run"]["rating_change"]
    assert change["shown"] == pytest.approx(change["mu"] - 3 * change["sigma"])
    history = client.get("/api/runs", headers=alice).json()
    assert history[0]["rating_shown_change"] == pytest.approx(change["shown"])


def test_the_numbers_of_a_run_for_the_how_to_play(client):
    rules = client.get("/api/runs/rules").json()
    assert rules["run"]["lives"] == 5 and rules["run"]["victories"] == 10
    assert [c["lives"] for c in rules["run"]["loss_costs"]] == [1, 2, 3]
    assert rules["shop"]["prices"] == {"buy": 3, "sell": 1, "reroll": 1}
    assert rules["shop"]["combine"]["most"] == 2
    # the battle's numbers the how-to says ("after 36 rolls", "from roll 16"): the ruleset's
    assert rules["battle"] == {"roll_cap": FACTS.roll_cap, "sudden_death": FACTS.sudden_death,
                               "by_hp": list(FACTS.by_hp)}
    assert (rules["battle"]["roll_cap"], rules["battle"]["sudden_death"]) == (36, 16)


TOLD = {"en": {"mine": ("Your row, ", "Your row ("), "theirs": ("Their row, ", "Their row ("),
               "battle": "Battle: your row ({mine}) against theirs ({theirs}).",
               "hp": "your row has {mine} HP left, theirs {theirs}."},
        "fr": {"mine": ("Votre rangée, ", "Votre rangée ("),
               "theirs": ("La rangée adverse, ", "La rangée adverse ("),
               "battle": "Bataille\u00a0: votre rangée ({mine}) contre la rangée adverse "
                         "({theirs}).",
               "hp": "il reste {mine} PV à votre rangée, {theirs} à la rangée adverse."}}
"""A battle's events that name the sides, as its players are told them: their lineups and
the winner ("Your row, ...", "Their row (...) wins"), how it began, the HP left."""
WHERE = re.compile(r"(?i)\b(left|right|gauche|droite) (\d|side|row)|\((left|right|gauche|"
                   r"droite)\)|(camp|rangée) de (gauche|droite)")
"""Where the ruleset's own sentences say the sides stand."""


def test_a_battle_is_told_for_the_side_of_the_player_who_asks(lone):
    """Bob's run meets Alice's row: each reads the battle (its events, its why, its frames)
    told for their own row, in English and French ("your row has 6 HP left, theirs 5"), never
    by where the rows stood; its log file keeps the ruleset's sentences."""
    players = {name: sign_up(lone, name) for name in ("alice", "bob")}
    runs = {name: lone.post("/api/runs", headers=h).json() for name, h in players.items()}
    met = None
    for _ in range(4):  # bounded: with no bot players, Bob meets Alice's row at once
        runs["alice"] = play_shop(lone, players["alice"], runs["alice"])["run"]
        done = play_shop(lone, players["bob"], runs["bob"])
        runs["bob"] = done["run"]
        if done["battle"] and done["battle"]["opponent"] == "alice":
            met = done["battle"]
            break
    assert met is not None, "Bob's run never met Alice's row"
    for lang in ("en", "fr"):
        said = {}
        for name, side in (("bob", "left"), ("alice", "right")):
            url = f"/api/battles/{met['id']}"
            battle = lone.get(f"{url}?lang={lang}", headers=players[name]).json()
            frames = lone.get(f"{url}/frames?lang={lang}", headers=players[name]).json()
            assert battle["side"] == side
            texts = [e["text"] for e in battle["events"]]
            assert [e["text"] for e in frames["events"]] == texts  # the page's film too
            assert not [text for text in texts if WHERE.search(text)]
            said[name] = {e["kind"]: e["text"] for e in battle["events"]}
            told, by_kind = TOLD[lang], said[name]
            other = "right" if side == "left" else "left"
            assert by_kind[f"lineup.{side}"].startswith(told["mine"][0])
            assert by_kind[f"lineup.{other}"].startswith(told["theirs"][0])
            start = battle["events"][0]["data"]
            assert by_kind["battle"] == told["battle"].format(
                mine=start[side].get(lang, start[side]["en"]),
                theirs=start[other].get(lang, start[other]["en"]))
            result = next(e for e in battle["events"] if e["kind"].startswith("result."))
            if result["kind"] != "result.tie":
                winner = "mine" if result["kind"] == f"result.{side}" else "theirs"
                assert result["text"].startswith(told[winner][1]), result["text"]
            assert battle["deciding"][-1]["text"] == result["text"]  # its why says it so
            for end in (e for e in battle["events"] if e["kind"].startswith("end.")):
                assert end["text"].endswith(told["hp"].format(
                    mine=end["data"][side], theirs=end["data"][other])), end["text"]
        assert said["bob"]["battle"] != said["alice"]["battle"]
    log = lone.get(f"/api/battles/{met['id']}/record", headers=players["alice"]).text
    assert "Left row, " in log and "Your row" not in log  # the record's own sentences


def test_the_ability_question_names_the_cryptid_bought(client):
    alice = sign_up(client, "alice")
    run = client.post("/api/runs", headers=alice).json()
    buy = next(o["id"] for o in run["pending"]["options"] if o["id"].startswith("buy-"))
    offer = run["offers"][int(buy.split("-")[1]) - 1]
    asked = client.post(f"/api/runs/{run['id']}/actions", json={"action": buy, "version": 0},
                        headers=alice).json()
    assert asked["pending"]["kind"] == "ability"
    buying = asked["buying"]
    assert buying["cryptid"] == offer["cryptid"] and buying["name"] == offer["name"]
    assert buying["place"] == int(buy.split("-")[2])
    assert [a["id"] for a in buying["abilities"]] == [o["id"] for o in
                                                      asked["pending"]["options"]]


def test_one_run_at_a_time_and_a_repeated_start_returns_it(client):
    alice = sign_up(client, "alice")
    first = client.post("/api/runs", headers=alice)
    again = client.post("/api/runs", headers=alice)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]
    assert count(client, StoredRun) == 1


def test_a_stale_version_gets_409_and_a_repeat_gets_the_same_answer(client):
    alice = sign_up(client, "alice")
    run = client.post("/api/runs", headers=alice).json()
    body = {"action": shop_action(run), "version": 0}
    first = client.post(f"/api/runs/{run['id']}/actions", json=body, headers=alice)
    repeat = client.post(f"/api/runs/{run['id']}/actions", json=body, headers=alice)
    assert first.status_code == repeat.status_code == 200 and repeat.json() == first.json()
    stale = client.post(f"/api/runs/{run['id']}/actions", json={"action": "reroll", "version": 0},
                        headers=alice)
    assert stale.status_code == 409
    assert stale.json()["error"] == f"version 0 is stale: run {run['id']} is at version 1"
    ended = client.post(f"/api/runs/{run['id']}/end-shop", json={"version": 0}, headers=alice)
    assert ended.status_code == 409


def test_end_shop_sent_many_times_at_once_gives_one_battle(client):
    alice = sign_up(client, "alice")
    run = client.post("/api/runs", headers=alice).json()
    while (action := shop_action(run)) is not None:
        run = client.post(f"/api/runs/{run['id']}/actions", headers=alice,
                          json={"action": action, "version": run["version"]}).json()
    url, body = f"/api/runs/{run['id']}/end-shop", {"version": run["version"]}
    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(lambda _: client.post(url, json=body, headers=alice), range(6)))
    assert {a.status_code for a in answers} <= {200, 409}
    battles = {a.json()["battle"]["id"] for a in answers if a.status_code == 200}
    assert len(battles) == 1
    assert count(client, StoredBattle, StoredBattle.run_id == run["id"]) == 1
    assert count(client, StoredSnapshot, StoredSnapshot.run == run["id"]) == 1
    stored = client.app.state.db.read(lambda s: s.get(StoredRun, run["id"]))
    assert stored.version == run["version"] + 1 and stored.round == 2


@pytest.mark.parametrize("action, message", [
    ("buy-9-1", "buy-9-1: there is no offer 9"),
    ("sell-1", "sell-1: "),
    ("end", "the shop is ended by POST /api/runs/{id}/end-shop"),
    ("fly-away", "fly-away: "),
])
def test_an_illegal_shop_action_is_refused_before_anything_changes(client, action, message):
    alice = sign_up(client, "alice")
    run = client.post("/api/runs", headers=alice).json()
    refused = client.post(f"/api/runs/{run['id']}/actions",
                          json={"action": action, "version": 0}, headers=alice)
    assert refused.status_code == 400 and refused.json()["error"].startswith(message)
    assert client.get(f"/api/runs/{run['id']}", headers=alice).json() == run


def test_nobody_reads_or_acts_on_another_players_run(db_url):
    with make_client(db_url, bot_pool=False) as client:
        alice, bob, carol = (sign_up(client, n) for n in ("alice", "bob", "carol"))
        run = client.post("/api/runs", headers=alice).json()
        done = play_shop(client, alice, run)  # alice meets a ghost: nobody else has a row
        bob_run = client.post("/api/runs", headers=bob).json()
        bob_done = play_shop(client, bob, bob_run)  # bob meets alice's snapshot
        assert bob_done["battle"]["opponent"] == "alice"
        rid, version = run["id"], done["run"]["version"]
        for method, path, body in [
                ("get", f"/api/runs/{rid}", None),
                ("post", f"/api/runs/{rid}/actions", {"action": "reroll", "version": version}),
                ("post", f"/api/runs/{rid}/end-shop", {"version": version}),
                ("get", f"/api/runs/{rid}/record", None)]:
            for stranger in (bob, carol):
                answer = getattr(client, method)(path, headers=stranger,
                                                 **({"json": body} if body else {}))
                assert answer.status_code == 404, (path, answer.text)
                assert answer.json() == {"error": f"no run {rid!r} of yours"}
        assert client.get("/api/runs", headers=carol).json() == []
        battle = done["battle"]["id"]
        assert client.get(f"/api/battles/{battle}", headers=carol).status_code == 404
        fought = bob_done["battle"]["id"]  # a battle is seen by both of its players
        assert client.get(f"/api/battles/{fought}", headers=alice).status_code == 200
        assert client.get(f"/api/battles/{fought}", headers=carol).status_code == 404
        refused = client.get(f"/api/runs/{rid}/record", headers=alice)
        assert refused.status_code == 403 and "once the run is over" in refused.json()["error"]
        assert client.get(f"/api/battles/{battle}?lang=de", headers=alice).status_code == 400


def test_a_player_sees_the_battles_fought_against_their_rows_and_nobody_else_does(db_url):
    """``GET /api/battles/met``: the battles other players' runs fought against a player's
    snapshots, counted for the player's row and listed newest first; each player's own."""
    with make_client(db_url, bot_pool=False) as client:
        alice, bob, carol = (sign_up(client, n) for n in ("alice", "bob", "carol"))
        names = {"alice": alice, "bob": bob, "carol": carol}
        run = client.post("/api/runs", headers=alice).json()
        for _ in range(2):  # alice's rows of rounds 1 and 2 join the pool (she meets ghosts)
            run = play_shop(client, alice, run)["run"]
        fought = []  # (player, battle) in the order they were fought
        run = client.post("/api/runs", headers=bob).json()
        for _ in range(2):  # bob meets alice's rows at rounds 1 and 2: nobody else has any
            done = play_shop(client, bob, run)
            run = done["run"]
            assert done["battle"]["opponent"] == "alice"
            fought.append(("bob", done["battle"]))
        done = play_shop(client, carol, client.post("/api/runs", headers=carol).json())
        assert done["battle"]["opponent"] in ("alice", "bob")
        fought.append(("carol", done["battle"]))
        for_the_row = {"win": "loss", "loss": "win", "tie": "tie"}
        for name, headers in names.items():
            mine = [(player, b) for player, b in reversed(fought) if b["opponent"] == name]
            met = client.get("/api/battles/met", headers=headers)
            assert met.status_code == 200, met.text
            met = met.json()
            assert [(b["id"], b["player"], b["round"], b["outcome"]) for b in met["battles"]] == [
                (b["id"], player, b["round"], for_the_row[b["outcome"]]) for player, b in mine]
            outcomes = [for_the_row[b["outcome"]] for _, b in mine]
            assert (met["met"], met["won"], met["lost"], met["tied"]) == (
                len(mine), outcomes.count("win"), outcomes.count("loss"), outcomes.count("tie"))
            for _, battle in mine:  # the owner of the row met reads the battle
                assert client.get(f"/api/battles/{battle['id']}",
                                  headers=headers).status_code == 200
        alices = client.get("/api/battles/met?limit=1", headers=alice).json()
        assert alices["met"] >= 2 and [b["id"] for b in alices["battles"]] == [
            next(b["id"] for _, b in reversed(fought) if b["opponent"] == "alice")]
        assert client.get("/api/battles/met", headers=carol).json() == {
            "met": 0, "won": 0, "lost": 0, "tied": 0, "battles": []}
        against_alice = fought[0][1]["id"]  # fought by bob against alice's row: not carol's
        for path in (f"/api/battles/{against_alice}", f"/api/battles/{against_alice}/frames",
                     f"/api/battles/{against_alice}/record"):
            refused = client.get(path, headers=carol)
            assert refused.status_code == 404, (path, refused.text)
            assert refused.json() == {"error": f"no battle {against_alice!r} of yours"}
        assert client.get("/api/battles/met").status_code == 401
        for limit in (0, 51, "x"):
            assert client.get(f"/api/battles/met?limit={limit}",
                              headers=alice).status_code == 422


def test_a_battle_not_yet_seen_is_named_by_the_history_until_its_player_has_seen_it(client):
    alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
    run = client.post("/api/runs", headers=alice).json()
    assert client.get("/api/runs", headers=alice).json()[0]["unseen"] is None
    battle = play_shop(client, alice, run)["battle"]
    assert battle is not None
    assert client.get("/api/runs", headers=alice).json()[0]["unseen"] == battle["id"]
    # another player (not its opponent) cannot mark it; its opponent's mark changes nothing
    assert client.post(f"/api/battles/{battle['id']}/seen", headers=bob).status_code == 404
    assert client.get("/api/runs", headers=alice).json()[0]["unseen"] == battle["id"]
    assert client.post(f"/api/battles/{battle['id']}/seen", headers=alice).status_code == 204
    assert client.post(f"/api/battles/{battle['id']}/seen", headers=alice).status_code == 204
    assert client.get("/api/runs", headers=alice).json()[0]["unseen"] is None


def test_a_round_lost_without_a_fight_is_named_by_the_history_until_its_player_has_seen_it(
        client):
    """An empty row loses without a battle: no battle to be seen, so the run keeps the round
    unseen (a reload, another device, shows it) until its player is shown it."""
    alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
    run = client.post("/api/runs", headers=alice).json()
    ended = client.post(f"/api/runs/{run['id']}/end-shop", json={"version": run["version"]},
                        headers=alice).json()
    assert ended["battle"] is None and ended["outcome"] == "loss"
    listed = client.get("/api/runs", headers=alice).json()[0]
    assert (listed["unseen"], listed["unseen_empty_row"]) == (None, 1)
    seen = f"/api/runs/{run['id']}/empty-row-seen"
    assert client.post(seen, json={"round": 1}, headers=bob).status_code == 404
    assert client.post(seen, json={"round": 2}, headers=alice).status_code == 204  # not that one
    assert client.get("/api/runs", headers=alice).json()[0]["unseen_empty_row"] == 1
    for huge in (2**31, 2**63, 10**20):  # past every database's whole numbers: 422, not 500
        refused = client.post(seen, json={"round": huge}, headers=alice)
        assert refused.status_code == 422, refused.text
        assert refused.json() == {"error": "round: Input should be less than or equal to "
                                           "2147483647"}
    assert client.post(seen, json={"round": 2**31 - 1}, headers=alice).status_code == 204
    assert client.post(seen, json={"round": 1}, headers=alice).status_code == 204
    assert client.post(seen, json={"round": 1}, headers=alice).status_code == 204
    assert client.get("/api/runs", headers=alice).json()[0]["unseen_empty_row"] is None
    again = client.get(f"/api/runs/{run['id']}", headers=alice).json()  # a new round's shop
    repeat = client.post(f"/api/runs/{run['id']}/end-shop", json={"version": run["version"]},
                         headers=alice)  # a repeat of the first end-shop: nothing unseen again
    assert repeat.status_code == 200 and repeat.json()["run"]["version"] == again["version"]
    assert client.get("/api/runs", headers=alice).json()[0]["unseen_empty_row"] is None


def test_a_battle_on_a_french_page_words_the_engines_own_events_in_french(client, monkeypatch):
    """A battle's events are worded as a game's are (core.sentences), the engine's own events
    (its work budget, its clocks) in the page's language too, not in English. A cryptids
    battle stops a runaway chain by its own budget (``budget.battle``, the ruleset's
    sentence); the engine's ``work-budget.tie`` is emitted here by the engine's own method,
    as the engine emits it in a game that reaches its budget."""
    from rulekeeper.server import runs

    alice = sign_up(client, "alice")
    battle = play_shop(client, alice, client.post("/api/runs", headers=alice).json())["battle"]
    rebuilt = runs.replayed

    def budget_spent(stored):
        game = rebuilt(stored)
        game.table.out_of_budget("steps", 1000)
        return game

    monkeypatch.setattr(runs, "replayed", budget_spent)
    said = client.get(f"/api/battles/{battle['id']}?lang=fr", headers=alice).json()["events"]
    assert said[-1]["kind"] == "work-budget.tie"
    assert said[-1]["text"] == ("Le budget de travail est atteint (1000 étapes)\u00a0: la "
                                "partie se termine par une égalité")
    assert said[0]["text"] != client.get(f"/api/battles/{battle['id']}",
                                         headers=alice).json()["events"][0]["text"]


def test_the_leaderboard_ranks_by_mu_minus_three_sigma_the_players_with_a_finished_run(
        client):
    from rulekeeper.server.models import Player

    players = {name: sign_up(client, name) for name in ("alice", "bob", "carol")}
    runs = {name: client.post("/api/runs", headers=h).json()["id"]
            for name, h in players.items()}
    ratings = {"alice": (30.0, 1.0), "bob": (32.0, 3.0), "carol": (40.0, 1.0)}

    def rate(session):
        for name, (mu, sigma) in ratings.items():
            player = session.scalars(select(Player).where(Player.name == name)).one()
            player.mu, player.sigma = mu, sigma
        for name in ("alice", "bob"):  # carol's run goes on
            session.get(StoredRun, runs[name]).over = True

    client.app.state.db.write(rate)
    board = client.get("/api/leaderboard", headers=players["alice"]).json()
    assert [(s["rank"], s["name"], s["ordinal"]) for s in board] == [
        (1, "alice", 27.0), (2, "bob", 23.0)]
