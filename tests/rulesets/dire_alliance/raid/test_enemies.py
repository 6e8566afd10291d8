"""The Enemies phases: villain cards, minion activation and spawning (raid.enemy-act.*,
raid.spawn.*), enemy actions and their joins (raid.minion.*, raid.villain.*,
raid.enemy-effects.*, raid.enemy-clarify.*), Control and claiming objectives."""

import pytest

from rulekeeper.rulesets.dire_alliance.raid import enemies, enemy_actions, minions
from rulekeeper.rulesets.dire_alliance.raid.models import EnemyAction

from .helpers import (
    HARD,
    armed,
    drive,
    kinds,
    mark,
    new_events,
    place,
    raid,
    stack,
    start,
    summon,
    villain,
)


def activate(game, fighter, seat="hero1"):
    """Activate a minion (or the villain with the newest villain card) as the rules do."""
    r = raid(game)
    r.decider = seat
    if r.is_villain(fighter):
        actions = r.villain_cards[r.the_villain.newest].actions
    else:
        actions = r.kinds[fighter.card].actions
    return drive(enemy_actions.activate(r, fighter, actions, "a test", "raid.minion.one-action"))


@pytest.mark.rule("raid.enemy-act.villain-card", "raid.enemy-act.villain-modifiers",
                  "raid.round.enemies-react.villain-card")
def test_each_villain_card_drawn_joins_the_row_and_adds_its_modifiers():
    game = start(1)
    r = raid(game)
    stack(game, "crushing-grip", "bone-crown")
    v = villain(game)
    assert (r.stat(v, "melee"), r.stat(v, "defense")) == (2, 2)
    enemies.draw_villain_card(r, True)
    assert r.the_villain.row == ["crushing-grip"] and r.stat(v, "melee") == 4
    enemies.draw_villain_card(r, False)
    assert r.the_villain.row == ["crushing-grip", "bone-crown"]
    assert (r.stat(v, "melee"), r.stat(v, "defense")) == (5, 3)
    drawn = new_events(game, 0, "raid.villain.card")
    assert [e["rule"] for e in drawn] == ["raid.enemy-act.villain-card",
                                          "raid.round.enemies-react.villain-card"]
    assert drawn[1]["colour"] == "yellow" and drawn[1]["melee"] == 5


@pytest.mark.rule("raid.stats.minimum-zero.a", "raid.enemy-act.villain-modifiers")
def test_the_villains_stats_never_fall_below_zero():
    game = start(1, sets={"villains.hollow-king.deck.grave-hunger.modifiers.defense": -5})
    r = raid(game)
    stack(game, "grave-hunger")                         # +1 melee, -5 defense
    enemies.draw_villain_card(r, True)
    v = villain(game)
    assert (r.stat(v, "melee"), r.stat(v, "defense")) == (3, 0)   # 2 + 1, and 2 - 5 is 0


@pytest.mark.rule("raid.enemy-act.minions-first", "raid.enemy-act.minion.nearest",
                  "raid.enemy-act.minion.once", "raid.enemy-act.villain",
                  "raid.villain.after-minions", "raid.villain.card-action",
                  "raid.villain.basic-actions")
def test_each_hero_activates_the_nearest_minion_of_the_colour_once_then_the_villain_once():
    game = start(2, rulings=HARD, dice=["blank"] * 40)
    r = raid(game)
    armed(game)
    armed(game, "hero2")
    near = summon(game, "reclaimed", "old-mill")        # 1 border from the Red Camp
    far = summon(game, "reclaimed", "witch-hollow")     # 2 borders
    summon(game, "mourner", "bog")                      # another colour: not activated
    stack(game, "grave-hunger")                         # grey; the villain: Melee / Move, then Melee
    since = mark(game)
    drive(enemies.enemies_phase(r, True))
    activations = new_events(game, since, "raid.activate")
    assert [a["enemy"] for a in activations] == ["Reclaimed", "Reclaimed", "The Hollow King"]
    chosen = new_events(game, since, "raid.nearest")
    assert [(c["hero"], c["distance"]) for c in chosen] == [("Sister Maren", 1),
                                                           ("Cole Ashby", 2)]
    assert near.id in r.activated and far.id in r.activated and len(r.activated) == 2
    assert activations[2]["rule"] == "raid.villain.after-minions"
    # the villain acts with the newest villain card: Grave Hunger's "Move, then Melee"
    tried = new_events(game, since, "raid.try")
    assert tried[-1] == tried[-1] | {"enemy": "The Hollow King", "text": "Move, then Melee."}


