"""The pages in French (issue 28, item 5): the language chosen on one page is every page's;
/play's words, the board's (the ruleset's view.po) and /lab's are French."""

from __future__ import annotations

import pytest

from tests.browser.conftest import unique
from tests.browser.test_play import newest


@pytest.fixture
def french(web):
    web.page.context.add_init_script("localStorage.setItem('rk.lang', 'fr')")
    return web


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
    page.click("#start-game")
    page.wait_for_selector("#decision")
    board = page.inner_text("#board")
    assert "Vieux moulin" in board and "Old Mill" not in board
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
