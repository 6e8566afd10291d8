"""Views hide what a seat may not know; the terminal picture; playing in the terminal."""

import io
import json
import sys

from rulekeeper import cli
from rulekeeper.core.game import new_game

from .helpers import start


def test_each_hand_is_shown_only_to_its_owner_and_deck_order_to_no_one():
    game = start()
    red = game.view("red")["state"]["players"]
    assert len(red["red"]["hand"]) == 4 and red["blue"]["hand"] is None
    assert red["blue"]["hand_size"] == 4 and red["red"]["deck"] == 6
    blue = game.view("blue")["state"]["players"]
    assert blue["red"]["hand"] is None and len(blue["blue"]["hand"]) == 4
    observer = game.view(None)["state"]["players"]
    assert observer["red"]["hand"] and observer["blue"]["hand"]
    json.dumps(game.view("red"))  # JSON-able
    hidden = [e for e in game.events if e.kind == "draw.cards"]
    assert {e.to for e in hidden} == {("red",), ("blue",)}


def test_render_lists_areas_with_fighters_and_objectives():
    game = start()
    picture = game.ruleset.render(game.view("red"))
    assert " A Red Camp      BCDE    CD       red Empyreal 3/1/2 V," in picture
    assert "blue's gravestone at Cairn" in picture
    assert "red: The Shroud led by The Countess" in picture
    assert "hand: 4 cards, hidden" in picture  # blue's hand, seen by red
    red_hand = game.view("red")["state"]["players"]["red"]["hand"]
    assert all(game.table.state.card_name(c) in picture for c in red_hand)


def test_a_person_plays_a_whole_game_in_the_terminal(capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["rulekeeper", "play", "dire-alliance-battle", "--seed",
                                      "2", "--set", "scenarios.beaten-path.round_limit=3"])
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
    try:
        cli.main()
    except SystemExit as done:
        assert done.code in (0, None)
    out = capsys.readouterr().out
    assert "Game over" in out and "area          borders sees" in out
    assert "Aggressor Turn 1: play a card (1 of 2)" in out


def test_bad_content_is_one_clear_error(tmp_path):
    (tmp_path / "factions.yaml").write_text("- id: shroud\n  name: x\n  objective: vessel\n"
                                            "  fighters:\n    - id: a\n      name: A\n"
                                            "      melee: -1\n")
    import pytest

    from rulekeeper.core.errors import ContentError
    with pytest.raises(ContentError, match=r"factions.yaml:7: 0.fighters.0.melee"):
        new_game("dire-alliance-battle", content=str(tmp_path))
