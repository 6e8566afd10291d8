"""``/api/lab/odds``: /lab asks the odds questions of ``rulekeeper odds`` and gets the
terminal's figures; it reads no file a client names, and its costs are bounded."""

from __future__ import annotations

import json
import re
import time

import pytest

from rulekeeper.core.files import REFUSED
from rulekeeper.server.lab_odds import FORKS, OddsLimits
from tests.core.test_cli import run
from tests.server.conftest import make_client, sign_up

HP = "cryptids.cryptids.bigfoot.hp"


@pytest.fixture
def lab(tmp_path):
    with make_client(f"sqlite:///{tmp_path / 'odds.db'}", lab_folder=tmp_path / "lab",
                     lab_games=500) as client:
        yield client, sign_up(client, "designer")


def terminal(args, capsys, monkeypatch):
    code, out, err = run(["odds", *args, "--json"], capsys, monkeypatch)
    assert code == 0, err
    return json.loads(out)


def _kernels_loaded(to) -> None:
    from rulekeeper.rulesets.cryptids.kernel import engines

    to.send(engines._compiled.cache_info().currsize)
    to.close()


def test_an_answers_process_starts_with_the_rulesets_kernels_loaded():
    # (loading the battle kernel costs a second or more, in each answer's time cap otherwise)
    mine, its = FORKS.Pipe(duplex=False)
    process = FORKS.Process(target=_kernels_loaded, args=(its,), daemon=True)
    process.start()
    its.close()
    assert mine.poll(60) and mine.recv() == 1
    process.join(5)


def test_the_questions_offered_are_the_terminals_without_what_the_server_fills(lab):
    client, me = lab
    offered = client.get("/api/lab/odds", headers=me).json()
    by = {(q["group"], q["question"]): q for q in offered}
    assert ("dire-alliance", "attack") in by and ("cryptids", None) in by
    matchup = by[("cryptids", None)]
    assert matchup["content_changes"] and not by[("dire-alliance", "attack")]["content_changes"]
    assert {"left", "right", "games", "exact", "seed"} <= set(matchup["schema"]["properties"])
    assert not {"content", "workers", "set"} & set(matchup["schema"]["properties"])


SAME_IN_FRENCH = {"Kaos", "Exact", "id=option", "action-die=OPTION"}
"""Words of the odds questions that French writes as English does."""


def test_the_questions_come_in_the_page_language(lab):
    """/lab?lang=fr lists every question's summary and its parameters' titles and
    descriptions in French (each ruleset's board catalog), their names and types unchanged."""
    client, me = lab
    english, french = (client.get(f"/api/lab/odds?lang={lang}", headers=me).json()
                       for lang in ("en", "fr-FR"))
    assert [(q["ruleset"], q["question"]) for q in english] == [
        (q["ruleset"], q["question"]) for q in french]
    for was, said in zip(english, french, strict=True):
        assert said["summary"] != was["summary"], was["summary"]
        assert set(said["schema"]["properties"]) == set(was["schema"]["properties"])
        for name, field in said["schema"]["properties"].items():
            before = was["schema"]["properties"][name]
            assert field.get("type") == before.get("type"), name
            for key in ("title", "description"):
                assert field[key] != before[key] or before[key] in SAME_IN_FRENCH, before[key]
    matchup = next(q for q in french if q["question"] is None)
    assert matchup["summary"].startswith("Probabilités de victoire, d'égalité et de défaite")
    assert matchup["schema"]["properties"]["games"]["title"] == "Parties"


def test_a_question_asks_with_its_parameters_not_the_terminals_placeholders(lab):
    """/lab listed "check: Probabilité qu'un test de DICE dés d'action atteigne NEED succès":
    the terminal's placeholders (its options' values, DICE) are fields the page fills."""
    client, me = lab
    for lang in ("en", "fr"):
        for q in client.get(f"/api/lab/odds?lang={lang}", headers=me).json():
            placeholders = [n.upper() for n in q["schema"]["properties"] if len(n) > 1]
            assert not [p for p in placeholders if re.search(rf"\b{p}\b", q["asks"])], q
    english, french = ({q["question"]: q for q in client.get(
        f"/api/lab/odds?lang={lang}", headers=me).json()} for lang in ("en", "fr"))
    assert english["check"]["summary"] == ("Probability that a check of DICE Action dice "
                                           "succeeds when it needs NEED.")  # the terminal's help
    assert english["check"]["asks"] == ("Probability that a check of {dice} Action dice "
                                        "succeeds when it needs {need}.")
    assert french["check"]["asks"] == ("Probabilité qu'un test de {dice} dés d'action "
                                       "atteigne {need} succès.")
    assert french[None]["asks"] == french[None]["summary"]  # none to fill


