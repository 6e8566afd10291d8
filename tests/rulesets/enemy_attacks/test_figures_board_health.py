"""Figures, the board, health (sample rules), and rulings range, size-capacity and taunt-tie."""

import pytest

from rulekeeper.agents import RandomAgent
from rulekeeper.core.errors import ContentError
from rulekeeper.core.game import new_game
from tests.rulesets.enemy_attacks.helpers import (
    attack_card,
    board,
    events,
    figure,
    pass_heroes,
    sentences,
    start,
)

NO_DICE = ["blank"] * 20


# ---------------------------------------------------------------- figures

@pytest.mark.rule("sample.figures.kinds", "sample.board.capacity", "ruling.size-capacity")
def test_sizes_fill_places():
    game = start(heroes=[("brannoc", "a")], allies=[("hound", "b")],
                 enemies=[("ogre", "c"), ("colossus", "d")], caps={"d": 3})
    st = game.table.state
    assert [st.filled(a) for a in "abcde"] == [1, 1, 2, 3, 0]
    assert st.free("c") == 1 and st.at_capacity_for(figure(game, "brannoc"), "d")
    view = game.view(None)["state"]
    assert {e["id"]: e["size"] for e in view["enemies"]} == {"ogre": "large",
                                                             "colossus": "huge"}


@pytest.mark.rule("sample.figures.kinds")
def test_a_non_hero_ally_is_an_ally_that_enemies_attack():
    game = pass_heroes(start(heroes=[("brannoc", "e")], allies=[("hound", "a")],
                             enemies=[("ghoul", "a")], dice=NO_DICE))
    assert [a.id for a in game.table.state.allies] == ["brannoc", "hound"]
    assert events(game, "target")[0]["target"] == "War Hound"
    assert figure(game, "hound").health == 1  # 3 damage, no success on its 2 Might dice


@pytest.mark.rule("ruling.size-capacity")
@pytest.mark.parametrize("ruling,attacks", [("sizes", True), ("one-each", False)])
def test_ruling_size_capacity(ruling, attacks):
    # b holds 2, Ayla fills 1: a large ogre cannot enter under sizes (melees in), can under one-each
    game = pass_heroes(start(heroes=[("ayla", "b")], enemies=[("ogre", "a")], caps={"b": 2},
                             rulings={"size-capacity": ruling}, dice=NO_DICE))
    assert (figure(game, "ogre").area == "a") == attacks
    assert len(events(game, "target")) == 1


@pytest.mark.rule("sample.figures.hero", "sample.health.hero-chips")
def test_a_hero_has_levels_chips_and_taunt():
    game = start(heroes=[("tobin", "a")])
    tobin = figure(game, "tobin")
    assert dict(tobin.levels) == {"might": 2, "agility": 2, "will": 2} and tobin.taunt == 3
    assert (tobin.chips, tobin.ready, tobin.spent, tobin.wounded) == (6, 6, 0, 0)
    with pytest.raises(ContentError, match=r"^--set allies.heroes.brannoc.stamina: Input should be greater"):
        start(sets={"allies.heroes.brannoc.stamina": 0})
    with pytest.raises(ContentError, match=r"^--set allies.heroes.brannoc.might: Input should be greater"):
        start(sets={"allies.heroes.brannoc.might": -1})


@pytest.mark.rule("sample.figures.hero")
def test_each_of_a_heros_levels_is_its_own():
    # Ayla: Might 1, Agility 3, Will 1; her ranged attack's check rolls her 3 Agility dice
    game = start(heroes=[("ayla", "a")], enemies=[("ghoul", "c")], dice=["blank"] * 3)
    assert dict(figure(game, "ayla").levels) == {"might": 1, "agility": 3, "will": 1}
    game.step("ranged-ghoul")
    check = events(game, "check")[0]
    assert (check["ability"], check["dice"]) == ("Agility", 3)


