"""The pages in French (issue 28, item 5): the language chosen on one page is every page's;
/play's words, the board's (the ruleset's view.po) and /lab's are French."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser import calls
from tests.browser.conftest import DESKTOP, SHOTS, Watched, unique
from tests.browser.test_lab import open_lab
from tests.browser.test_play import newest, start_game


@pytest.fixture
def french(web):
    web.page.context.add_init_script("localStorage.setItem('rk.lang', 'fr')")
    return web


def test_an_address_that_is_no_page_says_so_in_the_pages_language(french):
    """A mistyped link showed the API's JSON refusal; a page says so, in French here, and
    links the site's pages."""
    page = french.page
    french.open("/watch?game=abc")
    page.wait_for_selector("#missing h2")
    assert page.inner_text("#missing h2") == "Page introuvable"
    assert page.title() == "Page introuvable — rulekeeper"
    assert "le lien est peut-être mal tapé ou coupé" in page.inner_text("#missing")
    assert page.locator("#missing a").count() == 4 and page.locator("header nav").count() == 1
    french.shot("missing-fr")
    assert [e for e in french.errors if "404" in e] == [french.errors.pop()]  # (the browser's)


def test_play_and_lab_speak_french(french, request):
    page = french.page
    french.open("/play")
    french.sign_up(unique("fr", request))
    page.wait_for_selector("#my-games h2")
    assert page.get_attribute("html", "lang") == "fr"
    assert page.title().startswith("Jouer")
    assert page.inner_text("#my-games h2") == "Vos parties"
    assert "Jouer un jeu de règles" in page.inner_text("main")
    assert page.input_value("#lang") == "fr"
    french.shot("play-fr")
    french.open(f"/play/{newest('dire-alliance-battle')}?seed=1")
    page.wait_for_selector("#start-game")
    assert page.inner_text("#start-game") == "Commencer la partie"
    page.wait_for_selector("#seats select[name='blue']")
    assert page.inner_text("[data-seat-row='red']").startswith("Rouge")  # seats, bots: French
    assert page.inner_text("[data-seat-row='blue']").startswith("Bleu")
    assert "bot\u00a0: heuristique" in page.inner_text("#seats select[name='blue']")
    assert "Chemin battu" in page.inner_text("#scenario")
    page.click("#start-game")
    page.wait_for_selector("#decision")
    board = page.inner_text("#board")
    assert "Vieux moulin" in board and "Old Mill" not in board
    facts = page.locator("#panels .facts").all_inner_texts()  # "label : value", as French has it
    assert facts and all("\u00a0: " in f for f in facts)
    said = page.evaluate("""async () => {
      const { winnerWords } = await import('/static/common.js');
      const all = await (await fetch('/api/rulesets?lang=fr')).json();
      return ['enemy-attacks', 'dire-alliance-battle'].map((name) => {
        const r = all.find((x) => x.id.startsWith(name));
        return Object.keys(r.sides).filter((s) => ['enemies', 'heroes', 'red'].includes(s))
          .map((s) => winnerWords({ winner: s }, r));
      }).flat(); }""")
    assert said == [f"Victoire\u00a0: {side}" for side in ("Héros", "Ennemis", "Rouge")]
    assert "manche 1" in page.inner_text("#headline")
    assert "main" in [p.get_attribute("data-pile") for p in page.locator("[data-pile]").all()]
    assert page.inner_text("#undo") == "Annuler le coup"
    french.shot("play-board-fr")
    french.open("/lab")
    page.wait_for_selector("#lab-form h2")
    assert page.inner_text("#lab-form h2") == "Interroger le labo"
    assert "Qui gagne\u202f?" in page.inner_text("#lab-kind")
    assert page.title().startswith("Labo")
    french.shot("lab-fr")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_log_file_replayed_speaks_the_pages_language(web, request, tmp_path, lang):
    """A cryptids battle's log file opened in /replay: its title and its events in the page's
    language (the record's ruleset has it), not the language the file was written in."""
    log = tmp_path / "battle.jsonl"
    subprocess.run([sys.executable, "-c", "from rulekeeper.cli import main; main()", "play",
                    "cryptids", "--seed", "1", "--log", str(log)], check=True,
                   capture_output=True, timeout=120)
    page = web.page
    page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    web.open("/replay")
    web.sign_up(unique(f"file{lang}", request))
    page.set_input_files("#file", str(log))
    page.wait_for_selector("#position")
    title, battle = {"en": ("Cryptids: battle", "Battle: French Legends (left)"),
                     "fr": ("Cryptides\u00a0: bataille", "Bataille\u00a0: Légendes de France")}[lang]
    assert page.inner_text("#replay-title") == title
    assert page.locator("#log li").first.inner_text().startswith(battle)
    web.shot(f"replay-file-{lang}")


