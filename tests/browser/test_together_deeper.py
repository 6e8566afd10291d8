"""Playing together, further: a clock that ends a game said to a spectator as to the players,
the spectator's clock as the server counts it however slowly the page loaded, a decision that
comes after its clock ran out said as too late, the clocks shown while a hot-seat device is
passed, a whole game by the keyboard alone on a phone (Enter, no Tab between decisions), the
lobby's and the invitations' races (a seat taken just before you, an invitation whose game
was cancelled), the game-creation form's refusals, a watch link cut short and another's game
opened by its address, all in the page's words; and an invitation link opened again on
another device by the player who took its seat."""

from __future__ import annotations

import re
import time
from datetime import datetime

import pytest
from playwright.sync_api import expect

from tests.browser import calls
from tests.browser.conftest import CLOCK_WAIT, DESKTOP, PHONE, Watched, unique

BATTLE = "dire-alliance-battle"


def player(server, name: str) -> dict[str, str]:
    """A player signed up through the API: ``name`` and ``token``."""
    answer = calls.post(f"{server.url}/api/players", json={"name": name})
    assert answer.status_code == 201, answer.text
    return answer.json()


def auth(who: dict[str, str]) -> dict[str, str]:
    return {"Authorization": f"Bearer {who['token']}"}


def game(server, who: dict[str, str], **body) -> dict:
    """A game made through the API by ``who`` (``body``: POST /api/games's)."""
    answer = calls.post(f"{server.url}/api/games", json={"ruleset": BATTLE, **body},
                        headers=auth(who))
    assert answer.status_code == 201, answer.text
    return answer.json()


def join(server, who: dict[str, str], made: dict, seat: str) -> None:
    invite = next(s["invite"] for s in made["seats"] if s["seat"] == seat)
    answer = calls.post(f"{server.url}/api/games/{made['id']}/join",
                        json={"seat": seat, "invite": invite}, headers=auth(who))
    assert answer.status_code == 200, answer.text


@pytest.fixture
def devices(browser, server):
    """``devices(lang, who=None, viewport=DESKTOP, **options)``: a browser context of its own
    in ``lang``, signed in as ``who`` (or nobody); each closed after the test, which fails on
    a console error it did not expect (:func:`refused`)."""
    opened: list[tuple[object, Watched]] = []

    def open_(lang: str, who: dict[str, str] | None = None,
              viewport: dict[str, int] = DESKTOP, **options) -> Watched:
        context = browser.new_context(viewport=viewport, **options)
        script = f"localStorage.setItem('rk.lang', '{lang}');"
        if who:
            script += (f"localStorage.setItem('rk.token', '{who['token']}');"
                       f"localStorage.setItem('rk.name', '{who['name']}');")
        context.add_init_script(script)
        opened.append((context, Watched(context.new_page(), server.url)))
        return opened[-1][1]

    yield open_
    for context, _ in opened:
        context.close()
    errors = [e for _, w in opened for e in w.errors]
    assert errors == [], f"console errors: {errors}"


def plain(text: str) -> str:
    """``text`` with French typography's no-break spaces as plain ones."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def refused(watched: Watched, status: int) -> None:
    """The browser's console note of a refused call expected by the test, taken away."""
    notes = [e for e in watched.errors if str(status) in e]
    assert notes, watched.errors
    watched.errors = [e for e in watched.errors if str(status) not in e]


FORFEIT = {"en": ("Winner: Blue after 1 round",
                  "Red: the clock runs out, and the game is lost by forfeit (losing side: Red)"),
           "fr": ("Victoire : Bleu en 1 manche",
                  "Rouge : la pendule tombe, et la partie est perdue par forfait (camp perdant : Rouge)")}
LOST = {"en": "You lost.\n", "fr": "Vous avez perdu.\n"}
"""What the page of the player whose clock ran out says first."""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_spectator_is_told_why_a_clock_ended_the_game_as_the_players_are(
        devices, server, request, lang):
    ann = player(server, unique(f"ann{lang}", request))
    bob = player(server, unique(f"bob{lang}", request))
    made = game(server, ann, seats={"blue": {"kind": "open"}},
                clock={"decision": 2, "expiry": "forfeit"})
    join(server, bob, made, "blue")
    pages = [devices(lang, ann), devices(lang)]
    pages[0].open(f"/play/{BATTLE}?game={made['id']}")
    pages[1].open(made["watch"])
    for watched, lost in zip(pages, (LOST[lang], ""), strict=True):
        # red lets its 2 s run out: the sweep applies the forfeit
        watched.page.wait_for_selector("#result", timeout=CLOCK_WAIT)
        winner, why = FORFEIT[lang]
        said = plain(watched.page.inner_text("#result"))
        assert said.startswith(lost + winner) and why in said, said
    pages[1].shot(f"watch-clock-forfeit-{lang}")
    line = pages[0].page.locator("li[data-rule='core.clock-expiry']").last
    line.locator("button.rule").click()  # the engine's rule, in the page's language
    line.locator(".ruletext").scroll_into_view_if_needed()
    pages[0].shot(f"play-clock-rule-{lang}")
    assert plain(line.locator(".ruletext").inner_text()).startswith(RULE[lang])


