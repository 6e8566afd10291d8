"""The game round (raid.round.*): Heroes Act, Enemies Act, Heroes React, Enemies React and the
end-of-round discards; the action row, the two-card limit, the order of heroes' actions."""

import pytest

from .helpers import HARD, deal, hero, kinds, mark, new_events, raid, stack, start, step


def quiet_game(heroes=1, **options):
    """A game whose first round brings no enemy near the heroes (no boost or tie to answer)."""
    game = start(heroes, rulings=HARD, **options)
    stack(game, "cold-stare", "toll-of-the-bell", "grave-hunger", "gravebound")
    return game


@pytest.mark.rule("raid.round.phases", "raid.round.heroes-act.draw", "raid.round.heroes-act.actions",
                  "raid.round.enemies-act.villain-card", "raid.round.enemies-act.minions",
                  "raid.round.enemies-act.villain", "raid.round.heroes-react",
                  "raid.round.enemies-react.villain-card", "raid.round.enemies-react.activations",
                  "raid.round.enemies-react.discard", "raid.action-row.round-end",
                  "raid.action-row.continue", "raid.enemies-react.same", "raid.enemy-act.when",
                  "raid.hero-act.actions")
def test_a_round_is_heroes_act_enemies_act_heroes_react_enemies_react_then_a_new_round():
    game = quiet_game()
    deal(game, hand=["charge", "trophy", "iron-brace", "heavy-cleaver"], deck=["charge"] * 2)
    since = mark(game)
    step(game, "down:charge", "none", "down:trophy", "none", "stop")
    phases = [e["phase"] for e in new_events(game, 0, "raid.phase")]
    assert phases == ["Heroes Act", "Enemies Act", "Heroes React", "Enemies React", "Heroes Act"]
    cards = new_events(game, since, "raid.villain.card")
    assert [c["card"] for c in cards] == ["Cold Stare", "Toll of the Bell"]
    assert [c["rule"] for c in cards] == ["raid.enemy-act.villain-card",
                                          "raid.round.enemies-react.villain-card"]
    order = kinds(game, since)
    # in each Enemies phase: the villain card, the minions (one per hero), then the villain
    act = order.index("raid.villain.card")
    assert order[act + 1] == "raid.order"
    assert order.index("raid.spawn", act) < order.index("raid.activate", act)
    villain = [e for e in new_events(game, since, "raid.activate")]
    assert villain[0]["rule"] == "raid.villain.after-minions"
    # the round ends with the discards, then round 2 begins with a new hand of four
    end = order.index("raid.discard.hand")
    assert order[end:end + 4] == ["raid.discard.hand", "raid.discard.row", "raid.discard.villain",
                                  "raid.round"]
    assert raid(game).round == 2 and len(hero(game).piles.hand) == 4
    assert raid(game).the_villain.discard == ["cold-stare", "toll-of-the-bell"]


@pytest.mark.rule("raid.enemies-react.discard.hand", "raid.enemies-react.discard.action-row",
                  "raid.enemies-react.discard.villain-row", "raid.hero-action.keep",
                  "raid.action-row.play", "raid.action-row.row", "raid.hero-action.play-card")
def test_played_cards_stay_in_the_action_row_until_the_end_of_the_round_then_everything_is_discarded():
    game = quiet_game()
    deal(game, hand=["charge", "trophy", "iron-brace", "heavy-cleaver"],
         deck=["consecrated-blade"] * 2 + ["charge", "trophy", "iron-brace", "heavy-cleaver"])
    step(game, "up:charge", "none", "down:trophy")
    h = hero(game)
    # each action plays exactly one card from the hand into the action row
    assert [(c.card, c.faceup) for c in h.row] == [("charge", True), ("trophy", False)]
    assert sorted(h.piles.hand) == ["heavy-cleaver", "iron-brace"]
    step(game, "none")       # the face-down Trophy's action: none; the Act phase ends
    assert [c.card for c in h.row] == ["charge", "trophy"]   # kept through the Enemies Act
    villain = raid(game).the_villain
    assert villain.row == ["cold-stare"]
    step(game, "stop")       # React: no more cards; the Enemies React phase runs to its end
    assert h.row == [] and sorted(h.piles.discard) == [
        "charge", "heavy-cleaver", "iron-brace", "trophy"]
    assert villain.row == [] and villain.discard == ["cold-stare", "toll-of-the-bell"]
    events = new_events(game, 0)
    rules = [e["rule"] for e in events if e["kind"].startswith("raid.discard")]
    assert rules == ["raid.enemies-react.discard.hand", "raid.enemies-react.discard.action-row",
                     "raid.enemies-react.discard.villain-row"]


