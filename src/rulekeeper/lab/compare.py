"""``compare``: which matchups moved between an old and a new version, on the same seeds.

The old and the new version (content, rulings, or two results files written by two
releases of rulekeeper) play each matchup on the same seeds, so game ``i`` of a matchup
differs between them only by the change. Each matchup's change in win rate is tested
with McNemar's exact test (only the games one version won and the other did not count),
the p-values adjusted together by Holm's method and the intervals by Bonferroni's, as
``sweep`` does (:func:`rulekeeper.lab.sweep.compare`). A matchup **moved** when its
change is significant and at least ``threshold`` in size: ``rulekeeper compare`` then
exits with :data:`MOVED_EXIT`, a balance gate for a content repository's CI.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core.errors import UsageError
from rulekeeper.lab.stats import ALPHA, Estimate
from rulekeeper.lab.store import Run
from rulekeeper.lab.summary import Summary
from rulekeeper.lab.sweep import Wins, compare

MOVED_EXIT = 3
"""The exit code of ``rulekeeper compare`` when a matchup moved past the threshold (2 is a
usage error, 1 a content or record error)."""


@dataclass(frozen=True)
class Cell:
    """One matchup, old against new: both win rates, the paired change and its test."""

    label: str
    old: Estimate
    new: Estimate
    difference: Estimate
    p: float
    adjusted: float
    confidence: float
    threshold: float

    @property
    def significant(self) -> bool:
        return self.adjusted < ALPHA

    @property
    def moved(self) -> bool:
        """Significant, and at least the threshold in size."""
        return self.significant and abs(self.difference.value) >= self.threshold

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "old": self.old.to_json(), "new": self.new.to_json(),
                "difference": self.difference.to_json(), "confidence": self.confidence,
                "p": self.p, "p_adjusted": self.adjusted, "significant": self.significant,
                "moved": self.moved}


def moved_cells(labels: Sequence[str], wins: Sequence[Wins], rates: Sequence[Estimate],
                side: str, threshold: float) -> list[Cell]:
    """The matchups ``labels``, whose old and new wins alternate in ``wins`` and ``rates``
    (old, new, old, new...), compared and adjusted together."""
    if len(wins) != 2 * len(labels) or len(rates) != len(wins):
        raise ValueError("every matchup needs an old and a new batch")
    found = compare(wins, side, [(2 * i, 2 * i + 1) for i in range(len(labels))])
    return [Cell(label, rates[2 * i], rates[2 * i + 1], c.difference, c.p, c.adjusted,
                 c.confidence, threshold)
            for i, (label, c) in enumerate(zip(labels, found, strict=True))]


def compare_files(old: Run, new: Run, side: str | None, threshold: float,
                  names: tuple[str, str] = ("old", "new")) -> tuple[str, list[Cell]]:
    """The batches two results files share (by variant), compared game by game: the side
    counted and the cells. The files must have played the same seeds (two releases running
    the same command)."""
    sides = [s for s in old.seats if s in new.seats]
    if side is None:
        side = old.side
    if side not in sides:
        raise UsageError(f"--side {side!r}: not a side of both files (sides: "
                         f"{', '.join(sides) or 'none in common'})")
    if old.ruleset.rsplit("-v", 1)[0] != new.ruleset.rsplit("-v", 1)[0]:
        raise UsageError(f"{names[0]} plays {old.ruleset}, {names[1]} plays {new.ruleset}: "
                         f"nothing to compare")
    by_label = {b.label: b for b in new.batches}
    shared = [(b, by_label[b.label]) for b in old.batches if b.label in by_label]
    if not shared:
        raise UsageError(f"{names[0]} and {names[1]} share no batch (their variants: "
                         f"{', '.join(repr(b.label) for b in old.batches)} and "
                         f"{', '.join(repr(b.label) for b in new.batches)})")
    for a, b in shared:
        if a.seed != b.seed:
            raise UsageError(f"batch {a.label or '(the only one)'!r}: {names[0]} has seed "
                             f"{a.seed}, {names[1]} seed {b.seed}; compare needs the same "
                             f"seeds")
    wins = [Wins.of(batch, side) for pair in shared for batch in pair]
    rates = [Summary.of(batch.results, side).outcomes["win"] for pair in shared
             for batch in pair]
    return side, moved_cells([a.label for a, _ in shared], wins, rates, side, threshold)
