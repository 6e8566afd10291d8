"""The typed view (core/view.py): a seat's table made from its view only, unique short
labels, what options name, boards of areas, and what a ruleset without a drawing gets."""

from __future__ import annotations

from typing import Any

import pytest
from shapely import LineString

from rulekeeper.core import registry
from rulekeeper.core.board import AreaSpec, BoardSpec
from rulekeeper.core.game import new_game
from rulekeeper.core.view import (
    PALETTE,
    Drawing,
    Piece,
    TableView,
    areas_board,
    labelled,
    name_box,
    named_in,
    short_labels,
    translated,
)
from tests.core.test_skeleton import March


def test_a_seat_sees_the_other_hand_and_card_as_counts_only():
    game = new_game("duel", seed=1)
    game.step(game.pending.ids[0])  # north plays a card face down
    north_card = int(game.decisions[0])
    south = game.table_view("south")
    piles = {p.seat: p.piles[0] for p in south.panels}
    assert piles["north"].cards is None and piles["north"].count == 2
    assert [c.name for c in piles["south"].cards] == [
        str(c) for c in sorted(game.table.state.hands["south"])]
    assert [m.name for m in south.areas["middle"].marks] == ["north's card, face down"]
    north = game.table_view("north")
    assert [m.name for m in north.areas["middle"].marks] == [
        f"north's card, face down ({north_card})"]


def test_the_pending_decision_names_places_only_for_its_seat():
    game = new_game("dire-alliance-battle", seed=7)
    seat = game.pending.player
    assert game.pending.kind == "play-card"
    mine = game.table_view(seat).targets
    assert mine and all(ids == [f"{seat}.{card}"] for card, ids in mine.items())
    other = next(s for s in game.seats if s != seat)
    assert game.table_view(other).targets == {}


def test_options_name_the_longest_id_they_end_with():
    assert named_in(["move:old-mill", "attack:p2:weapon-1", "move-west-hall", "pass"],
                    ["old-mill", "mill", "p2", "hall", "west-hall"]) == {
        "move:old-mill": ["old-mill"], "attack:p2:weapon-1": ["p2"],
        "move-west-hall": ["west-hall"]}


def test_short_labels_are_unique_and_plain():
    names = [("a", "The Countess"), ("b", "Caretaker"), ("c", "Cartographer"),
             ("d", "Car"), ("e", "Sister Maren"), ("f", "Mourner"), ("g", "Mourner"),
             ("h-3", "Ghoul"), ("h-12", "Ghoul"), ("i", "Brannoc the Shield"),
             ("j", "Bone Shaper"), ("k", "X")]
    labels = short_labels(names, taken={"Mou"})
    assert len(set(labels)) == len(labels) and "Mou" not in labels
    assert all(1 <= len(label) <= 4 for label in labels)
    assert labels[:2] == ["Cou", "Car"] and labels[2] != "Car"
    assert labels[5:7] == ["Mo1", "Mo2"] and labels[7:9] == ["Gh3", "G12"]
    assert labels[9] == "BS" and labels[10] != "BS"


def test_labels_given_are_kept_unless_two_pieces_share_one():
    pieces = [Piece(id="p1", name="Sir Brannock", label="p1", side="p1"),
              Piece(id="x", name="Ghoul", label="G", side="enemy"),
              Piece(id="y", name="Goblin", label="G", side="enemy"),
              Piece(id="z", name="Gargoyle", side="enemy")]
    labelled(pieces)
    labels = [p.label for p in pieces]
    assert labels[0] == "p1" and len(set(labels)) == 4 and "G" not in labels


def test_a_label_core_made_is_made_again_from_the_name_in_other_words():
    """A page in French labels a piece from its French name (*Le Roi Creux*: ``RC``, not
    *The Hollow King*'s ``HK``), as core labels it from its English name, unique on the table;
    a label the ruleset gave stays."""
    pieces = [Piece(id="p1", name="Sir Brannock", label="p1", side="p1"),
              Piece(id="k", name="The Hollow King", side="villain"),
              Piece(id="c", name="Bone Colossus", side="enemy"),
              Piece(id="s", name="Sister Maren", side="hero1"),
              Piece(id="g-1", name="Ghoul", side="enemy"), Piece(id="g-2", name="Ghoul",
                                                                side="enemy")]
    labelled(pieces)
    table = TableView(offboard=pieces)
    assert [p.label for p in pieces] == ["p1", "HK", "BC", "Mar", "Gh1", "Gh2"]
    french = {"The Hollow King": "Le Roi Creux", "Bone Colossus": "Colosse d'os",
              "Sister Maren": "Sœur Maren", "Ghoul": "Goule", "Sir Brannock": "Papa"}
    said = translated(table, lambda text: french.get(text, text))
    assert [p.label for p in said.pieces()] == ["p1", "RC", "CO", "Mar", "Go1", "Go2"]
    assert translated(table, lambda text: text) == table
    assert [p.label for p in pieces] == ["p1", "HK", "BC", "Mar", "Gh1", "Gh2"]  # unchanged


def test_area_names_go_clear_of_walls():
    spec = BoardSpec(id="b", areas=[
        AreaSpec(id="hall", name="The Long Hall", neighbours=["yard"], sight=(0, 0)),
        AreaSpec(id="yard", name="Yard", neighbours=["hall"], sight=(2, 0))],
        walls=[((-1.5, 0.5), (1.5, 0.5))])  # right where the hall's name would go
    board = areas_board(spec)
    hall = board.areas[0]
    wall = LineString(board.walls[0])
    assert hall.label_at != (hall.point[0], round(hall.point[1] - 0.5, 3))
    assert not wall.intersects(name_box(hall.name, hall.label_at, board.font))
    assert board.sides == {}


class ViewedMarch(March):
    """The skeleton's March, with a view (its state) and no drawing of its own."""

    def view(self, table: Any, player: str | None) -> dict[str, Any]:
        return dict(table.state)


def test_a_ruleset_without_a_drawing_gets_its_facts_and_its_seats_colours():
    registry.register("march-v1", ViewedMarch)
    try:
        game = new_game("march", seed=1)
        game.step("2")
        assert type(ViewedMarch.drawing) is Drawing
        board = game.board()
        assert board.kind == "none" and board.sides["walker"].colour == PALETTE[0]
        table = game.table_view("walker")
        assert table.panels[0].facts == [("at", "2")]
        assert game.table_view("walker").targets == {}
    finally:
        registry.unregister("march-v1")


@pytest.mark.parametrize("ruleset", ["duel", *sorted(registry.BUILT_IN)])
def test_every_table_is_valid_json_for_the_page(ruleset):
    game = new_game(ruleset, seed=2)
    for seat in (None, *game.seats):
        table = game.table_view(seat)
        assert TableView.model_validate_json(table.model_dump_json()) == table
    board = game.board()
    assert set(game.seats) <= set(board.sides)
    if board.kind == "areas":
        assert set(table.areas) <= {a.id for a in board.areas}