@pytest.mark.rule("sample.board.areas", "sample.board.movement")
def test_figures_walk_from_an_area_to_its_neighbours_only():
    game = start(heroes=[("ayla", "e")], enemies=[("ghoul", "a")], dice=NO_DICE)
    terrain = game.table.state.terrain
    assert [terrain.walk_distance("a", x) for x in "abcde"] == [0, 1, 2, 3, 4]
    pass_heroes(game)
    assert figure(game, "ghoul").area == "b"  # one border toward Ayla


@pytest.mark.rule("sample.figures.non-hero-ally")
def test_a_non_hero_ally_has_levels_health_and_taunt():
    game = start(allies=[("torchbearer", "b")])
    torch = figure(game, "torchbearer")
    assert dict(torch.levels) == {"might": 1, "agility": 2, "will": 1}
    assert (torch.health, torch.taunt) == (3, 2)
    with pytest.raises(ContentError, match="health"):
        start(sets={"allies.non_hero_allies.hound.health": 0})
    with pytest.raises(ContentError, match=r"^--set allies.non_hero_allies.hound.will: Input should be greater"):
        start(sets={"allies.non_hero_allies.hound.will": -1})


@pytest.mark.rule("sample.figures.enemy")
@pytest.mark.parametrize("card,message", [
    ({"kind": "ranged", "effect": "damage", "value": 2, "ability": "agility"}, "show a range"),
    ({"kind": "melee", "effect": "damage", "value": 2, "ability": "might", "range": 1},
     "show a range"),
    ({"kind": "melee", "effect": "damage", "value": 2}, "needs a value of 1 or more"),
    ({"kind": "none", "effect": "damage", "value": 2, "ability": "might"}, "shows nothing"),
    ({"kind": "melee"}, "must show a condition"),
    ({"kind": "melee", "effect": "damage", "value": 2, "ability": "might",
      "active_check": {"ability": "will"}}, "followed by a condition"),
])
def test_enemy_attack_cards_are_validated(card, message):
    with pytest.raises(ContentError, match=message) as caught:
        start(sets=attack_card(**card))
    assert str(caught.value).startswith("--set enemies.enemies.ghoul.attack: ")


@pytest.mark.rule("sample.figures.enemy", "sample.health.enemy-defeated")
def test_an_enemy_has_size_health_and_attack_card():
    game = start(enemies=[("colossus", "e")])
    colossus = figure(game, "colossus")
    assert (colossus.size, colossus.health, colossus.spec.attack.area) == ("huge", 9, 0)
    assert "melee: 3 damage, Might check, area 0, active Agility check (need 1), then " \
           "knocked-down" in game.ruleset.render(game.view("p1"))


# ---------------------------------------------------------------- board

@pytest.mark.rule("sample.board.areas")
def test_board_areas_and_neighbours_are_checked():
    bad = board()
    bad["areas"][0]["neighbours"] = ["b", "zz"]
    with pytest.raises(ContentError, match="unknown neighbour 'zz'"):
        new_game("enemy-attacks", content_set={"board": bad})


@pytest.mark.rule("sample.board.areas", "sample.scenario.setup")
@pytest.mark.parametrize("placement,message", [
    ({"figure": "brannoc", "area": "nowhere"}, "unknown area 'nowhere'"),
    ({"figure": "nobody", "area": "a"}, "unknown hero 'nobody'"),
])
def test_scenario_references_are_checked(placement, message):
    scenario = {"id": "x", "name": "x", "heroes": [placement],
                "enemies": [{"figure": "ghoul", "area": "a"}]}
    with pytest.raises(ContentError, match=message) as caught:
        new_game("enemy-attacks", content_set={
            "board": board(), "scenarios": {"scenarios": [scenario]}})
    assert "scenarios.0.heroes.0" in str(caught.value)


@pytest.mark.rule("sample.board.capacity", "sample.scenario.setup")
def test_a_scenario_may_not_overfill_an_area():
    with pytest.raises(ContentError, match="area 'a' holds only 2 places"):
        start(heroes=[("brannoc", "a")], enemies=[("ogre", "a")], caps={"a": 2})


