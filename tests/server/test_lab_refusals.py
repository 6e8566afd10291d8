"""A lab job refused on /lab's French page is said in French (``POST /api/lab/jobs?lang=fr``):
the lab's, the core's, Pydantic's, the quotas' and a ruleset's own refusals; an English
request gets the English of the command line, unchanged."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from sqlalchemy import update

import rulekeeper
from rulekeeper.server.models import StoredLabJob
from tests.server.conftest import make_client, sign_up

HP = "cryptids.cryptids.bigfoot.hp"
SRC = Path(rulekeeper.__file__).parent


def plain(text: str) -> str:
    """``text`` with French's no-break spaces (before ``:``, ``;``, ``?``, in ``20 000``)
    written as plain ones, for reading."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


@pytest.fixture
def lab(tmp_path):
    with make_client(f"sqlite:///{tmp_path / 'db'}", lab_folder=tmp_path, lab_jobs=False,
                     lab_at_once=1) as client:
        yield client, sign_up(client, "designer")


REFUSED = [
    # a ruleset's own words (cryptids' refusals.po): a contender naming no team, said of the
    # field that names it (the page marks it), offering no team file (the server takes none)
    ({"kind": "matchup", "ruleset": "cryptids", "games": 10, "contenders": ["hunterz", "duo"]},
     "contenders.0: no team 'hunterz' (did you mean 'hunters'?); teams: french-legends, "
     "backwoods, lake-monsters, night-flyers, hunters, guardians, tricksters, swamp, duo, "
     "lone-yeti, lone-kraken",
     "contenders.0 : pas d'équipe 'hunterz' (vouliez-vous dire 'hunters' ?) ; équipes : "
     "french-legends, backwoods, lake-monsters, night-flyers, hunters, guardians, tricksters, "
     "swamp, duo, lone-yeti, lone-kraken"),
    ({"kind": "compare", "ruleset": "cryptids", "games": 10,
      "contenders": ["hunters", "duo", "guardans"]},
     "contenders.2: no team 'guardans' (did you mean 'guardians'?); teams: french-legends, "
     "backwoods, lake-monsters, night-flyers, hunters, guardians, tricksters, swamp, duo, "
     "lone-yeti, lone-kraken",
     "contenders.2 : pas d'équipe 'guardans' (vouliez-vous dire 'guardians' ?) ; équipes : "
     "french-legends, backwoods, lake-monsters, night-flyers, hunters, guardians, tricksters, "
     "swamp, duo, lone-yeti, lone-kraken"),
    ({"kind": "matchup", "ruleset": "dire-alliance-battle", "games": 2,
      "contenders": ["grievers:kramer", "shroudz:countess"]},
     "contenders.1: unknown faction 'shroudz' (did you mean 'shroud'?); factions: shroud, "
     "grievers",
     "contenders.1 : faction 'shroudz' inconnue (vouliez-vous dire 'shroud' ?) ; factions : "
     "shroud, grievers"),
    # the lab's: a question too big, its numbers written as French writes them
    ({"kind": "sweep", "ruleset": "cryptids", "games": 15000,
      "vary": [{"set": HP, "values": [4, 30]}]},
     "this question would play up to 30,000 games; at most 20,000 (fewer games, values or "
     "contenders)",
     "cette question jouerait jusqu'à 30 000 parties ; au plus 20 000 (demandez moins de "
     "parties, de valeurs ou de concurrents)"),
    ({"kind": "tune", "ruleset": "cryptids", "vary": [{"set": HP, "range": "5..1"}]},
     f"set.{HP}: the range '5..1' must go up (LOW..HIGH, LOW < HIGH)",
     f"set.{HP} : l'intervalle '5..1' doit monter (BAS..HAUT, BAS < HAUT)"),
    ({"kind": "simulat", "ruleset": "cryptids"},
     "kind: 'simulat' is not a lab question (did you mean 'simulate'?); kinds: simulate, "
     "sweep, matchup, tune, compare, culprits, dead-rules",
     "kind : 'simulat' n'est pas une question du labo (vouliez-vous dire 'simulate' ?) ; "
     "questions : simulate, sweep, matchup, tune, compare, culprits, dead-rules"),
    # the core's: an unknown ruleset, a content path that names no item
    ({"kind": "simulate", "ruleset": "cryptidz"},
     "unknown ruleset 'cryptidz' (did you mean 'cryptids'?); known: combat-encounter-v4, "
     "cryptids-run-v1, cryptids-v1, dire-alliance-battle-v3, dire-alliance-raid-v7, "
     "enemy-attacks-v5",
     "jeu de règles 'cryptidz' inconnu (vouliez-vous dire 'cryptids' ?) ; connus : "
     "combat-encounter-v4, cryptids-run-v1, cryptids-v1, dire-alliance-battle-v3, "
     "dire-alliance-raid-v7, enemy-attacks-v5"),
    ({"kind": "simulate", "ruleset": "cryptids", "set": {"teams.hunters.cryptids.0": "yeti"}},
     "set.teams.hunters.cryptids.0: teams has no field 'hunters'; its fields: sample, teams",
     "set.teams.hunters.cryptids.0 : teams n'a pas de champ 'hunters' ; ses champs : sample, "
     "teams"),
    # a content file's name stays its own, though the ruleset's catalog words "enemies"
    ({"kind": "simulate", "ruleset": "enemy-attacks", "set": {"enemies.0.hp": 3}},
     "set.enemies.0.hp: enemies has no field '0'; its fields: sample, enemies",
     "set.enemies.0.hp : enemies n'a pas de champ '0' ; ses champs : sample, enemies"),
    # Pydantic's, on a content value and on the question's own fields
    ({"kind": "simulate", "ruleset": "cryptids", "set": {HP: -3}},
     f"set.{HP}: Input should be greater than or equal to 1",
     f"set.{HP} : doit valoir au moins 1"),
    ({"kind": "simulate", "ruleset": "cryptids", "games": "ten"},
     "simulate.games: Input should be a valid integer",
     "simulate.games : doit être un nombre entier"),
    ({"kind": "sweep", "ruleset": "cryptids", "vary": []},
     "sweep.vary: List should have at least 1 item after validation, not 0",
     "sweep.vary : la liste doit avoir au moins 1 élément, et non 0"),
    ({"kind": "compare", "ruleset": "cryptids", "games": 10},  # (it played the same twice)
     "old and new are the same: change the new version (its content values, rulings or "
     "content)",
     "l'ancienne et la nouvelle version sont les mêmes : changez la nouvelle (ses valeurs de "
     "contenu, ses arbitrages ou son contenu)"),
    ({"kind": "compare", "ruleset": "cryptids", "threshold": 2},
     "compare.threshold: Input should be less than or equal to 1",
     "compare.threshold : doit valoir au plus 1"),
    # an option of the ruleset, and the server's caps on a job
    ({"kind": "simulate", "ruleset": "combat-encounter", "options": {"players": 99}},
     "options.players: Input should be at least 2 and at most 6",
     "options.players : doit valoir au moins 2 et au plus 6"),
    ({"kind": "simulate", "ruleset": "dire-alliance-battle", "games": 10,
      "agents": ["mcts:budget=3600s", "mcts:budget=3600s"]},
     "agent 'mcts:budget=3600s': a lab job's mcts searches at most 1s or 2,000 iterations a "
     "decision (budget=3600s)",
     "agent 'mcts:budget=3600s' : dans une tâche du labo, mcts cherche au plus 1 s ou 2 000 "
     "itérations par décision (budget=3600s)"),
]


