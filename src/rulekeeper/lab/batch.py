"""Batches of games: game i of a batch with seed S is a pure function of (spec, S, i).

That makes a batch identical however it is split across workers: game ``i`` is
always played with the seed ``derive_seed(S, i)``, and its agents are seeded from
that seed too.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, NamedTuple

from rulekeeper.agents import play_out, seat_agents
from rulekeeper.core import registry
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import derive_seed
from rulekeeper.core.ruleset import Ruleset
from rulekeeper.core.rulings import resolve
from rulekeeper.core.workers import start as start_process


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
    engine: str | None = None
    """The engine that plays the games (a ruleset's ``engines``; None: its default)."""


class GameResult(NamedTuple):
    """One game's outcome, as the lab stores it (a tuple: cheap to send between processes).

    ``game`` is its number in the batch (0-based), ``seed`` the seed it was played with,
    ``consulted`` the ids of the rulings its play read (None: unknown, as from a ruleset's
    :meth:`~rulekeeper.core.ruleset.Ruleset.play_many`): the game plays the same under any
    option of a ruling it did not read.
    """

    game: int
    seed: int
    winner: str | None
    reason: str
    rounds: int
    decisions: int
    metrics: Mapping[str, float]
    consulted: frozenset[str] | None = None


def play_one(spec: BatchSpec, batch_seed: int, index: int) -> GameResult:
    """Play game ``index`` of the batch to the end, with logging and labels off."""
    seed = derive_seed(batch_seed, index)
    game = new_game(spec.ruleset, spec.scenario, spec.content, spec.rulings, seed,
                    options=spec.options, content_set=spec.content_set, log=False,
                    labels=False)
    agents = seat_agents(game.ruleset, game.seats, list(spec.agents) or None, seed)
    play_out(game, agents)
    result = game.result
    assert result is not None
    # Interned keys are one string per name: less memory, and pickled once per chunk.
    metrics = {sys.intern(key): value for key, value in result.metrics.items()}
    return GameResult(index, seed, result.winner, result.reason, result.rounds,
                      len(game.decisions), metrics, game.table.rulings.consulted)


def content_digest(spec: BatchSpec) -> str:
    """The digest of the content the batch plays with (its folder and ``--set`` values)."""
    return registry.load(spec.ruleset).load_content(spec.content, spec.content_set)[1]


def play_games(spec: BatchSpec, batch_seed: int, indices: Sequence[int]) -> list[GameResult]:
    """Play these games of the batch, in this order: the unit of work a worker runs. With an
    engine named (``--engine``), a ruleset that plays many games together
    (:meth:`~rulekeeper.core.ruleset.Ruleset.play_many`, a compiled kernel) plays them so:
    the same results, but for ``consulted`` (unknown)."""
    ruleset = registry.load(spec.ruleset)
    if spec.engine is None or type(ruleset).play_many is Ruleset.play_many:
        # without --engine, one game at a time (a Ctrl-C while a kernel loads is not yet
        # handled as the lab's stops are: tests/lab/test_stop.py)
        return [play_one(spec, batch_seed, index) for index in indices]
    ruleset.use_engine(spec.engine)
    seeds = [derive_seed(batch_seed, index) for index in indices]
    content = ruleset.load_content(spec.content, spec.content_set)[0]
    rulings = resolve(ruleset.rulings, spec.rulings)
    results = ruleset.play_many(content, ruleset.parse_options(spec.options), rulings, seeds)
    if results is None:
        return [play_one(spec, batch_seed, index) for index in indices]
    return [GameResult(index, seed, result.winner, result.reason, result.rounds, 0,
                       {sys.intern(key): value for key, value in result.metrics.items()})
            for index, seed, result in zip(indices, seeds, results, strict=True)]


Columns = tuple[tuple[Any, ...], ...]
"""Results travelling between processes: one tuple per field (cheaper to pickle than rows)."""

_row = partial(tuple.__new__, GameResult)


def play_columns(spec: BatchSpec, batch_seed: int, indices: Sequence[int]) -> Columns:
    """:func:`play_games`, returned as columns for the trip back to the driver."""
    return tuple(zip(*play_games(spec, batch_seed, indices), strict=True))


def from_columns(columns: Columns) -> list[GameResult]:
    """The results sent by :func:`play_columns`."""
    return list(map(_row, zip(*columns, strict=True)))


def run_serial(spec: BatchSpec, games: int, batch_seed: int) -> Iterator[GameResult]:
    """Play games 0..games-1 one after the other."""
    registry.load(spec.ruleset)
    for index in range(games):
        yield play_one(spec, batch_seed, index)


def registration(ruleset_id: str) -> tuple[str, str]:
    """The ruleset's versioned id and ``"module:Class"``, to register it in another process.

    Worker processes and Ray workers call :func:`ensure_registered` with it, so a
    ruleset registered at run time (a plug-in, a test ruleset) plays there too.
    """
    ruleset = registry.load(ruleset_id)
    cls = type(ruleset)
    return ruleset.meta.id, f"{cls.__module__}:{cls.__qualname__}"


def start_worker(ruleset_id: str, entry: str, parent: int | None = None) -> None:
    """A worker process's start: the ruleset registered, and the stop signals left to the
    driver (Ctrl-C reaches every process of the terminal; the driver ends its workers).
    The worker also ends when its parent dies unwarned (SIGKILL), instead of playing on for
    no one; ``parent``, the process id it should have (none from a fork server, which
    itself ends with the driver)."""
    start_process(parent)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    ensure_registered(ruleset_id, entry)


def ensure_registered(ruleset_id: str, entry: str) -> None:
    """Register ``entry`` as ``ruleset_id`` unless this process already knows that id."""
    if not registry.known(ruleset_id):
        registry.register(ruleset_id, entry)
