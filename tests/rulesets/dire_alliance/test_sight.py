"""Line of sight on the Darkwood (battle.line-of-sight.*)."""

import pytest
from shapely import LineString

from rulekeeper.rulesets.dire_alliance import actions

from .helpers import fighter, place, start, table


def crosses_a_wall(board, a, b):
    line = LineString([board.areas[a].sight, board.areas[b].sight])
    return any(line.intersects(LineString(w)) for w in board.spec.walls)


@pytest.mark.rule("battle.line-of-sight.line", "battle.line-of-sight.blocked",
                  "battle.line-of-sight.clear")
def test_sight_is_the_line_between_designators_and_black_lines_block_it():
    board = table(start()).board
    blocked = clear = 0
    for a in board.ids:
        for b in board.ids:
            if a != b:
                assert board.sees(a, b) == (not crosses_a_wall(board, a, b))
                assert board.sees(a, b) == board.sees(b, a)
                blocked += not board.sees(a, b)
                clear += board.sees(a, b)
    assert blocked > 20 and clear > 20
    # the Old Mill's south wall hides the Red Camp from the mill
    assert not board.sees("old-mill", "red-camp") and board.adjacent("old-mill", "red-camp")


@pytest.mark.rule("battle.line-of-sight.own-area", "battle.line-of-sight.components")
def test_a_fighter_sees_its_own_area_and_fighters_never_block_sight():
    game = start()
    t = table(game)
    assert all(t.board.sees(a, a) for a in t.board.ids)
    place(game, red_devoted="crossroads", red_empyreal="crossroads", blue_mourner="hanging-tree")
    ids = [i for i, _ in actions.options(t, fighter(game, "red.devoted"))]
    assert "focus:red.empyreal" in ids  # in its own area
    # many fighters standing between the designators change nothing
    place(game, blue_butcher="chapel-ruins", blue_caretaker="chapel-ruins", red_hypnotist="well")
    assert t.sees(fighter(game, "red.hypnotist"), "crossroads")
    assert "shoot:blue.mourner" in [i for i, _ in actions.options(t, fighter(game, "red.devoted"))]
