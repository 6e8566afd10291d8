"""A seat whose pieces the rules took out while the game goes on is said to be out of play
(``TableView.out``, with why in the ruleset's words, English and French): a combat
encounter's dead Player, an enemy-attacks player whose every Hero is wounded out. Every seat
and a spectator see it; the seat is never asked for a turn of its pieces again."""

from __future__ import annotations

import random

import pytest

from rulekeeper.core import registry
from rulekeeper.core.game import SPECTATOR, new_game
from rulekeeper.core.view import translated

OUT = [("combat-encounter", {"players": 3}, {"p3": "Grub is dead"}, {"p3": "Grub est mort"}),
       ("enemy-attacks", {"players": 2}, {"p2": "its 2 heroes are wounded out"},
        {"p2": "ses 2 héros sont hors de combat"})]
"""A game of each ruleset (seed 0, seeded random moves) in which a seat is out of play."""


def until_out(ruleset_id: str, options: dict):
    """The game, played by seeded random moves, at the first step a seat is out of play."""
    game = new_game(ruleset_id, seed=0, options=options)
    pick = random.Random(0)
    while not game.table_view(SPECTATOR).out:
        assert not game.over and game.pending is not None
        game.step(pick.choice(game.pending.ids))
    return game, pick


@pytest.mark.parametrize("ruleset_id, options, english, french", OUT)
def test_a_seat_out_of_play_is_said_while_the_game_goes_on(ruleset_id, options, english,
                                                           french):
    game, pick = until_out(ruleset_id, options)
    assert not game.over
    words = registry.load(ruleset_id).messages.wording("fr")
    for seat in (*game.seats, SPECTATOR):
        table = game.table_view(seat)
        assert table.out == english, seat
        assert translated(table, words).out == french, seat
    (out,) = english
    while not game.over and game.pending is not None:  # never asked for its pieces' turn
        assert (game.pending.player, game.pending.kind) != (out, "hero-turn")
        assert game.pending.player != out or ruleset_id == "enemy-attacks"
        assert game.table_view(out).out.keys() >= {out}
        game.step(pick.choice(game.pending.ids))


@pytest.mark.parametrize("ruleset_id", ["combat-encounter", "enemy-attacks",
                                        "dire-alliance-battle", "dire-alliance-raid"])
def test_no_seat_is_out_of_play_at_the_start(ruleset_id):
    game = new_game(ruleset_id, seed=0)
    assert all(game.table_view(seat).out == {} for seat in (*game.seats, SPECTATOR))


def test_the_lead_player_out_of_play_still_makes_the_groups_decisions():
    drawing = registry.load("enemy-attacks").drawing
    heroes = {"a": {"name": "Aldric", "wounded": 3, "chips": 3},
              "b": {"name": "Bryn", "wounded": 1, "chips": 3}}
    out = drawing.out({"p1": ["a"], "p2": ["b"]}, heroes)
    assert out == {"p1": "Aldric is wounded out · it still makes the group's decisions"}
    assert registry.load("enemy-attacks").messages.wording("fr")(out["p1"]) == (
        "Aldric est hors de combat · il prend encore les décisions du groupe")
