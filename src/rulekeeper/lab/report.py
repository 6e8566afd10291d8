"""The HTML report of a results file: win rates, game length, impact, rulings.

One self-contained page (figures embedded as PNG): open it anywhere, mail it.
Sections:

- win rates of every variant, with intervals (and, for a sweep, which
  differences are significant; for a matchup, the matrix);
- the distribution of game length and how games ended;
- the means of the ruleset's metrics;
- the culprits: each fighter, hero or cryptid ranked from strongest to weakest by its
  measures (damage dealt, kills, objectives, survival...) with intervals, and, in a file
  ``rulekeeper culprits`` wrote, the win-rate change of one step down and up on its main
  stat (paired);
- the impact of each card, fighter or cryptid: the side's win rate in games where
  it was played, survived or was defeated, against games where it was not (entities
  in every game, or in none, are only counted);
- how sensitive results are to the rulings: each ruling option against the
  rulings in force, on the same seeds (from the file when it sweeps rulings,
  else from a short sweep the report runs).
"""

from __future__ import annotations

import base64
import html
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from rulekeeper import __version__
from rulekeeper.core import registry
from rulekeeper.core.entities import Measure
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.rulings import CoreRulings
from rulekeeper.lab import plots
from rulekeeper.lab.batch import GameResult
from rulekeeper.lab.run import Plan, Progress, run_batch
from rulekeeper.lab.stats import ALPHA, Estimate, association, wilson
from rulekeeper.lab.store import Batch, Run
from rulekeeper.lab.summary import ENTITY_PREFIXES, Summary, metric_names, outcome
from rulekeeper.lab.sweep import (
    Axis,
    Comparison,
    Variant,
    apply,
    by_first_axis,
    compare,
    value_text,
)