RULE = {"en": "Turn clocks: In a game played with turn clocks, a seat whose clock runs out",
        "fr": "Pendules : Dans une partie jouée avec des pendules, une place dont la pendule"}


def seconds(text: str) -> int:
    """The seconds of "0:41 for this decision" ("0:41 pour cette décision")."""
    found = re.search(r"(\d+):(\d\d) (?:for this decision|pour cette décision)", text)
    assert found, text
    return int(found[1]) * 60 + int(found[2])


def test_the_spectators_clock_counts_as_the_server_does_however_slowly_its_page_loads(
        devices, server, request):
    ann = player(server, unique("ann", request))
    made = game(server, ann, seats={"blue": {"kind": "open"}}, public=True,
                clock={"decision": 120, "expiry": "forfeit"})
    join(server, player(server, unique("bob", request)), made, "blue")
    spectator = devices("en")
    # the rulesets come 2.5 s after the game's view (a slow line): the clock's "now" is the
    # server's when the view came, not when the page drew it
    spectator.page.route("**/api/rulesets*",
                         lambda route: (time.sleep(2.5), route.continue_()))
    spectator.open(made["watch"])
    spectator.page.wait_for_selector("#clocks [data-clock='red'] .time:not(:empty)")

    def left() -> float:
        clock = calls.get(f"{server.url}/api/games/{made['id']}/watch").json()["clock"]
        return (datetime.fromisoformat(clock["deadline"])
                - datetime.fromisoformat(clock["now"])).total_seconds()

    # the server's time left read just before and just after the page's (a busy machine may
    # take seconds over either read): the page's is between them, to the second
    before = left()
    shown = seconds(spectator.page.inner_text("#clocks [data-clock='red']"))
    after = left()
    assert after - 1 <= shown <= before + 1, (after, shown, before)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_game_by_the_keyboard_alone_on_a_phone(devices, server, request, lang):
    # after each decision the focus is on the next one: Enter plays on, no Tab through the
    # header and the board again (it fell back to the page's top: 26 Tabs a decision)
    who = player(server, unique(f"keys{lang}", request))
    made = game(server, who, ruleset="combat-encounter", options={"time_limit": 2},
                seats={"p1": {"kind": "human"}, "p2": {"kind": "bot", "bot": "first"}})
    phone = devices(lang, who, PHONE, has_touch=True, is_mobile=True)
    page = phone.page
    phone.open(f"/play/combat-encounter?game={made['id']}")
    page.wait_for_selector("#decision [data-option]")
    for _ in range(40):
        if page.locator("#result").count():
            break
        focused = page.evaluate("document.activeElement.matches('#decision [data-option]')")
        assert focused, page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
        version = page.get_attribute("#decision", "data-version")
        page.keyboard.press("Enter")
        page.wait_for_selector(f"#decision:not([data-version='{version}']) [data-option], "
                               "#result")
    assert page.locator("#result").count()
    phone.shot(f"play-keyboard-phone-{lang}")


