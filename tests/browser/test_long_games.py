"""A long game shows whole: the game page and the watch page read every page of its events
(answers and streams hold at most a page: a server whose page is 5 events here)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import calls
from tests.browser.conftest import DESKTOP, watched_page
from tests.server.live import LiveServer

PAGE = 5


@pytest.fixture(scope="module")
def paged(tmp_path_factory):
    db = tmp_path_factory.mktemp("paged") / "rulekeeper.db"
    with LiveServer(f"sqlite:///{db}", RULEKEEPER_PAGE_EVENTS=str(PAGE)) as live:
        yield live


@pytest.fixture
def web(browser, paged):
    yield from watched_page(browser, paged.url, DESKTOP)


def long_game(server: LiveServer, name: str) -> tuple[str, dict[str, str]]:
    """A public Dire Alliance Battle of one player holding both seats (hot-seat), a few
    decisions in: the game's id, and its player's token and name."""
    player = calls.post(f"{server.url}/api/players", json={"name": name}).json()
    headers = {"Authorization": f"Bearer {player['token']}"}
    view = calls.post(f"{server.url}/api/games", headers=headers, json={
        "ruleset": "dire-alliance-battle", "public": True,
        "seats": {"red": {"kind": "human"}, "blue": {"kind": "human"}}}).json()
    for _ in range(6):
        view = calls.get(f"{server.url}/api/games/{view['id']}?seat={view['turn']}",
                         headers=headers).json()
        view = calls.post(f"{server.url}/api/games/{view['id']}/decisions", headers=headers,
                          json={"seat": view["seat"], "version": view["version"],
                                "option": view["view"]["pending"]["options"][0]["id"]}).json()
    return view["id"], {"token": player["token"], "name": player["name"]}


def shown_events(page, total: int) -> list[int]:
    """The numbers of the events the page's log shows, once it shows ``total`` of them."""
    expect(page.locator("#log li")).to_have_count(total)  # (the page's CSP allows no eval)
    return [int(n) for n in page.eval_on_selector_all("#log li", "lis => lis.map(l => l.dataset.n)")]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_game_longer_than_a_page_shows_every_event_to_its_player_and_spectators(web, paged,
                                                                                  lang):
    game, player = long_game(paged, f"long{lang}")
    headers = {"Authorization": f"Bearer {player['token']}"}
    seat = calls.get(f"{paged.url}/api/games/{game}", headers=headers).json()["turn"]
    mine = calls.get(f"{paged.url}/api/games/{game}?seat={seat}", headers=headers).json()
    watched = calls.get(f"{paged.url}/api/games/{game}/watch").json()
    assert len(mine["events"]) == PAGE < mine["events_total"] // 2  # three pages or more
    assert len(watched["events"]) == PAGE < watched["events_total"] // 2
    web.page.context.add_init_script(
        f"localStorage.setItem('rk.token', '{player['token']}'); "
        f"localStorage.setItem('rk.name', '{player['name']}'); "
        f"localStorage.setItem('rk.lang', '{lang}')")
    web.open(f"/play/dire-alliance-battle?game={game}&seat={seat}")  # (the seat to play)
    web.page.wait_for_selector("#decision [data-option]")
    assert shown_events(web.page, mine["events_total"]) == list(range(mine["events_total"]))
    web.shot(f"long-game-{lang}")
    web.open(f"/watch/{game}")
    web.page.wait_for_selector("#log")
    assert shown_events(web.page, watched["events_total"]) == list(
        range(watched["events_total"]))
    web.shot(f"long-game-watch-{lang}")
