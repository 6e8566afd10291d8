"""The replay viewer in a browser: a log file from ``rulekeeper play --log`` stepped forward
and back, by buttons and keys, and scrubbed, with the board as it was at each step; and a
stored game's replay."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.browser import calls
from tests.browser.conftest import unique


def position(page) -> int:
    return int(page.inner_text("#position").split()[1])


def test_a_log_file_stepped_forward_and_back(web, request, tmp_path):
    log = tmp_path / "battle.jsonl"
    subprocess.run([sys.executable, "-c", "from rulekeeper.cli import main; main()", "play",
                    "dire-alliance-battle", "--agents", "heuristic,heuristic", "--seed", "4",
                    "--log", str(log)], check=True, capture_output=True, timeout=120)
    page = web.page
    web.open("/replay")
    web.sign_up(unique("watcher", request))
    page.set_input_files("#file", str(log))
    page.wait_for_selector("#position")
    total = int(page.inner_text("#position").split()[-1])
    assert total == len(log.read_text().splitlines()) - 1  # every event of the file
    assert position(page) == 1
    start = page.inner_html("#board")
    page.click("#forward")
    page.click("#forward")
    assert position(page) == 3
    page.keyboard.press("ArrowLeft")
    assert position(page) == 2
    page.click("#back")
    assert position(page) == 1
    assert page.inner_html("#board") == start, "stepping back shows the board as it was"
    page.fill("#viewer input[type=range]", str(total // 2))
    page.dispatch_event("#viewer input[type=range]", "input")
    assert position(page) == total // 2 + 1
    assert page.inner_html("#board") != start, "the fighters have moved by then"
    assert page.locator("#log li.current").count() == 1
    assert page.locator("#log li.decision").count() > 0, "the decisions between events"
    web.shot("replay")
    page.click("#last")
    assert position(page) == total
    assert page.inner_text("#result").startswith(("Winner: ", "A tie"))
    page.keyboard.press("ArrowLeft")
    assert position(page) == total - 1


def test_a_stored_games_replay(web, request):
    page = web.page
    web.open("/play/enemy-attacks-v5")
    web.sign_up(unique("keeper", request))
    page.click("#start-game")
    page.wait_for_selector("#decision [data-option]")
    for _ in range(3):
        version = page.get_attribute("#decision", "data-version")
        page.locator("#decision [data-option]").first.click()
        page.wait_for_selector(f"#decision:not([data-version='{version}'])")
    page.click("a[href^='/replay?game=']")
    page.wait_for_selector("#position")
    assert "as Player 1 sees it" in page.inner_text("#replay-title")  # the seat's name, not its id
    page.click("#last")
    assert position(page) > 5
    chose = page.locator("#log li.decision").all_inner_texts()
    assert len(chose) == 3 and all(line.startswith("Player 1 chose: ") for line in chose), chose


def test_a_finished_games_luck_ledger_beside_its_replay(web, request, tmp_path):
    log = tmp_path / "raid.jsonl"
    subprocess.run([sys.executable, "-c", "from rulekeeper.cli import main; main()", "play",
                    "dire-alliance-raid", "--agents", "heuristic", "--seed", "1", "--heroes", "1",
                    "--log", str(log)], check=True, capture_output=True, timeout=120)
    page = web.page
    web.open("/replay")
    web.sign_up(unique("judge", request))
    page.set_input_files("#file", str(log))
    page.wait_for_selector("#position")
    page.click("#luck-ask")
    page.wait_for_selector("#luck-totals", timeout=60_000)
    assert page.locator("#luck-totals tbody tr").count() == 1  # one hero: one seat
    assert page.inner_text("#luck-totals tbody th") == "Hero 1"  # its name, not its id (hero1)
    said = page.locator("#luck-swings li").all_inner_texts()
    assert all(" · Hero 1 · " in swing for swing in said)
    decided = [swing for swing in said if " decision · " in swing]
    assert decided and all("(best: " in swing for swing in decided), said
    assert not [swing for swing in said if re.search(r"\b[a-z]+:[a-z0-9-]+\b", swing)], said  # ids
    swings = page.locator("#luck-swings button")
    assert swings.count() > 0
    first = swings.first
    step = int(first.get_attribute("data-step"))
    first.click()
    assert position(page) > 1, f"the swing of step {step} shows its event"
    web.shot("replay-luck")


REFUSED = {"en": ("This game is not one of yours: you hold no seat in it", "not a game record: "),
           "fr": ("Cette partie n'est pas l'une des vôtres", "pas un enregistrement de partie\u00a0: ")}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_replay_refused_is_said_in_the_pages_language(web, request, tmp_path, lang):
    """A game id that is not one of yours, and a file whose record names a ruleset the
    server has not (and lacks fields): the server's refusal in the page's language (it was English on the French
    page, asked in the language of a ruleset the page could not find); the game, in the
    page's own words, as /play says it (the server's named it by its id: "no game 'nope' of
    yours")."""
    page = web.page
    page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    web.open("/replay?game=nope")
    web.sign_up(unique(f"refused{lang}", request))
    page.wait_for_selector("#viewer .error")
    game, ruleset = REFUSED[lang]
    assert page.inner_text("#not-yours").startswith(game), page.inner_text("#viewer")
    assert "nope" not in page.inner_text("#viewer")
    web.shot(f"replay-refused-{lang}")
    log = tmp_path / "nope.jsonl"
    log.write_text('{"format": 2, "record": {"ruleset": "nope", "seed": 1}}\n')
    page.set_input_files("#file", str(log))
    page.locator("#viewer .error", has_text=ruleset).wait_for()
    assert len(web.errors) == 2 and all("40" in e for e in web.errors), web.errors
    web.errors.clear()  # the browser's notes of the two refusals


