"""Resigning: a seat ends the game at any moment, whoever's decision is pending, and its
side loses (as a clock's forfeit does); each resignation is an outside input of the record,
so the record replays it."""

import pytest

from rulekeeper.core import registry
from rulekeeper.core.errors import IllegalDecision, ReplayMismatch
from rulekeeper.core.game import RESIGNATION, new_game, replay
from rulekeeper.core.rulings import ClockExpiry
from rulekeeper.core.sentences import sentences

pytestmark = pytest.mark.rule("core.resign")


def played(ruleset: str, decisions: int, **options):
    game = new_game(ruleset, seed=4, options=options)
    for _ in range(decisions):
        game.step(game.pending.options[0].id)
    return game


def test_a_seat_resigns_while_the_other_decides_and_the_other_side_wins():
    game = played("dire-alliance-battle", 5)
    waiting = next(seat for seat in game.seats if seat != game.pending.player)
    game.resign(waiting)
    assert game.over and game.pending is None
    assert game.result.winner == next(seat for seat in game.seats if seat != waiting)
    assert game.result.reason == "resigned"
    event = game.events[-1]
    assert (event.kind, event.rule, event.data) == (
        "resign", "core.resign", {"seat": waiting, "side": waiting})
    assert event.to is None  # every seat, and a spectator, reads it
    say = {lang: sentences(game.ruleset, game.seats, lang) for lang in ("en", "fr")}
    name = {"red": ("Red", "Rouge"), "blue": ("Blue", "Bleu")}[waiting]
    assert say["en"](event) == (f"{name[0]}: resignation, and the game is lost (losing side: "
                                f"{name[0]})")
    assert say["fr"](event) == (f"{name[1]}\u00a0: abandon, et la partie est perdue (camp "
                                f"perdant\u00a0: {name[1]})")


def test_the_record_keeps_the_resignation_and_replays_it():
    game = played("dire-alliance-battle", 3)
    game.expire(ClockExpiry.BOT)  # a clock's input at the same decision comes first
    game.resign(game.pending.player)
    record = game.record()
    assert [(i["kind"], i["at"]) for i in record.inputs] == [("clock-expiry", 3),
                                                             (RESIGNATION, 3)]
    assert record.inputs[-1]["value"] == {"seat": game.events[-1].data["seat"]}
    again = replay(record)
    assert again.over and again.result == game.result
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
    assert again.record() == record


def test_a_kept_game_catches_up_with_a_resignation():
    ahead = played("dire-alliance-battle", 4)
    behind = replay(ahead.record())
    ahead.resign("red")
    assert behind.catch_up(ahead.record())
    assert behind.over and behind.result == ahead.result
    assert [e.to_json() for e in behind.events] == [e.to_json() for e in ahead.events]


def test_a_resignation_for_a_seat_not_in_the_game_is_a_mismatch():
    game = played("dire-alliance-battle", 2)
    game.resign("blue")
    data = game.record().model_dump(mode="json")
    data["inputs"][0]["value"]["seat"] = "green"
    data["events_digest"] = None
    with pytest.raises(ReplayMismatch, match="names no seat"):
        replay(data)


def test_a_resignation_recorded_past_the_games_end_is_a_mismatch():
    game = played("dire-alliance-battle", 2)
    game.resign("blue")
    data = game.record().model_dump(mode="json")
    data["inputs"][0]["at"] = 7
    data["events_digest"] = None
    with pytest.raises(ReplayMismatch, match="outside inputs"):
        replay(data)


def test_a_game_over_or_a_stranger_cannot_resign():
    game = played("dire-alliance-battle", 1)
    with pytest.raises(IllegalDecision, match="'green' is not a seat of this game"):
        game.resign("green")
    assert not game.over and game.record().inputs == []
    game.resign("red")
    with pytest.raises(IllegalDecision, match="the game is over"):
        game.resign("blue")
    assert len(game.record().inputs) == 1


def test_a_co_op_seat_resigns_for_its_whole_side():
    game = played("dire-alliance-raid", 0, heroes=3)
    game.resign("hero2")
    assert game.result.winner == "enemies" and game.result.reason == "resigned"
    assert game.ruleset.messages.render(game.events[-1]) == (
        "hero2: resignation, and the game is lost (losing side: heroes)")


def test_a_co_op_resignation_reads_right_whatever_its_sides_name():
    """The side is named after a colon, never as the object of "for" (*lost for Heroes*,
    *perdue pour Héros*): the sentence reads right for *Heroes*, *Blue* or *Vous*; the event
    keeps its data and its rule."""
    game = played("dire-alliance-raid", 0, heroes=3)
    game.resign("hero2")
    event = game.events[-1]
    assert (event.kind, event.rule, event.data) == (
        "resign", "core.resign", {"seat": "hero2", "side": "heroes"})
    said = {lang: sentences(game.ruleset, game.seats, lang)(event) for lang in ("en", "fr")}
    assert said["en"] == "Hero 2: resignation, and the game is lost (losing side: Heroes)"
    assert said["fr"] == ("Héros 2\u00a0: abandon, et la partie est perdue (camp "
                          "perdant\u00a0: Héros)")


def test_a_resignation_among_more_than_two_sides_has_no_winner():
    game = played("combat-encounter", 0, players=3)
    game.resign(game.seats[-1])
    assert game.over and game.result.winner is None and game.result.reason == "resigned"


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_every_ruleset_can_be_resigned_through_the_engine(ruleset_id):
    ruleset = registry.load(ruleset_id)
    game = new_game(ruleset_id, seed=1)
    for _ in range(3):
        if game.over:
            break
        game.step(game.pending.options[0].id)
    if game.over:  # (a game nobody decides in is over once made)
        with pytest.raises(IllegalDecision):
            game.resign(game.seats[0])
        return
    seat = game.seats[-1]
    game.resign(seat)
    side = ruleset.side_of(game.table.options, seat)
    others = [s for s in ruleset.sides(game.table.options) if s != side]
    assert game.result.reason == "resigned"
    assert game.result.winner == (others[0] if len(others) == 1 else None)
    assert game.events[-1].kind == "resign"
    assert "core.resign" in {rule.id for rule in ruleset.rule_index}
    for lang in ruleset.messages.locales:
        assert sentences(ruleset, game.seats, lang)(game.events[-1])
    again = replay(game.record())
    assert again.result == game.result
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
