"""A run: lives and victories, the round's order, snapshots, battles against them, the end,
and the run as a pure function of its record."""

import json

import pytest

from rulekeeper.core.errors import UsageError
from rulekeeper.core.game import replay
from rulekeeper.core.records import read_log, verify, write_log
from rulekeeper.rulesets.cryptids_run.pool import InMemoryPool
from tests.rulesets.cryptids_run.helpers import (
    Opponents,
    buy_and_end,
    data,
    fielded,
    kappa_run,
    kinds,
    snapshot,
    state,
)


@pytest.mark.rule("run.start")
def test_a_run_starts_with_five_lives_and_no_victory():
    game = kappa_run()
    assert (state(game)["lives"], state(game)["victories"]) == (5, 0)
    assert data(game, "run.start")[0] == {"player": "you", "run": "run-1", "lives": 5,
                                          "victories": 10, "mu": 25.0}


@pytest.mark.rule("run.victory", "run.won")
def test_ten_won_battles_win_the_run():
    game = kappa_run(Opponents(1))
    for _ in range(9):
        buy_and_end(game) if not state(game)["places"][0] else game.step("end")
        assert not game.over
    game.step("end")
    assert game.over and game.result.winner == "player" and game.result.reason == "ten-victories"
    assert [d["victories"] for d in data(game, "round.won")] == list(range(1, 11))
    assert data(game, "run.won") == [{"victories": 10, "lives": 5, "rounds": 10}]


@pytest.mark.rule("run.loss-cost", "run.lost")
def test_a_loss_costs_one_life_in_rounds_1_2_two_in_3_4_three_from_5():
    game = kappa_run(Opponents(99), content_set={"shop.run.lives": 20})
    buy_and_end(game)
    while not game.over:
        game.step("end")
    assert [(d["round"], d["cost"]) for d in data(game, "round.lost")][:6] == [
        (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)]
    assert [d["lives"] for d in data(game, "round.lost")] == [19, 18, 16, 14, 11, 8, 5, 2, 0]
    assert game.result.winner == "opponents" and game.result.reason == "no-lives"


@pytest.mark.rule("end.draw.a", "end.draw.b")
def test_a_tie_costs_no_life_and_is_no_victory():
    game = kappa_run(Opponents(5))
    buy_and_end(game)
    assert game.table.state.battles[0].outcome == "tie"
    assert (state(game)["lives"], state(game)["victories"]) == (5, 0)
    assert kinds(game, "round.tie") == ["round.tie", "round.tie.no-victory"]


@pytest.mark.rule("run.round-limit")
def test_a_run_ends_after_its_last_round_whatever_happens():
    game = kappa_run(Opponents(5), content_set={"shop.run.rounds": 4})
    buy_and_end(game)
    for _ in range(3):
        game.step("end")
    assert game.over and game.result.winner is None and game.result.reason == "round-limit"
    assert game.result.rounds == 4 and kinds(game, "run.round-limit") == ["run.round-limit"]


@pytest.mark.rule("round.order", "battle.opponent")
def test_a_round_is_the_shop_then_a_battle_against_a_snapshot():
    game = kappa_run(Opponents(1))
    buy_and_end(game)
    order = kinds(game)
    at = order.index
    assert at("shop.open") < at("shop.end") < at("snapshot") < at("round.battle") < at(
        "battle") < at("round.won") < order.index("shop.open", at("round.won"))
    battle = game.table.state.battles[0]
    lineups = data(game, "lineup.left")[0], data(game, "lineup.right")[0]
    assert lineups[0]["team"]["en"] == "you, round 1"
    assert lineups[1]["team"]["en"] == "rival, round 1"
    assert battle.opponent.player == "rival" and battle.outcome == "win"


@pytest.mark.rule("battle.empty-row")
def test_an_empty_row_loses_without_a_roll_or_an_opponent():
    source = Opponents(1)
    game = kappa_run(source)
    game.step("end")
    assert source.requests == [] and kinds(game, "round.empty-row") == ["round.empty-row"]
    battle = game.table.state.battles[0]
    assert battle.outcome == "loss" and battle.record() is None and battle.change.mu == 0
    assert state(game)["lives"] == 4


@pytest.mark.rule("snapshot.freeze")
def test_ending_the_shop_freezes_the_row_as_a_tagged_snapshot():
    source = Opponents(1)
    game = kappa_run(source, mu=31.5, sigma=4.0, player="ann", run="ann-7",
                     content_set={"shop.shop.gold": 20})
    for action in ("buy-1-2", "calm", "buy-2-2", "end"):
        game.step(action)
    sent = source.requests[0]["snapshot"]
    assert sent == {
        "format": 1, "id": "ann-7:1", "run": "ann-7", "player": "ann", "round": 1,
        "rating": {"mu": 31.5, "sigma": 4.0}, "ghost": False,
        "row": [{"cryptid": "kappa", "hp": 7, "threat": 3,
                 "ability": {"id": "calm", "name": {"en": "Calm", "fr": "Calm"},
                             "when": {"total": 13}, "do": [{"heal": 2}]},
                 "changes": [{"stat": "hp", "by": 2, "round": 1, "cause": "combine"},
                             {"stat": "threat", "by": 1, "round": 1, "cause": "combine"}]}]}
    assert json.loads(json.dumps(sent)) == sent
    assert data(game, "snapshot")[0]["id"] == "ann-7:1"


