"""The heuristic bot, views and their terminal picture, and terminal play."""

import sys

import pytest

from rulekeeper import cli
from rulekeeper.agents import decide, make_agent, seat_agents
from rulekeeper.core import registry
from rulekeeper.core.game import new_game
from rulekeeper.lab.batch import BatchSpec, run_serial
from rulekeeper.rulesets.combat_encounter.bots import HeuristicBot
from tests.rulesets.combat_encounter.helpers import answer, data, start


def bot_choice(game, seat=None):
    seat = seat or game.pending.player
    return HeuristicBot(seat).choose_from(game.table, game.pending)


def test_the_heuristic_bot_is_declared_and_plays_whole_games():
    ruleset = registry.load("combat-encounter")
    assert "heuristic" in ruleset.bots
    assert isinstance(make_agent("heuristic", ruleset, "p1", 0), HeuristicBot)
    results = list(run_serial(BatchSpec("combat-encounter", ("heuristic", "random"),
                                        options={"players": 4}), 25, 1))
    assert len(results) == 25 and all(r.reason for r in results)


def test_the_heuristic_bot_reads_only_what_its_seat_may_know():
    # the Rooms of Hidden Players drawn again (what the seat cannot know) change no choice
    game = new_game("combat-encounter", seed=3, options={"players": 5, "hidden": "p3,p4,p5"})
    agents = seat_agents(game.ruleset, game.seats, None, 3)
    for n in range(200):
        if game.over:
            break
        seat = game.pending.player
        choices = {HeuristicBot(seat, n).choose_from(world.table, world.pending)
                   for world in (game, game.sample(seat, 1), game.sample(seat, 2))}
        assert len(choices) == 1
        game.step(decide(agents[seat], game))


def test_heuristic_attacks_the_weakest_target_it_can_reach():
    # p1 (5 Health) declines its first turn; Wren may attack p1 or Grub (14 Health)
    game = start([10], options={"players": 3}, knight__health=5)
    answer(game, "decline")
    choice = bot_choice(game)
    assert choice.startswith("attack:p1:")
    # against Defense 14, the Short Bow (1d6 + Quickness 3) beats the Hand Axe (1d6+1 + Brawn 1)
    assert choice == "attack:p1:weapon-1"


JELLY_ENTRANCE = {"dungeon.areas.entrance.tags": ["jelly-cube"]}


def test_heuristic_leaves_combat_when_its_health_is_low_in_a_jelly_cube_room():
    game = start(sets={"characters.cards.ranger.health": 9, **JELLY_ENTRANCE})
    game.table.state.players["p2"].health = 3
    answer(game, "decline")
    assert bot_choice(game) == "flee:hall"  # cannot pay DISENGAGE_COST: it flees
    game = start(ranger__kaos=2, sets=JELLY_ENTRANCE)
    game.table.state.players["p2"].health = 3
    answer(game, "decline")
    assert bot_choice(game).startswith("disengage:")


def test_heuristic_fights_on_when_hurt_elsewhere_and_the_cautious_bot_leaves():
    game = start(ranger__kaos=2, sets={"characters.cards.ranger.health": 9})
    game.table.state.players["p2"].health = 3
    answer(game, "decline")
    assert any(i.startswith("disengage:") for i in game.pending.ids)
    assert bot_choice(game).startswith("attack:p1:")
    cautious = make_agent("cautious", registry.load("combat-encounter"), "p2", 0)
    assert decide(cautious, game).startswith("disengage:")


@pytest.mark.parametrize("roll, expected", [(9, "kaos:2"), (10, "kaos:1"), (5, "kaos:0"),
                                            (15, "kaos:0"), (1, "kaos:1")])
def test_heuristic_spends_kaos_only_to_turn_a_miss_into_a_hit(roll, expected):
    # Wren, 2 Kaos, Short Bow: roll + 3 against 14
    game = start([roll], ranger__kaos=2)
    answer(game, "decline", "attack:p1:weapon-1")
    assert game.pending.kind == "kaos"
    assert bot_choice(game) == expected


