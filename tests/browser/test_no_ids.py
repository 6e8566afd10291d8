"""No internal id on the pages a person reads (issue 32): every ruleset's setup form and
game page, played for a few decisions, the game watched, the replays' list of one's games,
and the cryptids game's pages, read in full (the text, the tooltips, the options), against
the ids of every ruleset's content and the rulesets' own ids (``tests/test_no_internal_ids.py``
reads the events and tables the same way, without a browser)."""

from __future__ import annotations

import re
from functools import cache

import pytest

from rulekeeper.core import registry
from tests.browser.conftest import unique
from tests.browser.test_play import choose, newest, options
from tests.test_no_internal_ids import every_id, finder

DECISIONS = 6

READ = """() => {
  const skip = (n) => n.closest && n.closest('.rule, script, style, code');
  const said = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) if (!skip(walker.currentNode.parentElement)) said.push(walker.currentNode.nodeValue);
  for (const n of document.body.querySelectorAll('[title], [aria-label], [placeholder]')) {
    if (!skip(n)) said.push(...['title', 'aria-label', 'placeholder'].map((a) => n.getAttribute(a) || ''));
  }
  return said.join('\\n'); }"""
"""Everything a page shows to read, text by text (tooltips, labels and options too), but
the rule ids (which name rules and explain themselves) and the player's token."""


@cache
def known_ids() -> frozenset[str]:
    """The content's ids, and the rulesets' (``enemy-attacks-v5``, ``enemy-attacks``)."""
    return every_id() | {i for r in registry.ids()
                         for i in (r, registry.load(r).meta.name) if "-" in i}


def ids_on(page, *more: str) -> list[str]:
    """The ids ``page`` shows: known ones, and ``more`` (a game's id)."""
    return sorted(set(finder(known_ids() | set(more)).findall(page.evaluate(READ))))


def pending_kind(page, game: str) -> list[str]:
    """The kind of the game's pending decision (``play-card``), an id too; none for a kind
    that is a word (``move``)."""
    kind = page.evaluate("""async (game) => (await (await fetch(`/api/games/${game}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem("rk.token")}` } })).json()).view.pending?.kind""", game)
    return [kind] if kind and "-" in kind else []


def play_naming_no_seat(page, pick) -> None:
    """Up to :data:`DECISIONS` decisions, each the option ``pick`` takes from those offered,
    the page naming no seat or slot by its id at each."""
    for _ in range(DECISIONS):
        said = page.evaluate(READ)
        assert SEAT_OR_SLOT.findall(said) == [], said
        choices = options(page)
        if not choices:
            return
        choose(page, pick(choices))


def test_no_id_on_any_rulesets_game_page(web, request):
    page = web.page
    web.open("/play")
    web.sign_up(unique("reader", request))
    page.wait_for_selector("[data-ruleset]")
    for ruleset in [a.get_attribute("data-ruleset") for a in page.locator("[data-ruleset]").all()]:
        web.open(f"/play/{ruleset}")
        page.wait_for_selector("#start-game")
        if not ruleset.startswith("cryptids-v"):  # a battle nobody decides has no seats
            page.wait_for_selector("#seats select")
        assert ids_on(page) == [], ruleset  # the setup form: scenarios, seats, bots
        page.click("#start-game")
        if ruleset.startswith("cryptids-v"):  # a battle without choices: watched to its end
            page.wait_for_selector("#position")
            page.click("#last")
            assert ids_on(page) == [], ruleset
            continue
        page.wait_for_selector("#decision")
        game = page.evaluate("new URLSearchParams(location.search).get('game')")
        for _ in range(DECISIONS):
            assert ids_on(page, game, *pending_kind(page, game)) == [], ruleset
            choices = options(page)
            if not choices:
                break
            choose(page, choices[-1])
        if ruleset.startswith("dire-alliance-battle"):  # watched: its title and seats
            web.open(page.get_attribute("#watch-link a", "href"))
            page.wait_for_selector("#status")
            assert ids_on(page, game) == [], ruleset
    web.open("/replay")  # one's games, listed by name
    page.wait_for_selector("#games option >> nth=1", state="attached")
    listed = page.locator("#games option").all_inner_texts()
    games = page.eval_on_selector_all("#games option", "(all) => all.map((o) => o.value)")
    assert ids_on(page, *filter(None, games)) == []
    assert any("Beaten Path" in line for line in listed), listed


def test_the_check_finds_an_id_on_a_page(web):
    web.open("/")
    web.page.evaluate("document.body.append('summon jackalope-kit')")
    assert ids_on(web.page) == ["jackalope-kit"]


SEAT_OR_SLOT = re.compile(r"(?<![\w.-])(p[1-6]|weapon-[12]|plot-armor)(?![\w-])")
"""combat-encounter's seat and slot ids (``p1``, ``weapon-1``), read as words."""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_combat_encounter_names_its_players_and_slots(web, request, lang):
    """A two-player trial read ``p1``, ``p2`` and ``Longsword (weapon-1)`` on the board, in the
    decisions and in the events, and ``seats p1..pN``, ``default p1`` and ``ambush`` in the
    setup form: each is a name now, and the form is French on the French page."""
    page = web.page
    page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    web.open(f"/play/{newest('combat-encounter')}")
    web.sign_up(unique(f"names{lang}", request))
    page.wait_for_selector("#seats select")
    form = page.evaluate(READ)
    assert SEAT_OR_SLOT.findall(form) == [] and "ambush" not in form
    if lang == "fr":
        for words in ("Joueurs", "Rencontre de combat d'ouverture", "une embuscade",
                      "la cible principale (par défaut\u00a0: Joueur 2)"):
            assert words in form, words
    page.click("#start-game")
    page.wait_for_selector("#decision")
    play_naming_no_seat(page, lambda choices: next(
        (c for c in choices if c.startswith("attack:")), choices[-1]))
    web.shot(f"combat-encounter-names-{lang}", full_page=True)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_enemy_attacks_names_its_players(web, request, lang):
    """The crawler's log said *Brannoc the Shield (Hero of p1) starts in Crypt Gate* (version
    4): the setup, the turns and the decisions name each player as the page's sides do."""
    page = web.page
    page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    web.open(f"/play/{newest('enemy-attacks')}")
    web.sign_up(unique(f"crawl{lang}", request))
    page.wait_for_selector("#seats select")
    page.fill("#seed", "1")
    page.click("#start-game")
    page.wait_for_selector("#decision")
    play_naming_no_seat(page, lambda choices: choices[-1])
    log = "\n".join(page.locator("#log li").all_inner_texts())
    hero = {"en": "(Hero of Player {})", "fr": "(Héros de Joueur {})"}[lang]
    assert hero.format(1) in log and hero.format(2) in log, log
    # the setup, in the shot (asked at once: a bot's move may draw the log again meanwhile)
    page.evaluate("document.querySelector('#log li').scrollIntoView()")
    web.shot(f"enemy-attacks-names-{lang}", full_page=True)
