"""Running a batch: in this process, on a pool of worker processes, or on a Ray cluster.

A batch is cut into chunks of consecutive games; workers play chunks and send
their results back as they finish. Results are put back in game order before
anything reads them, so a batch gives the same per-game results on 1 worker,
many workers or a Ray cluster (game ``i`` always has the seed
``derive_seed(seed, i)``).

``until`` stops a batch early, at a point that does not depend on how it is
computed: it is asked after every ``every`` games of the ordered results. Results are
handed on as they come (:func:`play_batch`), so a batch of any size needs no more
memory than the chunks in flight.
"""

from __future__ import annotations

import gc
import os
import signal
import threading
from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rulekeeper.agents import seat_agents
from rulekeeper.core.errors import ContentError, RulekeeperError, UsageError
from rulekeeper.core.game import Game, new_game
from rulekeeper.lab.batch import (
    BatchSpec,
    Columns,
    GameResult,
    from_columns,
    play_columns,
    play_games,
    registration,
    start_worker,
)
from rulekeeper.lab.plan import Pieces, Plan, Progress, chunks
from rulekeeper.lab.summary import OutcomeCounts

if TYPE_CHECKING:
    import multiprocessing.context
    from concurrent.futures import Future, ProcessPoolExecutor

class UntilNarrow:
    """Stops a batch once the win, tie and loss intervals of ``side`` are all narrow enough.

    Args:
        side: the side whose outcomes are counted.
        half_width: the largest ``±`` accepted (0.01 is ±1 percentage point).
        every: the batch may stop only after a multiple of this many games.
    """

    def __init__(self, side: str, half_width: float, every: int = 100) -> None:
        if not 0 < half_width < 0.5:
            raise UsageError("--until-ci must be between 0 and 0.5 (e.g. 0.01 for ±1 point)")
        self.counts = OutcomeCounts(side)
        self.half_width = half_width
        self.every = every

    def stop_in(self, run: Sequence[GameResult]) -> int | None:
        """Count the next games of the batch (in game order); when the intervals are narrow
        enough at a multiple of ``every``, the number of these games to keep."""
        for kept, result in enumerate(run, 1):
            self.counts.add(result.winner)
            if self.counts.games % self.every == 0 and self.counts.widest() <= self.half_width:
                return kept
        return None


def check(spec: BatchSpec) -> BatchSpec:
    """Raise the user's error (unknown ruleset, option, ruling, agent) before any worker starts.

    Returns the spec with its options as a game records them (a team file read into its
    team, for instance), so workers read no file and every game plays the same setup.
    """
    if "human" in spec.agents:
        raise UsageError("simulations play bots only; use 'rulekeeper play' to play")
    try:
        game = _first_game(spec, spec.content_set)
    except ContentError as error:
        raise blamed(spec, error) from None
    seat_agents(game.ruleset, game.seats, list(spec.agents) or None, 0)
    return replace(spec, options=game.record().options)


def _first_game(spec: BatchSpec, sets: Mapping[str, Any]) -> Game:
    return new_game(spec.ruleset, spec.scenario, spec.content, spec.rulings, 0,
                    options=spec.options, content_set=dict(sets), log=False)


def _no_such_field(spec: BatchSpec, path: str) -> ContentError | None:
    """A ``--set`` of a field its place does not have (``bigfoot.hpp``), said with the
    sample's fields there and a close one, not pydantic's "Extra inputs are not permitted"."""
    from rulekeeper.core import registry
    from rulekeeper.core.content import resolve_path
    from rulekeeper.core.rulings import did_you_mean

    above, _, name = path.rpartition(".")
    node: Any = registry.load(spec.ruleset).content_set.raw()[0]
    try:
        for key in resolve_path(node, above) if above else ():
            node = node[key]
    except (RulekeeperError, LookupError, TypeError):
        return None
    if not isinstance(node, dict):
        return None
    fields = [key for key in node if key != "sample"]
    return ContentError(f"--set {path}", f"no field {name!r} here{did_you_mean(name, fields)}; "
                                         f"its fields in the sample: {', '.join(fields)}")


MOST_BLAMED = 32
"""The most ``--set`` values tried one by one to find the one a content error comes from."""


def blamed(spec: BatchSpec, error: ContentError) -> ContentError:
    """A content error that a check across files found (an id one file names and another
    lacks), said by the ``--set`` value it comes from rather than by the sample's file: the
    value that alone on the content makes the same error, else the first of those given
    (a page marks the field so named). An error the content has without any ``--set``, or
    one that names its value already, is returned as it is."""
    sets = spec.content_set
    if error.file.startswith("--set ") and not error.field and \
            str(error).endswith("Extra inputs are not permitted"):
        return _no_such_field(spec, error.file.removeprefix("--set ")) or error
    if not sets or error.file.startswith("--set ") or len(sets) > MOST_BLAMED:
        return error
    try:
        _first_game(spec, {})
    except RulekeeperError:
        return error  # the content is wrong without the values given
    where = f"{error.file}:{error.line}" if error.line is not None else error.file
    said = str(error).removeprefix(f"{where}: ")
    for path, value in sets.items():
        try:
            _first_game(spec, {path: value})
        except ContentError as alone:
            if str(alone).endswith(said):
                return ContentError(f"--set {path}", said)
        except RulekeeperError:
            pass
    return ContentError(f"--set {next(iter(sets))}", said)


def serial_pieces(spec: BatchSpec, seed: int, jobs: Iterator[Sequence[int]]) -> Pieces:
    """The readable path: play each chunk here, in order."""
    for indices in jobs:
        yield play_games(spec, seed, indices)


