"""Invitations by name and games that expire, in browsers (English and French): a seat named
for another player waits for them to accept or decline it on their /play page; a public
game nobody joins expires out of the lobby and its page says so; a player with too many
unfinished games of their own is told, in the page's words, why no new one starts."""

from __future__ import annotations

import pytest

from tests.browser.conftest import DESKTOP, SHOTS, Watched, unique
from tests.server.live import LiveServer

BATTLE = "dire-alliance-battle"
WORDS = {
    "en": {"invited": "is invited", "decline": "Decline", "expired": "This game expired",
           "listed": "Expired", "many": "You have 1 unfinished game of your own (at most 1",
           "cancel": "or cancel one nobody else has joined",
           "naming": "has 1 invitation of yours not answered yet (at most 1)"},
    "fr": {"invited": "est invité", "decline": "Refuser", "expired": "Cette partie a expiré",
           "listed": "Expirée", "many": "Vous avez créé 1 partie non terminée (au plus 1",
           "cancel": "ou annulez-en une que personne d'autre n'a rejointe",
           "naming": "a 1 invitation de votre part sans réponse (au plus 1)"},
}


def person(browser, url: str, lang: str) -> Watched:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    return Watched(context.new_page(), url)


def start(page, seats: dict[str, str], named: dict[str, str] | None = None,
          public: bool = False, shot=None) -> None:
    """Start a game from the setup form already open (``seats``: seat to choice)."""
    for seat, kind in seats.items():
        page.wait_for_selector(f"#seats select[name='{seat}']")
        page.select_option(f"#seats select[name='{seat}']", kind)
    for seat, name in (named or {}).items():
        page.fill(f"[data-player-for='{seat}']", name)
    if public:
        page.check("#public")
    if shot:
        shot()
    page.click("#start-game")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_seat_named_for_a_player_waits_for_them_to_accept_or_decline(browser, server,
                                                                        request, lang):
    alice, bob = person(browser, server.url, lang), person(browser, server.url, lang)
    words = WORDS[lang]
    bob_name = unique(f"{lang}bob", request)
    bob.open("/play")
    bob.sign_up(bob_name)
    bob.page.wait_for_selector("#my-games table, #my-games p.muted")
    alice.open(f"/play/{BATTLE}")
    alice.sign_up(unique(f"{lang}alice", request))
    start(alice.page, {"blue": "named"}, {"blue": bob_name},
          shot=lambda: alice.page.locator("#seats").screenshot(
              path=str(SHOTS / f"play-setup-named-{lang}.png")))
    alice.page.wait_for_selector("[data-invite='blue']")
    waiting = alice.page.inner_text("[data-invite='blue']")
    assert bob_name in waiting and words["invited"] in waiting
    assert alice.page.locator("[data-invite='blue'] input").count() == 0  # no link: kept
    alice.shot(f"play-invited-by-name-{lang}")
    bob.open("/play")
    bob.page.wait_for_selector("[data-invitation] [data-decline]")
    assert words["decline"] in bob.page.inner_text("#invitations")
    bob.shot(f"play-invitations-{lang}")
    bob.page.click("[data-invitation] [data-decline]")
    bob.page.wait_for_selector("[data-invitation]", state="detached")
    alice.page.wait_for_selector("[data-invite='blue'] input")  # live: now a link to send

    alice.open(f"/play/{BATTLE}")
    start(alice.page, {"blue": "named"}, {"blue": bob_name})
    alice.page.wait_for_selector("[data-invite='blue']")
    bob.open("/play")
    bob.page.click("[data-invitation] [data-accept]")
    bob.page.wait_for_selector("#decision")
    assert "seat=blue" in bob.page.url
    alice.page.wait_for_selector("#waiting", state="detached")  # live: the game starts
    for who in (alice, bob):
        assert who.errors == [], who.errors
        who.page.context.close()