@pytest.mark.rule("raid.enemy-act.spawn-if-none", "raid.spawn.random", "raid.spawn.same-phase",
                  "raid.spawn.objective-area")
def test_a_hero_who_cannot_activate_a_minion_spawns_one_which_a_later_hero_may_activate():
    game = start(2, rulings=HARD, dice=["blank"] * 40)
    r = raid(game)
    armed(game)
    armed(game, "hero2")
    # every minion but the Reclaimed far away on the board: the bag holds grey ones only
    for token in [m for m in list(r.bag) if r.fighters[m].card != "reclaimed"]:
        r.bag.remove(token)
        r.place(r.fighters[token], "blue-camp")
    stack(game, "grave-hunger")
    since = mark(game)
    drive(enemies.enemies_phase(r, True))
    spawned = new_events(game, since, "raid.spawn")[0]
    assert spawned["who"] == "Sister Maren" and spawned["rule"] == "raid.spawn.objective-area"
    assert spawned["area"] == "Old Mill"                # the grey gravestone's area
    # the spawning hero does not activate it; Cole Ashby, later in the order, does
    chosen = new_events(game, since, "raid.nearest")
    assert [c["hero"] for c in chosen] == ["Cole Ashby"]
    assert new_events(game, since, "raid.no-minion")[0]["rule"] == "raid.enemy-act.spawn-if-none"
    # the minion is drawn at random with the game's generator: the same seed draws the same
    draws = set()
    for seed in range(8):
        other = start(1, seed=seed)
        minions.spawn(raid(other), "a test")
        draws.add(raid(other).minions()[0].card)
    assert len(draws) > 1


@pytest.mark.rule("raid.spawn.villain-area", "raid.objective.enemy-play-area")
def test_a_minion_whose_objective_is_not_in_play_spawns_in_the_villains_area():
    game = start(1)
    r = raid(game)
    grey = r.objectives["grey"]
    grey.claimed_by = "enemies"
    r.claimed.append("grey")
    token = next(m for m in r.bag if r.fighters[m].card == "reclaimed")
    r.bag = [token]
    minions.spawn(r, "a test")
    assert r.fighters[token].area == villain(game).area == "blue-camp"
    assert new_events(game, 0, "raid.spawn")[0]["rule"] == "raid.spawn.villain-area"
    assert "grey" not in r.objectives_in_play()


@pytest.mark.rule("raid.spawn.villain-area")
def test_a_minion_without_its_objective_spawns_where_the_villain_stands_now():
    game = start(1)
    r = raid(game)
    r.objectives["grey"].claimed_by = "enemies"
    r.claimed.append("grey")
    place(game, hollow_king="chapel-ruins")             # not its starting area (Blue Camp)
    token = next(m for m in r.bag if r.fighters[m].card == "reclaimed")
    r.bag = [token]
    minions.spawn(r, "a test")
    assert r.fighters[token].area == "chapel-ruins"


