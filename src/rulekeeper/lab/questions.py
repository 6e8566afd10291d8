"""The lab's questions as data, answered the same way by the command line and the server.

A designer asks one of seven questions: who wins (``simulate``), what if (``sweep``), who
beats whom (``matchup``), which value (``tune``), what changed (``compare``), who is too
strong (``culprits``) and which rules never fire (``dead-rules``). Each is a pydantic model
holding the parameters the command takes (games, seed, agents, options, rulings, content
changes as ``set`` paths or an ``overlay``); :meth:`Question.prepare` checks it before any
game and gives a :class:`Run`, which plays its batches into a :class:`Recorder` and gives
the answer as the command's ``--json`` prints it. The commands build these models from their
flags, and the server's lab jobs from a request's JSON, so the same question gives the same
numbers either way.
"""

from __future__ import annotations

import math
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, TypeVar, get_args

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from rulekeeper.core import registry
from rulekeeper.core.content import Origin, overlay
from rulekeeper.core.entities import parse as parse_entity
from rulekeeper.core.errors import RulekeeperError, UsageError
from rulekeeper.core.rng import derive_seed
from rulekeeper.core.rulings import did_you_mean, resolve
from rulekeeper.lab.batch import BatchSpec, GameResult
from rulekeeper.lab.culprits import (
    ABLATION_GAMES,
    AS_GIVEN,
    MOST_ENTITIES,
    Ablation,
    EntityTally,
    Knob,
    Standing,
    ablations,
    answer,
    both_ends,
    knobs,
    no_main_stat,
)
from rulekeeper.lab.dead_rules import MOST_GAMES as DEAD_RULES_GAMES
from rulekeeper.lab.dead_rules import Citations
from rulekeeper.lab.dead_rules import answer as dead_rules_answer
from rulekeeper.lab.run import Plan, UntilNarrow, check
from rulekeeper.lab.summary import Summary, Tally, outcome

MOST_GAMES = 100_000_000
"""The most games of one batch: results stream to their file, and a sweep keeps one byte
per game and variant for its paired tests."""
UNTIL_CI_GAMES = 100_000
"""The games ``simulate --until-ci`` plays at most by default."""
MOST_VARIANTS = 10_000
"""The most variants of a sweep (the product of its axes' values)."""

Progress = Callable[[int], None]


# -- what a batch plays ------------------------------------------------------------------


def sides_of(spec: BatchSpec) -> list[str]:
    """The names a winner can take (seats, or sides such as heroes and enemies); the first
    is the side counted by default."""
    ruleset = registry.load(spec.ruleset)
    return list(ruleset.sides(ruleset.parse_options(spec.options)))


def pick_side(side: str | None, sides: Sequence[str], where: str = "") -> str:
    """The side counted: the one given, if a winner can take that name, else the first."""
    if side is None:
        return sides[0]
    if side not in sides:
        raise UsageError(f"--side {side!r}: {where or 'no winner'} can be {side!r}"
                         f"{did_you_mean(side, sides)}; sides: {', '.join(sides)}")
    return side


def check_engine(ruleset: str, engine: str | None) -> str | None:
    """``--engine``: one of the ruleset's engines, or a one-line error."""
    if engine is None:
        return None
    engines = registry.load(ruleset).engines
    if engine not in engines:
        raise UsageError(f"--engine {engine!r}: " + (
            f"engines of {ruleset}: {', '.join(engines)}" if engines
            else f"{ruleset} has one engine"))
    return engine


def overlay_sets(ruleset_id: str, layer: Mapping[str, Any]) -> dict[str, Any]:
    """The ``set`` paths that lay ``layer`` (content data by file, as a content folder holds
    it) over the sample content: mappings merge key by key and lists of items with ``id``
    by item (:func:`rulekeeper.core.content.overlay`), any other value replaces the
    sample's. An overlay is data: it never names a file of the machine.

    >>> overlay_sets("cryptids", {"cryptids": {"cryptids": {"bigfoot": {"hp": 20}}}})
    {'cryptids.cryptids.bigfoot.hp': 20}
    """
    content_set = registry.load(ruleset_id).content_set
    sample, _ = content_set.raw()
    out: dict[str, Any] = {}
    for name, data in layer.items():
        if name.removesuffix(".yaml") not in content_set.files:
            raise UsageError(f"overlay: {name!r} is not a content file of {ruleset_id}"
                             f"{did_you_mean(name, content_set.files)}; its files: "
                             f"{', '.join(content_set.files)}")
        _flatten(sample.get(name.removesuffix(".yaml")), data,
                 name.removesuffix(".yaml"), out)
    return out


def _flatten(base: Any, over: Any, path: str, out: dict[str, Any]) -> None:
    if isinstance(over, dict) and isinstance(base, dict):
        for key, value in over.items():
            _flatten(base.get(key), value, f"{path}.{key}", out)
    elif isinstance(over, dict) and _has_ids(base):
        known = {str(item["id"]): item for item in base}
        if all(key in known for key in map(str, over)):  # changes to items, by id
            for key, value in over.items():
                _flatten(known[str(key)], value, f"{path}.{key}", out)
        else:
            out[path] = over
    elif _has_ids(base) and isinstance(over, list):
        nowhere = Origin("overlay", None)
        out[path] = overlay((base, nowhere), (over, nowhere))[0]
    else:
        out[path] = over


