"""The routes a player meets on the French /play page say their refusals in French
(``?lang=fr``, as the page sends it): making a game (its options, seats, scenario, rulings,
clock), joining, declining and cancelling, a decision and an undo, signing up, a run's shop;
an English request, or one with no ``lang``, gets the English it always got."""

from __future__ import annotations

import pytest

from tests.server.conftest import make_client, sign_up

BATTLE = "dire-alliance-battle"


def plain(text: str) -> str:
    """``text`` with French's no-break spaces written as plain ones, for reading."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


@pytest.fixture
def table(tmp_path):
    with make_client(f"sqlite:///{tmp_path / 'db'}") as client:
        yield client, sign_up(client, "alice"), sign_up(client, "bob")


def said(client, path: str, **request) -> dict[str, tuple[int, str]]:
    """The refusal of a POST to ``path`` with no ``lang``, in English and in French."""
    answers = {}
    for lang, query in (("none", ""), ("en", "?lang=en"), ("fr", "?lang=fr")):
        answer = client.post(path + query, **request)
        assert 400 <= answer.status_code < 500, answer.text
        answers[lang] = (answer.status_code, plain(answer.json()["error"]))
    assert answers["none"] == answers["en"]
    assert answers["fr"][0] == answers["en"][0]
    return {lang: text for lang, (_status, text) in answers.items()}


def check(words: dict[str, str], english: str, french: str) -> None:
    assert words["en"] == english
    assert words["fr"] == french


NEW_GAMES = [
    ({"ruleset": "cryptids", "options": {"left": "hunterz"}},
     "Left: 'hunterz' is not one of French Legends, American Backwoods, Lake Monsters, Night "
     "Flyers, Hunters, Guardians, Tricksters, Swamp Things, Duo, Lone Yeti, Lone Kraken (did "
     "you mean 'hunters'?)",
     "Left : 'hunterz' n'est pas parmi French Legends, American Backwoods, Lake Monsters, Night "
     "Flyers, Hunters, Guardians, Tricksters, Swamp Things, Duo, Lone Yeti, Lone Kraken "
     "(vouliez-vous dire 'hunters' ?)"),
    ({"ruleset": "cryptids", "seats": {"blu": {"kind": "bot"}}},
     "seats: cryptids-v1 has no seat 'blu'; its seats: left, right",
     "seats : cryptids-v1 n'a pas de place 'blu' ; ses places : left, right"),
    ({"ruleset": "cryptids", "seats": {"left": {"kind": "bot", "bot": "randm"}}},
     "seats.left: no bot 'randm' (did you mean 'random'?); bots for cryptids-v1: first, mcts, "
     "random",
     "seats.left : pas de bot 'randm' (vouliez-vous dire 'random' ?) ; bots de cryptids-v1 : "
     "first, mcts, random"),
    ({"ruleset": "cryptids", "seats": {"left": {"kind": "bot"}, "right": {"kind": "bot"}}},
     "seats: you hold no seat; hold one yourself (the others may be bots or open)",
     "seats : vous n'avez aucune place ; prenez-en une vous-même (les autres peuvent être des "
     "bots ou ouvertes)"),
    ({"ruleset": "cryptids", "scenario": "nope"},
     "cryptids-v1 has no scenario 'nope'; it has no scenarios",
     "cryptids-v1 n'a pas de scénario 'nope' ; il n'a aucun scénario"),
    ({"ruleset": "cryptids", "rulings": {"overheel": "x"}},
     "unknown ruling 'overheel' (did you mean 'overheal'?); rulings: deaths-on-reroll, "
     "heal-at-zero, last-reroll, lowest-hp-tie, no-damage-possible, overheal, reaction-depth, "
     "reaction-order, reroll-counts, sudden-death, tie-order, work-budget, zero-hp-target",
     "arbitrage 'overheel' inconnu (vouliez-vous dire 'overheal' ?) ; arbitrages : "
     "deaths-on-reroll, heal-at-zero, last-reroll, lowest-hp-tie, no-damage-possible, "
     "overheal, reaction-depth, reaction-order, reroll-counts, sudden-death, tie-order, "
     "work-budget, zero-hp-target"),
    ({"ruleset": BATTLE, "clock": {}},
     "clock: give seconds per decision, in total, or both",
     "clock : donnez des secondes par décision, au total, ou les deux"),
    ({"ruleset": BATTLE, "clock": {"decision": 0}},
     "clock.decision: Input should be greater than or equal to 1",
     "clock.decision : doit valoir au moins 1"),
    ({"ruleset": BATTLE, "clock": {"decision": 60, "bot": "mcts"}},
     "clock.bot: 'mcts' cannot decide for a seat whose clock ran out; bots that can: first, "
     "heuristic, random",
     "clock.bot : 'mcts' ne peut pas décider pour une place dont la pendule est épuisée ; bots "
     "qui le peuvent : first, heuristic, random"),
    ({"ruleset": "cryptids", "seats": {"right": {"kind": "open"}}},
     "seats.right: nobody decides in a game of Cryptids: battle: no seat waits for a player",
     "seats.right : personne ne décide dans une partie de Cryptids : battle : aucune place "
     "n'attend de joueur"),
    ({"ruleset": BATTLE, "seed": 3, "seats": {"blue": {"kind": "open"}}},
     "seed: a seed may be chosen only when you hold every human seat",
     "seed : une graine ne se choisit que si vous tenez toutes les places humaines"),
]


@pytest.mark.parametrize(("body", "english", "french"), NEW_GAMES,
                         ids=[" ".join(sorted(body)[1:] or body) for body, *_ in NEW_GAMES])
def test_a_game_refused_is_said_in_the_pages_language(table, body, english, french):
    client, alice, _bob = table
    check(said(client, "/api/games", json=body, headers=alice), english, french)


def refused(client, path: str, **request) -> dict[str, dict]:
    """The JSON of a POST to ``path`` refused, in English and in French."""
    return {lang: client.post(f"{path}?lang={lang}", **request).json() for lang in ("en", "fr")}


def check_refusal(answers: dict[str, dict], refusal: str, facts: dict) -> None:
    """A refusal the page says in its own words: its id and facts, the same in both
    languages (the page reads them, never the message's words)."""
    for answer in answers.values():
        assert (answer["refusal"], answer["facts"]) == (refusal, facts), answer


def test_a_player_invited_by_a_name_nobody_has_is_refused_in_french_with_its_facts(table):
    client, alice, _bob = table
    body = {"ruleset": BATTLE, "seats": {"blue": {"kind": "human", "player": "zed"}}}
    check(said(client, "/api/games", headers=alice, json=body),
          "seats.blue: no player is called 'zed'", "seats.blue : aucun joueur ne s'appelle 'zed'")
    check_refusal(refused(client, "/api/games", headers=alice, json=body), "no-such-player",
                  {"seat": "blue", "name": "zed"})


def test_a_refusal_the_page_does_not_word_itself_has_no_refusal_id(table):
    client, alice, _bob = table
    answer = client.post("/api/games?lang=fr", json={"ruleset": "nope"}, headers=alice).json()
    assert set(answer) == {"error"}, answer


def test_a_forfeit_of_many_sides_is_refused_in_french_with_its_id(table):
    client, alice, _bob = table
    body = {"ruleset": "combat-encounter", "options": {"players": 3},
            "clock": {"decision": 5, "expiry": "forfeit"}}
    words = said(client, "/api/games", headers=alice, json=body)
    check(words, "clock.expiry: a game of more than two sides cannot be forfeited by one seat; "
                 "choose bot",
          "clock.expiry : une partie de plus de deux camps ne peut pas être perdue par forfait "
          "d'une seule place ; choisissez bot")
    check_refusal(refused(client, "/api/games", headers=alice, json=body),
                  "forfeit-of-many-sides", {})


def test_too_many_unfinished_games_is_refused_in_french_with_its_counts(tmp_path):
    with make_client(f"sqlite:///{tmp_path / 'db'}", open_games=1) as client:
        alice = sign_up(client, "alice")
        made = client.post("/api/games", json={"ruleset": BATTLE}, headers=alice)
        assert made.status_code == 201, made.text
        check(said(client, "/api/games", json={"ruleset": BATTLE}, headers=alice),
              "you have 1 unfinished games you made (at most 1): finish one, or cancel one "
              "nobody else has joined, before you start another",
              "vous avez créé 1 partie inachevée (au plus 1) : finissez-en une, ou annulez-en "
              "une que personne d'autre n'a rejointe, avant d'en commencer une autre")
        check_refusal(refused(client, "/api/games", json={"ruleset": BATTLE}, headers=alice),
                      "too-many-games", {"count": 1, "most": 1})


def open_game(client, alice) -> dict:
    made = client.post("/api/games", json={"ruleset": BATTLE, "seats": {"blue": {"kind": "open"}}},
                       headers=alice)
    assert made.status_code == 201, made.text
    return made.json()


def test_joining_declining_and_cancelling_refused_are_said_in_french(table):
    client, alice, bob = table
    view = open_game(client, alice)
    game = view["id"]
    join = f"/api/games/{game}/join"
    check(said(client, join, json={"seat": "blu"}, headers=bob),
          f"game {game} has no seat 'blu'; its seats: red, blue",
          f"la partie {game} n'a pas de place 'blu' ; ses places : red, blue")
    check(said(client, join, json={"seat": "blue", "invite": "wrong"}, headers=bob),
          "this is not the invitation to seat blue",
          "ce n'est pas l'invitation à la place blue")
    check(said(client, join, json={"seat": "red"}, headers=bob),
          "seat red is taken", "la place red est déjà prise")
    check_refusal(refused(client, join, json={"seat": "red"}, headers=bob), "seat-taken",
                  {"seat": "red"})
    check(said(client, "/api/games/nogame/join", json={"seat": "blue"}, headers=bob),
          "no game 'nogame'", "pas de partie 'nogame'")
    check(said(client, f"/api/games/{game}/decline", json={"seat": "blue"}, headers=bob),
          f"no invitation of yours to seat 'blue' of game {game}",
          f"pas d'invitation pour vous à la place 'blue' de la partie {game}")
    check(said(client, f"/api/games/{game}/cancel", headers=bob),
          f"no game '{game}' of yours", f"pas de partie '{game}' à vous")
    invite = next(s["invite"] for s in view["seats"] if s["seat"] == "blue")
    joined = client.post(join, json={"seat": "blue", "invite": invite}, headers=bob)
    assert joined.status_code == 200, joined.text
    check(said(client, f"/api/games/{game}/cancel", headers=bob),
          f"only the player who made game {game} may cancel it",
          f"seul le joueur qui a créé la partie {game} peut l'annuler")
    check(said(client, f"/api/games/{game}/cancel", headers=alice),
          f"bob holds a seat of game {game}: a game with another player cannot be cancelled; "
          f"it ends when it is played out, by its clock, or when a player resigns",
          f"bob a une place dans la partie {game} : une partie avec un autre joueur ne peut pas "
          f"être annulée ; elle se termine quand elle est jouée jusqu'au bout, par sa pendule, ou "
          f"quand un joueur abandonne")
    check_refusal(refused(client, f"/api/games/{game}/cancel", headers=alice), "others-seated",
                  {"players": ["bob"]})


def test_a_decision_refused_is_said_in_french(table):
    client, alice, bob = table
    view = open_game(client, alice)
    game, version = view["id"], view["version"]
    decide = f"/api/games/{game}/decisions"
    check(said(client, decide, json={"seat": "red", "option": "x", "version": version},
               headers=alice),
          "the game waits for a player to take blue",
          "la partie attend qu'un joueur prenne blue")
    invite = next(s["invite"] for s in view["seats"] if s["seat"] == "blue")
    joined = client.post(f"/api/games/{game}/join", json={"seat": "blue", "invite": invite},
                         headers=bob).json()
    turn, version = joined["turn"], joined["version"]
    deciding, waiting, me = (alice, "blue", bob) if turn == "red" else (bob, "red", alice)
    check(said(client, decide, json={"seat": waiting, "option": "x", "version": version},
               headers=me),
          f"it is not {waiting}'s decision; {turn} decides now",
          f"ce n'est pas à {waiting} de décider ; {turn} décide maintenant")
    pending = client.get(f"/api/games/{game}?seat={turn}", headers=deciding).json()["view"][
        "pending"]
    options = ", ".join(o["id"] for o in pending["options"])
    wrong = said(client, decide, json={"seat": turn, "option": "zzz", "version": version},
                 headers=deciding)
    assert wrong["en"].startswith("'zzz' is not an option of ")
    assert wrong["en"].endswith(f"; the options are: {options}")
    assert wrong["fr"].startswith("'zzz' n'est pas un choix de ")
    assert wrong["fr"].endswith(f" ; les choix sont : {options}")
    check(said(client, decide, json={"seat": turn, "option": "zzz",
                                     "version": version + 5}, headers=deciding),
          f"version {version + 5} is ahead: game {game} is only at version {version}",
          f"la version {version + 5} est en avance : la partie {game} n'en est qu'à la "
          f"version {version}")
    check(said(client, decide, json={"seat": turn, "option": "",
                                     "version": version}, headers=deciding),
          "option: String should have at least 1 character",
          "option : le texte doit avoir au moins 1 caractère")
    check(said(client, f"/api/games/{game}/undo",
               json={"seat": turn, "version": version}, headers=deciding),
          f"{turn} has no decision to undo (or another player has decided since)",
          f"{turn} n'a pas de décision à annuler (ou un autre joueur a décidé "
          f"depuis)")


def test_signing_up_refused_is_said_in_french(table):
    client, _alice, _bob = table
    check(said(client, "/api/players", json={"name": "Alice"}),
          "the name 'Alice' is taken", "le nom 'Alice' est déjà pris")
    check(said(client, "/api/players", json={"name": "bot-x"}),
          "the name 'bot-x' is kept for the game (bots, ghosts, /me)",
          "le nom 'bot-x' est réservé au jeu (bots, fantômes, /me)")
    check(said(client, "/api/players", json={"name": "a b"}),
          "name: a player's name is 2 to 20 letters, digits, - or _, starting with a letter or "
          "digit",
          "name : un nom de joueur a de 2 à 20 lettres, chiffres, - ou _, et commence par une "
          "lettre ou un chiffre")
    check(said(client, "/api/players", json={}), "name: Field required", "name : champ requis")


def test_a_runs_shop_action_refused_is_said_in_french(table):
    client, alice, _bob = table
    run = client.post("/api/runs", json={}, headers=alice).json()
    act = f"/api/runs/{run['id']}/actions"
    version = run["version"]
    offers = sum(1 for o in run["pending"]["options"] if o["id"].startswith("buy-")
                 and o["id"].endswith("-1"))
    check(said(client, act, json={"action": "zzz", "version": version}, headers=alice),
          "zzz: not a shop action; the actions are buy-O-P, sell-P, move-P-left, move-P-right, "
          "freeze-O, unfreeze-O, reroll, end",
          "zzz : pas une action de la boutique ; les actions sont buy-O-P, sell-P, move-P-left, "
          "move-P-right, freeze-O, unfreeze-O, reroll, end")
    check(said(client, act, json={"action": "sell-1", "version": version}, headers=alice),
          "sell-1: place 1 is empty: nothing to sell",
          "sell-1 : la place 1 est vide : rien à vendre")
    check(said(client, act, json={"action": "buy-9-1", "version": version}, headers=alice),
          f"buy-9-1: there is no offer 9 (offers 1 to {offers})",
          f"buy-9-1 : il n'y a pas d'offre 9 (offres 1 à {offers})")
    check(said(client, act, json={"action": "end", "version": version}, headers=alice),
          "the shop is ended by POST /api/runs/{id}/end-shop",
          "la boutique se termine par POST /api/runs/{id}/end-shop")
    check(said(client, act, json={"action": "reroll", "version": version + 3}, headers=alice),
          f"version {version + 3} is ahead: run {run['id']} is only at version {version}",
          f"la version {version + 3} est en avance : la partie {run['id']} n'en est qu'à la "
          f"version {version}")
    check(said(client, "/api/runs/nope/actions", json={"action": "reroll", "version": 0},
               headers=alice),
          "no run 'nope' of yours", "pas de partie 'nope' à vous")


def test_a_play_route_with_a_token_no_longer_known_is_refused_in_french(table):
    client, _alice, _bob = table
    check(said(client, "/api/games", json={"ruleset": BATTLE},
               headers={"Authorization": "Bearer nope"}),
          "unknown token", "jeton inconnu : reconnectez-vous")


def test_the_options_the_create_form_asks_seats_for_are_refused_in_french(table):
    client, alice, _bob = table
    answers = {lang: client.get(f"/api/rulesets/cryptids/seats?lang={lang}&options="
                                f"{{\"left\": \"hunterz\"}}", headers=alice) for lang in ("en", "fr")}
    assert {a.status_code for a in answers.values()} == {400}
    assert answers["en"].json()["error"].startswith("Left: 'hunterz' is not one of French ")
    assert plain(answers["fr"].json()["error"]).startswith(
        "Left : 'hunterz' n'est pas parmi French ")
    wrong = client.get("/api/rulesets/cryptids/seats?lang=fr&options=[1]")
    assert plain(wrong.json()["error"]) == "options : un objet JSON est attendu"