@pytest.mark.parametrize(("body", "english", "french"), REFUSED)
def test_a_refusal_is_said_in_the_language_the_page_asks_in(lab, body, english, french):
    client, me = lab
    for query, said in (("", english), ("?lang=en", english), ("?lang=fr", french)):
        answer = client.post(f"/api/lab/jobs{query}", json=body, headers=me)
        assert answer.status_code == 400, answer.text
        assert plain(answer.json()["error"]) == said
    assert client.get("/api/lab/jobs", headers=me).json() == []


def test_french_puts_its_no_break_spaces_before_its_marks(lab):
    client, me = lab
    body = {"kind": "sweep", "ruleset": "cryptids", "games": 15000,
            "vars": [{"set": HP, "values": [4, 30]}]}
    said = client.post("/api/lab/jobs?lang=fr", json=body, headers=me).json()["error"]
    assert said == "sweep.vary\u00a0: champ requis"  # ("vars" is not the field's name)
    body["vary"] = body.pop("vars")
    said = client.post("/api/lab/jobs?lang=fr", json=body, headers=me).json()["error"]
    assert "30\u202f000 parties\u202f; au plus 20\u202f000" in said
    for lang in ("FR", "fr-FR"):  # the language as a person may write it
        again = client.post(f"/api/lab/jobs?lang={lang}", json=body, headers=me).json()["error"]
        assert again == said


