"""The lab's figures (matplotlib, drawn off-screen with Agg), as PNG bytes.

A figure's own words (its axes, its legend) and its numbers are in English, or in the language
of the ``words`` it is given (:class:`~rulekeeper.lab.report_words.Words`: the report's).
"""

from __future__ import annotations

import io
import math
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from matplotlib.axis import Axis
from matplotlib.colors import LinearSegmentedColormap
from matplotlib.figure import Figure
from matplotlib.ticker import ScalarFormatter

from rulekeeper.lab.report_words import Words
from rulekeeper.lab.stats import Estimate

WIDTH = 7.5
HEAT = ("#b3261e", "#1f4e9c")
"""A heat map's ends: red where the row always loses (0), blue where it always wins (1), the
colours of /lab's heat map (``lab.js``). Red against blue, not red against green: a reader
who cannot tell red from green (one man in twelve) still tells them apart, by hue and by
how dark each cell is."""
OUTCOME_COLOURS = {"win": HEAT[1], "tie": "#9e9e9e", "loss": HEAT[0]}
"""A win is the heat map's blue, a loss its red, a tie grey: told apart by a reader who
cannot tell red from green, as the heat map's ends are."""
OUTCOME_HATCHES = {"win": "", "tie": "..", "loss": "//"}
"""And apart without colour at all (printed in grey, say): a tie dotted, a loss hatched; each
bar also says its rate."""
ENGLISH = Words()
"""A figure's words and numbers by default: English."""


def png(figure: Figure) -> bytes:
    """The figure as PNG bytes."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    return buffer.getvalue()


class _Said(ScalarFormatter):
    """An axis's numbers as a language writes them (``0,25``)."""

    def __init__(self, words: Words) -> None:
        super().__init__()
        self.words = words

    def __call__(self, x: float, pos: int | None = None) -> str:
        return self.words.number(super().__call__(x, pos))


def _numbers(axis: Axis, words: Words) -> None:
    """Write the numbers of ``axis`` in the language of ``words`` (English: as they are)."""
    if words.lang != "en":
        axis.set_major_formatter(_Said(words))


def _errors(estimates: Sequence[Estimate]) -> list[list[float]]:
    """Error bar lengths below and above each value."""
    return [[max(0.0, e.value - e.low) for e in estimates],
            [max(0.0, e.high - e.value) for e in estimates]]


def _numeric(values: Sequence[Any]) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)


def rates(labels: Sequence[str], series: Mapping[str, Sequence[Estimate]], title: str,
          xlabel: str = "", x: Sequence[Any] | None = None,
          marks: Sequence[bool] = (), words: Words = ENGLISH) -> bytes:
    """Rates with their 95% intervals, one line per series (e.g. win, tie, loss).

    ``x``: numeric values put the points on a numeric axis (a parameter sweep);
    otherwise they are spaced evenly and labelled. ``marks`` stars the points
    whose difference from the first is significant.
    """
    figure = Figure(figsize=(WIDTH, 4.2))
    axes = figure.subplots()
    numeric = x is not None and _numeric(x)
    positions = [float(v) for v in x] if numeric and x is not None else list(range(len(labels)))
    for name, estimates in series.items():
        values = [e.value for e in estimates]
        axes.errorbar(positions, values, yerr=_errors(estimates), marker="o", capsize=4,
                      label=words.word(name))
    first = next(iter(series.values()), [])
    for position, estimate, mark in zip(positions, first, marks, strict=False):
        if mark:
            axes.annotate("*", (position, estimate.high), ha="center", fontsize=14)
    if numeric:
        axes.set_xticks(positions, labels)
    else:
        axes.set_xticks(positions, labels, rotation=30 if len(labels) > 3 else 0, ha="right"
                        if len(labels) > 3 else "center")
    axes.set_ylim(0, 1.05)
    axes.set_ylabel(words.word("share of games (95% interval)"))
    _numbers(axes.yaxis, words)
    if numeric:
        _numbers(axes.xaxis, words)
    axes.set_xlabel(xlabel)
    axes.set_title(title)
    axes.grid(alpha=0.3)
    axes.legend()
    return png(figure)


def outcome_bars(labels: Sequence[str], outcomes: Sequence[Mapping[str, Estimate]],
                 title: str, words: Words = ENGLISH) -> bytes:
    """Win, tie and loss of each variant as grouped bars with 95% intervals."""
    return png(outcome_figure(labels, outcomes, title, words))


def outcome_figure(labels: Sequence[str], outcomes: Sequence[Mapping[str, Estimate]],
                   title: str, words: Words = ENGLISH) -> Figure:
    """:func:`outcome_bars`' figure: a win blue, a tie grey and dotted, a loss red and
    hatched (:data:`OUTCOME_COLOURS`, :data:`OUTCOME_HATCHES`), each bar's rate written
    above its interval."""
    figure = Figure(figsize=(WIDTH, 3.2 + 0.15 * len(labels)))
    axes = figure.subplots()
    width = 0.8 / 3
    small = len(labels) > 4  # many bars: their rates in a smaller hand
    for k, name in enumerate(("win", "tie", "loss")):
        estimates = [o[name] for o in outcomes]
        positions = [i + (k - 1) * width for i in range(len(labels))]
        axes.bar(positions, [e.value for e in estimates], width, yerr=_errors(estimates),
                 capsize=3, label=words.word(name), color=OUTCOME_COLOURS[name],
                 hatch=OUTCOME_HATCHES[name], edgecolor="white", linewidth=0)
        for position, e in zip(positions, estimates, strict=True):
            axes.text(position, min(e.high, 1.0) + 0.015, words.number(f"{e.value:.0%}"),
                      ha="center", va="bottom", fontsize=6 if small else 8)
    axes.set_xticks(range(len(labels)), labels, rotation=30 if len(labels) > 3 else 0,
                    ha="right" if len(labels) > 3 else "center")
    axes.set_ylim(0, 1.12)
    axes.set_yticks([0, 0.25, 0.5, 0.75, 1])
    axes.set_ylabel(words.word("share of games (95% interval)"))
    _numbers(axes.yaxis, words)
    axes.set_title(title)
    axes.grid(alpha=0.3, axis="y")
    axes.legend(loc="center left", bbox_to_anchor=(1.0, 0.5))  # beside: it hides no bar
    return figure


