"""Combat Order: the initiating pair, then Contested Quickness Checks, ties, rewards."""

import pytest

from tests.rulesets.combat_encounter.helpers import answer, data, options_of, player, start

# p3 Grub Quickness -1, p4 Vesper 3 + 1 (Narrow Escape), p5 Oona 1, p6 Marek 2 (here -5)
SIX = {"players": 6}
SIX_SETS = {"characters.cards.soldier.quickness": -5, "characters.cards.mystic.kaos": 4}
PAIR_DICE = {"ambush": [], "challenge": [15, 3]}  # Challenge: p1 15 - 1 = 14 beats p2 3 + 3 = 6

def six(kind, dice, **kw):
    game = start(PAIR_DICE[kind] + dice, options={**SIX, "start": kind},
                 sets=kw.pop("sets", SIX_SETS), **kw)
    if kind == "challenge":
        answer(game, "accept")
    return game


@pytest.mark.rule("combat.order.ambush.others-quickness-check",
                  "combat.order.ambush.highest-first",
                  "combat.order.ambush.no-kaos",
                  "combat.order.ambush.naturals-not-automatic",
                  "combat.order.ambush.naturals-trigger-rewards",
                  "combat.order.ambush.initiator-first",
                  "combat.order.ambush.target-second",
                  "combat.order.challenge.others-quickness-check",
                  "combat.order.challenge.highest-first",
                  "combat.order.challenge.no-kaos",
                  "combat.order.challenge.naturals-not-automatic",
                  "combat.order.challenge.naturals-trigger-rewards",
                  "combat.order.challenge.result-decides",
                  "combat.order.challenge.initiator-wins",
                  "combat.order.definition",
                  "sample.core.critical-success-reward", "sample.core.critical-failure-reward",
                  "sample.core.contested-check", "combat.summary.combat-order",
                  "combat.order.ambush.current-quickness", "combat.order.challenge.current-quickness")
@pytest.mark.parametrize("kind", ["ambush", "challenge"])
def test_others_follow_the_pair_from_highest_to_lowest_final_result(kind):
    # p3 natural 20 (19) is below p4's 16 + 4 = 20 (current Quickness: 3 + 1 for Narrow Escape);
    # p5's natural 1 (2) is above p6's 5 - 5 = 0
    game = six(kind, [20, 16, 1, 5])
    assert game.table.state.encounter.order == ["p1", "p2", "p4", "p3", "p5", "p6"]
    order_checks = [d for d in data(game, "check.roll") if d["purpose"] == "combat order"]
    assert [(d["natural"], d["total"]) for d in order_checks] == [(20, 19), (16, 20), (1, 2),
                                                                  (5, 0)]
    rewards = data(game, "check.reward")
    assert [(r["who"], r["reward"]) for r in rewards][-2:] == [
        ("Player 3 (Grub)", "critical-success"), ("Player 5 (Oona)", "critical-failure")]
    assert player(game, "p3").rerolls == 1 and player(game, "p5").kaos == 5
    # Oona holds Kaos, but no Kaos decision was offered for a Combat Order Check
    assert game.pending.kind == "combat-action" and game.pending.player == "p1"


@pytest.mark.rule("combat.order.ambush.ties-rerolled", "combat.order.challenge.ties-rerolled",
                  "combat.ruling.order-tie-rewards")
@pytest.mark.parametrize("kind", ["ambush", "challenge"])
def test_ties_are_rerolled_among_the_tied_only(kind):
    # p3 20 - 1 = 19 ties p4 15 + 4 = 19; p5 10 + 1 = 11 and p6 14 - 5 = 9 are not rerolled;
    # the tie-break: p3 3 - 1 = 2, p4 2 + 4 = 6
    game = six(kind, [20, 15, 10, 14, 3, 2])
    assert game.table.state.encounter.order == ["p1", "p2", "p4", "p3", "p5", "p6"]
    assert data(game, "order.tie") == [{"total": 19, "tied": ["Player 3 (Grub)", "Player 4 (Vesper)"]}]
    rolled = [d["who"] for d in data(game, "check.roll") if d["purpose"] == "combat order"]
    assert rolled == ["Player 3 (Grub)", "Player 4 (Vesper)", "Player 5 (Oona)", "Player 6 (Marek)",
                      "Player 3 (Grub)", "Player 4 (Vesper)"]
    # ruling final-roll: the natural 20 was rerolled away, so it gives no reward
    assert player(game, "p3").rerolls == 0


