"""The lab in a browser (issue 33): a designer asks "what if the Butcher's melee were 2?" on
/lab, without a terminal, watches the job and reads the answer, the same numbers as the
command's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from playwright.sync_api import expect

from rulekeeper.core import registry
from rulekeeper.lab.batch import BatchSpec
from rulekeeper.lab.names import RulesetWords, entity_names, id_words
from tests.browser.conftest import SHOTS, unique
from tests.core.test_cli import run

MELEE = "factions.grievers.fighters.butcher.melee"
DONE = re.compile("^(done|failed|cancelled)$")


def names(ruleset: str) -> dict[str, str]:
    """The names the sample content gives its items, by id (what /lab shows)."""
    found: dict[str, str] = {}

    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("id"), str) and isinstance(node.get("name"), str):
                found.setdefault(node["id"], node["name"])
            node = list(node.values())
        for child in node if isinstance(node, list) else ():
            walk(child)

    walk(registry.load(ruleset).content_set.raw()[0])
    return found


def open_lab(web, request, ruleset: str, who: str = "designer", lang: str | None = None) -> None:
    """/lab for a new player (``who``), with the newest version of ``ruleset`` chosen (in
    ``lang``, chosen as the page's switch keeps it, if given)."""
    page = web.page
    if lang is not None:
        page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    web.open("/lab")
    web.sign_up(unique(who, request))
    chosen = page.locator(f"#lab-ruleset option[value^='{ruleset}-v']").last
    page.wait_for_selector("#lab-changes")  # the first ruleset's content has come
    page.select_option("#lab-ruleset", chosen.get_attribute("value"))


def test_what_if_the_butchers_melee_were_2(web, request, capsys, monkeypatch):
    page = web.page
    open_lab(web, request, "dire-alliance-battle")
    page.check("#lab-kind input[value=sweep]")
    page.fill("#lab-games", "6")
    page.fill("#lab-seed", "3")
    page.click("#lab-changes")  # the content's tree, file by file, item by item
    for name in ("factions", "grievers", "fighters", "butcher"):
        page.locator(f"details.tree:has(> summary:text-is('{name}'))").last.locator(
            "> summary").click()
    melee = page.locator(f"input[data-path='{MELEE}']")
    assert melee.input_value() == "3"  # the sample's value
    melee.fill("2")
    melee.dispatch_event("change")
    assert f"{MELEE} = 2" in page.inner_text("#lab-changes")
    web.shot("lab-ask")  # (a full-page shot here left chromium's next click unsubmitted)
    page.click("#lab-ask")
    page.locator("#lab-state").filter(has_text=re.compile("^(done|failed|cancelled)$")).wait_for(
        timeout=120_000)
    assert page.inner_text("#lab-state") == "done", page.inner_text("#answer")
    assert "job=" in page.url  # the answer's permanent link
    rows = page.locator("#lab-sweep tbody tr")
    assert rows.count() == 2
    shown = [rows.nth(i).inner_text().split("\t") for i in range(2)]
    web.shot("lab-answer", full_page=True)

    code, out, err = run(["sweep", "dire-alliance-battle", "--games", "6", "--seed", "3",
                          "--set", f"{MELEE}=3,2", "--json"], capsys, monkeypatch)
    assert code == 0, err
    variants = json.loads(out)["variants"]
    for row, variant in zip(shown, variants, strict=True):  # the command's numbers
        win = variant["summary"]["outcomes"]["win"]
        assert row[0] == variant["label"].replace("factions.grievers.fighters.", "")
        assert row[1].startswith(f"{100 * win['value']:.1f}% ({100 * win['low']:.1f}–")

    with page.expect_download() as saved:  # with the player's token: a plain link gets 401
        page.click("#lab-download")
    assert saved.value.suggested_filename.endswith(".parquet")
    games = pq.read_table(saved.value.path())
    assert games.num_rows == 12 and set(games.column("variant").to_pylist()) == {
        v["label"] for v in variants}
    with page.expect_download() as saved:
        page.click("#lab-report")
    assert "sweep report" in Path(saved.value.path()).read_text(encoding="utf-8")
    report = page.context.new_page()  # the English page asked it: its report is English
    report.set_content(Path(saved.value.path()).read_text(encoding="utf-8"))
    assert "<h2>Win rates</h2>" in report.content() and "Taux" not in report.content()
    SHOTS.mkdir(parents=True, exist_ok=True)
    report.screenshot(path=str(SHOTS / "lab-report-en.png"), full_page=True)
    report.close()

    page.reload()  # the link still shows the answer
    page.wait_for_selector("#lab-sweep")
    assert page.locator("#jobs li").count() == 1
    assert page.inner_text("#jobs li a") == "What if? Dire Alliance: Horror — Battle Mode"


def test_is_the_butcher_too_strong(web, request, capsys, monkeypatch):
    """The README's question on /lab: the culprits, ranked, with the ablation of each main
    stat; the same numbers as ``rulekeeper culprits``."""
    page = web.page
    open_lab(web, request, "dire-alliance-battle")
    page.check("#lab-kind input[value=culprits]")
    page.fill("#lab-games", "4")
    page.fill("#lab-seed", "1")
    page.fill("#lab-ablation-games", "-1")  # the browser's own check, said in one line
    page.click("#lab-ask")
    assert "Games per step" in page.inner_text("#lab-message")
    page.click("#lab-changes")  # the content's inputs follow its JSON Schema
    for name in ("factions", "grievers", "fighters", "butcher"):
        page.locator(f"details.tree:has(> summary:text-is('{name}'))").last.locator(
            "> summary").click()
    melee = page.locator(f"input[data-path='{MELEE}']")
    assert (melee.get_attribute("min"), melee.get_attribute("max"),
            melee.get_attribute("step")) == ("0", "10", "1")
    page.fill("#lab-ablation-games", "2")
    melee.fill("11")
    page.click("#lab-ask")
    assert page.inner_text("#lab-message").startswith(f"{MELEE}: ")
    assert melee.get_attribute("aria-invalid") == "true"
    melee.fill("3")
    page.fill("#lab-ablation-games", "2")
    page.fill("#lab-entities", "2")
    page.click("#lab-ask")
    page.locator("#lab-state").filter(has_text=re.compile("^(done|failed|cancelled)$")).wait_for(
        timeout=120_000)
    assert page.inner_text("#lab-state") == "done", page.inner_text("#answer")
    rows = page.locator("#lab-entities tbody tr")
    shown = {rows.nth(i).inner_text().split("\t")[1]: rows.nth(i).inner_text().split("\t")
             for i in range(rows.count())}
    assert "Butcher" in shown and page.locator("#lab-ablation tbody tr").count() == 2
    assert page.inner_text("#lab-culprits").startswith("Strongest: ")
    assert {row[2] for row in shown.values()} == {"Red", "Blue"}  # the sides by their names
    page.evaluate("document.getElementById('answer').scrollIntoView()")
    web.shot("lab-culprits")  # docs/web/lab-culprits.png

    code, out, err = run(["culprits", "dire-alliance-battle", "--games", "4", "--seed", "1",
                          "--ablation-games", "2", "--entities", "2", "--json"],
                         capsys, monkeypatch)
    assert code == 0, err
    found = json.loads(out)["culprits"]
    butcher = next(e for e in found["entities"] if e["entity"] == "butcher")
    damage = butcher["means"]["damage"]
    fixed = lambda x: f"{x:.1f}" if abs(x) >= 10 else f"{x:.2f}"  # noqa: E731
    assert shown["Butcher"][4] == (f"{fixed(damage['value'])} ({fixed(damage['low'])}–"
                                   f"{fixed(damage['high'])})")
    first = found["entities"][0]["entity"]
    assert rows.nth(0).inner_text().split("\t")[1] == names("dire-alliance-battle")[first]


def test_the_form_asks_for_the_game_the_options_make(web, request):
    """A combat encounter of 3 players: the form offers a bot for each of its 3 seats and
    their sides to count, named as the ruleset names them (not p1, heuristic's id), the
    content's lists as names; the answer names the characters. An emptied field is said in
    one line before anything is sent."""
    page = web.page
    open_lab(web, request, "combat-encounter")
    page.locator("#lab-bots select").nth(1).wait_for()
    assert page.locator("#lab-bots select").count() == 2  # players: 2, of 6 seats at most
    page.fill("input[data-option=players]", "3")
    page.locator("input[data-option=players]").dispatch_event("change")
    page.locator("#lab-bots select").nth(2).wait_for()
    assert page.locator("#lab-bots label").all_inner_texts()[2].startswith("Player 3")
    assert page.locator("#lab-side option").all_inner_texts() == [
        "Player 1", "Player 2", "Player 3"]
    third = page.locator("#lab-bots select[data-seat=p3]")
    assert "random moves" in third.locator("option").all_inner_texts()
    third.select_option("random")
    page.check("#lab-kind input[value=culprits]")
    page.fill("#lab-games", "")
    page.click("#lab-ask")
    assert page.inner_text("#lab-message").startswith("Games: ")  # not the server's words
    page.fill("#lab-games", "6")
    page.fill("#lab-ablation-games", "0")
    page.click("#lab-ask")
    page.locator("#lab-state").filter(has_text=DONE).wait_for(timeout=120_000)
    assert page.inner_text("#lab-state") == "done", page.inner_text("#answer")
    assert page.inner_text("#answer h2") == "Who is too strong? Combat Encounter (d20 dungeon)"
    assert "Players = 3" in page.inner_text("#answer p.muted")
    entities = page.locator("#lab-entities tbody tr")
    rows = [entities.nth(i).inner_text().split("\t") for i in range(entities.count())]
    characters = names("combat-encounter")
    assert len(rows) == 3 and {row[1] for row in rows} <= set(characters.values())
    assert {row[2] for row in rows} == {"Player 1", "Player 2", "Player 3"}


def test_the_lab_fits_a_phone_in_french(phone, request):
    """On a phone (390 px), in French: the form is no wider than the screen (a long ruleset
    title once made the whole page wider, drawn smaller), each radio on its word's line."""
    page = phone.page
    page.context.add_init_script("localStorage.setItem('rk.lang', 'fr')")
    phone.open("/lab")
    phone.sign_up(unique("phone", request))
    page.wait_for_selector("#lab-changes")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate("innerWidth") == 390
    for choice in page.locator("#lab-kind label.choice").all():
        radio, label = choice.locator("input").bounding_box(), choice.bounding_box()
        assert radio["height"] < 24 and radio["y"] >= label["y"] - 1
        assert radio["y"] + radio["height"] <= label["y"] + label["height"] + 1
    phone.shot("lab-phone-fr", full_page=True)


GAMES_NOTES = {
    "en": {"simulate": "games in all", "sweep": "games per variant: the sample and each change "
           "(each value tried) play this many",
           "matchup": "games per cell: each pair of contenders plays this many"},
    "fr": {"simulate": "parties en tout", "sweep": "parties par variante\u00a0: l'exemple et "
           "chaque modification (chaque valeur essayée) en jouent autant",
           "matchup": "parties par case\u00a0: chaque paire de concurrents en joue autant"},
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_games_say_what_they_count_and_the_heat_map_its_colours(web, request, lang):
    """Games are per variant for "What if?" (500 asked: 1,000 played), per cell for a
    matchup: the note beside the field follows the question; the matchup's heat map has a
    legend in words (the row's win rate, 0% red to 100% blue)."""
    page = web.page
    page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    open_lab(web, request, "dire-alliance-battle", f"lab{lang}")
    note = page.locator("#lab-games-note")
    assert page.get_attribute("#lab-games", "aria-describedby") == "lab-games-note"
    for kind, said in GAMES_NOTES[lang].items():
        page.check(f"#lab-kind input[value={kind}]")
        assert note.inner_text() == said
    web.shot(f"lab-games-note-{lang}")
    page.fill("#lab-games", "2")
    page.fill("#lab-contenders", page.get_attribute("#lab-contenders", "placeholder"))
    page.click("#lab-ask")
    page.locator("#lab-state").filter(has_text=re.compile(
        "^(done|failed|cancelled|terminée|échouée|annulée)$")).wait_for(timeout=120_000)
    legend = page.inner_text("#lab-heat-legend")
    if lang == "en":
        assert legend.startswith("0%\n100%\nColour: the row's win rate, from red (0%")
    else:
        assert re.match(r"0\s%\n100\s%\nCouleur\s: le taux de victoire de la ligne, du rouge", legend)
    assert page.locator("#lab-heat-legend .heat-scale").get_attribute("aria-hidden") == "true"
    page.locator("#lab-heat-legend").scroll_into_view_if_needed()
    web.shot(f"lab-heat-legend-{lang}")


def shown_seat_options(page, form: str) -> list[str]:
    """The seats whose options the form shows (hero1, hero2...), once each."""
    return list(dict.fromkeys(
        label.get_attribute("data-of-seat")
        for label in page.locator(f"{form} [data-of-seat]").all() if label.is_visible()))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_raids_forms_show_the_heroes_the_options_give(web, request, lang):
    """A Raid of 2 heroes (the default): the lab's form and the game's show the options of
    heroes 1 and 2 only, and a bot or a seat for each of the 2; 3 heroes show the third's; a
    number of heroes refused keeps what was shown."""
    page = web.page
    page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    open_lab(web, request, "dire-alliance-raid", who=f"raider{lang}")
    page.locator("#lab-bots select[data-seat=hero2]").wait_for()
    page.locator("#lab-options [data-of-seat=hero1]").first.wait_for()
    assert shown_seat_options(page, "#lab-options") == ["hero1", "hero2"]
    assert page.locator("#lab-bots select").count() == 2
    web.shot(f"lab-raid-2-heroes-{lang}", full_page=True)
    page.fill("input[data-option=heroes]", "3")
    page.locator("input[data-option=heroes]").dispatch_event("change")
    page.locator("#lab-bots select[data-seat=hero3]").wait_for()
    assert shown_seat_options(page, "#lab-options") == ["hero1", "hero2", "hero3"]
    web.open(f"/play/{registry.load('dire-alliance-raid').meta.id}")
    page.locator("#seats select[name=hero2]").wait_for()
    assert shown_seat_options(page, "#setup") == ["hero1", "hero2"]
    assert page.locator("#seats select").count() == 2
    page.fill("#setup [name='heroes']", "9")
    page.dispatch_event("#setup [name='heroes']", "change")
    page.locator("#setup-message .error").wait_for()
    assert [e for e in web.errors if "400" in e] == [web.errors.pop()]  # the browser's note
    assert shown_seat_options(page, "#setup") == ["hero1", "hero2"]
    assert page.locator("#seats select").count() == 2
    web.shot(f"play-setup-raid-refused-{lang}", full_page=True)


def test_a_wrong_field_is_said_in_the_pages_language(web, request):
    """The browser says why a field is wrong in its own language (English here): the French
    page says it in French, one line naming the field, and sends nothing."""
    page = web.page
    open_lab(web, request, "cryptids", "wrongfr", lang="fr")
    page.wait_for_selector("details.tree[data-path='teams']", state="attached")  # its content came
    message = page.locator("#lab-message")
    for games, why in (("-5", "au moins 1"), ("100000", "au plus 20\u202f000"), ("", "il faut une valeur")):
        page.fill("#lab-games", games)
        page.click("#lab-ask")
        assert message.inner_text() == f"Parties\u00a0: {why}"
    page.fill("#lab-games", "10")
    page.check("#lab-kind input[value=tune]")
    page.fill("#lab-tune-path", "teams.hunters")
    for wrong in ("5..1", "a..b", "1..3:0"):  # the server said these in English
        page.fill("#lab-tune-range", wrong)
        page.click("#lab-ask")
        assert message.inner_text() == ("Intervalle\u00a0: BAS..HAUT, le plus bas d'abord (2..6\u202f;"
                                        " 0..1:0.25 va par quarts)")
    page.fill("#lab-tune-range", "1..3")
    page.fill("#lab-tolerance", "0.9")
    page.click("#lab-ask")
    assert message.inner_text() == "±\u00a0: au plus 0,5"
    assert page.locator("#jobs li").count() == 0  # nothing was asked
    web.shot("lab-wrong-field-fr")


def test_a_sweeps_plot_writes_its_percents_in_french(web, request):
    """The sweep's plot's axis says 0 %, 25 %... on the French page (it said 0%, 25%...): a
    plot's numbers are written as the page's language writes them, like its tables'."""
    page = web.page
    open_lab(web, request, "cryptids", "plotfr", lang="fr")
    page.check("#lab-kind input[value=sweep]")
    page.fill("#lab-games", "2")
    page.click("#lab-changes")
    for path in ("cryptids", "cryptids.cryptids", "cryptids.cryptids.dahu"):
        page.click(f"details.tree[data-path='{path}'] > summary")
    hp = page.locator("input[data-path='cryptids.cryptids.dahu.hp']")
    hp.fill("9")
    hp.dispatch_event("change")
    page.click("#lab-ask")
    page.wait_for_selector("#lab-state[data-state=done]", timeout=120_000)
    ticks = page.eval_on_selector_all("svg.plot text", "ns => ns.map((n) => n.textContent)")[:5]
    assert ticks == ["0\u00a0%", "25\u00a0%", "50\u00a0%", "75\u00a0%", "100\u00a0%"], ticks
    web.shot("lab-sweep-plot-fr", full_page=True)


def test_a_link_with_lang_fr_opens_the_lab_in_french(web, request):
    """/lab?lang=fr (as docs/web.md links it) speaks French as the switch would, and the
    switch still changes it afterwards (the address no longer says ?lang=)."""
    page = web.page
    web.open("/lab?lang=fr")
    web.sign_up(unique("langfr", request))
    page.wait_for_selector("#lab-changes")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.inner_text("#ask h2") == "Interroger le labo"
    assert "lang=" not in page.url
    page.select_option("#lang", "en")
    page.wait_for_selector("#lab-changes")
    assert page.inner_text("#ask h2") == "Ask the lab"


def test_a_sides_outcomes_are_headed_by_its_name_whatever_it_is(web, request):
    """A co-op game counts the heroes' wins: the answer is headed "Heroes: outcomes", a
    heading that reads right for any side's name (a possessive said "Heroes's" once, and
    "You's" for a side named You)."""
    page = web.page
    open_lab(web, request, "enemy-attacks", "heroes")
    page.fill("#lab-games", "2")
    page.click("#lab-ask")
    page.wait_for_selector("#lab-state[data-state=done]", timeout=120_000)
    assert page.inner_text("#answer h3 >> nth=0") == "Heroes: outcomes over 2 games (95%)"


def test_two_culprits_are_not_each_both_strongest_and_weakest(web, request):
    """A combat encounter of 2 heroes: "Strongest: A. Weakest: B.", not "Strongest: A, B.
    Weakest: B, A." (each end named up to three, at most half of them each)."""
    page = web.page
    open_lab(web, request, "combat-encounter", "twoheroes")
    page.check("#lab-kind input[value=culprits]")
    page.fill("#lab-games", "2")
    page.fill("#lab-ablation-games", "0")
    page.click("#lab-ask")
    page.wait_for_selector("#lab-state[data-state=done]", timeout=120_000)
    rows = page.locator("#lab-entities tbody tr")
    assert rows.count() == 2
    strong, weak = (rows.nth(i).inner_text().split("\t") for i in range(2))
    assert page.inner_text("#lab-culprits") == (f"Strongest: {strong[1]} ({strong[2]}). "
                                                f"Weakest: {weak[1]} ({weak[2]}).")


def test_a_link_to_no_job_of_yours_is_said_in_the_pages_language(web, request):
    """/lab?job=ID of another player's job (or of none): one line in French on the French
    page, not the server's English."""
    page = web.page
    page.context.add_init_script("localStorage.setItem('rk.lang', 'fr')")
    web.open("/lab")
    web.sign_up(unique("nojob", request))
    page.wait_for_selector("#lab-changes")
    web.errors.clear()
    web.open("/lab?job=0123456789abcdef&vs=..%2Fx")
    page.wait_for_selector("#answer .error >> nth=1")
    assert page.locator("#answer .error").all_inner_texts() == [
        f"Vous n'avez pas de tâche {job}\u00a0: elle est à un autre joueur, ou n'existe pas."
        for job in ("0123456789abcdef", "../x")]
    web.errors.clear()  # the browser logs the two 404s


def test_a_cancelled_job_says_its_games_are_not_kept(web, request):
    """A job cancelled under way said "100 games in 6.4 s" as a finished one does; its games
    are dropped, and the page now says so."""
    page = web.page
    open_lab(web, request, "dire-alliance-battle", "canceller")
    page.fill("#lab-games", "2000")
    page.click("#lab-ask")
    page.locator("#lab-progress").filter(has_text=re.compile(r"^[1-9]")).wait_for(timeout=60_000)
    page.click("#answer button")  # Cancel, some games played
    page.wait_for_selector("#lab-state[data-state=cancelled]", timeout=60_000)
    assert re.fullmatch(r"Cancelled after [\d,]+ games in [\d.]+ s: they are not kept\.",
                        page.inner_text("#lab-played"))
    assert page.locator("#lab-download").count() == 0


def test_the_games_typed_stay_when_the_question_changes(web, request):
    """"Which value?" starts at 100 games, the others at 200; a count the designer typed
    stays as the question changes (6 became 100 on choosing "Which value?", and stayed 100)."""
    page = web.page
    open_lab(web, request, "cryptids", "typed")
    page.check("#lab-kind input[value=tune]")
    assert page.input_value("#lab-games") == "100"
    page.check("#lab-kind input[value=simulate]")
    assert page.input_value("#lab-games") == "200"
    page.fill("#lab-games", "6")
    for kind in ("tune", "matchup", "simulate"):
        page.check(f"#lab-kind input[value={kind}]")
        assert page.input_value("#lab-games") == "6", kind


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_question_the_server_refuses_is_said_in_the_pages_language(web, request, lang):
    """A contender naming no team, a tuning that would play too many games, a team of an
    unknown cryptid: the server's refusal came back in English on the French page; now in
    French there (its numbers as French writes them, the path it names still marking its
    field), and in the command line's English on the English page."""
    page = web.page
    page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    open_lab(web, request, "cryptids", f"refused{lang}")
    page.wait_for_selector("details.tree[data-path='teams']", state="attached")
    page.check("#lab-kind input[value=matchup]")
    page.fill("#lab-games", "2")
    page.fill("#lab-contenders", "hunterz, duo")
    page.click("#lab-ask")
    message = page.locator("#lab-message .error")
    message.wait_for()
    teams = ("french-legends, backwoods, lake-monsters, night-flyers, hunters, guardians, "
             "tricksters, swamp, duo, lone-yeti, lone-kraken")
    # said of the field that names it, which is marked, and offering no file (the server
    # takes none)
    said = {"en": "The server refused the question: contenders.0: no team 'hunterz' (did you "
                  f"mean 'hunters'?); teams: {teams}",
            "fr": "Le serveur a refusé la question\u00a0: contenders.0\u00a0: pas d'équipe "
                  f"'hunterz' (vouliez-vous dire 'hunters'\u202f?)\u202f; équipes\u00a0: {teams}"}
    assert message.inner_text() == said[lang]
    assert page.get_attribute("#lab-contenders", "aria-invalid") == "true"
    message.scroll_into_view_if_needed()
    web.shot(f"lab-refused-{lang}")

    page.check("#lab-kind input[value=tune]")
    page.fill("#lab-games", "100")
    page.fill("#lab-tune-path", "cryptids.cryptids.bigfoot.hp")
    page.fill("#lab-tune-range", "6..40")
    page.click("#lab-ask")
    page.locator("#lab-message .error", has_text="25,600" if lang == "en" else "25\u202f600").wait_for()
    said = {"en": "The server refused the question: this question would play up to 25,600 "
                  "games; at most 20,000 (a narrower range, or fewer games at most for a "
                  "value: max_games is 3,200)",
            "fr": "Le serveur a refusé la question\u00a0: cette question jouerait jusqu'à "
                  "25\u202f600 parties\u202f; au plus 20\u202f000 (demandez un intervalle plus "
                  "étroit, ou moins de parties au plus pour une valeur\u00a0: max_games vaut "
                  "3\u202f200)"}
    assert message.inner_text() == said[lang]
    message.scroll_into_view_if_needed()
    web.shot(f"lab-refused-tune-{lang}")

    page.check("#lab-kind input[value=simulate]")  # a team of a cryptid the content has not
    page.click("#lab-changes")
    for path in ("teams", "teams.teams", "teams.teams.hunters", "teams.teams.hunters.cryptids"):
        page.click(f"details.tree[data-path='{path}'] > summary")
    member = page.locator("input[data-path='teams.teams.hunters.cryptids.0']")
    member.fill("nobody")
    member.dispatch_event("change")
    page.click("#lab-ask")
    page.locator("#lab-message .error", has_text="nobody").wait_for()
    said = {"en": "The server refused the question: set.teams.teams.hunters.cryptids.0: "
                  "cryptid: unknown cryptid 'nobody'",
            "fr": "Le serveur a refusé la question\u00a0: set.teams.teams.hunters.cryptids.0"
                  "\u00a0: cryptid\u00a0: cryptide 'nobody' inconnu"}
    assert message.inner_text() == said[lang]
    assert member.get_attribute("aria-invalid") == "true"  # the field its path names, marked
    assert page.locator("#jobs li").count() == 0  # nothing was asked
    web.errors.clear()  # the browser logs the 400s


def test_who_wins_says_how_games_ended_as_the_command_does(web, request, capsys, monkeypatch):
    """"Who wins?" shows the command's "how games ended" (winner, end reason, games, share),
    which the page left out, and each mean's count of games, in the page's language (the end
    reasons by the ruleset's words: *objectifs*, not ``objectives``)."""
    page = web.page
    open_lab(web, request, "dire-alliance-raid", "ends", lang="fr")
    page.fill("#lab-games", "4")
    page.fill("#lab-seed", "2")
    page.click("#lab-ask")
    page.wait_for_selector("#lab-state[data-state=done]", timeout=120_000)
    shown = [row.split("\t") for row in page.locator("#lab-ends tbody tr").all_inner_texts()]
    web.shot("lab-ends-fr", full_page=True)
    code, out, err = run(["simulate", "dire-alliance-raid", "--games", "4", "--seed", "2",
                          "--json"], capsys, monkeypatch)
    assert code == 0, err
    ends = json.loads(out)["summary"]["ends"]
    said, reason = {"heroes": "Héros", "enemies": "Ennemis"}, id_words("dire-alliance-raid", "fr")
    assert shown == [[said[e["winner"]], reason(e["reason"]), str(e["games"]),
                      f"{100 * e['games'] / 4:.1f}".replace(".", ",") + "\u00a0%"] for e in ends]
    assert all(row[1] != e["reason"] for row, e in zip(shown, ends, strict=True)), shown
    assert page.locator("#lab-means tbody tr >> nth=0").inner_text().endswith("\t4")


def test_a_job_is_asked_again_and_its_changes_saved_and_loaded(web, request, tmp_path):
    """A permanent link's "Ask again…" puts the job's question back in the form (question,
    games, seed, content changes): asked again, the same answer. The changes save as a JSON
    file, which loads back into another form; a file of no field of the content says so."""
    page = web.page
    open_lab(web, request, "cryptids", "again")
    page.check("#lab-kind input[value=sweep]")
    page.fill("#lab-games", "3")
    page.fill("#lab-seed", "4")
    page.click("#lab-changes")
    for path in ("cryptids", "cryptids.cryptids", "cryptids.cryptids.dahu"):
        page.click(f"details.tree[data-path='{path}'] > summary")
    hp = page.locator("input[data-path='cryptids.cryptids.dahu.hp']")
    hp.fill("9")
    hp.dispatch_event("change")
    with page.expect_download() as saved:
        page.click("#lab-save")
    saved.value.save_as(tmp_path / "changes.json")
    assert json.loads((tmp_path / "changes.json").read_text())["set"] == {
        "cryptids.cryptids.dahu.hp": 9}
    page.click("#lab-ask")
    page.wait_for_selector("#lab-state[data-state=done]", timeout=120_000)
    first = page.inner_text("#lab-sweep")

    page.goto(page.url)  # the permanent link, in a fresh form
    page.wait_for_selector("#lab-changes")
    page.wait_for_selector("#lab-state[data-state=done]")
    page.click("#lab-again")
    page.wait_for_selector("#lab-message [role=status]")
    assert page.locator("#lab-kind input:checked").get_attribute("value") == "sweep"
    assert (page.input_value("#lab-games"), page.input_value("#lab-seed")) == ("3", "4")
    assert page.inner_text("#lab-changes").endswith("cryptids.cryptids.dahu.hp = 9")
    page.click("#lab-ask")
    page.wait_for_selector("#lab-state[data-state=done]", timeout=120_000)
    assert page.inner_text("#lab-sweep") == first

    web.open("/lab")  # another form: the changes loaded back
    page.wait_for_selector("#lab-changes")
    page.select_option("#lab-ruleset", page.locator("#lab-ruleset option[value^='cryptids-v']")
                       .get_attribute("value"))
    page.wait_for_selector("#lab-changes")
    page.click("#lab-changes")
    page.set_input_files("#lab-load", str(tmp_path / "changes.json"))
    page.locator("#lab-changes-file", has_text="Changes loaded: 1").wait_for()  # read async
    assert page.inner_text("#lab-changes").endswith("cryptids.cryptids.dahu.hp = 9")
    (tmp_path / "wrong.json").write_text('{"set": {"cryptids.cryptids.nobody.hp": 3}}')
    page.set_input_files("#lab-load", str(tmp_path / "wrong.json"))
    page.locator("#lab-changes-file", has_text="No field").wait_for()
    assert page.inner_text("#lab-changes-file") == (
        "No field of this ruleset's content at cryptids.cryptids.nobody.hp")


def test_what_if_a_ruling_were_otherwise(web, request, capsys, monkeypatch):
    """/lab's "Rulings" (the page asked none): a ruling changed is swept against its default,
    with the command's numbers, its variants named as the report names them (each ruling's
    question and its option's label, not ``overheal=allow``), and the intervals' Bonferroni
    level said (98.33% over three comparisons, not "95%")."""
    page = web.page
    open_lab(web, request, "cryptids", "rulings")
    page.check("#lab-kind input[value=sweep]")
    page.fill("#lab-games", "6")
    page.click("#lab-rulings-summary")
    page.select_option("#lab-rulings select[data-ruling='sudden-death']", "strike")
    page.select_option("#lab-rulings select[data-ruling='overheal']", "allow")
    assert page.inner_text("#lab-rulings-summary") == "Rulings (2 changed)"
    page.click("#lab-ask")
    page.wait_for_selector("#lab-state[data-state=done]", timeout=120_000)
    web.shot("lab-rulings", full_page=True)
    assert "win − first (98.33%)" in page.inner_text("#lab-sweep thead")
    shown = [row.split("\t") for row in page.locator("#lab-sweep tbody tr").all_inner_texts()]
    code, out, err = run(["sweep", "cryptids", "--games", "6", "--seed", "1", "--ruling",
                          "sudden-death=bonus,strike", "--ruling", "overheal=cap,allow",
                          "--json"], capsys, monkeypatch)
    assert code == 0, err
    variants = json.loads(out)["variants"]
    said = RulesetWords.of("cryptids-v1", "en")
    assert [row[0] for row in shown] == [
        ", ".join(" ".join(said.ruling(key.removeprefix("ruling:"), option))
                  for key, option in v["params"].items()) for v in variants]
    assert shown[-1][0] == ("What does the sudden death bonus from roll 16 add? strike, "
                            "Can healing raise HP above the maximum? allow")
    # the plot's labels inside it, whole: the options' labels, in the table's order, where the
    # questions would be cut ("What does the sudden death bonus from roll 16 add? bonus, C…")
    labels = "svg.plot text[text-anchor=end]"
    assert page.eval_on_selector_all(labels, "ns => ns.map((n) => n.textContent)") == [
        ", ".join(said.ruling(key.removeprefix("ruling:"), option)[1]
                  for key, option in v["params"].items()) for v in variants]
    assert page.eval_on_selector_all(labels, "ns => ns.every((n) => n.getBBox().x >= 0)")
    assert [row[1].split(" ")[0] for row in shown] == [
        f"{100 * v['summary']['outcomes']['win']['value']:.1f}%" for v in variants]
    # each end of a change signed as the command signs it ("+5.0 (-23.6, +24.9)")
    changes = [c["difference"] for c in json.loads(out)["against_first"]]
    assert [row[5] for row in shown[1:]] == [
        f"{100 * d['value']:+.1f} ({100 * d['low']:+.1f}, {100 * d['high']:+.1f})"
        for d in changes]


def test_what_if_a_ruling_were_otherwise_in_french(web, request):
    """In French, a "What if?" of a ruling names its variants by the ruling's question and its
    option's label in French, as the French report does (not ``overheal=allow``); what the job
    asked says the ruling so too (it said ``overheal: plafonné → permis``)."""
    page = web.page
    open_lab(web, request, "cryptids", "rulingsfr", lang="fr")
    page.check("#lab-kind input[value=sweep]")
    page.fill("#lab-games", "2")
    page.click("#lab-rulings-summary")
    page.select_option("#lab-rulings select[data-ruling='overheal']", "allow")
    page.click("#lab-ask")
    page.wait_for_selector("#lab-state[data-state=done]", timeout=120_000)
    page.locator("#lab-sweep").scroll_into_view_if_needed()
    web.shot("lab-rulings-fr", full_page=True)
    shown = [row.split("\t")[0] for row in page.locator("#lab-sweep tbody tr").all_inner_texts()]
    said = RulesetWords.of("cryptids-v1", "fr")
    assert shown == [" ".join(said.ruling("overheal", option)) for option in ("cap", "allow")]
    assert shown[1] == "Un soin peut-il porter les PV au-dessus du maximum\u202f? permis"
    # what the job asked, in the list of jobs and above its answer: the ruling by its question
    asked = "Un soin peut-il porter les PV au-dessus du maximum\u202f? plafonné → permis"
    assert asked in page.inner_text("#jobs li .asked") and "overheal" not in page.inner_text("#main")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_ruleset_picker_names_each_ruleset_by_its_title(web, request, lang):
    """/lab's ruleset picker showed each ruleset's id after its title ("Cryptids: battle
    (cryptids-v1)"): it shows the title alone, in the page's language, the id kept as the
    option's value; two rulesets whose titles read the same are told apart by their versions
    in words ("… (version 2)")."""
    page = web.page
    page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    open_lab(web, request, "cryptids", f"picker{lang}")
    described = {r["id"]: r for r in
                 page.request.get(f"{web.base}/api/rulesets?lang={lang}").json()}
    options = page.locator("#lab-ruleset option")
    shown = dict(zip(options.evaluate_all("os => os.map((o) => o.value)"),
                     options.all_inner_texts(), strict=True))
    assert shown == {i: r["title"] for i, r in described.items()}
    assert not any(i in text for text in shown.values() for i in registry.ids())
    web.shot(f"lab-ruleset-picker-{lang}")

    def two_versions(route):  # a second version of the battle, titled the same
        rulesets = route.fetch().json()
        older = next(r for r in rulesets if r["id"] == "cryptids-v1")
        rulesets.append({**older, "id": "cryptids-v0", "version": 0})
        route.fulfill(json=rulesets)

    page.route("**/api/rulesets?*", two_versions)
    page.reload()
    page.wait_for_selector("#lab-changes")
    texts = page.locator("#lab-ruleset option").all_inner_texts()
    title = described["cryptids-v1"]["title"]
    assert f"{title} (version 1)" in texts and f"{title} (version 0)" in texts
    assert described["enemy-attacks-v5"]["title"] in texts  # the others by their titles


def test_rates_are_rounded_as_the_command_rounds_them(web, request, capsys, monkeypatch):
    """A loss rate of 37 in 80 games (0.4625) said 46.3% on the page and 46.2% at the
    terminal: the page now rounds each number's exact value, a tie to even, as Python does."""
    page = web.page
    open_lab(web, request, "cryptids", "rounding")
    page.fill("#lab-games", "80")
    page.click("#lab-ask")
    page.wait_for_selector("#lab-state[data-state=done]", timeout=120_000)
    shown = [row.split("\t")[2] for row in page.locator("#lab-outcomes tbody tr").all_inner_texts()]
    code, out, err = run(["simulate", "cryptids", "--games", "80", "--seed", "1", "--json"],
                         capsys, monkeypatch)
    assert code == 0, err
    outcomes = json.loads(out)["summary"]["outcomes"].values()
    assert shown == [f"{e['value']:.1%} ({100 * e['low']:.1f}–{100 * e['high']:.1f})"
                     for e in outcomes]
    assert "46.2% (35.7–57.1)" in shown  # the tie: 46.25 to the even 46.2
    ends = [row.split("\t")[1] for row in page.locator("#lab-ends tbody tr").all_inner_texts()]
    measures = page.locator("#lab-means tbody th").all_inner_texts()
    assert ends and measures  # in English too, words, not ids (row-empty, damage_dealt)
    assert not [said for said in ends + measures if "-" in said or "_" in said], ends + measures
    assert "lives lost (Left)" in measures, measures  # not "lives lost.left"
    assert not [said for said in measures if re.search(r"\w\.\w", said)], measures
    page.locator("#lab-means").scroll_into_view_if_needed()
    web.shot("lab-means-en")


def test_a_tunings_intervals_say_their_level(web, request, capsys, monkeypatch):
    """"Which value?" looks at each value several times, so its intervals are at
    Bonferroni's level (98.3% over three looks), which the command says and the page did not
    (its intervals read as 95% ones)."""
    page = web.page
    open_lab(web, request, "cryptids", "tunelevel")
    page.check("#lab-kind input[value=tune]")
    page.fill("#lab-games", "2")
    page.fill("#lab-tune-path", "cryptids.cryptids.dahu.hp")
    page.fill("#lab-tune-range", "1..3")
    page.fill("#lab-max-games", "8")
    page.click("#lab-ask")
    page.wait_for_selector("#lab-state[data-state=done]", timeout=120_000)
    code, out, err = run(["tune", "cryptids", "--set", "cryptids.cryptids.dahu.hp=1..3",
                          "--games", "2", "--max-games", "8", "--tolerance", "0.05"],
                         capsys, monkeypatch)
    assert code == 0, err
    level = re.search(r"intervals at ([\d.]+)% \(95% over each value's (\d) looks", out)
    assert level, out
    assert f"Left win ({level[1]}%)" in page.inner_text("#lab-path thead")
    assert page.inner_text("#lab-tune-level") == (
        f"Intervals at {level[1]}%: 95% over each value's {level[2]} looks (Bonferroni), as "
        "the command says.")


def test_your_jobs_say_what_each_asked(web, request):
    """Two jobs of one question and ruleset were listed alike ("Who wins? Cryptids: battle ·
    done · the time"): each now says what it asked (its games, seed, changes)."""
    page = web.page
    open_lab(web, request, "cryptids", "jobslist")
    for seed in ("1", "2"):
        page.fill("#lab-games", "2")
        page.fill("#lab-seed", seed)
        page.click("#lab-ask")
        page.wait_for_selector("#lab-state[data-state=done]", timeout=120_000)
    page.locator("#jobs li").nth(1).wait_for()
    assert page.locator("#jobs li .asked").all_inner_texts() == ["2 games · seed 2",
                                                                 "2 games · seed 1"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_what_if_a_field_took_several_values(web, request, capsys, monkeypatch, lang):
    """"What if?" compared the sample with one new value a field, where the terminal's
    ``sweep --set path=a,b,c`` takes several: "Several values" asks them, with the command's
    figures for the same seed. A path that reads a list by index says whose list
    (``french-legends.cryptids.0``, not ``cryptids.0``)."""
    page = web.page
    page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    open_lab(web, request, "cryptids", f"several{lang}")
    page.wait_for_selector("details.tree[data-path='teams']", state="attached")
    page.check("#lab-kind input[value=sweep]")
    page.fill("#lab-games", "8")
    page.fill("#lab-seed", "5")
    path = "teams.teams.french-legends.cryptids.0"
    page.fill(".lab-values-path", path)
    page.dispatch_event(".lab-values-path", "change")
    assert page.input_value(".lab-values-list") == "dahu, "  # the sample's value first
    page.fill(".lab-values-list", "dahu, bigfoot, yeti")
    web.shot(f"lab-several-values-ask-{lang}")
    page.click("#lab-ask")
    page.wait_for_selector("#lab-state[data-state=done]", timeout=120_000)
    shown = [row.split("\t") for row in page.locator("#lab-sweep tbody tr").all_inner_texts()]
    page.locator("#lab-sweep").scroll_into_view_if_needed()
    web.shot(f"lab-several-values-{lang}", full_page=True)
    # what the job asked: the path and its values joined as the page's language joins a label
    # and its text (it was "…cryptids.0: " in French too)
    colon = {"en": ": ", "fr": "\u00a0: "}[lang]
    assert f'{path}{colon}"dahu" → "bigfoot" → "yeti"' in page.inner_text("#jobs li .asked")

    code, out, err = run(["sweep", "cryptids", "--games", "8", "--seed", "5", "--set",
                          f"{path}=dahu,bigfoot,yeti", "--json"], capsys, monkeypatch)
    assert code == 0, err
    variants = json.loads(out)["variants"]
    assert [row[0] for row in shown] == [
        f"french-legends.cryptids.0={v}" for v in ("dahu", "bigfoot", "yeti")]
    assert [v["label"] for v in variants] == [f"{path}={v}" for v in ("dahu", "bigfoot", "yeti")]
    for row, variant in zip(shown, variants, strict=True):
        win = variant["summary"]["outcomes"]["win"]
        numbers = re.findall(r"\d+[.,]\d", row[1])
        assert [float(n.replace(",", ".")) for n in numbers] == [
            round(100 * win[k], 1) for k in ("value", "low", "high")]

    page.reload()  # asked again, its values come back in "Several values"
    page.wait_for_selector("#lab-sweep")
    page.click("#lab-again")
    expect(page.locator(".lab-values-path")).to_have_value(path)
    assert page.input_value(".lab-values-list") == "dahu, bigfoot, yeti"


@pytest.mark.parametrize(("lang", "state", "said"), [
    ("en", "done", "rules never fired over 20 games"),
    ("fr", "terminée", "règles de l'index n'ont jamais servi en 20 parties")])
def test_which_rules_never_fire(web, request, capsys, monkeypatch, lang, state, said):
    """``rulekeeper dead-rules`` was not offered on /lab: "Which rules never fire?" asks it
    and shows the rules that never or rarely fired, each with its text, the command's
    counts, in the page's language; the job keeps no games to download."""
    page = web.page
    page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    open_lab(web, request, "cryptids", f"dead{lang}")
    page.check("#lab-kind input[value=dead-rules]")
    assert page.input_value("#lab-games") == "100"
    assert not page.is_visible("#lab-side")  # it counts rules, not a side's wins
    page.fill("#lab-games", "20")
    page.fill("#lab-seed", "4")
    page.fill("#lab-rare", "30")
    page.click("#lab-ask")
    page.wait_for_selector("#lab-state[data-state=done], #lab-state[data-state=failed]",
                           timeout=120_000)
    assert page.inner_text("#lab-state") == state, page.inner_text("#answer")
    code, out, err = run(["dead-rules", "cryptids", "--games", "20", "--seed", "4", "--rare",
                          "0.3", "--json"], capsys, monkeypatch)
    assert code == 0, err
    rules = json.loads(out)["rules"]
    leads = [r for r in rules if r["verdict"] in ("never", "rare")]
    never = sum(r["verdict"] == "never" for r in rules)
    assert page.inner_text("#lab-dead").startswith(f"{never} ")
    assert said in page.inner_text("#lab-dead").replace("\u202f", " ")
    rows = page.locator("#lab-dead-rules tbody tr")
    assert [rows.nth(i).locator("th").inner_text() for i in range(rows.count())] == \
        [r["id"] for r in leads]
    first = rows.nth(0).inner_text().split("\t")
    assert first[4] == {"en": {"never": "never", "rare": "rare"},
                        "fr": {"never": "jamais", "rare": "rare"}}[lang][leads[0]["verdict"]]
    assert len(first[5]) > 10  # the rule's own words
    assert page.locator("#lab-download").count() == 0 and page.locator("#lab-report").count() == 0
    asked = {"en": "20 games · seed 4 · rare below 30.0% of the games",
             "fr": "20 parties · graine 4 · rare sous 30,0 % des parties"}[lang]
    assert asked in page.inner_text("#answer").replace("\u202f", " ").replace("\u00a0", " ")
    page.evaluate("document.getElementById('answer').scrollIntoView()")
    web.shot(f"lab-dead-rules-{lang}")
    page.fill("#lab-games", "7")
    page.fill("#lab-rare", "5")
    page.check("#lab-kind input[value=simulate]")
    page.click("#lab-again")  # the question back in the form, its share of the games too
    expect(page.locator("#lab-rare")).to_have_value("30")
    expect(page.locator("#lab-games")).to_have_value("20")
    assert page.is_checked("#lab-kind input[value=dead-rules]")


def test_what_changed_without_a_change_is_said_before_any_game(web, request):
    """"What changed?" with nothing changed queued a job that played the sample against
    itself (every matchup "did not move"): the page now says to change something first, in
    its language, and asks nothing."""
    page = web.page
    open_lab(web, request, "cryptids", "nochange", lang="fr")
    page.check("#lab-kind input[value=compare]")
    page.click("#lab-ask")
    expect(page.locator("#lab-message")).to_contain_text(
        "Qu'est-ce qui a changé ? Changez d'abord au moins une valeur du contenu")
    # a whole French sentence: it ended "l'exemple est comparé avec." (with nothing after)
    expect(page.locator("#lab-message")).to_contain_text(
        "Arbitrages\u00a0»)\u00a0: l'exemple est comparé à ce changement.")
    assert "job=" not in page.url
    assert page.locator("#jobs li").count() == 0


def test_what_is_typed_before_the_content_comes_stays(web, request):
    """Choosing a ruleset drew the question's own fields again once its sample content had
    come: a value typed meanwhile (here, games per step of -1) was lost, and the question was
    asked with the default. The fields are drawn at once now; the content's late coming keeps
    them."""
    page = web.page
    open_lab(web, request, "dire-alliance-battle")
    held: list = []
    page.route("**/api/lab/rulesets/*/content", lambda route: held.append(route))
    other = page.locator("#lab-ruleset option[value^='enemy-attacks-v']").get_attribute("value")
    page.select_option("#lab-ruleset", other)
    page.wait_for_function("document.querySelector('#lab-content p.muted') !== null")
    page.check("#lab-kind input[value=culprits]")
    page.fill("#lab-ablation-games", "-1")
    page.wait_for_timeout(200)  # the request for the content is on its way, held here
    assert len(held) == 1
    held.pop().continue_()
    page.wait_for_selector("#lab-changes")  # the content has come
    assert page.input_value("#lab-ablation-games") == "-1"
    page.click("#lab-ask")
    expect(page.locator("#lab-message")).to_contain_text("Games per step")
    assert page.locator("#jobs li").count() == 0  # nothing was asked
    page.unroute("**/api/lab/rulesets/*/content")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_what_changed_says_its_matchups_and_rulings_as_the_rest_of_the_lab(web, request, lang):
    """The lab says an id alike everywhere: the rulings form showed an option no catalog
    words by its id (``after-deaths``) where "What if?" and the report space it (*after
    deaths*); "What changed?" named its matchups ``The Shroud:The Countess vs ...`` (and in
    English on the French page) where "Who beats whom?" says *The Shroud · The Countess*; what
    the job asked listed its contenders by their ids, and the field's example gave ids."""
    page = web.page
    page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    open_lab(web, request, "cryptids", f"changed{lang}")
    said = RulesetWords.of("cryptids-v1", lang)
    options = page.eval_on_selector_all(
        "#lab-rulings select[data-ruling='no-damage-possible'] option",
        "(all) => all.map((o) => o.textContent)")
    assert options == [said.ruling("no-damage-possible", o)[1]
                                        for o in ("after-deaths", "never")]
    page.check("#lab-kind input[value=compare]")
    page.fill("#lab-games", "2")
    page.click("#lab-rulings-summary")
    page.select_option("#lab-rulings select[data-ruling='overheal']", "allow")
    named = entity_names(BatchSpec("cryptids-v1"), lang)
    example = page.get_attribute("#lab-contenders", "placeholder")
    contenders = [named[team] for team in ("french-legends", "backwoods")]
    assert example == ", ".join(contenders)  # names, which the field takes
    page.fill("#lab-contenders", example)
    page.click("#lab-ask")
    page.wait_for_selector("#lab-state[data-state=done]", timeout=120_000)
    web.shot(f"lab-what-changed-{lang}", full_page=True)
    vs = {"en": "vs", "fr": "contre"}[lang]
    rows = [row.split("\t")[0] for row in page.locator("#lab-compare tbody tr").all_inner_texts()]
    assert rows == [f"{a} {vs} {b}" for a in contenders for b in contenders]
    asked = page.inner_text("#jobs li .asked")
    assert ", ".join(contenders) in asked and "french-legends" not in page.inner_text("#main")


def test_a_path_the_server_refuses_is_marked_where_it_was_typed(web, request):
    """A content path typed in "Several values" or "Which value" that the server refuses
    (``set.no.such.path: no content file 'no'…``) was said under the form, its field left
    unmarked (only the content's tree was searched): the field is marked now, until typed
    again."""
    page = web.page
    open_lab(web, request, "cryptids", "badpath")
    page.check("#lab-kind input[value=sweep]")
    page.fill("#lab-games", "2")
    where = page.locator("#lab-values .lab-values-path").first
    where.fill("no.such.path")
    page.locator("#lab-values .lab-values-list").first.fill("1, 2")
    page.click("#lab-ask")
    expect(page.locator("#lab-message")).to_contain_text("set.no.such.path")
    expect(where).to_have_attribute("aria-invalid", "true")
    where.fill("no.such")
    assert where.get_attribute("aria-invalid") is None
    page.check("#lab-kind input[value=tune]")
    page.fill("#lab-tune-path", "x.y")
    page.fill("#lab-tune-range", "2..6")
    page.click("#lab-ask")
    expect(page.locator("#lab-message")).to_contain_text("set.x.y")
    expect(page.locator("#lab-tune-path")).to_have_attribute("aria-invalid", "true")
    web.shot("lab-refused-path")
    assert page.locator("#jobs li").count() == 0
    assert len(web.errors) == 2 and all("400" in e for e in web.errors)
    web.errors.clear()  # the browser logs the two 400s
