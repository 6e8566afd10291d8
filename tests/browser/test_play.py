"""Playing rulesets in a browser: a Dire Alliance Battle turn by clicking (cards, activation,
an attack) with undo and line of sight; the opponent's hand never reaching the page; a Raid
round with the enemies' reasons; and every ruleset's page."""

from __future__ import annotations

import math

import pytest

from rulekeeper.core import registry
from rulekeeper.core.game import replay
from tests.browser import calls
from tests.browser.conftest import PHONE, record_of, unique

ATTACKS = ("melee:", "shoot:")
TOWARD = ("crossroads", "hanging-tree", "chapel-ruins", "witch-hollow", "well")


def newest(name: str) -> str:
    """The ruleset id of today's version of ``name`` (the page offers today's versions)."""
    return registry.load(name).meta.id


def start_game(web, ruleset: str, name: str, seed: int | None = None, **options) -> None:
    web.open(f"/play/{ruleset}")
    web.sign_up(name)
    page = web.page
    page.wait_for_selector("#start-game")
    for option, value in options.items():
        page.fill(f"#setup [name='{option}']", str(value))
        page.dispatch_event(f"#setup [name='{option}']", "change")
    if seed is not None:
        page.fill("#seed", str(seed))
    page.click("#start-game")
    page.wait_for_selector("#decision")


def options(page) -> list[str]:
    return [b.get_attribute("data-option") for b in page.locator("#decision [data-option]").all()]


def choose(page, option: str) -> None:
    version = page.get_attribute("#decision", "data-version")
    page.click(f"#decision [data-option='{option}']")
    page.wait_for_selector(f"#decision:not([data-version='{version}'])")


def toward_the_enemy(ids: list[str]) -> str:
    for attack in (i for i in ids if i.startswith(ATTACKS)):
        return attack
    for area in TOWARD:
        for i in ids:
            if i in (f"move:{area}", area):
                return i
    return ids[0]


def test_a_dire_alliance_battle_turn_by_clicking_with_undo(web, request):
    page = web.page
    start_game(web, newest("dire-alliance-battle"), unique("red", request), seed=7)
    kinds = set()
    for _ in range(120):
        ids = options(page)
        prompt = page.inner_text("#decision h3")
        if "play a card" in prompt:
            kinds.add("card")
        if "activates next" in prompt:
            kinds.add("activation")
        choice = toward_the_enemy(ids)
        if choice.startswith(ATTACKS):
            break
        choose(page, choice)
    else:
        raise AssertionError("no attack was offered")
    assert kinds == {"card", "activation"}
    # line of sight: select the acting fighter's area on the board (dispatched to the area
    # itself: a fighter standing at its centre would take a pointer click)
    page.dispatch_event("#board [data-area='crossroads']", "click")
    sight = page.inner_text("#line-of-sight")
    geometry = calls.get(web.base + "/api/rulesets/dire-alliance-battle-v3/board").json()
    seen = next(a for a in geometry["areas"] if a["id"] == "crossroads")["sees"]
    names = {a["id"]: a["name"] for a in geometry["areas"]}
    assert sight == "sees: " + ", ".join(names[s] for s in seen)
    assert page.locator("#board .area.seen").count() == len(seen) + 1
    web.shot("play-dire-alliance-battle")
    events = page.locator("#log li").count()
    rolls = "#log li[data-rule='battle.attack.roll-dice']"
    attacks = page.locator(rolls).count()
    choose(page, choice)
    while page.locator(rolls).count() == attacks:
        choose(page, options(page)[0])  # the attack's own choices, if it asks any
    assert page.locator("#log li").count() > events
    version = page.get_attribute("#decision", "data-version")
    page.click("#undo")
    page.wait_for_selector(f"#decision:not([data-version='{version}'])")
    while choice not in options(page):  # undo again back to the attack's decision
        version = page.get_attribute("#decision", "data-version")
        page.click("#undo")
        page.wait_for_selector(f"#decision:not([data-version='{version}'])")
    assert page.locator("#log li").count() == events
    assert page.locator(rolls).count() == attacks


