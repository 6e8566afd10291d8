"""Damage from an Enemy attack: the reactive check, and obstructed aim."""

import pytest

from tests.rulesets.enemy_attacks.helpers import attack_card, events, figure, pass_heroes, start

NO_DICE = ["blank"] * 12


def damage_to(game, fid):
    return figure(game, fid).wounded if hasattr(figure(game, fid), "wounded") else (
        figure(game, fid).spec.health - figure(game, fid).health)


def shot(heroes, enemies=(("cultist", "a"),), allies=(), dice=NO_DICE, **kw):
    """Let the heroes pass; return the game after the cultist's (or other) attack."""
    return pass_heroes(start(heroes=heroes, enemies=enemies, allies=allies, dice=dice, **kw))


@pytest.mark.rule("damage.attack.damages-ally")
def test_a_damage_attack_deals_its_value():
    game = shot([("brannoc", "a")], [("ghoul", "a")])
    assert figure(game, "brannoc").wounded == 3
    assert events(game, "attack-result")[0]["final"] == 3


@pytest.mark.rule("damage.reactive-check.rolled")
def test_the_attacked_ally_rolls_a_reactive_check_hero_or_not():
    game = shot([("brannoc", "b")], [("ghoul", "a")], allies=[("hound", "a")])
    check = events(game, "check")[0]
    assert check["figure"] == "War Hound" and "reactive check" in check["purpose"]
    assert [e.rule for e in game.events if e.kind == "check"] == ["sample.check.dice"]


@pytest.mark.rule("damage.reactive-check.ability")
@pytest.mark.parametrize("ability,dice", [("might", 3), ("agility", 1), ("will", 1)])
def test_the_check_rolls_the_level_of_the_ability_shown(ability, dice):
    card = attack_card(kind="melee", effect="damage", value=3, ability=ability)
    game = shot([("brannoc", "a")], [("ghoul", "a")], sets=card)
    check = events(game, "check")[0]
    assert check["ability"] == ability.title() and check["dice"] == dice
    assert len(check["faces"]) == dice


@pytest.mark.rule("damage.reactive-check.reduces", "ruling.reactive-check")
@pytest.mark.parametrize("faces,taken", [
    (["blank", "blank", "blank"], 3), (["one", "blank", "blank"], 2),
    (["one", "one", "blank"], 1), (["two", "one", "blank"], 0), (["two", "two", "two"], 0)])
def test_each_success_reduces_the_damage_by_one_never_below_zero(faces, taken):
    game = shot([("brannoc", "a")], [("ghoul", "a")], dice=faces)
    assert figure(game, "brannoc").wounded == taken
    assert events(game, "attack-result")[0]["final"] == taken


@pytest.mark.rule("ruling.reactive-check")
@pytest.mark.parametrize("faces,taken", [
    (["blank", "blank", "blank"], 3), (["one", "one", "blank"], 3), (["two", "one", "blank"], 0)])
def test_ruling_reactive_check_all_or_nothing(faces, taken):
    game = shot([("brannoc", "a")], [("ghoul", "a")], dice=faces,
                rulings={"reactive-check": "all-or-nothing"})
    assert figure(game, "brannoc").wounded == taken
    assert "all-or-nothing" in events(game, "attack-result")[0]["how"]


@pytest.mark.rule("damage.obstructed-aim.enemy")
def test_melee_attacks_are_never_reduced_by_obstructed_aim():
    # figures all around: the ghoul's melee attack still deals its full value
    game = shot([("brannoc", "a")], [("ghoul", "a"), ("gargoyle", "a")],
                allies=[("torchbearer", "a")], caps={"a": 4})
    result = events(game, "attack-result")[0]
    assert result["final"] == 3 and "obstructed" not in result["how"]


@pytest.mark.rule("damage.obstructed-aim.enemy", "obstructed-aim.figures-in-target-area")
@pytest.mark.parametrize("others,taken", [((), 3), ((("gargoyle", "c"),), 2)])
def test_an_enemy_in_the_target_area_obstructs_a_ranged_attack(others, taken):
    game = shot([("brannoc", "c")], enemies=[("cultist", "a"), *others])
    assert figure(game, "brannoc").wounded == taken


@pytest.mark.rule("obstructed-aim.figures-in-target-area")
def test_an_ally_in_the_target_area_obstructs_too():
    # the Torchbearer (Taunt 2) stands with Brannoc (Taunt 4), who is attacked
    game = shot([("brannoc", "c")], allies=[("torchbearer", "c")])
    result = events(game, "attack-result")[0]
    assert result["ally"] == "Brannoc the Shield" and result["final"] == 2
    assert "figures in Brannoc the Shield's area: Torchbearer" in result["how"]
    assert [e.rule for e in game.events if e.kind == "attack-result"] == \
        ["obstructed-aim.reduce-by-1"]


@pytest.mark.rule("obstructed-aim.figures-in-line-of-sight")
@pytest.mark.parametrize("where,taken", [("b", 2), ("u", 3), ("d", 3)])
def test_figures_in_an_area_the_line_of_sight_passes_through(where, taken):
    # the sight line from a to c passes through b only
    game = shot([("brannoc", "c")], enemies=[("cultist", "a"), ("gargoyle", where)])
    assert figure(game, "brannoc").wounded == taken
    if taken == 2:
        assert "B, which the line of sight passes through: Gargoyle" in \
            events(game, "attack-result")[0]["how"]