TAKEN = {"en": "Blue of Dire Alliance: Horror — Battle Mode was taken by someone else just "
               "before you",
         "fr": "La place Bleu de Dire Alliance : Horreur — mode Bataille a été prise par "
               "quelqu'un d'autre juste avant vous"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_seat_taken_from_the_lobby_just_before_you_is_said_and_the_lobby_redrawn(
        devices, server, request, lang):
    ann = player(server, unique(f"ann{lang}", request))
    made = game(server, ann, seats={"blue": {"kind": "open"}}, public=True)
    bob, cat = (devices(lang, player(server, unique(n + lang, request)))
                for n in ("bob", "cat"))
    take = f"[data-lobby='{made['id']}'] [data-join='blue']"
    for watched in (bob, cat):
        watched.open("/play")
        watched.page.wait_for_selector(take)
    bob.page.click(take)
    bob.page.wait_for_selector("#decision")
    cat.page.click(take)  # her lobby, read before bob came, still offers the seat
    cat.page.wait_for_selector(f"#lobby [data-refused='{made['id']}']")
    said = plain(cat.page.inner_text("#lobby"))
    assert TAKEN[lang] in said and "blue" not in said  # no seat id, no server English
    assert cat.page.locator(take).count() == 0  # the lobby as it is now
    refused(cat, 409)
    cat.shot(f"play-lobby-taken-{lang}")


CHOICES = {"en": ("Every ruleset", "Newest first",
                  "No public game of Combat Encounter (d20 dungeon) is waiting."),
           "fr": ("Tous les jeux de règles", "Les plus récentes d'abord",
                  "Aucune partie publique de Rencontre de combat (donjon d20) n'attend de "
                  "joueurs.")}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_lobby_shows_one_rulesets_games_and_the_newest_first_when_chosen(
        devices, server, request, lang):
    ann = player(server, unique(f"lob{lang}", request))
    first = game(server, ann, seats={"blue": {"kind": "open"}}, public=True)
    raid = game(server, ann, ruleset="dire-alliance-raid", options={"heroes": 2},
                seats={"hero2": {"kind": "open"}}, public=True)
    last = game(server, ann, seats={"blue": {"kind": "open"}}, public=True)
    looker = devices(lang, player(server, unique(f"look{lang}", request)))
    page = looker.page
    looker.open("/play")
    page.wait_for_selector(f"[data-lobby='{raid['id']}']")
    every, newest, none = CHOICES[lang]
    assert page.locator("#lobby-ruleset option").first.inner_text() == every
    shown = lambda: [row.get_attribute("data-lobby")  # noqa: E731
                     for row in page.locator("#lobby [data-lobby]").all()]
    ours = [first["id"], raid["id"], last["id"]]
    assert [g for g in shown() if g in ours] == ours  # the longest waiting first
    page.select_option("#lobby-ruleset", first["ruleset"])
    page.wait_for_selector(f"[data-lobby='{raid['id']}']", state="detached")
    assert [g for g in shown() if g in ours] == [first["id"], last["id"]]
    page.select_option("#lobby-order", "newest")
    assert plain(page.locator("#lobby-order option:checked").inner_text()) == plain(newest)
    expect(page.locator("#lobby [data-lobby]").first).to_have_attribute("data-lobby", last["id"])
    assert [g for g in shown() if g in ours] == [last["id"], first["id"]]
    if lang == "en":  # (the same page in French: once is enough to wait for)
        time.sleep(10.5)  # the lobby read again every 10 s keeps the choices
        assert page.locator("#lobby-order").input_value() == "newest"
        assert [g for g in shown() if g in ours] == [last["id"], first["id"]]
    looker.shot(f"play-lobby-chosen-{lang}")
    page.select_option("#lobby-ruleset", "combat-encounter-v4")
    page.wait_for_selector(f"[data-lobby='{last['id']}']", state="detached")
    assert plain(none) in plain(page.inner_text("#lobby"))


def test_the_lobby_shows_more_than_its_first_fifty_games_when_asked(devices, server, request):
    # newest first: the other tests' public games come after these 51, so the first 100 hold
    # them all; an older read of the lobby (its first fifty) answered only after "Show more"
    # was drawn must not put the first fifty back
    makers = [player(server, unique(f"many{n}", request)) for n in range(3)]
    made = [(who, game(server, who, seats={"blue": {"kind": "open"}}, public=True))
            for who in makers for _ in range(17)]
    try:
        looker = devices("en", player(server, unique("lookmany", request)))
        page = looker.page
        looker.open("/play")
        page.wait_for_selector("#lobby [data-lobby]")
        page.select_option("#lobby-ruleset", made[0][1]["ruleset"])
        expect(page.locator("#lobby-more")).to_have_text("Show more games")
        assert page.locator("#lobby [data-lobby]").count() == 50
        held: list = []
        first_fifty = re.compile(r"/api/lobby\?.*limit=50\b")
        page.route(first_fifty, lambda route: held.append(route))
        page.select_option("#lobby-order", "newest")  # its read (limit 50) held back
        for _ in range(100):
            if held:
                break
            page.wait_for_timeout(50)
        assert held, "the lobby was not read again when its order changed"
        page.click("#lobby-more")  # the first fifty's button still shown: the first hundred read
        expect(page.locator("#lobby [data-lobby]").nth(50)).to_be_attached()
        held[0].continue_()  # the older read answers last
        page.unroute(first_fifty)
        page.wait_for_timeout(1000)
        shown = {row.get_attribute("data-lobby") for row in page.locator("#lobby [data-lobby]").all()}
        assert {g["id"] for _, g in made} <= shown
    finally:  # the other tests' lobbies show their own games among the first fifty
        for who, g in made:
            calls.post(f"{server.url}/api/games/{g['id']}/cancel", headers=auth(who))


def test_answering_an_invitation_whose_game_was_cancelled_says_so(devices, server, request):
    ann, cat = player(server, unique("ann", request)), player(server, unique("cat", request))
    invitee = devices("en", cat)
    for answer in ("accept", "decline"):
        made = game(server, ann, seats={"blue": {"kind": "human", "player": cat["name"]}})
        invitee.open("/play")
        row = f"[data-invitation='{made['id']}:blue']"
        invitee.page.wait_for_selector(row)
        assert calls.post(f"{server.url}/api/games/{made['id']}/cancel",
                          headers=auth(ann)).status_code == 200
        invitee.page.click(f"{row} [data-{answer}]")
        invitee.page.wait_for_selector(f"#invitations [data-refused='{made['id']}']")
        said = invitee.page.inner_text("#invitations")
        assert f"The invitation of {ann['name']} to Dire Alliance: Horror — Battle Mode is no " \
               "longer open" in said
        assert made["id"] not in said and invitee.page.locator(row).count() == 0
        refused(invitee, 409 if answer == "accept" else 404)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_game_forms_refusals_about_seats_and_clocks_are_in_the_pages_words(
        devices, server, request, lang):
    who = player(server, unique(f"form{lang}", request))
    form = devices(lang, who)
    page = form.page
    form.open("/play/combat-encounter")
    page.wait_for_selector("#seats select[name='p2']")
    page.select_option("#seats select[name='p2']", "named")
    message = "#setup-message"
    expected = {
        "": ("Type the player name of whoever you invite to Player 2.",
             "Tapez le nom de joueur de la personne que vous invitez à Joueur 2."),
        "a b": ("No player can be called a b: check the name of whoever you invite to "
                "Player 2. A player name is 2 to 20",
                "Aucun joueur ne peut s'appeler a b : vérifiez le nom de la personne que vous "
                "invitez à Joueur 2. Un nom de joueur a 2 à 20"),
        "nobody-is-called-so": ("No player is called nobody-is-called-so: check the name of "
                                "whoever you invite to Player 2.",
                                "Aucun joueur ne s'appelle nobody-is-called-so : vérifiez le "
                                "nom de la personne que vous invitez à Joueur 2."),
    }
    for name, words in expected.items():
        page.fill("[data-player-for='p2']", name)
        page.click("#start-game")
        page.wait_for_function("([node, words]) => document.querySelector(node).innerText"
                               ".replace(/[\\u00a0\\u202f]/g, ' ').includes(words)",
                               arg=[message, words[0] if lang == "en" else words[1]])
        assert "seats." not in page.inner_text(message)
    refused(form, 400)
    page.select_option("#seats select[name='p2']", "bot:first")  # three sides, one forfeits
    page.fill("#setup [name='players']", "3")
    page.dispatch_event("#setup [name='players']", "change")
    page.wait_for_selector("#seats select[name='p3']")
    page.fill("#clock-decision", "30")
    page.select_option("#clock-expiry", "forfeit")
    page.click("#start-game")
    words = ("A game of more than two sides cannot be lost by one seat's clock"
             if lang == "en" else "Une partie de plus de deux camps ne peut pas être perdue")
    page.wait_for_function("([node, words]) => document.querySelector(node).innerText"
                           ".replace(/[\\u00a0\\u202f]/g, ' ').includes(words)",
                           arg=[message, words])
    assert "clock.expiry" not in page.inner_text(message)
    refused(form, 400)
    form.shot(f"play-setup-refused-{lang}")


def test_the_holder_of_a_seat_opens_its_invitation_again_on_another_device(
        devices, server, request):
    ann, bob = player(server, unique("ann", request)), player(server, unique("bob", request))
    made = game(server, ann, seats={"blue": {"kind": "open"}})
    join(server, bob, made, "blue")
    invite = next(s["invite"] for s in made["seats"] if s["seat"] == "blue")
    laptop = devices("en")  # bob's other device: not signed in
    laptop.open(f"/play/{BATTLE}?game={made['id']}&seat=blue&invite={invite}")
    laptop.page.wait_for_selector("#invitation-error")
    assert laptop.page.inner_text("#who-are-you h2").startswith("Is the seat yours?")
    assert laptop.page.locator("#signup-name").count() == 0  # a sign-in, no new name
    refused(laptop, 409)
    laptop.page.fill("#signin-token", bob["token"])
    laptop.page.click("#signin-submit")
    laptop.page.wait_for_selector("#decision[data-seat='blue']")
    assert laptop.page.inner_text("#decision").startswith("Waiting for Red")
    refused(laptop, 409)  # (the join it tried again: the seat is already bob's)


LATE = {"en": "Your time ran out before your decision came: the bot ",
        "fr": "Votre temps s'est écoulé avant que votre décision n'arrive : le bot "}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_decision_that_comes_after_its_clock_ran_out_is_said_too_late(devices, server,
                                                                        request, lang):
    # the decision leaves in time but reaches the server 4 s later (a slow line): the clock's
    # bot has decided for red meanwhile; the refusal is said as what it is, not as "the game
    # moved on (another player's move, or yours in another tab)"
    who = player(server, unique(f"late{lang}", request))
    made = game(server, who, seats={"blue": {"kind": "bot", "bot": "first"}},
                clock={"decision": 3, "expiry": "bot", "bot": "first"})
    red = devices(lang, who)
    red.page.route("**/decisions*", lambda route: (time.sleep(4), route.continue_()))
    red.open(f"/play/{BATTLE}?game={made['id']}")
    red.page.click("#decision [data-option] >> nth=0")
    # the words of the status as it came: the clock's bot plays red's next decision 3 s
    # later, and the page drawn again has an empty #message (read after it, under load, '')
    said = red.page.wait_for_selector("#message [role='status']").text_content()
    assert plain(said or "").startswith(LATE[lang]), said
    refused(red, 409)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_watch_link_cut_short_is_said_in_the_pages_words(devices, server, request, lang):
    who = player(server, unique(f"ann{lang}", request))
    made = game(server, who, seats={"blue": {"kind": "bot", "bot": "first"}})  # not public
    spectator = devices(lang)
    for address in (made["watch"][:-3], f"/watch/{made['id']}"):  # a key cut short, or none
        spectator.open(address)
        spectator.page.wait_for_selector("#main .error")
        said = plain(spectator.page.inner_text("#main .error"))
        assert said.startswith("There is no game to watch at this address" if lang == "en"
                               else "Il n'y a pas de partie à regarder à cette adresse"), said
        assert made["id"] not in said
        refused(spectator, 404)
    spectator.shot(f"watch-unknown-{lang}")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_game_of_others_opened_by_its_address_is_said_in_the_pages_words(devices, server,
                                                                          request, lang):
    # the page's address copied instead of the invitation: not cat's game
    ann, cat = (player(server, unique(n + lang, request)) for n in ("ann", "cat"))
    made = game(server, ann, seats={"blue": {"kind": "open"}})
    other = devices(lang, cat)
    other.open(f"/play/{BATTLE}?game={made['id']}")
    other.page.wait_for_selector("#not-yours")
    said = plain(other.page.inner_text("#not-yours"))
    assert said.startswith("This game is not one of yours" if lang == "en"
                           else "Cette partie n'est pas l'une des vôtres"), said
    assert made["id"] not in said
    refused(other, 404)


def test_the_clocks_show_while_the_device_is_passed(devices, server, request):
    # hot-seat with a clock: blue's time runs from red's last decision, behind the "pass the
    # device" screen too, which shows the clocks (they hide nothing) and no hand or board
    who = player(server, unique("both", request))
    made = game(server, who, seats={"red": {"kind": "human"}, "blue": {"kind": "human"}},
                clock={"decision": 120, "expiry": "bot"})
    device = devices("en", who)
    page = device.page
    device.open(f"/play/{BATTLE}?game={made['id']}")
    for _ in range(20):
        page.wait_for_selector("#decision [data-option], #handover")
        if page.locator("#handover").count():
            break
        version = page.get_attribute("#decision", "data-version")
        page.click("#decision [data-option] >> nth=0")
        page.wait_for_selector(f"#handover, #decision:not([data-version='{version}'])")
    page.wait_for_selector("#handover")
    blue = page.inner_text("#clocks [data-clock='blue']")
    assert blue.startswith("Blue 1:") and blue.endswith("for this decision (running)"), blue
    assert page.locator("#board, #panels, [data-pile]").count() == 0
    device.shot("play-pass-the-device-clocks")
