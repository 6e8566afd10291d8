"""Resigning on /play: a seated player of a started game resigns it, whoever's turn it is,
after a confirmation (a first click alone changes nothing); the other player's page and a
spectator's show the result live, told by the event's sentence, in the page's language; each
player's first says whether they won or lost."""

from __future__ import annotations

import pytest

from tests.browser import calls
from tests.browser.conftest import unique

BATTLE = "dire-alliance-battle"

SAID = {"en": ("Resign", "Resign this game?", "Winner: Red",
               "Blue: resignation, and the game is lost (losing side: Blue)"),
        "fr": ("Abandonner", "Abandonner cette partie ?", "Victoire : Rouge",
               "Bleu : abandon, et la partie est perdue (camp perdant : Bleu)")}


WON = {"en": "You won.\nWinner: Red", "fr": "Vous avez gagné.\nVictoire : Rouge"}
LOST = {"en": "You lost.\nWinner: Red", "fr": "Vous avez perdu.\nVictoire : Rouge"}
"""The result on the page of the player who won, and of the one who resigned."""


def player(server, name: str) -> dict[str, str]:
    answer = calls.post(f"{server.url}/api/players", json={"name": name})
    assert answer.status_code == 201, answer.text
    return answer.json()


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def signed_in(person, lang: str, who: dict[str, str] | None = None) -> None:
    script = f"localStorage.setItem('rk.lang', '{lang}');"
    if who:
        script += (f"localStorage.setItem('rk.token', '{who['token']}');"
                   f"localStorage.setItem('rk.name', '{who['name']}');")
    person.page.context.add_init_script(script)


@pytest.mark.rule("core.resign")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_player_resigns_while_the_other_is_to_play_and_everyone_sees_it_live(
        people, server, request, lang):
    ann = player(server, unique(f"ann{lang}", request))
    bob = player(server, unique(f"bob{lang}", request))
    made = calls.post(f"{server.url}/api/games", headers={"Authorization": f"Bearer {ann['token']}"},
                      json={"ruleset": BATTLE, "seats": {"blue": {"kind": "open"}}}).json()
    invite = next(s["invite"] for s in made["seats"] if s["seat"] == "blue")
    calls.post(f"{server.url}/api/games/{made['id']}/join", json={"seat": "blue", "invite": invite},
               headers={"Authorization": f"Bearer {bob['token']}"}).raise_for_status()
    red, blue, spectator = people(3)
    for person, who in ((red, ann), (blue, bob), (spectator, None)):
        signed_in(person, lang, who)
    button, question, winner, why = SAID[lang]
    red.open(f"/play/{BATTLE}?game={made['id']}")
    blue.open(f"/play/{BATTLE}?game={made['id']}&seat=blue")
    spectator.open(made["watch"])
    for person in (red, blue):
        person.page.wait_for_selector("#decision[data-version='1']")
        assert person.page.inner_text("#resign") == button
    assert blue.page.locator("#decision [data-option]").count() == 0  # red's turn, not blue's
    spectator.page.wait_for_selector("#status")
    assert spectator.page.locator("#resign").count() == 0

    blue.page.click("#resign")  # a first click asks; keeping on changes nothing
    assert plain(blue.page.inner_text("#resign-dialog-title")) == question
    blue.shot(f"play-resign-dialog-{lang}")
    blue.page.click("#keep-playing")
    blue.page.wait_for_selector("#resign-dialog", state="detached")  # (removed once closed)
    assert blue.page.get_attribute("#decision", "data-version") == "1"

    red.page.click("#resign")  # red is asking too: the game's end closes red's question
    blue.page.click("#resign")
    blue.page.click("#confirm-resign")
    red.page.wait_for_selector("#resign-dialog", state="detached")
    for person, verdict in ((blue, LOST[lang]), (red, WON[lang]), (spectator, "")):
        person.page.wait_for_selector("#result")  # told live, by the event's sentence; each
        said = plain(person.page.inner_text("#result"))  # player first whether they won
        assert said.startswith(verdict) and winner in said and why in said, said
    assert spectator.page.locator("#verdict").count() == 0  # (none of theirs)
    for person in (red, blue):
        assert person.page.locator("#resign").count() == 0
        assert person.page.locator("#decision [data-option]").count() == 0
    red.shot(f"play-resigned-{lang}")
    spectator.shot(f"watch-resigned-{lang}")