@pytest.mark.rule("sample.board.line-of-sight")
def test_line_of_sight_is_symmetric_and_every_area_sees_itself():
    st = start().table.state
    for a in st.board.ids:
        assert st.board.sees(a, a)
        for b in st.board.ids:
            assert st.board.sees(a, b) == st.board.sees(b, a)
    assert not st.board.sees("c", "e") and st.board.sees("a", "d")
    assert st.terrain.crossed("a", "d") == ["b", "c"] and st.terrain.crossed("a", "b") == []


@pytest.mark.rule("sample.board.capacity")
def test_places_never_exceed_capacity_in_bot_games():
    for seed in range(8):
        game = start(heroes=[("brannoc", "a"), ("ayla", "b")], allies=[("hound", "a")],
                     enemies=[("ogre", "c"), ("colossus", "d"), ("ghoul", "w")],
                     caps={"a": 2, "b": 2, "c": 3, "d": 3, "w": 1}, rounds=6, seed=seed,
                     sets={"enemies.enemies.colossus.attack.active_check": None})
        agent = RandomAgent("p1", seed)
        while not game.over:
            game.step(agent.choose(None, game.pending))
            assert game.ruleset.invariant_violations(game.table) == []


# ---------------------------------------------------------------- health

@pytest.mark.rule("sample.health.hero-damage")
def test_damage_wounds_ready_chips_first_then_spent_ones_and_the_rest_is_lost():
    # Ayla, 3 chips: she spends 1 on a stamina face, then takes 2 damage: ready chips first
    game = pass_heroes(start(heroes=[("ayla", "a")], enemies=[("ghoul", "a")], rounds=2,
                             sets={"allies.heroes.ayla.stamina": 3,
                                   "enemies.enemies.ghoul.attack.condition": None},
                             dice=["stamina", "blank"]))
    game.step("spend-1")
    ayla = figure(game, "ayla")
    assert (ayla.ready, ayla.spent, ayla.wounded) == (0, 1, 2)
    pass_heroes(game)  # 3 more damage: the spent chip is wounded, 2 points are lost
    assert (ayla.ready, ayla.spent, ayla.wounded) == (0, 0, 3)
    assert ayla.area is None and events(game, "hero-damaged")[-1]["damage"] == 3


@pytest.mark.rule("sample.health.hero-wounded-out")
def test_a_wounded_out_hero_frees_its_place_and_is_no_longer_attacked():
    # Ayla (1 chip) shares a with the ghoul; the cultist in b would shoot her next
    game = pass_heroes(start(heroes=[("ayla", "a"), ("brannoc", "e")], enemies=[
        ("ghoul", "a"), ("cultist", "b")], sets={"allies.heroes.ayla.stamina": 1},
        rounds=2, dice=NO_DICE))
    assert figure(game, "ayla").area is None and game.table.state.filled("a") == 1
    assert events(game, "wounded-out") == [{"hero": "Ayla Swiftbow"}]
    assert len(events(game, "target")) == 1  # the cultist finds no one: Brannoc is out of sight
    assert "Ayla" not in events(game, "no-target")[0]["why"]
    pass_heroes(game)  # round 2: Brannoc alone takes a turn
    assert [e.data["hero"] for e in game.events if e.kind == "hero-turn"] == [
        "Ayla Swiftbow", "Brannoc the Shield", "Brannoc the Shield"]


@pytest.mark.rule("sample.health.non-hero-damage")
def test_damage_reduces_a_non_hero_allys_health_under_its_own_rule():
    game = pass_heroes(start(heroes=[("brannoc", "e")], allies=[("hound", "a")],
                             enemies=[("ghoul", "a")], dice=NO_DICE))
    hound = figure(game, "hound")
    assert hound.health == 1 and hound.area == "a"  # 3 damage on 4 health
    assert [(e.rule, e.data["damage"]) for e in game.events if e.kind == "ally-damaged"] == [
        ("sample.health.non-hero-damage", 3)]
    assert not events(game, "exhausted")