def test_a_quota_is_said_in_french(lab):
    client, me = lab
    job = {"kind": "simulate", "ruleset": "cryptids", "games": 10}
    assert client.post("/api/lab/jobs?lang=fr", json=job, headers=me).status_code == 202
    english = client.post("/api/lab/jobs", json=job, headers=me)
    french = client.post("/api/lab/jobs?lang=fr", json=job, headers=me)
    assert english.status_code == french.status_code == 429
    assert english.json()["error"] == ("you have 1 lab jobs queued or running (at most 1): "
                                       "wait for one, or cancel one")
    assert plain(french.json()["error"]) == ("vous avez 1 tâche du labo en attente ou en cours "
                                             "(au plus 1) : attendez-en une, ou annulez-en une")
    assert french.headers["Retry-After"] == english.headers["Retry-After"]


def test_a_token_no_longer_known_is_said_in_french(lab):
    """A player signed out on another page asks from /lab: 401, in the page's language."""
    client, _ = lab
    stale = {"Authorization": "Bearer rk_no-such-token"}
    job = {"kind": "simulate", "ruleset": "cryptids", "games": 10}
    english = client.post("/api/lab/jobs", json=job, headers=stale)
    french = client.post("/api/lab/jobs?lang=fr", json=job, headers=stale)
    assert english.status_code == french.status_code == 401
    assert english.json()["error"] == "unknown token"
    assert plain(french.json()["error"]) == "jeton inconnu : reconnectez-vous"


def test_a_failed_jobs_reason_is_in_the_language_it_was_asked_in(lab):
    """/lab shows why a job failed (its time cap reached before any game ended, say): in
    French for a job asked in French, in English for one asked in English."""
    client, me = lab
    job = {"kind": "simulate", "ruleset": "cryptids", "games": 10}
    ids = {}
    for lang in ("en", "fr"):
        ids[lang] = client.post(f"/api/lab/jobs?lang={lang}", json=job, headers=me).json()["id"]
        client.delete(f"/api/lab/jobs/{ids[lang]}", headers=me)  # frees the player's lane
    reason = ("stopped at its time cap (600 s) before any game finished: ask fewer games or "
              "quicker agents")
    client.app.state.db.write(lambda s: s.execute(
        update(StoredLabJob).values(state="failed", error=reason)))
    said = {lang: client.get(f"/api/lab/jobs/{i}", headers=me).json()["error"]
            for lang, i in ids.items()}
    assert said["en"] == reason
    assert plain(said["fr"]) == ("arrêtée à sa limite de temps (600 s) avant la fin d'une seule "
                                 "partie : demandez moins de parties ou des agents plus rapides")


def test_only_the_routes_that_declare_it_say_their_refusals_in_the_pages_language(lab):
    """The routes that do not declare it (:func:`rulekeeper.server.refusals.answer_in`) keep
    their English, ``?lang=`` or not (the page's words, whose ``lang`` is the path's); every
    router the pages call declares it (tests/server/test_play_refusals.py,
    tests/server/test_read_refusals.py), the lobby and /lab's ``sides`` too."""
    client, me = lab
    answer = client.get("/api/i18n/de?lang=fr", headers=me)
    assert answer.status_code == 404
    assert answer.json()["error"] == "the page has no language 'de'; its languages: en, fr"
    answer = client.get("/api/lobby?ruleset=cryptidz&lang=fr", headers=me)
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("jeu de règles 'cryptidz' inconnu (vouliez-vous")
    answer = client.get("/api/rulesets/cryptidz/sides?lang=fr", headers=me)
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("jeu de règles 'cryptidz' inconnu (vouliez-vous")


def test_a_language_the_server_does_not_speak_is_refused_in_english(lab):
    client, me = lab
    answer = client.post("/api/lab/jobs?lang=de", json={"kind": "simulat"}, headers=me)
    assert answer.status_code == 400
    assert answer.json()["error"] == "lang 'de' is not available; languages: en, fr"


