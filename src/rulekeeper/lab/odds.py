"""How an odds answer (:class:`rulekeeper.core.odds.Odds`) is shown: Rich tables.

Exact probabilities are shown with their fraction, estimated ones with their 95%
interval; a long distribution of whole numbers in ranges.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rulekeeper.core.odds import Odds, Probability


def render(odds: Odds) -> Group:
    """The answer as tables: outcomes, then each distribution, the means and the notes.

    A long distribution of whole numbers is shown in ranges of about 5% each (``--json``
    lists every value), and an exact fraction whose denominator passes 10**9 as a
    decimal approximation.
    """
    parts: list[RenderableType] = []
    table = Table("outcome", "probability", "exact / 95% interval", title=odds.title)
    for name, p in odds.outcomes.items():
        detail = (_exact(p) if isinstance(p, Fraction) else
                  "{:.1%} – {:.1%}".format(*odds.intervals[name]) if name in odds.intervals
                  else "")
        table.add_row(name, f"{float(p):.2%}", detail)
    if odds.outcomes:
        parts.append(table)
    for name, dist in odds.distributions.items():
        rows = _ranges(dist)
        shown = Table(name, "probability", title=f"distribution of {name}")
        for label, p in rows:
            shown.add_row(label, f"{float(p):.2%}")
        parts.append(shown)
        if len(rows) < len(dist):
            parts.append(Text(f"{len(dist)} values in {len(rows)} ranges; --json lists each "
                              f"value", style="dim"))
    parts += [Text(f"mean {name}: {mean:.3f}") for name, mean in odds.means.items()]
    parts += [Text(note, style="dim") for note in odds.notes]
    return Group(*parts)


LARGEST_SHOWN_DENOMINATOR = 10**9
"""Past this denominator, an exact fraction is shown as a decimal approximation."""
MOST_ROWS = 30
"""A distribution of more values than this is shown in ranges."""
RANGES = 20
"""About how many ranges a long distribution is shown in (each holds about 1/RANGES)."""


def _exact(p: Fraction) -> str:
    """A fraction as ``n/d``, or as ``≈ 0.0123456789`` when ``d`` is too long to read;
    never and always as ``0`` and ``1``.

    >>> _exact(Fraction(1, 3)), _exact(Fraction(1, 3**40)), _exact(Fraction(0)), _exact(Fraction(1))
    ('1/3', '≈ 8.22526334e-20', '0', '1')
    """
    if p.denominator == 1:
        return str(p.numerator)
    if p.denominator > LARGEST_SHOWN_DENOMINATOR:
        return f"≈ {float(p):.9g}"
    return f"{p.numerator}/{p.denominator}"


def _ranges(dist: Mapping[Any, Probability]) -> list[tuple[str, Probability]]:
    """The rows of a distribution: one per value; or, for more than :data:`MOST_ROWS` whole
    numbers in increasing order, ranges of consecutive values of about 1/:data:`RANGES` of
    the probability each (a value that alone holds that much keeps a row of its own).

    >>> _ranges({0: 0.5, 1: 0.5})
    [('0', 0.5), ('1', 0.5)]
    >>> [label for label, _ in _ranges({v: 0.01 for v in range(100)})][:2]
    ['0–4', '5–9']
    """
    values = list(dist)
    whole = all(isinstance(v, int) and not isinstance(v, bool) for v in values)
    if len(values) <= MOST_ROWS or not whole or values != sorted(values):
        return [(str(v), p) for v, p in dist.items()]
    share = sum(float(p) for p in dist.values()) / RANGES
    rows: list[tuple[str, Probability]] = []
    group: list[tuple[int, Probability]] = []
    for value, p in dist.items():
        if group and float(p) >= share:  # a value that alone holds a share keeps its own row
            rows.append(_range_row(group))
            group = []
        group.append((value, p))
        if sum(float(q) for _, q in group) >= share * (1 - 1e-9):
            rows.append(_range_row(group))
            group = []
    if group:
        rows.append(_range_row(group))
    return rows


def _range_row(group: list[tuple[int, Probability]]) -> tuple[str, Probability]:
    low, high = group[0][0], group[-1][0]
    total: Probability = sum(p for _, p in group)
    return (str(low) if low == high else f"{low}–{high}"), total