def test_the_labs_answers_speak_french(french, request):
    """/lab's answers in French: the measures, the tuning's verdicts, the sides and the
    cryptids by their French names, numbers as French writes them (52,1 %)."""
    page = french.page
    open_lab(french, request, "cryptids")
    page.check("#lab-kind input[value=culprits]")
    page.fill("#lab-games", "20")
    page.fill("#lab-ablation-games", "4")
    page.click("#lab-ask")
    page.wait_for_selector(",".join(f"#lab-state[data-state={s}]" for s in (
        "done", "failed", "cancelled")), timeout=120_000)
    assert page.inner_text("#lab-state") == "terminée", page.inner_text("#answer")
    stats = [r.split("\t")[1] for r in page.locator("#lab-ablation tbody tr").all_inner_texts()]
    assert stats and set(stats) == {"PV"}, stats  # the main stat's words, not its id (hp)
    french.shot("lab-culprits-fr", full_page=True)
    assert "survie" in page.locator("#lab-entities th").all_inner_texts()
    rows = [r.split("\t") for r in page.locator("#lab-entities tbody tr").all_inner_texts()]
    assert "le Dahu" in [r[1] for r in rows] and {r[2] for r in rows} == {"Gauche", "Droite"}
    assert all(re.fullmatch(r"\d+\s%\s\(\d+–\d+\)", r[4]) for r in rows), rows
    with page.expect_download() as saved:  # its report, written when it ended, is French too
        page.click("#lab-report")
    report = page.context.new_page()
    report.set_content(Path(saved.value.path()).read_text(encoding="utf-8"))
    assert report.inner_text("h1") == "Cryptides\u00a0: bataille — rapport de coupables"
    assert "Coupables\u00a0: les plus forts et les plus faibles" in report.inner_text("body")
    assert re.search(r"\d+,\d\u202f% \(\d+,\d–\d+,\d\)", report.inner_text("body"))
    SHOTS.mkdir(parents=True, exist_ok=True)
    report.screenshot(path=str(SHOTS / "lab-report-fr.png"), full_page=True)
    report.close()

    page.check("#lab-kind input[value=tune]")
    page.fill("#lab-tune-path", "cryptids.cryptids.bigfoot.hp")
    page.fill("#lab-tune-range", "6..20")
    page.fill("#lab-games", "20")
    page.fill("#lab-max-games", "40")
    page.click("#lab-ask")
    page.locator("#lab-path").wait_for(timeout=120_000)
    verdicts = [r.split("\t")[4] for r in page.locator("#lab-path tbody tr").all_inner_texts()]
    assert set(verdicts) <= {"en dessous", "au-dessus", "convient", "pas tranché"}, verdicts
    tuned = page.inner_text("#lab-tuned")
    assert tuned.split("\u00a0:")[0] in {"convient", "entre deux valeurs", "hors d'atteinte",
                                         "pas tranché"}, tuned
    assert "à Gauche" in tuned and re.search(r"\d,\d\s%", tuned), tuned


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_name_taken_is_said_in_the_pages_language(web, server, request, lang):
    name = unique(f"taken{lang}", request)
    assert calls.post(f"{server.url}/api/players", json={"name": name}).status_code == 201
    web.page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    web.open("/play")
    web.sign_up(name.upper())  # a name is taken whatever its case
    said = web.page.inner_text("#who-are-you [role='alert']")
    assert said == {"en": f"The name {name.upper()} is taken: choose another.",
                    "fr": f"Le nom {name.upper()} est déjà pris\u00a0: choisissez-en un autre."}[lang]
    assert [e for e in web.errors if "409" in e] == [web.errors.pop()]  # the browser's note
    web.shot(f"signup-taken-{lang}")