def _has_ids(items: Any) -> bool:
    return isinstance(items, list) and bool(items) and all(
        isinstance(item, dict) and "id" in item for item in items)


def bounded(planned: int, most: int | None,
            fewer: str = "fewer games, values or contenders") -> int:
    """``planned`` games, refused above ``most`` (a server's cap on one job) before any
    costly preparation; the refusal says what to ask ``fewer`` of."""
    if most is not None and planned > most:
        raise UsageError(f"this question would play up to {planned:,} games; at most "
                         f"{most:,} ({fewer})")
    return planned


class Recorder:
    """A run's batches as their games finish: a tally of each, and (with a writer) the
    results file they stream to. Nothing grows with the games but the paired wins (one
    byte a game, when asked)."""

    def __init__(self, writer: Any, side: str, declared: Sequence[str],
                 paired: bool = False) -> None:
        self.writer = writer
        self.side = side
        self.declared = list(declared)
        self.paired = paired
        self.labels: list[str] = []
        self.tallies: list[Tally] = []
        self.batches: list[Any] = []

    @property
    def games(self) -> int:
        return sum(t.games for t in self.tallies)

    def play(self, label: str, params: dict[str, Any], spec: BatchSpec, games: int, seed: int,
             plan: Plan, progress: Progress | None = None, until: UntilNarrow | None = None,
             also: Callable[[list[GameResult]], None] | None = None, first: int = 0) -> Tally:
        """Play games ``first..games-1`` of one batch, its results going to its tally, the
        file and ``also``; a batch played before under the same label goes on (``first`` is
        then the number of games it has)."""
        from rulekeeper.lab.run import play_batch

        if label in self.labels:
            index = self.labels.index(label)
            tally, batch = self.tallies[index], self.batches[index]
        else:
            tally = Tally(self.side, self.declared, self.paired)
            batch = None
            if self.writer is not None:
                from rulekeeper.lab.batch import content_digest
                from rulekeeper.lab.store import Batch

                batch = Batch(label, params, spec, seed, digest=content_digest(spec))
            self.labels.append(label)
            self.tallies.append(tally)
            self.batches.append(batch)
        assert first == tally.games, f"batch {label!r} has {tally.games} games, not {first}"
        writer = self.writer

        def sink(results: list[GameResult]) -> None:
            tally.add(results)
            if writer is not None and batch is not None:
                writer.add(batch, results)
            if also is not None:
                also(results)

        play_batch(spec, games, seed, plan, sink, progress=progress, until=until, first=first)
        return tally

    def wins(self) -> list[Any]:
        from rulekeeper.lab.sweep import Wins

        return [Wins(label, range(t.games), t.wins or b"") for label, t in
                zip(self.labels, self.tallies, strict=True)]


class Run(ABC):
    """A question checked and ready to play: its side, seats, declared metrics, the games it
    plans, and what its results file records besides the games."""

    kind: str
    side: str
    seats: list[str]
    declared: list[str]
    planned: int
    extra: dict[str, Any]
    paired: bool = False

    @property
    def keeps_games(self) -> bool:
        """Whether its games go to a results file (and a report): not a count of rules."""
        return self.kind not in GAMELESS

    def played(self, recorder: Recorder) -> int:
        """The games it has played so far."""
        return recorder.games

    @abstractmethod
    def play(self, recorder: Recorder, plan: Plan, progress: Progress | None = None) -> None:
        """Play every batch of the question."""

    @abstractmethod
    def to_json(self, recorder: Recorder) -> dict[str, Any]:
        """The answer, as the command's ``--json`` prints it."""


# -- the questions, as data ----------------------------------------------------------------

Name = Annotated[str, Field(min_length=1, max_length=200)]


class Ask(BaseModel):
    """What every question takes: the batch's setup and content changes."""

    model_config = ConfigDict(extra="forbid")

    ruleset: str = Field(max_length=64, description="a ruleset id, e.g. cryptids")
    games: StrictInt = Field(100, ge=1, le=MOST_GAMES, description="games per batch")
    seed: int = Field(0, description="the batch seed (any integer; a long one may be "
                                     "written as text)")
    agents: list[Annotated[str, Field(max_length=200)]] = Field(
        default_factory=list, max_length=16,
        description="agents by seat (the ruleset's default bot when empty)")
    scenario: str | None = Field(None, max_length=64)
    side: str | None = Field(None, max_length=64, description="the side whose wins count")
    options: dict[Name, Any] = Field(default_factory=dict, description="the ruleset's options")
    rulings: dict[Name, Name] = Field(default_factory=dict, description="ruling id to option")
    set: dict[Name, Any] = Field(default_factory=dict,
                                 description="content values by path (as --set path=value)")
    overlay: dict[Name, Any] = Field(
        default_factory=dict, description="content laid over the sample, by file name, as "
                                          "a content folder's files would be (by item id)")
    content: str | None = Field(None, description="a content folder (the command line's "
                                                  "--content; refused by the server)")
    engine: str | None = Field(None, max_length=32, description="the engine that plays the "
                               "games, for a ruleset with several (default: its first)")

    @field_validator("seed", mode="before")
    @classmethod
    def _no_boolean_seed(cls, seed: Any) -> Any:
        if isinstance(seed, bool):
            raise ValueError("a seed is a whole number, not true or false")
        return seed

    def spec(self) -> BatchSpec:
        """The batch's spec: the overlay's values, then the ``set`` values."""
        ruleset = registry.resolve_id(self.ruleset)
        sets = {**overlay_sets(ruleset, self.overlay), **self.set} if self.overlay else \
            dict(self.set)
        return BatchSpec(ruleset, tuple(self.agents), self.scenario, dict(self.options),
                         dict(self.rulings), self.content, sets,
                         check_engine(ruleset, self.engine))