def test_the_opponents_hand_never_reaches_the_page(web, request):
    page = web.page
    bodies: list[dict] = []

    def keep(response):
        if "/api/games" in response.url and "json" in response.headers.get("content-type", ""):
            bodies.append(response.json())

    page.on("response", keep)
    start_game(web, newest("dire-alliance-battle"), unique("hider", request), seed=3)
    for _ in range(6):
        choose(page, options(page)[0])
    blue = replay(record_of(web)).view(None)["state"]["players"]["blue"]["hand"]
    assert blue, "blue holds cards (so the test could fail)"
    seen = 0
    for body in bodies:
        state = (body.get("view") or {}).get("state")
        if state:
            assert state["players"]["blue"]["hand"] is None
            assert state["players"]["red"]["hand"] is not None
            seen += 1
        for panel in (body.get("table") or {}).get("panels", []):
            if panel["seat"] == "blue":
                hand = next(p for p in panel["piles"] if p["name"] == "hand")
                assert hand["cards"] is None and hand["count"] == len(blue)
                seen += 1
    assert seen >= 10
    assert page.inner_text("[data-seat='blue'] [data-pile='hand']").endswith("hidden")


def test_a_raid_round_shows_the_enemies_reasons(web, request):
    page = web.page
    start_game(web, newest("dire-alliance-raid"), unique("hero", request), seed=2)
    for _ in range(60):
        if page.locator("#log li.why").count() >= 3:
            break
        choose(page, options(page)[0])
    page.evaluate("window.scrollTo(0, 0)")
    web.shot("play-dire-alliance-raid-board")
    reasons = page.locator("#log li.why")
    assert reasons.count() >= 3, "the villain and minions explain what they do"
    text = "\n".join(reasons.all_inner_texts())
    assert "activates" in text or "performs its action" in text
    first = reasons.first
    rule = first.get_attribute("data-rule")
    first.locator(".rule").click()
    rules = {r["id"]: r for r in calls.get(web.base + "/api/rulesets/dire-alliance-raid-v7/rules").json()}
    assert rules[rule]["text"] in first.locator(".ruletext").inner_text()
    assert first.locator(".rule").get_attribute("title") == rules[rule]["text"]
    web.shot("play-dire-alliance-raid")


def test_enemy_attacks_targeting_explains_itself(web, request):
    page = web.page
    start_game(web, newest("enemy-attacks"), unique("crawler", request), seed=1, players=1)
    for _ in range(60):
        if page.locator("#log li.why[data-rule*='target'], #log li.why").count() >= 4:
            break
        choose(page, options(page)[-1])
    assert page.locator("#log li.why").count() >= 4
    web.shot("play-enemy-attacks")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_symbols_beside_the_figures_are_explained(web, request, lang):
    # the crawler's Ogre and Bone Colossus carry an "L" and an "H" that nothing explained
    page = web.page
    page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    start_game(web, newest("enemy-attacks"), unique(f"symbols{lang}", request), seed=1, players=1)
    said = {"en": ("Beside a figure: ", "L large", "H huge"),
            "fr": ("À côté d'une figurine\u00a0: ", "G grand", "É énorme")}[lang]
    key = page.inner_text("#symbols")
    assert key.startswith(said[0]) and said[1] in key and said[2] in key, key
    assert key.count(said[1]) == 1  # each symbol once
    # the line under an area's name ("1/2 · h1") is explained too: "h1" said nothing
    notes = {"en": "Under an area's name: figures in it/places (2/4) · height (h1).",
             "fr": "Sous le nom d'une zone : figurines présentes/places (2/4) · hauteur (h1)."}
    assert page.inner_text("#area-notes") == notes[lang]
    assert "· h1" in page.inner_text("#board")
    web.open(page.get_attribute("#watch-link a", "href"))  # a spectator reads it too
    assert page.inner_text("#symbols") == key
    assert page.inner_text("#area-notes") == notes[lang]
    web.shot(f"watch-area-notes-{lang}")


