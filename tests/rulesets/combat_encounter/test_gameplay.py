"""The sample game around Combat: Rooms, Player Turns, Move, Hide, Random Encounters, the clock."""

import pytest

from rulekeeper.core.errors import ContentError
from rulekeeper.core.game import new_game
from tests.rulesets.combat_encounter.helpers import (
    answer,
    data,
    kinds,
    options_of,
    player,
    start,
    table,
)

QUIET_DECK = {"encounters.cards": [{"id": "quiet", "name": "Quiet Corridor", "text": "-"}]}


def in_the_hall(dice=(), sets=None, **kw):
    """p1 flees the opening Ambush to the Great Hall; its Player Turn goes on (1 action left)."""
    game = start(list(dice), sets={**QUIET_DECK, **(sets or {})}, **kw)
    answer(game, "flee:hall")
    assert game.pending.kind == "turn-action" and player(game, "p1").room == "hall"
    return game


@pytest.mark.rule("sample.game.rooms")
def test_rooms_are_joined_both_ways_and_one_has_a_jelly_cube():
    game = start()
    board, cat = table(game).prepared.board, table(game).prepared
    assert set(board.neighbours("hall")) == {"entrance", "crypt", "jelly-pit"}
    assert all(room in board.neighbours(n) for room in board.ids for n in board.neighbours(room))
    assert cat.jelly_rooms == {"jelly-pit"}
    with pytest.raises(ContentError, match=r"does not list '.*' as a neighbour"):
        new_game("combat-encounter", content_set={"dungeon.areas.vault.neighbours": ["crypt", "hall"]})


@pytest.mark.rule("sample.actions.turn-actions", "sample.actions.move.a", "sample.game.turn-order",
                  "sample.actions.ambush", "sample.actions.challenge")
def test_a_player_turn_offers_moves_hide_and_fights_in_the_room():
    game = in_the_hall()
    ids = options_of(game)
    moves = [o for o in ids if o.startswith("move:")]
    assert moves == ["move:entrance", "move:crypt"]  # not into the Jelly Pit
    assert "hide" in ids and "end-turn" in ids
    assert not [o for o in ids if o.startswith(("ambush:", "challenge:"))]  # nobody here
    answer(game, "move:entrance")
    # p1's two Turn Actions are used; back with Wren, who may Ambush or Challenge it
    assert game.pending.player == "p2" and data(game, "turn.ends")[-1]["who"] == "Player 1 (Sir Brannock)"
    assert {"ambush:p1", "challenge:p1"} <= set(options_of(game))


@pytest.mark.rule("sample.actions.move.b", "sample.actions.move.c", "sample.core.natural-results")
@pytest.mark.parametrize("roll, passes", [(9, True), (8, False), (20, True), (1, False)])
def test_a_move_makes_a_perception_check_and_a_failure_draws_a_random_encounter(roll, passes):
    # Sir Brannock's Perception 1 against 10; with Perception 30, a natural 1 still fails
    game = in_the_hall([roll], knight__perception=1 if roll != 1 else 30)
    answer(game, "move:crypt")
    check = data(game, "check.roll")[-1]
    assert (check["purpose"], check["natural"]) == ("Move Action Perception", roll)
    assert data(game, "perception.result")[0]["outcome"] == ("succeeds" if passes else "fails")
    drawn = [e for e in game.events if e.kind == "encounter.drawn"]
    assert len(drawn) == (1 if passes else 2)  # the Flee's, and the failed Move's
    if not passes:
        assert drawn[-1].rule == "sample.actions.move.c"


@pytest.mark.rule("sample.core.natural-results", "sample.actions.move.b")
def test_a_natural_20_passes_the_move_perception_check_whatever_the_final_result():
    # Perception -15: a natural 20 makes a Final Result of 5, below 10, and still succeeds
    game = in_the_hall([20], knight__perception=-15)
    answer(game, "move:crypt")
    assert data(game, "check.roll")[-1]["total"] == 5
    assert data(game, "perception.result")[0]["outcome"] == "succeeds"
    assert len([e for e in game.events if e.kind == "encounter.drawn"]) == 1  # the Flee's only


@pytest.mark.rule("sample.actions.hide")
def test_a_hidden_player_cannot_be_ambushed_until_their_next_turn():
    game = in_the_hall()
    answer(game, "move:entrance")
    answer(game, "hide", "end-turn")  # p2 hides in the Entrance
    assert "hidden" in player(game, "p2").statuses
    answer(game, "hide", "end-turn")  # p1's turn: p1 also hides
    assert game.pending.player == "p2"
    assert "hidden" not in player(game, "p2").statuses  # it ended as p2's turn began
    assert data(game, "status.lost")[-1] == {"who": "Player 2 (Wren)", "status": "Hidden"}
    # p1 is still Hidden: p2 cannot Ambush or Challenge it
    assert not [o for o in options_of(game) if o.startswith(("ambush:", "challenge:"))]
    assert game.view("p2")["state"]["players"]["p1"]["room"] is None
    assert game.view("p1")["state"]["players"]["p1"]["room"] == "entrance"


@pytest.mark.rule("sample.random-encounters.cards", "sample.random-encounters.deck")
def test_random_encounter_effects_apply_to_the_drawer_in_order():
    deck = {"encounters.cards": [{"id": "mixed", "name": "Mixed Bag", "text": "-", "effects": [
        {"gain_kaos": 2}, {"gain_rerolls": 1}, {"add_status": "poisoned"}, {"damage": 3},
        {"heal": 10}, {"remove_status": "poisoned"}, {"add_status": "dungeon-bomb"}]}]}
    game = start(sets=deck)
    answer(game, "flee:hall")
    knight = player(game, "p1")
    assert (knight.kaos, knight.rerolls, knight.health) == (2, 1, 12)  # healed up to 12 only
    assert knight.statuses == ["dungeon-bomb"]
    effects = [k for k in kinds(game) if k in ("kaos.gained", "rerolls.gained", "status.gained",
                                                "damage.other", "healed", "status.lost")]
    assert effects == ["kaos.gained", "rerolls.gained", "status.gained", "damage.other", "healed",
                       "status.lost", "status.gained"]
    assert data(game, "healed") == [{"who": "Player 1 (Sir Brannock)", "amount": 3, "health": 12}]


@pytest.mark.rule("sample.random-encounters.deck")
def test_the_discards_are_reshuffled_when_the_deck_runs_out():
    game = start([1], sets={"encounters.cards": [{"id": "quiet", "name": "Quiet", "text": "-"}]})
    answer(game, "flee:hall")
    assert game.table.state.deck == [] and game.table.state.discard == ["quiet"]
    answer(game, "move:crypt")  # a natural 1: the check fails and a card is drawn
    assert data(game, "deck.reshuffled") == [{"cards": 1}]
    assert len(data(game, "encounter.drawn")) == 2


@pytest.mark.rule("sample.game.time-limit")
def test_the_dungeon_collapses_when_the_clock_runs_out():
    game = start(options={"time_limit": 3})
    answer(game, "decline", "decline")  # Player Turn 1, Combat Turns 2 and 3
    assert game.over and game.result.winner is None and game.result.reason == "time-limit"
    assert data(game, "clock.collapse") == [{"turns": 3}]
    assert game.result.metrics["clock"] == 3