class Vary(BaseModel):
    """One thing a sweep or a tuning varies: a content path, an option or a ruling, with its
    values (``"*"``: every option of a ruling) or, for ``tune``, a range ``LOW..HIGH``."""

    model_config = ConfigDict(extra="forbid")

    set: str | None = Field(None, max_length=200, description="a content path")
    option: str | None = Field(None, max_length=64)
    ruling: str | None = Field(None, max_length=64)
    values: list[Any] | Literal["*"] | None = Field(None, max_length=1000)
    range: str | None = Field(None, max_length=64, description="LOW..HIGH or LOW..HIGH:STEP")

    @model_validator(mode="after")
    def _one_each(self) -> Vary:
        if sum(x is not None for x in (self.set, self.option, self.ruling)) != 1:
            raise ValueError("give one of set, option or ruling")
        if (self.values is None) == (self.range is None):
            raise ValueError("give values or a range")
        if self.values == "*" and self.ruling is None:
            raise ValueError("values '*' (every option) is for a ruling")
        if self.values is not None and self.values != "*" and not self.values:
            raise ValueError("values: give at least one")
        return self

    @property
    def key(self) -> str:
        """The axis key: a content path, ``option:name`` or ``ruling:id``."""
        if self.set is not None:
            return self.set
        if self.option is not None:
            return f"option:{self.option.replace('-', '_')}"
        return f"ruling:{self.ruling}"

    def axis(self, ruleset_id: str, ranges: bool = False) -> Any:
        """The lab's :class:`~rulekeeper.lab.sweep.Axis` of these values."""
        from rulekeeper.lab.sweep import Axis
        from rulekeeper.lab.tune import values_of

        where = f"{'--set' if self.set else '--option' if self.option else '--ruling'} " \
                f"{self.set or self.option or self.ruling}"
        if self.range is not None:
            if not ranges:
                raise UsageError(f"{where}: a sweep takes values, not a range")
            found = values_of(self.range, where)
            if found is None:
                raise UsageError(f"{where}: {self.range!r} is not a range LOW..HIGH")
            return Axis(self.key, found)  # type: ignore[arg-type]
        if self.ruling is not None:
            declared = {r.id: r for r in registry.load(ruleset_id).rulings}
            if self.ruling not in declared:
                resolve(declared.values(), {self.ruling: "?"})  # names the known rulings
            values = declared[self.ruling].options if self.values == "*" else \
                tuple(str(v) for v in self.values or ())
            for value in values:
                resolve(declared.values(), {self.ruling: value})
            return Axis(self.key, tuple(values))
        return Axis(self.key, tuple(self.values or ()))


def varies(sets: Sequence[str] = (), options: Sequence[str] = (), rulings: Sequence[str] = (),
           ranges: bool = False) -> list[Vary]:
    """The :class:`Vary` of the command line's ``--set path=v1,v2``, ``--option name=a,b``
    and ``--ruling id=a,b|*`` (with ``ranges``, ``path=LOW..HIGH`` too)."""
    from rulekeeper.core.content import parse_value
    from rulekeeper.core.rulings import parse_assignments
    from rulekeeper.lab.sweep import ALL, split_values
    from rulekeeper.lab.tune import values_of

    out = []
    for flag, given in (("set", sets), ("option", options)):
        for key, text in parse_assignments(given, f"--{flag}").items():
            if ranges and values_of(text, f"--{flag} {key}") is not None:
                out.append(Vary.model_validate({flag: key, "range": text}))
            else:
                out.append(Vary.model_validate(
                    {flag: key, "values": [parse_value(v) for v in split_values(text)]}))
    for key, text in parse_assignments(rulings, "--ruling").items():
        out.append(Vary.model_validate(
            {"ruling": key, "values": ALL if text == ALL else split_values(text)}))
    return out


class SimulateQuestion(Ask):
    """Who wins? A batch of bot games: win, tie and loss with intervals, means."""

    kind: Literal["simulate"] = "simulate"
    until_ci: float | None = Field(None, description="stop once the win, tie and loss "
                                                     "intervals are all within ± this")
    games: StrictInt | None = Field(None, ge=1, le=MOST_GAMES,  # type: ignore[assignment]
                              description="games (with until_ci: the most; default 100, or "
                                          "100000 with until_ci)")

    def prepare(self, most: int | None = None) -> SimulateRun:
        bounded(self.games or (UNTIL_CI_GAMES if self.until_ci else 100), most)
        spec = check(self.spec())
        seats = sides_of(spec)
        side = pick_side(self.side, seats)
        if self.until_ci is not None:
            UntilNarrow(side, self.until_ci)  # checks it
        total = self.games or (UNTIL_CI_GAMES if self.until_ci else 100)
        return SimulateRun(spec, total, self.seed, side, seats,
                           list(registry.load(spec.ruleset).metrics), self.until_ci)


