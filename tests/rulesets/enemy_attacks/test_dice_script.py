import pytest

from rulekeeper.core import registry
from rulekeeper.core.errors import DiceScriptError
from rulekeeper.core.game import new_game


def test_scripted_values_must_be_action_die_faces():
    content, _ = registry.load("enemy-attacks").load_content()
    face = next(iter(content.dice.action_die.faces))
    new_game("enemy-attacks", dice=[face, face.upper(), 1])
    with pytest.raises(DiceScriptError,
                       match=r"'foo' is not a value of any die of enemy-attacks-v\d+"):
        new_game("enemy-attacks", dice=["foo"])
    with pytest.raises(DiceScriptError, match="numbers 1 to 7"):
        new_game("enemy-attacks", dice=[8])
