"""Sweeps: one batch per variant of content values, setup options or rulings, on the same seeds.

Every variant plays games ``0..N-1`` with the same batch seed, so game ``i`` of one
variant and game ``i`` of another start from the same seed: their differences are
paired, and paired tests (:mod:`rulekeeper.lab.stats`) can tell which differences
are larger than chance.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rulekeeper.core import registry
from rulekeeper.core.content import parse_value
from rulekeeper.core.errors import UsageError
from rulekeeper.core.rulings import parse_assignments, resolve
from rulekeeper.lab.batch import BatchSpec
from rulekeeper.lab.run import Plan, Progress, run_batch
from rulekeeper.lab.stats import ALPHA, Estimate, holm, mcnemar, paired_proportions
from rulekeeper.lab.store import Batch
from rulekeeper.lab.summary import outcome

ALL = "*"
"""``--ruling id=*``: every option of the ruling."""


def split_values(text: str) -> list[str]:
    """Split ``v1,v2,v3`` at the commas outside brackets and quotes.

    >>> split_values("1,[2, 3],'a,b'")
    ['1', '[2, 3]', "'a,b'"]
    """
    values: list[str] = []
    depth, quote, current = 0, "", ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in "[{(":
            depth += 1
        elif char in "]})":
            depth -= 1
        elif char == "," and depth == 0:
            values.append(current.strip())
            current = ""
            continue
        current += char
    values.append(current.strip())
    if any(v == "" for v in values):
        raise UsageError(f"empty value in {text!r}")
    return values


def short_path(path: str) -> str:
    """A content path cut to its last two names, each index kept with the name before it.

    >>> short_path("teams.brutes.fighters.ogre.power"), short_path("villains.a.health.0")
    ('ogre.power', 'a.health.0')
    """
    parts = path.split(".")
    names, start = 0, len(parts)
    while start > 0 and names < 2:
        start -= 1
        names += not parts[start].isdigit()
    return ".".join(parts[start:])


@dataclass(frozen=True)
class Axis:
    """One thing a sweep varies: a content path (``--set``), an option or a ruling."""

    key: str
    values: tuple[Any, ...]

    @property
    def kind(self) -> str:
        return self.key.partition(":")[0] if ":" in self.key else "set"

    @property
    def name(self) -> str:
        return self.key.partition(":")[2] if ":" in self.key else self.key

    @property
    def short(self) -> str:
        """A column header: the option or ruling id, or the last two names of a content path
        (an index is no name: the item whose list it reads is said too).

        >>> Axis("teams.brutes.fighters.ogre.power", (1, 2)).short, Axis("ruling:x", ("a",)).short
        ('ogre.power', 'x')
        >>> Axis("villains.hollow-king.health.0", (12, 14)).short
        'hollow-king.health.0'
        """
        return self.name if ":" in self.key else short_path(self.key)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "values": list(self.values)}


def parse_axes(ruleset_id: str, sets: Iterable[str] = (), options: Iterable[str] = (),
               rulings: Iterable[str] = ()) -> list[Axis]:
    """Axes from ``--set path=v1,v2``, ``--option name=v1,v2`` and ``--ruling id=a,b|*``."""
    axes = [Axis(path, tuple(parse_value(v) for v in split_values(text)))
            for path, text in parse_assignments(sets, "--set").items()]
    axes += [Axis(f"option:{name.replace('-', '_')}",
                  tuple(parse_value(v) for v in split_values(text)))
             for name, text in parse_assignments(options, "--option").items()]
    declared = {r.id: r for r in registry.load(ruleset_id).rulings}
    for ruling_id, text in parse_assignments(rulings, "--ruling").items():
        if ruling_id not in declared:
            resolve(declared.values(), {ruling_id: text})  # the error names the known rulings
        values = declared[ruling_id].options if text == ALL else tuple(split_values(text))
        for value in values:
            resolve(declared.values(), {ruling_id: value})
        axes.append(Axis(f"ruling:{ruling_id}", tuple(values)))
    return axes


def by_first_axis(axes: Sequence[Axis], estimates: Sequence[Estimate]
                  ) -> tuple[list[Any], dict[str, list[Estimate]]]:
    """For a plot: the first varying axis's values, and one series per combination of the others.

    ``estimates`` are in :func:`variants` order (the first axis varies slowest).

    >>> from rulekeeper.lab.stats import wilson
    >>> e = [wilson(i, 10) for i in range(4)]
    >>> x, series = by_first_axis([Axis("a", (1, 2)), Axis("ruling:r", ("p", "q"))], e)
    >>> x, {name: [round(v.value, 1) for v in s] for name, s in series.items()}
    ([1, 2], {'r=p': [0.0, 0.2], 'r=q': [0.1, 0.3]})
    """
    varying = [a for a in axes if len(a.values) > 1]
    others = list(itertools.product(*(a.values for a in varying[1:])))
    series = {}
    for j, combination in enumerate(others):
        name = ", ".join(f"{a.short}={value_text(v)}" for a, v in zip(varying[1:], combination,
                                                                 strict=True))
        series[name or "win"] = list(estimates[j::len(others)])
    return list(varying[0].values), series


def value_text(value: Any) -> str:
    """A swept value as written on the command line."""
    return value if isinstance(value, str) else str(value).replace(" ", "")


@dataclass(frozen=True)
class Variant:
    """One batch of a sweep: its label, what it changes, and its spec."""

    label: str
    params: dict[str, Any]
    spec: BatchSpec


def apply(spec: BatchSpec, params: dict[str, Any]) -> BatchSpec:
    """The spec with the params' content values, options and rulings."""
    content_set, options, rulings = dict(spec.content_set), dict(spec.options), dict(spec.rulings)
    for key, value in params.items():
        axis = Axis(key, (value,))
        if axis.kind == "option":
            options[axis.name] = value
        elif axis.kind == "ruling":
            rulings[axis.name] = value
        else:
            content_set[key] = value
    return replace(spec, content_set=content_set, options=options, rulings=rulings)