WRONG_WORDS = [  # a content text of each kind given a word the ruleset does not know ("zzz")
    ("cryptids", "cryptids.cryptids.jackalope.abilities.1.when"),
    ("cryptids", "cryptids.cryptids.jackalope.abilities.1.do.0.summon"),
    ("cryptids", "cryptids.cryptids.dahu.abilities.1.do.0.target"),
    ("cryptids", "cryptids.cryptids.dover-demon.abilities.1.do.0.swap"),
    ("cryptids", "cryptids.cryptids.jackalope-kit.tier"),
    ("cryptids", "teams.teams.french-legends.cryptids.0"),
    ("dire-alliance-battle", "components.combat_die.faces.default.0"),
    ("dire-alliance-battle", "boards.darkwood.areas.red-camp.neighbours.0"),
    ("dire-alliance-battle", "boards.darkwood.areas.old-mill.neighbours.0"),
    ("dire-alliance-battle", "boards.darkwood.sites.old-mill-site.area"),
    ("dire-alliance-battle", "factions.shroud.fighters.hypnotist.special.effects.1.stun"),
    ("dire-alliance-battle", "leaders.countess.fighters.countess.starts_at"),
    ("dire-alliance-battle", "leaders.ellis.fighters.ellis.special.effects.0.transform"),
    ("dire-alliance-battle", "scenarios.beaten-path.mode"),
    ("dire-alliance-battle", "scenarios.beaten-path.board"),
    ("dire-alliance-battle", "scenarios.beaten-path.start.red"),
    ("dire-alliance-battle", "scenarios.beaten-path.objectives.red.0"),
    ("dire-alliance-raid", "raid_sides.0.faction"),
    ("dire-alliance-raid", "raid_sides.0.colours.0"),
    ("dire-alliance-raid", "raid_sides.0.ranks.0"),
    ("dire-alliance-raid", "raid_sides.0.objectives.0"),
    ("dire-alliance-raid", "raid_sides.0.minions.butcher.melee"),
    ("dire-alliance-raid", "villains.hollow-king.deck.grave-hunger.minion"),
    ("dire-alliance-raid", "raids.into-the-darkwood.board"),
    ("dire-alliance-raid", "raids.into-the-darkwood.heroes_start"),
    ("dire-alliance-raid", "raids.into-the-darkwood.objectives.grey"),
    ("combat-encounter", "game.mystic_dagger.melee"),
    ("combat-encounter", "characters.cards.knight.loadout.weapons.0"),
    ("combat-encounter", "characters.cards.knight.loadout.backpack.0"),
    ("combat-encounter", "dungeon.start"),
    ("combat-encounter", "dungeon.areas.hall.neighbours.0"),
    ("combat-encounter", "encounters.cards.dungeon-bomb.effects.0.add_status"),
    ("enemy-attacks", "dice.action_die.dice.default.0"),
    ("enemy-attacks", "scenarios.scenarios.crypt-skirmish.heroes.0.figure"),
    ("enemy-attacks", "scenarios.scenarios.crypt-skirmish.heroes.0.area"),
    ("enemy-attacks", "scenarios.scenarios.crypt-skirmish.allies.0.figure"),
    ("enemy-attacks", "scenarios.scenarios.crypt-skirmish.enemies.0.figure"),
    ("enemy-attacks", "scenarios.scenarios.crypt-skirmish.item_deck.0"),
    ("cryptids-run", "stock.stock.chupacabra.abilities.goat-hunter.do.0.target"),
]
ENGLISH = re.compile(r"\b(the|is|unknown|should|names|has|Input|Value|error|with|must|most|"
                     r"least|cannot|does|shows|expected|item|field|not|of|and|list)\b")


def english_words(text: str) -> list[str]:
    """The English words of a refusal, besides what it quotes and names (values, ids,
    paths, files)."""
    bare = re.sub(r"'[^']*'|\[[^]]*\]|\S*[._\d-]\S*", " ", text)
    return ENGLISH.findall(bare)


def test_a_content_text_the_ruleset_does_not_know_is_refused_in_french(lab):
    """Every kind of content text /lab's tree lets a designer change (a cryptid's ability, a
    board's neighbours, a scenario's board, a weapon's damage, a hero's figure...), given a
    word its ruleset does not know: the refusal says no English word in French, and the
    path it names, as the English does."""
    client, me = lab
    for ruleset, path in WRONG_WORDS:
        body = {"kind": "simulate", "ruleset": ruleset, "games": 1, "set": {path: "zzz"}}
        english = client.post("/api/lab/jobs", json=body, headers=me).json()["error"]
        french = client.post("/api/lab/jobs?lang=fr", json=body, headers=me).json()["error"]
        assert english_words(english), english  # (the check finds them)
        assert english_words(french) == [], (english, french)
        named = re.match(r"set\.(\S+):", english)
        assert named is None or french.startswith(f"set.{named[1]}\u00a0: "), french


CATALOGS = sorted([SRC / "server" / "locale", *SRC.glob("rulesets/**/locale/refusals")])


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


@pytest.mark.parametrize("po", [p for folder in CATALOGS
                                for p in sorted(folder.glob("*/LC_MESSAGES/refusals.po"))],
                         ids=lambda p: str(p.relative_to(SRC)))
def test_every_refusals_translation_keeps_the_fields_of_its_english(po):
    with po.open("rb") as handle:
        read = [m for m in read_po(handle) if m.id]
    assert read
    for message in read:
        assert message.string, message.id
        assert fields(message.id) == fields(message.string), message.id
