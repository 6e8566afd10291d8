"""Damage and healing in Raid Mode (raid.damage.*, raid.heal.*, raid.status.*), action-row
tokens, and claiming objectives after the villain's damage."""

import pytest

from rulekeeper.rulesets.dire_alliance import special
from rulekeeper.rulesets.dire_alliance.attack import attack
from rulekeeper.rulesets.dire_alliance.models import Effect
from rulekeeper.rulesets.dire_alliance.raid import enemy_actions, heroes
from rulekeeper.rulesets.dire_alliance.raid.enemies import end_of_round

from .helpers import (
    HARD,
    deal,
    drive,
    hero,
    kinds,
    mark,
    new_events,
    place,
    raid,
    start,
    step,
    summon,
    villain,
)

RANK_II_DIGGER = {"raid_sides.0.minions.gravedigger.rank": "II"}
"""The sample's Gravedigger is rank I; these tests want a rank II minion with a plain Melee."""


def hit(game, attacker, target, *answers, kind="melee"):
    """An attack that hits (the attacker's dice all HIT, the defender's all blank)."""
    r = raid(game)
    dice = r.stat(attacker, kind) + (3 if attacker.card == "butcher" else 0)
    r.rng._script.extend(["HIT"] * dice + ["blank"] * r.stat(target, "defense"))
    return drive(attack(r, attacker, [target], kind), *answers)


@pytest.mark.rule("raid.damage.no-stun", "raid.status.no-stun")
def test_fighters_are_not_stunned_by_damage_in_raid_mode():
    game = start(1, rulings=HARD)
    deal(game, deck=["charge"] * 2)
    minion = summon(game, "gravedigger", "red-camp")
    hit(game, minion, hero(game).fighter)
    assert hero(game).damage_pile == ["charge"] and not hero(game).fighter.stunned
    place(game, hollow_king="red-camp")
    hit(game, hero(game).fighter, villain(game))
    assert raid(game).the_villain.wounds == 1 and not villain(game).stunned
    assert "stunned" not in [e.kind for e in game.events]


@pytest.mark.rule("raid.status.retain")
def test_a_figure_stunned_by_an_effect_keeps_its_tokens_and_conditions():
    game = start(1, rulings=HARD)
    deal(game, row=[("iron-brace", True)], deck=["charge"] * 2)
    hero(game).row[0].tokens.append("ward")
    minion = summon(game, "reclaimed", "red-camp")
    r = raid(game)
    # an effect that explicitly stuns (the shared vocabulary's stun) does stun in Raid Mode
    drive(special.run(r, minion, Effect.model_validate({"stun": "enemy-here"}), None))
    assert hero(game).fighter.stunned
    assert hero(game).row[0].tokens == ["ward"] and r.stat(hero(game).fighter, "defense") == 3
    # a stunned minion cannot make an opportunity attack; activated, it becomes ready first
    drive(special.run(r, hero(game).fighter, Effect.model_validate({"stun": "enemy-here"}), None))
    assert minion.stunned
    since = mark(game)
    drive(r.opportunity_attacks(hero(game).fighter, "old-mill"))
    assert "attack" not in [e.kind for e in game.events[since:]]
    r.decider = "hero1"
    r.rng._script.extend(["blank"] * 5)
    drive(enemy_actions.activate(r, minion, r.kinds["reclaimed"].actions, "a test",
                                 "raid.minion.one-action"))
    assert not minion.stunned and new_events(game, since, "raid.ready")


@pytest.mark.rule("raid.hero-action.move.b")
def test_a_hero_stunned_by_an_effect_makes_no_opportunity_attack_on_a_leaving_enemy():
    # an enemy leaving a hero's area may be attacked by each hero there, a stunned one aside
    game = start(1, rulings=HARD)
    minion = summon(game, "reclaimed", "red-camp")
    place(game, maren="red-camp")
    r = raid(game)
    drive(special.run(r, minion, Effect.model_validate({"stun": "enemy-here"}), None))
    assert hero(game).fighter.stunned
    since = mark(game)
    _, asked = drive(r.opportunity_attacks(minion, "old-mill"))
    assert asked == [] and "attack" not in kinds(game, since)


@pytest.mark.rule("raid.damage.hero.rank-card", "raid.damage.hero.search-order",
                  "raid.damage.hero.damage-pile", "raid.damage.hero.action-row",
                  "raid.lose-card.damage-pile")
