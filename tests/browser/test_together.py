"""Playing together in browsers: people on their own browser contexts play by invitation
and from the lobby, each seeing their own hand only and the others' moves live; a player
reloads and the page follows again; a spectator watches; a turn clock runs out with nobody's
page open; hot-seat play hides the hands behind a pass-the-device screen."""

from __future__ import annotations

import json
import time

import pytest

from tests.browser.conftest import CLOCK_WAIT, PAGE_WAIT, record_of, unique

BATTLE = "dire-alliance-battle"


def new_game(person, ruleset: str, name: str, seats: dict[str, str], **form) -> None:
    """Sign up and start a game from the setup form (``seats``: seat to "human", "open"
    or "bot:NAME"; ``form``: field id to value)."""
    person.open(f"/play/{ruleset}")
    person.sign_up(name)
    page = person.page
    page.wait_for_selector("#seats select")
    for option, value in form.pop("options", {}).items():
        page.fill(f"#setup [name='{option}']", str(value))
        page.dispatch_event(f"#setup [name='{option}']", "change")
    for seat in seats:  # the seats of the options chosen, once drawn
        page.wait_for_selector(f"#seats select[name='{seat}']")
    for seat, kind in seats.items():
        page.select_option(f"#seats select[name='{seat}']", kind)
    for field, value in form.items():
        if field == "public":
            page.check("#public")
        elif field in ("clock-expiry", "clock-bot"):
            page.select_option(f"#{field}", value)
        else:
            page.fill(f"#{field}", str(value))
    page.click("#start-game")
    page.wait_for_selector("#decision")


def my_turn(page) -> bool:
    return page.locator("#decision [data-option]").count() > 0


def play_first(page) -> int:
    """Choose the first option; the new version, once the page shows it."""
    version = int(page.get_attribute("#decision", "data-version"))
    page.click("#decision [data-option] >> nth=0")
    page.wait_for_selector(f"#decision:not([data-version='{version}'])")
    return int(page.get_attribute("#decision", "data-version"))


def shown_version(page) -> int:
    return int(page.get_attribute("#decision", "data-version"))


def wait_version(page, version: int, timeout: float = PAGE_WAIT) -> float:
    """Seconds until the page shows ``version`` (pushed by its live stream): waited for
    generously, the time it took measured (and bounded where the page promises it)."""
    start = time.monotonic()
    page.wait_for_selector(f"#decision[data-version='{version}']", timeout=timeout)
    return time.monotonic() - start


