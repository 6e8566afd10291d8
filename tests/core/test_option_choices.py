"""The values each ruleset lists for its setup options (``Ruleset.option_choices``) are the
content's, and each is accepted: a form built from them offers only games that start."""

import pytest

from rulekeeper.core import registry
from rulekeeper.core.game import new_game


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_every_listed_choice_starts_a_game(ruleset_id):
    # options that list the same values (hero1..hero4) take each a different one of them
    ruleset = registry.load(ruleset_id)
    choices = ruleset.option_choices(ruleset.load_content()[0])
    fields = ruleset.options_model.model_fields
    for option, listed in choices.items():
        assert option in fields and listed, option
        assert len({c.id for c in listed}) == len(listed)
        siblings = [o for o, other in choices.items() if other == listed]
        for turn in range(len(listed)):  # every value, for every option of the group
            ids = [c.id for c in listed]
            ids = ids[turn:] + ids[:turn]
            many = "list" in str(fields[option].annotation)
            options = {o: [ids[0]] if many else ids[siblings.index(o) % len(ids)]
                       for o in siblings}
            game = new_game(ruleset_id, seed=1, options=options)
            assert {o: game.record().options[o] for o in options} == options


def test_the_rulesets_list_their_factions_heroes_classes_and_teams():
    def listed(ruleset_id):
        ruleset = registry.load(ruleset_id)
        return {k: [c.id for c in v] for k, v in
                ruleset.option_choices(ruleset.load_content()[0]).items()}

    assert listed("dire-alliance-battle")["red_leader"][:2] == ["countess", "kramer"]
    raid = listed("dire-alliance-raid")
    assert raid["hero3"] == raid["hero1"] and "slayer" in raid["class2"]
    assert "backwoods" in listed("cryptids")["right"]
    assert "knight" in listed("combat-encounter")["characters"]
    assert listed("enemy-attacks") == {}