def test_an_exact_answer_is_the_terminals(lab, capsys, monkeypatch):
    client, me = lab
    asked = client.post("/api/lab/odds", headers=me, json={
        "ruleset": "dire-alliance-battle", "question": "attack",
        "params": {"attack": 4, "defense": 2, "defender_sated": True}})
    assert asked.status_code == 200, asked.text
    assert asked.json()["answer"] == terminal(
        ["dire-alliance", "attack", "--attack", "4", "--defense", "2", "--defender-sated"],
        capsys, monkeypatch)
    assert asked.json()["answer"]["outcomes"]["hit"]["exact"]  # a fraction, not an estimate

    exact = client.post("/api/lab/odds", headers=me, json={
        "ruleset": "cryptids", "params": {"left": "duo", "right": "lone-yeti", "exact": True}})
    assert exact.status_code == 200, exact.text
    assert exact.json()["answer"] == terminal(
        ["cryptids", "--left", "duo", "--right", "lone-yeti", "--exact"], capsys, monkeypatch)


def test_a_monte_carlo_answer_with_content_changes_is_the_terminals_for_the_same_seed(
        lab, capsys, monkeypatch):
    client, me = lab
    asked = client.post("/api/lab/odds", headers=me, json={
        "ruleset": "cryptids", "params": {"games": 300, "seed": 5}, "set": {HP: 30}})
    assert asked.status_code == 200, asked.text
    answer = asked.json()["answer"]
    assert answer == terminal(["cryptids", "--games", "300", "--seed", "5", "--set",
                               f"{HP}=30", "--workers", "2"], capsys, monkeypatch)
    assert answer != terminal(["cryptids", "--games", "300", "--seed", "5"], capsys,
                              monkeypatch)  # the change made a difference
    overlaid = client.post("/api/lab/odds", headers=me, json={
        "ruleset": "cryptids", "params": {"games": 300, "seed": 5},
        "overlay": {"cryptids": {"cryptids": {"bigfoot": {"hp": 30}}}}})
    assert overlaid.json()["answer"] == answer


@pytest.mark.parametrize(("ruleset", "question", "params", "options"), [
    ("combat-encounter", "attack", {"stat": 3, "defense": 12, "weapon": "1d8+1", "sample": 200,
                                    "seed": 4},
     ["--stat", "3", "--defense", "12", "--weapon", "1d8+1", "--sample", "200", "--seed", "4"]),
    ("enemy-attacks", "check", {"dice": 4, "need": 2, "stamina": 1},
     ["--dice", "4", "--need", "2", "--stamina", "1"]),
])
def test_every_rulesets_question_is_answered_as_the_terminal_answers_it(
        lab, capsys, monkeypatch, ruleset, question, params, options):
    client, me = lab
    asked = client.post("/api/lab/odds", headers=me, json={
        "ruleset": ruleset, "question": question, "params": params})
    assert asked.status_code == 200, asked.text
    assert asked.json()["answer"] == terminal([ruleset, question, *options], capsys,
                                              monkeypatch)


