"""Ability checks with Action dice (sample rules) and ruling action-die."""

import pytest

from rulekeeper.core.rng import Rng
from rulekeeper.rulesets.enemy_attacks.checks import count_faces, roll_action_dice
from tests.rulesets.enemy_attacks.helpers import events, figure, pass_heroes, start


def ghoul_on(hero="brannoc", dice=(), **kw):
    """The ghoul (melee, 3 damage, Might check) attacks ``hero`` in a."""
    return pass_heroes(start(heroes=[(hero, "a")], enemies=[("ghoul", "a")], dice=list(dice),
                             **kw))


@pytest.mark.rule("sample.check.dice")
def test_a_check_rolls_the_level_in_the_ability():
    game = ghoul_on("brannoc", ["one", "one", "one"])
    check = events(game, "check")[0]
    assert check["dice"] == 3 and check["faces"] == ["one", "one", "one"]
    assert check["successes"] == 3 and figure(game, "brannoc").wounded == 0


@pytest.mark.rule("sample.check.dice")
def test_level_zero_rolls_no_dice():
    # the War Hound has Will 0; the witch's stamina attack asks a Will check
    game = pass_heroes(start(heroes=[("brannoc", "e")], allies=[("hound", "c")],
                             enemies=[("witch", "a")], sets={"enemies.enemies.witch.attack.area":
                                                             None}, dice=["two"] * 5))
    check = events(game, "check")[0]
    assert check["dice"] == 0 and check["faces"] == ["no dice"] and check["successes"] == 0
    assert figure(game, "hound").health == 1
    assert game.table.rng.scripted_left == 5  # no die was rolled


@pytest.mark.rule("sample.check.face.blank", "sample.check.face.numbers")
@pytest.mark.parametrize("faces,successes", [
    (["blank", "blank", "blank"], 0), (["one", "blank", "blank"], 1),
    (["two", "blank", "blank"], 2), (["two", "one", "blank"], 3), (["two", "two", "one"], 5)])
def test_face_values(faces, successes):
    game = ghoul_on("brannoc", faces)
    assert events(game, "check")[0]["successes"] == successes
    assert figure(game, "brannoc").wounded == max(3 - successes, 0)


@pytest.mark.rule("sample.check.face.extra")
def test_an_extra_face_adds_a_die_and_extra_dice_chain():
    # Ayla (Might 1): extra -> extra -> extra -> one: 4 successes from one die
    game = ghoul_on("ayla", ["extra", "extra", "extra", "one"])
    check = events(game, "check")[0]
    assert check["faces"] == ["extra", "extra", "extra", "one"] and check["successes"] == 4
    assert check["extra"] == " with 3 extra dice"
    assert figure(game, "ayla").wounded == 0


@pytest.mark.rule("sample.check.face.extra")
def test_roll_action_dice_rolls_extra_dice_into_the_same_check():
    game = start()
    die = game.table.state.die
    rolled = roll_action_dice(Rng(0, ["extra", "blank", "extra", "two"]), die, 2)
    assert rolled == ["extra", "blank", "extra", "two"]
    assert count_faces(die, rolled) == (4, 0)


@pytest.mark.rule("sample.check.face.stamina-hero")
def test_a_hero_may_spend_up_to_two_stamina_per_stamina_face():
    game = ghoul_on("brannoc", ["stamina", "stamina", "blank"])
    decision = game.pending
    assert decision.kind == "spend-stamina" and decision.player == "p1"
    assert decision.ids == tuple(f"spend-{n}" for n in range(5))
    game.step("spend-3")
    brannoc = figure(game, "brannoc")
    assert (brannoc.ready, brannoc.spent, brannoc.wounded) == (4, 3, 0)
    assert events(game, "stamina-spent")[0]["successes"] == 3


@pytest.mark.rule("sample.check.face.stamina-hero")
def test_no_more_stamina_than_ready_chips():
    # Ayla with 1 chip left ready
    game = ghoul_on("ayla", ["stamina"], sets={"allies.heroes.ayla.stamina": 1})
    assert game.pending.ids == ("spend-0", "spend-1")


@pytest.mark.rule("sample.check.face.stamina-hero")
def test_no_decision_without_a_ready_chip():
    game = start(heroes=[("ayla", "a")], enemies=[("ghoul", "a")], rounds=2,
                 sets={"allies.heroes.ayla.stamina": 3}, dice=["stamina", "stamina"])
    pass_heroes(game).step("spend-1")  # 1 spent; the other 2 damage wound 2 ready chips
    assert figure(game, "ayla").ready == 0
    pass_heroes(game)
    assert events(game, "stamina-face-no-chips")


@pytest.mark.rule("sample.check.face.stamina-non-hero")
def test_a_stamina_face_gives_a_non_hero_ally_nothing():
    game = pass_heroes(start(heroes=[("brannoc", "e")], allies=[("hound", "a")],
                             enemies=[("ghoul", "a")], dice=["stamina", "stamina"]))
    assert game.pending is None or game.pending.kind != "spend-stamina"
    assert events(game, "check")[0]["successes"] == 0
    assert events(game, "stamina-face-ignored")[0]["faces"] == 2
    assert figure(game, "hound").health == 1


@pytest.mark.rule("ruling.action-die")
@pytest.mark.parametrize("ruling,taken", [("default", 3), ("six-faces", 0)])
def test_ruling_action_die_picks_the_face_list(ruling, taken):
    # the second entry is a blank on the default die and a 1 on the six-faces die
    game = ghoul_on("brannoc", [2, 2, 2], rulings={"action-die": ruling})
    assert figure(game, "brannoc").wounded == taken
    assert len(game.table.state.die.names) == (7 if ruling == "default" else 6)


@pytest.mark.rule("ruling.action-die")
def test_the_face_lists_are_content_data():
    faces = {"dice.action_die.dice.default": ["two"]}
    game = ghoul_on("brannoc", sets=faces, seed=3)
    assert events(game, "check")[0]["faces"] == ["two", "two", "two"]
