"""The exception: a Hero in the attacked Ally's area may take the attack, if both players agree."""

import pytest

from tests.rulesets.enemy_attacks.helpers import events, figure, pass_heroes, start

NO_DICE = ["blank"] * 12


@pytest.mark.rule("exception.hero-may-become-target")
def test_a_hero_in_the_same_area_takes_the_attack_instead():
    # the ghoul attacks the Torchbearer (Taunt 2) over Miren (Taunt 1); Miren steps in
    game = start(heroes=[("miren", "a")], allies=[("torchbearer", "a")],
                 enemies=[("ghoul", "a")], dice=NO_DICE)
    pass_heroes(game)
    decision = game.pending
    assert decision.kind == "hero-exception" and decision.player == "p1"
    assert decision.ids == ("keep-torchbearer", "hero-miren")
    game.step("hero-miren")
    assert figure(game, "miren").wounded == 3 and figure(game, "torchbearer").health == 3
    assert events(game, "exception-taken")[0]["hero"] == "Miren of the Ash"
    check = events(game, "check")[0]
    assert check["figure"] == "Miren of the Ash"  # the new target rolls the reactive check
    assert "poisoned" in figure(game, "miren").conditions  # and gains the condition


@pytest.mark.rule("exception.hero-may-become-target", "exception.players-agree")
def test_the_prompts_show_the_attacks_damage_and_condition():
    # the ghoul attacks the War Hound (Taunt 3, p1's); Ayla (p2's) may take it
    game = pass_heroes(start(heroes=[("miren", "a"), ("ayla", "a")], allies=[("hound", "a")],
                             enemies=[("ghoul", "a")], players=2, caps={"a": 4}, dice=NO_DICE))
    assert game.pending.kind == "hero-exception"
    assert game.pending.prompt == (
        "Ghoul attacks War Hound (melee: 3 damage, Might check, then poisoned): may a Hero in "
        "the same area take the attack?")
    game.step("hero-ayla")  # Ayla is p2's: p2 must agree
    assert game.pending.kind == "hero-exception-agree" and game.pending.player == "p2"
    assert game.pending.prompt == (
        "Player 1 asks that Ayla Swiftbow take Ghoul's attack (melee: 3 damage, Might check, then "
        "poisoned) instead of War Hound: do you agree?")


@pytest.mark.rule("exception.hero-may-become-target")
def test_keeping_the_target():
    game = start(heroes=[("miren", "a")], allies=[("torchbearer", "a")],
                 enemies=[("ghoul", "a")], dice=NO_DICE)
    pass_heroes(game).step("keep-torchbearer")
    assert figure(game, "torchbearer").health == 0 and figure(game, "miren").wounded == 0
    assert events(game, "exception-kept")


@pytest.mark.rule("exception.hero-may-become-target")
def test_no_offer_without_another_hero_in_the_area():
    # Miren is adjacent, not in the Torchbearer's area
    game = start(heroes=[("miren", "b")], allies=[("torchbearer", "a")],
                 enemies=[("ghoul", "a")], dice=NO_DICE)
    pass_heroes(game)
    assert game.over and not [e for e in game.events if e.kind.startswith("exception")]


@pytest.mark.rule("exception.hero-may-become-target")
def test_a_non_hero_ally_in_the_area_may_not_take_the_attack():
    # the ghoul attacks Brannoc (Taunt 4); only the War Hound stands with him: no offer
    game = pass_heroes(start(heroes=[("brannoc", "a")], allies=[("hound", "a")],
                             enemies=[("ghoul", "a")], dice=NO_DICE))
    assert game.over and not [e for e in game.events if e.kind.startswith("exception")]
    assert figure(game, "brannoc").wounded == 3 and figure(game, "hound").health == 4


@pytest.mark.rule("exception.hero-may-become-target")
def test_a_hero_target_may_hand_the_attack_to_another_hero():
    game = start(heroes=[("brannoc", "a"), ("miren", "a")], enemies=[("cultist", "c")],
                 dice=NO_DICE)
    pass_heroes(game)
    assert game.pending.ids == ("keep-brannoc", "hero-miren")


