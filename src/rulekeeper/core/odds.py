"""Odds questions: what a ruleset answers about its dice, declared as data.

A ruleset declares its questions with :class:`OddsQuestions` on its class: the name they
are offered under (``rulekeeper odds dire-alliance attack ...``) and where they are. Each
:class:`OddsQuestion` is a pydantic model of its parameters and a pure function from those
parameters to an :class:`Odds` answer (plain data with :meth:`Odds.to_json`). The command
line builds its ``odds`` commands from these declarations; a web form or an HTTP API can
offer the same questions from the same models.

Exact answers are fractions (from icepool or enumeration); Monte Carlo answers are floats
with a 95% interval.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from pydantic import BaseModel

from rulekeeper.core.targets import import_target
from rulekeeper.core.workers import start as start_worker

Probability = Fraction | float

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the proportion ``successes / n`` (95% by default).

    The same interval as ``scipy.stats.binomtest(successes, n).proportion_ci("wilson")``,
    without importing scipy.

    >>> [round(x, 4) for x in wilson(5, 10)]
    [0.2366, 0.7634]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - margin)
    high = 1.0 if successes == n else min(1.0, centre + margin)
    return low, high


@dataclass
class Odds:
    """The answer to an odds question.

    Attributes:
        title: the question, e.g. ``"3 attack dice against 2 defence dice"``.
        outcomes: named probabilities (``{"hit": Fraction(5, 12), "miss": ...}``).
        intervals: 95% intervals of estimated (Monte Carlo) outcomes, by name.
        distributions: named distributions (``{"damage": {1: p1, 2: p2}}``).
        means: named expected values.
        notes: how it was computed (exact, games played, cut-offs...).
    """

    title: str
    outcomes: dict[str, Probability] = field(default_factory=dict)
    intervals: dict[str, tuple[float, float]] = field(default_factory=dict)
    distributions: dict[str, Mapping[Any, Probability]] = field(default_factory=dict)
    means: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def estimate(self, name: str, successes: int, trials: int) -> None:
        """Add a Monte Carlo outcome: ``successes`` of ``trials``, with its Wilson 95% interval.

        >>> odds = Odds("2 dice, 10 000 rolls")
        >>> odds.estimate("double", 1650, 10_000)
        >>> odds.outcomes["double"], [round(x, 4) for x in odds.intervals["double"]]
        (0.165, [0.1579, 0.1724])
        """
        self.outcomes[name] = successes / trials if trials else 0.0
        self.intervals[name] = wilson(successes, trials)

    def to_json(self) -> dict[str, Any]:
        """Probabilities as floats, exact ones also as ``"n/d"``; every distribution value.

        >>> Odds("coin", {"heads": Fraction(1, 2)}).to_json()["outcomes"]
        {'heads': {'probability': 0.5, 'exact': '1/2'}}
        """
        def number(p: Probability) -> dict[str, Any]:
            out: dict[str, Any] = {"probability": float(p)}
            if isinstance(p, Fraction):
                out["exact"] = f"{p.numerator}/{p.denominator}"
            return out

        return {
            "title": self.title,
            "outcomes": {
                name: number(p) | ({"interval": list(self.intervals[name])}
                                   if name in self.intervals else {})
                for name, p in self.outcomes.items()},
            "distributions": {name: [{"value": v} | number(p) for v, p in dist.items()]
                              for name, dist in self.distributions.items()},
            "means": self.means,
            "notes": self.notes,
        }


T = TypeVar("T")


def in_parallel(task: Callable[..., T], jobs: Sequence[tuple[Any, ...]], workers: int) -> list[T]:
    """``task(*job)`` for every job, on up to ``workers`` processes; the results in job order.

    For Monte Carlo answers: split into jobs whose results add up whatever the split, the
    answer is the same on any number of workers. Workers are forked when this process
    runs one thread (they inherit what it has loaded), else spawned.
    """
    if workers <= 1 or len(jobs) <= 1:
        return [task(*job) for job in jobs]
    import multiprocessing
    import threading
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    method = "fork" if "fork" in methods and threading.active_count() == 1 else "spawn"
    pool = ProcessPoolExecutor(min(workers, len(jobs)),
                               mp_context=multiprocessing.get_context(method),
                               initializer=start_worker, initargs=(os.getpid(),))
    try:
        return list(pool.map(task, *zip(*jobs, strict=True)))
    except BaseException:
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()  # stopped: end the running jobs now
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


Answer = Odds | list[Odds]
"""What a question returns: one answer, or several shown one after the other."""


@dataclass(frozen=True)
class OddsQuestion:
    """One question: its parameters and the pure function that answers it.

    Attributes:
        name: the command's name inside its group (``attack``); None when the question is
            its group's only one and is asked by the group's name (``odds cryptids``).
        summary: one line saying what it answers.
        params: the pydantic model of its parameters; each field is one option
            (``defender_sated`` is ``--defender-sated``; a ``rulings`` mapping is
            ``--ruling id=option``, repeatable), its description the option's help.
        answer: the function from validated parameters to the answer. It raises
            :class:`~rulekeeper.core.errors.RulekeeperError` for a question it cannot answer.
    """

    name: str | None
    summary: str
    params: type[BaseModel]
    answer: Callable[[Any], Answer]


@dataclass(frozen=True)
class OddsQuestions:
    """Where a ruleset's odds questions are, and the group name they are offered under.

    Attributes:
        group: the name outer layers offer them under (``dire-alliance``).
        target: ``"module:NAME"`` of a tuple of :class:`OddsQuestion`, imported on first
            use (odds modules import the dice libraries, which a game does not need).
    """

    group: str
    target: str

    def load(self) -> tuple[OddsQuestion, ...]:
        questions = import_target(self.target)
        return tuple(questions)
