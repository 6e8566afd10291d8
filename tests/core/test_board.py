import pytest
from pydantic import ValidationError

from rulekeeper.core.board import AreaSpec, Board, BoardSpec


def square_board(**kw) -> Board:
    """a b c in a row, d below b; a wall between b and c's sight points."""
    areas = [
        AreaSpec(id="a", neighbours=["b"], sight=(0, 0), polygon=[(-.5, -.5), (.5, -.5), (.5, .5), (-.5, .5)]),
        AreaSpec(id="b", neighbours=["a", "c", "d"], sight=(1, 0), capacity=2, height=1,
                 polygon=[(.5, -.5), (1.5, -.5), (1.5, .5), (.5, .5)]),
        AreaSpec(id="c", neighbours=["b"], sight=(2, 0), polygon=[(1.5, -.5), (2.5, -.5), (2.5, .5), (1.5, .5)]),
        AreaSpec(id="d", neighbours=["b"], sight=(1, -2)),
        AreaSpec(id="e", neighbours=[], sight=(5, 5)),
    ]
    return Board(BoardSpec(id="t", areas=areas, walls=[((1.7, -1), (1.7, 1))], **kw))


def test_adjacency_and_distance_in_borders():
    board = square_board()
    assert board.adjacent("a", "b") and not board.adjacent("a", "c")
    assert board.distance("a", "a") == 0
    assert board.distance("a", "c") == 2 and board.distance("a", "d") == 2
    assert board.distance("a", "e") == float("inf")
    assert sorted(board.within("a", 1)) == ["a", "b"]


def test_steps_toward_follow_shortest_paths():
    board = square_board()
    assert board.steps_toward("a", "c") == ["b"]
    assert board.steps_toward("c", "c") == []
    assert board.steps_toward("a", "e") == []
    assert board.steps_toward("a", "c", allowed=["a", "c"]) == []


def test_line_of_sight_from_geometry():
    board = square_board()
    assert board.sees("a", "b") and board.sees("b", "a")
    assert not board.sees("a", "c") and not board.sees("b", "c")
    assert board.sees("c", "c")
    assert board.sees("a", "d")


def test_sight_overrides_win_over_geometry():
    from rulekeeper.core.board import SightOverride
    board = square_board(sight_overrides=[SightOverride(between=("a", "c"), sees=True),
                                          SightOverride(between=("a", "b"), sees=False)])
    assert board.sees("a", "c") and board.sees("c", "a")
    assert not board.sees("a", "b")


def test_capacity_and_height_are_area_attributes():
    board = square_board()
    assert board.areas["b"].capacity == 2 and board.areas["b"].height == 1
    assert board.areas["a"].capacity is None and board.areas["a"].height == 0


def test_areas_a_sight_line_crosses():
    board = square_board()
    assert board.areas_crossed("a", "c") == ["b"]
    assert board.areas_crossed("a", "b") == []


def test_bad_boards_are_refused():
    with pytest.raises(ValidationError, match="unknown neighbour"):
        BoardSpec(id="x", areas=[AreaSpec(id="a", neighbours=["z"])])
    with pytest.raises(ValidationError, match="repeat"):
        BoardSpec(id="x", areas=[AreaSpec(id="a", neighbours=[]), AreaSpec(id="a", neighbours=[])])