def histogram(samples: Mapping[str, Sequence[float]], title: str, xlabel: str,
              words: Words = ENGLISH) -> bytes:
    """Distributions of whole numbers (e.g. rounds), one outline per sample."""
    figure = Figure(figsize=(WIDTH, 3.8))
    axes = figure.subplots()
    values = [v for sample in samples.values() for v in sample]
    low, high = (min(values), max(values)) if values else (0, 1)
    bins = [b - 0.5 for b in range(math.floor(low), math.ceil(high) + 2)]
    for name, sample in samples.items():
        axes.hist(sample, bins=bins, histtype="step" if len(samples) > 1 else "bar",
                  density=True, label=name or None, linewidth=1.5)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(words.word("share of games"))
    _numbers(axes.xaxis, words)
    _numbers(axes.yaxis, words)
    axes.set_title(title)
    if len(samples) > 1:
        axes.legend(fontsize="small")
    return png(figure)


def differences(labels: Sequence[str], estimates: Sequence[Estimate], title: str,
                xlabel: str, words: Words = ENGLISH) -> bytes:
    """Horizontal differences with 95% intervals around 0 (impact, ruling effects); a long
    label (a ruling's question and option) wrapped on lines of 48 characters."""
    labels = [textwrap.fill(label, 48) for label in labels]
    lines = sum(label.count("\n") for label in labels)
    figure = Figure(figsize=(WIDTH, 0.9 + 0.32 * max(1, len(labels)) + 0.16 * lines))
    axes = figure.subplots()
    positions = list(range(len(labels)))[::-1]
    values = [e.value for e in estimates]
    axes.errorbar(values, positions, xerr=_errors(estimates), fmt="o", capsize=3)
    axes.axvline(0, color="grey", linewidth=1)
    _numbers(axes.xaxis, words)
    axes.set_yticks(positions, labels)
    axes.set_xlabel(xlabel)
    axes.set_title(title)
    axes.grid(alpha=0.3, axis="x")
    return png(figure)


def ratios(labels: Sequence[str], estimates: Sequence[Estimate], title: str,
           xlabel: str) -> bytes:
    """Horizontal ratios with 95% intervals around 1, on a log scale (an end at 0 or at
    infinity is drawn at the edge of the axis, with an arrow)."""
    figure = Figure(figsize=(WIDTH, 0.9 + 0.32 * max(1, len(labels))))
    axes = figure.subplots()
    finite = [x for e in estimates for x in (e.value, e.low, e.high)
              if 0 < x < math.inf and not math.isnan(x)] or [1.0]
    low, high = min(min(finite), 0.5) / 2, max(max(finite), 2.0) * 2
    positions = list(range(len(labels)))[::-1]
    for position, e in zip(positions, estimates, strict=True):
        left, right = max(e.low, low), min(e.high, high)
        value = min(max(e.value, low), high) if not math.isnan(e.value) else 1.0
        axes.plot([left, right], [position, position], color="C0")
        axes.plot([value], [position], "o", color="C0")
        for end, edge, marker in ((e.low, low, "<"), (e.high, high, ">")):
            if end <= low or end >= high:
                axes.plot([edge], [position], marker, color="C0")
    axes.axvline(1, color="grey", linewidth=1)
    axes.set_xscale("log")
    axes.set_xlim(low, high)
    axes.set_yticks(positions, labels)
    axes.set_xlabel(xlabel)
    axes.set_title(title)
    axes.grid(alpha=0.3, axis="x")
    return png(figure)


def heatmap(rows: Sequence[str], columns: Sequence[str], values: Sequence[Sequence[float]],
            title: str, row_label: str, column_label: str, words: Words = ENGLISH) -> bytes:
    """A matrix of rates from 0 to 1, each cell written out, from red (0) to blue (1)."""
    figure = Figure(figsize=(1.6 + 0.9 * len(columns), 1.2 + 0.6 * len(rows)))
    axes = figure.subplots()
    colours = LinearSegmentedColormap.from_list("row-win-rate", HEAT)
    image = axes.imshow(values, vmin=0, vmax=1, cmap=colours, aspect="auto")
    for i, row in enumerate(values):
        for j, value in enumerate(row):
            axes.text(j, i, words.number(f"{value:.0%}"), ha="center", va="center",
                      fontsize=9, color="white")
    axes.set_xticks(range(len(columns)), columns, rotation=30, ha="right")
    axes.set_yticks(range(len(rows)), rows)
    axes.set_xlabel(column_label)
    axes.set_ylabel(row_label)
    axes.set_title(title)
    bar = figure.colorbar(image, ax=axes, label=words.word("row's win rate"))
    _numbers(bar.ax.yaxis, words)
    return png(figure)