def test_a_duel_by_invitation_live_watched_and_ended_by_a_clock(people, request):
    alice, bob, carol = people(3)
    new_game(alice, BATTLE, unique("alice", request), {"blue": "open"},
             **{"clock-decision": 10, "clock-expiry": "forfeit"})
    red = alice.page
    red.wait_for_selector("[data-invite='blue'] input")
    link = red.input_value("[data-invite='blue'] input")
    assert "invite=" in link and "seat=blue" in link
    assert "The game starts once every seat is taken." in red.inner_text("#decision")
    alice.shot("play-invite")
    watch = red.get_attribute("#watch-link a", "href")

    blue = bob.page  # a link cut short: said so, and no seat shown
    bob.open(link.removeprefix(bob.base)[:-3])
    assert "This invitation is unknown" in blue.inner_text("#invitation-error")
    assert [e for e in bob.errors if "404" in e] == [bob.errors.pop()]  # the browser's note
    bob.open(link.removeprefix(bob.base))  # the invitation: who invites, to what, which seat
    invitation = blue.inner_text("#invitation")
    assert invitation.startswith(f"{unique('alice', request)} invites you to play Dire Alliance")
    assert "Scenario: Beaten Path" in invitation and "Your seat: Blue." in invitation
    bob.shot("play-invitation")
    bob.sign_up(unique("bob", request))  # signs up, takes the seat
    blue.wait_for_selector("#decision")
    assert blue.inner_text("#decision").startswith("Waiting for Red")
    wait_version(red, 1)  # alice's page learns that bob came, by itself
    assert red.locator("#waiting").count() == 0 and my_turn(red)

    carol.open(link.removeprefix(carol.base))  # the invitation again: used
    assert "This invitation has been used" in carol.page.inner_text("#invitation-error")
    assert [e for e in carol.errors if "409" in e] == [carol.errors.pop()]
    carol.open(watch)  # a spectator, with the watch link: no sign-in
    carol.page.wait_for_selector("#status")
    bodies: list[str] = []
    carol.page.on("response", lambda r: bodies.append(r.text()) if "/watch" in r.url
                  and "json" in r.headers.get("content-type", "") else None)

    pushes = []
    for turn in range(12):  # each plays; the other's page shows the move by itself
        mover, other = (red, blue) if my_turn(red) else (blue, red)
        assert my_turn(mover) and not my_turn(other)
        version = play_first(mover)
        pushes.append(wait_version(other, version))
        if turn == 5:  # bob reloads: the page follows the game again
            blue.reload()
            blue.wait_for_selector("#decision")
            assert shown_version(blue) == shown_version(red)
    # the page's promise (docs/web.md): a move reaches the other screen within a second
    assert max(pushes) < 1.5, pushes
    for page, mine, theirs in ((red, "red", "blue"), (blue, "blue", "red")):
        assert page.inner_text(f"[data-seat='{theirs}'] [data-pile='hand']").endswith("hidden")
        assert not page.inner_text(f"[data-seat='{mine}'] [data-pile='hand']").endswith("hidden")
    bob.shot("play-live-duel")
    carol.page.wait_for_function(
        f"document.querySelectorAll('#log li').length >= {red.locator('#log li').count() - 40}")
    carol.shot("watch-duel")

    # both leave; the seat to play runs out of time with nobody's page open: it forfeits
    late = "red" if my_turn(red) else "blue"
    red.goto(alice.base + "/play")
    blue.goto(bob.base + "/play")
    waiting = red if late == "red" else blue  # their list says it is their turn
    waiting.wait_for_selector("[data-game] .badge.turn")
    assert waiting.title().startswith("(1) Your turn")
    (alice if late == "red" else bob).shot("play-my-games")
    carol.page.wait_for_selector("#result", timeout=CLOCK_WAIT)
    winner = "Blue" if late == "red" else "Red"
    assert carol.page.inner_text("#result").startswith(f"Winner: {winner} after ")
    blue.wait_for_selector(f"[data-game] >> text=Over · Winner: {winner}",
                          timeout=CLOCK_WAIT)
    for body in bodies:  # nothing a seat hides reached the spectator
        for player in json.loads(body).get("view", {}).get("state", {}).get("players", {}).values():
            assert player["hand"] is None
    assert bodies


def test_the_sender_of_an_invitation_trying_its_link_leaves_the_seat_to_the_friend(people, request):
    # alice opens the link she is to send (to try it): the page says whose it is and keeps
    # the seat open, instead of seating her twice and starting the game; the lobby offers her
    # her own game, not its seat; she may still take it on purpose (hot-seat)
    alice, bob = people(2)
    new_game(alice, BATTLE, unique("alice", request), {"blue": "open"}, public=True)
    red = alice.page
    assert red.locator("#board .target").count() == 0  # nothing to play before blue comes
    link = red.input_value("[data-invite='blue'] input").removeprefix(alice.base)
    game = red.evaluate("new URLSearchParams(location.search).get('game')")
    alice.open("/play")
    red.wait_for_selector(f"[data-lobby='{game}'] [data-mine]")
    assert red.locator(f"[data-lobby='{game}'] [data-join]").count() == 0
    assert "opened just now" in red.inner_text(f"[data-lobby='{game}']")
    alice.open(link)
    red.wait_for_selector("#own-invitation")
    assert red.inner_text("#own-invitation h2") == "This is the invitation to Blue, for a friend"
    bob.open("/play")
    bob.sign_up(unique("bob", request))
    bob.page.wait_for_selector(f"[data-lobby='{game}'] [data-join='blue']")  # still open
    red.click("#take-own-seat")  # on purpose: both seats hers
    red.wait_for_selector("#decision, #handover")
    alice.open("/play")
    row = red.locator(f"[data-game='{game}']")
    row.locator(".badge.turn").wait_for()
    assert row.inner_text().count("your turn") == 1  # said once, as the badge


def test_hot_seat_passes_the_device_and_hides_everything(web, request):
    new_game(web, BATTLE, unique("both", request), {"red": "human", "blue": "human"})
    page = web.page
    while my_turn(page) and page.get_attribute("#decision", "data-seat") == "red":
        version = int(page.get_attribute("#decision", "data-version"))
        page.click("#decision [data-option] >> nth=0")
        page.wait_for_selector(f"#handover, #decision:not([data-version='{version}'])")
        if page.locator("#handover").count():
            break
    assert page.inner_text("#handover h2") == "Pass the device to Blue"
    assert page.locator("#board, #panels, #log, [data-pile]").count() == 0  # nothing shown
    web.shot("play-pass-the-device")
    page.click("#reveal")
    page.wait_for_selector("#decision[data-seat='blue']")
    assert page.inner_text("[data-seat='red'] [data-pile='hand']").endswith("hidden")
    web.open(page.get_attribute("#watch-link a", "href"))
    assert page.inner_text("#what-you-see") == (
        "You watch what every player may see: hands and the order of decks stay hidden.")


