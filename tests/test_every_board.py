"""Every ruleset's boards can be read: no two pieces a seat sees share a label, and each
area's name is written clear of the walls, of the board's edge and of the other names."""

from __future__ import annotations

import pytest
from shapely import LineString, box

from rulekeeper.agents import make_agent
from rulekeeper.core import registry
from rulekeeper.core.game import new_game
from rulekeeper.core.view import name_box


def labels_seen(ruleset: str, seed: int, steps: int) -> list[list[str]]:
    """The pieces' labels of every table every seat (and an observer) saw, step by step, in
    a game of random decisions."""
    game = new_game(ruleset, seed=seed)
    seen = []
    for step in range(steps):
        seen += [[p.label for p in game.table_view(seat).pieces()]
                 for seat in (None, *game.seats)]
        if game.pending is None:
            break
        agent = make_agent("random", game.ruleset, game.pending.player, step)
        game.step(agent.choose(game.view(game.pending.player), game.pending))
    return seen


@pytest.mark.parametrize("ruleset", sorted(registry.BUILT_IN))
def test_no_two_pieces_share_a_label(ruleset):
    chosen = registry.load(ruleset)
    content, _ = chosen.load_content()
    if chosen.drawing.board(content, chosen.pick_scenario(content, None)).kind != "areas":
        pytest.skip(f"{ruleset} has no board of areas: no pieces")
    tables = labels_seen(ruleset, 0, 80)
    for labels in tables:
        assert all(0 < len(label) <= 4 for label in labels), labels
        assert len(set(labels)) == len(labels), labels
    assert any(len(labels) >= 2 for labels in tables)


def test_pieces_of_one_name_are_told_apart():
    """A Raid's minions of one kind (five Reclaimed) get labels of their own."""
    tables = labels_seen("dire-alliance-raid", 1, 400)
    assert max(sum(label.startswith("Re") for label in t) for t in tables) >= 3


@pytest.mark.parametrize("ruleset", sorted(registry.BUILT_IN))
def test_area_names_are_clear_of_walls_and_of_each_other(ruleset):
    chosen = registry.load(ruleset)
    content, _ = chosen.load_content()
    for scenario in chosen.scenarios(content) or [None]:
        board = chosen.drawing.geometry(content, scenario, chosen.meta.players)
        walls = [LineString(w) for w in board.walls]
        edge = box(0, 0, *board.size)
        names = [name_box(a.name, a.label_at, board.font) for a in board.areas]
        for area, name in zip(board.areas, names, strict=True):
            assert edge.contains(name), area.id
            assert not any(w.intersects(name) for w in walls), (scenario, area.id)
            assert not any(o.intersects(name) for o in names if o is not name), area.id
