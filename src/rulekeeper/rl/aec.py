"""A PettingZoo AEC environment for any ruleset: one agent per seat.

The agent selected is the seat the pending decision is for. An observation is a dict:
``observation`` (the seat's view, encoded: :mod:`rulekeeper.rl.encoding`) and
``action_mask`` (1 for the actions that take an option of the seat's pending decision).
Action ``i`` takes the decision's option ``i``; an action the mask does not allow is
refused (:class:`~rulekeeper.core.errors.IllegalDecision`). The rules' automation
(enemies, chance) runs inside a step. When the game ends every seat gets +1 if its side
won, 0 for a tie, -1 for a loss, and every agent is terminated.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from rulekeeper.core.errors import IllegalDecision
from rulekeeper.core.game import Game
from rulekeeper.rl.encoding import LIMIT
from rulekeeper.rl.games import GameMaker


class RulekeeperEnv(AECEnv[str, dict[str, Any], int]):
    """The games of one ruleset as a PettingZoo AEC environment (``rulekeeper.rl.env``)."""

    metadata = {"render_modes": ["ansi"], "name": "rulekeeper", "is_parallelizable": False}

    def __init__(self, maker: GameMaker, render_mode: str | None = None) -> None:
        super().__init__()
        self.maker = maker
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": maker.ruleset.meta.id}
        self.possible_agents = list(maker.seats)
        observation = spaces.Dict({
            "observation": spaces.Box(-LIMIT, LIMIT, (maker.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (maker.actions,), np.int8),
        })
        self.observation_spaces = {seat: observation for seat in self.possible_agents}
        self.action_spaces = {seat: spaces.Discrete(maker.actions)
                              for seat in self.possible_agents}
        self.game: Game | None = None
        self._seeds: np.random.Generator | None = None

    def __str__(self) -> str:
        return f"rulekeeper:{self.maker.ruleset.meta.id}"

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; its seed comes from ``seed`` (or the environment's generator)."""
        if seed is not None or self._seeds is None:
            self._seeds, _ = seeding.np_random(seed)
        self.game = self.maker.new(int(self._seeds.integers(2**63)))
        self.maker.check_fits(self.game)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {seat: {} for seat in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, Any]:
        game = self._game()
        return {"observation": self.maker.observe(game, agent),
                "action_mask": self.maker.mask(game, agent)}

    def step(self, action: int | None) -> None:
        seat = self.agent_selection
        if self.terminations[seat] or self.truncations[seat]:
            self._was_dead_step(action)
            return
        game = self._game()
        decision = game.pending
        assert decision is not None
        if action is None or not 0 <= int(action) < len(decision.options):
            raise IllegalDecision(f"action {action!r} is not one of {seat}'s "
                                  f"{len(decision.options)} options ({decision.kind})")
        self._cumulative_rewards[seat] = 0.0
        self._clear_rewards()
        game.step(decision.options[int(action)].id)
        self.maker.check_fits(game)
        if game.over:
            for agent in self.agents:
                self.rewards[agent] = self.maker.reward(game, agent)
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.maker.render(self._game())

    def close(self) -> None:
        self.game = None

    def _select(self) -> None:
        game = self._game()
        self.agent_selection = game.pending.player if game.pending else self.agents[0]

    def _game(self) -> Game:
        if self.game is None:
            raise IllegalDecision("reset() the environment first")
        return self.game