@pytest.mark.rule("obstructed-aim.allies-in-enemy-area")
def test_another_ally_in_the_enemys_area_obstructs():
    game = shot([("brannoc", "a"), ("miren", "a")], rulings={"point-blank": "others-only"})
    game.step("keep-brannoc")
    result = events(game, "attack-result")[0]
    assert result["ally"] == "Brannoc the Shield" and result["final"] == 2
    assert "Allies in the attacker's area: Miren of the Ash" in result["how"]


@pytest.mark.rule("obstructed-aim.allies-in-enemy-area")
def test_another_enemy_in_the_enemys_area_does_not_obstruct():
    # the gargoyle stands with the cultist in a; b, on the sight line to c, is empty
    game = shot([("brannoc", "c")], enemies=[("cultist", "a"), ("gargoyle", "a")])
    result = events(game, "attack-result")[0]
    assert result["final"] == 3 and "aim not obstructed" in result["how"]
    assert figure(game, "brannoc").wounded == 3


@pytest.mark.rule("obstructed-aim.allies-in-enemy-area", "obstructed-aim.once", "ruling.point-blank")
@pytest.mark.parametrize("ruling,taken", [("obstructed", 2), ("others-only", 3)])
def test_ruling_point_blank(ruling, taken):
    # alone with the cultist at range 0: the literal reading counts the attacked Ally in the
    # Enemy's area and the Enemy in its area (two conditions, one reduction)
    game = shot([("brannoc", "a")], rulings={"point-blank": ruling})
    assert figure(game, "brannoc").wounded == taken
    how = events(game, "attack-result")[0]["how"]
    assert ("-1 obstructed aim" in how) == (ruling == "obstructed")
    if ruling == "obstructed":
        assert "Allies in the attacker's area: Brannoc" in how
        assert "figures in Brannoc the Shield's area: Cultist Archer" in how


@pytest.mark.rule("obstructed-aim.once", "obstructed-aim.reduce-by-1")
def test_several_conditions_and_figures_reduce_by_one_only():
    # two figures by the target and one on the sight line: still -1
    game = shot([("brannoc", "c")], enemies=[("cultist", "a"), ("gargoyle", "b"),
                                              ("ghoul", "c", "ghoul-2")],
                allies=[("torchbearer", "c")])
    result = events(game, "attack-result")[0]
    assert result["ally"] == "Brannoc the Shield" and result["final"] == 2
    assert "Torchbearer, Ghoul (ghoul-2)" in result["how"] and "passes through" in result["how"]


@pytest.mark.rule("damage.obstructed-aim.ally", "sample.hero-turn.obstructed-aim")
@pytest.mark.parametrize("enemies,damage", [
    ((("ghoul", "c"),), 2),                                   # clear shot
    ((("ghoul", "c"), ("gargoyle", "a")), 1),                 # an Enemy in the Hero's area
    ((("ghoul", "c"), ("gargoyle", "c")), 1),                 # another figure by the target
    ((("ghoul", "c"), ("gargoyle", "b")), 1),                 # a figure on the sight line
    ((("ghoul", "c"), ("gargoyle", "a"), ("cultist", "b")), 1),  # several: once
])
def test_a_heros_ranged_attack_is_reduced_when_its_aim_is_obstructed(enemies, damage):
    game = start(heroes=[("ayla", "a")], enemies=list(enemies), dice=["two", "blank", "blank"])
    game.step("ranged-ghoul")
    assert figure(game, "ghoul").health == 4 - damage
    assert events(game, "hero-hits")[0]["damage"] == damage


@pytest.mark.rule("sample.hero-turn.obstructed-aim")
def test_another_ally_in_the_heros_area_does_not_obstruct_its_aim():
    # Brannoc stands with Ayla in a; b is empty and the ghoul is alone in c
    game = start(heroes=[("ayla", "a"), ("brannoc", "a")], enemies=[("ghoul", "c")],
                 dice=["two", "blank", "blank"])
    game.step("hero-ayla")
    game.step("ranged-ghoul")
    assert figure(game, "ghoul").health == 2
    assert events(game, "hero-hits")[0]["obstructed"] == ""


@pytest.mark.rule("damage.obstructed-aim.ally", "sample.hero-turn.obstructed-aim")
def test_a_heros_melee_attack_is_never_reduced_by_obstructed_aim():
    # a gargoyle beside the ghoul in Brannoc's own area: melee still deals every success
    game = start(heroes=[("brannoc", "a")], enemies=[("ghoul", "a"), ("gargoyle", "a")],
                 dice=["two", "one", "blank"])
    game.step("melee-ghoul")
    assert figure(game, "ghoul").health == 1 and events(game, "hero-hits")[0]["damage"] == 3


@pytest.mark.rule("ruling.point-blank", "sample.hero-turn.obstructed-aim")
@pytest.mark.parametrize("ruling,damage", [("obstructed", 1), ("others-only", 2)])
def test_ruling_point_blank_for_a_heros_shot(ruling, damage):
    # Ayla shoots the ghoul alone with her in a: the ghoul is an Enemy in her area and she is
    # a figure in its area under the literal reading
    game = start(heroes=[("ayla", "a")], enemies=[("ghoul", "a")],
                 rulings={"point-blank": ruling}, dice=["two", "blank", "blank"])
    game.step("ranged-ghoul")
    assert figure(game, "ghoul").health == 4 - damage
