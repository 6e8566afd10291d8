"""The ``mcts`` agent: it finds known best moves, keeps to what its seat may know, and plays
every ruleset through the decision contract."""

from __future__ import annotations

import gc
import math

import pytest

from rulekeeper.agents import decide, make_agent, play_out, seat_agents
from rulekeeper.agents.mcts import Budget, MctsAgent
from rulekeeper.core import registry
from rulekeeper.core.errors import RulesetError, UsageError
from rulekeeper.core.game import new_game, replay
from rulekeeper.core.ruleset import Ruleset


def test_it_finds_the_winning_move_of_nim():
    game = new_game("nim")
    agent = make_agent("mcts:budget=300", game.ruleset, "north", 1)
    assert decide(agent, game) == "3"  # leaves four stones: south cannot win
    assert agent.last.iterations == 300
    assert max(agent.last.visits, key=agent.last.visits.__getitem__) == "3"


def test_a_prior_bot_is_followed_until_the_evidence_says_otherwise():
    game = new_game("nim")
    few = make_agent("mcts:budget=2:prior=first", game.ruleset, "north", 1)
    assert decide(few, game) == "1"  # two iterations: the prior's choice, which ties
    many = make_agent("mcts:budget=400:prior=first", game.ruleset, "north", 1)
    assert decide(many, game) == "3"


def test_it_wins_nim_against_any_opponent_from_a_winning_start():
    for seed in range(5):
        game = new_game("nim")
        agents = seat_agents(game.ruleset, game.seats, ["mcts:budget=200", "random"], seed)
        assert play_out(game, agents).result.winner == "north"


def test_it_does_not_know_the_dice_to_come():
    game = new_game("gamble", seed=0)  # this game's die will show 6: "risky" would win
    truth = game.fork()
    truth.step("risky")
    assert truth.result.winner == "north"
    agent = make_agent("mcts:budget=100", game.ruleset, "north", 0)
    assert decide(agent, game) == "safe"  # what wins five times in six
    assert agent.last.visits["safe"] > agent.last.visits["risky"]


def test_its_choice_depends_only_on_what_its_seat_sees():
    # seeds 2 and 9 deal north the same hand in the same order, and south different cards
    searches = []
    for seed in (2, 9):
        game = new_game("duel", seed=seed)
        assert game.table.state.hands["north"] == [4, 7, 5]
        agent = make_agent("mcts:budget=60", game.ruleset, "north", 5)
        searches.append((decide(agent, game), agent.last.visits))
    assert searches[0] == searches[1]
    assert new_game("duel", seed=2).table.state.hands["south"] != new_game(
        "duel", seed=9).table.state.hands["south"]


def test_the_same_seed_makes_the_same_choices():
    def choices(seed: int) -> list[str]:
        game = new_game("duel", seed=3)
        agents = seat_agents(game.ruleset, game.seats, ["mcts:budget=30", "random"], seed)
        return play_out(game, agents).decisions

    assert choices(4) == choices(4)


def test_a_time_budget_stops_the_search():
    game = new_game("duel", seed=3)
    agent = make_agent("mcts:budget=30ms", game.ruleset, "north", 1)
    assert decide(agent, game) in game.pending.ids
    assert agent.last.iterations >= 1 and agent.last.seconds < 5


def test_one_option_is_taken_without_a_search():
    game = new_game("duel", seed=3, options={"rounds": 3})
    for _ in range(4):
        game.step(game.pending.ids[0])
    agent = make_agent("mcts", game.ruleset, "north", 1)
    assert decide(agent, game) == game.pending.ids[0] and agent.last.iterations == 0


def test_truncated_rollouts_ask_the_rulesets_judge():
    class Judged(type(registry.load("nim"))):  # type: ignore[misc]
        def judge(self, table):
            return "north" if table.state["stones"] % 4 == 0 else "south"  # north moves first

    ruleset = Judged()
    game = new_game("nim")
    agent = MctsAgent(ruleset, "north", 1, budget=Budget(60), depth=0)
    assert decide(agent, game) == "3"


def test_truncated_rollouts_ask_the_rulesets_estimate_before_its_judge():
    class Estimated(type(registry.load("nim"))):  # type: ignore[misc]
        def evaluate(self, table):
            north = 1.0 if table.state["stones"] % 4 == 0 else 0.0  # north moves first
            return {"north": north, "south": 1 - north}

        def judge(self, table):
            return "south"  # would make every move look lost

    game = new_game("nim")
    agent = MctsAgent(Estimated(), "north", 1, budget=Budget(60), depth=0)
    assert decide(agent, game) == "3"