@pytest.mark.parametrize(("lang", "said", "button", "watched"), [
    ("en", "Player 1 has played. Player 2: press the button to play.", "I am Player 2: play",
     "You watch what every player may see: in this game, everything but the order of decks."),
    ("fr", "Joueur 1 a joué. Joueur 2\u00a0: appuyez sur le bouton pour jouer.",
     "Je suis Joueur 2\u00a0: jouer", "Vous voyez ce que tous les joueurs peuvent voir\u00a0: "
     "dans cette partie, tout sauf l'ordre des pioches.")])
def test_hot_seat_in_a_game_without_hidden_information_speaks_of_no_hand(web, request, lang,
                                                                          said, button, watched):
    """The co-op crawler hides nothing, yet its pass-the-device screen said "Player 1's hand
    is put away ... I am Player 2: show my hand", and its watch page "hands ... stay hidden"
    (found by a smoke test)."""
    page = web.page
    page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    new_game(web, "enemy-attacks", unique(f"crawl{lang}", request), {"p1": "human", "p2": "human"})
    for _ in range(40):  # p1 plays until a decision is p2's
        version = int(page.get_attribute("#decision", "data-version"))
        page.click("#decision [data-option] >> nth=-1")  # (ending turns reaches p2 soonest)
        page.wait_for_selector(f"#handover, #decision:not([data-version='{version}'])")
        if page.locator("#handover").count():
            break
    assert page.inner_text("#handover p").replace("\u202f", "\u00a0") == said
    assert page.inner_text("#reveal").replace("\u202f", "\u00a0") == button
    web.shot(f"play-pass-the-device-nothing-hidden-{lang}")
    page.click("#reveal")
    page.wait_for_selector("#decision[data-seat='p2']")
    web.open(page.get_attribute("#watch-link a", "href"))
    assert page.inner_text("#what-you-see").replace("\u202f", "\u00a0") == watched


def test_the_mcts_bot_plays_from_the_page(web, request):
    # its moves come in the background, by the page's live stream
    new_game(web, BATTLE, unique("searcher", request), {"red": "human", "blue": "bot:mcts"})
    page = web.page
    mine = 0
    while mine < 20 and len(record_of(web)["decisions"]) == mine:  # red may act many times
        page.wait_for_selector("#decision [data-option]")
        play_first(page)
        mine += 1
    page.wait_for_selector("#decision [data-option]", timeout=20_000)  # back to red
    assert len(record_of(web)["decisions"]) > mine  # blue's bot decided


def test_three_people_play_a_raid_from_the_lobby_each_with_a_hero(people, request):
    ann, ben, cat = people(3)
    new_game(ann, "dire-alliance-raid", unique("ann", request),
             {"hero2": "open", "hero3": "open"}, options={"heroes": 3}, public=True)
    for person, seat, name in ((ben, "hero2", "ben"), (cat, "hero3", "cat")):
        person.open("/play")
        person.sign_up(unique(name, request))
        person.page.wait_for_selector(f"[data-lobby] [data-join='{seat}']")
        if seat == "hero2":
            person.shot("play-lobby")
        person.page.click(f"[data-lobby] [data-join='{seat}'] >> nth=-1")
        person.page.wait_for_selector("#decision")
    pages = {"hero1": ann.page, "hero2": ben.page, "hero3": cat.page}
    for page in pages.values():  # every page learns of the last join by itself
        page.wait_for_selector("#decision[data-version='2']")
    movers = set()
    for _ in range(40):
        seat = next((s for s, p in pages.items() if my_turn(p)), None)
        if seat is None:  # the villain and minions act between the heroes' turns
            ann.page.wait_for_timeout(100)
            continue
        movers.add(seat)
        version = play_first(pages[seat])
        for other in pages.values():
            wait_version(other, version)
        if movers == set(pages) and len(movers) == 3:
            break
    assert movers == set(pages)  # each played their own hero, and saw the others play
    for seat, page in pages.items():
        for other in pages:
            hand = page.inner_text(f"[data-seat='{other}'] [data-pile='hand']")
            assert hand.endswith("hidden") == (other != seat)
    cat.shot("play-raid-together")


