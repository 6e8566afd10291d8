"""Enemy choices: movement priority (raid.enemy-move.*), withdraw (raid.enemy-withdraw.*),
attack priority (raid.enemy-attack.*) and the ties the heroes settle, or the hard ruling
(raid.ties.*, ruling raid-ties); ruling raid-row-icons."""

import pytest

from rulekeeper.rulesets.dire_alliance.raid import attacks, enemy_actions, minions
from rulekeeper.rulesets.dire_alliance.raid.models import EnemyEffect as Effect

from .helpers import (
    HARD,
    armed,
    deal,
    drive,
    kinds,
    mark,
    new_events,
    place,
    raid,
    start,
    summon,
    villain,
)

MOVE = Effect.model_validate({"move": 1})
WITHDRAW = Effect.model_validate({"withdraw": 1})



def claim_all_but(game, *keep):
    """Take every objective but ``keep`` out of play (claimed by the enemies)."""
    r = raid(game)
    for objective in r.objectives.values():
        if objective.id not in keep:
            objective.claimed_by = "enemies"
            r.claimed.append(objective.id)


def moved(game, enemy, effect=MOVE, *answers):
    r = raid(game)
    since = mark(game)
    drive(enemy_actions.perform(r, enemy, effect), *answers)
    return new_events(game, since, "raid.enemy.move") + new_events(game, since,
                                                                    "raid.enemy.withdraw")


@pytest.mark.rule("raid.enemy-move.differ", "raid.enemy-move.minion.nearest-hero",
                  "raid.enemy-move.villain.nearest-objective")
def test_a_minion_moves_toward_the_nearest_hero_and_the_villain_toward_the_nearest_objective():
    game = start(2, rulings=HARD)
    place(game, maren="thorn-thicket", cole="red-camp")
    minion = summon(game, "reclaimed", "witch-hollow")
    [step] = moved(game, minion)
    assert minion.area == "thorn-thicket" and step["goal"] == "Sister Maren"
    assert step["rule"] == "raid.enemy-move.minion.nearest-hero"
    assert "1 border away" in step["why"]
    # the villain, from the Crossroads, heads for the yellow gravestone at the Stone Cairn,
    # not for the heroes
    place(game, hollow_king="crossroads", maren="hanging-tree", cole="hanging-tree")
    [step] = moved(game, villain(game))
    assert villain(game).area == "cairn" and step["goal"] == "yellow gravestone"
    assert step["rule"] == "raid.enemy-move.villain.nearest-objective"
    # unless the effect says otherwise ("toward the nearest hero")
    place(game, hollow_king="crossroads")
    moved(game, villain(game), Effect.model_validate({"move": 1, "toward": "hero"}))
    assert villain(game).area == "hanging-tree"


@pytest.mark.rule("raid.enemy-move.minion.path")
def test_of_several_shortest_paths_a_minion_takes_the_step_seeing_the_most_heroes():
    game = start(2, rulings=HARD)
    # from the Red Camp to the Crossroads: by the Hanging Tree or the Chapel Ruins; only the
    # Hanging Tree sees the Stone Cairn as well
    place(game, maren="crossroads", cole="cairn")
    minion = summon(game, "reclaimed", "red-camp")
    [step] = moved(game, minion)
    assert minion.area == "hanging-tree" and step["rule"] == "raid.enemy-move.minion.path"
    assert "sees the most heroes (2)" in step["path"]


@pytest.mark.rule("raid.enemy-move.minion.most-damage")
def test_between_equidistant_heroes_a_minion_goes_for_the_one_who_suffered_the_most_damage():
    game = start(2, rulings=HARD)
    armed(game)
    deal(game, "hero2", deck=["crossbow"] * 2, graveyard=["snare", "scout"])
    place(game, maren="old-mill", cole="bog")           # both 1 border from the Red Camp
    minion = summon(game, "reclaimed", "red-camp")
    [step] = moved(game, minion)
    assert minion.area == "bog" and step["goal"] == "Cole Ashby"
    assert step["rule"] == "raid.enemy-move.minion.most-damage"
    assert "the most damage (2 cards" in step["why"]


@pytest.mark.rule("raid.ties.occasions", "raid.ties.mutual", "raid.ties.hard",
                  "raid.ruling.raid-ties")