def test_a_damaged_hero_loses_a_card_matching_the_rank_from_hand_then_deck_then_discard():
    game = start(1, rulings=HARD, sets=RANK_II_DIGGER)
    digger = summon(game, "gravedigger", "red-camp")    # rank II here
    # Iron Brace (II, III) and Charge (I, II) match; the Cleaver (I) does not; the hero picks
    deal(game, hand=["heavy-cleaver", "charge", "iron-brace"],
         deck=["trophy", "consecrated-blade", "iron-brace"], discard=["charge"],
         row=[("iron-brace", True)])
    _, asked = hit(game, digger, hero(game).fighter, "done", "iron-brace")
    assert asked[-1].kind == "lose-card" and set(asked[-1].ids) == {"charge", "iron-brace"}
    h = hero(game)
    assert h.damage_pile == ["iron-brace"] and len(h.piles.hand) == 3     # drew a replacement
    assert [c.card for c in h.row] == ["iron-brace"]                      # never the row
    # no match in hand: the deck (its order kept), then the discard pile
    deal(game, hand=["heavy-cleaver"], deck=["trophy", "iron-brace", "consecrated-blade"],
         discard=["charge"], row=[("iron-brace", True)])
    hit(game, digger, h.fighter, "done")
    assert h.damage_pile == ["iron-brace"] and h.piles.deck == ["trophy", "consecrated-blade"]
    hit(game, digger, h.fighter, "done")
    assert h.damage_pile == ["iron-brace", "charge"] and h.piles.discard == []
    rules = [e["pile"] for e in new_events(game, 0, "raid.lose")]
    assert rules == ["hand", "deck", "discard pile"]


@pytest.mark.rule("raid.damage.hero.unranked")
def test_damage_from_an_unranked_enemy_or_an_effect_takes_the_top_card_of_the_deck():
    game = start(1, rulings=HARD, sets={"raid_sides.0.minions.gravedigger.rank": None})
    digger = summon(game, "gravedigger", "red-camp")
    deal(game, hand=["charge"], deck=["iron-brace", "trophy"], discard=["heavy-cleaver"])
    hit(game, digger, hero(game).fighter, "done")
    h = hero(game)
    assert h.damage_pile == ["trophy"] and h.piles.hand == ["charge"]
    # an empty deck is refilled from the discard pile first
    deal(game, hand=["charge"], discard=["heavy-cleaver"])
    r = raid(game)
    drive(r.suffer_damage(h.fighter, "raid.exert.damage"))
    assert h.damage_pile == ["heavy-cleaver"]
    assert new_events(game, 0, "raid.lose.top")[-1]["why"] == "an effect"


@pytest.mark.rule("raid.damage.hero.defeated", "raid.game.lose.hero-defeated",
                  "raid.game.end.hero-dies", "raid.game.end.immediate")
def test_a_hero_who_cannot_lose_the_card_is_defeated_and_the_game_ends_at_once():
    game = start(1, rulings=HARD, dice=["HIT", "HIT", "blank"] + ["blank"] * 9,
                 sets=RANK_II_DIGGER)
    # only rank I and II cards outside the action row: a rank II hit cannot be absorbed...
    deal(game, hand=["charge"], deck=["heavy-cleaver"] * 2, row=[("iron-brace", True)])
    place(game, maren="crossroads")
    summon(game, "gravedigger", "crossroads")
    summon(game, "reclaimed", "crossroads")
    # ... so the first opportunity attack (the Gravedigger's, rank II, 2 dice) would take a
    # Charge (I, II); make it the last I/II card: a Heavy Cleaver (I) does not match rank II
    deal(game, hand=["heavy-cleaver"], deck=["heavy-cleaver"] * 2, row=[("iron-brace", True)])
    step(game, "down:heavy-cleaver", "move:cairn")
    assert game.over and game.result.winner == "enemies"
    assert game.result.reason == "hero-defeated"
    assert hero(game).fighter.defeated and hero(game).fighter.area is None
    kinds = [e.kind for e in game.events]
    # immediately: the Reclaimed's attack and the move are never resolved
    assert kinds[-2:] == ["raid.hero.defeated", "raid.lost"]
    assert "move" not in kinds[kinds.index("raid.opportunity"):]
    assert game.events[-1].rule == "raid.game.end.hero-dies"


@pytest.mark.rule("raid.damage.minion")
def test_a_damaged_minion_leaves_the_board_for_the_bag():
    game = start(1, rulings=HARD)
    deal(game, deck=["charge"] * 2)
    place(game, maren="crossroads")
    minion = summon(game, "butcher", "crossroads")
    bag = len(raid(game).bag)
    hit(game, hero(game).fighter, minion, "none")
    assert minion.area is None and minion.id in raid(game).bag and len(raid(game).bag) == bag + 1
    assert new_events(game, 0, "raid.minion.damaged")[0]["rule"] == "raid.damage.minion"


@pytest.mark.rule("raid.damage.villain.wound", "raid.damage.villain.defeated")
def test_the_villain_takes_wounds_and_is_defeated_when_they_reach_its_health():
    game = start(1, rulings=HARD, scenario="barrow-stones",   # defeating it does not end this one
                 sets={"villains.hollow-king.health": 7})
    deal(game, deck=["charge"] * 2)
    place(game, hollow_king="red-camp")
    r = raid(game)
    assert r.the_villain.health == 7
    for wounds in range(1, 7):
        hit(game, hero(game).fighter, villain(game))
        assert r.the_villain.wounds == wounds and villain(game).on_board
    hit(game, hero(game).fighter, villain(game), "none")
    assert villain(game).defeated and villain(game).area is None
    assert [e["rule"] for e in new_events(game, 0, "raid.villain.defeated")] == [
        "raid.damage.villain.defeated"]
    # the hero who defeated it may gain a card (it chose none); the game goes on
    assert game.pending is not None


