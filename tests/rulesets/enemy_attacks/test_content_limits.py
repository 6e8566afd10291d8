"""Content that used to hang or crash a game is refused at load with one error naming the file,
the line and the field; what is accepted is bounded (issue 12)."""

from __future__ import annotations

import time

import pytest
import yaml

from rulekeeper.agents import play_out, seat_agents
from rulekeeper.core.errors import ContentError
from rulekeeper.core.game import new_game
from rulekeeper.rulesets.enemy_attacks.models import MAX_FACE_ENTRIES
from rulekeeper.rulesets.enemy_attacks.ruleset import EnemyAttacksRuleset
from tests.core.test_cli import run
from tests.rulesets.enemy_attacks.helpers import board, start


def _sample(name):
    return yaml.safe_load((EnemyAttacksRuleset.content_dir / f"{name}.yaml").read_text())


def _played_fast(**kwargs):
    """Load and play a game with bots; return the processor time it took (or raise its
    error): not the wall clock's, which a busy machine stretches."""
    began = time.process_time()
    game = new_game("enemy-attacks", seed=3, **kwargs)
    play_out(game, seat_agents(game.ruleset, game.seats, ["heuristic"] * len(game.seats), 3))
    return time.process_time() - began


def _write(folder, name, data):
    (folder / f"{name}.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return str(folder)


@pytest.mark.rule("sample.check.face.extra")
def test_a_face_with_three_extra_dice_is_refused_where_it_is_written(tmp_path):
    """It used to pass the checks and play for ever (three dice for one: the chain grows)."""
    dice = _sample("dice")
    dice["action_die"]["faces"]["extra"]["extra"] = 3
    folder = _write(tmp_path, "dice", dice)
    began = time.process_time()
    with pytest.raises(ContentError) as caught:
        _played_fast(content=folder)
    assert time.process_time() - began < 1
    message = str(caught.value)
    assert message.startswith(f"{tmp_path}/dice.yaml:")
    assert caught.value.field == "action_die.faces.extra.extra"
    assert "less than or equal to 1" in message and len(message.splitlines()) == 1
    with pytest.raises(ContentError, match=r"^--set dice.action_die.faces.extra.extra: "):
        start(sets={"dice.action_die.faces.extra.extra": 2})


@pytest.mark.rule("sample.check.face.extra")
def test_odds_refuses_the_same_die_with_the_same_error(tmp_path, capsys, monkeypatch):
    dice = _sample("dice")
    dice["action_die"]["faces"]["extra"]["extra"] = 3
    folder = _write(tmp_path, "dice", dice)
    code, _, err = run(["odds", "enemy-attacks", "check", "--dice", "2", "--content", folder],
                       capsys, monkeypatch)
    assert code == 1 and "faces.extra.extra" in err and len(err.strip().splitlines()) == 1


@pytest.mark.rule("sample.check.face.extra")
def test_the_longest_chains_a_die_may_have_still_end_fast():
    """The most extra faces a face list may hold (all but one entry): every die is a chain
    of 100 dice on average; the game ends by its rules or by the work budget, quickly."""
    sets = {"dice.action_die.dice.default": ["blank"] + ["extra"] * (MAX_FACE_ENTRIES - 1)}
    assert _played_fast(content_set=sets) < 1
    with pytest.raises(ContentError, match=f"at most {MAX_FACE_ENTRIES} items"):
        start(sets={"dice.action_die.dice.default": ["blank"] * (MAX_FACE_ENTRIES + 1)})
    with pytest.raises(ContentError, match="at least one face without an extra die"):
        start(sets={"dice.action_die.dice.default": ["extra"]})


@pytest.mark.rule("sample.board.areas")
def test_a_two_point_outline_is_refused_not_a_crash_at_the_first_shot(tmp_path):
    """It used to crash at the first Enemy shot: A linearring requires at least 4 coordinates."""
    crypt = _sample("board")
    crypt["areas"][2]["polygon"] = [[4, 0], [6, 0]]
    folder = _write(tmp_path, "board", crypt)
    with pytest.raises(ContentError) as caught:
        _played_fast(content=folder, content_replace=True)
    assert caught.value.field == "areas.2.polygon" and caught.value.line is not None
    assert "an outline needs at least 3 distinct points, got 2" in str(caught.value)


@pytest.mark.rule("sample.board.areas")
@pytest.mark.parametrize(("neighbours", "field", "message"), [
    (["b", "u", "a"], "areas.0.neighbours.2", "area 'a' lists itself as a neighbour"),
    (["b", "u", "b"], "areas.0.neighbours.2", "area 'a' lists neighbour 'b' twice"),
    (["b", "zz"], "areas.0.neighbours.1", "area 'a' names unknown neighbour 'zz'"),
])
def test_an_area_listing_itself_twice_or_nothing_is_refused(neighbours, field, message):
    """A repeated neighbour used to offer the same Ally twice under one option id."""
    bad = board()
    bad["areas"][0]["neighbours"] = neighbours
    with pytest.raises(ContentError) as caught:
        new_game("enemy-attacks", content_set={"board": bad})
    assert caught.value.field == field and message in str(caught.value)
    assert str(caught.value).startswith(f"--set board: {field}: ")


@pytest.mark.rule("sample.figures.hero", "sample.figures.enemy")
@pytest.mark.parametrize(("path", "value", "message"), [
    ("allies.heroes.brannoc.might", True, "valid integer"),
    ("allies.heroes.brannoc.stamina", True, "valid integer"),
    ("allies.non_hero_allies.hound.health", False, "valid integer"),
    ("enemies.enemies.ghoul.health", True, "valid integer"),
    ("enemies.enemies.ghoul.attack.value", True, "valid integer"),
    ("dice.action_die.faces.one.successes", True, "valid integer"),
    ("scenarios.scenarios.test.rounds", True, "valid integer"),
    ("board.areas.a.capacity", True, "valid integer"),
    ("allies.heroes.brannoc.might", 11, "less than or equal to 10"),
    ("allies.heroes.brannoc.stamina", 10**9, "less than or equal to 30"),
    ("enemies.enemies.ogre.health", 10**9, "less than or equal to 100"),
    ("enemies.enemies.ghoul.attack.value", 10**6, "less than or equal to 20"),
    ("enemies.enemies.cultist.attack.range", 10**6, "less than or equal to 20"),
    ("enemies.enemies.ghoul.box.defeat.stars", 10**6, "less than or equal to 20"),
    ("allies.heroes.brannoc.taunt", -10**6, "greater than or equal to -99"),
])
def test_booleans_and_huge_numbers_are_refused(path, value, message):
    with pytest.raises(ContentError, match=message) as caught:
        start(sets={path: value})
    assert str(caught.value).startswith(f"--set {path}: ")


@pytest.mark.rule("sample.figures.hero")
def test_a_boolean_in_a_file_is_refused_naming_its_line(tmp_path):
    allies = _sample("allies")
    allies["heroes"][1]["agility"] = True
    folder = _write(tmp_path, "allies", allies)
    with pytest.raises(ContentError) as caught:
        new_game("enemy-attacks", content=folder)
    assert caught.value.field == "heroes.1.agility" and caught.value.line is not None
    assert str(caught.value).startswith(f"{tmp_path}/allies.yaml:{caught.value.line}: ")


@pytest.mark.rule("sample.figures.control")
def test_players_must_be_a_number(capsys, monkeypatch):
    code, _, err = run(["play", "enemy-attacks", "--agents", "heuristic", "--players", "true"],
                       capsys, monkeypatch)
    assert code == 2 and "option --players: Input should be a valid integer" in err
