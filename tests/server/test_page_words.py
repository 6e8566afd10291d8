"""One translation system (issue 28, item 5): the page says every word through ``t()``, and
the words come from the server's Babel catalog (``server/web/locale``), served by
``GET /api/i18n/{lang}``; no dictionary of translations lives in the JavaScript. The
abilities' words come from their own catalog, complete in French too."""

from __future__ import annotations

import json
import re
import shutil
import string
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rulekeeper.core import registry
from rulekeeper.lab.names import spaced_id
from rulekeeper.rulesets.cryptids.abilities import PHRASES, describe
from rulekeeper.rulesets.cryptids.messages import ABILITY_PHRASES
from rulekeeper.server.web import words
from tests.server.conftest import make_client, sign_up

STATIC = words.STATIC


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_word_of_the_page_is_in_the_french_catalog_with_its_fields():
    said, french = words.page_words(), words.catalog("fr")
    assert len(said) > 100
    assert sorted(said - set(french)) == [], "words the page says without a translation"
    assert sorted(set(french) - said) == [], "translations of words the page no longer says"
    for english, translated in french.items():
        assert fields(english) == fields(translated), english


VENDORED = {"docs.html", "redoc.html"}
"""The API references: Swagger UI and Redoc, vendored, speak English."""
SHOWN = re.compile(r"""(?:\bel\("[\w.#-]*",\s*\{[^{}]*\},\s*|textContent\s*=\s*|(?:placeholder|title|"aria-label"):\s*)(["'`])[^"'`]*[A-Za-z]{2}""")
"""A literal the page shows without t(): an element's text, a text set, a placeholder, a
title or an aria-label written as an English string (fields ``${...}`` taken out)."""
FIELD = re.compile(r"\$\{[^{}]*\}")


def shown(line: str) -> re.Match[str] | None:
    while FIELD.search(line):
        line = FIELD.sub("", line)
    return SHOWN.search(line)


