"""Raid Mode's older versions play as they did (core/versions.py; dire_alliance/history.py)."""

import pytest

from rulekeeper.core.game import new_game
from rulekeeper.rulesets.dire_alliance.models import Effect
from rulekeeper.rulesets.dire_alliance.raid import enemy_actions, heroes

from .helpers import HARD, deal, drive, hero, mark, new_events, raid, start, summon
from .test_damage import hit


@pytest.mark.rule("raid.ruling.raid-ward", "raid.sample.ward")
@pytest.mark.parametrize("ruling", ["prevents-damage", "spares-card"])
def test_a_ward_token_prevents_the_damage_or_spares_the_card(ruling):
    game = start(1, rulings={**HARD, "raid-ward": ruling})
    deal(game, hand=["iron-brace", "charge"], deck=["trophy"] * 2 + ["consecrated-blade"] * 4)
    h = hero(game)
    drive(heroes.take_action(raid(game), h, "up:iron-brace"), "special")
    digger = summon(game, "gravedigger", "red-camp")
    since = mark(game)
    damaged, _ = hit(game, digger, h.fighter, "done", "ward")
    assert h.damage_pile == [] and h.row[0].tokens == []  # no card lost either way
    suffered = new_events(game, since, "raid.damage")
    if ruling == "prevents-damage":
        assert damaged == [] and suffered == []
        assert raid(game).stats.get("heroes_damage_taken", 0) == 0
    else:  # version 1: the damage is suffered, logged and counted; the card is spared
        assert damaged == [h.fighter] and len(suffered) == 1
        assert raid(game).stats["heroes_damage_taken"] == 1


@pytest.mark.rule("raid.ruling.raid-hard-control", "raid.ties.hard")
@pytest.mark.parametrize(("ruling", "joins"), [
    ("kinds-and-minions", "gravedigger"), ("kinds", "gravedigger"), ("none", "butcher")])
def test_hard_puts_a_kind_that_claims_first_unless_raid_hard_control_is_none(ruling, joins):
    # a Gravedigger (its first action is Control) made rank II and weak, against the Butcher
    sets = {"raid_sides.0.minions.gravedigger.rank": "II",
            "raid_sides.0.minions.gravedigger.melee": 0}
    game = start(1, rulings={**HARD, "raid-hard-control": ruling}, sets=sets)
    r = raid(game)
    butcher = summon(game, "butcher", "bog")
    drive(enemy_actions.perform(r, butcher, Effect.model_validate({"heal": 1})))
    assert sorted(f.card for f in r.in_area("bog")) == sorted(["butcher", joins])
    criterion = new_events(game, 0, "tie.hard")[0]["criterion"]
    assert ("Control" in criterion) == (ruling != "none")


def test_each_older_version_pins_what_it_played():
    pins = {v: new_game(f"dire-alliance-raid-v{v}").record().rulings for v in (1, 2, 4, 5, 6)}
    assert (pins[1]["raid-ward"], pins[1]["raid-special-shoot"]) == ("spares-card", "allowed")
    assert (pins[2]["raid-ward"], pins[2]["raid-special-shoot"]) == (
        "prevents-damage", "no-enemies-here")
    assert [pins[v]["raid-hard-control"] for v in (4, 5, 6)] == [
        "none", "kinds", "kinds-and-minions"]
