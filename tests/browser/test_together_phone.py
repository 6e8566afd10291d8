"""Playing together on a phone, whose board is wider than the screen (swiped sideways): the
seat to decide is shown the areas and figures its decision names, and the board stays where
it was swiped to when it is drawn again (a tap on a figure, a move that comes live), on a
player's page and on a spectator's; whose turn it is, how the game ended, whose figures are
which colour, a clock that ran out and the invitations to send are on the phone's screen; and
the lobby offers only the rulesets others can join."""

from __future__ import annotations

import pytest

from tests.browser import calls
from tests.browser.conftest import PHONE, unique
from tests.browser.test_together_deeper import BATTLE, auth, devices, game, join, plain, player

__all__ = ["devices"]  # (the fixture, for pytest)

IN_VIEW = """(selector) => {
  const frame = document.getElementById('board').getBoundingClientRect();
  return [...document.querySelectorAll(selector)].map((n) => n.getBoundingClientRect())
    .filter((r) => r.left >= frame.left && r.right <= frame.right).length;
}"""


def scrolled(page) -> float:
    return page.evaluate("document.getElementById('board').scrollLeft")


def test_blue_on_a_phone_is_shown_its_fighters_and_keeps_its_swipe(devices, server, request):
    # Blue's fighters stand on the right of the board: the phone showed its left edge, Red's
    # camp, and threw a swipe away at each tap (the figure tapped went out of sight)
    who = player(server, unique("blue", request))
    made = game(server, who, seats={"red": {"kind": "bot", "bot": "first"},
                                    "blue": {"kind": "human"}})
    phone = devices("en", who, PHONE, has_touch=True, is_mobile=True)
    page = phone.page
    phone.open(f"/play/{BATTLE}?game={made['id']}")
    page.wait_for_selector("#decision [data-option]")
    assert page.evaluate("document.getElementById('board').scrollWidth > "
                         "document.getElementById('board').clientWidth")
    assert page.evaluate(IN_VIEW, "#board .piece.target") > 0, scrolled(page)  # green, in sight
    phone.shot("play-phone-blue-fighters")
    swiped = scrolled(page)
    assert swiped > 0
    page.locator("#board .piece.target").first.tap()  # what it sees: the board stays put
    page.wait_for_selector("#board .piece.selected")
    assert scrolled(page) == swiped


def test_a_spectator_on_a_phone_keeps_its_swipe_as_moves_come_live(devices, server, request):
    ann, bob = player(server, unique("ann", request)), player(server, unique("bob", request))
    made = game(server, ann, seats={"blue": {"kind": "open"}})
    join(server, bob, made, "blue")
    phone = devices("en", viewport=PHONE, has_touch=True, is_mobile=True)
    page = phone.page
    phone.open(made["watch"])
    page.wait_for_selector("#board svg")
    page.evaluate("document.getElementById('board').scrollLeft = 150")
    page.evaluate("document.getElementById('board').dataset.before = 'the move'")
    view = calls.get(f"{server.url}/api/games/{made['id']}?seat=red", headers=auth(ann)).json()
    option = view["view"]["pending"]["options"][0]["id"]
    answer = calls.post(f"{server.url}/api/games/{made['id']}/decisions", headers=auth(ann),
                        json={"seat": "red", "option": option, "version": view["version"]})
    assert answer.status_code == 200, answer.text
    page.wait_for_selector("#board:not([data-before])")  # drawn again: the move came live
    assert scrolled(page) == 150


def on_screen(page, selector: str) -> bool:
    """Whether ``selector`` is wholly on the phone's screen, where the page stands."""
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def test_on_a_phone_whose_turn_it_is_and_how_the_game_ended_stay_on_screen(
        devices, server, request):
    # a seat not deciding, and a spectator, read "Waiting for Red" under the board and the
    # legend, below the screen: the phone's screen said neither whose turn it was nor, once a
    # player resigned, that the game was over
    ann, bob = player(server, unique("ann", request)), player(server, unique("bob", request))
    made = game(server, ann, seats={"blue": {"kind": "open"}})
    join(server, bob, made, "blue")
    blue = devices("en", bob, PHONE, has_touch=True, is_mobile=True)
    blue.open(f"/play/{BATTLE}?game={made['id']}")
    spectator = devices("en", viewport=PHONE, has_touch=True, is_mobile=True)
    spectator.open(made["watch"])
    blue.page.wait_for_selector("#decision >> text=Waiting for Red")
    spectator.page.wait_for_selector("#turn >> text=Red is deciding.")
    assert on_screen(blue.page, "#decision") and on_screen(spectator.page, "#turn")
    assert blue.page.evaluate(IN_VIEW, "#board [data-piece][data-side='blue']") > 0  # its own
    blue.shot("play-phone-waiting")
    version = calls.get(f"{server.url}/api/games/{made['id']}?seat=red",
                        headers=auth(ann)).json()["version"]
    answer = calls.post(f"{server.url}/api/games/{made['id']}/resign", headers=auth(ann),
                        json={"seat": "red", "version": version})
    assert answer.status_code == 200, answer.text
    for watched in (blue, spectator):
        watched.page.wait_for_selector("#result >> text=Winner: Blue")
        assert on_screen(watched.page, "#result")
    spectator.shot("watch-phone-resigned")


