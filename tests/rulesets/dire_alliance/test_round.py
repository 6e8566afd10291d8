"""The game round (battle.round.*), drawing and reshuffling, claiming initiative."""

import pytest

from rulekeeper.core.errors import ContentError
from rulekeeper.core.game import new_game
from rulekeeper.rulesets.dire_alliance import battle as flow
from rulekeeper.rulesets.dire_alliance.cards import draw

from .helpers import battle, deal, drive, events, start, table

RED_HAND = ["empyreal", "devoted", "hypnotist", "unbroken"]
BLUE_HAND = ["butcher", "caretaker", "mourner", "gravedigger"]


def dealt(**rulings):
    game = start(rulings=rulings or None)
    deal(game, "red", hand=RED_HAND)
    deal(game, "blue", hand=BLUE_HAND)
    return game


def passive(decision):
    """Pass, claim nothing, or take the first option: a game that goes on round after round."""
    return ("pass" if "pass" in decision.ids else "keep" if "keep" in decision.ids
            else decision.ids[0])


def turns(game, since=0):
    return [(e.data["turn"], e.data["seat"]) for e in game.events[since:] if e.kind == "turn"]


@pytest.mark.rule("battle.round.turns", "battle.round.order", "battle.game.rounds",
                  "battle.round.aggressor-turn-1.a", "battle.round.aggressor-turn-1.b",
                  "battle.round.aggressor-turn-1.c", "battle.round.defender-turn-1.a",
                  "battle.round.defender-turn-1.b", "battle.round.defender-turn-1.c",
                  "battle.round.aggressor-turn-2.a", "battle.round.aggressor-turn-2.b",
                  "battle.round.aggressor-turn-2.c", "battle.round.defender-turn-2.a",
                  "battle.round.defender-turn-2.b", "battle.round.defender-turn-2.c",
                  "battle.round.draw")
def test_a_round_is_four_turns_then_a_new_hand_of_four():
    game = dealt()
    b = battle(game)
    t = table(game)
    since = len(game.events)
    _, asked = drive(flow.play_round(b, 1),
                     "devoted", "empyreal",            # A1: red plays 2 cards, then activates
                     "red.empyreal", "focus:red.empyreal", "pass",
                     "butcher", "caretaker", "keep",   # D1: blue plays 2, keeps initiative
                     "blue.butcher", "pass", "pass",
                     "red.hypnotist", "pass", "pass",  # A2: all remaining cards, no choice
                     "keep", "blue.mourner", "pass", "pass")  # D2
    assert turns(game, since) == [("Aggressor Turn 1", "red"), ("Defender Turn 1", "blue"),
                                  ("Aggressor Turn 2", "red"), ("Defender Turn 2", "blue")]
    kinds = [d.kind for d in asked]
    # both cards are played before the first activation
    assert kinds[:4] == ["play-card", "play-card", "activate", "action"]
    plays = [len(e["cards"]) for e in events(game, "play")]
    assert plays == [2, 2, 2, 2]
    # played cards end in the discard pile; the hands were empty, then four cards drawn
    for seat in ("red", "blue"):
        area = t.sides[seat]
        assert len(area.hand) == 4 and area.play == []
    assert sorted(t.sides["red"].discard) == sorted(RED_HAND + ["empyreal"] * 2)  # 2 gained
    discards = [e for e in events(game, "discard.played")]
    assert {e["rule"] for e in discards} == {
        "battle.action.discard-card", "battle.round.aggressor-turn-1.c",
        "battle.round.defender-turn-1.c", "battle.round.aggressor-turn-2.c",
        "battle.round.defender-turn-2.c"}
    assert events(game, "draw")[-2:] == [
        {"seat": "red", "count": 4, "kind": "draw", "rule": "battle.round.draw"},
        {"seat": "blue", "count": 4, "kind": "draw", "rule": "battle.round.draw"}]


@pytest.mark.rule("battle.activate.after-playing", "battle.activate.played-cards-only",
                  "battle.overview.hand-of-cards")
def test_only_fighters_of_played_cards_activate_and_activating_is_optional():
    game = dealt()
    b = battle(game)
    _, asked = drive(flow.take_turn(b, "red", "aggressor", 1), "hypnotist", "unbroken",
                     "red.unbroken", "pass", "pass")
    activate = next(d for d in asked if d.kind == "activate")
    assert set(activate.ids) == {"red.hypnotist", "red.unbroken"}
    assert [e["fighter"] for e in events(game, "activate.skip")] == ["Unbroken", "Hypnotist"]
    assert not events(game, "activate")


@pytest.mark.rule("battle.round.reshuffle.a", "battle.round.reshuffle.b",
                  "battle.graveyard.out-of-game")
