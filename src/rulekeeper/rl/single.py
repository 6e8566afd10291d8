"""A Gymnasium environment where the learner plays one seat and bots play the others.

The observation is the seat's view, encoded (:mod:`rulekeeper.rl.encoding`); the action
space has one action per option slot. Gymnasium's API lets a learner pick any action of
the space, so action ``i`` takes option ``i`` modulo the number offered; which actions are
distinct is ``info["action_mask"]`` (and ``action_masks()``, as maskable learners ask).
The reward is +1 if the seat's side wins, 0 for a tie, -1 for a loss, at the end.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from rulekeeper.agents import Agent, decide, seat_agents
from rulekeeper.core.errors import RulesetError, UsageError
from rulekeeper.core.game import Game
from rulekeeper.core.rulings import did_you_mean
from rulekeeper.rl.encoding import LIMIT, Vector
from rulekeeper.rl.games import GameMaker

ATTEMPTS = 100
"""Games in a row that may end before the seat decides, before a reset gives up."""


class SingleSeatEnv(gymnasium.Env[Vector, np.int64]):
    """One seat of a ruleset's games against bots (``rulekeeper.rl.single_env``)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, maker: GameMaker, seat: str | None = None, opponent: str | None = None,
                 render_mode: str | None = None) -> None:
        self.maker = maker
        self.seat = seat or maker.seats[0]
        if self.seat not in maker.seats:
            raise UsageError(f"no seat {self.seat!r}{did_you_mean(self.seat, maker.seats)}; "
                             f"seats of {maker.ruleset.meta.id}: {', '.join(maker.seats)}")
        self.opponent = opponent or maker.ruleset.default_bot
        seat_agents(maker.ruleset, maker.seats, [self.opponent], 0)  # a bad name fails now
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-LIMIT, LIMIT, (maker.size,), np.float32)
        self.action_space = spaces.Discrete(maker.actions)
        self.game: Game | None = None
        self._agents: dict[str, Agent] = {}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        """A new game (from the environment's generator), played by the bots up to the
        seat's first decision; a game that ends before it is skipped."""
        super().reset(seed=seed)
        for _ in range(ATTEMPTS):
            game_seed = int(self.np_random.integers(2**63))
            self.game = self.maker.new(game_seed)
            self._agents = seat_agents(self.maker.ruleset, self.maker.seats, [self.opponent],
                                       game_seed)
            self._play_others()
            if not self.game.over:
                return self._observation(), self._info()
        raise RulesetError(f"{ATTEMPTS} games in a row ended before {self.seat} decided")

    def step(self, action: np.int64) -> tuple[Vector, SupportsFloat, bool, bool, dict[str, Any]]:
        game = self._game()
        decision = game.pending
        if decision is None:
            raise UsageError("the game is over: reset() the environment")
        game.step(decision.options[int(action) % len(decision.options)].id)
        self._play_others()
        return (self._observation(), self.maker.reward(game, self.seat), game.over, False,
                self._info())

    def action_masks(self) -> NDArray[np.bool_]:
        return self.maker.mask(self._game(), self.seat).astype(bool)

    def render(self) -> str | None:  # type: ignore[override]
        if self.render_mode is None:
            return None
        return self.maker.render(self._game())

    def _play_others(self) -> None:
        game = self._game()
        while game.pending is not None and game.pending.player != self.seat:
            game.step(decide(self._agents[game.pending.player], game))
        self.maker.check_fits(game)

    def _observation(self) -> Vector:
        return self.maker.observe(self._game(), self.seat)

    def _info(self) -> dict[str, Any]:
        game = self._game()
        info: dict[str, Any] = {"action_mask": self.maker.mask(game, self.seat)}
        if game.result is not None:
            info["winner"] = game.result.winner
        return info

    def _game(self) -> Game:
        if self.game is None:
            raise UsageError("reset() the environment first")
        return self.game