@pytest.mark.parametrize(("body", "words"), [
    ({"ruleset": "cryptids", "params": {"left": "teams/mine.yaml"}}, REFUSED),
    ({"ruleset": "cryptids", "params": {"left": "/etc/passwd"}}, REFUSED),
    ({"ruleset": "cryptids", "params": {"content": "/tmp"}}, "the server reads no folder"),
    ({"ruleset": "cryptids", "params": {"games": 501}}, "params.games: at most 500 on the "
                                                        "server, got 501"),
    ({"ruleset": "cryptids", "params": {"exact": True, "max_states": 300_000}},
     "params.max_states: at most 200,000 on the server"),
    ({"ruleset": "cryptids", "params": {"left": "duo", "right": "swamp", "exact": True,
                                        "max_states": 100}}, "passed 100 battle states"),
    ({"ruleset": "cryptids", "params": {"left": "dou"}}, "no team 'dou' (did you mean 'duo'"),
    ({"ruleset": "cryptids", "params": {"gmaes": 3}}, "params.gmaes: not a parameter of "
                                                      "this question (did you mean 'games'"),
    ({"ruleset": "dire-alliance-battle", "question": "atack"}, "no odds question 'atack' of "
                                                        "dire-alliance-battle-v3 (did you mean 'attack'"),
    ({"ruleset": "dire-alliance-battle", "question": "attack", "params": {"attack": 21,
                                                                   "defense": 1}},
     "params.attack: Input should be less than or equal to 20"),
    ({"ruleset": "dire-alliance-battle", "question": "attack", "params": {"attack": 2, "defense": 1},
      "set": {"a.b": 1}}, "this odds question takes no content changes"),
    ({"ruleset": "cryptids", "set": {"cryptids.cryptids.bigfoot.hp": "lots"}}, "hp"),
    ({"ruleset": "cryptids-run"}, "cryptids-run-v1 asks no odds questions; those that do: "),
])
def test_a_question_the_server_will_not_answer_is_a_400_saying_why(lab, body, words):
    client, me = lab
    asked = client.post("/api/lab/odds", headers=me, json=body)
    assert asked.status_code == 400, asked.text
    assert words in asked.json()["error"], asked.json()
    assert "Traceback" not in asked.text


def test_odds_are_for_players(lab):
    client, _ = lab
    assert client.post("/api/lab/odds", json={"ruleset": "cryptids"}).status_code == 401


@pytest.mark.parametrize(("body", "words"), [
    ({"ruleset": "cryptids", "params": {"games": 501}},
     "params.games\u00a0: au plus 500 sur le serveur, pas 501"),
    ({"ruleset": "cryptids", "params": {"left": "teams/mine.yaml"}},
     "une requête ne peut nommer aucun fichier ni dossier du serveur"),
    ({"ruleset": "cryptids", "params": {"gmaes": 3}},
     "n'est pas un paramètre de cette question (vouliez-vous dire 'games'"),
    ({"ruleset": "cryptids", "params": {"content": "/tmp"}}, "le serveur ne lit aucun dossier"),
    ({"ruleset": "cryptids-run"}, "cryptids-run-v1 ne pose aucune question de probabilités"),
    ({"ruleset": "cryptids", "params": {"left": "duo", "right": "swamp", "exact": True,
                                        "max_states": 100}},
     "l'énumération a dépassé 100 états de bataille (au lancer 3) ; utilisez Monte-Carlo "
     "(games) ou des équipes plus petites, ou augmentez max_states"),
])
def test_the_french_page_is_refused_in_french(lab, body, words):
    client, me = lab
    asked = client.post("/api/lab/odds?lang=fr", headers=me, json=body)
    assert asked.status_code == 400, asked.text
    assert words in asked.json()["error"].replace("\u202f", " "), asked.json()


def test_an_answer_that_takes_too_long_is_stopped_and_said_so(lab):
    """An exact check of 30 dice takes longer than the server gives one answer (here 1 s):
    its process is stopped and the answer is a 413 saying what to do; the next answers
    come as before."""
    client, me = lab

    def quick() -> None:
        answer = client.post("/api/lab/odds", headers=me, json={
            "ruleset": "dire-alliance-battle", "question": "attack",
            "params": {"attack": 2, "defense": 1}})
        assert answer.status_code == 200, answer.text

    # the answers' fork server started first: it starts once a process (loading the lab's
    # modules and the kernels: seconds, and more on a loaded machine) and is not the time
    # bounded below (it took 19 s of a CI-like run beside two CPU hogs)
    quick()
    client.app.state.odds_limits = OddsLimits(seconds=1.0)
    started = time.monotonic()
    slow = client.post("/api/lab/odds", headers=me, json={
        "ruleset": "enemy-attacks", "question": "check",
        "params": {"dice": 30, "need": 1_000_000, "stamina": 1_000_000}})
    assert slow.status_code == 413, slow.text
    assert slow.json()["error"].startswith("the answer took more than 1 s, the most the "
                                           "server gives one: ask fewer dice")
    # the server's promise: the answer is stopped at its time limit (1 s here), give or take
    # a fork and a kill
    assert time.monotonic() - started < 8
    client.app.state.odds_limits = OddsLimits()  # (a loaded machine may take 1 s to fork)
    quick()