def test_two_people_play_a_combat_encounter_to_its_end(people, request):
    # the dungeon collapses after two Player Turns (if nobody died first): a whole game in a
    # few decisions
    dan, eve = people(2)
    new_game(dan, "combat-encounter", unique("dan", request), {"p2": "open"},
             options={"time_limit": 2})
    link = dan.page.input_value("[data-invite='p2'] input")
    eve.open(link.removeprefix(eve.base))
    eve.sign_up(unique("eve", request))
    eve.page.wait_for_selector("#decision")
    pages = (dan.page, eve.page)
    for _ in range(30):
        if all(p.locator("#result").count() for p in pages):
            break
        mover = next((p for p in pages if my_turn(p)), None)
        if mover is None:
            pages[0].wait_for_timeout(100)
            continue
        play_first(mover)
    texts = [p.inner_text("#result") for p in pages]  # each told first whether they won
    verdicts = [t.split("\n")[0] for t in texts]
    assert verdicts in (["You won.", "You lost."], ["You lost.", "You won."]) or (
        texts[0] == texts[1] and texts[0].startswith("A tie")), texts
    assert texts[0].split("\n")[1:] == texts[1].split("\n")[1:]  # and then alike: who, why
    assert texts[0].startswith("A tie") or texts[0].split("\n")[1].startswith("Winner: Player ")
    assert [p.locator("#live").count() for p in pages] == [0, 0]  # over: not said to be live
    dan.open(dan.page.get_attribute("#watch-link a", "href"))  # nor to a spectator
    dan.page.wait_for_selector("#result")
    assert dan.page.locator("#live").count() == 0 and "live" not in dan.page.inner_text("#status")


def test_a_clock_of_decisions_only_says_who_waits_and_nothing_once_over(people, request):
    # the seat not deciding said "—"; once over, every seat said "—"
    dan, eve = people(2)
    new_game(dan, "combat-encounter", unique("dan", request), {"p2": "open"},
             options={"time_limit": 2}, **{"clock-decision": 90})
    link = dan.page.input_value("[data-invite='p2'] input")
    eve.open(link.removeprefix(eve.base))
    eve.sign_up(unique("eve", request))
    eve.page.wait_for_selector("#decision")
    pages = (dan.page, eve.page)
    waiting = []
    for _ in range(30):
        if all(p.locator("#result").count() for p in pages):
            break
        mover = next((p for p in pages if my_turn(p)), None)
        if mover is None:
            pages[0].wait_for_timeout(100)
            continue
        other = "p2" if mover is dan.page else "p1"
        waiting.append(mover.inner_text(f"#clocks [data-clock='{other}'] .time"))
        play_first(mover)
    assert waiting and set(waiting) == {"waiting (1:30 a decision)"}, waiting
    for page in pages:
        assert page.locator("#clocks [data-clock]").count() == 0  # over: no time to count
        assert "—" not in page.inner_text("#clocks")
        assert page.inner_text("#clocks").endswith("clock: 1:30 a decision; then the bot heuristic plays")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_spectator_sees_the_clocks_as_the_players_do(people, request, lang):
    ann, tom = people(2)
    for person in (ann, tom):
        person.page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    new_game(ann, BATTLE, unique(f"ann{lang}", request), {"blue": "bot:heuristic"},
             **{"clock-decision": 600, "clock-total": 30})
    ann.page.wait_for_selector("#clocks [data-clock='red'] .time:not(:empty)")
    played = ann.page.inner_text("#clocks")
    tom.open(ann.page.get_attribute("#watch-link a", "href"))  # a spectator: no sign-in
    tom.page.wait_for_selector("#clocks [data-clock='red'] .time:not(:empty)")
    watched = tom.page.inner_text("#clocks")
    heading, red, limits = watched.splitlines()[:3]
    assert heading == played.splitlines()[0] == ("Clocks" if lang == "en" else "Pendules")
    assert red.startswith("Red " if lang == "en" else "Rouge ")
    assert red.endswith("(running)" if lang == "en" else "(en cours)")  # red's turn: ticking
    assert ("left in all" if lang == "en" else "restantes en tout") in red
    assert limits == played.splitlines()[2]  # the same words: the players' own panel
    tom.shot(f"watch-clocks-{lang}")
