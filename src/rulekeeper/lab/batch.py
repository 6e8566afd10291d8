"""Batches of games: game i of a batch with seed S is a pure function of (spec, S, i).

That makes a batch identical however it is split across workers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from rulekeeper.agents import play_out, seat_agents
from rulekeeper.core import registry
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import derive_seed


@dataclass(frozen=True)
class BatchSpec:
    """What to play: the same for every game of a batch."""

    ruleset: str
    agents: tuple[str, ...] = ()
    scenario: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    rulings: Mapping[str, str] = field(default_factory=dict)
    content: str | None = None
    content_set: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameResult:
    """One game's outcome, as the lab stores it."""

    index: int
    seed: int
    winner: str | None
    reason: str
    rounds: int
    decisions: int
    metrics: Mapping[str, float]


def play_one(spec: BatchSpec, batch_seed: int, index: int) -> GameResult:
    """Play game ``index`` of the batch to the end, with logging off."""
    seed = derive_seed(batch_seed, index)
    game = new_game(spec.ruleset, spec.scenario, spec.content, spec.rulings, seed,
                    options=spec.options, content_set=spec.content_set, log=False)
    agents = seat_agents(game.ruleset, game.seats, list(spec.agents) or None, seed)
    play_out(game, agents)
    result = game.result
    assert result is not None
    return GameResult(index, seed, result.winner, result.reason, result.rounds,
                      len(game.decisions), dict(result.metrics))


def run_serial(spec: BatchSpec, games: int, batch_seed: int) -> Iterator[GameResult]:
    """Play games 0..games-1 one after the other."""
    registry.load(spec.ruleset)
    for index in range(games):
        yield play_one(spec, batch_seed, index)


def summarize(results: list[GameResult]) -> dict[str, Any]:
    """Counts of winners and reasons, and mean rounds."""
    winners = Counter(r.winner or "tie" for r in results)
    reasons = Counter(r.reason for r in results)
    rounds = sum(r.rounds for r in results) / len(results) if results else 0.0
    return {"games": len(results), "winners": dict(winners), "reasons": dict(reasons),
            "mean_rounds": rounds}