def test_it_refuses_to_see_hidden_information_unless_told_to_peek():
    class Blind(type(registry.load("duel"))):  # type: ignore[misc]
        determinize = Ruleset.determinize  # hides hands, cannot imagine them

    with pytest.raises(UsageError, match="peek=true"):
        MctsAgent(Blind(), "north", 1)
    assert MctsAgent(Blind(), "north", 1, peek=True)
    for ruleset_id, seat in (("duel", "north"), ("dire-alliance-battle", "red"),
                             ("dire-alliance-raid", "hero1"), ("combat-encounter", "p1")):
        assert make_agent("mcts", registry.load(ruleset_id), seat, 1)  # they determinize


def test_it_is_driven_through_decide_not_choose():
    game = new_game("nim")
    agent = make_agent("mcts", game.ruleset, "north", 1)
    with pytest.raises(RulesetError, match="decide"):
        agent.choose(None, game.pending)


@pytest.mark.parametrize("ruleset_id", [r for r in registry.ids()
                                        if registry.load(r).meta.max_length > 0])
def test_it_makes_legal_decisions_in_every_ruleset(ruleset_id):
    game = new_game(ruleset_id, seed=1)
    ruleset = game.ruleset
    mcts = "mcts:budget=4:depth=3:peek=true:rollout=" + ruleset.default_bot
    others = [ruleset.default_bot] * (len(game.seats) - 1)
    agents = seat_agents(ruleset, game.seats, [mcts, *others], 1)
    searched = 0
    while game.pending is not None and searched < 12:
        agent = agents[game.pending.player]
        searched += isinstance(agent, MctsAgent)
        game.step(decide(agent, game))
    assert searched
    again = replay(game.record())
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]


def test_the_next_search_goes_on_with_the_tree_below_the_decisions_taken():
    for reuse, kept in (("true", True), ("false", False)):
        game = new_game("nim")
        north = make_agent(f"mcts:budget=100:reuse={reuse}", game.ruleset, "north", 1)
        game.step(decide(north, game))
        game.step("1")  # south's answer, which the tree has tried
        decide(north, game)
        assert (north.last.reused > 0) is kept
        assert north.last.iterations == 100
    other = new_game("nim")
    north = make_agent("mcts:budget=50", other.ruleset, "north", 1)
    chosen = decide(north, other)
    fresh = new_game("nim")  # a game whose decisions are not those searched: nothing is kept
    fresh.step(next(o for o in fresh.pending.ids if o != chosen))
    fresh.step("1")
    decide(north, fresh)
    assert north.last.reused == 0


def test_a_scoring_prior_shares_the_bonus_by_a_softmax_of_its_scores():
    game = new_game("dire-alliance-battle-v3", seed=3, log=False)
    ruleset = game.ruleset
    bots = seat_agents(ruleset, game.seats, ["heuristic"], 3)
    while len(set(bots[game.pending.player].weigh(game.table, game.pending).values())) < 3:
        game.step(decide(bots[game.pending.player], game))
    seat = game.pending.player
    scores = bots[seat].weigh(game.table, game.pending)
    shares = {t: MctsAgent(ruleset, seat, 1, prior="heuristic", temperature=t)._prior(game)
              for t in (5.0, 1.0)}
    high, low = sorted(set(scores.values()))[-1], sorted(set(scores.values()))[0]
    a = next(o for o, s in scores.items() if s == high)
    b = next(o for o, s in scores.items() if s == low)
    assert sum(shares[5.0].values()) == pytest.approx(1.0)
    assert max(shares[5.0], key=shares[5.0].__getitem__) in [o for o, s in scores.items()
                                                              if s == high]
    assert shares[5.0][a] / shares[5.0][b] == pytest.approx(math.exp((high - low) / 5.0))
    assert shares[1.0][a] > shares[5.0][a]  # a colder prior follows the best option closer


def test_the_collector_rests_during_a_search_and_is_as_it_was_after(monkeypatch):
    game = new_game("nim")
    agent = make_agent("mcts:budget=50", game.ruleset, "north", 1)
    ruleset = type(game.ruleset)
    paused, determinize = [], ruleset.determinize

    def sampled(self, *args):  # the end of each Game.sample (compiled, it cannot be patched)
        paused.append(gc.isenabled())
        return determinize(self, *args)

    monkeypatch.setattr(ruleset, "determinize", sampled)
    decide(agent, game)
    assert len(paused) == 50 and not any(paused) and gc.isenabled()
    gc.disable()
    try:
        decide(agent, game)
        assert not gc.isenabled()  # a caller's own choice stays
    finally:
        gc.enable()