class PageText(HTMLParser):
    """The texts of a page's HTML: each with whether it is marked ``data-t``."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[bool] = []
        self.texts: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in {"meta", "link", "br", "img", "input"}:
            self.open.append(any(name == "data-t" for name, _ in attrs))

    def handle_endtag(self, tag: str) -> None:
        if tag not in {"meta", "link", "br", "img", "input"}:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.texts.append((data.strip(), bool(self.open and self.open[-1])))


@pytest.mark.parametrize("page", sorted(p.name for p in STATIC.glob("*.html")
                                        if p.name not in VENDORED))
def test_every_text_of_a_pages_html_is_marked_and_translated(page):
    parser = PageText()
    parser.feed((STATIC / page).read_text(encoding="utf-8"))
    assert parser.texts, page
    french = words.catalog("fr")
    for text, marked in parser.texts:
        assert marked, f"{page}: {text!r} is not marked data-t"
        assert french.get(text, text) != text, f"{page}: {text!r} has no French"


def test_the_pages_show_no_english_literal_outside_t():
    for script in sorted(STATIC.glob("*.js")):
        for n, line in enumerate(script.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith(("//", "/*", "*")):
                continue  # a comment
            assert not shown(line), f"{script.name}:{n} shows a literal: {line.strip()}"


def test_a_literal_shown_outside_t_is_found():
    assert shown('el("h2", {}, "Your games")')
    assert shown('button.textContent = "Copied";')
    assert shown('el("input", { placeholder: "none" })')
    assert shown('el("b", {}, `${n} games`)')
    assert not shown('el("h2", {}, t("Your games"))')
    assert not shown('el("button", { id: "first" }, "«")')
    assert not shown('el("b", {}, `${pile.name} (${pile.count ?? 0})`)')


def test_no_translation_lives_in_the_pages_javascript():
    scripts = {p.name: p.read_text(encoding="utf-8") for p in STATIC.glob("*.js")}
    for english, translated in words.catalog("fr").items():
        if translated != english and len(translated) >= 8:
            for name, text in scripts.items():
                assert translated not in text, f"{name} holds the French of {english!r}"


def test_the_words_found_are_the_literal_first_arguments_of_t():
    found = {m.group(1) for m in words.SAID.finditer('t("Buy ({price})", {price: 3}); '
                                                     "t('Sell'); x.t(`Pause`); at(\"no\")")}
    assert found == {"Buy ({price})", None}
    assert {w for m in words.SAID.finditer("t('Sell') t(`Pause`)")
            for w in m.groups() if w} == {"Sell", "Pause"}


@pytest.fixture
def page_client(tmp_path):
    with make_client(f"sqlite:///{tmp_path / 'words.db'}") as client:
        yield client


def test_the_page_gets_its_words_from_the_server(page_client):
    french = page_client.get("/api/i18n/fr").json()
    assert french["languages"] == ["en", "fr"]
    assert french["messages"]["Start a run"] == "Commencer une partie"
    assert page_client.get("/api/i18n/en").json()["messages"] == {}
    refused = page_client.get("/api/i18n/xx")
    assert refused.status_code == 404 and "its languages: en, fr" in refused.json()["error"]


def test_rule_texts_come_in_the_page_language_where_the_index_has_them(page_client):
    english = {r["id"]: r["text"] for r in page_client.get(
        "/api/rulesets/cryptids/rules?lang=en").json()}
    french = {r["id"]: r["text"] for r in page_client.get(
        "/api/rulesets/cryptids/rules?lang=fr").json()}
    assert english["battle.autoplay"] == "Battles play themselves."
    assert french["battle.autoplay"] == "Les batailles se jouent toutes seules."


@pytest.mark.rule("core.clock-expiry")
@pytest.mark.parametrize("ruleset", ["dire-alliance-battle", "cryptids-run"])
def test_the_engines_own_rules_come_in_the_page_language(page_client, ruleset):
    """The engine's rules (the clocks, the work budget) are in every ruleset's index, in
    French on a French page (``fr-FR`` too), in English on an English one, whatever the
    language the ruleset's own rules are written in."""
    def clock(lang):
        return next((r["section"], r["text"][:40]) for r in page_client.get(
            f"/api/rulesets/{ruleset}/rules?lang={lang}").json() if r["id"] == "core.clock-expiry")

    assert clock("en") == ("Turn clocks", "In a game played with turn clocks, a sea")
    assert clock("fr") == clock("fr-FR") == ("Pendules",
                                             "Dans une partie jouée avec des pendules,")
    assert clock("de") == clock("en")  # a language no rule carries: as written


@pytest.mark.parametrize("ruleset", ["cryptids", "cryptids-run"])
def test_rule_sections_come_in_english_on_the_english_page(page_client, ruleset):
    """The section a rule's text is shown under (a tap on its id) is English on the English
    page, French on the French one, for every rule the French text gives."""
    def sections(lang):
        return {r["id"]: r["section"] for r in page_client.get(
            f"/api/rulesets/{ruleset}/rules?lang={lang}").json()}

    english, french = sections("en"), sections("fr")
    assert english["roll.step-2.status.b"] == "A roll, step by step > 2"
    assert french["roll.step-2.status.b"] == "Un tour, étape par étape > 2"
    assert english["targeting.single.highest-threat"] == "Threat and targeting"
    assert (english["ruling.tie-order"], french["ruling.tie-order"]) == ("Rulings", "Arbitrages")
    said_in_french = re.compile(r"[éèàç]|\b(Bataille|Gagner|Votre|Arbitrages|Instantanés|La |Le )")
    assert [s for s in english.values() if said_in_french.search(s)] == []


def test_every_ability_phrase_is_in_french_with_its_fields():
    french = PHRASES.catalog("fr")
    for english in ABILITY_PHRASES.values():
        assert english in french, english
        assert fields(english) == fields(french[english]), english


