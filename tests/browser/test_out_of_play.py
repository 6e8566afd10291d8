"""A player whose character died while the game goes on is told so on their own page, and a
spectator sees it on the seat list, in English and French (``TableView.out``)."""

from __future__ import annotations

import random

from sqlalchemy import create_engine, text

from rulekeeper.core import registry
from rulekeeper.core.game import SPECTATOR, new_game
from tests.browser import calls
from tests.browser.conftest import unique

OPTIONS = {"players": 3}
SEED = 1
"""A combat encounter of 3 in which p2, choosing at random (seeded), dies first while p1 and
p3 choose their first option (p1 a bot), and the game goes on."""


def choices() -> list[tuple[str, str]]:
    """The people's decisions (p2's, p3's) until p2's Player dies (p1's the bot makes)."""
    game = new_game("combat-encounter", seed=SEED, options=OPTIONS)
    pick = random.Random(SEED)
    chosen = []
    while not game.table_view(SPECTATOR).out:
        seat = game.pending.player
        option = pick.choice(game.pending.ids) if seat == "p2" else game.pending.ids[0]
        chosen += [(seat, option)] if seat != "p1" else []
        game.step(option)
    assert game.table_view(SPECTATOR).out == {"p2": "Wren is dead"} and not game.over
    return chosen


def test_a_dead_players_page_says_they_are_out_of_play(web, server, request):
    """Bob holds p2 and p3 (to choose the seed), plays until p2's Wren dies, then p3 is given
    to Alice: Bob's page says he is out of play, and so does his list of games (not whose
    turn it is); a spectator's seat list says it of p2."""
    page = web.page
    web.open("/play")
    web.sign_up(unique("bob", request))
    page.wait_for_selector("[data-ruleset]")
    bob = {"Authorization": f"Bearer {page.evaluate('localStorage.getItem(`rk.token`)')}"}
    alice = unique("alice", request)
    calls.post(f"{web.base}/api/players", json={"name": alice}).raise_for_status()
    view = calls.post(f"{web.base}/api/games", headers=bob, json={
        "ruleset": "combat-encounter", "options": OPTIONS, "seed": SEED,
        "seats": {"p1": {"kind": "bot", "bot": "first"}, "p2": {"kind": "human"},
                  "p3": {"kind": "human"}}}).json()
    for seat, option in choices():
        answer = calls.post(f"{web.base}/api/games/{view['id']}/decisions", headers=bob, json={
            "seat": seat, "option": option, "version": view["version"]})
        assert answer.status_code == 200, answer.text
        view = answer.json()
    assert not view["over"] and view["turn"] == "p3"
    with create_engine(server.db_url).begin() as db:  # p3 is Alice's from now on
        db.execute(text("UPDATE game_seats SET player_id = (SELECT id FROM players WHERE "
                        "name = :name) WHERE game_id = :game AND seat = 'p3'"),
                   {"name": alice, "game": view["id"]})
    rid = registry.load("combat-encounter").meta.id
    said = {"en": ("You are out of play: Wren is dead.", " — out of play: Wren is dead",
                   "out of play"),
            "fr": ("Vous êtes hors jeu\u00a0: Wren est mort.", " — hors jeu\u00a0: Wren est mort",
                   "hors jeu")}
    for lang, (mine, watched, listed) in said.items():
        page.evaluate(f"localStorage.setItem('rk.lang', '{lang}')")
        web.open("/play")  # Your games: p3's turn (Alice's), Bob out of play
        status = page.locator(f"#my-games [data-game='{view['id']}'] td").nth(1)
        assert status.inner_text().splitlines()[0] == listed
        web.shot(f"play-my-games-out-of-play-{lang}")
        web.open(f"/play/{rid}?game={view['id']}")
        banner = page.locator("#out-of-play [data-out=p2]")
        assert banner.inner_text().splitlines()[0] == mine
        assert page.locator("#decision [data-option]").count() == 0
        web.shot(f"play-out-of-play-{lang}")
        web.open(view["watch"])
        assert page.locator("#status [data-out=p2]").inner_text() == watched
        assert page.locator("#status [data-out]").count() == 1
        web.shot(f"watch-out-of-play-{lang}")