TIMED_OUT = {"en": "Your time ran out: the bot heuristic decided for you.",
             "fr": "Votre temps s'est écoulé : le bot heuristique a décidé à votre place."}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_player_whose_clock_ran_out_is_told_the_bot_decided(devices, server, request, lang):
    # the options went away and "Waiting for Blue" came, the clock's line deep in the log
    # the only word of why
    ann = player(server, unique(f"ann{lang}", request))
    bob = player(server, unique(f"bob{lang}", request))
    made = game(server, ann, seats={"blue": {"kind": "open"}},
                clock={"decision": 2, "expiry": "bot", "bot": "heuristic"})
    join(server, bob, made, "blue")
    red = devices(lang, ann, PHONE, has_touch=True, is_mobile=True)
    red.open(f"/play/{BATTLE}?game={made['id']}")
    red.page.wait_for_selector("#decision [data-option]")
    told = red.page.locator("#timed-out")
    told.wait_for(timeout=10_000)
    assert plain(told.inner_text()) == plain(TIMED_OUT[lang])
    assert on_screen(red.page, "#timed-out")
    red.shot(f"play-clock-bot-decided-{lang}")


KEY = {"en": ("Figures: Player 1 · Player 2 (you) · Enemies", "Figures: Player 1 · Player 2 · Enemies"),
       "fr": ("Figurines : Joueur 1 · Joueur 2 (vous) · Ennemis",
              "Figurines : Joueur 1 · Joueur 2 · Ennemis")}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_board_says_whose_figures_are_which_colour(devices, server, request, lang):
    # Player 2 of the co-op crawler, who just took the seat, could not tell their red and
    # blue figures apart: nothing said which colour was whose
    ann = player(server, unique(f"ann{lang}", request))
    bob = player(server, unique(f"bob{lang}", request))
    made = game(server, ann, ruleset="enemy-attacks", options={"players": 2},
                seats={"p2": {"kind": "open"}})
    join(server, bob, made, "p2")
    mine = devices(lang, bob, PHONE, has_touch=True, is_mobile=True)
    mine.open(f"/play/enemy-attacks?game={made['id']}")
    spectator = devices(lang)
    spectator.open(made["watch"])
    for watched, key in zip((mine, spectator), KEY[lang], strict=True):
        watched.page.wait_for_selector("#sides-key")
        said = " ".join(plain(watched.page.inner_text("#sides-key")).split())  # (a swatch, a space)
        assert said == plain(key)
    assert on_screen(mine.page, "#sides-key")
    mine.shot(f"play-sides-key-{lang}")


def test_a_game_made_on_a_phone_shows_the_invitation_to_send_first(devices, server, request):
    # the page scrolled to the board, for a decision nobody could make yet: the invitation,
    # the one thing to do, was under the board and its legend, its Copy behind the strip
    ann = player(server, unique("ann", request))
    phone = devices("en", ann, PHONE, has_touch=True, is_mobile=True)
    page = phone.page
    phone.open(f"/play/{BATTLE}")
    page.wait_for_selector("#seats select[name='blue']")
    page.select_option("#seats select[name='blue']", "open")
    page.locator("#start-game").tap()
    copy = page.locator("[data-invite='blue'] button")
    copy.wait_for()
    page.wait_for_timeout(300)  # (where the page stands once drawn)
    assert on_screen(page, "[data-invite='blue'] button")
    strip = page.locator("#decision").bounding_box()
    assert copy.bounding_box()["y"] + copy.bounding_box()["height"] <= strip["y"]
    phone.shot("play-phone-invitation-first")


def test_the_lobby_offers_only_rulesets_others_can_join(devices, server, request):
    # a ruleset of one seat (the cryptids run) has no seat for anyone else: choosing it in the
    # lobby only ever said "No public game of … is waiting"
    rulesets = calls.get(f"{server.url}/api/rulesets").json()
    shared = {r["id"] for r in rulesets if r["decisions"] and len(r["seats"]) > 1}
    alone = {r["id"] for r in rulesets if r["decisions"] and len(r["seats"]) == 1}
    assert alone  # (else this test checks nothing)
    looker = devices("en", player(server, unique("look", request)), PHONE, has_touch=True, is_mobile=True)
    looker.open("/play")
    looker.page.wait_for_selector("#lobby-ruleset option >> nth=1", state="attached")
    offered = {o.get_attribute("value") for o in looker.page.locator("#lobby-ruleset option").all()}
    assert offered == shared | {""}