@pytest.mark.rule("exception.players-agree")
@pytest.mark.parametrize("answer,hit", [("agree", "ayla"), ("refuse", "brannoc")])
def test_both_players_must_agree(answer, hit):
    # two players: Brannoc is dealt to p1, Ayla to p2; the ghoul attacks Brannoc (Taunt 4)
    game = start(heroes=[("brannoc", "a"), ("ayla", "a")], enemies=[("ghoul", "a")],
                 players=2, dice=NO_DICE)
    pass_heroes(game)
    assert game.pending.player == "p1" and game.pending.kind == "hero-exception"
    game.step("hero-ayla")
    assert game.pending.player == "p2" and game.pending.kind == "hero-exception-agree"
    assert game.pending.rule == "exception.players-agree"
    game.step(f"{answer}-ayla")
    other = "brannoc" if hit == "ayla" else "ayla"
    assert figure(game, hit).wounded > 0 and figure(game, other).wounded == 0
    if answer == "agree":
        agreed = events(game, "exception-agreed")[0]
        assert (agreed["player"], agreed["partner"]) == ("p1", "p2")
    else:
        assert events(game, "exception-refused")[0]["player"] == "p2"


@pytest.mark.rule("exception.players-agree")
def test_one_player_controlling_both_decides_alone():
    game = start(heroes=[("brannoc", "a"), ("ayla", "a")], enemies=[("ghoul", "a")],
                 players=1, dice=NO_DICE)
    pass_heroes(game).step("hero-ayla")
    assert game.over and figure(game, "ayla").wounded == 3
    assert events(game, "exception-taken")[0]["player"] == "p1"
    assert events(game, "exception-agreed") == []


@pytest.mark.rule("ruling.exception-scope", "exception.hero-may-become-target")
@pytest.mark.parametrize("scope,enemy,offered", [
    ("all", "ghoul", True), ("all", "cultist", True),
    ("ranged-magic", "ghoul", False), ("ranged-magic", "cultist", True)])
def test_ruling_exception_scope(scope, enemy, offered):
    game = start(heroes=[("brannoc", "a"), ("ayla", "a")], enemies=[(enemy, "a")],
                 rulings={"exception-scope": scope}, dice=NO_DICE)
    pass_heroes(game)
    assert (game.pending is not None and game.pending.kind == "hero-exception") == offered


@pytest.mark.rule("ruling.exception-scope", "melee.target.highest-taunt")
def test_by_default_a_melee_attack_may_go_to_a_hero_it_passed_over_on_taunt():
    """Why the default covers melee: the Hero in the attacked Ally's area was eligible too, and
    lost on Taunt alone, exactly as for a ranged attack."""
    ruleset = start().ruleset
    assert next(r for r in ruleset.rulings if r.id == "exception-scope").default == "all"
    game = pass_heroes(start(heroes=[("brannoc", "a"), ("ayla", "a")], enemies=[("ghoul", "a")],
                             dice=NO_DICE))
    target = events(game, "target")[0]
    assert target["target"] == "Brannoc the Shield" and target["reason"] == "highest Taunt 4"
    assert "Ayla Swiftbow (same area, distance 0, Taunt 2)" in target["eligible"]
    assert game.pending.kind == "hero-exception"
    game.step("hero-ayla")
    assert figure(game, "ayla").wounded == 3 and figure(game, "brannoc").wounded == 0


@pytest.mark.rule("exception.hero-may-become-target", "area.affects-every-ally",
                  "ruling.exception-scope")
def test_no_exception_for_area_attacks():
    game = start(heroes=[("brannoc", "a"), ("ayla", "a")], enemies=[("colossus", "b")],
                 caps={"a": 2, "b": 3}, dice=NO_DICE)
    pass_heroes(game)
    assert not [e for e in game.events if e.kind.startswith("exception")]
    assert {d["ally"] for d in events(game, "attack-result")} == {"Brannoc the Shield",
                                                                   "Ayla Swiftbow"}
