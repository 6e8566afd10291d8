import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.agents import RandomAgent, play_out
from rulekeeper.core.errors import IllegalDecision, ReplayMismatch, UsageError
from rulekeeper.core.game import new_game, replay


def play_random(seed: int, agent_seed: int = 0, **kwargs):
    game = new_game("duel", seed=seed, **kwargs)
    agents = {s: RandomAgent(s, agent_seed + i) for i, s in enumerate(game.seats)}
    return play_out(game, agents)


def events_json(game):
    return [e.to_json() for e in game.events]


@pytest.mark.rule("duel.deal", "duel.play", "duel.reveal.higher")
def test_a_game_is_driven_to_its_end_by_decisions():
    game = new_game("duel", seed=1, dice=[])
    assert game.pending.player == "north" and game.pending.kind == "play-card"
    assert game.pending.rule == "duel.play"
    assert len(game.pending.options) == 3
    steps = 0
    while not game.over:
        game.step(game.pending.options[-1].id)
        steps += 1
    assert steps == 6
    assert game.result.rounds == 3
    assert game.result.metrics["north_rounds"] + game.result.metrics["south_rounds"] <= 3


def test_illegal_option_is_refused_and_changes_nothing():
    game = new_game("duel", seed=1)
    before = (list(game.decisions), events_json(game))
    with pytest.raises(IllegalDecision, match="not an option"):
        game.step("99")
    assert (list(game.decisions), events_json(game)) == before


def test_no_decision_after_the_end():
    game = play_random(3)
    with pytest.raises(IllegalDecision, match="over"):
        game.step("1")


@pytest.mark.rule("duel.tie-break")
def test_scripted_dice_decide_a_tie():
    # content where every card is 5: every round ties, the d6 decide
    game = new_game("duel", seed=0, dice=[6, 1, 2, 3, 4, 4],
                    content_set={"deck.cards": [5, 5, 5, 5, 5, 5]})
    while not game.over:
        game.step(game.pending.options[0].id)
    kinds = [(e.kind, dict(e.data)) for e in game.events if e.kind in ("round", "round-drawn")]
    assert kinds == [("round", {"winner": "north", "round": 1}),
                     ("round", {"winner": "south", "round": 2}),
                     ("round-drawn", {"round": 3})]
    assert game.result.winner is None


@pytest.mark.rule("duel.tie-break")
def test_rulings_are_part_of_the_record():
    game = new_game("duel", seed=0, rulings={"tie-break": "none"},
                    content_set={"deck.cards": [5] * 6})
    assert game.record().rulings == {"work-budget": "tie", "tie-break": "none"}
    while not game.over:
        game.step(game.pending.options[0].id)
    assert not [e for e in game.events if e.kind == "tie-roll"]
    assert replay(game.record()).events == game.events


def test_unknown_ruling_or_option_is_a_usage_error():
    with pytest.raises(UsageError, match="did you mean 'tie-break'"):
        new_game("duel", rulings={"tie-brake": "dice"})
    with pytest.raises(UsageError, match="options: dice, none"):
        new_game("duel", rulings={"tie-break": "coin"})
    with pytest.raises(UsageError, match="no scenario"):
        new_game("duel", scenario="long")
    with pytest.raises(UsageError, match="--rounds"):
        new_game("duel", options={"rounds": 9})


def test_scenario_and_options_shape_the_game():
    short = play_random(4, scenario="short")
    assert short.result.rounds == 1
    two = play_random(4, options={"rounds": 2})
    assert two.result.rounds == 2 and two.record().options == {"rounds": 2}


def test_view_hides_the_opponents_hand():
    game = new_game("duel", seed=2)
    north = game.view("north")
    assert isinstance(north["state"]["hands"]["north"], list)
    assert north["state"]["hands"]["south"] == 3
    assert north["pending"]["kind"] == "play-card"
    assert game.view("south")["pending"] is None
    assert all(isinstance(h, list) for h in game.view(None)["state"]["hands"].values())


def test_events_cite_rules_and_respect_hidden_information():
    game = new_game("duel", seed=2)
    deals = [e for e in game.events if e.kind == "deal"]
    assert [e.to for e in deals] == [("north",), ("south",)]
    assert deals[0].rule == "duel.deal"
    assert not deals[0].visible_to("south") and deals[0].visible_to("north")
    assert game.ruleset.messages.render(deals[0]).startswith("north is dealt ")


def test_undo_takes_back_the_last_decision():
    game = new_game("duel", seed=8)
    first = game.pending.options[0].id
    game.step(first)
    after_one = events_json(game)
    game.step(game.pending.options[0].id)
    game.undo()
    assert game.decisions == [first]
    assert events_json(game) == after_one
    game.undo()
    assert game.decisions == []
    with pytest.raises(IllegalDecision):
        game.undo()


def test_undo_returns_the_option_taken_back():
    game = new_game("duel", seed=8)
    option = game.pending.options[1].id
    game.step(option)
    assert game.undo() == option


