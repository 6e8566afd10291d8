"""Turn clocks in the record: a seat whose clock runs out has its bot decide, or forfeits
(the clock-expiry ruling); each expiry is an outside input, so the record replays it."""

import pytest

from rulekeeper.core.errors import IllegalDecision, ReplayMismatch
from rulekeeper.core.game import EXPIRY, SPECTATOR, new_game, replay
from rulekeeper.core.rulings import ClockExpiry

pytestmark = pytest.mark.rule("core.clock-expiry")


def played(ruleset: str, decisions: int, **options):
    game = new_game(ruleset, seed=4, options=options)
    for _ in range(decisions):
        game.step(game.pending.options[0].id)
    return game


def test_a_forfeit_ends_the_game_and_the_other_side_wins():
    game = played("dire-alliance-battle", 5)
    seat = game.pending.player
    game.expire(ClockExpiry.FORFEIT)
    assert game.over and game.pending is None
    assert game.result.winner == ("red" if seat == "blue" else "blue")
    assert game.result.reason == "forfeit"
    assert game.events[-1].kind == "clock.forfeit" and game.events[-1].rule == "core.clock-expiry"
    with pytest.raises(IllegalDecision):
        game.expire(ClockExpiry.BOT)


def test_a_co_op_seat_forfeits_for_its_whole_side():
    game = played("dire-alliance-raid", 0, heroes=3)
    game.expire(ClockExpiry.FORFEIT)
    assert game.result.winner == "enemies"
    assert game.ruleset.messages.render(game.events[-1]) == (
        f"{game.events[-1].data['seat']}: the clock runs out, and the game is lost by forfeit "
        "(losing side: heroes)")


def test_a_forfeit_among_more_than_two_sides_has_no_winner():
    game = played("combat-encounter", 0, players=3)
    game.expire(ClockExpiry.FORFEIT)
    assert game.over and game.result.winner is None


def test_expiries_are_inputs_of_the_record_and_replay_at_their_decision():
    game = played("dire-alliance-battle", 5)
    game.expire(ClockExpiry.BOT)
    assert not game.over and game.events[-1].kind == "clock.bot"
    game.step(game.pending.options[0].id)
    game.step(game.pending.options[0].id)
    game.expire(ClockExpiry.FORFEIT)
    record = game.record()
    assert [(i["kind"], i["at"], i["value"]["ruling"]) for i in record.inputs] == [
        (EXPIRY, 5, "bot"), (EXPIRY, 7, "forfeit")]
    again = replay(record)
    assert again.result == game.result
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]


def test_an_expiry_that_does_not_fit_its_decision_is_a_mismatch():
    game = played("dire-alliance-battle", 2)
    game.expire(ClockExpiry.FORFEIT)
    data = game.record().model_dump(mode="json")
    data["inputs"][0]["value"]["seat"] = "nobody"
    data["events_digest"] = None
    with pytest.raises(ReplayMismatch, match="does not fit"):
        replay(data)


def test_undo_keeps_an_expiry_received_as_other_outside_inputs_are_kept():
    game = played("dire-alliance-battle", 3)
    game.expire(ClockExpiry.BOT)
    game.step(game.pending.options[0].id)
    game.undo()  # back to decision 3: the expiry stays, at its decision
    assert game.events[-1].kind == "clock.bot"
    game.undo()
    assert "clock.bot" not in [e.kind for e in game.events]
    game.step(game.pending.options[0].id)  # decision 3 again: the clock ran out there
    assert game.events[-1].kind == "clock.bot"


def test_a_spectator_sees_no_hand():
    game = played("dire-alliance-battle", 4)
    players = game.view(SPECTATOR)["state"]["players"]
    assert all(p["hand"] is None and p["hand_size"] > 0 for p in players.values())
    assert game.view(SPECTATOR)["pending"] is None


def test_a_kept_game_catches_up_with_a_later_record_as_a_replay_would():
    ahead = played("dire-alliance-battle", 4)
    behind = replay(ahead.record())
    ahead.expire(ClockExpiry.BOT)
    for _ in range(3):
        ahead.step(ahead.pending.options[0].id)
    assert behind.catch_up(ahead.record().model_dump(mode="json"))
    assert [e.to_json() for e in behind.events] == [e.to_json() for e in ahead.events]
    assert behind.record() == ahead.record()
    ahead.undo()
    ahead.undo()
    assert not behind.catch_up(ahead.record())  # taken back: not this game further on
    assert len(behind.decisions) == 7