class SweepQuestion(Ask):
    """What if? One batch per variant, on the same seeds, with paired tests."""

    kind: Literal["sweep"] = "sweep"
    games: StrictInt = Field(200, ge=1, le=MOST_GAMES)
    vary: list[Vary] = Field(min_length=1, max_length=16)

    def prepare(self, most: int | None = None) -> SweepRun:
        from rulekeeper.lab.sweep import variants

        base = self.spec()
        axes = [v.axis(base.ruleset) for v in self.vary]
        count = math.prod(len(a.values) for a in axes)
        if count > MOST_VARIANTS:
            raise UsageError(f"{count:,} variants (every combination of the values given); "
                             f"at most {MOST_VARIANTS:,}")
        bounded(self.games * count, most)
        found = variants(base, axes)
        found = [type(v)(v.label, v.params, check(v.spec)) for v in found]
        seats = sides_of(found[0].spec)
        side = pick_side(self.side, seats)
        varying = [a for a in axes if len(a.values) > 1]
        return SweepRun(found, varying, self.games, self.seed, side, seats,
                        list(registry.load(base.ruleset).metrics))


class MatchupQuestion(Ask):
    """Who beats whom? Every contender against every contender."""

    kind: Literal["matchup"] = "matchup"
    contenders: list[Annotated[str, Field(max_length=200)]] = Field(max_length=64)
    row: list[Annotated[str, Field(max_length=64)]] | None = Field(
        None, description="options that seat the row contender (default: by seat name)")
    col: list[Annotated[str, Field(max_length=64)]] | None = None
    cell_seeds: StrictBool = Field(False, description="each cell plays its own seeds")

    def prepare(self, most: int | None = None) -> MatchupRun:
        from rulekeeper.lab.matchup import Matchup, side_fields

        bounded(self.games * len(self.contenders) ** 2, most)
        spec = self.spec()
        if (self.row is None) != (self.col is None):
            raise UsageError("give both --row and --col, or neither")
        rows, cols = (list(self.row), list(self.col)) if self.row and self.col else \
            side_fields(spec.ruleset, spec.options)
        found = Matchup(tuple(rows), tuple(cols), tuple(self.contenders))
        variants = found.variants(spec)
        n = len(found.contenders)
        checked = {}
        for index in [*range(n), *range(0, n * n, n)]:  # every contender, before any game
            try:
                checked[index] = check(variants[index].spec)
            except UsageError as error:
                raise found.blamed(index, error, lambda: fine(spec)) from None
        seats = sides_of(variants[0].spec)
        return MatchupRun(found, variants, rows, cols, self.games, self.seed, self.cell_seeds,
                          seats[0], seats, list(registry.load(spec.ruleset).metrics))


class TuneQuestion(Ask):
    """Which value? The value that brings the side's win rate to a target, on paired seeds."""

    kind: Literal["tune"] = "tune"
    vary: list[Vary] = Field(min_length=1, max_length=16)
    target: float = Field(0.5, description="the side's win rate sought")
    tolerance: float = Field(0.03, description="done when the answer's interval is within "
                                               "target ± this")
    max_games: StrictInt = Field(3200, ge=1, le=MOST_GAMES, description="the most games of a value")

    def prepare(self, most: int | None = None) -> TuneRun:
        from rulekeeper.lab.sweep import apply
        from rulekeeper.lab.tune import Dial, Search

        base = self.spec()
        axes = [v.axis(base.ruleset, ranges=True) for v in self.vary]
        dial = Dial(tuple(a for a in axes if len(a.values) > 1),
                    {a.key: a.values[0] for a in axes if len(a.values) == 1})
        search = Search(len(dial), self.target, self.tolerance, self.games, self.max_games)
        bounded(TuneRun.most(search, dial), most, "a narrower range, or fewer games at most "
                f"for a value: max_games is {self.max_games:,}")
        for position in sorted({0, len(dial) - 1}):  # both ends, before any game
            check(apply(base, dial.params(position)))
        seats = sides_of(apply(base, dial.params(0)))
        side = pick_side(self.side, seats)
        return TuneRun(base, dial, search, self.seed, side, seats,
                       list(registry.load(base.ruleset).metrics))


