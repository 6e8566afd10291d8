"""/lab's dice odds: asked in the form, answered with the terminal's figures, in English and
in French."""

from __future__ import annotations

import json

import pytest

from tests.browser.test_lab import open_lab
from tests.core.test_cli import run


def ask_duo_against_the_yeti(web, request, who: str) -> None:
    page = web.page
    open_lab(web, request, "cryptids", who)
    page.wait_for_selector("#odds-form [data-param=left]")
    # the teams by their names, as the setup's options above name them (not french-legends)
    left = page.locator("#odds-form select[data-param=left] option:checked")
    assert left.inner_text() == page.locator("[data-option=left] option:checked").inner_text()
    page.select_option("#odds-form [data-param=left]", "duo")
    page.select_option("#odds-form [data-param=right]", "lone-yeti")
    page.check("#odds-form [data-param=exact]")
    page.click("#odds-ask")
    # as long as the server may take: a lane waited for (at most 15 s), then the answer's
    # 10 s at most (past them it refuses, said on the page and in its console); the page's
    # 15 s ran out here with a CPU hog beside two workers, the exact answer taking 13 s
    page.wait_for_selector("#odds-answer table.odds", timeout=60_000)


def test_the_labs_dice_odds_are_the_terminals(web, request, capsys, monkeypatch):
    ask_duo_against_the_yeti(web, request, "odds")
    code, out, err = run(["odds", "cryptids", "--left", "duo", "--right", "lone-yeti",
                          "--exact", "--json"], capsys, monkeypatch)
    assert code == 0, err
    wins = json.loads(out)["outcomes"]["left wins"]["probability"]
    row = web.page.locator("#odds-answer table.odds tr", has_text="left wins").inner_text()
    assert f"{100 * wins:.1f}%" in row, row
    assert "Duo (left) against Lone Yeti (right)" in web.page.inner_text("#odds-answer caption")
    question = web.page.locator("#odds-question option:checked").inner_text()
    assert question == "Win, tie and loss odds of a cryptid matchup.", question
    assert "Games (--games)" in web.page.inner_text("#odds-fields")
    # the engine is chosen by its name (it was a text to type "kernel" in)
    engines = web.page.locator("#odds-form select[data-param=engine] option")
    assert engines.all_inner_texts() == ["the compiled kernel", "the Python engine"]
    assert web.page.locator("#odds-form [data-param=engine]").input_value() == "kernel"
    web.page.locator("#odds").scroll_into_view_if_needed()
    web.shot("lab-odds")

    web.page.fill("#odds-form [data-param=max_states]", "100")  # a refusal, said in words
    web.page.click("#odds-ask")
    web.page.wait_for_selector("#odds-message .error")
    assert "passed 100 battle states" in web.page.inner_text("#odds-message")
    assert [e for e in web.errors if "400" in e] == [web.errors.pop()]  # the browser's note


@pytest.fixture
def french(web):
    web.page.context.add_init_script("localStorage.setItem('rk.lang', 'fr')")
    return web


def test_the_labs_dice_odds_speak_french(french, request):
    ask_duo_against_the_yeti(french, request, "cotes")
    assert french.page.inner_text("#odds h2") == "Probabilités des dés"
    question = french.page.locator("#odds-question option:checked").inner_text()
    assert question.startswith("Probabilités de victoire, d'égalité et de défaite"), question
    fields = french.page.inner_text("#odds-fields")
    assert "Parties (--games)" in fields and "Games" not in fields, fields
    engines = french.page.locator("#odds-form select[data-param=engine] option")
    assert engines.all_inner_texts() == ["le noyau compilé", "le moteur Python"]
    assert "probabilité" in french.page.inner_text("#odds-answer thead")
    assert "," in french.page.locator("#odds-answer tbody td").first.inner_text()  # 84,3 %
    answer = french.page.inner_text("#odds-answer")
    assert "Duo (à gauche) contre Yéti solitaire (à droite)" in answer, answer
    assert "victoire de la gauche" in answer and "PV à gauche en moyenne" in answer, answer
    assert "left wins" not in answer and "memoised" not in answer, answer
    french.page.locator("#odds").scroll_into_view_if_needed()
    french.shot("lab-odds-fr")


def said_check(web, request, who: str) -> tuple[str, str]:
    """The enemy-attacks check as the question list says it, before and after 3 dice and a
    need of 2 are typed."""
    page = web.page
    open_lab(web, request, "enemy-attacks", who)
    page.wait_for_selector("#odds-form [data-param=dice]")
    before = page.locator("#odds-question option:checked").inner_text()
    page.fill("#odds-form [data-param=dice]", "3")
    page.fill("#odds-form [data-param=need]", "2")
    page.locator("#odds").scroll_into_view_if_needed()
    return before, page.locator("#odds-question option:checked").inner_text()


def test_the_odds_question_reads_as_words_with_the_values_asked(web, request):
    """The list said "check: Probability that a check of DICE Action dice reaches NEED
    successes.", the terminal's help with its placeholders."""
    before, after = said_check(web, request, "check")
    assert before == "Probability that a check of … Action dice succeeds when it needs 1.", before
    assert after == "Probability that a check of 3 Action dice succeeds when it needs 2.", after
    web.shot("lab-odds-check")


def test_the_odds_question_reads_as_french_words(french, request):
    before, after = said_check(french, request, "test")
    assert before == "Probabilité qu'un test de … dés d'action atteigne 1 succès.", before
    assert after == "Probabilité qu'un test de 3 dés d'action atteigne 2 succès.", after
    french.shot("lab-odds-check-fr")