def test_every_ability_of_the_stock_and_the_cards_reads_in_both_languages():
    ruleset = registry.load("cryptids-run")
    stock = ruleset.stock(ruleset.load_content()[0])
    abilities = [a for e in stock.entries.values() for a in e.abilities]
    abilities += [a for c in stock.cards.values() for a in c.abilities]
    assert len(abilities) > 80
    for ability in abilities:
        english, french = (describe(ability, stock.names, lang) for lang in ("en", "fr"))
        assert english != french and not re.search(r"[{}]", english + french), english


SAME_IN_FRENCH = {"Mu", "Sigma", "Faction", "Perception"}
"""Option titles French writes as English does."""
SHIPPED = {"cryptids", "cryptids-run", "enemy-attacks", "combat-encounter", "dire-alliance-battle",
           "dire-alliance-raid"}


def test_the_options_and_measures_come_in_the_page_language(page_client):
    """The game-creation form's and /lab's words: each option's title and description, the
    choices of a cryptids team by their French names, and every metric /lab's means show."""
    english = {r["id"]: r for r in page_client.get("/api/rulesets?lang=en").json()}
    french = {r["id"]: r for r in page_client.get("/api/rulesets?lang=fr").json()}
    for ruleset_id, said in french.items():
        ruleset = registry.load(ruleset_id)
        if ruleset.meta.name not in SHIPPED:
            continue  # a test's plug-in
        sided = {name for name in ruleset.metrics if re.search(r"\.(left|right)$", name)}
        assert set(english[ruleset_id]["measures"]) == sided, ruleset_id  # else names spaced
        assert set(said["measures"]) == set(ruleset.metrics), ruleset_id
        assert not set(said["measures"].values()) & set(ruleset.metrics), ruleset_id
        for name, field in said["options"]["properties"].items():
            was = english[ruleset_id]["options"]["properties"][name]
            assert not re.search(r"[a-z]\d", was["title"]), was["title"]  # words, not "Hero1"
            assert field["title"] != was["title"] or was["title"] in SAME_IN_FRENCH, name
            assert field.get("description") != was.get("description") or not was.get(
                "description"), name
    content, _ = registry.load("cryptids").load_content()
    teams = [t.name["fr"] for t in content.teams.teams]
    assert [c["label"] for c in french["cryptids-v1"]["choices"]["left"]] == teams
    assert french["enemy-attacks-v5"]["measures"]["damage_to_allies"] == "dégâts aux alliés"
    assert french["dire-alliance-battle-v3"]["measures"]["red_attacks"] == "attaques (Rouge)"
    # a per-side metric, "lives lost.left" on /lab in English: its measure and its side
    assert english["cryptids-v1"]["measures"]["lives-lost.left"] == "lives lost (Left)"
    assert french["cryptids-v1"]["measures"]["lives-lost.left"] == "vies perdues (gauche)"


SAME_LABELS = {"1", "2", "3", "8", "64", "six-faces"}
"""Option ids French labels as English does (numbers; *six faces*)."""


def test_the_rulings_come_in_the_page_language(page_client):
    """The game-creation form's rulings: every question and every option's label in French
    (the rulesets' ``rulings.po``, the engine's for its own), ids and defaults unchanged;
    in English the labels are the ids spaced, as the lab's answers and reports say them
    (``after-deaths``: *after deaths*; the form showed ``after-deaths``)."""
    english = {r["id"]: r for r in page_client.get("/api/rulesets?lang=en").json()}
    french = {r["id"]: r for r in page_client.get("/api/rulesets?lang=fr").json()}
    for ruleset_id, said in french.items():
        if registry.load(ruleset_id).meta.name not in SHIPPED:
            continue  # a test's plug-in
        was = english[ruleset_id]
        for ruling, before in zip([*said["rulings"], said["clock"]["ruling"]],
                                  [*was["rulings"], was["clock"]["ruling"]], strict=True):
            assert {k: ruling[k] for k in ("id", "options", "default")} == {
                k: before[k] for k in ("id", "options", "default")}
            assert before["labels"] == {o: spaced_id(o) for o in before["options"]}
            assert ruling["question"] != before["question"], ruling["id"]
            assert all(ruling["labels"][o] != before["labels"][o] or o in SAME_LABELS
                       for o in ruling["options"]), (
                ruling["id"], ruling["labels"])
            # an option no catalog labels is its id, not "kaos-step : 1"
            assert not [label for label in ruling["labels"].values() if ruling["id"] in label]
    work_budget = french["enemy-attacks-v5"]["rulings"][0]
    assert work_budget["question"].startswith("Une partie atteint son budget de travail")
    assert work_budget["labels"] == {"tie": "par une égalité", "judge": "au décompte des règles"}
    assert french["cryptids-v1"]["rulings"][-1]["labels"]["deaths"] == "les morts d'abord"