MAX_LINES = 8
MAX_IMPACT_BARS = 30
STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 76em; color: #222; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: .2em; }
table { border-collapse: collapse; margin: .8em 0; font-size: .92em; }
th, td { border: 1px solid #ddd; padding: .25em .6em; text-align: right; }
th { background: #f4f4f4; } td:first-child, th:first-child { text-align: left; }
.note { color: #666; } .yes { color: #0a6e2e; font-weight: bold; } img { max-width: 100%; }
.wide { overflow-x: auto; } td { overflow-wrap: normal; } .n { white-space: nowrap; }
"""


def _img(data: bytes, alt: str) -> str:
    encoded = base64.b64encode(data).decode()
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{encoded}">'


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A table in a box that scrolls sideways when it is wider than the page; its headers
    break after dots and underscores."""
    head = "".join(f"<th>{_wrap(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>"
                   for row in rows)
    return f"<div class='wide'><table><tr>{head}</tr>{body}</table></div>"


def _esc(text: Any) -> str:
    return html.escape(str(text))


def _wrap(text: str) -> str:
    """Escaped text that may break after its dots and underscores (long metric names).

    >>> _wrap("survived.left.yeti")
    'survived.<wbr>left.<wbr>yeti'
    """
    return re.sub(r"([._])", r"\1<wbr>", _esc(text))


def _nowrap(text: str) -> str:
    """A number with its interval, kept on one line."""
    return f"<span class='n'>{_esc(text)}</span>"


def _ratio(e: Estimate) -> str:
    def number(x: float) -> str:
        return "∞" if math.isinf(x) else f"{x:.3g}"

    return f"{number(e.value)} ({number(e.low)}–{number(e.high)})"


def _p(value: float) -> str:
    return f"{value:.3g}" if value >= 0.001 else "&lt;0.001"


def _label(batch: Batch) -> str:
    return batch.label or "all games"


@dataclass(frozen=True)
class Impact:
    """The side's win rate with and without one entity flag (``played.ogre``), and how they
    differ: the odds ratio with its interval, and the p of the test of the same statistic."""

    key: str
    with_: Estimate
    without: Estimate
    odds: Estimate
    p: float

    @property
    def difference(self) -> float:
        return self.with_.value - self.without.value


def impacts(results: Sequence[Any], side: str) -> tuple[list[Impact], list[str]]:
    """Every entity flag of the results that some games have and others not, the most
    telling first; and the flags set in every game, which say nothing of winning. A flag
    that mirrors one already kept (``defeated.X`` in exactly the games without
    ``survived.X``, when X plays every game) says the same and is left out: each entity
    once."""
    keys = sorted({k for r in results for k in r.metrics if k.startswith(ENTITY_PREFIXES)},
                  key=lambda k: (ENTITY_PREFIXES.index(k[:k.index(".") + 1]), k))
    won = [outcome(r.winner, side) == "win" for r in results]
    out, everywhere = [], []
    kept: set[tuple[bool, ...]] = set()
    for key in keys:
        flagged = [bool(r.metrics.get(key)) for r in results]
        n_with = sum(flagged)
        if n_with in (0, len(results)):
            everywhere.append(key)
            continue
        if tuple(flagged) in kept or tuple(not f for f in flagged) in kept:
            continue
        kept.add(tuple(flagged))
        wins_with = sum(w for w, f in zip(won, flagged, strict=True) if f)
        wins_without = sum(won) - wins_with
        n_without = len(results) - n_with
        odds, p = association(wins_with, n_with, wins_without, n_without)
        out.append(Impact(key, wilson(wins_with, n_with), wilson(wins_without, n_without),
                          odds, p))
    return sorted(out, key=lambda i: (i.p, -abs(i.difference), i.key)), everywhere


def _ranking(ruleset_id: str) -> Measure | None:
    """The measure the ruleset ranks its entities by (None when it is not registered here)."""
    try:
        return registry.load(ruleset_id).entities.ranking
    except RulekeeperError:
        return None


def ruling_variants(batch: Batch) -> list[Variant]:
    """The batch's spec, then one variant per other option of each ruling of the rules text
    (the engine's own rulings, such as the work budget, are left out)."""
    ruleset = registry.load(batch.spec.ruleset)
    in_force = dict(batch.spec.rulings)
    found = [Variant("rulings in force", {}, batch.spec)]
    for ruling in ruleset.rulings:
        if ruling in CoreRulings.declared:
            continue
        current = in_force.get(ruling.id, ruling.default)
        for option in ruling.options:
            if option != current:
                params = {f"ruling:{ruling.id}": option}
                found.append(Variant(f"{ruling.id}={option}", params, apply(batch.spec, params)))
    return found


def ruling_sweep(run: Run, games: int, plan: Plan | None = None,
                 progress: Progress | None = None) -> list[Batch]:
    """A short sweep of every ruling option around the first batch's rulings, same seeds.

    The rulings in force are the first batch's own: its first ``games`` games are those
    games (the same spec and seeds), taken from the file when it holds them all. Then a
    game of the file that did not consult a ruling is, as it is, that game under every
    other option of the ruling (:func:`to_play`): only the others are played. The
    progress counts every game, played or taken."""
    first = run.batches[0]
    kept = first_games(first, games)
    out = []
    for variant, indices in to_play(first, games):
        played = (run_batch(variant.spec, games, first.seed, plan, progress=progress,
                            only=indices) if indices else [])
        if progress is not None and len(indices) < games:
            progress(games - len(indices))
        out.append(Batch(variant.label, variant.params, variant.spec, first.seed,
                         merge(kept, played) if kept is not None else played))
    return out


def to_play(batch: Batch, games: int) -> list[tuple[Variant, list[int]]]:
    """Each ruling variant of the batch (:func:`ruling_variants`) with the games of
    ``0..games-1`` to play for it; the others are the file's games as they are.

    The rulings in force are the file's games when it holds the first ``games``. A game
    plays as the file's game of the same number until it first reads a ruling, so a
    variant that changes ruling R plays only the games of the file that consulted R
    (every game when the file does not say)."""
    kept = first_games(batch, games)
    found = ruling_variants(batch)
    if kept is None:
        return [(variant, list(range(games))) for variant in found]
    return [(found[0], []), *((variant, [r.game for r in kept if r.consulted is None
                                         or ruling_of(variant.params) in r.consulted])
                              for variant in found[1:])]


def ruling_of(params: dict[str, Any]) -> str:
    """The ruling a variant of :func:`ruling_variants` changes (its one parameter)."""
    (key,) = params
    return str(key).removeprefix("ruling:")


def merge(kept: Sequence[GameResult], played: Sequence[GameResult]) -> list[GameResult]:
    """The games ``played``, and the ``kept`` ones of the other numbers, in game order."""
    new = {r.game: r for r in played}
    return [new.get(r.game, r) for r in kept]


def consulted_in(first: Batch, batch: Batch) -> str:
    """In how many of the batch's games the rulings it changes from ``first`` were read
    ("—" for ``first`` itself, "unknown" when its results do not say)."""
    changed = {k.removeprefix("ruling:") for k, v in batch.params.items()
               if k.startswith("ruling:") and first.params.get(k) != v}
    if not changed or not batch.results:
        return "—"
    if any(r.consulted is None for r in batch.results):
        return "unknown"
    read = sum(bool(changed & r.consulted) for r in batch.results if r.consulted is not None)
    games = len(batch.results)
    return f"{read:,} of {games:,} ({read / games:.0%})"


def first_games(batch: Batch, games: int) -> list[GameResult] | None:
    """The batch's games 0 to ``games - 1``, in order (None unless it holds every one)."""
    kept = sorted((r for r in batch.results if r.game < games), key=lambda r: r.game)
    return kept if [r.game for r in kept] == list(range(games)) else None


def sweeps_rulings(run: Run) -> bool:
    """Whether the run's own variants change rulings."""
    return any(k.startswith("ruling:") for b in run.batches for k in b.params)


def _only_rulings_differ(first: Batch, other: Batch) -> bool:
    keys = set(first.params) | set(other.params)
    return all(first.params.get(k) == other.params.get(k) for k in keys
               if not k.startswith("ruling:"))


class Report:
    """Builds the page from a run (and, optionally, the report's own ruling sweep)."""

    def __init__(self, run: Run, side: str | None = None,
                 ruling_batches: Sequence[Batch] = ()) -> None:
        self.run = run
        self.side = side or run.side
        self.ruling_batches = list(ruling_batches)
        declared: list[str] = list(run.declared)
        self.summaries = [Summary.of(b.results, self.side, declared) for b in run.batches]

    def html(self) -> str:
        run = self.run
        title = f"{run.ruleset}: {run.kind} report"
        spec = run.batches[0].spec
        facts = _table(["", ""], [
            ["ruleset", _esc(run.ruleset)], ["games", f"{run.games:,}"],
            ["variants", str(len(run.batches))], ["seen from", _esc(self.side)],
            ["seats", _esc(", ".join(run.seats))], ["batch seed", str(run.batches[0].seed)],
            ["agents", _esc(",".join(spec.agents) or "the ruleset's default bot")],
            ["scenario", _esc(spec.scenario or "default")],
            ["rulings", _esc(", ".join(f"{k}={v}" for k, v in spec.rulings.items()) or "none")],
        ])
        sections = [self.win_rates(), self.length(), self.metrics(), self.culprits(),
                    self.impact(), self.rulings()]
        stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
        return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
                f"<title>{_esc(title)}</title><style>{STYLE}</style></head><body>"
                f"<h1>{_esc(title)}</h1>{facts}{''.join(sections)}"
                f"<p class='note'>rulekeeper {__version__}, {stamp}. Intervals are 95%: Wilson "
                f"for rates, Student's t for means. Differences between variants are paired "
                f"(same seeds): McNemar's exact test, Holm-adjusted, significant below "
                f"p = {ALPHA}, with the exact interval of the same family, Bonferroni-adjusted "
                f"when several comparisons are made together.</p></body></html>")

    def win_rates(self) -> str:
        batches, side = self.run.batches, self.side
        rows = [[_esc(_label(b)), f"{s.games:,}", s.outcomes["win"].percent(),
                 s.outcomes["tie"].percent(), s.outcomes["loss"].percent(),
                 _esc(", ".join(f"{w} {c}" for w, c in s.winners.items()))]
                for b, s in zip(batches, self.summaries, strict=True)]
        parts = [f"<h2>Win rates</h2><p>Seen from <b>{_esc(side)}</b>.</p>",
                 _table(["variant", "games", "win", "tie", "loss", "winners"], rows)]
        if len(batches) > 1 and self.run.kind == "sweep":
            comparisons = compare(batches, side, [(0, j) for j in range(1, len(batches))])
            parts.append(self.comparisons_table(comparisons, "against the first variant"))
            axes = [Axis(a["key"], tuple(a["values"])) for a in self.run.extra["axes"]]
            x, series = by_first_axis(axes, [s.outcomes["win"] for s in self.summaries])
            marks = [False, *(c.significant for c in comparisons)] if len(series) == 1 else []
            figure = plots.rates([value_text(v) for v in x], series,
                                 f"{side}'s win rate (* differs from the first)"
                                 if marks else f"{side}'s win rate", axes[0].key, x, marks)
        else:
            figure = plots.outcome_bars([_label(b) for b in batches],
                                        [s.outcomes for s in self.summaries],
                                        f"{side}'s outcomes")
        parts.append(_img(figure, "win rates"))
        if self.run.kind == "matchup":
            contenders = self.run.extra["contenders"]
            n = len(contenders)
            values = [[self.summaries[i * n + j].outcomes["win"].value for j in range(n)]
                      for i in range(n)]
            parts.append(_img(plots.heatmap(contenders, contenders, values,
                                            f"{side}'s (row's) win rate", f"{side} (row)",
                                            "opponent (column)"), "matchup matrix"))
        return "".join(parts)

    @staticmethod
    def comparisons_table(comparisons: Sequence[Comparison], what: str) -> str:
        rows = [[_esc(c.second), _esc(c.first),
                 f"{c.difference.value:+.1%} ({c.difference.low:+.1%} to "
                 f"{c.difference.high:+.1%})", _p(c.p), _p(c.adjusted),
                 "<span class='yes'>yes</span>" if c.significant else "no"]
                for c in comparisons]
        level = f"{100 * comparisons[0].confidence:.4g}%" if comparisons else "95%"
        return (f"<p>Paired differences in win rate, {what}:</p>" +
                _table(["variant", "against", f"difference ({level})", "p", "p (Holm)",
                        "significant"], rows))

    def length(self) -> str:
        shown = self.run.batches[:MAX_LINES]
        samples = {_label(b): [float(r.rounds) for r in b.results] for b in shown}
        rows = [[_esc(_label(b)), s.means["rounds"].number(), str(min(r.rounds for r in
                                                                       b.results)),
                 str(max(r.rounds for r in b.results)),
                 _esc(", ".join(f"{k} {v}" for k, v in s.reasons.items()))]
                for b, s in zip(self.run.batches, self.summaries, strict=True) if b.results]
        more = (f"<p class='note'>The figure shows the first {MAX_LINES} variants.</p>"
                if len(self.run.batches) > MAX_LINES else "")
        return ("<h2>Game length</h2>" + _table(["variant", "mean rounds", "min", "max",
                                                 "end reasons"], rows) + more +
                _img(plots.histogram(samples, "rounds per game", "rounds"), "game length"))

    def metrics(self) -> str:
        names = ["decisions", *metric_names([r for b in self.run.batches for r in b.results],
                                            self.run.declared)]
        rows = [[_esc(_label(b)), *[s.means[n].number() if n in s.means else "" for n in names]]
                for b, s in zip(self.run.batches, self.summaries, strict=True)]
        return ("<h2>Metrics</h2><p>Means per game with 95% intervals.</p>" +
                _table(["variant", *names], rows))

    def culprits(self) -> str:
        from rulekeeper.lab.culprits import (
            change_text,
            from_batches,
            mean_text,
            measured,
            step_text,
        )

        head = "<h2>Culprits: the strongest and the weakest</h2>"
        ranking = _ranking(self.run.ruleset)
        standings, found = from_batches(self.run.batches, self.run.extra, ranking)
        if not standings:
            return head + ("<p class='note'>These results carry no per-entity measures "
                           "(<code>entity.&lt;side&gt;.&lt;id&gt;.&lt;measure&gt;</code>): "
                           "the ruleset declares none.</p>")
        measures = measured(standings)
        rows = [[str(rank), _esc(s.entity), _esc(s.side), f"{s.games:,}",
                 *(_nowrap(mean_text(m, s.means.get(m))) for m in measures),
                 _nowrap(mean_text(Measure.SURVIVED, s.win))]
                for rank, s in enumerate(standings, 1)]
        by = f" by {ranking.text}" if ranking is not None else ""
        first = (f" Measured in the first variant ({_esc(_label(self.run.batches[0]))})."
                 if len(self.run.batches) > 1 else "")
        parts = [head, f"<p>Each entity once, strongest first{by}: the mean of each measure "
                       f"per game it played, with its 95% interval, and its side's win rate "
                       f"in those games.{first}</p>",
                 _table(["#", "entity", "side", "games", *(m.text for m in measures),
                         "side's win"], rows)]
        if found:
            games = self.run.extra.get("ablation_games", "")
            rows = [[_esc(f"{a.knob.entity} ({a.knob.side})"), _esc(a.knob.stat),
                     step_text(a.knob, a.knob.down), _nowrap(change_text(a.down)),
                     step_text(a.knob, a.knob.up), _nowrap(change_text(a.up))]
                    for a in found]
            parts += [f"<p>Ablation: the first {games} games played again with each entity's "
                      f"main stat one step down and one step up (same seeds); the change in "
                      f"its side's win rate, in points, against the games as given, with its "
                      f"paired interval (Bonferroni over the {2 * len(found)} changes; * "
                      f"significant after Holm's adjustment).</p>",
                      _table(["entity", "main stat", "one step down", "win change",
                              "one step up", "win change"], rows)]
        elif self.run.kind != "culprits":
            parts.append("<p class='note'>No ablation in this file: <code>rulekeeper culprits"
                         "</code> plays one (each entity's main stat one step down and up).</p>")
        if self.run.extra.get("note"):
            parts.append(f"<p class='note'>{_esc(self.run.extra['note'])}</p>")
        return "".join(parts)

    def impact(self) -> str:
        # A culprits file's other batches change the content: only the batch as given counts.
        batches = self.run.batches[:1] if self.run.kind == "culprits" else self.run.batches
        results = [r for b in batches for r in b.results]
        found, everywhere = impacts(results, self.side)
        head = "<h2>Impact of each card, fighter or cryptid</h2>"
        are = "entity is" if len(everywhere) == 1 else "entities are"
        named = ", ".join(everywhere[:12]) + (", ..." if len(everywhere) > 12 else "")
        constant = (f"<p class='note'>{len(everywhere)} more {are} in every game or in none "
                    f"(nothing to compare here; the culprits above measure them): "
                    f"{_esc(named)}.</p>" if everywhere else "")
        if not found:
            return (head + "<p class='note'>These results carry no per-entity metrics that "
                    "differ between games (<code>played.&lt;id&gt;</code>, "
                    "<code>survived.&lt;id&gt;</code>, <code>defeated.&lt;id&gt;</code>).</p>"
                    + constant)
        pooled = (" Pooled over all variants." if len(batches) > 1 else "")
        rows = [[_wrap(i.key), f"{i.with_.n:,}", i.with_.percent(), i.without.percent(),
                 f"{i.difference:+.1%}", _ratio(i.odds), _p(i.p),
                 "<span class='yes'>yes</span>" if i.p < ALPHA else "no"] for i in found]
        top = found[:MAX_IMPACT_BARS]
        return (head + f"<p>{_esc(self.side)}'s win rate in the games where the entity was "
                f"played, survived or was defeated, against the games where it was not; the "
                f"odds ratio (above 1: more wins with it) with its 95% logit interval, and the "
                f"Wald test of the same log odds ratio, so an interval without 1 goes with "
                f"p &lt; 0.05 (not adjusted for the number of entities).{pooled}</p>"
                + constant
                + _img(plots.ratios([i.key for i in top], [i.odds for i in top],
                                    f"odds of {self.side} winning with over without",
                                    "odds ratio (95% interval, log scale)"), "impact")
                + _table(["entity", "games with", "win with", "win without", "difference",
                          "odds ratio (95%)", "p", "p < 0.05"], rows))

    def rulings(self) -> str:
        head = "<h2>Sensitivity to the rulings</h2>"
        if sweeps_rulings(self.run):
            first = self.run.batches[0]
            batches = [first, *(b for b in self.run.batches[1:] if _only_rulings_differ(first, b))]
            what = "the variants of this file that differ from the first only by rulings"
        elif self.ruling_batches:
            batches = self.ruling_batches
            what = (f"a sweep the report ran: {len(batches[0].results):,} games per option, "
                    f"the file's seed")
        else:
            return head + ("<p class='note'>Not measured: the file sweeps no ruling and the "
                           "report ran none (the ruleset declares no ruling, is not registered "
                           "here, or --ruling-games was 0).</p>")
        comparisons = compare(batches, self.side, [(0, j) for j in range(1, len(batches))])
        summaries = [Summary.of(b.results, self.side) for b in batches]
        rows = [[_esc(b.label), s.outcomes["win"].percent(), s.outcomes["tie"].percent(),
                 s.means["rounds"].number(), consulted_in(batches[0], b)]
                for b, s in zip(batches, summaries, strict=True)]
        return (head + f"<p>Each ruling option against {_esc(batches[0].label)}, from {what}. "
                "A game that never read a ruling plays the same under all its options (same "
                "seed and content): only the games that consulted it can differ.</p>"
                + _table(["variant", "win", "tie", "mean rounds", "games that consulted the "
                          "ruling"], rows)
                + self.comparisons_table(comparisons, f"against {batches[0].label}")
                + _img(plots.differences([c.second for c in comparisons],
                                         [c.difference for c in comparisons],
                                         "effect of each ruling option on the win rate",
                                         f"difference in {self.side}'s win rate"), "rulings"))