GAMES = {"enemy-attacks": ("manche", "commence dans", "Porte de la crypte", "Héros de Joueur 1"),
         "combat-encounter": ("Joueur 1", "commence dans", "Entrée"),
         "dire-alliance-battle": ("Bleu", "pioche", "Camp rouge"),
         "dire-alliance-raid": ("méchant", "sbire", "Camp rouge")}
"""Each ruleset's French game page: words its log says (its sentences', and its data's: the
places, the seats)."""


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_a_games_log_speaks_french(french, request, ruleset):
    """The events of every ruleset in French (not cryptids' only): the log's lines, after a
    few moves, none as English writes it (the sample's names too: "Brannoc le Bouclier")."""
    page = french.page
    start_game(french, newest(ruleset), unique("log" + ruleset.replace("-", "")[-8:], request), seed=2)
    for _ in range(4):
        ids = [b.get_attribute("data-option") for b in page.locator("#decision [data-option]").all()]
        if not ids:
            break
        version = page.get_attribute("#decision", "data-version")
        page.click(f"#decision [data-option='{ids[-1]}']")
        page.wait_for_selector(f"#decision:not([data-version='{version}']), #result")
    lines = page.locator("#log li").all_inner_texts()
    assert len(lines) > 5
    log = "\n".join(lines)
    assert all(word in log for word in GAMES[ruleset]), log
    assert not re.search(r"\b(?:starts in|moves to|plays|begins|the item deck|draws)\b", log)
    decision = " ".join(page.locator("#decision").all_inner_texts())  # its prompt and options
    assert not re.search(r"\b(?:choose|which|where|whom|Attack|Reroll|Activate|Move to|move to|"
                         r"play a card|Spend|Do not|end the turn|End the turn)\b", decision), decision
    french.shot(f"play-log-{ruleset}-fr", full_page=True)


def test_a_decision_speaks_french_with_its_ids(french, request):
    """The pending decision's prompt and options in French, their ids as in English (a game of
    combat-encounter, whose game of the test above ends in four moves)."""
    page = french.page
    start_game(french, newest("combat-encounter"), unique("decisionfr", request), seed=2)
    page.wait_for_selector("#decision [data-option]")
    ids = [b.get_attribute("data-option") for b in page.locator("#decision [data-option]").all()]
    decision = page.locator("#decision").inner_text()
    assert "choisissez une action de combat" in decision and "Attaquer Joueur 2" in decision
    assert "Ne faire aucune action de combat" in decision, decision
    assert "attack:p2:" in " ".join(ids) and "decline" in ids
    assert not re.search(r"\b(?:choose|Attack|with|melee|Flee|Decline)\b", decision), decision
    french.shot("play-decision-combat-encounter-fr", full_page=True)


def test_the_labs_means_speak_french(french, request):
    page = french.page
    open_lab(french, request, "enemy-attacks")
    page.check("#lab-kind input[value=simulate]")
    page.fill("#lab-games", "10")
    page.click("#lab-ask")
    page.wait_for_selector(",".join(f"#lab-state[data-state={s}]" for s in (
        "done", "failed", "cancelled")), timeout=120_000)
    measures = page.locator("#lab-means tbody th").all_inner_texts()
    assert {"manches", "dégâts aux alliés", "étoiles placées"} <= set(measures), measures
    assert not [m for m in measures if "_" in m], measures
    ends = [r.split("\t")[1] for r in page.locator("#lab-ends tbody tr").all_inner_texts()]
    assert ends and set(ends) <= {"tous les ennemis sont vaincus", "limite de manches",
                                  "tous les héros blessés hors de combat",
                                  "budget de travail"}, ends  # not every-enemy-defeated
    french.shot("lab-means-fr", full_page=True)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_forms_rulings_speak_the_pages_language(web, request, lang):
    """The game-creation form's rulings: questions and options' labels in the page's language,
    the options' values their ids."""
    page = web.page
    web.page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    web.open("/play")
    web.sign_up(unique(f"rulings{lang}", request))
    page.wait_for_selector("#my-games h2")
    web.open(f"/play/{newest('enemy-attacks')}?seed=1")
    page.wait_for_selector("#start-game")
    page.click("details > summary:text-is('%s')" % ("Arbitrages" if lang == "fr"
                                                      else "Rulings"))
    rulings = page.locator("details:has(select[data-ruling])")
    shown = rulings.inner_text()
    ranged = page.locator("select[name='range'] option")
    assert ranged.evaluate_all("os => os.map((o) => o.value)") == ["borders", "walking"]
    if lang == "fr":
        assert "Comment compte-t-on la distance entre les zones\u202f?" in shown
        assert ranged.all_inner_texts() == ["en frontières", "en marche"]
        assert "comment se termine-t-elle" in shown
        assert not re.search(r"\b(?:How|Does|Which|What|Is|Can|May|Where|When)\b", shown), shown
    else:
        assert "How is the distance between areas counted?" in shown
        assert ranged.all_inner_texts() == ["borders", "walking"]
    rulings.scroll_into_view_if_needed()
    web.shot(f"play-rulings-{lang}")