def test_every_ruleset_page(web, request):
    page = web.page
    web.open("/play")
    web.sign_up(unique("visitor", request))
    page.wait_for_selector("[data-ruleset]")
    rulesets = [a.get_attribute("data-ruleset") for a in page.locator("[data-ruleset]").all()]
    assert len(rulesets) >= 6
    web.shot("play-choose")
    for ruleset in rulesets:
        web.open(f"/play/{ruleset}")
        page.wait_for_selector("#start-game")
        if ruleset.startswith("cryptids-v"):  # nobody decides: a battle to watch, not seats
            assert page.locator("#seats").count() == 0
            assert page.inner_text("#start-game") == "Watch the battle"
            assert page.locator("#setup select[name='left'] option").count() >= 4  # the teams
        else:
            page.wait_for_selector("#seats select")
        if ruleset.startswith("dire-alliance-raid"):  # a seat's options only with the seat
            assert page.is_visible("#setup [name='class2']")
            assert page.is_hidden("#setup [name='hero3']")
        if ruleset.startswith("combat-encounter"):  # options naming seats list the seats
            page.fill("#setup [name='players']", "3")
            page.dispatch_event("#setup [name='players']", "change")
            page.wait_for_selector("#setup select[name='initiator'] option[value='p3']", state="attached")
            assert [o.get_attribute("value") for o in page.locator(
                "#setup select[name='target'] option").all()] == ["", "p1", "p2", "p3"]
            assert page.locator("[data-seats='hidden'] input").count() == 3
            page.select_option("#setup select[name='initiator']", "p3")
            page.select_option("#setup select[name='target']", "p1")
            page.wait_for_selector("#seats select[name='p3']")
            for field in ("#clock-decision", "#clock-total"):  # each on its label's first line
                line = page.locator(f"label:has({field})").evaluate("(l) => l.getClientRects()[0].bottom")
                assert page.locator(field).bounding_box()["y"] < line, field
            web.shot("play-setup-combat-encounter")
        page.click("#start-game")
        if ruleset.startswith("cryptids-v"):  # a battle without choices: watched
            page.wait_for_selector("#position")
            page.click("#last")
            assert page.inner_text("#result")
            web.shot("play-cryptids-battle")
            continue
        page.wait_for_selector("#decision")
        said = page.inner_text("main")  # who you are, where there is more than one seat
        assert ("You are" in said) == (not ruleset.startswith("cryptids-run")), ruleset
        if page.locator("#decision [data-option]").count():
            choose(page, options(page)[0])
        if ruleset.startswith("combat-encounter"):
            web.shot("play-combat-encounter")
            chosen = record_of(web)["options"]
            assert (chosen["initiator"], chosen["target"]) == ("p3", "p1")


def test_a_game_starts_with_the_seats_of_the_options_chosen_last(web, request):
    # the seats' answer to a change of options held back until after "Start the game": the
    # page waits for it (one player: one hero seat) instead of sending the two seats it had
    page = web.page
    holding, held = [False], []

    def hold(route):
        held.append(route) if holding[0] else route.continue_()

    page.route("**/api/rulesets/*/seats*", hold)
    web.open("/play/enemy-attacks-v5")
    web.sign_up(unique("seats", request))
    page.wait_for_selector("#seats select")
    holding[0] = True
    page.fill("#setup [name='players']", "1")
    page.dispatch_event("#setup [name='players']", "change")
    page.click("#start-game")
    page.wait_for_timeout(300)
    holding[0] = False
    for route in held:
        route.continue_()
    page.wait_for_selector("#decision")  # a start with the stale seats is refused (400)