class Change(BaseModel):
    """One side of a comparison: content values, an overlay, rulings, a content folder."""

    model_config = ConfigDict(extra="forbid")

    set: dict[Name, Any] = Field(default_factory=dict)
    overlay: dict[Name, Any] = Field(default_factory=dict)
    rulings: dict[Name, Name] = Field(default_factory=dict)
    content: str | None = Field(None, description="a content folder (command line only)")

    def applied(self, spec: BatchSpec) -> BatchSpec:
        from dataclasses import replace

        sets = {**spec.content_set, **overlay_sets(spec.ruleset, self.overlay), **self.set}
        return replace(spec, content_set=sets, rulings={**spec.rulings, **self.rulings},
                       content=self.content if self.content is not None else spec.content)

    def describe(self) -> str:
        parts = [f"{k}={v}" for k, v in {**self.set, **{f"ruling {k}": v for k, v in
                                                          self.rulings.items()}}.items()]
        if self.overlay:
            parts.append(f"an overlay of {', '.join(self.overlay)}")
        if self.content:
            parts.append(f"content {self.content}")
        return "; ".join(parts) or "as given"


class CompareQuestion(Ask):
    """What changed? The old and the new content (or rulings) on the same seeds: which
    matchups moved, paired and adjusted for the number of matchups."""

    kind: Literal["compare"] = "compare"
    old: Change = Field(default_factory=lambda: Change(content=None), description="the old "
                        "version's changes to the setup (none: the setup as given)")
    new: Change = Field(default_factory=lambda: Change(content=None),
                        description="the new version's")
    contenders: list[Annotated[str, Field(max_length=200)]] = Field(
        default_factory=list, max_length=64,
        description="contenders of a matchup matrix (none: the batch as set up)")
    row: list[Annotated[str, Field(max_length=64)]] | None = None
    col: list[Annotated[str, Field(max_length=64)]] | None = None
    threshold: float = Field(0.05, ge=0, le=1, description="a matchup moved when its paired "
                             "change is significant and at least this large")

    def prepare(self, most: int | None = None) -> CompareRun:
        from rulekeeper.lab.matchup import Matchup, side_fields
        from rulekeeper.lab.sweep import Variant

        bounded(2 * self.games * max(1, len(self.contenders)) ** 2, most)
        base = self.spec()
        found = None
        if self.contenders:
            if (self.row is None) != (self.col is None):
                raise UsageError("give both --row and --col, or neither")
            rows, cols = (list(self.row), list(self.col)) if self.row and self.col else \
                side_fields(base.ruleset, base.options)
            found = Matchup(tuple(rows), tuple(cols), tuple(self.contenders))
            cells = found.variants(base)
        else:
            cells = [Variant("", {}, base)]
        n = max(1, len(self.contenders))
        first = {*range(n), *range(0, n * n, n)}  # every contender once, before any game
        pairs = []
        for index, cell in enumerate(cells):
            old, new = self.old.applied(cell.spec), self.new.applied(cell.spec)
            if index not in first:
                pairs.append((cell, old, new))
                continue
            try:
                pairs.append((cell, check(old), check(new)))
            except UsageError as error:
                if found is None:
                    raise
                raise found.blamed(index, error, lambda: fine(self.old.applied(base))
                                   and fine(self.new.applied(base))) from None
        if self.old == self.new:  # (a job too: it played the same games twice)
            raise UsageError("old and new are the same: change the new version (its content "
                             "values, rulings or content)")
        seats = sides_of(pairs[0][1])
        side = pick_side(self.side, seats)
        return CompareRun(pairs, self.games, self.seed, side, seats,
                          list(registry.load(base.ruleset).metrics), self.threshold,
                          self.old.describe(), self.new.describe())


class CulpritsQuestion(Ask):
    """Who is too strong? Each fighter's, hero's or cryptid's measures ranked with intervals,
    and the win-rate change of one step down and up on each one's main stat (paired)."""

    kind: Literal["culprits"] = "culprits"
    games: StrictInt = Field(200, ge=1, le=MOST_GAMES)
    ablation_games: StrictInt = Field(ABLATION_GAMES, ge=0, le=MOST_GAMES,
                                description="games of each ablation batch, the batch's "
                                            "first (at most games; 0: no ablation)")
    entities: StrictInt = Field(MOST_ENTITIES, ge=0, le=1000,
                          description="entities ablated at most: the strongest and the "
                                      "weakest, in turn")

    def prepare(self, most: int | None = None) -> CulpritsRun:
        from rulekeeper.lab.batch import play_one

        spec = check(self.spec())
        declared = registry.load(spec.ruleset).entities
        if not declared.measures:
            raise UsageError(f"{spec.ruleset} measures no fighter, hero or cryptid (its "
                             f"ruleset declares no entities): ask simulate instead")
        seats = sides_of(spec)
        side = pick_side(self.side, seats)
        ablation = min(self.ablation_games, self.games)
        note = None if declared.main_stats else no_main_stat(spec.ruleset)
        candidates: list[tuple[str, str]] = []
        if ablation and declared.main_stats and self.entities:
            first = play_one(spec, self.seed, 0)  # the entities of the batch's first game
            fielded = dict.fromkeys(found[:2] for found in map(parse_entity, first.metrics)
                                    if found is not None)
            candidates = [(k.side, k.entity) for k in knobs(spec, fielded, len(fielded))]
        steps = 2 * min(self.entities, len(candidates)) * ablation
        bounded(self.games + steps, most)
        return CulpritsRun(spec, self.games, self.seed, side, seats,
                           list(registry.load(spec.ruleset).metrics), ablation,
                           self.entities, candidates, note)


