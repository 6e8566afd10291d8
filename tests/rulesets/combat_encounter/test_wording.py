"""The English of events, views and odds titles: counts agree with their nouns, Health below 0
is not shown as Health left, and a Loot Opportunity says what is and is not Loot."""

import re

import pytest

from rulekeeper.agents import RandomAgent
from rulekeeper.core.game import new_game
from rulekeeper.rulesets.combat_encounter.odds import AttackQuestion, exact_odds
from tests.rulesets.combat_encounter.helpers import answer, start

BAD = [r"\(s\)", r"\b1 (?:[A-Za-z]+ )?(?:Actions|Tokens|tokens|cards|turns)\b",
       r"-\d+ Health left", r"not Loot: none", r"Backpack nothing"]


def sentences(game):
    return [game.ruleset.messages.render(e) for e in game.events]


@pytest.mark.parametrize("seed", range(8))
def test_no_sentence_or_picture_of_a_random_game_miscounts(seed):
    game = new_game("combat-encounter", seed=seed, options={"players": 4, "time_limit": 200})
    agents = {s: RandomAgent(s, seed * 5 + i) for i, s in enumerate(game.seats)}
    texts = []
    while not game.over:
        texts.append(game.ruleset.render(game.view(game.pending.player)))
        texts += [o.label for o in game.pending.options]
        game.step(agents[game.pending.player].choose(None, game.pending))
    texts += sentences(game)
    wrong = sorted({t for t in texts for bad in BAD if re.search(bad, t)})
    assert wrong == []


def test_overkill_leaves_0_health_and_death_says_how_far_below():
    game = start([15, 7], options={"players": 3}, ranger__health=4)
    answer(game, "attack:p2:weapon-1")  # 7 + 3 = 10 Damage on 4 Health
    said = sentences(game)
    assert ("Player 1 (Sir Brannock) deals 10 Damage to Player 2 (Wren) (7 + brawn 3, at least 1): "
            "0 Health left") in said
    assert "Player 2 (Wren) has no Health left (the Damage took it to \u22126): Death is triggered" in said


def test_a_loot_opportunity_names_the_backpack_and_only_then_the_dropped_weapons():
    game = start([15, 7], options={"players": 3}, ranger__health=4)
    answer(game, "attack:p2:weapon-1")
    assert ("Player 1 (Sir Brannock) gets a Loot Opportunity on Player 2 (Wren), whose Backpack holds "
            "Amulet of Warding") in sentences(game)
    game = start([1, 15, 8], options={"players": 3, "rooms": "p3=hall"}, ranger__health=1)
    answer(game, "decline", "attack:p1:weapon-1", "attack:p2:weapon-1")
    assert ("Player 1 (Sir Brannock) gets a Loot Opportunity on Player 2 (Wren), whose Backpack holds "
            "Amulet of Warding; Dropped Weapons are not Loot: Short Bow") in sentences(game)


def test_counts_of_one_are_singular():
    game = start([20, 5, 5], keep=("knight",))
    answer(game, "attack:p2:weapon-1", "keep", "kaos:0")  # a natural 20: the reward
    assert "Player Turn of Player 1 (Sir Brannock) (2 Turn Actions)" in sentences(game)
    assert ("Player 1 (Sir Brannock) gets the critical-success reward: +1 Reroll Token, +0 Kaos"
            in sentences(game))
    question = AttackQuestion(stat=3, defense=14, weapon="1d8", kaos=0, rerolls=1)
    assert exact_odds(question).title.endswith("0 Kaos, 1 Reroll Token")


def test_an_empty_armor_or_status_fact_agrees_in_french():
    """*armure* is feminine and *états* masculine: an empty one reads *néant* for both
    (one msgid, ``none``, says them all), not *armure : aucun*."""
    from rulekeeper.core.view import translated

    game = new_game("combat-encounter", seed=1)
    panel = translated(game.table_view(game.seats[0]), game.ruleset.messages.wording("fr")).panels[0]
    facts = dict(panel.facts)
    assert facts["armure de scénario"] == facts["états"] == "néant"
