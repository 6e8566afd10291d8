"""The cryptids online game in a browser: a whole run played by clicking, its battles
replayed, the shop's controls (drag and keyboard reordering, freeze, reroll, sell), the
French switch and the leaderboard."""

from __future__ import annotations

from tests.browser.conftest import PHONE, unique

MAX_ROUNDS = 30


def act(page, selector: str) -> None:
    """Click and wait for the run's next version."""
    version = page.get_attribute("#status", "data-version")
    page.click(selector)
    page.wait_for_selector(f"#status:not([data-version='{version}'])")


def drag(page, source: str, target: str) -> None:
    """An HTML5 drag and drop from ``source`` onto ``target``, as the browser fires it."""
    version = page.get_attribute("#status", "data-version")
    moved = page.evaluate_handle("new DataTransfer()")
    page.dispatch_event(source, "dragstart", {"dataTransfer": moved})
    page.dispatch_event(target, "dragover", {"dataTransfer": moved})
    page.dispatch_event(target, "drop", {"dataTransfer": moved})
    page.wait_for_selector(f"#status:not([data-version='{version}'])")


def buy_all(page) -> None:
    """Buy offers while gold and places allow, keeping the first ability offered (a
    duplicate may combine with the one in the row instead)."""
    while page.locator("#offers [data-buy]:not([disabled])").count():
        act(page, "#offers [data-buy]:not([disabled]) >> nth=0")
        if page.locator("#ability-choice").count():
            act(page, "#ability-choice [data-ability] >> nth=0")


def test_a_whole_run_played_by_clicking_then_its_battles_replayed(web, request):
    page = web.page
    web.open("/")
    web.sign_up(unique("runner", request))
    page.click("#start-run")
    page.wait_for_selector("#offers")
    web.shot("cryptids-shop")
    rounds = 0
    while not page.locator("#run-over").count():
        rounds += 1
        assert rounds <= MAX_ROUNDS, "the run did not end"
        buy_all(page)
        page.click("#end-shop")
        page.wait_for_selector("#battle-view #dice")
        if rounds == 1:
            page.click("#play-pause")  # pause, then go to the middle of the battle
            total = int(page.inner_text("#position").split()[-1])
            page.fill("#battle-view input[type=range]", str(total // 2))
            page.dispatch_event("#battle-view input[type=range]", "input")
            assert page.locator("#battle-view .cryptid .hpbar").count() >= 2
            web.shot("cryptids-battle")
        page.click("#last")
        result = page.locator("#result")
        assert result.inner_text().strip(), "the battle's end is shown, with why"
        page.click("#back-to-shop")
        page.wait_for_selector("#status")
    status = page.inner_text("#status")
    over = page.inner_text("#run-over")
    assert "10/10" in status or "♥ 0" in status, status
    assert "Rating change, applied now" in over
    web.shot("cryptids-run-over")
    replays = page.locator("#run-over [data-replay]")
    fought = replays.count()
    assert fought >= 1
    for index in range(fought):
        page.locator("#run-over [data-replay]").nth(index).click()
        page.wait_for_selector("#battle-view #position")
        page.click("#last")
        assert page.locator("#battle-view #result").inner_text().strip()
        log = page.locator("#battle-view #log li")
        assert log.count() > 3
        assert page.locator("#battle-view #log li .rule").first.inner_text()
    # the run is in the history, finished; the player is on the leaderboard
    page.reload()
    page.wait_for_selector("#runs")
    assert "won" in page.inner_text("#runs") or "lost" in page.inner_text("#runs")
    assert unique("runner", request) in page.inner_text("#standings")
    web.shot("cryptids-history")


def test_the_shop_by_drag_keyboard_freeze_reroll_and_sell(web, request):
    page = web.page
    web.open("/")
    web.sign_up(unique("shopper", request))
    page.click("#start-run")
    page.wait_for_selector("#offers")
    # buy by dragging offer 1 onto place 3
    name = page.locator("#offers .cryptid >> nth=0").locator(".name").inner_text().split(" · ")[0]
    drag(page, "#offers .cryptid >> nth=0", "#row [data-place='3']")
    act(page, "#ability-choice [data-ability] >> nth=0")
    page.wait_for_selector("#row [data-place='3'] .name")
    assert page.inner_text("#row [data-place='3'] .name") == name
    # keyboard: focus it and press the left arrow twice
    page.focus("#row [data-place='3']")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#row [data-place='2'] .name")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#row [data-place='1'] .name")
    assert page.inner_text("#row [data-place='1'] .name") == name
    # drag it back to place 2
    drag(page, "#row [data-place='1']", "#row [data-place='2']")
    page.wait_for_selector("#row [data-place='2'] .name")
    assert page.inner_text("#row [data-place='2'] .name") == name
    # freeze an offer, reroll: the frozen offer stays
    page.click("[data-freeze='2']")
    page.wait_for_selector("#offers .cryptid.frozen")
    frozen = page.locator("#offers .cryptid.frozen .name").inner_text()
    gold = page.inner_text("#gold")
    page.click("#reroll")
    page.wait_for_function(f"document.querySelector('#gold').innerText !== {gold!r}")
    assert page.locator("#offers .cryptid.frozen .name").inner_text() == frozen
    # sell: the place empties, one gold back
    before = int(page.inner_text("#gold").split()[0])
    page.click("[data-sell='2']")
    page.wait_for_selector("#row [data-place='2'].empty")
    assert int(page.inner_text("#gold").split()[0]) == before + 1


def test_the_french_switch(web, request):
    page = web.page
    web.open("/")
    page.select_option("#lang", "fr")
    page.wait_for_selector("#signup")
    assert page.inner_text("#signup") == "S'inscrire"
    web.sign_up(unique("lea", request))
    page.click("#start-run")
    page.wait_for_selector("#offers")
    assert "Manche" in page.inner_text("#status")
    buy_all(page)
    page.click("#end-shop")
    page.wait_for_selector("#battle-view #position")
    page.click("#last")
    text = page.inner_text("#battle-view #log")
    assert "Lancer" in text or "lancer" in text, "the battle's sentences are in French"
    web.shot("cryptids-battle-fr")
    page.select_option("#lang", "en")
    page.wait_for_selector("#status")
    assert "Round" in page.inner_text("#status")


def test_the_game_on_a_phone(browser, server, request):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(server.url + "/")
    page.fill("#signup-name", unique("phone", request))
    page.tap("#signup")
    page.tap("#start-run")
    page.wait_for_selector("#offers")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "nothing runs off the side of a phone's screen"
    page.screenshot(path=str(__import__("tests.browser.conftest", fromlist=["SHOTS"]).SHOTS
                             / "cryptids-phone.png"))
    context.close()
    assert errors == []
