"""Area attacks, No Attack, and the Ability Reminder / Defeat Box."""

import pytest

from rulekeeper.core.errors import ContentError
from tests.rulesets.enemy_attacks.helpers import events, figure, pass_heroes, start

NO_DICE = ["blank"] * 40


def witch(area, hex_range, **sets):
    """The witch's card with this hex number: magic 3, 3 stamina loss (Will), then cursed."""
    return {"enemies.enemies.witch.attack.area": hex_range, **sets}


def hit_by(game):
    return [d["ally"] for d in events(game, "attack-result")]


@pytest.mark.rule("area.affects-every-ally")
def test_an_area_attack_affects_every_ally_in_the_area_but_no_enemy():
    game = pass_heroes(start(heroes=[("brannoc", "c"), ("ayla", "c")], allies=[("hound", "c")],
                             enemies=[("witch", "d"), ("gargoyle", "c")],
                             sets=witch("d", 0), caps={"c": 4}, dice=NO_DICE))
    assert sorted(hit_by(game)) == ["Ayla Swiftbow", "Brannoc the Shield", "War Hound"]
    assert figure(game, "gargoyle").health == 5
    # each affected Ally makes its own check and gains its own condition
    assert len(events(game, "check")) == 3
    assert all("cursed" in figure(game, f).conditions for f in ("brannoc", "ayla", "hound"))


@pytest.mark.rule("area.range.hex-number", "area.range.within")
@pytest.mark.parametrize("hex_range,hit", [
    (0, ["Ayla Swiftbow"]),
    (1, ["Ayla Swiftbow", "Brannoc the Shield", "Miren of the Ash"]),
    (2, ["Ayla Swiftbow", "Tobin Quickhand", "Brannoc the Shield", "Miren of the Ash"]),
])
def test_the_hex_number_is_the_range_of_affected_areas(hex_range, hit):
    # target Ayla in c; Brannoc in b and Miren in w at 1; Tobin in a at 2 (the witch is in d)
    game = pass_heroes(start(heroes=[("ayla", "c"), ("brannoc", "b"), ("miren", "w"),
                                     ("tobin", "a")],
                             enemies=[("witch", "d")], sets=witch("d", hex_range), dice=NO_DICE))
    assert events(game, "target")[0]["target"] == "Ayla Swiftbow"
    assert hit_by(game) == hit


@pytest.mark.rule("area.range.within", "ruling.range")
@pytest.mark.parametrize("hex_range,hit", [
    (0, ["Ayla Swiftbow"]),
    (1, ["Ayla Swiftbow", "Brannoc the Shield", "Miren of the Ash"]),
])
def test_under_ruling_range_walking_the_areas_at_the_hex_number_on_foot_are_affected(hex_range,
                                                                                      hit):
    # target Ayla in c; Brannoc in b and Miren in w (up the stairs) are 1 walk away, Tobin in a 2
    game = pass_heroes(start(heroes=[("ayla", "c"), ("brannoc", "b"), ("miren", "w"),
                                     ("tobin", "a")], enemies=[("witch", "d")],
                             sets=witch("d", hex_range), dice=NO_DICE,
                             rulings={"range": "walking"}))
    assert events(game, "target")[0]["target"] == "Ayla Swiftbow"
    assert hit_by(game) == hit


@pytest.mark.rule("area.range.from-target-area")
def test_the_range_is_measured_from_the_targeted_allys_area_not_the_enemys():
    # the witch in c targets Ayla in b (distance 1, Taunt 2 beats Miren's 1 in d). Brannoc in a
    # is 1 from b but 2 from the witch: hit. Miren in d is 1 from the witch but 2 from b: not hit.
    game = pass_heroes(start(heroes=[("ayla", "b"), ("miren", "d"), ("brannoc", "a")],
                             enemies=[("witch", "c")], sets=witch("c", 1), dice=NO_DICE))
    assert events(game, "target")[0]["target"] == "Ayla Swiftbow"
    assert hit_by(game) == ["Ayla Swiftbow", "Brannoc the Shield"]
    assert events(game, "area-attack")[0]["origin"] == "B"


@pytest.mark.rule("area.line-of-sight.required")
def test_an_area_out_of_the_targets_line_of_sight_is_not_affected():
    # target Ayla in d; e is 1 from d but behind the wall
    game = pass_heroes(start(heroes=[("ayla", "d"), ("brannoc", "e")],
                             enemies=[("witch", "c")], sets=witch("c", 1), dice=NO_DICE))
    assert hit_by(game) == ["Ayla Swiftbow"]
    assert "out of its line of sight: E" in events(game, "area-attack")[0]["unseen"]


@pytest.mark.rule("area.line-of-sight.different-height")
def test_areas_of_another_height_in_sight_are_affected():
    # target Ayla in b (height 0); Brannoc in v (height 1) above it, across a ledge
    game = pass_heroes(start(heroes=[("ayla", "b"), ("brannoc", "v")],
                             enemies=[("witch", "c")], sets=witch("c", 1), dice=NO_DICE))
    assert events(game, "target")[0]["target"] == "Ayla Swiftbow"
    assert hit_by(game) == ["Ayla Swiftbow", "Brannoc the Shield"]


@pytest.mark.rule("area.no-obstructed-aim")
def test_obstructed_aim_never_reduces_an_area_attack():
    # a gargoyle in the target's area and one on the sight line: no reduction
    game = pass_heroes(start(heroes=[("brannoc", "c")], enemies=[("witch", "a"),
                                                                ("gargoyle", "b"),
                                                                ("ghoul", "c")],
                             sets=witch("a", 0), dice=NO_DICE))
    result = events(game, "attack-result")[0]
    assert result["final"] == 3 and "area attack: no obstructed aim" in result["how"]
    assert figure(game, "brannoc").spent == 3