class DeadRulesQuestion(Ask):
    """Which rules never fire? Each rule of the index with the games of the batch whose
    events cite it: never, rare (in fewer than ``rare`` of the games), fires, or
    descriptive."""

    kind: Literal["dead-rules"] = "dead-rules"
    games: StrictInt = Field(100, ge=1, le=DEAD_RULES_GAMES,
                             description="games played, each with its log")
    rare: float = Field(0.01, ge=0, le=1, description="a rule fired in fewer than this "
                                                      "share of the games is rare")

    def prepare(self, most: int | None = None) -> DeadRulesRun:
        spec = check(self.spec())
        seats = sides_of(spec)
        side = pick_side(self.side, seats)
        bounded(self.games, most, "fewer games")
        return DeadRulesRun(spec, self.games, self.seed, self.rare, side, seats, [],
                            Citations(spec, self.seed))


Question = Annotated[SimulateQuestion | SweepQuestion | MatchupQuestion | TuneQuestion
                     | CompareQuestion | CulpritsQuestion | DeadRulesQuestion,
                     Field(discriminator="kind")]
"""Any question, told apart by its ``kind``."""
QUESTIONS: TypeAdapter[Any] = TypeAdapter(Question)
KINDS: tuple[str, ...] = tuple(question.model_fields["kind"].default
                               for question in get_args(get_args(Question)[0]))
"""The questions' kinds, as a lab job names them (``simulate``, ``sweep``...)."""
GAMELESS: frozenset[str] = frozenset({"dead-rules"})
"""The kinds whose answer is all they keep: no results file, no report."""


# -- the runs --------------------------------------------------------------------------


@dataclass
class SimulateRun(Run):
    spec: BatchSpec
    games: int
    seed: int
    side: str
    seats: list[str]
    declared: list[str]
    until_ci: float | None = None
    kind: str = "simulate"
    extra: dict[str, Any] = field(default_factory=dict)
    started: float = field(default_factory=time.perf_counter)
    also: Callable[[list[GameResult]], None] | None = None

    @property
    def planned(self) -> int:  # type: ignore[override]
        return self.games

    @property
    def until(self) -> UntilNarrow | None:
        return UntilNarrow(self.side, self.until_ci) if self.until_ci is not None else None

    def play(self, recorder: Recorder, plan: Plan, progress: Progress | None = None) -> None:
        self.started = time.perf_counter()
        recorder.play("", {}, self.spec, self.games, self.seed, plan, progress, self.until,
                      self.also)

    def summary(self, recorder: Recorder) -> Summary:
        return recorder.tallies[0].summary()

    def to_json(self, recorder: Recorder, games: Sequence[GameResult] = ()) -> dict[str, Any]:
        """``{"games": [...], "summary": {...}}``: the games given (the command prints them
        as they finish; a job reads them back from its results file)."""
        seconds = round(time.perf_counter() - self.started, 3)
        return {"games": [game_json(g) for g in games],
                "summary": self.summary(recorder).to_json() | {"seconds": seconds}}


def game_json(result: GameResult) -> dict[str, Any]:
    """One game as ``simulate --json`` prints it."""
    return result._asdict() | {"metrics": dict(result.metrics), "consulted": (
        None if result.consulted is None else sorted(result.consulted))}


@dataclass
class SweepRun(Run):
    variants: list[Any]
    axes: list[Any]
    games: int
    seed: int
    side: str
    seats: list[str]
    declared: list[str]
    kind: str = "sweep"
    paired: bool = True

    @property
    def planned(self) -> int:  # type: ignore[override]
        return self.games * len(self.variants)

    @property
    def extra(self) -> dict[str, Any]:  # type: ignore[override]
        return {"axes": [a.to_json() for a in self.axes]}

    def play(self, recorder: Recorder, plan: Plan, progress: Progress | None = None) -> None:
        for variant in self.variants:
            recorder.play(variant.label, variant.params, variant.spec, self.games, self.seed,
                          plan, progress)

    def comparisons(self, recorder: Recorder) -> tuple[list[Any], list[Any]]:
        """The paired comparisons against the first variant, and of every pair."""
        from rulekeeper.lab.sweep import compare

        wins = recorder.wins()
        return (compare(wins, self.side, [(0, j) for j in range(1, len(wins))]),
                compare(wins, self.side))

    def to_json(self, recorder: Recorder) -> dict[str, Any]:
        first, pairs = self.comparisons(recorder)
        summaries = [t.summary() for t in recorder.tallies]
        return {"side": self.side, "variants": [
            {"label": v.label, "params": v.params, "summary": s.to_json()}
            for v, s in zip(self.variants, summaries, strict=True)],
            "against_first": [c.to_json() for c in first],
            "pairs": [c.to_json() for c in pairs]}


