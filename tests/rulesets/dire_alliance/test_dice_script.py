import pytest

from rulekeeper.core.errors import DiceScriptError
from rulekeeper.core.game import new_game


@pytest.mark.parametrize("ruleset", ["dire-alliance-battle", "dire-alliance-raid"])
def test_scripted_values_must_be_faces_of_the_dice(ruleset):
    new_game(ruleset, dice=["HIT", "block", "DRAIN ESSENCE", 6])
    with pytest.raises(DiceScriptError, match="'FOO' is not a value of any die"):
        new_game(ruleset, dice=["FOO"])
    with pytest.raises(DiceScriptError, match="numbers 1 to 6"):
        new_game(ruleset, dice=[7])
