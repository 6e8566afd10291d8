"""A copy of a table's state (``Tabletop.__deepcopy__``: a checkpoint's, a fork's, a search's
world) gives the new state every attribute of the old, field by field (``copy_fields``):
compiled, the state is a native class with no ``__dict__`` to copy whole, so a field a class
declares but its copy forgets would be missing from every world."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from rulekeeper.core.game import new_game

SET_AFTER = ("generator", "logging", "spend")
"""What ``Tabletop.__post_init__`` sets, beside the dataclass's fields."""


@pytest.mark.parametrize(("ruleset_id", "options"), [("dire-alliance-battle", {}),
                                                     ("dire-alliance-raid", {"heroes": 2})])
def test_a_copy_of_the_state_has_every_field_and_what_post_init_sets(ruleset_id, options):
    game = new_game(ruleset_id, seed=5, options=options)
    chooser = random.Random(5)
    for _ in range(12):  # into the game: its turn's or phase's progress set
        if game.pending is None:
            break
        game.step(chooser.choice(game.pending.ids))
    state = game.table.state
    copied = copy.deepcopy(state, {id(game.table): game.table})
    names = [f.name for f in dataclasses.fields(state)] + list(SET_AFTER)
    for name in names:
        old, new = getattr(state, name), getattr(copied, name)  # missing: AttributeError
        assert type(new) is type(old), name
        if name not in ("fighters", "occupants", "sides", "objectives", "sites", "heroes",
                        "villain", "progress", "enemies", "generator", "spend"):
            assert new == old, name
    assert copied.table is game.table
    assert [f.id for f in copied.fighters.values()] == [f.id for f in state.fighters.values()]
    assert all(copied.fighters[f.id] is f for group in copied.occupants.values() for f in group)
    if hasattr(state, "__dict__"):  # from the source: the same attributes, in the same order
        assert list(vars(copied)) == list(vars(state))
