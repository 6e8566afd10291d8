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

It is written in English or in French (``Report(..., lang="fr")``): its words and numbers come
from :mod:`rulekeeper.lab.report_words` and its catalog.
"""

from __future__ import annotations

import base64
import html
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from rulekeeper import __version__
from rulekeeper.core import registry
from rulekeeper.core.entities import Measure
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.rulings import CoreRulings
from rulekeeper.lab import plots
from rulekeeper.lab.batch import GameResult
from rulekeeper.lab.culprits import Knob
from rulekeeper.lab.names import RulesetWords, contender_name, entity_names
from rulekeeper.lab.report_words import Words
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
KIND_NOUNS = {"simulate": "simulation", "tune": "tuning", "compare": "comparison"}
"""The kinds of results file named by a command's verb, as a report's title says them
(*simulation report*, not *simulate report*); the others are nouns already."""
MAX_IMPACT_BARS = 30
STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 76em; color: #222; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: .2em; }
table { border-collapse: collapse; margin: .8em 0; font-size: .92em; }
th, td { border: 1px solid #ddd; padding: .25em .6em; text-align: right; }
th { background: #f4f4f4; } td:first-child, th:first-child { text-align: left; }
.note { color: #666; } .yes { color: #0a6e2e; font-weight: bold; } img { max-width: 100%; }
.wide { overflow-x: auto; } td { overflow-wrap: normal; } .n { white-space: nowrap; }
.facts td { text-align: left; }
"""


def _img(data: bytes, alt: str) -> str:
    encoded = base64.b64encode(data).decode()
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{encoded}">'


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]], css: str = "") -> str:
    """A table in a box that scrolls sideways when it is wider than the page; its headers
    break after dots and underscores (a table whose headers are all empty, the facts of the
    page, has no header row: it drew an empty grey band)."""
    head = "".join(f"<th>{_wrap(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>"
                   for row in rows)
    heading = f"<tr>{head}</tr>" if any(header) else ""
    table = f"<table class='{css}'>" if css else "<table>"
    return f"<div class='wide'>{table}{heading}{body}</table></div>"


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


def _label(batch: Batch, words: Words) -> str:
    """The batch's label ("all games" when it has none), as the report's language says it."""
    return words.word(batch.label) if batch.label else words.plain("all-games")


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


def consulted_in(first: Batch, batch: Batch, words: Words | None = None) -> str:
    """In how many of the batch's games the rulings it changes from ``first`` were read
    ("—" for ``first`` itself, "unknown" when its results do not say), in the words of
    ``words`` (English by default)."""
    words = words or Words()
    changed = {k.removeprefix("ruling:") for k, v in batch.params.items()
               if k.startswith("ruling:") and first.params.get(k) != v}
    if not changed or not batch.results:
        return "—"
    if any(r.consulted is None for r in batch.results):
        return words("unknown")
    read = sum(bool(changed & r.consulted) for r in batch.results if r.consulted is not None)
    games = len(batch.results)
    return words("read-of", read=words.number(f"{read:,}"), games=words.number(f"{games:,}"),
                 share=words.number(f"{read / games:.0%}"))


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


def report_title(ruleset: str, kind: str, say: Words) -> str:
    """A report's title: its ruleset's title (:attr:`RulesetWords.title`, not its id) and its
    kind of results file, as a noun.

    >>> report_title("Cryptids: battle", "simulate", Words("en"))
    'Cryptids: battle — simulation report'
    """
    return say.plain("title", ruleset=ruleset, kind=say.word(KIND_NOUNS.get(kind, kind)))