def variants(base: BatchSpec, axes: Sequence[Axis]) -> list[Variant]:
    """One variant per combination of the axes' values; single values apply to every variant."""
    varying = [a for a in axes if len(a.values) > 1]
    if not varying:
        raise UsageError("nothing to sweep: give at least one --set, --option or --ruling "
                         "with two or more values (path=v1,v2)")
    base = apply(base, {a.key: a.values[0] for a in axes if len(a.values) == 1})
    out = []
    for combination in itertools.product(*(a.values for a in varying)):
        params = {a.key: v for a, v in zip(varying, combination, strict=True)}
        label = ", ".join(f"{key}={value_text(value)}" for key, value in params.items())
        out.append(Variant(label, params, apply(base, params)))
    return out


def run_variants(found: Sequence[Variant], games: int, seed: int, plan: Plan | None = None,
                 progress: Progress | None = None) -> list[Batch]:
    """Play every variant's batch with the same seed."""
    return [Batch(v.label, v.params, v.spec, seed, run_batch(v.spec, games, seed, plan,
                                                             progress=progress))
            for v in found]


@dataclass(frozen=True)
class Comparison:
    """Two variants compared game by game (same seeds).

    Attributes:
        first, second: the variants' labels.
        difference: the second's win rate minus the first's, over the games both played,
            with its exact paired interval at ``confidence``.
        p: McNemar's exact p-value for the win indicator.
        adjusted: p adjusted (Holm) for all the comparisons made together.
        confidence: the interval's level: 95% for one comparison, Bonferroni-adjusted for
            several (1 - 0.05/m), so that an interval without 0 is always significant.
    """

    first: str
    second: str
    difference: Estimate
    p: float
    adjusted: float
    confidence: float = 1 - ALPHA

    @property
    def significant(self) -> bool:
        return self.adjusted < ALPHA

    def to_json(self) -> dict[str, Any]:
        return {"first": self.first, "second": self.second,
                "difference": self.difference.to_json(), "confidence": self.confidence,
                "p": self.p, "p_adjusted": self.adjusted, "significant": self.significant}


@dataclass(frozen=True)
class Wins:
    """Whether the side won each game of a variant: game numbers, their seeds (when known)
    and a win flag each (1 or True for a win), in game order."""

    label: str
    games: Sequence[int]
    won: Sequence[int]
    seeds: Sequence[int] | None = None

    @classmethod
    def of(cls, batch: Batch, side: str) -> Wins:
        results = batch.results
        return cls(batch.label, [r.game for r in results],
                   [outcome(r.winner, side) == "win" for r in results], [r.seed for r in results])


def paired(a: Wins, b: Wins) -> tuple[list[int], list[int]]:
    """The two variants' wins over the games both played (an interrupted batch has fewer),
    checked to have the same seeds."""
    if a.games == b.games:
        before, after = list(a.won), list(b.won)
        same = a.seeds is None or b.seeds is None or list(a.seeds) == list(b.seeds)
    else:
        index = {game: i for i, game in enumerate(b.games)}
        common = [(i, index[game]) for i, game in enumerate(a.games) if game in index]
        before, after = [a.won[i] for i, _ in common], [b.won[j] for _, j in common]
        same = a.seeds is None or b.seeds is None or all(
            a.seeds[i] == b.seeds[j] for i, j in common)
    if not same:
        raise UsageError(f"variants {a.label!r} and {b.label!r} did not play the same "
                         "seeds; they cannot be compared game by game")
    return before, after


def compare(found: Sequence[Wins | Batch], side: str = "",
            pairs: Iterable[tuple[int, int]] | None = None) -> list[Comparison]:
    """Paired comparisons of the side's wins (every pair by default), adjusted together:
    p-values by Holm, intervals by Bonferroni."""
    wins = [w if isinstance(w, Wins) else Wins.of(w, side) for w in found]
    chosen = list(pairs if pairs is not None else itertools.combinations(range(len(wins)), 2))
    confidence = 1 - ALPHA / max(1, len(chosen))
    raw = []
    for i, j in chosen:
        before, after = paired(wins[i], wins[j])
        raw.append((wins[i].label, wins[j].label,
                    paired_proportions(before, after, confidence), mcnemar(before, after)))
    adjusted = holm([p for *_, p in raw])
    return [Comparison(f, s, d, p, q, confidence)
            for (f, s, d, p), q in zip(raw, adjusted, strict=True)]