def test_a_tie_left_by_the_rules_is_decided_by_the_heroes_or_by_the_hard_ruling():
    # two equidistant heroes with equal damage piles: a tie
    game = start(2)
    armed(game)
    armed(game, "hero2")
    place(game, maren="old-mill", cole="bog")
    minion = summon(game, "reclaimed", "red-camp")
    r = raid(game)
    r.decider = "hero2"
    since = mark(game)
    _, asked = drive(enemy_actions.perform(r, minion, MOVE), "maren")
    assert asked[0].player == "hero2" and asked[0].kind == "tie"
    assert set(asked[0].ids) == {"maren", "cole"} and asked[0].rule == "raid.ties.mutual"
    assert minion.area == "old-mill"
    decided = new_events(game, since, "tie.decided")[0]
    assert decided["seat"] == "hero2" and decided["chosen"] == "Sister Maren"
    # hard: the hero closest to defeat (fewest cards it could lose to a rank I hit)
    game = start(2, rulings=HARD)
    armed(game)
    deal(game, "hero2", deck=["crossbow", "snare", "snare"])   # one rank I card left
    place(game, maren="old-mill", cole="bog")
    minion = summon(game, "reclaimed", "red-camp")
    since = mark(game)
    _, asked = drive(enemy_actions.perform(raid(game), minion, MOVE))
    assert asked == [] and minion.area == "bog"
    hard = new_events(game, since, "tie.hard")[0]
    assert hard["chosen"] == "Cole Ashby" and "closest to defeat" in hard["criterion"]


@pytest.mark.rule("raid.enemy-move.villain.path")
def test_of_several_shortest_paths_the_villain_takes_a_step_from_which_it_sees_a_hero():
    game = start(1, rulings=HARD)
    claim_all_but(game, "green")                        # only the Sunken Bog's is in play
    place(game, hollow_king="hanging-tree", maren="thorn-thicket")
    # to the Sunken Bog: by the Red Camp or the Chapel Ruins, which sees the Thorn Thicket
    [step] = moved(game, villain(game))
    assert villain(game).area == "chapel-ruins" and step["rule"] == "raid.enemy-move.villain.path"
    assert "sees a hero" in step["path"]


@pytest.mark.rule("raid.enemy-move.villain.objective-tie")
def test_of_equidistant_objectives_the_villain_heads_for_the_one_that_brings_it_nearer_a_hero():
    game = start(1, rulings=HARD)
    place(game, maren="crossroads")                     # villain in the Blue Camp
    # the Lych Gate, the Stone Cairn and the Black Marsh are 1 border away; the Cairn is next
    # to the Crossroads
    [step] = moved(game, villain(game))
    assert villain(game).area == "cairn" and step["goal"] == "yellow gravestone"
    assert step["rule"] == "raid.enemy-move.villain.objective-tie"
    place(game, hollow_king="blue-camp", maren="witch-hollow")
    [step] = moved(game, villain(game))
    assert villain(game).area == "lych-gate"


@pytest.mark.rule("raid.enemy-move.villain.no-objectives")
def test_with_no_objective_in_play_the_villain_moves_toward_the_nearest_hero():
    game = start(1, rulings=HARD)
    claim_all_but(game)
    place(game, hollow_king="cairn", maren="crossroads")
    [step] = moved(game, villain(game))
    assert villain(game).area == "crossroads" and step["goal"] == "Sister Maren"
    assert step["rule"] == "raid.enemy-move.villain.no-objectives"


@pytest.mark.rule("raid.enemy-move.already-there")
def test_an_enemy_told_to_move_toward_where_it_already_is_does_not_move():
    game = start(1, rulings=HARD)
    place(game, hollow_king="cairn")                    # on the yellow gravestone
    r = raid(game)
    why = enemy_actions.obstacle(r, villain(game), MOVE)
    assert why is not None and why[0] == "raid.enemy-move.already-there"
    # a two-step move stops when it gets there
    place(game, hollow_king="blue-camp", maren="cairn")
    minion = summon(game, "reclaimed", "thorn-thicket")
    since = mark(game)
    drive(enemy_actions.perform(r, minion, Effect.model_validate({"move": 2})))
    assert minion.area == "cairn"
    assert new_events(game, since, "raid.enemy.arrived")[0]["rule"] == "raid.enemy-move.already-there"