def test_an_empty_deck_reshuffles_the_discard_pile_and_the_draw_goes_on():
    game = dealt()
    t = table(game)
    red = t.sides["red"]
    deal(game, "red", hand=[], deck=["countess"], discard=["empyreal", "devoted", "hypnotist",
                                                            "unbroken", "unbroken"],
         graveyard=["countess", "empyreal", "devoted", "hypnotist"])
    drawn = draw(t, red, 4, "battle.round.draw")
    assert len(drawn) == 4 and drawn[0] == "countess"
    assert events(game, "reshuffle")[-1]["cards"] == 5
    assert len(red.deck) == 2 and red.discard == []
    assert sorted(red.graveyard) == ["countess", "devoted", "empyreal", "hypnotist"]  # stays


@pytest.mark.rule("battle.round.reshuffle.a")
def test_the_new_deck_is_shuffled_with_the_games_generator():
    discard = ["empyreal", "devoted", "hypnotist", "unbroken", "countess"]
    orders = set()
    for seed in range(8):
        game = start(seed=seed)
        t = table(game)
        deal(game, "red", hand=[], deck=[], discard=discard, graveyard=discard)
        draw(t, t.sides["red"], 1, "battle.round.draw")
        orders.add(tuple(t.sides["red"].deck))
        assert sorted(t.sides["red"].deck + t.sides["red"].hand) == sorted(discard)
    assert len(orders) > 1  # not the discard pile's own order


@pytest.mark.rule("battle.initiative.claim.a", "battle.initiative.claim.b",
                  "battle.initiative.token", "battle.initiative.defender-turn-1")
def test_claiming_initiative_in_defender_turn_1_takes_aggressor_turn_2_at_once():
    game = dealt()
    b = battle(game)
    since = len(game.events)
    _, asked = drive(flow.play_round(b, 1),
                     "devoted", "empyreal", "red.devoted", "pass", "pass",
                     "butcher", "caretaker", "butcher",  # claim by discarding the Butcher
                     "pass",                           # only the Caretaker activates
                     "blue.mourner", "pass", "pass",   # blue, now aggressor, plays Turn 2
                     "keep",                           # red is now the defender, may claim
                     "red.hypnotist", "pass", "pass")
    assert turns(game, since) == [("Aggressor Turn 1", "red"), ("Defender Turn 1", "blue"),
                                  ("Aggressor Turn 2", "blue"), ("Defender Turn 2", "red")]
    claim = events(game, "claim")
    assert claim == [{"seat": "blue", "card": "Butcher", "kind": "claim",
                      "rule": "battle.initiative.claim.b"}]
    assert b.aggressor == "blue"
    # the discarded card activated no fighter
    d1 = next(d for d in asked if d.kind == "claim-initiative")
    assert d1.player == "blue" and set(d1.ids) == {"keep", "butcher", "caretaker"}
    assert [d.player for d in asked if d.kind == "claim-initiative"] == ["blue", "red"]
    assert not any(e["fighter"] == "Butcher" for e in events(game, "activate.skip"))


@pytest.mark.rule("battle.initiative.defender-turn-2", "battle.initiative.token")
def test_claiming_initiative_in_defender_turn_2_goes_first_next_round():
    game = dealt()
    b = battle(game)
    drive(flow.play_round(b, 1), "devoted", "empyreal", "red.devoted", "pass", "pass",
          "butcher", "caretaker", "keep", "blue.butcher", "pass", "pass",
          "red.hypnotist", "pass", "pass",
          "mourner", "pass")  # D2: discard the Mourner to claim; the Gravedigger may act
    assert b.aggressor == "blue"
    since = len(game.events)
    deal(game, "blue", hand=BLUE_HAND)
    gen = flow.play_round(b, 2)
    decision = next(gen)
    assert decision.player == "blue" and decision.kind == "play-card"
    assert turns(game, since) == [("Aggressor Turn 1", "blue")]


@pytest.mark.rule("battle.round.aggressor-turn-2.a", "battle.round.defender-turn-2.a")
@pytest.mark.parametrize(("seat", "role", "hand"), [
    ("red", "aggressor", ["devoted", "hypnotist", "unbroken"]),
    ("blue", "defender", ["caretaker", "mourner", "gravedigger"])])
def test_turn_2_plays_every_remaining_card_however_many(seat, role, hand):
    game = dealt()
    deal(game, seat, hand=hand)
    answers = ["keep"] if role == "defender" else []
    # each played card offers one activation; all are declined
    answers += [f"{seat}.{hand[0]}", "pass", f"{seat}.{hand[1]}", "pass", "pass"]
    drive(flow.take_turn(battle(game), seat, role, 2), *answers)
    assert len(events(game, "play")[-1]["cards"]) == 3
    area = table(game).sides[seat]
    assert area.hand == [] and area.play == []
    assert sorted(area.discard) == sorted(hand)