def _context() -> multiprocessing.context.BaseContext:
    """How to start workers: a fork of this process when that is safe and fast.

    Forking copies this process (its imports and registered rulesets) at once, but is
    only safe while this process runs a single thread; otherwise workers come from a
    fork server, or are spawned.
    """
    import multiprocessing  # here: a batch on one worker needs none of it

    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        from rulekeeper.core.workers import fork_server

        return fork_server("rulekeeper.lab.batch")
    return multiprocessing.get_context("spawn")


def terminate(pool: ProcessPoolExecutor) -> None:
    """End a pool's workers at once, so that its ``shutdown`` returns.

    ProcessPoolExecutor has no public way to (Python 3.14 adds ``terminate_workers``). A
    worker ended while it sends a result leaves half a message in the pool's result pipe,
    whose rest the pool's manager thread would wait for forever (this process's own end of
    the pipe is still open): once the workers are gone, that end is closed too, so the
    manager reads the end of the pipe, finds the pool broken, and stops.
    """
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(WORKER_EXIT)
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
    if writer is not None:
        writer.close()


WORKER_EXIT = 10.0
"""Seconds a terminated worker is given to end."""


def pool_pieces(spec: BatchSpec, seed: int, jobs: Iterator[Sequence[int]],
                workers: int) -> Pieces:
    """Chunks played on a pool of worker processes, yielded as they finish."""
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    context = _context()
    forked = context.get_start_method() == "fork"
    if forked:
        gc.freeze()  # forked workers' collections then leave the shared pages uncopied
    parent = None if context.get_start_method() == "forkserver" else os.getpid()
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=start_worker,
                               initargs=(*registration(spec.ruleset), parent))
    pending: set[Future[Columns]] = set()

    def submit() -> None:
        job = next(jobs, None)
        if job is not None:
            pending.add(pool.submit(play_columns, spec, seed, job))

    try:
        for _ in range(2 * workers):
            submit()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                pending.discard(future)
                submit()
                yield from_columns(future.result())
    except BaseException:
        # Stopped (or closed early): end the running chunks now rather than wait for them.
        terminate(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        if forked:
            gc.unfreeze()


Sink = Callable[[list[GameResult]], None]
"""Where a batch's results go, a run of consecutive games at a time, in game order."""


STOPS = (signal.SIGINT, signal.SIGTERM, signal.SIGALRM) if hasattr(signal, "SIGALRM") else ()
"""The signals that stop a batch (as :class:`KeyboardInterrupt`: Ctrl-C, a stop, a time cap)."""


@contextmanager
def whole() -> Iterator[None]:
    """Games handed to a sink are taken whole: a stop that comes meanwhile is noted and
    raised again after it, never between the sink's tally and its file.

    The signals' handlers are swapped rather than the signals blocked: a thread's signal mask
    holds nothing back while the pool's other threads may receive the signal, and Python
    runs its handler in the main thread at once, whichever thread received it.
    """
    if not STOPS or threading.current_thread() is not threading.main_thread():
        yield  # (only the main thread may set handlers; the others' are run there)
        return
    came: list[int] = []
    handlers = {number: handler for number in STOPS
                if (handler := signal.getsignal(number)) is not None}  # (None: set outside Python)
    for number in handlers:
        signal.signal(number, lambda received, _: came.append(received))
    try:
        yield
    finally:
        for number, handler in handlers.items():
            signal.signal(number, handler)
        if came:
            signal.raise_signal(came[0])  # handled as it would have been


def play_batch(spec: BatchSpec, games: int, seed: int, plan: Plan | None, sink: Sink, *,
               progress: Progress | None = None, until: UntilNarrow | None = None,
               first: int = 0, only: Sequence[int] | None = None) -> None:
    """Play games ``first..games-1`` of the batch (fewer if ``until`` stops it), giving
    ``sink`` the results in game order as they finish. A batch played in steps (games
    ``0..99``, then ``100..199``) gives the games of one batch of 200. With ``only``, just
    those games of ``first..games-1`` are played.

    Stopped (Ctrl-C, or SIGTERM turned into :class:`KeyboardInterrupt`), it gives ``sink``
    the games that finished out of order too, then lets the interruption through.
    """
    plan = plan or Plan()
    spec = check(spec)
    indices: Sequence[int] = (range(first, games) if only is None
                              else sorted(i for i in set(only) if first <= i < games))
    if plan.backend == "ray":
        from rulekeeper.lab.ray_backend import ray_pieces

        pieces = ray_pieces(spec, seed, indices, plan)
    else:
        jobs = chunks(indices, plan.chunk_size(len(indices), plan.workers))
        pieces = (pool_pieces(spec, seed, jobs, plan.workers) if plan.workers > 1
                  else serial_pieces(spec, seed, jobs))
    waiting: dict[int, list[GameResult]] = {}  # by the place of their first game in indices
    done = 0
    try:
        for piece in pieces:
            if progress is not None:
                progress(len(piece))
            if piece:
                waiting[bisect_left(indices, piece[0].game)] = piece
            while done in waiting:
                run = waiting.pop(done)
                stop = until.stop_in(run) if until is not None else None
                with whole():
                    sink(run if stop is None else run[:stop])
                done += len(run)
                if stop is not None:
                    return
    except KeyboardInterrupt:
        with whole():
            for start in sorted(waiting):
                sink(waiting[start])
        raise
    finally:
        pieces.close()


def run_batch(spec: BatchSpec, games: int, seed: int, plan: Plan | None = None, *,
              progress: Progress | None = None, until: UntilNarrow | None = None,
              only: Sequence[int] | None = None) -> list[GameResult]:
    """Play games ``0..games-1`` of the batch (fewer if ``until`` stops it; only those of
    ``only`` when given), in game order."""
    results: list[GameResult] = []
    play_batch(spec, games, seed, plan, results.extend, progress=progress, until=until,
               only=only)
    return results
