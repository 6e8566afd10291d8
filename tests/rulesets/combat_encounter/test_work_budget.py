"""The work budget of combat-encounter: decisions, and automated steps (tie-break rerolls of
Combat Order Checks, Random Encounter effects), ending the game by the work-budget ruling."""

from dataclasses import replace

import pytest

from rulekeeper.core.game import replay
from rulekeeper.rulesets.combat_encounter.ruleset import CombatEncounterRuleset
from tests.rulesets.combat_encounter.helpers import data, start

EVEN = {"characters.cards.brute.quickness": 0, "characters.cards.rogue.quickness": -1}
"""Player 3 (Grub) and Player 4 (Vesper, +1 from Narrow Escape) both have Quickness 0."""


@pytest.mark.rule("core.work-budget", "combat.order.ambush.ties-rerolled")
def test_endless_combat_order_ties_end_by_the_steps_budget():
    budget = CombatEncounterRuleset.meta.max_steps
    game = start(dice=[10] * (budget + 2), options={"players": 4}, sets=EVEN)
    assert game.over and game.result.reason == "work-budget" and game.result.winner is None
    assert game.events[-1].rule == "core.work-budget"
    assert game.events[-1].data == {"limit": budget, "what": "steps"}
    assert len(data(game, "order.tie")) == budget // 2  # each round: two rolls and a tie
    assert game.result.metrics["encounters"] == 1  # the game's own metrics are kept


@pytest.mark.rule("core.work-budget")
def test_judge_names_the_surviving_player_with_the_most_health():
    budget = CombatEncounterRuleset.meta.max_steps
    game = start(dice=[10] * (budget + 2), options={"players": 4}, sets=EVEN,
                 rulings={"work-budget": "judge"}, brute__health=20)
    assert (game.result.winner, game.result.reason) == ("p3", "work-budget")
    assert game.events[-1].data == {"limit": budget, "what": "steps", "winner": "p3"}
    tied = start(dice=[10] * (budget + 2), options={"players": 4}, sets=EVEN,
                 rulings={"work-budget": "judge"}, knight__health=14, ranger__health=14,
                 rogue__health=14)
    assert tied.result.winner is None  # Grub, Sir Brannock, Wren and Vesper all at 14


@pytest.mark.rule("core.work-budget")
def test_a_game_reaching_the_decision_budget_ends_by_the_work_budget(monkeypatch):
    monkeypatch.setattr(CombatEncounterRuleset, "meta",
                        replace(CombatEncounterRuleset.meta, max_length=6))
    game = start(options={"start": "gong"})
    while game.pending:
        game.step("decline")
    assert len(game.decisions) == 6 and game.result.reason == "work-budget"
    assert game.events[-1].rule == "core.work-budget"
    assert game.events[-1].data == {"limit": 6, "what": "decisions"}
    assert replay(game.record()).result == game.result
