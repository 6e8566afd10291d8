"""What a content error tells a user (issue 12, found by the fuzzing harness): the place
and what is wrong in the content's own words, never a model class or a parser's tokens."""

import pytest

from rulekeeper.core import registry
from rulekeeper.core.errors import ContentError
from rulekeeper.core.game import new_game
from tests.fuzzing import INTERNAL


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_a_content_file_of_the_wrong_shape_is_named_without_class_names(ruleset_id, tmp_path):
    files = registry.load(ruleset_id).content_set.files
    for text in ("7\n", "- 1\n", "just words\n"):
        for name in files:
            (tmp_path / f"{name}.yaml").write_text(text)
            with pytest.raises(ContentError) as refused:
                new_game(ruleset_id, content=str(tmp_path))
            message = str(refused.value)
            assert f"{name}.yaml:1" in message and "\n" not in message
            assert not INTERNAL.search(message), message
            (tmp_path / f"{name}.yaml").unlink()


def test_an_item_that_should_be_a_mapping_says_what_it_is():
    with pytest.raises(ContentError, match=r"^--set cryptids.cryptids.2: "
                                           r"should be a mapping \(name: value lines\), not a "
                                           r"number"):
        new_game("cryptids", content_set={"cryptids.cryptids.2": 3})


def test_combat_encounter_damage_that_is_not_dice_says_how_to_write_it():
    with pytest.raises(ContentError) as refused:
        new_game("combat-encounter", content_set={"game.mystic_dagger.melee": None})
    message = str(refused.value)
    assert "'None' is not dice notation (a Damage value is written like 1d6+1)" in message
    assert not INTERNAL.search(message)
