"""Observations: a seat's view (JSON) as a fixed-size vector, by feature hashing.

Every ruleset's view is nested JSON of different shapes, so the generic encoder hashes
each leaf into one of ``size`` buckets: a number adds ``sign(v)·log(1+|v|)`` to the bucket
of its path (``players/red/hand_size``), a true flag adds 1 to its path's bucket, a string
adds 1 to the bucket of ``path=value``. Items of a list that carry an ``id`` are named by
it (``fighters/countess/health``), other dicts by their position, and a list of plain
values counts as a bag (``hand[]=bite``). The pending decision's kind and rule, and the
seat, are features too. After the view come ``slots`` numbers, one per action: a code in
(0, 1] of the option id that action takes (0 where there is none), so a learner can tell
what an action means.

Paths are hashed with BLAKE2b, so an observation is the same in every process.
A ruleset-specific encoder (any callable ``(view, decision) -> array``) can replace it.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

from rulekeeper.core.decisions import Decision

Vector = NDArray[np.float32]


class Encoder(Protocol):
    """Makes the observation of a view; ``size`` is its length."""

    size: int

    def __call__(self, view: Mapping[str, Any], decision: Decision | None) -> Vector: ...


@lru_cache(maxsize=200_000)
def bucket(key: str, size: int) -> int:
    """The bucket of a feature, the same in every process.

    >>> bucket("hand_size", 512) == bucket("hand_size", 512) < 512
    True
    """
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big") % size


@lru_cache(maxsize=50_000)
def option_code(kind: str, option: str) -> float:
    """A code of an option id in (0, 1].

    >>> 0 < option_code("play-card", "bite") <= 1
    True
    """
    return (bucket(f"{kind}:{option}", 1000) + 1) / 1000


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, float]]:
    """The hashed features of a JSON value: (feature name, amount).

    >>> sorted(leaves({"hp": 3, "ok": True, "name": "Ann", "hand": ["a", "a"]}))
    ... # doctest: +NORMALIZE_WHITESPACE
    [('hand[]=a', 1.0), ('hand[]=a', 1.0), ('hp', 1.3862943611198906), ('name=Ann', 1.0),
     ('ok', 1.0)]
    """
    kind = type(value)
    if kind is bool:
        if value:
            yield path, 1.0
    elif kind is int or kind is float:
        yield path, math.copysign(math.log1p(abs(value)), value)
    elif kind is str:
        yield f"{path}={value}", 1.0
    elif isinstance(value, Mapping):
        prefix = f"{path}/" if path else ""
        for key, item in value.items():
            yield from leaves(item, f"{prefix}{key}")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            if isinstance(item, Mapping):
                name = item.get("id")
                yield from leaves(item, f"{path}/{name if isinstance(name, str) else index}")
            elif isinstance(item, list | tuple):
                yield from leaves(item, f"{path}/{index}")
            else:
                yield from leaves(item, f"{path}[]")
    elif isinstance(value, int | float):  # a subclass (an enum's value, numpy's numbers)
        yield from leaves(float(value), path)


class HashingEncoder:
    """The generic encoder: ``features`` hashed buckets of the view, then ``slots`` option
    codes (see the module's description)."""

    def __init__(self, features: int = 512, slots: int = 32) -> None:
        self.features = features
        self.slots = slots
        self.size = features + slots

    def __call__(self, view: Mapping[str, Any], decision: Decision | None) -> Vector:
        vector = np.zeros(self.size, dtype=np.float32)
        features = self.features
        for name, amount in leaves(view.get("state") or {}):
            vector[bucket(name, features)] += amount
        vector[bucket(f"seat={view.get('seat')}", features)] += 1.0
        if decision is not None:
            vector[bucket(f"pending.kind={decision.kind}", features)] += 1.0
            vector[bucket(f"pending.rule={decision.rule}", features)] += 1.0
            for index, option in enumerate(decision.options[:self.slots]):
                vector[features + index] = option_code(decision.kind, option.id)
        np.clip(vector, -LIMIT, LIMIT, out=vector)
        return vector


LIMIT = 1e4
"""Observations are clipped to ± this (many counts in one bucket)."""