@pytest.mark.rule("raid.minion.one-action", "raid.minion.top-to-bottom", "raid.minion.basic-actions")
def test_a_minion_performs_the_first_of_its_actions_it_can_and_only_that_one():
    game = start(1, rulings=HARD, dice=["blank"] * 40)
    armed(game)
    place(game, maren="crossroads")
    with_hero = summon(game, "reclaimed", "crossroads")
    since = mark(game)
    activate(game, with_hero)
    assert [e["number"] for e in new_events(game, since, "raid.try")] == [1]   # Melee
    assert "move" not in kinds(game, since)
    alone = summon(game, "reclaimed", "hanging-tree")
    since = mark(game)
    activate(game, alone)
    cannot = new_events(game, since, "raid.cannot")
    assert [(c["number"], c["reason"]) for c in cannot] == [(1, "no hero in its area")]
    assert new_events(game, since, "raid.try")[0]["text"] == "Move, then Melee."
    assert alone.area == "crossroads" and "attack" in kinds(game, since)


@pytest.mark.rule("raid.enemy-clarify.zero-melee", "raid.enemy-clarify.zero-shoot",
                  "raid.enemy-move.already-there")
def test_an_enemy_with_a_zero_stat_never_attempts_that_attack():
    game = start(1, rulings=HARD,
                 sets={"raid_sides.0.minions.reclaimed.melee": 0,
                       "raid_sides.0.minions.mourner.shoot": 0})
    armed(game)
    zero = summon(game, "reclaimed", "red-camp")        # a hero in its area, but Melee 0
    since = mark(game)
    activate(game, zero)
    cannot = new_events(game, since, "raid.cannot")
    assert cannot[0]["rule"] == "raid.enemy-clarify.zero-melee"
    # Move, then Melee: toward the nearest hero, who is where it already is: no move
    assert cannot[1]["rule"] == "raid.enemy-effects.then.ignored"
    assert "already where it would move" in cannot[1]["reason"]
    assert zero.area == "red-camp" and "attack" not in kinds(game, since)
    mourner = summon(game, "mourner", "hanging-tree")   # sees the Red Camp
    since = mark(game)
    activate(game, mourner)
    assert new_events(game, since, "raid.cannot")[0]["rule"] == "raid.enemy-clarify.zero-shoot"
    assert "attack" not in kinds(game, since)


@pytest.mark.rule("raid.enemy-clarify.star")
def test_a_star_stat_means_the_enemys_special_ability_makes_that_attack():
    game = start(2, rulings=HARD, dice=["blank"] * 40)
    armed(game)
    armed(game, "hero2")
    place(game, maren="crossroads", cole="crossroads")
    butcher = summon(game, "butcher", "crossroads")
    since = mark(game)
    activate(game, butcher)
    star = new_events(game, since, "raid.star")[0]
    assert star["ability"] == "Meat Hooks" and star["rule"] == "raid.enemy-clarify.star"
    attack = new_events(game, since, "attack")[0]
    assert attack["dice"] == 3 and sorted(attack["targets"]) == ["Cole Ashby", "Sister Maren"]


@pytest.mark.rule("raid.enemy-effects.and.both", "raid.enemy-effects.and.independent")
def test_and_resolves_every_effect_that_can_in_order():
    game = start(1, rulings=HARD, dice=["blank"] * 40)
    armed(game)
    r = raid(game)
    stack(game, "rise-my-dead")                         # Spawn a minion and Melee
    enemies.draw_villain_card(r, True)
    place(game, hollow_king="red-camp")
    since = mark(game)
    activate(game, villain(game))
    assert kinds(game, since).index("raid.spawn") < kinds(game, since).index("attack")
    # with no hero in its area the Melee is skipped but the spawn still happens
    place(game, hollow_king="blue-camp")
    since = mark(game)
    activate(game, villain(game))
    assert "raid.spawn" in kinds(game, since) and "attack" not in kinds(game, since)
    skipped = new_events(game, since, "raid.effect.skipped")[0]
    assert skipped["rule"] == "raid.enemy-effects.and.independent" and skipped["verb"] == "melee"


