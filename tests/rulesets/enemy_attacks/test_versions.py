"""enemy-attacks's older versions play as they did (core/versions.py; history.py)."""

import pytest

from rulekeeper.core.game import new_game
from tests.rulesets.enemy_attacks.helpers import events, figure, pass_heroes, start
from tests.rulesets.enemy_attacks.test_stamina_conditions import hexed
from tests.rulesets.enemy_attacks.test_turns import NO_DICE


@pytest.mark.rule("ruling.hero-stamina-check", "ruling.reactive-check")
@pytest.mark.parametrize("face,lost", [("blank", 3), ("one", 3), ("two", 3)])
def test_as_damage_reads_a_heros_stamina_loss_all_or_nothing(face, lost):
    """Version 1's reading: fewer successes than the 3 shown prevent nothing."""
    game = hexed(dice=[face], rulings={"reactive-check": "all-or-nothing",
                                       "hero-stamina-check": "as-damage"})
    assert figure(game, "brannoc").spent == lost
    assert "(all-or-nothing)" in events(game, "attack-result")[0]["how"]


def test_version_1_pins_as_damage_and_version_2_each_success():
    assert new_game("enemy-attacks-v1").record().rulings["hero-stamina-check"] == "as-damage"
    assert new_game("enemy-attacks-v2").record().rulings["hero-stamina-check"] == "each-success"
    assert new_game("enemy-attacks").record().rulings["would-be-distance"] == "walking"


@pytest.mark.rule("ruling.would-be-distance", "sample.enemy-turn.would-be-target")
def test_range_takes_the_closest_ally_by_ruling_range_across_a_ledge():
    # Ayla in u is 1 border from the ghoul in a (a ledge), Brannoc in c 2 on foot: by range
    # (borders) Ayla is its would-be target, and it sets off the long way round (up the stairs)
    game = pass_heroes(start(heroes=[("ayla", "u"), ("brannoc", "c")], enemies=[("ghoul", "a")],
                             dice=NO_DICE, rulings={"would-be-distance": "range"}))
    would_be = events(game, "would-be-target")[0]
    assert (would_be["target"], would_be["reason"]) == ("Ayla Swiftbow", "closest at distance 1")
    # with v raised, no walk reaches u: it stands still beside the ledge for ever
    game = pass_heroes(start(heroes=[("ayla", "u"), ("brannoc", "c")], enemies=[("ghoul", "a")],
                             heights={"v": 2}, dice=NO_DICE,
                             rulings={"would-be-distance": "range"}))
    assert events(game, "would-be-target")[0]["target"] == "Ayla Swiftbow"
    assert figure(game, "ghoul").area == "a"


def test_version_3_tells_a_taunt_tie_once_it_is_broken():
    """Brannoc (4) in a and Tobin (3) in e both 2 from the ghoul in c, Taunt made equal."""
    setup = {"heroes": [("brannoc", "a"), ("tobin", "e")], "enemies": [("ghoul", "c")],
             "dice": NO_DICE, "sets": {"allies.heroes.tobin.taunt": 4}}
    old = pass_heroes(start(**setup, ruleset="enemy-attacks-v3"))
    new = pass_heroes(start(**setup))
    assert new.pending is not None and new.pending.kind == "taunt-tie"
    assert [e.kind for e in new.events][-1] == "would-be-tied"
    assert old.pending is not None and old.pending.kind == "taunt-tie"
    assert "would-be-tied" not in [e.kind for e in old.events]
    old.step(old.pending.options[0].id)
    told = events(old, "would-be-target")[0]
    assert told["reason"].endswith("; the players chose Brannoc the Shield")