@dataclass
class MatchupRun(Run):
    matchup: Any
    variants: list[Any]
    rows: list[str]
    cols: list[str]
    games: int
    seed: int
    cell_seeds: bool
    side: str
    seats: list[str]
    declared: list[str]
    kind: str = "matchup"

    @property
    def planned(self) -> int:  # type: ignore[override]
        return self.games * len(self.variants)

    @property
    def extra(self) -> dict[str, Any]:  # type: ignore[override]
        return {"contenders": list(self.matchup.contenders), "row": self.rows,
                "col": self.cols}

    def play(self, recorder: Recorder, plan: Plan, progress: Progress | None = None) -> None:
        for index, variant in enumerate(self.variants):
            recorder.play(variant.label, variant.params, variant.spec, self.games,
                          derive_seed(self.seed, index) if self.cell_seeds else self.seed,
                          plan, progress)

    def matrix(self, recorder: Recorder) -> list[list[Any]]:
        return self.matchup.matrix([t.summary().outcomes["win"] for t in recorder.tallies])

    def to_json(self, recorder: Recorder) -> dict[str, Any]:
        return {"side": self.side, "contenders": list(self.matchup.contenders),
                "row": self.rows, "col": self.cols,
                "win": [[e.to_json() for e in r] for r in self.matrix(recorder)]}


@dataclass
class TuneRun(Run):
    base: BatchSpec
    dial: Any
    search: Any
    seed: int
    side: str
    seats: list[str]
    declared: list[str]
    kind: str = "tune"
    answer: Any = None

    @property
    def planned(self) -> int:  # type: ignore[override]
        return self.most(self.search, self.dial)

    @staticmethod
    def most(search: Any, dial: Any) -> int:
        """The most games a search can play (every value it may look at, to the end)."""
        return int(search.schedule[-1] * (2 + math.ceil(math.log2(max(2, len(dial))))))

    @property
    def extra(self) -> dict[str, Any]:  # type: ignore[override]
        axes = [{"key": a.key, "first": a.values[0], "last": a.values[-1],
                 "count": len(a.values)} for a in self.dial.axes]
        return {"dial": axes, "fixed": self.dial.fixed, "target": self.search.target,
                "tolerance": self.search.tolerance}

    def play(self, recorder: Recorder, plan: Plan, progress: Progress | None = None) -> None:
        from rulekeeper.lab.sweep import apply

        dial, side = self.dial, self.side

        def play(position: int, first: int, stop: int) -> list[bool]:
            params = dial.params(position)
            won: list[bool] = []
            recorder.play(dial.label(position), params, apply(self.base, params), stop,
                          self.seed, plan, progress,
                          also=lambda rs: won.extend(outcome(r.winner, side) == "win"
                                                     for r in rs), first=first)
            return won

        self.answer = self.search.run(play)
        if recorder.writer is not None:  # the answer goes in the file's metadata too
            kept = recorder.writer.meta["extra"]
            kept["answer"] = self.found()

    def found(self) -> dict[str, Any]:
        answer = self.answer
        return {"position": answer.position, "params": self.dial.params(answer.position),
                "status": answer.status, "win": answer.estimate.to_json(),
                "level": self.search.level, "bracket": answer.bracket}

    def to_json(self, recorder: Recorder) -> dict[str, Any]:
        search = self.search
        return {"side": self.side, "target": search.target, "tolerance": search.tolerance,
                "level": search.level, "games": recorder.games,
                "path": [look.to_json() | {"params": self.dial.params(look.position)}
                         for look in search.path], "answer": self.found()}


@dataclass
class CompareRun(Run):
    pairs: list[tuple[Any, BatchSpec, BatchSpec]]
    games: int
    seed: int
    side: str
    seats: list[str]
    declared: list[str]
    threshold: float
    old: str
    new: str
    kind: str = "compare"
    paired: bool = True

    @property
    def planned(self) -> int:  # type: ignore[override]
        return 2 * self.games * len(self.pairs)

    @property
    def extra(self) -> dict[str, Any]:  # type: ignore[override]
        return {"cells": [cell.label for cell, _, _ in self.pairs], "old": self.old,
                "new": self.new, "threshold": self.threshold}

    def play(self, recorder: Recorder, plan: Plan, progress: Progress | None = None) -> None:
        for cell, old, new in self.pairs:
            for which, spec in (("old", old), ("new", new)):
                label = f"{which}: {cell.label}" if cell.label else which
                recorder.play(label, {"compare": which, **cell.params}, spec, self.games,
                              self.seed, plan, progress)

    def cells(self, recorder: Recorder) -> list[Any]:
        """Each matchup's :class:`~rulekeeper.lab.compare.Cell`, old against new."""
        from rulekeeper.lab.compare import moved_cells

        summaries = [t.summary().outcomes["win"] for t in recorder.tallies]
        return moved_cells([cell.label for cell, _, _ in self.pairs], recorder.wins(),
                           summaries, self.side, self.threshold)

    def to_json(self, recorder: Recorder) -> dict[str, Any]:
        cells = self.cells(recorder)
        return {"side": self.side, "old": self.old, "new": self.new,
                "threshold": self.threshold, "games": self.games,
                "cells": [c.to_json() for c in cells],
                "moved": [c.label for c in cells if c.moved]}