@pytest.mark.rule("raid.enemy-effects.and.independent")
def test_and_resolves_the_later_effect_when_the_first_cannot():
    # "Melee and spawn a minion" with no hero in its area: the Melee is skipped, the spawn
    # still happens (each effect that can resolve does)
    game = start(1, dice=["blank"] * 10)
    r = raid(game)
    place(game, hollow_king="blue-camp")
    action = EnemyAction.model_validate(
        {"text": "Melee and spawn a minion.", "join": "and", "effects": [{"melee": {}}, {"spawn": 1}]})
    since = mark(game)
    drive(enemy_actions.attempt(r, villain(game), action))
    skipped = new_events(game, since, "raid.effect.skipped")
    assert [(s["verb"], s["rule"]) for s in skipped] == [
        ("melee", "raid.enemy-effects.and.independent")]
    assert len(new_events(game, since, "raid.spawn")) == 1


@pytest.mark.rule("raid.enemy-effects.or.two", "raid.enemy-effects.or.first", "raid.heal.villain",
                  "raid.additional.villain-heal")
def test_or_resolves_the_first_effect_that_can_and_only_that_one():
    game = start(1, rulings=HARD)
    r = raid(game)
    stack(game, "black-mass")                           # Heal and Control / Heal or Move
    enemies.draw_villain_card(r, True)
    place(game, hollow_king="crossroads")               # no objective there: Control cannot
    r.the_villain.wounds = 2
    since = mark(game)
    activate(game, villain(game))
    # action 1 "Heal and Control" heals (Control cannot); the villain discards one wound
    assert r.the_villain.wounds == 1 and villain(game).area == "crossroads"
    heal = new_events(game, since, "raid.heal.villain")[0]
    assert heal["rule"] == "raid.heal.villain" and heal["wounds"] == 1
    # with no wound left: action 1 cannot (nothing to heal, no objective); action 2 "Heal or
    # Move": the heal cannot, so the move
    r.the_villain.wounds = 0
    since = mark(game)
    activate(game, villain(game))
    assert new_events(game, since, "raid.try")[0]["text"] == "Heal or Move."
    assert new_events(game, since, "raid.effect.skipped")[0]["rule"] == "raid.enemy-effects.or.first"
    assert villain(game).area == "cairn" and r.the_villain.wounds == 0
    # with a wound: the heal only, not the move
    r.the_villain.wounds = 1
    place(game, hollow_king="crossroads")
    since = mark(game)
    drive(enemy_actions.attempt(r, villain(game), r.villain_cards["black-mass"].actions[1]))
    assert r.the_villain.wounds == 0 and villain(game).area == "crossroads"


@pytest.mark.rule("raid.enemy-effects.then.many", "raid.enemy-effects.then.required",
                  "raid.enemy-effects.then.ignored", "raid.enemy-effects.then.partial")
def test_then_needs_the_first_effect_and_resolves_the_rest_as_far_as_it_can():
    game = start(1, rulings=HARD, dice=["blank"] * 40)
    armed(game)
    r = raid(game)
    stack(game, "march-of-the-hollow")                  # Move 2, then Control / Melee
    enemies.draw_villain_card(r, True)
    # at an objective already: "Move 2, then Control" cannot move, so the Control (which
    # could be performed here, but for the hero) is ignored; the next action, Melee
    place(game, hollow_king="old-mill", maren="old-mill")
    since = mark(game)
    activate(game, villain(game))
    cannot = new_events(game, since, "raid.cannot")[0]
    assert cannot["rule"] == "raid.enemy-effects.then.ignored"
    assert new_events(game, since, "raid.try")[0]["text"] == "Melee."
    # a minion that moves but reaches no hero resolves the move and skips the Melee
    reclaimed = summon(game, "reclaimed", "lych-gate")
    since = mark(game)
    activate(game, reclaimed)
    assert reclaimed.area == "witch-hollow"
    skipped = new_events(game, since, "raid.effect.skipped")[0]
    assert skipped["rule"] == "raid.enemy-effects.then.partial" and skipped["verb"] == "melee"
    # "Move 2, then Control": both steps (through the hero's area, who lets it go), then the
    # claim
    place(game, hollow_king="hanging-tree", maren="red-camp")
    r.objectives["grey"].claimed_by = "enemies"
    r.claimed.append("grey")
    since = mark(game)
    drive(enemy_actions.attempt(r, villain(game), r.villain_cards["march-of-the-hollow"].actions[0]),
          "none")
    assert villain(game).area == "bog" and "bog" not in [
        r.objectives[o].area for o in r.objectives_in_play()]


