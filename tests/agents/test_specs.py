"""Agent specs: a name and ``:key=value`` options; ``--agent-option`` adds options."""

from __future__ import annotations

import pytest

from rulekeeper.agents import make_agent, parse_spec, seat_agents, with_options
from rulekeeper.agents.mcts import Budget, MctsAgent
from rulekeeper.agents.scores import score
from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError


def test_a_spec_gives_the_agent_its_options():
    agent = make_agent("mcts:budget=100ms:rollout=random:depth=8:c=0.5", registry.load("duel"),
                       "north", 1)
    assert isinstance(agent, MctsAgent)
    assert agent.budget == Budget(iterations=None, seconds=0.1)
    assert (agent.rollout, agent.depth, agent.c) == ("random", 8, 0.5)


@pytest.mark.parametrize("ruleset_id", [r for r in registry.ids()
                                        if registry.load(r).meta.max_length > 0])
def test_plain_mcts_takes_the_rulesets_own_settings(ruleset_id):
    ruleset = registry.load(ruleset_id)
    seat = ruleset.seats(ruleset.parse_options({}))[0]
    agent = make_agent("mcts", ruleset, seat, 1)
    assert isinstance(agent, MctsAgent)
    settings = dict(ruleset.search)
    assert agent.rollout == settings.get("rollout", "random")
    assert agent.depth == (int(settings["depth"]) if "depth" in settings else None)
    assert agent.c == float(settings.get("c", 0.3))


def test_the_rulesets_settings_and_the_users_options():
    raid = registry.load("dire-alliance-raid")
    plain = make_agent("mcts", raid, "h1", 1)
    assert isinstance(plain, MctsAgent)
    assert (plain.rollout, plain.prior, plain.depth) == ("random", "heuristic", 0)
    mine = make_agent("mcts:depth=12:prior=none", raid, "h1", 1)
    assert isinstance(mine, MctsAgent)
    assert (mine.prior, mine.depth) == (None, 12)
    whole = make_agent("mcts:depth=none", raid, "h1", 1)
    assert isinstance(whole, MctsAgent) and whole.depth is None
    encounter = make_agent("mcts", registry.load("combat-encounter"), "p1", 1)
    assert isinstance(encounter, MctsAgent)
    assert (encounter.rollout, encounter.prior, encounter.c) == ("heuristic", "heuristic", 1.0)


@pytest.mark.parametrize(("spec", "message"), [
    ("mcts:budgt=10", "no option 'budgt'.*did you mean 'budget'"),
    ("mcts:budget=fast", "give iterations"),
    ("mcts:budget=0", "1 to"),
    ("mcts:budget=-5ms", "more than 0"),
    ("mcts:depth=x", "not a number"),
    ("mcts:c=-1", "between 0 and 100"),
    ("mcts:peek=maybe", "true or false"),
    ("mcts:rollout=heuristc", "the bots of duel-v1"),
    ("mcts:prior=smart", "none or one of the bots"),
    ("mcts:budget", "key=value"),
    ("random:budget=5", "'random' takes no options"),
])
def test_bad_specs_are_refused_in_one_line(spec, message):
    with pytest.raises(UsageError, match=message):
        make_agent(spec, registry.load("duel"), "north", 1)


def test_agent_options_go_to_the_agents_that_take_them():
    assert with_options(["mcts", "random"], ["budget=50", "depth=4"]) == [
        "mcts:budget=50:depth=4", "random"]
    assert with_options(["random"], []) == ["random"]
    with pytest.raises(UsageError, match="none of the agents"):
        with_options(["random", "first"], ["budget=50"])
    with pytest.raises(UsageError, match="key=value"):
        with_options(["mcts"], ["budget"])


def test_seat_agents_take_specs():
    ruleset = registry.load("duel")
    agents = seat_agents(ruleset, ("north", "south"), ["mcts:budget=7", "random"], 1)
    assert agents["north"].budget.iterations == 7
    assert parse_spec(" mcts ") == ("mcts", {})


def test_a_seat_scores_for_its_side():
    raid = registry.load("dire-alliance-raid")
    options = raid.parse_options({"heroes": 2})
    assert raid.side_of(options, "hero2") == "heroes"
    battle = registry.load("dire-alliance-battle")
    assert battle.side_of(battle.parse_options({}), "blue") == "blue"
    assert [score("heroes", w) for w in ("heroes", None, "enemies")] == [1.0, 0.5, 0.0]