@pytest.mark.rule("raid.enemy-withdraw.minion.toward-villain", "raid.enemy-withdraw.minion.avoid-heroes")
def test_minions_withdraw_toward_the_villain_avoiding_areas_with_heroes():
    game = start(1, rulings=HARD)
    # from the Crossroads to the Blue Camp: by the Thorn Thicket or the Stone Cairn
    place(game, maren="cairn")
    minion = summon(game, "caretaker", "crossroads")
    [step] = moved(game, minion, WITHDRAW)
    assert minion.area == "thorn-thicket" and step["rule"] == "raid.enemy-withdraw.minion.avoid-heroes"
    assert step["goal"] == "The Hollow King"
    # with a hero on both ways it still withdraws toward the villain (the hard ruling picks
    # the Cairn, with an objective); a withdraw provokes no opportunity attack
    game = start(3, rulings=HARD)
    place(game, maren="cairn", cole="thorn-thicket", varga="crossroads")
    minion = summon(game, "caretaker", "crossroads")
    since = mark(game)
    [step] = moved(game, minion, WITHDRAW)
    assert minion.area == "cairn" and "opportunity" not in kinds(game, since)
    assert step["path"] == "every step nearer has a hero in it"
    # one step only: nearer the villain each time; none when it is with the villain
    place(game, caretaker_1="blue-camp")
    assert enemy_actions.obstacle(raid(game), minion, WITHDRAW)[0] == \
        "raid.enemy-withdraw.minion.toward-villain"


@pytest.mark.rule("raid.enemy-withdraw.villain")
def test_the_villain_withdraws_toward_the_nearest_objective():
    game = start(1, rulings=HARD)
    place(game, hollow_king="crossroads", maren="crossroads")
    since = mark(game)
    [step] = moved(game, villain(game), WITHDRAW)
    assert villain(game).area == "cairn" and step["rule"] == "raid.enemy-withdraw.villain"
    assert "opportunity" not in kinds(game, since)


@pytest.mark.rule("raid.enemy-withdraw.villain", "raid.enemy-move.already-there")
def test_a_villain_standing_on_an_objective_has_nowhere_to_withdraw():
    # the objective nearest it is in its own area: it cannot withdraw toward it, wherever
    # the other objectives are
    game = start(1, rulings=HARD)
    place(game, hollow_king="old-mill", maren="red-camp")   # the Millstone, grey objective
    r = raid(game)
    why = enemy_actions.obstacle(r, villain(game), WITHDRAW)
    assert why is not None and why[0] == "raid.enemy-withdraw.villain"
    assert moved(game, villain(game), WITHDRAW) == []
    assert villain(game).area == "old-mill"


@pytest.mark.rule("raid.enemy-attack.target", "raid.ruling.raid-row-icons")
def test_an_enemy_attacks_the_hero_with_the_most_matching_damage_icons_in_the_action_row():
    game = start(2, rulings=HARD, dice=["blank"] * 20)
    armed(game)
    armed(game, "hero2")
    place(game, maren="crossroads", cole="crossroads", hollow_king="crossroads")
    r = raid(game)
    # rank III icons: Maren's Trophy (face up); Cole's Silver Rounds and Field Kit (face down)
    deal(game, row=[("trophy", True)], deck=["charge"] * 2)
    deal(game, "hero2", row=[("silver-rounds", False), ("field-kit", False)], deck=["crossbow"] * 2)
    target = drive(attacks.choose_target(r, villain(game), r.heroes_in("crossroads")))[0]
    assert target.id == "maren"                         # face-down icons do not count
    event = new_events(game, 0, "raid.target")[-1]
    assert event["rule"] == "raid.enemy-attack.target" and "Sister Maren 1" in event["why"]
    game2 = start(2, rulings={"raid-ties": "hard", "raid-row-icons": "all"})
    armed(game2)
    armed(game2, "hero2")
    place(game2, maren="crossroads", cole="crossroads", hollow_king="crossroads")
    deal(game2, row=[("trophy", True)], deck=["charge"] * 2)
    deal(game2, "hero2", row=[("silver-rounds", False), ("field-kit", False)],
         deck=["crossbow"] * 2)
    r2 = raid(game2)
    target = drive(attacks.choose_target(r2, villain(game2), r2.heroes_in("crossroads")))[0]
    assert target.id == "cole"                          # every card counts: 2 against 1