@pytest.mark.parametrize("lang", ["FR", "fr-FR", "fr_FR", "Fr"])
def test_a_language_is_read_in_any_case_and_with_a_region(page_client, lang):
    """``?lang=FR`` (and ``fr-FR``, ``fr_FR``) is French, as ``--lang`` is at the terminal:
    the page's words, the rulesets' titles, a board's words and a game's events."""
    words = page_client.get(f"/api/i18n/{lang}").json()
    assert words["lang"] == "fr" and words["messages"]["Start a run"] == "Commencer une partie"
    titles = {r["id"]: r["title"] for r in page_client.get(f"/api/rulesets?lang={lang}").json()}
    assert titles["cryptids-v1"] == "Cryptides\u00a0: bataille"
    board = page_client.get(f"/api/rulesets/dire-alliance-battle/board?lang={lang}").json()
    assert board["sides"]["red"]["label"] == "Rouge"
    me = sign_up(page_client, f"lang{lang.replace('-', '').replace('_', '')}")
    view = page_client.post(f"/api/games?lang={lang}", json={"ruleset": "cryptids", "seed": 5},
                            headers=me).json()
    assert view["events"][0]["text"].startswith("Bataille")
    events = page_client.get(f"/api/games/{view['id']}?lang={lang.upper()}", headers=me).json()
    assert events["events"][0]["text"].startswith("Bataille")
    assert page_client.get("/api/i18n/de-DE").status_code == 404


def test_the_browsers_language_is_answered_in_english_where_the_page_has_not_it(page_client):
    """A page whose language nobody chose asks in the browser's (``?fallback=true``): one the
    page has not is English, not a 404 (which the browser's console reported on every page);
    asked as chosen, it is still refused."""
    guessed = page_client.get("/api/i18n/de?fallback=true")
    assert guessed.status_code == 200 and guessed.json()["lang"] == "en"
    assert guessed.json()["messages"] == {} and "fr" in guessed.json()["languages"]
    assert page_client.get("/api/i18n/fr?fallback=true").json()["lang"] == "fr"
    assert page_client.get("/api/i18n/de").status_code == 404


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="no gettext msgfmt here")
def test_every_catalog_passes_msgfmt_check():
    """``msgfmt -c`` refused 41 entries of nine catalogs: flagged python-brace-format (or
    python-format) by the extraction, they say a plural field (``{count:vie|vies}``) or "95 %",
    which those checks cannot read. A translator checking a catalog so sees only real errors."""
    import rulekeeper

    catalogs = sorted(Path(rulekeeper.__file__).parent.rglob("*.po"))
    assert len(catalogs) >= 30
    refused = {}
    for po in catalogs:
        checked = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(po)],
                                 capture_output=True, text=True)
        if checked.returncode:
            refused[str(po)] = checked.stderr.splitlines()[:3]
    assert refused == {}