def laid_out(page, *selectors):
    """The bounding boxes of the selectors' first elements once all of them are laid out: a
    decision redraws the board and the sheet, so one of them may be between two renders
    (a box of None) just after the last decision was answered."""
    for _ in range(50):
        found = [page.locator(selector).first.bounding_box() for selector in selectors]
        if all(found):
            break
        page.wait_for_timeout(100)
    return found


def test_on_a_phone_the_decision_stays_on_screen_with_the_board(phone, request):
    """At 390x844 the decision is a bottom sheet under the board: its buttons and the whole
    board's height are on screen together, before and after deciding."""
    page = phone.page
    phone.open("/play")
    phone.sign_up(unique("thumb", request))
    page.wait_for_selector("[data-ruleset]")
    for ruleset, seed, options_ in ((newest("dire-alliance-battle"), 7, {}),
                                    (newest("dire-alliance-raid"), 2, {}),
                                    (newest("enemy-attacks"), 1, {"players": 1})):
        phone.open(f"/play/{ruleset}")
        page.wait_for_selector("#seats select")
        for option, value in options_.items():
            page.fill(f"#setup [name='{option}']", str(value))
            page.dispatch_event(f"#setup [name='{option}']", "change")
        page.fill("#seed", str(seed))
        page.click("#start-game")
        for _ in range(3):
            page.wait_for_selector("#decision [data-option]")
            page.wait_for_selector("#board svg")
            board, sheet, button = laid_out(page, "#board svg", "#decision",
                                            "#decision [data-option]")
            assert board and sheet and button, (ruleset, board, sheet, button, page.inner_text("#main")[:300])
            assert sheet["y"] <= button["y"] and button["y"] + button["height"] <= PHONE["height"]
            assert board["y"] >= -1 and board["y"] + board["height"] <= sheet["y"] + 1, \
                (ruleset, board, sheet)
            choose(page, options(page)[0])
        name = ruleset.rsplit("-v", 1)[0]
        phone.shot(f"play-{name}-phone")
        if ruleset.startswith("dire-alliance-battle"):  # a card in hand, tapped: its text
            seat = page.get_attribute("#decision", "data-seat")
            card = page.locator(f"[data-seat='{seat}'] [data-pile='hand'] button.card-chip").first
            card.tap()
            text = page.locator(f"[data-seat='{seat}'] [data-pile='hand'] .cardtext")
            assert card.get_attribute("title") in text.inner_text()
            assert "Melee" in text.inner_text() or "dread" in text.inner_text()


def test_after_a_409_the_page_reads_the_game_again(web, request):
    """The game moved on elsewhere (another tab): the click is refused once (409), the page
    shows the game as it stands, and the next click plays."""
    page = web.page
    # this tab follows no live stream (it would show the move made elsewhere at once)
    page.route("**/api/games/*/events*", lambda route: route.fulfill(status=204))
    start_game(web, newest("dire-alliance-battle"), unique("twotabs", request), seed=3)
    stale = page.get_attribute("#decision", "data-version")
    token = page.evaluate("localStorage.getItem('rk.token')")
    game = page.url.split("game=")[1]
    headers = {"Authorization": f"Bearer {token}"}
    view = calls.get(f"{web.base}/api/games/{game}", headers=headers).json()
    moved = calls.post(f"{web.base}/api/games/{game}/decisions", headers=headers, json={
        "seat": view["seat"], "option": view["view"]["pending"]["options"][1]["id"],
        "version": view["version"]}).json()
    page.click("#decision [data-option]")  # the first option, on the stale page: not a repeat
    page.wait_for_selector("#message [role=status]")
    assert page.get_attribute("#decision", "data-version") == str(moved["version"])
    note = page.inner_text("#message")
    assert note.startswith("The game moved on meanwhile") and game not in note  # words, no ids
    web.shot("play-409")
    choose(page, options(page)[0])
    assert int(page.get_attribute("#decision", "data-version")) == moved["version"] + 1
    assert int(stale) == moved["version"] - 1
    assert [e for e in web.errors if "409" in e] == [web.errors.pop()]  # the browser's own note


