import pytest

from rulekeeper.core.errors import DiceScriptError
from rulekeeper.core.game import new_game


def test_scripted_values_beyond_every_die_are_refused_at_start():
    with pytest.raises(DiceScriptError, match="numbers 1 to 20"):
        new_game("combat-encounter", dice=[25])
    with pytest.raises(DiceScriptError, match="'HIT'"):
        new_game("combat-encounter", dice=["HIT"])
    assert new_game("combat-encounter", dice=[20, 1]).decisions == []
