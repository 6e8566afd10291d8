"""Cancelling a game in browsers (English and French): its creator cancels a game nobody
else has joined from its page or from Your games on /play, after a confirmation; its page
says it was cancelled, and a spectator's page, live, says it too without offering what a
spectator cannot do (replay or download it)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SHOTS, unique
from tests.browser.test_invitations import BATTLE, person, start

SAID = {
    "en": {"button": "Cancel this game", "cancelled": "This game was cancelled",
           "kept": "replay it or download it", "watched": "Nothing more happens in it",
           "listed": "Cancelled"},
    "fr": {"button": "Annuler cette partie", "cancelled": "Cette partie a été annulée",
           "kept": "revoyez-le ou téléchargez-le", "watched": "Il ne s'y passe plus rien",
           "listed": "Annulée"},
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_creator_cancels_a_game_nobody_joined_and_its_watchers_see_it(browser, server,
                                                                        request, lang):
    alice, spectator = person(browser, server.url, lang), person(browser, server.url, lang)
    said = SAID[lang]
    alice.open(f"/play/{BATTLE}")
    alice.sign_up(unique(f"{lang}alice", request))
    start(alice.page, {"blue": "open"})
    alice.page.wait_for_selector("[data-invite='blue'] input")
    button = alice.page.locator("#main [data-cancel]")
    assert button.inner_text() == said["button"]
    alice.shot(f"play-cancel-button-{lang}")
    spectator.open(alice.page.get_attribute("#watch-link a", "href"))
    spectator.page.wait_for_selector("#turn")
    button.click()
    alice.page.wait_for_selector("#cancel-dialog #confirm-cancel")
    alice.page.locator("#cancel-dialog").screenshot(path=str(SHOTS / f"play-cancel-{lang}.png"))
    alice.page.click("#keep-game")  # not yet: nothing changes
    alice.page.wait_for_selector("#cancel-dialog", state="detached")
    assert alice.page.locator("#result").count() == 0
    button.click()
    alice.page.click("#confirm-cancel")
    alice.page.wait_for_selector("#result")
    banner = alice.page.inner_text("#result")
    assert said["cancelled"] in banner and said["kept"] in banner
    assert alice.page.locator("#main [data-cancel]").count() == 0
    assert alice.page.locator("#waiting").count() == 0
    alice.shot(f"play-cancelled-{lang}")
    spectator.page.wait_for_selector("#result")  # live
    watched = spectator.page.inner_text("#result")
    assert said["cancelled"] in watched and said["watched"] in watched
    assert said["kept"] not in watched  # a spectator can neither replay nor download it
    spectator.shot(f"watch-cancelled-{lang}")

    alice.open(f"/play/{BATTLE}")  # a game against a bot, cancelled from Your games
    start(alice.page, {"blue": "bot:random"})
    alice.page.wait_for_selector("#decision button")
    game = alice.page.url.split("game=")[1].split("&")[0]
    alice.open("/play")
    alice.page.wait_for_selector(f"#my-games tr[data-game='{game}'] [data-cancel]")
    alice.shot(f"play-my-games-cancel-{lang}")
    alice.page.click(f"#my-games tr[data-game='{game}'] [data-cancel]")
    alice.page.click("#confirm-cancel")
    row = alice.page.locator(f"#my-games tr[data-game='{game}']")
    row.locator("text=" + said["listed"]).wait_for()
    assert row.locator("[data-cancel]").count() == 0
    alice.shot(f"play-my-games-cancelled-{lang}")
    for who in (alice, spectator):
        assert who.errors == [], who.errors
        who.page.context.close()

