"""The Ray backend: each task plays a chunk of games and streams its results back.

The driver (the machine running ``rulekeeper``) keeps a few tasks per CPU in
flight; each task is a Ray generator that yields its results a piece at a time,
so results and progress arrive while the chunk is still being played. Every node
needs the same rulekeeper (and plug-in rulesets) installed: tasks name the
ruleset by id and import it there.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from typing import Any

from rulekeeper.core.errors import RulekeeperError, UsageError
from rulekeeper.lab.batch import (
    BatchSpec,
    Columns,
    ensure_registered,
    from_columns,
    play_columns,
    registration,
)
from rulekeeper.lab.plan import Pieces, Plan, chunks


def connect(address: str | None) -> Any:
    """The ``ray`` module, connected to the cluster at ``address`` (once per process)."""
    if address is not None and address.startswith("ray://"):
        raise UsageError("Ray Client addresses (ray://) cannot stream task results; run on a "
                         "machine of the cluster with --ray-address auto")
    try:
        import ray
    except ImportError:
        raise UsageError("the ray backend needs Ray: pip install 'rulekeeper[ray]'") from None
    if not ray.is_initialized():
        try:
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
        except (ConnectionError, RuntimeError, ValueError) as error:
            where = address or "a new local instance"
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error)
            raise UsageError(f"cannot start or reach Ray ({where}): {first}") from None
    return ray


def play_streaming(spec: BatchSpec, seed: int, indices: Sequence[int], entry: tuple[str, str],
                   piece: int) -> Iterator[Columns]:
    """A Ray task: play these games, yielding ``piece`` results at a time."""
    ensure_registered(*entry)
    for part in chunks(indices, piece):
        yield play_columns(spec, seed, part)


def ray_pieces(spec: BatchSpec, seed: int, indices: Sequence[int], plan: Plan) -> Pieces:
    """Chunks of these games played as Ray tasks, yielded piece by piece as they arrive."""
    ray = connect(plan.ray_address)
    workers = plan.workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
    size = plan.chunk_size(len(indices), workers)
    task = ray.remote(num_cpus=1)(play_streaming).options(num_returns="streaming")
    jobs = chunks(indices, size)
    entry = registration(spec.ruleset)
    running: list[Any] = []

    def submit() -> None:
        job = next(jobs, None)
        if job is not None:
            running.append(task.remote(spec, seed, job, entry, max(1, size // 4)))

    try:
        for _ in range(2 * workers):
            submit()
        while running:
            ready, _ = ray.wait(running, num_returns=1)
            generator = ready[0]
            try:
                ref = next(generator)
            except StopIteration:
                running.remove(generator)
                submit()
                continue
            try:
                yield from_columns(ray.get(ref))
            except ray.exceptions.RayTaskError as error:
                if isinstance(error.cause, RulekeeperError):
                    raise error.cause from None
                raise
    finally:
        for generator in running:
            ray.cancel(generator)
