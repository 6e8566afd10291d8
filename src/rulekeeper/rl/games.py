"""What the PettingZoo and Gymnasium adapters share: how a game is made, observed, acted on
and scored."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from rulekeeper.agents.scores import score
from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.core.game import Game, new_game
from rulekeeper.core.ruleset import Ruleset
from rulekeeper.rl.encoding import Encoder, HashingEncoder, Vector

DEFAULT_ACTIONS = 32
"""Actions per decision: the options of today's rulesets number at most 19."""


@dataclass
class GameMaker:
    """A ruleset with the settings of every game an environment plays.

    Attributes:
        ruleset_id: a registered ruleset id.
        scenario, options, rulings, content, content_set: as ``new_game`` takes them.
        actions: the size of the action space (the most options one decision may offer).
        encoder: makes observations; None: :class:`HashingEncoder` with ``actions`` slots.
        log: record events (slower; for watching games).
    """

    ruleset_id: str
    scenario: str | None = None
    options: Mapping[str, Any] | None = None
    rulings: Mapping[str, str] | None = None
    content: str | None = None
    content_set: Mapping[str, Any] | None = None
    actions: int = DEFAULT_ACTIONS
    encoder: Encoder | None = None
    log: bool = False
    ruleset: Ruleset[Any] = field(init=False)
    seats: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.ruleset = registry.load(self.ruleset_id)
        if self.ruleset.meta.max_length == 0:
            raise UsageError(f"{self.ruleset.meta.id} asks no decision: there is nothing to "
                             f"act on")
        if not 1 <= self.actions <= 10_000:
            raise UsageError(f"actions={self.actions}: 1 to 10000")
        if self.encoder is None:
            self.encoder = HashingEncoder(slots=self.actions)
        self.seats = self.new(0).seats  # settings are checked here, once

    def new(self, seed: int) -> Game:
        return new_game(self.ruleset_id, self.scenario, self.content, self.rulings, seed,
                        options=self.options, content_set=self.content_set, log=self.log)

    @property
    def size(self) -> int:
        assert self.encoder is not None
        return self.encoder.size

    def observe(self, game: Game, seat: str) -> Vector:
        """What ``seat`` sees now, encoded."""
        assert self.encoder is not None
        decision = game.pending if game.pending and game.pending.player == seat else None
        return self.encoder(game.view(seat), decision)

    def mask(self, game: Game, seat: str) -> NDArray[np.int8]:
        """1 for each action that takes an option of ``seat``'s pending decision."""
        mask = np.zeros(self.actions, dtype=np.int8)
        if game.pending is not None and game.pending.player == seat:
            mask[:len(game.pending.options)] = 1
        return mask

    def check_fits(self, game: Game) -> None:
        """Refuse a decision with more options than there are actions."""
        if game.pending is not None and len(game.pending.options) > self.actions:
            raise UsageError(f"a {game.pending.kind!r} decision offers "
                             f"{len(game.pending.options)} options, more than the "
                             f"{self.actions} actions: make the environment with "
                             f"actions={len(game.pending.options)} or more")

    def reward(self, game: Game, seat: str) -> float:
        """+1 when ``seat``'s side won, 0 for a tie, -1 for a loss; 0 before the end."""
        if game.result is None:
            return 0.0
        side = self.ruleset.side_of(game.table.options, seat)
        return 2.0 * score(side, game.result.winner) - 1.0

    def render(self, game: Game) -> str:
        return self.ruleset.render(game.view(None)) or repr(game)