@pytest.mark.parametrize("ruling, expected", [("prevents-drop", "kaos:0"), ("turns-check", "kaos:1")])
def test_heuristic_spends_kaos_on_a_natural_1_with_the_dagger_only_if_it_turns_the_check(
        ruling, expected):
    # Wren, 2 Kaos, Mystic Dagger: natural 1 + 3 = 4 already reaches Defense 4, but a natural 1
    # hits only with Kaos spent on it (kaos-natural-1=turns-check)
    game = start([1], ranger__kaos=2, knight__defense=0, sets={
        "characters.cards.knight.patron.defense": 0, "items.cards.chain-mail.defense": 4},
        rulings={"kaos-natural-1": ruling})
    answer(game, "decline", "attack:p1:dagger-ranged")
    assert game.pending.kind == "kaos"
    assert bot_choice(game) == expected


def test_heuristic_rerolls_a_miss_and_keeps_a_hit():
    for roll, expected in ((4, "reroll"), (1, "reroll"), (12, "keep")):
        game = start([roll], keep=("ranger",))
        answer(game, "decline", "attack:p1:weapon-1")
        assert game.pending.kind == "reroll"
        assert bot_choice(game) == expected


def test_a_view_hides_hidden_rooms_and_the_deck_order():
    game = start(options={"players": 3, "hidden": "p3"})
    for seat, sees in (("p1", None), ("p3", "entrance"), (None, "entrance")):
        assert game.view(seat)["state"]["players"]["p3"]["room"] == sees
    deck = game.view("p1")["state"]["deck"]
    assert deck == {"cards": 13, "discard": []}


def test_render_shows_combatants_order_health_defense_weapons_kaos_rerolls():
    game = start([1], keep=("knight",))
    answer(game, "attack:p2:weapon-1", "keep", "kaos:0", "decline")
    picture = game.ruleset.render(game.view("p1"))
    assert "COMBAT in Entrance (ambush: p1 -> p2)" in picture
    assert ">1. p1 Sir Brannock: Health 12/12, Defense 14" in picture
    assert "Kaos 2, Rerolls 1" in picture  # 1 Kaos gained with the natural 1
    assert "Rerolls 1 · Entrance" in picture
    assert "Longsword 1d8 melee [DROPPED, face down]" in picture
    assert "Mystic Dagger" in picture and "Jelly Pit [Jelly Cube]" in picture
    assert data(game, "weapon.dropped")


def run(args, capsys, monkeypatch, stdin=""):
    import io

    monkeypatch.setattr(sys, "argv", ["rulekeeper", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        cli.main()
        code = 0
    except SystemExit as done:
        code = done.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_play_with_four_players_in_the_terminal(capsys, monkeypatch):
    code, out, _ = run(["play", "combat-encounter", "--players", "4", "--seed", "2"],
                       capsys, monkeypatch, stdin="1\n" * 400)
    assert code == 0
    assert "COMBAT in Entrance" in out and "Player 1 (Sir Brannock) Ambushes Player 2 (Wren)" in out
    assert "Game over" in out or "Game stopped" in out


def test_bots_play_the_terminal_game_to_its_end(capsys, monkeypatch):
    code, out, _ = run(["play", "combat-encounter", "--players", "4", "--agents", "heuristic",
                        "--start", "challenge", "--hidden", "p4"], capsys, monkeypatch)
    assert code == 0 and "Game over" in out and "Challenges Player 2 (Wren)" in out


@pytest.mark.parametrize("args, message", [(["--players", "9"], "--players"),
                                           (["--start", "duel"], "--start")])
def test_bad_play_options_are_one_line(args, message, capsys, monkeypatch):
    code, _, err = run(["play", "combat-encounter", *args], capsys, monkeypatch)
    assert code == 2 and message in err and "Traceback" not in err


def test_seating_agents_for_every_player():
    game = new_game("combat-encounter", options={"players": 6})
    agents = seat_agents(game.ruleset, game.seats, ["heuristic"], 0)
    assert sorted(agents) == ["p1", "p2", "p3", "p4", "p5", "p6"]