@pytest.mark.parametrize("lang", ["FR", "fr-FR"])
def test_a_page_asked_as_fr_in_capitals_speaks_french_and_elides(web, lang):
    """``?lang=FR`` (``fr-FR``) is French, as ``fr`` is; the page's own sentences elide as
    the events do: *le fantôme d'Alice*, not *de Alice* (common.js's ``fill``)."""
    page = web.page
    web.open(f"/play?lang={lang}")
    page.wait_for_selector("html[lang='fr']")
    assert page.title().startswith("Jouer")
    said = page.evaluate("""async () => {
      const { t } = await import('/static/common.js');
      return ['Alice', 'Bob', 'Hugo', 'les Rats'].map(
        (name) => t("{name}'s ghost (a row built by a bot)", { name })); }""")
    assert said == [f"le fantôme {of} (une rangée construite par un robot)" for of in (
        "d'Alice", "de Bob", "de Hugo", "des Rats")]
    assert page.evaluate("localStorage.getItem('rk.lang')") == "fr"


def test_a_friend_whose_browser_speaks_french_reads_the_invitation_and_watch_links_in_french(
        browser, server, request):
    """Links sent to a friend: their browser, which has chosen no language on these pages,
    speaks French; the invitation and the watch page are French (they were English until the
    switch was used), the language is not kept as chosen, and a German browser reads English."""
    name = unique("inviter", request)
    player = calls.post(f"{server.url}/api/players", json={"name": name}).json()
    view = calls.post(f"{server.url}/api/games", headers={
        "Authorization": f"Bearer {player['token']}"}, json={
        "ruleset": "combat-encounter", "seats": {"p1": {"kind": "human"}, "p2": {"kind": "open"}}}
    ).json()
    seat = next(s for s in view["seats"] if s["seat"] == "p2")
    invitation = f"/play/{view['ruleset']}?game={view['id']}&seat=p2&invite={seat['invite']}"
    watch = calls.get(f"{server.url}/api/games/{view['id']}", headers={
        "Authorization": f"Bearer {player['token']}"}).json()["watch"]
    said = {}
    for locale in ("fr-CA", "de-DE"):
        context = browser.new_context(viewport=DESKTOP, locale=locale)
        friend = Watched(context.new_page(), server.url)
        friend.open(invitation)
        friend.page.wait_for_selector("#invitation")
        said[locale] = friend.page.inner_text("#invitation")
        friend.shot(f"invitation-browser-{locale}")
        friend.open(watch)
        friend.page.wait_for_selector("#status")
        said[locale] += "\n" + friend.page.inner_text("header")
        assert friend.page.evaluate("localStorage.getItem('rk.lang')") is None
        context.close()
        assert friend.errors == []
    assert f"{name} vous invite à jouer" in said["fr-CA"], said["fr-CA"]
    assert "Cryptides en ligne" in said["fr-CA"] and "Joueur 2" in said["fr-CA"]
    assert f"{name} invites you to play" in said["de-DE"] and "Cryptids online" in said["de-DE"]