ANSWER_SAME_IN_FRENCH = {"exact (icepool)"}
"""An answer's texts that French writes as English does."""


@pytest.mark.parametrize(("ruleset", "question", "params"), [
    ("cryptids", None, {"left": "duo", "right": "lone-yeti", "exact": True}),
    ("cryptids", None, {"games": 200, "seed": 3}),
    ("dire-alliance-battle", "attack", {"attack": 3, "defense": 1, "sated": True}),
    ("combat-encounter", "attack", {"stat": 3, "defense": 12, "weapon": "1d8+1"}),
    ("combat-encounter", "attack", {"stat": 3, "defense": 12, "weapon": "1d8+1", "sample": 50,
                                    "seed": 4}),
    ("enemy-attacks", "check", {"dice": 4, "need": 2, "stamina": 1}),
])
def test_an_answers_texts_are_said_in_french_and_its_figures_kept(lab, ruleset, question,
                                                                  params):
    client, me = lab
    body = {"ruleset": ruleset, "question": question, "params": params}
    english = client.post("/api/lab/odds", headers=me, json=body).json()
    french = client.post("/api/lab/odds?lang=fr", headers=me, json=body).json()
    assert french["answer"] == english["answer"]  # the terminal's JSON, whatever the language
    assert english["words"] == {}
    for answer in [french["answer"]] if isinstance(french["answer"], dict) else french["answer"]:
        texts = {answer["title"], *answer["outcomes"], *answer["distributions"],
                 *answer["means"], *answer["notes"]}
        assert texts - set(french["words"]) <= ANSWER_SAME_IN_FRENCH, \
            texts - set(french["words"])


def test_french_answer_words_read_as_french(lab):
    client, me = lab
    words = client.post("/api/lab/odds?lang=fr", headers=me, json={
        "ruleset": "cryptids", "params": {"left": "duo", "right": "lone-yeti", "exact": True}},
    ).json()["words"]
    assert words["Duo (left) against Lone Yeti (right)"] == \
        "Duo (à gauche) contre Yéti solitaire (à droite)"
    assert words["left wins"] == "victoire de la gauche" and words["right HP"] == "PV à droite"
    note = next(w for e, w in words.items() if e.startswith("Exact: "))
    assert "200\u202f000" in note and "200,000" not in note  # (a comma is a decimal point)
    words = client.post("/api/lab/odds?lang=fr", headers=me, json={
        "ruleset": "dire-alliance-battle", "question": "attack",
        "params": {"attack": 3, "defense": 1}}).json()["words"]
    assert words["3 attack dice against 1 defense dice"] == \
        "3 dés d'attaque contre 1 dé de défense"


def test_a_french_answers_decimals_are_written_with_a_comma(lab):
    """(The enemy-attacks cap's note is worded by a template; its error, a number made in
    English, is written as French writes a decimal.)"""
    client, me = lab
    body = {"ruleset": "enemy-attacks", "question": "check",
            "params": {"dice": 4, "need": 2, "depth": 8}}
    answer = client.post("/api/lab/odds?lang=fr", headers=me, json=body).json()
    english = next(n for n in answer["answer"]["notes"] if "the cap changes" in n)
    error = english.rsplit(" ", 1)[1]
    assert re.fullmatch(r"\d\.\de-\d+", error), english
    french = answer["words"][english]
    assert "d'au plus " + error.replace(".", ",") in french, french
    assert not re.search(r"\d\.\d", french), french