def test_back_to_keeps_or_forgets_the_outside_inputs_after_it():
    """A cryptids run's end of shop receives its opponent from outside the rules: an undo
    keeps it (the shop ended again meets the same), ``keep_inputs=False`` forgets it (the
    game is then the replay of its record, as a server storing records needs)."""
    game = new_game("cryptids-run", seed=1)
    game.step("buy-1-1")
    game.step(game.pending.options[0].id)
    game.step("end")
    assert len(game.record().inputs) == 1
    game.back_to(2, keep_inputs=True)
    assert game.decisions == ["buy-1-1", game.decisions[1]] and game.record().inputs == []
    assert len(game.table.inputs.known) == 1
    game.step("end")
    game.back_to(2, keep_inputs=False)
    assert game.table.inputs.known == [] and game.record().inputs == []
    assert events_json(replay(game.record())) == events_json(game)


def test_replay_detects_changed_content():
    game = play_random(5)
    record = game.record().model_copy(update={"content_digest": "0" * 16})
    with pytest.raises(ReplayMismatch, match="content changed"):
        replay(record)


def test_replay_detects_a_changed_version():
    record = play_random(5).record().model_copy(update={"ruleset": "duel-v0"})
    with pytest.raises(ReplayMismatch, match=r"duel-v0.*duel-v1"):
        replay(record)


def test_replay_detects_changed_events_and_illegal_decisions():
    record = play_random(5).record()
    with pytest.raises(ReplayMismatch, match="events differ"):
        replay(record.model_copy(update={"events_digest": "x"}))
    with pytest.raises(ReplayMismatch, match="decision 1"):
        replay(record.model_copy(update={"decisions": ["42", *record.decisions[1:]]}))
    with pytest.raises(ReplayMismatch, match="ended"):
        replay(record.model_copy(update={"decisions": [*record.decisions, "1"]}))


def test_replay_of_garbage_is_a_mismatch():
    with pytest.raises(ReplayMismatch, match="not a game record"):
        replay({"ruleset": "duel-v1"})


def test_logging_off_gives_the_same_result():
    on = play_random(6)
    off = new_game("duel", seed=6, log=False)
    for option in on.decisions:
        off.step(option)
    assert off.result == on.result and off.events == []


seeds = st.integers(min_value=0, max_value=2**32)


@settings(max_examples=40, deadline=None)
@given(seed=seeds, agent_seed=seeds)
def test_same_record_gives_identical_events(seed, agent_seed):
    game = play_random(seed, agent_seed)
    first, second = replay(game.record()), replay(game.record())
    assert events_json(first) == events_json(second) == events_json(game)
    assert first.result == game.result


@settings(max_examples=30, deadline=None)
@given(seed=seeds, agent_seed=seeds)
def test_replay_equals_the_game_at_every_step(seed, agent_seed):
    game = new_game("duel", seed=seed)
    agent = RandomAgent("any", agent_seed)
    while not game.over:
        game.step(agent.choose(None, game.pending))
        again = replay(game.record())
        assert events_json(again) == events_json(game)
        assert again.pending == game.pending and again.result == game.result
        assert again.view(None) == game.view(None)


@settings(max_examples=30, deadline=None)
@given(seed=seeds, agent_seed=seeds, at=st.integers(min_value=0, max_value=5))
def test_a_diverging_fork_leaves_the_original_untouched(seed, agent_seed, at):
    game = new_game("duel", seed=seed)
    agent = RandomAgent("any", agent_seed)
    for _ in range(at):
        game.step(agent.choose(None, game.pending))
    before = (list(game.decisions), events_json(game), game.pending)
    fork = game.fork()
    assert events_json(fork) == before[1]
    fork.step(fork.pending.options[-1].id)
    while not fork.over:
        fork.step(fork.pending.options[0].id)
    assert (list(game.decisions), events_json(game), game.pending) == before


def test_scripted_dice_are_checked_before_the_game_starts():
    from rulekeeper.core.errors import DiceScriptError
    with pytest.raises(DiceScriptError, match=r"--dice: 7 is not a value of any die of duel-v1 \(numbers 1 to 6\)"):
        new_game("duel", dice=[3, 7])
    with pytest.raises(DiceScriptError, match="'HIT'"):
        new_game("duel", dice=["HIT"])


def test_decisions_share_the_options_they_offer_alike_and_the_store_stays_bounded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from rulekeeper.core import decisions

    first = decisions.options([("a", "Attack"), ("p", "Pass")])
    again = decisions.options([("a", "Attack"), ("p", "Pass (2 left)")])
    assert again[0] is first[0] and again[1] != first[1]
    assert again[1] == ("p", "Pass (2 left)") and again[1].label == "Pass (2 left)"
    store = decisions._offered.__self__
    monkeypatch.setattr(decisions, "MOST_OPTIONS", len(store) + 2)
    decisions.options([(f"x{n}", "") for n in range(5)])
    assert len(store) <= decisions.MOST_OPTIONS
