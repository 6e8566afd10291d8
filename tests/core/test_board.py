import pytest
from pydantic import ValidationError

from rulekeeper.core.board import MAX_AREAS, AreaSpec, Board, BoardSpec


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
    with pytest.raises(ValidationError, match="area id 'a' is used twice"):
        BoardSpec(id="x", areas=[AreaSpec(id="a", neighbours=[]), AreaSpec(id="a", neighbours=[])])


BAD_AREAS = [
    ({"neighbours": ["a"]}, "neighbours.0", "area 'a' lists itself as a neighbour"),
    ({"neighbours": ["b", "b"]}, "neighbours.1", "area 'a' lists neighbour 'b' twice"),
    ({"polygon": [[0, 0], [1, 1]]}, "polygon", "at least 3 distinct points, got 2"),
    ({"polygon": [[0, 0], [1, 1], [0, 0], [1, 1]]}, "polygon", "at least 3 distinct points"),
    ({"polygon": [[0, 0], [1, 1], [2, 2]]}, "polygon", "enclose an area without crossing itself"),
    ({"polygon": [[0, 0], [2, 2], [2, 0], [0, 2]]}, "polygon", "without crossing itself"),
    ({"capacity": True}, "capacity", "valid integer"),
    ({"height": False}, "height", "valid integer"),
    ({"capacity": 10**6}, "capacity", "less than or equal to 100"),
    ({"sight": [True, 0]}, "sight.0", "valid number"),
    ({"sight": [float("nan"), 0]}, "sight.0", "finite number"),
    ({"polygon": [[0, 0], [1, 0], [1, float("inf")]]}, "polygon.2.1", "finite number"),
]


@pytest.mark.parametrize(("given", "field", "message"), BAD_AREAS)
def test_bad_areas_are_refused_naming_the_field(given, field, message):
    area = {"id": "a", "neighbours": [], **given}
    with pytest.raises(ValidationError) as caught:
        BoardSpec.model_validate({"id": "x", "areas": [area, {"id": "b", "neighbours": []}]})
    first = caught.value.errors()[0]
    assert ".".join(str(p) for p in first["loc"]) == f"areas.0.{field}"
    assert message in first["msg"]


def test_a_bad_neighbour_or_override_is_refused_where_it_is_written():
    with pytest.raises(ValidationError) as caught:
        BoardSpec.model_validate({"id": "x", "areas": [{"id": "a", "neighbours": ["b", "z"]},
                                                       {"id": "b", "neighbours": ["a"]}]})
    assert caught.value.errors()[0]["loc"] == ("areas", 0, "neighbours", 1)
    with pytest.raises(ValidationError) as caught:
        BoardSpec.model_validate({"id": "x", "areas": [{"id": "a", "neighbours": []}],
                                  "sight_overrides": [{"between": ["a", "q"], "sees": True}]})
    assert caught.value.errors()[0]["loc"] == ("sight_overrides", 0, "between", 1)
    assert "unknown area 'q'" in caught.value.errors()[0]["msg"]


def test_a_board_cannot_have_more_areas_than_the_maximum():
    areas = [{"id": f"a{i}", "neighbours": []} for i in range(MAX_AREAS + 1)]
    with pytest.raises(ValidationError, match=f"at most {MAX_AREAS} items"):
        BoardSpec.model_validate({"id": "x", "areas": areas})


def _board_paths(ruleset):
    """The --set path of the first area of every board in a ruleset's content, with its data."""
    import typing

    data, _ = ruleset.content_set.raw()
    for name, field in ruleset.content_model.model_fields.items():
        kind = field.annotation
        if isinstance(kind, type) and issubclass(kind, BoardSpec):
            yield f"{name}.areas.0", data[name]["areas"][0]
        elif typing.get_origin(kind) is list and issubclass(typing.get_args(kind)[0], BoardSpec):
            yield f"{name}.0.areas.0", data[name][0]["areas"][0]


def _rulesets_with_boards():
    from rulekeeper.core import registry

    return [r for r in registry.ids() if list(_board_paths(registry.load(r)))]


@pytest.mark.parametrize("ruleset_id", _rulesets_with_boards())
def test_every_rulesets_boards_refuse_self_repeated_and_boolean_values(ruleset_id):
    from rulekeeper.core import registry
    from rulekeeper.core.errors import ContentError

    ruleset = registry.load(ruleset_id)
    for path, area in _board_paths(ruleset):
        neighbours = area["neighbours"]
        for given, message in (([*neighbours, area["id"]], "lists itself as a neighbour"),
                               ([*neighbours, *neighbours[:1]], "twice")):
            with pytest.raises(ContentError, match=message):
                ruleset.load_content(None, {f"{path}.neighbours": given})
        with pytest.raises(ContentError, match="valid integer"):
            ruleset.load_content(None, {f"{path}.height": True})
        with pytest.raises(ContentError, match="at least 3 distinct points"):
            ruleset.load_content(None, {f"{path}.polygon": [[0, 0], [1, 1]]})