def test_a_runs_player_is_worded_on_the_form_and_in_the_sentences_but_kept_as_its_id(page_client):
    """The run's form says what its player is (not *l'id du joueur*) and shows its default,
    ``you``, in the page's language (*vous*), which it never sends: a game made from the
    French form plays as ``you``, whose sentences say *vous* in French and *you* in English;
    the ghost opponents of the offline pool are named *Bot 4* (*Robot 4*), not ``bot-4``."""
    said = {lang: {r["id"]: r for r in page_client.get(f"/api/rulesets?lang={lang}").json()}
            ["cryptids-run-v1"]["options"]["properties"] for lang in ("en", "fr")}
    assert (said["en"]["player"]["default"], said["fr"]["player"]["default"]) == ("you", "vous")
    assert "id" not in said["en"]["player"]["description"].split()
    assert said["fr"]["player"]["description"].startswith("le nom sous lequel")
    assert said["fr"]["run"]["default"] == "run-1"  # a default no catalog words stays
    me = sign_up(page_client, "runwords")
    made = page_client.post("/api/games?lang=fr", headers=me,
                            json={"ruleset": "cryptids-run", "seed": 3, "options": {}}).json()
    start = made["events"][0]
    assert start["data"]["player"] == "you"  # what the record keeps
    assert start["text"].startswith("La partie run-1 commence pour vous\u00a0:")
    game = made["id"]
    while not made["over"]:
        options = [o["id"] for o in made["view"]["pending"]["options"]]
        option = next((o for o in options if o.startswith("buy-")), "end") if (
            made["view"]["state"]["round"] < 3 and "end" in options and made["version"] % 2
        ) else ("end" if "end" in options else options[0])
        made = page_client.post(f"/api/games/{game}/decisions?lang=fr", headers=me, json={
            "seat": "player", "option": option, "version": made["version"]}).json()
    for lang in ("en", "fr"):
        texts = [line["text"] for line in map(json.loads, page_client.get(
            f"/api/games/{game}/record?lang={lang}", headers=me).text.splitlines()
            ) if "text" in line]
        assert not [t for t in texts if re.search(r"\bbot-\d|\byou\b" if lang == "fr"
                                                  else r"\bbot-\d", t)], lang
        assert any(re.search(r"\bRobot \d\b" if lang == "fr" else r"\bBot \d\b", t)
                   for t in texts), lang


def test_a_runs_counts_per_cryptid_are_worded_as_measures_on_the_lab():
    """/lab's means of a run's counts per cryptid (``offered.black-shuck``) say the measure
    and the cryptid's name, in the page's language, not the id spaced (*offered black
    shuck*); an ability's count names the ability too."""
    from rulekeeper.lab.names import answer_words

    answer = {"summary": {"means": {name: {} for name in (
        "offered.black-shuck", "fielded-won.dahu.lopsided", "victories", "rounds")}}}
    assert answer_words("cryptids-run", answer, "en") == {
        "offered.black-shuck": "offered (Black Shuck)",
        "fielded-won.dahu.lopsided": "fielded in a win (Dahu · Lopsided gait)"}
    french = answer_words("cryptids-run", answer, "fr")
    assert french["offered.black-shuck"].startswith("proposé (")
    assert french["fielded-won.dahu.lopsided"] == "aligné dans une victoire (Dahu · Pas de travers)"


def test_the_dice_odds_engine_is_a_choice_worded_in_the_page_language(page_client):
    """The cryptids odds' ``engine`` parameter is offered as its two engines by their names
    (*the compiled kernel*, *le noyau compilé*), not as a text to type ``kernel`` in."""
    def engine(lang):
        asked = next(q for q in page_client.get(f"/api/lab/odds?lang={lang}").json()
                     if q["ruleset"].startswith("cryptids-v"))
        return asked["schema"]["properties"]["engine"]

    english, french = engine("en"), engine("fr")
    assert english["enum"] == french["enum"] == ["kernel", "python"]
    assert english["x-labels"] == {"kernel": "the compiled kernel", "python": "the Python engine"}
    assert french["x-labels"] == {"kernel": "le noyau compilé", "python": "le moteur Python"}
    assert (english["title"], french["title"]) == ("Engine", "Moteur")
