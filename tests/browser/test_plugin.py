"""A plug-in ruleset on the page: the tiny duel of tests/core/duel, registered as a plug-in
package registers (an entry point in the group ``rulekeeper.rulesets``, read by
rulekeeper.core.registry), is offered on /play and played there with its board drawn from
its own typed view; the server knows nothing of it beforehand."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from rulekeeper.core.registry import RULESET_GROUP
from tests.browser.conftest import DESKTOP, unique, watched_page
from tests.browser.test_play import choose, options, start_game
from tests.server.live import LiveServer

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def plugin_server(tmp_path_factory):
    """``rulekeeper serve`` with a plug-in package installed: a distribution's metadata on
    the path, declaring ``duel-v1`` in its entry points."""
    site = tmp_path_factory.mktemp("site")
    info = site / "rulekeeper_duel-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: rulekeeper-duel\n"
                                   "Version: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{RULESET_GROUP}]\n"
                                           "duel-v1 = tests.core.duel:Duel\n")
    path = os.pathsep.join(p for p in (str(site), str(ROOT), os.environ.get("PYTHONPATH"))
                           if p)
    with LiveServer(f"sqlite:///{site / 'rulekeeper.db'}", PYTHONPATH=path) as live:
        yield live


@pytest.fixture
def web(browser, plugin_server):
    yield from watched_page(browser, plugin_server.url, DESKTOP)


def test_a_plug_in_ruleset_is_played_on_its_board(web, request):
    page = web.page
    start_game(web, "duel-v1", unique("plugin", request), seed=4)
    board = page.locator("#board svg")
    assert board.locator("[data-area]").count() == 3
    labels = [p.get_attribute("data-label") for p in board.locator("[data-piece]").all()]
    assert sorted(labels) == ["Nor", "Sou"]
    names = board.locator(".area-label text").all_text_contents()
    assert {"North's side", "The middle", "South's side"} <= set(names)
    assert page.inner_text("[data-seat='south'] [data-pile='hand']").endswith("hidden")
    hand = page.locator("[data-seat='north'] [data-pile='hand'] .card-chip")
    assert hand.count() == 3
    web.shot("play-plugin-duel")
    for _ in range(3):
        choose(page, options(page)[0])
    page.wait_for_selector("#result")
    said = page.inner_text("#result")  # the player (North) told first whether they won
    winner = re.search(r"Winner: (\w+)", said)
    verdict = "" if winner is None else "You won.\n" if winner[1] == "North" else "You lost.\n"
    assert said.startswith((f"{verdict}Winner: ", "A tie")), said
    web.open("/play")
    page.wait_for_selector("[data-ruleset='duel-v1']")