@pytest.mark.rule("sample.health.non-hero-damage", "sample.health.non-hero-exhausted")
def test_a_non_hero_ally_is_exhausted_at_zero_health():
    game = pass_heroes(start(heroes=[("brannoc", "e")], allies=[("torchbearer", "a")],
                             enemies=[("ogre", "a")], caps={"a": 3}, dice=NO_DICE))
    torch = figure(game, "torchbearer")
    assert torch.health == 0 and torch.area is None  # 4 damage on 3 health: not below 0
    assert events(game, "ally-damaged")[0]["damage"] == 3 and events(game, "exhausted")
    assert [e.rule for e in game.events if e.kind == "exhausted"] == [
        "sample.health.non-hero-exhausted"]


@pytest.mark.rule("sample.health.enemy-damage")
def test_damage_reduces_an_enemys_health_under_its_own_rule():
    game = start(heroes=[("brannoc", "a")], enemies=[("ghoul", "a"), ("gargoyle", "e")],
                 dice=["two", "blank", "blank"])
    game.step("melee-ghoul")
    ghoul = figure(game, "ghoul")
    assert ghoul.health == 2 and ghoul.area == "a"  # 2 damage on 4 health
    damaged = [e for e in game.events if e.kind == "enemy-damaged"]
    assert [(e.rule, game.ruleset.messages.render(e)) for e in damaged] == [
        ("sample.health.enemy-damage", "Ghoul takes 2 damage: 2/4 health")]
    assert not events(game, "defeated")


@pytest.mark.rule("sample.health.enemy-defeated")
def test_an_enemy_is_defeated_at_zero_health_not_below():
    game = start(heroes=[("brannoc", "a")], enemies=[("ghoul", "a"), ("gargoyle", "e")],
                 sets={"enemies.enemies.ghoul.health": 2}, dice=["two", "two", "two"])
    game.step("melee-ghoul")
    ghoul = figure(game, "ghoul")
    assert ghoul.health == 0 and ghoul.area is None
    assert events(game, "enemy-damaged")[0]["damage"] == 2
    assert game.table.state.drops["a"].stars == 1  # its defeat box resolved
    assert [e.rule for e in game.events if e.kind == "defeated"] == ["sample.health.enemy-defeated"]


# ---------------------------------------------------------------- rulings range and taunt-tie

@pytest.mark.rule("ruling.range")
@pytest.mark.parametrize("kind", ["melee", "ranged"])
def test_an_ally_no_walk_reaches_is_said_to_be_out_of_reach_on_foot(kind):
    # e is raised (a ledge to d): under range=walking no walk reaches Ayla there
    card = ({"kind": "melee", "effect": "damage", "value": 3, "ability": "might"} if kind == "melee"
            else {"kind": "ranged", "effect": "damage", "value": 3, "ability": "agility",
                  "range": 3})
    game = pass_heroes(start(heroes=[("ayla", "e")], enemies=[("ghoul", "a")],
                             heights={"e": 1}, rulings={"range": "walking"},
                             sets=attack_card(**card), dice=NO_DICE))
    why = events(game, "no-target")[0]["why"]
    assert why == "Ayla Swiftbow (cannot be reached on foot, as ledges are not walked)"
    assert "inf" not in " ".join(sentences(game))


@pytest.mark.rule("ruling.range")
@pytest.mark.parametrize("ruling,attacks", [("borders", True), ("walking", False)])
def test_ruling_range(ruling, attacks):
    # the cultist (range 2) in v shoots down at Ayla in b: 1 border, but 3 to walk (via w, c)
    game = pass_heroes(start(heroes=[("ayla", "b")], enemies=[("cultist", "v")],
                             sets={"enemies.enemies.cultist.attack.range": 2},
                             rulings={"range": ruling}, dice=NO_DICE))
    first = next(e.kind for e in game.events if e.kind in ("target", "no-target"))
    assert (first == "target") == attacks