class Report:
    """Builds the page from a run (and, optionally, the report's own ruling sweep), in
    ``lang`` (one of :data:`~rulekeeper.lab.report_words.LANGUAGES`; English by default)."""

    def __init__(self, run: Run, side: str | None = None,
                 ruling_batches: Sequence[Batch] = (), lang: str = "en") -> None:
        self.run = run
        self.side = side or run.side
        self.ruling_batches = list(ruling_batches)
        self.lang = lang
        self.words = Words(lang)
        declared: list[str] = list(run.declared)
        self.summaries = [Summary.of(b.results, self.side, declared) for b in run.batches]
        self.names = entity_names(run.batches[0].spec, lang) if run.batches else {}
        self.said = RulesetWords.of(run.ruleset, lang)
        self.knobs = [Knob.from_json(k) for k in run.extra.get("knobs", ())] \
            if run.kind == "culprits" else []

    def label(self, batch: Batch) -> str:
        """A batch's label in the report's language: a culprits step's (``bigfoot hp
        12→11``) by its entity's name and its stat's words (``le Bigfoot PV 12→11``), a
        ruling variant's by the rulings' words (:meth:`rulings_changed`), any other as
        :func:`_label` says it."""
        for knob in self.knobs:
            for value in (knob.down, knob.up):
                if value is not None and batch.label == knob.label(value):
                    stat = self.said.id(knob.stat)
                    return f"{self.named(knob.entity)} {stat} {knob.value}→{value}"
        return self.rulings_changed(batch) or self.cell(batch) or _label(batch, self.words)

    def cell(self, batch: Batch) -> str:
        """A matchup's or a comparison's batch in words: its contenders by their names
        (``french-legends vs backwoods``: *French Legends vs American Backwoods*, *Légendes
        de France contre Forêts d'Amérique*; ``shroud:countess``: *The Shroud · The
        Countess*, as /lab's tables name them), a comparison's side of it as *old* or
        *new*; ``""`` for a batch of another question."""
        if self.run.kind not in ("matchup", "compare"):
            return ""
        which = str(batch.params.get("compare", "")) if self.run.kind == "compare" else ""
        label = batch.label.removeprefix(f"{which}: ") if which else batch.label
        row, vs, column = label.partition(" vs ")
        cell = self.words.plain("cell", row=contender_name(row, self.names),
                                column=contender_name(column, self.names)) if vs else ""
        if which not in ("old", "new"):
            return cell
        return (self.words.plain(f"compare.{which}-cell", cell=cell) if cell and label != which
                else self.words.plain(f"compare.{which}"))

    def rulings_changed(self, batch: Batch) -> str:
        """A ruling variant's label in words: each ruling it changes by its question and
        its option's label (*Which faces does the Action die have? six faces*, not
        ``action-die=six-faces``), as the rulings in force are listed; a batch that changes
        something else too, or nothing (the rulings in force), is not one: ``""``."""
        rulings = {key.partition(":")[2]: value for key, value in batch.params.items()
                   if key.startswith("ruling:")}
        if not rulings or len(rulings) < len(batch.params):
            return ""
        return ", ".join(" ".join(self.said.ruling(ruling, str(option)))
                         for ruling, option in rulings.items())

    def named(self, item: str) -> str:
        """An item of the content (a fighter, a cryptid, a team) by its name, else its id."""
        return self.names.get(item, item)

    def flag(self, key: str) -> str:
        """An impact flag in words, its entity by its name (``survived.kramer``: *Dr. Kramer
        survived*; ``survived.red.butcher``: *Butcher (red) survived*), as the culprits are
        named; a key of another shape as it is."""
        kind, _, rest = key.partition(".")
        if kind not in ("played", "survived", "defeated") or not rest:
            return key
        side, _, item = rest.rpartition(".")
        entity = f"{self.named(item)} ({self.said.side(side)})" if side else self.named(item)
        return self.words.plain(f"flag.{kind}", entity=entity)

    def count(self, n: int) -> str:
        """A count of games (``1,234``) as the report's language writes it."""
        return self.words.number(f"{n:,}")

    def rate(self, e: Estimate) -> str:
        """A rate with its interval (``52.0% (48.1–55.9)``) in the report's language."""
        return self.words.number(e.percent())

    def mean(self, e: Estimate) -> str:
        """A mean with its interval (``3.25 (3.10–3.40)``) in the report's language."""
        return self.words.number(e.number())

    def change(self, change: Comparison | None) -> str:
        """A win-rate change in points with its interval, ``*`` when significant (as
        :func:`~rulekeeper.lab.culprits.change_text`, in the report's language)."""
        if change is None:
            return "-"
        say, d = self.words, change.difference

        def points(x: float) -> str:
            return say.number(f"{100 * x:+.1f}")

        star = " *" if change.significant else ""
        return f"{points(d.value)} ({say('from-to', low=points(d.low), high=points(d.high))}){star}"

    def html(self) -> str:
        run, say = self.run, self.words
        title = report_title(self.said.title, run.kind, say)
        spec = run.batches[0].spec
        facts = _table(["", ""], [
            [say("fact.ruleset"), _esc(run.ruleset)], [say("fact.games"), self.count(run.games)],
            [say("fact.variants"), str(len(run.batches))],
            [say("fact.side"), _esc(self.said.side(self.side))],
            [say("fact.seats"), _esc(", ".join(map(self.said.side, run.seats)))],
            [say("fact.seed"), str(run.batches[0].seed)],
            [say("fact.agents"), _esc(",".join(spec.agents)) or say("fact.default-bot")],
            [say("fact.scenario"), _esc(spec.scenario) if spec.scenario else say("fact.default")],
            [say("fact.rulings"), self.rulings_in(spec.rulings) or say("fact.none")],
        ], "facts")
        sections = [self.win_rates(), self.length(), self.metrics(), self.culprits(),
                    self.impact(), self.rulings()]
        stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
        footer = say("footer", version=__version__, stamp=stamp, alpha=say.number(str(ALPHA)))
        return (f"<!DOCTYPE html><html lang='{_esc(self.lang)}'><head><meta charset='utf-8'>"
                f"<title>{_esc(title)}</title><style>{STYLE}</style></head><body>"
                f"<h1>{_esc(title)}</h1>{facts}{''.join(sections)}"
                f"<p class='note'>{footer}</p></body></html>")

    def rulings_in(self, rulings: Mapping[str, str]) -> str:
        """The rulings of a batch, one a line: each ruling's question and its option's
        label, as the ruleset words them (:meth:`RulesetWords.ruling`)."""
        said = (self.said.ruling(ruling, option) for ruling, option in rulings.items())
        return "<br>".join(f"{_esc(question)} <b>{_esc(label)}</b>" for question, label in said)

    def win_rates(self) -> str:
        batches, side, say = self.run.batches, self.said.side(self.side), self.words
        rows = [[_esc(self.label(b)), self.count(s.games), self.rate(s.outcomes["win"]),
                 self.rate(s.outcomes["tie"]), self.rate(s.outcomes["loss"]),
                 _esc(", ".join(f"{self.said.side(w)} {self.count(c)}"
                                for w, c in s.winners.items()))]
                for b, s in zip(batches, self.summaries, strict=True)]
        parts = [f"<h2>{say('win-rates')}</h2><p>{say('seen-from', side=side)}</p>",
                 _table([say.plain(k) for k in ("variant", "games", "win", "tie", "loss",
                                                "winners")], rows)]
        if len(batches) > 1 and self.run.kind == "sweep":
            comparisons = compare([replace(b, label=self.label(b)) for b in batches], self.side,
                                  [(0, j) for j in range(1, len(batches))])
            parts.append(self.comparisons_table(comparisons, say.plain("against-first")))
            axes = [Axis(a["key"], tuple(a["values"])) for a in self.run.extra["axes"]]
            x, series = by_first_axis(axes, [s.outcomes["win"] for s in self.summaries])
            marks = [False, *(c.significant for c in comparisons)] if len(series) == 1 else []
            ticks, name = [value_text(v) for v in x], axes[0].key
            if axes[0].kind == "ruling":  # its question, and its options' labels
                said = [self.said.ruling(axes[0].name, tick) for tick in ticks]
                name, ticks = said[0][0], [label for _, label in said]
            figure = plots.rates(ticks, series, say.plain("win-rate-marked", side=side)
                                 if marks else say.plain("win-rate", side=side),
                                 name, x, marks, say)
        else:
            figure = plots.outcome_bars([self.label(b) for b in batches],
                                        [s.outcomes for s in self.summaries],
                                        say.plain("outcomes", side=side), say)
        parts.append(_img(figure, say.plain("win-rates")))
        if self.run.kind == "matchup":
            contenders = [contender_name(c, self.names)
                          for c in self.run.extra["contenders"]]
            n = len(contenders)
            values = [[self.summaries[i * n + j].outcomes["win"].value for j in range(n)]
                      for i in range(n)]
            parts.append(_img(plots.heatmap(contenders, contenders, values,
                                            say.plain("row-win-rate", side=side),
                                            say.plain("row", side=side), say.plain("column"),
                                            say),
                              say.plain("matchup-matrix")))
        return "".join(parts)

    def comparisons_table(self, comparisons: Sequence[Comparison], what: str) -> str:
        say = self.words

        def points(x: float) -> str:
            return say.number(f"{x:+.1%}")

        rows = [[_esc(say.word(c.second)), _esc(say.word(c.first)),
                 f"{points(c.difference.value)} ("
                 f"{say('from-to', low=points(c.difference.low), high=points(c.difference.high))})",
                 say.number(_p(c.p)), say.number(_p(c.adjusted)),
                 f"<span class='yes'>{say('yes')}</span>" if c.significant else say("no")]
                for c in comparisons]
        level = say.number(f"{100 * comparisons[0].confidence:.4g}%" if comparisons else "95%")
        return (f"<p>{say('paired', what=what)}</p>" +
                _table([say.plain("variant"), say.plain("against"),
                        say.plain("difference-level", level=level), "p", say.plain("p-holm"),
                        say.plain("significant")], rows))

    def length(self) -> str:
        say = self.words
        shown = self.run.batches[:MAX_LINES]
        samples = {self.label(b): [float(r.rounds) for r in b.results] for b in shown}
        rows = [[_esc(self.label(b)), self.mean(s.means["rounds"]),
                 str(min(r.rounds for r in b.results)), str(max(r.rounds for r in b.results)),
                 _esc(", ".join(f"{self.said.id(k)} {self.count(v)}"
                                for k, v in s.reasons.items()))]
                for b, s in zip(self.run.batches, self.summaries, strict=True) if b.results]
        more = (f"<p class='note'>{say('first-variants', count=MAX_LINES)}</p>"
                if len(self.run.batches) > MAX_LINES else "")
        return (f"<h2>{say('length')}</h2>"
                + _table([say.plain(k) for k in ("variant", "mean-rounds", "min", "max",
                                                  "end-reasons")], rows) + more
                + _img(plots.histogram(samples, say.plain("rounds-per-game"),
                                       say.plain("rounds"), say), say.plain("length")))

    def metrics(self) -> str:
        say = self.words
        names = ["decisions", *metric_names([r for b in self.run.batches for r in b.results],
                                            self.run.declared)]
        rows = [[_esc(self.label(b)),
                 *[self.mean(s.means[n]) if n in s.means else "" for n in names]]
                for b, s in zip(self.run.batches, self.summaries, strict=True)]
        return (f"<h2>{say('metrics')}</h2><p>{say('means')}</p>" +
                _table([say.plain("variant"), say.plain("decisions"),
                        *map(self.said.metric, names[1:])], rows))

    def culprits(self) -> str:
        from rulekeeper.lab.culprits import from_batches, mean_text, measured, step_text

        say = self.words
        head = f"<h2>{say('culprits')}</h2>"
        ranking = _ranking(self.run.ruleset)
        standings, found = from_batches(self.run.batches, self.run.extra, ranking)
        if not standings:
            return head + f"<p class='note'>{say('no-measures')}</p>"
        measures = measured(standings)
        rows = [[str(rank), _esc(self.named(s.entity)), _esc(self.said.side(s.side)),
                 self.count(s.games),
                 *(_nowrap(say.number(mean_text(m, s.means.get(m)))) for m in measures),
                 _nowrap(say.number(mean_text(Measure.SURVIVED, s.win)))]
                for rank, s in enumerate(standings, 1)]
        first = (say.plain("measured-first", label=self.label(self.run.batches[0]))
                 if len(self.run.batches) > 1 else "")
        each = (say("each-entity-by", measure=say.word(ranking.text), first=first)
                if ranking is not None else say("each-entity", first=first))
        parts = [head, f"<p>{each}</p>",
                 _table(["#", say.plain("entity"), say.plain("side"), say.plain("games"),
                         *(say.word(m.text) for m in measures),
                         say.plain("sides-win")], rows)]
        if found:
            games = self.run.extra.get("ablation_games", "")
            rows = [[_esc(f"{self.named(a.knob.entity)} ({self.said.side(a.knob.side)})"),
                     _esc(self.said.id(a.knob.stat)),
                     step_text(a.knob, a.knob.down), _nowrap(self.change(a.down)),
                     step_text(a.knob, a.knob.up), _nowrap(self.change(a.up))]
                    for a in found]
            parts += [f"<p>{say('ablation', games=str(games), changes=2 * len(found))}</p>",
                      _table([say.plain(k) for k in ("entity", "main-stat", "step-down",
                                                     "win-change", "step-up", "win-change")],
                             rows)]
        elif self.run.kind != "culprits":
            parts.append(f"<p class='note'>{say('no-ablation')}</p>")
        if self.run.extra.get("note"):
            parts.append(f"<p class='note'>{_esc(self.run.extra['note'])}</p>")
        return "".join(parts)

    def impact(self) -> str:
        say = self.words
        # A culprits file's other batches change the content: only the batch as given counts.
        batches = self.run.batches[:1] if self.run.kind == "culprits" else self.run.batches
        results = [r for b in batches for r in b.results]
        found, everywhere = impacts(results, self.side)
        head = f"<h2>{say('impact')}</h2>"
        named = ", ".join(map(self.flag, everywhere[:12])) + (
            ", ..." if len(everywhere) > 12 else "")
        constant = (f"<p class='note'>{say('constant', count=len(everywhere), named=named)}</p>"
                    if everywhere else "")
        if not found:
            return head + f"<p class='note'>{say('no-impact')}</p>" + constant
        pooled = say.plain("pooled") if len(batches) > 1 else ""
        rows = [[_esc(self.flag(i.key)), self.count(i.with_.n), self.rate(i.with_),
                 self.rate(i.without),
                 say.number(f"{i.difference:+.1%}"), say.number(_ratio(i.odds)),
                 say.number(_p(i.p)),
                 f"<span class='yes'>{say('yes')}</span>" if i.p < ALPHA else say("no")]
                for i in found]
        top = found[:MAX_IMPACT_BARS]
        side = self.said.side(self.side)
        return (head + f"<p>{say('impact-says', side=side, pooled=pooled)}</p>"
                + constant
                + _img(plots.ratios([self.flag(i.key) for i in top], [i.odds for i in top],
                                    say.plain("odds-title", side=side),
                                    say.plain("odds-axis")), say.plain("impact"))
                + _table([say.plain(k) for k in ("entity", "games-with", "win-with",
                                                  "win-without", "difference", "odds-ratio",
                                                  "p", "below-alpha")], rows))

    def rulings(self) -> str:
        say = self.words
        head = f"<h2>{say('rulings')}</h2>"
        if sweeps_rulings(self.run):
            first = self.run.batches[0]
            batches = [first, *(b for b in self.run.batches[1:] if _only_rulings_differ(first, b))]
            what = say.plain("file-rulings")
        elif self.ruling_batches:
            batches = self.ruling_batches
            what = say.plain("report-sweep", games=self.count(len(batches[0].results)))
        else:
            return head + f"<p class='note'>{say('not-measured')}</p>"
        batches = [replace(b, label=self.label(b)) for b in batches]
        comparisons = compare(batches, self.side, [(0, j) for j in range(1, len(batches))])
        summaries = [Summary.of(b.results, self.side) for b in batches]
        rows = [[_esc(say.word(b.label)), self.rate(s.outcomes["win"]),
                 self.rate(s.outcomes["tie"]), self.mean(s.means["rounds"]),
                 consulted_in(batches[0], b, say)]
                for b, s in zip(batches, summaries, strict=True)]
        against = say.word(batches[0].label)
        return (head + f"<p>{say('each-option', label=against, what=what)}</p>"
                + _table([say.plain(k) for k in ("variant", "win", "tie", "mean-rounds",
                                                  "consulted")], rows)
                + self.comparisons_table(comparisons, say.plain("against-label", label=against))
                + _img(plots.differences([c.second for c in comparisons],
                                         [c.difference for c in comparisons],
                                         say.plain("ruling-effect"),
                                         say.plain("ruling-axis", side=self.said.side(self.side)),
                                         say),
                       say.plain("rulings")))
