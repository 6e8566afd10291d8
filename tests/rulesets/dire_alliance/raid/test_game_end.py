"""How a Raid ends (raid.game.*): the heroes' goal, the villain's goal, a third objective,
an empty villain deck; and the Battle Mode rules Raid Mode builds on."""

import pytest

from rulekeeper.core.ruleset import GameOver
from rulekeeper.rulesets.dire_alliance.attack import attack
from rulekeeper.rulesets.dire_alliance.raid import enemies, goals, minions

from .helpers import HARD, deal, drive, hero, new_events, place, raid, start, step, villain


def finished(game, procedure, *answers):
    """Run a procedure that ends the game; the GameOver it raises."""
    with pytest.raises(GameOver) as over:
        drive(procedure, *answers)
    return over.value


@pytest.mark.rule("raid.game.win", "raid.game.into-the-darkwood", "raid.game.end.heroes-win",
                  "raid.game.end.immediate")
def test_into_the_darkwood_is_won_the_moment_the_villain_is_defeated():
    game = start(1, rulings=HARD, dice=["HIT"] * 3 + ["blank"] * 2)
    deal(game, hand=["charge"], deck=["trophy"] * 2)
    place(game, hollow_king="red-camp")
    raid(game).the_villain.wounds = 11                  # one short of 12 (one hero)
    step(game, "down:charge", "melee:hollow-king")
    assert game.over and game.result.winner == "heroes"
    assert game.result.reason == "villain-defeated"
    # at once: the defeating hero is not even asked to gain a card
    assert [e.kind for e in game.events[-2:]] == ["raid.villain.defeated", "raid.won"]
    assert game.events[-1].rule == "raid.game.into-the-darkwood"


def test_the_barrow_stones_are_won_by_sealing_the_third_stone():
    game = start(1, scenario="barrow-stones", rulings=HARD)
    r = raid(game)
    r.sites["witch-hollow-stone"].holder = "heroes"
    r.sites["crossroads-stone"].holder = "heroes"
    deal(game, hand=["charge"], deck=["trophy"] * 2)
    place(game, maren="well")
    step(game, "down:charge", "interact")
    assert game.over and game.result.winner == "heroes" and game.result.reason == "sites"
    assert game.events[-1].rule == "raid.game.end.heroes-win"


@pytest.mark.rule("raid.game.end.villain-goal")
def test_the_heroes_lose_when_the_villain_completes_its_goal():
    game = start(1, scenario="barrow-stones", rulings=HARD)
    r = raid(game)
    while len(r.minions()) < 13:
        r.place(r.fighters[r.bag.pop()], "blue-camp")
    over = finished(game, now(lambda: minions.spawn(r, "a test")))
    assert (over.winner, over.reason) == ("enemies", "villain-goal")
    assert len(r.minions()) == 14
    # Into the Darkwood has no such goal: 14 minions are no end
    game = start(1, rulings=HARD)
    r = raid(game)
    for _ in range(14):
        minions.spawn(r, "a test")
    assert len(r.minions()) == 14


@pytest.mark.rule("raid.game.lose.third-objective", "raid.objective.control")
def test_the_enemies_win_when_they_claim_their_third_objective():
    game = start(1, rulings=HARD)
    r = raid(game)
    digger = r.fighters[next(m for m in r.bag if m.startswith("gravedigger"))]
    for colour in ("grey", "green"):
        goals.claim(r, digger, r.objectives[colour], "raid.objective.control")
    assert len(r.claimed) == 2
    over = finished(game, now(lambda: goals.claim(r, digger, r.objectives["blue"],
                                                  "raid.objective.control")))
    assert (over.winner, over.reason) == ("enemies", "objectives")


def now(action):
    """A procedure that does ``action`` and asks nothing."""
    action()
    yield from ()


@pytest.mark.rule("raid.game.end.villain-deck-empty")
def test_the_heroes_lose_when_a_villain_card_must_be_drawn_from_an_empty_deck():
    game = start(1, rulings=HARD)
    r = raid(game)
    r.the_villain.discard = r.the_villain.deck
    r.the_villain.deck = []
    over = finished(game, enemies.enemies_phase(r, True))
    assert (over.winner, over.reason) == ("enemies", "villain-deck-empty")
    # the villain discard pile is never shuffled back
    assert len(r.the_villain.discard) == 14


@pytest.mark.rule("raid.game.end.villain-deck-empty", "raid.enemy-act.villain-card")
def test_the_last_villain_card_is_drawn_and_the_game_goes_on():
    game = start(1, rulings=HARD)
    r = raid(game)
    last = r.the_villain.deck[-1]
    r.the_villain.discard, r.the_villain.deck = r.the_villain.deck[:-1], [last]
    assert enemies.draw_villain_card(r, True) == last
    assert r.the_villain.deck == [] and r.the_villain.row[-1] == last
    assert not new_events(game, 0, "raid.villain.empty")


def test_a_whole_game_ends_with_the_losing_event_and_its_rule():
    game = start(1, rulings=HARD)
    r = raid(game)
    r.the_villain.deck = r.the_villain.deck[-1:]        # one card: round 1's second draw fails
    r.the_villain.discard = []
    while not game.over:
        step(game, game.pending.ids[-1])
    assert game.result.reason in ("villain-deck-empty", "hero-defeated", "objectives")
    assert game.events[-1].kind == "raid.lost"


@pytest.mark.rule("raid.overview.battle-rules")
def test_raid_mode_attacks_follow_battle_modes_attack_sequence():
    # a tie of HIT and BLOCK is a hit; more BLOCK than HIT is a miss (Battle Mode's rules)
    game = start(1, rulings=HARD, dice=["HIT", "blank", "BLOCK", "blank",    # 1 HIT, 1 BLOCK
                                        "HIT", "blank", "BLOCK", "BLOCK"])   # 1 HIT, 2 BLOCK
    deal(game, deck=["trophy"] * 4)
    place(game, hollow_king="red-camp")
    r = raid(game)
    drive(attack(r, hero(game).fighter, [villain(game)], "melee"))
    assert r.the_villain.wounds == 1
    drive(attack(r, hero(game).fighter, [villain(game)], "melee"))
    assert r.the_villain.wounds == 1
    rules = [e["rule"] for e in new_events(game, 0) if e["kind"] in ("hit", "miss.blocked")]
    assert rules == ["battle.attack.apply-results.c", "battle.attack.apply-results.b"]