@pytest.mark.rule("raid.enemy-effects.then.partial")
def test_then_stops_at_the_first_later_effect_that_cannot_resolve():
    # "Spawn a minion, then Control, then spawn a minion" with a hero in its area: the first
    # spawn resolves, the Control cannot, and nothing after it resolves ("then" requires
    # the effect before it)
    game = start(1, dice=["blank"] * 10)
    r = raid(game)
    place(game, hollow_king="crossroads", maren="crossroads")
    action = EnemyAction.model_validate(
        {"text": "Spawn a minion, then Control, then spawn a minion.",
         "effects": [{"spawn": 1}, {"control": True}, {"spawn": 1}]})
    since = mark(game)
    drive(enemy_actions.attempt(r, villain(game), action))
    assert len(new_events(game, since, "raid.spawn")) == 1
    skipped = new_events(game, since, "raid.effect.skipped")
    assert [(s["verb"], s["rule"]) for s in skipped] == [
        ("control", "raid.enemy-effects.then.partial")]


@pytest.mark.rule("raid.enemy-control.own-objective", "raid.enemy-control.heroes-block",
                  "raid.objective.control")
def test_an_enemy_claims_its_objective_in_its_area_by_control_unless_a_hero_is_there():
    game = start(1, rulings=HARD, dice=["blank"] * 40)
    armed(game)
    r = raid(game)
    digger = summon(game, "gravedigger", "cairn")       # Control / Melee / ...
    place(game, maren="cairn")
    since = mark(game)
    activate(game, digger)
    blocked = new_events(game, since, "raid.cannot")[0]
    assert blocked["rule"] == "raid.enemy-control.heroes-block"
    assert "yellow" in r.objectives_in_play()
    place(game, maren="red-camp")
    since = mark(game)
    activate(game, digger)
    claim = new_events(game, since, "raid.claim")[0]
    assert claim["rule"] == "raid.objective.control" and claim["claimed"] == 1
    assert r.claimed == ["yellow"] and r.objectives["yellow"].claimed_by == "enemies"
    # no objective of its in its area: it does not perform Control
    elsewhere = summon(game, "gravedigger", "crossroads")
    since = mark(game)
    activate(game, elsewhere)
    assert new_events(game, since, "raid.cannot")[0]["rule"] == "raid.enemy-control.own-objective"


@pytest.mark.rule("raid.villain.top-to-bottom", "raid.enemies-react.same")
def test_in_the_react_phase_the_villain_uses_the_newest_card_with_both_cards_modifiers():
    game = start(1, rulings=HARD, dice=["blank"] * 40)
    armed(game)
    r = raid(game)
    stack(game, "crown-of-thorns", "cold-stare")        # +1 melee +1 shoot / +1 shoot
    place(game, hollow_king="hanging-tree")             # sees the Red Camp
    enemies.draw_villain_card(r, True)
    enemies.draw_villain_card(r, False)
    since = mark(game)
    activate(game, villain(game))
    # the newest card is Cold Stare: Shoot (not Crown of Thorns' Move, then Melee), with the
    # modifiers of both cards: shoot 1 + 1 + 1
    tried = new_events(game, since, "raid.try")
    assert tried[0]["text"] == "Shoot." and tried[0]["rule"] == "raid.villain.top-to-bottom"
    shot = new_events(game, since, "attack")[0]
    assert shot["dice"] == 3 and shot["how"] == "shoot"