@pytest.mark.rule("ruling.taunt-tie", "melee.target.highest-taunt")
@pytest.mark.parametrize("ruling", ["players", "random"])
def test_ruling_taunt_tie(ruling):
    # Tobin and the War Hound both have Taunt 3
    game = pass_heroes(start(heroes=[("tobin", "a")], allies=[("hound", "a")],
                             enemies=[("ghoul", "a")], rulings={"taunt-tie": ruling},
                             dice=NO_DICE))
    if ruling == "players":
        assert game.pending.kind == "taunt-tie" and game.pending.player == "p1"
        assert game.pending.ids == ("ally-tobin", "ally-hound")
        game.step("ally-hound")
        assert events(game, "tie-broken") == [{
            "what": "Ghoul's target", "target": "War Hound",
            "how": "the players chose among the tied Allies"}]
    else:
        targets = set()
        for seed in range(12):
            game = pass_heroes(start(heroes=[("tobin", "a")], allies=[("hound", "a")],
                                     enemies=[("ghoul", "a")], rulings={"taunt-tie": ruling},
                                     dice=NO_DICE, seed=seed))
            if game.pending and game.pending.kind == "hero-exception":
                game.step(game.pending.ids[0])
            broken = events(game, "tie-broken")[0]
            assert broken["how"] == "drawn at random among the tied Allies"
            targets.add(broken["target"])
        assert targets == {"Tobin Quickhand", "War Hound"}
    kinds = [e.kind for e in game.events]
    assert kinds[kinds.index("target-tied") + 1] == "tie-broken"


@pytest.mark.rule("ruling.taunt-tie", "melee.target.highest-taunt")
def test_the_tie_prompt_follows_the_sentence_saying_who_is_eligible_and_why():
    game = pass_heroes(start(heroes=[("tobin", "a")], allies=[("hound", "a")],
                             enemies=[("ghoul", "a")], dice=NO_DICE))
    assert game.pending.kind == "taunt-tie"
    said = game.events[-1]
    assert (said.kind, said.rule) == ("target-tied", "melee.target.highest-taunt")
    assert game.ruleset.messages.render(said) == (
        "Ghoul's melee attack may reach Tobin Quickhand (same area, distance 0, Taunt 3), War "
        "Hound (same area, distance 0, Taunt 3); highest Taunt 3 (2 tied): Tobin Quickhand and "
        "War Hound are tied")
    game.step("ally-tobin")
    broken = next(e for e in game.events if e.kind == "tie-broken")
    assert broken.rule == "ruling.taunt-tie"
    assert game.ruleset.messages.render(broken) == (
        "Ghoul's target is Tobin Quickhand: the players chose among the tied Allies")


@pytest.mark.rule("ruling.taunt-tie", "sample.enemy-turn.would-be-target")
def test_the_would_be_tie_prompt_follows_the_sentence_too():
    # Brannoc in a and Tobin in e, both Taunt 4, both 2 on foot from the ghoul in c
    game = pass_heroes(start(heroes=[("brannoc", "a"), ("tobin", "e")],
                             enemies=[("ghoul", "c")], sets={"allies.heroes.tobin.taunt": 4},
                             dice=NO_DICE))
    assert game.pending.kind == "taunt-tie"
    said = game.events[-1]
    assert said.kind == "would-be-tied" and said.data["tied"] == ["Brannoc the Shield",
                                                                  "Tobin Quickhand"]
    assert game.ruleset.messages.render(said).startswith(
        "Ghoul's would-be target is one of the Allies it can walk to: Brannoc the Shield "
        "(walking distance 2, Taunt 4), Tobin Quickhand (walking distance 2, Taunt 4); closest "
        "at walking distance 2 (2 tied), then highest Taunt 4 (2 tied)")