@pytest.mark.rule("raid.heal.minion", "raid.additional.minion-heal")
def test_a_healed_minion_is_joined_by_a_minion_of_its_rank_from_the_bag():
    game = start(1)
    r = raid(game)
    caretaker = summon(game, "caretaker", "crossroads")
    r.decider = "hero1"
    heal = Effect.model_validate({"heal": 1, "who": "friend-here"})
    # the bag holds four kinds of rank I: the heroes pick which
    _, asked = drive(enemy_actions.perform(r, caretaker, heal), "reclaimed")
    assert set(asked[0].ids) == {"reclaimed", "caretaker", "mourner", "gravedigger"}
    here = [f.card for f in r.in_area("crossroads")]
    assert sorted(here) == ["caretaker", "reclaimed"]
    placed = new_events(game, 0, "raid.heal.minion")[0]
    assert placed["rule"] == "raid.heal.minion" and placed["rank"] == "I"
    # the only kind of rank II is no tie: a healed Butcher is joined by a Butcher
    butcher = summon(game, "butcher", "well")
    since = mark(game)
    drive(enemy_actions.perform(r, butcher, heal))
    assert sorted(f.card for f in r.in_area("well")) == ["butcher", "butcher"]
    assert not new_events(game, since, "tie.decided")


@pytest.mark.rule("raid.heal.minion", "raid.ties.hard")
def test_hard_reinforces_a_healed_minion_with_a_kind_that_claims_then_the_strongest():
    game = start(1, rulings=HARD)
    r = raid(game)
    heal = Effect.model_validate({"heal": 1, "who": "friend-here"})
    # the Gravedigger's first action is Control: it claims the objective where it stands
    caretaker = summon(game, "caretaker", "bog")
    drive(enemy_actions.perform(r, caretaker, heal))
    assert sorted(f.card for f in r.in_area("bog")) == ["caretaker", "gravedigger"]
    tie = new_events(game, 0, "tie.hard")[0]
    assert tie["chosen"] == "Gravedigger" and "Control" in tie["criterion"]
    # with no Gravedigger left in the bag: the most dice (the Mourner: 0 + 2 + 1)
    summon(game, "gravedigger", "marsh")
    since = mark(game)
    caretaker = summon(game, "caretaker", "cairn")
    drive(enemy_actions.perform(r, caretaker, heal))
    assert sorted(f.card for f in r.in_area("cairn")) == ["caretaker", "mourner"]
    assert new_events(game, since, "tie.hard")[0]["chosen"] == "Mourner"


@pytest.mark.rule("raid.objective.villain-damage")
def test_the_villain_claims_the_objective_in_its_area_after_damaging_a_hero_there():
    game = start(1, rulings=HARD)
    deal(game, deck=["trophy"] * 2 + ["charge"] * 2)
    place(game, maren="old-mill", hollow_king="old-mill")
    r = raid(game)
    r.rng._script.extend(["blank"] * 10)                # a miss: no claim
    drive(enemy_actions.perform(r, villain(game), Effect.model_validate({"melee": {}})))
    assert "grey" in r.objectives_in_play()
    r.rng._script.clear()
    r.rng._script.extend(["HIT"] * 2 + ["blank"])
    drive(enemy_actions.perform(r, villain(game), Effect.model_validate({"melee": {}})))
    assert r.claimed == ["grey"]
    assert new_events(game, 0, "raid.claim")[0]["rule"] == "raid.objective.villain-damage"
    # a Shoot damages a hero in another area: nothing is claimed
    place(game, maren="hanging-tree", hollow_king="cairn")
    r.rng._script.extend(["HIT"] + ["blank"] * 5)
    drive(enemy_actions.perform(r, villain(game), Effect.model_validate({"shoot": {}})))
    assert r.claimed == ["grey"] and len(hero(game).damage_pile) == 2


@pytest.mark.rule("raid.action-row.tokens.placed", "raid.action-row.tokens.discard",
                  "raid.sample.ward")
def test_a_ward_token_placed_on_a_card_prevents_a_damage_and_is_discarded_with_the_card():
    game = start(1, rulings=HARD)
    deal(game, hand=["iron-brace", "charge"], deck=["trophy"] * 2 + ["consecrated-blade"] * 4)
    h = hero(game)
    drive(heroes.take_action(raid(game), h, "up:iron-brace"), "special")
    assert h.row[0].tokens == ["ward"]
    assert new_events(game, 0, "token")[0]["rule"] == "raid.action-row.tokens.placed"
    digger = summon(game, "gravedigger", "red-camp")
    _, asked = hit(game, digger, h.fighter, "done", "ward")
    assert asked[-1].kind == "ward" and h.damage_pile == [] and h.row[0].tokens == []
    # a token left on a card goes with it when the row is discarded at the end of the round
    h.row[0].tokens.append("ward")
    end_of_round(raid(game))
    discard = new_events(game, 0, "raid.discard.row")[0]
    assert discard["rule"] == "raid.action-row.tokens.discard" and "1 token" in discard["tokens"]
    assert h.row == []