@pytest.mark.rule("raid.hero-act.two-card-limit", "raid.hero-act.end", "raid.hero-act.any-order",
                  "raid.heroes-react.play")
def test_in_the_act_phase_a_hero_with_two_cards_acts_no_more_and_the_phase_ends_when_all_have_two():
    game = quiet_game(2)
    step(game, "wait")           # hero1 lets hero2 act first: heroes act in any order
    assert game.pending.player == "hero2"
    card = hero(game, "hero2").piles.hand[0]
    step(game, f"down:{card}", "none")
    assert game.pending.player == "hero1"    # hero1 may act again (or let hero2 go on)
    for _ in range(2):
        card = hero(game).piles.hand[0]
        step(game, f"down:{card}", "none")
    # hero1 has two cards: only hero2 is asked now, and it may no longer let hero1 go first
    assert game.pending.player == "hero2" and "wait" not in game.pending.ids
    assert len(hero(game).piles.hand) == 2
    card = hero(game, "hero2").piles.hand[0]
    since = mark(game)
    step(game, f"down:{card}", "none")
    # both have two cards: the phase ends at once, though both still hold cards
    assert kinds(game, since)[-1] != "raid.play"
    assert "raid.act.end" in kinds(game, since)
    assert new_events(game, since, "raid.limit")[0]["rule"] == "raid.hero-act.two-card-limit"
    # in the Heroes React phase there is no limit: a third and fourth card may be played
    while raid(game).phase != "Heroes React":
        step(game, game.pending.ids[0])
    for _ in range(2):
        card = hero(game).piles.hand[0]
        step(game, f"down:{card}", "none")
    assert len(hero(game).row) == 4


@pytest.mark.rule("raid.hero-act.fully-resolved", "raid.hero-action.face")
def test_an_action_is_fully_resolved_before_another_hero_acts():
    game = quiet_game(2)
    deal(game, hand=["charge", "trophy", "iron-brace", "heavy-cleaver"], deck=["trophy"] * 2)
    step(game, "up:charge")
    # Rush (Move, then Melee): every decision until it is over is hero1's
    asked = []
    while game.pending.kind != "hero-action":
        asked.append(game.pending.player)
        step(game, game.pending.ids[0])
    assert asked and set(asked) == {"hero1"}
    # a card is played face up or face down: both are offered for each card in hand
    ids = game.pending.ids
    assert {"up:trophy", "down:trophy"} <= set(ids)


@pytest.mark.rule("raid.heroes-react.end", "raid.hero-act.draw")
def test_the_react_phase_ends_when_every_hero_has_stopped_or_run_out_of_cards():
    game = quiet_game(2)
    for _ in range(4):
        seat = game.pending.player
        step(game, f"down:{hero(game, seat).piles.hand[0]}", "none")
    assert raid(game).phase == "Heroes React"
    step(game, "stop")                     # hero1 stops by choice
    for _ in range(2):                     # hero2 plays its last two cards
        step(game, f"down:{hero(game, 'hero2').piles.hand[0]}", "none")
    # hero2 has no card left but may still exert; it stops, and the phase is over
    assert game.pending.player == "hero2" and set(game.pending.ids) == {"exert", "stop"}
    since = mark(game)
    step(game, "stop")
    assert raid(game).round == 2
    over = new_events(game, since, "raid.phase.over")
    assert over and over[0]["rule"] == "raid.heroes-react.end"
    draws = [e for e in new_events(game, since, "draw") if e["rule"] == "raid.hero-act.draw"]
    assert [e["count"] for e in draws] == [4, 4]


@pytest.mark.rule("raid.enemy-act.activation-order")
def test_the_activation_order_begins_with_the_hero_who_acted_last_and_goes_clockwise():
    game = quiet_game(3)
    for seat in ("hero1", "hero2", "hero3", "hero1", "hero3", "hero2"):
        while game.pending.player != seat:
            step(game, "wait")
        step(game, f"down:{hero(game, seat).piles.hand[0]}", "none")
    order = new_events(game, 0, "raid.order")[0]
    assert order["order"] == ["Cole Ashby", "Dr. Ilse Varga", "Sister Maren"]
    assert order["rule"] == "raid.enemy-act.activation-order"