@dataclass
class CulpritsRun(Run):
    spec: BatchSpec
    games: int
    seed: int
    side: str
    seats: list[str]
    declared: list[str]
    ablation_games: int
    most: int
    candidates: list[tuple[str, str]]
    note: str | None
    kind: str = "culprits"
    extra: dict[str, Any] = field(default_factory=dict)
    found: list[Knob] = field(default_factory=list)
    tally: EntityTally = field(default_factory=EntityTally)
    winners: dict[tuple[str, int], list[str | None]] = field(default_factory=dict)
    base: list[str | None] = field(default_factory=list)

    @property
    def planned(self) -> int:  # type: ignore[override]
        return self.games + 2 * min(self.most, len(self.candidates)) * self.ablation_games

    def play(self, recorder: Recorder, plan: Plan, progress: Progress | None = None) -> None:
        from rulekeeper.lab.sweep import apply

        def base(results: list[GameResult]) -> None:
            self.tally.add(results)
            self.base.extend(r.winner for r in results)

        recorder.play(AS_GIVEN, {}, self.spec, self.games, self.seed, plan, progress,
                      also=base)
        candidates = set(self.candidates)
        ranked = [(s.side, s.entity) for s in self.standings() if (s.side, s.entity) in
                  candidates]
        self.found = knobs(self.spec, both_ends(ranked)[:self.most], self.most)
        order = {who: index for index, who in enumerate(ranked)}
        self.found.sort(key=lambda k: order[k.side, k.entity])
        for knob in self.found:
            for value in (knob.down, knob.up):
                if value is None or (knob.path, value) in self.winners:
                    continue
                played: list[str | None] = []
                self.winners[knob.path, value] = played
                params = {knob.path: value}
                recorder.play(knob.label(value), params, apply(self.spec, params),
                              self.ablation_games, self.seed, plan, progress,
                              also=winners_into(played))
        if recorder.writer is not None:  # what the report needs to name the ablation
            recorder.writer.meta["extra"].update(
                knobs=[k.to_json() for k in self.found], note=self.note,
                ablation_games=self.ablation_games)

    def standings(self) -> list[Standing]:
        return self.tally.standings(registry.load(self.spec.ruleset).entities.ranking)

    def culprits(self) -> tuple[list[Standing], list[Ablation]]:
        """The entities, strongest first, and their ablation."""
        return self.standings(), ablations(self.found, self.base, self.winners)

    def to_json(self, recorder: Recorder) -> dict[str, Any]:
        standings, found = self.culprits()
        rank_by = registry.load(self.spec.ruleset).entities.ranking
        return {"summary": recorder.tallies[0].summary().to_json(),
                "culprits": answer(self.side, rank_by, standings, found, self.note,
                                   self.ablation_games)}


@dataclass
class DeadRulesRun(Run):
    spec: BatchSpec
    games: int
    seed: int
    rare: float
    side: str
    seats: list[str]
    declared: list[str]
    citations: Citations
    kind: str = "dead-rules"
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def planned(self) -> int:  # type: ignore[override]
        return self.games

    def played(self, recorder: Recorder) -> int:
        return self.citations.games

    def count(self, progress: Progress | None = None) -> None:
        """Play the batch with its logs on, counting the rules each game cites (one game
        after another: a log is kept whole while its game plays)."""
        self.citations.play(self.games, progress)

    def play(self, recorder: Recorder, plan: Plan, progress: Progress | None = None) -> None:
        self.count(progress)

    def answer(self) -> dict[str, Any]:
        """The rules over the games played, as ``dead-rules --json`` prints them."""
        return dead_rules_answer(self.spec.ruleset, self.citations.games, self.rare,
                                 self.citations.fired())

    def to_json(self, recorder: Recorder) -> dict[str, Any]:
        return self.answer()


def fine(spec: BatchSpec) -> bool:
    """Whether ``spec`` passes :func:`~rulekeeper.lab.run.check` (a setup without
    contenders, to tell a contender's refusal from the question's)."""
    try:
        check(spec)
    except RulekeeperError:
        return False
    return True


def winners_into(played: list[str | None]) -> Callable[[list[GameResult]], None]:
    """A sink that keeps each game's winner."""
    return lambda results: played.extend(r.winner for r in results)


Q = TypeVar("Q", bound=BaseModel)


def build(kind: type[Q], **fields: Any) -> Q:
    """A question from the command line's flags; a value of the wrong shape is one line."""
    try:
        return kind(**fields)
    except ValidationError as error:
        raise UsageError(_first(error)) from None


def parse_question(data: Any) -> SimulateQuestion | SweepQuestion | MatchupQuestion | \
        TuneQuestion | CompareQuestion | CulpritsQuestion | DeadRulesQuestion:
    """Any question from its JSON (a lab job's), told apart by its ``kind``; a value of the
    wrong shape is one line."""
    try:
        return QUESTIONS.validate_python(data)
    except ValidationError as error:
        raise UsageError(_first(error)) from None


def _first(error: ValidationError) -> str:
    first = error.errors()[0]
    if first["type"] in ("union_tag_invalid", "union_tag_not_found"):  # the kind, in our words
        kind = (first.get("ctx") or {}).get("tag")
        said = "missing" if kind is None else \
            f"{kind!r} is not a lab question{did_you_mean(str(kind), KINDS)}"
        return f"kind: {said}; kinds: {', '.join(KINDS)}"
    where = ".".join(str(p) for p in first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message