FIGURES = """async (count) => {
  const { drawBoard } = await import('/static/board.js');
  const node = document.createElement('div');
  node.className = 'board';
  document.body.append(node);
  const camp = { id: 'camp', name: 'Red Camp', lines: ['Red Camp'], point: [1.2, 2], outline: null,
    label_at: [1.2, 0.9], marks_at: [1.2, 2.7], capacity: null, height: 0, tags: [], neighbours: [], sees: null };
  const geometry = { kind: 'areas', name: 'a board', size: [2.4, 3.2], font: 0.3, walls: [], sides: {}, areas: [camp] };
  const pieces = Array.from({ length: count }, (_, i) => ({ id: `f${i}`, name: `Figure ${i}`, label: `F${i}`,
    side: 'red', kind: 'piece', shape: 'round', statuses: [], stats: '', text: '', hp: null }));
  drawBoard(node, geometry, { areas: { camp: { pieces, marks: [], filled: 0 } } });
  return [...node.querySelectorAll('[data-piece] circle')].map((c) => ['cx', 'cy', 'r'].map((a) => +c.getAttribute(a)));
}"""


def test_figures_fit_inside_their_area_however_many(web):
    """Five or seven figures in a camp stand inside its circle (made smaller, in rows),
    none over another (board.js)."""
    web.open("/play")
    web.page.wait_for_selector("#signup-name")
    for count in (0, 1, 3, 5, 7):
        figures = web.page.evaluate(FIGURES, count)
        assert len(figures) == count
        for n, (x, y, r) in enumerate(figures):
            assert math.hypot(x - 1.2, y - 2) + r <= 0.9 and r >= 0.15, (count, n)
            for x2, y2, r2 in figures[n + 1:]:
                assert math.hypot(x - x2, y - y2) >= r + r2, count


ROOM = """async ([count, lines]) => {
  const { drawBoard } = await import('/static/board.js');
  const node = document.createElement('div');
  node.className = 'board';
  document.body.append(node);
  const gate = { id: 'gate', name: lines.join(' '), lines, point: [1.2, 5.2],
    outline: [[0.3, 6.3], [2.3, 6.3], [2.3, 4.3], [0.3, 4.3]], label_at: [1.2, 4.7], marks_at: [1.05, 5.92],
    capacity: 4, height: 0, tags: [], neighbours: [], sees: null };
  const geometry = { kind: 'areas', name: 'a crypt', size: [2.6, 6.6], font: 0.24, walls: [], sides: {}, areas: [gate] };
  const pieces = Array.from({ length: count }, (_, i) => ({ id: `f${i}`, name: `Figure ${i}`, label: `F${i}`,
    side: 'red', kind: 'piece', shape: 'round', statuses: [], stats: '', text: '', hp: null }));
  drawBoard(node, geometry, { areas: { gate: { pieces, marks: [], filled: count } } });
  const plate = node.querySelector('.plate');
  node.remove();
  return [+plate.getAttribute('y') + +plate.getAttribute('height'),
    [...node.querySelectorAll('[data-piece] circle')].map((c) => ['cx', 'cy', 'r'].map((a) => +c.getAttribute(a)))];
}"""


@pytest.mark.parametrize("lines", [["Crypt Gate"], ["Porte de", "la crypte"]])
def test_figures_fit_inside_a_room_whose_point_is_off_its_middle(web, lines):
    """Four figures in a room two units wide, its point left of its middle (the crawler's
    Crypt Gate): the row stands inside the room's walls, none over another, and under the
    room's name and places with their HP bars (the French name, on two lines, reached them)
    (board.js)."""
    web.open("/play")
    web.page.wait_for_selector("#signup-name")
    for count in (1, 3, 4):
        plate, figures = web.page.evaluate(ROOM, [count, lines])
        assert len(figures) == count
        for n, (x, y, r) in enumerate(figures):
            assert 0.3 <= x - r < x + r <= 2.3 and 4.3 <= y - r < y + r <= 6.3, (count, n)
            assert y - r - 0.1 >= plate, (count, n, plate)  # the HP bar is 0.1 above it
            for x2, y2, r2 in figures[n + 1:]:
                assert math.hypot(x - x2, y - y2) >= r + r2, count


