"""How a batch is computed (never what it gives): the backend, the workers, the chunks.

:mod:`.run` plays a batch on this machine, :mod:`.ray_backend` on a Ray cluster; both cut it
by the same :class:`Plan`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass

from rulekeeper.core.errors import UsageError
from rulekeeper.lab.batch import GameResult

BACKENDS = ("process", "ray")
MAX_CHUNK = 500
Pieces = Generator[list[GameResult], None, None]
Progress = Callable[[int], None]


@dataclass(frozen=True)
class Plan:
    """How to compute a batch (never what it gives).

    Attributes:
        workers: processes (``process``) or tasks in flight (``ray``; 0: one per cluster CPU).
        backend: ``process`` (this machine) or ``ray`` (a Ray cluster).
        ray_address: the cluster to join (``auto``, ``HEAD_IP:PORT``);
            None starts a local Ray instance unless ``RAY_ADDRESS`` is set.
        chunk: games per task; None picks one from the batch size and the workers.
    """

    workers: int = 1
    backend: str = "process"
    ray_address: str | None = None
    chunk: int | None = None

    def __post_init__(self) -> None:
        if self.backend not in BACKENDS:
            raise UsageError(f"unknown backend {self.backend!r}; backends: {', '.join(BACKENDS)}")
        if self.workers < 0 or (self.workers == 0 and self.backend == "process"):
            raise UsageError("--workers must be at least 1 (0 is for ray: one per CPU)")
        if self.chunk is not None and self.chunk < 1:
            raise UsageError("--chunk must be at least 1")

    def chunk_size(self, games: int, workers: int) -> int:
        """Enough chunks for every worker to get several, none longer than MAX_CHUNK games.

        >>> Plan().chunk_size(100_000, 2), Plan().chunk_size(100, 2), Plan(chunk=7).chunk_size(9, 1)
        (500, 6, 7)
        """
        if self.chunk is not None:
            return self.chunk
        return max(1, min(MAX_CHUNK, games // (8 * max(1, workers))))


def chunks(indices: Sequence[int], size: int) -> Iterator[Sequence[int]]:
    """The games in consecutive chunks of ``size`` (a range's chunks are ranges).

    >>> list(chunks(range(5), 2)), list(chunks([1, 4, 7], 2))
    ([range(0, 2), range(2, 4), range(4, 5)], [[1, 4], [7]])
    """
    for start in range(0, len(indices), size):
        yield indices[start:start + size]
