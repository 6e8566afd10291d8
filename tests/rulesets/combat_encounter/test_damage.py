"""Damage values in dice notation, read by the d20 package, rolled through the game's dice."""

from fractions import Fraction

import pytest
from jsonschema import Draft202012Validator
from pydantic import ValidationError

from rulekeeper.core.dice import distribution
from rulekeeper.core.errors import ContentError
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import Rng
from rulekeeper.rulesets.combat_encounter.damage import DamageDice
from rulekeeper.rulesets.combat_encounter.models import Items


@pytest.mark.rule("sample.player.weapons", "combat.weapon-damage.own-die-or-value")
def test_notation_is_parsed_into_dice_groups_and_a_flat_part():
    assert DamageDice.parse("1d6+1").dice == ((1, 1, 6),)
    assert DamageDice.parse("1d6+1").flat == 1
    assert DamageDice.parse("2d4").dice == ((1, 2, 4),)
    assert DamageDice.parse("(1d8 - 2) + 1d4").dice == ((1, 1, 8), (1, 1, 4))
    assert DamageDice.parse("(1d8 - 2) + 1d4").flat == -2
    fixed = DamageDice.parse("3")
    assert fixed.fixed and fixed.flat == 3 and fixed.dice == ()


@pytest.mark.parametrize("bad", ["1d", "4d6kh3", "1d6*2", "banana"])
def test_what_is_not_a_damage_value_is_refused(bad):
    with pytest.raises(ValueError):
        DamageDice.parse(bad)


@pytest.mark.parametrize("notation, accepted", [
    ("20d6", True), ("10d6+10d4", True), ("1d100", True), ("21d6", False), ("10d6-11d4", False),
    ("1d101", False)])
def test_a_damage_value_rolls_at_most_20_dice_of_at_most_100_sides(notation, accepted):
    if accepted:
        assert DamageDice.parse(notation).dice
    else:
        with pytest.raises(ValueError, match=r"at most 20|more sides than a Damage die may have"):
            DamageDice.parse(notation)


def test_a_bad_damage_in_a_content_file_is_a_content_error():
    with pytest.raises(ContentError, match=r"^--set items.cards.longsword.damage: "):
        new_game("combat-encounter", content_set={"items.cards.longsword.damage": "1d6*2"})
    with pytest.raises(ContentError, match=r"^--set items.cards.longsword.damage: .*'30d6' rolls 30 dice"):
        new_game("combat-encounter", content_set={"items.cards.longsword.damage": "30d6"})


@pytest.mark.rule("sample.player.weapons")
def test_rolls_use_the_game_dice_so_scripted_dice_work():
    damage = DamageDice.parse("2d4+1")
    assert damage.roll(Rng(0, [3, 4])) == 8
    # a critical rolls the dice twice, the flat part once
    assert damage.roll(Rng(0, [1, 2, 3, 4]), dice_times=2) == 11
    assert DamageDice.parse("1d6-1d4").roll(Rng(0, [5, 4])) == 1


def test_exact_distribution_matches_the_dice():
    dist = distribution(DamageDice.parse("1d4+1").exact())
    assert dist == {2: Fraction(1, 4), 3: Fraction(1, 4), 4: Fraction(1, 4), 5: Fraction(1, 4)}
    assert DamageDice.parse("2d6").mean == 7
    assert float(DamageDice.parse("1d8+1").exact(dice_times=2).mean()) == 10


@pytest.mark.parametrize("damage, accepted", [
    (2, True), ("2", True), ("1d6+1", True), (2.5, False), (["1d6"], False)])
def test_the_schema_of_a_weapon_accepts_a_number_or_notation_as_the_model_does(damage, accepted):
    cards = {"cards": [{"id": "club", "name": "Club", "kind": "weapon", "mode": "melee",
                        "damage": damage}]}
    assert Draft202012Validator(Items.model_json_schema()).is_valid(cards) is accepted
    try:
        Items.model_validate(cards)
        model_accepts = True
    except ValidationError:
        model_accepts = False
    assert model_accepts is accepted