@pytest.mark.rule("combat.ruling.order-tie-rewards")
def test_under_every_roll_a_tied_natural_20_still_rewards():
    game = start([20, 15, 3, 2], options={"players": 4},
                 rulings={"order-tie-rewards": "every-roll"})
    # p3 got a Reroll Token from the tied natural 20 and may use it on the tie-break roll
    assert game.pending.kind == "reroll" and game.pending.player == "p3"
    answer(game, "keep")
    assert game.table.state.encounter.order == ["p1", "p2", "p4", "p3"]
    assert player(game, "p3").rerolls == 1
    assert [r["who"] for r in data(game, "check.reward")] == ["Player 3 (Grub)"]


@pytest.mark.rule("combat.order.challenge.initiator-does-not-win", "combat.order.challenge.result-decides",
                  "sample.actions.challenge")
def test_a_challenge_tie_puts_the_primary_target_first():
    # p1 Quickness -1: 10 - 1 = 9; p2 Quickness 3: 6 + 3 = 9
    game = start([10, 6], options={"start": "challenge"})
    answer(game, "accept")
    assert data(game, "challenge.result")[0]["outcome"] == "does not win"
    assert game.table.state.encounter.order == ["p2", "p1"]
    assert game.pending.player == "p2"


@pytest.mark.rule("combat.order.determined-once", "combat.order.unchanged", "combat.order.wraps",
                  "combat.order.definition")
def test_combat_order_is_fixed_and_wraps_to_the_first_remaining():
    game = start([5, 5], options={"players": 4})
    order = list(game.table.state.encounter.order)
    turns = []
    for _ in range(9):
        turns.append(game.pending.player)
        answer(game, "decline")
    assert turns == order * 2 + order[:1]
    assert game.table.state.encounter.order == order
    assert len(data(game, "order.wraps")) == 2
    assert len([d for d in data(game, "check.roll") if d["purpose"] == "combat order"]) == 2


@pytest.mark.rule("combat.order.remove-leaver", "combat.order.wraps")
def test_a_leaver_is_removed_and_the_rest_keep_their_order():
    game = start([15, 5], options={"players": 4})
    assert game.table.state.encounter.order == ["p1", "p2", "p3", "p4"]
    answer(game, "decline", "flee:hall")  # p2 flees
    assert game.table.state.encounter.order == ["p1", "p3", "p4"]
    assert data(game, "order.removed")[0]["order"] == ["Player 1 (Sir Brannock)", "Player 3 (Grub)",
                                                       "Player 4 (Vesper)"]
    assert game.pending.player == "p3"
    answer(game, "decline", "decline")
    assert game.pending.player == "p1"
    assert "flee:hall" in options_of(game)


@pytest.mark.rule("sample.core.contested-check", "combat.order.challenge.initiator-does-not-win")
def test_a_natural_20_does_not_win_a_challenge_by_itself():
    # p1 natural 20 - 1 = 19 against p2 17 + 3 = 20; p1 holds Kaos but may not spend it
    game = start([20, 17], options={"start": "challenge"}, knight__kaos=3)
    answer(game, "accept")
    assert data(game, "challenge.result")[0] | {} == {
        "who": "Player 1 (Sir Brannock)", "mine": 19, "theirs": 20, "target": "Player 2 (Wren)",
        "outcome": "does not win"}
    assert game.table.state.encounter.order == ["p2", "p1"]
    assert player(game, "p1").kaos == 3 and not data(game, "check.kaos")
    assert player(game, "p1").rerolls == 1  # the natural 20 still gives its reward