WITH = {"en": ("with {}", "against {}"), "fr": ("avec {}", "contre {}")}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_list_of_your_games_says_who_plays_with_you_and_who_against(web, request, lang):
    """Two people at a co-operative game (the heroes against the ruleset's own enemies) play
    together: each one's list says "with" the other (it said "against" them); at a duel the
    other plays against you, as before. The list reads each seat's side from the server."""
    names = {who: unique(f"{who}{lang}", request) for who in ("ann", "ben")}
    heads = {}
    for who, name in names.items():
        made = calls.post(f"{web.base}/api/players", json={"name": name})
        assert made.status_code == 201, made.text
        heads[who] = {"Authorization": f"Bearer {made.json()['token']}"}

    def together(ruleset: str, seat: str, **body) -> str:
        """A game of ann's, ben invited by name to ``seat`` and seated: its id."""
        view = calls.post(f"{web.base}/api/games", headers=heads["ann"], json={
            "ruleset": ruleset, "seats": {seat: {"kind": "human", "player": names["ben"]}},
            **body}).json()
        joined = calls.post(f"{web.base}/api/games/{view['id']}/join", headers=heads["ben"],
                            json={"seat": seat})
        assert joined.status_code == 200, joined.text
        return view["id"]

    heroes = together("enemy-attacks", "p2", options={"players": 2})
    duel = together("dire-alliance-battle", "blue")
    page = web.page
    with_, against = WITH[lang]
    for me, other in (("ben", "ann"), ("ann", "ben")):
        token = heads[me]["Authorization"].removeprefix("Bearer ")
        web.open("/replay")  # (the page's storage: its origin's)
        page.evaluate(f"localStorage.setItem('rk.token', '{token}'); "
                      f"localStorage.setItem('rk.name', '{names[me]}')")
        web.open(f"/replay?lang={lang}")
        page.wait_for_selector(f"#games option[value='{duel}']", state="attached")
        words = page.inner_text(f"#games option[value='{heroes}']")
        assert with_.format(names[other]) in words, words
        assert against.format(names[other]) not in words, words
        words = page.inner_text(f"#games option[value='{duel}']")
        assert against.format(names[other]) in words, words
        assert with_.format(names[other]) not in words, words
    page.select_option("#games", heroes)
    page.wait_for_selector("#position")
    web.shot(f"replay-games-{lang}")


def test_a_link_choosing_english_lists_your_games_in_english_after_french(web, request):
    """/replay?lang=en in a browser that had chosen French: the list of one's games spoke
    French (the rulesets were asked before the link's language was taken)."""
    made = calls.post(f"{web.base}/api/players", json={"name": unique("relang", request)}).json()
    game = calls.post(f"{web.base}/api/games", headers={"Authorization": f"Bearer {made['token']}"},
                      json={"ruleset": "combat-encounter", "seats": {
                          "p1": {"kind": "human"}, "p2": {"kind": "bot", "bot": "first"}}}).json()
    page = web.page
    page.context.add_init_script(f"localStorage.setItem('rk.token', '{made['token']}'); "
                                 "localStorage.setItem('rk.lang', 'fr')")
    web.open("/replay?lang=en")
    page.wait_for_selector(f"#games option[value='{game['id']}']", state="attached")
    words = page.inner_text(f"#games option[value='{game['id']}']")
    assert words.startswith("Combat Encounter") and "as Player 1" in words, words
    assert "against bot always the first option" in words, words  # a bot, said to be one
    assert page.evaluate("localStorage.getItem('rk.lang')") == "en"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Step through a game event by event, its board as it was at each: one of your "
           "games, or a log file"),
    ("fr", "Revoyez une partie événement par événement, avec son plateau tel qu'il était à "
           "chacun : l'une de vos parties, ou un fichier journal")])
def test_before_signing_in_the_replays_page_says_what_it_is_for(web, lang, said):
    # it was a bare "Who are you?": nothing said what signing up was for
    web.page.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    web.open("/replay")
    intro = web.page.inner_text("#intro").replace("\u00a0", " ").replace("\u202f", " ")
    assert intro.startswith(said) and "rulekeeper play --log" in intro, intro
    assert web.page.locator("#signup-name").count() == 1
    web.shot(f"replay-signed-out-{lang}")