@pytest.mark.rule("snapshot.immutable")
def test_snapshots_never_change():
    taken = snapshot("ann", 1)
    with pytest.raises(Exception, match="frozen"):
        taken.round = 2
    pool = InMemoryPool([taken])
    pool.add(snapshot("ann", 1))  # the same again: nothing changes
    with pytest.raises(UsageError, match="snapshots never change"):
        pool.add(snapshot("ann", 1, [fielded(9)]))
    assert len(pool) == 1 and next(iter(pool)).row[0].hp == 5


@pytest.mark.rule("opponent.snapshot.b", "opponent.snapshot.c")
@pytest.mark.parametrize(("change", "refusal"), [
    ({"round": 2}, "is of round 2, not 1"),
    ({"player": "you"}, "is you's own"),
])
def test_the_run_refuses_an_opponent_of_another_round_or_its_own(change, refusal):
    def source(kind, request):
        opponent = snapshot(**{"player": "rival", "round_": 1} | (
            {"round_": change["round"]} if "round" in change else {"player": change["player"]}))
        return {"opponent": opponent.model_dump(mode="json"), "reason": "closest"}

    game = kappa_run(source)
    game.step("buy-1-1")
    game.step("mend")
    with pytest.raises(UsageError, match=refusal):
        game.step("end")


def test_an_answer_that_is_not_a_match_is_refused_in_one_line():
    game = kappa_run(lambda kind, request: {"opponent": 3})
    game.step("buy-1-1")
    game.step("mend")
    with pytest.raises(UsageError, match="the opponent input is not a match: opponent: "):
        game.step("end")


@pytest.mark.rule("run.record", "opponent.matchmaking")
def test_a_run_replays_from_its_record_without_any_pool(tmp_path):
    game = kappa_run(Opponents(1, 99, 5, 1), seed=4)
    buy_and_end(game)
    for _ in range(4):
        game.step("end")
    record = game.record()
    assert [i["kind"] for i in record.inputs] == ["opponent"] * 5
    again = replay(record)  # no source: the opponents are in the record
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
    assert again.view("player") == game.view("player")
    path = tmp_path / "run.jsonl"
    write_log(path, game, "fr")
    verify(read_log(path), replay(read_log(path).record))


@pytest.mark.rule("battle.replayable")
def test_every_battle_of_a_run_replays_alone(tmp_path):
    from rulekeeper.core.game import new_game
    from rulekeeper.rulesets.cryptids_run.bots import GreedyShopper
    from rulekeeper.rulesets.cryptids_run.ruleset import drive

    game = drive(new_game("cryptids-run", seed=11), GreedyShopper("player", 11))
    battles = [b for b in game.table.state.battles if b.fought]
    assert len(battles) >= 3
    for battle in battles:
        record = battle.record()
        assert record.ruleset == "cryptids-v1" and record.events_digest is not None
        alone = replay(json.loads(record.model_dump_json()))
        assert alone.result.winner == {"win": "left", "loss": "right", "tie": None}[
            battle.outcome]
        assert [e.to_json() for e in alone.events] == [e.to_json() for e in battle.fought.events]
    quiet = drive(new_game("cryptids-run", seed=11, log=False), GreedyShopper("player", 11))
    assert [b.outcome for b in quiet.table.state.battles] == [
        b.outcome for b in game.table.state.battles]
    record = quiet.table.state.battles[0].record()
    assert record.events_digest is None and replay(record).result.winner is not None


def test_a_run_scripts_no_dice():
    from rulekeeper.core.game import new_game

    with pytest.raises(UsageError, match="a run scripts no dice"):
        new_game("cryptids-run", dice=[3, 4], source=Opponents(1))


def test_sentences_of_every_event_exist_in_english_and_french():
    game = kappa_run(Opponents(1, 99, 5), seed=1)
    buy_and_end(game)
    game.step("sell-1")
    game.step("buy-1-1")
    game.step("mend")
    for action in ("freeze-2", "unfreeze-2", "reroll", "move-1-right", "end", "end"):
        game.step(action)
    messages = game.ruleset.messages
    for event in game.events:
        assert event.kind in game.ruleset.templates
        english, french = messages.render(event, "en"), messages.render(event, "fr")
        assert english and french and ("{" not in french)
        if event.kind in ("shop.buy", "round.lost", "rating.battle"):
            assert english != french


@pytest.mark.rule("run.record")
def test_a_stored_run_replays_and_goes_on_with_a_new_source():
    """What a server does: keep the record, replay it for the next action."""
    game = kappa_run(Opponents(1), seed=6)
    buy_and_end(game)
    stored = json.loads(game.record().model_dump_json())
    later = Opponents(99)
    again = replay(stored, source=later)
    assert again.view("player") == game.view("player")
    again.step("end")
    assert len(later.requests) == 1 and again.table.state.battles[-1].outcome == "loss"
    assert len(again.record().inputs) == 2