@pytest.mark.rule("area.no-obstructed-aim", "area.affects-every-ally")
def test_a_melee_area_attack_hits_the_whole_area():
    # the colossus (melee, area 0) attacks Brannoc's full adjacent area; Miren is hit too
    game = pass_heroes(start(heroes=[("brannoc", "b"), ("miren", "b")],
                             enemies=[("colossus", "a")], caps={"b": 2}, dice=NO_DICE))
    assert hit_by(game) == ["Brannoc the Shield", "Miren of the Ash"]


# ---------------------------------------------------------------- no attack

@pytest.mark.rule("no-attack.no-attack", "sample.enemy-turn.no-attack-stays")
def test_an_enemy_with_no_attack_neither_attacks_nor_moves():
    game = pass_heroes(start(heroes=[("brannoc", "a")], enemies=[("gargoyle", "a")], rounds=2))
    pass_heroes(game)
    assert len(events(game, "no-attack")) == 2
    assert figure(game, "gargoyle").area == "a" and figure(game, "brannoc").wounded == 0
    assert events(game, "target") == [] and events(game, "enemy-moves") == []
    game = pass_heroes(start(heroes=[("brannoc", "c")], enemies=[("gargoyle", "a")]))
    assert figure(game, "gargoyle").area == "a"


# ---------------------------------------------------------------- reminder / defeat box

def defeat(enemy, health=1, **sets):
    """Brannoc in a kills ``enemy`` (set to ``health``) in a with a melee attack."""
    game = start(heroes=[("brannoc", "a")], enemies=[(enemy, "a"), ("gargoyle", "e", "statue")],
                 caps={"a": 4}, sets={f"enemies.enemies.{enemy}.health": health, **sets},
                 dice=["two", "blank", "blank"])
    game.step(f"melee-{enemy}")
    return game


@pytest.mark.rule("defeat-box.defeat-symbol", "defeat-box.drop.item-card",
                  "defeat-box.drop.item-token", "defeat-box.drop.stars")
def test_the_defeat_box_places_items_and_stars_where_the_enemy_was_defeated():
    game = defeat("colossus")  # defeat box: 1 item card, 1 item token, 3 stars
    drops = game.table.state.drops["a"]
    assert len(drops.item_cards) == 1 and drops.item_tokens == 1 and drops.stars == 3
    assert len(game.table.state.item_deck) == 4
    kinds = [e.kind for e in game.events]
    assert kinds.index("defeated") < kinds.index("defeat-box") < kinds.index("item-card-placed")
    view = game.view("p1")["state"]
    assert next(a for a in view["areas"] if a["id"] == "a")["drops"]["stars"] == 3


@pytest.mark.rule("defeat-box.drop.item-card")
def test_no_item_card_when_the_deck_is_empty():
    game = defeat("colossus", **{"scenarios.scenarios.test.item_deck": []})
    assert game.table.state.drops["a"].item_cards == []
    assert events(game, "item-deck-empty")


@pytest.mark.rule("defeat-box.drop.stars", "defeat-box.defeat-symbol")
def test_the_area_is_where_the_enemy_stood_when_defeated():
    game = start(heroes=[("ayla", "a")], enemies=[("ghoul", "c"), ("gargoyle", "e")],
                 sets={"enemies.enemies.ghoul.health": 1}, dice=["one", "blank", "blank"])
    game.step("ranged-ghoul")
    assert set(game.table.state.drops) == {"c"} and game.table.state.drops["c"].stars == 1


@pytest.mark.rule("defeat-box.drop.item-card", "defeat-box.drop.stars")
def test_an_enemy_that_moved_drops_where_it_is_defeated_not_where_it_started():
    box = {"defeat": {"item_cards": 1, "stars": 1}}
    game = pass_heroes(start(heroes=[("ayla", "a")], enemies=[("ghoul", "c"), ("gargoyle", "e")],
                             rounds=2, dice=["one", "blank", "blank"],
                             sets={"enemies.enemies.ghoul.health": 1,
                                   "enemies.enemies.ghoul.box": box}))
    assert figure(game, "ghoul").area == "b"  # round 1: it moved from c toward Ayla
    game.step("ranged-ghoul")
    drops = game.table.state.drops
    assert set(drops) == {"b"} and drops["b"].stars == 1 and len(drops["b"].item_cards) == 1


@pytest.mark.rule("defeat-box.reminder")
def test_a_reminder_has_no_effect_of_its_own():
    reminder = {"enemies.enemies.gargoyle.box": {"reminder": "Wakes in the finale"}}
    game = defeat("gargoyle", **reminder)
    assert game.table.state.drops == {} and events(game, "defeat-box") == []
    enemy = next(e for e in game.view(None)["state"]["enemies"] if e["id"] == "gargoyle")
    assert enemy["box"] == {"reminder": "Wakes in the finale"}
    assert "reminder: Wakes in the finale" in game.ruleset.render(game.view(None))


@pytest.mark.rule("defeat-box.shows-either")
@pytest.mark.parametrize("box", [{"reminder": "x", "defeat": {"stars": 1}}, {}])
def test_a_box_shows_a_reminder_or_a_defeat_box_not_both(box):
    with pytest.raises(ContentError, match="either a reminder or a defeat box"):
        start(sets={"enemies.enemies.ghoul.box": box})