@pytest.mark.rule("raid.enemy-attack.tie")
def test_a_tie_in_attack_priority_is_settled_by_ruling_raid_ties():
    game = start(2)
    armed(game)
    armed(game, "hero2")
    place(game, maren="crossroads", cole="crossroads")
    minion = summon(game, "reclaimed", "crossroads")    # rank I; no card in either row
    r = raid(game)
    r.decider = "hero1"
    target, asked = drive(attacks.choose_target(r, minion, r.heroes_in("crossroads")), "cole")
    assert target.id == "cole" and asked[0].rule == "raid.enemy-attack.tie"
    # hard: the hero with fewer rank I cards to lose
    game = start(2, rulings=HARD)
    armed(game)
    deal(game, "hero2", deck=["crossbow"] + ["snare"] * 4)
    place(game, maren="crossroads", cole="crossroads")
    minion = summon(game, "reclaimed", "crossroads")
    r = raid(game)
    target, asked = drive(attacks.choose_target(r, minion, r.heroes_in("crossroads")))
    assert target.id == "cole" and asked == []


def test_hard_ties_between_minions_favour_one_that_can_attack_now():
    game = start(1, rulings=HARD)
    place(game, maren="crossroads")
    summon(game, "reclaimed", "cairn")
    shooter = summon(game, "mourner", "thorn-thicket")  # sees the Crossroads: it can Shoot
    summon(game, "mourner", "hanging-tree")             # sees the Crossroads too
    r = raid(game)
    chosen, asked = drive(minions.nearest_minion(r, "hero1", "blue"))
    assert asked == [] and chosen.area in ("thorn-thicket", "hanging-tree")
    assert shooter.card == chosen.card


@pytest.mark.rule("raid.ties.hard", "raid.enemy-act.minion.nearest")
def test_hard_ties_between_minions_favour_one_that_can_claim_an_objective_now():
    game = start(2, rulings=HARD)
    place(game, maren="crossroads", cole="thorn-thicket")
    summon(game, "gravedigger", "thorn-thicket")        # can Melee Cole Ashby
    claimer = summon(game, "gravedigger", "cairn")      # on the yellow gravestone, no hero
    r = raid(game)
    chosen, asked = drive(minions.nearest_minion(r, "hero1", "yellow"))
    assert asked == [] and chosen is claimer
    assert "claim an objective" in new_events(game, 0, "tie.hard")[0]["criterion"]


@pytest.mark.rule("raid.ties.hard", "raid.ruling.raid-hard-control")
def test_a_minion_on_an_objective_with_a_hero_there_cannot_claim_it_now():
    # the Gravedigger on the yellow gravestone (Stone Cairn) with Cole Ashby there can only
    # Melee him; alone there, it could claim the objective
    game = start(2, rulings=HARD)
    place(game, maren="crossroads", cole="cairn")
    digger = summon(game, "gravedigger", "cairn")
    r = raid(game)
    melee = r.stat(digger, "melee")
    assert minions.minion_score(r, digger) == (1, melee)
    place(game, cole="crossroads")
    assert minions.minion_score(r, digger) == (2, 0)


@pytest.mark.rule("raid.ties.hard", "raid.enemy-move.minion.nearest-hero")
def test_hard_ties_between_areas_weigh_each_area_by_its_hero_closest_to_defeat():
    # Maren (6 rank I cards to lose) and Varga (1) at the Old Mill, Cole (2) at the Bog: both
    # 1 border from the Red Camp. Varga is the hero closest to defeat: the Old Mill it is.
    game = start(3, rulings=HARD)
    armed(game)
    deal(game, "hero2", deck=["crossbow", "snare", "snare", "scout"])
    deal(game, "hero3", deck=["charge", "trophy"])
    place(game, maren="old-mill", varga="old-mill", cole="bog")
    minion = summon(game, "reclaimed", "red-camp")
    since = mark(game)
    _, asked = drive(enemy_actions.perform(raid(game), minion, MOVE))
    assert asked == [] and minion.area == "old-mill"
    assert new_events(game, since, "tie.hard")[0]["chosen"] == "Dr. Ilse Varga"
