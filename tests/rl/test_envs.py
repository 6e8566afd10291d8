"""The PettingZoo and Gymnasium adapters: the libraries' own checks, for every ruleset
that asks decisions, and what the observations, actions and rewards mean."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from rulekeeper import rl
from rulekeeper.core import registry
from rulekeeper.core.errors import IllegalDecision, UsageError
from rulekeeper.core.game import replay

DECIDING = [r for r in registry.ids() if registry.load(r).meta.max_length > 0]


@pytest.mark.parametrize("ruleset_id", DECIDING)
def test_pettingzoo_api_test_passes(ruleset_id):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice on naming and space types, not failures
        api_test(rl.env(ruleset_id), num_cycles=200)


@pytest.mark.parametrize("ruleset_id", DECIDING)
def test_gymnasium_env_checker_passes(ruleset_id):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(rl.single_env(ruleset_id), skip_render_check=True)


def play_masked(env, seed):
    env.reset(seed=seed)
    chooser = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(chooser.choice(legal)))
    return totals


def test_a_game_through_the_aec_env_is_a_game_of_the_ruleset():
    env = rl.env("dire-alliance-battle", log=True)
    totals = play_masked(env, 3)
    game = env.game
    assert game.over and sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
    winner = game.result.winner
    assert winner is None or totals[winner] == 1.0
    again = replay(game.record())
    assert again.result == game.result


def test_co_operative_seats_share_their_sides_reward():
    env = rl.env("enemy-attacks", options={"players": 2})
    totals = play_masked(env, 1)
    assert totals["p1"] == totals["p2"] == (1.0 if env.game.result.winner == "heroes" else -1.0)


def test_observations_and_masks_follow_the_pending_decision():
    env = rl.env("combat-encounter", actions=20)
    env.reset(seed=5)
    seat = env.agent_selection
    options = env.game.pending.options
    seen = env.observe(seat)
    assert seen["observation"].shape == (512 + 20,) and seen["observation"].dtype == np.float32
    assert list(seen["action_mask"]) == [1] * len(options) + [0] * (20 - len(options))
    others = [s for s in env.agents if s != seat]
    assert not env.observe(others[0])["action_mask"].any()
    env.reset(seed=5)
    assert np.array_equal(env.observe(seat)["observation"], seen["observation"])
    with pytest.raises(IllegalDecision, match="not one of"):
        env.step(len(options))


def test_a_gymnasium_action_past_the_options_wraps_around():
    env = rl.single_env("combat-encounter", opponent="random")
    env.reset(seed=2)
    count, before = len(env.game.pending.options), len(env.game.decisions)
    wanted = env.game.pending.options[1 % count].id
    env.step(count + 1)
    assert env.game.decisions[before] == wanted


def test_the_gymnasium_reward_comes_at_the_end():
    env = rl.single_env("enemy-attacks", opponent="heuristic")
    env.reset(seed=4)
    rewards, done = [], False
    while not done:
        mask = env.action_masks()
        _, reward, done, truncated, info = env.step(int(np.flatnonzero(mask)[0]))
        rewards.append(reward)
        assert not truncated
    assert all(r == 0 for r in rewards[:-1]) and rewards[-1] in (-1.0, 1.0)
    assert rewards[-1] == (1.0 if info["winner"] == "heroes" else -1.0)


def test_bad_settings_are_refused_in_one_line():
    with pytest.raises(UsageError, match="asks no decision"):
        rl.env("cryptids")
    with pytest.raises(UsageError, match="no seat 'green'"):
        rl.single_env("dire-alliance-battle", seat="green")
    with pytest.raises(UsageError, match="unknown agent"):
        rl.single_env("dire-alliance-battle", opponent="genius")
    with pytest.raises(UsageError, match="render_mode"):
        rl.env("enemy-attacks", render_mode="human")
    with pytest.raises(UsageError, match=r"offers \d+ options, more than the 2 actions"):
        rl.env("dire-alliance-battle", actions=2).reset(seed=1)


def test_ansi_render_is_the_rulesets_picture():
    env = rl.env("enemy-attacks", render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == env.game.ruleset.render(env.game.view(None))