@pytest.fixture(scope="module")
def strict(tmp_path_factory):
    """A server where a player may have one unfinished game of their own, and a public game
    expires after 5 seconds without a change."""
    db = tmp_path_factory.mktemp("strict") / "rulekeeper.db"
    with LiveServer(f"sqlite:///{db}", RULEKEEPER_OPEN_GAMES="1",
                    RULEKEEPER_LOBBY_DAYS=str(5 / 86400)) as live:
        yield live


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_too_many_games_are_refused_and_a_game_nobody_joins_expires(browser, strict,
                                                                     request, lang):
    alice = person(browser, strict.url, lang)
    words = WORDS[lang]
    alice.open(f"/play/{BATTLE}")
    alice.sign_up(unique(f"{lang}alice", request))
    start(alice.page, {"blue": "open"}, public=True)
    alice.page.wait_for_selector("[data-invite='blue'] input")
    game = alice.page.url
    alice.open(f"/play/{BATTLE}")
    start(alice.page, {"blue": "bot:random"})
    alice.page.wait_for_selector("#setup-message .error")
    assert words["many"] in alice.page.inner_text("#setup-message")
    assert words["cancel"] in alice.page.inner_text("#setup-message")
    assert [e for e in alice.errors if "429" not in e] == []  # (the browser logs the refusal)
    alice.errors.clear()
    alice.page.evaluate("document.getElementById('setup-message').scrollIntoView({block: 'center'})")
    alice.shot(f"play-too-many-games-{lang}")
    alice.page.goto(game)
    alice.page.wait_for_selector("#result", timeout=20_000)  # live: the sweep closes it
    assert words["expired"] in alice.page.inner_text("#result")
    assert alice.page.locator("#waiting").count() == 0
    alice.shot(f"play-expired-{lang}")
    alice.open("/play")
    alice.page.wait_for_selector("#my-games tr[data-game]")
    assert words["listed"] in alice.page.inner_text("#my-games")
    assert alice.page.locator("#lobby tr[data-lobby]").count() == 0
    alice.shot(f"play-my-games-expired-{lang}")
    alice.open(f"/watch/{game.split('game=')[1].split('&')[0]}")  # a spectator's page too
    alice.page.wait_for_selector("#result")
    assert words["expired"] in alice.page.inner_text("#result")
    alice.shot(f"watch-expired-{lang}")
    alice.open(f"/play/{BATTLE}")  # the expired game is over: room for a new one
    start(alice.page, {"blue": "bot:random"})
    alice.page.wait_for_selector("#decision")
    assert alice.errors == [], alice.errors
    alice.page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_naming_a_player_once_too_often_is_refused_in_the_pages_words(browser, request,
                                                                        tmp_path, lang):
    """One player keeps so many seats for another who has not answered them (here 1):
    naming them again is refused, said in the page's words."""
    with LiveServer(f"sqlite:///{tmp_path / 'named.db'}", RULEKEEPER_INVITATIONS="1") as live:
        alice, bob = person(browser, live.url, lang), person(browser, live.url, lang)
        bob_name = unique(f"{lang}bob", request)
        bob.open("/play")
        bob.sign_up(bob_name)
        alice.open(f"/play/{BATTLE}")
        alice.sign_up(unique(f"{lang}alice", request))
        start(alice.page, {"blue": "named"}, {"blue": bob_name})
        alice.page.wait_for_selector("[data-invite='blue']")
        alice.open(f"/play/{BATTLE}")
        start(alice.page, {"blue": "named"}, {"blue": bob_name})
        alice.page.wait_for_selector("#setup-message .error")
        said = alice.page.inner_text("#setup-message")
        assert bob_name in said and WORDS[lang]["naming"] in said, said
        assert [e for e in alice.errors if "429" not in e] == []
        alice.page.evaluate("document.getElementById('setup-message')"
                            ".scrollIntoView({block: 'center'})")
        alice.shot(f"play-too-many-invitations-{lang}")
        for who in (alice, bob):
            who.page.context.close()
