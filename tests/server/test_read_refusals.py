"""The routes that read, replay and judge say their refusals in the request's ``lang``, as
the /play routes do (every router the pages call lists ``SAID_IN``): a bad game, battle,
player or lab job id, a log file or record that does not replay, a luck ledger of a game not
over; the token, checked before the route runs, too. An English request, or one with no
``lang``, gets the English it always got."""

from __future__ import annotations

import json

import pytest

from tests.server.conftest import make_client, sign_up
from tests.server.test_play_refusals import plain


@pytest.fixture
def reader(tmp_path):
    with make_client(f"sqlite:///{tmp_path / 'db'}") as client:
        me = sign_up(client, "alice")
        made = client.post("/api/games", json={"ruleset": "enemy-attacks"}, headers=me)
        assert made.status_code == 201, made.text
        log = client.get(f"/api/games/{made.json()['id']}/record", headers=me).text
        yield client, me, json.loads(log.splitlines()[0])


def said(client, method: str, path: str, **request) -> dict[str, tuple[int, str]]:
    """The refusal of ``path`` with no ``lang``, in English and in French."""
    answers = {}
    for lang, query in (("none", ""), ("en", "lang=en"), ("fr", "lang=fr")):
        joined = f"{path}{'&' if '?' in path else '?'}{query}" if query else path
        answer = client.request(method, joined, **request)
        assert 400 <= answer.status_code < 500, answer.text
        answers[lang] = (answer.status_code, plain(answer.json()["error"]))
    assert answers["none"] == answers["en"]
    assert answers["fr"][0] == answers["en"][0]
    return {lang: text for lang, (_status, text) in answers.items()}


BAD_IDS = [
    ("/api/games/nope/frames", "no game 'nope' of yours", "pas de partie 'nope' à vous"),
    ("/api/games/nope/luck", "no game 'nope' of yours", "pas de partie 'nope' à vous"),
    ("/api/games/nope", "no game 'nope' of yours", "pas de partie 'nope' à vous"),
    ("/api/games/nope/record", "no game 'nope' of yours", "pas de partie 'nope' à vous"),
    ("/api/games/nope/board", "no game 'nope' of yours", "pas de partie 'nope' à vous"),
    ("/api/games/nope/watch",
     "no game 'nope' to watch (a game that is not public is watched by its watch link)",
     "pas de partie 'nope' à regarder (une partie qui n'est pas publique se regarde par son "
     "lien de spectateur)"),
    ("/api/battles/nope/frames", "no battle 'nope' of yours", "pas de bataille 'nope' à vous"),
    ("/api/lab/jobs/nope", "no lab job 'nope' of yours", "pas de tâche du labo 'nope' à vous"),
    ("/api/rulesets/nope/rules", "unknown ruleset 'nope'", "jeu de règles 'nope' inconnu"),
    ("/api/games/" + "x" * 40, "path.game_id: String should have at most 32 characters",
     "path.game_id : le texte doit avoir au plus 32 caractères"),
]


@pytest.mark.parametrize(("path", "english", "french"), BAD_IDS)
def test_a_bad_id_is_refused_in_the_pages_language(reader, path, english, french):
    client, me, _ = reader
    words = said(client, "GET", path, headers=me)
    assert words["en"].startswith(english), words["en"]
    assert words["fr"].startswith(french), words["fr"]


def test_a_file_or_record_that_does_not_replay_is_refused_in_the_pages_language(reader):
    client, me, log = reader
    for route in ("/api/replay", "/api/luck"):
        words = said(client, "POST", route, json={"format": 1, "records": []}, headers=me)
        assert words == {"none": "the file: the first line holds no game record",
                         "en": "the file: the first line holds no game record",
                         "fr": "le fichier : la première ligne ne contient aucun "
                               "enregistrement de partie"}, route
    changed = {**log, "record": {**log["record"], "content_digest": "0" * 16}}
    words = said(client, "POST", "/api/replay", json=changed, headers=me)
    assert words["en"].startswith("the content changed since the record was made (digest "), (
        words["en"])
    assert words["fr"].startswith("le contenu a changé depuis que l'enregistrement a été fait "
                                  "(empreinte "), words["fr"]
    words = said(client, "POST", "/api/replay", json={"format": 1, "record": 3}, headers=me)
    assert words["fr"] == ("pas un enregistrement de partie : record : doit être un objet JSON "
                           "(un enregistrement de partie)"), words["fr"]


def test_the_luck_of_a_game_not_over_is_refused_in_the_pages_language(reader):
    client, me, log = reader
    words = said(client, "POST", "/api/luck", json=log, headers=me)
    assert words["en"] == "the game is not over: the ledger judges a finished game"
    assert words["fr"] == ("la partie n'est pas terminée : le registre de la chance juge une "
                           "partie finie")


def test_a_token_refused_before_the_route_runs_is_said_in_its_language_too(reader):
    client, _, _ = reader
    words = said(client, "GET", "/api/games/nope/luck",
                 headers={"Authorization": "Bearer not-a-token"})
    assert words["fr"] != words["en"], words


def test_the_lobby_and_the_invitations_refuse_in_the_pages_language(reader):
    client, _me, _ = reader
    unknown = said(client, "GET", "/api/lobby?ruleset=nope")
    assert unknown["en"].startswith("unknown ruleset 'nope'; known: ")
    assert unknown["fr"].startswith("jeu de règles 'nope' inconnu ; connus : ")
    assert said(client, "GET", "/api/lobby?limit=0")["fr"] == "query.limit : doit valoir au moins 1"
    invitation = said(client, "GET", "/api/games/nope/invitation?seat=blue&invite=x")
    assert invitation["en"] == "no game 'nope': the invitation is unknown"
    assert invitation["fr"] == "pas de partie 'nope' : l'invitation est inconnue"
    signed_out = said(client, "GET", "/api/invitations")
    assert signed_out["en"].startswith("this call needs 'Authorization: Bearer TOKEN'")
    assert signed_out["fr"].startswith("cet appel demande 'Authorization: Bearer TOKEN'")
    stale = said(client, "GET", "/api/invitations", headers={"Authorization": "Bearer nope"})
    assert stale["fr"] == "jeton inconnu : reconnectez-vous"


def test_a_players_profile_refuses_in_the_pages_language(reader):
    client, me, _ = reader
    check = said(client, "GET", "/api/players/zed", headers=me)
    assert check == {"none": "no player is called 'zed'", "en": "no player is called 'zed'",
                     "fr": "aucun joueur ne s'appelle 'zed'"}
    assert said(client, "GET", "/api/players/a", headers=me)["fr"] == (
        "path.name : un nom de joueur a de 2 à 20 lettres, chiffres, - ou _, et commence par "
        "une lettre ou un chiffre")


def test_the_lobby_names_its_games_in_the_pages_language(reader):
    client, me, _ = reader
    made = client.post("/api/games", headers=me, json={
        "ruleset": "dire-alliance-battle", "public": True, "seats": {"blue": {"kind": "open"}}})
    assert made.status_code == 201, made.text
    titles = {lang: {g["id"]: g["title"] for g in client.get(f"/api/lobby?lang={lang}").json()}
              for lang in ("en", "fr")}
    game = made.json()["id"]
    assert titles["en"][game] == "Dire Alliance: Horror — Battle Mode"
    assert titles["fr"][game] not in ("", titles["en"][game]), titles["fr"][game]
