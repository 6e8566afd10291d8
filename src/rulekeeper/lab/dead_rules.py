"""Dead rules: the rules of a ruleset's index that never fired over a batch, or fired in only a
small share of its games.

Every event cites the rule that made it, so this is counting: each game of the batch is
played with its log on (the same seeds as ``simulate``), and each rule counts the games in
which at least one event cites it. A rule the index marks *descriptive* (it states a fact,
such as a component's contents, and never makes an event) is shown apart: it cannot fire.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rulekeeper.agents import play_out, seat_agents
from rulekeeper.core import registry
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import derive_seed
from rulekeeper.lab.batch import BatchSpec

MOST_GAMES = 100_000
"""The most games of a dead-rule batch (each keeps its whole log while it plays)."""


@dataclass(frozen=True)
class Fired:
    """One rule of the index: in how many of the batch's games it fired."""

    id: str
    section: str
    games: int
    of: int
    descriptive: bool

    @property
    def share(self) -> float:
        return self.games / self.of if self.of else 0.0

    def verdict(self, rare: float) -> str:
        """``descriptive``, ``never``, ``rare`` (below ``rare`` of the games) or ``fires``."""
        if self.descriptive:
            return "descriptive"
        if self.games == 0:
            return "never"
        return "rare" if self.share < rare else "fires"

    def to_json(self, rare: float) -> dict[str, Any]:
        return {"id": self.id, "section": self.section, "games": self.games,
                "share": self.share, "verdict": self.verdict(rare)}


class Citations:
    """Each rule's games so far: a batch played with its logs on, game by game, so that a
    batch stopped part-way (Ctrl-C, a lab job's time cap) answers for the games it played."""

    def __init__(self, spec: BatchSpec, seed: int) -> None:
        self.spec = spec
        self.seed = seed
        self.tally: tuple[int, Counter[str]] = (0, Counter())
        """The games played and each rule's count, replaced together (one assignment: a
        stop between two games finds them agreeing)."""

    @property
    def games(self) -> int:
        return self.tally[0]

    def play(self, games: int, progress: Callable[[int], None] | None = None) -> None:
        """Play games ``self.games..games-1`` (game ``i`` with ``derive_seed(seed, i)``, as
        every batch), counting the rules each one's events cite."""
        spec = self.spec
        for index in range(self.games, games):
            game_seed = derive_seed(self.seed, index)
            game = new_game(spec.ruleset, spec.scenario, spec.content, spec.rulings,
                            game_seed, options=spec.options, content_set=spec.content_set)
            play_out(game, seat_agents(game.ruleset, game.seats,
                                       list(spec.agents) or None, game_seed))
            self.tally = (index + 1, self.tally[1] + Counter({e.rule for e in game.events}))
            if progress is not None:
                progress(1)

    def fired(self) -> list[Fired]:
        """Every rule of the index, in its order, with the games it fired in so far."""
        games, counts = self.tally
        return [Fired(entry.id, entry.section, counts[entry.id], games,
                      bool(entry.descriptive))
                for entry in registry.load(self.spec.ruleset).rule_index]


def answer(ruleset: str, games: int, rare: float, found: list[Fired]) -> dict[str, Any]:
    """The rules over ``games`` games as JSON: ``dead-rules --json`` and a lab job's
    result."""
    return {"ruleset": ruleset, "games": games, "rare": rare,
            "rules": [f.to_json(rare) for f in found]}