@pytest.mark.rule("battle.round.aggressor-turn-1.c", "battle.round.defender-turn-1.c",
                  "battle.round.aggressor-turn-2.c", "battle.round.defender-turn-2.c")
@pytest.mark.parametrize(("role", "turn"), [("aggressor", 1), ("defender", 1), ("aggressor", 2),
                                            ("defender", 2)])
def test_a_played_card_that_activates_no_one_still_ends_in_its_players_discard_pile(role, turn):
    # a defeated fighter's card activates no one, and a dread card neither
    game = dealt()
    t = table(game)
    seat = "red" if role == "aggressor" else "blue"
    fallen = t.fighters["red.empyreal" if seat == "red" else "blue.butcher"]
    fallen.defeated = True
    t.remove(fallen)
    deal(game, seat, hand=[fallen.card], discard=[])
    t.dread -= 1
    t.sides[seat].hand.append("dread")
    other = t.opponent(seat)
    other_discard = list(t.sides[other].discard)
    answers = (["dread"] if turn == 1 else []) + (["keep"] if role == "defender" else [])
    _, asked = drive(flow.take_turn(battle(game), seat, role, turn), *answers)
    assert "activate" not in [d.kind for d in asked]
    area = t.sides[seat]
    assert area.play == [] and area.hand == []
    assert sorted(area.discard) == sorted([fallen.card, "dread"])
    assert t.sides[other].discard == other_discard  # their own discard pile, no one else's
    assert events(game, "discard.played")[-1]["rule"] == f"battle.round.{role}-turn-{turn}.c"
    assert events(game, "activate.none")[-1]["reason"] == "defeated"


@pytest.mark.rule("battle.game.rounds", "battle.round.draw")
def test_rounds_follow_one_another_until_the_round_limit():
    # no one claims anything: the game goes on round after round, a new hand each time
    game = new_game("dire-alliance-battle", seed=3,
                    content_set={"scenarios.beaten-path.round_limit": 3})
    hands = []
    while not game.over:
        decision = game.pending
        if decision.kind == "play-card" and "1 of 2" in decision.prompt:
            hands.append(len(table(game).sides[decision.player].hand))
        game.step(passive(decision))
    assert [e["round"] for e in events(game, "round")] == [1, 2, 3]
    assert game.result.rounds == 3 and game.result.reason == "round-limit"
    assert hands == [4, 4] * 3  # each player starts every round's first turn with four cards


@pytest.mark.rule("battle.sample.scenario.opening-hand", "battle.round.draw")
def test_a_scenario_sheet_can_give_a_player_a_larger_opening_hand():
    # blue opens with five cards: two in Defender Turn 1, three in Defender Turn 2; every
    # later round both draw back to four, and red keeps the rulebook's four throughout
    game = new_game("dire-alliance-battle", seed=3,
                    content_set={"scenarios.beaten-path.round_limit": 2,
                                 "scenarios.beaten-path.opening_hand": {"blue": 5}})
    assert {seat: len(table(game).sides[seat].hand) for seat in ("red", "blue")} == {
        "red": 4, "blue": 5}
    while not game.over:
        decision = game.pending
        game.step(passive(decision))
    played: dict[tuple[int, str], list[int]] = {}
    for e in events(game):
        if e["kind"] == "round":
            number = e["round"]
        elif e["kind"] == "play":
            played.setdefault((number, e["seat"]), []).append(len(e["cards"]))
    assert played == {(1, "red"): [2, 2], (1, "blue"): [2, 3],
                      (2, "red"): [2, 2], (2, "blue"): [2, 2]}


@pytest.mark.parametrize("hand", [{"blue": 0}, {"blue": 11}, {"green": 5}, {"blue": 4.5}])
def test_an_opening_hand_out_of_range_is_a_content_error(hand):
    with pytest.raises(ContentError, match="opening_hand"):
        new_game("dire-alliance-battle", content_set={"scenarios.beaten-path.opening_hand": hand})



@pytest.mark.rule("battle.round.aggressor-turn-1.a", "battle.round.defender-turn-1.a")
@pytest.mark.parametrize(("seat", "role", "card"), [("red", "aggressor", "devoted"),
                                                    ("blue", "defender", "butcher")])
def test_turn_1_with_one_card_in_hand_plays_that_one_card(seat, role, card):
    # "plays 2 cards": all of them when fewer are in hand, and the turn goes on
    game = dealt()
    deal(game, seat, hand=[card])
    turn = flow.take_turn(battle(game), seat, role, 1)
    asked = []
    with pytest.raises(StopIteration):
        decision = next(turn)
        while True:
            asked.append(decision.kind)
            decision = turn.send(passive(decision))
    assert "play-card" not in asked  # one card, no choice
    assert events(game, "play")[-1]["cards"] == [table(game).card_name(card)]
    area = table(game).sides[seat]
    assert area.hand == [] and area.play == [] and area.discard[-1] == card