def test_on_a_phone_the_board_says_the_rest_is_a_swipe_away(phone, web, request):
    """A phone shows a board wider than its screen (the crawler's fourth column of rooms was
    off the edge, with no scroll bar to tell): a line above it says to swipe; a laptop, which
    shows it whole, says nothing."""
    for person, wide in ((phone, False), (web, True)):
        start_game(person, newest("enemy-attacks"), unique(f"swipe{wide}", request), seed=1,
                   players=1)
        page = person.page
        page.wait_for_selector("#board svg")
        cut = page.evaluate("(b => b.scrollWidth > b.clientWidth + 1)(document.querySelector('#board'))")
        assert cut is not wide
        assert page.locator("#swipe-hint").is_visible() is not wide
        if not wide:
            assert page.inner_text("#swipe-hint") == (
                "The board is wider than the screen: swipe it sideways to see the rest.")
            hint, sheet = laid_out(page, "#swipe-hint", "#decision")  # on screen, read
            assert hint["y"] >= 0 and hint["y"] + hint["height"] <= sheet["y"], (hint, sheet)
            person.shot("play-swipe-hint-phone")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["on 8: 2 damage to the enemy with the highest threat",
            "on doubles: summon Jackalope Kit"]),
    ("fr", ["sur 8\u00a0: 2 dégâts à l'ennemi à la menace la plus élevée",
            "sur un double\u00a0: invoque le Lapereau cornu"])])
def test_a_watched_battles_cryptids_show_their_abilities_in_words(web, request, lang, said):
    page = web.page
    page.context.add_init_script(f"localStorage.setItem('rk.lang', '{lang}')")
    web.open(f"/play/{newest('cryptids')}")
    web.sign_up(unique("abilities" + lang, request))
    page.wait_for_selector("#start-game")
    page.select_option("#setup select[name='left']", "duo")
    page.select_option("#setup select[name='right']", "lone-yeti")
    page.click("#start-game")
    page.wait_for_selector("#position")
    page.fill("input.scrub", "3")  # the rows fielded, before any roll
    page.dispatch_event("input.scrub", "input")
    shown = page.locator("#board [data-cryptid='jackalope'] .ability").all_inner_texts()
    assert [a.replace("\u00a0", " ") for a in shown] == [a.replace("\u00a0", " ") for a in said]
    web.shot(f"play-cryptids-abilities-{lang}")


FOCUS = """(selector) => {
  const node = document.querySelector(selector);
  const shape = node.querySelector('.piece, .area');
  return [node.matches(':focus-visible'), getComputedStyle(node).outlineStyle,
          getComputedStyle(shape).stroke];
}"""


def test_the_keyboards_focus_on_a_figure_or_an_area_is_a_ring_of_the_boards_own_size(web, request):
    """A figure or an area reached by the keyboard is outlined by its own stroke in the focus
    colour: the page's focus outline (3px), drawn in the board's units, covered a quarter of
    the crawler's board with a black ring (board.js, style.css)."""
    start_game(web, newest("enemy-attacks"), unique("focus", request), seed=1, players=1)
    page = web.page
    page.wait_for_selector("#board svg [data-piece]")
    for selector in ("#board [data-piece]", "#board [data-area]"):
        page.focus(selector)
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")  # reached by the keyboard
        assert page.evaluate(FOCUS, selector) == [True, "none", "rgb(11, 97, 216)"], selector
        web.shot(f"play-board-focus-{selector.split('-')[-1].strip(']')}")
